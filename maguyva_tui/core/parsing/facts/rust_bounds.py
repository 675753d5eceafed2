"""Rust: the trait a value is known by where its type names no type of its own. A parameter of a
generic's type (``fn f<T: Shape>(s: &T)``, ``where T: Shape``, an ``impl<T: Shape>`` block's
``T``), ``impl Shape`` and ``dyn Shape`` all stand for ``Shape``: a method called on such a value is
the trait's (``s.area()`` is ``Shape.area``). They had been tied to nothing. Java's and TypeScript's bounded
type parameters read alike (``<T extends Shape> double f(T s)``: ``s.area()`` is ``Shape.area``;
``function f<T extends AnyStateMachine>(machine: T)``: ``machine.getStateNodeById`` is the
machine's)."""

from __future__ import annotations

from tree_sitter import Node

TRAIT_OBJECTS = frozenset({"dynamic_type", "abstract_type"})
"""``dyn Shape`` and ``impl Shape``: the trait is the node's ``trait`` field."""

GENERIC_HOLDERS = frozenset({"function_item", "function_signature_item", "impl_item", "trait_item",
                             "struct_item", "enum_item",
                             "method_declaration", "constructor_declaration", "class_declaration",
                             "interface_declaration", "record_declaration",
                             "function_declaration", "generator_function_declaration", "function_expression",
                             "arrow_function", "method_definition", "method_signature", "abstract_method_signature",
                             "function_signature", "abstract_class_declaration", "class", "type_alias_declaration"})
"""Rust's items, Java's and TypeScript's declarations that declare type parameters (a grammar whose
type parameters have no ``bounds``, ``type_bound`` nor ``constraint`` gives no bound: PHP's)."""

BOUND_TYPES = frozenset({"type_identifier", "scoped_type_identifier", "generic_type"})
"""A bound that names a trait (``Shape``, ``shapes::Shape``, ``Shape<f64>``)."""

MARKERS = frozenset({b"Sized", b"Send", b"Sync", b"Unpin", b"Copy", b"Clone", b"Debug", b"Default",
                     b"Eq", b"PartialEq", b"Ord", b"PartialOrd", b"Hash", b"Display",
                     b"Comparable", b"Serializable", b"Cloneable"})  # Java's
"""The standard library's traits a bound adds beside the one that says what the value does
(``T: Shape + Clone + Send``): ``Shape``."""

MAX_HOLDERS = 64
"""Ancestors looked through for the generic's declaration (items nest a few deep)."""


def bound_traits(node: Node) -> list[Node]:
    """Return the traits a Rust type stands for (``dyn Shape``, ``impl Shape + Send``, a generic's
    ``T`` bound by traits besides the markers), none where it is no such type. Several traits
    (``A: Copy + Debug + Integer + NumAssign``: ``Integer`` and ``NumAssign``) are all kept: a
    method called on the value is the one of them that declares it (two would not compile), which
    only the resolver can tell."""
    if node.type in TRAIT_OBJECTS:
        trait = node.child_by_field_name("trait")
        return [trait] if trait is not None else []
    if node.type == "bounded_type":  # impl Shape + Send, dyn Shape + 'a
        return _traits(node.named_children)
    if node.type == "type_identifier" and node.text:
        return _generic_bound(node, node.text)
    return []


def _traits(bounds: list[Node]) -> list[Node]:
    """Return the traits among bounds, the markers, lifetimes and ``?Sized`` aside."""
    kept = [b for b in bounds if b.type in BOUND_TYPES | TRAIT_OBJECTS and _head(b) not in MARKERS]
    return [k.child_by_field_name("trait") or k if k.type in TRAIT_OBJECTS else k for k in kept]


def _head(bound: Node) -> bytes | None:
    """Return the last name of a bound (``std::fmt::Debug``: ``Debug``; ``Shape<f64>``: ``Shape``)."""
    if bound.type == "generic_type":  # Java's names its head by no field: Comparable<T>
        bound = bound.child_by_field_name("type") or _first_named(bound) or bound
    if bound.type == "scoped_type_identifier":
        bound = bound.child_by_field_name("name") or bound
    return bound.text


def _generic_bound(node: Node, name: bytes) -> list[Node]:
    """Return the traits bounding the generic ``name`` declared by an item around ``node``: in its
    type parameters and its ``where`` clause together."""
    holder = node.parent
    for _ in range(MAX_HOLDERS):
        if holder is None:
            return []
        if holder.type in GENERIC_HOLDERS:
            declared, bounds = _declared_bounds(holder, name)
            if declared:
                return _traits(bounds)
        holder = holder.parent
    return []


def _first_named(node: Node) -> Node | None:
    """Return a node's first named child where it is a type's name (Java's ``T`` of ``T extends A``)."""
    first = node.named_children[0] if node.named_child_count else None
    return first if first is not None and first.type == "type_identifier" else None


def _declared_bounds(item: Node, name: bytes) -> tuple[bool, list[Node]]:
    """Return whether an item declares the generic ``name``, and every bound it gives it."""
    declared, bounds = False, []
    parameters = item.child_by_field_name("type_parameters")
    for parameter in parameters.named_children if parameters is not None else ():
        named = parameter.child_by_field_name("name") or _first_named(parameter)  # Java's has no field
        if parameter.type == "type_parameter" and named is not None and named.text == name:
            declared = True
            found = parameter.child_by_field_name("bounds")
            bounds += found.named_children if found is not None else []
            for java in (c for c in parameter.named_children if c.type == "type_bound"):  # T extends A & B
                bounds += java.named_children
            constraint = parameter.child_by_field_name("constraint")  # typescript's <T extends AnyMachine>
            bounds += constraint.named_children if constraint is not None else []
    for clause in (c for c in item.named_children if c.type == "where_clause"):
        for predicate in clause.named_children:
            left, found = predicate.child_by_field_name("left"), predicate.child_by_field_name("bounds")
            if left is not None and left.type == "type_identifier" and left.text == name and found is not None:
                bounds += found.named_children
    return declared, bounds
