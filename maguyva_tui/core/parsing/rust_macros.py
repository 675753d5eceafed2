"""Rust's standard expression macros read as the expressions they hold.

The grammar reads a macro's arguments as bare tokens, so a call written inside ``assert_eq!``,
``println!``, ``format!``, ``write!`` or ``vec!`` was no call at all: nom's tests call their parsers
only inside ``assert_eq!``, and "who calls fold_any" found none of its six calls (over four
repositories, a quarter of the call sites rg finds). These macros take comma-separated
expressions (``vec!`` an array's, ``[x; n]`` too), so with the name and ``!`` parsed as blanks of the
same length the arguments read as a tuple or an array, every byte offset and line kept.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from tree_sitter import Parser, Tree

EXPRESSION_MACROS = (
    "assert", "assert_eq", "assert_ne", "debug_assert", "debug_assert_eq", "debug_assert_ne",
    "print", "println", "eprint", "eprintln", "format", "format_args", "write", "writeln",
    "panic", "todo", "unimplemented", "unreachable", "dbg", "vec",
)
"""The standard macros whose arguments are expressions separated by commas (``vec!``: an array)."""

MACRO_CALL = re.compile(
    rb"(?<![\w!])(?:(?:::)?(?:std|core|alloc)::)?(?:" + "|".join(EXPRESSION_MACROS).encode() + rb")![ \t]*[(\[]"
)
"""Where such a macro may be invoked, its name (``std::`` before it or not) to its opening bracket."""

EXPRESSION_MACRO_DEPTH = 4
"""Such macros nested in one another unwrapped at most (``assert_eq!(format!("{}", f(x)), ...)``):
an inner one is a macro to the grammar only once the outer one is unwrapped."""


def unwrapped_expression_macros(parser: Parser, source: bytes, tree: Tree) -> tuple[bytes, Tree]:
    """Parse again with each expression macro's name and ``!`` blanked, nested ones too: the text
    as parsed and its tree, the same ones when the text invokes none."""
    for _ in range(EXPRESSION_MACRO_DEPTH):
        spans = _invocations(tree, {m.start(): m.end() for m in MACRO_CALL.finditer(source)})
        if not spans:
            return source, tree
        blanked = bytearray(source)
        for start, end, (row, column) in spans:
            blanked[start:end] = b" " * (end - start)
            after = (row, column + end - start)  # a name and its ``!`` never span a line
            tree.edit(start, end, end, (row, column), after, after)
        source = bytes(blanked)
        tree = parser.parse(source, tree)
    return source, tree


def _invocations(tree: Tree, found: dict[int, int]) -> list[tuple[int, int, tuple[int, int]]]:
    """The spans of the names and ``!`` of the macros found (their start -> the end of the name's
    match, its bracket) that the tree reads as invocations with their arguments in brackets, and
    the row and column each starts at; not those in a string, a comment, or still inside another
    macro's tokens. Only the nodes that hold a match are entered, from the root down once: looking
    each match up from the root (or up through its parents, which tree-sitter finds from the root)
    took time quadratic in the nesting (5,000 nested ``assert!`` had taken 20 s)."""
    starts = sorted(found)
    spans = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.type == "macro_invocation":
            body = node.children[-1] if node.children else None
            end = found.get(node.start_byte)
            if end is not None and body is not None and body.type == "token_tree" and body.start_byte == end - 1:
                spans.append((node.start_byte, body.start_byte, (node.start_point.row, node.start_point.column)))
            continue
        if node.type == "token_tree":
            continue
        for child in node.children:
            at = bisect_left(starts, child.start_byte)
            if at < len(starts) and starts[at] < child.end_byte:
                stack.append(child)
    return spans
