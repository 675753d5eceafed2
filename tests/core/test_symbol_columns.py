"""The stored symbols found by name: the same rows however many names are asked at once."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.store.snapshot import FEW_SPELLINGS, Snapshot


def test_named_finds_exactly_the_rows_of_the_names_asked(polyglot: Path) -> None:
    update_index(polyglot)
    snapshot = Snapshot.load(index_folder(polyglot))  # the stored, mapped table
    columns = snapshot.stored_symbols()
    assert columns is not None
    names = columns.column(0)
    distinct = np.unique(names)
    assert len(distinct) > FEW_SPELLINGS + 2
    for asked in (distinct[:1], distinct[3:6], distinct[: FEW_SPELLINGS + 2], distinct[::2]):
        expected = sorted((s.path, s.start_line, s.qualname) for s in snapshot.symbols
                          if s.name in set(columns.words(asked)))
        found = [(s.path, s.start_line, s.qualname) for s in columns.named(np.asarray(asked))]
        assert sorted(found) == expected
        assert [f[0] for f in found] == sorted(f[0] for f in found)  # in path order
    assert columns.named(np.asarray([], names.dtype)) == []
    missing = np.asarray([names.max() + 1], names.dtype)
    assert columns.named(missing) == []
