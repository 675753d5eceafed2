"""The parsing pool started while another thread of the command is importing a module
(``core/indexer.py``): a workspace indexes its repositories on threads, the explorer and the MCP
server index on threads too. Forked from such a process (Python 3.11's default on Linux), a worker
got that module's import lock held by a thread it does not have, waited for it forever at the
first import of that module (the parser's modules are imported lazily, in the worker), and the
command waited for the worker forever at 0 % CPU ("maguyva search --repo A --repo B" hung for
10 minutes). Workers of a threaded process start from a single-threaded server now."""

from __future__ import annotations

import concurrent.futures
import importlib
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path

import pytest

from maguyva_tui.core import indexer


@pytest.mark.slow
def test_parsing_workers_of_a_threaded_process_do_not_inherit_a_held_import_lock(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "h397_slow_import.py").write_text("import time\ntime.sleep(1.0)\n")
    (tmp_path / "h397_parse_task.py").write_text(
        "def work(x):\n    import h397_slow_import\n    return x + 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    task = importlib.import_module("h397_parse_task")
    importing = threading.Thread(target=importlib.import_module, args=("h397_slow_import",))
    importing.start()  # another shard's thread, importing a module: it holds the module's lock
    try:
        time.sleep(0.3)
        pool = ProcessPoolExecutor(max_workers=1, mp_context=indexer._pool_context())
        try:
            started = time.monotonic()
            assert pool.submit(task.work, 1).result(timeout=8) == 2
            assert time.monotonic() - started < 8
        except FutureTimeout:
            pytest.fail("a parsing worker waited forever for an import lock copied from another thread")
        finally:
            for process in list(pool._processes.values()):  # a deadlocked worker never ends by itself
                process.kill()
            pool.shutdown(wait=True, cancel_futures=True)
    finally:
        importing.join()


class _ServerGone:
    """A pool whose fork server ended (killed) before it started a worker: ``multiprocessing``
    raises ``EOFError`` reading the worker's pid from it."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        pass

    def __enter__(self) -> _ServerGone:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def shutdown(self, *args: object, **kwargs: object) -> None:
        pass

    def submit(self, *args: object) -> None:
        raise EOFError("unexpected EOF")


@pytest.mark.slow  # an index built: 0.36 s
def test_a_fork_server_gone_parses_in_the_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    for n in range(3):
        (root / f"m{n}.py").write_text(f"def function_{n}():\n    return {n}\n")
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", _ServerGone)  # what a build imports
    monkeypatch.setattr(indexer, "PARALLEL_MIN_FILES", 2)
    monkeypatch.setattr(indexer.os, "cpu_count", lambda: 2)
    snapshot, _ = indexer.update_index(root, tmp_path / "ix")  # had been "internal error: EOFError: unexpected EOF"
    assert sorted(snapshot.files) == ["m0.py", "m1.py", "m2.py"]
