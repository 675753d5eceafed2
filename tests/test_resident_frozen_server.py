"""A frozen resident server (SIGSTOP, its GIL held in C) is told from one building its index by its
heartbeat (helper-258): a running server touches its lock file every ``place.HEARTBEAT_S``, through
its index's build too. A search waiting on a server whose lock file stays untouched for
``client.FROZEN_S`` sets it aside (its socket removed, a line in its log) and runs in process, where
it had waited ``client.QUEUED_S`` (10 minutes), as for a build; and while the frozen server still
holds its lock, a search at a terminal starts no server that would only exit "already runs"."""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.resident import client, place
from maguyva_tui.resident import server as server_module

REQUEST = {"v": client.PROTOCOL, "op": "search", "argv": ["search", "q"]}


@pytest.fixture
def frozen_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, str, str]]:
    """A fake server that never accepts (a frozen process: the kernel queues the connection, the
    request stays unread): its private runtime folder, socket and lock file (naming this process,
    as a real server's names its own pid, and untouched from now on); the client's bounds shortened."""
    monkeypatch.setattr(client, "TICK_S", 0.01)
    monkeypatch.setattr(client, "FROZEN_S", 0.05)
    monkeypatch.setattr(client, "QUEUED_S", 0.2)
    base = tempfile.mkdtemp(prefix="mf-", dir="/tmp")  # a socket's path holds about 100 bytes
    folder = os.path.join(base, "run")
    assert place.make_private(folder)
    path = os.path.join(folder, "s" + place.SOCKET_SUFFIX)
    lock = os.path.join(folder, "s" + place.LOCK_SUFFIX)
    Path(lock).write_text(f"{os.getpid()}\n")
    Path(folder, "s" + place.LOG_SUFFIX).write_text("")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(8)
    yield folder, path, lock
    listener.close()
    shutil.rmtree(base, ignore_errors=True)


def test_a_search_sets_a_frozen_server_aside_after_the_bound(frozen_server) -> None:
    folder, path, lock = frozen_server
    started = time.monotonic()
    os.utime(lock)  # its last beat
    assert client.exchange(client.connect(folder, path), REQUEST, path) is None  # runs in process
    assert 0.05 <= time.monotonic() - started < 0.15  # not QUEUED_S's wait
    assert not os.path.exists(path)  # the next search waits on it no more
    assert "showed no sign of life for 0 s (frozen): its socket is removed" in Path(folder, "s.log").read_text()


def test_a_server_frozen_long_ago_is_set_aside_at_the_second_look(frozen_server) -> None:
    folder, path, lock = frozen_server
    old = time.time() - 100
    os.utime(lock, (old, old))
    client.FROZEN_S = 10.0  # restored by the fixture's monkeypatch
    started = time.monotonic()
    assert client.exchange(client.connect(folder, path), REQUEST, path) is None
    assert time.monotonic() - started < 0.1 and not os.path.exists(path)


def test_a_server_that_beats_while_it_builds_is_waited_for(frozen_server) -> None:
    folder, path, lock = frozen_server
    stop = threading.Event()

    def beat() -> None:  # the server's heartbeat, while its index is built and the request waits unread
        while not stop.wait(0.005):
            os.utime(lock)

    beating = threading.Thread(target=beat)
    beating.start()
    started = time.monotonic()
    try:
        assert client.exchange(client.connect(folder, path), REQUEST, path) is None
    finally:
        stop.set()
        beating.join()
    assert time.monotonic() - started >= 0.2  # QUEUED_S: waited for as a build is
    assert os.path.exists(path)


def test_no_server_is_started_while_a_frozen_one_holds_the_lock(frozen_server, monkeypatch) -> None:
    folder, path, lock = frozen_server
    os.unlink(path)  # set aside: the frozen server's socket is gone, its lock still held
    started: list[str] = []
    monkeypatch.setattr(client, "spawn", lambda *args: started.append(args[2]))
    old = time.time() - 100
    os.utime(lock, (old, old))
    held = place.take_lock(lock)
    assert held >= 0
    try:
        assert client.start_and_connect(folder, path, "/repo", "") is None
        assert started == []  # it would only have found the lock taken and exited
    finally:
        os.close(held)
    assert client.start_and_connect(folder, path, "/repo", "") is None  # the lock left by a server that died
    assert started == ["/repo"] and not os.path.exists(lock)


def test_a_server_touches_its_lock_file_until_it_closes(monkeypatch) -> None:
    base = tempfile.mkdtemp(prefix="mf-", dir="/tmp")
    monkeypatch.setenv("XDG_RUNTIME_DIR", base)
    monkeypatch.setattr(place, "HEARTBEAT_S", 0.01)
    monkeypatch.setattr(server_module, "DRAIN_S", 0.0)
    repo = os.path.join(base, "repo")
    os.mkdir(repo)
    served = server_module.Server(repo, "")
    try:
        assert served.bind()  # then the index is opened or built: minutes, beating all along
        lock = served.path[: -len(place.SOCKET_SUFFIX)] + place.LOCK_SUFFIX
        old = time.time() - 100
        os.utime(lock, (old, old))
        deadline = time.monotonic() + 1.0
        while os.stat(lock).st_mtime == old and time.monotonic() < deadline:
            time.sleep(0.005)
        assert time.time() - os.stat(lock).st_mtime < 1.0
    finally:
        served.close()
    assert not os.path.exists(lock)
    deadline = time.monotonic() + 1.0
    while any(t.name == "maguyva-heartbeat" for t in threading.enumerate()) and time.monotonic() < deadline:
        time.sleep(0.005)
    assert not any(t.name == "maguyva-heartbeat" for t in threading.enumerate())
    shutil.rmtree(base, ignore_errors=True)
