"""The MCP server's workspace answer to a name no repository defines says which repository's walk
could not read some path, as its answer over one repository says it ("no definition of
'TwistedEventEmitter' in the index of ROOT (1 unreadable path not indexed)"). Found by an outside
tester over pyee 12.1.1 (``pyee/twisted.py`` unreadable) with linkify-it-py, uc-micro-py, mri and
sade: find_definition, find_references and impact had said "no definition of 'TwistedEventEmitter'
in any repository of the workspace: linkify-it-py-2.0.3, ..., uc-micro-py-1.0.3. Closest names:
TrioEventEmitter." as if every file had been read."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("mcp")

from maguyva_tui.mcp.answers import AnswerError  # noqa: E402
from tests.test_mcp_workspace import started_workspace  # noqa: E402

LIB = {"lib/emitter.py": "class Emitter:\n    def emit(self, event):\n        return event\n"}
APP = {"app/main.py": "from lib.emitter import Emitter\n\n\ndef run():\n    return Emitter().emit('go')\n"}


def test_an_unknown_name_says_the_repository_whose_paths_were_not_read(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    workspace = started_workspace(tmp_path, {"lib": LIB, "app": APP})
    try:
        with pytest.raises(AnswerError, match="^no symbol named 'TwistedEmitter' in any repository of the workspace: "
                                              r"app, lib\."):
            workspace.references("TwistedEmitter", None, 10)  # every path read: nothing said of it
        skipped = workspace.services["lib"].engine.generation.snapshot.manifest.skipped
        monkeypatch.setitem(skipped, "unreadable", 1)  # as the walk counts it (tests run as root, who reads all)
        for ask, what in ((lambda n: workspace.definitions(n, None, False, 10), "definition of"),
                          (lambda n: workspace.references(n, None, 10), "symbol named"),
                          (lambda n: workspace.impact(n, 2, 10), "symbol named")):
            with pytest.raises(AnswerError) as refused:
                ask("TwistedEmitter")
            assert str(refused.value).startswith(f"no {what} 'TwistedEmitter' in any repository of the workspace: "
                                                 "app, lib (1 unreadable path not indexed, in lib).")
    finally:
        workspace.close()
