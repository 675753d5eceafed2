"""The classes built on a type: "subclasses of Scaffold", "what implements Visitor".

Before, such a question was read as a references question and answered by the target's call sites:
a class that nothing instantiates had none ("the graph engine alone found nothing"), and the page
was code resembling the question's words. Now the graph's bases are read from base to subtype,
children before grandchildren, and each answer says what it extends or implements.
"""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import asks_subtypes, classify
from tests.core.small_repo import indexed


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, {
        "pkg/base.py": "class Scaffold:\n    def route(self, rule):\n        return rule\n",
        "pkg/middle.py": "from pkg.base import Scaffold\n\n\nclass App(Scaffold):\n    pass\n\n\nclass Blueprint(Scaffold):\n"
                         "    def route(self, rule):\n        return rule + '/'\n",
        "pkg/top.py": "from pkg.middle import App\n\n\nclass Flask(App):\n    def route(self, rule):\n        return rule\n",
        "pkg/use.py": "from pkg.top import Flask\nfrom pkg.base import Scaffold\n\n\ndef make():\n    Scaffold()\n"
                      "    return Flask()\n",
        "src/lib.rs": "pub trait Visitor {\n    fn visit(&self);\n}\n\npub struct Printer;\n\n"
                      "impl Visitor for Printer {\n    fn visit(&self) {}\n}\n\npub struct Lonely;\n",
    })


@pytest.mark.parametrize("question", ["subclasses of Scaffold", "which classes extend Scaffold",
                                      "classes that inherit from Scaffold", "what inherits from Scaffold"])
def test_the_subclasses_of_a_class_are_listed_children_first(engine: Engine, question: str) -> None:
    result = engine.search(question)
    assert result.intent == "find_references" and result.target == "Scaffold"
    names = [r.symbol for r in result.results]
    assert set(names[:2]) == {"App", "Blueprint"} and names[2] == "Flask" and len(names) == 3
    data = result.to_json()["results"]
    assert [d["modalities"]["graph"]["reason"] for d in data] == ["extends Scaffold", "extends Scaffold",
                                                                 "extends Scaffold (depth 2)"]


def test_a_trait_lists_the_types_that_implement_it(engine: Engine) -> None:
    data = engine.search("implementations of Visitor").to_json()
    assert [(d["symbol"], d["modalities"]["graph"]["reason"]) for d in data["results"]] == [
        ("Printer", "implements Visitor")]


@pytest.mark.parametrize("question", ["who overrides route", "overrides of Scaffold.route",
                                      "which methods override Scaffold.route"])
def test_the_methods_overriding_a_method_are_listed_nearest_first(engine: Engine, question: str) -> None:
    data = engine.search(question).to_json()
    assert [(d["symbol"], d["modalities"]["graph"]["reason"]) for d in data["results"]] == [
        ("Blueprint.route", "overrides Scaffold.route"), ("Flask.route", "overrides Scaffold.route (depth 2)")]


def test_who_calls_a_class_still_lists_its_call_sites(engine: Engine) -> None:
    result = engine.search("who calls Scaffold")
    assert [(r.path, r.start_line) for r in result.results] == [("pkg/use.py", 6)]


def test_a_class_nothing_extends_says_the_graph_found_nothing(engine: Engine) -> None:
    result = engine.search("subclasses of Flask")
    assert "nothing in the graph extends or implements Flask; blending the engines instead" in result.notices


def test_a_limit_cuts_the_list_in_its_order(engine: Engine) -> None:
    whole = [r.symbol for r in engine.search("subclasses of Scaffold").results]
    assert [r.symbol for r in engine.search("subclasses of Scaffold", limit=2).results] == whole[:2]


@pytest.mark.parametrize(("question", "target", "subtypes"), [
    ("subclasses of Scaffold", "Scaffold", True),
    ("what implements Visitor", "Visitor", True),
    ("types that implement Visitor", "Visitor", True),
    ("classes that inherit from App", "App", True),
    ("who calls parse_config", "parse_config", False),
    ("usages of Config", "Config", False),
])
def test_the_question_reads_as_a_references_question_about_the_type(question: str, target: str,
                                                                    subtypes: bool) -> None:
    intent = classify(question)
    assert (intent.name, intent.target, asks_subtypes(question)) == ("find_references", target, subtypes)


@pytest.mark.parametrize("question", ["code that uses a cache", "the class that extends the base",
                                      "code that implements RFC 2822 parsing",
                                      "code that extends Python lists with a deque of items"])
def test_prose_without_a_type_name_stays_a_question_about_meaning(question: str) -> None:
    assert classify(question).name == "understand_code"
