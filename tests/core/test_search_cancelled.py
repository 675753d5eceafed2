"""A search its caller gives up between stages (``Engine.search``'s ``cancelled``, issue 19.4): the
explorer drops a search a newer keystroke made stale; an answer that completes is the same."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import replace

import pytest

from maguyva_tui.core.engine import Engine, SearchCancelled
from maguyva_tui.core.types import SearchResult
from tests.conftest import FIXTURE
from tests.fakes import FakeProvider


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("cancel") / "polyglot"
    shutil.copytree(FIXTURE, root, symlinks=True)
    e = Engine(root, tmp_path_factory.mktemp("cancel-index"), provider=FakeProvider())
    e.refresh()
    yield e
    e.close()


def _same(result: SearchResult) -> SearchResult:
    """The answer without what a clock measured."""
    return replace(result, elapsed_ms=0.0, timings_ms=())


QUESTIONS = ["parse_config", "how does the config get loaded", '"ECONNREFUSED"', "who calls parse_config"]


@pytest.mark.parametrize("question", QUESTIONS)
def test_a_search_never_cancelled_answers_as_without_the_hook(engine: Engine, question: str) -> None:
    asked: list[int] = []

    def cancelled() -> bool:
        asked.append(1)
        return False

    with_hook = engine.search(question, limit=20, cancelled=cancelled)
    assert asked, "the hook was never asked"
    assert _same(with_hook) == _same(engine.search(question, limit=20))


@pytest.mark.parametrize("stage", [0, 1, 2])
def test_a_search_cancelled_at_any_stage_makes_no_answer(engine: Engine, stage: int) -> None:
    """Asked after the classification, after each engine's list and after the fusion: saying yes at
    any of them ends the search there."""
    asked: list[int] = []

    def cancelled() -> bool:
        asked.append(1)
        return len(asked) > stage

    with pytest.raises(SearchCancelled):
        engine.search("how does the config get loaded", limit=20, cancelled=cancelled)
    assert len(asked) == stage + 1  # nothing asked after it said yes


def test_a_cancelled_search_runs_no_engine(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    parts = engine.parts()
    ran: list[str] = []
    retriever = parts.generation.retriever
    monkeypatch.setattr(parts.generation, "retriever", lambda name: ran.append(name) or retriever(name))
    with pytest.raises(SearchCancelled):
        engine.search("parse_config", parts=parts, cancelled=lambda: True)
    assert ran == []
