"""Go: functions, methods (``Recv.Method``), struct/interface/other type specs, struct fields
(``Entry.Logger``), const and var."""

from __future__ import annotations

from tree_sitter import Node

from maguyva_tui.core.parsing.walker import Outer, Rules, Walker

_TYPE_KINDS = {"struct_type": "struct", "interface_type": "interface"}
_SPEC_LISTS = frozenset({"var_spec_list", "const_spec_list"})


def _function(w: Walker, node: Node, outer: Outer) -> None:
    """Record a function; one without a body (``func now() (int64, int32)``, its body in assembly)
    is a declaration."""
    w.define("function", outer, node.child_by_field_name("name"), declaration=node.child_by_field_name("body") is None)


def _method(w: Walker, node: Node, outer: Outer) -> None:
    """Record a method qualified by its receiver's type, pointers and type arguments removed."""
    receiver = receiver_type(node.child_by_field_name("receiver"))
    prefix = (w.text(receiver),) if receiver is not None else ()
    w.define("method", outer, node.child_by_field_name("name"), prefix=prefix,
             declaration=node.child_by_field_name("body") is None)


def receiver_type(params: Node | None) -> Node | None:
    """Return the type name node of a method receiver (``*List[T]`` -> ``List``)."""
    declaration = params.named_children[0] if params is not None and params.named_child_count else None
    node = declaration.child_by_field_name("type") if declaration is not None else None
    while node is not None and node.type in ("pointer_type", "generic_type", "parenthesized_type"):
        inner = node.child_by_field_name("type")
        node = inner if inner is not None else _last_named(node)
    return node


def _last_named(node: Node) -> Node | None:
    return node.named_children[-1] if node.named_child_count else None


def _type_declaration(w: Walker, node: Node, outer: Outer) -> None:
    specs = [c for c in node.named_children if c.type in ("type_spec", "type_alias")]
    for spec in specs:
        value = spec.child_by_field_name("type")
        kind = _TYPE_KINDS.get(value.type, "type") if value is not None else "type"
        body = _fields_of(value) if kind == "struct" else value if kind == "interface" else None
        w.define(kind, outer if len(specs) == 1 else spec, spec.child_by_field_name("name"), body)


def _fields_of(struct: Node | None) -> Node | None:
    """Return a struct type's field list (``struct { ... }``)."""
    if struct is None or struct.type != "struct_type":
        return None
    return next((c for c in struct.named_children if c.type == "field_declaration_list"), None)


def _field(w: Walker, node: Node, outer: Outer) -> None:
    """Record a struct's fields as its variables (``Entry.Logger``), as Java's fields are: each
    name of ``a, b int``, and an embedded type under the name Go gives it, the type's own
    (``*Buffer``, ``io.Reader``, ``List[T]``: ``Buffer``, ``Reader``, ``List``). A field whose type is a
    struct written out (``X struct { Y int }``) holds its own fields (``E.X.Y``). They had been no
    symbols: "where is Logger defined" found logrus's struct ``Entry`` no field of."""
    if not w.variables_allowed():
        return
    found: list[Node | None] = [*node.children_by_field_name("name")]
    names = [n for n in found or [_embedded_name(node.child_by_field_name("type"))] if n is not None and w.text(n) != "_"]
    for name in names:
        w.define("variable", outer if len(names) == 1 else name, name)
    inner = _fields_of(node.child_by_field_name("type"))
    if inner is not None and len(names) == 1 and names[0].type == "field_identifier":
        w.enter([w.text(names[0])], "struct", inner)


def _embedded_name(node: Node | None) -> Node | None:
    """Return the name an embedded field takes: its type's (``*pkg.T[A]`` -> ``T``)."""
    while node is not None and node.type in ("pointer_type", "generic_type", "qualified_type"):
        inner = node.child_by_field_name("name" if node.type == "qualified_type" else "type")
        node = inner if inner is not None else _last_named(node)
    return node if node is not None and node.type == "type_identifier" else None


def _interface_method(w: Walker, node: Node, outer: Outer) -> None:
    """Record an interface's method, a declaration (no body)."""
    w.define("method", outer, node.child_by_field_name("name"), declaration=True)


def _value_declaration(w: Walker, node: Node, outer: Outer) -> None:
    """Record every name of a ``const``/``var`` declaration, grouped or not. The blank name
    (``var _ io.Reader = (*T)(nil)``, ``_ = iota``) declares nothing, and the commas between
    names (``const Big, Small = 1, 2``), which the grammar puts in the names' field, are none:
    ``,`` had been a constant."""
    kind = "constant" if node.type == "const_declaration" else "variable"
    specs = [c for c in node.named_children if c.type in ("const_spec", "var_spec")]
    for group in (c for c in node.named_children if c.type in _SPEC_LISTS):
        specs.extend(c for c in group.named_children if c.type == "var_spec")
    for spec in specs:
        names = [n for n in spec.children_by_field_name("name") if n.type == "identifier" and w.text(n) != "_"]
        for name in names:
            w.define(kind, outer if len(specs) == 1 and len(names) == 1 else spec, name)


RULES = Rules(
    handlers={
        "function_declaration": _function,
        "method_declaration": _method,
        "type_declaration": _type_declaration,
        "method_elem": _interface_method,
        "method_spec": _interface_method,
        "const_declaration": _value_declaration,
        "var_declaration": _value_declaration,
        "field_declaration": _field,
    },
    descend=frozenset({"ERROR"}),
    class_fields=True,
)
