"""A workspace none of whose repositories opens says why in one short line: the first few reasons,
then how many more. A Python file given to ``--workspace`` (read as one folder a line) had named
each of its lines as a missing repository, a screen of text for ``search`` and ``mcp`` alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.types import QueryError
from maguyva_tui.core.workspace import Missing, open_workspace, reasons


def test_the_first_reasons_are_said_then_how_many_more() -> None:
    missing = [Missing(f"r{i}", f"/x/r{i}", f"/x/r{i}: no such directory") for i in range(10)]
    assert reasons(missing) == ("/x/r0: no such directory; /x/r1: no such directory; /x/r2: no such directory; "
                                "and 7 more")
    assert reasons(missing[:3]) == "/x/r0: no such directory; /x/r1: no such directory; /x/r2: no such directory"
    assert reasons([]) == ""


def test_a_workspace_of_many_missing_folders_is_refused_in_a_short_line(tmp_path: Path) -> None:
    roots = [tmp_path / f"line {i} of a file that lists no folder" for i in range(40)]
    with pytest.raises(QueryError) as refused:
        open_workspace(roots, tmp_path / "ix")
    message = str(refused.value)
    assert message.startswith("no repository of the workspace can be searched: ") and message.endswith("; and 37 more")
    assert message.count("no such directory") == 3
