""""What breaks if I change X" says the calls naming X that the graph could not tie, as "who calls
X" does: sqlparse's ``token_next_by`` listed the 6 methods the graph ties and said nothing of the
41 calls on parameters of unknown type (``tlist.token_next_by(...)``) all over its filters."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine

LIB = '''class TokenList:
    def token_next_by(self, i=None):
        return i

    def get_parameters(self):
        return self.token_next_by(1)


def group(tlist):
    return tlist.token_next_by(2)


def settled():
    return TokenList().get_parameters()
'''


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("impact_untied")
    (root / "pkg").mkdir()
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "sql.py").write_text(LIB)
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    return e


def test_the_impact_question_says_the_calls_it_could_not_follow(engine: Engine) -> None:
    answer = engine.search("what breaks if I change token_next_by").to_json()
    assert answer["intent"] == "impact_analysis"
    assert [r["symbol"] for r in answer["results"]][:2] == ["TokenList.get_parameters", "settled"]
    said = [n for n in answer["notices"] if "could not tie" in n]
    assert len(said) == 1 and said[0].startswith("1 more call names token_next_by")
    assert "so the code making it is not listed, though it may depend on token_next_by: first pkg/sql.py:10" in said[0]


def test_graph_impact_says_it_and_a_fully_tied_name_says_nothing(engine: Engine) -> None:
    from maguyva_tui.graph_command import graph_answer

    said = graph_answer(engine, "impact", "token_next_by", None, 10)["notes"]
    assert len(said) == 1 and "first pkg/sql.py:10" in said[0]
    assert graph_answer(engine, "impact", "get_parameters", None, 10)["notes"] == []
    assert graph_answer(engine, "callees", "group", None, 10)["notes"] == [  # an empty list says only that
        "the graph ties no call in group to a definition of the repository"]


def test_mcp_impact_says_it_too(engine: Engine) -> None:
    """An agent asking MCP's impact tool is told what the dependents leave out, as the search and
    the graph command tell a person (it had listed the dependents alone)."""
    from maguyva_tui.mcp.answers import impact_answer

    said = impact_answer(engine, "token_next_by", 3, 10)["notes"]
    assert len(said) == 1 and "first pkg/sql.py:10" in said[0]
    assert "notes" not in impact_answer(engine, "get_parameters", 3, 10)
