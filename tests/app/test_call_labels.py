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
    # the caller's name stays readable, the label's path gives way (it had read ``ru… → task_app/…:1``)
    # (the empty engines' headings narrowed to their letters give it room: ``run_task_… → ta…:1`` before)
    (80, ["run_flaskr → flaskr/…:1", "run_task_app → task_ap…:1"]),
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


def _one_file_repo(root: Path) -> Path:
    folder = root / "src" / "jmes_like" / "engine"
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text("")
    (folder / "visitor.py").write_text(
        "class Visitor:\n    def visit(self, node):\n        return node\n\n\n"
        "class GraphvizVisitor:\n    def visit(self, node):\n        return str(node)\n")
    (folder / "parser.py").write_text(
        "from .visitor import GraphvizVisitor, Visitor\n\n\n"
        "def search_parsed_expression(node):\n    return Visitor().visit(node)\n\n\n"
        "def render_parsed_expression(node):\n    return GraphvizVisitor().visit(node)\n")
    return root


@pytest.mark.parametrize(("width", "places", "shown"), [
    # the file's own name and line stay whole (they had read …r.py:5, the calls …itor.py:2); the
    # definitions lie in one file, so their lines tell them apart, beside the callers' names (the
    # file's name, visitor.py, had taken the whole cell once the marks column gave the symbol room)
    # (the list's two rows leave the scrollbar's cell to the place: …/parser.py:5)
    # (the callers' names before the folders' slash: ``render_p… → :7`` beside ``…/parser.py:5`` before)
    (80, ["…parser.py:5", "…parser.py:9"], ["render_parsed_ex… → :7", "search_parsed_ex… → :2"]),
])
async def test_a_narrow_row_keeps_its_file_name_and_the_line_it_calls(tmp_path: Path, width: int,
                                                                     places: list[str], shown: list[str]) -> None:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    app = MaguyvaApp(Engine(_one_file_repo(tmp_path / "repo"), tmp_path / "index"), watch=False, embed=False)
    async with app.run_test(size=(width, 30)) as pilot:
        await ask(pilot, "who calls visit")
        table = app.query_one(ResultsTable)
        assert sorted(_symbols(table)) == shown
        assert sorted("".join(text for text, _ in cells[2][0]) for cells in table._row_cells) == places
        assert table.virtual_size.width <= table.size.width


def test_a_narrow_pane_gives_the_file_names_their_room_before_the_symbol_and_the_folders() -> None:
    from maguyva_tui.app.widgets.results import SYMBOL_FLOOR, _share

    # 20 cells: the symbol's heading, then the longest file name and line whole (visitor.py:131)
    assert _share(20, (23, 14, 0), (30, 0, 8)) == (14, SYMBOL_FLOOR)
    # a workspace's repository label before what the symbol wants, the folders after it
    assert _share(40, (40, 14, 20), (30, 0, 16)) == (24, 16)
    assert _share(60, (40, 14, 20), (30, 0, 16)) == (40, 20)


def test_kinds_are_written_short_only_when_the_file_names_would_not_fit() -> None:
    from maguyva_tui.app.widgets.results import _shorten_kinds, part

    rows = [[((part(""),), False)] * 4 + [((part(kind),), False)] for kind in ("function", "method", "class")]
    assert _shorten_kinds(rows) == 5  # type: ignore[arg-type]
    assert [row[4][0][0][0] for row in rows] == ["func", "meth", "class"]


def test_a_narrow_symbol_keeps_its_own_name_before_its_qualifiers() -> None:
    """lodash's 'debounce' at 80 columns had listed runIn… four times (runInContext.debounce, cut at
    its end): the qualifiers are cut first, then the name's end."""
    from maguyva_tui.app.widgets.results import _fit_symbol, _shared_names, clip_symbol, part

    assert cell_text(_fit_symbol(((part("runInContext.debounce"),), False), 6, 0)) == "debou…"
    assert clip_symbol("runInContext.debounce", 12) == "…debounce"
    assert clip_symbol("ConfigService.get", 14) == "ConfigSer….get"  # had read ConfigService.…
    assert clip_symbol("picomatch.isIgnored", 19) == "picomatch.isIgnored"
    assert clip_symbol("std::io::Read", 6) == "…Read"
    assert clip_symbol("Parser#parse_args", 8) == "parse_a…"
    assert clip_symbol("parse_config", 6) == "parse…"
    # once_cell's get_or_init, defined on six types: the name shared, the qualifier tells them apart
    shared = _shared_names(["sync.OnceCell.get_or_init", "race.OnceBox.get_or_init", "Lazy.force"])
    assert shared == {"get_or_init"}
    assert clip_symbol("sync.OnceCell.get_or_init", 14, shared) == "sync.OnceCell…"
    assert clip_symbol("sync.OnceCell.get_or_init", 20, shared) == "sync.On….get_or_init"


def cell_text(cell: object) -> str:
    return "".join(text for text, _ in cell[0])  # type: ignore[index]


def test_a_narrow_call_keeps_its_callers_name_before_the_label() -> None:
    """urwid's "who calls render" at 80 columns had read ``…er.py:233`` in every row, the caller
    gone: the caller's name stays, the label's path is cut, then left out."""
    from maguyva_tui.app.widgets.results import _fit_symbol, part

    call = ((part("Frame.render "), part("→ filler.py:233")), False)
    assert cell_text(_fit_symbol(call, 23, 0)) == "Frame.render → fil…:233"
    assert cell_text(_fit_symbol(call, 10, 0, shared=frozenset({"render"}))) == "Frame.ren…"
    assert cell_text(_fit_symbol(call, 10, 0)) == "…render"
