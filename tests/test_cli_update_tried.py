"""A search whose index could not be updated (a read-only or full disk) says the update was tried.

``maguyva search hamming`` over an index on a read-only mount, after an edit, had printed "1 result
in 2.7 ms (after updating the index: 771 ms)" above "the index could not be updated (Read-only file
system: ...)": nothing had been updated."""

from __future__ import annotations

import pytest

from maguyva_tui.cli import _print_human
from maguyva_tui.core.types import STALE_INDEX, IndexUpdate, SearchResult

STALE = f"{STALE_INDEX} (Read-only file system: /ix/repo); answers come from it as it was"


def _result(notices: tuple[str, ...], update: IndexUpdate) -> SearchResult:
    return SearchResult("hamming", "(text 'hamming')", "find_definition", 0.9, "hamming", "identifier", (), "direct",
                        "default", 40, ("structural",), (), 1.0, notices, (), 2.7, index_update=update)


def test_an_update_that_wrote_nothing_is_said_as_tried(capsys: pytest.CaptureFixture[str]) -> None:
    _print_human(_result((STALE,), IndexUpdate(0, 771.0)))
    out, err = capsys.readouterr()
    assert out == "0 results in 2.7 ms (after trying to update the index: 771 ms)\n"
    assert err == f"maguyva: {STALE}\n"


def test_an_update_that_wrote_is_still_said_as_one(capsys: pytest.CaptureFixture[str]) -> None:
    _print_human(_result((), IndexUpdate(0, 771.0)))
    assert capsys.readouterr().out == "0 results in 2.7 ms (after updating the index: 771 ms)\n"
    _print_human(_result((STALE,), IndexUpdate(2, 1200.0)))  # files written before the disk filled
    assert capsys.readouterr().out == "0 results in 2.7 ms (after updating 2 files: 1.2 s)\n"
