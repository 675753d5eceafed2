"""Per-file blocks of a stored graph's concatenated columns, each made when it is first read.

A stored graph keeps every file's sites (and loose sites) as one column each, concatenated in path
order with a count per file. A question about one name reads the merged columns and never a
file's block; an update reads the blocks of the files it changes, a rebuild of the merged columns
all of them. Making 100,000 files' blocks when the graph opens cost more than a whole question.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, MutableMapping
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

V = TypeVar("V")


class Bounds(Mapping[str, tuple[int, int]]):
    """File to the ``(start, end)`` of its rows in a concatenated column, read from the files'
    positions (shared by every column) and the column's running total: no tuple per file is made
    until one is asked for."""

    __slots__ = ("_ends", "_files")

    def __init__(self, files: Mapping[str, int], ends: list[int]) -> None:
        self._files = files
        """Each file's position, in path order."""
        self._ends = ends
        """``0``, then where each file's rows end."""

    def __getitem__(self, path: str) -> tuple[int, int]:
        i = self._files[path]
        return self._ends[i], self._ends[i + 1]

    def __contains__(self, path: object) -> bool:
        return path in self._files

    def __iter__(self) -> Iterator[str]:
        return iter(self._files)

    def __len__(self) -> int:
        return len(self._files)

    @property
    def files(self) -> Mapping[str, int]:
        """Each file's position, in path order."""
        return self._files

    @property
    def count(self) -> int:
        """How many files the columns hold rows for (some may hold none, or not be listed)."""
        return len(self._ends) - 1

    def row_files(self) -> NDArray[np.int64]:
        """Per row of the concatenated columns, its file's position."""
        ends = np.asarray(self._ends, dtype=np.int64)
        counts = ends[1:] - ends[:-1]
        return np.repeat(np.arange(len(counts), dtype=np.int64), counts)


class SpanMap(MutableMapping[str, V]):
    """File to its block: made from ``(start, end)`` of the stored columns on first read, then
    kept; set and deleted like a dict (a changed file's block replaces the stored one)."""

    __slots__ = ("_gone", "_made", "_make", "_spans", "columns")

    def __init__(self, spans: Mapping[str, tuple[int, int]], make: Callable[[int, int], V],
                 columns: Mapping[str, NDArray[Any]] | None = None) -> None:
        self._spans = spans
        self._make = make
        self._made: dict[str, V] = {}
        self._gone: set[str] = set()
        self.columns: Mapping[str, NDArray[Any]] = columns or {}
        """The stored columns the blocks are sliced from, for whoever counts over every file at once
        (:meth:`stored_rows`); empty when none were given."""

    def __getitem__(self, path: str) -> V:
        found = self._made.get(path)
        if found is not None:
            return found
        span = self._spans.get(path)
        if span is None or path in self._gone:
            raise KeyError(path)
        found = self._made[path] = self._make(*span)
        return found

    def __setitem__(self, path: str, block: V) -> None:
        self._made[path] = block
        self._gone.discard(path)

    def __delitem__(self, path: str) -> None:
        if path in self._made:
            del self._made[path]
            if path in self._spans:
                self._gone.add(path)
        elif path in self._spans and path not in self._gone:
            self._gone.add(path)
        else:
            raise KeyError(path)

    def __contains__(self, path: object) -> bool:
        return path in self._made or (path in self._spans and path not in self._gone)

    def __iter__(self) -> Iterator[str]:
        made, gone = self._made, self._gone
        yield from (path for path in self._spans if path not in gone)
        yield from (path for path in made if path not in self._spans)

    def __len__(self) -> int:
        return len(self._spans) - len(self._gone) + sum(1 for path in self._made if path not in self._spans)

    def stored_rows(self) -> tuple[Bounds, NDArray[np.int64], NDArray[np.bool_], NDArray[np.bool_], dict[str, V]
                                   ] | None:
        """The stored part and the rest, for counting over every file without making a block per
        file: the bounds, each stored row's file position, which stored rows still stand (their file
        neither removed nor set anew), each stored file's standing likewise, and the blocks set or made since (each file once: a block made
        by reading equals the stored one, and stands in for it). ``None`` without stored columns."""
        spans = self._spans
        if not self.columns or not isinstance(spans, Bounds):
            return None
        files = spans.row_files()
        dropped = np.zeros(spans.count, dtype=np.bool_)
        for path in self._gone | self._made.keys():
            at = spans.files.get(path)
            if at is not None:
                dropped[at] = True
        return spans, files, ~dropped[files], ~dropped, dict(self._made)


class Deferred(MutableMapping[str, V]):
    """A dict made when it is first read or changed: what a question never reads (a stored graph's
    keys each file's resolution read, which only an update needs) costs nothing to open."""

    __slots__ = ("_dict", "_make")

    def __init__(self, make: Callable[[], dict[str, V]]) -> None:
        self._make: Callable[[], dict[str, V]] | None = make
        self._dict: dict[str, V] = {}

    def made(self) -> dict[str, V]:
        """Return the dict, made now when it is not yet."""
        make = self._make
        if make is not None:
            self._dict = make()
            self._make = None
        return self._dict

    def __getitem__(self, path: str) -> V:
        return self.made()[path]

    def __setitem__(self, path: str, value: V) -> None:
        self.made()[path] = value

    def __delitem__(self, path: str) -> None:
        del self.made()[path]

    def __contains__(self, path: object) -> bool:
        return path in self.made()

    def __iter__(self) -> Iterator[str]:
        return iter(self.made())

    def __len__(self) -> int:
        return len(self.made())
