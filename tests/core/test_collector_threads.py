"""Blocks that pause Python's cyclic garbage collector (a graph's bulk build) or keep it on (an
index build) give the process's state back whatever other threads' blocks do meanwhile, and the
graph process's pause is scoped to its build: run in a thread of a longer-lived process (the
explorer, a test run), ``graph_process`` had turned the collector off for good, and a build that
began while a search's graph load had paused it had ended by turning it off."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import ExitStack

import pytest

from maguyva_tui.core import indexer
from maguyva_tui.core.graph.bulk import bulk


@pytest.fixture(autouse=True)
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    try:
        yield
    finally:
        (gc.enable if was else gc.disable)()


def test_a_build_that_began_inside_another_threads_pause_and_ended_after_it_gives_the_collector_back() -> None:
    # two threads' blocks, not nested: the search's graph load (bulk) ends before the build does
    load, build = ExitStack(), ExitStack()
    load.enter_context(bulk())
    assert not gc.isenabled()
    build.enter_context(indexer._collecting())
    assert not gc.isenabled()  # the pause wins while it runs
    load.close()
    assert gc.isenabled()  # the build collects
    build.close()
    assert gc.isenabled()  # it had been left off


def test_a_pause_that_began_inside_a_build_of_a_process_without_the_collector_gives_it_back_off() -> None:
    gc.disable()  # a one-question search's process
    build, load = ExitStack(), ExitStack()
    build.enter_context(indexer._collecting())
    assert gc.isenabled()
    load.enter_context(bulk())
    build.close()
    assert not gc.isenabled()
    load.close()
    assert not gc.isenabled()  # the process's own choice


def test_the_graph_process_run_in_a_thread_leaves_the_collector_on(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    monkeypatch.setattr(indexer, "build_graph_files", lambda gen, rows: seen.append(gc.isenabled()))
    thread = threading.Thread(target=indexer.graph_process, args=("gen", None))
    thread.start()
    thread.join()
    assert seen == [False]  # off for the build
    assert gc.isenabled()  # and given back
