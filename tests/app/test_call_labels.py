"""Calls to a name's several definitions say in the results list which one each calls (the graph's
label had reached the JSON, the command line and the explain view, not the list)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.app.widgets.results import ResultsTable, shortest_tails
from tests.app.conftest import ask

pytestmark = pytest.mark.anyio


def _repo(root: Path) -> Path:
    for folder, body in (("flaskr", "x + 1"), ("task_app", "x * 2")):
        (root / "examples" / folder).mkdir(parents=True)
        (root / "examples" / folder / "__init__.py").write_text(f"def create_app(x):\n    return {body}\n")
        (root / "examples" / folder / "use.py").write_text(
            f"from examples.{folder} import create_app\n\n\ndef run_{folder}():\n"
            "    return create_app(1)\n")
    return root


def test_each_definition_is_named_by_the_shortest_tail_no_other_ends_with() -> None:
    assert shortest_tails(["a/flaskr/__init__.py", "b/task_app/__init__.py", "c/factory.py"]) == {
        "a/flaskr/__init__.py": "flaskr/__init__.py", "b/task_app/__init__.py": "task_app/__init__.py",
        "c/factory.py": "factory.py"}


def _symbols(table: ResultsTable) -> list[str]:
    return ["".join(text for text, _ in cells[3][0]) for cells in table._row_cells]


@pytest.mark.parametrize(("width", "shown"), [
    (130, ["run_flaskr → flaskr/__init__.py:1", "run_task_app → task_app/__init__.py:1"]),
    (80, ["flaskr/…:1", "task_app/…:1"]),  # the caller's name gives way; what tells them apart stays
])
async def test_each_call_names_the_definition_it_calls_in_the_symbol_cell(tmp_path: Path, width: int,
                                                                           shown: list[str]) -> None:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    app = MaguyvaApp(Engine(_repo(tmp_path / "repo"), tmp_path / "index"), watch=False, embed=False)
    async with app.run_test(size=(width, 30)) as pilot:
        await ask(pilot, "who calls create_app")
        table = app.query_one(ResultsTable)
        assert sorted(_symbols(table)) == shown
        assert table.virtual_size.width <= table.size.width  # no column pushed out of view
