"""A tiny terminal (helper-158, bleach 6.1.0 at 60x15) still shows results: the list had one row
inside its frame, its horizontal scrollbar's, and no result; and every cell had been cut by a width
below nothing (``clean`` read ``clea…``, ``sanitizer.py:171`` ``…anitizer.py:171``)."""

from __future__ import annotations

import pytest

from maguyva_tui.app.widgets.results import ResultsTable, _clip
from tests.app.conftest import ask

pytestmark = pytest.mark.anyio


def test_a_cell_cut_to_no_width_is_never_the_text_less_one_character() -> None:
    assert _clip("clean", 0) == "" and _clip("clean", 1) == "…"
    assert _clip("sanitizer.py:171", 0, keep_end=True) == "" and _clip("sanitizer.py:171", 2, keep_end=True) == "…1"


@pytest.mark.slow  # an app on 2 shared cores, about 2 s
async def test_at_60_by_15_the_list_shows_results_with_their_file_names_whole(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(60, 15)) as pilot:
        await ask(pilot, "parse_config")
        table = app.query_one(ResultsTable)
        assert app.screen.has_class("-tiny") and not app.query_one("#readback").display
        inside = table.size.height - table.header_height - table.styles.scrollbar_size_horizontal
        assert inside >= 3, f"{inside} rows for results"
        lines = [table.render_line(y).text for y in range(table.size.height)]
        first = lines[table.header_height]
        # the file name whole beside the symbol, the score giving way so that the engines' columns
        # stay in view (they had scrolled sideways, the symbol at its floor: parse…)
        assert " app/config.py:12 " in first and " parse_config " in first, lines
        assert lines[0].split()[-4:] == ["s", "t", "a", "g"], lines
