"""What a name that no symbol of the index has is, read from the lines that name it.

A lone identifier the structural table defines nothing by is answered with the lines that spell it
(``search.USED_RULE``). Its notice had always guessed "an attribute, an import, a builtin or another
package's name", even of bidict's ``backing_reversible = all(...)``, a local variable whose
assignment was among the lines shown. The lines found say which it is: one that imports it, one
that binds it (an assignment, a loop, a parameter), every one reaching it through a receiver, or
Python's builtins; the old guess stays where they say none of these. A name that every line spells
only inside a comment or a string is said so (hcl's ``func parseObjectList``, named by one
comment, had been "an attribute, an import, ..."): the file is parsed to tell, never guessed from
how the line starts.
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Callable, Iterable
from typing import Any

from maguyva_tui.core.lazy_pattern import lazy
from maguyva_tui.core.types import Ranked

UNKNOWN_ROLE = "an attribute, an import, a builtin or another package's name"
"""What the notice says when the lines do not tell what the name is."""

_IMPORT_LINE = lazy(r"^\s*(?:from\s+\S+\s+import\b|import\b|#\s*include\b|use\s|require(?:_once)?\b)"
                    r"|\brequire\s*\(|\bimport\s*\(")
"""A line that imports: Python's, JavaScript's, Rust's, PHP's and C's forms, and ``require(...)``."""

_PYTHON_BUILTINS = frozenset(name for name in dir(builtins) if not name.startswith("_"))
"""Python's builtin names (``isinstance``, ``ValueError``)."""


Source = Callable[[str], bytes]
"""A file's indexed text by its path (``Snapshot.raw``)."""

_NOT_CODE = ("comment", "string", "heredoc")
"""What a tree-sitter node's type holds where the text under it is no code: ``line_comment``,
``block_comment``, ``interpreted_string_literal``, ``raw_string_literal``, ``template_string``."""


def name_role(name: str, results: Iterable[Ranked], source: Source | None = None) -> str:
    """Say what ``name`` is, as the results' lines that spell it tell: ``named only in a comment``
    (or a string: each spelling inside one, as the file parsed from ``source`` says), ``a local
    variable or parameter, bound at path:line``, ``an import, at path:line``, an attribute every
    line reaches through a receiver, another module's or type's name every line reaches
    through a ``::`` path, ``a Python builtin``, or :data:`UNKNOWN_ROLE`."""
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
    hits = list(results)
    for hit in hits:
        if hit.language:
            languages.add(hit.language)
        for offset, line in enumerate(hit.snippet.split("\n")):
            if spelled.search(line):
                places.append((line, f"{hit.path}:{hit.start_line + offset}"))
    if places and source is not None and (said := _not_code(spelled, hits, source)):
        return f"{said}, at {places[0][1]}"
    for line, where in places:
        if _IMPORT_LINE.search(line):
            return f"an import, at {where}"
    if places and source is not None and (imported := _imported_at(spelled, places, hits, source)):
        return f"an import, at {imported}"
    for line, where in places:
        if any(_binds(line, found) for found in bound.finditer(line)):
            return f"a local variable or parameter, bound at {where}"
    if places and all(len(spelled.findall(line)) == len(through.findall(line)) for line, _ in places):
        if paths := _through_paths(word, [line for line, _ in places]):
            return f"a name of another module or type, reached through {paths} on every line"
        return "an attribute or method of a type defined elsewhere: every line reaches it through a receiver"
    if name in _PYTHON_BUILTINS and languages <= {"python"} and languages:
        return "a Python builtin"
    return UNKNOWN_ROLE


def _through_paths(word: str, lines: list[str]) -> str:
    """The paths that every line reaches a name through with ``::`` (Rust's and C++'s modules and
    types, PHP's classes: ``pyo3_ffi::PyObject`` names no receiver's attribute), the first two
    written out; empty where a line reaches it through a receiver (``.``, ``->``)."""
    path = re.compile(rf"(?:\.|->|(?:(?<![\w$])[\w$]+)?::)\s*{word}(?![\w$])")
    found = [match.group() for line in lines for match in path.finditer(line)]
    if not found or not all("::" in one for one in found):
        return ""
    heads = list(dict.fromkeys(one.partition("::")[0] + "::" for one in found))
    return ", ".join(heads[:2]) + (", ..." if len(heads) > 2 else "")


def _binds(line: str, found: re.Match[str]) -> bool:
    """Whether a binding's match is one: ``f(x=1)``'s keyword argument, inside a call's
    parentheses, binds nothing here (a parameter's match starts at its ``def``)."""
    if found.group().lstrip().split("(", 1)[0].split()[0] in ("def", "function", "fn", "func"):
        return _names_parameter(found.group(), line[found.end():])
    before = line[:found.start()]
    return before.count("(") <= before.count(")")


_PARAMETER_LEAD = lazy(r"[\s&*.{\[]*(?:(?:mut|ref|const|readonly)\s+[\s&*]*)*")
"""What may stand before a parameter's name in its part of the list: ``&``, ``*args``, ``...rest``,
``{ a, b }``, ``mut``, ``ref``; an identifier or a ``:`` there makes the name its type."""


def _names_parameter(signature: str, after: str) -> bool:
    """Whether a signature's match (up to the name, ``after`` it the rest of the line) ends at a
    parameter's name, not its type: ``buf: &mut T`` (Rust, Python, TypeScript), ``buf *T`` (Go) and
    ``T $buf`` (PHP) name ``buf``, not ``T``."""
    listed = signature.split("(", 1)[1]
    name = re.search(r"[\w$]+$", listed)
    before = listed[: name.start() if name else len(listed)]
    start, depth = 0, 0
    for i, char in enumerate(before):  # its own part: after the last comma outside a type's brackets
        depth += (char in "[<") - (char in "]>")
        if char in "(," and depth <= 0:
            start, depth = i + 1, 0
    own = before[start:]
    return _PARAMETER_LEAD.fullmatch(own) is not None and not after.lstrip().startswith("$")


def _not_code(spelled: re.Pattern[str], hits: list[Ranked], source: Source) -> str | None:
    """``named only in a comment`` (``a string``, ``comments and strings``) where every spelling
    on the hits' lines lies inside such a node of its file's parse; ``None`` where one is code, a
    file cannot be read or parsed (its language has no grammar), or the spellings lie in more than
    :data:`PARSED_FILES` files (no claim from a part of them)."""
    kinds: set[str] = set()
    parsed = _Parsed(source)
    for hit in hits:
        if not spelled.search(hit.snippet):  # a hit whose lines do not spell it says nothing of it
            continue
        found = _kinds_around(spelled, hit, parsed)
        if found is None or "code" in found:
            return None
        kinds |= found
    if not kinds:
        return None
    if kinds == {"comment"}:
        return "named only in a comment"
    return "named only in a string" if kinds == {"string"} else "named only in comments and strings"


PARSED_FILES = 64
"""Files parsed at most for one notice (a listing of every line that spells a name can span
thousands of files: parsing each, once per line, had taken 23 s of a 3,425-line answer on sympy)."""


class _Parsed:
    """The files a notice reads, each read and parsed once (a file's lines are many hits), at most
    :data:`PARSED_FILES` of them."""

    def __init__(self, source: Source) -> None:
        self._source = source
        self._found: dict[tuple[str, str], tuple[list[bytes], list[int], Any] | None] = {}

    def __call__(self, path: str, language: str) -> tuple[list[bytes], list[int], Any] | None:
        """A file's lines, each line's first byte (one more: past the end) and its parse; ``None``
        where it cannot be read or parsed, or past the budget."""
        key = (path, language)
        if key in self._found:
            return self._found[key]
        if len(self._found) >= PARSED_FILES:
            return None
        from maguyva_tui.core.parsing.languages import parse  # the grammars load only for such a notice

        try:
            text = self._source(path)
            tree = parse(language, text)
        except Exception:  # noqa: BLE001 - a file gone or a language without a grammar: no claim
            self._found[key] = None
            return None
        lines = text.split(b"\n")
        starts = [0]
        for raw in lines:
            starts.append(starts[-1] + len(raw) + 1)
        found = (lines, starts, tree)
        self._found[key] = found
        return found


def _kinds_around(spelled: re.Pattern[str], hit: Ranked, parsed: _Parsed) -> set[str] | None:
    """What encloses each spelling on a hit's lines: ``comment``, ``string`` or ``code``."""
    nodes = _spellings(spelled, hit, parsed)
    return None if nodes is None else {_enclosing(node) for _, node in nodes}


def _spellings(spelled: re.Pattern[str], hit: Ranked, parsed: _Parsed) -> list[tuple[int, object]] | None:
    """Each spelling on a hit's lines, as its line's number and the node of its file's parse at
    its first byte; ``None`` where the file cannot be read or parsed."""
    if not hit.language:
        return None
    read = parsed(hit.path, hit.language)
    if read is None:
        return None
    lines, starts, tree = read
    found: list[tuple[int, object]] = []
    for number in range(hit.start_line, hit.start_line + hit.snippet.count("\n") + 1):
        if not 0 < number <= len(lines):
            continue
        line = lines[number - 1].decode("utf-8", errors="replace")
        for match in spelled.finditer(line):
            at = starts[number - 1] + len(line[: match.start()].encode("utf-8", errors="replace"))
            found.append((number, tree.root_node.descendant_for_byte_range(at, at + 1)))
    return found


_IMPORT_NODES = frozenset({
    "import_statement", "import_from_statement", "future_import_statement",  # Python, JavaScript
    "use_declaration", "import_declaration", "preproc_include", "namespace_use_declaration",
})
"""Tree-sitter's nodes of an import: Rust's ``use``, Go's and Java's ``import``, C's ``#include``,
PHP's ``use``; a name on a line of its own inside one (``use crate::x::{\n    Name,``) is imported."""

_LISTED_NAME = lazy(r"^\s*(?:[\w$.:]+\s*(?:\bas\s+[\w$]+\s*)?,\s*)*[\w$.:]+\s*(?:\bas\s+[\w$]+\s*)?[,)}]*\s*;?\s*$")
"""A line of names alone (``    DateTimeBuffer, DateTimeError,``): the one kind of line the import
regex cannot read, where a parse says whether an import holds it."""


def _imported_at(spelled: re.Pattern[str], places: list[tuple[str, str]], hits: list[Ranked],
                 source: Source) -> str | None:
    """Where a line of names alone that spells the name lies inside an import of its file's parse
    (a ``use``, ``from x import (`` or ``import {`` over several lines), as ``path:line``."""
    listed = {where for line, where in places if _LISTED_NAME.match(line)}
    parsed = _Parsed(source)
    for hit in hits:
        if not any(where.rpartition(":")[0] == hit.path for where in listed):
            continue
        for number, node in _spellings(spelled, hit, parsed) or ():
            where = f"{hit.path}:{number}"
            if where in listed and _inside(node, _IMPORT_NODES):
                return where
    return None


def _inside(node: object, kinds: frozenset[str]) -> bool:
    """Whether ``node`` or a node above it is of one of ``kinds``."""
    while node is not None:
        if getattr(node, "type", "") in kinds:
            return True
        node = getattr(node, "parent", None)
    return False


def _enclosing(node: object) -> str:
    """``comment``, ``string`` or ``code``: the nearest such node at or above ``node``."""
    while node is not None:
        kind = getattr(node, "type", "")
        if "substitution" in kind or "interpolation" in kind:  # `${parse()}`, f"{parse()}": code
            return "code"
        if "comment" in kind:
            return "comment"
        if any(word in kind for word in _NOT_CODE[1:]):
            return "string"
        node = getattr(node, "parent", None)
    return "code"
