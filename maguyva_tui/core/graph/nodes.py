"""Node ids and the integer slots every array of the graph refers to them by.

A node is a file (its path) or a symbol (``path::qualname``). A removed node keeps its slot, so
that the sites of other files that still point at it stay valid when it comes back (an edited
file); slots are compacted when the graph is stored.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

FILE_KIND = "file"
"""The kind of a file node (a symbol node has its symbol's kind)."""


class NodeTable:
    """Node ids, their kinds, and the slot of each live node."""

    __slots__ = ("_alive", "_free", "ids", "index", "kinds")

    def __init__(self) -> None:
        self.ids: list[str] = []
        """Slot to node id (removed nodes included)."""
        self.kinds: list[str] = []
        """Slot to node kind: ``file`` or the symbol's kind."""
        self.index: dict[str, int] = {}
        """Live node id to slot."""
        self._free: dict[str, int] = {}
        self._alive: NDArray[np.bool_] | None = None

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
        table.ids, table.kinds, table.index = ids, kinds, index
        return table

    def __len__(self) -> int:
        return len(self.ids)

    def __contains__(self, node: object) -> bool:
        return node in self.index

    def add(self, node: str, kind: str) -> int:
        """Return the slot of a node, giving it one (its old one if it had one) when it is new."""
        slot = self.index.get(node)
        if slot is not None:
            return slot
        slot = self._free.pop(node, None)
        if slot is None:
            slot = len(self.ids)
            self.ids.append(node)
            self.kinds.append(kind)
        else:
            self.kinds[slot] = kind
        self.index[node] = slot
        self._alive = None
        return slot

    def remove(self, node: str) -> None:
        """Remove a node, keeping its slot for its return."""
        slot = self.index.pop(node, None)
        if slot is not None:
            self._free[node] = slot
            self._alive = None

    def alive(self) -> NDArray[np.bool_]:
        """Return a mask of the live slots."""
        if self._alive is None:
            mask = np.zeros(len(self.ids), dtype=np.bool_)
            mask[np.fromiter(self.index.values(), dtype=np.int64, count=len(self.index))] = True
            self._alive = mask
        return self._alive

    def live(self) -> list[int]:
        """Return the live slots in slot order."""
        return np.flatnonzero(self.alive()).tolist()
