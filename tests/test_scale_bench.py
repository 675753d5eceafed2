"""The scale benchmark's arithmetic and the indexing fan-out's scheduling (issue 21.4).

The projection to 100 GB and its table, the schedule the 2-worker bound is read from, and
``core/workspace/fanout.py`` (largest first, at most N tasks in flight, one core per task) with
no cluster; one ``slow`` test indexes on a real one-node cluster with one worker and with two.
"""

from __future__ import annotations

import concurrent.futures
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from bench.scale import Node, PerMB, fit, makespan, project, table
from maguyva_tui.core import indexer
from maguyva_tui.core.workspace.fanout import largest_first, one_core, source_bytes, submit_bounded
from tests.conftest import FIXTURE

RATE = PerMB(index_mb=2.0, warm_mb=4.0, shard_mb=100.0, cpu_s=1.8, chunks=300.0, embed_cpu_s_per_chunk=0.05)
NODE = Node(cores=32, memory_gb=256)


def test_the_projection_scales_each_rate_to_the_code_and_packs_nodes_by_memory() -> None:
    p = project(RATE, 100, 1024, NODE, efficiency=0.9)
    assert p.shards == 100 and p.index_gb == pytest.approx(200)
    assert p.warm_gb == pytest.approx(400 + 100 * 100 / 1024)  # the slope's, then each shard's own
    assert p.nodes == 3  # 409.8 GB over 256 GB x 0.8 usable = 2.0 nodes
    assert p.index_core_hours == pytest.approx(1.8 * 102_400 / 3600)
    assert p.embed_core_hours == pytest.approx(0.05 * 300 * 102_400 / 3600)
    assert p.index_hours == pytest.approx(p.index_core_hours / (3 * 32 * 0.9))
    assert p.embed_hours == pytest.approx(p.embed_core_hours / (3 * 32 * 0.9))


def test_many_small_repositories_cost_each_shard_its_own_memory() -> None:
    few, many = project(RATE, 100, 1024, NODE, 1.0), project(RATE, 100, 1, NODE, 1.0)
    assert many.shards == 102_400 and many.warm_gb - few.warm_gb == pytest.approx((102_400 - 100) * 100 / 1024)
    assert many.nodes > few.nodes and many.index_core_hours == few.index_core_hours


def test_a_small_workspace_still_needs_one_node_and_an_unmeasured_rate_stays_unsaid() -> None:
    rate = PerMB(index_mb=2.0, warm_mb=0.001, shard_mb=0.0, cpu_s=1.0, chunks=10.0)
    p = project(rate, 1, 2048, NODE, efficiency=1.0)
    assert p.nodes == 1 and p.shards == 1 and p.embed_core_hours is None and p.embed_hours is None
    assert "transformer" not in table(rate, p, 2048, NODE, 1.0)


def test_the_table_is_markdown_with_each_rate_beside_its_total() -> None:
    text = table(RATE, project(RATE, 100, 1024, NODE, efficiency=0.9), 1024, NODE, 0.9)
    lines = text.splitlines()
    assert lines[0] == "| figure | per MB of code | 100 GB of code |" and lines[1] == "|---|---|---|"
    assert all(line.startswith("| ") and line.endswith(" |") and line.count(" | ") == 2 for line in lines[2:])
    rows = {line.split(" | ")[0].removeprefix("| "): line.split(" | ")[1:] for line in lines[2:]}
    assert rows["index on disk"] == ["2.00 MB", "200 GB |"]
    assert rows["shards (repositories of 1024 MB)"] == ["", "100 |"]
    assert rows["warm shard memory"] == ["4.00 MB + 100 MB a shard", "410 GB |"]
    assert rows["indexing CPU (default index)"] == ["1.80 CPU-s", "51.2 core-hours |"]
    assert rows["transformer embedding CPU"] == ["15.0 CPU-s", "427 core-hours |"]
    assert rows["nodes of 32 cores, 256 GB (80% for shards)"] == ["", "3 |"]
    assert rows["default index on those nodes (90% of each core)"] == ["", "0.59 h |"]


def test_the_fitted_line_goes_through_points_on_a_line_and_a_lone_point_has_no_slope() -> None:
    assert fit([1.0, 2.0, 4.0], [13.0, 16.0, 22.0]) == pytest.approx((3.0, 10.0))
    assert fit([2.0, 2.0], [5.0, 7.0]) == (0.0, 6.0)


def test_the_schedule_starts_each_task_on_the_first_worker_free() -> None:
    tasks = [5.0, 4.0, 3.0, 3.0, 2.0, 2.0, 1.0]
    assert makespan(tasks, 1) == sum(tasks)
    assert makespan(tasks, 2) == 10.0  # largest first balances them exactly
    assert makespan([1.0, 1.0, 8.0], 2) == 9.0  # the large one last: a worker idles 7 s
    assert makespan([2.0], 4) == 2.0


def test_largest_first_orders_by_size_and_keeps_ties_in_the_order_given() -> None:
    sizes = {"a": 10, "b": 30, "c": 10, "d": 20}
    assert largest_first(list(sizes), sizes.__getitem__) == [1, 3, 0, 2]
    assert largest_first([], sizes.__getitem__) == []


def test_source_bytes_counts_files_but_not_version_control(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.py").write_bytes(b"x" * 100)
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "pack").write_bytes(b"y" * 1000)
    assert source_bytes(str(tmp_path)) == 100
    assert source_bytes(str(tmp_path / "gone")) == 0


class FakeRay:
    """Tasks that finish in the order they started, one each time ``wait`` is called."""

    def __init__(self) -> None:
        self.running: list[int] = []
        self.most = 0

    def start(self, n: int) -> int:
        self.running.append(n)
        self.most = max(self.most, len(self.running))
        return n

    def wait(self, refs: list[int], num_returns: int) -> tuple[list[int], list[int]]:
        assert num_returns == 1 and refs == self.running
        self.running.pop(0)
        return refs[:1], refs[1:]


@pytest.mark.parametrize(("workers", "most"), [(1, 1), (2, 2), (3, 3), (8, 5), (None, 5)])
def test_at_most_workers_tasks_run_at_once_and_references_come_back_in_order(workers: int | None, most: int) -> None:
    ray = FakeRay()
    refs = submit_bounded(ray, [lambda n=n: ray.start(n) for n in range(5)], workers)  # type: ignore[misc]
    assert refs == [0, 1, 2, 3, 4] and ray.most == most


def test_zero_workers_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        submit_bounded(FakeRay(), [lambda: 0, lambda: 1], 0)


def test_one_core_builds_in_this_process_and_restores_the_indexer_after(monkeypatch: pytest.MonkeyPatch) -> None:
    before = indexer.PARALLEL_MIN_FILES, indexer.GRAPH_PROCESS_MIN_FILES
    with one_core():
        assert indexer.PARALLEL_MIN_FILES == indexer.GRAPH_PROCESS_MIN_FILES == sys.maxsize
    assert (indexer.PARALLEL_MIN_FILES, indexer.GRAPH_PROCESS_MIN_FILES) == before
    with pytest.raises(RuntimeError), one_core():
        raise RuntimeError("a failed build")
    assert (indexer.PARALLEL_MIN_FILES, indexer.GRAPH_PROCESS_MIN_FILES) == before


def test_one_core_holds_blas_to_one_thread() -> None:
    threadpoolctl = pytest.importorskip("threadpoolctl")
    import numpy  # noqa: F401 - loads the BLAS whose threads are counted

    with one_core():
        blas = [p for p in threadpoolctl.threadpool_info() if p["user_api"] == "blas"]
        assert blas and all(p["num_threads"] == 1 for p in blas)


def test_one_core_starts_no_process_and_gives_the_index_a_pool_gives(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    pooled, _ = indexer.update_index(FIXTURE, tmp_path / "pooled")

    def no_process(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a process was started")

    monkeypatch.setattr(indexer, "PARALLEL_MIN_FILES", 2)  # the fixture is small: a pool and a graph process
    monkeypatch.setattr(indexer, "GRAPH_PROCESS_MIN_FILES", 2)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_process)  # what a build imports
    monkeypatch.setattr(indexer._Beside, "start", no_process)
    with pytest.raises(AssertionError, match="a process was started"):
        indexer.update_index(FIXTURE, tmp_path / "would-fork")
    with one_core():
        alone, _ = indexer.update_index(FIXTURE, tmp_path / "alone")
    assert sorted(alone.files) == sorted(pooled.files) and len(alone.files) > 10


@pytest.mark.slow
@pytest.mark.cluster
def test_indexing_with_one_worker_and_with_two_gives_the_same_answers_in_the_order_given(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    from maguyva_tui.core.workspace.cluster import LOCAL, connect, index_on_cluster

    repos = [tmp_path / "web", tmp_path / "poly", tmp_path / "app"]
    shutil.copytree(FIXTURE / "web", repos[0])
    shutil.copytree(FIXTURE, repos[1])
    shutil.copytree(FIXTURE / "app", repos[2])
    cluster = connect(LOCAL)
    try:
        answers: list[list[Any]] = []
        for workers in (1, 2):
            done = index_on_cluster(cluster, [str(r) for r in repos], tmp_path / f"idx{workers}", workers=workers)
            assert [d.error for d in done] == [None, None, None]
            assert [d.summary and d.summary["root"] for d in done] == [str(r.resolve()) for r in repos]
            assert all(d.summary and d.summary["cpu_seconds"] > 0 for d in done)
            answers.append([(d.summary or {})["files"] for d in done])
        assert answers[0] == answers[1] and answers[0][1] == max(answers[0])
    finally:
        cluster.close()
