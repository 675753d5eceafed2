"""JSON for the lean client, without the ``json`` package's Python half.

``json`` imports ``re`` (and with it ``enum``, ``functools``...): 5 ms on a quiet machine, 30 on a
loaded one, in a process whose whole budget is ripgrep's run. The C accelerator ``json`` itself
uses, ``_json``, has what the client needs: a scanner that decodes and a string encoder. The wire
is ordinary JSON either way: the server reads and writes it with ``json``. A reply's printed
texts follow its JSON line as they are (:func:`split_reply`). No ``from __future__
import annotations`` here or in the client's other modules: it is an import of its own.
"""

try:
    import _json
except ImportError:  # an interpreter without the accelerator: the json package, whole
    _json = None  # type: ignore[assignment]


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not allowed on the wire")


class _Context:
    """What ``_json``'s scanner reads from a decoder: strict strings, plain objects and numbers."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = staticmethod(_no_constant)


_scan = _json.make_scanner(_Context()) if _json is not None else None  # type: ignore[arg-type]
WHITESPACE = " \t\n\r"


def loads(data: bytes) -> object:
    """Decode one JSON value (UTF-8); ``ValueError`` for anything else, trailing data included."""
    text = data.decode("utf-8").strip(WHITESPACE)
    if _scan is None:
        import json

        return json.loads(text)
    try:
        value, end = _scan(text, 0)
    except StopIteration as exc:
        raise ValueError(f"not JSON at character {exc.value}") from None
    if end != len(text):
        raise ValueError(f"extra data at character {end}")
    return value


def split_reply(data: bytes) -> object:
    """Decode a server's reply: one line of JSON, then the texts of its ``"out"`` list, one after
    another in UTF-8 (lone surrogates passed through), each ``[fd, size]`` there naming the next
    ``size`` bytes (``[fd, null]``: a flush). The texts travel as they are, not as JSON strings
    escaped by the server and unescaped here (a literal's page: 26 kB, 0.1 ms both ways).
    ``ValueError`` or ``TypeError`` for anything else."""
    header, _, body = data.partition(b"\n")
    reply = loads(header)
    if not isinstance(reply, dict) or reply.get("out") is None:
        if body.strip(WHITESPACE.encode()):
            raise ValueError("a reply's texts without their sizes")
        return reply
    out = reply["out"]
    if not isinstance(out, list):
        raise ValueError("a reply's texts are not a list")
    texts: list[list[object]] = []
    at = 0
    for fd, size in out:
        if size is None:
            texts.append([fd, None])
            continue
        if not isinstance(size, int) or isinstance(size, bool) or size < 0 or at + size > len(body):
            raise ValueError("a reply's text runs past its end")
        texts.append([fd, body[at : at + size].decode("utf-8", "surrogatepass")])
        at += size
    if at != len(body):
        raise ValueError("bytes after a reply's texts")
    reply["out"] = texts
    return reply


def dumps(value: object) -> str:
    """Encode strings, integers, booleans, ``None``, lists and string-keyed dicts as ASCII JSON."""
    if isinstance(value, str):
        return _json.encode_basestring_ascii(value) if _json is not None else _slow(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(dumps(v) for v in value) + "]"
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return "{" + ",".join(f"{dumps(k)}:{dumps(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"{type(value).__name__} is not sent on the wire")


def _slow(text: str) -> str:
    import json

    return json.dumps(text)
