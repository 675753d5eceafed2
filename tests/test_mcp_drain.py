"""Requests a client sent before it closed stdin are answered before the session ends.

The SDK cancelled the requests in flight at the end of stdin: ``maguyva mcp < requests`` (or a client
that half-closes after its last request) got no answer at all, and the process still waited seconds
for the cancelled searches' threads. The intake now keeps the SDK's end open until each request it
handed on is answered.
"""

from __future__ import annotations

import io
import json
import os
import threading
import time

import pytest

pytest.importorskip("mcp")

from maguyva_tui.mcp.intake import Pending, Wire, _pump  # noqa: E402

CALL = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "search", "arguments": {"query": "x"}}}


def _line(message: dict[str, object]) -> bytes:
    return json.dumps(message).encode() + b"\n"


def test_the_sdk_end_stays_open_until_the_request_in_flight_is_answered() -> None:
    sdk_read, sdk_write = os.pipe()
    out_read, out_write = os.pipe()
    wire = Wire(out_write)
    seen: dict[str, float] = {}

    def sdk() -> None:  # answers after a while, as a search does; the end of its input ends the session
        with os.fdopen(sdk_read, "rb") as incoming:
            asked = json.loads(incoming.readline())
            threading.Timer(0.1, lambda: (seen.setdefault("answered", time.monotonic()),
                                          wire.write(_line({"jsonrpc": "2.0", "id": asked["id"], "result": {}})))).start()
            incoming.read()
            seen["end"] = time.monotonic()

    reader = threading.Thread(target=sdk)
    reader.start()
    _pump(io.BytesIO(_line(CALL)), os.fdopen(sdk_write, "wb"), wire, drain_s=10)
    reader.join(5)
    assert seen["end"] >= seen["answered"]
    assert json.loads(os.read(out_read, 1 << 16))["id"] == 7
    for fd in (out_read, out_write):
        os.close(fd)


def test_the_wait_ends_with_the_last_answer_a_cancellation_or_the_time_allowed() -> None:
    pending = Pending()
    pending.asked(_line(CALL) + _line({**CALL, "id": "b"}) + _line({"jsonrpc": "2.0", "method": "notifications/initialized"}))
    assert not pending.drained(0.01)
    answer = _line({"jsonrpc": "2.0", "id": 7, "result": {"content": []}})
    pending.answered(answer[:10])  # a line may reach the pipe in pieces
    pending.answered(answer[10:])
    pending.answered(_line({"jsonrpc": "2.0", "id": "b", "method": "ping"}))  # the server's own request, not an answer
    assert not pending.drained(0.01)
    pending.asked(_line({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "b"}}))
    assert pending.drained(0.01)


def test_a_last_request_without_its_newline_is_answered_at_once() -> None:
    """``printf '...'`` with no final newline: the line reached the SDK unterminated, which waited for
    the rest while the intake waited for its answer, and the session ended after the whole drain (2
    minutes) with the request unanswered."""
    sdk_read, sdk_write = os.pipe()
    out_read, out_write = os.pipe()
    wire = Wire(out_write)
    seen: dict[str, object] = {}

    def sdk() -> None:
        with os.fdopen(sdk_read, "rb") as incoming:
            seen["line"] = line = incoming.readline()
            if line.endswith(b"\n"):
                wire.write(_line({"jsonrpc": "2.0", "id": json.loads(line)["id"], "result": {}}))
            incoming.read()

    reader = threading.Thread(target=sdk)
    reader.start()
    started = time.monotonic()
    _pump(io.BytesIO(_line(CALL).rstrip(b"\n")), os.fdopen(sdk_write, "wb"), wire, drain_s=2)
    reader.join(5)
    assert seen["line"] == _line(CALL)
    assert time.monotonic() - started < 1
    assert json.loads(os.read(out_read, 1 << 16))["id"] == 7
    for fd in (out_read, out_write):
        os.close(fd)
