"""The MCP server's workspace tools read a name written through a repository's absolute root (as an
agent's file tools write paths) or as their own results write it (``repo/path``) as that
repository's, as its tools over one repository read a path through the root. Found by an outside
tester (pyee 12.1.1 with five more repositories): find_definition of
``/ws/pyee-12.1.1/pyee/base.py::EventEmitter``, find_references of ``...::EventEmitter.emit`` and
impact of ``/ws/pyee-12.1.1/pyee/base.py`` had said "no indexed file or folder is
/ws/pyee-12.1.1/pyee/base.py", and impact of ``pyee-12.1.1/pyee/base.py`` "no indexed file or
folder is pyee-12.1.1/pyee/base.py; close paths: pyee-12.1.1/pyee/base.py", the very path. And a
name written through its file (``lib/emitter.py::make``) lists another repository's calls of it
through an import of its package, as the name alone (``make``) does: it had listed none."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp")

from tests.core.test_workspace_rooted_paths import APP, LIB  # noqa: E402
from tests.test_mcp_workspace import started_workspace  # noqa: E402


def _without_symbol(answer: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in answer.items() if key != "symbol"}


def test_a_name_through_a_repository_s_root_or_label_is_that_repository_s(tmp_path: Path) -> None:
    workspace = started_workspace(tmp_path, {"lib": LIB, "app": APP})
    root = workspace.services["lib"].engine.root
    asks = {"definition": lambda n: workspace.definitions(n, None, False, 10),
            "references": lambda n: workspace.references(n, None, 10),
            "impact": lambda n: workspace.impact(n, 2, 10)}
    try:
        for tool, name in (("definition", "lib/emitter.py::Emitter"), ("definition", "lib/emitter.py::make"),
                           ("references", "lib/emitter.py::make"), ("references", "lib/emitter.py"),
                           ("impact", "lib/emitter.py"), ("impact", "lib/emitter.py::Emitter")):
            plain = asks[tool](name)
            assert plain.get("total"), (tool, name, plain)
            for written in (f"{root}/{name}", f"lib/{name}"):
                assert _without_symbol(asks[tool](written)) == _without_symbol(plain), (tool, written)
        calls = {(r["repo"], r["path"]) for r in workspace.references("lib/emitter.py::make", None, 10)["references"]
                 if r["kind"] == "call"}  # app's call through its import of lib, as "make" alone lists it
        assert calls == {("lib", "lib/loud.py"), ("app", "app/main.py")}
    finally:
        workspace.close()
