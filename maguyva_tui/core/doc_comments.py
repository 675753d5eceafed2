"""A function's description written above it, outside its span: JSDoc blocks, Rust's ``///`` and
Go's ``//`` lines, PHP's and Java's ``/** */``, C's comments, with the attributes between
(``#[derive(Debug)]``). The chunker leaves such a block as a window of its own, with no symbol, so
the semantic engine, finding a function by its description, found the window. :func:`described`
tells which definition a window of comments describes, and the semantic engine finds that
definition instead.

express's ``lib/application.js`` is 20 windows of prose between 22 definitions: "what does
res.send do" listed "Register the given template engine callback", with no symbol, third.
Measured on half A of ``bench.nl_quality`` (``python -m bench.nl.diagnose --half A --variants
";doc_comments.ENABLED=0"``): semble NDCG@10 0.871 -> 0.872 (each fold 0.851 -> 0.853 and 0.898
-> 0.898), the docstring questions (Python: no such comments) unchanged. Counting the comments'
words for the definition in BM25's counts too (the text engine's vote for a sentence; a window
beside definitions has none) cost NDCG@10 0.872 -> 0.867 and Hit@1 0.809 -> 0.795: English words
shared with a question are weak evidence (issue 16's first mechanism), so they are not counted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from maguyva_tui.core.lazy_pattern import lazy
from maguyva_tui.core.types import Chunk

ENABLED = 1
"""Whether a window of comments right above a definition is found as the definition (1) or as a
window of its own (0)."""
GAP = 2
"""Lines that may stand between a comment window's end and the definition it describes (blank,
or the comment's own end: a window may stop before a JSDoc's ``*/``)."""
REACH = 400
"""Lines past a window's end that a comment going on may reach before the definition it describes
(``///`` lines above camino's ``pub struct Utf8PathBuf`` are 40, one window and a part of the next:
the first window, 6 comment lines above the struct, had been listed as prose with no symbol)."""
COMMENT_STARTS = ("//", "/*", "*", "#", "--")
"""How a comment line (or an attribute, ``#[derive(Debug)]``) starts in the languages parsed."""

_PRAGMA: Final = lazy(
    r"""(?x)
      \#!                                           # a shebang
    | \#(?:include|import|define|undef|if|ifn?def|elif|else|endif|pragma|error|line)\b  # C's directives
    | \#\ +(?:include|import)\ *[<"]
    | //(?:go:\w|line\ |export\ )                  # Go's directives, cgo's exports
    | (?:\#|//|--|/\*+|\*)\ *(?:
        (?i:-\*-.*-\*-)                             # Emacs' file variables: -*- coding: utf-8 -*-
      | (?:frozen_string_literal|(?:en)?coding|warn_indent|warn_past_scope|shareable_constant_value
           |typed|rubocop|type|pylint|mypy|pyright|isort|fmt|vim?|ex|pragma|cspell|nolint)[:=]
      | (?:\+build|eslint-[\w-]+|tslint:[\w-]+|biome-ignore|deno-lint-ignore(?:-[\w-]+)?
           |prettier-ignore|clang-format|istanbul|c8|noinspection
           |@ts-[\w-]+|@flow|@jsx|@jsxImportSource|@license|@preserve)(?![\w-])
      | (?:noqa|NOLINT(?:NEXTLINE|BEGIN|END)?)(?:[:(]|\s*(?:\*/)?$)
      )
    | /\*+\ *(?:globals?|exported|eslint|jshint|jslint)\ """)
"""A line that is a pragma, not prose: a magic comment (Ruby's ``frozen_string_literal: true``,
``encoding:``, Sorbet's ``typed:``; Python's ``-*- coding -*-``, ``# type:``, ``# noqa``,
``# pylint:``), a shebang, a build constraint or directive (Go's ``//go:build``, ``// +build``,
``//go:generate``), a linter's or compiler's switch (``/* eslint ... */``, ``// @ts-nocheck``,
``// NOLINT``) or a C preprocessor line: it tells a tool how to read the file and describes no
code under it."""
_LICENSE: Final = lazy(r"(?i)\bcopyright\b|\(c\)\s*\d{4}|SPDX-License-Identifier|\blicen[cs]ed under\b"
                       r"|\bpermission is hereby granted\b")
"""Words of a licence header: a paragraph of comments holding them is the file's licence, not a
description of the code under it."""

HEADER_LINES = 3
"""A window starting on one of a file's first lines opens it (after a shebang or a blank line):
its first paragraph may be the licence header."""

ChunkAt = Callable[[str, int], "Chunk | None"]
Lines = Callable[[str, int, int], list[str]]


def described(window: Chunk, chunk_at: ChunkAt, lines: Lines) -> Chunk | None:
    """The definition a window of comments describes: the one starting at most :data:`GAP` lines
    after it, or after the comment it is a part of (a comment longer than a window is several
    windows: :data:`REACH`), with only comments, attributes and blank lines from the window's
    start to it; ``None`` for any other chunk."""
    if not ENABLED or window.symbol is not None or window.kind != "window":
        return None
    path, end = window.path, window.end_line
    last = end + 1 + GAP
    line = end + 1
    while line <= min(last, end + REACH):
        chunk = chunk_at(path, line)
        if chunk is not None and chunk.symbol is not None and chunk.start_line == line:
            heading = window.start_line <= HEADER_LINES
            return chunk if comments_only(lines(path, window.start_line, line - 1), heading) else None
        text = lines(path, line, line)
        if text and text[0].strip().startswith(COMMENT_STARTS):
            last = line + 1 + GAP  # the comment goes on: what it describes starts after its end
        line += 1
    return None


DOC_LINES = 10
"""Lines of a doc comment's first paragraph a definition is embedded with at most."""
_ATTRIBUTES: Final = ("#[", "#![", "@")
"""How an attribute or annotation line between a doc comment and its definition starts (Rust's
``#[inline]``, PHP 8's ``#[Pure]``, Java's ``@Override``, a TypeScript decorator)."""
_MARKERS: Final = lazy(r"^(?:/\*+|\*+/?|//+[!/]?|#+|--)|\*+/$")
"""A comment line's markers, around its words."""


def doc_comment(lines: Sequence[str], before: int, first: int = 1) -> list[str]:
    """The summary of the doc comment written right above a nested definition (a method, in its
    class, impl, trait or interface) whose first line is ``lines[before]`` (``lines[0]`` is the
    file's line ``first``): the first paragraph of the comment lines, with attributes and at most
    :data:`GAP` blank lines between them and the definition, up to a blank comment line or a tag
    (``@param``), at most :data:`DOC_LINES`; no pragma (:data:`_PRAGMA`), no licence header; none
    above a definition at a file's top level.

    A method's description stands inside its class's span, where no window is left for
    :func:`described` to find: the semantic engine embeds a method with its summary
    (:func:`maguyva_tui.core.semantic_index.embedding_text`), so a method is found by its JSDoc,
    Javadoc, PHPDoc, ``///`` or ``#`` lines as a top-level function is by its window. A top-level
    definition's comment is a window of its own, found as it. Every definition embedded with its
    whole comment (the top-level ones too, examples and ``@param`` lists included) cost half A's
    static tier NDCG@10 0.838 -> 0.834, serde's semantic engine alone 0.530 -> 0.320 (serde's
    ``trait Serialize`` under 200 lines of ``///`` no longer found by its name)."""
    if not ENABLED or before >= len(lines) or not lines[before][:1].isspace():
        return []
    line = before - 1
    while line >= 0 and before - line <= GAP and not lines[line].strip():
        line -= 1
    end, start, block = line, line + 1, False
    while line >= 0 and before - line <= REACH:
        text = lines[line].strip()
        if block:  # inside a /* */ comment, read upward: any line is a part of it up to its /*
            block = "/*" not in text
        elif text.endswith("*/") and "/*" not in text:
            block = True
        elif not text.startswith(COMMENT_STARTS + _ATTRIBUTES):
            break
        start = line
        line -= 1
    if block or start > end:
        return []
    found = [raw for raw in lines[start : end + 1] if not _PRAGMA.match(raw.strip())]
    if first + start <= HEADER_LINES and _LICENSE.search("\n".join(found)):
        return []
    summary: list[str] = []
    for raw in found:
        words = _MARKERS.sub("", raw.strip()).strip()
        if raw.strip().startswith(_ATTRIBUTES) or not words or words.startswith("@"):
            if summary:
                break
            continue
        summary.append(raw)
    return summary[:DOC_LINES]


def comments_only(lines: Sequence[str], heading: bool = False) -> bool:
    """Whether lines are comments (or attributes) and blank lines only, at least one of them a
    comment that says something: not a pragma (:data:`_PRAGMA`: faraday's every file starts
    ``# frozen_string_literal: true``, which had been read as the doc comment of the ``module
    Faraday`` under it), nor, where the lines open the file (``heading``), its licence header."""
    said = False
    for n, paragraph in enumerate(_paragraphs(lines)):
        if not all(line.startswith(COMMENT_STARTS) for line in paragraph):
            return False
        licence = heading and n == 0 and _LICENSE.search("\n".join(paragraph)) is not None
        said = said or (not licence and any(not _PRAGMA.match(line) for line in paragraph))
    return said


def says_nothing(window: Chunk, lines: Lines) -> bool:
    """Whether a window is pragmas (:data:`_PRAGMA`) and blank lines only: it holds no word to be
    found by (embedded, it is its file's path alone, which the file's definitions are embedded
    with too), so the semantic engine does not list it (faraday's ``# frozen_string_literal:
    true`` above each file's ``module Faraday``)."""
    if window.symbol is not None or window.kind != "window":
        return False
    stripped = [line.strip() for line in lines(window.path, window.start_line, window.end_line) if line.strip()]
    return bool(stripped) and all(_PRAGMA.match(line) for line in stripped)


def _paragraphs(lines: Sequence[str]) -> list[list[str]]:
    """The runs of non-blank lines, each stripped."""
    runs: list[list[str]] = [[]]
    for line in lines:
        stripped = line.strip()
        if stripped:
            runs[-1].append(stripped)
        elif runs[-1]:
            runs.append([])
    return [run for run in runs if run]
