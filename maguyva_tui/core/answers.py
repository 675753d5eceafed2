"""Typed answers to questions about one name: its definitions, callers, callees, uses and impact.

The front ends (``maguyva graph``, the MCP tools) ask the ``Engine`` (``definitions``, ``callers``,
``callees``, ``references``, ``impact``) and get a :class:`GraphAnswer`: what the name resolved to,
the entries best first cut to the limit, how many there were in all, and close names when nothing
of that name is defined. Each answer is computed on one generation of the index and reads its
lines and snippets from that same generation, so a line number and its text never come from two
versions of a file.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar

from maguyva_tui.core.definition_order import aside_factor as aside_factor  # the explorer's go-to orders by them too
from maguyva_tui.core.definition_order import ordered_by_aside as ordered_by_aside
from maguyva_tui.core.definition_order import real_first as real_first
from maguyva_tui.core.definition_order import symbol_place
from maguyva_tui.core.graph import queries
from maguyva_tui.core.graph.sites import Site as GraphSite
from maguyva_tui.core.graph.tables import CLASS_KINDS, TYPE_USES, UNCALLED_KINDS, split_id, symbol_id
from maguyva_tui.core.import_names import named_line
from maguyva_tui.core.inherited import aliased, go_module_member, inherited, namespace_member
from maguyva_tui.core.intent import OWN_RECEIVER, asks_callees, asks_overrides, asks_subtypes, written_name
from maguyva_tui.core.locations import go_package_folder as go_package_folder  # the MCP tools read it too
from maguyva_tui.core.missing_paths import absent_path, path_missing
from maguyva_tui.core.names import normalize, qualifier_parts, spelled, unhidden
from maguyva_tui.core.overloads import ranked_by_arity, routed_sites, site_labels
from maguyva_tui.core.parsing.extensions import EXTENSIONS
from maguyva_tui.core.parsing.trait_impls import (
    plain_qualname as plain_qualname,  # front ends show a Rust impl's method by its name
)
from maguyva_tui.core.path_names import (
    elsewhere_in,
    files_defining,
    in_file,
    in_path,
    normal_name,
    outside_file,
    split,
    through_link,
)
from maguyva_tui.core.path_names import slashed as slashed  # the MCP tools read a module's path so too
from maguyva_tui.core.results import hit_json
from maguyva_tui.core.similar import definitions as defining
from maguyva_tui.core.types import Hit, Query, QueryError, SearchResult, Symbol, calls_one_of, echo
from maguyva_tui.core.unread_files import big_files_holding
from maguyva_tui.core.unread_files import said as _unindexed_said
from maguyva_tui.core.unread_files import unreadable_in as unreadable_in  # the front ends' (a workspace's unknown name)
from maguyva_tui.core.unread_files import unreadable_said as _unreadable_said

if TYPE_CHECKING:
    from pathlib import Path

    from maguyva_tui.core.generation import Generation
    from maguyva_tui.core.graph.model import CodeGraph
    from maguyva_tui.core.retrievers.graph import GraphRetriever
    from maguyva_tui.core.store.snapshot import Snapshot

SUGGESTIONS = 5
"""Close names offered when a name is not defined."""
REFERENCE_KINDS: tuple[str, ...] = ("call", "read", "inherit", "ref", "import")
"""The uses of a symbol the graph records, strongest first (the order references are listed in)."""
DEFAULT_DEPTH = queries.DEFAULT_DEPTH
"""Impact follows dependents this many hops unless asked otherwise."""
EVERY = 1 << 30
"""A limit that cuts nothing: the types built on one are all listed, then cut, so the total is true."""
NO_GRAPH = "this index has no dependency graph; rebuild it with `maguyva index`"


_SEPARATORS = ("::", "->", ".")
"""A qualifier's separators, as :func:`~maguyva_tui.core.names.qualifier_parts` splits at them."""
MAX_NAME_CHARS = 8 * 1024
"""The longest symbol name read: a path of 4 KiB (Linux's longest) with its qualified name. An agent's
2 MB name took 13 s to find nothing (the near names' search is linear in it); search has its own limit."""


_GIVE: Final = "give a function, class or method name such as parse_config"


def no_name(written: str) -> str:
    """Why a name that reads as no name is refused, saying what was given: ``..`` and ``.`` had
    been "the symbol name is empty" (their dots read as a qualifier's separators). ``maguyva graph``
    says it so too: it had said "empty name", and "'::' names no symbol (parse_config, ...)"."""
    bare = written.strip("`'\"").strip().removesuffix("()").rstrip("/")
    if _file_without_name(bare):
        path = echo(bare.removesuffix("::"))
        return (f"nothing follows the '::' of {echo(bare)!r}: give the name of a symbol defined in {path} after it, "
                f"as {path}::Class.method")
    if not bare and not written.endswith("/"):  # nothing between its quotes
        return f"the symbol name is empty: {_GIVE}"
    if bare in ("..", "."):
        where = "the folder above the repository (outside it)" if bare == ".." else "the repository itself"
        return f"the name {echo(written)!r} is {where}, no symbol, file or folder in it; {_GIVE}, or a path in it"
    return f"the name {echo(written)!r} holds only a qualifier's separators, no name; {_GIVE}"


def _file_without_name(cleaned: str) -> bool:
    """Whether a name is a file's path and its ``::`` with nothing after (``pkg/a.py::``): the
    symbol in the file is wanted and missing; ``Config::``, a qualifier's end after a name, reads as the name."""
    path = cleaned.removesuffix("::")
    return path != cleaned and "::" not in path and ("/" in path or PurePosixPath(path).suffix in EXTENSIONS)


def symbol_as_meant(name: str, root: Path | None = None) -> str:
    """A symbol's name as a person or an agent wraps it, unwrapped: whitespace, backticks, quotes,
    a call's ``()``, and a qualifier's separator at either end (``Flask.``, ``.Flask``,
    ``::parse``), and the object's own receiver (``self._send``, ``$this->save``, as the search
    reads it): the name meant, which the MCP tools and ``maguyva graph`` read alike (one had
    found ``Flask.`` while the others called it unknown). Separators inside it stay, and a path
    climbing out of the root keeps its ``../`` (it had been said as ``/outside``). Given the
    repository's ``root``, a path written through it is read from the root (:func:`from_root`). A
    name over ``MAX_NAME_CHARS`` raises :class:`QueryError`."""
    if len(name) > MAX_NAME_CHARS:
        raise QueryError(f"name too long ({len(name)} characters; the limit is {MAX_NAME_CHARS})")
    cleaned = unhidden(name).strip("`'\"").strip()  # a pasted BOM or zero-width space is no part of it
    cleaned = slashed(cleaned)  # Windows' pkg\a.py: a path every tool reads as pkg/a.py (impact alone had)
    cleaned = cleaned if root is None else from_root(root, cleaned)
    if not cleaned.endswith("operator()"):  # C++'s call operator keeps its (): it is the name
        cleaned = cleaned.removesuffix("()")
    cleaned = OWN_RECEIVER.sub("", cleaned)  # self._conn_request, as a call writes it
    while cleaned.startswith("./"):  # a path as a shell completes it: ./pkg/a.py::run (the "." read as a separator)
        cleaned = cleaned[2:]
    if _file_without_name(cleaned):  # pkg/a.py:: had been read as the file, "unknown symbol 'pkg/a.py'"
        return ""
    start, end = 0, len(cleaned)
    while (sep := next((s for s in _SEPARATORS if cleaned.startswith(s, start, end)), None)) and not (
            cleaned.startswith("../")):  # a path out of the root: said as written, not as /outside
        start += len(sep)
    while (sep := next((s for s in _SEPARATORS if cleaned.endswith(s, start, end)), None)) and not (
            cleaned.endswith("operator->", start, end)):  # C++'s member access operator is a name
        end -= len(sep)
    return cleaned[start:end]


def from_root(root: Path, name: str) -> str:
    """A name written through the repository's absolute path (``/home/u/repo/src/x.rs::Value``, as
    an agent's file tools write a path) read from the root (``src/x.rs::Value``), as the answers
    write their paths: the tools had answered "no indexed file or folder is /home/u/repo/src/x.rs;
    close paths: src/x.rs". A name written through a link to the root is read from the root alike
    (:func:`~maguyva_tui.core.path_names.through_link`: ``/tmp/rlink/src/x.rs::Value`` where the
    root is ``/tmp/repo``). A path's ``.``, ``..`` and ``//`` are read (``radon//complexity.py::cc_visit``
    had been "no indexed file or folder is" it), one climbing above the root left as written. Any
    other name as it is."""
    top = root.as_posix().rstrip("/") + "/"
    if name.startswith(top):
        return normal_name(name[len(top):]) if len(name) > len(top) else name
    return normal_name(through_link(name, root.as_posix()) or name)


T = TypeVar("T")


# -- the entries ------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Definition:
    """One definition a name resolved to."""

    node: str
    """Its graph node id, ``path::qualname``."""
    symbol: Symbol | None
    """The definition itself; ``None`` when the graph knows the node but not its symbol."""


@dataclass(frozen=True, slots=True)
class Site:
    """One resolved use of a definition: a call, a subclassing, a type use or an import."""

    path: str
    line: int
    kind: str
    """``call``, ``read`` (a Python ``@property`` read, ``conn.size``, which runs it), ``inherit``,
    ``ref`` or ``import``."""
    caller: str | None
    """The qualname of the enclosing definition, ``None`` at module level."""
    caller_node: str
    """The node id of the enclosing definition (the file's node id at module level)."""
    target: str
    """The node id of the definition used."""
    language: str | None
    score: float
    """The caller's graph centrality: callers are listed most central first."""
    reason: str
    """Why it is listed, as the graph engine says it (``calls parse_config``)."""
    overload: str | None = None
    """A call of an overloaded Java or C++ method: the overloads its argument count fits
    (``2 arguments: the overloads at lines 224, 232``), also said at the end of ``reason``."""

    def to_hit(self) -> Hit:
        """The site as a one-line hit in the search results' shape."""
        return Hit(self.path, self.line, self.line, self.score, self.caller, self.kind, self.language, self.reason)


@dataclass(frozen=True, slots=True)
class Callee:
    """One definition that a name's definitions call, with the lines of the calls."""

    node: str
    path: str
    symbol: str
    """Its qualname."""
    lines: tuple[int, ...]
    """The lines of the calls to it, in order."""
    start_line: int
    end_line: int
    """The callee's own span (``1``, ``1`` when the graph has no symbol for it)."""
    kind: str | None
    language: str | None
    score: float
    """The callee's graph centrality."""
    reason: str

    def to_hit(self) -> Hit:
        """The callee as a hit spanning its definition."""
        return Hit(self.path, self.start_line, self.end_line, self.score, self.symbol, self.kind, self.language,
                   self.reason)


@dataclass(frozen=True, slots=True)
class ImpactEntry:
    """One symbol or file in the impact radius of a name."""

    node: str
    path: str
    symbol: str | None
    """Its qualname; ``None`` for a whole file (one that imports the target, say)."""
    kind: str
    """The symbol's kind, ``file`` for a file."""
    depth: int
    """Edges between it and the nearest definition of the name (1: a direct dependent)."""
    via: str
    """The node one step closer to the name through which it depends on it."""
    edge: str
    """The kind of that edge: ``call``, ``import``, ``inherit`` or ``ref``."""
    start_line: int
    end_line: int
    language: str | None
    centrality: float
    score: float
    """Depth first, then centrality: ``max_depth - depth + 1 + c / (1 + c)``."""
    reason: str

    def to_hit(self) -> Hit:
        """The dependent as a hit spanning it, with its depth."""
        return Hit(self.path, self.start_line, self.end_line, self.score, self.symbol, self.kind, self.language,
                   self.reason, self.depth)


@dataclass(frozen=True, slots=True)
class Subtype:
    """One type built on a type (a subclass, an implementation), or one method that overrides or
    implements a method."""

    node: str
    path: str
    symbol: str
    """Its qualname."""
    kind: str | None
    depth: int
    """Generations between it and the type asked about (1: a direct subclass, or an implicit Go
    implementation)."""
    start_line: int
    end_line: int
    language: str | None
    score: float
    """The generation first (nearest highest), then the graph centrality."""
    reason: str
    """``extends Scaffold (depth 2)``, ``implements Handler (has its method)``, ``overrides App.run``."""

    def to_hit(self) -> Hit:
        """The type or method as a hit spanning its definition, with its depth."""
        return Hit(self.path, self.start_line, self.end_line, self.score, self.symbol, self.kind, self.language,
                   self.reason, self.depth)


class _Listed(Protocol):
    """An entry that the search results' shape can show."""

    @property
    def score(self) -> float: ...

    @property
    def reason(self) -> str: ...

    def to_hit(self) -> Hit: ...


L = TypeVar("L", bound=_Listed)


# -- the answer -------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class GraphAnswer(Generic[T]):
    """What the index says about one name: its definitions and the entries asked for, best first."""

    name: str
    """The name as asked."""
    definitions: tuple[Definition, ...]
    """What the name resolved to, most central first; empty when nothing of that name is defined."""
    entries: tuple[T, ...]
    """Best first, at most the limit asked for."""
    total: int
    """How many entries there were before the limit."""
    counts: tuple[tuple[str, int], ...] = ()
    """References: how many uses of each kind, strongest kind first (before the limit)."""
    by_depth: tuple[tuple[int, int], ...] = ()
    """Impact: how many dependents at each depth, nearest first (before the limit)."""
    suggestions: tuple[str, ...] = ()
    """Close names, when nothing of that name is defined."""
    missing: str = ""
    """The line saying no indexed file or folder is the name, written as a path (``src/x.py``), with
    the close paths; empty otherwise (the front ends then say the symbol is unknown)."""
    folder: bool = False
    """Importers: the name is a folder, its definitions the files under it, its entries the lines
    importing them from outside it."""
    unindexed: tuple[str, ...] = ()
    """When nothing of that name is defined: the files left out for their size that hold it."""
    kept: str = ""
    """Callers of a name written through a file that does not define it (``dacite/core.py::is_optional``):
    the line saying its entries are those located in that file, and where the name is defined."""
    _snapshot: Snapshot | None = field(default=None, repr=False, compare=False)

    @property
    def known(self) -> bool:
        """Whether the name resolved to at least one definition."""
        return bool(self.definitions)

    @property
    def unindexed_said(self) -> str:
        """The clause naming the files left out for their size that hold the unknown name
        (``; gen/big.py holds it, not indexed (over 1 MiB)``), empty for none."""
        return _unindexed_said(self.unindexed)

    @property
    def unreadable_said(self) -> str:
        """`` (1 unreadable path not indexed)`` for an unknown name where the walk could not read some
        path (one may define it), empty otherwise."""
        return "" if self.known else _unreadable_said(self._snapshot)

    @property
    def nodes(self) -> tuple[str, ...]:
        """The node ids of the definitions, most central first."""
        return tuple(d.node for d in self.definitions)

    @property
    def truncated(self) -> bool:
        """Whether the limit left entries out."""
        return self.total > len(self.entries)

    def spans(self, d: Definition) -> tuple[Symbol, ...]:
        """Every definition a node stands for, in written order: a file that defines its name twice
        (Java's overloads, a field and the method of its name) has one node for both, whose
        ``symbol`` is the first."""
        graph = self._snapshot.graph if self._snapshot is not None else None
        if d.symbol is None or graph is None:
            return () if d.symbol is None else (d.symbol,)
        same = tuple(s for s in graph.by_path.get(d.symbol.path, ()) if s.qualname == d.symbol.qualname)
        return same or (d.symbol,)

    def lines(self, path: str, start: int, end: int) -> list[str]:
        """Lines ``start..end`` of a file, from the generation this answer was computed on."""
        if self._snapshot is None:
            return []
        return self._snapshot.lines(path, start, end)

    def results_json(self: GraphAnswer[L]) -> list[dict[str, Any]]:
        """The entries in the search results' JSON shape, each with the graph engine's rank, score and reason."""
        snapshot = self._snapshot
        assert snapshot is not None, "an answer made outside core has no lines to show"
        return [hit_json(snapshot, e.to_hit(), e.score, {"graph": {"rank": i, "score": e.score, "reason": e.reason}})
                for i, e in enumerate(self.entries)]


# -- the questions ----------------------------------------------------------------------------------

MACRO_RULES = "macro_rules!"
"""How a Rust macro's definition starts (its signature)."""


def definitions(generation: Generation, name: str, kinds: Sequence[str] = ()) -> GraphAnswer[Definition]:
    """Every definition of a name (bare, qualified or a dotted tail) of the given kinds, best first.

    The name index answers first; the graph then knows forms it does not (``Shape.area``, a node id).
    A name as Go or PHP print it (``(*Mux).ServeHTTP``) is read as the symbol it names, and a
    member named through a class that inherits it (``Flask.route``) as the nearest base's
    (``Scaffold.route``), as the references and the search read it, and a member of a Go module's
    root package named through it (``lo.Map``) as its definition, and a name an import binds to a
    definition under another name (``Lexer`` for ``_Lexer``) as that definition. A Rust macro
    named as it is invoked (``vec!``) that no symbol is named is its ``macro_rules!``. The real
    definitions come first (:func:`~maguyva_tui.core.definition_order.real_first`: tests, examples,
    vendored copies and a macro's template of a name defined elsewhere after them).
    """
    snapshot = generation.snapshot
    name = spelled(name)  # café typed decomposed (NFD) is the café the index stores composed
    name = written_name(name) or _hash_member(generation, name)
    found = generation.structural.lookup(name, kinds)
    if not found and (written := files_defining(generation.structural.lookup, name)) is not None and not written[2]:
        found = [s for s in generation.structural.lookup(written[0], kinds) if s.path in written[1]]  # a.py:run
    if not found:
        graph = snapshot.graph
        nodes = queries.definitions(graph, name) if graph is not None else ()
        found = [graph.symbols[n] for n in nodes if n in graph.symbols and (not kinds or graph.symbols[n].kind in kinds)]
    if not found:
        found = [s for s in inherited(generation, name) if not kinds or s.kind in kinds]
    if not found:  # lo.Map: Map of the Go module's root package, as its code names it
        found = [s for s in go_module_member(generation, name) if not kinds or s.kind in kinds]
    if not found:  # Lexer bound by from ._lexer import _Lexer as Lexer: _Lexer, as the search reads it
        found = [s for s in aliased(generation, name) if not kinds or s.kind in kinds]
    if not found:  # P.when, P bound by import * as P from './patterns': when of that file
        found = [s for s in namespace_member(generation, name) if not kinds or s.kind in kinds]
    if not found and name.endswith("!"):  # a Rust macro as it is invoked: indexmap! is macro_rules! indexmap
        found = [s for s in generation.structural.lookup(name[:-1], kinds) if s.signature.startswith(MACRO_RULES)]
    entries = tuple(Definition(symbol_id(s.path, s.qualname), s) for s in real_first(generation, found, symbol_place))
    if not entries:  # a path no file is says so, as the other answers' (/etc/passwd::f, src/nothere.py)
        return _unknown(generation, name)
    return GraphAnswer(name, entries, entries, len(entries), _snapshot=snapshot)


def callers(generation: Generation, name: str, limit: int) -> GraphAnswer[Site]:
    """Every call site of a name's definitions: the most central callers first, those in the
    package's own code before those in its examples, tests and docs, and those before vendored,
    built or generated copies. A name written through a file that does not define it
    (``dacite/core.py::is_optional``, defined in ``dacite/types.py``) lists its call sites in that
    file, and says so, as a search's ``who calls is_optional in dacite/core.py`` does."""
    if (kept := _kept_in_file(generation, name)) is not None:
        bare, path, held, places = kept
        whole = callers(generation, bare, KEPT_READ)
        inside = tuple(site for site in whole.entries if in_path(site.path, path))
        where = held[0] if len(held) == 1 else f"the {len(held)} files ending {path}"
        return replace(whole, name=name, entries=inside[:limit], total=len(inside),
                       kept=f"callers of {echo(bare)} in {where} ({echo(bare)} is defined in {places})")
    name, shown = graph_name(generation, name), name
    graph, defs = _resolve(generation, name)
    implicit = queries.implicit_constructor(graph, shown, defs)  # Foo.new, Attributes.Attributes: Foo's constructions
    defs = implicit or defs
    if not defs:
        return _unknown(generation, shown)
    columns, total = ranked_by_arity(generation.snapshot.raw, graph, defs, limit, secondary_last=True, constructors_of=implicit)
    if not total and all((symbol := graph.symbols.get(d)) is not None and symbol.kind in CLASS_KINDS for d in defs):
        uses = references(generation, shown, TYPE_USES, limit)  # a type nothing calls or constructs: its uses, as search lists them
        if uses.total or all(graph.symbols[d].kind in UNCALLED_KINDS for d in defs):
            return uses
    reason, built = f"calls {_bare(shown)}", queries.construction_reasons(graph, defs, implicit)
    symbols = graph.symbols  # several definitions: each call says which it calls (``calls flow of es6/function.js:179``),
    one_of = {d: calls_one_of(_bare(shown), symbols[d].path, symbols[d].start_line)  # as the callers' note says
              for d in defs if d in symbols} if len(defs) > 1 else {}
    sites = [columns.site(i) for i in range(len(columns.positions))]
    counted = site_labels(generation.snapshot.raw, graph, defs, [(s.path, s.line, s.callee_id) for s in sites])
    entries = []
    for s in sites:
        said = queries.site_reason(graph, s, built, one_of.get(s.callee_id, reason))
        fits = counted.get((s.path, s.line))
        entries.append(Site(s.path, s.line, "read" if s.kind == "read" else "call", s.caller, s.caller_id, s.callee_id, graph.languages.get(s.path),
                            graph.node_centrality(s.caller_id), f"{said}, {fits}" if fits else said, fits))
    return _answer(generation, shown, defs, entries, total)


KEPT_READ: Final = 100_000
"""The call sites read at most to keep those of one file (a name written through a file not defining it)."""


def _kept_in_file(generation: Generation, name: str) -> tuple[str, str, tuple[str, ...], str] | None:
    """:func:`~maguyva_tui.core.path_names.elsewhere_in` of a name the graph does not know as written."""
    files = getattr(generation.snapshot, "files", None)
    graph = generation.snapshot.graph
    if files is None or graph is None or split(name) is None or queries.definitions(graph, name):
        return None
    return elsewhere_in(generation.structural.lookup, files, name)


def callees(generation: Generation, name: str, limit: int) -> GraphAnswer[Callee]:
    """What a name's definitions call, one entry per called definition, in the order of the first call."""
    name, shown = graph_name(generation, name), name
    graph, defs = _resolve(generation, name)
    if not defs:
        return _unknown(generation, shown)
    found = queries.callees(graph, name)
    called: dict[str, list[tuple[str, queries.Callee]]] = {}  # callee -> (who calls it, "" for the name itself)
    for callee in found.callees:
        called.setdefault(callee.node, []).append(("", callee))
    for method in (m for d in found.definitions for m in queries.methods(graph, d)):  # a class: its methods' calls
        for callee in queries.callees(graph, method).callees:
            called.setdefault(callee.node, []).append((split_id(method)[1], callee))
    ordered = sorted(called.values(), key=lambda by: (min(c.lines[0] for _, c in by), by[0][1].node))
    entries = []
    for by in ordered[:limit]:
        callee = by[0][1]
        symbol = graph.symbols.get(callee.node)
        start, end = (symbol.start_line, symbol.end_line) if symbol else (1, 1)
        lines = tuple(sorted({n for _, c in by for n in c.lines}))
        entries.append(Callee(callee.node, callee.path, callee.qualname, lines, start, end,
                              symbol.kind if symbol else None, symbol.language if symbol else None,
                              graph.node_centrality(callee.node), _called_by(graph, by)))
    return _answer(generation, shown, defs, entries, len(called))


def _called_by(graph: CodeGraph, by: Sequence[tuple[str, queries.Callee]]) -> str:
    """How a callee's calls read: ``called at line 3, 9``, or by the methods of a class that call
    it, ``called by ArrowFactory.get (line 81), ArrowFactory.now (line 120)``; a construction as
    its callers say it (``constructed at line 83``), a property read ``read at line 5``, a Go or
    Rust function passed as a value ``passed at line 5``: ``called at line 3; constructed at line 9``."""
    lines = queries.callee_lines(graph, by)
    if all(not caller for caller, _ in by):
        return "; ".join(f"{verb} at line " + ", ".join(str(n) for _, ns in at for n in ns) for verb, at in lines)
    return "; ".join(f"{verb} by " + ", ".join(f"{caller or 'its body'} (line {', '.join(str(n) for n in ns)})"
                                               for caller, ns in at) for verb, at in lines)


def references(generation: Generation, name: str, kinds: Sequence[str] = (), limit: int = 50) -> GraphAnswer[Site]:
    """Every resolved use of a name's definitions (of the given kinds): calls first, then
    subclassing, type uses and imports, each by file and line, once per line and kind of use; those
    located in the file a name is written through where that file does not define it (:func:`callers`)."""
    if (kept := _kept_in_file(generation, name)) is not None:
        bare, path, held, places = kept
        whole = references(generation, bare, kinds, KEPT_READ)
        inside = tuple(site for site in whole.entries if in_path(site.path, path))
        kinds_in: dict[str, int] = {}
        for site in inside:
            kinds_in[site.kind] = kinds_in.get(site.kind, 0) + 1
        where = held[0] if len(held) == 1 else f"the {len(held)} files ending {path}"
        return replace(whole, name=name, entries=inside[:limit], total=len(inside), counts=tuple(kinds_in.items()),
                       kept=f"references to {echo(bare)} in {where} ({echo(bare)} is defined in {places})")
    name, shown = graph_name(generation, name), name
    graph, defs = _resolve(generation, name)
    implicit = queries.implicit_constructor(graph, shown, defs)  # Plain.Plain: Plain's constructions alone
    if not defs and not implicit:
        return _unknown(generation, shown)
    sites = [] if implicit else [s for d in defs for s in graph.sites_in.get(d, ()) if not kinds or s.kind in kinds]
    if not implicit and (not kinds or "call" in kinds):  # a Java call counted as its argument count reaches
        sites = routed_sites(generation.snapshot.raw, graph, defs, sites)
    built: dict[GraphSite, queries.CallSite] = {}  # a constructor's calls are also the constructions of its class (new Helper(): a ref to its class)
    if (not kinds or "call" in kinds) and (implicit or queries.constructed(graph, defs)):
        built = {GraphSite(c.path, c.line, c.caller_id, c.callee_id, "call"): c
                 for c in queries.constructions(graph, implicit or defs, implicit)}
        made = {(s.path, s.line, s.source, s.target) for s in built}
        sites = [s for s in sites if (s.path, s.line, s.source, s.target) not in made] + list(built)
    defs = implicit or defs
    sites = list(dict.fromkeys(sites))  # one entry per line: three calls on one line read as one use, as the search lists it
    sites.sort(key=lambda s: (REFERENCE_KINDS.index(s.kind) if s.kind in REFERENCE_KINDS else 9, s.path, s.line))
    counts: dict[str, int] = {}
    for s in sites:
        counts[s.kind] = counts.get(s.kind, 0) + 1
    bare = _bare(shown)
    reasons = queries.construction_reasons(graph, defs, implicit)
    entries = [Site(s.path, s.line, s.kind, (split_id(s.source)[1] if s.source in graph.symbols else "") or None,
                    s.source, s.target,
                    graph.languages.get(s.path), graph.node_centrality(s.source),
                    queries.site_reason(graph, built[s], reasons, "") if s in built else _said(graph, s, bare))
               for s in sites[:limit]]
    entries = [replace(e, line=named_line(generation.snapshot.lines, e.path, e.line, _bare(split_id(e.target)[1])))
               if e.kind == "import" and e.target in graph.symbols else e for e in entries]  # import {\n  name: its line
    counted = site_labels(generation.snapshot.raw, graph, defs, [(e.path, e.line, e.target) for e in entries if e.kind == "call"])
    entries = [replace(e, reason=f"{e.reason}, {fits}", overload=fits)
               if e.kind == "call" and (fits := counted.get((e.path, e.line))) else e for e in entries]
    return _answer(generation, shown, defs, entries, len(sites), counts=tuple(counts.items()))


def importers(generation: Generation, module: str, limit: int, stems: bool = False) -> GraphAnswer[Site]:
    """The lines that import a module or include a file of the repository, as written (``pkg.mod``,
    ``pkg/mod.py``, ``config.h``, ``<lib/x.h>``, ``./utils``, a Go package's path; ``stems``: a
    bare word as files' names less their extensions), one per importing line, by file and line:
    the graph's imports that reach the file or a symbol of it, and its wildcard ones (every C
    ``#include``). Its definitions are the files the module names (their nodes, no symbol); none
    when it names no file here. A name that names several files (two ``config.h``) lists the
    importers of each, each line's reason naming the file it reaches; a folder names its files,
    and the lines importing them from outside it (its own files' imports of each other aside)."""
    from maguyva_tui.core.graph import importers as imp
    from maguyva_tui.core.trigram.plan import literal_plan

    graph = generation.snapshot.graph
    if graph is None:
        raise QueryError(NO_GRAPH)
    files = imp.module_files(graph, module, stems)
    inside: set[str] = set()
    if not files:  # a folder (source/errors, a package's python3/httplib2): its files, imported from outside it
        files = queries.folder_files(graph.languages, module)
        inside = set(files)
    if not files:
        return GraphAnswer(module, (), (), 0, _snapshot=generation.snapshot)
    text = generation.text
    near = {p for stem in imp.stems(files, graph) for p in text.candidates(literal_plan(stem))}
    lines = imp.import_lines(graph, files, generation.snapshot.facts, sorted(near))
    if inside:  # one per importing line outside it: from pkg.sub import thing reaches its __init__ and mod.py
        outside = {(i.path, i.line): i for i in reversed(lines) if i.path not in inside}
        lines = [i for i in lines if outside.get((i.path, i.line)) is i]
    several = len(files) > 1 and go_package_folder(files) is None
    through = imp.through_reexports(graph, lines, generation.snapshot.facts)
    entries = [Site(i.path, i.line, "import", (split_id(i.source)[1] if i.source in graph.symbols else "") or None,
                    i.source, i.file, i.language, graph.node_centrality(i.source),
                    _imported(imp.verb(i), i.file if several else module, through.get((i.path, i.line))))
               for i in lines]
    definitions = tuple(Definition(f, None) for f in files)
    return GraphAnswer(module, definitions, tuple(entries[:limit]), len(entries), (("import", len(entries)),),
                       folder=bool(inside), _snapshot=generation.snapshot)


def _imported(verb: str, module: str, through: tuple[str, tuple[str, ...]] | None) -> str:
    """How an importing line reads: ``imports pkg.mod``, or, through a package's re-export,
    ``imports Draft7Validator of pkg.mod through pkg, not pkg.mod itself``."""
    if through is None:
        return f"{verb} {module}"
    written, names = through
    shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return f"{verb} {shown} of {module} through {written}, not {module} itself"


def symbol_importers(generation: Generation, name: str, limit: int) -> GraphAnswer[Site]:
    """The lines importing a definition of a name by that name (``from pkg.mod import Table``), one
    per line, by file and line: who imports a class or function that no module is named as, as a
    search's "who imports Table" lists them; unknown when nothing of that name is defined."""
    from maguyva_tui.core.graph.importers import symbol_import_lines, verb

    name, shown = graph_name(generation, name), name
    graph, defs = _resolve(generation, name)
    if not defs:
        return _unknown(generation, shown)
    lines = symbol_import_lines(graph, defs)
    bare = _bare(shown)
    entries = [Site(i.path, named_line(generation.snapshot.lines, i.path, i.line, bare), "import",
                    (split_id(i.source)[1] if i.source in graph.symbols else "") or None,
                    i.source, i.file, i.language, graph.node_centrality(i.source), f"{verb(i)} {bare} ({i.file})")
               for i in lines]
    return _answer(generation, shown, defs, entries[:limit], len(entries), counts=(("import", len(entries)),))


def impact(generation: Generation, name: str, depth: int = DEFAULT_DEPTH, limit: int = 50) -> GraphAnswer[ImpactEntry]:
    """Everything that depends on a name within ``depth`` edges, nearest first, then most central."""
    name, shown = graph_name(generation, name), name
    graph, defs = _resolve(generation, name)
    if not defs and not queries.file_nodes(graph, name):  # a file or module is what depends on it
        return _unknown(generation, shown)
    found = queries.impact(graph, name, depth)
    bare = _bare(shown) if defs else shown  # a file is said as written: retry.py, not py
    entries = []
    for d in found.dependents[:limit]:
        score = (depth - d.depth + 1) + d.centrality / (1.0 + d.centrality)  # depth first, then centrality
        entries.append(ImpactEntry(d.node, d.path, d.qualname, d.kind, d.depth, d.via, d.edge, d.start_line,
                                   d.end_line, graph.languages.get(d.path), d.centrality, score,
                                   f"depends on {bare} ({d.edge}, depth {d.depth})"))
    by_depth: dict[int, int] = {}
    for d in found.dependents:
        by_depth[d.depth] = by_depth.get(d.depth, 0) + 1
    return _answer(generation, shown, found.definitions, entries, len(found.dependents),
                   by_depth=tuple(sorted(by_depth.items())))


def subtypes(generation: Generation, name: str, limit: int) -> GraphAnswer[Subtype]:
    """The types built on a class, interface or trait: its subclasses and implementations (a Go
    type implementing an interface implicitly among them), nearest generation first, then the
    most central; nothing when no type is named so."""
    return _built_on(generation, name, limit, lambda retriever, n: retriever.subtype_hits(n, EVERY))


def overrides(generation: Generation, name: str, limit: int) -> GraphAnswer[Subtype]:
    """The methods that override or implement a method, in the types built on its own, nearest
    first; nothing when no method of a type is named so."""
    return _built_on(generation, name, limit, lambda retriever, n: retriever.override_hits(n, EVERY))


def _built_on(
    generation: Generation, name: str, limit: int, ask: Callable[[GraphRetriever, str], list[Hit] | None]
) -> GraphAnswer[Subtype]:
    name, shown = graph_name(generation, name), name
    graph, defs = _resolve(generation, name)
    if not defs:
        return _unknown(generation, shown)
    from maguyva_tui.core.retrievers.graph import GraphRetriever

    hits = ask(GraphRetriever(graph, generation.snapshot.raw), name) or []
    entries = [Subtype(symbol_id(h.path, h.symbol or ""), h.path, h.symbol or "", h.kind, h.depth or 1,
                       h.start_line, h.end_line, h.language, h.score, h.reason or "") for h in hits[:limit]]
    return _answer(generation, shown, defs, entries, len(hits))


# -- shared -----------------------------------------------------------------------------------------

_VERBS = {"call": "calls", "read": "reads the property", "inherit": "inherits", "ref": "refers to", "import": "imports"}
"""How a site's reason reads for each kind of use."""


def _said(graph: CodeGraph, site: GraphSite, bare: str) -> str:
    """Return how a use of a name reads (``calls run``; ``passes handler``, a Go function as a value)."""
    if site.kind == "read":
        return f"{queries.read_verb(graph, site.target)}{bare}"
    return f"{_VERBS.get(site.kind, 'uses')} {bare}"


def graph_name(generation: Generation, name: str) -> str:
    """What to ask the graph for a name it does not know as written: the one definition the
    structural engine finds by the name's module (``flask.helpers.url_for``) or the class that
    inherits it (``Flask.route``: :mod:`~maguyva_tui.core.inherited`), or the member of a Go module's
    root package named through it (``lo.Map``), as its node; a name written
    as Go or PHP print it (``(*Mux).ServeHTTP``, ``\\GuzzleHttp\\Client``) as the symbol it names;
    a name written through its file as the search reads it (``a.py:run``, ``pkg/a.py::run``:
    :func:`~maguyva_tui.core.path_names.in_file`) as that file's definition; else the name, in
    the normal form the index stores names in (``café`` typed decomposed is the composed one)."""
    name = written_name(spelled(name)) or _hash_member(generation, spelled(name))
    graph = generation.snapshot.graph
    if graph is None or queries.definitions(graph, name):
        return name
    if (node := in_file(generation.structural.lookup, name)[0]) is not None and node in graph.symbols:
        return node
    if len(qualifier_parts(name)) < 2:
        aliases = {symbol_id(s.path, s.qualname) for s in aliased(generation, name)}
        return aliases.pop() if len(aliases) == 1 else name
    found = (defining(generation.structural.lookup(name)) or inherited(generation, name) or aliased(generation, name)
             or go_module_member(generation, name) or namespace_member(generation, name))
    nodes = {node for s in found if (node := symbol_id(s.path, s.qualname)) in graph.symbols}
    return nodes.pop() if len(nodes) == 1 else name


def _hash_member(generation: Generation, name: str) -> str:
    """A member written with a ``#`` (Ruby's ``Client#send_request``) that no symbol is named as,
    written with a dot, as the search reads it; a name with a ``#`` of its own (JavaScript's
    ``Ky.#fetch``), or none, as it is."""
    if "#" not in name or generation.knows_symbol(name):
        return name
    return name.replace("#", ".")


def _resolve(generation: Generation, name: str) -> tuple[CodeGraph, tuple[str, ...]]:
    """The graph and the definition nodes of a name (most central first); ``QueryError`` without a graph."""
    graph = generation.snapshot.graph
    if graph is None:
        raise QueryError(NO_GRAPH)
    return graph, queries.definitions(graph, name)


def _answer(
    generation: Generation,
    name: str,
    defs: Sequence[str],
    entries: Sequence[T],
    total: int,
    counts: tuple[tuple[str, int], ...] = (),
    by_depth: tuple[tuple[int, int], ...] = (),
) -> GraphAnswer[T]:
    graph = generation.snapshot.graph
    nodes = real_first(generation, defs, lambda n: None if (s := graph.symbols.get(n)) is None else symbol_place(s))
    resolved = tuple(Definition(n, graph.symbols.get(n)) for n in nodes)
    return GraphAnswer(name, resolved, tuple(entries), total, counts, by_depth, _snapshot=generation.snapshot)


def _unknown(generation: Generation, name: str) -> GraphAnswer[Any]:
    outside = outside_file(name)  # /etc/passwd::f, ../x.py:f: the path, as a search says it
    if outside is not None:  # it had been "no indexed file or folder is /etc/passwd::f", or "unknown symbol '../x.py::f'"
        return GraphAnswer(name, (), (), 0, missing=path_missing(outside), _snapshot=generation.snapshot)
    close = absent_path(generation, name, prose=False)  # a path no file or folder is: its close paths, no symbols
    if close is not None:
        return GraphAnswer(name, (), (), 0, suggestions=close, missing=path_missing(name, close, generation.snapshot),
                           _snapshot=generation.snapshot)
    return GraphAnswer(name, (), (), 0, suggestions=_suggestions(generation, name),
                       unindexed=big_files_holding(generation.snapshot, name), _snapshot=generation.snapshot)


def _suggestions(generation: Generation, name: str) -> tuple[str, ...]:
    """Close names the name index knows, best first: the names spelled like it, as a search's
    "no symbol named" offers them (``parse_confg``: ``parse_config`` first), then those the
    structural engine ranks for it that begin with the name asked (``ech``: ``echo_via_pager``).
    Any name it ranked had been offered: ``Munh`` had "Munch, munchify, AutoMunch, munch_obj,
    unmunchify" where the search offered "Munch", and ``munch/__init__.py::nothere`` "Munch", for
    the file's path."""
    from maguyva_tui.core.lookup import close_names

    spelled = close_names(generation, name)
    begun = normalize(_bare(name))
    hits = generation.structural.search(Query(name), SUGGESTIONS * 3) if begun else ()
    ranked = [h.symbol for h in hits if h.symbol and h.symbol != name and _bare(h.symbol) not in spelled
              and normalize(_bare(h.symbol)).startswith(begun)]
    return tuple(dict.fromkeys([*spelled, *ranked]))[:SUGGESTIONS]


def _bare(name: str) -> str:
    """The last part of a qualified name, as the reasons say it (``load`` for ``Loader.load``, and
    for ``loader.py:Loader.load``)."""
    name = written[1] if (written := split(name)) is not None else name
    return name.replace("::", ".").rpartition(".")[2] or name


_IMPORTERS: Final = "importers"
"""The rule of "who imports X" (``search.IMPORTERS_RULE``): import lines, which no tool lists as callers."""


def graph_question(result: SearchResult) -> str | None:
    """The graph question a search answered with the graph's own list (``"callers"`` of "who calls
    X", ``"impact"`` of "what breaks if I change X"), which ``maguyva graph callers|impact`` and MCP's
    ``find_references``/``impact`` list longer; ``None`` of any other answer (a blend, what X calls,
    its overrides or subtypes, who imports it: no such tool lists those). A search cut at its most
    had said only "narrow the query"."""
    if not result.target or result.modalities_run != ("graph",) or not result.lists_whole or result.rule == _IMPORTERS:
        return None
    if result.intent == "impact_analysis":
        return "impact"
    if result.intent != "find_references":
        return None
    text = result.query
    return None if asks_callees(text) or asks_overrides(text) or asks_subtypes(text) else "callers"
