"""A wide results list gives a plain symbol its whole name before the place's folders (helper-243,
helper-269: at 200 columns networkx 3.2.1's 'dijkstra shortest path' had listed
``…test_all_pairs_short…`` beside ``…t_paths/tests/test_generic.py:214``, the symbol held to two
fifths of the shared room while the path kept a fragment of its folders)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.app.widgets.results import PLACE, SYMBOL, ResultsTable, cell_plain
from tests.app.conftest import ask

pytestmark = pytest.mark.anyio

ROUTER = (
    "class Router:\n"
    "    def dispatch_incoming_call(self, call):\n        return call\n\n"
    "    def dispatch_outgoing_call(self, call):\n        return call\n"
)


def _repo(root: Path) -> Path:
    folder = root / "src" / "deeply" / "nested" / "package" / "handlers"
    folder.mkdir(parents=True)
    (folder / "call_dispatching.py").write_text(ROUTER, encoding="utf-8")
    return root


@pytest.mark.slow  # an app on 2 shared cores, about 3 s
async def test_at_200_columns_a_symbol_is_whole_before_the_folders(tmp_path: Path) -> None:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    app = MaguyvaApp(Engine(_repo(tmp_path / "repo"), tmp_path / "index"), watch=False, embed=False)
    async with app.run_test(size=(200, 50)) as pilot:
        await ask(pilot, "dispatch call")
        table = app.query_one(ResultsTable)
        symbols = [cell_plain(row[SYMBOL]) for row in table._row_cells]
        places = [cell_plain(row[PLACE]) for row in table._row_cells]
        assert "Router.dispatch_incoming_call" in symbols, symbols  # it had read …dispatch_incoming_call
        assert any(place.startswith("…") for place in places), places  # the folders gave way, not the symbol
        assert all(place.endswith(("call_dispatching.py:2", "call_dispatching.py:5", "call_dispatching.py:1"))
                   for place in places), places  # the file's name and line stay whole
        assert table.virtual_size.width <= table.size.width, "a column is off the right edge"
