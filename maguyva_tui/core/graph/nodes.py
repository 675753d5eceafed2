"""Node ids and the integer slots every array of the graph refers to them by.

A node is a file (its path) or a symbol (``path::qualname``). A removed node keeps its slot, so
that the sites of other files that still point at it stay valid when it comes back (an edited
file); slots are compacted when the graph is stored.

A stored graph's table stays columns (:class:`StoredNodes`) until it is changed or walked whole: a
question asks for a few ids and slots, and making all 478,000 ids of a 100,000-file repository
(and the dict over them) cost more than the rest of the question.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from operator import index as as_int
from typing import Any, overload

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.graph.tables import SEPARATOR, split_id, symbol_id

FILE_KIND = "file"
"""The kind of a file node (a symbol node has its symbol's kind)."""

LOOKUPS_BEFORE_WHOLE = 4096
"""Ids, kinds or slots a stored table answers one by one from its columns before it makes every id
at once (each lookup costs a few microseconds more than a list's or a dict's): a question asks a
few, a walk over every node asks them all."""


class StoredNodes:
    """A stored graph's nodes as columns: each file's slot (files in path order, each followed by
    its symbols), and the string ids of each symbol's qualname and kind. Only when no path holds
    ``:`` (then no file's id is also a symbol's, ``a::b.py`` and file ``a``'s ``b.py``; a symbol's
    id splits at its first ``::``, its path escaped by ``tables.escape_path``)."""

    __slots__ = ("_file_of", "_kinds", "_paths", "_qualnames", "_starts", "_strings")

    def __init__(self, paths: list[str], starts: NDArray[np.int64], qualnames: NDArray[Any], kinds: NDArray[Any],
                 strings: Any) -> None:
        self._paths = paths
        self._starts = starts
        """The slot of each file (ascending); its symbols take the slots up to the next file's."""
        self._qualnames = qualnames
        self._kinds = kinds
        self._strings = strings
        """The string table the ids index (``store.arrays.Strings``)."""
        self._file_of: dict[str, int] | None = None

    def __len__(self) -> int:
        return len(self._paths) + len(self._qualnames)

    def _locate(self, slot: int) -> tuple[int, int]:
        """Return the file of a slot and its symbol's position among all symbols (-1: the file itself)."""
        if slot < 0:
            slot += len(self)
        if not 0 <= slot < len(self):
            raise IndexError("node slot out of range")
        file = int(np.searchsorted(self._starts, slot, side="right")) - 1
        return file, (-1 if slot == int(self._starts[file]) else slot - file - 1)

    def id_at(self, slot: int) -> str:
        """Return the node id of a slot."""
        file, symbol = self._locate(slot)
        path = self._paths[file]
        return path if symbol < 0 else symbol_id(path, str(self._strings.pick(self._qualnames[symbol : symbol + 1])[0]))

    def kind_at(self, slot: int) -> str:
        """Return the kind of a slot's node."""
        _, symbol = self._locate(slot)
        return FILE_KIND if symbol < 0 else str(self._strings.pick(self._kinds[symbol : symbol + 1])[0])

    def slot_of(self, node: object) -> int | None:
        """Return the slot of a node id, ``None`` for one the graph does not hold."""
        if not isinstance(node, str):
            return None
        if self._file_of is None:
            self._file_of = dict(zip(self._paths, range(len(self._paths))))
        file = self._file_of.get(node)
        if file is not None:
            return int(self._starts[file])
        if SEPARATOR not in node:
            return None
        path, qualname = split_id(node)
        file = self._file_of.get(path)
        if file is None:
            return None
        start = int(self._starts[file])
        end = int(self._starts[file + 1]) if file + 1 < len(self._paths) else len(self)
        names = self._strings.pick(self._qualnames[start - file : end - file - 1])
        for offset, name in enumerate(names, 1):
            if name == qualname:
                return start + offset
        return None

    def whole(self) -> tuple[list[str], list[str]]:
        """Return every node id and kind in slot order."""
        files = len(self._paths)
        counts = np.diff(self._starts, append=len(self)) - 1
        kept_file = np.repeat(np.arange(files, dtype=np.int64), counts)
        symbol_slots = np.arange(len(kept_file), dtype=np.int64) + kept_file + 1
        prefixes = [symbol_id(path, "") for path in self._paths]
        qualnames, kinds = self._strings.pick(self._qualnames), self._strings.pick(self._kinds)
        ids = np.empty(len(self), dtype=object)
        ids[self._starts] = np.asarray(self._paths, dtype=object)
        ids[symbol_slots] = np.asarray([prefixes[f] + q for f, q in zip(kept_file.tolist(), qualnames)], dtype=object)
        node_kinds = np.empty(len(ids), dtype=object)
        node_kinds[self._starts] = FILE_KIND
        node_kinds[symbol_slots] = np.asarray(kinds, dtype=object)
        return ids.tolist(), node_kinds.tolist()


class NodeTable:
    """Node ids, their kinds, and the slot of each live node."""

    __slots__ = ("_alive", "_asked", "_free", "_ids", "_index", "_kinds", "_stored")

    def __init__(self) -> None:
        self._ids: list[str] = []
        self._kinds: list[str] = []
        self._index: dict[str, int] = {}
        self._free: dict[str, int] = {}
        self._alive: NDArray[np.bool_] | None = None
        self._stored: StoredNodes | None = None
        """A stored graph's columns, until the lists are made (every slot live meanwhile)."""
        self._asked = 0

    @classmethod
    def filled(cls, ids: list[str], kinds: list[str]) -> NodeTable:
        """Return a table whose slots are ``ids`` in order, each live: what ``add`` of each in turn
        makes when no id repeats (a repeated id is added one by one, the first kind kept)."""
        table = cls()
        index = dict(zip(ids, range(len(ids))))
        if len(index) != len(ids) or len(kinds) != len(ids):
            for node, kind in zip(ids, kinds, strict=True):
                table.add(node, kind)
            return table
        table._ids, table._kinds, table._index = ids, kinds, index
        return table

    @classmethod
    def stored(cls, nodes: StoredNodes) -> NodeTable:
        """Return a table over a stored graph's columns, each slot live (what ``filled`` makes of
        their ids and kinds)."""
        table = cls()
        table._stored = nodes
        return table

    @property
    def ids(self) -> Sequence[str]:
        """Slot to node id (removed nodes included)."""
        return self._ids if self._stored is None else _Column(self, lambda: self._ids, StoredNodes.id_at)

    @property
    def kinds(self) -> Sequence[str]:
        """Slot to node kind: ``file`` or the symbol's kind."""
        return self._kinds if self._stored is None else _Column(self, lambda: self._kinds, StoredNodes.kind_at)

    @property
    def index(self) -> Mapping[str, int]:
        """Live node id to slot."""
        return self._index if self._stored is None else _Index(self)

    def one(self) -> StoredNodes | None:
        """The columns to answer one lookup from; ``None`` once the lists are made (after
        :data:`LOOKUPS_BEFORE_WHOLE` lookups, or a change)."""
        if self._stored is not None:
            self._asked += 1
            if self._asked > LOOKUPS_BEFORE_WHOLE:
                self.whole()
        return self._stored

    def whole(self) -> None:
        """Make the lists of a stored table (nothing to do for any other)."""
        stored = self._stored
        if stored is not None:
            self._ids, self._kinds = stored.whole()
            self._index = dict(zip(self._ids, range(len(self._ids))))
            self._stored = None

    def __len__(self) -> int:
        return len(self._ids) if self._stored is None else len(self._stored)

    def __contains__(self, node: object) -> bool:
        return node in self.index

    def add(self, node: str, kind: str) -> int:
        """Return the slot of a node, giving it one (its old one if it had one) when it is new."""
        self.whole()
        slot = self._index.get(node)
        if slot is not None:
            return slot
        slot = self._free.pop(node, None)
        if slot is None:
            slot = len(self._ids)
            self._ids.append(node)
            self._kinds.append(kind)
        else:
            self._kinds[slot] = kind
        self._index[node] = slot
        self._alive = None
        return slot

    def remove(self, node: str) -> None:
        """Remove a node, keeping its slot for its return."""
        self.whole()
        slot = self._index.pop(node, None)
        if slot is not None:
            self._free[node] = slot
            self._alive = None

    def alive(self) -> NDArray[np.bool_]:
        """Return a mask of the live slots."""
        if self._alive is None and self._stored is not None:
            self._alive = np.ones(len(self._stored), dtype=np.bool_)
        if self._alive is None:
            mask = np.zeros(len(self._ids), dtype=np.bool_)
            mask[np.fromiter(self._index.values(), dtype=np.int64, count=len(self._index))] = True
            self._alive = mask
        return self._alive

    def live(self) -> list[int]:
        """Return the live slots in slot order."""
        return np.flatnonzero(self.alive()).tolist()


class _Column(Sequence[str]):
    """One column of a stored table (its ids or its kinds), each entry read on its own until the
    table makes its lists (then read from them)."""

    __slots__ = ("_table", "_lists", "_at")

    def __init__(self, table: NodeTable, lists: Callable[[], list[str]], at: Callable[[StoredNodes, int], str]) -> None:
        self._table = table
        self._lists = lists
        """The table's list of the column, once made (read after :meth:`NodeTable.whole`)."""
        self._at = at
        """One entry read from the stored columns."""

    def __len__(self) -> int:
        return len(self._table)

    @overload
    def __getitem__(self, slot: int) -> str: ...
    @overload
    def __getitem__(self, slot: slice) -> Sequence[str]: ...
    def __getitem__(self, slot: int | slice) -> str | Sequence[str]:
        if isinstance(slot, slice):
            self._table.whole()
            return self._lists()[slot]
        stored = self._table.one()
        return self._lists()[slot] if stored is None else self._at(stored, as_int(slot))

    def __iter__(self) -> Iterator[str]:
        self._table.whole()
        return iter(self._lists())


class _Index(Mapping[str, int]):
    """A stored table's slots by id, each found in the columns (its dict once made)."""

    __slots__ = ("_table",)

    def __init__(self, table: NodeTable) -> None:
        self._table = table

    def __getitem__(self, node: str) -> int:
        stored = self._table.one()
        if stored is None:
            return self._table._index[node]
        slot = stored.slot_of(node)
        if slot is None:
            raise KeyError(node)
        return slot

    def __len__(self) -> int:
        return len(self._table)

    def __iter__(self) -> Iterator[str]:
        self._table.whole()
        return iter(self._table._index)
