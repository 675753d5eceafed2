"""A graph question asked of a place over a workspace ("what breaks if I change
repo/path:line") asks it of the definition holding the line, as over one repository.

Over humanfriendly and coloredlogs, ``maguyva search "what breaks if I change
hf/humanfriendly/compat.py:101" --repo hf --repo cl`` had been "internal error: AttributeError:
'_Lines' object has no attribute 'files'" (the workspace's view has no one table of paths)."""

from __future__ import annotations

from pathlib import Path

from maguyva_tui.core.workspace import SearchRequest, open_workspace
from tests.core.test_test_modules import NameProvider
from tests.core.test_workspace_file_stem import index_base, roots

__all__ = ["index_base", "roots"]  # the fixtures, shared


def test_a_place_s_question_is_asked_of_its_definition(roots: list[Path], index_base: Path) -> None:
    workspace = open_workspace(roots, index_base, provider=NameProvider(), static=False)
    try:
        answer = workspace.search(SearchRequest("who calls lib/src/codec/prompts.py:6", 10))
        assert ("lib/src/codec/prompts.py:6 is in ask (lines 5-6); asking about lib/src/codec/prompts.py::ask"
                in answer.result.notices)
        assert [(repo, r.path, r.start_line) for r, repo in zip(answer.result.results, answer.repos)] == [
            ("app", "app/main.py", 5)]
        unknown = workspace.search(SearchRequest("who calls nowhere/src/codec/prompts.py:6", 10))  # no such repository
        assert not [n for n in unknown.result.notices if "asking about" in n]
    finally:
        workspace.close()
