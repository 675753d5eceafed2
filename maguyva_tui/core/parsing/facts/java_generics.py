"""Java generic bases: what a method a class inherits gives where its result is a type parameter of
the class declaring it. junit's ``AbstractExtensionContext<T extends TestDescriptor>`` declares ``T
getTestDescriptor()``; ``ClassExtensionContext extends AbstractExtensionContext<ClassBasedTestDescriptor>``
calls ``getTestDescriptor().getTestClass()``, a ``ClassBasedTestDescriptor``'s method, which the
bound (``TestDescriptor``) does not have: 13 such calls had reached nothing.

A generic class records ``<tparams>:T,U`` (its type parameters' names, in order) in its own scope;
a class extending or implementing a generic type records ``<targs>Base:A,B`` (the type arguments
as written, ``?`` for one no plain name says). Both are read by ``graph/resolve/resolver.py``
(``Resolver.base_argument``)."""

from __future__ import annotations

from collections.abc import Sequence

from tree_sitter import Node, Tree

from maguyva_tui.core.parsing.facts import names
from maguyva_tui.core.parsing.facts.marks import JAVA_TYPE_PARAMETERS as TYPE_PARAMETERS
from maguyva_tui.core.parsing.facts.marks import RETURNED_PARAMETER as RETURNED_PARAMETER
from maguyva_tui.core.parsing.facts.marks import TYPE_ARGUMENTS as TYPE_ARGUMENTS
from maguyva_tui.core.parsing.facts.marks import UNNAMED_ARGUMENT as UNNAMED
from maguyva_tui.core.store.facts import RefRow
from maguyva_tui.core.types import Symbol

_CLASSES = frozenset({"class_declaration", "interface_declaration", "record_declaration"})


def generic_bases(tree: Tree, symbols: Sequence[Symbol]) -> list[RefRow]:
    """Return the ``<tparams>`` and ``<targs>`` rows of a Java file's classes."""
    classes = {(s.name_line, s.name): s.qualname for s in symbols if s.kind in ("class", "interface", "record")}
    methods = {(s.name_line, s.name): s.qualname for s in symbols if s.kind == "method"}
    rows: list[RefRow] = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        stack.extend(node.named_children)
        if node.type not in _CLASSES:
            continue
        name = node.child_by_field_name("name")
        if name is None:
            continue
        qualname = classes.get((name.start_point[0] + 1, (name.text or b"").decode("utf-8", "replace")))
        if qualname is None:
            continue
        line = name.start_point[0] + 1
        parameters = node.child_by_field_name("type_parameters")
        named = [_parameter_name(p) for p in parameters.named_children if p.type == "type_parameter"] if parameters else []
        declared = [n for n in named if n] if all(named) else []
        if declared:
            rows.append(("local", f"{TYPE_PARAMETERS}:{','.join(declared)}", line, qualname))
            rows += _returned_parameters(node, set(declared), methods)
        for base in _generic_bases(node):
            written, arguments = base.named_children[0], base.named_children[1]
            held = names.type_name(written)
            given = [(a.text or b"").decode("utf-8", "replace") if a.type == "type_identifier" and a.text
                     and a.text.decode("utf-8", "replace") in declared  # ``Mid<X> extends Base<X>``: X, passed on
                     else names.type_name(a) if a.type in ("type_identifier", "scoped_type_identifier", "generic_type") else None
                     for a in arguments.named_children]
            if held and any(given):
                rows.append(("local", f"{TYPE_ARGUMENTS}{held.rpartition('.')[2]}:{','.join(g or UNNAMED for g in given)}",
                             line, qualname))
    return rows


def _returned_parameters(declaration: Node, declared: set[str], methods: dict[tuple[int, str], str]) -> list[RefRow]:
    """Return a ``<treturn>`` row for each method of a generic class's body declared to give one of
    the class's type parameters (``T getTestDescriptor()``), not one of its own (``<T> T get()``)."""
    body = declaration.child_by_field_name("body")
    rows: list[RefRow] = []
    for method in body.named_children if body is not None else ():
        result, name = method.child_by_field_name("type"), method.child_by_field_name("name")
        if method.type != "method_declaration" or result is None or name is None or result.type != "type_identifier":
            continue
        written = (result.text or b"").decode("utf-8", "replace")
        own = method.child_by_field_name("type_parameters")
        qualname = methods.get((name.start_point[0] + 1, (name.text or b"").decode("utf-8", "replace")))
        if written in declared and qualname is not None and written not in _own_parameters(own):
            rows.append(("local", f"{RETURNED_PARAMETER}:{written}", name.start_point[0] + 1, qualname))
    return rows


def _own_parameters(parameters: Node | None) -> set[str]:
    """Return the names a method's own type parameters (``<T>``) declare."""
    return {n for p in (parameters.named_children if parameters is not None else ()) if p.type == "type_parameter"
            for n in [_parameter_name(p)] if n}


def _parameter_name(parameter: Node) -> str | None:
    """Return a type parameter's name (``T`` of ``T extends TestDescriptor``)."""
    first = next((c for c in parameter.named_children if c.type == "type_identifier"), None)
    return (first.text or b"").decode("utf-8", "replace") if first is not None else None


def _generic_bases(declaration: Node) -> list[Node]:
    """Return the ``generic_type`` nodes a class extends or implements (an interface: extends)."""
    found: list[Node] = []
    for child in declaration.children:
        if child.type in ("superclass", "super_interfaces", "extends_interfaces"):
            stack = list(child.named_children)
            while stack:
                node = stack.pop(0)
                if node.type == "generic_type" and node.named_child_count == 2:
                    found.append(node)
                elif node.type == "type_list":
                    stack.extend(node.named_children)
    return found
