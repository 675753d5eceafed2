"""A Rust method named by its impl, cut to a narrow list, keeps its type and name before its impl
label (helper-350, camino 1.0.5 at 80 columns, "who calls as_os_str"): the label counted as part of
the method's own name, ``Utf8Components.as_ref (impl AsRef<OsStr>)`` had read ``Utf8Component…`` (its
method gone) or ``…as_ref (impl AsRef<OsStr>)`` (its type gone, four rows of four types alike), and
``Iter.as_ref (impl AsRef<OsStr>)`` at 22 cells ``as_ref (impl AsRef<Os…``. The label is cut first."""

from __future__ import annotations

import pytest

from maguyva_tui.app.widgets.results import _shared_names, clip_symbol

TYPES = ("Utf8Components", "Iter", "Utf8Component", "Utf8Path")
ROWS = [f"{name}.as_ref (impl AsRef<OsStr>)" for name in TYPES]


@pytest.mark.parametrize("width", range(8, 40))
def test_the_impl_label_gives_way_before_the_type_and_the_name(width: int) -> None:
    shared = _shared_names(ROWS)
    for symbol in ROWS:
        cut = clip_symbol(symbol, width, shared)
        assert len(cut) <= width, (symbol, cut)
        if cut != symbol and width >= 14:
            assert ".as_ref" in cut and not cut.startswith("…"), (symbol, cut)  # its type's start and its name


def test_rows_of_four_types_read_apart() -> None:
    shared = _shared_names(ROWS)
    for width in (22, 26, 30):
        cuts = [clip_symbol(symbol, width, shared) for symbol in ROWS]
        assert len(set(cuts)) == len(cuts), cuts
    assert clip_symbol(ROWS[1], 22, shared) == "Iter.as_ref (impl AsR…"
    assert clip_symbol(ROWS[0], 14, shared) == "Utf8C….as_ref…"
    assert clip_symbol(ROWS[0], 40, shared) == "Utf8Componen….as_ref (impl AsRef<OsStr>)"  # the label whole where it fits


def test_a_plain_symbol_is_cut_as_before() -> None:
    assert clip_symbol("ConfigService.get", 12) == "ConfigS….get"
    assert clip_symbol("runInContext.debounce", 9) == "…debounce"
