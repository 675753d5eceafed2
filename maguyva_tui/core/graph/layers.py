"""Where each file's facts come from: the index's facts (after ``attach``), then each update's.

The graph never copies facts: it keeps the mappings it was given and, per file, which one holds
its current facts; a file is read (as a ``Source`` of rows) only when an update resolves it, and
only the file read last is kept: a build reads each file three times (its tables, its bases, its
sites), and keeping every file's rows until the end held every reference of the repository as
tuples at once (the graph process's largest part on a 450 MB corpus).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from maguyva_tui.core.graph.tables import Source, read_source
from maguyva_tui.core.types import FileFacts


class FactLayers:
    """The mappings facts came from, and the one holding each file's current facts."""

    __slots__ = ("_last", "_layer_of", "_layers")

    def __init__(self) -> None:
        self._layers: list[Mapping[str, FileFacts] | None] = []
        self._layer_of: dict[str, int] = {}
        self._last: Source | None = None
        """The file read last (its tables and its nodes are made from one reading)."""

    def attach(self, facts: Mapping[str, FileFacts], paths: Iterable[str]) -> None:
        """Read these files from the index's facts from now on."""
        self._layers = [facts]
        self._layer_of = {path: 0 for path in paths}
        self._last = None

    def add(self, changed: Mapping[str, FileFacts]) -> None:
        """Read the files of an update from its mapping from now on."""
        self._layers.append(changed)
        for path in changed:
            self._layer_of[path] = len(self._layers) - 1
        self._last = None

    def forget(self, path: str) -> None:
        """Stop reading a file."""
        self._layer_of.pop(path, None)
        if self._last is not None and self._last.path == path:
            self._last = None

    def layer(self, path: str) -> Mapping[str, FileFacts] | None:
        """Return the mapping holding a file's current facts."""
        at = self._layer_of.get(path)
        return self._layers[at] if at is not None else None

    def source(self, path: str) -> Source | None:
        """Return a file's facts as rows (kept until another file is read, or ``settle``)."""
        found = self._last
        if found is None or found.path != path:
            layer = self.layer(path)
            if layer is None or path not in layer:
                return None
            found = self._last = read_source(layer, path)
        return found

    def settle(self) -> None:
        """End an update: drop the rows read and the mappings no file's facts come from any more."""
        self._last = None
        used = set(self._layer_of.values())
        self._layers = [layer if i in used else None for i, layer in enumerate(self._layers)]

    def detach(self) -> None:
        """Let go of every mapping (no file is read any more, until ``attach``)."""
        self._layers, self._layer_of, self._last = [], {}, None

    def __contains__(self, path: object) -> bool:
        return path in self._layer_of


class FactsView(Mapping[str, FileFacts]):
    """The facts of every file of a graph, read through to the mappings they came from."""

    def __init__(self, layers: FactLayers, paths: Mapping[str, object], attached: bool) -> None:
        self._layers = layers
        self._paths = paths
        self._attached = attached

    def __getitem__(self, path: str) -> FileFacts:
        layer = self._layers.layer(path)
        if layer is None:
            raise KeyError(path)
        return layer[path]

    def __iter__(self) -> Iterator[str]:
        return iter(self._paths if self._attached else ())

    def __len__(self) -> int:
        return len(self._paths) if self._attached else 0

    def __contains__(self, path: object) -> bool:
        return path in self._layers
