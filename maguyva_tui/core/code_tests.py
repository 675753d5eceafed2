"""Test code by what the code says, where a path does not: a Rust ``#[cfg(test)]`` module or
``#[test]`` function inside a source file (``paths.is_secondary`` judges test files by their path).

The judgement is the language's own: what ``cargo build`` leaves out (``cfg(test)``, alone or
required by ``all(...)``; a file opening with ``#![cfg(test)]``) and what ``cargo test`` runs
(``#[test]``, ``#[bench]`` and attribute macros that expand to them, ``#[tokio::test]``). Go's tests
live in ``_test.go`` files already; a Python ``if __name__ == "__main__":`` block is not a test.

A module declared on its own line (``#[cfg(test)] mod tests;``) has its code in another file, which
says nothing of it: that file is test code whole, found by Rust's own module path rules
(:func:`declaring_files`, :func:`module_files`: ``src/tests.rs``, ``src/a/tests.rs`` beside
``src/a.rs``, ``#[path = "t.rs"]`` beside its declaring file), from a declaration outside any
inline module (a nested one's folder is left unread: nothing is said of it).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, TypeAlias

from maguyva_tui.core.lazy_pattern import lazy
from maguyva_tui.core.types import Chunk

Span: TypeAlias = tuple[int, int]
"""First and last line (1-based, inclusive)."""

TEST_LANGUAGES: Final = frozenset({"rust"})
"""The languages whose code marks its tests inside a source file (read by :func:`spans_of_tests`)."""

_ATTRIBUTE: Final = lazy(rb"^[ \t]*#(!?)\[[ \t]*((?:cfg[ \t]*\(|(?:\w+::)*(?:test|bench)\b).*)\][ \t]*\r?$", re.M)
"""A Rust attribute line that may mark a test: a ``cfg(...)``, or a path ending in ``test``/``bench``."""

_RUNS_AS_TEST: Final = lazy(r"(?:\w+::)*(?:test|bench)(?:\(.*\))?")
"""``#[test]``, ``#[bench]``, ``#[tokio::test]``, ``#[tokio::test(flavor = "multi_thread")]``."""

_CFG: Final = lazy(r"cfg\s*\((.*)\)")
_ALL: Final = lazy(r"all\s*\((.*)\)")

_HEAD: Final = lazy(r"\s*(?:#!?\[|//|$)")
"""A line of an item's head before its name: an attribute, a comment, a blank."""


def marks_test(attribute: str) -> bool:
    """Whether an attribute's text (between ``#[`` and ``]``) makes its item test code: it runs as
    a test, or is compiled only for tests (``cfg(test)``, ``cfg(all(test, unix))``; not
    ``cfg(any(test, feature = "x"))`` nor ``cfg(not(test))``)."""
    text = attribute.strip()
    if _RUNS_AS_TEST.fullmatch(text):
        return True
    found = _CFG.fullmatch(text)
    return found is not None and _requires_test(found.group(1).strip())


def _requires_test(predicate: str) -> bool:
    """Whether a ``cfg`` predicate holds only when testing: ``test``, or ``all(...)`` of one that does."""
    if predicate == "test":
        return True
    found = _ALL.fullmatch(predicate)
    return found is not None and any(map(_requires_test, _top_level(found.group(1))))


def _top_level(arguments: str) -> list[str]:
    """Split a predicate list at the commas outside parentheses."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(arguments):
        depth += (char == "(") - (char == ")")
        if char == "," and depth == 0:
            parts.append(arguments[start:i].strip())
            start = i + 1
    parts.append(arguments[start:].strip())
    return parts


def spans_of_tests(source: bytes, lines: int, chunk_at: Callable[[int], Chunk | None]) -> tuple[Span, ...]:
    """The spans of a Rust file's test code: each definition whose head (its attribute lines, which
    its span starts at) marks it (:func:`marks_test`), the whole file for ``#![cfg(test)]`` before
    any item; ``lines``: the file's line count, ``chunk_at``: the smallest definition holding a line."""
    spans: list[Span] = []
    line, read = 1, 0
    for found in _ATTRIBUTE.finditer(source):
        line += source.count(b"\n", read, found.start())
        read = found.start()
        if not marks_test(found.group(2).decode("utf-8", errors="replace")):
            continue
        if found.group(1):  # an inner attribute: the whole file, when no item comes before it
            if not _ITEM.search(source, 0, found.start()):
                return ((1, lines),)
            continue
        chunk = chunk_at(line)
        if chunk is not None and chunk.symbol and chunk.start_line <= line and _in_head(source, chunk, line):
            spans.append((chunk.start_line, chunk.end_line))
    return tuple(spans)


_ITEM: Final = lazy(rb"^[ \t]*(?:pub\b|fn\b|mod\b|struct\b|enum\b|impl\b|trait\b|use\b|const\b|static\b|type\b|macro_rules!)", re.M)
"""A line that starts an item: an inner attribute after one belongs to a nested module."""


def _in_head(source: bytes, chunk: Chunk, line: int) -> bool:
    """Whether the lines from a definition's first to ``line`` are all its head (attributes,
    comments): the attribute is the definition's own, not one inside its body."""
    if chunk.start_line == line:
        return True
    rows = source.split(b"\n", line)[chunk.start_line - 1 : line - 1]
    return all(_HEAD.match(row.decode("utf-8", errors="replace")) for row in rows)


def holds(spans: tuple[Span, ...], start: int, end: int) -> bool:
    """Whether one of the spans holds the lines ``start..end``."""
    return any(first <= start and end <= last for first, last in spans)


_DECLARATION: Final = lazy(rb"^[ \t]*(?:pub(?:[ \t]*\([^)\n]*\))?[ \t]+)?mod[ \t]+(?:r#)?(\w+)[ \t]*;", re.M)
"""A module declared on its own line, its code in another file: ``mod tests;``, ``pub(crate) mod a;``."""

_PATH: Final = lazy(r'path\s*=\s*"((?:[^"\\]|\\.)*)"')
"""A ``#[path = "..."]`` attribute's text: the file its module's code is in."""

MOD_RS: Final = frozenset({"mod", "lib", "main"})
"""The stems of the files whose modules' files lie in their own folder (``mod.rs``, a crate's
``lib.rs``/``main.rs``); another file's lie in the folder of its stem (``src/a.rs``: ``src/a/``)."""


@dataclass(frozen=True, slots=True)
class Declaration:
    """A module declared on its own line (``mod name;``) of a Rust file."""

    line: int
    """The line of ``mod name;`` (1-based)."""
    name: str
    path: str | None
    """Its ``#[path]`` attribute's file, as written, or ``None``."""
    test: bool
    """Whether one of its attributes makes it test code (:func:`marks_test`)."""


def declarations(source: bytes) -> tuple[Declaration, ...]:
    """The modules a Rust file declares on their own lines, each with what its attributes say."""
    out = []
    line, read = 1, 0
    for found in _DECLARATION.finditer(source):
        line += source.count(b"\n", read, found.start())
        read = found.start()
        attributes = _attributes_above(source, found.start())
        path = next((m.group(1) for a in attributes if (m := _PATH.fullmatch(a)) is not None), None)
        out.append(Declaration(line, found.group(1).decode("utf-8", errors="replace"), path,
                               any(map(marks_test, attributes))))
    return tuple(out)


def _attributes_above(source: bytes, start: int) -> list[str]:
    """The attributes (their text between ``#[`` and ``]``, spaces folded) on the lines just above
    an item starting at ``start`` (a line's first byte), a comment among them skipped; an
    attribute may span lines (``#[cfg(all(\\n test,\\n unix))]``)."""
    rows: list[bytes] = []
    open_brackets = 0  # read upwards: the ']' of lines below not yet matched by a '['
    at = start
    while at > 0:
        begin = source.rfind(b"\n", 0, at - 1) + 1
        row = source[begin : at - 1].strip()
        closes = row.count(b"]") - row.count(b"[")  # > 0: the last line of an attribute opened above
        if row.startswith(b"//"):
            pass
        elif row.startswith(b"#[") or open_brackets > 0 or closes > 0:
            rows.append(row)
            open_brackets += closes
        else:
            break
        at = begin
    return _split_attributes(b" ".join(reversed(rows)).decode("utf-8", errors="replace"))


def _split_attributes(text: str) -> list[str]:
    """Each ``#[...]`` of a text, its brackets matched outside string literals, spaces folded."""
    out = []
    at = text.find("#[")
    while at >= 0:
        depth, end, quoted = 0, at + 1, False
        while end < len(text):
            char = text[end]
            if quoted:
                if char == "\\":
                    end += 1
                elif char == '"':
                    quoted = False
            elif char == '"':
                quoted = True
            elif char == "[":
                depth += 1
            elif char == "]":
                depth -= 1
                if depth == 0:
                    break
            end += 1
        out.append(" ".join(text[at + 2 : end].split()))
        at = text.find("#[", end)
    return out


def module_files(declaring: str, declaration: Declaration) -> tuple[str, ...]:
    """The files a module declared outside any inline module of ``declaring`` may have its code
    in, by Rust's rules: ``#[path]``'s, relative to the declaring file's folder; else ``NAME.rs``
    or ``NAME/mod.rs`` in the declaring file's own module folder (:data:`MOD_RS`). Paths are the
    repository's (``/``-separated); one leading outside it is none."""
    folder = posixpath.dirname(declaring)
    if declaration.path is not None:
        target = posixpath.normpath(posixpath.join(folder, declaration.path.replace("\\", "/")))
        return () if target == ".." or target.startswith(("../", "/")) else (target,)
    stem = posixpath.basename(declaring)[: -len(".rs")]
    own = folder if stem in MOD_RS else posixpath.join(folder, stem)
    return (posixpath.join(own, f"{declaration.name}.rs"), posixpath.join(own, declaration.name, "mod.rs"))


def declaring_files(path: str) -> tuple[str, ...]:
    """The files whose ``mod NAME;`` (no ``#[path]``) may have its code in ``path``
    (:func:`module_files` read backwards): for ``src/a/b.rs`` or ``src/a/b/mod.rs``, the files
    whose module folder is ``src/a``: ``src/a/mod.rs``, ``src/a/lib.rs``, ``src/a/main.rs``, ``src/a.rs``."""
    folder, base = posixpath.split(path)
    if base == "mod.rs":
        folder = posixpath.dirname(folder)
        if not posixpath.dirname(path):
            return ()
    found = [posixpath.join(folder, f"{stem}.rs") for stem in sorted(MOD_RS)]
    if folder:
        found.append(f"{folder}.rs")
    return tuple(p for p in found if p != path)


_TEST_FOLDERS: Final = frozenset({"tests", "test", "testing", "spec", "specs"})
"""Folders of tests (read without the underscores or dots around them: Jest's ``__tests__``)."""

_TEST_FILE: Final = lazy(r"^(?:test_.*\.py|conftest\.py|.*_test\.\w+|.*_spec\.rb|.*\.(?:test|spec)\.[cm]?[jt]sx?|.*Tests?\.\w+)$")
"""Test files by name: ``test_x.py``, ``x_test.go``, ``x.spec.ts``, ``x_spec.rb``, ``FooTest.java``."""


def is_test_file(path: str) -> bool:
    """Whether a path is a test file: in a tests folder (``tests/``, ``__tests__/``, ``spec/``) or
    named as one (``test_x.py``, ``x.test.ts``); docs and examples are not tests."""
    *folders, name = path.split("/")
    return any(f.lower().strip("_.") in _TEST_FOLDERS for f in folders) or bool(_TEST_FILE.match(name))


_TESTS_OF: Final = lazy(
    r"^\s*(?:(?:the|which|what|any|all|find|show|list)\s+){0,2}(?:unit\s+)?tests?\s+"
    r"(?:for|of|on|covering|exercising|calling|(?:(?:that|which)\s+)?(?:call|cover|exercise|use|test|hit)s?)\s+"
    r"(?:the\s+)?(?:(?:function|method|class|func)\s+)?`?(?P<x>[A-Za-z_$][\w$]{0,200}(?:(?:\.|::)[A-Za-z_$][\w$]{0,200}){0,8})`?"
    r"(?:\(\))?\s*\??\s*$",
    re.I,
)
"""A question asking for the tests of a name: "tests for from_dict", "tests of is_optional", "which
tests call Maybe.just"."""


def tests_asked(text: str) -> str | None:
    """The name a question asks the tests of (``tests for from_dict``: ``from_dict``), as written;
    ``None`` for any other question (the search then says whether the index defines it)."""
    match = _TESTS_OF.match(text[:600]) if "test" in text.lower() else None
    return match.group("x") if match is not None else None
