"""A client whose pipe starts with a UTF-8 byte order mark (PowerShell's ``$OutputEncoding``, a request
file saved by Notepad: ``maguyva mcp < requests.jsonl``) is served as one without it, as ``maguyva search
--batch`` reads such a file (found by an outside tester on radon 6.0.1): the ``initialize`` line had been
answered "Parse error: the line is not JSON" with id ``null``, and the client waited for its id's answer
for good. RFC 8259 lets a parser ignore the mark."""

from __future__ import annotations

import io
import json

import pytest

pytest.importorskip("mcp")

from maguyva_tui.mcp.intake import Opening, _pump  # noqa: E402
from tests.test_mcp_malformed import INIT  # noqa: E402

BOM = b"\xef\xbb\xbf"
INITIALIZE = json.dumps(INIT[0]).encode() + b"\n"
LIST = b'{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n'


class Sink(io.BytesIO):
    def close(self) -> None:  # keep what was written readable
        pass


class Wire(Sink):
    """The client's stdout as the pump writes its own answers to it."""

    class _Pending:
        def asked(self, onward: bytes) -> None:
            pass

        def drained(self, timeout: float) -> bool:
            return True

    pending = _Pending()


@pytest.mark.parametrize("sent", [BOM + INITIALIZE + LIST, INITIALIZE + BOM + LIST])
def test_a_byte_order_mark_before_a_line_is_read_past(sent: bytes) -> None:
    server, wire = Sink(), Wire()
    _pump(io.BytesIO(sent), server, wire, opening=Opening())  # type: ignore[arg-type]
    assert server.getvalue() == INITIALIZE + LIST  # the SDK reads each line without the mark
    assert wire.getvalue() == b""  # nothing answered as a parse error


def test_a_mark_inside_a_line_is_still_not_json() -> None:
    server, wire = Sink(), Wire()
    _pump(io.BytesIO(INITIALIZE + b'{"jsonrpc":"2.0",' + BOM + b'"id":3,"method":"ping"}\n'), server, wire)  # type: ignore[arg-type]
    (answer,) = map(json.loads, wire.getvalue().splitlines())
    assert answer["error"]["code"] == -32700
