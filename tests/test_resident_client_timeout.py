"""The resident client's wait for a reply is bounded (helper-220): a server that reads the request and
never answers had hung ``maguyva search`` for ever; now the search runs in process after
``client.REPLY_S``, having printed nothing, while a request still queued (a server building its
index before it accepts) waits longer, ``client.QUEUED_S``."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from maguyva_tui.resident import client

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
