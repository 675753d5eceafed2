"""Every field an MCP answer carries is named in what the agent reads first: the tool's description or
the server's instructions.

An agent learns the answers' shape from those words alone. Found by an outside tester: search's
``lookup_failed`` (the results are related code, not the symbol asked for), ``notices``, ``target``
and ``depth``, references' ``node`` and every tool's ``truncated`` were named nowhere.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

from maguyva_tui.core.engine import Engine  # noqa: E402
from maguyva_tui.mcp.server import build_server  # noqa: E402
from maguyva_tui.mcp.service import RepoService  # noqa: E402
from tests.conftest import FIXTURE  # noqa: E402
from tests.core.test_failed_lookup import FirstWordProvider  # noqa: E402

CALLS: list[tuple[str, dict[str, Any]]] = [
    ("search", {"query": "how is the config parsed"}),
    ("search", {"query": "what breaks if I change parse_config", "limit": 50}),
    ("search", {"query": "no_such_helper_zz"}),
    ("search", {"query": '"PARSE_CONFIG"', "limit": 3}),
    ("search", {"query": "parse_config", "lmit": 2}),
    ("find_definition", {"name": "parse_config", "with_source": True, "limit": 1}),
    ("find_references", {"name": "parse_config", "limit": 1}),
    ("find_references", {"name": "no_callers_here_zz_unused"}),
    ("impact", {"name": "parse_config", "limit": 1}),
]


def _fields(answer: dict[str, Any]) -> set[str]:
    """The answer's keys, its listed items' keys, and lookup_failed's."""
    keys = set(answer)
    for key, value in answer.items():
        if isinstance(value, list):
            keys |= {k for item in value if isinstance(item, dict) for k in item}
        if key == "lookup_failed" and isinstance(value, dict):
            keys |= set(value)
    return keys


def test_every_field_of_every_answer_is_named_for_the_agent(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(FIXTURE, repo, symlinks=True)
    service = RepoService(Engine(repo, tmp_path / "ix", provider=FirstWordProvider(), static=False), embed=False)
    server = build_server(service)
    service.start()
    try:
        described = {tool.name: tool.description or "" for tool in anyio.run(server.list_tools)}
        unnamed: dict[str, set[str]] = {}
        for tool, arguments in CALLS:
            try:
                answer = anyio.run(server.call_tool, tool, arguments).structured_content
            except Exception:  # noqa: BLE001 - an error has no fields to describe
                continue
            words = described[tool] + (server.instructions or "")
            unnamed.setdefault(tool, set()).update(
                key for key in _fields(answer) if not re.search(rf"\b{re.escape(key)}\b", words))
    finally:
        service.close()
    assert {tool: keys for tool, keys in unnamed.items() if keys} == {}
    assert set(unnamed) == {"search", "find_definition", "find_references", "impact"}


def test_search_says_what_symbol_and_kind_are_for_a_line_that_is_no_definition(tmp_path: Path) -> None:
    """A call site ("who calls push_entry": lines 348, symbol Core.insert_full, kind call) and a line
    matched inside a method ("Must be false": symbol Validate.isFalse) carry symbol and kind: the
    description had said they came only with a definition, so the caller read as defined at the call."""
    service = RepoService(Engine(tmp_path, tmp_path / "ix", provider=FirstWordProvider(), static=False), embed=False)
    search = next(t for t in anyio.run(build_server(service).list_tools) if t.name == "search")
    words = " ".join((search.description or "").split())
    assert "when the result is a definition" not in words
    assert 'a call site\'s kind is "call", "read" where it reads a Python property, and its symbol the caller' in words and "lie in" in words
