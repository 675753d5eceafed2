"""Test code by what the code says, where a path does not: a Rust ``#[cfg(test)]`` module or
``#[test]`` function inside a source file (``paths.is_secondary`` judges test files by their path).

The judgement is the language's own: what ``cargo build`` leaves out (``cfg(test)``, alone or
required by ``all(...)``; a file opening with ``#![cfg(test)]``) and what ``cargo test`` runs
(``#[test]``, ``#[bench]`` and attribute macros that expand to them, ``#[tokio::test]``). Go's tests
live in ``_test.go`` files already; a Python ``if __name__ == "__main__":`` block is not a test.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, TypeAlias

from maguyva_tui.core.types import Chunk

Span: TypeAlias = tuple[int, int]
"""First and last line (1-based, inclusive)."""

TEST_LANGUAGES: Final = frozenset({"rust"})
"""The languages whose code marks its tests inside a source file (read by :func:`spans_of_tests`)."""

_ATTRIBUTE: Final = re.compile(rb"^[ \t]*#(!?)\[[ \t]*((?:cfg[ \t]*\(|(?:\w+::)*(?:test|bench)\b).*)\][ \t]*\r?$", re.M)
"""A Rust attribute line that may mark a test: a ``cfg(...)``, or a path ending in ``test``/``bench``."""

_RUNS_AS_TEST: Final = re.compile(r"(?:\w+::)*(?:test|bench)(?:\(.*\))?")
"""``#[test]``, ``#[bench]``, ``#[tokio::test]``, ``#[tokio::test(flavor = "multi_thread")]``."""

_CFG: Final = re.compile(r"cfg\s*\((.*)\)")
_ALL: Final = re.compile(r"all\s*\((.*)\)")

_HEAD: Final = re.compile(r"\s*(?:#!?\[|//|$)")
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


_ITEM: Final = re.compile(rb"^[ \t]*(?:pub\b|fn\b|mod\b|struct\b|enum\b|impl\b|trait\b|use\b|const\b|static\b|type\b|macro_rules!)", re.M)
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
