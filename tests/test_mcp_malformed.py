"""The MCP server answers every line a client sends, however malformed, and keeps serving.

JSON-RPC 2.0: a line that cannot be parsed is answered with a Parse error (-32700), an invalid request
with Invalid Request (-32600), each with the request's id where it can be read and ``null`` where it
cannot. The SDK drops such lines without a word, and a client waiting on one waits forever.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp")

from maguyva_tui.mcp.intake import triage  # noqa: E402
from tests.conftest import REPO  # noqa: E402

ANSWER_TIMEOUT_S = 60  # a loaded machine; an unanswered line fails after this
DEEP = 100_000  # far past Python's recursion limit (and pydantic's)
INIT = [
    {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}},
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
]
DEEP_CALL = (b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search","arguments":'
             + b"[" * DEEP + b"]" * DEEP + b"}}")
MALFORMED: list[tuple[bytes, Any, int]] = [  # line, the id of its answer, the error code
    (DEEP_CALL, 1, -32700),
    (b'{"jsonrpc":"2.0","id":1e400,"method":"tools/list"}', None, -32600),
    (b'{"jsonrpc":"2.0","id":2.5,"method":"tools/list"}', None, -32600),
    (b'{"jsonrpc":"2.0","id":null,"method":"tools/list"}', None, -32600),
    (b'{"jsonrpc":"2.0","id":[3],"method":"tools/list"}', None, -32600),
    (b"[" * DEEP + b"]" * DEEP, None, -32700),
    (b"not json at all", None, -32700),
    (b"{\"jsonrpc\":\"2.0\",\"id\":4,", None, -32700),
    (b"[]", None, -32600),
    (b"7", None, -32600),
    (b'{"jsonrpc":"2.0","id":5}', 5, -32600),
    (b'{"jsonrpc":"2.0","id":6,"method":"prompts/get","params":{"name":"nope"}}', 6, -32602),  # had been code 0
]


class Client:
    """A raw line client of a server process: send a line, read its answers with a timeout."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        assert proc.stdout is not None
        self.proc = proc
        self.lines: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)

    def send(self, line: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()

    def answer(self) -> dict[str, Any]:
        try:
            return dict(json.loads(self.lines.get(timeout=ANSWER_TIMEOUT_S)))
        except queue.Empty:
            raise AssertionError("no answer: the line was dropped") from None

    def no_more(self) -> list[bytes]:
        try:
            return [self.lines.get(timeout=1.0)]
        except queue.Empty:
            return []


@pytest.fixture
def client(indexed_polyglot: Path) -> Any:
    proc = subprocess.Popen([sys.executable, "-m", "maguyva_tui", "mcp", str(indexed_polyglot),
                             "--index-dir", os.environ["MAGUYVA_INDEX_DIR"]],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO)
    talk = Client(proc)
    for message in INIT:
        talk.send(json.dumps(message).encode())
    assert talk.answer()["id"] == 0
    yield talk
    assert proc.stdin is not None and proc.stderr is not None
    proc.stdin.close()
    proc.wait(60)
    errors = proc.stderr.read().decode(errors="replace")
    assert proc.returncode == 0, errors
    assert "Traceback" not in errors, errors
    assert all(line.startswith("maguyva mcp: ") for line in errors.splitlines()), errors  # none boxed, none wrapped


def test_every_malformed_line_gets_one_answer_and_the_session_goes_on(client: Client) -> None:
    # one server for the lot: a process start, the imports and the index cost seconds
    for number, (line, answer_id, code) in enumerate(MALFORMED):
        client.send(line)
        answer = client.answer()
        assert answer["jsonrpc"] == "2.0" and answer["id"] == answer_id, (line[:60], answer)
        assert answer["error"]["code"] == code and answer["error"]["message"], (line[:60], answer)
        client.send(json.dumps({"jsonrpc": "2.0", "id": 100 + number, "method": "tools/list"}).encode())
        assert client.answer()["id"] == 100 + number  # still serving, and nothing else was said
    batch = [{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, {"jsonrpc": "2.0", "id": 1.5, "method": "x"},
             {"jsonrpc": "2.0", "method": "notifications/initialized"}, 3]
    client.send(json.dumps(batch).encode())  # a batch: each of its messages answered on its own
    answers = [client.answer(), client.answer(), client.answer()]
    assert sorted(str(answer["id"]) for answer in answers) == ["1", "None", "None"]
    assert sorted(answer["error"]["code"] for answer in answers if "error" in answer) == [-32600, -32600]
    assert client.no_more() == []


# -- the intake's decisions, in-process --------------------------------------------------------------

def _answers(line: bytes) -> list[dict[str, Any]]:
    return [json.loads(answer) for answer in triage(line).answers.splitlines()]


def test_a_request_the_sdk_answers_is_not_answered_again() -> None:
    for line in (b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n',
                 b'{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"\\ud800"}}\n',
                 b'{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"s\xff"}}\n',  # read as U+FFFD
                 b'{"jsonrpc":"2.0","method":"notifications/initialized","params":5}\n',  # nobody waits on it
                 b'{"jsonrpc":"2.0","id":5,"result":{}}\n', b'{"jsonrpc":"2.0","id":6.5,"result":7}\n',  # answers
                 b"\n", b"   \n"):
        assert triage(line).answers == b"", line
        assert triage(line).onward.startswith(b'{"jsonrpc"') or not line.strip()


def test_a_request_with_an_id_the_sdk_refuses_is_answered_by_the_intake_alone() -> None:
    # the SDK reads {"id": 1e400, "method": ...} as a notification (it has no usable id): nobody answers
    sorted_out = triage(b'{"jsonrpc":"2.0","id":1e400,"method":"tools/call","params":{"name":"search"}}\n')
    assert sorted_out.onward == b""  # not sent on as a notification
    assert [a["error"]["code"] for a in _answers(b'{"jsonrpc":"2.0","id":true,"method":"tools/list"}\n')] == [-32600]
    spelled = b'{"jsonrpc":"2.0","i\\u0064":2.5,"method":"tools/list"}\n'  # the key in an escape
    assert triage(spelled).onward == b"" and _answers(spelled)[0]["id"] is None


def test_the_id_of_a_deep_request_is_read_without_descending_into_it() -> None:
    line = (b'{"method":"tools/call", "params": {"a": "]]}}\\"[", "b": ' + b'[{"k]":' * DEEP + b"0" + b"}]" * DEEP
            + b'}, "jsonrpc":"2.0", "id": "x\\u00e9"}\n')
    assert _answers(line) == [{"jsonrpc": "2.0", "id": "x\u00e9", "error": {
        "code": -32700, "message": _answers(line)[0]["error"]["message"]}}]
    assert _answers(b'{"id": 2.5, "p": ' + b"[" * DEEP + b"]" * DEEP + b"}\n")[0]["id"] is None
    assert _answers(b'{"p": ' + b"[" * DEEP + b"]" * DEEP + b', "id": 3\n')[0]["id"] is None  # not closed


@pytest.mark.parametrize(("params", "said"), [
    (None, "params was not sent"),
    (7, "params was a number"),
    ({"arguments": {"query": "x"}}, "name was not sent"),
    ({"name": ["search"]}, "name was an array"),
    ({"name": "search", "arguments": "Http"}, "arguments was a string"),
    ({"name": "search", "arguments": '{"query": "x"}'}, "arguments was a string holding JSON: send the object itself"),
    ({"name": "search", "arguments": ["x"]}, "arguments was an array"),
])
def test_a_tool_call_of_the_wrong_shape_is_told_its_shape_in_one_line(params: Any, said: str) -> None:
    """An agent that sent its arguments as a string (JSON encoded twice) had been answered "Invalid
    request parameters", nothing else; params as a number had been sent on without them, answered so."""
    request: dict[str, Any] = {"jsonrpc": "2.0", "id": 9, "method": "tools/call"}
    if params is not None:
        request["params"] = params
    sorted_out = triage(json.dumps(request).encode() + b"\n")
    assert sorted_out.onward == b""
    (answer,) = _answers(json.dumps(request).encode() + b"\n")
    assert answer["id"] == 9 and answer["error"]["code"] == -32602
    message = answer["error"]["message"]
    assert message.startswith('Invalid params: tools/call takes {"name": a tool, "arguments": an object}')
    assert message.endswith(said) and "\n" not in message
    batch = json.dumps([request, {"jsonrpc": "2.0", "id": 10, "method": "tools/list"}]).encode()
    assert [a["id"] for a in _answers(batch)] == [9] and b'"id": 10' in triage(batch).onward


def test_a_tool_call_of_the_right_shape_goes_on_to_the_sdk() -> None:
    for params in ({"name": "search"}, {"name": "search", "arguments": {"query": "x"}}, {"name": "nope", "arguments": {}}):
        line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}).encode() + b"\n"
        assert triage(line) == triage(line) and triage(line).answers == b"" and triage(line).onward == line


@pytest.mark.parametrize(("meta", "said"), [
    ({"progressToken": [1]}, "params._meta.progressToken must be a string or an integer; it was an array"),
    ({"progressToken": 1.5}, "params._meta.progressToken must be a string or an integer; it was a number that is no integer"),
    ({"progressToken": None}, "params._meta.progressToken must be a string or an integer; it was null"),
    ([1], "params._meta must be an object; it was an array"),
])
def test_a_request_whose_meta_the_sdk_refuses_is_told_which_part_in_one_line(meta: Any, said: str) -> None:
    """``_meta.progressToken: [1]`` had been answered the SDK's "Invalid request parameters" alone."""
    for method, params in (("tools/list", {}), ("tools/call", {"name": "search", "arguments": {"query": "x"}})):
        line = json.dumps({"jsonrpc": "2.0", "id": 7, "method": method, "params": {**params, "_meta": meta}}).encode()
        assert triage(line + b"\n").onward == b""
        assert _answers(line + b"\n") == [{"jsonrpc": "2.0", "id": 7, "error": {"code": -32602, "message": f"Invalid params: {said}"}}]
        assert [a["id"] for a in _answers(b"[" + line + b', {"jsonrpc": "2.0", "id": 8, "method": "tools/list"}]')] == [7]


def test_a_request_whose_meta_the_sdk_takes_goes_on_to_it() -> None:
    for meta in ({"progressToken": "t"}, {"progressToken": 3}, {"progressToken": 1.0}, {"other": [1]}, None):
        line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": meta}}).encode() + b"\n"
        assert triage(line) == triage(line) and triage(line).answers == b"" and triage(line).onward == line


def test_an_unknown_prompt_is_invalid_params_in_one_line() -> None:
    """prompts/get of a prompt that does not exist had been answered with error code 0, and logged
    as a boxed traceback."""
    import anyio
    from mcp.shared.exceptions import MCPError

    from maguyva_tui.mcp.server import _Server

    with pytest.raises(MCPError) as raised:
        anyio.run(_Server("maguyva").get_prompt, "nope")
    assert raised.value.error.code == -32602
    assert raised.value.error.message == "Unknown prompt: 'nope' (prompts/list lists none: this server has no prompts)"
