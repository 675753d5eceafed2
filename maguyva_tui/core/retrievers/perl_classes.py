"""``\\w``, ``\\d``, ``\\s`` and their negations as rg reads them (Unicode), written in RE2's terms.

RE2 reads the Perl classes as ASCII (``\\w`` is ``[0-9A-Za-z_]``); rg, whose answers a regex search
must give, reads them as Unicode (UTS #18, Annex C): ``\\w+する`` found nothing where rg found three
lines. A pattern's Perl classes are rewritten before RE2 compiles it: outside a class as a class,
inside one as its members. ``\\W`` inside a class (``[^\\W\\d_]``, letters) has no RE2 spelling
short of its code points, which are read off RE2's own tables once, when first needed.
"""

from __future__ import annotations

from functools import lru_cache

import re2

WORD = (r"\p{L}\p{M}\p{Nd}\p{Pc}\p{Nl}\x{200C}\x{200D}"
        r"\x{24B6}-\x{24E9}\x{1F130}-\x{1F149}\x{1F150}-\x{1F169}\x{1F170}-\x{1F189}")
"""rg's ``\\w``: alphabetic, marks, decimal digits, connector punctuation and the join controls.
Alphabetic is the letters and letter numbers plus a few symbols Unicode calls alphabetic (the
circled and squared Latin letters); RE2 names general categories only, so those are spelled out."""

SPACE = r"\t\n\x0B\f\r \x{85}\p{Z}"
"""rg's ``\\s``, Unicode's White_Space: the ASCII controls (vertical tab too, which RE2's lacks),
next line, and the space, line and paragraph separators."""

NOT_SPACE = (r"\x00-\x08\x0E-\x1F\x21-\x{84}\x{86}-\x{9F}\x{A1}-\x{167F}\x{1681}-\x{1FFF}"
             r"\x{200B}-\x{2027}\x{202A}-\x{202E}\x{2030}-\x{205E}\x{2060}-\x{2FFF}\x{3001}-\x{10FFFF}")
"""Every character but :data:`SPACE`'s, for ``\\S`` inside a class."""

_OUTSIDE = {"w": f"[{WORD}]", "W": f"[^{WORD}]", "d": r"\p{Nd}", "D": r"\P{Nd}", "s": f"[{SPACE}]",
            "S": f"[^{SPACE}]"}
"""Each Perl class standing alone."""

_INSIDE = {"w": WORD, "d": r"\p{Nd}", "D": r"\P{Nd}", "s": SPACE, "S": NOT_SPACE}
"""Each Perl class as members of a class (``\\W``: :func:`not_word`)."""

_PLANES = 0x110000
_SURROGATES = range(0xD800, 0xE000)


def perl_class(letter: str, in_class: bool) -> str | None:
    """The RE2 spelling of ``\\<letter>`` as rg reads it, or None when it is no Perl class."""
    if not in_class:
        return _OUTSIDE.get(letter)
    return not_word() if letter == "W" else _INSIDE.get(letter)


@lru_cache(maxsize=1)
def not_word() -> str:
    """Every character that is not in :data:`WORD`, as class members (about 800 ranges): read
    once from RE2 by matching runs of ``[^WORD]`` over every character (0.2 s)."""
    text = "".join(map(chr, range(_SURROGATES.start))) + "".join(map(chr, range(_SURROGATES.stop, _PLANES)))
    options = re2.Options()
    options.never_capture = True
    runs = re2.compile(f"[^{WORD}]+", options).finditer(text)
    ranges = [(_code(m.start()), _code(m.end() - 1)) for m in runs]
    return "".join(f"\\x{{{a:X}}}" if a == b else f"\\x{{{a:X}}}-\\x{{{b:X}}}" for a, b in ranges)


def _code(index: int) -> int:
    """The code point at ``index`` of the text of every character (surrogates left out)."""
    return index if index < _SURROGATES.start else index + len(_SURROGATES)


BOUNDARY_NOTICE = ("\\b and \\B see word characters as ASCII letters, digits and _ (RE2 has no Unicode "
                   "word boundary; rg's counts letters of every script): beside é or す a boundary may differ from rg's")
"""Said when a regex holds a word boundary: the one Perl class rg reads as Unicode that RE2 cannot."""


UNICODE_WORDS = ("\\w", "\\W", "\\p", "\\P")
"""Classes that read a letter of another script as a word character: beside one, RE2's ASCII
boundary and rg's Unicode one can disagree."""


def boundary_notice(pattern: str) -> str | None:
    """:data:`BOUNDARY_NOTICE` when ``pattern`` holds ``\\b`` or ``\\B`` outside a class and a
    ``\\Q...\\E`` quotation (``[\\b]`` is a backspace) and can meet a letter outside ASCII there
    (it spells one, or a class of :data:`UNICODE_WORDS` reads one), else None: ``\\bparse\\b``,
    the common case, matches as rg's does beside every ASCII character, and a notice on each such
    search would say nothing."""
    if pattern.isascii() and not any(c in pattern for c in UNICODE_WORDS):
        return None
    in_class = quoted = False
    i = 0
    while i < len(pattern):
        two = pattern[i : i + 2]
        if quoted:
            quoted, i = two != "\\E", i + (2 if two == "\\E" else 1)
            continue
        if two in ("\\b", "\\B") and not in_class:
            return BOUNDARY_NOTICE
        if two == "\\Q":
            quoted = True
        elif pattern[i] == "[" and not in_class:
            in_class, i = True, i + 1 + (pattern[i + 1 : i + 2] == "^")
            i += pattern[i : i + 1] == "]"  # a leading ] is a member
            continue
        elif pattern[i] == "]":
            in_class = False
        i += 2 if pattern[i] == "\\" else 1
    return None
