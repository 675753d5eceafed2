"""The code graph: symbols and files as nodes, resolved references as edges, centrality on top.

Nodes are symbol ids (``path::qualname``) and file paths, each with an integer slot (``nodes.py``).
Edges point from the user to the used: ``call`` (caller → callee), ``import`` (file → module or
symbol), ``inherit`` (subtype → supertype), ``ref`` (instantiation, type use) and ``member``
(method → its class). A reference written at module level starts at the file node.

Every site is kept as integer columns, one block per file (``sites.py``), so callers are answered
one call site at a time without holding an object per site; the ``networkx.DiGraph`` view (each
edge with ``weight``, its number of sites, and ``kinds``) is built only when asked for. ``update``
replaces the blocks of changed files and of the files whose resolution read them (tracked by
dependency keys), then recomputes PageRank.
"""

from __future__ import annotations

import posixpath
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.graph import centrality as cent
from maguyva_tui.core.graph import modules as mod
from maguyva_tui.core.graph import persist
from maguyva_tui.core.graph.bases import Bases
from maguyva_tui.core.graph.bulk import bulk
from maguyva_tui.core.graph.layers import FactLayers, FactsView
from maguyva_tui.core.graph.link import link_file, property_key
from maguyva_tui.core.graph.nodes import FILE_KIND, NodeTable
from maguyva_tui.core.graph.resolve import Resolver
from maguyva_tui.core.graph.sites import (
    KINDS,
    Block,
    Edges,
    Loose,
    LooseBlock,
    LooseView,
    Members,
    Merged,
    Site,
    SitesIn,
    SitesOut,
    aggregate,
    aggregate_blocks,
    ints,
    merge,
    weighted_blocks,
)
from maguyva_tui.core.graph.splice import write_spliced
from maguyva_tui.core.graph.stats import per_language
from maguyva_tui.core.graph.symbols import ByPathView, SymbolStore, SymbolsView, names_of, outranks, position
from maguyva_tui.core.graph.tables import FileIndex, IndexCache, Source, member_pairs, seen_by_readers, symbol_id
from maguyva_tui.core.types import FileFacts, Symbol

if TYPE_CHECKING:
    import networkx as nx

T = TypeVar("T")

__all__ = ["CodeGraph", "Loose", "Site"]

LEAN_TABLES = 4096
"""Files' lookup tables a graph built to be written keeps at once (``tables.IndexCache.limit``):
files are resolved in path order, so a package's own and its most read modules stay; each other
one is made again from its facts when read (the same tables)."""


class CodeGraph:
    """A directed dependency graph over symbols and files, with call sites and centrality."""

    def __init__(self) -> None:
        self.nodes = NodeTable()
        self.store = SymbolStore()
        self.languages: dict[str, str | None] = {}
        """Every file of the graph and its language."""
        self.blocks: MutableMapping[str, Block] = {}
        self.loose_blocks: MutableMapping[str, LooseBlock] = {}
        """File to its sites: a dict after a build, made per file on first read after ``open``."""
        self.members: MutableMapping[str, Members] = {}
        self.inheritance = Bases()
        self.deps: MutableMapping[str, tuple[str, ...]] = {}
        """File to the keys its last resolution read (after ``open``: decoded when first read)."""
        self.attached = True
        """Whether the graph can read every file's facts (not after ``open``, until ``attach``)."""
        self.layers = FactLayers()
        self.indexes = IndexCache(self.layers.source)  # not a method of the graph: no cycle to keep it alive
        self._tables: mod.TableBuilder | None = None
        self._packages: set[str] | None = None
        self._dependents: dict[str, set[str]] | None = None
        self._keys: dict[str, str] = {}
        self._base_deps: dict[str, set[str]] = {}
        """File to the keys the resolution of its base types read, until its sites are resolved."""
        self._rank: list[float] = []
        self._property_names: Counter[str] = Counter()
        """Each property name (``size`` of ``Conn.size``) of the files learned here, with how many
        files define one of that name."""
        self._properties_of: dict[str, tuple[str, ...]] = {}
        """The property names of each file learned here that has any."""
        self._properties_known = True
        """Whether ``_property_names`` holds every file's (not after ``open``: its files were not learned)."""
        self._derived: dict[str, Any] = {}
        self.origin: persist.Origin | None = None
        """The stored arrays the graph was opened from (``None`` when built in memory)."""
        self.lean = False
        """Whether an update lets go of what only the next update reads (each file's lookup tables,
        the name tables: made again when asked) before PageRank, and keeps only ``LEAN_TABLES``
        files' lookup tables while it resolves: a graph built to be written."""

    # -- construction --------------------------------------------------------------------------
    @classmethod
    def build(cls, files: Mapping[str, FileFacts], *, lean: bool = False) -> CodeGraph:
        """Build the graph of a whole repository from each file's facts (``lean``: see ``lean``)."""
        graph = cls()
        graph.lean = lean
        if lean:
            graph.indexes.limit = LEAN_TABLES
        graph.update(files, ())
        return graph

    def attach(self, facts: Mapping[str, FileFacts]) -> None:
        """Give an opened graph the facts it was built from, so that it can be updated
        (nothing is read until an update needs a file; stored rows are read without decoding)."""
        self.layers.attach(facts, self.languages)
        self.indexes.clear()
        self.attached = True

    def detach(self) -> None:
        """Let go of the facts the graph was built from, as an opened graph has none (a graph built
        to be written: its save reads none of them; ``attach`` gives them back)."""
        self.layers.detach()
        self.indexes.clear()
        self.attached = not self.languages

    def read_modules(self, facts: Mapping[str, FileFacts]) -> None:
        """Give an opened graph its ``go.mod`` files' facts alone, before any ``attach``: a question
        naming a Go import path (``who imports github.com/tidwall/gjson``) resolves it by their
        module paths, as a graph just built does; an opened one had read no ``go.mod`` and taken
        the path for a symbol named github.com. They are found by name, as the module table keys
        them (:data:`modules.GO_MODULES`), without making that table over every file: on 100,000
        files it took about 2 s and 190 MB of each graph question, and a lone word's."""
        if not self.attached:
            manifests = sorted(p for p, language in self.languages.items()
                               if language is None and p.endswith("go.mod") and mod.is_go_module_file(p))
            self.layers.attach(facts, [p for p in manifests if p in facts])
            self.indexes.clear()

    @property
    def facts(self) -> Mapping[str, FileFacts]:
        """Path to facts for every file of the graph (empty until ``attach`` after ``open``)."""
        return FactsView(self.layers, self.languages, self.attached)

    def _source(self, path: str) -> Source | None:
        """Return a file's facts as rows."""
        return self.layers.source(path)

    @property
    def bases(self) -> dict[str, list[str]]:
        """Class node to its base targets, in the order written."""
        return self.inheritance.bases

    def update(self, changed: Mapping[str, FileFacts], removed: Iterable[str] = (), *,
               compare: bool = True) -> set[str]:
        """Replace changed files, drop removed ones, re-resolve what depended on them; return those
        (``compare=False``: the facts the graph reads for the changed files may already be their
        new ones, as after ``attach`` of the new facts: every reader of them is resolved again)."""
        with bulk():
            return self._update(changed, removed, compare)

    def _update(self, changed: Mapping[str, FileFacts], removed: Iterable[str], compare: bool = True) -> set[str]:
        """Do ``update``."""
        if not self.attached and self.languages:
            raise RuntimeError("CodeGraph.update needs the facts of every file: call attach(facts) after open")
        removed = {p for p in removed if p in self.languages} - set(changed)
        touched = set(changed) | removed
        tables = self._module_tables()
        before = {p: self.languages[p] for p in touched if p in self.languages}
        seen = {p: self._seen(p, changed) for p in changed if p in before} if compare else {}
        for path in touched:
            self._forget_file(path)
        self.layers.add(changed)
        after = {path: self._learn_file(path) for path in changed}
        self._packages = None
        keys = tables.update(before, after)  # only the touched files' keys, unless a package came or went
        if keys is None:
            self._tables = None
            keys = _changed_keys(tables.table, self.table)
        stale = set(keys)
        quiet: dict[str, str | None] = {}
        differs = {path: self._differs(old, path) for path, old in seen.items()}
        for path, language in (*before.items(), *after.items()):
            tables_differ, names_differ = differs.get(path, (True, True))
            stale |= _file_keys(path, language, tables=tables_differ, names=names_differ)
            if not names_differ:
                quiet[path] = language
        stale.update(property_key(name) for path in changed for name in self._properties_of.get(path, ()))
        stale.update(BASES_KEY + mod.family(before[p]) for p in removed if p in self.inheritance.parts)
        affected = (set(changed) | self._dependents_of(stale)) - removed
        affected &= self.languages.keys()
        for path in removed:
            self.inheritance.withdraw(path)
        self._rebase(affected, quiet)
        resolver = self._resolver()
        for path in sorted(affected):
            self._store(path, resolver)
        del resolver  # its memo, before PageRank's arrays
        if self.lean:
            self.indexes.clear()
            self.store.drop_names()
            self._tables = None
        self._recompute_centrality()
        self.layers.settle()
        return affected

    def _seen(self, path: str, changed: Mapping[str, FileFacts]) -> tuple[Any, ...] | None:
        """What other files' resolution read of a file (``_differs``), before an update replaces it:
        its tables as kept, else made from the facts it was read from; ``None`` (unknown: every
        reader is resolved again) where those facts are the update's own, as after ``attach`` of
        the new facts, or a mapping changed in place."""
        index = self.indexes.built(path)
        if index is None:
            layer = self.layers.layer(path)
            if layer is None or layer is changed or _same_facts(layer, changed, path):
                return None
            index = self.indexes.get(path)
        entry = self.store.entries.get(path)
        if index is None or entry is None:
            return None
        return _seen_of(index, entry, self.languages.get(path))

    def _differs(self, old: tuple[Any, ...] | None, path: str) -> tuple[bool, bool]:
        """Tell whether a changed file's tables differ from ``old`` (as ``seen_by_readers`` gives
        them: what a reader of ``file:`` reads), and whether its names do (its language, its
        definitions and their kinds, its symbols' names: what a reader of its folder, ``dir:``,
        or of its family, ``glob:``, reads); both when ``old`` is unknown."""
        index = self.indexes.get(path)
        entry = self.store.entries.get(path)
        if old is None or index is None or entry is None:
            return True, True
        new = _seen_of(index, entry, self.languages.get(path))
        names_differ = old[1] != new[1]
        return names_differ or old[0] != new[0], names_differ

    def _forget_file(self, path: str) -> None:
        """Remove a file's nodes, symbols, facts and sites."""
        self.layers.forget(path)
        self.indexes.pop(path)
        self.languages.pop(path, None)
        entry = self.store.pop(path)
        for qualname in {q for _, q, _, _ in names_of(entry)} if entry is not None else ():
            self.nodes.remove(symbol_id(path, qualname))
        self.nodes.remove(path)
        for name in self._properties_of.pop(path, ()):
            self._property_names[name] -= 1
            if self._property_names[name] <= 0:
                del self._property_names[name]
        for spans in (self.blocks, self.loose_blocks, self.members):
            if path in spans:  # not ``pop``: a stored file's block would be made only to be dropped
                del spans[path]

    def _learn_file(self, path: str) -> str | None:
        """Add a file's nodes, symbols and member edges; return its language."""
        source = self._source(path)
        assert source is not None
        self.languages[path] = source.language
        self.nodes.add(path, FILE_KIND)
        symbols = sorted(source.symbols, key=position)
        kinds: dict[str, str] = {}
        for _, qualname, kind, _ in names_of(symbols):
            if qualname not in kinds or outranks(kind, kinds[qualname]):
                kinds[qualname] = kind
        for qualname, kind in kinds.items():
            self.nodes.add(symbol_id(path, qualname), kind)
        self.store.put(path, symbols)
        index = self.indexes.get(path)
        pairs = list(member_pairs(index)) if index is not None else []
        if pairs:
            slot = self.nodes.index
            self.members[path] = Members(ints([slot[a] for a, _ in pairs]), ints([slot[b] for _, b in pairs]))
        if index is not None and index.properties:
            named = self._properties_of[path] = tuple({q.rpartition(".")[2] for q in index.properties})
            self._property_names.update(named)
        return source.language

    def _dependents_of(self, keys: set[str]) -> set[str]:
        """Return the files whose last resolution read any of these keys (by one pass over every
        file's keys unless the reverse index is made: making it cost an update of 100,000 files a
        second, to ask it twice)."""
        if self._dependents is None:
            return {path for path, read in self.deps.items() if not keys.isdisjoint(read)}
        dependents = self._dependents
        out: set[str] = set()
        for key in keys:
            out |= dependents.get(key, set())
        return out

    @property
    def dependents(self) -> dict[str, set[str]]:
        """Key to the files whose last resolution read it."""
        if self._dependents is None:
            dependents: dict[str, set[str]] = defaultdict(set)
            for path, keys in self.deps.items():
                for key in keys:
                    dependents[key].add(path)
            self._dependents = dependents
        return self._dependents

    @property
    def table(self) -> mod.ModuleTable:
        """The module key table over every file."""
        return self._module_tables().table

    def _module_tables(self) -> mod.TableBuilder:
        """The module key table and the path sets it is made of (kept: the next update changes them)."""
        if self._tables is None:
            self._tables = mod.TableBuilder(self.languages)
        return self._tables

    @property
    def packages(self) -> set[str]:
        """Directories that hold an ``__init__.py``."""
        if self._packages is None:
            self._packages = {posixpath.dirname(p) for p in self.languages if posixpath.basename(p) in mod.PY_INIT}
        return self._packages

    def _resolver(self) -> Resolver:
        """Return a resolver over the current tables."""
        resolver = Resolver(self.indexes, self.table, self.inheritance.bases, self.store.link_names, self.packages)
        if self._properties_known:
            resolver.property_names = self._property_names
        return resolver

    # -- bases first: member lookups walk them --------------------------------------------------
    def _rebase(self, affected: set[str], quiet: Mapping[str, str | None]) -> None:
        """Resolve the base types of the affected files' classes, widening to files that read them
        (``quiet``: changed files whose names did not change, whose folder's and family's readers
        are not resolved again unless their bases changed: a class's bases are read with its names)."""
        pending = set(affected)
        while pending:
            changed_files: set[str] = set()
            for path in pending:
                if self._resolve_bases(path):
                    changed_files.add(path)
            keys = {"file:" + p for p in changed_files}
            keys.update(BASES_KEY + mod.family(self.languages.get(p)) for p in changed_files)  # a class's subclasses
            keys.update(k for p in changed_files & quiet.keys() for k in _file_keys(p, quiet[p]))
            readers = self._dependents_of(keys) - affected
            affected |= readers & self.languages.keys()
            pending = readers & self.languages.keys()

    def _resolve_bases(self, path: str) -> bool:
        """Resolve one file's base types; tell whether they changed (the keys read are kept for
        ``_store``: a Java class whose package's one use is ``extends Base`` had recorded none,
        and kept its base when another file of the package came to define a ``Base`` too)."""
        source = self._source(path)
        references = source.references if source is not None else ()
        resolver = self._resolver()
        changed = self.inheritance.resolve_file(resolver, self.indexes[path], references)
        self._base_deps[path] = resolver.deps
        return changed

    # -- sites ---------------------------------------------------------------------------------
    def _store(self, path: str, resolver: Resolver) -> None:
        """Resolve one file and replace its sites and dependency keys."""
        resolver.start_file()
        source = self._source(path)
        assert source is not None
        linked = link_file(resolver, self.indexes[path], source, self.nodes.index)
        self.blocks[path] = linked.block
        self.loose_blocks[path] = linked.loose
        # a set: sorted, so that every process stores one order
        keys = tuple(self._keys.setdefault(k, k) for k in sorted(linked.deps | self._base_deps.pop(path, set())))
        dependents = self._dependents
        if dependents is not None:
            for key in self.deps.get(path, ()):
                dependents[key].discard(path)
            for key in keys:
                dependents[key].add(path)
        self.deps[path] = keys

    # -- derived arrays, rebuilt after each update ------------------------------------------------
    def _cached(self, name: str, make: Callable[[], T]) -> T:
        """Return a derived value, computing it once per version of the graph."""
        found = self._derived.get(name)
        if found is None:
            found = self._derived[name] = make()
        return found

    def merged(self) -> Merged:
        """Return every file's sites concatenated in path order, indexed by target."""
        return self._cached("merged", lambda: merge(sorted(self.blocks), self.blocks, len(self.nodes)))

    def edges(self) -> Edges:
        """Return the aggregated edges between live nodes."""
        def make() -> Edges:
            if self.lean and "merged" not in self._derived:  # a graph to be written: no query reads the merged sites
                edges = aggregate_blocks(self.blocks, self.members, len(self.nodes))
            else:
                edges = aggregate(self.merged(), self.members, len(self.nodes))
            alive = self.nodes.alive()
            keep = alive[edges.source] & alive[edges.target]
            return Edges(edges.source[keep], edges.target[keep], edges.counts[keep]) if not keep.all() else edges
        return self._cached("edges", make)

    def forget_derived(self) -> None:
        """Let go of the arrays derived from the sites (merged sites, edges, the PageRank operator),
        made again when asked: a graph about to be written needs none of them."""
        self._derived = {}

    def _recompute_centrality(self) -> None:
        """Recompute scaled PageRank over the whole graph."""
        self._derived = {}
        values = cent.scaled(self._lean_pagerank() if self.lean else self._edges_pagerank())
        rank = np.zeros(len(self.nodes))
        rank[self._live_by_id()] = values
        self._rank = rank.tolist()

    def _live_by_id(self) -> NDArray[np.int64]:
        """The live slots in the order of their node ids (path, then name), the order PageRank is
        summed in: in slot order, the order the index took the files in, an updated index's
        centralities and personalized ranks had differed from a fresh build's in the last digit
        (networkx: 47 of 449 results' ``centrality``), enough to turn a tie."""
        ids = self.nodes.ids
        return np.asarray(sorted(self.nodes.live(), key=ids.__getitem__), dtype=np.int64)

    def _edges_pagerank(self) -> NDArray[np.float64]:
        """PageRank as ``transition`` gives it, from the edges (an opened graph's merged from its
        stored columns), without the operator itself: its node ids, their index and its scipy
        matrix are made when a question asks for them, not by every update."""
        live = self._live_by_id()
        dense = np.full(len(self.nodes), -1, dtype=np.int64)
        dense[live] = np.arange(len(live))
        edges = self.edges()
        matrix, dangling = cent.spread(len(live), dense[edges.source], dense[edges.target], edges.weight)
        return cent.power(matrix, dangling)

    def _lean_pagerank(self) -> NDArray[np.float64]:
        """PageRank as ``transition`` gives it, without what only queries read: the operator's node
        ids and their index, the merged sites, the edges' counts per kind (their weights are summed
        from the blocks; only their number is kept, for ``stats``)."""
        source, target, weight = weighted_blocks(self.blocks, self.members, len(self.nodes))
        alive = self.nodes.alive()
        keep = alive[source] & alive[target]
        if not keep.all():  # as ``edges`` leaves them out
            source, target, weight = source[keep], target[keep], weight[keep]
        del alive, keep
        self._derived["edge_count"] = len(source)
        live = self._live_by_id()
        dense = np.full(len(self.nodes), -1, dtype=np.int64)
        dense[live] = np.arange(len(live))
        source, target = dense[source], dense[target]
        del dense
        matrix, dangling = cent.spread(len(live), source, target, weight)
        del live, source, target, weight
        return cent.power(matrix, dangling)

    @property
    def transition(self) -> cent.Transition:
        """Return the transition operator over the live nodes (for personalized PageRank)."""
        def make() -> cent.Transition:
            live = self._live_by_id()
            dense = np.full(len(self.nodes), -1, dtype=np.int64)
            dense[live] = np.arange(len(live))
            edges = self.edges()
            ids = self.nodes.ids
            nodes = tuple(ids[s] for s in live.tolist())
            return cent.operator(nodes, dense[edges.source], dense[edges.target], edges.weight)
        return self._cached("transition", make)

    # -- views -----------------------------------------------------------------------------------
    @property
    def graph(self) -> nx.DiGraph:
        """The ``networkx`` view of the graph (built on first use after each update)."""
        return self._cached("nx", self._networkx)

    def _networkx(self) -> nx.DiGraph:
        """Build the ``networkx`` view (networkx is imported here: only this view needs it)."""
        import networkx as nx

        graph = nx.DiGraph()
        ids, kinds = self.nodes.ids, self.nodes.kinds
        graph.add_nodes_from((ids[s], {"kind": kinds[s]}) for s in self.nodes.live())
        edges = self.edges()
        for s, t, counts in zip(edges.source.tolist(), edges.target.tolist(), edges.counts.tolist()):
            found = {KINDS[k]: c for k, c in enumerate(counts) if c}
            graph.add_edge(ids[s], ids[t], weight=float(sum(counts)), kinds=found)
        return graph

    @property
    def symbols(self) -> Mapping[str, Symbol]:
        """Symbol node id to its symbol (when a file defines a name twice, the one
        its uses are tied to: ``SymbolStore.get``)."""
        return SymbolsView(self.store, self.nodes)

    @property
    def by_path(self) -> Mapping[str, list[Symbol]]:
        """File to its symbols, by start line."""
        return ByPathView(self.store)

    def named(self, name: str, *, qualified: bool = False) -> set[str]:
        """Return the symbol nodes of a bare (or qualified) name, without building the name tables
        for a process that asks a few questions."""
        return self.store.named(name, qualified=qualified)

    @property
    def by_name(self) -> dict[str, set[str]]:
        """Bare name to the symbol nodes of that name."""
        return self.store.query_names.by_name

    @property
    def by_qualname(self) -> dict[str, set[str]]:
        """Qualified name to the symbol nodes of that name."""
        return self.store.query_names.by_qualname

    @property
    def qualnames(self) -> dict[str, dict[str, list[str]]]:
        """Family to qualname to symbol nodes (the families resolved across files, ``LINKED_FAMILIES``)."""
        return self.store.link_names().qualnames

    @property
    def tops(self) -> dict[str, dict[str, list[str]]]:
        """Family to top-level name to symbol nodes (the families resolved across files)."""
        return self.store.link_names().tops

    @property
    def sites_in(self) -> Mapping[str, list[Site]]:
        """Target node to the sites that reach it."""
        return SitesIn(self.merged(), self.nodes)

    @property
    def sites_out(self) -> Mapping[str, list[Site]]:
        """File to its resolved sites."""
        return SitesOut(self.blocks, self.nodes)

    @property
    def loose(self) -> Mapping[str, list[Loose]]:
        """File to its references that reached no node."""
        return LooseView(self.loose_blocks, self.nodes)

    @property
    def rank(self) -> dict[str, float]:
        """Node to its centrality (PageRank × number of nodes)."""
        def make() -> dict[str, float]:
            ids, rank = self.nodes.ids, self._rank
            return {ids[s]: rank[s] for s in self.nodes.live()}
        return self._cached("rank", make)

    def node_centrality(self, node: str) -> float:
        """Return PageRank × number of nodes (mean 1 over all nodes; 0 for an unknown node)."""
        slot = self.nodes.index.get(node)
        return self._rank[slot] if slot is not None and slot < len(self._rank) else 0.0

    def slot_centrality(self) -> list[float]:
        """Return the centrality of every node slot (0 for a removed node)."""
        return self._rank

    def rank_array(self) -> NDArray[np.float64]:
        """Return the centrality of every node slot as an array."""
        return self._cached("rank_array", lambda: np.asarray(self._rank, dtype=np.float64))

    def name_order(self) -> NDArray[np.int64]:
        """Return, per node slot, the position of its id in sorted order (ties broken by name)."""
        def make() -> NDArray[np.int64]:
            ids = self.nodes.ids
            order = np.zeros(len(ids), dtype=np.int64)
            order[sorted(range(len(ids)), key=ids.__getitem__)] = np.arange(len(ids))
            return order
        return self._cached("name_order", make)

    def in_degree(self, node: str) -> int:
        """Return how many sites point at a node (call, import, inherit and ref sites)."""
        slot = self.nodes.index.get(node)
        return 0 if slot is None else len(self.merged().into(slot))

    def centrality(self, path: str, start_line: int) -> float:
        """Return the centrality of the symbol a chunk starts at, else of the innermost enclosing one,
        else of the file; scale: PageRank × node count, mean 1 (see ``centrality.py``)."""
        best: Symbol | None = None
        for symbol in self._symbols_of(path):
            if symbol.start_line > start_line:
                break
            if symbol.end_line >= start_line:
                best = symbol
        if best is None:
            return self.node_centrality(path)
        return self.node_centrality(symbol_id(path, best.qualname))

    def centrality_at(self, path: str, start_line: int, end_line: int | None = None) -> float:
        """Return the centrality of the symbol spanning exactly these lines, else as ``centrality``."""
        if end_line is not None:
            for symbol in self._symbols_of(path):
                if symbol.start_line == start_line and symbol.end_line == end_line:
                    return self.node_centrality(symbol_id(path, symbol.qualname))
                if symbol.start_line > start_line:
                    break
        return self.centrality(path, start_line)

    def _symbols_of(self, path: str) -> list[Symbol]:
        """Return a file's symbols by start line, none for an unknown file."""
        return self.store.of(path) if path in self.store.entries else []

    def symbol_names(self) -> Iterator[tuple[str, str]]:
        """Yield (node id, bare name) for every symbol node, without decoding the symbols."""
        for path, entry in self.store.entries.items():
            seen: set[str] = set()
            for name, qualname, _, _ in names_of(entry):
                if qualname not in seen:
                    seen.add(qualname)
                    yield symbol_id(path, qualname), name

    # -- statistics --------------------------------------------------------------------------------
    @property
    def stats(self) -> dict[str, object]:
        """Return node and edge counts and, per language, how call/inherit/ref sites resolved."""
        languages = per_language(self.blocks, self.loose_blocks, self.languages)
        return {
            "nodes": len(self.nodes.index),
            "edges": self._edge_count(),
            "files": len(self.languages),
            "symbols": len(self.nodes.index) - len(self.languages),
            "languages": languages,
        }

    def _edge_count(self) -> int:
        """Return how many edges the graph has (a lean build's PageRank kept their number alone)."""
        count = self._derived.get("edge_count")
        return int(count) if count is not None else len(self.edges().source)

    # -- persistence ---------------------------------------------------------------------------------
    def save(self, path: Path) -> None:
        """Store the graph as plain arrays (see ``persist.py``; an opened graph's unchanged files
        copied from its stored columns, ``splice.py``); the facts stay in the index."""
        if not write_spliced(self, path):
            persist.write(path, persist.dump(self))

    @classmethod
    def open(cls, path: Path, facts: Mapping[str, FileFacts]) -> CodeGraph:
        """Read a stored graph, its symbols from the facts it was built from (the generation's):
        queries work at once, ``update`` after ``attach``; a damaged file, or one the facts
        disagree with, raises ValueError or OSError."""
        graph = cls()
        graph._properties_known = False  # its files' facts are not read to learn them
        with bulk():
            persist.load(graph, persist.read(path, facts))
        graph.attached = not graph.languages
        return graph


BASES_KEY = "bases:"
"""Before a family, the key of every class's bases in it: read where an answer depends on which
classes derive from one (``Resolver.in_subclasses``), stale when some file's bases change (not on
every edit of a name, as ``glob:`` is: 316 of sympy's 1,328 files had relinked on each)."""


def _changed_keys(old: mod.ModuleTable, new: mod.ModuleTable) -> set[str]:
    """Return the keys whose paths differ between two module tables."""
    keys = set(old) | set(new)
    return {k for k in keys if old.get(k) != new.get(k)}


def _file_keys(path: str, language: str | None, *, tables: bool = True, names: bool = True) -> set[str]:
    """Return the keys whose readers must be resolved again when a file's content changed: its
    own (``file:``) when its tables differ, its folder's and its family's (``dir:``, ``glob:``)
    when its names do (``CodeGraph._differs``). A one-line edit of joda-time's DateTime.java
    that left both as they were had relinked 160 files: 105 readers of the file, 55 of its folder."""
    keys: set[str] = set()
    if tables or names:
        keys.add("file:" + path)
    if names:
        keys.add("dir:" + posixpath.dirname(path))
        keys.add("glob:" + mod.family(language))
    return keys


def _seen_of(index: FileIndex, entry: Sequence[Symbol] | Sequence[Any], language: str | None) -> tuple[Any, ...]:
    """A file's (tables, names) as ``CodeGraph._differs`` compares them."""
    return seen_by_readers(index), (language, list(index.defs.items()), Counter(names_of(entry)))


def _same_facts(layer: Mapping[str, FileFacts], changed: Mapping[str, FileFacts], path: str) -> bool:
    """Tell whether a file's facts in the mapping it was read from are the very object an update
    brings (the mapping changed in place, or the update's own facts attached): its old tables
    cannot be made from them."""
    rows, new_rows = getattr(layer, "rows", None), getattr(changed, "rows", None)
    if isinstance(rows, Mapping) and path in rows:
        return isinstance(new_rows, Mapping) and rows.get(path) is new_rows.get(path)
    if path not in layer:
        return True
    return isinstance(changed, Mapping) and not isinstance(new_rows, Mapping) and layer[path] is changed.get(path)

