"""The graph's stored form without what is made again where it is read (issue 19: index <= 1 x
the corpus): the order of its sites by target (sorted as the graph is read), and its columns that
change little from one site to the next stored as steps or runs; every answer as built."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.graph import persist, queries
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.sites import by_target
from maguyva_tui.core.store.npz import mapped_npz
from tests.core.test_graph_open import NAMES, built, facts


def test_a_stored_graph_keeps_no_order_of_its_sites_and_answers_callers_as_built(tmp_path: Path) -> None:
    graph = built()
    graph.save(tmp_path / "graph.npz")
    assert "sites.order" not in mapped_npz(tmp_path / "graph.npz")  # 1.27 MB of sympy's index
    opened = CodeGraph.open(tmp_path / "graph.npz", facts())
    assert opened.merged().order.tolist() == graph.merged().order.tolist()
    for name in NAMES:
        built_sites = [(s.path, s.line) for s in queries.callers(graph, name).sites]
        assert [(s.path, s.line) for s in queries.callers(opened, name).sites] == built_sites


def test_a_graphs_coded_columns_are_read_back_as_built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(persist, "CODED_LEAST", 0)  # coded wherever smaller: the small graph's too
    graph = built()
    graph.save(tmp_path / "graph.npz")
    stored = mapped_npz(tmp_path / "graph.npz")
    assert "sites.line.deltas" in stored and "sites.line" not in stored  # (a kind in runs: its own test)
    opened = CodeGraph.open(tmp_path / "graph.npz", facts())
    for path, block in graph.blocks.items():
        again = opened.blocks[path]
        for column in ("line", "source", "target", "kind"):
            assert getattr(again, column).tolist() == getattr(block, column).tolist()
    for path, block in graph.loose_blocks.items():
        again = opened.loose_blocks[path]
        assert (again.line.tolist(), again.kind.tolist(), again.outcome.tolist(), again.names) == (
            block.line.tolist(), block.kind.tolist(), block.outcome.tolist(), block.names)
    for name in NAMES:
        built_sites = [(s.path, s.line, s.kind) for s in queries.callers(graph, name).sites]
        assert [(s.path, s.line, s.kind) for s in queries.callers(opened, name).sites] == built_sites


@pytest.mark.parametrize("column", [
    np.cumsum(np.random.default_rng(1).integers(-200, 201, 9000)).astype(np.int32) + 40_000,  # steps, some wide
    np.repeat(np.arange(6, dtype=np.int8), 1500),  # runs
    np.random.default_rng(2).integers(0, 60_000, 9000).astype(np.uint16),  # neither: stored as it is
    np.zeros(0, np.int32)])
def test_a_coded_column_is_smaller_or_stored_as_it_is_and_decodes_to_itself(column: np.ndarray) -> None:
    stored = persist._coded("sites.line", column)
    assert sum(a.nbytes for a in stored.values()) <= column.nbytes
    again = persist.decoded(dict(stored))["sites.line"]
    assert again.dtype == column.dtype and again.tolist() == column.tolist()


def test_a_coded_column_whose_parts_disagree_is_refused() -> None:
    stored = persist._coded("sites.line", np.arange(9000, dtype=np.int32) * 3)
    stored["sites.line.at"] = stored["sites.line.at"] + 1
    with pytest.raises(ValueError):
        persist.decoded(stored)


@pytest.mark.parametrize(("dtype", "top"), [(np.uint16, 60_000), (np.int32, 60_000), (np.int32, 5_000_000),
                                            (np.int64, 1 << 31), (np.int32, 1)])
def test_the_sites_order_by_target_is_numpys_stable_order(dtype: type[np.generic], top: int) -> None:
    target = np.random.default_rng(7).integers(0, top, 20_000).astype(dtype)
    assert by_target(target).tolist() == np.argsort(target, kind="stable").tolist()
    assert by_target(target[:0]).tolist() == []


def test_a_graphs_ranks_are_stored_as_their_distinct_values_and_read_back_exactly(tmp_path: Path,
                                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(persist, "CODED_LEAST", 0)
    graph = built()
    graph.save(tmp_path / "graph.npz")
    stored = mapped_npz(tmp_path / "graph.npz")
    assert "rank.table" in stored and "rank" not in stored and len(stored["rank.table"]) < len(stored["rank.codes"])
    opened = CodeGraph.open(tmp_path / "graph.npz", facts())
    assert opened.rank == graph.rank and len(opened.rank) > 3


def test_ranks_keep_their_bits() -> None:
    ranks = np.array([0.25, -0.0, 0.0, 1e-300, 0.25, 0.0, -0.0] * 1000)
    again = persist.decoded(dict(persist._coded("rank", ranks)))["rank"]
    assert again.dtype == np.float64 and again.view(np.int64).tolist() == ranks.view(np.int64).tolist()
