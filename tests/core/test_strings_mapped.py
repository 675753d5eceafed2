"""A mapped string table is searched in place: looking a name up decodes none of its strings (a
stored graph's symbols read the facts' mapped table; a first "who calls X" had decoded all of
sympy's 1.8 MB of them, 25 ms)."""

from __future__ import annotations

from pathlib import Path

from maguyva_tui.core.store.arrays import Strings, save_strings

NAMES = ["expand", "Poly.expand", "M.subs().expand", "expander", "émile", "x"]


def test_a_mapped_tables_lookups_decode_nothing_and_find_what_bytes_find(tmp_path: Path) -> None:
    save_strings(tmp_path, "names", NAMES)
    mapped = Strings.load(tmp_path, "names")
    found = ([mapped.id_of(n) for n in [*NAMES, "nothing", "xp", "Poly"]],
             mapped.ids_ending("expand").tolist(), mapped.ids_ending("x").tolist(), mapped.ids_ending("ander").tolist())
    assert mapped._lookup is None and not mapped._cache  # nothing decoded
    assert found == ([1, 2, 3, 4, 5, 6, 0, 0, 0], [1, 2, 3], [6], [])
    whole = Strings.load(tmp_path, "names")
    whole.all()  # the decoded table's answers
    assert found == ([whole.id_of(n) for n in [*NAMES, "nothing", "xp", "Poly"]], whole.ids_ending("expand").tolist(),
                     whole.ids_ending("x").tolist(), whole.ids_ending("ander").tolist())
