"""The centrality table made from columns equals the one made file by file, for a graph built in
memory, opened from disk, and opened then updated (changed, added and removed files)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.symbols import StoredRows, position
from maguyva_tui.core.graph.tables import symbol_id
from maguyva_tui.core.indexer import centrality_table
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.store.centrality import FUSION_SCALE, load_centrality, save_centrality
from maguyva_tui.core.types import FileFacts

POLYGLOT = Path(__file__).resolve().parents[1] / "fixtures" / "polyglot"


def polyglot() -> dict[str, FileFacts]:
    """The fixture repository's facts."""
    files = {p.relative_to(POLYGLOT).as_posix(): p for p in sorted(POLYGLOT.rglob("*")) if p.is_file()}
    found = {rel: analyze(rel, p.read_text()) for rel, p in files.items()}
    twice = "def f():\n    pass\n\n\nclass C:\n    pass\n\n\ndef f():\n    return C()\n"  # one node for two rows
    return {**found, "app/twice.py": analyze("app/twice.py", twice)}


def file_by_file(graph: CodeGraph) -> dict[str, tuple[float, tuple[tuple[int, int, float], ...]]]:
    """The table as it was made before: every file's rows decoded, sorted and looked up one by one."""
    rank, index = graph.slot_centrality(), graph.nodes.index

    def value(node: str) -> float:
        slot = index.get(node)
        return rank[slot] * FUSION_SCALE if slot is not None and slot < len(rank) else 0.0

    return {path: (value(path), tuple((r[3], r[4], value(symbol_id(path, r[1])))
                                      for r in sorted(graph.store.rows(path), key=position)))
            for path in graph.store.entries}


def as_columns(graph: CodeGraph) -> dict[str, tuple[float, tuple[tuple[int, int, float], ...]]]:
    """The table made from columns, read back file by file."""
    table = centrality_table(graph)
    return {path: table.files[path] for path in table.files}


def test_a_built_graphs_table_equals_the_file_by_file_one() -> None:
    graph = CodeGraph.build(polyglot())
    assert as_columns(graph) == file_by_file(graph)


def test_an_opened_then_updated_graphs_table_equals_the_file_by_file_one(tmp_path: Path) -> None:
    base = polyglot()
    built = CodeGraph.build(base)
    built.save(tmp_path / "graph.npz")
    graph = CodeGraph.open(tmp_path / "graph.npz", base)
    assert isinstance(graph.store.entries, StoredRows)
    assert as_columns(graph) == file_by_file(graph) == file_by_file(built)
    graph.attach(base)
    changed = {"app/config.py": analyze("app/config.py", "def parse_config(text):\n    return text\n\n\n"
                                        "class Extra:\n    def more(self):\n        return parse_config('x')\n"),
               "app/new_module.py": analyze("app/new_module.py", "from app.config import parse_config\n\n"
                                            "def use():\n    return parse_config('y')\n")}
    removed = [next(p for p in base if p.endswith(".go"))]
    every = {**{p: f for p, f in base.items() if p not in removed}, **changed}
    graph = build_graph(every, graph, changed, removed)
    expected = file_by_file(graph)
    assert as_columns(graph) == expected
    fresh = CodeGraph.build(every)
    assert {p: (round(v, 9), tuple((a, b, round(c, 9)) for a, b, c in s)) for p, (v, s) in expected.items()} == \
        {p: (round(v, 9), tuple((a, b, round(c, 9)) for a, b, c in s)) for p, (v, s) in file_by_file(fresh).items()}


def test_the_stored_slots_are_the_opened_graphs_node_slots(tmp_path: Path) -> None:
    CodeGraph.build(polyglot()).save(tmp_path / "graph.npz")
    graph = CodeGraph.open(tmp_path / "graph.npz", polyglot())
    entries = graph.store.entries
    assert isinstance(entries, StoredRows)
    file_slots, row_slots = entries.slots()
    paths = list(entries)
    assert file_slots.tolist() == [graph.nodes.index[p] for p in paths]
    expected = [graph.nodes.index[symbol_id(p, row[1])] for p in paths for row in graph.store.rows(p)]
    assert row_slots.tolist() == expected


def test_a_table_of_columns_is_saved_and_read_back_as_it_is(tmp_path: Path) -> None:
    graph = CodeGraph.build(polyglot())
    table = centrality_table(graph)
    save_centrality(tmp_path / "centrality.npz", table)
    loaded = load_centrality(tmp_path / "centrality.npz")
    assert {p: loaded.files[p] for p in loaded.files} == file_by_file(graph)
    assert np.array_equal(loaded.files.arrays["values"], table.files.arrays["values"])  # type: ignore[attr-defined]
