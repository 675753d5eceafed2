"""Ground truth that owes nothing to maguyva's parser or ranker.

- Definitions: Python's ``ast`` (classes, functions, methods, with decorators), each kept only
  when universal-ctags reports the same name on the same line (when ``ctags`` is installed).
- Exact strings: a plain ``in`` scan of every line of every indexed file: complete by
  construction.
- Natural language: the first sentence of a function's docstring (read from the original
  source; the indexed copy has its docstrings blanked).
- References and impact: ``jedi`` (see :mod:`bench.eval.jedi_oracle`).
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

MIN_LITERAL = 8  # shorter strings ("utf-8", "GET") are everywhere and say nothing about recall
MAX_LITERAL = 60  # longer ones are whole messages nobody types
MIN_SENTENCE_WORDS = 4  # "Return it." says nothing a search could use
_SENTENCE_END = re.compile(r"(?<!\be\.g\.)(?<!\bi\.e\.)(?<=[.!?:])\s+(?=[A-Z`'\"(])")
_LITERAL_OK = re.compile(r"[ -~]+")  # printable ASCII: what a user types between quotes


@dataclass(frozen=True, slots=True)
class Definition:
    """One class, function or method of the indexed copy, as ``ast`` sees it."""

    path: str
    name: str
    qualname: str
    """Dotted through enclosing classes and functions (``Session.request``)."""
    kind: str
    """``class``, ``function``, ``method``, or ``nested`` for a function inside a function."""
    line: int
    """The ``def`` / ``class`` line."""
    first_line: int
    """The first decorator's line, else ``line``."""
    end_line: int
    docstring: str | None = None


def python_files(root: Path, files: Iterable[str]) -> dict[str, str]:
    """Read the indexed files (paths relative to ``root``) into a path -> text map."""
    return {rel: (root / rel).read_text("utf-8") for rel in files}


def definitions(texts: dict[str, str], originals: dict[str, str] | None = None) -> list[Definition]:
    """Return every definition of every file; docstrings come from ``originals`` when given."""
    found: list[Definition] = []
    for path, text in sorted(texts.items()):
        try:
            tree = ast.parse((originals or texts).get(path, text))
        except SyntaxError:
            continue
        found.extend(_walk(path, tree, "", in_function=False, in_class=False))
    return found


def _walk(path: str, node: ast.AST, prefix: str, in_function: bool, in_class: bool) -> Iterable[Definition]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            qualname = prefix + child.name
            yield _definition(path, child, qualname, in_function, in_class)
            is_function = not isinstance(child, ast.ClassDef)
            yield from _walk(path, child, qualname + ".", in_function or is_function, not is_function)
        else:
            yield from _walk(path, child, prefix, in_function, in_class)


def _definition(path: str, node: ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef, qualname: str,
                in_function: bool, in_class: bool) -> Definition:
    if isinstance(node, ast.ClassDef):
        kind = "nested" if in_function else "class"
    else:
        kind = "nested" if in_function else "method" if in_class else "function"
    first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    return Definition(path, node.name, qualname, kind, node.lineno, first, node.end_lineno or node.lineno,
                      ast.get_docstring(node))


def ctags_lines(root: Path, files: Iterable[str]) -> set[tuple[str, str, int]] | None:
    """Return (path, name, line) of every tag universal-ctags finds, or ``None`` without ctags."""
    exe = shutil.which("ctags")
    if exe is None:
        return None
    cmd = [exe, "--languages=Python", "--output-format=json", "--fields=+n", "-f", "-", *files]
    out = subprocess.run(cmd, cwd=root, capture_output=True, text=True, check=False).stdout
    if not out.strip():
        return None  # exuberant ctags has no JSON output: no cross-check rather than a wrong one
    tags = set()
    for line in out.splitlines():
        tag = json.loads(line)
        if tag.get("_type") == "tag":
            tags.add((tag["path"], tag["name"], int(tag["line"])))
    return tags


def cross_checked(defs: list[Definition], tags: set[tuple[str, str, int]] | None) -> list[Definition]:
    """Keep the definitions ctags agrees with (all of them when there is no ctags)."""
    if tags is None:
        return defs
    return [d for d in defs if (d.path, d.name, d.line) in tags]


def unique_target(defs: list[Definition]) -> dict[Definition, str]:
    """Name each definition the shortest way that names it alone: its bare name, else its qualname.

    Definitions with neither unique are left out: "where is get defined" has no single answer.
    """
    names = Counter(d.name for d in defs)
    qualnames = Counter(d.qualname for d in defs)
    out = {}
    for d in defs:
        if names[d.name] == 1:
            out[d] = d.name
        elif qualnames[d.qualname] == 1 and "." in d.qualname:
            out[d] = d.qualname
    return out


def enclosing(defs: list[Definition]) -> dict[str, list[Definition]]:
    """Group definitions that own lines (not nested functions) by path, innermost last at a line."""
    by_path: dict[str, list[Definition]] = {}
    for d in defs:
        if d.kind != "nested":
            by_path.setdefault(d.path, []).append(d)
    for items in by_path.values():
        items.sort(key=lambda d: (d.first_line, -d.end_line))
    return by_path


def owner_of(by_path: dict[str, list[Definition]], path: str, line: int) -> Definition | None:
    """Return the innermost class, function or method holding a line (``None`` at module level)."""
    best = None
    for d in by_path.get(path, ()):
        if d.first_line > line:
            break
        if d.first_line <= line <= d.end_line:
            best = d
    return best


# -- exact strings ------------------------------------------------------------------------------
def string_literals(texts: dict[str, str]) -> list[str]:
    """Return distinct one-line string constants a user might search for, in first-seen order."""
    seen: dict[str, None] = {}
    for _, text in sorted(texts.items()):
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and _searchable(node.value):
                seen.setdefault(node.value, None)
    return list(seen)


def _searchable(value: str) -> bool:
    stripped = value.strip()
    return (MIN_LITERAL <= len(value) <= MAX_LITERAL and stripped == value and _LITERAL_OK.fullmatch(value) is not None
            and '"' not in value and "`" not in value and "\\" not in value and any(c.isalpha() for c in value))


def occurrences(texts: dict[str, str], literal: str) -> list[tuple[str, int]]:
    """Return every (path, line) whose line contains the literal, case-sensitively."""
    found = []
    for path, text in sorted(texts.items()):
        for number, row in enumerate(text.split("\n"), 1):
            if literal in row:
                found.append((path, number))
    return found


# -- natural language ---------------------------------------------------------------------------
def first_sentence(docstring: str) -> str:
    """Return the first sentence of a docstring's first paragraph, whitespace collapsed."""
    paragraph = " ".join(docstring.strip().split("\n\n")[0].split())
    match = _SENTENCE_END.search(paragraph)
    return (paragraph[: match.start()] if match else paragraph).rstrip(":")


def docstring_queries(defs: list[Definition]) -> dict[Definition, str]:
    """Map functions and methods to the first sentence of their docstring, when it is unique.

    Sentences that several functions share ("Return the value.") have no single right answer;
    sentences shorter than ``MIN_SENTENCE_WORDS`` words say nothing a search could use.
    """
    sentences = {d: first_sentence(d.docstring) for d in defs if d.docstring and d.kind in ("function", "method")}
    counts = Counter(sentences.values())
    return {d: s for d, s in sentences.items() if counts[s] == 1 and len(s.split()) >= MIN_SENTENCE_WORDS}
