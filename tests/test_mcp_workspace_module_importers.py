"""MCP's find_references of a module over a workspace lists, beside the defining repository's own
import lines, every other repository's lines importing it by its written name, as the workspace
search's "who imports" does. Found by an outside tester (webencodings 0.5.1, tinycss2 1.2.1,
cssselect2 0.7.0): ``find_references tinycss2.nth`` listed tinycss2's test alone, leaving out
cssselect2's ``from tinycss2.nth import parse_nth``, which "who imports tinycss2.nth" listed."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("mcp")

from tests.test_mcp_workspace import started_workspace  # noqa: E402

LIB = {"css/__init__.py": "", "css/nth.py": "def parse_nth(text):\n    return text\n",
       "css/use.py": "from css.nth import parse_nth\n"}
APP = {"app/select.py": "import os\nfrom css.nth import parse_nth\n",
       "app/plain.py": "import cssx.nth\n"}


@pytest.mark.slow
def test_a_module_over_a_workspace_lists_other_repositories_lines_importing_it(tmp_path: Path) -> None:
    workspace = started_workspace(tmp_path, {"lib": LIB, "app": APP})
    try:
        uses = workspace.references("css.nth", None, 10)
        assert [(r["repo"], r["path"], r["line"], r["kind"]) for r in uses["references"]] == [
            ("app", "app/select.py", 2, "import"), ("lib", "css/use.py", 1, "import")]
        assert uses["references"][0]["text"] == "from css.nth import parse_nth"
        assert uses["total"] == 2 and uses["counts"] == {"import": 2}
        assert [d["repo"] for d in uses["definitions"]] == ["lib"]
        assert "app: 1 line imports css.nth as another repository's module, which its graph leaves untied" in uses["notes"]
        assert workspace.references("css.nth", None, 1)["truncated"] == "showing 1 of 2; raise limit to see more"
    finally:
        workspace.close()
