"""A search the resident server answered after waiting for another build of the index says so.

Found by helper-260 (2026-12-05), left then, fixed by helper-297: the server refreshes before it
runs the command, and that refresh's wait (3 s, ``indexer.ANSWER_WAIT_S``) was nowhere in the
answer: "1 result in 2.4 ms" after 3.6 s, where the same search in process says "(after waiting
for another build of the index: 3.6 s)" (and, after an edit, "(after updating 1 file: ...)").
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from maguyva_tui.core.indexer import index_folder
from maguyva_tui.core.store.lock import index_lock

REPO = Path(__file__).resolve().parent.parent


def _run(argv: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "maguyva_tui", *argv], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=120, check=False)


@contextmanager
def serving(files: dict[str, str]) -> Iterator[tuple[Path, Path, dict[str, str]]]:
    """A repository of these files, its index and a resident server answering for it (its socket in
    a short folder); the server stopped and everything removed after."""
    folder = Path(tempfile.mkdtemp(prefix="mw-", dir="/tmp"))
    root, base = folder / "repo", folder / "ix"
    root.mkdir()
    for name, text in files.items():
        (root / name).write_text(text)
    env = {**os.environ, "XDG_RUNTIME_DIR": str(folder), "MAGUYVA_INDEX_DIR": str(base)}
    env.pop("MAGUYVA_NO_SERVER", None)
    assert _run(["index", str(root), "--no-semantic"], env).returncode == 0
    started = _run(["server", "start", "--repo", str(root), "--idle", "120"], env)
    assert started.returncode == 0, started.stderr
    try:
        yield root, base, env
    finally:
        _run(["server", "stop", "--repo", str(root)], env)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def served() -> Iterator[tuple[Path, Path, dict[str, str]]]:
    """A repository, its index and a resident server answering for it."""
    with serving({"a.py": "def alpha():\n    return 1\n"}) as made:
        yield made


@pytest.mark.slow  # a server started, a 3 s wait (about 8 s)
def test_a_search_the_server_answers_after_waiting_for_another_build_says_it_waited(
        served: tuple[Path, Path, dict[str, str]]) -> None:
    root, base, env = served
    held, done = threading.Event(), threading.Event()

    def other_build() -> None:
        with index_lock(index_folder(root.resolve(), base.resolve())):
            held.set()
            done.wait(30)

    other = threading.Thread(target=other_build, daemon=True)
    other.start()
    assert held.wait(10)
    try:
        (root / "a.py").write_text("def alpha():\n    return 2\n")
        answer = _run(["search", "--repo", str(root), "--modality", "text", "alpha"], env)
        as_json = _run(["search", "--repo", str(root), "--modality", "text", "--json", "alpha"], env)
    finally:
        done.set()
        other.join(10)
    assert answer.returncode == 0, answer.stderr
    count = [line for line in answer.stdout.splitlines() if " in " in line and "result" in line]
    assert len(count) == 1 and "(after waiting for another build of the index: " in count[0], answer.stdout
    assert '"waited": true' in as_json.stdout, as_json.stdout
