"""At 60 columns every engine's rank stays in view: what the explain panel also says gives way
first (an empty ``±``, the engines' headings cut to their letter, the score, then the kind). At
60 columns requests 2.32.3's "who calls get" had shown its graph ranks, the only ranks listed, past
the right edge (a heading ending ``score   s``, the list scrolling sideways)."""

from pathlib import Path

import pytest

from maguyva_tui.app.widgets.results import ResultsTable, cell_plain
from tests.app.conftest import ask

pytestmark = pytest.mark.anyio


def _repo(root: Path) -> Path:
    (root / "client").mkdir(parents=True)
    (root / "client" / "api.py").write_text("def fetch(url):\n    return url\n")
    (root / "tests").mkdir()
    callers = "".join(f"def test_fetch_raises_the_{n}_error():\n    fetch('http://localhost/{n}')\n\n\n"
                      for n in ("first", "second", "third"))
    (root / "tests" / "test_lowlevel_connections.py").write_text("from client.api import fetch\n\n\n" + callers)
    return root


def _line(table: ResultsTable, y: int) -> str:
    return "".join(segment.text for segment in table.render_line(y))


@pytest.mark.parametrize("width", [60, 72])
async def test_a_narrow_list_keeps_every_engine_s_rank_in_view(tmp_path: Path, width: int) -> None:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    app = MaguyvaApp(Engine(_repo(tmp_path / "repo"), tmp_path / "index"), watch=False, embed=False)
    async with app.run_test(size=(width, 24)) as pilot:
        await ask(pilot, "who calls fetch")
        table = app.query_one(ResultsTable)
        assert table.row_count >= 3
        assert table.virtual_size.width <= table.size.width, "a column is off the right edge"
        heading = _line(table, 0).split()
        assert [name[0] for name in heading[-4:]] == ["s", "t", "a", "g"], heading
        graph = [cell_plain(row[9]) for row in table._row_cells]
        assert all(rank.isdigit() for rank in graph), graph
        for y in range(1, 4):  # each row's graph rank drawn under the heading's g
            line = _line(table, y)
            assert line.rstrip(" ▼").split()[-1].isdigit(), line
        symbols = [cell_plain(row[3]) for row in table._row_cells]
        assert all(len(symbol) >= 6 for symbol in symbols), symbols
        places = [cell_plain(row[2]) for row in table._row_cells]
        assert all(".py:" in place for place in places), places
