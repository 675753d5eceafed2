"""Places and symbols of wide characters are cut to the cells they may take, not to as many
characters: at 72 columns a row's …es/日本語/処理モジュール.py:1 had taken 30 cells of a 20-cell
place and pushed the engines' ranks off the right edge."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from maguyva_tui.app.widgets.results import clip_place, clip_places, clip_symbol

PLACE = "données/日本語/処理モジュール.py:1"


@pytest.mark.parametrize("width", [8, 12, 15, 20, 24, 30])
def test_a_wide_path_fits_its_cells_and_keeps_its_line(width: int) -> None:
    cut = clip_place(PLACE, width)
    assert cell_len(cut) <= width, cut
    assert cut.endswith(":1"), cut


def test_the_folders_go_before_the_wide_file_name() -> None:
    assert clip_place(PLACE, 20) == "…処理モジュール.py:1"
    assert clip_places([PLACE], 14) == ["処理モジ….py:1"]


@pytest.mark.parametrize("width", [6, 9, 12])
def test_a_wide_symbol_fits_its_cells(width: int) -> None:
    for symbol in ("計算する処理のための関数", "モジュール.計算する"):
        cut = clip_symbol(symbol, width)
        assert cell_len(cut) <= width, cut
        assert cut.endswith(("…", "計算する")), cut
