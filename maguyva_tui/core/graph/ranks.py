"""Every file's and symbol's centrality as columns, for the index's centrality table.

The table holds, per file in path order, the file node's centrality and its symbols' spans (start,
end, centrality) in position order. A stored graph's unchanged files are read from its record
table's columns at once: their symbol rows are in position order already and their nodes keep the
slots they were stored at, so a one-file update of 100,000 files decodes no row of the others
(decoding every file's rows, a tuple per symbol, was 40 % of such an update). Files changed since
the graph was opened, and every file of a graph built in memory, are read row by row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.graph.symbols import StoredRows, position
from maguyva_tui.core.graph.tables import symbol_id

if TYPE_CHECKING:
    from maguyva_tui.core.graph.model import CodeGraph


@dataclass(frozen=True, slots=True)
class RankColumns:
    """The centrality of every file and symbol span, files in path order."""

    paths: list[str]
    file_values: NDArray[np.float64]
    counts: NDArray[np.int64]
    """Spans per file."""
    spans: NDArray[np.int32]
    """(start line, end line) of each symbol, shape (spans, 2), each file's in position order."""
    values: NDArray[np.float64]


def rank_columns(graph: CodeGraph, scale: float) -> RankColumns:
    """Return every file's and symbol's centrality (PageRank × nodes × ``scale``) as columns."""
    rank = np.append(graph.rank_array(), 0.0)  # slot -1: a node the graph does not hold
    entries = graph.store.entries
    paths = sorted(entries)
    at = dict(zip(paths, range(len(paths))))
    stored = _stored(entries, at) if isinstance(entries, StoredRows) else None
    standing = stored.standing_paths if stored is not None else set()
    rest = [path for path in paths if path not in standing]
    index = graph.nodes.index
    file_slot = np.full(len(paths), -1, dtype=np.int64)
    row_file, row_span, row_slot = [], [], []
    for path in rest:
        f = at[path]
        file_slot[f] = index.get(path, -1)
        for row in sorted(graph.store.rows(path), key=position):  # rows: no Symbol object made
            row_file.append(f)
            row_span.append((row[3], row[4]))
            row_slot.append(index.get(symbol_id(path, row[1]), -1))
    files = np.asarray(row_file, dtype=np.int64)
    spans = np.asarray(row_span, dtype=np.int64).reshape(-1, 2)
    slots = np.asarray(row_slot, dtype=np.int64)
    if stored is not None:
        file_slot[stored.final] = stored.file_slots
        files = np.concatenate([stored.final[stored.row_files], files])
        spans = np.concatenate([stored.spans, spans])
        slots = np.concatenate([stored.row_slots, slots])
    order = np.argsort(files, kind="stable")  # each file's rows come from one side, in position order
    return RankColumns(paths, rank[file_slot] * scale, np.bincount(files, minlength=len(paths)).astype(np.int64),
                       spans[order].astype(np.int32), rank[slots[order]] * scale)


@dataclass(frozen=True, slots=True)
class _Stored:
    """The rows of a stored graph's files unchanged since it was opened."""

    standing_paths: set[str]
    final: NDArray[np.int64]
    """Per standing file (in stored order), its position among every path."""
    file_slots: NDArray[np.int64]
    row_files: NDArray[np.int64]
    """Per row, its file's position among the standing files."""
    spans: NDArray[np.int64]
    row_slots: NDArray[np.int64]


def _stored(entries: StoredRows, at: dict[str, int]) -> _Stored | None:
    """Return the standing files' rows (position order within each file), ``None`` when none stand."""
    split = entries.stored_rows()
    if split is None:
        return None
    bounds, row_files, keep, standing, _ = split
    stored_paths = list(bounds.files)
    kept_files = np.flatnonzero(standing)
    if not len(kept_files):
        return None
    file_slots, row_slots = entries.slots()
    table = entries.table
    starts, ends = table[:, 3].astype(np.int64), table[:, 4].astype(np.int64)
    rows = np.flatnonzero(keep)
    rows = rows[np.lexsort((-ends[rows], starts[rows], row_files[rows]))]  # stable: position order, as a build sorts
    local = np.full(len(stored_paths), -1, dtype=np.int64)
    local[kept_files] = np.arange(len(kept_files))
    names = [stored_paths[i] for i in kept_files.tolist()]
    return _Stored(set(names), np.asarray([at[p] for p in names], dtype=np.int64), file_slots[kept_files],
                   local[row_files[rows]], np.stack([starts[rows], ends[rows]], axis=1), row_slots[rows])
