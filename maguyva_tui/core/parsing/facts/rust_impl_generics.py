"""Rust: the trait an ``impl`` block's type parameter is bound by, for its methods to read.

``struct ArrayVec<A> { data: A }`` declares its field of a bare ``A``; ``impl<A: Array>
ArrayVec<A>`` (or ``where A: Array``) is what says ``A`` is an ``Array``. A method of that block
calling ``self.data.as_slice()`` or ``A::default()`` calls ``Array``'s, and both had been tied to
nothing (tinyvec: 22 of rustc's call sites). Each bound parameter is a ``local`` record scoped to
the type the block implements, named ``GENERIC`` and the parameter, typed the trait(s) as a
parameter of the block's methods is: ``("local", "<generic>A:Array", 3, "ArrayVec")``. A field
is read with the parameter's name as the struct declares it; a block renaming it (``impl<B:
Array> ArrayVec<B>``) says nothing of the field's.

A generic function's bound parameter is a ``local`` of the function, typed the trait:
``fn blocks_for_bits<B: BitBlock>(bits: usize)`` calling ``B::bits()`` calls ``BitBlock``'s, which
bit-vec's 6 such calls had not reached: ``("local", "B:BitBlock", 3, "blocks_for_bits")``."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from tree_sitter import Node, Query, QueryCursor, Tree

from maguyva_tui.core.parsing.facts import names
from maguyva_tui.core.parsing.facts.captures import sorted_captures
from maguyva_tui.core.parsing.facts.marks import GENERIC as GENERIC
from maguyva_tui.core.parsing.languages import grammar
from maguyva_tui.core.store.facts import RefRow
from maguyva_tui.core.types import Symbol

_IMPLS = """
(impl_item type_parameters: (type_parameters) body: (declaration_list)) @impl
(function_item type_parameters: (type_parameters)) @function
"""


@cache
def _query() -> Query:
    """Compile the query of Rust's generic impl blocks once per process."""
    return Query(grammar("rust"), _IMPLS)


def impl_generics(tree: Tree, symbols: Sequence[Symbol]) -> list[RefRow]:
    """Return the records of the bound type parameters of each generic ``impl`` block with a
    method, scoped to the type its methods are named under (``ArrayVec`` of ``ArrayVec.push``)."""
    owners = {s.name_line: s.qualname.rpartition(".")[0] for s in symbols if s.kind == "method"}
    functions = {s.name_line: s.qualname for s in symbols if s.kind in ("function", "method")}
    records: list[RefRow] = []
    captures = sorted_captures(QueryCursor(_query()), tree.root_node)
    for impl in captures.get("impl", []):
        scope = _owner(impl, owners)
        if scope is not None:
            records += [("local", f"{GENERIC}{written}:{typed}", line, scope) for written, typed, line in _bound(impl)]
    for function in captures.get("function", []):
        name = function.child_by_field_name("name")
        scope = functions.get(name.start_point[0] + 1) if name is not None else None
        if scope is not None:  # fn blocks_for_bits<B: BitBlock>: B::bits() is BitBlock's, B a local of the function
            nested = _nested(function)  # a nested fn's own unbound T hides the enclosing one's T: Shape
            records += [("local", f"{written}:{typed}" if typed else written, line, scope)
                        for written, typed, line in _bound(function, nested)]
    return records


def _nested(item: Node) -> bool:
    """Tell whether an item sits inside a function or an impl block, whose generics it may hide."""
    holder = item.parent
    while holder is not None:
        if holder.type in ("function_item", "impl_item"):
            return True
        holder = holder.parent
    return False


def _bound(item: Node, unbound: bool = False) -> list[tuple[str, str, int]]:
    """Return an item's type parameters bound by a trait, each with the trait(s) and its line;
    with ``unbound``, the others too, typed ``""``."""
    parameters = item.child_by_field_name("type_parameters")
    out = []
    for parameter in parameters.named_children if parameters is not None else ():
        name = parameter.child_by_field_name("name") if parameter.type == "type_parameter" else None
        if name is None or not name.text:
            continue
        written, typed = name.text.decode("utf-8", "replace"), names.type_name(name)
        if typed and typed != written:  # bound by no trait: the name itself
            out.append((written, typed, name.start_point[0] + 1))
        elif unbound:
            out.append((written, "", name.start_point[0] + 1))
    return out


def _owner(impl: Node, owners: dict[int, str]) -> str | None:
    """Return the qualname the block's first method is named under, ``None`` for none."""
    body = impl.child_by_field_name("body")
    for item in body.named_children if body is not None else ():
        name = item.child_by_field_name("name") if item.type == "function_item" else None
        if name is not None and owners.get(name.start_point[0] + 1):
            return owners[name.start_point[0] + 1]
    return None
