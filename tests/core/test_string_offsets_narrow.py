"""String tables' offsets stored as ``uint32`` where the blob is under 4 GiB (issue 19: sympy's
facts, stems and defined names' offsets, ``int64`` before, 1.9 -> 0.95 MB), read back as the same
strings, and an index written before (``int64`` offsets) still read."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from maguyva_tui.core.store.arrays import Strings, save_array, save_strings, stored_offsets, strings_blob
from maguyva_tui.core.store.facts_files import load_facts, save_facts

ROWS = {
    "a.py": ("python", ((1, 3, "function", "parse_config", "python"),),
             (("parse_config", "parse_config", "function", 1, 3, "python", "def parse_config()", 1, 0),),
             (("call", "load_file", 2, "parse_config"),), (("os", "os", None, 1),)),
    "b/é.py": ("python", (), (("_Helper", "_Helper", "class", 4, 9, "python", None, 4, 0),),
               (("call", "parse_config", 5, "_Helper"),), ()),
}


def _dtype(path: Path) -> np.dtype:
    return np.load(path, mmap_mode="r").dtype


def test_the_facts_string_tables_are_stored_in_four_bytes_an_offset_and_read_the_same(tmp_path: Path) -> None:
    save_facts(tmp_path, ROWS)
    for name in ("facts_strings", "facts_refnames", "facts_paths", "defs_names"):
        assert _dtype(tmp_path / f"{name}_offsets.npy") == np.uint32, name
    assert _dtype(tmp_path / "defs_bounds.npy") == np.uint32
    stored = load_facts(tmp_path)
    assert sorted(stored) == sorted(ROWS)
    assert [s.name for s in stored["a.py"].symbols] == ["parse_config"]
    assert [(r.name, r.line, r.scope) for r in stored["b/é.py"].references] == [("parse_config", 5, "_Helper")]
    definitions = stored.rows.definitions()
    found = definitions.find("_helper")
    assert found is not None and definitions.rows(found)[:, 1].tolist() == [4]
    assert sorted(definitions.holding("config")) == [definitions.find("parse_config")]


def test_a_narrow_table_answers_as_a_wide_one() -> None:
    names = ["parse_config", "e.expand", "expand", "_private", "été", "x.y.expand", ""]
    blob, offsets = strings_blob(names)
    wide, narrow = Strings(blob, offsets), Strings(blob, stored_offsets(offsets))
    assert narrow._stored.dtype == np.uint32
    ids = np.arange(1, len(names) + 1)
    for table in (wide, narrow):
        assert table.pick(ids, bulk=False) == names
        assert [table.id_of(n) for n in names[:-1]] == list(range(1, len(names)))
        assert table.ids_ending("expand").tolist() == [2, 3, 6]
    assert narrow.initials(ids).tolist() == wide.initials(ids).tolist()
    assert narrow.plain_lengths(ids).tolist() == wide.plain_lengths(ids).tolist() == [11, -1, 6, 7, -1, -1, 0]


def test_offsets_past_four_gib_keep_eight_bytes() -> None:
    assert stored_offsets(np.array([0, 5, 2**32 - 1], np.int64)).dtype == np.uint32
    assert stored_offsets(np.array([0, 5, 2**32], np.int64)).dtype == np.int64


def test_a_table_written_with_wide_offsets_is_still_read(tmp_path: Path) -> None:
    save_strings(tmp_path, "names", ["b", "a"])
    blob, offsets = strings_blob(["b", "a"])
    save_array(tmp_path / "names_offsets.npy", offsets)  # as written before: int64
    table = Strings.load(tmp_path, "names")
    assert table.all() == ["b", "a"] and table.id_of("a") == 2


def test_the_facts_counts_per_file_take_two_bytes_and_wide_ones_still_read(tmp_path: Path) -> None:
    save_facts(tmp_path, ROWS)
    assert _dtype(tmp_path / "facts_files.npy") == np.uint16
    narrow = load_facts(tmp_path)
    assert [len(narrow[p].symbols) for p in sorted(ROWS)] == [1, 1]
    counts = np.load(tmp_path / "facts_files.npy")
    save_array(tmp_path / "facts_files.npy", counts.astype(np.int64))  # as written before
    wide = load_facts(tmp_path)
    assert [(wide[p].symbols, wide[p].references) for p in sorted(ROWS)] == [
        (narrow[p].symbols, narrow[p].references) for p in sorted(ROWS)]
