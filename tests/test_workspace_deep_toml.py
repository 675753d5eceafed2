"""A workspace file nested past Python's stack is bad input, said in one line.

``maguyva search foo --workspace deep.toml`` with ``repos = [[[...]]]`` 5,000 deep (or a table of
tables so deep) had been "internal error: RecursionError: maximum recursion depth exceeded"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Runner


@pytest.mark.parametrize("content", ["repos = " + "[" * 5000 + "]" * 5000, "a = " + "{x=" * 3000 + "}" * 3000],
                         ids=["lists", "tables"])
def test_a_workspace_file_nested_too_deeply_is_refused_in_one_line(tmp_path: Path, here: Runner,
                                                                  content: str) -> None:
    listing = tmp_path / "deep.toml"
    listing.write_text(content + "\n")
    proc = here("search", "foo", "--workspace", str(listing))
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr == f"maguyva: error: {listing}: not valid TOML (nested too deeply to read)\n"
