"""Definitions and chunks from one syntax tree.

``extract_definitions`` walks a tree once and returns the file's symbols and its chunks: one
chunk per definition with its exact span (chunks nest: a method's chunk lies inside its class's),
plus line windows over the lines no definition covers, so every line that holds a letter or digit
is in a chunk (blank lines and lone closing braces at a window's edges are left out).
See :mod:`maguyva_tui.core.parsing.walker` for how qualified names are written.

Spans are 1-based inclusive lines from the tree's rows. A Python definition's span starts at its
first decorator, a Rust item's at its first ``#[...]`` attribute, a C++ template's at
``template <...>``; ``name_line`` and ``signature`` are those of the name itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tree_sitter import Tree

from maguyva_tui.core.parsing.c_definers import macro_defined_functions
from maguyva_tui.core.parsing.chunks import (
    WINDOW_LINES,
    WINDOW_OVERLAP,
    ChunkMap,
    gap_windows,
    line_count,
    smallest_chunk_at,
    uncovered_ranges,
    window_chunks,
)
from maguyva_tui.core.parsing.rules import RULES
from maguyva_tui.core.parsing.walker import REGION_KINDS, Walker
from maguyva_tui.core.types import Chunk, Symbol

__all__ = [
    "WINDOW_LINES",
    "WINDOW_OVERLAP",
    "ChunkMap",
    "chunk_order",
    "extract_definitions",
    "line_count",
    "smallest_chunk_at",
    "supports",
    "window_chunks",
]


def supports(language: str | None) -> bool:
    """Whether definitions can be extracted for a language."""
    return language in RULES


def extract_definitions(
    tree: Tree, source: bytes, language: str, path: str, templates: Sequence[tuple[int, int]] = ()
) -> tuple[list[Chunk], list[Symbol]]:
    """Return a file's chunks (definitions and gap windows, in line order) and its symbols; those
    that start on the lines of a macro's template (``templates``: first and last lines, as
    :func:`~maguyva_tui.core.parsing.languages.parse` gives them) are marked so (``Symbol.template``)."""
    rules = RULES.get(language)
    text_lines = source.split(b"\n")
    total = line_count(source)
    if rules is None:
        return gap_windows(path, text_lines, [(1, total)], language), []
    walker = Walker(rules, source, path, language, total)
    root = tree.root_node
    if root.type in rules.handlers:  # a file the grammar could not parse is one error: C reads its pieces
        walker.dispatch(root, root)
    else:
        walker.walk(root)
    if rules.finish is not None:
        rules.finish(walker)
    covering = [chunk for chunk in walker.chunks if chunk.kind not in REGION_KINDS]
    windows = gap_windows(path, text_lines, uncovered_ranges(total, covering), language)
    if language in ("c", "cpp"):
        walker.symbols.extend(macro_defined_functions(source, path, language))
    symbols = _marked(walker.symbols, templates) if templates else walker.symbols
    return sorted(walker.chunks + windows, key=chunk_order), symbols


def _marked(symbols: list[Symbol], templates: Sequence[tuple[int, int]]) -> list[Symbol]:
    """The symbols, those whose name is written on a template's lines marked as the template's;
    not a ``macro_rules!`` itself (a macro of one line: ``macro_rules! one { () => { fn f() {} } }``)."""
    return [replace(s, template=True) if not _defines_macro(s)
            and any(first <= (s.name_line or s.start_line) <= last for first, last in templates) else s
            for s in symbols]


def _defines_macro(symbol: Symbol) -> bool:
    """Whether a symbol is a ``macro_rules!`` itself (its line may hold its transcriber too)."""
    head = symbol.signature.partition("!")
    return head[0] == "macro_rules" and head[2].lstrip().startswith(symbol.name)


def chunk_order(chunk: Chunk) -> tuple[int, int, bool]:
    """Sort key for chunks: by first line, an enclosing chunk before the chunks inside it."""
    return chunk.start_line, -chunk.end_line, chunk.kind == "window"
