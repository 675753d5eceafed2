"""A call to one of several definitions that all lie in one file, cut in a narrow list, names the
line it calls (``→ :600``), not a cut path (helper-350, camino 1.0.5 at 100 columns, "who calls
as_os_str", its three definitions in src/lib.rs): the rows had read ``Utf8Path.as_str → li…:600``,
three cells of the file's name that every row shares taken from the caller's."""

from __future__ import annotations

from maguyva_tui.app.widgets.results import _fit_symbol, part


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
