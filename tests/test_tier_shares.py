"""A semantic tier's coverage reads 100% only when whole, on every front end: `maguyva index` and
`maguyva server status` had rounded 99.6% of chunks up to 100%, while the explorer and the search
notices said 99% (``core.types.share``)."""

from __future__ import annotations

from maguyva_tui.cli import _semantic_line
from maguyva_tui.core.engine import Coverage
from maguyva_tui.resident.command import _semantic_lines


def test_index_says_a_nearly_filled_tier_is_not_whole() -> None:
    line = _semantic_line({}, Coverage(static=1.0, transformer=0.996, any=1.0))
    assert "static 100%" in line and "transformer 99%" in line and "fills in" in line


def test_server_status_says_a_nearly_filled_tier_is_not_whole() -> None:
    lines = _semantic_lines({"semantic_tiers": {"static": 1.0, "transformer": 0.996}})
    assert any("static 100%, transformer 99%" in line for line in lines), lines
