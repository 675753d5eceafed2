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

from maguyva_tui.core.types import Chunk

ENABLED = 1
"""Whether a window of comments right above a definition is found as the definition (1) or as a
window of its own (0)."""
GAP = 2
"""Lines that may stand between a comment window's end and the definition it describes (blank,
or the comment's own end: a window may stop before a JSDoc's ``*/``)."""
COMMENT_STARTS = ("//", "/*", "*", "#", "--")
"""How a comment line (or an attribute, ``#[derive(Debug)]``) starts in the languages parsed."""

ChunkAt = Callable[[str, int], "Chunk | None"]
Lines = Callable[[str, int, int], list[str]]


def described(window: Chunk, chunk_at: ChunkAt, lines: Lines) -> Chunk | None:
    """The definition a window of comments describes: the one starting at most :data:`GAP` lines
    after it, with only comments, attributes and blank lines from the window's start to it;
    ``None`` for any other chunk."""
    if not ENABLED or window.symbol is not None or window.kind != "window":
        return None
    path, end = window.path, window.end_line
    for line in range(end + 1, end + 2 + GAP):
        chunk = chunk_at(path, line)
        if chunk is not None and chunk.symbol is not None and chunk.start_line == line:
            return chunk if comments_only(lines(path, window.start_line, line - 1)) else None
    return None


def comments_only(lines: Sequence[str]) -> bool:
    """Whether lines are comments (or attributes) and blank lines only, at least one comment."""
    said = False
    for line in lines:
        stripped = line.strip()
        if stripped:
            if not stripped.startswith(COMMENT_STARTS):
                return False
            said = True
    return said
