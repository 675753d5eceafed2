"""A resident server's reply on the wire: its JSON on one line, the printed texts after it as they
are (not escaped into JSON strings); the client reads back exactly what the server captured, and
refuses a reply whose sizes do not add up. The request parsed to check it is the one the search
runs on."""

from __future__ import annotations

import json
import random

import pytest

from maguyva_tui.resident.client import split_reply
from maguyva_tui.resident.server import framed


def test_a_reply_reads_back_as_it_was_sent() -> None:
    reply = {"handled": True, "code": 2, "out": [[1, '{"snippet": "é \\" \\n ✓"}\n'], [1, None], [2, "bad \udce9 byte\n"],
                                                 [1, ""], [2, "€"]]}
    data = framed(reply)
    assert data.count(b"\n") >= 1 and b"\\u00e9" not in data  # the texts as they are, not JSON-escaped
    assert split_reply(data) == reply


def test_a_reply_without_texts_is_its_json_line() -> None:
    for reply in ({"handled": False, "why": "busy"}, {"handled": True, "status": {"pid": 1, "uptime_s": 0.5}}):
        assert split_reply(framed(reply)) == reply
        assert json.loads(framed(reply)) == reply  # still one JSON value to a reader of the old kind


@pytest.mark.parametrize("data", [
    b'{"handled": true, "out": [[1, 5]]}\nabc',  # short
    b'{"handled": true, "out": [[1, 2]]}\nabc',  # bytes left over
    b'{"handled": true, "out": [[1, "abc"]]}\n',  # a text where a size goes (the old reply)
    b'{"handled": true, "out": [[1, -1]]}\nabc',
    b'{"handled": true}\nabc',
    b'{"handled": true, "out": 3}\n',
    b'{"handled": true, "out": [[1]]}\n',
    b'not json\n',
])
def test_a_reply_that_does_not_add_up_is_refused(data: bytes) -> None:
    with pytest.raises((ValueError, TypeError)):
        split_reply(data)


def test_the_server_runs_the_search_on_the_arguments_it_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    from maguyva_tui import cli

    seen: list[object] = []
    monkeypatch.setattr(cli, "_search", lambda args: seen.append(args) or 0)
    parser = cli.build_parser()
    argv = ["search", "--json", "--", "q"]
    checked = parser.parse_args(argv)
    token = cli.WARM_ARGS.set((list(argv), checked))
    try:
        assert cli.main(argv) == 0
        assert cli.main(["search", "--json", "--", "other"]) == 0  # another list: parsed afresh
    finally:
        cli.WARM_ARGS.reset(token)
    assert seen[0] is checked and seen[1] is not checked and seen[1].query == "other"  # type: ignore[attr-defined]


def test_the_json_line_is_json_dumps_text() -> None:
    from maguyva_tui.cli import JSON_LINE

    value = {"query": "café \udce9", "score": 0.1 + 0.2, "big": 1e300, "nan": float("nan"), "none": None,
             "results": [{"snippet": 'x = "✓"\t', "lines": [1, 2], "ok": True, "modalities": {"text": {"rank": 0}}}]}
    assert JSON_LINE.encode(value) == json.dumps(value, ensure_ascii=False)


TRICKY = ['a', ' ', '"', '\\', '\n', '\x00', '\x1f', '\x7f', 'é', '\u2028', '\ud800', '\udcff', '😀', '~', '/', '\b',
          '\f', '\t', '\r', '\x85', '\ufeff']


def test_a_request_is_written_as_json_writes_it() -> None:
    """The request and a socket's name (a checksum of an identity written so) are the bytes
    ``json.dumps`` had written through ``_json``, without loading it."""
    from maguyva_tui.resident.client import dumps

    rng = random.Random(19)
    for _ in range(3000):
        text = "".join(rng.choice(TRICKY) for _ in range(rng.randint(0, 6)))
        value = {"argv": ["search", "--", text], "env": {text: text}, "n": rng.randint(-3, 3), "ok": True, "no": None}
        assert dumps(value) == json.dumps(value, separators=(",", ":"))


@pytest.mark.parametrize("data", [
    b'{"handled": true, "out": [[1, 52979], [1, null]], "code": 0}',
    b' { "a" : [ ] , "b" : { } , "c" : -0 , "d" : [-12, 0, 10], "e": "caf\xc3\xa9" }\n',
    b'{"why": "a \\"quoted\\" word \\u00e9 \\ud83d\\ude00", "uptime_s": 0.5, "big": 1e300}',  # read by json
    b'{"a": 1, "a": 2}',
])
def test_a_header_reads_as_json_reads_it(data: bytes) -> None:
    from maguyva_tui.resident.client import loads

    assert loads(data) == json.loads(data)


@pytest.mark.parametrize("bad", [b"01", b"[1,]", b"-", b'{"a" 1}', b"{1: 2}", b"tru", b'"a\x01"', b"[1 2]", b'{"a": 1,}'])
def test_a_header_json_refuses_is_refused(bad: bytes) -> None:
    from maguyva_tui.resident.client import loads

    with pytest.raises(ValueError):
        json.loads(bad)
    with pytest.raises(ValueError):
        loads(bad)
