"""Rust implementations of a crate's own trait for a type the crate does not define.

``impl<'a> Serializer for &'a mut fmt::Formatter<'a>``, ``impl Serializer for str``, a blanket
``impl<T: Display> Serializer for T``: the graph keeps the ``inherit`` edge from the file to the
trait, but no class node inherits it (the type is nobody's node here), so "what implements
Serializer" had left them out unsaid. They are read back from the edges and the file's text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from maguyva_tui.core.graph import queries
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.sites import INHERIT
from maguyva_tui.core.graph.tables import CLASS_KINDS, symbol_id
from maguyva_tui.core.lazy_pattern import lazy

HEADER_LINES = 6
"""An impl header is read from at most this many lines from its first (a long ``where`` clause)."""
_FOR = lazy(r"\bfor\s+(?P<type>.+?)\s*(?:\bwhere\b|\{|$)", re.DOTALL)  # [u8; N] holds a ;
_IMPL = lazy(r"\s*(?:unsafe\s+)?impl\b")
_PARAMS = lazy(r"\s*(?:unsafe\s+)?impl\s*<(?P<params>[^{]*?)>\s*[\w:]")
_LIFETIME_MUT = lazy(r"^(?:&\s*(?:'\w+\s+)?(?:mut\s+)?|\*\s*(?:const|mut)\s+|dyn\s+)+")


@dataclass(frozen=True, slots=True)
class ForeignImpl:
    """One ``impl Trait for Type`` whose type has no node in the graph."""

    path: str
    line: int
    end_line: int
    written: str
    """The type as the header writes it (``&'a mut fmt::Formatter<'b>``)."""
    name: str
    """Its bare name, as the impl's methods are named under it (``Formatter``)."""
    blanket: bool = False
    """The type is one of the impl's own parameters (``impl<F: Fn()> Sink for F``): every type its
    bounds allow."""

    def said(self) -> str:
        """How the type reads in an answer's reason."""
        if self.blanket:
            return f"every {self.written} its bounds allow (a blanket impl)"
        return f"{self.written}, a type defined outside the repository"


def bare_type(written: str) -> str:
    """The name an impl's methods are named under: ``&'a mut fmt::Formatter<'b>`` -> ``Formatter``."""
    text = _LIFETIME_MUT.sub("", written.strip()).partition("<")[0].strip()
    return text.rpartition("::")[2].strip() or text


def foreign_impls(graph: CodeGraph, roots: Sequence[str], read: Callable[[str], bytes]) -> list[ForeignImpl]:
    """The impls of the traits ``roots`` in Rust files whose type is no class of the graph: the
    ``inherit`` sites into a root from a file or function rather than from a class, read back
    from the file's text (a file that cannot be read is skipped)."""
    merged, ids, index = graph.merged(), graph.nodes.ids, graph.nodes.index
    slots = [index[r] for r in roots if r in index]
    if not slots:
        return []
    positions = np.unique(np.concatenate([merged.into(s) for s in slots]))
    positions = positions[merged.kind[positions] == INHERIT]
    symbols, out = graph.symbols, list[ForeignImpl]()
    texts: dict[str, list[str] | None] = {}
    for p in positions.tolist():
        path = merged.paths[merged.file[p]]
        source = symbols.get(ids[merged.source[p]])
        if graph.languages.get(path) != "rust" or (source is not None and source.kind in CLASS_KINDS):
            continue
        lines = texts.get(path, [])
        if lines == []:
            lines = texts[path] = _lines(read, path)
        found = _impl_at(graph, roots, path, int(merged.line[p]), lines) if lines else None
        if found is not None:
            out.append(found)
    return sorted(set(out), key=lambda f: (f.path, f.line))


def _lines(read: Callable[[str], bytes], path: str) -> list[str] | None:
    try:
        return read(path).decode("utf-8", "replace").split("\n")  # rows as tree-sitter counts them (\n alone)
    except (OSError, KeyError, ValueError):
        return None


def _impl_at(graph: CodeGraph, roots: Sequence[str], path: str, line: int, lines: list[str]) -> ForeignImpl | None:
    """The impl whose header starts on ``line``, unless its type is a class of the graph after all
    (``impl SourceIndex for crate::lexer::Token``: the bases tie it to ``Token``, defined elsewhere)."""
    header = "\n".join(lines[line - 1:line - 1 + HEADER_LINES])
    if not _IMPL.match(header):
        return None
    match = _FOR.search(header)
    if match is None:
        return None
    written = " ".join(match["type"].split())
    name = bare_type(written)
    bases = graph.bases
    if not name or any(root in bases.get(n, ()) for n in graph.named(name) for root in roots):
        return None
    params = _PARAMS.match(header)
    blanket = params is not None and written in re.findall(r"(?<![\w'])([A-Za-z_]\w*)", params["params"])
    return ForeignImpl(path, line, _end_line(graph, path, line, name, lines), written, name, blanket)


def _end_line(graph: CodeGraph, path: str, line: int, name: str, lines: list[str]) -> int:
    """The last line of the impl's methods (``name.method`` after its header and before the next
    impl at its indentation), or the header's."""
    indent = len(lines[line - 1]) - len(lines[line - 1].lstrip())
    bound = next((i + 1 for i in range(line, len(lines)) if _IMPL.match(lines[i])
                  and len(lines[i]) - len(lines[i].lstrip()) <= indent), len(lines) + 1)
    ends = [s.end_line for s in graph.by_path.get(path, ()) if line < s.start_line < bound
            and s.qualname.startswith(name + ".") and "." not in s.qualname[len(name) + 1:]]
    return max(ends, default=line)


def impl_method(graph: CodeGraph, found: ForeignImpl, member: str) -> str | None:
    """The node of the impl's method ``member``, when it defines one."""
    node = symbol_id(found.path, f"{found.name}.{member}")
    apart = queries.methods_apart(graph, member).get(symbol_id(found.path, found.name), [])  # trait_impls.py
    for method in [node, *apart]:
        symbol = graph.symbols.get(method)
        if symbol is not None and found.line < symbol.start_line <= found.end_line:
            return method
    return None
