"""An engine no row has a rank from gives its column to the place and symbol where they are cut
(helper-385, PyYAML 6.0.2 at 80 columns, an answer from the graph alone): the empty sem, text and
ast columns had kept 16 cells while the rows read ``constru….py:177  …ct_scalar``."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.app.widgets.results import HEADERS, PLACE, SYMBOL, ResultsTable, cell_plain
from maguyva_tui.core.types import MODALITIES
from tests.app.conftest import ask

pytestmark = pytest.mark.anyio

ENGINES = [i for i, (_, key) in enumerate(HEADERS) if key in MODALITIES]
CALLERS = ("construct_yaml_seq", "construct_yaml_map", "construct_pairs_of")


@pytest.mark.slow  # an app on 2 shared cores, about 3 s
async def test_a_graph_only_answer_gives_the_empty_engines_room_to_the_names(make_app, tmp_path: Path) -> None:
    repo = tmp_path / "yamlish" / "yaml"
    repo.mkdir(parents=True)
    code = "def construct_scalar(node):\n    return node\n\n\n" + "".join(
        f"def {name}(node):\n    return construct_scalar(node)\n\n\n" for name in CALLERS)
    (repo / "constructor.py").write_text(code, encoding="utf-8")
    app = make_app(root=tmp_path / "yamlish")
    async with app.run_test(size=(80, 24)) as pilot:
        await ask(pilot, "who calls construct_scalar")
        table = app.query_one(ResultsTable)
        rows = table._row_cells
        assert len(rows) >= len(CALLERS)
        empty = [i for i in ENGINES if not any(cell_plain(row[i]) for row in rows)]
        assert empty, "an answer from the graph alone"
        widths = [column.get_render_width(table) for column in table.ordered_columns]
        assert all(widths[i] == 0 for i in empty), widths  # given up whole: no heading, no padding
        symbols = {cell_plain(row[SYMBOL]) for row in rows}
        assert set(CALLERS) <= symbols, symbols  # had been cut (construct_y…)
        assert all("…" not in cell_plain(row[PLACE]) for row in rows), [cell_plain(row[PLACE]) for row in rows]
        assert table.virtual_size.width <= table.size.width  # every engine's column that has ranks in view
        drawn = [table.render_line(y).text for y in range(1 + len(rows))]  # heading and rows, aligned
        graph = drawn[0].index("graph")
        assert all(line[graph + 4].strip() == "" or line[graph:graph + 5].strip() for line in drawn[1:])
        assert len({len(line) for line in drawn}) == 1, drawn
