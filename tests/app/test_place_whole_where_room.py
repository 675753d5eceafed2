"""A result's place is written whole where the list has room for it (hx, orjson 3.10.7 at 140
columns: ``…c/serialize/per_type/datetimelike.rs:97`` beside 17 blank cells: a path of 41
characters had been cut to 40 whatever the width, its first folder read as ``c``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.app.widgets.results import ResultsTable
from tests.app.conftest import ask

pytestmark = pytest.mark.anyio

FOLDER = "src/serialize/per_type/deeper"


def _repo(root: Path) -> Path:
    folder = root / FOLDER
    folder.mkdir(parents=True)
    (folder / "datetimelike.rs").write_text("pub fn write_buf_for_dates(x: u32) -> u32 {\n    x + 1\n}\n")
    (root / "lib.rs").write_text("pub fn other() {}\n")
    return root


@pytest.mark.slow  # a pilot run on a repository indexed for it: seconds on 2 cores
@pytest.mark.parametrize("width", [140, 200])
async def test_a_long_place_is_whole_where_the_list_has_room(tmp_path: Path, width: int) -> None:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    repo = _repo(tmp_path / "repo")
    app = MaguyvaApp(Engine(repo, tmp_path / "index"), watch=False, embed=False)
    async with app.run_test(size=(width, 30)) as pilot:
        await ask(pilot, "write_buf_for_dates")
        table = app.query_one(ResultsTable)
        places = ["".join(text for text, _ in cells[2][0]) for cells in table._row_cells]
        whole = f"{FOLDER}/datetimelike.rs:1"
        assert len(whole) > 40 and places[0] == whole, places
        assert table.virtual_size.width <= table.size.width
