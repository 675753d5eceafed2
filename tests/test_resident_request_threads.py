"""The resident server's request threads (issue 19: a search through the server at or under
ripgrep's whole process): a thread that answered a request waits for the next one, rather than a
thread started and ended for each (50-70 µs of CPU of every search), and the waiting threads end with
the server."""

from __future__ import annotations

import json
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from maguyva_tui.resident import client
from maguyva_tui.resident.server import Server, read_request


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """A private folder with a short path (a Unix socket's path holds about 100 bytes)."""
    folder = Path(tempfile.mkdtemp(prefix="mq-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _ask(path: str, request: dict[str, object]) -> dict[str, Any]:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(10)
        sock.connect(path)
        sock.sendall(json.dumps(request).encode())
        sock.shutdown(socket.SHUT_WR)
        return dict(json.loads(read_request(sock, within=10) or b"null"))


def test_requests_one_after_another_are_answered_by_one_thread_that_ends_with_the_server(
        short_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(short_dir))
    server = Server(str(tmp_path), "", idle_s=600)
    assert server.bind()
    answered_on: list[threading.Thread] = []
    reply_to = server.reply_to

    def recorded(conn: socket.socket) -> dict[str, Any]:
        answered_on.append(threading.current_thread())
        return reply_to(conn)

    monkeypatch.setattr(server, "reply_to", recorded)
    serving = threading.Thread(target=server.serve, daemon=True)
    serving.start()
    try:
        for _ in range(5):
            reply = _ask(server.path, {"v": client.PROTOCOL, "op": "status"})
            assert reply["handled"] is True and reply["status"]["root"] == str(tmp_path.resolve()), reply
            deadline = time.monotonic() + 5  # the reply is sent before the thread is free again
            while server._active and time.monotonic() < deadline:
                time.sleep(0.005)
        assert len(answered_on) == 5 and len(set(answered_on)) == 1, answered_on
    finally:
        server.stopping.set()
        serving.join(10)
        server.close()
    answered_on[0].join(5)
    assert not answered_on[0].is_alive(), "a request thread outlived its server"
