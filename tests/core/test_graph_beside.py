"""A cold index builds its graph in a process of its own, beside the trigram postings: the result
must be the graph an in-process build gives, forked or spawned, and a failed process must not
lose the graph."""

from __future__ import annotations

import concurrent.futures
import sys
import threading
from pathlib import Path

import pytest

from maguyva_tui.core import indexer
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.indexer import update_index

FILES = 80  # over GRAPH_PROCESS_MIN_FILES


def make_repo(root: Path) -> Path:
    """A package where each module calls the one before it and ``core.helper``."""
    pkg = root / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "core.py").write_text("def helper(x):\n    return x\n")
    for i in range(FILES):
        before = f"from pkg.m{i - 1} import step{i - 1}\n" if i else ""
        call = f"    step{i - 1}(x)\n" if i else ""
        (pkg / f"m{i}.py").write_text(
            f"from pkg.core import helper\n{before}\n\ndef step{i}(x):\n{call}    return helper(x)\n"
        )
    return root


def summary_and_callers(root: Path, base: Path) -> tuple[dict[str, object], list[tuple[str, int]], dict[str, float]]:
    snap, summary = update_index(root, base)
    sites = sorted((s.path, s.line) for s in callers(snap.graph, "helper").sites)
    central = {p: snap.centrality.at(p, 1) for p in sorted(snap.files)}
    return summary.graph, sites, central


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "repo")


def in_process(root: Path, base: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[object, ...]:
    with monkeypatch.context() as m:
        m.setattr(indexer, "GRAPH_PROCESS_MIN_FILES", 10**9)
        return summary_and_callers(root, base)


def spy_on_processes(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Record the graph processes the indexer starts."""
    started: list[object] = []
    real = indexer._Build._start_graph

    def spy(self, gen, facts):  # type: ignore[no-untyped-def]
        started.append(real(self, gen, facts))
        return started[-1]

    monkeypatch.setattr(indexer._Build, "_start_graph", spy)
    return started


def test_the_graph_process_equals_the_in_process_one(repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started = spy_on_processes(monkeypatch)
    monkeypatch.setattr(indexer.threading, "active_count", lambda: 1)  # as the command line runs it
    beside = summary_and_callers(repo, tmp_path / "a")
    assert len(started) == 1 and started[0].child.returncode == 0  # type: ignore[attr-defined]
    stats, sites, _ = beside
    assert len(sites) == FILES and stats["nodes"]
    assert beside == in_process(repo, tmp_path / "b", monkeypatch)
    assert not list((tmp_path / "a").rglob(indexer.GRAPH_STATS))  # nothing left behind


def test_a_threaded_caller_starts_a_fresh_interpreter_instead_of_forking(repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started = spy_on_processes(monkeypatch)
    out: list[tuple[object, ...]] = []
    thread = threading.Thread(target=lambda: out.append(summary_and_callers(repo, tmp_path / "a")))
    thread.start()
    thread.join()
    assert len(started) == 1 and started[0].child is not None and started[0].child.returncode == 0  # type: ignore[attr-defined]
    assert out and out[0] == in_process(repo, tmp_path / "b", monkeypatch)


def test_a_graph_process_that_fails_is_replaced_by_an_in_process_build(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(indexer, "build_graph_files", _crash)
    monkeypatch.setattr(indexer, "_GRAPH_MAIN", "raise SystemExit(3)")  # the graph's own interpreter
    beside = summary_and_callers(repo, tmp_path / "a")
    assert beside == in_process(repo, tmp_path / "b", monkeypatch)
    _, again = update_index(repo, tmp_path / "a")  # what was published loads as it is
    assert again.rebuilt_because is None and again.parsed == 0


def _crash(gen: str, rows: object) -> None:
    raise SystemExit(3)


def test_an_update_after_a_graph_built_beside_follows_the_edit(repo: Path, tmp_path: Path) -> None:
    update_index(repo, tmp_path / "a")
    (repo / "pkg" / "m5.py").write_text("def step5(x):\n    return x\n")  # no longer calls helper
    snap, _ = update_index(repo, tmp_path / "a")
    paths = {s.path for s in callers(snap.graph, "helper").sites}
    assert "pkg/m5.py" not in paths and len(paths) == FILES - 1


class _NoFileno:
    """A stream like the one a running Textual app puts in place of ``sys.stderr``."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass

    def fileno(self) -> int:
        return -1


def test_the_ui_with_its_streams_redirected_still_builds_beside(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = spy_on_processes(monkeypatch)
    monkeypatch.setattr("sys.stderr", _NoFileno())
    monkeypatch.setattr("sys.stdout", _NoFileno())
    out: list[tuple[object, ...]] = []
    thread = threading.Thread(target=lambda: out.append(summary_and_callers(repo, tmp_path / "a")))
    thread.start()
    thread.join()
    monkeypatch.undo()
    assert started and started[0] is not None and started[0].child.returncode == 0  # type: ignore[attr-defined]
    assert out and out[0] == in_process(repo, tmp_path / "b", monkeypatch)


def test_a_fresh_interpreter_that_fails_is_replaced_by_an_in_process_build(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(indexer, "_GRAPH_MAIN", "import sys; sys.exit(3)")
    out: list[tuple[object, ...]] = []
    thread = threading.Thread(target=lambda: out.append(summary_and_callers(repo, tmp_path / "a")))
    thread.start()
    thread.join()
    assert out and out[0] == in_process(repo, tmp_path / "b", monkeypatch)
    _, again = update_index(repo, tmp_path / "a")
    assert again.rebuilt_because is None and again.parsed == 0


def test_parsing_workers_start_under_the_app_whatever_the_start_method(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """macOS and Python 3.14 spawn (or forkserver) workers by default; under the app's
    redirected streams that must still work, in the pool."""
    import multiprocessing

    pools: list[object] = []
    real_pool = concurrent.futures.ProcessPoolExecutor

    def counting_pool(*args, **kwargs):  # type: ignore[no-untyped-def]
        pools.append(kwargs.get("mp_context"))
        return real_pool(*args, **kwargs)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", counting_pool)  # what a build imports
    monkeypatch.setattr(indexer, "_pool_context", lambda: multiprocessing.get_context("spawn"))
    monkeypatch.setattr("sys.stderr", _NoFileno())
    out: list[object] = []
    thread = threading.Thread(target=lambda: out.append(update_index(repo, tmp_path / "a")[1]))
    thread.start()
    thread.join()
    monkeypatch.undo()
    assert len(pools) == 1 and out and out[0].parsed == FILES + 2  # type: ignore[attr-defined]
    assert isinstance(sys.stderr, type(sys.__stderr__)) or sys.stderr is not None  # streams given back


def test_no_worker_processes_means_parsing_here(repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_pool(*args: object, **kwargs: object) -> object:
        raise OSError("no processes in this sandbox")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)
    snap, summary = update_index(repo, tmp_path / "a")
    assert summary.parsed == FILES + 2
    assert len(callers(snap.graph, "helper").sites) == FILES
