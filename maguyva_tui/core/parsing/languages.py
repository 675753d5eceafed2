"""The tree-sitter language registry: file extension to grammar, one parser per thread."""

from __future__ import annotations

import threading
from functools import cache
from pathlib import PurePosixPath

from tree_sitter import Language, Parser, Tree

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
}
"""Extensions with full structural support. ``.h`` is read as C: the C++ grammar accepts less C."""

LANGUAGES: tuple[str, ...] = tuple(sorted(set(EXTENSIONS.values())))


def language_for(path: str) -> str | None:
    """Return the structural language of a path, or ``None`` for a plain text file."""
    return EXTENSIONS.get(PurePosixPath(path).suffix.lower())


@cache
def grammar(language: str) -> Language:
    """Load the grammar of a language from its official wheel."""
    if language == "python":
        import tree_sitter_python as mod

        return Language(mod.language())
    if language == "javascript":
        import tree_sitter_javascript as mod

        return Language(mod.language())
    if language in ("typescript", "tsx"):
        import tree_sitter_typescript as ts

        return Language(ts.language_tsx() if language == "tsx" else ts.language_typescript())
    if language == "go":
        import tree_sitter_go as mod

        return Language(mod.language())
    if language == "rust":
        import tree_sitter_rust as mod

        return Language(mod.language())
    if language == "java":
        import tree_sitter_java as mod

        return Language(mod.language())
    if language == "c":
        import tree_sitter_c as mod

        return Language(mod.language())
    if language == "cpp":
        import tree_sitter_cpp as mod

        return Language(mod.language())
    raise KeyError(language)


_local = threading.local()


def parse(language: str, source: bytes) -> Tree:
    """Parse source bytes with a parser private to the calling thread."""
    parsers: dict[str, Parser] = _local.__dict__.setdefault("parsers", {})
    parser = parsers.get(language)
    if parser is None:
        parser = parsers[language] = Parser(grammar(language))
    return parser.parse(source)
