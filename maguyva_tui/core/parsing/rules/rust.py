"""Rust: functions, structs and unions with their named fields (``Version.major``), enums and their
variants, traits, impl methods (``Type.method``), type aliases (a trait's associated ``type Item;``
too), modules, consts, statics, ``macro_rules!`` and ``bitflags!`` types with their flags
(``Flags.A``), at file level and inside a function's blocks (``outer.Visitor``). Leading ``#[...]``
attributes join the span."""

from __future__ import annotations

import bisect
import re

from tree_sitter import Node

from maguyva_tui.core.parsing.trait_impls import ImplBlock, impl_text, name_apart
from maguyva_tui.core.parsing.walker import Handler, Outer, Rules, Walker, _Span

_TYPE_WRAPPERS = frozenset({"generic_type", "reference_type", "pointer_type"})

_BLOCK_PATHS = frozenset({
    "block", "if_expression", "else_clause", "unsafe_block", "async_block", "loop_expression", "while_expression",
    "for_expression", "match_expression", "match_block", "match_arm", "closure_expression", "call_expression",
    "arguments", "field_expression", "try_expression", "await_expression",
})
"""Block expressions walked through, in a function's scope, to the items a body may hold anywhere
(``if ... { struct Visitor; impl Visitor { fn visit() } }``, a closure given to a call,
``thread::spawn(move || { struct Unwinder; ... }).join()``): only an item straight inside the body
had been found, and bitflags' ``deserialize.FlagsVisitor`` and its ``visit_str`` were no symbols.
Other expressions are not walked."""

_ITEM_WORD = re.compile(rb"\b(?:fn|struct|enum|union|trait|impl|mod|const|static|type|macro_rules|bitflags)\b")
"""A word that starts an item: a statement without one holds none, and is not walked."""


def _statement(w: Walker, node: Node, outer: Outer) -> None:
    """Walk a statement in a function's body (``let`` or an expression) where its text holds an
    item's keyword; most hold none, and walking every one had doubled a Rust file's walk."""
    if _ITEM_WORD.search(w.source, node.start_byte, node.end_byte) is not None:
        w.walk(node)


def _function(w: Walker, node: Node, outer: Outer) -> None:
    """Record a function; a trait's method without a body (``fn next(&mut self) -> Option<T>;``) or
    an ``extern`` block's function is a declaration."""
    name = node.child_by_field_name("name")
    body = node.child_by_field_name("body")
    w.define(w.function_kind(), outer, name, body, declaration=body is None)


def _named(kind: str, walk_body: bool = False) -> Handler:
    """Make a handler for a named item of a fixed kind."""

    def handler(w: Walker, node: Node, outer: Outer) -> None:
        body = node.child_by_field_name("body") if walk_body else None
        w.define(kind, outer, node.child_by_field_name("name"), body)

    return handler


def _const(w: Walker, node: Node, outer: Outer) -> None:
    """Record a const; ``const _: () = assert!(...);``, a compile-time check, names nothing (it had
    been a constant called ``_``)."""
    name = node.child_by_field_name("name")
    if name is not None and w.text(name) != "_":
        w.define("constant", outer, name)


def _static(w: Walker, node: Node, outer: Outer) -> None:
    mutable = any(c.type == "mutable_specifier" for c in node.named_children)
    w.define("variable" if mutable else "constant", outer, node.child_by_field_name("name"))


def _struct(w: Walker, node: Node, outer: Outer) -> None:
    """Record a struct or union and its named fields; a tuple struct's fields have no names."""
    body = node.child_by_field_name("body")
    w.define("struct", outer, node.child_by_field_name("name"),
             body if body is not None and body.type == "field_declaration_list" else None)


def _field(w: Walker, node: Node, outer: Outer) -> None:
    """Record a named field as its struct's variable (``Version.major``), as Java's fields are; a
    ``#[...]`` attribute before it starts its span. They had been no symbols: "where is major
    defined" found semver's ``Version`` no field of."""
    if w.variables_allowed():
        w.define("variable", outer, node.child_by_field_name("name"))


def _impl(w: Walker, node: Node, outer: Outer) -> None:
    """Walk an impl block in a scope named after its type: its functions become ``Type.method``."""
    written = node.child_by_field_name("type")
    name = impl_type_name(written)
    body = node.child_by_field_name("body")
    if body is None:
        return
    first = len(w.symbols)
    trait = node.child_by_field_name("trait")
    if written is not None:  # its own chunk: a hit on its header had been a window with no symbol
        head = f"{impl_text(w.text(trait))} for " if trait is not None else ""
        w.region("impl", outer, f"impl {head}{impl_text(w.text(written))}")
    w.enter([w.text(name)] if name is not None else [], "impl", body)
    if trait is not None and name is not None and written is not None:  # told apart from its type's others: trait_impls.py
        owner = ".".join([*w.scope_names(), w.text(name)])
        block = ImplBlock(first, len(w.symbols), owner, impl_text(w.text(trait)), impl_text(w.text(written)))
        blocks = w.memo.setdefault(_IMPLS, [])
        if isinstance(blocks, list):
            blocks.append(block)


_IMPLS = "rust-trait-impls"
"""Where a walk keeps the trait impl blocks it found (``Walker.memo``)."""


def _name_apart(w: Walker) -> None:
    """Name apart the methods of one type's trait impls that share a name (``trait_impls.py``)."""
    blocks = w.memo.get(_IMPLS)
    if isinstance(blocks, list):
        name_apart(w.symbols, w.chunks, blocks)


def impl_type_name(node: Node | None) -> Node | None:
    """Return the bare type name of an impl target (``&'a mut Foo<T>`` -> ``Foo``)."""
    while node is not None and node.type in _TYPE_WRAPPERS:
        node = node.child_by_field_name("type")
    if node is not None and node.type == "scoped_type_identifier":
        node = node.child_by_field_name("name")
    return node


def _enum(w: Walker, node: Node, outer: Outer) -> None:
    """Record an enum and its variants (``Shape.Circle``)."""
    name = node.child_by_field_name("name")
    w.define("enum", outer, name)
    if name is not None:
        w.enum_members([w.text(name)], node.child_by_field_name("body"), _variant_name)


def _variant_name(node: Node) -> Node | None:
    return node.child_by_field_name("name") if node.type == "enum_variant" else None


BITFLAGS_MACRO = "bitflags"
_FLAGS_TYPE = re.compile(rb"(?:pub(?:\([^(){};]*\))?\s+)?(struct|impl)\s+([A-Za-z_]\w*)\s*:\s*[^{};]+(?P<open>\{)?")
_FLAG = re.compile(rb"(?:^|(?<=[{;]))[ \t]*(?P<const>const)[ \t]+(?P<name>[A-Za-z_]\w*)[ \t]*=[^;]*(?P<end>;)?", re.MULTILINE)
"""Each matches to where it stops, its ``{`` or ``;`` missing too (then skipped): one that failed
there had been tried again from each later ``struct`` or line, to the same stop (quadratic time:
a crafted ``bitflags!`` body of 240 KB had taken 6-20 s)."""


def _macro_invocation(w: Walker, node: Node, outer: Outer) -> None:
    """Record the types and flags of a ``bitflags!`` invocation (``pub struct Flags: u32 { const A =
    1; }``: the struct ``Flags`` and its constants ``Flags.A``; the ``impl Flags: u32 { ... }`` form's
    flags only), read from the text: the grammar reads none of it as items, and with the macro
    unwrapped it had read ``const ABC = Self::A.bits() | ...`` as a constant named ``Self``, the
    flags themselves as nothing. Other macros are left alone."""
    macro = node.child_by_field_name("macro")
    if macro is not None and macro.type == "scoped_identifier":
        macro = macro.child_by_field_name("name")
    body = node.named_children[-1] if node.named_child_count else None
    if macro is None or w.text(macro) != BITFLAGS_MACRO or body is None or body.type != "token_tree":
        return
    source, at, end = w.source, body.start_byte + 1, body.end_byte - 1
    rows = _Rows(source, body)
    while (found := _FLAGS_TYPE.search(source, at, end)) is not None:
        if found["open"] is None:  # no body: nor has any type after it before that stop
            at = found.end()
            continue
        close = _closing_brace(source, found.end(), end)
        name = found.group(2).decode("utf-8", "replace")
        if found.group(1) == b"struct":
            w.define("struct", rows.span(found.start(), close + 1), None, name=name)
        with w.scope([name], "struct"):
            for flag in _FLAG.finditer(source, found.end(), close):
                if flag.group("name") != b"_" and flag["end"] is not None:
                    w.define("constant", rows.span(flag.start("const"), flag.end()), None,
                             name=flag.group("name").decode("utf-8", "replace"))
        at = close + 1


def _closing_brace(source: bytes, at: int, end: int) -> int:
    """Return the offset of the ``}`` that closes the brace opened just before ``at`` (``end`` if none)."""
    depth = 1
    for index in range(at, end):
        byte = source[index]
        if byte == 0x7B:
            depth += 1
        elif byte == 0x7D:
            depth -= 1
            if depth == 0:
                return index
    return end


class _Rows:
    """The rows of a node's text, for the spans of what is read from it: found by bisection in its
    newlines' offsets, listed once (a count from the node's start for each flag had made a crafted
    ``bitflags!`` of 20,000 flags take 3 s, quadratic time)."""

    def __init__(self, source: bytes, base: Node) -> None:
        self.base = base
        self.newlines = [m.start() for m in re.finditer(rb"\n", source[base.start_byte:base.end_byte])]
        self.first = base.start_byte - base.start_point.column
        """Where the node's first row starts."""

    def span(self, start: int, end: int) -> _Span:
        """Make a span of the bytes ``start`` to ``end`` inside the node."""
        return _Span.of_text(self.point(start), self.point(end))

    def point(self, at: int) -> tuple[int, int, int]:
        """Return the (row, column, byte) of a byte offset inside the node."""
        before = bisect.bisect_left(self.newlines, at - self.base.start_byte)
        line = self.base.start_byte + self.newlines[before - 1] + 1 if before else self.first
        return self.base.start_point.row + before, at - line, at


RULES = Rules(
    handlers={
        "function_item": _function,
        "function_signature_item": _function,
        "struct_item": _struct,
        "union_item": _struct,
        "field_declaration": _field,
        "enum_item": _enum,
        "trait_item": _named("trait", walk_body=True),
        "type_item": _named("type"),
        "associated_type": _named("type"),  # a trait's ``type Key;``, which its impls define
        "mod_item": _named("module", walk_body=True),
        "macro_definition": _named("function"),
        "const_item": _const,
        "static_item": _static,
        "impl_item": _impl,
        "macro_invocation": _macro_invocation,
        "expression_statement": _statement,
        "let_declaration": _statement,
    },
    descend=frozenset({"declaration_list", "foreign_mod_item", "ERROR"}) | _BLOCK_PATHS,
    attributes=frozenset({"attribute_item"}),
    class_fields=True,
    finish=_name_apart,
)
