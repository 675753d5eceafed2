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

from maguyva_tui.core.graph.tables import FUNCTION_KINDS, split_id
from maguyva_tui.core.types import Symbol

if TYPE_CHECKING:
    from tree_sitter import Node

    from maguyva_tui.core.graph.model import CodeGraph

OVERLOADING = frozenset({"java", "cpp"})
"""Languages whose one class may define a method several times, told apart by its parameters."""

_CALLS = frozenset({"method_invocation", "object_creation_expression", "explicit_constructor_invocation",
                    "call_expression"})
_DEFINITIONS = frozenset({"method_declaration", "constructor_declaration", "function_definition",
                          "declaration", "field_declaration"})
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
    if not defined:
        return {}
    counted: dict[tuple[str, str], dict[int, set[int]]] = {}
    labels: dict[tuple[str, int], str] = {}
    for path, line, callee in sites:
        if callee not in defined or (language := graph.languages.get(path)) not in OVERLOADING:
            continue
        bare = split_id(callee)[1].rpartition(".")[2]
        if (path, bare) not in counted:
            try:
                counted[path, bare] = argument_counts(read(path), language, bare)
            except (OSError, KeyError, ValueError):
                counted[path, bare] = {}
        said = label(counted[path, bare].get(line), defined[callee])
        if said is not None and ": none of" in said and (base := inherited(graph, callee)) is not None:
            said += f"; {split_id(base)[1]}, which it inherits, may be the one called"
        if said is not None:
            labels[path, line] = said
    return labels


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
    """The parameter list of a method, constructor or C++ function definition or declaration."""
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
