"""The MCP server over a workspace answers find_references of a module, file or folder with the lines
importing it, as over one repository (found by an outside tester on pyasn1 0.6.1:
``find_references pyasn1.codec.ber.decoder`` over two repositories failed with "no symbol named
'pyasn1.codec.ber.decoder' in any repository of the workspace", while ``impact`` of the same name, and
find_references over one of them, answered it as the module pyasn1/codec/ber/decoder.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("mcp")

from maguyva_tui.core.engine import Engine  # noqa: E402
from maguyva_tui.mcp.answers import AnswerError, references_answer  # noqa: E402
from maguyva_tui.mcp.service import RepoService  # noqa: E402
from maguyva_tui.mcp.workspace import WorkspaceService  # noqa: E402
from tests.test_mcp_workspace import FirstWord  # noqa: E402

FILES = {
    "codec/__init__.py": "",
    "codec/decoder.py": "def decode(data):\n    return data\n",
    "codec/user.py": "from codec import decoder\n\n\ndef run():\n    return decoder.decode(b'')\n",
}


@pytest.mark.slow
def test_a_module_over_a_workspace_is_the_lines_importing_it(tmp_path: Path) -> None:
    services = {}
    for label, text in (("one", "x = 1\n"), ("two", "from codec.decoder import decode\n")):
        root = tmp_path / label
        for path, body in {**FILES, "main.py": text}.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(body)
        services[label] = RepoService(Engine(root, tmp_path / "ix", provider=FirstWord(), static=False), embed=False)
    for repo in services.values():
        repo.start().join(60)
    workspace = WorkspaceService(services, ready_wait_s=0.05)
    try:
        for written in ("codec.decoder", "codec/decoder.py"):
            uses = workspace.references(written, None, 10)
            assert uses["module"] is True and uses["symbol"] == written
            assert [(d["repo"], d["path"]) for d in uses["definitions"]] == [("one", "codec/decoder.py"),
                                                                             ("two", "codec/decoder.py")]
            assert [(r["repo"], r["path"], r["line"]) for r in uses["references"]] == [
                ("one", "codec/user.py", 1), ("two", "codec/user.py", 1), ("two", "main.py", 1)]
            alone = references_answer(services["two"].engine, written, None, 10)["references"]
            assert [(r["path"], r["line"]) for r in alone] == [(r["path"], r["line"]) for r in uses["references"][1:]]
            assert uses["repos"] == ["one", "two"] and uses["counts"] == {"import": 3}
        assert workspace.references("codec.decoder", None, 1)["truncated"] == "showing 1 of 3; raise limit to see more"
        with pytest.raises(AnswerError, match="no symbol named 'nothere_zz' in any repository"):
            workspace.references("nothere_zz", None, 10)
        with pytest.raises(AnswerError):  # a call is no use of a module
            workspace.references("codec.decoder", "call", 10)
    finally:
        workspace.close()
