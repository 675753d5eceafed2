"""The MCP server's workspace names a repository that can no longer be read (deleted, renamed,
made unreadable) missing, as ``maguyva search --repo A --repo B`` does ("oscrypto-1.3.0: not
searched (...: no such directory)"), rather than answering from its old index. Found by an outside
tester over asn1crypto 1.5.1 and oscrypto 1.3.0 (oscrypto moved away while the server ran): the
server's search still listed oscrypto's files, each a path no longer on disk, with only a notice
"answered from the index as it was"."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pytest.importorskip("mcp")

from tests.test_mcp_workspace import started_workspace  # noqa: E402

LIB = {"lib/emitter.py": "class Emitter:\n    def emit(self, event):\n        return event\n"}
APP = {"app/main.py": "from lib.emitter import Emitter\n\n\ndef run_emitter():\n    return Emitter().emit('go')\n"}


def test_a_repository_gone_since_its_index_is_named_missing(tmp_path: Path) -> None:
    workspace = started_workspace(tmp_path, {"lib": LIB, "app": APP})
    try:
        assert {r["repo"] for r in workspace.search("Emitter", limit=10)["results"]} == {"lib", "app"}
        shutil.move(tmp_path / "app", tmp_path / "app-renamed")
        data = workspace.search("Emitter", limit=10)
        assert {r["repo"] for r in data["results"]} == {"lib"} and data["repos"] == ["lib"]
        (missing,) = data["missing"]
        assert missing["repo"] == "app" and missing["reason"] == f"{tmp_path / 'app'}: no such directory"
        assert not any("answered from the index as it was" in n for n in data.get("notices", []))
        shutil.move(tmp_path / "app-renamed", tmp_path / "app")  # back: it answers again
        assert {r["repo"] for r in workspace.search("Emitter", limit=10)["results"]} == {"lib", "app"}
    finally:
        workspace.close()


def test_a_repository_that_cannot_be_listed_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import maguyva_tui.mcp.workspace as module

    workspace = started_workspace(tmp_path, {"lib": LIB, "app": APP})
    try:
        locked = tmp_path / "app"
        real = module.os.scandir

        def scandir(path: object = ".") -> object:
            if Path(str(path)) == locked:  # as the kernel answers a folder without read permission (tests run as root)
                raise PermissionError(13, "Permission denied", str(path))
            return real(path)  # type: ignore[arg-type]

        monkeypatch.setattr(module.os, "scandir", scandir)
        (missing,) = workspace.references("Emitter", None, 10)["missing"]
        assert missing == {"repo": "app", "root": str(locked),
                           "reason": f"{locked}: cannot read the repository (Permission denied)"}
    finally:
        workspace.close()
