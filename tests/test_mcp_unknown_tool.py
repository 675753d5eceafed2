"""A call of a tool that does not exist names the tools there are and the one meant.

The SDK answered ``{"name": "find_definitions"}`` with a tool result "Unknown tool: find_definitions":
no list of the tools, no close name, and not the invalid-params error the MCP specification gives an
unknown tool (an unknown prompt was already refused so).
"""

from __future__ import annotations

from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

from mcp.shared.exceptions import MCPError  # noqa: E402
from mcp.types import INVALID_PARAMS  # noqa: E402

from maguyva_tui.mcp.arguments import unknown_tool  # noqa: E402
from maguyva_tui.mcp.server import build_server  # noqa: E402


class _NoService:
    """Nothing is asked of the service: the call is refused before any tool runs."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the service was asked for {name}")


def _refused(tool: str) -> MCPError:
    server = build_server(_NoService())  # type: ignore[arg-type]
    with pytest.raises(MCPError) as raised:
        anyio.run(server.call_tool, tool, {"name": "x"})
    return raised.value


def test_an_unknown_tool_is_invalid_params_naming_the_tools_and_the_one_meant() -> None:
    refused = _refused("find_definitions")
    assert refused.error.code == INVALID_PARAMS
    assert refused.error.message == ("Unknown tool: 'find_definitions' (tools/list lists search, find_definition, "
                                     "find_references, impact); did you mean find_definition?")
    assert _refused("Search").error.message.endswith("; did you mean search?")


def test_a_name_like_no_tool_names_the_tools_alone() -> None:
    assert unknown_tool("grep", ["search", "impact"]) == "Unknown tool: 'grep' (tools/list lists search, impact)"
    assert "\n" not in unknown_tool("a\nb" * 100, ["search"])
