"""Python: functions, classes, decorated definitions, module and class attributes, type aliases."""

from __future__ import annotations

from tree_sitter import Node

from maguyva_tui.core.parsing.walker import Outer, Rules, Walker


def _function(w: Walker, node: Node, outer: Outer) -> None:
    name = node.child_by_field_name("name")
    w.define(w.function_kind(), outer, name, node.child_by_field_name("body"))


def _class(w: Walker, node: Node, outer: Outer) -> None:
    w.define("class", outer, node.child_by_field_name("name"), node.child_by_field_name("body"))


def _decorated(w: Walker, node: Node, outer: Outer) -> None:
    """Record the inner definition with a span that starts at its first decorator."""
    inner = node.child_by_field_name("definition")
    if inner is not None:
        w.dispatch(inner, outer)


def _assignment(w: Walker, node: Node, outer: Outer) -> None:
    """Record ``NAME = ...``, ``name: T = ...``, ``a, b = ...`` and ``a = b = ...`` at module level and in
    class bodies."""
    if not w.variables_allowed() or node.named_child_count == 0:
        return
    assignment: Node | None = node.named_children[0]
    while assignment is not None and assignment.type == "assignment":  # x = y = 1: both
        for target in _targets(assignment.child_by_field_name("left")):
            name = w.text(target)
            w.define("constant" if is_constant_name(name) else "variable", outer, target, name=name)
        assignment = assignment.child_by_field_name("right")


_UNPACKED = frozenset({"pattern_list", "tuple_pattern", "list_pattern", "list_splat_pattern"})


def _targets(left: Node | None) -> list[Node]:
    """The names an assignment's left side binds: ``a``, and each of ``a, b``, ``(a, [b, *c])``
    (strsim-rs' ``args, remaining = parser.parse_known_args()`` had defined neither)."""
    if left is None:
        return []
    if left.type == "identifier":
        return [left]
    if left.type in _UNPACKED:
        return [name for child in left.named_children for name in _targets(child)]
    return []


def _type_alias(w: Walker, node: Node, outer: Outer) -> None:
    left = node.child_by_field_name("left")
    if left is not None:
        w.define("type", outer, left.named_children[0] if left.named_child_count else left)


def is_constant_name(name: str) -> bool:
    """Whether a name follows the upper-case constant convention (``MAX_SIZE``)."""
    return name.isupper()


RULES = Rules(
    handlers={
        "function_definition": _function,
        "class_definition": _class,
        "decorated_definition": _decorated,
        "expression_statement": _assignment,
        "type_alias_statement": _type_alias,
    },
    descend=frozenset({
        "block", "if_statement", "elif_clause", "else_clause", "try_statement", "except_clause",
        "except_group_clause", "finally_clause", "with_statement", "for_statement",
        "while_statement", "match_statement", "case_clause", "ERROR",
    }),
    class_fields=True,
)
