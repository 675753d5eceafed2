"""The BLAS threads numpy starts in a ``maguyva search`` or ``graph`` process do not wait for work
busily (issue 19: a search on 100,000 files in a second, and its CPU)."""

from __future__ import annotations

import os

import pytest

import maguyva_tui.__main__ as entry
from tests.entry_stub import run_as_cli


@pytest.mark.parametrize("command", ["search", "graph"])
def test_blas_threads_sleep_soon_in_a_search_process(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenBLAS reads ``OPENBLAS_THREAD_TIMEOUT`` as numpy loads it: set before the command line is
    imported, its idle threads sleep after 2**20 cycles, not after a busy wait of 2**28 (20-25 ms
    of a search process's CPU); a value the user set stands."""
    seen: list[str | None] = []
    def main(argv: list[str]) -> int:
        seen.append(os.environ.get("OPENBLAS_THREAD_TIMEOUT"))
        return 0

    run_as_cli(monkeypatch, main)
    monkeypatch.delenv("OPENBLAS_THREAD_TIMEOUT", raising=False)
    entry._main([command, "x"])
    monkeypatch.setenv("OPENBLAS_THREAD_TIMEOUT", "26")
    entry._main([command, "x"])
    assert seen == ["20", "26"]
