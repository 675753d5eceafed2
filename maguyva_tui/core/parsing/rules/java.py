"""Java: classes, interfaces, enums and their constants, records, annotation types and their elements
(``@interface Parameter { int arity() default -1; }``: ``Parameter.arity``, a method as ctags reads it),
methods, constructors, fields."""

from __future__ import annotations

from tree_sitter import Node

from maguyva_tui.core.parsing.walker import Handler, Outer, Rules, Walker


def _named(kind: str) -> Handler:
    """Make a handler for a named declaration of a fixed kind whose body is walked."""

    def handler(w: Walker, node: Node, outer: Outer) -> None:
        body = node.child_by_field_name("body")  # an interface's or abstract method has none: a declaration
        declaration = body is None and node.type == "method_declaration"
        w.define(kind, outer, node.child_by_field_name("name"), body, declaration=declaration)

    return handler


def _field(w: Walker, node: Node, outer: Outer) -> None:
    """Record each declarator of a field: ``static final`` ones (and interface fields) are constants."""
    if not w.variables_allowed():
        return
    modifiers = next((c for c in node.children if c.type == "modifiers"), None)
    words = set(w.text(modifiers).split()) if modifiers is not None else set()
    constant = node.type == "constant_declaration" or {"static", "final"} <= words
    declarators = node.children_by_field_name("declarator")
    for declarator in declarators:
        span = outer if len(declarators) == 1 else declarator
        w.define("constant" if constant else "variable", span, declarator.child_by_field_name("name"))


def _record(w: Walker, node: Node, outer: Outer) -> None:
    """Record a record class and each component's implicit accessor as a method of it
    (``record Point(int x, int y)``: ``Point.x`` and ``Point.y``, so ``p.x()`` reaches them; they had
    been no symbols), unless the body declares that accessor itself."""
    name, body = node.child_by_field_name("name"), node.child_by_field_name("body")
    w.define("class", outer, name)
    if name is None or not w.symbols or w.symbols[-1].name != w.text(name):
        return  # a name the walker refused
    with w.scope([w.text(name)], "class"):
        declared = _accessors(w, body)
        for component, component_name in _components(node):
            if w.text(component_name) not in declared:
                w.define("method", component, component_name, chunk=False)
        if body is not None:
            w.walk(body)


def _components(node: Node) -> list[tuple[Node, Node]]:
    """Return a record's components (its header's parameters, a varargs one too) and their names."""
    parameters = node.child_by_field_name("parameters")
    found: list[tuple[Node, Node]] = []
    for component in parameters.named_children if parameters is not None else ():
        named = component
        if component.type == "spread_parameter":  # ``String... rest``: the name is its declarator's
            named = next((c for c in component.named_children if c.type == "variable_declarator"), component)
        name = named.child_by_field_name("name") if component.type in ("formal_parameter", "spread_parameter") else None
        if name is not None:
            found.append((component, name))
    return found


def _accessors(w: Walker, body: Node | None) -> set[str]:
    """Return the names of a record body's methods that take no parameter (a declared accessor)."""
    found: set[str] = set()
    for child in body.named_children if body is not None else ():
        parameters = child.child_by_field_name("parameters")
        name = child.child_by_field_name("name")
        if child.type == "method_declaration" and name is not None and parameters is not None \
                and not parameters.named_children:
            found.add(w.text(name))
    return found


def _enum_constant(w: Walker, node: Node, outer: Outer) -> None:
    """Record an enum's constant (``Color.RED``: it had been no symbol) and walk its own class
    body (``GREEN { int f() {...} }``: ``Color.GREEN.f``)."""
    name, body = node.child_by_field_name("name"), node.child_by_field_name("body")
    w.define("constant", outer, name)
    if name is not None and body is not None:
        w.enter([w.text(name)], "class", body)


RULES = Rules(
    handlers={
        "class_declaration": _named("class"),
        "record_declaration": _record,
        "interface_declaration": _named("interface"),
        "annotation_type_declaration": _named("interface"),
        "enum_declaration": _named("enum"),
        "enum_constant": _enum_constant,
        "method_declaration": _named("method"),
        "constructor_declaration": _named("method"),
        "compact_constructor_declaration": _named("method"),
        "annotation_type_element_declaration": _named("method"),  # ``int arity() default -1;``
        "field_declaration": _field,
        "constant_declaration": _field,
    },
    descend=frozenset({
        "class_body", "interface_body", "enum_body", "enum_body_declarations",
        "annotation_type_body", "ERROR",
    }),
    class_fields=True,
)
