"""The graph engine as a retriever: call sites, impact radius, and personalized PageRank for free text.

Free text: the query's identifiers and words are matched against symbol names (whole names, and the
words of camelCase/snake_case names); those symbols seed a personalized PageRank, and the symbols
where rank concentrates come back, seeds included. A question whose words name no symbol returns
nothing rather than the globally central nodes.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import numpy as np

from maguyva_tui.core.graph import queries
from maguyva_tui.core.graph.bulk import bulk
from maguyva_tui.core.graph.centrality import pagerank
from maguyva_tui.core.graph.foreign_impls import ForeignImpl, foreign_impls, impl_method
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.tables import CLASS_KINDS, TYPE_USES, split_id
from maguyva_tui.core.intent import asks_callees, asks_overrides, asks_subtypes
from maguyva_tui.core.names import identifiers_in, split_identifier
from maguyva_tui.core.overloads import ranked_by_arity, site_labels
from maguyva_tui.core.parsing.trait_impls import impl_trait
from maguyva_tui.core.paths import is_demoted, is_secondary
from maguyva_tui.core.similar import KIND_FAMILIES, same_family, similar_target, source_spans
from maguyva_tui.core.stopwords import GRAPH_QUESTION as STOP_WORDS
from maguyva_tui.core.types import Hit, Query, Symbol, calls_one_of, echo

MIN_WORD = 3  # shorter words ("id", "of") match too many names to say anything
WHOLE_NAME_WEIGHT = 1.0  # the query names the symbol outright
WORD_WEIGHT = 0.25  # a word of the query is a word of the name: weaker, and spread over all such names
MAX_WORD_SEEDS = 200  # a word shared by more names than this is too common to seed from
MIN_SHARED_NEIGHBOURS = 2
"""A definition is like X in the graph when it shares at least this many of X's neighbours (all of
them when X has fewer): one common neighbour (a logger, ``len``'s module) is no likeness."""
DEFAULT_IMPACT_DEPTH = 3
"""Impact questions follow dependents this many hops unless the caller says otherwise."""
REFERENCES = "find_references"
"""The intent answered by the target's call sites."""
IMPACT = "impact_analysis"
"""The intent answered by the target's dependents."""
MAX_SUBTYPE_DEPTH = 8
"""Generations of subclasses a "subclasses of X" question follows at most."""
INTERFACE_KINDS = frozenset({"interface", "trait", "protocol"})
"""The kinds whose subtypes *implement* them; the others' subtypes *extend* them."""


_USE_VERBS = {"inherit": "implements", "ref": "refers to", "import": "imports"}


def _built_on(symbol: Symbol) -> bool:
    """Tell whether types can be built on a symbol: a class, interface or trait, or a Ruby module,
    which classes ``include``, ``extend`` or ``prepend`` ("what includes Utils::Html")."""
    return symbol.kind in CLASS_KINDS or (symbol.kind == "module" and symbol.language == "ruby")


def _bases_of(graph: CodeGraph) -> set[str]:
    """The nodes some type is built on: a JavaScript constructor function given a subtype old
    style (``PrintVisitor.prototype = new Visitor()``) is built on, as a class is."""
    return {base for bases in graph.bases.values() for base in bases}


def _verb(symbol: Symbol) -> str:
    """How a type is built on a symbol: a PHP class uses a trait, a Ruby class includes a module."""
    if symbol.kind == "trait" and symbol.language == "php":
        return "uses"
    return "implements" if symbol.kind in INTERFACE_KINDS else "includes" if symbol.kind == "module" else "extends"


def _methods(count: int) -> str:
    return "method" if count == 1 else f"{count} methods"


def best_first(score: np.ndarray, nodes: tuple[str, ...], symbols: Mapping[str, Symbol]) -> Iterator[int]:
    """The positions of the positive ``score`` values, best first, ties by place (path, line, name,
    as the results show them). The operator's node order is the order the index took the files in
    (a fresh build, an update, a rename each give another), and it had broken the ties: networkx
    updated after a case-only rename listed ``faster_could_be_isomorphic`` above the tied
    ``fast_could_be_isomorphic``, a fresh build of the same files below."""
    order = np.argsort(-score, kind="stable")
    ranked = -score[order]
    at = 0
    while at < len(order) and ranked[at] < 0:
        end = int(np.searchsorted(ranked, ranked[at], side="right"))
        run = order[at:end].tolist()
        yield from (run if len(run) == 1 else sorted(run, key=lambda i: _place(nodes[i], symbols)))
        at = end


def _place(node: str, symbols: Mapping[str, Symbol]) -> tuple[str, int, str]:
    """A node's place as a result shows it: its definition's path, line and name (a node with no
    definition, by its id: its path, then its name)."""
    symbol = symbols.get(node)
    return (node, 0, node) if symbol is None else (symbol.path, symbol.start_line, symbol.qualname)


def words(text: str) -> list[str]:
    """Split identifiers and prose into lower-case words (``parseConfig`` -> parse, config)."""
    return list(split_identifier(text))


class GraphRetriever:
    """Callers, impact and personalized-PageRank hits from a ``CodeGraph``."""

    name = "graph"

    def __init__(self, graph: CodeGraph, read: Callable[[str], bytes] | None = None) -> None:
        """``read``: a file's indexed text, to say which overload a call's argument count fits."""
        self.graph = graph
        self.read = read
        self._words: dict[str, list[str]] | None = None
        self._adjacency: tuple[Any, np.ndarray] | None = None

    # -- direct answers ------------------------------------------------------------------------
    def callers_hits(self, name: str, limit: int, secondary_last: bool = False) -> list[Hit]:
        """Return one hit per call site of ``name``, the most central callers first, those in the
        repository's own code before those in vendored, built or generated copies (and, with
        ``secondary_last``, those in examples, tests and docs before those)."""
        graph = self.graph
        defined = queries.definitions(graph, name)
        implicit = queries.implicit_constructor(graph, name, defined)  # Foo.new: Foo's constructions
        defined = implicit or defined
        columns, _ = (queries.ranked_callers(graph, defined, limit, secondary_last, constructors_of=implicit)
                      if self.read is None else
                      ranked_by_arity(self.read, graph, defined, limit, secondary_last, constructors_of=implicit))
        bare = name.replace("::", ".").replace("->", ".").rpartition(".")[2] or name
        if not len(columns.positions) and defined and all(
                (symbol := graph.symbols.get(d)) is not None and symbol.kind in CLASS_KINDS for d in defined):
            return self._use_hits(defined, bare, limit, secondary_last)  # a type nothing calls or constructs: its uses
        said, built = self._one_of(defined, bare), queries.construction_reasons(graph, defined, implicit)
        sites = [columns.site(i) for i in range(len(columns.positions))]
        counted = {} if self.read is None else site_labels(self.read, graph, defined,
                                                           [(s.path, s.line, s.callee_id) for s in sites])
        hits: list[Hit] = []
        for s in sites:
            reason = queries.site_reason(graph, s, built, said.get(s.callee_id, f"calls {bare}"))
            if (s.path, s.line) in counted:
                reason = f"{reason}, {counted[s.path, s.line]}"
            hits.append(Hit(s.path, s.line, s.line, graph.node_centrality(s.caller_id), s.caller,
                            "read" if s.kind == "read" else "call",
                            self._language(s.path), reason))
        return hits

    def _use_hits(self, defined: tuple[str, ...], bare: str, limit: int, secondary_last: bool) -> list[Hit]:
        """Return one hit per line using a type no code calls (a TypeScript interface or type
        alias) or constructs (a Rust struct or enum, a Go struct, a class used only as a type):
        its implementations, type uses and imports, the repository's own code first, then
        by kind of use, path and line. "who uses Shape" had found nothing in the graph for an
        interface, and the blend had put its own members first; toml_edit's "where is Document used"
        had blended the struct's own definition first, though the graph holds 24 uses."""
        graph = self.graph
        sites = {(s.path, s.line): s for d in defined for s in graph.sites_in.get(d, ()) if s.kind in TYPE_USES}
        ordered = sorted(sites.values(), key=lambda s: (
            is_demoted(s.path), secondary_last and is_secondary(s.path), TYPE_USES.index(s.kind), s.path, s.line))
        which = self._one_of(defined, bare)  # `calls Shape of src/a.ts:1`: the place, when several
        return [Hit(s.path, s.line, s.line, graph.node_centrality(s.source),
                    (split_id(s.source)[1] if s.source in graph.symbols else "") or None, s.kind,
                    self._language(s.path),
                    _USE_VERBS[s.kind] + which.get(s.target, f"calls {bare}").removeprefix("calls"))
                for s in ordered[:limit]]

    def _one_of(self, defined: tuple[str, ...], bare: str) -> dict[str, str]:
        """The reason of a call to each of a name's several definitions, naming the one it calls
        (``calls helper of pkg/a.py:1``); empty for a name with one."""
        if len(defined) < 2:
            return {}
        symbols = self.graph.symbols
        return {node: calls_one_of(bare, symbols[node].path, symbols[node].start_line)
                for node in defined if node in symbols}

    def impact_hits(self, name: str, depth: int, limit: int) -> list[Hit]:
        """Return the dependents of ``name`` nearest first, each spanning the dependent symbol."""
        found = queries.impact(self.graph, name, depth, limit)
        bare = name.replace("::", ".").replace("->", ".").rpartition(".")[2] or name
        if not queries.definitions(self.graph, name):  # a file or module said as written: it had been "depends on py"
            bare = name
        hits = []
        for d in found.dependents[:limit]:
            score = (depth - d.depth + 1) + d.centrality / (1.0 + d.centrality)  # depth first, then centrality
            hits.append(Hit(d.path, d.start_line, d.end_line, score, d.qualname, d.kind, self._language(d.path),
                            f"depends on {bare} ({d.edge}, depth {d.depth})", d.depth))
        return hits

    def search(self, query: Query, limit: int) -> list[Hit]:
        """Answer a references or impact question about the query's target directly (every call
        site, every dependent); rank any other question's symbols by personalized PageRank."""
        if query.target and query.intent == REFERENCES:  # cut where the page will demote: tests after the code
            if asks_callees(query.text):
                return self.callee_hits(query.target, limit)
            built = (self.override_hits(query.target, limit) if asks_overrides(query.text)
                     else self._subtypes_or_implementations(query.target, limit) if asks_subtypes(query.text)
                     else None)
            return self.callers_hits(query.target, limit, "secondary" in query.demote) if built is None else built
        if query.target and query.intent == IMPACT:
            return self.impact_hits(query.target, query.depth or DEFAULT_IMPACT_DEPTH, limit)
        target = similar_target(query)
        like = self.like_hits(target, limit) if target else None
        return self.related(query, limit) if like is None else like

    def callee_hits(self, name: str, limit: int) -> list[Hit]:
        """Return the definitions ``name`` calls, each spanning the callee's definition: for each
        definition of the name, the most central first, what it calls in the order of the first
        call (a callee listed once); calls that reach nothing in the repository are left out."""
        graph = self.graph
        symbols = graph.symbols
        hits: list[Hit] = []
        seen: set[str] = set()
        defined = queries.definitions(graph, name)
        for caller in [c for d in defined for c in (d, *queries.methods(graph, d))]:  # a class: its methods' calls
            said = split_id(caller)[1] or name
            for c in sorted(queries.callees(graph, caller).callees, key=lambda c: (c.lines[0], c.node)):
                s = symbols.get(c.node)
                if s is None or c.node in seen:
                    continue  # a file called as a module; a callee already listed
                seen.add(c.node)
                how = "; ".join(f"{verb} by {said} (line " + ", ".join(str(n) for n in ns[:3]) + (", ..." if len(ns) > 3 else "") + ")"
                                for verb, at in queries.callee_lines(graph, [("", c)]) for _, ns in at)  # constructed by X (line 83)
                hits.append(Hit(s.path, s.start_line, s.end_line, 1.0 / (1 + len(hits)), s.qualname, s.kind,
                                self._language(s.path), how))
                if len(hits) >= limit:
                    return hits
        return hits

    def subtype_hits(self, name: str, limit: int) -> list[Hit] | None:
        """Return the classes that extend or implement ``name`` (a class, interface or trait of the
        graph), children before grandchildren and, within a generation, the most central first,
        each spanning its definition: the graph's bases (``class App(Scaffold)``, ``impl Serialize
        for Foo``, an embedded Go struct) read from base to subtype. ``None`` when no class of the
        graph is named so: the question is then about its call sites."""
        graph = self.graph
        symbols = graph.symbols
        based = _bases_of(graph)
        roots = [n for n in queries.definitions(graph, name) if n in symbols and (_built_on(symbols[n]) or n in based)]
        if not roots:
            return None
        bare = name.replace("::", ".").replace("->", ".").rpartition(".")[2] or name
        verb = _verb(symbols[roots[0]])
        implicit: dict[str, list[str]] = {}  # Go: a type implements an interface by having its methods
        counts: dict[str, int] = {}
        for root in roots:
            members = self._go_members(root)
            for node in self._go_implementers(root, members):
                implicit.setdefault(root, []).append(node)
                counts[node] = len(members)
        hits = []
        for node, depth in self._descendants(roots, limit, implicit):
            via = f"{verb} {bare}" if depth == 1 else f"{verb} {bare} (depth {depth})"
            if depth == 1 and node in counts:
                via = f"implements {bare} (has its {_methods(counts[node])})"
            hits.append(self._placed(node, depth, via))
        for found in self._foreign_impls(roots):
            hits.append(Hit(found.path, found.line, found.end_line, MAX_SUBTYPE_DEPTH, found.name, "impl",
                            self._language(found.path), f"implements {bare} for {found.said()}", 1))
        hits.sort(key=lambda h: h.depth or 1)  # stable: the impls for foreign types after the first generation
        return hits[:limit]

    def _foreign_impls(self, roots: list[str]) -> list[ForeignImpl]:
        """The Rust impls of ``roots`` for types the graph has no node of (``&mut fmt::Formatter``),
        read from the files' text; none without it."""
        symbols = self.graph.symbols
        traits = [r for r in roots if symbols[r].kind == "trait" and symbols[r].language == "rust"]
        return foreign_impls(self.graph, traits, self.read) if traits and self.read is not None else []

    def _subtypes_or_implementations(self, name: str, limit: int) -> list[Hit] | None:
        """The types built on ``name``, or, when it names a method ("who implements
        Visitor.visit"), the methods that implement or override it."""
        built = self.subtype_hits(name, limit)
        return self.override_hits(name, limit) if built is None else built

    def override_hits(self, name: str, limit: int) -> list[Hit] | None:
        """Return the methods that override ``name`` (a method of a class of the graph): the
        definitions of the same name in the classes built on its class, nearest first. ``None``
        when no method of a class is named so: the question is then about its call sites."""
        graph = self.graph
        symbols = graph.symbols
        owners: dict[str, str] = {}  # the class defining each method named so -> the method's own name
        for node in queries.definitions(graph, name):
            qualname = split_id(node)[1]
            owner, _, member = qualname.rpartition(".")
            owner_node = node[: len(node) - len(qualname)] + owner if owner else ""  # the id up to its qualname
            if node in symbols and symbols[node].kind in ("method", "function") and owner_node in symbols \
                    and (symbols[owner_node].kind in CLASS_KINDS or owner_node in _bases_of(graph)):
                owners.setdefault(owner_node, member)
        if not owners:
            return None
        hits: list[Hit] = []
        seen: set[str] = set()
        for root, member in owners.items():
            said = f"{split_id(root)[1]}.{member}"
            trait = split_id(root)[1].rpartition(".")[2]
            apart = queries.methods_apart(graph, member)  # Rust: Bytes.eq (impl PartialEq<str>), of its trait
            for node, depth in self._descendants([root], 10 * limit):
                own = f"{node}.{member}"  # a member's id is its class's with ``.member``
                impls = [m for m in apart.get(node, ()) if impl_trait(m) == trait]
                for method in [own, *impls] if own in symbols else impls:
                    if method in seen:
                        continue
                    seen.add(method)
                    via = f"overrides {said}" if depth == 1 else f"overrides {said} (depth {depth})"
                    hits.append(self._placed(method, depth, via))
            for found in self._foreign_impls([root]):  # Rust: impl Serializer for &mut fmt::Formatter
                implemented = impl_method(self.graph, found, member)
                if implemented is not None and implemented not in seen:
                    seen.add(implemented)
                    hits.append(self._placed(implemented, 1, f"implements {said} for {found.said()}"))
            members = self._go_members(root)  # Go: the methods of that name of the types that implement it
            for node in self._go_implementers(root, members):  # (in any file of the type's package)
                implementing = members[member].get(node)
                if implementing is not None and implementing not in seen:
                    seen.add(implementing)
                    hits.append(self._placed(implementing, 1, f"implements {said}"))
        hits.sort(key=lambda h: -h.score)  # stable: a generation's most central first, as placed
        return hits[:limit]

    def _descendants(self, roots: list[str], limit: int,
                     implicit: dict[str, list[str]] | None = None) -> list[tuple[str, int]]:
        """The classes built on ``roots`` (the graph's bases read from base to subtype, and the
        ``implicit`` subtypes of a root: Go's implementations), children before grandchildren and,
        within a generation, the most central first; at least ``limit`` of them when there are, up
        to :data:`MAX_SUBTYPE_DEPTH` generations."""
        graph = self.graph
        below: dict[str, list[str]] = defaultdict(list)
        for node, bases in graph.bases.items():
            for base in bases:
                below[base].append(node)
        for root, found in (implicit or {}).items():
            below[root].extend(found)
        symbols = graph.symbols
        seen, generation, out = set(roots), roots, list[tuple[str, int]]()
        for depth in range(1, MAX_SUBTYPE_DEPTH + 1):
            children = {c for parent in generation for c in below.get(parent, ()) if c not in seen and c in symbols}
            if not children or len(out) >= limit:
                break
            seen |= children
            generation = sorted(children, key=lambda n: (-graph.node_centrality(n), n))
            out += [(node, depth) for node in generation]
        return out

    def _go_members(self, root: str) -> dict[str, dict[str, str]]:
        """For a Go interface, each of its methods' names with the methods of that name in the
        graph by their type's node (``{"ServeHTTP": {"mux/mux.go::Mux": "mux/handler.go::Mux.ServeHTTP"}}``);
        empty for anything else."""
        graph = self.graph
        interface = graph.symbols.get(root)
        if interface is None or interface.kind != "interface" or interface.language != "go":
            return {}
        inside = interface.qualname + "."
        own = {s.name for s in graph.by_path.get(interface.path, ())
               if s.qualname.startswith(inside) and "." not in s.qualname[len(inside):]}
        members: dict[str, dict[str, str]] = {}
        types: dict[tuple[str, str], str | None] = {}  # (folder, type name) -> its node: one look-up a type
        for member in sorted(own):
            found: dict[str, str] = {}
            for node in sorted(graph.named(member)):
                s = graph.symbols.get(node)
                if s is None or s.language != "go" or s.kind != "method" or s.qualname.count(".") != 1:
                    continue
                key = (s.path.rpartition("/")[0], s.qualname.partition(".")[0])
                owner = types[key] if key in types else types.setdefault(key, self._go_type(*key))
                if owner is not None and owner != root:
                    found.setdefault(owner, node)
            members[member] = found
        return members

    def _go_type(self, folder: str, name: str) -> str | None:
        """The node of the Go type ``name`` declared in the package ``folder``, if it is not an
        interface."""
        for node in sorted(self.graph.named(name)):
            s = self.graph.symbols.get(node)
            if s is not None and s.language == "go" and s.qualname == name and s.path.rpartition("/")[0] == folder \
                    and s.kind in CLASS_KINDS and s.kind != "interface":
                return node
        return None

    def _go_implementers(self, root: str, members: dict[str, dict[str, str]]) -> list[str]:
        """The Go types that implement the interface ``root`` implicitly: those with a method of
        each of its methods' names (names only: Go checks the signatures too). Nothing for an
        interface without methods, which every type implements."""
        if not members:
            return []
        types = set.intersection(*(set(found) for found in members.values()))
        return sorted(types, key=lambda n: (-self.graph.node_centrality(n), n))

    def _placed(self, node: str, depth: int, via: str) -> Hit:
        """A definition found ``depth`` generations below a class: the generation first, then the
        most central (its score's whole part is the generation, as an impact answer's is the hop)."""
        s, central = self.graph.symbols[node], self.graph.node_centrality(node)
        score = (MAX_SUBTYPE_DEPTH - depth + 1) + central / (1.0 + central)
        return Hit(s.path, s.start_line, s.end_line, score, s.qualname, s.kind, self._language(s.path), via, depth)

    # -- "similar to X" ------------------------------------------------------------------------
    def like_hits(self, name: str, limit: int) -> list[Hit] | None:
        """Definitions of X's kind that share X's neighbours (what it calls, what calls it, what it
        imports or extends), by the cosine of the two neighbour sets, X and what lies inside it
        left out; ``None`` when no definition in the graph is X."""
        graph = self.graph
        defs = [n for n in queries.definitions(graph, name) if n in graph.symbols and graph.symbols[n].kind in KIND_FAMILIES]
        if not defs:
            return None
        op = graph.transition
        slots = [op.index[n] for n in defs if n in op.index]
        if not slots or limit <= 0:
            return []
        adjacency, degree = self._undirected()
        seed = np.zeros(len(op.nodes))
        seed[slots] = 1.0
        around = (adjacency @ seed > 0).astype(np.float64)
        around[slots] = 0.0
        shared = adjacency @ around
        least = min(MIN_SHARED_NEIGHBOURS, int(around.sum()))
        with np.errstate(divide="ignore", invalid="ignore"):
            score = np.where(shared >= max(least, 1), shared / np.sqrt(degree * max(around.sum(), 1.0)), 0.0)
        sources = [graph.symbols[n] for n in defs]
        spans = source_spans(sources)
        hits: list[Hit] = []
        for i in best_first(score, op.nodes, graph.symbols):
            if len(hits) >= limit:
                break
            symbol = graph.symbols.get(op.nodes[i])
            if symbol is None or not same_family(sources[0].kind, symbol.kind):
                continue
            if spans.holds(symbol.path, symbol.start_line, symbol.end_line):
                continue
            reason = f"like {name}: shares {int(shared[i])} of its {int(around.sum())} neighbours"
            hits.append(Hit(symbol.path, symbol.start_line, symbol.end_line, float(score[i]), symbol.qualname,
                            symbol.kind, symbol.language, reason))
        return hits

    def _undirected(self) -> tuple[Any, np.ndarray]:
        """The graph's edges both ways, one per pair of nodes, and each node's degree (built once)."""
        if self._adjacency is None:
            matrix = self.graph.transition.matrix
            pattern = (matrix != 0).astype(np.float64)
            both = ((pattern + pattern.T) > 0).astype(np.float64).tocsr()
            both.setdiag(0)
            both.eliminate_zeros()
            self._adjacency = (both, np.asarray(both.sum(axis=1)).ravel())
        return self._adjacency

    # -- free text -----------------------------------------------------------------------------
    def related(self, query: Query, limit: int) -> list[Hit]:
        """Rank symbols by personalized PageRank from the symbols the query names."""
        seeds = self.seeds(query)
        if not seeds or limit <= 0:
            return []
        op = self.graph.transition
        vector = np.zeros(len(op.nodes))
        for node, weight in seeds.items():
            vector[op.index[node]] += weight
        rank = pagerank(op, vector)
        reason = "ppr from " + ", ".join(self._label(n) for n in sorted(seeds, key=lambda n: -seeds[n])[:2])
        hits: list[Hit] = []
        for i in best_first(rank, op.nodes, self.graph.symbols):
            if len(hits) >= limit:
                break
            symbol = self.graph.symbols.get(op.nodes[i])
            if symbol is not None:
                hits.append(Hit(symbol.path, symbol.start_line, symbol.end_line, float(rank[i]), symbol.qualname,
                                symbol.kind, symbol.language, reason))
        return hits

    def seeds(self, query: Query) -> dict[str, float]:
        """Return seed nodes and weights: named symbols, then symbols sharing the query's words."""
        seeds: dict[str, float] = defaultdict(float)
        names = identifiers_in(query.text) + ([query.target] if query.target else [])
        for written in names:
            for node in self._named(written):
                seeds[node] += WHOLE_NAME_WEIGHT
        index = self.word_index()
        for word in {w for w in words(query.text) if len(w) >= MIN_WORD and w not in STOP_WORDS}:
            matches = index.get(word, [])
            if 0 < len(matches) <= MAX_WORD_SEEDS:
                for node in matches:
                    seeds[node] += WORD_WEIGHT / len(matches)
        transition = self.graph.transition
        return {n: w for n, w in seeds.items() if n in transition.index}

    def unseeded(self, query: Query) -> str | None:
        """Why the free text ranks nothing (:meth:`seeds` found no symbol to start from), in one
        clause; ``None`` when it has seeds. zstd's ``ZSTD_`` had been ``0 results`` and no word: it
        names no symbol, and its word ``zstd`` is in more names than :data:`MAX_WORD_SEEDS`."""
        if self.seeds(query):
            return None
        asked = echo((query.target or query.text).strip())
        named = [n for w in identifiers_in(query.text) + ([query.target] if query.target else []) for n in self._named(w)]
        head = "the graph engine ranks the code around the symbols a question names or shares a word with"
        if named:
            return f'{head}: "{asked}" names only symbols no call, use or import ties to other code'
        index = self.word_index()
        asked_words = sorted({w for w in words(query.text) if len(w) >= MIN_WORD and w not in STOP_WORDS})
        common = [(w, len(index[w])) for w in asked_words if len(index.get(w, ())) > MAX_WORD_SEEDS]
        if common:
            many = ", ".join(f"{w} is a word of {n:,} names" for w, n in common[:3])
            return f'{head}: "{asked}" names none, and {many}, too many to start from'
        if asked_words:
            return f'{head}: "{asked}" names none, and no name holds its words'
        return f'{head}: "{asked}" names none, and holds no word of {MIN_WORD} letters or more to match names by'

    def _named(self, written: str) -> tuple[str, ...]:
        """Return the symbols a written identifier names outright (not by a word of it)."""
        if written.lower() in STOP_WORDS or len(written) < MIN_WORD and "." not in written:
            return ()
        return queries.definitions(self.graph, written)

    def word_index(self) -> dict[str, list[str]]:
        """Return (building once) the map from name word to the symbols whose name contains it."""
        if self._words is None:
            index: dict[str, list[str]] = {}
            split: dict[str, list[str]] = {}  # many symbols share a name: split each name once
            with bulk():
                for node, name in self.graph.symbol_names():
                    found = split.get(name)
                    if found is None:
                        found = split[name] = [w for w in set(words(name)) if len(w) >= MIN_WORD]
                    for word in found:
                        index.setdefault(word, []).append(node)
            self._words = index
        return self._words

    def _label(self, node: str) -> str:
        """Name a seed in a reason."""
        return split_id(node)[1] or node

    def _language(self, path: str) -> str | None:
        """Return the language of a file of the graph."""
        return self.graph.languages.get(path)
