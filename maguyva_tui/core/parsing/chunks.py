"""Line windows and chunk lookup: the parts of chunking that need no syntax tree.

Lines are counted by ``\\n`` only, as tree-sitter counts rows, so a CRLF file or one with a stray
``\\r`` or form feed has the same line numbers here, in the trees and in the text engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from maguyva_tui.core.lazy_pattern import lazy
from maguyva_tui.core.types import Chunk

WINDOW_LINES = 40  # about a screenful: whole enough to read, small enough to embed
WINDOW_OVERLAP = 8  # a match near one window's edge still has context in the next

FUNCTION_KINDS = frozenset({"function", "method"})
"""The chunk kinds that are functions (here, where a search reads them without the syntax walker)."""

_Line = TypeVar("_Line", str, bytes)

_BLANK = lazy(r"[\W_]*")
_BLANK_BYTES = lazy(rb"[^A-Za-z0-9\x80-\xff]*")  # non-ASCII bytes may be letters
_SOURCE_MAP = r"\s*(?://|/\*)[#@]\s*source(?:Mapping)?URL=\S*\s*(?:\*/\s*)?"
_SOURCE_MAP_LINE = lazy(_SOURCE_MAP)
_SOURCE_MAP_BYTES = lazy(_SOURCE_MAP.encode())
"""A source-map annotation (``//# sourceMappingURL=data:application/json;base64,...``, CSS's
``/*# sourceMappingURL=... */``): a line a build tool writes for a debugger, not code. Babel and
TypeScript end every file they write with one, often holding the whole map inline: superagent
9.0.2's ``lib/node/parsers/json.js`` is 24 lines of code and 1,500 characters of base64, which
the chunk's words and meaning had counted (the JSON parser came sixth for "how are JSON
responses parsed", its static cosine 0.16 where its neighbours' were 0.3)."""


def line_count(text: str | bytes) -> int:
    """Return the number of lines; a final newline ends the last line rather than starting one."""
    newline = "\n" if isinstance(text, str) else b"\n"
    if not text:
        return 0
    return text.count(newline) + (0 if text.endswith(newline) else 1)  # type: ignore[arg-type]


def window_chunks(
    path: str,
    text: str,
    language: str | None = None,
    size: int = WINDOW_LINES,
    overlap: int = WINDOW_OVERLAP,
) -> list[Chunk]:
    """Chunk a whole file in overlapping line windows, leading and trailing blank lines left out."""
    lines = text.split("\n")[: line_count(text)]
    return gap_windows(path, lines, [(1, len(lines))], language, size, overlap)


def uncovered_ranges(total: int, chunks: Iterable[Chunk]) -> list[tuple[int, int]]:
    """Return the runs of lines 1..total that no chunk covers."""
    ranges: list[tuple[int, int]] = []
    next_line = 1
    for chunk in sorted(chunks, key=lambda c: c.start_line):
        if chunk.start_line > next_line:
            ranges.append((next_line, chunk.start_line - 1))
        next_line = max(next_line, chunk.end_line + 1)
    if next_line <= total:
        ranges.append((next_line, total))
    return ranges


def gap_windows(
    path: str,
    lines: Sequence[_Line],
    ranges: Iterable[tuple[int, int]],
    language: str | None = None,
    size: int = WINDOW_LINES,
    overlap: int = WINDOW_OVERLAP,
) -> list[Chunk]:
    """Cover each range of lines with windows, trimmed of leading and trailing blank lines.

    A line is blank when it holds no letter or digit: a lone ``}`` or ``);`` closing a definition
    is not worth a window of its own. A source-map annotation ending a range is trimmed too.
    """
    if size < 1 or not 0 <= overlap < size:
        raise ValueError(f"window size {size} and overlap {overlap}: need 0 <= overlap < size")
    windows: list[Chunk] = []
    for first, last in ranges:
        while first <= last and _is_blank(lines[first - 1]):
            first += 1
        while last >= first and (_is_blank(lines[last - 1]) or _is_source_map(lines[last - 1])):
            last -= 1
        windows.extend(_windows(path, first, last, language, size, size - overlap))
    return windows


def _is_blank(line: str | bytes) -> bool:
    if isinstance(line, bytes):
        return _BLANK_BYTES.fullmatch(line) is not None
    return _BLANK.fullmatch(line) is not None


def _is_source_map(line: str | bytes) -> bool:
    if isinstance(line, bytes):
        return _SOURCE_MAP_BYTES.fullmatch(line) is not None
    return _SOURCE_MAP_LINE.fullmatch(line) is not None


def _windows(path: str, first: int, last: int, language: str | None, size: int, step: int) -> list[Chunk]:
    windows = []
    for start in range(first, last + 1, step):
        end = min(start + size - 1, last)
        windows.append(Chunk(path, start, end, "window", None, language))
        if end == last:
            break
    return windows


def smallest_chunk_at(chunks: Iterable[Chunk], line: int) -> Chunk | None:
    """Return the smallest definition holding a line, else the smallest window, else ``None``.

    Between chunks of one size the later-starting (the inner or next) one wins.
    """
    best: Chunk | None = None
    best_key: tuple[bool, int, int] | None = None
    for chunk in chunks:
        if chunk.start_line <= line <= chunk.end_line:
            key = (chunk.kind == "window", _size(chunk), -chunk.start_line)
            if best_key is None or key <= best_key:
                best, best_key = chunk, key
    return best


class ChunkMap:
    """Answer ``smallest_chunk_at`` for many lines of one file in constant time per line."""

    __slots__ = ("_chunks", "_by_line")

    def __init__(self, chunks: Sequence[Chunk]) -> None:
        self._chunks = tuple(chunks)
        last = max((c.end_line for c in self._chunks), default=0)
        self._by_line: list[int] = [-1] * (last + 1)
        for index in sorted(range(len(self._chunks)), key=self._paint_order):
            # windows first, then definitions, each from the largest: smaller ones paint over larger
            chunk = self._chunks[index]
            self._by_line[chunk.start_line : chunk.end_line + 1] = [index] * (chunk.end_line - chunk.start_line + 1)

    def _paint_order(self, index: int) -> tuple[bool, int, int]:
        chunk = self._chunks[index]
        return chunk.kind != "window", -_size(chunk), chunk.start_line

    def at(self, line: int) -> Chunk | None:
        """Return what ``smallest_chunk_at`` returns for a line."""
        index = self._by_line[line] if 0 < line < len(self._by_line) else -1
        return self._chunks[index] if index >= 0 else None


def _size(chunk: Chunk) -> int:
    return chunk.end_line - chunk.start_line
