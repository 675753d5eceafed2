"""Centrality per symbol, stored apart from the graph so that fusion never waits for the graph to load.

The scale: ``c = PageRank × number of nodes / 16``, that is centrality relative to sixteen times
the mean. The fusion boost ``min(1 + 0.3 ln(1 + c), 1.5)`` is then 1.02 for an average symbol and
1.00 for a leaf, 1.21 for a hub sixteen times as central as average, and capped from about 70
times average. With the plain ``PageRank × nodes`` (mean 1) an average symbol got 1.21 against a
leaf's 1.04: a 17 % lead, worth seven RRF ranks at k = 40, which buried the relevant function under
a more central sibling (measured: natural-language MRR@10 fell from the semantic engine's 0.56 to
0.38). Only genuinely central code should be lifted.

On disk (``centrality.npz``, mapped at open, no pickle allowed): the paths as a string table
(``paths`` bytes, ``offsets``), per file its own value (``file_values``) and number of spans
(``counts``), then every span's (start, end) (``spans``) and value (``values``) in path order.
The offsets, counts and spans are stored in the narrowest type that holds them (issue 19: sympy's
spans in 2 bytes a line, 0.83 -> 0.63 MB); the values as they are (a boost is never rounded).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeAlias, cast

import numpy as np

from maguyva_tui.core.store.arrays import (
    PathIndex,
    Strings,
    damaged,
    narrowest,
    stored_offsets,
    strictly_sorted,
    strings_blob,
)
from maguyva_tui.core.store.format import IndexUnavailable
from maguyva_tui.core.store.npz import mapped_npz, save_npz

FUSION_SCALE = 1 / 16
"""Divides PageRank × nodes (mean 1) so that only hubs gain a noticeable boost (see above)."""

Spans = tuple[tuple[int, int, float], ...]
"""(start_line, end_line, centrality) of a file's symbols, sorted by start line."""


class CentralityTable:
    """Centrality by (path, span): the symbol spanning exactly those lines, else the innermost
    symbol holding the start line, else the file."""

    def __init__(self, files: Mapping[str, tuple[float, Spans]]) -> None:
        self.files = files
        self._ready: dict[str, _Entry | None] = {}
        """Per file asked: its own value, its spans' starts, ends and values (``None`` for a file
        the table lacks), made on first use: views of the stored columns (:meth:`StoredSpans.columns`),
        else lists: a page's hundred results ask about a few files, each once per result (a lookup
        through the mapping, then the starts, then the spans: 2.4 µs, now one dictionary read), and
        a page's first look at a file made a tuple per span and walked them all (20-60 µs). The span
        of exactly a result's lines is found by bisection among the spans starting there, not in a
        table of every span by (start, end) made per file (a large file's thousand spans: 0.1-0.3 ms
        at its first result)."""
        self._parents: dict[str, list[int]] = {}
        """Each span's innermost enclosing one (-1 for none), per file whose line was asked outside
        the last span starting by then: so that a lookup costs the nesting depth, not the file's
        symbols (a generated file's 20,000 functions took 17 s to rank once each)."""

    def at(self, path: str, start_line: int, end_line: int | None = None) -> float:
        """Centrality of what a result at these lines stands for (0 for an unknown file)."""
        try:
            entry = self._ready[path]
        except KeyError:
            entry = self._prepare(path)
        if entry is None:
            return 0.0
        file_value, starts, ends, values = entry
        limit = bisect_right(starts, start_line)
        if not limit:
            return file_value
        if end_line is not None and starts[limit - 1] == start_line:
            first = limit - 1  # the spans starting there, found back from the last (mostly one: no bisection)
            while first and starts[first - 1] == start_line:
                first -= 1
            for j in range(first, limit):  # the first span of these lines
                if ends[j] == end_line:
                    return values[j]
        i = limit - 1  # the last symbol starting by then, or the innermost one around it
        if ends[i] >= start_line:
            return values[i]
        parents = self._parents.get(path) or self._nest(path, starts, ends)
        while i >= 0 and ends[i] < start_line:
            i = parents[i]
        return file_value if i < 0 else values[i]

    def file_value(self, path: str) -> float:
        """A file's own centrality (0 for a file the table lacks), its spans not read: a stored
        table's value read off its column (the mapping's entry made a tuple per span of the file,
        20-60 µs for a large one, to read one number)."""
        files = self.files
        if isinstance(files, StoredSpans):
            return files.file_value(path)
        held = files.get(path)
        return 0.0 if held is None else held[0]

    def at_first_line(self, paths: list[str], positions: np.ndarray) -> np.ndarray:
        """:meth:`at` line 1 (no end line) of the paths at ``positions``: where the table's paths
        are ``paths``, a file none of whose symbols starts by line 1 (nearly every file) has its
        own value, read from the columns; the others are asked one by one (100,000 files one by
        one: 1.6 s)."""
        files = self.files
        bare = files.bare_first_lines(paths) if isinstance(files, StoredSpans) else None
        if bare is None:
            return np.array([self.at(paths[i], 1, None) for i in positions.tolist()], np.float64)
        values, starts = bare
        found: np.ndarray = values[positions]
        for k in np.flatnonzero(starts[positions] <= 1).tolist():
            found[k] = self.at(paths[int(positions[k])], 1, None)
        return found

    def _prepare(self, path: str) -> _Entry | None:
        """A file's entry of :attr:`_ready`, made and kept."""
        files = self.files
        if isinstance(files, StoredSpans):
            found = files.columns(path)
        else:
            held = files.get(path)
            found = None if held is None else (held[0], [s for s, _, _ in held[1]], [e for _, e, _ in held[1]],
                                                 [v for _, _, v in held[1]])
        if found is None:
            self._ready[path] = None
            return None
        entry = self._ready[path] = found
        return entry

    def _nest(self, path: str, starts: Sequence[int], ends: Sequence[int]) -> list[int]:
        """Each span's innermost enclosing span (-1 for none) of a file, made and kept."""
        parents: list[int] = []
        open_spans: list[int] = []
        for start in starts:
            while open_spans and ends[open_spans[-1]] < start:
                open_spans.pop()
            parents.append(open_spans[-1] if open_spans else -1)
            open_spans.append(len(parents) - 1)
        self._parents[path] = parents
        return parents


_Entry: TypeAlias = tuple[float, Sequence[int], Sequence[int], Sequence[float]]
"""A file's own value, its spans' starts (sorted), their ends and their values (lists, or views of
the stored columns: :meth:`StoredSpans.columns`)."""


def save_centrality(path: Path, table: CentralityTable) -> None:
    """Write a centrality table as plain arrays (a table made from columns: those columns as they are)."""
    files = table.files
    if isinstance(files, StoredSpans):
        arrays = files.arrays
    else:
        paths = sorted(files)
        entries = [files[p] for p in paths]
        spans = [span for _, file_spans in entries for span in file_spans]
        arrays = _columns(paths, np.asarray([v for v, _ in entries], np.float64),
                          np.asarray([len(s) for _, s in entries], np.int64),
                          np.asarray([(a, b) for a, b, _ in spans], np.int32).reshape(-1, 2),
                          np.asarray([v for _, _, v in spans], np.float64))
    arrays = {**arrays, "offsets": stored_offsets(arrays["offsets"]),
              "counts": _narrowed(arrays["counts"], (np.uint16, np.uint32, np.int64)),
              "spans": _narrowed(arrays["spans"], (np.uint16, np.int32))}
    save_npz(path, arrays)  # its larger members packed, read whole at open (issue 19: 6.7 -> 2 MB on
    # the 450 MB corpus)


def _narrowed(array: np.ndarray, types: tuple[type[np.generic], ...]) -> np.ndarray:
    """An integer column in the first of ``types`` that holds every value (as it is where one is
    negative: every reader reads its items as ints, whatever their width)."""
    array = np.asarray(array)
    if not len(array) or int(array.min()) < 0:
        return array
    return array.astype(narrowest(int(array.max()), types), copy=False)


def centrality_columns(paths: list[str], file_values: np.ndarray, counts: np.ndarray, spans: np.ndarray,
                       values: np.ndarray) -> CentralityTable:
    """Return the table of these columns (paths sorted, each file's spans in position order), as
    :func:`load_centrality` reads them: no tuple per span is made until a file is asked for."""
    return CentralityTable(StoredSpans(_columns(paths, file_values, counts, spans, values)))


def _columns(paths: list[str], file_values: np.ndarray, counts: np.ndarray, spans: np.ndarray,
             values: np.ndarray) -> dict[str, np.ndarray]:
    """The stored arrays of a table (``centrality.npz``'s names)."""
    blob, offsets = strings_blob(paths)
    return {"paths": np.frombuffer(blob, np.uint8), "offsets": offsets, "file_values": file_values,
            "counts": counts, "spans": spans, "values": values}


def load_centrality(path: Path, known: tuple[Strings, list[str]] | None = None) -> CentralityTable:
    """Read a centrality table (its arrays mapped, ``store/npz.py``: a page read where a question
    touches it, not 11.6 MB read and checksummed at every open of a 100,000-file index; a file's
    spans made when first asked); ``known``:
    a stored table of paths already decoded and checked in order (the generation's file table),
    whose list is taken when it holds the same paths (100,000 paths: 20 ms of CPU not spent
    splitting and checking them again, and the two lists compared by identity after)."""
    try:
        mapped = mapped_npz(path)
        arrays = {name: mapped[name] for name in ("paths", "offsets", "file_values", "counts", "spans", "values")}
        return CentralityTable(StoredSpans(arrays, known))
    except FileNotFoundError:
        raise IndexUnavailable(f"the index is incomplete ({path.name} is missing); rebuilding it") from None
    except Exception as exc:  # a damaged archive raises BadZipFile, KeyError, ValueError, ...
        raise damaged(path, type(exc).__name__) from None


class StoredSpans(Mapping[str, tuple[float, Spans]]):
    """Path to (file value, spans) over stored arrays, a file's spans made when first asked."""

    def __init__(self, arrays: dict[str, np.ndarray], known: tuple[Strings, list[str]] | None = None) -> None:
        stored = Strings(arrays["paths"].tobytes(), arrays["offsets"])
        same = known is not None and known[0].same(stored)
        paths = known[1] if known is not None and same else stored.all()
        counts, spans, values = arrays["counts"], arrays["spans"], arrays["values"]
        if (len(counts) != len(paths) or len(arrays["file_values"]) != len(paths) or (counts < 0).any()
                or spans.shape != (int(counts.sum()), 2) or len(values) != len(spans)):
            raise ValueError("the arrays disagree")
        if not same and not strictly_sorted(paths):
            raise ValueError("the paths are not in order")
        self._paths = paths
        self._index = PathIndex(paths)
        self._ends = np.cumsum(counts).tolist()
        self._arrays = arrays
        self._made: dict[str, tuple[float, Spans]] = {}
        self._views: tuple[_Views | None] | None = None
        """The columns as views (:meth:`columns`), made at the first file asked (``(None,)``: the
        arrays cannot be read so)."""

    def __getitem__(self, path: str) -> tuple[float, Spans]:
        found = self._made.get(path)
        if found is None:
            i = self._index.get(path)
            if i is None:
                raise KeyError(path)
            start, end = (self._ends[i - 1] if i else 0), self._ends[i]
            pairs = self._arrays["spans"][start:end].tolist()
            values = self._arrays["values"][start:end].tolist()
            spans = tuple((a, b, v) for (a, b), v in zip(pairs, values))
            found = self._made[path] = (float(self._arrays["file_values"][i]), spans)
        return found

    def __contains__(self, path: object) -> bool:
        return self._index.get(path) is not None

    def file_value(self, path: str) -> float:
        """A file's own value (0 for a file the table lacks)."""
        i = self._index.get(path)
        return 0.0 if i is None else float(self._arrays["file_values"][i])

    def columns(self, path: str) -> _Entry | None:
        """A file's own value and its spans' starts, ends and values (no tuple per span): slices of
        views of the stored columns, which read each item as a Python number, no list made (a
        page's first look at a file had made three lists of its spans: 4 µs for sympy's median file
        of 31 spans, 85 µs for one of 1,000), else lists; ``None`` for a file the table lacks."""
        i = self._index.get(path)
        if i is None:
            return None
        start, end = (self._ends[i - 1] if i else 0), self._ends[i]
        views = self._views
        if views is None:
            views = self._views = (_views(self._arrays),)
        if views[0] is not None:
            starts, ends, values, file_values = views[0]
            return file_values[i], starts[start:end], ends[start:end], values[start:end]
        pairs = self._arrays["spans"][start:end]
        return (float(self._arrays["file_values"][i]), pairs[:, 0].tolist(), pairs[:, 1].tolist(),
                self._arrays["values"][start:end].tolist())

    @property
    def arrays(self) -> dict[str, np.ndarray]:
        """The stored arrays (``centrality.npz``'s)."""
        return self._arrays

    def bare_first_lines(self, paths: list[str]) -> tuple[np.ndarray, np.ndarray] | None:
        """Each file's own value and the line its first symbol starts on (the largest int64 for a
        file without one), when ``paths`` are this table's paths; else ``None``."""
        if paths != self._paths:
            return None
        counts, spans = self._arrays["counts"], self._arrays["spans"]
        first = np.full(len(counts), np.iinfo(np.int64).max, np.int64)
        held = np.flatnonzero(counts > 0)
        if len(held):
            starts = (np.cumsum(counts, dtype=np.int64) - counts)[held]
            first[held] = np.minimum.reduceat(np.asarray(spans[:, 0], np.int64), starts)
        return np.asarray(self._arrays["file_values"], np.float64), first

    def __iter__(self) -> Iterator[str]:
        return iter(self._paths)

    def __len__(self) -> int:
        return len(self._paths)


_Views: TypeAlias = tuple[Sequence[int], Sequence[int], Sequence[float], Sequence[float]]
"""Every span's start, end and value, and every file's own value, as :func:`_views` reads them."""


def _views(arrays: dict[str, np.ndarray]) -> _Views | None:
    """The stored columns as memory views (an item read is a Python ``int`` or ``float``, the value
    ``tolist`` gives; a slice is a view, no copy): each array's bytes read as its items, so that
    an array mapped where its items are not aligned (a member of the archive at any offset) reads
    as well; ``None`` where the spans are not integers and the values floats of the machine's own
    byte order in one block each (a view reads no other)."""
    spans, values, file_values = arrays["spans"], arrays["values"], arrays["file_values"]
    if spans.ndim != 2 or spans.shape[1:] != (2,) or spans.dtype.char not in "bBhHiIlLqQ" \
            or values.dtype.char not in "fd" or file_values.dtype.char not in "fd":
        return None
    if not all(a.dtype.isnative and a.flags["C_CONTIGUOUS"] for a in (spans, values, file_values)):
        return None
    try:
        flat = _items(spans)  # start, end, start, end, ...
        return flat[0::2], flat[1::2], cast(Sequence[float], _items(values)), cast(Sequence[float], _items(file_values))
    except (TypeError, ValueError, BufferError):  # an array that exports no such buffer
        return None


def _items(array: np.ndarray) -> memoryview:
    """A C-contiguous array's items, flat, as a memory view of its bytes cast to its item's format."""
    char: Any = array.dtype.char  # one of the formats a view casts to (checked by the caller)
    found: memoryview = array.data.cast("B").cast(char)
    return found
