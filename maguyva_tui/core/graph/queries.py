"""Callers, callees and impact radius of a name, answered from a built ``CodeGraph``.

A name may be a node id (``app/config.py::ConfigLoader.load``), a qualname (``ConfigLoader.load``),
a bare name (``parse_config``) or a dotted tail of a qualname (``Shape.area`` for
``geometry.Shape.area``). Every result says which definitions it used, most central first, so a
name defined several times is never silently narrowed to one.

Answers are computed on the graph's integer columns; a hub's thousands of call sites or dependents
are sorted as arrays and become ``CallSite``/``Dependent`` objects only when read (``Rows``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, overload

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.sites import CALL, IMPORT, INHERIT, KINDS, OUTCOMES, REF, LooseBlock, Merged
from maguyva_tui.core.graph.spans import SpanMap
from maguyva_tui.core.graph.tables import SEPARATOR, split_id, symbol_id
from maguyva_tui.core.paths import is_demoted, is_secondary
from maguyva_tui.core.types import Symbol

DEFAULT_DEPTH = 3  # three hops already reach most of a mid-sized repository from a hub
STRENGTH: tuple[int, ...] = (CALL, INHERIT, IMPORT, REF)
"""Kind codes from the strongest dependency to the weakest (the edge an impact result reports)."""

CONSTRUCTORS = frozenset({"__init__", "__new__"})
"""Python methods that constructing their class runs: its call sites are theirs."""

T = TypeVar("T")
Slots = NDArray[np.int64]


class Rows(Sequence[T], Generic[T]):
    """An immutable sequence whose items are made on access (compares equal to the tuple of them)."""

    __slots__ = ("_make", "_size")

    def __init__(self, size: int, make: Callable[[int], T]) -> None:
        self._size = size
        self._make = make

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[T, ...]: ...
    def __getitem__(self, i: int | slice) -> T | tuple[T, ...]:
        if isinstance(i, slice):
            return tuple(self._make(j) for j in range(*i.indices(self._size)))
        if i < 0:
            i += self._size
        if not 0 <= i < self._size:
            raise IndexError(i)
        return self._make(i)

    def __iter__(self) -> Iterator[T]:
        return (self._make(i) for i in range(self._size))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Rows, tuple, list)):
            return len(other) == self._size and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))


@dataclass(frozen=True, slots=True)
class CallSite:
    """One call: where it is written and which function makes it."""

    path: str
    line: int
    caller: str | None
    """The qualname of the calling symbol, ``None`` for module-level code."""
    caller_id: str
    """The node id of the calling symbol (the file's node id at module level)."""
    callee_id: str


@dataclass(frozen=True, slots=True)
class Callee:
    """One symbol a function calls, with the lines of its call sites."""

    node: str
    path: str
    qualname: str
    lines: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Unresolved:
    """A call a function makes that reached no definition in the repository."""

    name: str
    line: int
    outcome: str
    """``external``, ``ambiguous`` or ``unresolved``."""


@dataclass(frozen=True, slots=True)
class Dependent:
    """One symbol or file in the impact radius of a target."""

    node: str
    path: str
    qualname: str | None
    """``None`` for a file node."""
    kind: str
    depth: int
    """Edges between this node and the nearest definition of the target (1 = direct dependent)."""
    centrality: float
    start_line: int
    end_line: int
    via: str
    """The node one step closer to the target through which this one depends on it."""
    edge: str
    """The kind of that edge (``call``, ``import``, ``inherit``, ``ref``)."""


@dataclass(frozen=True, slots=True)
class Callers:
    """Every call site of a name's definitions."""

    definitions: tuple[str, ...]
    sites: Sequence[CallSite]
    """In path, line and callee order; made on access."""


@dataclass(frozen=True, slots=True)
class Callees:
    """What a name's definitions call, resolved and not."""

    definitions: tuple[str, ...]
    callees: tuple[Callee, ...]
    unresolved: tuple[Unresolved, ...]


@dataclass(frozen=True, slots=True)
class Impact:
    """Everything that transitively depends on a name, nearest first, then most central first."""

    definitions: tuple[str, ...]
    dependents: Sequence[Dependent]
    """Nearest first, then most central; made on access."""
    max_depth: int


def definitions(graph: CodeGraph, name: str) -> tuple[str, ...]:
    """Return the symbol nodes a name may mean, most central first."""
    name = name.strip()
    if name in graph.symbols:
        return (name,)
    written = _written_id(graph, name)
    if written is not None:
        return (written,)
    name = name.replace("::", ".")  # c++ and rust qualified names
    found = graph.named(name, qualified=True)
    if not found and "." in name:
        tail = name.rpartition(".")[2]
        found = {n for n in graph.named(tail) if ("." + split_id(n)[1]).endswith("." + name)}
    if not found:
        found = graph.named(name)
    return tuple(sorted(found, key=lambda n: (-graph.node_centrality(n), n)))


def _written_id(graph: CodeGraph, name: str) -> str | None:
    """Return the symbol node a name written as ``path::qualname`` means when its path holds what
    the id escapes (``src/a::b.js::parse``, as a reader copies it): the first ``::`` after which
    the rest is a symbol of the file before it."""
    at = name.find(SEPARATOR)
    while 0 <= at:
        node = symbol_id(name[:at], name[at + len(SEPARATOR):])
        if node != name and node in graph.symbols:
            return node
        at = name.find(SEPARATOR, at + 1)
    return None


def _path_and_qualname(graph: CodeGraph, node: str) -> tuple[str, str]:
    """Split a node id, a file's (``a::b.py`` too) into its path and ``""``."""
    return split_id(node) if node in graph.symbols else (node, "")


# -- callers ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SiteColumns:
    """Call sites as columns: positions in the graph's merged sites, in answer order."""

    graph: CodeGraph
    positions: Slots

    def site(self, i: int) -> CallSite:
        """Describe the i-th call site."""
        merged, ids = self.graph.merged(), self.graph.nodes.ids
        p = int(self.positions[i])
        source = ids[merged.source[p]]
        caller = _path_and_qualname(self.graph, source)[1] or None
        return CallSite(merged.paths[merged.file[p]], int(merged.line[p]), caller, source, ids[merged.target[p]])


def constructed(graph: CodeGraph, defs: Sequence[str]) -> list[str]:
    """Return the Python classes whose construction runs one of the definitions, a constructor
    (``curry(f)`` runs ``curry.__init__``: the graph ties that call to the class)."""
    found = []
    for node in defs:
        path, qualname = _path_and_qualname(graph, node)
        owner, _, method = qualname.rpartition(".")
        cls = symbol_id(path, owner) if owner and method in CONSTRUCTORS else ""
        symbol = graph.symbols.get(cls) if cls else None
        if symbol is not None and symbol.kind == "class" and symbol.language == "python" and cls not in defs:
            found.append(cls)
    return found


def call_positions(graph: CodeGraph, defs: Sequence[str]) -> Slots:
    """Return the positions of the call sites reaching any definition, by path, line and callee,
    one per line, caller and callee; a constructor's are those of its class."""
    merged, index = graph.merged(), graph.nodes.index
    defs = [*defs, *constructed(graph, defs)]
    slots = [index[d] for d in defs if d in index]
    found = np.concatenate([merged.into(s) for s in slots]) if slots else np.zeros(0, dtype=np.int64)
    found = found[merged.kind[found] == CALL]
    if len(slots) > 1:  # ties on a line: callee id order
        callee_rank = np.zeros(len(graph.nodes), dtype=np.int64)
        callee_rank[[index[d] for d in sorted(defs) if d in index]] = np.arange(len(slots))
        keys: tuple[NDArray[np.int64], ...] = (callee_rank[merged.target[found]],)
    else:
        keys = ()
    ordered: Slots = found[np.lexsort((merged.source[found], *keys, merged.line[found], merged.file[found]))]
    return _one_per_line(merged, ordered)


def _one_per_line(merged: Merged, ordered: Slots) -> Slots:
    """Keep one of the sites that share a line, a caller and a callee (``a.attr("x"), a.attr("y")``:
    two calls the graph cannot tell apart, which read as one site listed twice)."""
    if len(ordered) < 2:
        return ordered
    columns = (merged.file[ordered], merged.line[ordered], merged.source[ordered], merged.target[ordered])
    repeated = np.logical_and.reduce([c[1:] == c[:-1] for c in columns])
    kept: Slots = ordered[np.concatenate(([True], ~repeated))]
    return kept


def ranked_callers(
    graph: CodeGraph, defs: Sequence[str], limit: int, secondary_last: bool = False
) -> tuple[SiteColumns, int]:
    """Return the first ``limit`` call sites of the definitions, the most central callers first and
    those in the repository's own code before those in vendored, built or generated copies (ties in
    path and line order), with how many there are in all. ``secondary_last``: the examples', tests'
    and docs' callers after the package's own (a test helper calls a name from many tests and is
    more central than any caller in the code), as a search's direct path lists them."""
    positions = call_positions(graph, defs)
    merged = graph.merged()
    centrality = graph.rank_array()[merged.source[positions]]
    files, at = np.unique(merged.file[positions], return_inverse=True)
    paths = [merged.paths[f] for f in files.tolist()]
    demoted = np.array([is_demoted(p) for p in paths], dtype=bool)[at]
    secondary = np.array([secondary_last and is_secondary(p) for p in paths], dtype=bool)[at]
    top = positions[np.lexsort((-centrality, secondary, demoted))[: max(limit, 0)]]  # stable
    return SiteColumns(graph, top), len(positions)


def callers(graph: CodeGraph, name: str) -> Callers:
    """Return one entry per call site of any definition of a name, in file and line order."""
    defs = definitions(graph, name)
    columns = SiteColumns(graph, call_positions(graph, defs))
    return Callers(defs, Rows(len(columns.positions), columns.site))


# -- callees ------------------------------------------------------------------------------------
def callees(graph: CodeGraph, name: str) -> Callees:
    """Return what the definitions of a name call, grouped by callee, and the calls left unresolved."""
    defs = definitions(graph, name)
    lines: dict[str, list[int]] = {}
    loose: list[Unresolved] = []
    ids = graph.nodes.ids
    for node in defs:
        path, slot = split_id(node)[0], graph.nodes.index.get(node)
        block, gone = graph.blocks.get(path), graph.loose_blocks.get(path)
        if slot is None:
            continue
        if block is not None:
            mine = np.flatnonzero((block.source == slot) & (block.kind == CALL)).tolist()
            for i in mine:
                lines.setdefault(ids[block.target[i]], []).append(int(block.line[i]))
        if gone is not None:
            for i in np.flatnonzero((gone.source == slot) & (gone.kind == CALL)).tolist():
                loose.append(Unresolved(gone.names[i], int(gone.line[i]), OUTCOMES[gone.outcome[i]]))
    found = [Callee(t, *_path_and_qualname(graph, t), tuple(sorted(ls))) for t, ls in lines.items()]
    found.sort(key=lambda c: (c.lines[0], c.node))
    return Callees(defs, tuple(found), tuple(sorted(loose, key=lambda u: (u.line, u.name))))


# -- impact -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Reach:
    """The dependents an impact search found, as columns in answer order."""

    graph: CodeGraph
    slots: Slots
    depth: NDArray[np.int32]
    via: Slots
    edge: NDArray[np.int8]

    def dependent(self, i: int) -> Dependent:
        """Describe the i-th dependent."""
        ids, slot = self.graph.nodes.ids, int(self.slots[i])
        node, depth, via, edge = ids[slot], int(self.depth[i]), ids[self.via[i]], KINDS[self.edge[i]]
        centrality = self.graph.node_centrality(node)
        symbol = self.graph.symbols.get(node)
        if symbol is None:
            return Dependent(node, node, None, "file", depth, centrality, 1, 1, via, edge)
        symbol = self._definition_used(symbol, slot, int(self.via[i]))
        return Dependent(node, symbol.path, symbol.qualname, symbol.kind, depth, centrality,
                         symbol.start_line, symbol.end_line, via, edge)

    def _definition_used(self, symbol: Symbol, slot: int, via: int) -> Symbol:
        """The definition of a node's name that holds its first site into ``via``: a file that defines
        a name twice (Java's overloads, a field and the method of its name) has one node for both,
        whose symbol is the first written (a field, ``Tag tag;``, that calls nothing)."""
        same = [s for s in self.graph.by_path.get(symbol.path, ()) if s.qualname == symbol.qualname]
        if len(same) < 2:
            return symbol
        merged = self.graph.merged()
        into = merged.into(via)
        lines = sorted(merged.line[into[merged.source[into] == slot]].tolist())
        for line in lines:
            holding = [s for s in same if s.start_line <= line <= s.end_line]
            if holding:
                return min(holding, key=lambda s: s.end_line - s.start_line)
        return symbol


def impact(graph: CodeGraph, name: str, max_depth: int = DEFAULT_DEPTH, limit: int | None = None) -> Impact:
    """Return every symbol and file that depends on a name within ``max_depth`` edges.

    With ``limit``, the search stops after the first depth that completes ``limit`` dependents:
    the ranking (depth, then centrality) of the first ``limit`` is the same, and hubs answer fast."""
    defs = definitions(graph, name)
    reach = _reach(graph, defs, max_depth, limit)
    size = len(reach.slots) if limit is None else min(limit, len(reach.slots))
    return Impact(defs, Rows(size, reach.dependent), max_depth)


def _reach(graph: CodeGraph, defs: Sequence[str], max_depth: int, limit: int | None) -> Reach:
    """Search breadth first from the definitions along every site (call, import, inherit, ref: a
    method's ``member`` edge to its class is no site, and a change does not propagate along it),
    then rank what was reached."""
    merged, index = graph.merged(), graph.nodes.index
    size = len(graph.nodes)
    depth = np.full(size, -1, dtype=np.int32)
    via = np.full(size, -1, dtype=np.int64)
    edge = np.full(size, -1, dtype=np.int8)
    frontier = np.asarray([index[d] for d in defs if d in index], dtype=np.int64)
    depth[frontier] = 0
    reached = 0
    for level in range(1, max_depth + 1):
        if (limit is not None and reached >= limit) or not len(frontier):
            break
        users, towards, kinds = _step(merged, frontier, depth)
        depth[users] = level
        via[users] = towards
        edge[users] = kinds
        reached += len(users)
        frontier = users
    found = np.flatnonzero(depth > 0)
    order = np.lexsort((graph.name_order()[found], -graph.rank_array()[found], depth[found]))
    found = found[order]
    return Reach(graph, found, depth[found], via[found], edge[found])


def _step(merged: Merged, frontier: Slots, depth: NDArray[np.int32]) -> tuple[Slots, Slots, NDArray[np.int8]]:
    """Return the nodes first reached from a frontier: each, the frontier node it came through and
    the strongest kind among its sites into that node; in the order of discovery."""
    counts = merged.starts[frontier + 1] - merged.starts[frontier]
    total = int(counts.sum())
    offsets = np.repeat(merged.starts[frontier] - (np.cumsum(counts) - counts), counts) + np.arange(total)
    positions = merged.order[offsets]
    users = merged.source[positions].astype(np.int64)
    fresh = depth[users] < 0
    users, towards = users[fresh], np.repeat(frontier, counts)[fresh]
    if not len(users):
        return users, towards, np.zeros(0, dtype=np.int8)
    strength = _STRENGTH_OF[merged.kind[positions[fresh]]]
    first = np.unique(users, return_index=True)[1]
    first.sort()
    width = int(towards.max()) + 1
    pair = users * width + towards
    by_pair = np.lexsort((strength, pair))
    pairs, at = np.unique(pair[by_pair], return_index=True)
    best = strength[by_pair][at][np.searchsorted(pairs, pair[first])]
    return users[first], towards[first], _STRENGTH_CODES[best]


_STRENGTH_CODES = np.asarray(STRENGTH, dtype=np.int8)
_STRENGTH_OF = np.full(len(KINDS), len(STRENGTH), dtype=np.int8)
_STRENGTH_OF[_STRENGTH_CODES] = np.arange(len(STRENGTH))
"""Kind code to its place in ``STRENGTH`` (0: the strongest)."""


# -- calls no definition was tied to ------------------------------------------------------------
MEMBER_ACCESS: tuple[str, ...] = (".", "->", "::")
NAME_PATHS: tuple[str, ...] = (*MEMBER_ACCESS, "\\")
"""How a base's name is qualified: a module's (``abc.ABC``), a namespace's (PHP's ``Psr\\Http\\Message\\StreamInterface``)."""
"""What a loose call writes between its receiver and the name (``h.ServeHTTP``, ``p->run``)."""


def untied_calls(graph: CodeGraph, name: str, members_only: bool = False, kind: int = CALL) -> list[tuple[str, int]]:
    """Return the (path, line) of every call that names ``name`` (the bare name of a qualified one)
    but resolved to no node: through an interface, on a receiver of unknown type, into another
    package, or ambiguous; with ``members_only``, only calls on a receiver (``x.print``, not the
    builtin ``print``: a method's). In path and line order. A stored graph's unchanged files are
    read from its columns at once (no name decoded: the matching ones are found in its string table).
    ``kind`` another site's kind than a call: ``INHERIT``, the bases no class of the graph is
    (``implements StreamInterface``, an interface of another package)."""
    bare = name.replace("::", ".").rpartition(".")[2] or name
    loose = graph.loose_blocks
    found: list[tuple[str, int]] = []
    rest: Mapping[str, LooseBlock] = loose
    origin, stored = graph.origin, None
    columns: Mapping[str, NDArray[Any]] = {}
    if isinstance(loose, SpanMap) and origin is not None and loose.columns.get("name") is origin.arrays.get("loose.name"):
        stored, columns = loose.stored_rows(), loose.columns
    if stored is not None and origin is not None:
        bounds, files, keep, _, rest = stored
        table = origin.arrays["loose_names"]  # loose-name index -> string id
        wanted = origin.strings.ids_ending(bare, MEMBER_ACCESS if kind == CALL else NAME_PATHS)
        if members_only:
            wanted = wanted[wanted != origin.strings.id_of(bare)]
        named = np.flatnonzero(np.isin(table, wanted)) if len(wanted) else wanted
        rows = np.flatnonzero(keep & (columns["kind"] == kind) & np.isin(columns["name"], named)) if len(named) else named
        if len(rows):  # a name no untied call writes (most) reads no file's path
            paths = {at: path for path, at in bounds.files.items()}
            found = [(paths[f], ln) for f, ln in zip(files[rows].tolist(), columns["line"][rows].tolist())]
    tails = tuple(a + bare for a in (MEMBER_ACCESS if kind == CALL else NAME_PATHS))
    for path, block in rest.items():
        for i, written in enumerate(block.names):
            if block.kind[i] == kind and ((written == bare and not members_only) or written.endswith(tails)):
                found.append((path, int(block.line[i])))
    return sorted(set(found))
