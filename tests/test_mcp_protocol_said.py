"""The MCP server tells a client what is wrong with a request the SDK answered vaguely, in one line,
and keeps serving. Found by an outside tester writing JSON-RPC by hand (addict 2.4.0): a ``tools/call``
before ``initialize`` and an ``initialize`` without its params had been answered "Invalid request
parameters" with empty data; ``notifications/initialized`` sent with an id "Method not found"; a
request of ``"jsonrpc": "1.0"``, or none, had been answered as one of ``"2.0"``."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("mcp")

from maguyva_tui.mcp.intake import Opening, _pump, triage  # noqa: E402
from tests.test_mcp_malformed import INIT, Client  # noqa: E402

INITIALIZE = json.dumps(INIT[0]).encode() + b"\n"


def _answer(line: bytes) -> dict[str, Any]:
    sorted_out = triage(line)
    assert sorted_out.onward == b"", line  # the SDK never sees it
    (answer,) = sorted_out.answers.splitlines()
    return dict(json.loads(answer))


@pytest.mark.parametrize(("line", "code", "said"), [
    (b'{"jsonrpc":"1.0","id":8,"method":"ping"}', -32600, 'Invalid Request: jsonrpc must be "2.0"; it was "1.0"'),
    (b'{"id":9,"method":"tools/list"}', -32600, 'Invalid Request: jsonrpc must be "2.0"; it was not sent'),
    (b'{"jsonrpc":"2.0","id":"n1","method":"notifications/initialized"}', -32600,
     "Invalid Request: notifications/initialized is a notification: send it without an id"),
    (b'{"jsonrpc":"2.0","id":5,"method":"initialize","params":{}}', -32602,
     'Invalid params: initialize takes {"protocolVersion": a string, "capabilities": an object, "clientInfo": '
     '{"name": a string, "version": a string}}; protocolVersion was not sent'),
    (b'{"jsonrpc":"2.0","id":6,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":[],'
     b'"clientInfo":{"name":"t","version":"1"}}}', -32602, "capabilities was an array"),
    (b'{"jsonrpc":"2.0","id":7,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},'
     b'"clientInfo":{"name":"t"}}}', -32602, "clientInfo.version was not sent"),
])
def test_a_request_the_sdk_answered_vaguely_is_told_what_is_wrong(line: bytes, code: int, said: str) -> None:
    answer = _answer(line)
    request = json.loads(line)
    assert answer["id"] == request["id"] and answer["error"]["code"] == code
    assert answer["error"]["message"].endswith(said) and "\n" not in answer["error"]["message"]


def test_good_requests_go_on_as_before() -> None:
    for line in (INITIALIZE, b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n',
                 b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n'):
        assert triage(line).answers == b"" and triage(line).onward == line


def test_a_request_before_initialize_is_refused_saying_so() -> None:
    opening = Opening()
    sorted_out = opening.sort(b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n')
    assert sorted_out.onward == b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n'  # ping is answered before it
    (answer,) = map(json.loads, sorted_out.answers.splitlines())
    assert answer["id"] == 2 and answer["error"] == {
        "code": -32600, "message": "Invalid Request: the session is not initialized: send initialize first "
                                   "(tools/list lists the tools then)"}
    notice = b'{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}\n'
    assert opening.sort(notice).onward == notice  # a notification: nobody waits for an answer
    assert opening.sort(INITIALIZE + b'{"jsonrpc":"2.0","id":4,"method":"tools/list"}\n').answers == b""  # a script's
    assert opening.sort(b'{"jsonrpc":"2.0","id":5,"method":"tools/list"}\n').answers == b""  # pipeline goes on


@pytest.mark.slow
def test_the_server_says_it_and_stays_up(tmp_path: Any) -> None:
    import os
    import subprocess
    import sys

    (tmp_path / "a.py").write_text("def alpha():\n    return 1\n")
    proc = subprocess.Popen([sys.executable, "-m", "maguyva_tui", "mcp", str(tmp_path), "--index-dir",
                             str(tmp_path / "ix")], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "MAGUYVA_NO_SERVER": "1"})
    talk = Client(proc)
    try:
        talk.send(b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search","arguments":{"query":"x"}}}')
        assert "not initialized" in talk.answer()["error"]["message"]
        talk.send(INITIALIZE.strip())
        assert talk.answer()["id"] == 0
        talk.send(b'{"jsonrpc":"2.0","id":"n","method":"notifications/initialized"}')
        assert talk.answer()["error"]["code"] == -32600
        talk.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
        talk.send(b'{"jsonrpc":"2.0","id":2,"method":"tools/list"}')
        assert len(talk.answer()["result"]["tools"]) == 4
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(60)
    assert proc.returncode == 0


def test_the_pump_hands_on_what_comes_after_initialize() -> None:
    import io

    class Sink(io.BytesIO):
        def close(self) -> None:  # keep what was written readable
            pass

    sent = INITIALIZE + b'{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n'
    server = Sink()
    _pump(io.BytesIO(b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n' + sent), server, opening=Opening())  # type: ignore[arg-type]
    assert server.getvalue() == sent  # the one before initialize never reached the SDK
