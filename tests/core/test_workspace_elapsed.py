"""A workspace answer's time is the whole question's: with --workers or on Ray the shards list
their hits while the question begins (asked ahead), and the answer had said only the fusion's own
time after that ("1 result from 3 repositories in 0.7 ms" where one process said 15-23 ms)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard
from tests.core.workspace_shards import shards_of

SLOW_S = 0.05
"""How long each far shard takes to begin a question (its lists asked ahead)."""


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Shard]]:
    yield from shards_of(tmp_path_factory.mktemp("elapsed"))


@pytest.mark.parametrize("far", [True, False])
def test_the_answer_counts_the_time_the_shards_took_to_begin(shards: list[Shard], monkeypatch: pytest.MonkeyPatch,
                                                             far: bool) -> None:
    begin = Shard.begin

    def slow(self: Shard, *args: object) -> object:
        time.sleep(SLOW_S)
        return begin(self, *args)

    monkeypatch.setattr(Shard, "far", far)  # far: each shard's lists asked ahead, in its begin
    monkeypatch.setattr(Shard, "opened", False)
    monkeypatch.setattr(Shard, "begin", slow)
    coordinator = Coordinator(shards)
    try:
        started = time.perf_counter()
        answer = coordinator.search(SearchRequest("ConfigLoader"))
        took_ms = (time.perf_counter() - started) * 1000
    finally:
        coordinator.close(shards=False)
    assert answer.result.results
    assert SLOW_S * 1000 <= answer.result.elapsed_ms <= took_ms
