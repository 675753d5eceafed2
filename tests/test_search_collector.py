"""A one-question ``maguyva search`` or ``graph`` process runs without Python's cyclic garbage
collector (issue 19: its passes were 15-35 ms of a sympy search's CPU, freeing almost nothing);
``--batch``, which answers many questions in one process, and the other commands keep it."""

from __future__ import annotations

import gc

import pytest

import maguyva_tui.__main__ as entry
from tests.entry_stub import run_as_cli


@pytest.mark.parametrize(("argv", "collected"), [
    (["search", "x"], False),
    (["graph", "callers", "x"], False),
    (["search", "--batch", "questions.jsonl"], True),
    (["search", "--bat", "-"], True),
    (["index", "."], True),
])
def test_one_question_runs_without_the_cyclic_collector(argv: list[str], collected: bool,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []

    def main(args: list[str]) -> int:
        seen.append(gc.isenabled())
        return 0

    run_as_cli(monkeypatch, main)
    was = gc.isenabled()  # an earlier test's in-process graph build may have turned it off
    gc.enable()
    try:
        assert entry._main(argv) == 0
        assert seen == [collected]
        assert gc.isenabled()  # a command that returns (here: its exit stubbed) leaves the collector as it was
    finally:
        if not was:
            gc.disable()
