"""What a function calls, asked in words: "what does main call", "callees of main".

Before, "what does main call" was a question about meaning (main itself came first, then code
resembling the words), and "what is called by main" was read the wrong way round: main's callers.
Now the graph lists the definitions the function calls, in the order of its first call to each.
"""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import asks_callees, classify
from tests.core.small_repo import indexed


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, {
        "pkg/tools.py": "def helper():\n    return 1\n\n\ndef other():\n    return 2\n\n\ndef leaf(items):\n"
                        "    return len(items)\n",
        "pkg/main.py": "from pkg.tools import helper, other\n\n\ndef main():\n    x = other()\n    y = helper()\n"
                       "    return other() + x + y\n\n\nclass Runner:\n    def run(self):\n        return helper()\n",
    })


@pytest.mark.parametrize("question", ["what does main call", "callees of main", "functions called by main",
                                      "what is called by main"])
def test_what_a_function_calls_is_listed_in_the_order_of_its_first_call(engine: Engine, question: str) -> None:
    result = engine.search(question)
    assert result.intent == "find_references" and result.target == "main"
    assert [(r.symbol, r.path) for r in result.results] == [("other", "pkg/tools.py"), ("helper", "pkg/tools.py")]
    reasons = [r["modalities"]["graph"]["reason"] for r in result.to_json()["results"]]
    assert reasons == ["called by main (line 5, 7)", "called by main (line 6)"]


def test_who_calls_still_lists_the_callers(engine: Engine) -> None:
    result = engine.search("who calls helper")
    assert sorted((r.path, r.start_line) for r in result.results) == [("pkg/main.py", 6), ("pkg/main.py", 12)]


@pytest.mark.parametrize(("question", "said"), [
    ("who calls leaf", "nothing in the graph calls leaf"),
    ("what breaks if I change leaf", "nothing in the graph depends on leaf"),
])
def test_a_function_nothing_calls_says_so_in_the_question_s_terms(engine: Engine, question: str, said: str) -> None:
    """It had said "the graph engine alone found nothing", as if leaf were a name the graph did not know."""
    assert f"{said}; blending the engines instead" in engine.search(question).notices


def test_a_function_calling_nothing_of_the_repository_says_the_graph_found_nothing(engine: Engine) -> None:
    result = engine.search("what does leaf call")
    assert "the graph ties no call in leaf to a definition of the repository; blending the engines instead" in result.notices


@pytest.mark.parametrize(("question", "callees"), [
    ("what does dispatch_request call", True),
    ("callees of dispatch_request", True),
    ("which functions are called from main", True),
    ("who calls dispatch_request", False),
    ("where is parse_config called from", False),
    ("what calls parse_config", False),
])
def test_the_direction_is_read_from_the_words(question: str, callees: bool) -> None:
    intent = classify(question)
    assert intent.name == "find_references" and asks_callees(question) == callees
    assert intent.target in ("dispatch_request", "main", "parse_config")
