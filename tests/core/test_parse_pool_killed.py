"""``kill -9`` of a command while its parsing workers run (``core/indexer.py``): the workers, forked
with the index's ``LOCK`` open, had lived on (each waits on a pipe whose write end it holds too),
so every later search waited 600 s for the lock and failed with "another maguyva process is
indexing". They die with the command now."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from maguyva_tui.core.indexer import index_folder
from maguyva_tui.core.store.lock import LockTimeout, index_lock

BUILD = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path
    from maguyva_tui.core import indexer

    def slow(batch):
        os.write(1, f"parsing {os.getpid()}\\n".encode())  # one write: two workers' lines never mix
        time.sleep(60)

    indexer._analyze_batch = slow
    indexer.PARALLEL_MIN_FILES = 2
    indexer.PARSE_BATCH = 1
    os.cpu_count = lambda: 2
    indexer.update_index(Path(sys.argv[1]), Path(sys.argv[2]))
""")


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().split(") ")[1][0] != "Z"  # a zombie has died, its parent gone
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's parent-death signal is Linux's")
def test_parsing_workers_die_with_a_killed_command_and_free_the_lock(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    for n in range(4):
        (root / f"m{n}.py").write_text(f"def function_{n}():\n    return {n}\n")
    command = subprocess.Popen([sys.executable, "-c", BUILD, str(root), str(tmp_path / "ix")],
                               stdout=subprocess.PIPE, text=True, start_new_session=True)
    assert command.stdout is not None
    try:
        line = command.stdout.readline()  # a worker is parsing: the build holds the lock
        assert line.startswith("parsing"), line
        worker = int(line.split()[1])
        folder = index_folder(root.resolve(), tmp_path / "ix")
        with pytest.raises(LockTimeout), index_lock(folder, wait=0):
            pass
        os.kill(command.pid, signal.SIGKILL)
        command.wait(10)
        deadline = time.monotonic() + 10
        while _alive(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(worker)
        with index_lock(folder, wait=5):
            pass
    finally:  # the command and its workers are a process group of their own: none outlives the test
        with contextlib.suppress(ProcessLookupError):
            os.killpg(command.pid, signal.SIGKILL)
        command.wait(10)
