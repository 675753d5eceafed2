"""What a name that no symbol of the index has is, read from the lines that name it.

A lone identifier the structural table defines nothing by is answered with the lines that spell it
(``search.USED_RULE``). Its notice had always guessed "an attribute, an import, a builtin or another
package's name", even of bidict's ``backing_reversible = all(...)``, a local variable whose
assignment was among the lines shown. The lines found say which it is: one that imports it, one
that binds it (an assignment, a loop, a parameter), every one reaching it through a receiver, or
Python's builtins; the old guess stays where they say none of these.
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Iterable

from maguyva_tui.core.types import Ranked

UNKNOWN_ROLE = "an attribute, an import, a builtin or another package's name"
"""What the notice says when the lines do not tell what the name is."""

_IMPORT_LINE = re.compile(r"^\s*(?:from\s+\S+\s+import\b|import\b|#\s*include\b|use\s|require(?:_once)?\b)"
                          r"|\brequire\s*\(|\bimport\s*\(")
"""A line that imports: Python's, JavaScript's, Rust's, PHP's and C's forms, and ``require(...)``."""

_PYTHON_BUILTINS = frozenset(name for name in dir(builtins) if not name.startswith("_"))
"""Python's builtin names (``isinstance``, ``ValueError``)."""


def name_role(name: str, results: Iterable[Ranked]) -> str:
    """Say what ``name`` is, as the results' lines that spell it tell: ``a local variable or
    parameter, bound at path:line``, ``an import, at path:line``, an attribute every line reaches
    through a receiver, ``a Python builtin``, or :data:`UNKNOWN_ROLE`."""
    word = re.escape(name)
    spelled = re.compile(rf"(?<![\w$]){word}(?![\w$])")
    bound = re.compile(
        rf"(?<![\w$.>:]){word}\s*(?::[^=\n]*)?(?<![=!<>])=(?!=)"  # x = 1, x: int = 1 (not x == 1)
        rf"|(?<![\w$.>:]){word}\s*(?::=|[-+*/%|&^]=)"  # x := 1, x += 1
        rf"|\b(?:let|var|const|my|local|auto)\s+(?:mut\s+)?{word}(?![\w$])"  # let x, const x
        rf"|\bfor\b[^\n]*?(?<![\w$.]){word}(?![\w$])[^\n]*?\b(?:in|of)\b"  # for x in, for (const x of
        rf"|\b(?:def|function|fn|func)\b[^\n(]*\([^)\n]*(?<![\w$.]){word}(?![\w$])"  # a parameter
        rf"|\bas\s+{word}(?![\w$])")  # with open() as x, except E as x
    through = re.compile(rf"(?:\.|->|::)\s*{word}(?![\w$])")
    places: list[tuple[str, str]] = []  # (line, where)
    languages: set[str] = set()
    for hit in results:
        if hit.language:
            languages.add(hit.language)
        for offset, line in enumerate(hit.snippet.split("\n")):
            if spelled.search(line):
                places.append((line, f"{hit.path}:{hit.start_line + offset}"))
    for line, where in places:
        if _IMPORT_LINE.search(line):
            return f"an import, at {where}"
    for line, where in places:
        if any(_binds(line, found) for found in bound.finditer(line)):
            return f"a local variable or parameter, bound at {where}"
    if places and all(len(spelled.findall(line)) == len(through.findall(line)) for line, _ in places):
        return "an attribute or method of a type defined elsewhere: every line reaches it through a receiver"
    if name in _PYTHON_BUILTINS and languages <= {"python"} and languages:
        return "a Python builtin"
    return UNKNOWN_ROLE


def _binds(line: str, found: re.Match[str]) -> bool:
    """Whether a binding's match is one: ``f(x=1)``'s keyword argument, inside a call's
    parentheses, binds nothing here (a parameter's match starts at its ``def``)."""
    if found.group().lstrip().split("(", 1)[0].split()[0] in ("def", "function", "fn", "func"):
        return True
    before = line[:found.start()]
    return before.count("(") <= before.count(")")
