"""A request whose params the SDK refuses is told, in one line, which param is wrong and how: an
outside tester writing JSON-RPC by hand (radon 6.0.1) had met the SDK's "Invalid request parameters"
with empty ``data`` for ``tools/list`` with ``"cursor": 5``, ``resources/read`` without its ``uri``,
``prompts/get`` with ``"arguments": 5``, ``logging/setLevel`` with a level no client logs at,
``completion/complete`` without its ``ref``, ``initialize`` whose ``capabilities.roots`` was no object, and
``tools/call`` whose ``task`` was a number. A request valid in any protocol version the SDK negotiates goes
on to it as before."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("mcp")

from maguyva_tui.mcp.intake import triage  # noqa: E402
from tests.test_mcp_malformed import INIT  # noqa: E402


def _line(method: str, params: Any, request_id: Any = 9) -> bytes:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message).encode() + b"\n"


@pytest.mark.parametrize(("method", "params", "said"), [
    ("tools/list", {"cursor": 5}, "Invalid params: tools/list: cursor: Input should be a valid string (sent 5)"),
    ("resources/list", {"cursor": []}, "Invalid params: resources/list: cursor: Input should be a valid string (sent [])"),
    ("resources/read", {}, "Invalid params: resources/read: uri was not sent"),
    ("resources/read", None, "Invalid params: resources/read: params was not sent"),
    ("resources/read", {"uri": 5}, "Invalid params: resources/read: uri: Input should be a valid string (sent 5)"),
    ("prompts/get", {"name": "x", "arguments": 5},
     "Invalid params: prompts/get: arguments: Input should be a valid dictionary (sent 5)"),
    ("tools/list", {"cursor": 1, "_meta": {}, "x": 1}, "Invalid params: tools/list: cursor: Input should be a valid string (sent 1)"),
    ("logging/setLevel", {"level": "loud"}, "Invalid params: logging/setLevel: level: Input should be 'alert', "
     "'critical', 'debug', 'emergency', 'error', 'info', 'notice' or 'warning' (sent \"loud\")"),
    ("completion/complete", {}, "Invalid params: completion/complete: argument was not sent; ref was not sent"),
    ("initialize", {**INIT[0]["params"], "capabilities": {"roots": 5}},
     "Invalid params: initialize: capabilities.roots: Input should be a valid dictionary or instance of Roots (sent 5)"),
    ("tools/call", {"name": "search", "arguments": {"query": "x"}, "task": 5},
     "Invalid params: tools/call: task: Input should be a valid dictionary or instance of TaskMetadata (sent 5)"),
])
def test_params_the_sdk_refuses_are_said_in_one_line(method: str, params: Any, said: str) -> None:
    sorted_out = triage(_line(method, params))
    assert sorted_out.onward == b""  # the SDK never sees it: it would say "Invalid request parameters" alone
    (answer,) = map(json.loads, sorted_out.answers.splitlines())
    assert answer == {"jsonrpc": "2.0", "id": 9, "error": {"code": -32602, "message": said}}


@pytest.mark.parametrize(("method", "params"), [
    ("tools/list", None), ("tools/list", {"cursor": "abc"}), ("tools/list", {"cursor": None}),
    ("ping", {"a": 1}), ("resources/read", {"uri": "file:///etc/passwd"}), ("prompts/get", {"name": "x"}),
    ("logging/setLevel", {"level": "debug"}), ("initialize", INIT[0]["params"]),
    ("tools/call", {"name": "search", "arguments": {"query": 5}}),  # the tool's own arguments: the server says them
    ("tools/call", {"name": "search", "arguments": {"query": "x"}, "_meta": {"progressToken": "t"}}),
    ("tasks/list", None), ("made/up", {"x": 1}),  # no such method: the SDK says "Method not found"
])
def test_params_any_version_takes_go_on_to_the_sdk(method: str, params: Any) -> None:
    line = _line(method, params)
    assert triage(line).answers == b"" and triage(line).onward == line
