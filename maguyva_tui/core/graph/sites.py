"""Resolved references kept as integer columns, one block per file, merged lazily for queries.

A site is (line, source node, target node, kind); a loose site (one that reached no node) keeps the
name as written and its outcome instead of a target. Nodes are slots of the ``NodeTable``. Blocks
are replaced whole when a file is resolved again; ``Merged`` concatenates them in path order and
sorts them by target once (callers and impact read slices of it), ``Edges`` aggregates them into
the weighted graph PageRank runs on. ``Site`` and ``Loose`` objects are made only when asked for.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.graph.spans import SpanMap

if TYPE_CHECKING:
    from maguyva_tui.core.graph.nodes import NodeTable

IntArray: TypeAlias = NDArray[np.int32]
CodeArray: TypeAlias = NDArray[np.int8]

KINDS: tuple[str, ...] = ("call", "import", "inherit", "ref", "member", "new", "read")
"""Site and edge kinds; a kind's code is its position (``member`` edges come from definitions)."""
KIND_CODE: dict[str, int] = {kind: code for code, kind in enumerate(KINDS)}
CALL, IMPORT, INHERIT, REF, MEMBER, NEW, READ = range(7)
EDGE_KINDS: tuple[str, ...] = KINDS[:NEW]
"""The kinds an aggregated edge counts: a ``new`` site (``new Foo()``, ``Foo.new``, a construction
that names no constructor) is a ``ref`` edge, as it always was, so PageRank reads the graph it did;
only the sites keep it apart, for who calls the class's constructor. A ``read`` site (a Python
``@property`` read, ``conn.size``, which runs it) is a ``call`` edge."""
SHOWN_KINDS: tuple[str, ...] = (*EDGE_KINDS, "ref", "read")
"""How a site's kind reads in ``Site`` and ``Loose``: a construction as the ``ref`` it is an edge of."""
OUTCOMES: tuple[str, ...] = ("external", "ambiguous", "unresolved", "function_value")
"""Why a loose site reached no node; the outcome's code is its position (``function_value``: a call
of a function a value holds, Go's ``f func(int) bool`` parameter, no symbol nor an unknown)."""


@dataclass(frozen=True, slots=True)
class Site:
    """One resolved reference: where it is written, the node it starts from and the node it reaches."""

    path: str
    line: int
    source: str
    """The innermost enclosing symbol's node id, or the file's node id at module level."""
    target: str
    kind: str


@dataclass(frozen=True, slots=True)
class Loose:
    """One reference that did not resolve to a node of the graph, kept for callees and statistics."""

    path: str
    line: int
    source: str
    name: str
    kind: str
    outcome: str
    """``external``, ``ambiguous``, ``unresolved`` or ``function_value``."""


def ints(values: Sequence[int] | NDArray[np.integer[Any]]) -> IntArray:
    """Return a column of node slots or lines."""
    return np.asarray(values, dtype=np.int32)


def codes(values: Sequence[int] | CodeArray) -> CodeArray:
    """Return a column of kind or outcome codes."""
    return np.asarray(values, dtype=np.int8)


@dataclass(frozen=True, slots=True)
class Block:
    """One file's resolved sites, in the order they are written (references, then imports)."""

    line: IntArray
    source: IntArray
    target: IntArray
    kind: CodeArray


@dataclass(frozen=True, slots=True)
class LooseBlock:
    """One file's loose sites."""

    line: IntArray
    source: IntArray
    kind: CodeArray
    outcome: CodeArray
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Members:
    """One file's ``member`` edges: each method to the class it is defined in."""

    source: IntArray
    target: IntArray


EMPTY = Block(ints(()), ints(()), ints(()), codes(()))
EMPTY_LOOSE = LooseBlock(ints(()), ints(()), codes(()), codes(()), ())
NO_MEMBERS = Members(ints(()), ints(()))


@dataclass(frozen=True, slots=True)
class Merged:
    """Every file's sites concatenated in path order, with an index by target."""

    paths: tuple[str, ...]
    file: IntArray
    """Per site, its file's position in ``paths``."""
    line: IntArray
    source: IntArray
    target: IntArray
    kind: CodeArray
    order: NDArray[np.int64]
    """Site positions sorted by target (stable: path order, then written order)."""
    starts: NDArray[np.int64]
    """``order[starts[t]:starts[t + 1]]`` are the sites reaching slot ``t``."""

    def into(self, slot: int) -> NDArray[np.int64]:
        """Return the positions of the sites that reach a node slot."""
        if slot + 1 >= len(self.starts):
            return np.zeros(0, dtype=np.int64)
        return self.order[self.starts[slot] : self.starts[slot + 1]]


def merge(paths: Sequence[str], blocks: Mapping[str, Block], size: int) -> Merged:
    """Concatenate the blocks of these paths and index the sites by target (a stored graph's
    unchanged files straight from its columns: no block made per file)."""
    if isinstance(blocks, SpanMap) and (stored := blocks.stored_rows()) is not None:
        return _merge_stored(paths, blocks, stored, size)
    parts = [blocks.get(p, EMPTY) for p in paths]
    counts = np.fromiter((len(b.line) for b in parts), dtype=np.int64, count=len(parts))
    file = np.repeat(np.arange(len(parts), dtype=np.int32), counts)
    columns = [np.concatenate([getattr(b, f) for b in parts]) if parts else getattr(EMPTY, f)
               for f in ("line", "source", "target", "kind")]
    line, source, target, kind = columns
    return merged_from(tuple(paths), file, line, source, target, kind, size)


def _merge_stored(paths: Sequence[str], blocks: SpanMap[Block], stored: Any, size: int) -> Merged:
    """``merge`` of a stored graph's blocks: its standing rows from the columns, the rest block by block."""
    bounds, row_files, keep, _, rest = stored
    at = dict(zip(paths, range(len(paths))))
    final = np.asarray([at.get(p, -1) for p in bounds.files], dtype=np.int64)
    keep = keep & (final[row_files] >= 0)
    columns = blocks.columns
    made = [(at[p], b) for p, b in rest.items() if p in at]
    file = np.concatenate([final[row_files[keep]], *(np.full(len(b.line), f, np.int64) for f, b in made)])
    order = np.argsort(file, kind="stable")  # each file's sites come from one side, in written order
    line, source, target, kind = (
        np.concatenate([np.asarray(columns[name][keep], dtype=getattr(EMPTY, name).dtype),
                        *(getattr(b, name) for _, b in made)])[order]
        for name in ("line", "source", "target", "kind"))
    return merged_from(tuple(paths), file[order].astype(np.int32), line, source, target, kind, size)


def merged_from(paths: tuple[str, ...], file: IntArray, line: IntArray, source: IntArray, target: IntArray,
                kind: CodeArray, size: int, order: NDArray[np.int64] | None = None) -> Merged:
    """Index concatenated columns by target (``order`` when it is already known)."""
    if order is None:
        order = by_target(target)
    starts = np.zeros(size + 1, dtype=np.int64)
    np.cumsum(np.bincount(target, minlength=size)[:size], out=starts[1:])
    return Merged(paths, file, line, source, target, kind, order.astype(np.int64, copy=False), starts)


def by_target(target: IntArray) -> NDArray[np.int64]:
    """The sites' positions sorted by target, stably: numpy's stable sort of 16-bit values (a radix
    sort: sympy's 316,000 sites in 1.3 ms), of wider targets under 2**32 by their low halves then
    their high ones (316,000 random ``int32`` targets: 7 ms, numpy's merge sort of them 49 ms). The
    order is sorted as a graph is read, not stored (issue 19: sympy's 1.27 MB)."""
    if target.dtype.itemsize <= 2 or not len(target):
        return np.argsort(target, kind="stable").astype(np.int64, copy=False)
    if int(target.min()) < 0 or int(target.max()) >= 1 << 32:
        return np.argsort(target, kind="stable").astype(np.int64, copy=False)
    wide = np.asarray(target, np.int64)
    order = np.argsort((wide & 0xFFFF).astype(np.uint16), kind="stable")
    high = (wide[order] >> 16).astype(np.uint16)
    if not int(high.max()):
        return order.astype(np.int64, copy=False)
    return order[np.argsort(high, kind="stable")].astype(np.int64, copy=False)


@dataclass(frozen=True, slots=True)
class Edges:
    """The aggregated graph: one edge per (source, target) pair, self-loops left out."""

    source: NDArray[np.int64]
    target: NDArray[np.int64]
    counts: NDArray[np.int64]
    """Sites per edge and kind, shape (edges, len(EDGE_KINDS))."""

    @property
    def weight(self) -> NDArray[np.float64]:
        """Return every edge's number of sites."""
        weight: NDArray[np.float64] = self.counts.sum(axis=1).astype(np.float64)
        return weight


def aggregate(merged: Merged, members: Mapping[str, Members], size: int) -> Edges:
    """Aggregate every site and member edge into weighted edges with per-kind counts."""
    return _aggregate([merged.source], [merged.target], [merged.kind], members, size)


def aggregate_blocks(blocks: Mapping[str, Block], members: Mapping[str, Members], size: int) -> Edges:
    """``aggregate`` of blocks not merged: the same edges (they do not depend on the sites' order),
    without the merged columns and their order by target, which only queries read (a graph built
    to be written: its PageRank's peak memory)."""
    parts = list(blocks.values())
    return _aggregate([b.source for b in parts], [b.target for b in parts], [b.kind for b in parts], members, size)


def weighted_blocks(blocks: Mapping[str, Block], members: Mapping[str, Members], size: int
                    ) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.float64]]:
    """The source, target and weight of each edge of ``aggregate_blocks``, in its order, without
    its counts per kind (five a pair) that PageRank does not read (a graph built to be written)."""
    parts = list(blocks.values())
    distinct, runs = _distinct([b.source for b in parts], [b.target for b in parts], [b.kind for b in parts],
                               members, size)
    distinct //= len(EDGE_KINDS)  # each run's pair
    new_pair = np.ones(len(distinct), dtype=bool)
    np.not_equal(distinct[1:], distinct[:-1], out=new_pair[1:])
    starts = np.flatnonzero(new_pair)
    weight = np.add.reduceat(runs, starts) if len(starts) else runs
    pairs = distinct[starts]
    del distinct, runs, new_pair, starts
    width = max(size, 1)
    return pairs // width, pairs % width, weight.astype(np.float64)


def _aggregate(sources: list[IntArray], targets: list[IntArray], kinds: list[CodeArray],
               members: Mapping[str, Members], size: int) -> Edges:
    """Count the sites of each (source, target, kind) (``_distinct``); an edge is a run of keys of
    one pair. The edges come in the order of their pairs, as ``np.unique`` gave them (where its
    inverse and ``bincount`` took about 80 bytes a site: the graph process's peak)."""
    distinct, runs = _distinct(sources, targets, kinds, members, size)
    spread = len(EDGE_KINDS)
    pair, kind_of = np.divmod(distinct, spread)
    del distinct
    new_pair = np.ones(len(pair), dtype=bool)
    np.not_equal(pair[1:], pair[:-1], out=new_pair[1:])
    pairs = pair[new_pair]
    counts = np.zeros((len(pairs), spread), dtype=np.int64)
    counts[np.cumsum(new_pair) - 1, kind_of] = runs
    width = max(size, 1)
    return Edges(pairs // width, pairs % width, counts)


def _distinct(sources: list[IntArray], targets: list[IntArray], kinds: list[CodeArray],
              members: Mapping[str, Members], size: int) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Return the distinct keys (source x size + target) x kinds + kind of every site and member
    edge but self-loops, in order, and how many sites each has: one 64-bit key a site, sorted in
    place (24 bytes a site at most)."""
    found = _member_edges(members)
    source = np.concatenate([*sources, *(m.source for m in found), EMPTY.source])
    target = np.concatenate([*targets, *(m.target for m in found), EMPTY.target])
    kind = np.concatenate([*kinds, np.full(sum(len(m.source) for m in found), MEMBER, dtype=np.int8), EMPTY.kind])
    kind[kind == NEW] = REF
    kind[kind == READ] = CALL
    keep = source != target
    key = source[keep].astype(np.int64)
    del source
    key *= max(size, 1)
    key += target[keep]
    del target
    key *= len(EDGE_KINDS)
    key += kind[keep]
    del kind, keep
    key.sort()
    first = np.ones(len(key), dtype=bool)  # the first key of each run of equal keys
    np.not_equal(key[1:], key[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    runs = np.diff(starts, append=len(key))
    return key[starts], runs


def _member_edges(members: Mapping[str, Members]) -> list[Members]:
    """Every file's member edges: a stored graph's unchanged files' as one block from its columns."""
    if not isinstance(members, SpanMap) or (stored := members.stored_rows()) is None:
        return [m for m in members.values() if len(m.source)]
    _, _, keep, _, rest = stored
    columns = members.columns
    return [Members(columns["source"][keep], columns["target"][keep]), *(m for m in rest.values() if len(m.source))]


class SitesIn(Mapping[str, list[Site]]):
    """Target node id to the sites that reach it, made on demand (``get`` gives ``None`` for none)."""

    def __init__(self, merged: Merged, nodes: NodeTable) -> None:
        self._merged = merged
        self._nodes = nodes

    def __getitem__(self, node: str) -> list[Site]:
        slot = self._nodes.index.get(node)
        found = self._merged.into(slot) if slot is not None else ()
        if not len(found):
            raise KeyError(node)
        m, ids = self._merged, self._nodes.ids
        return [Site(m.paths[m.file[i]], int(m.line[i]), ids[m.source[i]], node, SHOWN_KINDS[m.kind[i]])
                for i in found]

    def __contains__(self, node: object) -> bool:
        slot = self._nodes.index.get(node) if isinstance(node, str) else None
        return slot is not None and len(self._merged.into(slot)) > 0

    def __iter__(self) -> Iterator[str]:
        ids = self._nodes.ids
        return (ids[t] for t in np.unique(self._merged.target).tolist())

    def __len__(self) -> int:
        return len(np.unique(self._merged.target))


class SitesOut(Mapping[str, list[Site]]):
    """File to its resolved sites, in written order, made on demand."""

    def __init__(self, blocks: Mapping[str, Block], nodes: NodeTable) -> None:
        self._blocks = blocks
        self._nodes = nodes

    def __getitem__(self, path: str) -> list[Site]:
        b, ids = self._blocks[path], self._nodes.ids
        rows = zip(b.line.tolist(), b.source.tolist(), b.target.tolist(), b.kind.tolist())
        return [Site(path, line, ids[s], ids[t], SHOWN_KINDS[k]) for line, s, t, k in rows]

    def __iter__(self) -> Iterator[str]:
        return iter(self._blocks)

    def __len__(self) -> int:
        return len(self._blocks)


class LooseView(Mapping[str, list[Loose]]):
    """File to its loose sites, made on demand."""

    def __init__(self, blocks: Mapping[str, LooseBlock], nodes: NodeTable) -> None:
        self._blocks = blocks
        self._nodes = nodes

    def __getitem__(self, path: str) -> list[Loose]:
        b, ids = self._blocks[path], self._nodes.ids
        rows = zip(b.line.tolist(), b.source.tolist(), b.names, b.kind.tolist(), b.outcome.tolist())
        return [Loose(path, line, ids[s], name, SHOWN_KINDS[k], OUTCOMES[o]) for line, s, name, k, o in rows]

    def __iter__(self) -> Iterator[str]:
        return iter(self._blocks)

    def __len__(self) -> int:
        return len(self._blocks)
