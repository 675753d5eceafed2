"""The long-lived front ends let go of the stored texts a question decompressed, between questions:
the resident server once no search is in flight, an MCP server once its last question ends (a
listing of every line of a frequent name decompresses the whole corpus, 409 MB of the 450 MB
corpus, which they had held for good)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from maguyva_tui.core import engine as engine_module
from maguyva_tui.core.engine import Engine
from maguyva_tui.mcp.service import RepoService
from maguyva_tui.resident import client, place
from maguyva_tui.resident.command import _status_text
from maguyva_tui.resident.filler import FILL_ENV
from maguyva_tui.resident.server import Server, read_request
from tests.core.test_packed_texts import _repo


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """A private folder with a short path (a Unix socket's path holds about 100 bytes)."""
    folder = Path(tempfile.mkdtemp(prefix="mt-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_an_mcp_server_lets_the_texts_go_once_its_last_question_ends(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_module, "TEXTS_KEPT_BYTES", 0)
    service = RepoService(Engine(_repo(tmp_path / "repo", files=8), tmp_path / "ix", static=False), embed=False)
    service.start().join(60)
    with service.engine_for_question() as first:
        listed = first.search("return", modality="text", limit=10**6).results
        with service.engine_for_question() as second:
            assert second.search("MARKER_3", modality="text").results
        assert first.snapshot.texts_held > 0  # another question still in flight: kept
    assert service.engine.snapshot.texts_held == 0
    with service.engine_for_question() as again:
        assert [(r.path, r.start_line, r.snippet) for r in again.search("return", modality="text", limit=10**6).results
                ] == [(r.path, r.start_line, r.snippet) for r in listed]
    service.close(wait=5)


def _ask(path: str, request: dict[str, object]) -> dict[str, Any]:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(60)
        sock.connect(path)
        sock.sendall(json.dumps(request).encode())
        sock.shutdown(socket.SHUT_WR)
        return dict(json.loads(read_request(sock, within=60) or b"null"))


def test_the_resident_server_lets_the_texts_go_between_searches(
        short_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(short_dir))
    monkeypatch.setenv(FILL_ENV, "0")
    monkeypatch.setenv(place.INDEX_DIR_ENV, str(tmp_path / "ix"))
    root = os.path.realpath(_repo(tmp_path / "repo", files=8))
    server = Server(root, str(tmp_path / "ix"), idle_s=600)
    assert server.bind()
    server.warm()
    serving = threading.Thread(target=server.serve, daemon=True)
    serving.start()
    try:
        def search(words: str, kept: int) -> dict[str, Any]:
            monkeypatch.setattr(engine_module, "TEXTS_KEPT_BYTES", kept)
            return _ask(server.path, {"v": client.PROTOCOL, "op": "search", "cwd": root,
                                      "argv": ["search", "--modality", "text", "--json", "--", words],
                                      "env": place.relevant_env(dict(os.environ)),
                                      "index_dir_env": str(tmp_path / "ix"), "encoding": ["utf-8", "utf-8"]})

        def held() -> float:
            status = _ask(server.path, {"v": client.PROTOCOL, "op": "status"})["status"]
            assert f"  texts    {status['texts_held_mb']:.1f} MB decompressed in memory, let go between searches " \
                   f"past {status['texts_kept_mb']:.0f} MB" in _status_text(status).split("\n")
            return float(status["texts_held_mb"])

        reply = search("MARKER_3", kept=64 << 20)
        assert reply.get("handled") is True and reply["code"] == 0, reply
        assert held() > 0.0  # the blocks the page read, under the keep: kept
        reply = search("MARKER_4", kept=0)
        assert reply.get("handled") is True and reply["code"] == 0, reply
        assert held() == 0.0
    finally:
        server.stopping.set()
        serving.join(10)
        server.close()

