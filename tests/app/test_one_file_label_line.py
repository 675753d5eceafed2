"""A call to one of several definitions that all lie in one file, cut in a narrow list, names the
line it calls (``→ :600``), not a cut path (helper-350, camino 1.0.5 at 100 columns, "who calls
as_os_str", its three definitions in src/lib.rs): the rows had read ``Utf8Path.as_str → li…:600``,
three cells of the file's name that every row shares taken from the caller's."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.app.widgets.results import SYMBOL, ResultsTable, _fit_symbol, part
from tests.app.conftest import ask


def _text(cell: object) -> str:
    return "".join(text for text, _ in cell[0])  # type: ignore[index]


def test_a_cut_label_in_one_file_is_its_line() -> None:
    call = ((part("Utf8Components.as_ref "), part("→ lib.rs:600")), False)
    assert _text(_fit_symbol(call, 25, 0, one_file=True)) == "Utf8Compon….as_ref → :600"
    assert _text(_fit_symbol(((part("Utf8Path.as_str "), part("→ lib.rs:600")), False), 25, 0, one_file=True)) == \
        "Utf8Path.as_str → :600"  # the name whole beside the line, where it had read Utf8Path.as_str → li…:600


def test_a_label_that_fits_stays_whole_and_several_files_keep_their_cut_path() -> None:
    call = ((part("Utf8Path.as_str "), part("→ lib.rs:600")), False)
    assert _text(_fit_symbol(call, 28, 0, one_file=True)) == "Utf8Path.as_str → lib.rs:600"
    assert _text(_fit_symbol(((part("Frame.render "), part("→ filler.py:233")), False), 23, 0)) == \
        "Frame.render → fil…:233"  # in several files the path is what tells the definitions apart



CODE = ("pub struct A;\npub struct B;\n"
        "impl A {\n    pub fn as_str(&self) -> &str { \"a\" }\n}\n"
        "impl B {\n    pub fn as_str(&self) -> &str { \"b\" }\n}\n"
        "pub fn short() -> usize {\n    A.as_str().len()\n}\n"
        "pub fn a_caller_whose_name_is_long_enough_to_be_cut_beside_it() -> usize {\n    B.as_str().len()\n}\n")


@pytest.mark.slow  # an app on 2 shared cores, about 2 s
@pytest.mark.anyio
async def test_once_one_label_is_cut_to_its_line_every_row_is(make_app, tmp_path: Path) -> None:
    """helper-350, camino at 200 columns: ``Utf8Path.fmt (impl Display) → lib.rs:585`` had stood
    above ``Utf8Component.fmt (impl Display) → :1547``, the column reading two ways."""
    repo = tmp_path / "two"
    repo.mkdir()
    (repo / "lib.rs").write_text(CODE, encoding="utf-8")
    app = make_app(root=repo)
    async with app.run_test(size=(100, 30)) as pilot:
        await ask(pilot, "who calls as_str")
        symbols = sorted(_text(row[SYMBOL]) for row in app.query_one(ResultsTable)._row_cells)
        assert len(symbols) == 2 and symbols[1] == "short → :4", symbols  # had kept → lib.rs:4
        assert symbols[0].startswith("a_caller") and symbols[0].endswith("… → :7"), symbols
