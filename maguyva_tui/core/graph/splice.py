"""Save a graph opened from disk and updated: its unchanged files' columns copied from the stored
arrays, only the changed files' sites encoded (the symbols' rows are not stored: ``persist.py``).

``persist.write`` of a whole graph decodes every file's symbol rows and loose names and interns
every string again (100,000 files: about 25 s of a profiled one-file update). Here the stored string
table is kept as it is, each string keeping its id, and the strings of the changed files are added
after it (strings no longer used stay: a full build writes a compact table again); node slots of
unchanged files are the positions they were stored at, so the new positions follow from the
stored file ranges; each column is the stored rows of the files still standing merged, in path
order, with the rows of the files set since. The file read back is the one ``persist.write``
makes of the same graph, but for its string ids.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.graph import persist
from maguyva_tui.core.graph.sites import EMPTY, EMPTY_LOOSE, NO_MEMBERS, codes, ints
from maguyva_tui.core.graph.spans import SpanMap
from maguyva_tui.core.graph.symbols import StoredRows
from maguyva_tui.core.graph.tables import symbol_id
from maguyva_tui.core.store.arrays import Interner

if TYPE_CHECKING:
    from pathlib import Path


def write_spliced(graph: persist.Persisted, path: Path) -> bool:
    """Write an opened graph with its unchanged files' columns copied; ``False`` (nothing written)
    for a graph not opened from disk, or whose parts are no longer the stored columns."""
    origin = graph.origin
    entries = graph.store.entries
    if origin is None or not isinstance(entries, StoredRows) or not all(
            isinstance(m, SpanMap) and m.columns for m in (graph.blocks, graph.loose_blocks, graph.members)):
        return False
    paths = sorted(graph.languages)
    at = dict(zip(paths, range(len(paths))))
    stored = origin.strings.all()
    if any(stored[i - 1] not in at for i in origin.arrays["paths"].tolist()):
        return False  # a file left: its strings must leave the index with it (an ignored secret), so all is written anew
    strings = Interner()
    strings.ids = dict(zip(stored, range(1, len(origin.strings) + 1)))
    order, remap, symbols = _nodes(graph, entries, paths, at, len(origin.arrays["rank"]))
    arrays: dict[str, NDArray[Any]] = {"format": np.asarray([persist.FORMAT], np.int64),
                                       "rank": np.asarray(graph.slot_centrality(), dtype=np.float64)[order], **symbols}
    arrays["paths"] = ints(strings.column(paths))
    arrays["languages"] = ints(strings.column(graph.languages[p] for p in paths))
    arrays.update(_sites(graph, paths, at, remap))
    arrays.update(_loose(graph, paths, at, remap, strings, origin.arrays["loose_names"]))
    arrays.update(_members(graph, paths, at, remap))
    deps = [graph.deps.get(p, ()) for p in paths]
    arrays["deps.counts"] = ints([len(keys) for keys in deps])
    arrays["deps"] = ints(strings.column(key for keys in deps for key in keys)).reshape(-1, 1)
    arrays.update(persist.base_records(graph, strings))
    arrays["strings"], arrays["string_offsets"] = _extended(origin, strings)
    persist.save_arrays(path, arrays)
    return True


def _spliced(spans: SpanMap[Any], paths: list[str], at: dict[str, int], names: tuple[str, ...], empty: Any,
             column: Callable[[Any, str], NDArray[Any]] = getattr
             ) -> tuple[dict[str, NDArray[Any]], NDArray[np.int32], list[Any]]:
    """Return each column with the stored rows of standing files and the rows of the blocks set
    since (``column`` reads one of a block), in path order; the count per path; and the blocks
    set since, in path order."""
    stored = spans.stored_rows()
    assert stored is not None
    bounds, row_files, keep, _, rest = stored
    final = _final(bounds, at)
    keep = keep & (final[row_files] >= 0)
    made = sorted(((at[p], block) for p, block in rest.items() if p in at), key=_first)
    file = np.concatenate([final[row_files[keep]], *(np.full(len(b.source), f, np.int64) for f, b in made)])
    order = np.argsort(file, kind="stable")
    columns = {name: np.concatenate([np.asarray(spans.columns[name][keep], dtype=getattr(empty, name).dtype),
                                     *(column(b, name) for _, b in made)])[order] for name in names}
    return columns, np.bincount(file, minlength=len(paths)).astype(np.int32), [b for _, b in made]


def _final(bounds: Any, at: dict[str, int]) -> NDArray[np.int64]:
    """Per stored file, its position among the paths written (-1: removed)."""
    final = np.full(bounds.count, -1, dtype=np.int64)
    for stored_path, position in bounds.files.items():
        final[position] = at.get(stored_path, -1)
    return final


def _first(item: tuple[int, Any]) -> int:
    return item[0]


def _sites(graph: persist.Persisted, paths: list[str], at: dict[str, int], remap: NDArray[np.int32]
           ) -> dict[str, NDArray[Any]]:
    columns, counts, _ = _spliced(graph.blocks, paths, at, ("line", "source", "target", "kind"), EMPTY)  # type: ignore[arg-type]
    target = remap[columns["target"]]
    return {"sites.counts": counts, "sites.line": ints(columns["line"]), "sites.source": remap[columns["source"]],
            "sites.target": target, "sites.kind": codes(columns["kind"])}


def _loose(graph: persist.Persisted, paths: list[str], at: dict[str, int], remap: NDArray[np.int32],
           strings: Interner, stored_names: NDArray[Any]) -> dict[str, NDArray[Any]]:
    """The loose sites; the stored names list kept whole, each set block's names after it."""
    columns, counts, made = _spliced(graph.loose_blocks, paths, at,  # type: ignore[arg-type]
                                     ("line", "source", "kind", "outcome", "name"), _LOOSE, _loose_column)
    added = ints(strings.column(name for block in made for name in block.names))
    name = columns["name"].astype(np.int64)
    fresh = name < 0  # a set block's site: numbered after the stored names, in path order as its names were listed
    name[fresh] = len(stored_names) + np.arange(int(fresh.sum()))
    return {"loose.counts": counts, "loose.line": ints(columns["line"]), "loose.source": remap[columns["source"]],
            "loose.kind": codes(columns["kind"]), "loose.outcome": codes(columns["outcome"]), "loose.name": ints(name),
            "loose_names": np.concatenate([np.asarray(stored_names, dtype=np.int32), added])}


def _loose_column(block: Any, name: str) -> NDArray[Any]:
    """A set loose block's column; its name column is -1 per site until numbered."""
    return np.full(len(block.line), -1, dtype=np.int64) if name == "name" else getattr(block, name)


def _members(graph: persist.Persisted, paths: list[str], at: dict[str, int], remap: NDArray[np.int32]
             ) -> dict[str, NDArray[Any]]:
    columns, counts, _ = _spliced(graph.members, paths, at, ("source", "target"), NO_MEMBERS)  # type: ignore[arg-type]
    return {"members.counts": counts, "members.source": remap[columns["source"]],
            "members.target": remap[columns["target"]]}


class _LooseColumns:
    """The dtypes of the loose columns as spliced (the name column: positions in the names list)."""

    line, source, kind, outcome = EMPTY_LOOSE.line, EMPTY_LOOSE.source, EMPTY_LOOSE.kind, EMPTY_LOOSE.outcome
    name = np.zeros(0, dtype=np.int64)


_LOOSE = _LooseColumns()


def _nodes(graph: persist.Persisted, entries: StoredRows, paths: list[str], at: dict[str, int],
           stored_nodes_count: int) -> tuple[NDArray[np.int64], NDArray[np.int32], dict[str, NDArray[Any]]]:
    """Return the slots in stored node order, the map from slot to stored position, and the
    symbols' count per path (their rows are the facts', ``persist.read``)."""
    stored = entries.stored_rows()
    assert stored is not None
    bounds, row_files, keep, standing, rest = stored
    final = _final(bounds, at)
    standing = standing & (final >= 0)
    keep = keep & standing[row_files]
    file_slots, _ = entries.slots()
    node_counts = np.diff(np.append(file_slots, stored_nodes_count))
    node_files = np.repeat(np.arange(len(file_slots), dtype=np.int64), node_counts)
    stored_nodes = np.flatnonzero(standing[node_files])  # a stored node's slot is its stored position
    index = graph.nodes.index
    rest_paths = [p for p in paths if p in rest or p not in bounds.files or not standing[bounds.files[p]]]
    row_keys: list[int] = []
    slots: list[int] = []
    slot_keys: list[int] = []
    for path in rest_paths:
        position = at[path]
        file_rows = graph.store.rows(path) if path in graph.store.entries else ()
        row_keys.extend([position] * len(file_rows))
        slots.append(index[path])
        slot_keys.append(position)
        seen: set[str] = set()
        for row in file_rows:
            if row[1] not in seen:
                seen.add(row[1])
                slots.append(index[symbol_id(path, row[1])])
                slot_keys.append(position)
    keys = np.concatenate([final[node_files[stored_nodes]], np.asarray(slot_keys, dtype=np.int64)])
    order = np.concatenate([stored_nodes, np.asarray(slots, dtype=np.int64)])[np.argsort(keys, kind="stable")]
    remap = np.full(len(graph.nodes), -1, dtype=np.int32)
    remap[order] = np.arange(len(order), dtype=np.int32)
    table_keys = np.concatenate([final[row_files[keep]], np.asarray(row_keys, dtype=np.int64)])
    return order, remap, {"symbols.counts": np.bincount(table_keys, minlength=len(paths)).astype(np.int32)}


def _extended(origin: persist.Origin, strings: Interner) -> tuple[NDArray[np.uint8], NDArray[np.int64]]:
    """The stored string table's bytes and offsets, with the strings added since after them."""
    old_blob, old_offsets = origin.arrays["strings"], origin.arrays["string_offsets"]
    added = list(strings.ids)[len(origin.strings):]
    blob, offsets = persist.string_blob(added)
    return (np.concatenate([np.asarray(old_blob, dtype=np.uint8), np.frombuffer(blob, np.uint8)]),
            np.concatenate([np.asarray(old_offsets, dtype=np.int64), offsets[1:] + int(old_offsets[-1])]))
