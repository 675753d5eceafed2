"""A stored graph is mapped, not read whole: its columns are read as touched, its per-file member
edges made when read, and changing them in the process never writes the file."""

from __future__ import annotations

import hashlib
import mmap
from pathlib import Path

import numpy as np

from maguyva_tui.core.graph import persist
from maguyva_tui.core.graph.model import CodeGraph
from tests.core.test_graph_open import built, facts


def _mapped(array: np.ndarray) -> bool:
    """Tell whether an array's memory is a map of a file (a view of one, as a member of a mapped
    archive is)."""
    base: object = array
    while isinstance(base, np.ndarray) and not isinstance(base, np.memmap):
        base = base.base
    if isinstance(base, memoryview):
        base = base.obj
    return isinstance(base, (mmap.mmap, np.memmap))


def test_an_opened_graphs_columns_are_mapped_copy_on_write(tmp_path: Path) -> None:
    built().save(tmp_path / "graph.npz")
    stored = (tmp_path / "graph.npz").read_bytes()
    state = persist.read(tmp_path / "graph.npz", facts())
    line = state["sites"]["line"]
    assert _mapped(line) and len(line)
    line[:] = 12345  # a column changed in the process (as an update may) ...
    del state, line
    assert hashlib.sha256((tmp_path / "graph.npz").read_bytes()).digest() == hashlib.sha256(stored).digest()


def test_an_opened_graphs_member_edges_are_made_when_read_and_answer_as_built(tmp_path: Path) -> None:
    graph = built()
    graph.save(tmp_path / "graph.npz")
    opened = CodeGraph.open(tmp_path / "graph.npz", facts())
    assert graph.members and not isinstance(opened.members, dict)  # per file, made on first read
    assert sorted(opened.members) == sorted(graph.members)
    for path, members in graph.members.items():
        assert opened.members[path].source.tolist() == members.source.tolist()
        assert opened.members[path].target.tolist() == members.target.tolist()
    edges, again = graph.edges(), opened.edges()
    assert (edges.source.tolist(), edges.target.tolist()) == (again.source.tolist(), again.target.tolist())
    assert opened.stats == graph.stats
