"""A frequent name's definition sites told from the token index's places of each defining file as
Python lists (issue 19.1, :func:`~maguyva_tui.core.retrievers.text._few_site_places`): the site
lines holding the name as a whole identifier, each with its first whole match, the answer reading
the file gives, whether the places are numbered by the file's newlines or by counting them (a file
not shown yet: each site line's bounds noted for its snippet); places that do not hold up are
refused (the file is read instead)."""

from __future__ import annotations

import random
import re
from typing import Any

import numpy as np
import pytest

from maguyva_tui.core.retrievers import text as text_module
from maguyva_tui.core.retrievers.text import _few_site_places, _site_lines_read, _whole_at

WORDS = [b"add", b"Add", b"adder", b"add_one", b"x", b"self", b"_add", b"add2", b"(", b")", b" ", b".", b"=", b"\r"]


def _text(rng: random.Random) -> bytes:
    lines = [b"".join(rng.choice(WORDS) for _ in range(rng.randint(0, 8))) for _ in range(rng.randint(1, 30))]
    return b"\n".join(lines) + (b"\n" if rng.random() < 0.5 else b"")


def _places(data: bytes, needle: bytes) -> list[int]:
    """The token's first whole occurrence on each line holding it (what the index stores)."""
    out, at = [], 0
    for line in data.split(b"\n"):
        found = next((m.start() for m in re.finditer(rb"[A-Za-z0-9_$]+", line) if m.group() == needle), None)
        if found is not None:
            out.append(at + found)
        at += len(line) + 1
    return out


class _Noted:
    """Stands for the snapshot's newlines: the lines noted."""

    def __init__(self) -> None:
        self.lines: dict[tuple[str, int], tuple[int, int]] = {}

    def note(self, path: str, line: int, begin: int, stop: int) -> None:
        self.lines[(path, line)] = (begin, stop)


def test_sites_from_places_are_those_read_from_the_text() -> None:
    rng = random.Random(5)
    checked = 0
    for _ in range(400):
        data = _text(rng)
        blob = b"#pad\n" + data + b"tail"  # the file inside the stored texts
        newlines = np.flatnonzero(np.frombuffer(data, np.uint8) == 10)
        places = _places(data, b"add")
        if not places:
            continue
        count = data.count(b"\n") + 1
        sites = sorted(rng.sample(range(count), rng.randint(1, count)))
        found = _few_site_places(blob, 5, len(data), b"add", places, newlines, sites)
        assert found == _whole_at(blob, 5, 5 + len(data), b"add", newlines, sites)
        noted: Any = _Noted()
        assert _few_site_places(blob, 5, len(data), b"add", places, None, sites, noted, "m.py") == found  # counted
        assert set(noted.lines) == {("m.py", line + 1) for line, _ in found}
        for (_, line), (begin, stop) in noted.lines.items():
            assert blob[begin:stop] == data.split(b"\n")[line - 1]  # the line's bounds, for its snippet
        checked += 1
    assert checked > 100


def test_sites_read_from_newlines_counted_to_the_last_place_are_those_of_the_places(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(text_module, "SITE_SCAN_BYTES", 7)  # newlines searched a few bytes at a time
    rng = random.Random(6)
    checked = 0
    for _ in range(400):
        data = _text(rng)
        blob = b"#pad\n" + data + b"tail"
        places = _places(data, b"add")
        if not places:
            continue
        count = data.count(b"\n") + 1
        sites = sorted(rng.sample(range(count + 2), rng.randint(1, count + 2)))  # (two lines past the last)
        expected: Any = _Noted()
        found = _few_site_places(blob, 5, len(data), b"add", places, None, sites, expected, "m.py")
        noted: Any = _Noted()
        assert _site_lines_read(blob, np.frombuffer(blob, np.uint8), 5, len(data), b"add", 0, sites, noted,
                                "m.py") == found
        assert noted.lines == expected.lines  # the same lines' bounds noted for their snippets
        checked += 1
    assert checked > 100


def test_places_that_do_not_hold_up_are_refused() -> None:
    data = b"def add(x):\n    return add(x) + adder\nadd\n"
    newlines = np.flatnonzero(np.frombuffer(data, np.uint8) == 10)
    good = _places(data, b"add")
    assert _few_site_places(data, 0, len(data), b"add", good, newlines, [0, 2]) == [(0, 4), (2, 38)]
    for damaged in ([p + 1 for p in good], good[::-1], [good[0], good[0]], [*good[:-1], len(data) - 1], [-1],
                    [data.index(b"adder")], []):
        assert _few_site_places(data, 0, len(data), b"add", damaged, newlines, [0, 1, 2]) is None, damaged
        noted: Any = _Noted()
        assert _few_site_places(data, 0, len(data), b"add", damaged, None, [0, 1, 2], noted, "m.py") is None, damaged
    assert _few_site_places(b"add add", 0, 7, b"add", [0, 4], np.zeros(0, np.int64), [0]) is None
