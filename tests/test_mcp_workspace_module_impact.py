"""MCP's impact of a module over a workspace lists, beside the defining repository's own
dependents, every other repository's lines importing it by name (depth 1) and what depends on the
importing files there (depth 2 and on), as the workspace search's "what breaks if I change" does.
Found by an outside tester (hpack 4.0.0 and h2 4.1.0): ``impact hpack.hpack`` listed hpack's own
files alone, leaving out h2's ``from hpack.hpack import Encoder, Decoder`` in connection.py and
everything calling into connection.py."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("mcp")

from tests.test_mcp_workspace import started_workspace  # noqa: E402

LIB = {"lib/__init__.py": "", "lib/codec.py": "def encode(x):\n    return x\n",
       "lib/use.py": "from lib.codec import encode\n"}
APP = {"app/__init__.py": "",
       "app/conn.py": "from lib.codec import encode\n\n\ndef send(x):\n    return encode(x)\n",
       "app/client.py": "from app.conn import send\n\n\ndef request():\n    return send(1)\n",
       "app/plain.py": "import libx.codec\n"}


@pytest.mark.slow
def test_a_module_s_impact_over_a_workspace_reaches_the_repositories_importing_it(tmp_path: Path) -> None:
    workspace = started_workspace(tmp_path, {"lib": LIB, "app": APP})
    try:
        answer = workspace.impact("lib.codec", 2, 50)
        rows = [(d["repo"], d["path"], d["depth"], d["edge"]) for d in answer["dependents"]]
        assert ("app", "app/conn.py", 1, "import") in rows
        assert any(repo == "app" and path == "app/client.py" and depth == 2 for repo, path, depth, _ in rows)
        assert not any(path == "app/plain.py" for _, path, _, _ in rows)
        assert ("lib", "lib/use.py", 1, "import") in rows  # the defining repository's own, as before
        assert any(n.startswith("app: 1 line imports lib.codec as another repository's module") for n in answer["notes"])
        assert answer["total"] == len(rows)
        shallow = workspace.impact("lib.codec", 1, 50)
        assert not any(d["depth"] > 1 for d in shallow["dependents"])
    finally:
        workspace.close()
