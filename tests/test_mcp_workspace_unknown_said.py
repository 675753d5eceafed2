"""The MCP server's workspace answer to a name no repository defines says what one repository's
answer says besides its close names: find_references and impact, the file left out for its size that
holds the name and that lines still name it; find_definition with a kind, the kind the name is
defined as. The workspace had said the close names alone ("no symbol named 'BigThing' ... Use the
search tool", where lib/big.py, over 1 MiB, defines it and lib/user.py calls it; "no function named
'Emitter'" where Emitter is a class)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("mcp")

from maguyva_tui.core.walk import MAX_FILE_BYTES  # noqa: E402
from maguyva_tui.mcp.answers import AnswerError, impact_answer, references_answer  # noqa: E402
from tests.test_mcp_workspace import started_workspace  # noqa: E402

BIG = "class BigThing:\n    pass\n" + ("# " + "x" * 1000 + "\n") * (MAX_FILE_BYTES // 1000 + 1)
LIB = {"lib/big.py": BIG, "lib/emitter.py": "class Emitter:\n    pass\n",
       "lib/user.py": "def uses():\n    return BigThing()\n"}
APP = {"app/main.py": "def run():\n    return 1\n"}


def test_an_unknown_name_says_what_one_repository_says(tmp_path: Path) -> None:
    workspace = started_workspace(tmp_path, {"lib": LIB, "app": APP})
    try:
        alone = workspace.services["lib"].engine
        for ask, one in ((lambda n: workspace.references(n, None, 10), lambda n: references_answer(alone, n, None, 10)),
                         (lambda n: workspace.impact(n, 2, 10), lambda n: impact_answer(alone, n, 2, 10))):
            with pytest.raises(AnswerError) as single:
                one("BigThing")
            assert "lib/big.py holds it, not indexed (over 1 MiB). Lines still name it" in str(single.value)
            with pytest.raises(AnswerError) as refused:
                ask("BigThing")
            assert str(refused.value).startswith(
                "no symbol named 'BigThing' in any repository of the workspace: app, lib. lib/lib/big.py holds it, "
                "not indexed (over 1 MiB). Lines still name it (an import, a call into another package, or what a "
                'deleted definition left): search "BigThing" lists them.')
        with pytest.raises(AnswerError, match=r"^no function named 'Emitter' in any repository of the workspace: app, "
                                              r"lib\. Emitter is defined as class \(lib/lib/emitter\.py:1\); ask with "
                                              r"kind class, or without kind\.$"):
            workspace.definitions("Emitter", "function", False, 10)
        with pytest.raises(AnswerError, match=r"lib\.\sClosest names|lib\. Use the search tool"):
            workspace.references("Nowhere", None, 10)  # nothing of it anywhere: the close names alone, as before
    finally:
        workspace.close()
