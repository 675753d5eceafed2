"""JSON for the lean client, in plain Python on the way to an answer.

``json`` imports ``re`` (and with it ``enum``, ``functools``...): 5 ms on a quiet machine, 30 on a
loaded one, in a process whose whole budget is ripgrep's run; its C accelerator ``_json`` alone is
an extension loaded from disk, 0.2 ms of CPU of every search. A request's strings, almost all
printable ASCII, are written here (:func:`dumps`), and a reply's header, a line of objects, lists,
integers and plain strings (:func:`split_reply`), is read here (:func:`loads`); only what that
reader does not take (a float, an escape: a status, a refusal) goes to ``json``. The wire is
ordinary JSON either way: the server reads and writes it with ``json``. A reply's printed texts
follow its JSON line as they are (:func:`split_reply`). No ``from __future__ import
annotations`` here or in the client's other modules: it is an import of its own.
"""

WHITESPACE = " \t\n\r"
ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
"""The characters JSON writes with a letter (``json.dumps``'s ``ensure_ascii`` form); every other one
outside printable ASCII is ``\\uXXXX``."""
LITERALS = {"true": True, "false": False, "null": None}


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not allowed on the wire")


class _NotPlain(Exception):
    """A value :func:`_plain` does not read: ``json`` reads it (or refuses it)."""


def loads(data: bytes) -> object:
    """Decode one JSON value (UTF-8); ``ValueError`` for anything else, trailing data included."""
    text = data.decode("utf-8").strip(WHITESPACE)
    try:
        value, end = _plain(text, 0)
        if end == len(text):
            return value
    except (_NotPlain, RecursionError):
        pass
    import json  # a float, an escape, a constant, not JSON: rare on the way to an answer

    return json.loads(text, parse_constant=_no_constant)


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at] in WHITESPACE:
        at += 1
    return at


def _plain(text: str, at: int) -> tuple[object, int]:
    """The JSON value at ``at`` and where it ends, of the kinds a search's reply header holds: an
    object, a list, an integer, ``true``, ``false``, ``null``, a string of printable characters
    without an escape; :class:`_NotPlain` for anything else (``json`` reads it the same)."""
    at = _skip(text, at)
    first = text[at : at + 1]
    if first in ("{", "["):
        closing = "}" if first == "{" else "]"
        items: list[object] = []
        at = _skip(text, at + 1)
        if text.startswith(closing, at):
            at += 1
        else:
            while True:
                item, at = _plain(text, at)
                if first == "{":
                    at = _skip(text, at)
                    if not isinstance(item, str) or not text.startswith(":", at):
                        raise _NotPlain
                    value, at = _plain(text, at + 1)
                    items.append((item, value))
                else:
                    items.append(item)
                at = _skip(text, at)
                if text.startswith(closing, at):
                    at += 1
                    break
                if not text.startswith(",", at):
                    raise _NotPlain
                at += 1
        return (dict(items) if first == "{" else items), at  # type: ignore[arg-type]
    if first == '"':
        end = text.find('"', at + 1)
        value = text[at + 1 : end]
        if end < 0 or "\\" in value or not value.isprintable():
            raise _NotPlain
        return value, end + 1
    end = at
    while end < len(text) and (text[end].isalnum() or text[end] == "-"):
        end += 1
    word = text[at:end]
    if word in LITERALS:
        return LITERALS[word], end
    digits = word[1:] if word.startswith("-") else word
    if not (digits.isascii() and digits.isdigit()) or (digits[0] == "0" and len(digits) > 1):
        raise _NotPlain
    return int(word), end


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
    """Encode strings, integers, booleans, ``None``, lists and string-keyed dicts as compact ASCII
    JSON (``json.dumps(value, separators=(",", ":"))``: a socket's name is a checksum of an identity
    written so)."""
    if isinstance(value, str):
        return string(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(dumps(v) for v in value) + "]"
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return "{" + ",".join(f"{string(k)}:{dumps(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"{type(value).__name__} is not sent on the wire")


def string(text: str) -> str:
    """A string as ``json.dumps`` writes it (``ensure_ascii``): printable ASCII as it is, ``"`` and
    ``\\`` and the usual controls by letter, any other character as ``\\uXXXX`` (past U+FFFF,
    its surrogate pair)."""
    if text.isascii() and text.isprintable() and '"' not in text and "\\" not in text:
        return f'"{text}"'
    return '"' + "".join(_escaped(c) for c in text) + '"'


def _escaped(c: str) -> str:
    if " " <= c <= "~":
        return ESCAPES.get(c, c)
    code = ord(c)
    if code < 0x10000:
        return ESCAPES.get(c) or f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
