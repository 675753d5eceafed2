"""The MCP ``search`` tool says each result's kind, a call outside any definition too (a script's
``if __name__ == "__main__":`` block, xmltodict's ``parse(stdin, ...)``): it had said neither its
symbol, which it has none, nor its kind."""

from __future__ import annotations

import pytest

pytest.importorskip("mcp")

from maguyva_tui.core.types import Ranked, Vote  # noqa: E402
from maguyva_tui.mcp.answers import _search_hit  # noqa: E402


def _hit(symbol: str | None, kind: str | None) -> dict[str, object]:
    vote = Vote(0, 1.0, 0.5, 0.0122, "calls parse")
    ranked = Ranked("tool.py", 10, 10, symbol, kind, "python", 0.0122, "parse('b')", (("graph", vote),))
    return _search_hit(ranked, lambda path, start, end: [])


def test_a_call_outside_any_definition_says_its_kind() -> None:
    assert _hit(None, "call")["kind"] == "call" and "symbol" not in _hit(None, "call")
    assert (_hit("main", "call")["symbol"], _hit("main", "call")["kind"]) == ("main", "call")
