"""A search given up *inside* the structural engine's stage (issue 19.4): on a partial word
(``def s``, ``"i``) that stage alone took 0.3-0.5 s on sympy, and a newer keystroke waited for it.
The stage asks its search's checkpoint between its rounds (:func:`~maguyva_tui.core.types.check_stage`);
an answer that completes is the same as without it."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from dataclasses import replace

import pytest

from maguyva_tui.core.engine import Engine, SearchCancelled
from maguyva_tui.core.types import Query, SearchResult, check_stage, checked_by
from tests.conftest import FIXTURE
from tests.fakes import FakeProvider

QUESTIONS = ["s", "pa", "parse_config", "Config", "cfg", "how does config load"]


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    """An engine opened on a stored index: its structural engine is the mapped one (the one a
    repository's explorer runs), whose pages are made in rounds."""
    root = tmp_path_factory.mktemp("stage") / "polyglot"
    shutil.copytree(FIXTURE, root, symlinks=True)
    index = tmp_path_factory.mktemp("stage-index")
    first = Engine(root, index, provider=FakeProvider())
    first.refresh()
    first.close()
    e = Engine(root, index, provider=FakeProvider())
    yield e
    e.close()


class _Stop(Exception):
    pass


def _same(result: SearchResult) -> SearchResult:
    return replace(result, elapsed_ms=0.0, timings_ms=())


def test_check_stage_calls_the_checkpoint_set_in_this_thread_only() -> None:
    asked: list[str] = []
    check_stage()  # none set: nothing
    with checked_by(lambda: asked.append(threading.current_thread().name)):
        check_stage()
        other = threading.Thread(target=check_stage, name="other")
        other.start()
        other.join()
    check_stage()
    assert asked == [threading.current_thread().name]


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_structural_stage_asks_the_checkpoint_and_answers_the_same(engine: Engine, question: str) -> None:
    structural = engine.parts().generation.retriever("structural")
    assert type(structural).__name__ == "MappedStructural"
    query = Query(question, target=question.split()[-1])
    asked: list[int] = []
    with checked_by(lambda: asked.append(1)):
        with_checks = structural.search(query, 50)
    assert asked, "the stage never asked its checkpoint"
    assert with_checks == structural.search(query, 50)


@pytest.mark.parametrize("question", QUESTIONS)
def test_a_checkpoint_raising_inside_the_structural_stage_ends_it(engine: Engine, question: str) -> None:
    structural = engine.parts().generation.retriever("structural")

    def stop() -> None:
        raise _Stop

    with pytest.raises(_Stop), checked_by(stop):
        structural.search(Query(question, target=question.split()[-1]), 50)


@pytest.mark.parametrize("question", ["def pars", "class Conf", "how does the config get loaded"])
def test_a_search_given_up_inside_an_engine_raises_search_cancelled(
    engine: Engine, question: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Saying yes from the first ask inside the structural stage (in the search's thread, or the
    pool's when the engines are blended) gives the search up there, before the stage's list is
    made: ``SearchCancelled``, never an answer that says the engine failed."""
    parts = engine.parts()
    structural = parts.generation.retriever("structural")
    inside = threading.local()
    finished: list[str] = []

    class Noted:
        def search(self, query: Query, limit: int) -> object:
            inside.on = True
            try:
                hits = structural.search(query, limit)
            finally:
                inside.on = False
            finished.append(query.text)
            return hits

    retriever = parts.generation.retriever
    monkeypatch.setattr(parts.generation, "retriever",
                        lambda name: Noted() if name == "structural" else retriever(name))

    def cancelled() -> bool:
        return getattr(inside, "on", False)  # yes once asked from inside the structural stage

    with pytest.raises(SearchCancelled):
        engine.search(question, limit=20, parts=parts, cancelled=cancelled)
    assert finished == [], "the structural stage ran to its end"
    monkeypatch.undo()
    never = engine.search(question, limit=20, cancelled=lambda: False)
    assert not any("failed" in notice for notice in never.notices)
    assert _same(never) == _same(engine.search(question, limit=20))


def test_only_the_checkpoints_own_exception_gives_the_search_up(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine failing on its own, with a checkpoint that says no, is still one engine's failure
    (the others answer, and the answer says so)."""
    parts = engine.parts()
    retriever = parts.generation.retriever

    class Broken:
        def search(self, query: Query, limit: int) -> list[object]:
            raise RuntimeError("broken")

    monkeypatch.setattr(parts.generation, "retriever",
                        lambda name: Broken() if name == "structural" else retriever(name))
    result = engine.search("how does the config get loaded", parts=parts, cancelled=lambda: False)
    assert any("the structural engine failed: broken" in notice for notice in result.notices)


@pytest.mark.parametrize("pattern", [".*", "def \\w+"])
def test_a_regex_scan_asks_the_checkpoint_between_files_and_answers_the_same(engine: Engine, pattern: str) -> None:
    """``.*`` in regex mode read every line of Django's 5,396 files (40 s on a loaded machine) and
    the question typed next waited for it, under the error of the one before (helper-189): the
    text engine's scan asks the checkpoint between its files, as the structural stage does."""
    text = engine.parts().generation.retriever("text")
    asked: list[int] = []
    with checked_by(lambda: asked.append(1)):
        with_checks = text.regex_lines(pattern)
    assert len(asked) > 1 and with_checks == text.regex_lines(pattern)

    def stop() -> None:
        raise _Stop

    with pytest.raises(_Stop), checked_by(stop):
        text.regex_lines(pattern)
