"""Strings every JSON parser reads: a file name that is not UTF-8, in every JSON answer.

A path whose bytes are not UTF-8 (``caf\\xff.py``) reaches Python as a lone surrogate a byte
(``surrogateescape``), which strict parsers refuse (serde_json, a UTF-8 check) or mangle in silence
(Go's ``encoding/json`` reads U+FFFD). Every JSON output (``--json``, ``--batch``, the MCP tools)
writes such a string instead as:

- the text with each stray byte as the four characters ``\\xNN`` (``"path": "caf\\\\xff.py"``), and
- beside a field that holds one, ``FIELD_bytes``: the exact bytes in base64
  (``"path_bytes": "Y2Fm/y5weQ=="``), present only when some byte was escaped, so that its absence
  says the text is the name itself; beside a list of strings, a list of the same length with
  ``null`` for each string that needed nothing.

ripgrep's ``--json`` says the same with ``{"bytes": BASE64}`` in place of ``{"text": ...}``; a
field that stays a string keeps every script that reads ``path`` working. A lone surrogate that
stands for no byte becomes U+FFFD; an object's key takes the ``\\xNN`` form alone, with its bytes
in base64 after it (``"caf\\\\xe9 (bytes Y2Fm6Q==)"``) where that form is another key's.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar, cast

from maguyva_tui.core.lazy_pattern import lazy

STRAY_BYTE = lazy("[\udc80-\udcff]")
"""A byte of a file name that is not UTF-8, as Python reads the name (``surrogateescape``)."""
LONE_SURROGATE = lazy("[\ud800-\udfff]")
"""Any lone surrogate: UTF-8 cannot carry one."""
OTHER_SURROGATE = lazy("[\ud800-\udc7f\udd00-\udfff]")
"""A lone surrogate that stands for no byte."""
BYTES_SUFFIX = "_bytes"
"""The suffix of the field beside one that needed escaping: its exact bytes in base64."""

W = TypeVar("W")

TERMINAL_CONTROL = lazy("[\x7f-\x9f\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\U000e0000-\U000e007f"
                        "\u00ad\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0\ufff9-\ufffb\U0001bca0-\U0001bca3\U0001d173-\U0001d17a]")
"""What JSON leaves raw that a terminal acts on or that hides or reorders what is read: DEL, the C1
controls (xterm obeys U+009B, a one-byte CSI, written in UTF-8), bidirectional marks and overrides,
the line and paragraph separators, the zero-width space, word joiner, invisible operators, byte
order mark, Mongolian vowel separator, tag characters, soft hyphen, Hangul fillers and the other
invisible format characters (a name holding one read as the name without it; one past U+FFFF, a tag,
is written as its surrogate pair): :data:`maguyva_tui.terminal.CONTROLS`
less the C0 controls and surrogates, which JSON escapes itself. :func:`terminal_safe` escapes these."""


def terminal_safe(text: str) -> str:
    """Encoded JSON ``text`` with each :data:`TERMINAL_CONTROL` character as a ``\\uXXXX`` escape:
    the same JSON to every parser (the characters only occur inside its strings), nothing a
    terminal obeys: ``maguyva search --json`` had written a file named ``c1\\u009b2J.py``
    raw, which xterm reads as ``ESC [ 2 J``, clear the screen."""
    if text.isascii() or not TERMINAL_CONTROL.search(text):
        return text
    return TERMINAL_CONTROL.sub(_json_escape, text)


def _json_escape(match: re.Match[str]) -> str:
    """A character as JSON escapes it: ``\\uXXXX``, or the two of its surrogate pair past U+FFFF."""
    code = ord(match.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def needs_care(text: str) -> bool:
    """Tell whether encoded JSON text holds a lone surrogate (rare: then walk the answer). The
    codec's strict check, not the regular expression: 5 µs rather than 110 on an 8 KB answer."""
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def escaped(text: str) -> str:
    """``text`` with each stray byte as ``\\xNN`` and any other lone surrogate as U+FFFD."""
    if not LONE_SURROGATE.search(text):
        return text
    shown = STRAY_BYTE.sub(lambda m: f"\\x{ord(m.group()) - 0xDC00:02x}", text)
    return LONE_SURROGATE.sub("\ufffd", shown)


def raw_bytes(text: str) -> str | None:
    """The base64 of ``text``'s bytes when it holds a stray byte; ``None`` when its text is exact."""
    if not STRAY_BYTE.search(text):
        return None
    import base64  # here: every command line imports this module, few answers need it

    data = OTHER_SURROGATE.sub("\ufffd", text).encode("utf-8", "surrogateescape")
    return base64.b64encode(data).decode("ascii")


def wire_safe(value: W) -> W:
    """``value`` with every string UTF-8 can carry, and a ``FIELD_bytes`` beside each field that
    held a stray byte (see the module's docstring)."""
    if isinstance(value, str):
        return cast(W, escaped(value))
    if isinstance(value, dict):
        out: dict[Any, Any] = {}
        counts: dict[str, int] = {}
        for key, item in value.items():
            name = _key(key, value, out, counts) if isinstance(key, str) else key
            out[name] = wire_safe(item)
            exact = _exact(item)
            if exact is not None and isinstance(name, str) and f"{name}{BYTES_SUFFIX}" not in value:
                out[f"{name}{BYTES_SUFFIX}"] = exact
        return cast(W, out)
    if isinstance(value, (list, tuple)):
        return cast(W, [wire_safe(item) for item in value])
    return value


def _key(key: str, given: dict[Any, Any], written: dict[Any, Any], counts: dict[str, int]) -> str:
    """An object's key as written: ``\\xNN`` for each stray byte, and, where that spelling is
    another key's (``caf\\udce9`` beside a literal ``caf\\xe9``, two lone surrogates that both
    read U+FFFD), the key's bytes in base64 after it, then a count: one value had overwritten the
    other in silence. ``counts`` holds the count each spelling last took in this object, where
    the next key spelled so starts counting: from 1 each time, 4,000 keys that all read U+FFFD had
    taken 13 s."""
    name = escaped(key)
    if name == key or (name not in given and name not in written):
        return name
    spelled = f"{name} (bytes {raw_bytes(key) or '?'}"
    count = counts.get(spelled, 1)
    unique = f"{spelled}, #{count})" if count > 1 else f"{spelled})"
    while unique in given or unique in written:
        count += 1
        unique = f"{spelled}, #{count})"
    counts[spelled] = count
    return unique


def _exact(item: object) -> str | list[str | None] | None:
    """The ``_bytes`` companion of a field's value: base64 for a string, a list for a list of strings."""
    if isinstance(item, str):
        return raw_bytes(item)
    if isinstance(item, (list, tuple)) and any(isinstance(s, str) and STRAY_BYTE.search(s) for s in item):
        return [raw_bytes(s) if isinstance(s, str) else None for s in item]
    return None
