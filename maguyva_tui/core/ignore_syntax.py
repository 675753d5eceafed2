"""Rewrite a gitignore line so that pathspec reads it as git does.

pathspec's ``GitIgnoreSpecPattern`` translates most of gitignore faithfully; these are read here
first, by the rules of git's ``dir.c`` and ``wildmatch.c``:

- bracket expressions: ``[[:digit:]]`` (a POSIX class), ``[a\\-z]`` (an escape inside the
  brackets), ``[]]``, ``[z-a]`` (empty) and the unterminated or malformed ``[]``, ``[!]``,
  ``[[:nope:]]`` (which match nothing); a class never matches ``/``, and a ``/`` inside one
  anchors the pattern;
- trailing blanks: git drops unescaped trailing spaces only;
- stars: a whole segment of three or more is ``**``; ``X/**/`` names folders below ``X`` only;
  ``abc**/rest`` is git's ``abc`` followed by ``**/rest`` (git matches its literal prefix first, so
  the stars open a segment of what is left).
"""

from __future__ import annotations

# ---------------------------------------------------------------------------------------------
# Bracket expressions, as wildmatch.c reads them.

_POSIX_CLASSES: dict[str, tuple[tuple[int, int], ...]] = {
    "alnum": ((0x30, 0x39), (0x41, 0x5A), (0x61, 0x7A)),
    "alpha": ((0x41, 0x5A), (0x61, 0x7A)),
    "blank": ((0x09, 0x09), (0x20, 0x20)),
    "cntrl": ((0x00, 0x1F), (0x7F, 0x7F)),
    "digit": ((0x30, 0x39),),
    "graph": ((0x21, 0x7E),),
    "lower": ((0x61, 0x7A),),
    "print": ((0x20, 0x7E),),
    "punct": ((0x21, 0x2F), (0x3A, 0x40), (0x5B, 0x60), (0x7B, 0x7E)),
    "space": ((0x09, 0x0A), (0x0D, 0x0D), (0x20, 0x20)),  # git's isspace: no \v, no \f
    "upper": ((0x41, 0x5A),),
    "xdigit": ((0x30, 0x39), (0x41, 0x46), (0x61, 0x66)),
}
"""git's (ASCII-only) character classes, as code point intervals."""

_LAST_CODE_POINT = 0x10FFFF
_SLASH = ord("/")
_AWKWARD = frozenset(map(ord, "]^-\\[!"))
"""Characters that never stand at the end of a range in the classes we write for pathspec."""

_Intervals = list[tuple[int, int]]


MAX_PATH_CHARS = 4096
"""Linux's ``PATH_MAX``: no path the walker reads is longer (a deeper file is unreadable to it). A
pattern that needs more characters than this matches no indexed path, and is read as matching
nothing before pathspec translates it: pathspec's translation is quadratic in a segment's length,
and a ``.gitignore`` of one 1 MiB line had held ``maguyva index`` for 20 s, one of 4 MiB for minutes."""


class _Abort(Exception):
    """wildmatch's WM_ABORT_ALL: the pattern can match nothing (git keeps it, and it never fires)."""


def for_pathspec(line: str) -> list[tuple[str, bool]]:
    """Rewrite a line for pathspec: the patterns (none when git's can never match, two for
    ``abc**/rest``), each with whether it names folders only."""
    if "[" not in line and "\\" not in line and _least_matched(list(line.rstrip(" "))) > MAX_PATH_CHARS:
        return []  # each character its own token: counted without reading the line character by character
    tokens = _tokens(_trim_trailing_spaces(line))
    if tokens is None:
        return []
    while tokens and tokens[-1][-1:].isspace() and tokens[-1] != "\\ ":
        tokens[-1] = "[\0" + tokens[-1][-1] + "]"  # kept as written, as git keeps it
    if _least_matched(tokens) > MAX_PATH_CHARS:
        return []
    tokens = _collapse_stars(tokens)
    return [_folders_below(variant) for variant in _after_literal_prefix(tokens)]


def _least_matched(tokens: list[str]) -> int:
    """The fewest characters of a path the pattern matches: one for each token but a star, a
    slash (``a/**/b`` matches ``a/b``) and the opening ``!`` (a class, an escape, ``?`` and a plain
    character each match one)."""
    return len(tokens) - tokens.count("*") - tokens.count("/") - (tokens[:1] == ["!"])


def _folders_below(tokens: list[str]) -> tuple[str, bool]:
    """``X/**/`` names the folders below ``X`` (pathspec reads it as ``X/``, X itself)."""
    text = "".join(tokens)
    return (text[:-1], True) if text.endswith("/**/") else (text, False)


def _after_literal_prefix(tokens: list[str]) -> list[list[str]]:
    """Split ``abc**/rest`` into ``abc`` + ``rest`` and ``abc*/**/rest``, as git matches it."""
    first = 1 if tokens[:1] == ["!"] else 0
    body = tokens[first + (tokens[first : first + 1] == ["/"]) :]
    k = next((i for i, t in enumerate(body) if t in ("*", "?") or t[:1] in ("\\", "[")), len(body))
    stars = next((i for i in range(k, len(body)) if body[i] != "*"), len(body)) - k
    if not (0 < k and body[k - 1] != "/" and stars >= 2 and body[k + stars : k + stars + 1] == ["/"]):
        return [tokens]
    head, rest = tokens[: len(tokens) - len(body) + k], body[k + stars + 1 :]
    if not rest:
        return [tokens]
    joined = head + rest
    if "/" not in "".join(joined[first:]).rstrip("/"):
        joined.insert(first, "/")  # still anchored, as the pattern with its slash was
    return [joined, head + ["*", "/", "*", "*", "/"] + rest]


def _collapse_stars(tokens: list[str]) -> list[str]:
    """A whole segment of three or more stars is ``**`` to git (pathspec reads it as ``*``); a
    run of three or more inside a segment is ``**`` too, the same to both (each star any run of
    a segment's characters), and pathspec's translation is quadratic in a run's length (a
    ``.gitignore`` line of 100,000 stars and a ``q`` took 1.3 s)."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        j = i
        while j < len(tokens) and tokens[j] == "*":
            j += 1
        if j == i:
            out.append(tokens[i])
            i += 1
            continue
        out.extend(["*", "*"] if j - i > 2 else tokens[i:j])
        i = j
    return out


def _trim_trailing_spaces(line: str) -> str:
    """Drop trailing spaces unless escaped with a backslash (git's ``trim_trailing_spaces``)."""
    last_space: int | None = None
    i = 0
    while i < len(line):
        if line[i] == " ":
            last_space = i if last_space is None else last_space
        else:
            last_space = None
            if line[i] == "\\":
                i += 1
        i += 1
    return line if last_space is None else line[:last_space]


def _tokens(line: str) -> list[str] | None:
    """Split a line into escapes, rewritten bracket expressions and plain characters."""
    out: list[str] = []
    had_slash = False
    i, n = 0, len(line)
    while i < n:
        c = line[i]
        if c == "\\" and i + 1 < n:
            if line[i + 1] == "/" and i == line.startswith("!"):
                return None  # a literal slash opening the path: git never matches it
            out.append("/" if line[i + 1] == "/" else line[i : i + 2])  # elsewhere, a plain slash
            i += 2
        elif c == "[":
            start = i
            try:
                members, i = _bracket(line, i + 1)
            except _Abort:
                return None
            had_slash = had_slash or "/" in line[start:i]
            written = _write_class(_without(members, _SLASH))
            if written is None:
                return None
            out.append(written)
        else:
            out.append(c)
            i += 1
    if had_slash and "/" not in "".join(out).rstrip("/"):
        # A slash inside brackets anchors the pattern in git, though it can never match one.
        out.insert(1 if out[:1] == ["!"] else 0, "/")
    return out


def _bracket(line: str, j: int) -> tuple[_Intervals, int]:
    """Read a bracket expression whose ``[`` is just before ``j``: its members (negation applied,
    over all code points) and the index after its ``]``."""
    n = len(line)
    negated = j < n and line[j] in "!^"
    j += negated
    members: _Intervals = []
    prev: int | None = None  # the previous single character, which may start a range
    first = True
    while True:
        if j >= n:
            raise _Abort
        c = line[j]
        if c == "]" and not first:
            break
        first = False
        if c == "\\":
            j += 1
            if j >= n:
                raise _Abort
            prev = ord(line[j])
            members.append((prev, prev))
        elif c == "-" and prev is not None and j + 1 < n and line[j + 1] != "]":
            j += 1
            if line[j] == "\\":
                j += 1
                if j >= n:
                    raise _Abort
            members.append((prev, ord(line[j])))  # reversed: empty, as in git
            prev = None
        elif c == "[" and j + 1 < n and line[j + 1] == ":":
            end = line.find("]", j + 2)
            if end == -1:
                raise _Abort
            name = line[j + 2 : end]
            if name.endswith(":"):
                if name[:-1] not in _POSIX_CLASSES:
                    raise _Abort  # git: a malformed [:class:]
                members.extend(_POSIX_CLASSES[name[:-1]])
                prev = None
                j = end
            else:
                prev = ord("[")  # no ":]": a plain "[" member, and reading goes on at the ":"
                members.append((prev, prev))
        else:
            prev = ord(c)
            members.append((prev, prev))
        j += 1
    merged = _merge(members)
    return (_complement(merged) if negated else merged), j + 1


def _merge(intervals: _Intervals) -> _Intervals:
    merged: _Intervals = []
    for lo, hi in sorted(i for i in intervals if i[0] <= i[1]):
        if merged and lo <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(hi, merged[-1][1]))
        else:
            merged.append((lo, hi))
    return merged


def _complement(intervals: _Intervals) -> _Intervals:
    out: _Intervals = []
    start = 0
    for lo, hi in intervals:
        if lo > start:
            out.append((start, lo - 1))
        start = hi + 1
    if start <= _LAST_CODE_POINT:
        out.append((start, _LAST_CODE_POINT))
    return out


def _without(intervals: _Intervals, point: int) -> _Intervals:
    """Drop one code point (a class never matches ``/`` in a path)."""
    out: _Intervals = []
    for lo, hi in intervals:
        out.extend(part for part in ((lo, min(hi, point - 1)), (max(lo, point + 1), hi)) if part[0] <= part[1])
    return out


def _write_class(intervals: _Intervals) -> str | None:
    """Write a set of characters as pathspec reads it: an escaped character, or a ``[...]`` whose
    body means the set as it stands in a Python regex class (pathspec copies it, doubling
    backslashes). The body never opens with ``!`` or ``^`` (pathspec would negate) and keeps ``-``
    last; when nothing else can open it, a NUL (never in a path) does."""
    if not intervals:
        return None
    if len(intervals) == 1 and intervals[0][0] == intervals[0][1]:
        return "\\" + chr(intervals[0][0])
    plain: list[str] = []
    awkward: set[str] = set()
    for lo, hi in intervals:
        for point in sorted(p for p in _AWKWARD if lo <= p <= hi):
            awkward.add(chr(point))
            if lo < point:
                plain.append(_range(lo, point - 1))
            lo = point + 1
        if lo <= hi:
            plain.append(_range(lo, hi))
    head = ("]" if "]" in awkward else "") + "".join(plain) + "".join(c for c in "[\\" if c in awkward)
    tail = "".join(c for c in "!^-" if c in awkward)
    return "[" + (head or "\0") + tail + "]"


def _range(lo: int, hi: int) -> str:
    if lo == hi:
        return chr(lo)
    return chr(lo) + chr(hi) if hi == lo + 1 else chr(lo) + "-" + chr(hi)
