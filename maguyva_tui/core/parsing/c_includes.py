"""Files that C and C++ code ``#include``s by a quoted name: C or C++ whatever their extension.

A generated table (cmark's ``case_fold_switch.inc``, 1,651 ``bufpush(...)`` calls included into a
function of ``utf8.c``), an X-macro list (``.def``), a template's body (``.ipp``, ``.tcc``) is code
the compiler reads as the including file's language; indexed as plain text, its calls tied to
nothing. Only a file the index would give no language of its own is read so, and only one that a
quoted ``#include`` names as a file of the repository: beside the including file, or the one file
of the repository whose path ends with the name as written (an ``-I`` folder's file).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Mapping

from maguyva_tui.core.parsing.languages import CPP_SYNTAX

_QUOTED_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*"([^"\n]{1,300})"', re.MULTILINE)
"""``#include "name"``: a name in angle brackets is the system's, never a repository file."""

C_FAMILY = frozenset({"c", "cpp"})


def quoted_includes(source: bytes) -> list[str]:
    """The names a C/C++ text ``#include``s in quotes, in its order."""
    return [m.group(1).decode("utf-8", errors="replace") for m in _QUOTED_INCLUDE.finditer(source)]


def included_languages(includers: Iterable[tuple[str, str, bytes]], plain: Iterable[str]) -> dict[str, str]:
    """The language each ``plain`` file (one of no language of its own) is read as: that of the C/C++
    files (``(path, language, text)``) that include it, C++ where any of them is C++."""
    plain = set(plain)
    by_tail = _tails(plain)
    found: dict[str, str] = {}
    for path, language, source in includers:
        for name in quoted_includes(source):
            target = _resolve(path, name, plain, by_tail)
            if target is not None and found.get(target) != "cpp":
                found[target] = language
    return found


def included_language(language: str, source: bytes) -> str:
    """The language an included file is parsed in: its includer's, C++ where C text shows C++ syntax."""
    if language == "c" and CPP_SYNTAX.search(source) is not None:
        return "cpp"
    return language


def _resolve(path: str, name: str, plain: set[str], by_tail: Mapping[str, list[str]]) -> str | None:
    """The plain file a quoted name stands for: beside the includer first, as the compiler looks,
    else the only one whose path ends with the name (two such files: neither, no guess)."""
    beside = posixpath.normpath(posixpath.join(posixpath.dirname(path), name))
    if beside in plain:
        return beside
    name = posixpath.normpath(name)
    if name.startswith("../"):
        return None
    tails = by_tail.get(posixpath.basename(name), [])
    matches = [p for p in tails if p == name or p.endswith("/" + name)]
    return matches[0] if len(matches) == 1 else None


def _tails(paths: Iterable[str]) -> dict[str, list[str]]:
    by_base: dict[str, list[str]] = {}
    for p in paths:
        by_base.setdefault(posixpath.basename(p), []).append(p)
    return by_base
