"""Rust: methods of one type that share a name across its trait impls each get a name of their own.

``impl fmt::Debug for Bytes { fn fmt }`` and ``impl fmt::LowerHex for Bytes { fn fmt }`` both
define ``Bytes.fmt``; the graph keys a node by its file and qualname, so the two had been one node:
"who calls" one listed the other's callers, and "where is it defined" showed one of them. Where a
file defines a qualname more than once, each method of a trait impl among them is named with its
impl: ``Bytes.fmt (impl Debug)``, ``Bytes.eq (impl PartialEq<[u8]>)`` (the trait as written, its
module path and lifetimes left out; ``impl IntoIterator for &Bytes`` where two impls of one trait
differ by their type alone). An inherent method keeps the plain name, as a call ``b.len()`` reaches
it before any trait's. Definitions that stay alike (``#[cfg]`` twins) still share their node.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, replace

from maguyva_tui.core.lazy_pattern import lazy
from maguyva_tui.core.types import Chunk, Symbol

IMPL_LABEL = " (impl "
"""What joins a method's qualname and the impl that tells it apart: ``Bytes.fmt (impl Debug)``."""

_MODULE_PATH = lazy(r"\b(?:[A-Za-z_]\w*::)+")
_LIFETIME = lazy(r"'\w+\b\s*,?\s*")
_SPACES = lazy(r"\s+")
_EMPTY_ANGLES = lazy(r"<\s*>")


def plain_qualname(qualname: str) -> str:
    """Return a qualname without the impl that tells it apart (``Bytes.fmt (impl Debug)``: ``Bytes.fmt``)."""
    return qualname.partition(IMPL_LABEL)[0]


def impl_trait(qualname: str) -> str | None:
    """Return the trait a qualname names its impl by, bare (``Bytes.eq (impl PartialEq<[u8]>)``:
    ``PartialEq``); ``None`` for a plain qualname."""
    _, label, impl = qualname.partition(IMPL_LABEL)
    return re.split(r"[<\s)]", impl, maxsplit=1)[0] if label else None


def impl_text(written: str) -> str:
    """Write a trait or type as a label shows it: module paths and lifetimes left out, spaces
    collapsed, no dot (a qualname's dots separate its scopes)."""
    text = _LIFETIME.sub("", _MODULE_PATH.sub("", written))
    text = _EMPTY_ANGLES.sub("", text)
    return _SPACES.sub(" ", text).replace(".", "").replace(" >", ">").strip()


@dataclass(frozen=True, slots=True)
class ImplBlock:
    """The symbols an ``impl Trait for Type`` block recorded, as the walk found them."""

    first: int
    """Index of its first symbol in the walk's list."""
    last: int
    """Index past its last symbol."""
    owner: str
    """The qualname its methods are named under (``Bytes``)."""
    trait: str
    """The trait as a label shows it (``PartialEq<[u8]>``)."""
    self_type: str
    """The type it is for as a label shows it (``&Bytes``)."""


def name_apart(symbols: list[Symbol], chunks: list[Chunk], blocks: list[ImplBlock]) -> None:
    """Rename, in place, each trait impl's method whose qualname the file defines more than once,
    with what is inside it (a nested function, ``Bytes.fmt.helper``) and its chunks."""
    labels: dict[int, tuple[str, str]] = {}
    for block in blocks:
        for i in range(block.first, block.last):
            symbol = symbols[i]
            if symbol.kind in ("method", "function") and symbol.qualname == f"{block.owner}.{symbol.name}":
                labels[i] = (block.trait, f"{block.trait} for {block.self_type}")
    if not labels:
        return
    same: dict[str, list[int]] = defaultdict(list)
    for i, symbol in enumerate(symbols):
        if symbol.kind in ("method", "function"):
            same[symbol.qualname].append(i)
    renamed: dict[tuple[str, int], str] = {}
    for qualname, found in same.items():
        if len(found) < 2:
            continue
        shorts = [labels[i][0] for i in found if i in labels]
        chosen = {i: labels[i][0] if shorts.count(labels[i][0]) == 1 else labels[i][1] for i in found if i in labels}
        for i, label in chosen.items():
            if list(chosen.values()).count(label) == 1:  # alike to the letter: one node, as before
                renamed[(qualname, symbols[i].start_line)] = f"{qualname}{IMPL_LABEL}{label})"
    if renamed:
        _rename(symbols, chunks, renamed)


def _rename(symbols: list[Symbol], chunks: list[Chunk], renamed: dict[tuple[str, int], str]) -> None:
    """Give each method renamed (by qualname and first line) its new name, and the symbols and
    chunks within its lines theirs."""
    spans = [(symbols[i].start_line, symbols[i].end_line, old, new)
             for i in range(len(symbols)) for old, new in [_renaming(symbols[i], renamed)] if new]

    def moved(qualname: str | None, line: int) -> str | None:
        for start, end, old, new in spans:
            if qualname is not None and start <= line <= end and (qualname == old or qualname.startswith(old + ".")):
                return new + qualname[len(old):]
        return None

    for i, symbol in enumerate(symbols):
        new = moved(symbol.qualname, symbol.start_line)
        if new is not None:
            symbols[i] = replace(symbol, qualname=new)
    for i, chunk in enumerate(chunks):
        new = moved(chunk.symbol, chunk.start_line)
        if new is not None:
            chunks[i] = replace(chunk, symbol=new)


def _renaming(symbol: Symbol, renamed: dict[tuple[str, int], str]) -> tuple[str, str | None]:
    return symbol.qualname, renamed.get((symbol.qualname, symbol.start_line))
