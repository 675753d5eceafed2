"""MCP over a workspace says a path no repository has as one repository says it ("in ROOT, no
indexed file or folder is /etc/passwd."), with the close paths named by repository. Found by an
outside tester (webencodings 0.5.1, tinycss2 1.2.1, cssselect2 0.7.0): find_definition,
find_references and impact of ``/etc/passwd``, ``../x.py::f`` or ``nothere/x.py`` over the three had
said "no symbol named '/etc/passwd' in any repository of the workspace ... Use the search tool", and
``../setup.py`` "Closest names: setup.py", as if a path were a symbol's name."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("mcp")

from maguyva_tui.mcp.answers import AnswerError  # noqa: E402
from tests.test_mcp_workspace import started_workspace  # noqa: E402

LIB = {"setup.py": "x = 1\n", "css/nth.py": "def parse_nth(text):\n    return text\n"}
APP = {"app/select.py": "from css.nth import parse_nth\n"}


@pytest.mark.slow
def test_a_path_no_repository_has_is_said_as_one_repository_says_it(tmp_path: Path) -> None:
    workspace = started_workspace(tmp_path, {"lib": LIB, "app": APP})
    asks = (lambda n: workspace.definitions(n, None, False, 10), lambda n: workspace.references(n, None, 10),
            lambda n: workspace.impact(n, 2, 10))
    try:
        for name, said in (("/etc/passwd", "no indexed file or folder is /etc/passwd."),
                           ("../x.py::f", "no indexed file or folder is ../x.py."),
                           ("nothere/x.py", "no indexed file or folder is nothere/x.py."),
                           ("../setup.py", "no indexed file or folder is ../setup.py; close paths: lib/setup.py.")):
            for ask in asks:
                with pytest.raises(AnswerError) as refused:
                    ask(name)
                assert str(refused.value) == f"in the workspace's repositories (app, lib), {said}"
        with pytest.raises(AnswerError, match="^no symbol named 'nothere_zz' in any repository"):
            workspace.references("nothere_zz", None, 10)  # a name, not a path: as before
    finally:
        workspace.close()
