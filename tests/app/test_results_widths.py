"""How the results list shares its width (helper-243's leftovers, faraday 1.1.0 and regex-syntax
0.6.27, helper-251): at 80 columns one long file name among fifty rows (middleware_registry.rb:68)
had kept the place 28 cells wide, the symbols 6 (``retry…``) and the graph's ranks off the right
edge; at 200 columns the marks' heading had been cut to its marks (``ma``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.app.widgets.results import HEADERS, MARKS, PLACE, SYMBOL, ResultsTable, cell_plain
from tests.app.conftest import ask

pytestmark = pytest.mark.anyio

RETRY = (
    "def retry_block(request):\n    return request\n\n\n"
    "def calculate_retry_interval(attempt):\n    return attempt * 2\n\n\n"
    "def rewind_files_before_retry(body):\n    return body\n"
)


def _repo(root: Path) -> Path:
    (root / "lib" / "fdy" / "request").mkdir(parents=True)
    (root / "lib" / "fdy" / "request" / "retry.py").write_text(RETRY, encoding="utf-8")
    (root / "lib" / "fdy" / "middleware_registry_lookup.py").write_text(  # one long file name
        "def register_retry_middleware(name):\n    return name\n", encoding="utf-8")
    return root


def _heading(table: ResultsTable) -> str:
    return "".join(segment.text for segment in table.render_line(0)).rstrip()


@pytest.mark.slow  # an app on 2 shared cores, about 3 s
async def test_at_80_columns_a_long_file_name_leaves_the_symbol_readable_and_every_column_in_view(
        tmp_path: Path) -> None:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    app = MaguyvaApp(Engine(_repo(tmp_path / "repo"), tmp_path / "index"), watch=False, embed=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await ask(pilot, "how is a retry handled")
        table = app.query_one(ResultsTable)
        assert table.row_count >= 3
        symbols = [cell_plain(row[SYMBOL]) for row in table._row_cells]
        assert all(len(symbol) >= 10 for symbol in symbols), symbols  # they had been retry… (6 cells)
        places = [cell_plain(row[PLACE]) for row in table._row_cells]
        assert "retry.py:1" in "".join(places), places  # the short file names stay whole
        assert any(place.endswith(".py:1") and "…" in place for place in places), places  # the long one is cut
        assert _heading(table).endswith((" graph", " g")), _heading(table)  # its letter where it ranks none
        assert table.virtual_size.width <= table.size.width, "a column is off the right edge"


def _wide_repo(root: Path) -> Path:
    folder = root / "src" / "deeply" / "nested" / "package" / "handlers"
    folder.mkdir(parents=True)
    (root / "tests").mkdir()
    body = "".join(f"def handle_the_{n}_request_with_a_long_name(x):\n    return x\n\n\n"
                   for n in ("first", "second", "third", "fourth"))
    (folder / "request_handler_registry.py").write_text(body, encoding="utf-8")
    (root / "tests" / "test_request_handler_registry.py").write_text(body, encoding="utf-8")  # demoted: ▼
    return root


@pytest.mark.slow  # an app on 2 shared cores, about 3 s
async def test_at_200_columns_the_marks_heading_is_whole(tmp_path: Path) -> None:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    app = MaguyvaApp(Engine(_wide_repo(tmp_path / "repo"), tmp_path / "index"), watch=False, embed=False)
    async with app.run_test(size=(200, 50)) as pilot:
        await ask(pilot, "request with a long name")
        table = app.query_one(ResultsTable)
        assert any("▼" in cell_plain(row[MARKS]) for row in table._row_cells)
        places = [cell_plain(row[PLACE]) for row in table._row_cells]
        symbols = [cell_plain(row[SYMBOL]) for row in table._row_cells]
        assert any("…" in cell for cell in places + symbols), "the room is short: something is cut"
        heading = _heading(table)
        # it had read 'graph  m' (the graph's heading is its letter where no row ranks from it)
        assert heading.endswith(("graph  " + HEADERS[MARKS][0], " g  " + HEADERS[MARKS][0])), heading
