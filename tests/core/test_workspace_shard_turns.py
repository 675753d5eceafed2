"""A workspace in this process runs at most ``SHARD_TASKS_AT_ONCE`` shard searches at once (the
others wait their turn: threads handing the interpreter to each other cost more than the
searches), and a search waits no longer than ``SHARD_TURN_WAIT_S`` for its turn: shards stuck in
theirs hold the others back that long at most, and the deadline leaves out only them."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard
from maguyva_tui.core.workspace import shard as shard_module
from tests.conftest import FIXTURE
from tests.core.workspace_shards import shards_of

SENTENCE = "extract the settings from the text into a dictionary"


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Shard]]:
    yield from shards_of(tmp_path_factory.mktemp("turns"), [(name, FIXTURE) for name in ("one", "two", "three", "four")])


class _Count:
    """How many searches run at once, at most."""

    def __init__(self) -> None:
        self.now = self.most = 0
        self.lock = threading.Lock()

    def around(self, work: Any) -> Any:
        def counted(*args: Any) -> Any:
            with self.lock:
                self.now += 1
                self.most = max(self.most, self.now)
            try:
                time.sleep(0.05)  # long enough for every shard's thread to have started
                return work(*args)
            finally:
                with self.lock:
                    self.now -= 1
        return counted


def test_at_most_so_many_shard_tasks_run_at_once(shards: list[Shard], monkeypatch: pytest.MonkeyPatch) -> None:
    count = _Count()
    monkeypatch.setattr(shard_module, "SHARD_TURN_WAIT_S", 30.0)  # every task waits for its turn
    monkeypatch.setattr(Shard, "_run_each", count.around(Shard._run_each))
    coordinator = Coordinator(shards)
    try:
        answer = coordinator.search(SearchRequest(SENTENCE)).to_json()
    finally:
        coordinator.close(shards=False)
    assert len(answer["modalities_run"]) > 1 and answer["results"] and not answer["capped"]
    assert count.most == shard_module.SHARD_TASKS_AT_ONCE < len(shards)


def test_at_most_so_many_searches_of_one_engine_run_at_once(shards: list[Shard], monkeypatch: pytest.MonkeyPatch) -> None:
    count = _Count()
    monkeypatch.setattr(shard_module, "SHARD_TURN_WAIT_S", 30.0)
    for shard in shards:
        structural = shard.engine.generation.structural
        monkeypatch.setattr(structural, "search", count.around(structural.search))
    coordinator = Coordinator(shards)
    try:
        answer = coordinator.search(SearchRequest("parse_config")).to_json()
    finally:
        coordinator.close(shards=False)
    assert answer["modalities_run"] == ["structural"] and answer["results"]
    assert count.most == shard_module.SHARD_TASKS_AT_ONCE


@pytest.mark.slow
def test_shards_stuck_in_their_turns_hold_the_others_back_only_so_long(shards: list[Shard],
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    stuck = {shard.label for shard in shards[: shard_module.SHARD_TASKS_AT_ONCE]}
    inside: list[str] = []
    every_turn_taken = threading.Event()
    run_all, run_each = Shard._run_all, Shard._run_each

    def after_the_stuck(self: Shard, *args: Any) -> Any:
        if self.label not in stuck:
            every_turn_taken.wait(30)  # the others ask for a turn once none is left
        return run_all(self, *args)

    def held(self: Shard, *args: Any) -> Any:
        if self.label in stuck:
            inside.append(self.label)
            if len(inside) == len(stuck):
                every_turn_taken.set()
            release.wait(30)
        return run_each(self, *args)

    monkeypatch.setattr(Shard, "_run_all", after_the_stuck)
    monkeypatch.setattr(Shard, "_run_each", held)
    coordinator = Coordinator(shards, deadline_s=2.0)
    try:
        answer = coordinator.search(SearchRequest(SENTENCE)).to_json()
    finally:
        release.set()
        coordinator.close(shards=False)
    assert every_turn_taken.is_set() and answer["capped"] is True
    assert {why.split(":")[0] for why in answer["capped_because"]} == stuck  # the others ran without a turn
    answered = {r["repo"] for r in answer["results"]}
    assert answered and not answered & stuck


def test_a_question_superseded_by_newer_ones_is_told_so_without_an_internal_term() -> None:
    # it had said "the question's index generation is no longer held", a word of the index's format
    from maguyva_tui.core.types import QueryError

    with pytest.raises(QueryError) as told:
        Shard("lib", engine=None)._parts(1)  # type: ignore[arg-type]
    assert str(told.value) == f"lib: {shard_module.HELD_GENERATIONS} newer questions came since this one was asked; ask it again"
