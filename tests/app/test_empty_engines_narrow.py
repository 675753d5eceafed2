"""An answer from the graph alone: the engines no row ranks keep their column and its heading's first
letter, and the room they leave goes to the callers' names before the place's folders."""

from pathlib import Path

import pytest

from maguyva_tui.app.widgets.results import ResultsTable
from tests.app.conftest import ask

pytestmark = pytest.mark.anyio


def _repo(root: Path) -> Path:
    folder = root / "lib" / "yamlish"
    folder.mkdir(parents=True)
    callers = "".join(f"    def construct_yaml_{kind}(self, node):\n        return self.construct_scalar(node)\n\n"
                      for kind in ("timestamp", "binary", "float", "bool"))
    (folder / "constructor.py").write_text(
        "class SafeConstructor:\n    def construct_scalar(self, node):\n        return node\n\n" + callers)
    return root


def _header(table: ResultsTable) -> list[str]:
    return "".join(segment.text for segment in table.render_line(0)).split()


async def test_empty_engines_keep_a_letter_and_give_the_callers_names_room(tmp_path: Path) -> None:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    app = MaguyvaApp(Engine(_repo(tmp_path / "repo"), tmp_path / "index"), watch=False, embed=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await ask(pilot, "who calls construct_scalar")
        table = app.query_one(ResultsTable)
        symbols = sorted("".join(text for text, _ in cells[3][0]) for cells in table._row_cells)
        # every engine's column stays, its heading written as its letter when no row ranks from it
        assert _header(table)[-4:] == ["s", "t", "a", "graph"]
        # the callers' own names stay readable, the place's file name whole
        assert symbols == ["…_yaml_timestamp", "…ruct_yaml_float", "…truct_yaml_bool", "…uct_yaml_binary"]
        assert all("constructor.py:" in "".join(text for text, _ in cells[2][0]) for cells in table._row_cells)
        assert table.virtual_size.width <= table.size.width
