"""MCP's find_definition over a workspace of a module, file or folder by name says what it is, with
each repository's files, as over one repository. Found by an outside tester (tinycss2 1.2.1 and
cssselect2 0.7.0): ``find_definition tinycss2.nth`` over the two answered "no definition of
'tinycss2.nth' in any repository of the workspace ... Closest names", as if nothing had the name,
while find_references listed the lines importing it."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("mcp")

from maguyva_tui.mcp.answers import AnswerError  # noqa: E402
from maguyva_tui.mcp.workspace import WorkspaceService  # noqa: E402
from tests.test_mcp_workspace import started_workspace  # noqa: E402

LIB = {"css/__init__.py": "", "css/nth.py": "def parse_nth(text):\n    return text\n"}
APP = {"app/select.py": "from css.nth import parse_nth\n"}


def _refused(workspace: WorkspaceService, name: str, kind: str | None = None) -> str:
    with pytest.raises(AnswerError) as raised:
        workspace.definitions(name, kind, False, 10)
    return str(raised.value)


@pytest.mark.slow
def test_a_module_asked_for_its_definition_over_a_workspace_is_said_to_be_one(tmp_path: Path) -> None:
    workspace = started_workspace(tmp_path, {"lib": LIB, "app": APP})
    try:
        for kind in (None, "module"):
            assert _refused(workspace, "css.nth", kind) == (
                "'css.nth' is no symbol defined in any repository of the workspace but a module or file: "
                "lib/css/nth.py (find_references lists the lines importing it, impact what depends on it).")
        assert "a module" not in _refused(workspace, "css.nth", "class")  # another kind asked: as before
        said = _refused(workspace, "prase_nth")
        assert said.startswith("no definition of 'prase_nth' in any repository") and "parse_nth" in said
        assert workspace.definitions("parse_nth", None, False, 10)["definitions"][0]["repo"] == "lib"
    finally:
        workspace.close()
