"""A chosen intent (``--intent``) about a lone word the index defines follows that symbol.

`maguyva search Container --intent find_references` on tomlkit answered '"Container" names no
symbol to follow through the graph': a lone word that may be English (``Container``, ``parse``)
leaves the classifier without a target, the index confirms it as a symbol only when no intent
is chosen, and an override kept the empty target.
"""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.test_failed_lookup import FirstWordProvider


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("repo")
    (root / "container.py").write_text("class Container:\n    def append(self, item):\n        return item\n")
    (root / "api.py").write_text(
        "from container import Container\n\n\ndef table():\n    return Container()\n\n\n"
        "def document():\n    doc = Container()\n    return doc\n"
    )
    e = Engine(root, tmp_path_factory.mktemp("index"), provider=FirstWordProvider(), static=False)
    e.refresh()
    e.embed_pending()
    return e


@pytest.mark.parametrize("question", ["Container", "what does Container do"])
def test_references_chosen_for_a_lone_symbol_list_its_call_sites(engine: Engine, question: str) -> None:
    answer = engine.search(question, intent="find_references", limit=10)
    assert answer.target == "Container" and answer.rule == "override"
    assert not [n for n in answer.notices if "names no symbol" in n], answer.notices
    assert {(r.path, r.symbol) for r in answer.results} >= {("api.py", "table"), ("api.py", "document")}


def test_impact_chosen_for_a_lone_symbol_follows_it(engine: Engine) -> None:
    answer = engine.search("Container", intent="impact_analysis", limit=10, depth=1)
    assert answer.target == "Container"
    assert {r.symbol for r in answer.results} >= {"table", "document"}


def test_a_chosen_intent_on_words_that_name_no_symbol_still_says_so(engine: Engine) -> None:
    answer = engine.search("tables are built how", intent="find_references", limit=10)
    assert answer.target is None and any("names no symbol" in n for n in answer.notices)
