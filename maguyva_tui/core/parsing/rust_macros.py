"""Rust's standard expression macros read as the expressions they hold.

The grammar reads a macro's arguments as bare tokens, so a call written inside ``assert_eq!``,
``println!``, ``format!``, ``write!`` or ``vec!`` was no call at all: nom's tests call their parsers
only inside ``assert_eq!``, and "who calls fold_any" found none of its six calls (over four
repositories, a quarter of the call sites rg finds). These macros take comma-separated
expressions (``vec!`` an array's, ``[x; n]`` too), so with the name and ``!`` parsed as blanks of the
same length the arguments read as a tuple or an array, every byte offset and line kept. Any other
macro invoked with brackets is read so where its arguments then parse as expressions, without
error and not where items stand (nom's own ``assert_parse!(parser(i), ...)``, 266 calls); one whose
tokens are no expressions (a DSL, ``quote!``) is left as tokens. ``matches!`` reads its value, its
pattern parsed as blanks.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import TypeAlias

from tree_sitter import Node, Parser, Point, Tree

EXPRESSION_MACROS = (
    "assert", "assert_eq", "assert_ne", "debug_assert", "debug_assert_eq", "debug_assert_ne",
    "print", "println", "eprint", "eprintln", "format", "format_args", "write", "writeln",
    "panic", "todo", "unimplemented", "unreachable", "dbg", "vec",
)
"""The standard macros whose arguments are expressions separated by commas (``vec!``: an array)."""

MACRO_CALL = re.compile(
    rb"(?<![\w!$])(?:(?:::)?(?:[A-Za-z_]\w*::)+)?(?P<name>[A-Za-z_]\w*)![ \t]*[(\[]"
)
"""Where a macro may be invoked with its arguments in brackets (a path before its name or not),
its name to its opening bracket: a standard one of :data:`EXPRESSION_MACROS`, or any other whose
tokens turn out to read as expressions (nom's ``assert_parse!(parser(i), Ok(..))``)."""

STANDARD = frozenset(name.encode() for name in EXPRESSION_MACROS)
"""The names whose arguments are always expressions: unwrapped without looking."""

PATTERN_MACRO = b"matches"
"""``matches!(value, Pattern if guard)``: its first argument is an expression, the rest a pattern,
parsed as blanks (a pattern is no tuple's element, and calls no function)."""

NOT_EXPRESSIONS = frozenset({b"macro_rules", b"quote", b"format_ident", b"stringify", b"concat_idents"})
"""Macros whose tokens are code quoted or named, never run where they are written."""

EXPRESSIONS = frozenset({"tuple_expression", "parenthesized_expression", "unit_expression", "array_expression"})
"""What a macro's arguments read as once its name is blanks: a list of expressions."""

ITEM_PLACES = frozenset({"source_file", "declaration_list"})
"""Where an invocation stands for items (``criterion_group!(benches, f);``): never unwrapped."""

EXPRESSION_MACRO_DEPTH = 4
"""Such macros nested in one another unwrapped at most (``assert_eq!(format!("{}", f(x)), ...)``):
an inner one is a macro to the grammar only once the outer one is unwrapped."""

Span: TypeAlias = tuple[int, int, Point, Point]
"""Bytes parsed as blanks: start, end, and the points they start and end at."""


def unwrapped_expression_macros(parser: Parser, source: bytes, tree: Tree) -> tuple[bytes, Tree]:
    """Parse again with each expression macro's name and ``!`` blanked, nested ones too: the text
    as parsed and its tree, the same ones when the text invokes none. A macro other than the
    standard ones is unwrapped only where its arguments then read as expressions, without error:
    one parse more tells, and a second leaves out those that do not."""
    refused: set[int] = set()  # the brackets of those found not to be expressions, never tried again
    for _ in range(EXPRESSION_MACRO_DEPTH):
        found = {m.start(): (m.end(), m.group("name")) for m in MACRO_CALL.finditer(source) if m.end() - 1 not in refused}
        invocations = _invocations(tree, found)
        if not invocations:
            return source, tree
        trial_source, trial = _blanked(parser, source, tree, invocations)
        doubtful = {body.start_byte: body.end_byte for body, standard, _ in invocations if not standard}
        refusing = _not_expressions(trial, doubtful) if doubtful else set()
        if refusing:
            refused |= refusing
            kept = [i for i in invocations if i[0].start_byte not in refusing]
            if not kept:
                return source, parser.parse(source)
            trial_source, trial = _blanked(parser, source, None, kept)
        source, tree = trial_source, trial
    return source, tree


def _blanked(parser: Parser, source: bytes, tree: Tree | None,
             invocations: list[tuple[Node, bool, list[Span]]]) -> tuple[bytes, Tree]:
    """Parse the text with the spans of these invocations as blanks (newlines kept), edited into
    ``tree`` when there is one (every point stays where it was: only spaces replace bytes)."""
    blanked = bytearray(source)
    for _, _, spans in invocations:
        for start, end, at, to in spans:
            blanked[start:end] = re.sub(rb"[^\n]", b" ", source[start:end])
            if tree is not None:
                tree.edit(start, end, end, at, to, to)
    text = bytes(blanked)
    return text, parser.parse(text, tree) if tree is not None else parser.parse(text)


def _not_expressions(tree: Tree, bodies: dict[int, int]) -> set[int]:
    """The starts of those bodies (start -> end) that the tree does not read as a list of
    expressions without error, or reads where items stand. One walk from the root, entering only
    the nodes that hold a body's start."""
    starts = sorted(bodies)
    accepted: set[int] = set()
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        start = node.start_byte
        if node.type in EXPRESSIONS and bodies.get(start) == node.end_byte and not node.has_error:
            parent = node.parent
            place = parent.parent if parent is not None and parent.type == "expression_statement" else None
            if place is None or place.type not in ITEM_PLACES:
                accepted.add(start)
        for child in node.children:
            at = bisect_left(starts, child.start_byte)
            if at < len(starts) and starts[at] < child.end_byte:
                stack.append(child)
    return set(bodies) - accepted


def _invocations(tree: Tree, found: dict[int, tuple[int, bytes]]) -> list[tuple[Node, bool, list[Span]]]:
    """The invocations among the macros found (their start -> the end of the name's match, its
    bracket, and the name) that the tree reads with their arguments in brackets: each one's
    brackets, whether it is a standard macro, and the spans to blank (its name and ``!``; for
    ``matches!`` its pattern too); not those in a string, a comment, or still inside another
    macro's tokens. Only the nodes that hold a match are entered, from the root down once: looking
    each match up from the root (or up through its parents, which tree-sitter finds from the root)
    took time quadratic in the nesting (5,000 nested ``assert!`` had taken 20 s)."""
    starts = sorted(found)
    out = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.type == "macro_invocation":
            body = node.children[-1] if node.children else None
            end, name = found.get(node.start_byte, (-1, b""))
            if end >= 0 and body is not None and body.type == "token_tree" and body.start_byte == end - 1 \
                    and name not in NOT_EXPRESSIONS:
                point = node.start_point  # a name and its ``!`` never span a line
                name_end = Point(point.row, point.column + body.start_byte - node.start_byte)
                spans = [(node.start_byte, body.start_byte, point, name_end)]
                if name == PATTERN_MACRO:
                    spans.extend(_pattern(body))
                out.append((body, name in STANDARD or name == PATTERN_MACRO, spans))
            continue
        if node.type == "token_tree":
            continue
        for child in node.children:
            at = bisect_left(starts, child.start_byte)
            if at < len(starts) and starts[at] < child.end_byte:
                stack.append(child)
    return out


def _pattern(body: Node) -> list[Span]:
    """The span of ``matches!``'s pattern: from its first comma outside brackets to its last bracket."""
    tokens = body.children
    comma = next((t for t in tokens[1:-1] if t.type == ","), None)
    if comma is None or len(tokens) < 2:
        return []
    return [(comma.start_byte, tokens[-1].start_byte, comma.start_point, tokens[-1].start_point)]


def cfg_if_spans(invocation: Node) -> list[tuple[int, int]]:
    """The spans to parse as blanks so that the items of each branch of a ``cfg_if!`` read as items
    (getrandom's ``if #[cfg(unix)] { mod linux_raw; ... } else { type RawOsError = i32; }``, whose
    items had been bare tokens): everything of the invocation but its branches' contents, from its
    name to the first branch's brace, between one branch's closing brace and the next one's
    opening, and after the last. None where its tokens hold no braced branch."""
    body = invocation.children[-1] if invocation.children else None
    if body is None or body.type != "token_tree":
        return []
    branches = [t for t in body.children[1:-1] if t.type == "token_tree" and t.text is not None and t.text[:1] == b"{"]
    if not branches:
        return []
    spans = [(invocation.start_byte, branches[0].start_byte + 1)]
    spans.extend((before.end_byte - 1, after.start_byte + 1) for before, after in zip(branches, branches[1:]))
    spans.append((branches[-1].end_byte - 1, invocation.end_byte))
    return spans


MACRO_RULES = re.compile(rb"\bmacro_rules![ \t]*[A-Za-z_]\w*")
"""Where a ``macro_rules!`` may be defined: its transcribers are read as code (:func:`unwrapped_macro_rules`)."""

MACRO_RULES_DEPTH = 2
"""``macro_rules!`` defined in a transcriber unwrapped at most (a test macro inside an impl's macro)."""


def unwrapped_macro_rules(parser: Parser, source: bytes, tree: Tree,
                          templates: list[tuple[int, int]] | None = None) -> tuple[bytes, Tree]:
    """Parse again with each ``macro_rules!``'s name, matchers and brackets as blanks, so that what
    its transcribers hold reads where the definition stands (num-integer's ``impl Integer for $T {
    fn gcd ... }``, ``fixpoint(guess(a), next)`` in ``signed_roots!``: items, impls and calls that
    had been bare tokens; "who calls fixpoint" found none of its 3 calls). A definition is kept as
    tokens where any of its transcribers then reads with an error (a ``$(...)*`` repetition, an
    expression where items stand): one parse more tells, a second leaves out those. The text as
    parsed and its tree, the same ones where none is kept; ``templates`` is given the 1-based
    lines of each transcriber read so (its first and last), where the definitions read there are
    a template's (``Symbol.template``)."""
    for _ in range(MACRO_RULES_DEPTH):
        definitions = [(node, spans) for node in _macro_definitions(tree) if (spans := _transcriber_spans(node))]
        if not definitions:
            return source, tree
        trial_source, trial = _opened(parser, source, definitions)
        errors = _error_spans(trial.root_node)
        kept = [d for d in definitions if not _overlaps(errors, d[0].start_byte, d[0].end_byte)
                and not _spills(trial.root_node, d[0].start_byte, d[0].end_byte)]
        if not kept:
            return source, tree
        if len(kept) < len(definitions):
            trial_source, trial = _opened(parser, source, kept)
        if templates is not None:
            templates.extend(line for definition, _ in kept for line in _transcriber_lines(definition))
        source, tree = trial_source, trial
    return source, tree


def _transcriber_lines(definition: Node) -> list[tuple[int, int]]:
    """The 1-based first and last line of what each rule's transcriber holds (inside its brackets)."""
    bodies = (rule.child_by_field_name("right") for rule in definition.named_children if rule.type == "macro_rule")
    return [(body.start_point.row + 1, body.end_point.row + 1) for body in bodies if body is not None]


def _opened(parser: Parser, source: bytes, definitions: list[tuple[Node, list[Span]]]) -> tuple[bytes, Tree]:
    """Parse the text with these definitions' spans as blanks, each one's head kept and closed
    where its first transcriber opens (``macro_rules! roots {`` then ``}``): the macro stays a
    definition, of the lines up to its first transcriber, and what the transcribers hold follows it."""
    text = bytearray(_blanked(parser, source, None, [_as_invocation(d) for d in definitions])[0])
    for definition, spans in definitions:
        opening = next(c for c in definition.children if c.type == "{")
        text[definition.start_byte:opening.end_byte] = source[definition.start_byte:opening.end_byte]
        text[spans[0][1] - 1] = 0x7D  # "}" where the first transcriber's bracket was
    return bytes(text), parser.parse(bytes(text))


def _macro_definitions(tree: Tree) -> list[Node]:
    """The ``macro_rules!`` definitions of a tree, in items and in blocks (a test function's)."""
    out, stack = [], [tree.root_node]
    while stack:
        node = stack.pop()
        if node.type == "macro_definition":
            out.append(node)
        elif node.type not in ("token_tree", "string_literal", "line_comment", "block_comment"):
            stack.extend(node.children)
    return out


def _transcriber_spans(definition: Node) -> list[Span]:
    """The spans to blank so that only what each rule's transcriber holds is left: everything of
    the definition outside its transcribers' brackets. None where a rule has no transcriber."""
    bodies = [rule.child_by_field_name("right") for rule in definition.named_children if rule.type == "macro_rule"]
    if not bodies or any(body is None or body.type != "token_tree" for body in bodies):
        return []
    opening = next((c for c in definition.children if c.type in ("{", "(", "[")), None)
    if opening is None or opening.type != "{" or bodies[0] is None or opening.end_byte > bodies[0].start_byte:
        return []  # ``macro_rules! m ( ... );`` is left as tokens
    edges = [(definition.start_byte, definition.start_point)]
    for body in bodies:
        assert body is not None
        edges += [(body.start_byte + 1, body.start_point), (body.end_byte - 1, body.end_point)]
    edges.append((definition.end_byte, definition.end_point))
    spans = [(start, end, at, to) for (start, at), (end, to) in zip(edges[::2], edges[1::2])]
    return spans + [span for body in bodies if body is not None for span in _named_modules(body)]


GENERATED_MODULE = re.compile(rb"\bmod[ \t]+\$[A-Za-z_]\w*")
"""``mod $test_mod``: a module the macro names, which the grammar reads as an error; blanked, its
braced items read as a block's (num-integer's tests of each integer type)."""


def _named_modules(body: Node) -> list[Span]:
    """The spans of the ``mod $name`` heads in a transcriber (one line each)."""
    text = body.text or b""
    out = []
    for match in GENERATED_MODULE.finditer(text):
        before = text[: match.start()]
        row = body.start_point.row + before.count(b"\n")
        column = match.start() - (before.rfind(b"\n") + 1) if b"\n" in before else body.start_point.column + match.start()
        start = body.start_byte + match.start()
        out.append((start, start + len(match.group()), Point(row, column), Point(row, column + len(match.group()))))
    return out


def _as_invocation(definition: tuple[Node, list[Span]]) -> tuple[Node, bool, list[Span]]:
    """A definition and its spans in the shape :func:`_blanked` takes."""
    return definition[0], True, definition[1]


def _error_spans(root: Node) -> list[tuple[int, int]]:
    """The byte spans of a tree's errors and missing nodes, entering only nodes that hold one."""
    out, stack = [], [root]
    while stack:
        node = stack.pop()
        if node.type == "ERROR" or node.is_missing:
            out.append((node.start_byte, max(node.end_byte, node.start_byte + 1)))
        elif node.has_error:
            stack.extend(node.children)
    return out


def _spills(root: Node, start: int, end: int) -> bool:
    """Tell whether a node that starts in ``start``..``end`` ends after it: a transcriber's
    expression with no ``;`` (tar's ``&include_bytes!(...)[..]``) read on into the items after the
    definition (``mod header;``, lost)."""
    stack = [root]
    while stack:
        for child in stack.pop().children:
            if child.end_byte <= start or child.start_byte >= end:
                continue
            if child.start_byte >= start:
                if child.end_byte > end:
                    return True
            else:
                stack.append(child)
    return False


def _overlaps(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """Tell whether any span overlaps ``start``..``end``."""
    return any(s < end and start < e for s, e in spans)
