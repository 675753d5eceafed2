"""JSON for the lean client, without the ``json`` package's Python half.

``json`` imports ``re`` (and with it ``enum``, ``functools``...): 5 ms on a quiet machine, 30 on a
loaded one, in a process whose whole budget is ripgrep's run. The C accelerator ``json`` itself
uses, ``_json``, has what the client needs: a scanner that decodes and a string encoder. The wire
is ordinary JSON either way: the server reads and writes it with ``json``. No ``from __future__
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
