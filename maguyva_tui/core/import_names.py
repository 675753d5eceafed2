"""The line of an import statement written over several lines that holds one imported name.

The graph records an import at its statement's first line (``import {``, ``from pkg.m import (``),
where the name it binds may be written lines below; a reference or an importer listed there read
``import {`` and pointed an agent renaming the name at a line without it. The statement's lines are
those its first line's open brackets (or a trailing backslash) carry on to, and the name's line is
the first of them that holds the name as a whole word; a statement on one line, or one whose lines
never hold the name (a default import bound under another name), keeps its first line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

STATEMENT_LINES: Final = 1000
"""The most lines of one import statement read for its name (a re-export list of every public name)."""

_OPEN: Final = frozenset("({[")
_CLOSE: Final = frozenset(")}]")


def _depth(text: str) -> int:
    """How many brackets a line opens less those it closes."""
    return sum(1 for c in text if c in _OPEN) - sum(1 for c in text if c in _CLOSE)


def named_line(lines: Callable[[str, int, int], list[str]], path: str, line: int, name: str) -> int:
    """The line of the import statement starting at ``path:line`` that holds ``name`` as a word
    (``lines(path, start, end)`` reads a file's lines, 1-based and inclusive); ``line`` itself
    when it holds the name, when the statement ends on it, or when none of its lines holds it."""
    if not name:
        return line
    word = re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")
    written = lines(path, line, line + STATEMENT_LINES)
    if not written or word.search(written[0]):
        return line
    depth = _depth(written[0])
    going = depth > 0 or written[0].rstrip().endswith("\\")
    for offset, text in enumerate(written[1:], 1):
        if not going:
            break
        if word.search(text):
            return line + offset
        depth += _depth(text)
        going = depth > 0 or text.rstrip().endswith("\\")
    return line
