"""The subtype a JavaScript constructor function's base is written for, old style: ``Sub`` of
``Sub.prototype = new Base()``, ``Sub.prototype = Object.create(Base.prototype)`` and
``util.inherits(Sub, Base)`` (``patterns.py`` captures ``Base`` as ``@inherit.prototype``).
Handlebars' ``PrintVisitor.prototype = new Visitor()`` had given ``PrintVisitor`` no base, so
``this.accept(...)`` in its methods reached nothing."""

from __future__ import annotations

from tree_sitter import Node

_CLIMB = 4
"""Levels from the base to the assignment or call naming the subtype (``Object.create``'s is 4)."""


def prototype_subtype(base: Node) -> str | None:
    """Return the dotted name of the subtype a captured base is written for, ``None`` where the
    statement names none a reader could search for (``this.prototype``, ``a[b].prototype``)."""
    node = base.parent
    for _ in range(_CLIMB):
        if node is None:
            return None
        if node.type == "assignment_expression":
            left = node.child_by_field_name("left")
            held = left.child_by_field_name("object") if left is not None and left.type == "member_expression" else None
            return _dotted(held)
        if node.type == "call_expression" and _text(node.child_by_field_name("function")).endswith("inherits"):
            arguments = node.child_by_field_name("arguments")
            return _dotted(arguments.named_children[0]) if arguments is not None and arguments.named_children else None
        node = node.parent
    return None


def qualified(name: str, scope: str | None, kinds: dict[str, str]) -> str:
    """Return a subtype's name as the statement's scope sees it: qualified by the innermost
    enclosing definition that defines its first segment (``make.Foo`` for ``Foo`` declared in
    ``make()``), as written where none does."""
    first = name.partition(".")[0]
    while scope:
        if f"{scope}.{first}" in kinds:
            return f"{scope}.{name}"
        scope = scope.rpartition(".")[0]
    return name


def _dotted(node: Node | None) -> str | None:
    """The text of a name or a dotted path of names (``Foo``, ``ns.Foo``); ``None`` for anything else."""
    text = _text(node)
    parts = text.split(".")
    return text if text and all(p.isidentifier() and p != "this" for p in parts) else None


def _text(node: Node | None) -> str:
    return (node.text or b"").decode("utf-8", "replace") if node is not None else ""
