"""Callers, callees and impact radius of a name, answered from a built ``CodeGraph``.

A name may be a node id (``app/config.py::ConfigLoader.load``), a qualname (``ConfigLoader.load``),
a bare name (``parse_config``) or a dotted tail of a qualname (``Shape.area`` for
``geometry.Shape.area``). Every result says which definitions it used, most central first, so a
name defined several times is never silently narrowed to one.

Answers are computed on the graph's integer columns; a hub's thousands of call sites or dependents
are sorted as arrays and become ``CallSite``/``Dependent`` objects only when read (``Rows``).
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, overload

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.sites import CALL, IMPORT, INHERIT, KINDS, NEW, OUTCOMES, READ, REF, LooseBlock, Merged
from maguyva_tui.core.graph.spans import SpanMap
from maguyva_tui.core.graph.tables import CLASS_KINDS, SEPARATOR, split_id, symbol_id
from maguyva_tui.core.locations import is_file_name
from maguyva_tui.core.parsing.trait_impls import IMPL_LABEL, plain_qualname
from maguyva_tui.core.paths import is_demoted, is_secondary
from maguyva_tui.core.types import Symbol

DEFAULT_DEPTH = 3  # three hops already reach most of a mid-sized repository from a hub
STRENGTH: tuple[int, ...] = (CALL, READ, INHERIT, IMPORT, REF)
"""Kind codes from the strongest dependency to the weakest (the edge an impact result reports; a
``read`` runs a Python property as a call runs a function)."""

CONSTRUCTORS: dict[str, frozenset[str]] = {
    "python": frozenset({"__init__", "__new__"}),
    "javascript": frozenset({"constructor"}),
    "typescript": frozenset({"constructor"}),
    "tsx": frozenset({"constructor"}),
    "php": frozenset({"__construct"}),
    "ruby": frozenset({"initialize"}),
}
"""Per language, the methods that constructing their class runs: its constructions are their call
sites (Java's and C++'s constructors are named as their class: ``NAMED_AS_CLASS``)."""
NAMED_AS_CLASS = frozenset({"java", "cpp"})
"""Languages whose constructor is the method named as its class (``Helper.Helper``)."""
BUILT_BY_CALL = frozenset({"python"})
"""Languages whose constructions are calls of the class (``curry(f)``); elsewhere they are ``new``
sites (``new Helper()``, ``Foo.new``), type uses to the graph's edges and PageRank."""
CALLED_TOO = frozenset({"cpp"})
"""Languages whose constructions are ``new`` sites and calls of the class too: C++'s ``Shape(1)``
(a temporary), which names the class, never its constructor ``Shape::Shape``."""
CONSTRUCTED_KINDS = frozenset({"class", "struct"})
"""The kinds of symbol a constructor builds."""
BUILT_BY_NEW = frozenset({*CONSTRUCTORS, *NAMED_AS_CLASS} - BUILT_BY_CALL)
"""Languages whose class is called only through its constructor: the callers of a class are its
constructions (``new Helper()``), as Python's are its calls (``Helper()``)."""
REOPENED = frozenset({"cpp", "ruby"})
"""Languages whose class may be written in several files, one node each (C++'s header and the
file defining its constructor ``Foo::Foo``, Ruby's reopened classes): a constructor builds each."""

READS_PROPERTY = "reads the property "
"""How a site reading a Python ``@property`` is said (``reads the property size``): it runs the
getter as a call would, written without parentheses."""

PASSES = "passes "
"""How a site passing a Go or Rust function or method as a value is said (``http.HandleFunc("/",
handler)``: ``passes handler``; ``iter.map(take)``: ``passes take``)."""
PASSING_LANGUAGES = frozenset({"go", "rust"})
"""The languages whose reads the graph keeps are functions passed as values (``resolve`` rules'
``function_values``), not property reads: tinyvec's ``.map(take)`` had read "reads the property take"."""


def read_verb(graph: CodeGraph, target: str) -> str:
    """Return how a read of a target is said: a Go or Rust function passed as a value, else a property read."""
    symbol = graph.symbols.get(target)
    return PASSES if symbol is not None and symbol.language in PASSING_LANGUAGES else READS_PROPERTY


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
    kind: str = "call"
    """``call``, ``new`` for a construction written as one (``new Helper()``, ``Foo.new``), or
    ``read`` for a Python ``@property`` read (``conn.size``, which runs it)."""


@dataclass(frozen=True, slots=True)
class Callee:
    """One symbol a function calls, with the lines of its call sites."""

    node: str
    path: str
    qualname: str
    lines: tuple[int, ...]
    kinds: tuple[str, ...] = ()
    """How each line reaches it, beside ``lines``: ``call``, ``new`` (a construction, ``new
    Helper()``, as its callers say it: ``constructs Helper``) or ``read`` (a Python property read, a
    Go or Rust function passed as a value); empty: calls alone."""

    def kind_at(self, i: int) -> str:
        """How the i-th line reaches the callee."""
        return self.kinds[i] if self.kinds else "call"


@dataclass(frozen=True, slots=True)
class Unresolved:
    """A call a function makes that reached no definition in the repository."""

    name: str
    line: int
    outcome: str
    """``external``, ``ambiguous``, ``unresolved`` or ``function_value``."""


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
    name = name.replace("::", ".").replace("->", ".")  # c++, rust and php qualified names (php's Logger->addRecord too)
    found = graph.named(name, qualified=True) | _impls_of(graph, name)
    if not found and "." in name:
        tail = name.rpartition(".")[2]
        named = graph.named(tail)
        found = {n for n in named if ("." + split_id(n)[1]).endswith("." + name)}
        if not found:  # written with its module (httplib2.Http), every copy of it: python2/ and python3/ kept both
            found = {n for n in named if _dotted(n).endswith("." + name)}
    if not found:
        found = graph.named(name)
    if not found and name.endswith(".new") and name != ".new":  # Ruby's Foo.new runs Foo#initialize
        found = {n for n in definitions(graph, name[:-4] + ".initialize") if graph.symbols[n].language == "ruby"}
    return tuple(sorted(found, key=lambda n: (-graph.node_centrality(n), n)))


def _impls_of(graph: CodeGraph, name: str) -> set[str]:
    """Return the Rust methods a qualname names apart by their trait impls (``Bytes.fmt``:
    ``Bytes.fmt (impl Debug)`` and ``Bytes.fmt (impl LowerHex)``, ``parsing/trait_impls.py``)."""
    if "." not in name or IMPL_LABEL in name:
        return set()
    return {n for n in graph.named(name.rpartition(".")[2])
            if IMPL_LABEL in n and ("." + plain_qualname(split_id(n)[1])).endswith("." + name)}


def methods_apart(graph: CodeGraph, member: str) -> dict[str, list[str]]:
    """Return, by their type's node, the methods ``member`` that a file names apart by their
    trait impls (``Bytes.fmt (impl Debug)``: under ``path::Bytes``), each type's in id order."""
    found: dict[str, list[str]] = {}
    for node in sorted(graph.named(member)):
        method, label, _ = node.partition(IMPL_LABEL)
        if label and method.endswith("." + member):
            found.setdefault(method[: -len(member) - 1], []).append(node)
    return found


def _dotted(node: str) -> str:
    """A symbol node as its file's module and its qualname, dotted after a leading dot
    (``python3/httplib2/__init__.py::Http`` is ``.python3.httplib2.Http``): what a name written
    with any tail of its module ends with."""
    path, qualname = split_id(node)
    module = posixpath.splitext(path)[0].removesuffix("/__init__").removesuffix("__init__")
    return f".{module.replace('/', '.')}.{qualname}" if module else f".{qualname}"


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
        return CallSite(merged.paths[merged.file[p]], int(merged.line[p]), caller, source, ids[merged.target[p]],
                        KINDS[merged.kind[p]])


def constructed(graph: CodeGraph, defs: Sequence[str]) -> list[str]:
    """Return the classes whose construction runs one of the definitions, a constructor:
    ``curry(f)`` runs Python's ``curry.__init__`` (the graph ties that call to the class), ``new
    Helper()`` Java's ``Helper.Helper``, ``new Foo()`` TypeScript's ``Foo.constructor`` and PHP's
    ``Foo.__construct``, ``Foo.new`` Ruby's ``Foo.initialize``."""
    found: list[str] = []
    for node in defs:
        found += [cls for cls in _builds(graph, node) if cls not in defs and cls not in found]
    return found


def _builds(graph: CodeGraph, node: str) -> list[str]:
    """Return the classes a definition constructs when it is a constructor (none otherwise)."""
    symbol = graph.symbols.get(node)
    if symbol is None or symbol.kind not in ("method", "function"):
        return []
    owner, _, method = symbol.qualname.rpartition(".")
    language = symbol.language or ""
    if not owner or not (method in CONSTRUCTORS.get(language, ()) or
                         (language in NAMED_AS_CLASS and method == owner.rpartition(".")[2])):
        return []
    classes = [symbol_id(symbol.path, owner)]
    if language in REOPENED:
        classes += sorted(graph.named(owner, qualified=True) - {classes[0]})
    built = [graph.symbols.get(c) for c in classes]
    found = [c for c, b in zip(classes, built) if b is not None and b.kind in CONSTRUCTED_KINDS and b.language == language]
    return _inheriting(graph, found, method if language not in NAMED_AS_CLASS else "")


def _inheriting(graph: CodeGraph, classes: list[str], method: str) -> list[str]:
    """Return the classes and, through every generation of subclasses, those that declare no
    constructor of their own (``method``; ``""``: the one named as the class), whose
    constructions run the inherited one (PHP's ``new Token()`` runs ``TokenPolyfill::__construct``)."""
    merged, index, ids = graph.merged(), graph.nodes.index, graph.nodes.ids
    found, queue = list(classes), list(classes)
    while queue:
        slot = index.get(queue.pop())
        into = merged.into(slot) if slot is not None else np.zeros(0, dtype=np.int64)
        for sub in sorted({ids[s] for s in merged.source[into[merged.kind[into] == INHERIT]].tolist()}):
            symbol = graph.symbols.get(sub)
            if sub in found or symbol is None or symbol.kind not in CONSTRUCTED_KINDS or symbol.language != \
                    graph.symbols[classes[0]].language:
                continue
            own = method or symbol.qualname.rpartition(".")[2]
            if symbol_id(symbol.path, f"{symbol.qualname}.{own}") not in graph.symbols:
                found.append(sub)
                queue.append(sub)
    return found


def implicit_constructor(graph: CodeGraph, name: str, defs: Sequence[str]) -> tuple[str, ...]:
    """Return the classes a name means as the constructor they do not declare, whose constructions
    run it: Java's ``Attributes.Attributes``, TypeScript's ``Foo.constructor``, PHP's
    ``Foo.__construct``, Ruby's ``Foo.initialize`` and ``Foo.new``; none where the name has a
    definition other than a class (``defs``: those found for it)."""
    if any(d not in graph.symbols or graph.symbols[d].kind not in CONSTRUCTED_KINDS for d in defs):
        return ()
    owner, _, method = name.strip().replace("::", ".").rpartition(".")
    found = []
    for cls in definitions(graph, owner) if owner and method else ():
        symbol = graph.symbols.get(cls)
        language = symbol.language or "" if symbol is not None else ""
        if symbol is not None and symbol.kind in CONSTRUCTED_KINDS and (
                method in CONSTRUCTORS.get(language, ()) or (language == "ruby" and method == "new")
                or (language in NAMED_AS_CLASS and method == symbol.qualname.rpartition(".")[2])):
            found.append(cls)
    return tuple(found)


def _declared(graph: CodeGraph, cls: str) -> list[str]:
    """Return the constructors a class declares (their nodes)."""
    symbol = graph.symbols.get(cls)
    if symbol is None:
        return []
    language = symbol.language or ""
    names = {symbol.qualname.rpartition(".")[2]} if language in NAMED_AS_CLASS else CONSTRUCTORS.get(language, ())
    return [node for n in sorted(names) if (node := symbol_id(symbol.path, f"{symbol.qualname}.{n}")) in graph.symbols]


def construction_reasons(graph: CodeGraph, defs: Sequence[str], built: Sequence[str] = ()) -> dict[str, str]:
    """Return the reason of a site constructing each class a constructor among the definitions
    builds, or of ``built`` (``implicit_constructor``'s), by the class's node: ``constructs Helper``."""
    classes = list(dict.fromkeys([*constructed(graph, defs), *built]))
    bare = {cls: split_id(cls)[1].rpartition(".")[2] for cls in classes}
    several = len(set(bare.values())) < len(bare)  # two classes named Error: each site says which it builds
    return {cls: f"constructs {bare[cls]}" + (f" of {_place(graph, cls)}" if several else "") for cls in classes}


def _place(graph: CodeGraph, node: str) -> str:
    """Where a symbol is defined, ``path:line``."""
    symbol = graph.symbols[node]
    return f"{symbol.path}:{symbol.start_line}"


def site_reason(graph: CodeGraph, site: CallSite, built: Mapping[str, str], default: str) -> str:
    """Return why a site is a caller: ``constructs Helper`` where it builds a class (``new
    Helper()``; Python's ``Helper()`` asked as ``Helper.__init__``: ``built``), else ``default``."""
    if site.callee_id in built:
        return built[site.callee_id]
    if site.kind == "read":
        return read_verb(graph, site.callee_id) + _path_and_qualname(graph, site.callee_id)[1].rpartition(".")[2]
    if site.kind != "new":
        return default
    qualname = _path_and_qualname(graph, site.callee_id)[1]
    symbol = graph.symbols.get(site.callee_id)
    if symbol is not None and symbol.kind not in CONSTRUCTED_KINDS and not _constructor_function(graph, site.callee_id):
        # Java's new Helper() in Helper: its constructor (JavaScript's new ns.Exception(): the function itself)
        qualname = qualname.rpartition(".")[0] or qualname
    return "constructs " + qualname.rpartition(".")[2]


def call_positions(graph: CodeGraph, defs: Sequence[str], constructors_of: Sequence[str] = ()) -> Slots:
    """Return the positions of the call sites reaching any definition, by path, line and callee,
    one per line, caller and callee; a constructor's are also the constructions of its class
    (``new`` sites: into the class, or into the constructor where its class's own code names it),
    and so are those of the classes ``constructors_of`` names (their undeclared constructors') and
    of a class itself where only a constructor calls it (``BUILT_BY_NEW``: Java's, PHP's, ...)."""
    merged, index, symbols = graph.merged(), graph.nodes.index, graph.symbols
    own = [d for d in defs if (s := symbols.get(d)) is not None and s.kind in CONSTRUCTED_KINDS and s.language in BUILT_BY_NEW]
    classes = list(dict.fromkeys([*constructed(graph, defs), *constructors_of, *own]))
    built = [c for c in classes if graph.symbols[c].language not in BUILT_BY_CALL]
    inside = [c for cls in own for c in _declared(graph, cls) if c not in defs]  # Java's new TextNode() in TextNode
    made = [index[n] for n in [*built, *inside, *(d for d in defs if _builds(graph, d) or _constructor_function(graph, d))]
            if n in index]
    defs = list(dict.fromkeys([*defs, *classes]))
    slots = [index[d] for d in defs if d in index]
    reached = [*slots, *(index[c] for c in inside if c in index)]
    found = np.concatenate([merged.into(s) for s in reached]) if reached else np.zeros(0, dtype=np.int64)
    kind, target = merged.kind[found], merged.target[found]
    only_new = [index[c] for c in built if c in index and graph.symbols[c].language not in CALLED_TOO]
    called = np.isin(target, slots) & ~np.isin(target, only_new)  # new builds those
    found = found[(((kind == CALL) | (kind == READ)) & called) | ((kind == NEW) & np.isin(target, made))]
    if len(slots) > 1:  # ties on a line: callee id order
        callee_rank = np.zeros(len(graph.nodes), dtype=np.int64)
        callee_rank[[index[d] for d in sorted(defs) if d in index]] = np.arange(len(slots))
        keys: tuple[NDArray[np.int64], ...] = (callee_rank[merged.target[found]],)
    else:
        keys = ()
    ordered: Slots = found[np.lexsort((merged.source[found], *keys, merged.line[found], merged.file[found]))]
    return _one_per_line(merged, ordered)


STRENGTH_ORDER = ("call", "new", "read")
"""The kinds a callee's lines may have, in the order one line's are listed."""


def constructs(graph: CodeGraph, target: str) -> bool:
    """Tell whether a ``new`` site into a node is a construction its callers list (``call_positions``
    asked for it): a class of a language whose classes are built by ``new`` (Java's, C++'s, PHP's,
    TypeScript's: ``BUILT_BY_NEW``), a constructor (Java's ``Helper.Helper``, reached by ``new
    Helper()`` in its own class) or a JavaScript function ``new`` calls. A Go or Rust struct literal
    (``Foo{...}``), a type use to the graph, is not: its struct's callers do not list it."""
    symbol = graph.symbols.get(target)
    if symbol is None:
        return False
    if symbol.kind in CONSTRUCTED_KINDS:
        return symbol.language in BUILT_BY_NEW
    return bool(_builds(graph, target)) or _constructor_function(graph, target)


def _constructor_function(graph: CodeGraph, node: str) -> bool:
    """Tell whether a definition is a function that ``new`` calls (JavaScript's ``function
    Exception(message) {...}``, ``throw new Exception('x')``): its constructions run it, and
    handlebars' 31 had been left out of its callers. A ``new`` reaches a function in no other
    language (Java's ``new Helper()`` in ``Helper`` reaches its constructor, a method)."""
    symbol = graph.symbols.get(node)
    return symbol is not None and symbol.kind == "function" and symbol.language in ("javascript", "typescript", "tsx")


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
    graph: CodeGraph, defs: Sequence[str], limit: int, secondary_last: bool = False, constructors_of: Sequence[str] = ()
) -> tuple[SiteColumns, int]:
    """Return the first ``limit`` call sites of the definitions, the most central callers first and
    those in the repository's own code before those in vendored, built or generated copies (ties in
    path and line order), with how many there are in all. ``secondary_last``: the examples', tests'
    and docs' callers after the package's own (a test helper calls a name from many tests and is
    more central than any caller in the code), as a search's direct path lists them.
    ``constructors_of``: as ``call_positions`` reads it."""
    positions = call_positions(graph, defs, constructors_of)
    merged = graph.merged()
    centrality = graph.rank_array()[merged.source[positions]]
    files, at = np.unique(merged.file[positions], return_inverse=True)
    paths = [merged.paths[f] for f in files.tolist()]
    demoted = np.array([is_demoted(p) for p in paths], dtype=bool)[at]
    secondary = np.array([secondary_last and is_secondary(p) for p in paths], dtype=bool)[at]
    top = positions[np.lexsort((-centrality, secondary, demoted))[: max(limit, 0)]]  # stable
    return SiteColumns(graph, top), len(positions)


def constructions(graph: CodeGraph, defs: Sequence[str], constructors_of: Sequence[str] = ()) -> list[CallSite]:
    """Return the sites constructing the classes a constructor among the definitions builds (or
    ``constructors_of``'s), in file and line order: what its callers hold beyond its calls."""
    columns = SiteColumns(graph, call_positions(graph, defs, constructors_of))
    built = set(constructed(graph, defs)) | set(constructors_of)
    return [s for s in map(columns.site, range(len(columns.positions))) if s.kind == "new" or s.callee_id in built]


def callers(graph: CodeGraph, name: str) -> Callers:
    """Return one entry per call site of any definition of a name, in file and line order (a
    constructor no class declares, ``implicit_constructor``: its classes' constructions)."""
    defs = definitions(graph, name)
    built = implicit_constructor(graph, name, defs)
    columns = SiteColumns(graph, call_positions(graph, built or defs, built))
    defs = built or defs
    return Callers(defs, Rows(len(columns.positions), columns.site))


# -- callees ------------------------------------------------------------------------------------
def callees(graph: CodeGraph, name: str) -> Callees:
    """Return what the definitions of a name call, grouped by callee, and the calls left unresolved:
    every site its callers list the other way (``call_positions``), its constructions (``new
    NamespacedHierarchicalStore<>(...)``, marked ``new``) and property reads (``read``) with its calls."""
    defs = definitions(graph, name)
    lines: dict[str, set[tuple[int, str]]] = {}
    loose: list[Unresolved] = []
    ids = graph.nodes.ids
    for node in defs:
        path, slot = split_id(node)[0], graph.nodes.index.get(node)
        block, gone = graph.blocks.get(path), graph.loose_blocks.get(path)
        if slot is None:
            continue
        if block is not None:
            mine = np.flatnonzero((block.source == slot) & np.isin(block.kind, (CALL, NEW, READ))).tolist()
            for i in mine:
                target, kind = ids[block.target[i]], int(block.kind[i])
                if kind != NEW or constructs(graph, target):
                    lines.setdefault(target, set()).add((int(block.line[i]), KINDS[kind]))
        if gone is not None:
            for i in np.flatnonzero((gone.source == slot) & (gone.kind == CALL)).tolist():
                loose.append(Unresolved(gone.names[i], int(gone.line[i]), OUTCOMES[gone.outcome[i]]))
    found = []
    for t, at in lines.items():
        ordered = sorted(at, key=lambda pair: (pair[0], STRENGTH_ORDER.index(pair[1])))
        kinds = tuple(k for _, k in ordered)
        found.append(Callee(t, *_path_and_qualname(graph, t), tuple(n for n, _ in ordered),
                            () if set(kinds) == {"call"} else kinds))
    found.sort(key=lambda c: (c.lines[0], c.node))
    return Callees(defs, tuple(found), tuple(sorted(loose, key=lambda u: (u.line, u.name))))


CALLEE_VERBS = {"call": "called", "new": "constructed", "read": "read"}
"""How a callee's line reads by the kind of its site (``Callee.kinds``)."""


def callee_lines(graph: CodeGraph, by: Sequence[tuple[str, Callee]]) -> list[tuple[str, list[tuple[str, list[int]]]]]:
    """A callee's lines by how they reach it (``called``, ``constructed``, ``read``, ``passed``, in
    that order), each the callers' (``by``'s order) with their lines."""
    grouped: dict[str, dict[str, list[int]]] = {}
    for kind in STRENGTH_ORDER:
        for caller, c in by:
            ns = [n for i, n in enumerate(c.lines) if c.kind_at(i) == kind]
            if ns:
                verb = "passed" if kind == "read" and read_verb(graph, c.node) == PASSES else CALLEE_VERBS[kind]
                grouped.setdefault(verb, {}).setdefault(caller, []).extend(ns)
    return [(verb, list(at.items())) for verb, at in grouped.items()]


def methods(graph: CodeGraph, node: str) -> list[str]:
    """The methods defined directly in a type (its file's, and for Go its package's files'), in
    the order they are written: what "what does ArrowFactory call" asks about, a class's own body
    calling little or nothing. Empty for anything but a type."""
    symbol = graph.symbols.get(node)
    if symbol is None or symbol.kind not in CLASS_KINDS:
        return []
    inside = symbol.qualname + "."
    folder = posixpath.dirname(symbol.path)
    paths = [symbol.path] + ([p for p in graph.by_path if p != symbol.path and p.endswith(".go")
                              and posixpath.dirname(p) == folder] if symbol.language == "go" else [])
    return list(dict.fromkeys(  # an overloaded method's declarations are one node
        symbol_id(p, s.qualname) for p in paths for s in sorted(graph.by_path.get(p, ()), key=lambda s: s.start_line)
        if s.qualname.startswith(inside) and "." not in s.qualname[len(inside):] and s.kind in ("method", "function")))


# -- impact -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Reach:
    """The dependents an impact search found, as columns in answer order."""

    graph: CodeGraph
    slots: Slots
    depth: NDArray[np.int32]
    via: Slots
    edge: NDArray[np.int8]
    first_lines: dict[tuple[int, int], dict[int, int]] = field(default_factory=dict)
    """A ``via`` node's slot and an edge's strength to the first line of each node's sites of that
    strength into it, as they are asked for."""

    def dependent(self, i: int) -> Dependent:
        """Describe the i-th dependent."""
        ids, slot = self.graph.nodes.ids, int(self.slots[i])
        node, depth, via, edge = ids[slot], int(self.depth[i]), ids[self.via[i]], KINDS[self.edge[i]]
        centrality = self.graph.node_centrality(node)
        symbol = self.graph.symbols.get(node)
        if symbol is None:
            line = self._first_site(slot, int(self.via[i]), int(self.edge[i]))
            return Dependent(node, node, None, "file", depth, centrality, line, line, via, edge)
        symbol = self._definition_used(symbol, slot, int(self.via[i]))
        return Dependent(node, symbol.path, symbol.qualname, symbol.kind, depth, centrality,
                         symbol.start_line, symbol.end_line, via, edge)

    def _first_site(self, slot: int, via: int, edge: int) -> int:
        """The line of a file's first site into ``via`` of the edge's kind (1 if it has none): where
        its module level uses the name as the edge says. It had been line 1 always: jotai's barrel's
        ``export { RESET } from ...`` was shown for "what breaks if I change atomWithStorage",
        re-exported on lines 9-13; then its first site of any kind: ky's test/hooks.ts, which calls
        isHTTPError, was shown at its import. Each ``via``'s first lines are found once, for all its
        dependents (3,000 files importing one hub read its sites once, not once each)."""
        strength = int(_STRENGTH_OF[edge])
        lines = self.first_lines.get((via, strength))
        if lines is None:
            merged = self.graph.merged()
            into = merged.into(via)
            into = into[_STRENGTH_OF[merged.kind[into]] == strength]
            sources, at = merged.source[into], merged.line[into]
            order = np.lexsort((at, sources))
            sources, at = sources[order], at[order]
            first = np.ones(len(sources), dtype=bool)
            first[1:] = sources[1:] != sources[:-1]
            lines = self.first_lines[via, strength] = dict(zip(sources[first].tolist(), at[first].tolist()))
        return int(lines.get(slot, 1))

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
    starts = defs or file_nodes(graph, name)
    if not defs and starts:  # a file or module: what depends on it or on any symbol it defines
        defs = tuple(n for n in starts if n in graph.languages)
    reach = _reach(graph, starts, max_depth, limit)
    size = len(reach.slots) if limit is None else min(limit, len(reach.slots))
    return Impact(defs, Rows(size, reach.dependent), max_depth)


def file_nodes(graph: CodeGraph, written: str) -> tuple[str, ...]:
    """The files a name no symbol has names as a module or path (``pkg/retry.py``, ``pkg.retry``),
    then every symbol they define: "what breaks if I change retry.py" had been an unknown symbol."""
    from maguyva_tui.core.graph.importers import module_files

    if "\\" in written and "/" not in written and is_file_name(written.replace("\\", "/")):
        written = written.replace("\\", "/")  # Windows' src\pkg\a.py (PHP's App\Models\User is a namespace)
    files = module_files(graph, written) or folder_files(graph.languages, written)
    by_path = graph.by_path
    return (*files, *(symbol_id(s.path, s.qualname) for f in files for s in by_path.get(f, ())))


def folder_files(paths: Iterable[str], written: str) -> tuple[str, ...]:
    """The files under a folder as written (``src/wrapt``, ``./pkg/sub/``, or, where no folder of the
    root is it, a tail of one's path), sorted: "what breaks if I change src/middleware" is what
    depends on any of its files (it had been an unknown symbol, ``src``). Empty for a name no folder has."""
    folder = written.strip().replace("\\", "/").strip("/")
    while folder.startswith("./"):
        folder = folder[2:]
    if not folder or folder in (".", "..") or folder.startswith("../"):
        return ()
    paths = list(paths)
    top = tuple(sorted(p for p in paths if p.startswith(folder + "/")))
    if top:  # the folder from the root: pyasn1/type had also been docs/source/pyasn1/type's 56 .rst files
        return top
    inner = "/" + folder + "/"
    return tuple(sorted(p for p in paths if inner in p))


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
_STRENGTH_OF[NEW] = _STRENGTH_OF[REF]  # a construction is the ref edge it always was
"""Kind code to its place in ``STRENGTH`` (0: the strongest)."""


# -- calls no definition was tied to ------------------------------------------------------------
MEMBER_ACCESS: tuple[str, ...] = (".", "->", "::")
NAME_PATHS: tuple[str, ...] = (*MEMBER_ACCESS, "\\")
"""How a base's name is qualified: a module's (``abc.ABC``), a namespace's (PHP's ``Psr\\Http\\Message\\StreamInterface``)."""
"""What a loose call writes between its receiver and the name (``h.ServeHTTP``, ``p->run``)."""


IMPLICIT_SELF = frozenset({"ruby", "java"})
"""Languages whose bare call is a method's on the object itself (Ruby's ``match_string(s)`` in a
module mixed into a class, Java's ``helper()``): a method's untied call even with no receiver."""


TYPE_PATHS = frozenset({"rust"})
"""Languages whose call ``Type::name()`` names the type whose ``name`` it calls (``String::new``):
an associated function of that type or of a trait it names, never another type's method."""


def owners(graph: CodeGraph, defined: Sequence[str]) -> frozenset[str]:
    """The bare names a call's type path may write to reach one of ``defined`` (Rust): each
    method's type, and the traits written in an impl of its file or that the type's bases are
    (``impl Default for Widget``: ``Default::default()`` may run ``Widget.default``)."""
    found: set[str] = set()
    for node in defined:
        path, qualname = split_id(node)
        if graph.languages.get(path) not in TYPE_PATHS or "." not in qualname:
            continue
        owner = plain_qualname(qualname).rpartition(".")[0]
        found.add(owner.rpartition(".")[2])
        found.update(split_id(base)[1].rpartition(".")[2] for base in graph.bases.get(f"{path}{SEPARATOR}{owner}", ()))
        block = graph.loose_blocks.get(path)
        if block is not None:
            found.update(written.rpartition(".")[2] for i, written in enumerate(block.names) if block.kind[i] == INHERIT)
    return frozenset(found)


def _foreign(written: str, owners: frozenset[str]) -> bool:
    """Whether a call written ``Type::name`` (stored ``Type.name``) names a type none of ``owners``
    is: ``String::new``, ``std::collections::HashMap::<K, V>::new`` beside ``Widget::new``."""
    qualifier = written.rpartition(".")[0].rpartition(".")[2]
    return qualifier[:1].isupper() and qualifier != "Self" and qualifier not in owners


GLOBAL_OBJECTS = frozenset({"javascript", "typescript", "tsx"})
"""Languages whose call on one of the platform's global objects (``console.error``, ``JSON.parse``,
``Object.keys``: :data:`~maguyva_tui.core.graph.builtins.JS`) calls that object's method, never a
method of the repository, unless the repository defines a symbol of that global's name."""


def _platform_globals(graph: CodeGraph, written: Iterable[str]) -> frozenset[str]:
    """Of the receivers these calls write (``console`` of ``console.error``), those that are one of
    the JavaScript platform's global objects the graph defines no symbol of."""
    from maguyva_tui.core.graph.builtins import JS

    receivers = {w.rpartition(".")[0] for w in written}
    return frozenset(r for r in receivers
                     if r in JS and r not in _OWN_RECEIVERS and not graph.named(r, qualified=True))


_OWN_RECEIVERS = frozenset({"super", "exports", "module", "require", "import"})
"""Names :data:`~maguyva_tui.core.graph.builtins.JS` holds whose calls may reach the repository's
own methods: ``super.render()`` a base class's, ``exports.helper()`` the module's own function."""


def untied_calls(graph: CodeGraph, name: str, members_only: bool = False, kind: int = CALL,
                 owned_by: frozenset[str] | None = None) -> list[tuple[str, int]]:
    """Return the (path, line) of every call that names ``name`` (the bare name of a qualified one)
    but resolved to no node: through an interface, on a receiver of unknown type, into another
    package, or ambiguous; with ``members_only``, only calls on a receiver (``x.print``, not the
    builtin ``print``: a method's), or bare ones in a language where they call the object's own
    method (:data:`IMPLICIT_SELF`: roda's plugins call ``_match_string(s)`` of the class they are
    mixed into, and those 4 calls had been neither listed nor counted). In path and line order. A
    stored graph's unchanged files are read from its columns at once (no name decoded: the matching
    ones are found in its string table). ``kind`` another site's kind than a call: ``INHERIT``, the
    bases no class of the graph is (``implements StreamInterface``, an interface of another package).
    ``owned_by`` (:func:`owners`): a Rust call whose type path names another type is left out
    (``String::new()`` had been counted among the calls that may reach ``Widget::new``). A call on
    one of JavaScript's global objects is left out too (:data:`GLOBAL_OBJECTS`: ``console.error(e)``
    had been listed first among the calls that may reach postcss's ``Node.error``)."""
    bare = name.replace("::", ".").rpartition(".")[2] or name
    loose = graph.loose_blocks
    found: list[tuple[str, int]] = []
    rest: Mapping[str, LooseBlock] = loose
    origin, stored = graph.origin, None
    columns: Mapping[str, NDArray[Any]] = {}
    implicit = {p for p, language in graph.languages.items() if language in IMPLICIT_SELF} if members_only else set()
    typed = {p for p, language in graph.languages.items() if language in TYPE_PATHS} if owned_by is not None else set()
    if isinstance(loose, SpanMap) and origin is not None and loose.columns.get("name") is origin.arrays.get("loose.name"):
        stored, columns = loose.stored_rows(), loose.columns
    if stored is not None and origin is not None:
        bounds, files, keep, _, rest = stored
        table = origin.arrays["loose_names"]  # loose-name index -> string id
        wanted = origin.strings.ids_ending(bare, MEMBER_ACCESS if kind == CALL else NAME_PATHS)
        bare_id = origin.strings.id_of(bare)
        if members_only and not implicit:
            wanted = wanted[wanted != bare_id]
        named = np.flatnonzero(np.isin(table, wanted)) if len(wanted) else wanted
        rows = np.flatnonzero(keep & (columns["kind"] == kind) & np.isin(columns["name"], named)) if len(named) else named
        if len(rows):  # a name no untied call writes (most) reads no file's path
            paths = {at: path for path, at in bounds.files.items()}
            ids = table[columns["name"][rows]]
            written_bare = (ids == bare_id).tolist() if members_only else [False] * len(rows)
            foreign, platform = set(), set()
            if (typed and owned_by is not None) or kind == CALL:
                kinds = np.unique(ids)
                texts = dict(zip(kinds.tolist(), origin.strings.pick(kinds), strict=True))
                if typed and owned_by is not None:
                    foreign = {i for i, text in texts.items() if text is not None and _foreign(text, owned_by)}
                if kind == CALL:
                    platform_objects = _platform_globals(graph, (t for t in texts.values() if t is not None))
                    platform = {i for i, text in texts.items()
                                if text is not None and text.rpartition(".")[0] in platform_objects}
            found = [(paths[f], ln) for f, ln, alone, at in zip(files[rows].tolist(), columns["line"][rows].tolist(),
                                                                written_bare, ids.tolist(), strict=True)
                     if (not alone or paths[f] in implicit) and not (at in foreign and paths[f] in typed)
                     and not (at in platform and graph.languages.get(paths[f]) in GLOBAL_OBJECTS)]
    tails = tuple(a + bare for a in (MEMBER_ACCESS if kind == CALL else NAME_PATHS))
    held: dict[str, bool] = {}  # a receiver: whether it is the platform's global object
    for path, block in rest.items():
        alone_counts = not members_only or path in implicit
        for i, written in enumerate(block.names):
            if block.kind[i] == kind and ((written == bare and alone_counts) or written.endswith(tails)):
                if path in typed and owned_by is not None and _foreign(written, owned_by):
                    continue
                if kind == CALL and graph.languages.get(path) in GLOBAL_OBJECTS:
                    receiver = written.rpartition(".")[0]
                    if receiver not in held:
                        held[receiver] = bool(_platform_globals(graph, (written,)))
                    if held[receiver]:
                        continue
                found.append((path, int(block.line[i])))
    return sorted(set(found))
