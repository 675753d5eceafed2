"""What the MCP server writes to its client holds nothing a terminal obeys, in any part of an answer.

A tool's text escaped a file's C1 controls, bidirectional marks and line separators (``\\u009b``,
as ``--json`` writes them), but its ``structuredContent``, which the SDK writes itself, carried them
raw: an agent (or a person) printing the JSON-RPC line as it came had U+009B, a one-byte CSI, read
by the terminal. The server's stdout now escapes them in every line it writes; the JSON is the same.
"""

from __future__ import annotations

import json
import os

import pytest

pytest.importorskip("mcp")

from maguyva_tui.mcp.intake import Wire  # noqa: E402
from maguyva_tui.mcp.server import _answered  # noqa: E402

RAW = ("\x9b", "\u202e", "\u2028", "\x7f")
SNIPPET = 'return "a\x9b2J b\u202e c\u2028d\x7f"'


def _written(line: bytes) -> bytes:
    """What a client reads after the server wrote ``line`` to its stdout."""
    read_end, write_end = os.pipe()
    try:
        wire = Wire(write_end)
        assert wire.write(line) == len(line)  # the SDK's text layer is told every byte went
        os.close(write_end)
        write_end = -1
        with os.fdopen(read_end, "rb") as client:
            read_end = -1
            return client.read()
    finally:
        for fd in (read_end, write_end):
            if fd >= 0:
                os.close(fd)


def _answer_line() -> bytes:
    result = _answered(lambda: {"results": [{"path": "g.py", "snippet": SNIPPET}]})
    message = {"jsonrpc": "2.0", "id": 1, "result": json.loads(result.model_dump_json(by_alias=True, exclude_none=True))}
    return json.dumps(message, ensure_ascii=False).encode("utf-8") + b"\n"


def test_structured_content_reaches_the_client_with_its_controls_escaped() -> None:
    line = _answer_line()
    assert any(c.encode() in line for c in RAW)  # as the SDK writes it: raw in structuredContent
    out = _written(line)
    assert not any(c.encode() in out for c in RAW), out
    assert b"\\u009b" in out and b"\\u202e" in out
    answer = json.loads(out)
    assert answer == json.loads(line)  # the same JSON
    assert answer["result"]["structuredContent"]["results"][0]["snippet"] == SNIPPET
    assert json.loads(answer["result"]["content"][0]["text"])["results"][0]["snippet"] == SNIPPET


def test_a_line_of_plain_text_and_other_unicode_goes_out_as_it_came() -> None:
    line = json.dumps({"jsonrpc": "2.0", "id": 2, "result": {"t": "naïve ☃ 名前"}}, ensure_ascii=False).encode() + b"\n"
    assert _written(line) == line
