"""The stored form of a ``CodeGraph``: integer arrays and records, no object per site or edge.

``graph.npz`` (read whole when a question first needs the graph; ``allow_pickle=False``, so
nothing in it runs code) holds plain arrays only: strings as one table (``arrays.py``), rows of
strings as records, sites as columns. Nodes are not stored: they are the files in path order, each
followed by its symbols' qualnames in position order, and every array refers to them by that
position. Sites, loose sites and member edges are concatenated in path order with a count per file.
The order of the sites by target is not stored: it is sorted again when the graph is read (a radix
sort of the targets, :func:`~maguyva_tui.core.graph.sites.by_target`; issue 19: sympy's 1.27 MB,
0.044 x its tree, for a few milliseconds of a graph's first question). The site columns that
change little from one site to the next are stored coded where that is smaller (:data:`CODED`:
sympy's 1.2 MB less), and decoded whole as the graph is read (a millisecond or two). The facts are not stored (the index has them): ``attach`` gives them back before an
update. Nor are the symbols: a graph's rows of a file are its facts' symbols in position order, so
an opened graph reads the facts' record table and strings (``facts_symbols.npy``,
``facts_strings.bin``, mapped) and stores only its count per file, which with the paths must
agree with the facts' (sympy's graph.npz 7.8 -> 4.4 MB: its symbols' records and strings were
the facts' again).
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, cast

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.graph.bases import Bases
from maguyva_tui.core.graph.nodes import NodeTable, StoredNodes
from maguyva_tui.core.graph.sites import (
    EMPTY,
    EMPTY_LOOSE,
    NO_MEMBERS,
    Block,
    LooseBlock,
    Members,
    codes,
    ints,
    merged_from,
)
from maguyva_tui.core.graph.spans import Bounds, Deferred, SpanMap
from maguyva_tui.core.graph.symbols import SCHEMA, Row, StoredRows, SymbolStore, to_row
from maguyva_tui.core.graph.tables import symbol_id
from maguyva_tui.core.store.arrays import Interner, Strings, narrowest, strings_blob
from maguyva_tui.core.store.facts_files import StoredRows as StoredFacts
from maguyva_tui.core.store.npz import mapped_npz, save_npz
from maguyva_tui.core.store.records import Record, decode_records, encode_records
from maguyva_tui.core.types import FileFacts

FORMAT = 5
"""Bumped whenever the stored layout changes; an older graph is refused (4: the symbols read from
the facts, no longer stored; 5: the sites' order by target no longer stored, columns coded)."""

RECORDS = {"deps": "s", "bases": "ss", "base_parts": "sss", "base_sources": "ss"}
"""The record tables of ``graph.npz`` and their fields (``s`` a string, ``i`` an int)."""

COLUMNS = {"sites": ("counts", "line", "source", "target", "kind"),
           "loose": ("counts", "line", "source", "kind", "outcome", "name"),
           "members": ("counts", "source", "target")}
"""The array columns of ``graph.npz``, stored as ``<group>.<column>``."""


class Persisted(Protocol):
    """The parts of a ``model.CodeGraph`` its stored form reads and fills (``model`` imports this
    module, so this module names them instead of importing it)."""

    nodes: NodeTable
    store: SymbolStore
    languages: dict[str, str | None]
    blocks: MutableMapping[str, Block]
    loose_blocks: MutableMapping[str, LooseBlock]
    members: MutableMapping[str, Members]
    inheritance: Bases
    deps: MutableMapping[str, tuple[str, ...]]
    _rank: list[float]
    _derived: dict[str, Any]
    origin: Origin | None
    """The stored arrays a graph was opened from (``None`` for one built in memory)."""

    def slot_centrality(self) -> list[float]:
        """Return the centrality of every node slot."""


@dataclass(frozen=True, slots=True)
class Origin:
    """The stored arrays and string table a graph was opened from: what a save splices its
    unchanged files' columns from."""

    arrays: Mapping[str, NDArray[Any]]
    strings: Strings


def dump(graph: Persisted) -> dict[str, Any]:
    """Return the state of a graph as arrays and rows (``write`` stores it)."""
    paths = sorted(graph.languages)
    rows = [graph.store.rows(p) if p in graph.store.entries else () for p in paths]
    order, remap = _compaction(graph, paths, rows)
    blocks = [graph.blocks.get(p, EMPTY) for p in paths]
    loose = [graph.loose_blocks.get(p, EMPTY_LOOSE) for p in paths]
    members = [graph.members.get(p, NO_MEMBERS) for p in paths]
    target = remap[_cat(b.target for b in blocks)]
    names, name_index = _intern(name for b in loose for name in b.names)
    keys: dict[str, str] = {}
    return {
        "format": FORMAT,
        "paths": paths,
        "languages": [graph.languages[p] for p in paths],
        "symbols": rows,
        "sites": {
            "counts": ints([len(b.line) for b in blocks]),
            "line": ints(_cat(b.line for b in blocks)),
            "source": remap[_cat(b.source for b in blocks)],
            "target": target,
            "kind": codes(_cat(b.kind for b in blocks)),
        },
        "loose": {
            "counts": ints([len(b.line) for b in loose]),
            "line": ints(_cat(b.line for b in loose)),
            "source": remap[_cat(b.source for b in loose)],
            "kind": codes(_cat(b.kind for b in loose)),
            "outcome": codes(_cat(b.outcome for b in loose)),
            "name": name_index,
        },
        "loose_names": names,
        "members": {
            "counts": ints([len(m.source) for m in members]),
            "source": remap[_cat(m.source for m in members)],
            "target": remap[_cat(m.target for m in members)],
        },
        "rank": np.asarray(graph.slot_centrality(), dtype=np.float64)[order],
        "deps": [tuple(keys.setdefault(k, k) for k in graph.deps.get(p, ())) for p in paths],
        "bases": graph.inheritance.bases,
        "base_parts": graph.inheritance.parts,
        "base_sources": graph.inheritance.sources,
    }


def _compaction(graph: Persisted, paths: list[str], rows: list[tuple[Row, ...]]
                ) -> tuple[NDArray[np.int64], NDArray[np.int32]]:
    """Return the slots in stored node order, and the map from slot to stored position (-1: removed)."""
    index = graph.nodes.index
    order = []
    for path, file_rows in zip(paths, rows):
        order.append(index[path])
        seen: set[str] = set()
        for row in file_rows:
            if row[1] not in seen:
                seen.add(row[1])
                order.append(index[symbol_id(path, row[1])])
    slots = np.asarray(order, dtype=np.int64)
    remap = np.full(len(graph.nodes), -1, dtype=np.int32)
    remap[slots] = np.arange(len(slots), dtype=np.int32)
    return slots, remap


def _cat(arrays: Any) -> NDArray[Any]:
    """Concatenate columns (an empty int32 column for none)."""
    found = list(arrays)
    return np.concatenate(found) if found else np.zeros(0, dtype=np.int32)


def _intern(names: Any) -> tuple[list[str], NDArray[np.int32]]:
    """Return the distinct names and, per name given, its position among them."""
    positions: dict[str, int] = {}
    index = [positions.setdefault(name, len(positions)) for name in names]
    return list(positions), ints(index)


def load(graph: Persisted, state: dict[str, Any]) -> None:
    """Fill an empty graph from its stored state."""
    if state.get("format") != FORMAT:
        raise ValueError(f"graph format {state.get('format')!r}, expected {FORMAT}: rebuild the index")
    paths: list[str] = state["paths"]
    graph.languages = dict(zip(paths, state["languages"]))
    if len(graph.nodes):
        raise ValueError("a stored graph is loaded into an empty graph only")
    table, counts, strings = state["symbols"]
    graph.nodes = _nodes(paths, table, counts, strings)
    files = dict(zip(paths, range(len(paths))))  # each file's position, for every per-file column
    graph.store.entries = StoredRows(paths, table, counts, strings, files)
    _load_sites(graph, paths, files, state["sites"])
    _load_loose(graph, files, state["loose"], state["loose_names"])
    members = state["members"]
    source, target = members["source"], members["target"]
    holding = {paths[i]: i for i in np.flatnonzero(members["counts"]).tolist()}  # the files with member edges only
    graph.members = SpanMap(Bounds(holding, _ends(members["counts"])), lambda a, b: Members(source[a:b], target[a:b]),
                            members)
    graph._rank = state["rank"].tolist()
    graph.deps = state["deps"]
    inheritance = graph.inheritance
    inheritance.bases, inheritance.parts, inheritance.sources = state["bases"], state["base_parts"], state["base_sources"]
    graph.origin = state.get("origin")


def _nodes(paths: list[str], table: NDArray[Any], counts: NDArray[Any], strings: Strings) -> NodeTable:
    """Return the node table of a stored graph: each file, then its symbols' distinct qualnames in
    row order (a qualname defined twice in a file is one node, of its first kind), kept as columns
    (made as lists when a path holds ``:``: one holding ``::`` might be a symbol's id too)."""
    files = len(paths)
    file_of_row = np.repeat(np.arange(files, dtype=np.int64), counts)
    keep = np.ones(len(table), dtype=bool)
    if len(table) > 1:  # later rows of a (file, qualname) already seen are no node of their own
        key = file_of_row * (len(strings) + 2) + table[:, 1].astype(np.int64)
        order = np.argsort(key, kind="stable")
        ordered = key[order]
        keep[order[1:][ordered[1:] == ordered[:-1]]] = False
    kept_counts = np.bincount(file_of_row[keep], minlength=files)
    file_slots = np.arange(files, dtype=np.int64) + np.cumsum(kept_counts) - kept_counts
    stored = StoredNodes(paths, file_slots, table[keep, 1], table[keep, 2], strings)
    if any(":" in path for path in paths):  # `a::b.py`'s id might be file `a`'s symbol `b.py`'s
        return NodeTable.filled(*stored.whole())
    return NodeTable.stored(stored)


def _ends(counts: NDArray[Any]) -> list[int]:
    """Return ``0`` then the running total of per-file counts: file ``i``'s rows are ``ends[i]:ends[i + 1]``."""
    return [0, *np.cumsum(counts, dtype=np.int64).tolist()]


def _spans(counts: NDArray[np.int32]) -> list[tuple[int, int]]:
    """Return the (start, end) of each file's rows in a concatenated column."""
    ends = np.cumsum(counts, dtype=np.int64).tolist()
    return list(zip([0, *ends[:-1]], ends))


def _load_sites(graph: Persisted, paths: Sequence[str], files: dict[str, int], sites: dict[str, NDArray[Any]]) -> None:
    """Split the stored sites into per-file blocks and keep them merged."""
    line, source, target, kind = sites["line"], sites["source"], sites["target"], sites["kind"]
    graph.blocks = SpanMap(Bounds(files, _ends(sites["counts"])),
                           lambda a, b: Block(line[a:b], source[a:b], target[a:b], kind[a:b]), sites)
    file = np.repeat(np.arange(len(paths), dtype=np.int32), sites["counts"])
    graph._derived["merged"] = merged_from(tuple(paths), file, line, source, target, kind, len(graph.nodes))


def _load_loose(graph: Persisted, files: dict[str, int], loose: dict[str, NDArray[Any]],
                names: Sequence[str | None]) -> None:
    """Split the stored loose sites into per-file blocks."""
    line, source, kind, outcome, name = (loose[c] for c in ("line", "source", "kind", "outcome", "name"))

    def block(a: int, b: int) -> LooseBlock:
        return LooseBlock(line[a:b], source[a:b], kind[a:b], outcome[a:b], _pick(names, name[a:b]))

    graph.loose_blocks = SpanMap(Bounds(files, _ends(loose["counts"])), block, loose)


def _pick(names: Sequence[str | None], at: NDArray[Any]) -> tuple[str, ...]:
    """Return the names at these positions of the stored names, decoded together."""
    if isinstance(names, _Picked):
        return tuple(cast(list[str], names.at(at)))
    return tuple(cast(str, names[i]) for i in at.tolist())


# -- on disk -------------------------------------------------------------------------------------


def write(path: Path, state: dict[str, Any]) -> None:
    """Store a graph's state (``dump``) as plain arrays in one ``.npz`` file."""
    strings = Interner()
    arrays: dict[str, NDArray[Any]] = {"format": np.asarray([state["format"]], np.int64), "rank": state["rank"]}
    for name in ("paths", "languages", "loose_names"):
        arrays[name] = ints(strings.column(state[name]))
    for group, columns in COLUMNS.items():
        for column in columns:
            arrays[f"{group}.{column}"] = state[group][column]
    arrays["symbols.counts"] = ints([len(rows) for rows in state["symbols"]])  # the rows: the facts' (``read``)
    deps = state["deps"]
    arrays["deps.counts"] = ints([len(keys) for keys in deps])
    # one-field records: the key ids as a column, what encode_records makes of a 1-tuple per key
    # (those tuples were the largest part of a big graph's writing, ~50 bytes a key)
    arrays["deps"] = ints(strings.column(key for keys in deps for key in keys)).reshape(-1, 1)
    arrays.update(_base_records(state["bases"], state["base_parts"], state["base_sources"], strings))
    names = strings.strings()
    del strings  # its dict, and an int per string, before the table's bytes are made (the graph process's peak)
    blob, offsets = _blob(names)
    del names
    arrays["strings"], arrays["string_offsets"] = np.frombuffer(blob, np.uint8), offsets
    save_arrays(path, arrays)


def base_records(graph: Persisted, strings: Interner) -> dict[str, NDArray[Any]]:
    """The record tables of a graph's base types."""
    inheritance = graph.inheritance
    return _base_records(inheritance.bases, inheritance.parts, inheritance.sources, strings)


def _base_records(bases: dict[str, list[str]], parts: dict[str, dict[str, list[str]]], sources: dict[str, set[str]],
                  strings: Interner) -> dict[str, NDArray[Any]]:
    flat: dict[str, list[Record]] = {
        # sorted by key: the order files were resolved in (a set's, per process) never reaches the disk
        "bases": [(node, base) for node, found in sorted(bases.items()) for base in found],
        "base_parts": [(file, node, base) for file, file_parts in sorted(parts.items())
                       for node, found in sorted(file_parts.items()) for base in found],
        "base_sources": [(node, file) for node, files in sorted(sources.items()) for file in sorted(files)],
    }
    return {name: encode_records(rows, RECORDS[name], strings) for name, rows in flat.items()}


NARROW: dict[str, tuple[type[np.generic], ...]] = {
    **{name: (np.uint16, np.int32) for name in ("sites.line", "sites.source", "sites.target", "loose.line",
                                                "loose.source", "loose.name", "members.source", "members.target",
                                                "loose_names", "deps", *(n for n in RECORDS if n != "deps"))},
    "string_offsets": (np.uint32, np.int64),
}
"""Columns stored in the first of their types that holds every value (each is at least 0: node
slots, lines, positions): a graph of fewer than 65,536 nodes and sites keeps them in 2 bytes
(sympy's graph.npz 9.6 -> 7.4 MB). Every reader indexes with them, compares them, or widens them
(``merged_from``, ``aggregate``, ``Strings``); a splice widens the stored rows to ``int32`` first."""


def save_arrays(path: Path, arrays: dict[str, NDArray[Any]]) -> None:
    """Store a graph's arrays in one ``.npz`` file (never an object array), the columns of
    :data:`NARROW` in the narrowest type that holds them."""
    if any(a.dtype.hasobject for a in arrays.values()):
        raise TypeError("object arrays are never stored")
    stored = {}
    for name, array in arrays.items():
        stored.update(_coded(name, _narrowed(array, NARROW[name]) if name in NARROW else array))
    save_npz(path, stored)  # its larger members packed (issue 19: 27.0 -> 8 MB on the 450 MB corpus)


CODED = ("sites.line", "sites.source", "sites.kind", "loose.line", "loose.source", "loose.kind", "loose.outcome",
         "members.target")
"""Columns stored coded where that saves :data:`CODED_LEAST` bytes or more, each the smaller way:

    <column>.deltas, <column>.at, <column>.values   each value less the one before as ``int8``
        (a site's line, its enclosing symbol: 99 % within 127 of the site before), 0 at the
        positions ``at`` (``uint32``, 0 the first) whose values are given whole in ``values``
    <column>.runs, <column>.values   runs of one value (a kind: 1 % of sites differ from the
        one before): where each starts (``uint32``) and the column's length last; each one's value

``values`` keeps the column's type. Sympy's sites and loose sites: 2.2 -> 1.0 MB. The nodes' ranks
too, where smaller, as their distinct values (``rank.table``, ``float64``, in order) and each
node's among them (``rank.codes``, the narrowest unsigned type): many nodes share one (sympy's
46,348 ranks are 9,453 values, 0.37 -> 0.17 MB), each read back exactly."""

CODED_LEAST = 1 << 12
"""Bytes a coded column saves at the least, or it is stored as it is: a small graph's columns stay
mapped, read as touched."""

DELTA_MOST = 127
"""The largest step a delta of ``int8`` holds either way."""


def _coded(name: str, column: NDArray[Any]) -> dict[str, NDArray[Any]]:
    """A column as stored: itself, or its deltas or runs (:data:`CODED`), whichever is smallest."""
    if name == "rank":
        return _table_coded(name, column)
    if name not in CODED or len(column) >= 1 << 32:
        return {name: column}
    wide = column.astype(np.int64)
    step = np.diff(wide, prepend=np.int64(0))
    whole = np.flatnonzero(np.abs(step) > DELTA_MOST)
    if not len(whole) or whole[0]:
        whole = np.concatenate((np.zeros(1, np.int64), whole))
    delta_bytes = len(column) + len(whole) * (4 + column.itemsize)
    starts = np.flatnonzero(np.concatenate(([True], wide[1:] != wide[:-1]))) if len(column) else whole[:0]
    run_bytes = (len(starts) + 1) * 4 + len(starts) * column.itemsize
    if min(delta_bytes, run_bytes) + CODED_LEAST > column.nbytes:
        return {name: column}
    if run_bytes <= delta_bytes:
        return {f"{name}.runs": np.append(starts, len(column)).astype(np.uint32), f"{name}.values": column[starts]}
    step[whole] = 0
    return {f"{name}.deltas": step.astype(np.int8), f"{name}.at": whole.astype(np.uint32), f"{name}.values": column[whole]}


def _table_coded(name: str, column: NDArray[Any]) -> dict[str, NDArray[Any]]:
    """A float column as its distinct values and each one's position among them, where smaller
    (a NaN, never a rank, keeps it as it is)."""
    if not len(column) or column.dtype != np.float64 or bool(np.isnan(column).any()):
        return {name: column}
    order = np.argsort(column, kind="stable")
    ordered = column[order]
    bits = ordered.view(np.int64)  # equal as stored: -0.0 is not 0.0
    first = np.concatenate(([True], bits[1:] != bits[:-1]))
    table = ordered[first]
    kind = narrowest(len(table) - 1, (np.uint8, np.uint16, np.uint32))
    if table.nbytes + len(column) * np.dtype(kind).itemsize + CODED_LEAST > column.nbytes:
        return {name: column}
    codes = np.empty(len(column), kind)
    codes[order] = np.cumsum(first) - 1
    return {f"{name}.table": table, f"{name}.codes": codes}


def decoded(arrays: dict[str, NDArray[Any]]) -> dict[str, NDArray[Any]]:
    """A stored graph's arrays with its coded columns (:data:`CODED`, the ranks) decoded;
    ValueError where their parts disagree (a damaged file)."""
    table, codes = arrays.pop("rank.table", None), arrays.pop("rank.codes", None)
    if table is not None and codes is not None:
        if codes.dtype.kind != "u" or (len(codes) and int(codes.max()) >= len(table)):
            raise ValueError("graph rank codes out of range")
        arrays["rank"] = np.asarray(table)[codes]
    for name in CODED:
        values = arrays.pop(f"{name}.values", None)
        if values is None:
            continue
        runs, deltas, at = (arrays.pop(f"{name}.{part}", None) for part in ("runs", "deltas", "at"))
        if runs is not None:
            arrays[name] = _from_runs(runs, values)
        elif deltas is not None and at is not None:
            arrays[name] = _from_deltas(deltas, at, values)
        else:
            raise ValueError(f"graph {name} coded without its parts")
    return arrays


def _from_runs(runs: NDArray[Any], values: NDArray[Any]) -> NDArray[Any]:
    """A column from where its runs start (its length last) and their values."""
    bounds = np.asarray(runs, np.int64)
    lengths = np.diff(bounds)
    if len(bounds) != len(values) + 1 or (len(bounds) and int(bounds[0])) or (lengths <= 0).any():
        raise ValueError("graph runs disagree")
    return np.repeat(np.asarray(values), lengths)


def _from_deltas(deltas: NDArray[Any], at: NDArray[Any], values: NDArray[Any]) -> NDArray[Any]:
    """A column from its steps, with the values given whole at ``at`` (0 the first)."""
    where = np.asarray(at, np.int64)
    if len(where) != len(values) or (len(deltas) and (not len(where) or int(where[0]) != 0)) \
            or (np.diff(where) <= 0).any() or (len(where) and int(where[-1]) >= len(deltas)):
        raise ValueError("graph deltas disagree")
    if not len(deltas):
        return np.asarray(values)
    running = np.cumsum(deltas, dtype=np.int64)
    base = np.asarray(values, np.int64) - running[where]
    column = running + np.repeat(base, np.diff(np.append(where, len(deltas))))
    return column.astype(values.dtype)


def _narrowed(array: NDArray[Any], types: tuple[type[np.generic], ...]) -> NDArray[Any]:
    """A column in the first of ``types`` that holds every value (as it is when one is negative)."""
    if len(array) and int(array.min()) < 0:
        return array
    return np.asarray(array, narrowest(int(array.max()) if len(array) else 0, types))


BLOB_RUN = 4096
"""Strings encoded at once when the string table is written."""


def _blob(strings: list[str]) -> tuple[bytearray, NDArray[np.int64]]:
    """What ``store.arrays.strings_blob`` returns, made a run of strings at a time: not every string's bytes as
    an object at once (a big graph's table holds hundreds of thousands, 35 bytes each besides)."""
    blob = bytearray()
    lengths = np.zeros(len(strings), dtype=np.int64)
    for start in range(0, len(strings), BLOB_RUN):
        run = [s.encode("utf-8", "surrogatepass") for s in strings[start : start + BLOB_RUN]]
        lengths[start : start + len(run)] = np.fromiter(map(len, run), np.int64, len(run))
        blob += b"\0".join([*run, b""])
    offsets = np.zeros(len(strings) + 1, dtype=np.int64)
    np.cumsum(lengths + 1, out=offsets[1:])
    return blob, offsets


string_blob = _blob
"""The string table's bytes and offsets (``splice.py`` appends the strings a save adds with it)."""


def read(path: Path, facts: Mapping[str, FileFacts]) -> dict[str, Any]:
    """Read a stored graph's state (for ``load``), its symbols from the facts it was built from;
    raise ValueError (or OSError) when it is damaged or disagrees with them."""
    arrays = decoded(mapped_npz(path))
    blob = arrays["strings"].tobytes()
    strings = Strings(blob, arrays["string_offsets"])
    paths: list[str] = _leading(blob, arrays["string_offsets"], arrays["paths"]) or cast(
        list[str], strings.pick(arrays["paths"]))  # a None among them is refused by _check
    state: dict[str, Any] = {"format": int(arrays["format"][0]), "rank": arrays["rank"], "paths": paths,
                             "languages": strings.pick(arrays["languages"]),
                             "loose_names": _Picked(strings, arrays["loose_names"])}
    for group, columns in COLUMNS.items():
        state[group] = {column: arrays[f"{group}.{column}"] for column in columns}
    state["symbols"] = _symbol_table(facts, paths, arrays["symbols.counts"])
    state["deps"] = _deps(arrays["deps"], arrays["deps.counts"], paths, strings)
    records = {name: decode_records(arrays[name], RECORDS[name], strings)
               for name in ("bases", "base_parts", "base_sources")}
    state["bases"] = _grouped(records["bases"])
    parts: dict[str, dict[str, list[str]]] = {}
    for file, node, base in records["base_parts"]:
        parts.setdefault(file, {}).setdefault(node, []).append(base)
    state["base_parts"] = parts
    state["base_sources"] = {node: set(files) for node, files in _grouped(records["base_sources"]).items()}
    _check(state)
    state["origin"] = Origin(arrays, strings)
    return state


class _Picked(Sequence[str | None]):
    """Strings of stored ids decoded when read (a graph's loose names: only an update reads them)."""

    __slots__ = ("_ids", "_strings")

    def __init__(self, strings: Strings, ids: NDArray[Any]) -> None:
        self._strings = strings
        self._ids = ids

    def __len__(self) -> int:
        return len(self._ids)

    def at(self, positions: NDArray[Any]) -> list[str | None]:
        """Return the strings at these positions, decoded together."""
        return self._strings.pick(self._ids[positions]) if len(positions) else []

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return self._strings.pick(self._ids[i])
        return self._strings.pick(self._ids[i : i + 1] if i >= 0 else self._ids[i:][:1])[0]


def _leading(blob: bytes, offsets: NDArray[np.int64], ids: NDArray[Any]) -> list[str] | None:
    """Return the strings of ids when they are the table's first ones in order (the paths: interned
    first when written), decoded as one run of the table's start; ``None`` when they are not."""
    count = len(ids)
    if not 0 < count < len(offsets) or not np.array_equal(ids, np.arange(1, count + 1)):
        return None
    try:
        parts = blob[: int(offsets[count])].decode("utf-8", "surrogatepass").split("\0")
    except UnicodeDecodeError:
        return None
    return parts[:count] if len(parts) == count + 1 else None


def _deps(column: NDArray[Any], counts: NDArray[Any], paths: list[str], strings: Strings
          ) -> Deferred[tuple[str, ...]]:
    """Return each file's dependency keys, decoded when first read (an update reads them; a
    question never does); raise ValueError when the counts disagree (a damaged file)."""
    if (len(column) and (column.ndim != 2 or column.shape[1] != len(RECORDS["deps"]))) or len(counts) != len(paths) \
            or (counts < 0).any() or len(column) != int(counts.sum()):
        raise ValueError("record counts disagree")

    def make() -> dict[str, tuple[str, ...]]:
        keys = decode_records(column, RECORDS["deps"], strings)
        return dict(zip(paths, (tuple(key for key, in keys[a:b]) for a, b in _spans(counts))))

    return Deferred(make)


def _symbol_table(facts: Mapping[str, FileFacts], paths: list[str], counts: NDArray[Any]
                  ) -> tuple[NDArray[Any], NDArray[Any], Strings]:
    """Return the symbols' record table (rows in path order, each file's in position order), its
    count per file and its strings, read from the facts; raise ValueError when the stored counts
    disagree with them (a damaged file, or facts the graph was not built from)."""
    if counts.ndim != 1 or len(counts) != len(paths) or (counts < 0).any():
        raise ValueError("record counts disagree")
    table, found, strings = facts_symbols(facts, paths)
    width = len(SCHEMA)
    if not len(table):
        table = np.zeros((0, width), dtype=np.int32)
    if table.ndim != 2 or table.shape[1] != width or table.dtype.kind not in "iu" or not np.array_equal(found, counts):
        raise ValueError("graph symbols disagree with the facts")
    names = table[:, :3]
    if len(names) and (int(names.min()) <= 0 or int(names.max()) > len(strings)):
        raise ValueError("graph symbol names out of range")
    return _positioned(table, found), counts, strings


def facts_symbols(facts: Mapping[str, FileFacts], paths: list[str]
                  ) -> tuple[NDArray[Any], NDArray[np.int64], Strings]:
    """The facts' symbol rows of these files as one record table (files in this order, each file's
    rows as its facts hold them), the count per file and the strings the ids read: a generation's
    stored facts' own table and strings, mapped (not a copy), where the paths are theirs; otherwise
    (facts in memory) encoded here. ValueError when the facts do not hold exactly these files."""
    rows = getattr(facts, "rows", None)
    if isinstance(rows, StoredFacts):
        if rows.paths != paths:
            raise ValueError("graph files disagree with the facts")
        table, starts, strings = rows.symbol_columns()
        return table, np.diff(starts), strings
    if len(facts) != len(paths) or any(p not in facts for p in paths):
        raise ValueError("graph files disagree with the facts")
    per_file = [[to_row(s) for s in facts[p].symbols] for p in paths]
    interner = Interner()
    table = encode_records([row for file_rows in per_file for row in file_rows], SCHEMA, interner)
    blob, offsets = strings_blob(interner.strings())
    return table, np.asarray([len(r) for r in per_file], dtype=np.int64), Strings(blob, offsets)


def _positioned(table: NDArray[Any], counts: NDArray[Any]) -> NDArray[Any]:
    """The rows with each file's in position order (start line, then the enclosing first: the
    graph's order, ``symbols.position``), keeping the order of rows at one position; the table
    itself where they are so already (the facts' order, as the parsers list them)."""
    if len(table) < 2:
        return table
    file_of_row = np.repeat(np.arange(len(counts), dtype=np.int64), counts)
    start, end = table[:, 3].astype(np.int64), table[:, 4].astype(np.int64)
    same = file_of_row[1:] == file_of_row[:-1]
    back = (start[1:] < start[:-1]) | ((start[1:] == start[:-1]) & (end[1:] > end[:-1]))
    if not (same & back).any():
        return table
    return np.asarray(table)[np.lexsort((-end, start, file_of_row))]


def _grouped(pairs: tuple[Record, ...]) -> dict[str, list[str]]:
    """Return (key, value) pairs as key to its values, in the order stored."""
    out: dict[str, list[str]] = {}
    for key, value in pairs:
        out.setdefault(key, []).append(value)
    return out


def _check(state: dict[str, Any]) -> None:
    """Refuse a state whose parts disagree (a damaged file)."""
    files = len(state["paths"])
    if None in state["paths"] or len(state["languages"]) != files or len(state["rank"]) < files:
        raise ValueError("graph files disagree")
    for group, columns in COLUMNS.items():
        counts = state[group]["counts"]
        if len(counts) != files or (counts < 0).any():
            raise ValueError(f"graph {group} counts disagree")
        total = int(counts.sum())
        if any(len(state[group][column]) != total for column in columns[1:]):
            raise ValueError(f"graph {group} columns disagree")
    if state["rank"].dtype != np.float64 or any(
            state[g][c].dtype.kind not in "iu" or state[g][c].ndim != 1 for g, cs in COLUMNS.items() for c in cs):
        raise ValueError("graph columns of the wrong type")
    nodes = len(state["rank"])
    slots = [("sites", "source"), ("sites", "target"), ("loose", "source"), ("members", "source"), ("members", "target")]
    for group, column in slots:
        values, limit = state[group][column], nodes
        if len(values) and (int(values.min()) < 0 or int(values.max()) >= limit):
            raise ValueError(f"graph {group} {column} out of range")
    names = state["loose"]["name"]
    if len(names) and (int(names.min()) < 0 or int(names.max()) >= len(state["loose_names"])):
        raise ValueError("graph loose names out of range")

