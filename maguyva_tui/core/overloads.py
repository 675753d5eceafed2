"""Which overload a call fits, by its argument count (Java and C++).

The graph has one node per name a file defines: javapoet's four ``CodeWriter.emit`` (``emit(String
s)``, ``emit(String format, Object... args)``, ``emit(CodeBlock)``, ``emit(CodeBlock, boolean)``)
are one definition to it, and "who calls CodeWriter.emit" listed 101 calls of all four without a
word. Types cannot be told apart without a compiler; argument counts can, from the syntax tree of
the calling file. A call's reason names the overloads its count fits (``calls emit, 2 arguments:
the overloads at lines 224, 232``), and the answer's note says the name is overloaded.

The trees are parsed when such a question is asked, for the files of the calls shown only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from maguyva_tui.core.graph.tables import FUNCTION_KINDS, split_id
from maguyva_tui.core.types import Symbol

if TYPE_CHECKING:
    from tree_sitter import Node

    from maguyva_tui.core.graph.model import CodeGraph
    from maguyva_tui.core.graph.queries import SiteColumns
    from maguyva_tui.core.graph.sites import Site as GraphSite

OVERLOADING = frozenset({"java", "cpp"})
"""Languages whose one class may define a method several times, told apart by its parameters."""

_CALLS = frozenset({"method_invocation", "object_creation_expression", "explicit_constructor_invocation",
                    "call_expression"})
_DEFINITIONS = frozenset({"method_declaration", "constructor_declaration", "compact_constructor_declaration",
                          "function_definition", "declaration", "field_declaration"})
_VARIADIC = frozenset({"spread_parameter", "variadic_parameter", "variadic_parameter_declaration"})
_OPTIONAL = frozenset({"optional_parameter_declaration"})
_COMMENTS = frozenset({"comment", "line_comment", "block_comment"})


@dataclass(frozen=True, slots=True)
class Overload:
    """One definition of an overloaded name and the argument counts it takes."""

    line: int
    least: int
    most: int | None
    """``None`` for a variadic one (``Object... args``, ``...``)."""

    def fits(self, count: int) -> bool:
        """Tell whether a call with this many arguments may call it."""
        return self.least <= count and (self.most is None or count <= self.most)


def overloads(graph: CodeGraph, node: str) -> list[Symbol]:
    """The definitions of a node's name in its file when there are several functions or methods
    of it in a language that overloads (a Java method's four bodies), by line; else empty."""
    symbol = graph.symbols.get(node)
    if symbol is None or symbol.language not in OVERLOADING:
        return []
    path, qualname = split_id(node)
    same = [s for s in graph.by_path.get(path, ()) if s.qualname == qualname and s.kind in FUNCTION_KINDS]
    return same if len(same) > 1 else []


def arities(source: bytes, language: str, lines: Iterable[int]) -> list[Overload]:
    """The argument counts each definition starting at one of these lines takes."""
    from maguyva_tui.core.parsing.languages import parse

    wanted, found = set(lines), []
    for node in _walk(parse(language, source).root_node):
        line = node.start_point[0] + 1
        if node.type in _DEFINITIONS and line in wanted:
            params = _parameters(node)
            if params is not None:
                found.append(_counted(line, params))
                wanted.discard(line)
    return sorted(found, key=lambda o: o.line)


def argument_counts(source: bytes, language: str, name: str) -> dict[int, set[int]]:
    """Line to the argument counts of the calls of ``name`` written there (the line of the name
    and the line the call starts), from one parse of the calling file."""
    from maguyva_tui.core.parsing.languages import parse

    counts: dict[int, set[int]] = {}
    for node in _walk(parse(language, source).root_node):
        if node.type not in _CALLS:
            continue
        called, arguments = _called(node)
        if arguments is None or called is None:
            continue
        written = _last_name(called)
        if written != name and not (node.type == "explicit_constructor_invocation" and written in ("super", "this")):
            continue
        count = sum(1 for c in arguments.named_children if c.type not in _COMMENTS)
        for line in {node.start_point[0] + 1, called.start_point[0] + 1}:
            counts.setdefault(line, set()).add(count)
    return counts


def label(count: set[int] | None, defined: Sequence[Overload]) -> str | None:
    """What a call's argument count says of the overload it calls: ``2 arguments: the overload at
    line 224`` (or ``the overloads at lines ...``, or ``no overload here takes 3``); ``None``
    when the count is unknown or two calls of the name on its line differ."""
    if count is None or len(count) != 1 or not defined:
        return None
    n = next(iter(count))
    fitting = [o.line for o in defined if o.fits(n)]
    said = f"{n} argument" + ("" if n == 1 else "s")
    if not fitting:
        return f"{said}: none of the {len(defined)} overloads takes {n}"
    if len(fitting) == 1:
        return f"{said}: the overload at line {fitting[0]}"
    if len(fitting) == len(defined):
        return None  # fits them all: the count says nothing
    return f"{said}: the overloads at lines {', '.join(map(str, fitting))}"


def site_labels(read: Callable[[str], bytes], graph: CodeGraph, defs: Sequence[str],
                sites: Sequence[tuple[str, int, str]]) -> dict[tuple[str, int], str]:
    """What each call site's argument count says of the overload it calls, by (path, line), for
    sites ``(path, line, callee node)`` into an overloaded definition; ``read`` gives a file's text.
    A file that cannot be read or parsed leaves its sites unlabelled."""
    defined: dict[str, list[Overload]] = {}
    for node in defs:
        same = overloads(graph, node)
        if same:
            path = split_id(node)[0]
            try:
                defined[node] = arities(read(path), same[0].language, [s.start_line for s in same])
            except (OSError, KeyError, ValueError):
                continue
    routed = {callee for _, _, callee in sites if callee not in defs and _is_method(graph, callee)}
    if not defined and not routed:
        return {}
    counted: dict[tuple[str, str], dict[int, set[int]]] = {}
    labels: dict[tuple[str, int], str] = {}
    for path, line, callee in sites:
        if (callee not in defined and callee not in routed) or (language := graph.languages.get(path)) not in OVERLOADING:
            continue
        bare = split_id(callee)[1].rpartition(".")[2]
        if (path, bare) not in counted:
            try:
                counted[path, bare] = argument_counts(read(path), language, bare)
            except (OSError, KeyError, ValueError):
                counted[path, bare] = {}
        if callee in routed:  # tied by name to a subclass's method, none of whose overloads takes its count
            count = counted[path, bare].get(line)
            if count is not None and len(count) == 1:
                n = next(iter(count))
                labels[path, line] = (f"{n} argument{'' if n == 1 else 's'}: no {split_id(callee)[1]} takes {n}, "
                                      "so the inherited one runs")
            continue
        said = label(counted[path, bare].get(line), defined[callee])
        if said is not None and ": none of" in said and (base := inherited(graph, callee)) is not None:
            said += f"; {split_id(base)[1]}, which it inherits, may be the one called"
        if said is not None:
            labels[path, line] = said
    return labels


def _is_method(graph: CodeGraph, node: str) -> bool:
    """Tell whether a node is a method of a class in a language that overloads."""
    symbol = graph.symbols.get(node)
    return (symbol is not None and symbol.language in OVERLOADING and symbol.kind in FUNCTION_KINDS
            and "." in symbol.qualname)


def inherited(graph: CodeGraph, method: str) -> str | None:
    """The nearest method of the same name in a base of the method's class (jsoup's one-argument
    ``el.attr("href")`` calls ``Node.attr(String)``, while ``Element`` defines ``attr`` with two)."""
    path, qualname = split_id(method)
    owner, _, bare = qualname.rpartition(".")
    seen, queue = set(), list(graph.bases.get(f"{path}::{owner}", ()))
    while queue:
        base = queue.pop(0)
        if base in seen or "::" not in base:
            continue
        seen.add(base)
        found = f"{base}.{bare}"
        if found in graph.symbols:
            return found
        queue.extend(graph.bases.get(base, ()))
    return None


def _walk(root: Node) -> Iterable[Node]:
    """Every node under ``root``, depth first, without recursion."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children)


def _parameters(node: Node) -> Node | None:
    """The parameter list of a method, constructor or C++ function definition or declaration; a
    Java record's compact constructor (``public Point { ... }``) takes the record's components."""
    if node.type == "compact_constructor_declaration":
        record = node.parent.parent if node.parent is not None else None
        return record.child_by_field_name("parameters") if record is not None else None
    found = node.child_by_field_name("parameters")
    if found is not None:
        return found
    declarator = node.child_by_field_name("declarator")
    while declarator is not None:
        found = declarator.child_by_field_name("parameters")
        if found is not None:
            return found
        declarator = declarator.child_by_field_name("declarator")
    return None


def _counted(line: int, params: Node) -> Overload:
    """The counts a parameter list takes: its required ones, up to all (none for a variadic one)."""
    least, most, variadic = 0, 0, False
    for child in params.children:
        if child.type in _VARIADIC or child.type == "...":
            variadic = True
        elif child.type in _OPTIONAL:
            most += 1
        elif child.is_named and child.type not in _COMMENTS:
            if child.type == "parameter_declaration" and child.text == b"void":
                continue  # C's f(void)
            least, most = least + 1, most + 1
    return Overload(line, least, None if variadic else most)


def _called(node: Node) -> tuple[Node | None, Node | None]:
    """The name a call is written with and its argument list."""
    arguments = node.child_by_field_name("arguments")
    if node.type == "object_creation_expression":
        return node.child_by_field_name("type"), arguments
    if node.type == "explicit_constructor_invocation":
        return node.child_by_field_name("constructor"), arguments
    if node.type == "call_expression":
        return node.child_by_field_name("function"), arguments
    return node.child_by_field_name("name"), arguments


def _last_name(node: Node) -> str:
    """The last identifier of a called expression: ``f`` of ``obj.f``, ``ns::f``, ``Foo<T>``."""
    for field in ("name", "field", "type"):
        inner = node.child_by_field_name(field)
        if inner is not None and inner is not node:
            return _last_name(inner)
    if node.type in ("generic_type", "template_function", "template_type") and node.named_children:
        return _last_name(node.named_children[0])
    if node.type == "scoped_type_identifier" and node.named_children:
        return _last_name(node.named_children[-1])
    return (node.text or b"").decode("utf-8", "replace")


# -- calls routed by argument count ----------------------------------------------------------------
def ranked_by_arity(read: Callable[[str], bytes], graph: CodeGraph, defs: Sequence[str], limit: int,
                    secondary_last: bool = False, constructors_of: Sequence[str] = ()) -> tuple[SiteColumns, int]:
    """:func:`~maguyva_tui.core.graph.queries.ranked_callers`, each call of a Java or C++ method
    counted as the method its argument count reaches: a call the graph ties to a method no overload
    of which takes that many arguments calls the nearest base's method of the name that does
    (commons-text's one-argument ``new OctalUnescaper().translate(s)`` runs
    ``CharSequenceTranslator.translate(CharSequence)``, not ``OctalUnescaper.translate(CharSequence,
    int, Writer)``): it is listed under the base's method, not the subclass's. The calling files
    are parsed only where a method of the name is in a base or a subclass of a definition's class."""
    from maguyva_tui.core.graph import queries

    routes = _Routes(read, graph)
    below = routes.subclass_methods(defs)
    if not below and not any(routes.base_methods(d) for d in defs):
        return queries.ranked_callers(graph, defs, limit, secondary_last, constructors_of)
    merged, ids, wanted, asked = graph.merged(), graph.nodes.ids, set(defs), {*defs, *below}
    columns, _ = queries.ranked_callers(graph, [*defs, *below], len(merged.line), secondary_last, constructors_of)
    kept = []
    for p in columns.positions.tolist():
        target = ids[merged.target[p]]
        if target not in asked:  # a construction of a class the definitions build
            kept.append(p)
        elif routes.reached(merged.paths[merged.file[p]], int(merged.line[p]), target,
                            int(merged.kind[p]) == CALL_CODE) in wanted:
            kept.append(p)
    return queries.SiteColumns(graph, np.asarray(kept[: max(limit, 0)], dtype=np.int64)), len(kept)


def routed_sites(read: Callable[[str], bytes], graph: CodeGraph, defs: Sequence[str],
                 sites: Sequence[GraphSite]) -> list[GraphSite]:
    """The uses of the definitions with their calls counted as :func:`ranked_by_arity` counts
    them: a call that reaches a base's method by its argument count left out, and a call tied to
    a subclass's method that reaches one of the definitions so added (in the subclasses' order)."""
    routes = _Routes(read, graph)
    below = routes.subclass_methods(defs)
    if not below and not any(routes.base_methods(d) for d in defs):
        return list(sites)
    asked, wanted = {*defs, *below}, set(defs)
    more = [s for b in below for s in graph.sites_in.get(b, ()) if s.kind == "call"]
    return [s for s in [*sites, *more]
            if s.kind != "call" or s.target not in asked or routes.reached(s.path, s.line, s.target, True) in wanted]


def routed_away(read: Callable[[str], bytes], graph: CodeGraph, defs: Sequence[str]) -> list[tuple[str, str, int]]:
    """The calls the graph ties to the definitions that reach a base's method by their argument
    count instead, as (definition, base method, how many), most first: what their callers leave out."""
    routes = _Routes(read, graph)
    if not any(routes.base_methods(d) for d in defs):
        return []
    counts: dict[tuple[str, str], int] = {}
    for node in defs:
        for site in graph.sites_in.get(node, ()):
            if site.kind == "call" and (base := routes.reached(site.path, site.line, node, True)) not in defs:
                counts[node, base] = counts.get((node, base), 0) + 1
    return sorted(((d, b, n) for (d, b), n in counts.items()), key=lambda t: -t[2])


CALL_CODE = 0
"""The site kind of a call (``graph.sites.CALL``)."""


class _Routes:
    """Which method a call of a Java or C++ method reaches by its argument count, files parsed once."""

    def __init__(self, read: Callable[[str], bytes], graph: CodeGraph) -> None:
        self.read, self.graph = read, graph
        self._arities: dict[str, list[Overload]] = {}
        self._counts: dict[tuple[str, str], dict[int, set[int]]] = {}

    def arities(self, node: str) -> list[Overload]:
        """The argument counts of each definition of a method node (empty when unknown)."""
        found = self._arities.get(node)
        if found is None:
            path, qualname = split_id(node)
            same = [s for s in self.graph.by_path.get(path, ()) if s.qualname == qualname and s.kind in FUNCTION_KINDS]
            try:
                found = arities(self.read(path), same[0].language, [s.start_line for s in same]) if same else []
            except (OSError, KeyError, ValueError):
                found = []
            self._arities[node] = found
        return found

    def _method(self, node: str) -> tuple[str, str] | None:
        """A method node's class node and bare name; ``None`` for any other node."""
        symbol = self.graph.symbols.get(node)
        if symbol is None or symbol.language not in OVERLOADING or symbol.kind not in FUNCTION_KINDS:
            return None
        path, qualname = split_id(node)
        owner, _, bare = qualname.rpartition(".")
        return (f"{path}::{owner}", bare) if owner else None

    def base_methods(self, node: str) -> list[str]:
        """The methods of the node's name in its class's bases, nearest first."""
        method = self._method(node)
        if method is None:
            return []
        cls, bare = method
        bases, symbols = self.graph.bases, self.graph.symbols
        found, seen, queue = [], {cls}, list(bases.get(cls, ()))
        while queue:
            base = queue.pop(0)
            if base in seen or "::" not in base:
                continue
            seen.add(base)
            if f"{base}.{bare}" in symbols:
                found.append(f"{base}.{bare}")
            queue.extend(bases.get(base, ()))
        return found

    def subclass_methods(self, defs: Sequence[str]) -> list[str]:
        """The methods of the definitions' names in the classes that inherit theirs."""
        methods = [m for d in defs if (m := self._method(d)) is not None]
        if not methods:
            return []
        below: dict[str, list[str]] = {}
        for cls, bases in self.graph.bases.items():
            for base in bases:
                below.setdefault(base, []).append(cls)
        found: list[str] = []
        for cls, bare in methods:
            seen, queue = {cls}, list(below.get(cls, ()))
            while queue:
                child = queue.pop(0)
                if child in seen:
                    continue
                seen.add(child)
                if f"{child}.{bare}" in self.graph.symbols and f"{child}.{bare}" not in defs:
                    found.append(f"{child}.{bare}")
                queue.extend(below.get(child, ()))
        return list(dict.fromkeys(found))

    def count(self, path: str, line: int, bare: str) -> int | None:
        """The argument count of the call of ``bare`` on a line; ``None`` when unknown or two differ."""
        key = (path, bare)
        if key not in self._counts:
            language = self.graph.languages.get(path)
            try:
                self._counts[key] = argument_counts(self.read(path), language, bare) if language in OVERLOADING else {}
            except (OSError, KeyError, ValueError):
                self._counts[key] = {}
        found = self._counts[key].get(line)
        return next(iter(found)) if found is not None and len(found) == 1 else None

    def reached(self, path: str, line: int, target: str, call: bool) -> str:
        """The method a call site reaches: its target where an overload takes its argument count
        (or either is unknown), else the nearest base's method of the name that takes it."""
        method = self._method(target) if call else None
        if method is None:
            return target
        n = self.count(path, line, method[1])
        own = self.arities(target)
        if n is None or not own or any(o.fits(n) for o in own):
            return target
        return next((b for b in self.base_methods(target) if any(o.fits(n) for o in self.arities(b))), target)
