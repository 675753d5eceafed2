"""The language registry's light half: what language a file is, from its path (and, for a ``.h`` or
a script without a suffix, its first bytes). Searches read it and never parse, so neither
tree-sitter nor the grammars' rules load for them (:mod:`.languages` re-exports all of it)."""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from maguyva_tui.core.lazy_pattern import lazy

EXTENSIONS: dict[str, str] = {
    ".py": "python",
    ".pyi": "python",
    ".js": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".jsx": "javascript",
    ".ts": "typescript",
    ".mts": "typescript",
    ".cts": "typescript",
    ".tsx": "tsx",
    ".go": "go",
    ".rs": "rust",
    ".java": "java",
    ".c": "c",
    ".h": "c",
    ".cc": "cpp",
    ".cpp": "cpp",
    ".cxx": "cpp",
    ".hh": "cpp",
    ".hpp": "cpp",
    ".hxx": "cpp",
    ".php": "php",
    ".rb": "ruby",
    ".rake": "ruby",
}
"""Extensions with full structural support. ``.h`` is read as C (the C++ grammar accepts less C)
unless its text shows C++ syntax: see :func:`language_of`."""

LANGUAGES: tuple[str, ...] = tuple(sorted(set(EXTENSIONS.values())))


def language_for(path: str) -> str | None:
    """Return the structural language of a path, or ``None`` for a plain text file."""
    return EXTENSIONS.get(PurePosixPath(path).suffix.lower())


_INTERPRETERS: dict[str, str] = {"python": "python", "pypy": "python", "node": "javascript", "nodejs": "javascript",
                                 "ruby": "ruby"}
"""The interpreters a script's ``#!`` line names, by their name less a version (``python3.12``),
with the language they run."""
_SHEBANG = lazy(r"#![ \t]*(?P<words>[^\r\n]{1,200})")
_VERSION = lazy(r"[\d.]+$")


def script_language(path: str, text: str | bytes) -> str | None:
    """Return the language of a file without a suffix that its ``#!`` line runs (``./dev``, ``bin/rails``:
    ``#!/usr/bin/env python3``, ``#!/usr/bin/env -S node --flag``), else ``None``."""
    if PurePosixPath(path).suffix:
        return None
    head = text[:256].decode("utf-8", errors="replace") if isinstance(text, bytes) else text[:256]
    found = _SHEBANG.match(head)
    if found is None:
        return None
    words = found.group("words").split()
    program = words[0].rpartition("/")[2] if words else ""
    if program == "env":  # its options (-S, -i) and VAR=value settings come before the program
        program = next((w for w in words[1:] if not w.startswith("-") and "=" not in w), "")
    return _INTERPRETERS.get(_VERSION.sub("", program.rpartition("/")[2]))


CPP_SYNTAX = lazy(
    rb"^[ \t]*(?:"
    rb"namespace(?:[ \t]+[A-Za-z_][\w:]*)?[ \t]*\{"  # namespace ns {, namespace {
    rb"|using[ \t]+namespace\b"
    rb"|template[ \t]*<"
    rb"|(?:public|private|protected)[ \t]*:(?!:)"
    rb"|class[ \t]+[A-Za-z_]\w*(?:[ \t]+final)?[ \t]*(?::[^:;]|\{|$)"  # class X {, class X : public Y
    rb"|(?:[^/*\n\"'#]*?[^\w\n:])?(?:std|[A-Za-z_]\w*)::~?[A-Za-z_]"  # ns::name in code, not a comment
    rb")",
    re.MULTILINE,
)
"""Lines only C++ writes: a namespace, a template, an access label, a class, a ``::`` name (a line
starting as a comment or a preprocessor directive is skipped for ``::``)."""


def language_of(path: str, text: str | bytes) -> str | None:
    """Return the structural language of a file from its path and, for ``.h`` or a script without
    a suffix (:func:`script_language`), its text.

    A ``.h`` header is C unless a line shows C++-only syntax (:data:`CPP_SYNTAX`, one regex search,
    no parse): then the C++ grammar reads it, since the C grammar fails on those lines."""
    language = language_for(path) or script_language(path, text)
    if language == "c":
        data = text.encode("utf-8", errors="surrogatepass") if isinstance(text, str) else text
        return c_or_cpp(path, data)
    return language


def c_or_cpp(path: str, source: bytes) -> str:
    """Return the language of a file the path says is C: C++ for a ``.h`` whose text shows it."""
    if path[-2:].lower() == ".h" and CPP_SYNTAX.search(source) is not None:
        return "cpp"
    return "c"
