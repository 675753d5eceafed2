"""The resident client's wait for a reply is bounded (helper-220): a server that reads the request and
never answers had hung ``maguyva search`` for ever; now the search runs in process after
``client.REPLY_S``, having printed nothing, while a request still queued (a server building its
index before it accepts) waits longer, ``client.QUEUED_S``. A server silent past the bound is set
aside (helper-240): its socket removed, so the next search does not wait on it again (each had paid
its 30 s), and the server, its socket gone, exits; one that answers within the bound, or one started
since by another client, is kept."""

from __future__ import annotations

import json
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
def pair(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[socket.socket, socket.socket]]:
    """The client's end and a fake server's, with the bounds shortened (the client's read looks every 10 ms)."""
    monkeypatch.setattr(client, "TICK_S", 0.01)
    mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    yield mine, theirs
    theirs.close()


def _read_request(conn: socket.socket) -> bytes:
    data = b""
    while chunk := conn.recv(1 << 16):
        data += chunk
    return data


def test_a_server_that_reads_the_request_and_never_answers_is_left_after_the_bound(pair, monkeypatch) -> None:
    mine, theirs = pair
    monkeypatch.setattr(client, "REPLY_S", 0.05)
    done = threading.Event()

    def silent() -> None:  # reads to the end, then says nothing (for 2 s, so an unbounded read ends too)
        _read_request(theirs)
        done.wait(2.0)
        theirs.shutdown(socket.SHUT_WR)

    reader = threading.Thread(target=silent)
    reader.start()
    started = time.monotonic()
    try:
        assert client.exchange(mine, REQUEST) is None  # the caller runs the search in process
        assert 0.05 <= time.monotonic() - started < 0.25
    finally:
        done.set()
        reader.join()
    assert mine.fileno() == -1  # closed: the server's late answer reaches no one


def test_a_request_still_queued_waits_past_the_reply_bound(pair, monkeypatch) -> None:
    """A server opening its index has not accepted yet: the search waits for it (up to QUEUED_S)."""
    mine, theirs = pair
    monkeypatch.setattr(client, "REPLY_S", 0.02)
    monkeypatch.setattr(client, "QUEUED_S", 0.12)
    gone = threading.Timer(2.0, theirs.shutdown, (socket.SHUT_RDWR,))  # an unbounded read ends too
    gone.start()
    started = time.monotonic()
    try:
        assert client.exchange(mine, REQUEST) is None
        assert 0.12 <= time.monotonic() - started < 0.25
    finally:
        gone.cancel()


def test_an_answer_after_some_ticks_is_read_whole(pair, monkeypatch) -> None:
    mine, theirs = pair
    monkeypatch.setattr(client, "REPLY_S", 1.0)
    reply = {"handled": True, "code": 0, "out": [[1, 6]]}

    def answer() -> None:
        assert json.loads(_read_request(theirs)) == REQUEST
        time.sleep(0.05)  # five of the client's ticks
        theirs.sendall(json.dumps(reply).encode() + b"\n" + b"found\n")
        theirs.close()

    server = threading.Thread(target=answer)
    server.start()
    assert client.exchange(mine, REQUEST) == {"handled": True, "code": 0, "out": [[1, "found\n"]]}
    server.join()


@pytest.fixture
def listening(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, str, socket.socket]]:
    """A fake server's private runtime folder, its socket's path and its listening socket, its lock
    file naming this process (as a real server's names its own pid), its log beside them; the bounds
    shortened."""
    monkeypatch.setattr(client, "TICK_S", 0.01)
    monkeypatch.setattr(client, "REPLY_S", 0.05)
    base = tempfile.mkdtemp(prefix="mr-", dir="/tmp")  # a socket's path holds about 100 bytes
    folder = os.path.join(base, "run")
    assert place.make_private(folder)
    path = os.path.join(folder, "s" + place.SOCKET_SUFFIX)
    Path(folder, "s" + place.LOCK_SUFFIX).write_text(f"{os.getpid()}\n")
    Path(folder, "s" + place.LOG_SUFFIX).write_text("")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(8)
    yield folder, path, listener
    listener.close()
    shutil.rmtree(base, ignore_errors=True)


def _serve_once(listener: socket.socket, answer: bytes | None, after: float, done: threading.Event) -> threading.Thread:
    """Accept one connection, read its request, then answer ``answer`` after ``after`` seconds (``None``:
    say nothing until ``done``)."""
    def run() -> None:
        listener.settimeout(2.0)  # a client that failed before it asked ends the thread too
        try:
            conn, _ = listener.accept()
            with conn:
                conn.settimeout(2.0)
                _read_request(conn)
                if answer is None:
                    done.wait(2.0)
                    return
                time.sleep(after)
                conn.sendall(answer)
        except OSError:
            return

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def test_a_server_silent_past_the_bound_is_set_aside_so_the_next_search_waits_no_more(listening) -> None:
    folder, path, listener = listening
    done = threading.Event()
    stuck = _serve_once(listener, None, 0.0, done)
    try:
        assert client.exchange(client.connect(folder, path), REQUEST, path) is None
    finally:
        done.set()
        stuck.join()
    assert not os.path.exists(path)
    started = time.monotonic()
    assert client.connect(folder, path) is None  # the next search: no server there, none waited on
    assert time.monotonic() - started < 0.05
    assert "said nothing for 0 s: its socket is removed" in Path(folder, "s.log").read_text()


def test_a_server_that_answers_within_the_bound_is_kept(listening, monkeypatch) -> None:
    folder, path, listener = listening
    monkeypatch.setattr(client, "REPLY_S", 1.0)
    reply = json.dumps({"handled": True, "code": 0, "out": [[1, 3]]}).encode() + b"\n" + b"ok\n"
    slow = _serve_once(listener, reply, 0.1, threading.Event())  # ten of the client's ticks: a big question
    assert client.exchange(client.connect(folder, path), REQUEST, path) == {"handled": True, "code": 0,
                                                                            "out": [[1, "ok\n"]]}
    slow.join()
    assert os.path.exists(path)


def test_a_server_started_since_by_another_client_is_never_set_aside(listening) -> None:
    """Two clients left the same stuck server: the first set it aside, it exited, a new one took its
    lock and socket; the second, late, must not remove the new one's."""
    folder, path, listener = listening
    done = threading.Event()
    stuck = _serve_once(listener, None, 0.0, done)
    Path(folder, "s" + place.LOCK_SUFFIX).write_text(f"{os.getpid() + 1}\n")  # the lock names another server now
    try:
        assert client.exchange(client.connect(folder, path), REQUEST, path) is None
    finally:
        done.set()
        stuck.join()
    assert os.path.exists(path)


def test_a_real_server_whose_search_is_stuck_exits_and_a_new_one_can_start(monkeypatch) -> None:
    """The whole way: a server whose search never ends is set aside by the client, notices its socket
    gone, stops serving and gives up its lock, and a new server of the repository binds."""
    base = tempfile.mkdtemp(prefix="mr-", dir="/tmp")
    monkeypatch.setenv("XDG_RUNTIME_DIR", base)
    monkeypatch.setattr(client, "TICK_S", 0.01)
    monkeypatch.setattr(client, "REPLY_S", 0.05)
    monkeypatch.setattr(server_module, "WATCH_S", 0.02)
    monkeypatch.setattr(server_module, "DRAIN_S", 0.05)
    repo = os.path.join(base, "repo")
    os.mkdir(repo)
    served = server_module.Server(repo, "")
    released = threading.Event()
    served.answer = lambda request: (released.wait(5.0), {"handled": False, "why": "late"})[1]  # type: ignore[method-assign]
    assert served.bind()
    serving = threading.Thread(target=served.serve, daemon=True)
    serving.start()
    try:
        assert client.exchange(client.connect(served.folder, served.path), REQUEST, served.path) is None
        serving.join(2.0)
        assert not serving.is_alive(), "the stuck server still serves"
        served.close()
        after = server_module.Server(repo, "")
        assert after.bind(), "its lock was not given up"
        after.close()
    finally:
        released.set()
        served.stopping.set()
        serving.join(5)
        served.close()
        shutil.rmtree(base, ignore_errors=True)
