"""A workspace in this process hands each shard one task per blend, not one per engine, and asks
nothing it will not read (issue 21's first target: the shards' fixed costs per question).

- a blend's engines run on each shard of this process as one task on its engine's pool, with the
  answer the per-engine hand-offs gave, and a shard whose task outlasts the deadline is left out;
- the coordinator calls a shard of this process in its own thread for what takes microseconds
  (a question's start, whether a word names a symbol, the stems' counts, ...);
- whether some line holds a literal is asked of each shard in turn until one does, not as every
  shard's best line;
- what a question asks ahead (:class:`~maguyva_tui.core.workspace.shard.Ask`) is worked out only
  for shards in another process.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from typing import Any
from weakref import WeakKeyDictionary

import pytest

from maguyva_tui.core import lookup
from maguyva_tui.core.types import Chunk
from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard
from maguyva_tui.core.workspace import coordinator as coordinator_module
from maguyva_tui.core.workspace.coordinator import qualify
from tests.core.workspace_shards import shards_of

SENTENCE = "extract the settings from the text into a dictionary"
QUESTIONS = (SENTENCE, "parse_config", "who calls parse_config", '"ECONNREFUSED"', "ConfigLoader",
             "how does the config loader read files", "zzqx", '"econnrefused"', "connection", "parse_confg")


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Shard]]:
    yield from shards_of(tmp_path_factory.mktemp("tasks"))


def _answers(coordinator: Coordinator) -> list[dict[str, Any]]:
    out = []
    for text in QUESTIONS:
        answer = coordinator.search(SearchRequest(text)).to_json()
        answer.pop("elapsed_ms")
        answer.pop("timings_ms")
        out.append(answer)
    return out


def test_the_shortcuts_give_the_answers_of_the_long_way(shards: list[Shard], monkeypatch: pytest.MonkeyPatch) -> None:
    """Every question answers the same, whole, with the shortcuts and without them: one task per
    shard for a blend, calls made in this thread, a literal looked for until found, nothing asked ahead."""
    coordinator = Coordinator(shards)
    try:
        short = _answers(coordinator)
        monkeypatch.setattr(coordinator_module._View, "_start_here", lambda *args: None)  # each engine its own hand-off
        monkeypatch.setattr(coordinator_module, "_inline", lambda shard, method: False)  # every call on the pool
        monkeypatch.delattr(coordinator_module._Literals, "holds_literal")  # every shard's best line
        monkeypatch.setattr(Shard, "far", True)  # the question's asks worked out (and sent to nobody: no host)
        monkeypatch.setattr(Shard, "opened", False)
        long = _answers(coordinator)
    finally:
        coordinator.close(shards=False)
    assert any(a["results"] for a in short) and any(a["lookup_failed"] for a in short)
    assert short == long


def test_a_blend_hands_each_shard_one_task(shards: list[Shard], monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[str] = []
    one_by_one: list[str] = []
    start_all, start = Shard.start_all, Shard.start
    monkeypatch.setattr(Shard, "start_all", lambda self, *args: started.append(self.label) or start_all(self, *args))
    monkeypatch.setattr(Shard, "start", lambda self, *args: one_by_one.append(self.label) or start(self, *args))
    coordinator = Coordinator(shards)
    try:
        answer = coordinator.search(SearchRequest(SENTENCE))
    finally:
        coordinator.close(shards=False)
    assert len(answer.result.modalities_run) > 1 and answer.result.results
    assert sorted(started) == sorted(s.label for s in shards)  # once per shard, every engine in it
    assert not one_by_one


def test_a_shard_whose_task_outlasts_the_deadline_is_left_out(shards: list[Shard],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    slow = shards[0].label
    run_all = Shard._run_all

    def stuck(self: Shard, *args: Any) -> Any:
        if self.label == slow:
            release.wait(30)
        return run_all(self, *args)

    monkeypatch.setattr(Shard, "_run_all", stuck)
    coordinator = Coordinator(shards, deadline_s=0.5)
    try:
        started = time.perf_counter()
        answer = coordinator.search(SearchRequest(SENTENCE)).to_json()
        took = time.perf_counter() - started
    finally:
        release.set()
        coordinator.close(shards=False)
    assert took < 5.0
    assert len(answer["modalities_run"]) > 1
    assert answer["capped"] is True and answer["capped_because"]
    assert all(why.startswith(f"{slow}: the ") and "deadline" in why for why in answer["capped_because"])
    assert answer["results"] and slow not in {r["repo"] for r in answer["results"]}


def test_a_list_that_ends_past_the_deadline_is_left_out_even_when_done(shards: list[Shard]) -> None:
    """The deadline counts from the start of the shards' tasks, not from when the list is read:
    at a deadline of 0 s no list makes it, whatever the order the engines are read in."""
    coordinator = Coordinator(shards, deadline_s=0.0)
    try:
        answer = coordinator.search(SearchRequest(SENTENCE)).to_json()
    finally:
        coordinator.close(shards=False)
    assert answer["results"] == [] and answer["capped"] is True
    assert {why.split(":")[0] for why in answer["capped_because"]} == {s.label for s in shards}


def test_a_literal_is_looked_for_until_a_shard_holds_it(shards: list[Shard], monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    ranked: list[str] = []
    holds, lines = Shard.holds_literal, Shard.literal_lines
    monkeypatch.setattr(Shard, "holds_literal", lambda self, *args: asked.append(self.label) or holds(self, *args))
    monkeypatch.setattr(Shard, "literal_lines", lambda self, *args: ranked.append(self.label) or lines(self, *args))
    coordinator = Coordinator(shards)
    try:
        missing = coordinator.search(SearchRequest("zzqx")).to_json()  # a lone word no line holds: every shard asked
        assert len(asked) == len(shards) and missing["lookup_failed"]["kind"] == "literal"
        asked.clear()
        found = coordinator.search(SearchRequest("connection")).to_json()  # a lone word the first shard holds
    finally:
        coordinator.close(shards=False)
    assert found["results"] and found["lookup_failed"] is None
    assert asked == []  # the lines listed show that a shard holds it: none is asked again (f98ee8e)
    assert not ranked  # no shard ranked its lines only to say whether it holds one


def test_a_missed_names_close_names_read_the_workspaces_names_once(shards: list[Shard],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """What one repository keeps per generation (every symbol name by initial, for a missed name's
    close names) the workspace keeps for the shards' generations: not made again per question."""
    monkeypatch.setattr(lookup, "_names", WeakKeyDictionary())  # nothing kept from the tests before
    read: list[int] = []
    names = coordinator_module._Symbols.names
    monkeypatch.setattr(coordinator_module._Symbols, "names", lambda self: read.append(1) or names(self))
    coordinator = Coordinator(shards)
    try:
        first = coordinator.search(SearchRequest("def parse_confg")).to_json()
        again = coordinator.search(SearchRequest("def parse_confg")).to_json()
        other = coordinator.search(SearchRequest("who calls ConfigLodr")).to_json()
    finally:
        coordinator.close(shards=False)
    assert first["lookup_failed"]["kind"] == "symbol" and "parse_config" in first["lookup_failed"]["message"]
    assert again["lookup_failed"] == first["lookup_failed"] and other["lookup_failed"]["kind"] == "symbol"
    assert len(read) == 1


@pytest.mark.parametrize("chunk", [Chunk("app/config.py", 3, 9, "function", "parse_config", "python"),
                                   Chunk("x", 1, 40, "window")])
def test_a_chunk_moved_to_a_qualified_path_is_the_chunk_replaced(chunk: Chunk) -> None:
    moved = coordinator_module._new_chunk(qualify("repo", chunk.path), *coordinator_module._CHUNK_REST(chunk))
    expected = replace(chunk, path=qualify("repo", chunk.path))
    assert type(moved) is Chunk and moved == expected and hash(moved) == hash(expected)
