"""The resident search server and the lean client of ``maguyva search`` (issue 19).

Fast tests check the pieces (the peer check, the bounded request, a stale socket, the client's
imports). The slow ones start real servers in private folders, run the same searches through a
server and in process and compare stdout, stderr and exit status, edit a file after the server
started, let another uid knock, and watch servers exit by themselves; every server they start is
stopped (or killed) before they end.
"""

from __future__ import annotations

import ast
import contextlib
import fcntl
import json
import os
import pty
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest

from maguyva_tui.resident import client, place
from maguyva_tui.resident.server import Capture, CodeStamp, Server, peer_allowed, peer_uid, read_request
from maguyva_tui.resident.watch import WatchedFreshness

REPO = Path(__file__).resolve().parent.parent
FIXTURE = REPO / "tests" / "fixtures" / "polyglot"


def untimed(text: str) -> str:
    """Text with every figure that times a search replaced by ``T``: the only bytes in which two
    runs of one search may differ (``elapsed_ms``, ``timings_ms``, "... in 3.2 ms")."""
    text = re.sub(r'"elapsed_ms": [0-9.e+-]+', '"elapsed_ms": T', text)
    text = re.sub(r'"timings_ms": \{[^{}]*\}', lambda m: re.sub(r": [0-9.e+-]+", ": T", m.group()), text)
    return re.sub(r"\d+(\.\d+)? ms\b", "T ms", text)


def run(argv: list[str], env: dict[str, str], cwd: Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    """``python -m maguyva_tui ARGV`` as a user would run it."""
    return subprocess.run([sys.executable, "-m", "maguyva_tui", *argv], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300, check=False, **kwargs)  # type: ignore[call-overload]


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """A private folder with a short path (a Unix socket's path holds about 100 bytes)."""
    folder = Path(tempfile.mkdtemp(prefix="mr-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


# -- the pieces ------------------------------------------------------------------------------------


def test_the_peer_check_knows_its_own_user_and_refuses_others() -> None:
    left, right = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    with left, right:
        assert peer_uid(left) == os.getuid()
    assert peer_allowed(os.getuid())
    assert not peer_allowed(os.getuid() + 1)
    assert not peer_allowed(None)


def test_a_request_is_bounded_in_size() -> None:
    left, right = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    with left, right:
        right.sendall(b"x" * 2049)
        right.shutdown(socket.SHUT_WR)
        assert read_request(left, limit=2048) is None
    left, right = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    with left, right:
        right.sendall(b'{"v": 1}')
        right.shutdown(socket.SHUT_WR)
        assert read_request(left, limit=2048) == b'{"v": 1}'


def test_a_request_is_read_within_its_time_whole_not_a_read_at_a_time() -> None:
    # a client writing a byte every few seconds had held a request thread as long as it liked (8 bytes
    # over 24 s, each read within its 5 s), and 32 such clients every search: the bound is the request's
    left, right = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    stop = threading.Event()

    def trickle() -> None:
        with contextlib.suppress(OSError):
            for _ in range(25):  # half a second of writing, then the end
                if stop.wait(0.02):
                    return
                right.sendall(b" ")
            right.shutdown(socket.SHUT_WR)

    writer = threading.Thread(target=trickle)
    writer.start()
    started = time.monotonic()
    try:
        with pytest.raises(TimeoutError):
            read_request(left, within=0.1)
    finally:
        stop.set()
        writer.join()
        left.close()
        right.close()
    assert time.monotonic() - started < 1.0


def test_a_stale_socket_is_detected_and_removed(short_dir: Path) -> None:
    folder = short_dir / "run"
    assert place.make_private(str(folder))
    path = str(folder / "dead.sock")
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(path)
    dead.close()  # the file stays, nobody listens: what a killed server leaves
    assert os.path.exists(path)
    assert client.connect(str(folder), path) is None
    assert not os.path.exists(path)


def test_a_socket_whose_server_holds_its_lock_is_left_alone(short_dir: Path) -> None:
    folder = short_dir / "run"
    assert place.make_private(str(folder))
    path = str(folder / "starting.sock")
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(path)
    dead.close()
    lock = os.open(str(folder / "starting.lock"), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)  # a server starting up: it removes the socket itself
        assert client.connect(str(folder), path) is None
        assert os.path.exists(path)
    finally:
        os.close(lock)


def _server(short_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Server:
    """A server of the fixture repository, its runtime folder in ``short_dir`` (not started)."""
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(short_dir))
    return Server(str(FIXTURE), "")


def test_a_server_that_exits_removes_its_lock_file(short_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each repository that had a server had left its lock file in the runtime folder for good."""
    server = _server(short_dir, monkeypatch)
    assert server.bind()
    assert sorted(os.listdir(server.folder)) == sorted(os.path.basename(server.path)[:-5] + end
                                                       for end in (".lock", ".sock"))
    assert not _server(short_dir, monkeypatch).bind()  # one runs
    server.close()
    assert os.listdir(server.folder) == []


def test_a_server_starting_while_another_exits_keeps_its_lock(short_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """B opens the lock file, A exits (removing it), B locks the removed file: B must lock the file
    that is there, or a third server C would make a new one, lock it and run beside B."""
    first, second, third = (_server(short_dir, monkeypatch) for _ in range(3))
    assert first.bind()
    real, calls = fcntl.flock, []

    def flock(fd: int, op: int) -> None:
        calls.append(fd)
        if len(calls) == 1:
            first.close()  # between B's open and its lock
        real(fd, op)

    monkeypatch.setattr(fcntl, "flock", flock)
    assert second.bind()
    lock = second.path[:-5] + ".lock"
    assert os.path.samestat(os.fstat(second._lock_fd), os.stat(lock))
    assert not third.bind()
    second.close()
    assert not os.path.exists(lock)


def test_a_stale_socket_removed_as_a_server_starts_is_never_the_new_ones(short_dir: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A client that found A's socket refusing, opened A's lock file, and locked it once A exited
    must not take B's new socket for A's."""
    first, second = _server(short_dir, monkeypatch), _server(short_dir, monkeypatch)
    assert first.bind()
    real, calls = fcntl.flock, []

    def flock(fd: int, op: int) -> None:
        calls.append(fd)
        if len(calls) == 1:  # the client's: A exits, B starts, before it locks
            first.close()
            assert second.bind()
        real(fd, op)

    monkeypatch.setattr(fcntl, "flock", flock)
    assert not client.remove_stale(first.path)
    assert os.path.exists(second.path) and os.path.exists(second.path[:-5] + ".lock")
    second.close()


def test_old_logs_and_lock_files_of_servers_gone_are_removed(short_dir: Path) -> None:
    folder = short_dir / "run"
    assert place.make_private(str(folder))
    old = time.time() - place.LOG_KEEP_S - 60
    names = ("gone.log", "gone.lock", "gone.sock", "live.log", "live.lock", "live.sock", "other.txt")
    for name in (*names, "recent.log"):
        (folder / name).write_text("x")
    for name in names:
        os.utime(folder / name, (old, old))
    held = os.open(folder / "live.lock", os.O_RDWR)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)  # a server that has run for a week
        place.tidy(str(folder), time.time())
        place.tidy(str(folder), time.time())  # a log is removed once its lock file is gone
    finally:
        os.close(held)
    assert sorted(os.listdir(folder)) == ["live.lock", "live.log", "live.sock", "other.txt", "recent.log"]


def test_a_large_log_is_started_afresh_when_a_server_is_started(short_dir: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    folder = short_dir / "run"
    assert place.make_private(str(folder))
    path = str(folder / "repo.sock")
    log = folder / "repo.log"
    log.write_bytes(b"x" * (place.LOG_MAX_BYTES + 1))
    started: list[object] = []
    monkeypatch.setattr(subprocess, "Popen", lambda command, **kwargs: started.append(kwargs["stdout"]) or "child")
    assert client.spawn(str(folder), path, str(FIXTURE), "") == "child"
    assert started and log.stat().st_size == 0
    log.write_bytes(b"a line\n")
    assert client.spawn(str(folder), path, str(FIXTURE), "") == "child"
    assert log.read_bytes() == b"a line\n"  # a small log is kept, appended to


def test_a_folder_open_to_others_is_never_used(short_dir: Path) -> None:
    folder = short_dir / "open"
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)
    assert not place.is_private(str(folder))
    assert not place.make_private(str(folder))
    assert client.connect(str(folder), str(folder / "x.sock")) is None


def _ask(path: str, request: dict[str, object], timeout: float = 10.0) -> dict[str, object]:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout)
        sock.connect(path)
        sock.sendall(json.dumps(request).encode())
        sock.shutdown(socket.SHUT_WR)
        return dict(json.loads(read_request(sock, within=timeout) or b"null"))


def test_connections_past_the_bound_are_declined_and_make_no_threads(short_dir: Path, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # one thread per connection, unbounded: a client opening thousands of connections made thousands
    # of threads in the server; past the bound each is declined at once (its client runs in process)
    import threading

    from maguyva_tui.resident.server import MAX_IN_FLIGHT, Server

    monkeypatch.setenv("XDG_RUNTIME_DIR", str(short_dir))
    server = Server(str(tmp_path), "", idle_s=600)
    assert server.bind()
    before = threading.active_count()
    serving = threading.Thread(target=server.serve, daemon=True)
    serving.start()
    held: list[socket.socket] = []
    try:
        for _ in range(MAX_IN_FLIGHT * 4):  # each connects and says nothing: its handler waits for it
            held.append(socket.socket(socket.AF_UNIX, socket.SOCK_STREAM))
            held[-1].connect(server.path)
        deadline = time.monotonic() + 10
        while server._active < MAX_IN_FLIGHT and time.monotonic() < deadline:
            time.sleep(0.01)
        assert threading.active_count() <= before + 1 + MAX_IN_FLIGHT  # the accept loop and the bound
        try:  # declined at once, without a thread; a reset when the server read before the client wrote
            busy = _ask(server.path, {"v": client.PROTOCOL, "op": "status"})
            assert busy["handled"] is False and "busy" in str(busy["why"]), busy
        except ConnectionError:
            pass
        assert threading.active_count() <= before + 1 + MAX_IN_FLIGHT
        for sock in held:
            sock.close()
        deadline = time.monotonic() + 10
        while (reply := _ask(server.path, {"v": client.PROTOCOL, "op": "status"}))["handled"] is False:
            assert time.monotonic() < deadline, reply
            time.sleep(0.05)
        assert reply["status"]["root"] == os.path.realpath(tmp_path)  # type: ignore[index]
    finally:
        for sock in held:
            sock.close()
        server.stopping.set()
        serving.join(10)
        server.close()


def test_a_status_polled_without_pause_neither_keeps_the_server_nor_stops_its_exit_checks(
        short_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every request had restarted the idle timer, and the exit checks ran only when a second passed
    without one: a `maguyva server status` polled in a loop kept the server alive for good."""
    import threading

    from maguyva_tui.resident import server as server_module

    monkeypatch.setattr(server_module, "WATCH_S", 0.02)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(short_dir))
    server = Server(str(tmp_path), "", idle_s=0.1)
    assert server.bind()
    serving = threading.Thread(target=server.serve, daemon=True)
    serving.start()
    try:
        deadline = time.monotonic() + 5
        while serving.is_alive() and time.monotonic() < deadline:
            with contextlib.suppress(OSError, ValueError):
                reply = _ask(server.path, {"v": client.PROTOCOL, "op": "status"}, timeout=0.1)
                assert reply["handled"] or "exits: idle" in str(reply["why"]), reply
        serving.join(1)
        assert not serving.is_alive(), "a status polled without pause kept the server"
        assert time.monotonic() < deadline
    finally:
        server.stopping.set()
        serving.join(5)
        server.close()


def test_server_stop_returns_once_the_server_has_exited(tmp_path: Path) -> None:
    """`server stop` had said "stopped" as soon as the server was asked, before it exited: a
    `server start` right after found it still there, said it already runs, and none ran then."""
    import threading

    from maguyva_tui.resident.command import exited

    lock = str(tmp_path / "s.lock")
    assert exited(lock, 0.0)  # no lock file: none runs
    fd = place.take_lock(lock)
    assert fd >= 0
    assert not exited(lock, 0.05)  # held: it runs still
    threading.Timer(0.1, place.drop_lock, (lock, fd)).start()
    started = time.monotonic()
    assert exited(lock, 5.0) and time.monotonic() - started < 2.0


def test_a_connection_past_the_bound_reads_a_one_line_decline(tmp_path: Path) -> None:
    from maguyva_tui.resident.server import MAX_IN_FLIGHT, Server

    server = Server(str(tmp_path), "")
    mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    with theirs:
        theirs.sendall(json.dumps({"v": client.PROTOCOL, "op": "status"}).encode())
        theirs.shutdown(socket.SHUT_WR)
        server._decline_busy(mine)
        reply = json.loads(read_request(theirs) or b"null")  # the reply, then the end: no reset
    assert reply == {"handled": False, "why": f"busy: {MAX_IN_FLIGHT} requests in flight"}


def test_the_client_finds_the_repository_and_index_as_argparse_would() -> None:
    assert client.locate(["search", "q"]) == (None, None)
    assert client.locate(["search", "--repo", "a", "--index-d=/i", "q"]) == ("a", "/i")
    assert client.locate(["search", "--rep=b", "--json", "-i", "q"]) == ("b", None)
    assert client.locate(["search", "--", "--repo"]) == (None, None)
    for declined in (["search", "--repo", "a", "--repo", "b", "q"], ["search", "--workspace", "w"],
                     ["search", "--batch", "-"], ["search", "--help"], ["search", "-h"], ["search", "--i", "q"],
                     ["search", "--ray", "local", "q"], ["search", "--repo"]):
        assert client.locate(declined) is None, declined


def test_the_client_reads_a_graph_question_with_graphs_own_options() -> None:
    assert client.locate(["graph", "callers", "x", "--i", "/i"]) == (None, "/i")  # --index-dir, graph's one --i
    assert client.locate(["graph", "impact", "x", "--r", "a", "--d", "2", "--j"]) == ("a", None)
    assert client.locate(["graph", "callers", "--", "--repo"]) == (None, None)
    for declined in (["graph", "callers", "x", "--workspace", "w"], ["graph", "callers", "x", "--help"],
                     ["graph", "callers", "x", "-h"], ["graph", "callers", "x", "--repo", "a", "--repo", "b"],
                     ["graph", "callers", "x", "--explain"], ["graph", "callers", "x", "--limit"]):
        assert client.locate(declined) is None, declined


def test_the_server_takes_a_graph_question_of_its_repository(short_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    server = _server(short_dir, monkeypatch)
    asked = {"cwd": str(FIXTURE), "env": server.env}
    assert server.not_mine({**asked, "argv": ["graph", "callers", "parse_config", "--json"]}) is None
    assert server.not_mine({**asked, "argv": ["graph", "callers", "x", "--repo", str(FIXTURE)]}) is None
    assert server.not_mine({**asked, "argv": ["graph", "callers", "x", "--workspace", "w"]}) is not None
    assert server.not_mine({**asked, "argv": ["graph", "callers", "x", "--repo", "/", "--repo", "/tmp"]}) is not None
    assert server.not_mine({**asked, "argv": ["index"]}) is not None


def test_a_graph_question_asks_the_server_first(monkeypatch: pytest.MonkeyPatch) -> None:
    import maguyva_tui.__main__ as entry
    import maguyva_tui.cli

    asked: list[list[str]] = []

    def no_server(argv: list[str]) -> None:  # none answered
        asked.append(argv)

    monkeypatch.setattr(client, "answer", no_server)
    monkeypatch.setattr(maguyva_tui.cli, "main", lambda argv: 7)  # the command run in process instead
    monkeypatch.setattr(entry, "_exit_now", lambda status: status)
    assert entry._main(["graph", "callers", "x"]) == 7
    assert asked == [["graph", "callers", "x"]]


def test_the_capture_keeps_the_order_of_writes_and_flushes() -> None:
    capture = Capture()
    capture.write(1, "a")
    capture.write(1, "b\n")
    capture.write(2, "oops\n")
    capture.flush(2)
    capture.flush(2)
    capture.write(1, "c")
    assert capture.items == [[1, "ab\n"], [2, "oops\n"], [2, None], [1, "c"]]


def test_the_code_stamp_sees_a_loaded_module_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import maguyva_tui

    package = tmp_path / "pkg"
    package.mkdir()
    module = package / "loaded.py"
    module.write_text("X = 1\n")
    monkeypatch.setattr(maguyva_tui, "__file__", str(package / "__init__.py"))  # the package, as the stamp sees it
    monkeypatch.setitem(sys.modules, "maguyva_fake_loaded", SimpleNamespace(__file__=str(module)))
    stamp = CodeStamp()
    try:
        assert not stamp.changed() and not stamp.changed()
        later = package / "later.py"
        later.write_text("Y = 1\n")  # an event in the folder: a stat pass, nothing loaded changed
        monkeypatch.setitem(sys.modules, "maguyva_fake_later", SimpleNamespace(__file__=str(later)))
        assert not stamp.changed()
        module.write_text("X = 2\n")
        os.utime(module, ns=(time.time_ns(), time.time_ns() + 10**9))
        assert stamp.changed() and stamp.changed()  # and it stays changed
    finally:
        stamp.close()


def test_the_client_imports_neither_numpy_nor_the_engine() -> None:
    code = ("import sys; sys.path.insert(0, '.'); import maguyva_tui.__main__, maguyva_tui.resident.client; "
            "print(' '.join(m for m in sys.modules if m.split('.')[0] in ('numpy', 'argparse', 'socket', 'subprocess', "
            "'json', 're', 'typing', 'enum') or m.startswith(('maguyva_tui.core', 'maguyva_tui.cli'))))")
    found = subprocess.run([sys.executable, "-S", "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60,
                           check=True)
    assert found.stdout.split() == []



def test_the_installed_launcher_adds_no_import_of_its_own() -> None:
    """pip's wrapper for a [project.scripts] entry imports `re` first (a third of a resident
    search's whole process); the `maguyva` launcher installed instead imports only what the
    client needs, and keeps the `#!python` line that pip points at the environment's Python."""
    launcher = REPO / "bin" / "maguyva"
    text = launcher.read_text()
    assert text.startswith("#!python\n")
    imported = {alias.name for node in ast.walk(ast.parse(text)) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module for node in ast.walk(ast.parse(text)) if isinstance(node, ast.ImportFrom)}
    assert imported == {"sys", "maguyva_tui.__main__"}
    project = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert "scripts" not in project["project"]
    assert project["tool"]["setuptools"]["script-files"] == ["bin/maguyva"]
    answered = subprocess.run([sys.executable, str(launcher), "--version"], cwd=REPO, capture_output=True,
                              text=True, timeout=60)
    assert answered.returncode == 0 and answered.stdout.strip()
    # a worker process started by spawn runs the file again as __mp_main__: it must not run the command
    again = subprocess.run([sys.executable, "-c", f"import runpy, sys; sys.argv = ['maguyva', '--version']; "
                            f"runpy.run_path({str(launcher)!r}, run_name='__mp_main__'); print('imported only')"],
                           cwd=REPO, capture_output=True, text=True, timeout=60)
    assert again.returncode == 0 and again.stdout.strip() == "imported only"

WIRE_VALUES = [
    {"handled": True, "out": [[1, "  1. a.py:3  f  (0.0123)\n"], [2, None]], "code": 2},
    {"s": "caf\u00e9 \u2028 \x1b[2J \ud800 \"q\" \\ \n\t", "n": -17, "big": 10**30, "f": False, "e": [], "o": {}},
    ["nested", [["deep", {"k": [None, True]}]]],
]


@pytest.mark.parametrize("value", WIRE_VALUES)
def test_the_wire_speaks_json(value: object) -> None:
    assert json.loads(client.dumps(value)) == value
    assert client.loads(json.dumps(value).encode()) == value
    assert client.loads(b" " + json.dumps(value, indent=1).encode() + b"\n") == value


@pytest.mark.parametrize("bad", [b"", b"{", b'{"a": 1} x', b"[NaN]", b'{"a": Infinity}', b"\xff"])
def test_the_wire_refuses_what_is_not_json(bad: bytes) -> None:
    with pytest.raises(ValueError):
        client.loads(bad)


def test_with_servers_off_or_none_running_the_client_hands_the_search_back(short_dir: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(short_dir))
    assert client.answer(["search", "q"]) is None  # MAGUYVA_NO_SERVER=1 (conftest)
    monkeypatch.delenv("MAGUYVA_NO_SERVER")
    assert client.answer(["search", "q"]) is None  # nobody listens, and stderr is no terminal: none started
    assert not (short_dir / "maguyva").exists()


def _fake_snapshot(root: Path) -> SimpleNamespace:
    """What freshness reads of a generation: its root, its files by path and the manifest's list of
    them with their recorded stats."""
    files = {}
    for path in sorted(root.rglob("*.py")):
        st = path.stat()
        rel = path.relative_to(root).as_posix()
        files[rel] = SimpleNamespace(path=rel, size=st.st_size, mtime_ns=st.st_mtime_ns, inode=st.st_ino,
                                     ctime_ns=st.st_ctime_ns)
    return SimpleNamespace(root=root, files=files, manifest=SimpleNamespace(files=list(files.values())))


def test_freshness_stats_only_after_inotify_saw_a_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "mod.py").write_text("def f():\n    pass\n")
    (tmp_path / "top.py").write_text("x = 1\n")
    snapshot = _fake_snapshot(tmp_path)
    fresh = WatchedFreshness(lambda: snapshot)  # type: ignore[arg-type,return-value]
    stats = []
    inner = fresh._inner.stale
    monkeypatch.setattr(fresh._inner, "stale", lambda: stats.append(1) or inner())
    try:
        fresh.after_refresh(fresh.before_refresh())
        assert fresh.watching
        assert not fresh.stale() and len(stats) == 1  # after a refresh: one stat pass
        assert not fresh.stale() and not fresh.stale() and len(stats) == 1  # nothing moved: no stat at all
        (tmp_path / "pkg" / "mod.py").write_text("def f():\n    return 2\n")
        assert fresh.stale() and len(stats) == 2  # the edit, seen at once
        assert fresh.stale()  # and still stale until a refresh
        snapshot = _fake_snapshot(tmp_path)
        fresh.after_refresh(fresh.before_refresh())
        assert not fresh.stale()
        (tmp_path / "pkg" / "new.py").write_text("y = 2\n")  # a new file in a watched folder
        assert fresh.stale()
    finally:
        fresh.close()


def test_freshness_watches_a_file_that_has_another_name(tmp_path: Path) -> None:
    (tmp_path / "repo").mkdir()
    (tmp_path / "repo" / "a.py").write_text("x = 1\n")
    os.link(tmp_path / "repo" / "a.py", tmp_path / "b.py")  # another name, in no indexed folder
    snapshot = _fake_snapshot(tmp_path / "repo")
    fresh = WatchedFreshness(lambda: snapshot)  # type: ignore[arg-type,return-value]
    try:
        fresh.after_refresh(fresh.before_refresh())
        assert fresh.watching and not fresh.stale()
        with open(tmp_path / "b.py", "a") as other:  # written through the other name, in place
            other.write("x = 22\n")
        assert fresh.stale()
    finally:
        fresh.close()


def test_freshness_stats_every_time_when_a_file_is_a_symbolic_link(tmp_path: Path) -> None:
    (tmp_path / "repo").mkdir()
    (tmp_path / "b.py").write_text("x = 1\n")
    (tmp_path / "repo" / "a.py").symlink_to(tmp_path / "b.py")
    snapshot = _fake_snapshot(tmp_path / "repo")
    fresh = WatchedFreshness(lambda: snapshot)  # type: ignore[arg-type,return-value]
    try:
        fresh.after_refresh(fresh.before_refresh())
        assert not fresh.watching and not fresh.stale()
    finally:
        fresh.close()


# -- real servers ----------------------------------------------------------------------------------


@dataclass
class Served:
    """A repository with a resident server running on it, and how to reach it."""

    repo: Path
    index: Path
    env: dict[str, str]
    folder: str
    socket: str

    def search(self, *args: str, through_server: bool, command: str = "search",
               under: str = "") -> subprocess.CompletedProcess[str]:
        """``maguyva COMMAND ARGS`` from the repository (``under``: from that folder of it)."""
        env = dict(self.env)
        if not through_server:
            env[place.NO_SERVER_ENV] = "1"
        return run([command, "--index-dir", str(self.index), *args], env, self.repo / under)

    def log(self) -> str:
        """The server's log (where it says why it exited)."""
        log = Path(self.socket[: -len(place.SOCKET_SUFFIX)] + place.LOG_SUFFIX)
        return log.read_text(errors="replace") if log.exists() else "(no log)"

    def status(self) -> dict[str, object] | None:
        from maguyva_tui.resident.command import ask

        return ask(self.folder, self.socket, "status")

    def start(self) -> None:
        started = run(["server", "start", "--index-dir", str(self.index)], self.env, self.repo)
        assert started.returncode == 0, started.stderr
        assert "ready" in started.stdout or "already runs" in started.stdout

    def answered(self, *args: str, command: str = "search", under: str = "") -> subprocess.CompletedProcess[str]:
        """A search (or ``command``) the server answered. A server whose code changed under it (other
        work in this checkout) steps aside, as it must; it is started again and the search retried."""
        for _ in range(3):
            if self.status() is None:
                assert "source files changed" in self.log(), self.log()
                self.start()
            before = self.status()
            assert before is not None, self.log()
            found = self.search(*args, through_server=True, command=command, under=under)
            after = self.status()
            if after is not None and after["pid"] == before["pid"]:
                assert after["searches"] == before["searches"] + 1, "the server did not answer"  # type: ignore[operator]
                return found
        pytest.fail(f"the server kept stopping: {self.log()}")


def server_env(runtime: Path) -> dict[str, str]:
    """This session's environment with servers on, their sockets in ``runtime``."""
    env = {k: v for k, v in os.environ.items() if k != place.NO_SERVER_ENV}
    env["XDG_RUNTIME_DIR"] = str(runtime)
    env["MAGUYVA_SERVER_FILL"] = "0"  # answers compared with the command's own: no vectors arriving meanwhile
    return env


def socket_of(repo: Path, index: Path, env: dict[str, str]) -> tuple[str, str]:
    """The runtime folder and socket path of the server of ``repo`` with this index and environment."""
    folder = place.runtime_dir(env)
    ident = place.identity(os.path.realpath(repo), place.index_spec(str(index), str(repo), env), place.relevant_env(env))
    return folder, place.socket_path(folder, ident)


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def stop(served: Served) -> None:
    """Stop the server, and kill it if it does not go: no test leaves one behind."""
    status = served.status()
    run(["server", "stop", "--index-dir", str(served.index)], served.env, served.repo)
    if status is not None:
        pid = int(status["pid"])  # type: ignore[call-overload]
        deadline = time.monotonic() + 15
        while pid_alive(pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        if pid_alive(pid):
            os.kill(pid, signal.SIGKILL)
            pytest.fail(f"the server {pid} did not stop when asked")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The polyglot fixture with a server started by ``maguyva server start``; a stale socket is
    planted where it will listen, and must not keep it from starting."""
    base = tmp_path_factory.mktemp("resident")
    repo = base / "polyglot"
    shutil.copytree(FIXTURE, repo, symlinks=True)
    index = base / "index"
    runtime = Path(tempfile.mkdtemp(prefix="mr-", dir="/tmp"))
    env = server_env(runtime)
    env["MAGUYVA_INDEX_DIR"] = str(base / "unused-index")  # --index-dir wins, as in the CLI
    folder, path = socket_of(repo, index, env)
    assert place.make_private(folder)
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(path)
    stale.close()
    this = Served(repo, index, env, folder, path)
    this.start()
    try:
        yield this
    finally:
        stop(this)
        assert not os.path.exists(path)
        shutil.rmtree(runtime, ignore_errors=True)


SEARCHES = [
    ("human", ["parse_config"]),
    ("json", ["--json", "parse_config"]),
    ("explain", ["--explain", "--limit", "3", "config loader"]),
    ("text engine", ["--modality", "text", "--limit", "5", "-i", "CONFIG"]),
    ("bad regex, exit 2", ["--regex", "("]),
    ("explain with json, exit 2", ["--explain", "--json", "x"]),
    ("failed lookup, exit 2", ["who calls no_such_symbol"]),
    ("a string in another case", ["--json", '"PARSE_CONFIG"']),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "args"), SEARCHES, ids=[s[0] for s in SEARCHES])
def test_the_server_prints_what_the_command_prints(served: Served, name: str, args: list[str]) -> None:
    mine = served.answered(*args)
    alone = served.search(*args, through_server=False)
    assert (untimed(mine.stdout), mine.stderr, mine.returncode) == (untimed(alone.stdout), alone.stderr,
                                                                    alone.returncode)
    if name.endswith("exit 2"):
        assert mine.returncode == 2 and mine.stderr.startswith("maguyva: ")
    else:
        assert mine.stdout


GRAPHS = [
    ("callers", ["callers", "parse_config"], ""),
    ("callers json", ["callers", "parse_config", "--json"], ""),
    ("callers cut by --limit, json", ["callers", "parse_config", "--limit", "1", "--json"], ""),
    ("callees", ["callees", "serve"], ""),
    ("impact", ["impact", "parse_config", "--depth", "2"], ""),
    ("importers json", ["importers", "app.config", "--json"], ""),
    ("subtypes, nothing", ["subtypes", "ConfigLoader"], ""),
    ("overrides, several definitions", ["overrides", "load", "--json"], ""),
    ("from a folder of the repository", ["callers", "parse_config"], "app"),
    ("from a folder of the repository, json", ["callers", "parse_config", "--json"], "app"),
    ("unknown symbol, exit 2", ["callers", "no_such_symbol"], ""),
    ("unknown symbol, json, exit 2", ["callers", "no_such_symbol", "--json"], ""),
    ("bad depth, exit 2", ["impact", "parse_config", "--depth", "0"], ""),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "args", "under"), GRAPHS, ids=[g[0] for g in GRAPHS])
def test_the_server_prints_what_a_graph_question_prints(served: Served, name: str, args: list[str],
                                                       under: str) -> None:
    """``maguyva graph`` had always run in process (1-2 s on libmaxminddb, 0.2 s of it the answer):
    the server answers it (its count says so), byte for byte as the command would."""
    mine = served.answered(*args, command="graph", under=under)
    alone = served.search(*args, through_server=False, command="graph", under=under)
    assert (untimed(mine.stdout), mine.stderr, mine.returncode) == (untimed(alone.stdout), alone.stderr,
                                                                    alone.returncode)
    if name.endswith("exit 2"):
        assert mine.returncode == 2 and mine.stderr.startswith("maguyva: ")
    else:
        assert mine.returncode == 0 and mine.stdout
    if under:
        assert "nearest indexed folder above" in mine.stdout + mine.stderr


@pytest.mark.slow
def test_a_file_edited_after_the_server_started_is_found(served: Served) -> None:
    target = served.repo / "app" / "config.py"
    for attempt in range(3):
        served.answered("parse_config")  # a server that is up and has answered
        before = served.status()
        assert before is not None
        name = f"freshly_added_after_start_{attempt}"
        target.write_text(target.read_text() + f"\n\ndef {name}():\n    return 42\n")
        found = served.search("--json", name, through_server=True)
        after = served.status()
        if after is None or after["pid"] != before["pid"]:
            continue  # the server stepped aside (its code changed): a new one would see the edit anyway
        assert after["searches"] == before["searches"] + 1  # type: ignore[operator]
        assert found.returncode == 0, found.stderr
        assert ("app/config.py", name) in [(r["path"], r["symbol"]) for r in json.loads(found.stdout)["results"]]
        alone = served.search("--json", name, through_server=False)
        # the server re-read the edited file for this question and says so, as the command in process
        # would have; the command asked after it finds the index up to date (helper-338)
        answered = json.loads(found.stdout)
        assert answered["index_update"]["files"] == 1 and json.loads(alone.stdout)["index_update"] is None
        assert untimed(json.dumps({**answered, "index_update": None})) == untimed(alone.stdout.strip())
        return
    pytest.fail(f"the server kept stopping: {served.log()}")


@pytest.mark.slow
def test_searches_the_server_does_not_run_are_run_in_process(served: Served, tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    (other / "m.py").write_text("def only_here():\n    pass\n")
    for _ in range(3):
        served.answered("parse_config")
        before = served.status()
        assert before is not None
        elsewhere = run(["search", "--index-dir", str(served.index), "--repo", str(other), "only_here"], served.env,
                        served.repo)
        help_text = run(["search", "--help"], served.env, served.repo)
        refused = served.search("--limit", "many", "q", through_server=True)  # the server declines: the parser refuses
        after = served.status()
        if after is None or after["pid"] != before["pid"]:
            continue
        assert after["searches"] == before["searches"]
        assert "m.py:1" in elsewhere.stdout and elsewhere.returncode == 0
        assert help_text.returncode == 0 and "--modality" in help_text.stdout
        alone = served.search("--limit", "many", "q", through_server=False)
        assert (refused.stdout, refused.stderr, refused.returncode) == (alone.stdout, alone.stderr, 2)
        return
    pytest.fail(f"the server kept stopping: {served.log()}")


@pytest.mark.slow
@pytest.mark.skipif(os.getuid() != 0, reason="becoming another user needs root")
def test_another_uid_is_refused(served: Served) -> None:
    served.answered("parse_config")
    runtime = os.path.dirname(served.folder)
    for path, mode in ((runtime, 0o711), (served.folder, 0o711), (served.socket, 0o666)):
        os.chmod(path, mode)  # let the other user reach the socket: only the peer check stands
    try:
        reply = _ask_as(65534, served.socket)
    finally:
        for path in (runtime, served.folder):
            os.chmod(path, 0o700)
        os.chmod(served.socket, 0o600)
    assert reply.get("handled") is False and "refused" in str(reply.get("why")), reply


def _ask_as(uid: int, path: str) -> dict[str, object]:
    """What the server says to a child process running as ``uid`` that connects."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: sockets and raw writes alone, then _exit
        try:
            os.close(read)
            os.setgid(uid)
            os.setuid(uid)
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.connect(path)  # the server answers before reading a byte from a peer it refuses
            while data := sock.recv(65536):
                os.write(write, data)
        except BaseException as exc:  # noqa: BLE001 - reported to the parent as the reply
            os.write(write, json.dumps({"error": repr(exc)}).encode())
        finally:
            os._exit(0)
    os.close(write)
    chunks = []
    while data := os.read(read, 65536):
        chunks.append(data)
    os.close(read)
    os.waitpid(pid, 0)
    return json.loads(b"".join(chunks))


def _start_in_background(repo: Path, index: Path, env: dict[str, str], idle: float) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "maguyva_tui", "server", "run", "--index-dir", str(index),
                             "--idle", str(idle)], cwd=repo, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)


def _exits_within(proc: subprocess.Popen[bytes], seconds: float) -> bytes:
    try:
        _, err = proc.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail(f"the server did not exit within {seconds} s")
    return err


@pytest.mark.slow
def test_an_idle_server_exits_and_removes_its_socket(polyglot: Path, tmp_path: Path, short_dir: Path) -> None:
    env = server_env(short_dir)
    index = tmp_path / "index"
    _, path = socket_of(polyglot, index, env)
    err = _exits_within(_start_in_background(polyglot, index, env, idle=1.0), 120)
    assert b"exiting: idle" in err
    assert not os.path.exists(path)


@pytest.mark.slow
def test_a_server_whose_index_folder_disappears_exits(polyglot: Path, tmp_path: Path, short_dir: Path) -> None:
    env = server_env(short_dir)
    index = tmp_path / "index"
    folder, path = socket_of(polyglot, index, env)
    proc = _start_in_background(polyglot, index, env, idle=600)
    from maguyva_tui.resident.command import ask

    deadline = time.monotonic() + 120
    while ask(folder, path, "status") is None and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    status = ask(folder, path, "status")
    assert status is not None, "the server never answered"
    shutil.rmtree(str(status["index_folder"]))
    err = _exits_within(proc, 60)
    assert b"the index folder" in err and b"is gone" in err
    assert not os.path.exists(path)


@pytest.mark.slow
def test_a_search_typed_at_a_terminal_starts_a_server(polyglot: Path, tmp_path: Path, short_dir: Path) -> None:
    env = server_env(short_dir)
    index = tmp_path / "index"
    folder, path = socket_of(polyglot, index, env)
    primary, secondary = pty.openpty()
    try:
        first = subprocess.run([sys.executable, "-m", "maguyva_tui", "search", "--index-dir", str(index), "--json",
                                "parse_config"], cwd=polyglot, env=env, stdout=subprocess.PIPE, stderr=secondary,
                               text=True, timeout=300, check=False)
    finally:
        os.close(secondary)
        os.close(primary)
    from maguyva_tui.resident.command import ask

    status = ask(folder, path, "status")
    try:
        assert status is not None and status["searches"] == 1, "the search did not start and use a server"
        assert first.returncode == 0 and json.loads(first.stdout)["results"]
    finally:
        if status is not None:
            run(["server", "stop", "--index-dir", str(index)], env, polyglot)
            deadline = time.monotonic() + 15
            while pid_alive(int(status["pid"])) and time.monotonic() < deadline:  # type: ignore[call-overload]
                time.sleep(0.1)
            if pid_alive(int(status["pid"])):  # type: ignore[call-overload]
                os.kill(int(status["pid"]), signal.SIGKILL)  # type: ignore[call-overload]
