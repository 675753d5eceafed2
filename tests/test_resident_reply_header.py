"""A search's reply as the lean client reads it (issue 19: every microsecond of the client is paid by
every search): the header every answered search has (``{"handled": true, "out": [[1, 52949], [1,
null]], "code": 0}``, as the server's ``json.dumps`` writes it) is read without the general reader
(40-50 µs of a fresh process for a line of 60 bytes), and the texts are decoded from the reply as it
came, not from copies of it; any other header is read as before, to the same values or the same
refusal."""

from __future__ import annotations

import json

import pytest

from maguyva_tui.resident import client, place


def _reference(data: bytes) -> object:
    """The reply as ``json`` reads its header, the texts cut from the body after it."""
    header, _, body = data.partition(b"\n")
    reply = json.loads(header)
    if not isinstance(reply, dict) or reply.get("out") is None:
        if body.strip():
            raise ValueError("texts without sizes")
        return reply
    texts: list[list[object]] = []
    at = 0
    for fd, size in reply["out"]:
        if size is None:
            texts.append([fd, None])
            continue
        if not isinstance(size, int) or isinstance(size, bool) or size < 0 or at + size > len(body):
            raise ValueError("past its end")
        texts.append([fd, body[at : at + size].decode("utf-8", "surrogatepass")])
        at += size
    if at != len(body):
        raise ValueError("bytes after")
    reply["out"] = texts
    return reply


def _framed(reply: dict[str, object]) -> bytes:
    """A reply as the server frames it (its texts' sizes in the header, the texts after it)."""
    out = reply.get("out") or []
    texts = [None if text is None else str(text).encode("utf-8", "surrogatepass") for _, text in out]  # type: ignore[misc]
    sizes = [[fd, None if data is None else len(data)] for (fd, _), data in zip(out, texts)]  # type: ignore[misc]
    return json.dumps({**reply, "out": sizes}).encode() + b"\n" + b"".join(d for d in texts if d is not None)


def test_an_answered_search_is_read_without_the_general_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    def general(data: bytes) -> object:
        raise AssertionError("the general reader read a search's header")

    monkeypatch.setattr(client, "loads", general)  # the code place re-exports
    data = _framed({"handled": True, "out": [[1, "1. a.py:3  f\n    def f():\n"], [1, None], [2, "maguyva: café\udcff\n"]],
                    "code": 2})
    assert place.split_reply(data) == {"handled": True, "code": 2, "out": [
        [1, "1. a.py:3  f\n    def f():\n"], [1, None], [2, "maguyva: café\udcff\n"]]}


@pytest.mark.parametrize("data", [
    _framed({"handled": True, "out": [[1, '{"query": "x"}\n'], [1, None]], "code": 0}),
    _framed({"handled": True, "out": [[2, "maguyva: error: no\n"]], "code": 130}),
    _framed({"handled": True, "out": [], "code": 0}),
    _framed({"handled": True, "out": [[1, ""], [2, "é"], [1, None], [2, None]], "code": 1}),
    _framed({"handled": False, "why": "busy: 32 requests in flight"}),
    _framed({"handled": True, "status": {"pid": 3, "uptime_s": 1.5}}),
    b'{"handled": true, "out": [[1, 03]], "code": 0}\nabc',
    b'{"handled": true, "out": [[1, 3]], "code": 01}\nabc',
    b'{"handled": true, "out": [[1, -3]], "code": 0}\nabc',
    b'{"handled": true, "out": [[1, 3]], "code": -1}\nabc',
    b'{"handled": true, "out": [[1, 4]], "code": 0}\nabc',
    b'{"handled": true, "out": [[1, 2]], "code": 0}\nabc',
    b'{"handled": true, "out": [[1, 3], [2, true]], "code": 0}\nabc',
    b'{"handled": true, "out": [[1, 3]], "code": 0, "more": 1}\nabc',
    b'{"handled": true, "out": [[1, 3]], "code": 0}  \nabc',
    b'{"handled": true, "out": [[1, 3],[1, null]], "code": 0}\nabc',
    b'{"handled": true, "out": [[1, 3], [1]], "code": 0}\nabc',
    b'{"handled": true, "out": [[1, 3, 4]], "code": 0}\nabc',
    b'{"handled": true, "out": [[x, 3]], "code": 0}\nabc',
    b'{"handled": true, "out": [[1, 3]], "code": 0}\n\xff\xfe\xfd',
    b'{"handled": true, "out": [[1, 3]], "code": 0}',
    b'{"handled": true, "out": [["1", 3]], "code": 0}\nabc',
    b'{"handled": true, "out": [[1, \xd9\xa3]], "code": 0}\nabc',
])
def test_every_header_reads_as_json_reads_it(data: bytes) -> None:
    try:
        expected: object = _reference(data)
    except (ValueError, TypeError):
        with pytest.raises((ValueError, TypeError)):
            place.split_reply(data)
        return
    assert place.split_reply(data) == expected
