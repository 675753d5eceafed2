"""Rust traits a crate implements for the language's primitive types, recorded for the resolver.

A method called on a value of a primitive type (``let y: f64``, ``(x as u64)``) is a crate trait's
method only where the crate implements that trait for that type: ``impl Roots for u32``, an
``impl Roots for $T`` in a ``macro_rules!`` the file invokes for it (num-integer's
``unsigned_roots!(u32)``), or a blanket ``impl<T: Integer> Average for T``. Elsewhere it is the
standard library's (``f64::sqrt``), and ``y.sqrt()`` had been tied to the crate's ``Roots::sqrt``.

Each such impl is a ``local`` record scoped to the type (``BLANKET`` for a blanket impl), named
``IMPLEMENTED`` and the trait as written, typed the trait: ``("local", "<impl>Roots:Roots", 2, "u32")``.
"""

from __future__ import annotations

import re

from tree_sitter import Node, Parser

from maguyva_tui.core.parsing.facts.marks import BLANKET as BLANKET
from maguyva_tui.core.parsing.facts.marks import IMPLEMENTED as IMPLEMENTED
from maguyva_tui.core.parsing.facts.marks import RUST_PRIMITIVES as RUST_PRIMITIVES
from maguyva_tui.core.parsing.languages import grammar
from maguyva_tui.core.store.facts import RefRow

_MACRO_IMPL = re.compile(
    r"\bimpl\b\s*(?:<[^{};]*?>)?\s*(?P<trait>(?:\$crate\s*::\s*)?(?:[A-Za-z_]\w*\s*::\s*)*[A-Za-z_]\w*)"
    r"\s*(?:<[^{};]*?>)?\s*for\s+\$(?P<var>[A-Za-z_]\w*)\b")
"""``impl Trait for $T`` in a transcriber's tokens (generics on the impl and the trait allowed)."""
_MAY_HOLD = re.compile(rb"\bfor\s+\$[A-Za-z_]")
"""Text that may hold a macro's ``impl ... for $T``: only such a file is parsed once more."""


def record(trait: str, line: int, scope: str) -> RefRow:
    """The record of one impl of ``trait`` (dotted) for ``scope`` (a primitive type, or ``BLANKET``)."""
    return ("local", f"{IMPLEMENTED}{trait}:{trait}", line, scope)


def impl_scope(impl: Node, generics: dict[str, list[tuple[int, int]]]) -> str | None:
    """The scope of a record for an ``impl Trait for Type``: the primitive type it names (``u32``,
    ``&str``: ``str``), ``BLANKET`` where the type is one of the impl's own parameters, else ``None``."""
    written = impl.child_by_field_name("type")
    while written is not None and written.type == "reference_type":
        written = written.child_by_field_name("type")
    if written is None or not written.text:
        return None
    text = written.text.decode("utf-8", "replace")
    if written.type == "primitive_type":
        return text if text in RUST_PRIMITIVES else None
    spans = generics.get(text) if written.type == "type_identifier" else None
    if spans and any(start <= impl.start_byte < end for start, end in spans):
        return BLANKET
    return None


def macro_impls(source: bytes) -> list[RefRow]:
    """The records of the primitive types this file's ``macro_rules!`` implement a trait for
    where it invokes them (``signed_roots!(i8, u8)`` with ``($T:ty, $U:ty) => { impl Roots for
    $T ... }``: ``i8`` alone). The macro is read from the text as written (its matchers are
    blanks in the tree the facts are read from); an argument is mapped to ``$T`` by position, or
    every one where the matcher is a repetition of ``$T`` alone; a matcher of any other shape,
    or a macro defined in another file, records nothing."""
    if b"macro_rules" not in source or _MAY_HOLD.search(source) is None:
        return []
    tree = Parser(grammar("rust")).parse(source)
    rules: dict[bytes, list[tuple[int | None, int, str]]] = {}
    invocations: list[Node] = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.type == "macro_definition":
            name = node.child_by_field_name("name")
            if name is not None and name.text:
                rules.setdefault(name.text, []).extend(_rule_impls(node))
            continue
        if node.type == "macro_invocation":
            invocations.append(node)
        stack.extend(node.children)
    out: list[RefRow] = []
    for invocation in invocations:
        macro = invocation.child_by_field_name("macro")
        found = rules.get(macro.text or b"") if macro is not None else None
        arguments = next((c for c in invocation.children if c.type == "token_tree"), None)
        if found and arguments is not None:
            line = invocation.start_point[0] + 1
            out += [record(trait, line, typed) for trait, typed in _implemented(found, arguments)]
    return out


def _rule_impls(definition: Node) -> list[tuple[int | None, int, str]]:
    """Each rule's impls of a trait for one of its metavariables: (its position in a matcher of
    bindings alone, ``None`` for a repetition of it alone; how many bindings; the trait dotted)."""
    out: list[tuple[int | None, int, str]] = []
    for rule in definition.named_children:
        left, right = rule.child_by_field_name("left"), rule.child_by_field_name("right")
        if rule.type != "macro_rule" or left is None or right is None:
            continue
        shape = _matcher(left)
        if shape is None:
            continue
        for found in _MACRO_IMPL.finditer((right.text or b"").decode("utf-8", "replace")):
            trait = re.sub(r"\s+", "", found["trait"]).replace("$crate::", "crate::").replace("::", ".")
            if f"${found['var']}" in shape:
                position = shape.index(f"${found['var']}") if shape[0] != "*" else None
                out.append((position, len(shape), trait))
    return out


def _matcher(left: Node) -> list[str] | None:
    """A matcher's bindings in order (``["$T", "$U"]``), ``["*", "$T"]`` for a repetition of one
    binding alone, ``None`` for any other shape."""
    inner = [c for c in left.children if c.type not in ("(", ")", "[", "]", "{", "}")]
    if len(inner) == 1 and inner[0].type == "token_repetition_pattern":
        bindings = [c for c in inner[0].children if c.type == "token_binding_pattern"]
        others = [c for c in inner[0].named_children if c.type != "token_binding_pattern"]
        return ["*", _bound(bindings[0])] if len(bindings) == 1 and not others else None
    shape = []
    for i, child in enumerate(inner):
        if i % 2 == 1:
            if child.type != ",":
                return None
        elif child.type == "token_binding_pattern":
            shape.append(_bound(child))
        else:
            return None
    return shape or None


def _bound(binding: Node) -> str:
    """The metavariable a binding pattern binds (``$T``)."""
    variable = binding.named_children[0] if binding.named_child_count else None
    return (variable.text or b"").decode("utf-8", "replace") if variable is not None else ""


def _implemented(rules: list[tuple[int | None, int, str]], arguments: Node) -> list[tuple[str, str]]:
    """The (trait, primitive type) pairs an invocation's arguments give the macro's impls."""
    tokens = [c for c in arguments.children if c.type not in ("(", ")", "[", "]", "{", "}")]
    split: list[list[Node]] = [[]]
    for token in tokens:
        if token.type == ",":
            split.append([])
        else:
            split[-1].append(token)
    split = split[:-1] if len(split) > 1 and not split[-1] else split  # a trailing comma
    out = []
    for position, count, trait in rules:
        if position is None:
            chosen = tokens
        elif count == len(split) and len(split[position]) == 1:
            chosen = split[position]
        else:
            continue
        for token in chosen:
            text = (token.text or b"").decode("utf-8", "replace")
            if token.type in ("primitive_type", "identifier") and text in RUST_PRIMITIVES:
                out.append((trait, text))
    return out
