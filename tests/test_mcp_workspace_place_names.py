"""MCP over a workspace reads a place with a line (``pkg/forms.py:5``, as an agent's grep writes
one) as one repository's tools read it: ``find_references`` and ``impact`` ask about the definition
holding the line, in the one repository with that file, the first note saying which. Found by an
outside tester (iniconfig 2.0.0 with addict 2.4.0): ``{"name": "src/iniconfig/__init__.py:40"}`` had
been refused by both ("in the workspace's repositories (...), no indexed file or folder is
src/iniconfig/__init__.py:40."), which ``maguyva mcp iniconfig`` alone answered."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("mcp")

from maguyva_tui.mcp.answers import AnswerError  # noqa: E402
from tests.test_mcp_workspace import started_workspace  # noqa: E402

LIB = {"pkg/checks.py": "def check(value):\n    if not value:\n        raise ValueError(value)\n    return value\n",
       "pkg/forms.py": "from pkg.checks import check\n\n\ndef submit(form):\n    return check(form)\n\n\n"
                       "def other():\n    return submit(1)\n",
       "setup.py": "x = 1\n"}
APP = {"app/run.py": "def main():\n    return 2\n", "setup.py": "y = 2\n"}


@pytest.mark.slow
def test_a_place_with_a_line_asks_about_the_definition_holding_it(tmp_path: Path) -> None:
    workspace = started_workspace(tmp_path, {"lib": LIB, "app": APP})
    try:
        for written in ("pkg/forms.py:5", "lib/pkg/forms.py:5"):  # as a grep writes it, as the results write it
            refs = workspace.references(written, None, 10)
            assert refs["symbol"] == "pkg/forms.py::submit"
            assert refs["notes"][0] == f"lib: {written} is in submit (lines 4-5); asking about pkg/forms.py::submit"
            assert [(r["repo"], r["path"], r["line"]) for r in refs["references"]] == [("lib", "pkg/forms.py", 9)]
            hit = workspace.impact(written, 2, 10)
            assert hit["symbol"] == "pkg/forms.py::submit" and hit["notes"][0].startswith("lib: ")
            assert [(d["repo"], d["symbol"]) for d in hit["dependents"]] == [("lib", "other")]
        assert workspace.references("app/run.py:2", None, 10)["notes"][0].startswith("app: app/run.py:2 is in main")
        # a twin path: which repository's file is meant must be written; past the end is said in one line
        with pytest.raises(AnswerError, match=r"^setup.py:1 could be a file of 2 repositories of the workspace "
                                              r"\(app, lib\): write its repository first \(app/...\)$"):
            workspace.impact("setup.py:1", 2, 10)
        assert workspace.references("app/setup.py:1", None, 10)["notes"][0].startswith("app: app/setup.py:1 is in no definition")
        with pytest.raises(AnswerError, match="^lib: pkg/forms.py:99 is past the end of pkg/forms.py, which has 9 lines$"):
            workspace.references("pkg/forms.py:99", None, 10)
        assert workspace.references("check", None, 10)["symbol"] == "check"  # a name: as before
        found = workspace.definitions("lib/pkg/forms.py:5", None, False, 10)  # find_definition reads it too
        assert [(d["repo"], d["symbol"]) for d in found["definitions"]] == [("lib", "submit")]
        assert found["notes"] == ["lib: lib/pkg/forms.py:5 is in submit (lines 4-5); asking about pkg/forms.py::submit"]
        with pytest.raises(AnswerError, match="^lib: pkg/forms.py:2 is in no definition of pkg/forms.py: read the file"):
            workspace.definitions("pkg/forms.py:2", None, False, 10)
    finally:
        workspace.close()
