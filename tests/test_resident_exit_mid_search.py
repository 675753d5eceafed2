"""A resident server that exits while a search is in flight (``server stop``, SIGTERM, idle, its
source files edited) answered that search from an engine it had closed under it: "maguyva:
internal error: RuntimeError: cannot schedule new futures after shutdown", status 1, and nothing
on stdout under ``--json`` (seen twice under load, unreproduced in 50 reruns each). It now lets the
searches in flight end before it closes the engine, and declines one that failed as it exits, so
its client asks again in process.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from maguyva_tui.resident.server import Server

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "polyglot"


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """A private folder with a short path (a Unix socket's path holds about 100 bytes)."""
    folder = Path(tempfile.mkdtemp(prefix="mx-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


class _ClosedEngine:
    """An engine whose thread pool was shut down, as :meth:`Server.close` leaves it."""

    def search(self, *_: object, **__: object) -> None:
        raise RuntimeError("cannot schedule new futures after shutdown")


def _server_on(engine: object, tmp_path: Path, closed: list[str] | None = None) -> Server:
    server = Server(str(tmp_path), "")
    server.live = SimpleNamespace(engine=engine, refresh_if_stale=lambda *_: None,  # type: ignore[assignment]
                                  close=lambda wait=0: closed.append("engine") if closed is not None else None)
    return server


def test_a_search_that_fails_as_the_server_exits_is_asked_again_in_process(tmp_path: Path) -> None:
    server = _server_on(_ClosedEngine(), tmp_path)
    argv = ["search", "decode salt", "--repo", str(tmp_path), "--json"]
    served = server.search(argv, ("utf-8", "utf-8"))
    assert served["handled"] and served["code"] == 1  # a server that runs says what failed, as in process
    server.stopping.set()  # it exits: the engine may have been closed under the search
    reply = server.search(argv, ("utf-8", "utf-8"))
    assert reply == {"handled": False, "why": "the server exits"}, reply


def test_a_server_that_exits_closes_its_engine_once_the_searches_in_flight_end(tmp_path: Path) -> None:
    order: list[str] = []
    server = _server_on(object(), tmp_path, order)
    with server._count:
        server._active = 1  # a search in flight, answered 0.1 s from now

    def answered() -> None:
        time.sleep(0.1)
        order.append("answered")
        with server._count:
            server._active -= 1

    threading.Thread(target=answered).start()
    server.close()
    assert order == ["answered", "engine"]


def test_a_server_exits_after_a_bounded_wait_for_a_search_that_never_ends(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from maguyva_tui.resident import server as server_module

    monkeypatch.setattr(server_module, "DRAIN_S", 0.05)
    order: list[str] = []
    server = _server_on(object(), tmp_path, order)
    server._active = 1
    started = time.monotonic()
    server.close()
    assert order == ["engine"] and time.monotonic() - started < 1.0


def test_a_search_that_fails_with_json_prints_the_error_object(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Its stdout had been empty (the internal error said on stderr alone): a script parsing it read
    nothing, where any refused search prints ``{"query", "error", "results": []}``."""
    from maguyva_tui import cli

    token = cli.WARM_ENGINE.set(_ClosedEngine())  # type: ignore[arg-type]
    try:
        code = cli.main(["search", "decode salt", "--repo", str(tmp_path), "--json"])
    finally:
        cli.WARM_ENGINE.reset(token)
    out, err = capsys.readouterr()
    assert code == 1
    assert json.loads(out) == {"query": "decode salt", "results": [], "error": "internal error in maguyva: "
                               "RuntimeError: cannot schedule new futures after shutdown"}
    assert err.count("\n") == 1 and "internal error: RuntimeError" in err


# -- under load: searches while a real server starts and stops ------------------------------------


def _maguyva(argv: list[str], env: dict[str, str], cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "maguyva_tui", *argv], cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.mark.slow
def test_every_search_answers_in_json_while_its_server_stops(tmp_path: Path, short_dir: Path) -> None:
    """Rounds of searches in flight while the server is stopped: each prints one whole JSON answer
    and exits 0 (or says why on one line, with the JSON error object), never an empty stdout."""
    repo = tmp_path / "repo"
    shutil.copytree(FIXTURE, repo)
    env = {**os.environ, "XDG_RUNTIME_DIR": str(short_dir), "MAGUYVA_INDEX_DIR": str(tmp_path / "idx")}
    env.pop("MAGUYVA_NO_SERVER", None)
    built = subprocess.run([sys.executable, "-m", "maguyva_tui", "index", str(repo), "--no-semantic"], env=env,
                           capture_output=True, text=True, timeout=300, check=False)
    assert built.returncode == 0, built.stderr
    queries = [["how is the config parsed"], ["what breaks if I change parse_config"], ["é", "--intent", "exact_match"]]
    bad: list[tuple[list[str], int, str, str]] = []
    for round_ in range(6):
        started = subprocess.run([sys.executable, "-m", "maguyva_tui", "server", "start", "--repo", str(repo)],
                                 env=env, capture_output=True, text=True, timeout=120, check=False)
        assert started.returncode == 0, started.stderr
        searches = [(q, _maguyva(["search", *q, "--repo", str(repo), "--json", "--limit", "3"], env, tmp_path))
                    for q in queries * 2]
        time.sleep(0.05 * round_)
        subprocess.run([sys.executable, "-m", "maguyva_tui", "server", "stop", "--repo", str(repo)], env=env,
                       capture_output=True, text=True, timeout=60, check=False)
        for query, search in searches:
            out, err = search.communicate(timeout=120)
            try:
                answer = json.loads(out)
                whole = search.returncode == 0 and "results" in answer or (
                    search.returncode != 0 and "error" in answer and len(err.strip().splitlines()) == 1)
            except ValueError:
                whole = False
            if not whole:
                bad.append((query, search.returncode, out[:200], err[:300]))
    assert not bad, bad
