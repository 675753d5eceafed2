"""An outside tester's security probe: crafted names, queries and files that must neither hang a
search nor reach past the repository (helper-129)."""

from __future__ import annotations

import itertools
import re
import time

from maguyva_tui.core.retrievers.structural import _hump_pattern


def _holds_in_order(name: bytes, segments: tuple[str, ...]) -> bool:
    """The oracle: the first segment after the name's leading separators, each next one later on."""
    body = name.lstrip(bytes(c for c in range(1, 128) if not chr(c).isalnum() or chr(c).isupper()))
    if not body.startswith(segments[0].encode()):
        return False
    at = len(segments[0])
    for seg in segments[1:]:
        found = body.find(seg.encode(), at)
        if found < 0:
            return False
        at = found + len(seg)
    return True


def test_a_camel_hump_question_against_a_long_repeated_name_answers_in_linear_time() -> None:
    segments = ("aa",) * 12 + ("b",)  # "AaAaAaAaAaAaAaAaAaAaAaAaB" read in humps
    names = b"\x00" + b"a" * 4000 + b"\x00"
    started = time.perf_counter()
    assert _hump_pattern(segments).search(names) is None
    assert time.perf_counter() - started < 0.5  # lazy gaps that backtracked: 1.5 s at 40 a's, minutes at 60


def test_the_camel_hump_pattern_matches_the_names_it_matched_before() -> None:
    for segments in [("a", "b"), ("ab", "b"), ("a", "a", "a"), ("b", "ab")]:
        pattern = _hump_pattern(segments)
        for letters in itertools.product("ab_", repeat=5):
            name = "".join(letters).encode()
            found = pattern.search(b"\x00" + name + b"\x00") is not None
            assert found == _holds_in_order(name, segments), (segments, name)
            lazy = re.compile(b"\x00" + rb"[^0-9a-z\x00]*" + rb"[^\x00]*?".join(s.encode() for s in segments))
            assert found == (lazy.search(b"\x00" + name + b"\x00") is not None), (segments, name)
