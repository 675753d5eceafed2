"""A workspace question does each piece of work once, not once per repository (issue 21's first target).

Every shard's text engine plans the question's literal (its trigrams) and stems its words for BM25;
those are functions of the question alone, so the shards of one process share them: the plan and
the stems are frozen values, remembered for the last questions asked.
"""

from __future__ import annotations

import pickle
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future
from dataclasses import replace

import pytest

from maguyva_tui.core import bm25
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.trigram import plan
from maguyva_tui.core.types import Hit
from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard
from maguyva_tui.core.workspace.coordinator import _with_path, qualify
from maguyva_tui.core.workspace.shard import Found, _new_found
from tests.core.workspace_shards import shards_of

SENTENCE = "extract the settings from the text into a dictionary"
QUESTIONS = (SENTENCE, "parse_config", "who calls parse_config", '"ECONNREFUSED"', "ConfigLoader", "how does the config loader read files")


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Shard]]:
    yield from shards_of(tmp_path_factory.mktemp("shared"))


def test_a_sentence_is_planned_and_stemmed_once_for_every_shard(shards: list[Shard],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    plan._kept_plan.cache_clear()
    bm25._kept_stems.cache_clear()
    planned: list[str] = []
    stemmed: list[str] = []
    string_query, code_words = plan.string_query, bm25.code_words
    monkeypatch.setattr(plan, "string_query", lambda text: planned.append(text) or string_query(text))
    monkeypatch.setattr(bm25, "code_words", lambda text: stemmed.append(text) or code_words(text))
    # the trigrams asked on every shard (the token index proves most shards hold no sentence whole)
    monkeypatch.setattr(TextRetriever, "_inner_held", lambda self, matcher: None)
    coordinator = Coordinator(shards)
    try:
        first = coordinator.search(SearchRequest(SENTENCE)).to_json()
        assert first["results"]
        assert planned.count(SENTENCE) == 1
        assert stemmed.count(SENTENCE) == 1
        again = coordinator.search(SearchRequest(SENTENCE)).to_json()  # the same list, nothing planned again
        assert [(r["repo"], r["path"], r["start_line"], r["score"]) for r in again["results"]] == [
            (r["repo"], r["path"], r["start_line"], r["score"]) for r in first["results"]]
        assert planned.count(SENTENCE) == 1 and stemmed.count(SENTENCE) == 1
    finally:
        coordinator.close(shards=False)


@pytest.mark.parametrize("text", ["ECONNREFUSED", SENTENCE, "x" * (plan.PLAN_KEPT_CHARS + 1), "ab", ""],
                         ids=["word", "sentence", "long", "short", "empty"])
def test_a_remembered_plan_is_the_plan(text: str) -> None:
    assert plan.literal_plan(text) == plan.string_query(text)
    assert plan.literal_plan(text) == plan.literal_plan(text)


@pytest.mark.parametrize("text", [SENTENCE, "parse_config reads ConfigLoader", "word " * bm25.QUESTION_KEPT_CHARS],
                         ids=["sentence", "names", "long"])
def test_remembered_stems_are_the_stems(text: str) -> None:
    dropped = frozenset({"text", "the"})
    expected = bm25._question_stems(text, dropped)
    assert bm25.question_stems(text, dropped) == expected
    assert bm25.question_stems(text, dropped) == expected  # remembered (or, too long, worked out again)


def test_shards_in_this_process_are_sent_nothing_to_fetch_ahead(shards: list[Shard],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A shard in this process reads lines as they are asked for: the coordinator neither builds
    the page's wants nor calls it to fetch them (a call through the pool per shard and step)."""
    called: list[str] = []
    monkeypatch.setattr(Shard, "prefetch", lambda self, token, wants: called.append(self.label))
    coordinator = Coordinator(shards)
    try:
        for text in (SENTENCE, "parse_config", "who calls parse_config"):
            assert coordinator.search(SearchRequest(text)).result.results
        assert not called
    finally:
        coordinator.close(shards=False)


@pytest.mark.parametrize("hit", [Hit("app/config.py", 3, 9, 1.5, "parse", "function", "python", "whole", 2),
                                 Hit("x", 1, 1, 0.0)])
def test_a_hit_moved_to_a_qualified_path_is_the_hit_replaced(hit: Hit) -> None:
    moved = _with_path(hit, qualify("repo", hit.path))
    expected = replace(hit, path=qualify("repo", hit.path))
    assert type(moved) is Hit and moved == expected and hash(moved) == hash(expected)


def test_a_found_made_fast_is_the_found_made_by_its_constructor() -> None:
    hit = Hit("app/config.py", 3, 9, 1.5, "parse", "function", "python", "whole", 2)
    made = _new_found(hit, ("app/config.py", 1, 20), 0.25)
    expected = Found(hit, ("app/config.py", 1, 20), 0.25)
    assert type(made) is Found and made == expected and hash(made) == hash(expected)
    assert pickle.loads(pickle.dumps(made)) == expected  # it travels to and from worker processes and actors


def test_shards_in_this_process_search_on_their_own_engines_threads(shards: list[Shard],
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Every shard's search is started on its own engine's pool, then waited for in the engine's
    thread: no thread of the coordinator's per shard waiting for it (each a hand-off and a GIL
    contender), the same answer."""
    coordinator = Coordinator(shards)
    try:
        expected = [coordinator.search(SearchRequest(text)).to_json()["results"] for text in QUESTIONS]
        waited: list[str] = []
        monkeypatch.setattr(Shard, "search", lambda self, *args, **options: waited.append(self.label))
        assert [coordinator.search(SearchRequest(text)).to_json()["results"] for text in QUESTIONS] == expected
        assert not waited
    finally:
        coordinator.close(shards=False)


def test_a_slow_shard_is_left_out_at_the_deadline_and_the_others_answer(shards: list[Shard],
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The searches of the shards of this process run side by side within one deadline: a shard
    whose engine outlasts it is left out (the answer says so) and the question does not wait for it."""
    release = threading.Event()
    slow = shards[0].label
    original = Shard.start

    def start(self: Shard, token: int, name: str, *args: object, **options: object) -> object:
        run = original(self, token, name, *args, **options)  # type: ignore[arg-type]
        if self.label != slow:
            return run
        stuck: Future[list[Hit]] = self.engine.parts().pool.submit(release.wait, 30)
        return replace(run, future=stuck)

    monkeypatch.setattr(Shard, "start", start)
    coordinator = Coordinator(shards, deadline_s=0.5)
    try:
        started = time.perf_counter()
        answer = coordinator.search(SearchRequest("parse_config")).to_json()
        took = time.perf_counter() - started
    finally:
        release.set()
        coordinator.close(shards=False)
    assert took < 5.0
    assert answer["capped"] is True
    assert [why for why in answer["capped_because"] if "deadline" in why] and all(
        why.startswith(f"{slow}:") for why in answer["capped_because"])
    assert answer["results"] and slow not in {r["repo"] for r in answer["results"]}
