"""The fusion line's time stays whole at 80 columns (``50+ results in 625.0 m…`` had read as if cut
in its unit: the question block is 40 cells wide there, its last the ellipsis of what follows)."""

from __future__ import annotations

import pytest

from maguyva_tui.app.widgets.readback import format_elapsed


@pytest.mark.parametrize(("ms", "shown"), [(44.24, "44.2 ms"), (99.94, "99.9 ms"), (625.04, "625 ms"),
                                           (999.4, "999 ms"), (999.6, "1.0 s"), (2790.7, "2.8 s")])
def test_the_time_is_at_most_three_digits_and_a_tenth(ms: float, shown: str) -> None:
    assert format_elapsed(ms) == shown


@pytest.mark.parametrize("ms", [44.24, 625.04, 999.4, 2790.7, 61_234.0])
def test_a_direct_answers_fusion_line_fits_an_80_column_block(ms: float) -> None:
    assert len(f"fusion  direct · 50+ results in {format_elapsed(ms)}") <= 39
