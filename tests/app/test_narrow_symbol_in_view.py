"""Under 70 columns the engines' columns scroll sideways, but the place and the symbol's floor stay
in the pane: a file name too long for it is cut in its stem. On feedparser 6.0.11 at 60x15 ("parse
date"), one row's tests/wellformed/rss/item_expirationDate_multiple_values.xml had kept the place
40 cells wide and pushed every symbol past the pane's edge (the heading read ``symbo``, the rows
``…_nat``, ``_pars``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.app.widgets.results import PLACE, SYMBOL, SYMBOL_FLOOR, ResultsTable
from tests.app.conftest import ask

pytestmark = pytest.mark.anyio

LONG = "tests/wellformed/rss/item_expirationDate_multiple_values.xml"


def _repo(root: Path) -> Path:
    (root / "feedparser" / "datetimes").mkdir(parents=True)
    for name in ("korean", "greek", "asctime", "hungarian"):
        (root / "feedparser" / "datetimes" / f"{name}.py").write_text(
            f"def _parse_date_{name}(date_string):\n    \"\"\"Parse a {name} date string.\"\"\"\n"
            "    return date_string.split()\n")
    (root / LONG).parent.mkdir(parents=True)
    (root / LONG).write_text("<rss><item><expirationDate>parse date twice</expirationDate>"
                             "<expirationDate>parse date</expirationDate></item></rss>\n")
    return root


@pytest.mark.slow
async def test_at_60_columns_a_long_file_name_leaves_the_symbols_floor_in_the_pane(tmp_path: Path) -> None:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    app = MaguyvaApp(Engine(_repo(tmp_path / "repo"), tmp_path / "index"), watch=False, embed=False)
    async with app.run_test(size=(60, 15)) as pilot:
        await ask(pilot, "parse date")
        assert any(row.path == LONG for row in app.answer.rows), [row.path for row in app.answer.rows]
        table = app.query_one(ResultsTable)
        shown = table.scrollable_content_region.width
        columns = table.ordered_columns
        assert columns[SYMBOL].width >= SYMBOL_FLOOR
        assert sum(column.get_render_width(table) for column in columns[: SYMBOL + 1]) <= shown
        assert " symbol " in table.render_line(0).text[:shown]  # had read 'symbo'
        places = [table.render_line(y).text[:shown] for y in range(1, table.row_count + 1)]
        assert any("…" in line and ".xml:" in line for line in places), places  # the long name cut in its stem
        assert columns[PLACE].width < len(LONG)
