"""A list whose rows leave an engine's column empty gives that room to the place and symbol when
they are cut (urwid's "who calls render" at 80 columns: the empty sem, text and ast columns took
16 cells while the file names read ``ma….py:643``); where they fit, every heading stays."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.app.widgets.results import PLACE, SYMBOL, ResultsTable, cell_plain
from tests.app.conftest import ask

pytestmark = pytest.mark.anyio

CALLERS = ("rendezvous_scheduler_mgr", "keepalive_watchdog_loop", "output_collector_thread")


def _repo(root: Path) -> Path:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "core.py").write_text("def flush_buffers(x):\n    return x\n", encoding="utf-8")
    for name in CALLERS:
        body = "from pkg.core import flush_buffers\n\n\n" + "".join(
            f"def {name}_step_{n}(x):\n    return flush_buffers(x)\n\n\n" for n in range(2))
        (root / "pkg" / f"{name}.py").write_text(body, encoding="utf-8")
    return root


def _heading(table: ResultsTable) -> str:
    return "".join(segment.text for segment in table.render_line(0)).rstrip()


@pytest.mark.slow  # an app on 2 shared cores, about 4 s
async def test_who_calls_at_80_columns_gives_the_empty_engines_room_to_the_file_names(tmp_path: Path) -> None:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    app = MaguyvaApp(Engine(_repo(tmp_path / "repo"), tmp_path / "index"), watch=False, embed=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await ask(pilot, "who calls flush_buffers")
        table = app.query_one(ResultsTable)
        assert table.row_count == 6 and app.answer.result.modalities_run == ("graph",)
        heading = _heading(table)
        assert heading.split()[-1] == "graph" and "sem" not in heading and "ast" not in heading, heading
        places = [cell_plain(row[PLACE]) for row in table._row_cells]
        assert all(f"{name}.py:" in "".join(places) for name in CALLERS), places  # whole, where they had been cut
        symbols = [cell_plain(row[SYMBOL]) for row in table._row_cells]
        assert all(len(symbol) >= 10 for symbol in symbols), (symbols, places, heading)
        assert table.virtual_size.width <= table.size.width, "a column is off the right edge"
        lines = ["".join(s.text for s in table.render_line(y)) for y in range(3)]
        assert len({len(line) for line in lines}) == 1 and "graph" in lines[0]
        await pilot.resize_terminal(140, 40)  # room for all: every engine's heading is back
        await pilot.pause(0.3)
        assert all(name in _heading(table) for name in ("sem", "text", "ast", "graph")), _heading(table)
