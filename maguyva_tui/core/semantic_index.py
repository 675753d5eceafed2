"""The semantic side of an index: which text each chunk embeds as, in what order, and how far along.

Vectors are stored by the hash of the embedded text, so an unchanged chunk is never embedded
twice, across runs, edits and generations. Chunks are embedded most important first: by the
graph centrality of their file, then definitions before windows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from maguyva_tui.core.embed.provider import Provider
from maguyva_tui.core.embed.store import VectorStore, content_hash
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.types import Chunk

EMBED_MAX_LINES = 60
"""Lines of a chunk sent to the model; 256 tokens rarely reach further, and long classes stay cheap."""

EMBED_MAX_CHARS = 4000
"""Characters of a chunk sent to the model, for minified or very wide code."""


@dataclass(frozen=True, slots=True)
class EmbeddingItem:
    """A chunk with the text it embeds as and that text's hash."""

    chunk: Chunk
    text: str
    key: str


def embedding_text(snapshot: Snapshot, chunk: Chunk) -> str:
    """The text a chunk is embedded as: where it lives, what it is, then its code."""
    lines = snapshot.lines(chunk.path, chunk.start_line, min(chunk.end_line, chunk.start_line + EMBED_MAX_LINES - 1))
    head = f"{chunk.path}"
    if chunk.symbol:
        head += f" {chunk.kind} {chunk.symbol}"
    return (head + "\n" + "\n".join(lines))[:EMBED_MAX_CHARS]


def embedding_items(snapshot: Snapshot, importance: Callable[[Chunk], float] | None = None) -> list[EmbeddingItem]:
    """Every chunk of the snapshot with its embedding text, most important first."""
    items = []
    for chunk in snapshot.chunks():
        text = embedding_text(snapshot, chunk)
        if text.strip():
            items.append(EmbeddingItem(chunk, text, content_hash(text)))
    if importance is not None:
        items.sort(key=lambda it: (-importance(it.chunk), it.chunk.symbol is None, it.chunk.path, it.chunk.start_line))
    return items


def semantic_folder(snapshot: Snapshot) -> Path:
    """Where a repository's vectors live: beside its generations, shared by all of them."""
    return snapshot.folder / "semantic"


def open_store(snapshot: Snapshot, provider: Provider) -> VectorStore:
    """Open (or create) the vector store of this repository for one provider."""
    return VectorStore.for_provider(semantic_folder(snapshot), provider)
