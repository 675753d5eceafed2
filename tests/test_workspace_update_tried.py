"""A workspace search whose repository's index could not be updated (a read-only or full disk)
says the update was tried, as a search of one repository does (test_cli_update_tried).

``maguyva search format_timespan --repo hf --repo cl``, hf's index read-only after an edit, had
printed "2 results from 2 repositories in 96.9 ms (after updating the index: 518 ms)" above
"hf: the index could not be updated (...)": nothing had been updated."""

from __future__ import annotations

import pytest

from maguyva_tui.core.types import STALE_INDEX, IndexUpdate, SearchResult
from maguyva_tui.core.workspace import WorkspaceResult
from maguyva_tui.workspace_command import print_human

STALE = f"hf: {STALE_INDEX} (Read-only file system: /ix/hf); answers come from it as it was"
SEARCHED = (("hf", "/src/hf"), ("cl", "/src/cl"))


def _answer(notices: tuple[str, ...], update: IndexUpdate) -> WorkspaceResult:
    result = SearchResult("format_timespan", "(text 'format_timespan')", "find_definition", 0.9, "format_timespan",
                          "identifier", (), "direct", "default", 40, ("structural",), (), 1.0, notices, (), 96.9,
                          index_update=update)
    return WorkspaceResult(result, (), (), SEARCHED)


def test_a_workspace_update_that_wrote_nothing_is_said_as_tried(capsys: pytest.CaptureFixture[str]) -> None:
    print_human(_answer((STALE,), IndexUpdate(0, 518.0)))
    out, err = capsys.readouterr()
    assert out == "0 results from 2 repositories in 96.9 ms (after trying to update the index: 518 ms)\n"
    assert err == f"maguyva: {STALE}\n"


def test_a_workspace_update_that_wrote_is_still_said_as_one(capsys: pytest.CaptureFixture[str]) -> None:
    print_human(_answer((), IndexUpdate(0, 518.0)))
    assert capsys.readouterr().out == "0 results from 2 repositories in 96.9 ms (after updating the index: 518 ms)\n"
    print_human(_answer((STALE,), IndexUpdate(1, 518.0)))  # cl's file updated, hf's index read-only
    assert capsys.readouterr().out == "0 results from 2 repositories in 96.9 ms (after updating 1 file: 518 ms)\n"
