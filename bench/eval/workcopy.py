"""The indexed copy of a repository: its package's Python files with docstrings blanked.

Natural-language queries are docstrings' first sentences; if the docstrings stayed in the
indexed text, every engine could match the query against its own source sentence. Blanking
them keeps every other line where it was, so definitions, call sites and string literals keep
their line numbers and the other oracles can read the same copy.

Files are rewritten only when their content changes, so a rerun re-indexes nothing and finds
every chunk's vector already cached (vectors are keyed by content hash).
"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path


def docstring_owners(tree: ast.AST) -> list[tuple[ast.AST, ast.Constant]]:
    """Return (owner, docstring constant) for the module, every class and every function."""
    found: list[tuple[ast.AST, ast.Constant]] = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        body = node.body
        if body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.append((node, value))
    return found


def blank_docstrings(source: str) -> str:
    """Return the source with every docstring's lines made blank, line numbers unchanged.

    A docstring that is a class's or function's whole body becomes ``...`` so the copy still
    parses. Raises ``SyntaxError`` when the source (or, in odd one-line cases, the result) does
    not parse.
    """
    lines = source.split("\n")
    for owner, node in docstring_owners(ast.parse(source)):
        first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
        head, tail = lines[first][: node.col_offset], lines[last][node.end_col_offset or 0 :]
        for i in range(first, last + 1):
            lines[i] = ""
        sole = not isinstance(owner, ast.Module) and len(owner.body) == 1  # type: ignore[attr-defined]
        lines[first] = (head + ("..." if sole else "") + tail).rstrip()
    blanked = "\n".join(lines)
    ast.parse(blanked)
    return blanked


def make_work_copy(source_root: Path, package: str, work_root: Path) -> list[str]:
    """Copy ``source_root/package/**.py`` to ``work_root/package`` with docstrings blanked.

    Returns the copied paths relative to ``work_root`` (``/`` separators), sorted. Files that no
    longer exist in the source are removed from the copy.
    """
    copied = []
    for path in sorted((source_root / package).rglob("*.py")):
        rel = path.relative_to(source_root).as_posix()
        text = path.read_text("utf-8")
        try:
            text = blank_docstrings(text)
        except SyntaxError:
            pass  # left as is: ast-based oracles skip it too
        _write_if_changed(work_root / rel, text)
        copied.append(rel)
    _remove_stale(work_root / package, work_root, set(copied))
    return copied


def _write_if_changed(target: Path, text: str) -> None:
    """Write a file only when its content differs, keeping the mtime of unchanged files."""
    if target.exists() and target.read_text("utf-8") == text:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, "utf-8")


def _remove_stale(folder: Path, work_root: Path, keep: set[str]) -> None:
    """Delete files under ``folder`` that are not in ``keep`` (paths relative to ``work_root``)."""
    if not folder.exists():
        return
    for path in sorted(folder.rglob("*"), reverse=True):
        rel = path.relative_to(work_root).as_posix()
        if path.is_file() and rel not in keep:
            path.unlink()
        elif path.is_dir() and path.name == "__pycache__":
            shutil.rmtree(path)
