"""The resident server's filler: a niced child process fills the transformer tier while the server
idles, and the server ranks what it saves; a filler killed midway leaves a store that opens whole.

Slow: each starts real processes running the local model."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from maguyva_tui.core.embed.store import VectorStore
from maguyva_tui.core.engine import Engine
from maguyva_tui.resident.command import ask
from maguyva_tui.resident.filler import FILL_ENV
from tests.test_resident_server import pid_alive, run, server_env, short_dir, socket_of  # noqa: F401 - short_dir: a fixture

FILL_WAIT_S = 240.0


def _model_ready() -> bool:
    from maguyva_tui.core.embed.provider import missing_local_package

    return missing_local_package() is None


pytestmark = [pytest.mark.slow, pytest.mark.skipif(not _model_ready(), reason="the local model is not installed")]


def test_a_server_fills_the_transformer_tier_in_a_child_and_ranks_what_it_saves(
        polyglot: Path, tmp_path: Path, short_dir: Path) -> None:  # noqa: F811
    env = server_env(short_dir)
    env.pop(FILL_ENV, None)
    env.pop("VOYAGE_API_KEY", None)
    index = tmp_path / "index"
    folder, path = socket_of(polyglot, index, env)
    started = run(["server", "start", "--repo", str(polyglot), "--index-dir", str(index)], env, polyglot)
    assert started.returncode == 0, started.stderr
    try:
        seen: list[float] = []
        deadline = time.monotonic() + FILL_WAIT_S
        while time.monotonic() < deadline:
            status = ask(folder, path, "status")
            assert status is not None, "the server is gone"
            seen.append(status["semantic_tiers"]["transformer"])
            if seen[-1] == 1.0 and not status["filling"]:
                break
            time.sleep(0.5)
        assert seen[-1] == 1.0, f"the transformer tier's coverage as the server read it: {seen[-20:]}"
        assert seen[0] < 1.0
        shown = run(["server", "status", "--repo", str(polyglot), "--index-dir", str(index)], env, polyglot)
        assert "semantic static 100%, transformer 100%" in shown.stdout
        found = run(["search", "--json", "--index-dir", str(index), "--modality", "semantic", "load the settings"],
                    env, polyglot)
        assert found.returncode == 0, found.stderr
        assert json.loads(found.stdout)["semantic_tiers"]["transformer"] == 1.0
        after = ask(folder, path, "status")
        assert after is not None and after["searches"] >= 1, "answered by the server"
        log = Path(path[: -len(".sock")] + ".log").read_text()
        assert "filling the transformer tier in the background" in log and "the filler ended" in log
        filler = int(re.findall(r"filler pid (\d+)", log)[-1])
    finally:
        run(["server", "stop", "--repo", str(polyglot), "--index-dir", str(index)], env, polyglot)
    assert not pid_alive(filler)


def test_a_filler_killed_midway_leaves_a_store_that_opens_whole(polyglot: Path, tmp_path: Path) -> None:
    index = tmp_path / "index"
    engine = Engine(polyglot, index)
    engine.refresh()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop(FILL_ENV, None)
    env.pop("VOYAGE_API_KEY", None)
    argv = [sys.executable, "-m", "maguyva_tui.resident.filler", str(polyglot), str(index), str(os.getpid())]
    for delay in (1.0, 2.5):  # killed at once, and once the model runs
        child = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        child.wait(30)
        store = engine.vector_store()
        opened = VectorStore(store.folder.parent, store.provider_id, store.dim, store.keep_floats, store.int8)
        assert opened.reset_reason is None, opened.reset_reason
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=FILL_WAIT_S, check=False)
    assert done.returncode == 0, done.stderr
    assert "done: embedded" in done.stderr
    engine.pick_up_vectors()
    assert engine.coverage().transformer == 1.0
    assert engine.vector_store().segment_count == 1  # merged at the end of the pass
    assert not list(engine.vector_store().folder.glob(".*.tmp*"))
    engine.close()
