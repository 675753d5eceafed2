"""``maguyva search`` and ``graph`` end their process once the answer is printed: the interpreter's
teardown of an opened index is not waited for, unless something is still running."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

RUN = """
import atexit, sys
atexit.register(lambda: print("teardown ran", file=sys.stderr, flush=True))
from maguyva_tui.__main__ import main
sys.argv[1:] = {argv!r}
sys.exit(main())
"""


def _run(argv: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MAGUYVA_NO_SERVER": "1"}  # the index: the test's own $MAGUYVA_INDEX_DIR
    return subprocess.run([sys.executable, "-c", RUN.format(argv=argv)], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=120)


@pytest.mark.parametrize("argv", [["search", "parse_config", "--json"], ["graph", "callers", "parse_config", "--json"]])
def test_a_search_or_graph_answer_is_printed_whole_and_the_teardown_skipped(
    indexed_polyglot: Path, tmp_path: Path, argv: list[str]
) -> None:
    done = _run([*argv, "--repo", str(indexed_polyglot)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)  # flushed whole before the process ended
    assert "teardown ran" not in done.stderr


def test_a_missing_symbol_keeps_its_exit_status(indexed_polyglot: Path, tmp_path: Path) -> None:
    done = _run(["search", "def no_such_symbol_here", "--repo", str(indexed_polyglot)], tmp_path)
    assert done.returncode == 2 and "no symbol named" in done.stderr
    assert "teardown ran" not in done.stderr


def test_a_thread_still_running_is_waited_for() -> None:
    from maguyva_tui.__main__ import _nothing_left

    assert _nothing_left()
    release = threading.Event()
    busy = threading.Thread(target=release.wait, name="saving")
    busy.start()
    try:
        assert not _nothing_left()
    finally:
        release.set()
        busy.join()
    assert _nothing_left()
