"""The MCP server over a workspace lists a call from another repository made through an import of
the defining repository's package, as ``maguyva search "who calls NAME" --repo A --repo B`` does
(jaraco.text's ``from jaraco.functools import method_cache`` had been left out of
``find_references`` and ``impact``, with a note that such uses are not resolved)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("mcp")

from maguyva_tui.core.engine import Engine  # noqa: E402
from maguyva_tui.mcp.service import RepoService  # noqa: E402
from maguyva_tui.mcp.workspace import WorkspaceService  # noqa: E402
from tests.test_mcp_workspace import FirstWord  # noqa: E402


@pytest.mark.slow
def test_a_call_through_an_import_of_another_repositorys_package_is_listed(tmp_path: Path) -> None:
    lib, app = tmp_path / "cachelib", tmp_path / "textapp"
    (lib / "cachelib").mkdir(parents=True)
    (lib / "cachelib" / "__init__.py").write_text(
        "def method_cache(method):\n    return method\n\n\ndef own(v):\n    return method_cache(v)\n")
    (app / "textapp").mkdir(parents=True)
    (app / "textapp" / "folded.py").write_text(
        "from cachelib import method_cache\n\n\nclass Folded:\n    def lower(self):\n"
        "        return method_cache(str.lower)\n\n\ndef use():\n    return Folded().lower()\n")
    services = {label: RepoService(Engine(root, tmp_path / "ix", provider=FirstWord(), static=False), embed=False)
                for label, root in (("cachelib", lib), ("textapp", app))}
    for repo in services.values():
        repo.start().join(60)
    workspace = WorkspaceService(services, ready_wait_s=0.05)
    try:
        uses = workspace.references("method_cache", None, 10)
        calls = sorted((r["repo"], r["path"], r["in"]) for r in uses["references"] if r["kind"] == "call")
        assert calls == [("cachelib", "cachelib/__init__.py", "own"), ("textapp", "textapp/folded.py", "Folded.lower")]
        assert uses["counts"]["call"] == 2
        assert any(n.startswith("textapp: 1 call names method_cache") for n in uses["notes"])
        assert not any("not resolved" in n for n in uses["notes"])
        impact = workspace.impact("method_cache", 2, 10)
        found = {(d["repo"], d["symbol"], d["depth"]) for d in impact["dependents"]}
        assert {("textapp", "Folded.lower", 1), ("textapp", "use", 2)} <= found
        assert [d["depth"] for d in impact["dependents"]] == sorted(d["depth"] for d in impact["dependents"])
    finally:
        workspace.close()
