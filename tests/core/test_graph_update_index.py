"""An index updated file by file (changed, added, removed files) answers graph questions and ranks
by centrality as an index built anew from the same tree: the graph read back from each generation."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from maguyva_tui.core.graph.queries import callees, callers, impact
from maguyva_tui.core.indexer import open_snapshot, update_index
from maguyva_tui.core.store.snapshot import Snapshot
from tests.core.test_graph_update_stored import VERSIONS

STEPS = (
    (("p/b.py", 1), ("q/d.py", 1), ("p/a.py", 2)),
    (("p/c.py", 2), ("p/__init__.py", 2), ("q/d.py", 2), ("p/b.py", 2)),
    (("p/a.py", 3), ("p/a.py", 1), ("p/c.py", 1)),
)
"""Edits applied one update at a time: (file, version of ``VERSIONS``; ``None`` removes it)."""


def answers(snapshot: Snapshot) -> tuple[object, ...]:
    """The graph's answers and the centrality table of a generation, as a later process reads them."""
    graph = snapshot.graph
    names = sorted({node.split("::", 1)[1].rsplit(".", 1)[-1] for node in graph.symbols})
    asked = [(name, list(callers(graph, name).sites), callees(graph, name),
              [replace(d, centrality=round(d.centrality, 6)) for d in impact(graph, name).dependents])
             for name in names]
    table = snapshot.centrality.files
    ranks = {path: (round(table[path][0], 6), tuple((a, b, round(c, 6)) for a, b, c in table[path][1]))
             for path in table}
    order = sorted(ranks, key=lambda path: (-ranks[path][0], path))
    return asked, graph.stats, ranks, order


def write(root: Path, files: dict[str, str | None]) -> None:
    """Make the tree hold these files (a changed one replaced, as editors save)."""
    for rel, text in files.items():
        path = root / rel
        if text is None:
            path.unlink(missing_ok=True)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        new = path.with_name(path.name + ".new")
        new.write_text(text)
        os.replace(new, path)


@pytest.mark.parametrize("steps", STEPS)
def test_an_index_updated_file_by_file_answers_as_one_built_anew(tmp_path: Path, steps: tuple[tuple[str, int], ...]
                                                                 ) -> None:
    root = tmp_path / "repo"
    current = {path: versions[0] for path, versions in VERSIONS.items()}
    write(root, current)
    update_index(root, tmp_path / "updated")
    for path, choice in steps:
        current[path] = VERSIONS[path][choice % len(VERSIONS[path])]
        write(root, {path: current[path]})
        update_index(root, tmp_path / "updated")
    fresh, _ = update_index(root, tmp_path / "fresh")
    assert answers(open_snapshot(root, tmp_path / "updated")) == answers(open_snapshot(root, tmp_path / "fresh"))
