"""Turn hits into the stable JSON result shape that the CLI, the UI and outside tools read."""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from typing import Any, TypeAlias

import numpy as np

from maguyva_tui.core.store.file_table import FileIndex
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.types import SNIPPET_LINES, Hit

SNIPPET_LINE_CHARS = 240
"""A minified line is cut here so that one result cannot flood a terminal or an agent's context."""

NEWLINES_KEPT_BYTES = 8 * 2**20
"""Newline offsets kept per snapshot for snippets, 4 bytes a line (about 2 million lines: sympy's
whole ``sympy/`` has 700,000): a page finds its lines in the files it shows without decoding and
splitting them whole, and an unlimited list that shows every file cannot grow it past this."""

LINES_NOTED = 4096
"""Lines whose bounds a search noted (:meth:`FileNewlines.note`) kept per snapshot, forgotten all at
once past this: a page's lines are noted and shown together."""

ELLIPSIS = "…"

CR_SHOWN = "\u240d"
"""A carriage return inside a line (an old Mac file's line end: ``a = 1\rdef f():``) as a snippet
shows it, ``␍``, one character for one, as the explorer draws it: the index counts lines by ``\n``
alone, as rg does, so such a file is one line, and its snippet had read ``a = 1\x0ddef f():`` on
the command line and ``a = 1\rdef f():`` in the JSON. A CRLF line's ``\r`` is no part of its text."""


def crs_shown(text: str) -> str:
    """``text`` with each carriage return left in it shown as :data:`CR_SHOWN` (same length: a
    match's or highlight's offsets stay right)."""
    return text.replace("\r", CR_SHOWN) if "\r" in text else text


def snippet(snapshot: Snapshot, path: str, start: int, end: int, focus: str | None = None) -> str:
    """Return the first lines of a result's span, each cut to a readable width; a long line that
    holds ``focus`` (the literal asked about) is cut around it, so the match stays in view."""
    last = min(end, start + SNIPPET_LINES - 1)
    lines = _stored_lines(snapshot, path, start, last)
    if lines is None:
        lines = snapshot.lines(path, start, last)
    return crs_shown("\n".join(cut_line(line, focus) for line in lines))


def cut_line(line: str, focus: str | None = None, width: int = SNIPPET_LINE_CHARS) -> str:
    """Cut a line to ``width`` characters: its start, or a window around ``focus`` when the
    first occurrence (ignoring case) would fall past the cut; ``…`` marks what is left out."""
    if len(line) <= width:
        return line
    at = line.lower().find(focus.lower()) if focus else -1
    if at < 0 or at + len(focus or "") <= width:
        return line[:width]
    begin = max(0, at - width // 3)  # the match a third in, even near the line's end: a narrower cut (a
    # terminal's 120 columns) still shows it
    window = line[begin : begin + width]
    return (ELLIPSIS if begin else "") + window + (ELLIPSIS if begin + width < len(line) else "")


def clamp_lines(snapshot: Snapshot, hit: Hit) -> tuple[int, int]:
    """Keep a hit's lines inside its file (1-based, inclusive, never past the last line)."""
    newlines = file_newlines(snapshot)
    last = max(newlines.line_count(hit.path) if newlines is not None else snapshot.line_count(hit.path), 1)
    start = min(max(hit.start_line, 1), last)
    return start, min(max(hit.end_line, start), last)


def shown_lines(snapshot: Snapshot, hit: Hit, focus: str | None = None) -> tuple[int, int, str]:
    """:func:`clamp_lines` and :func:`snippet` of a hit in one: its lines kept inside its file and
    their snippet, the file's newlines looked up once (a page asks a hundred times)."""
    newlines = file_newlines(snapshot)
    if newlines is None:
        start, end = clamp_lines(snapshot, hit)
        return start, end, snippet(snapshot, hit.path, start, end, focus)
    found = newlines.of(hit.path)
    last = max(found[3], 1)
    start = min(max(hit.start_line, 1), last)
    end = min(max(hit.end_line, start), last)
    lines = newlines.between(found, start, min(end, start + SNIPPET_LINES - 1))
    if len(lines) == 1 and len(lines[0]) <= SNIPPET_LINE_CHARS:
        return start, end, crs_shown(lines[0])
    return start, end, crs_shown("\n".join(cut_line(line, focus) for line in lines))


def shown_page(snapshot: Snapshot, hits: list[Hit], focus: str | None = None) -> list[tuple[int, int, str]]:
    """:func:`shown_lines` of each of a page's hits, the snapshot's newlines asked for once and
    each file's once (a frequent literal's page shows a hundred lines of a few files), a one-line
    span decoded in place, a carriage return shown as it goes (:func:`crs_shown`, in the same
    pass): the values :func:`shown_lines` gives, one by one."""
    newlines = file_newlines(snapshot)
    if newlines is None:
        return [shown_lines(snapshot, hit, focus) for hit in hits]
    blob, of, between, noted = newlines.view, newlines.of, newlines.between, newlines.noted
    seen: dict[str, _Newlines] = {}
    out = []
    width = SNIPPET_LINE_CHARS
    for hit in hits:
        path, start, end = hit.path, hit.start_line, hit.end_line
        found = seen.get(path)
        if found is None and start == end and (bounds := noted.get((path, start))) is not None:
            text = str(blob[bounds[0] : bounds[1]], "utf-8", "replace")  # a line a search numbered: no newlines read
        else:
            if found is None:
                found = seen[path] = of(path)
            offset, length, ends, count = found
            last = count if count > 1 else 1
            start = 1 if start < 1 else last if start > last else start
            end = start if end < start else last if end > last else end
            if start == end and start <= len(ends):  # one line ending in a newline: what ``between`` decodes, in place
                text = str(blob[offset + (ends.item(start - 2) + 1 if start >= 2 else 0) : offset + ends.item(start - 1)],
                           "utf-8", "replace")
            else:
                lines = between(found, start, min(end, start + SNIPPET_LINES - 1))  # each line's "\r" ending taken off
                if len(lines) == 1 and len(lines[0]) <= SNIPPET_LINE_CHARS:
                    text = lines[0]
                else:
                    text = "\n".join(cut_line(line, focus) for line in lines)
                if "\r" in text:
                    text = text.replace("\r", CR_SHOWN)
                out.append((start, end, text))
                continue
        if len(text) > width or "\r" in text:  # seldom: a long line, or a carriage return (at its end: a CRLF line's)
            if text.endswith("\r"):
                text = text[:-1]
            if len(text) > width:
                text = cut_line(text, focus)
            if "\r" in text:
                text = text.replace("\r", CR_SHOWN)
        out.append((start, end, text))
    return out


def hit_json(
    snapshot: Snapshot, hit: Hit, score: float, modalities: dict[str, Any], focus: str | None = None
) -> dict[str, Any]:
    """Return one result in the documented shape (``focus``: the literal its snippet should show)."""
    start, end = clamp_lines(snapshot, hit)
    out: dict[str, Any] = {
        "path": hit.path,
        "start_line": start,
        "end_line": end,
        "symbol": hit.symbol,
        "kind": hit.kind,
        "language": hit.language,
        "score": score,
        "snippet": snippet(snapshot, hit.path, start, end, focus),
        "modalities": modalities,
    }
    if hit.depth is not None:
        out["depth"] = hit.depth
    return out


class FileNewlines:
    """The newline offsets of a stored snapshot's files, found (in C, by numpy) when a result first
    shows a file and kept for the most recent ones: a snippet decodes its own few lines, not the
    whole file (a page of a frequent literal shows dozens of files; decoding and splitting each
    one whole was 2.3 ms of its 11 on sympy), and a file's line count is read off the same array.

    The lines equal :meth:`Snapshot.lines`'s: a file's text is decoded with ``errors="replace"``
    and split at ``\\n``; a newline byte is never part of a multi-byte UTF-8 sequence, so decoding
    the bytes between two newlines gives what decoding the whole text gives between them."""

    def __init__(self, snapshot: Snapshot) -> None:
        self.blob = snapshot.blob()
        self._ensure = snapshot.ensurer  # not a method of the snapshot, which keeps this object: no cycle
        """The snapshot's stored texts."""
        self.view = memoryview(self.blob)
        """:attr:`blob` as a buffer: a line decoded from its slice (:func:`shown_page`, :meth:`between`),
        no bytes copied first (a mapped file's slice is a copy: 0.3 µs a line where the view's is 0.2)."""
        self._files = snapshot.files
        self._kept: OrderedDict[str, _Newlines] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.noted: dict[tuple[str, int], tuple[int, int]] = {}
        """Lines (path, 1-based line) a search numbered without the file's newlines, each with its
        bounds in the stored texts (its first byte, its newline or the file's end): a page shows
        them without finding every newline of each file it shows (:meth:`note`)."""

    def forget(self) -> None:
        """Drop every file's newlines and every line noted: the texts were let go
        (:meth:`Snapshot.trim_texts`), and a file's lines are read again only after it is filled."""
        with self._lock:
            self._kept.clear()
            self._bytes = 0
            self.noted.clear()

    def note(self, path: str, line: int, begin: int, stop: int) -> None:
        """Keep where a line of a file lies in the stored texts (``begin`` its first byte, ``stop``
        its newline, or the file's end for a last line without one), so that :func:`shown_page`
        decodes it in place; the last :data:`LINES_NOTED` lines are kept."""
        noted = self.noted
        if len(noted) >= LINES_NOTED:
            noted.clear()
        noted[(path, line)] = (begin, stop)

    def lines(self, path: str, start: int, end: int) -> list[str]:
        """Lines ``start..end`` (1-based, inclusive; ``start`` at least 1) of a file, without their
        line endings, as :meth:`Snapshot.lines` returns them (none past the last)."""
        return self.between(self.of(path), start, end)

    def between(self, found: _Newlines, start: int, end: int) -> list[str]:
        """:meth:`lines` of the file whose :meth:`of` is ``found``."""
        offset, length, newlines, _ = found
        count = len(newlines)  # the text splits into count + 1 pieces
        end = min(end, count + 1)
        if start > end:
            return []
        begin = offset + (newlines.item(start - 2) + 1 if start >= 2 else 0)  # item: a Python int, no numpy scalar
        stop = offset + (newlines.item(end - 1) if end <= count else length)
        text = str(self.view[begin:stop], "utf-8", "replace")
        if start == end:  # one line (a literal's page is made of them): no newline inside it to split at
            return [text[:-1] if text.endswith("\r") else text]
        return [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]

    def line_count(self, path: str) -> int:
        """The number of lines of a file, as :meth:`Snapshot.line_count` counts them."""
        return self.of(path)[3]

    def offsets(self, path: str) -> np.ndarray:
        """The offsets of a file's newlines in it, increasing: the line of a byte at offset ``i`` is
        ``searchsorted(offsets, i)`` (0-based; the text engine numbers a page's matches with them)."""
        return self.of(path)[2]

    def kept(self, path: str) -> np.ndarray | None:
        """A file's newline offsets when they are kept (:meth:`offsets`), else ``None``: nothing is read."""
        found = self._kept.get(path)
        return None if found is None else found[2]

    def of(self, path: str) -> _Newlines:
        """A file's offset in the stored texts, its length, its newlines (offsets in the file) and
        its number of lines."""
        found = self._kept.get(path)
        if found is not None:
            try:
                self._kept.move_to_end(path)
            except KeyError:  # another thread dropped it between the two steps: it is still good
                pass
            return found
        files = self._files
        if isinstance(files, FileIndex):
            offset, length = files.text_span(path)
        else:
            entry = files[path]
            offset, length = entry.offset, entry.length
        if length:
            self._ensure(offset, offset + length)  # a file's lines are read from here on (``between``, a page's)
            newlines = np.flatnonzero(np.frombuffer(self.blob, np.uint8, count=length, offset=offset) == 10)
            if length <= np.iinfo(np.int32).max:
                newlines = newlines.astype(np.int32)  # half the memory kept, for every file one can store
        else:
            newlines = np.zeros(0, np.int32)
        unended = length > 0 and (not len(newlines) or int(newlines[-1]) != length - 1)  # a last line without one
        found = (offset, length, newlines, len(newlines) + unended)
        with self._lock:
            if path not in self._kept:
                self._kept[path] = found
                self._bytes += newlines.nbytes
                while self._bytes > NEWLINES_KEPT_BYTES and len(self._kept) > 1:
                    _, (_, _, dropped, _) = self._kept.popitem(last=False)
                    self._bytes -= dropped.nbytes
        return found


_Newlines: TypeAlias = tuple[int, int, np.ndarray, int]
"""A file's offset in the stored texts, its length, its newlines' offsets in it, its line count."""

_made: weakref.WeakKeyDictionary[Snapshot, FileNewlines] = weakref.WeakKeyDictionary()
_made_lock = threading.Lock()
_last: tuple[weakref.ref[Snapshot], FileNewlines] | None = None
"""The snapshot asked last and its offsets: a page asks of one snapshot a hundred times."""


def file_newlines(snapshot: Snapshot) -> FileNewlines | None:
    """The newline offsets of a stored snapshot (made on first use, gone with it); ``None`` for
    anything else that gives lines (a workspace's far shards): it is asked as before."""
    global _last
    last = _last
    if last is not None and last[0]() is snapshot:
        return last[1]
    if not isinstance(snapshot, Snapshot):
        return None
    with _made_lock:
        found = _made.get(snapshot)
        if found is None:
            found = _made[snapshot] = FileNewlines(snapshot)
        _last = (weakref.ref(snapshot), found)
        return found


def _stored_lines(snapshot: Snapshot, path: str, start: int, end: int) -> list[str] | None:
    """Lines ``start..end`` read through :class:`FileNewlines`; ``None`` where the snapshot is not a
    stored one or the range is one only slicing a whole list defines (a start before line 1)."""
    newlines = file_newlines(snapshot) if start >= 1 and end >= 1 else None
    return None if newlines is None else newlines.lines(path, start, end)
