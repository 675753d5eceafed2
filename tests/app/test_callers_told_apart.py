"""Calls whose callers' names read alike once cut are told apart by their names' ends (hx, orjson
3.10.7's "who calls write_buf" at 80 columns: non_str_date, non_str_datetime, non_str_time and
non_str_uuid had all read ``non_str…``, two rows the same cell, ``non_str… → da…:97``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.app.widgets.results import ResultsTable
from tests.app.conftest import ask

pytestmark = pytest.mark.anyio

CLASS = "class {0}:\n    def __init__(self, key):\n        self.key = key\n\n    def write_buf(self, buf):\n        buf.append(self.key)\n"
CALLER = "def non_str_{0}(key):\n    buf = []\n    {1}(key).write_buf(buf)\n    return buf\n"


def _repo(root: Path) -> Path:
    folder = root / "src" / "serialize" / "per_type"
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text("")
    (folder / "datetime.py").write_text(CLASS.format("Date") + "\n\n" + CLASS.format("Time"))
    (folder / "uuid.py").write_text(CLASS.format("UUID"))
    (folder / "dictionary.py").write_text(
        "from src.serialize.per_type.datetime import Date, Time\nfrom src.serialize.per_type.uuid import UUID\n"
        + "\n" * 320
        + "\n\n".join(CALLER.format(name, cls) for name, cls in
                      (("date", "Date"), ("datetime", "Time"), ("time", "Time"), ("uuid", "UUID"))))
    return root


def _names(table: ResultsTable) -> list[str]:
    return [cells[3][0][0][0].rstrip() for cells in table._row_cells]


@pytest.mark.slow  # a pilot run on a repository indexed for it: seconds on 2 cores
async def test_callers_cut_alike_show_their_names_ends(tmp_path: Path) -> None:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    repo = _repo(tmp_path / "repo")
    built = Engine(repo, tmp_path / "index")
    built.refresh()  # the graph built: the first answer is the callers'
    built.close()
    app = MaguyvaApp(Engine(repo, tmp_path / "index"), watch=False, embed=False)
    async with app.run_test(size=(80, 30)) as pilot:
        await ask(pilot, "who calls write_buf")
        table = app.query_one(ResultsTable)
        names = _names(table)
        assert len(names) == 4 and any("→" in "".join(t for t, _ in c[3][0]) for c in table._row_cells), names
        assert len(set(names)) == 4, names  # each row's caller told from the others (two had read non_str…)
        assert [name.removeprefix("…")[-4:] for name in names] == ["date", "time", "time", "uuid"], names
        assert table.virtual_size.width <= table.size.width  # no column pushed out of view
