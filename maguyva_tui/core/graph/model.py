"""The code graph: symbols and files as nodes, resolved references as edges, centrality on top.

Nodes are symbol ids (``path::qualname``) and file paths. Edges point from the user to the used:
``call`` (caller → callee), ``import`` (file → module or symbol), ``inherit`` (subtype → supertype),
``ref`` (instantiation, type use) and ``member`` (method → its class). A reference written at module
level starts at the file node. Each edge carries ``weight`` (its number of sites) and ``kinds``.

Every site is kept (``sites_in`` by target, ``sites_out`` by file) so callers are answered one call
site at a time. ``update`` replaces the edges of changed files and of the files whose resolution
read them (tracked by dependency keys), then recomputes PageRank.
"""

from __future__ import annotations

import posixpath
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import networkx as nx

from maguyva_tui.core.graph import centrality as cent
from maguyva_tui.core.graph import modules as mod
from maguyva_tui.core.graph.resolve import AMBIGUOUS, EXTERNAL, SENTINELS, Resolver
from maguyva_tui.core.graph.tables import CLASS_KINDS, FileIndex, index_file, split_id, symbol_id
from maguyva_tui.core.types import FileFacts, Symbol

EDGE_KINDS: tuple[str, ...] = ("call", "import", "inherit", "ref", "member")
"""Every edge kind, in the order the explain view lists them."""
RESOLVED_KINDS = frozenset({"call", "inherit", "ref"})
"""Reference kinds counted in the resolution statistics."""


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
    """``external``, ``ambiguous`` or ``unresolved``."""


@dataclass(slots=True)
class _Resolved:
    """What resolving one file produced."""

    sites: list[Site]
    loose: list[Loose]
    deps: frozenset[str]


class CodeGraph:
    """A directed dependency graph over symbols and files, with call sites and centrality."""

    def __init__(self) -> None:
        self.graph: nx.DiGraph = nx.DiGraph()
        self.facts: dict[str, FileFacts] = {}
        self.indexes: dict[str, FileIndex] = {}
        self.symbols: dict[str, Symbol] = {}
        self.table: mod.ModuleTable = {}
        self.packages: set[str] = set()
        self.bases: dict[str, list[str]] = {}
        self.base_parts: dict[str, dict[str, list[str]]] = {}
        """File to the bases its ``inherit`` references give each class."""
        self.base_sources: dict[str, set[str]] = {}
        self.qualnames: dict[str, dict[str, list[str]]] = {}
        self.tops: dict[str, dict[str, list[str]]] = {}
        self.deps: dict[str, frozenset[str]] = {}
        self.dependents: dict[str, set[str]] = defaultdict(set)
        self.sites_out: dict[str, list[Site]] = {}
        self.sites_in: dict[str, list[Site]] = defaultdict(list)
        self.loose: dict[str, list[Loose]] = {}
        self.by_name: dict[str, set[str]] = defaultdict(set)
        self.by_qualname: dict[str, set[str]] = defaultdict(set)
        self.by_path: dict[str, list[Symbol]] = {}
        self.rank: dict[str, float] = {}
        self.languages: dict[str, str | None] = {}
        """Every file of the graph and its language (kept when the facts are not pickled)."""
        self._transition: cent.Transition | None = None

    # -- construction --------------------------------------------------------------------------
    @classmethod
    def build(cls, files: Mapping[str, FileFacts]) -> CodeGraph:
        """Build the graph of a whole repository from each file's facts."""
        graph = cls()
        graph.update(files, ())
        return graph

    def update(self, changed: Mapping[str, FileFacts], removed: Iterable[str] = ()) -> set[str]:
        """Replace changed files, drop removed ones, re-resolve what depended on them; return those."""
        if len(self.facts) < len(self.languages):
            raise RuntimeError("CodeGraph.update needs the facts of every file: call attach(facts) after unpickling")
        removed = {p for p in removed if p in self.facts} - set(changed)
        touched = set(changed) | removed
        old_table = self.table
        languages = {p: self.facts[p].language for p in touched if p in self.facts}
        languages.update({p: f.language for p, f in changed.items()})
        for path in touched:
            self._forget_file(path)
        for path, facts in changed.items():
            self._learn_file(facts)
        self.table = mod.build_table({p: f.language for p, f in self.facts.items()})
        self.packages = {posixpath.dirname(p) for p in self.facts if posixpath.basename(p) in mod.PY_INIT}
        stale = _changed_keys(old_table, self.table) | _file_keys(languages)
        affected = (set(changed) | self._dependents_of(stale)) - removed
        affected &= self.facts.keys()
        for path in removed:
            self._resolve_bases_removed(path)
        self._rebase(affected)
        for path in sorted(affected):
            self._store(path, self._resolve_file(path))
        self._recompute_centrality()
        return affected

    def _forget_file(self, path: str) -> None:
        """Remove a file's nodes, symbols and name index entries (its sites go in ``_store``)."""
        old = self.facts.pop(path, None)
        self.indexes.pop(path, None)
        self.languages.pop(path, None)
        for symbol in self.by_path.pop(path, []):
            node = symbol_id(path, symbol.qualname)
            self.symbols.pop(node, None)
            self.by_name[symbol.name].discard(node)
            self.by_qualname[symbol.qualname].discard(node)
            _discard(self.qualnames, mod.family(symbol.language), symbol.qualname, node)
            _discard(self.tops, mod.family(symbol.language), symbol.qualname, node)
            if self.graph.has_node(node):
                self.graph.remove_node(node)
        if old is not None and self.graph.has_node(path):
            self.graph.remove_node(path)
        self._drop_sites(path)

    def _learn_file(self, facts: FileFacts) -> None:
        """Add a file's nodes and name index entries."""
        path = facts.path
        self.facts[path] = facts
        self.languages[path] = facts.language
        self.indexes[path] = index_file(facts)
        self.graph.add_node(path, kind="file")
        symbols = sorted(facts.symbols, key=lambda s: (s.start_line, -s.end_line))
        self.by_path[path] = symbols
        family = mod.family(facts.language)
        for symbol in symbols:
            node = symbol_id(path, symbol.qualname)
            self.symbols.setdefault(node, symbol)
            self.graph.add_node(node, kind=symbol.kind)
            self.by_name[symbol.name].add(node)
            self.by_qualname[symbol.qualname].add(node)
            self.qualnames.setdefault(family, {}).setdefault(symbol.qualname, []).append(node)
            if "." not in symbol.qualname:
                self.tops.setdefault(family, {}).setdefault(symbol.qualname, []).append(node)

    def _dependents_of(self, keys: set[str]) -> set[str]:
        """Return the files whose last resolution read any of these keys."""
        out: set[str] = set()
        for key in keys:
            out |= self.dependents.get(key, set())
        return out

    def _resolver(self) -> Resolver:
        """Return a resolver over the current tables."""
        return Resolver(self.indexes, self.table, self.bases, self.qualnames, self.tops, self.packages)

    # -- bases first: member lookups walk them --------------------------------------------------
    def _rebase(self, affected: set[str]) -> None:
        """Resolve the base types of the affected files' classes, widening to files that read them."""
        pending = set(affected)
        while pending:
            changed_files: set[str] = set()
            for path in pending:
                if self._resolve_bases(path):
                    changed_files.add(path)
            readers = self._dependents_of({"file:" + p for p in changed_files}) - affected
            affected |= readers & self.facts.keys()
            pending = readers & self.facts.keys()

    def _resolve_bases(self, path: str) -> bool:
        """Resolve one file's ``inherit`` references into ``bases``; tell whether anything changed."""
        index = self.indexes[path]
        resolver = self._resolver()
        new: dict[str, list[str]] = defaultdict(list)
        for ref in self.facts[path].references:
            if ref.kind != "inherit" or not ref.scope:
                continue
            sub = self._subtype(resolver, index, ref.scope)
            if sub is not None:
                new[sub].append(resolver.resolve(index, None, ref.name))
        old = self.base_parts.pop(path, {})
        if new:
            self.base_parts[path] = dict(new)
        for node in set(old) | set(new):
            self._merge_bases(node, path, node in new)
        return dict(new) != old

    def _resolve_bases_removed(self, path: str) -> None:
        """Withdraw the bases a removed file declared."""
        for node in self.base_parts.pop(path, {}):
            self._merge_bases(node, path, False)

    def _merge_bases(self, node: str, path: str, contributes: bool) -> None:
        """Recompute the bases of one class from every file that declares some (Rust impls)."""
        sources = self.base_sources.setdefault(node, set())
        if contributes:
            sources.add(path)
        else:
            sources.discard(path)
        merged = [b for p in sorted(sources) for b in self.base_parts.get(p, {}).get(node, [])]
        if merged:
            self.bases[node] = merged
        else:
            self.bases.pop(node, None)
            self.base_sources.pop(node, None)

    def _subtype(self, resolver: Resolver, index: FileIndex, scope: str) -> str | None:
        """Return the node of the class that inherits: the scope, or the Rust ``impl`` type."""
        if index.defs.get(scope) in CLASS_KINDS:
            return symbol_id(index.path, scope)
        target = resolver.resolve(index, None, scope)
        return target if resolver.kind(target) in CLASS_KINDS else None

    # -- sites ---------------------------------------------------------------------------------
    def _resolve_file(self, path: str) -> _Resolved:
        """Resolve every reference and import of one file."""
        index = self.indexes[path]
        facts = self.facts[path]
        resolver = self._resolver()
        sites: list[Site] = []
        loose: list[Loose] = []
        cache: dict[tuple[str | None, str], str] = {}
        sources: dict[str | None, str] = {}
        nodes = self.graph.nodes
        for ref in facts.references:
            if ref.kind == "local":
                continue
            key = (ref.scope, ref.name)
            target = cache.get(key)
            if target is None:
                target = cache[key] = resolver.resolve(index, ref.scope, ref.name)
            source = sources.get(ref.scope)
            if source is None:
                source = sources[ref.scope] = self._source(index, ref.scope)
            if target in SENTINELS or target not in nodes:
                loose.append(Loose(path, ref.line, source, ref.name, ref.kind, _outcome(target)))
            else:
                sites.append(Site(path, ref.line, source, target, ref.kind))
        for imp in facts.imports:
            if imp.local == "*" or imp.module == "":
                continue
            target = resolver.resolve_import(index, imp)
            if target not in SENTINELS and self.graph.has_node(target):
                sites.append(Site(path, imp.line, path, target, "import"))
        return _Resolved(sites, loose, frozenset(resolver.deps))

    def _source(self, index: FileIndex, scope: str | None) -> str:
        """Return the node a reference starts from."""
        if scope and scope in index.defs:
            return symbol_id(index.path, scope)
        return index.path

    def _store(self, path: str, resolved: _Resolved) -> None:
        """Replace one file's sites and out-edges."""
        self._drop_sites(path)
        self.sites_out[path] = resolved.sites
        self.loose[path] = resolved.loose
        for site in resolved.sites:
            self.sites_in[site.target].append(site)
        for key in self.deps.get(path, ()):
            self.dependents[key].discard(path)
        self.deps[path] = resolved.deps
        for key in resolved.deps:
            self.dependents[key].add(path)
        self._add_edges(path, resolved.sites)

    def _drop_sites(self, path: str) -> None:
        """Forget one file's sites and the out-edges of its nodes."""
        old = self.sites_out.pop(path, [])
        self.loose.pop(path, None)
        for target in {site.target for site in old}:
            kept = [s for s in self.sites_in.get(target, []) if s.path != path]
            if kept:
                self.sites_in[target] = kept
            else:
                self.sites_in.pop(target, None)
        sources = {site.source for site in old} | {path}
        sources.update(symbol_id(path, s.qualname) for s in self.by_path.get(path, ()))  # member edges too
        for source in sources:
            if self.graph.has_node(source):
                self.graph.remove_edges_from(list(self.graph.out_edges(source)))

    def _add_edges(self, path: str, sites: list[Site]) -> None:
        """Add the aggregated edges of one file's sites and its methods' member edges."""
        counts: Counter[tuple[str, str, str]] = Counter((s.source, s.target, s.kind) for s in sites)
        index = self.indexes[path]
        for qualname, kind in index.defs.items():
            owner = index.enclosing_class(qualname.rpartition(".")[0])
            if owner is not None and kind in ("method", "function"):
                counts[(symbol_id(path, qualname), symbol_id(path, owner), "member")] += 1
        edges: dict[tuple[str, str], dict[str, object]] = {}
        for (source, target, kind), count in counts.items():
            if source == target:
                continue
            data = edges.setdefault((source, target), {"weight": 0.0, "kinds": {}})
            data["weight"] += count  # type: ignore[operator]
            data["kinds"][kind] = count  # type: ignore[index]
        # every source is this file's node and its old out-edges are gone: all edges are new
        self.graph.add_edges_from((s, t, d) for (s, t), d in edges.items())

    # -- centrality ------------------------------------------------------------------------------
    def _recompute_centrality(self) -> None:
        """Recompute scaled PageRank over the whole graph."""
        self._transition = cent.transition(self.graph)
        values = cent.scaled(cent.pagerank(self._transition))
        self.rank = dict(zip(self._transition.nodes, values.tolist()))

    @property
    def transition(self) -> cent.Transition:
        """Return the transition operator (for personalized PageRank)."""
        if self._transition is None:
            self._transition = cent.transition(self.graph)
        return self._transition

    def node_centrality(self, node: str) -> float:
        """Return PageRank × number of nodes (mean 1 over all nodes; 0 for an unknown node)."""
        return self.rank.get(node, 0.0)

    def in_degree(self, node: str) -> int:
        """Return how many sites point at a node (call, import, inherit and ref sites)."""
        return len(self.sites_in.get(node, ()))

    def centrality(self, path: str, start_line: int) -> float:
        """Return the centrality of the symbol a chunk starts at, else of the innermost enclosing one,
        else of the file; scale: PageRank × node count, mean 1 (see ``centrality.py``)."""
        best: Symbol | None = None
        for symbol in self.by_path.get(path, ()):
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
            for symbol in self.by_path.get(path, ()):
                if symbol.start_line == start_line and symbol.end_line == end_line:
                    return self.node_centrality(symbol_id(path, symbol.qualname))
                if symbol.start_line > start_line:
                    break
        return self.centrality(path, start_line)

    # -- statistics --------------------------------------------------------------------------------
    @property
    def stats(self) -> dict[str, object]:
        """Return node and edge counts and, per language, how call/inherit/ref sites resolved."""
        per_language: dict[str, Counter[str]] = defaultdict(Counter)
        for path, sites in self.sites_out.items():
            language = self.languages.get(path) or ""
            per_language[language]["resolved"] += sum(1 for s in sites if s.kind in RESOLVED_KINDS)
            per_language[language]["calls_resolved"] += sum(1 for s in sites if s.kind == "call")
        for path, loose in self.loose.items():
            language = self.languages.get(path) or ""
            for item in loose:
                per_language[language][item.outcome] += 1
                if item.kind == "call":
                    per_language[language]["calls_" + item.outcome] += 1
        languages = {lang: _complete(counts) for lang, counts in sorted(per_language.items())}
        return {
            "nodes": self.graph.number_of_nodes(),
            "edges": self.graph.number_of_edges(),
            "files": len(self.facts),
            "symbols": len(self.symbols),
            "languages": languages,
        }

    # -- persistence ---------------------------------------------------------------------------------
    def __getstate__(self) -> dict[str, object]:
        """Pickle the graph without what the index already stores or what is cheap to rebuild:
        the facts and per-file tables (``attach`` restores them) and the reverse site index."""
        skip = {"facts", "indexes", "sites_in", "_transition"}
        state = {key: value for key, value in vars(self).items() if key not in skip}
        state["dependents"] = dict(self.dependents)
        state["by_name"] = dict(self.by_name)
        state["by_qualname"] = dict(self.by_qualname)
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        """Restore a pickled graph; queries work at once, ``update`` after ``attach``."""
        self.__dict__.update(state)
        self.facts, self.indexes, self._transition = {}, {}, None
        self.dependents = defaultdict(set, self.dependents)
        self.by_name = defaultdict(set, self.by_name)
        self.by_qualname = defaultdict(set, self.by_qualname)
        self.sites_in = defaultdict(list)
        for sites in self.sites_out.values():
            for site in sites:
                self.sites_in[site.target].append(site)

    def attach(self, facts: Mapping[str, FileFacts]) -> None:
        """Give an unpickled graph the facts it was built from, so that it can be updated."""
        self.facts = {path: facts[path] for path in self.languages if path in facts}
        self.indexes = {path: index_file(f) for path, f in self.facts.items()}


COUNTED = ("resolved", "external", "ambiguous", "unresolved")


def _complete(counts: Counter[str]) -> dict[str, float]:
    """Fill every outcome and add the unresolved rate (over sites that are not external)."""
    out: dict[str, float] = {k: counts.get(k, 0) for k in COUNTED}
    out.update({f"calls_{k}": counts.get(f"calls_{k}", 0) for k in COUNTED})
    internal = out["resolved"] + out["ambiguous"] + out["unresolved"]
    out["unresolved_rate"] = round((out["ambiguous"] + out["unresolved"]) / internal, 4) if internal else 0.0
    return out


def _outcome(target: str) -> str:
    """Name the outcome of a reference that reached no node."""
    if target == EXTERNAL:
        return "external"
    if target == AMBIGUOUS:
        return "ambiguous"
    return "unresolved"


def _discard(table: dict[str, dict[str, list[str]]], family: str, key: str, node: str) -> None:
    """Remove one node from a two-level name table."""
    nodes = table.get(family, {}).get(key)
    if nodes and node in nodes:
        nodes.remove(node)


def _changed_keys(old: mod.ModuleTable, new: mod.ModuleTable) -> set[str]:
    """Return the keys whose paths differ between two module tables."""
    keys = set(old) | set(new)
    return {k for k in keys if old.get(k) != new.get(k)}


def _file_keys(languages: Mapping[str, str | None]) -> set[str]:
    """Return the keys whose readers must be resolved again when these files' contents change."""
    keys: set[str] = set()
    for path, language in languages.items():
        keys.add("file:" + path)
        keys.add("dir:" + posixpath.dirname(path))
        keys.add("glob:" + mod.family(language))
    return keys
