"""A "who calls X" or "what breaks if I change X" list cut at the explorer's 50 says the command
that counts and lists the whole list, as ``maguyva search`` does (``--repo`` where the explorer's
folder is not the current one's); it had said "narrow the query", which a list of callers does
not allow. Other cut lists say as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.app.session import Request, ask
from maguyva_tui.core.engine import Engine
from tests.core.small_repo import indexed, many_callers

CALLERS = 30
FILES = many_callers(CALLERS)


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, FILES)


def _cut(engine: Engine, question: str) -> str:
    answer = ask(engine, Request(question), limit=5)
    assert answer.more
    return answer.notices[-1]


def test_who_calls_names_graph_callers_with_the_repository(engine: Engine, monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)  # the explorer opened on a folder elsewhere: the command says which
    assert _cut(engine, "who calls target") == (
        f"showing the first 5; more match: `maguyva graph callers target --repo {engine.root}` says how many")


def test_impact_names_graph_impact_from_inside(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(engine.root)  # `maguyva graph` from here answers from this index
    assert _cut(engine, "what breaks if I change target") == (
        "showing the first 5; more match: `maguyva graph impact target` says how many")


def test_what_it_calls_says_as_before(engine: Engine) -> None:
    assert _cut(engine, "what does busy call") == "showing the first 5; more match: narrow the query"
