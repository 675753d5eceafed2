"""The search engine: a repository, its index, its four retrievers and its embeddings.

This is the one entry point the CLI, the terminal UI and the MCP server share, so the same
question gets the same ranking and the same explanation everywhere.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from maguyva_tui.core.fusion import ChunkKey
from maguyva_tui.core.indexer import IndexSummary, Progress, open_snapshot, update_index
from maguyva_tui.core.intent import Intent
from maguyva_tui.core.search import SearchRequest, run_search
from maguyva_tui.core.store.format import IndexUnavailable
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.types import MODALITIES, Chunk, Hit, Query, QueryError, Retriever

REFERENCE_INTENTS = ("find_references",)
LITERAL_INTENTS = ("exact_match",)
"""Intents whose target is the literal asked for (listed first by the text engine even in a sentence)."""
IMPACT_INTENTS = ("impact_analysis",)
SEMANTIC_STANDS_IN = 0.5
"""Once half the chunks are embedded, meaning is the semantic engine's job in a blended search and
the text engine votes only with code-like words; before that, plain words are all there is."""

FUSED_TEXT_FILES = 60
"""Files the text engine verifies in a blended search (those defining the literal, then the most central)."""

STALE_VECTOR_RATIO = 1.5
"""Drop vectors of chunks that no longer exist once they outnumber the live ones by half again."""

DEFAULT_IMPACT_DEPTH = 3
"""Impact questions follow dependents this many hops unless the caller says otherwise."""


class Engine:
    """A repository, its index and its retrievers, ready to answer questions."""

    def __init__(
        self,
        root: Path,
        index_base: Path | None = None,
        provider: Any = None,
        notify: Callable[[str], None] | None = None,
    ) -> None:
        root = Path(root).expanduser()
        if not root.exists():
            raise NotADirectoryError(f"{root}: no such directory")
        if not root.is_dir():
            raise NotADirectoryError(f"{root}: not a directory")
        self.root = root.resolve()
        self.index_base = index_base
        self._snapshot: Snapshot | None = None
        self._retrievers: dict[str, Retriever] = {}
        self._lock = threading.RLock()
        self._pool = ThreadPoolExecutor(max_workers=len(MODALITIES), thread_name_prefix="maguyva-engine")
        self._provider = provider
        self._provider_notice: str | None = None
        self._store: Any = None
        self._items: list[Any] | None = None
        self._coverage: tuple[tuple[int, int, int], float] | None = None
        self.notices: list[str] = []
        """Messages for the user about the index (rebuilt because corrupt, fallbacks)."""
        self._notify = notify

    # -- the index ---------------------------------------------------------------------------

    @property
    def snapshot(self) -> Snapshot:
        """The index being searched; opened or built on first use."""
        if self._snapshot is None:
            self.refresh()
        assert self._snapshot is not None
        return self._snapshot

    def refresh(self, progress: Progress | None = None) -> IndexSummary:
        """Bring the index up to date with the disk and search the new generation from now on."""
        snapshot, summary = update_index(self.root, self.index_base, progress)
        if summary.rebuilt_because:
            self.notice(summary.rebuilt_because)
        with self._lock:
            if snapshot is not self._snapshot:
                self._snapshot = snapshot
                self._retrievers = {}
                self._items = None
        return summary

    def open_existing(self) -> bool:
        """Open the stored index without walking the disk; False when there is none."""
        try:
            snapshot = open_snapshot(self.root, self.index_base)
        except IndexUnavailable:
            return False
        with self._lock:
            self._snapshot, self._retrievers, self._items = snapshot, {}, None
        return True

    def notice(self, message: str) -> None:
        """Keep a message for every later result and pass it on at once to whoever listens."""
        self.notices.append(message)
        if self._notify is not None:
            self._notify(message)

    # -- retrievers --------------------------------------------------------------------------

    def retriever(self, name: str) -> Retriever:
        """Return (building once per snapshot) the retriever of a modality."""
        with self._lock:
            found = self._retrievers.get(name)
            if found is None:
                found = self._retrievers[name] = self._build_retriever(name)
            return found

    def _build_retriever(self, name: str) -> Retriever:
        snap = self.snapshot
        if name == "text":
            from maguyva_tui.core.retrievers.text import TextRetriever

            return TextRetriever(snap)
        if name == "structural":
            from maguyva_tui.core.retrievers.structural import StructuralRetriever

            return StructuralRetriever(snap.symbols)
        if name == "graph":
            from maguyva_tui.core.retrievers.graph import GraphRetriever

            return GraphRetriever(snap.graph, snap.symbols)
        if name == "semantic":
            from maguyva_tui.core.retrievers.semantic import SemanticRetriever

            return SemanticRetriever(self.provider, self.vector_store(), [(i.chunk, i.key) for i in self.embedding_items()])
        raise QueryError(f"unknown modality {name!r} (choose from {', '.join(MODALITIES)})")

    def retrieve(
        self, name: str, query: Query, intent: Intent, limit: int, depth: int | None = None, blended: bool = False
    ) -> list[Hit]:
        """Run one engine for a question, using the graph's direct answers when the intent asks.

        In a blended search the text engine verifies a bounded set of files: its list is one
        voice among several there, while alone it must be exhaustive; once the semantic engine
        stands in for meaning, a sentence votes there by chunk, its words picking the function.
        """
        if name == "text":
            text = self.retriever("text")
            code_words_only = blended and self.semantic_coverage() >= SEMANTIC_STANDS_IN
            files = FUSED_TEXT_FILES if blended else None
            literal_first = intent.name in LITERAL_INTENTS
            return text.search(query, limit, files, code_words_only, literal_first)  # type: ignore[call-arg]
        if name == "semantic":
            return self._semantic_search(query, limit)
        if name == "graph" and intent.target:
            graph = self.retriever("graph")
            if intent.name in REFERENCE_INTENTS:
                callers: list[Hit] = graph.callers_hits(intent.target, limit)  # type: ignore[attr-defined]
                return callers
            if intent.name in IMPACT_INTENTS:
                impact: list[Hit] = graph.impact_hits(intent.target, depth or DEFAULT_IMPACT_DEPTH, limit)  # type: ignore[attr-defined]
                return impact
        return self.retriever(name).search(query, limit)

    def search(
        self,
        text: str,
        limit: int = 20,
        modality: str | None = None,
        regex: bool = False,
        case: str = "sensitive",
        intent: str | None = None,
        preset: str = "default",
        weights: dict[str, float] | None = None,
        depth: int | None = None,
    ) -> dict[str, Any]:
        """Answer a question and return the JSON result object with its explanation."""
        request = SearchRequest(text, limit, modality, regex, case, intent, preset, weights, depth)
        return run_search(self, request, self._pool)

    # -- what fusion asks of the engine --------------------------------------------------------

    def chunk_at(self, path: str, line: int) -> Chunk | None:
        """The smallest definition holding a line, else its window."""
        from maguyva_tui.core.retrievers.text import enclosing_chunk

        return enclosing_chunk(self.snapshot, path, line)

    def locate(self, hit: Hit) -> ChunkKey:
        """Map a hit to the chunk that holds it, so line hits merge with definitions."""
        if hit.start_line != hit.end_line:
            return (hit.path, hit.start_line, hit.end_line)
        chunk = self.chunk_at(hit.path, hit.start_line)
        if chunk is None:
            return (hit.path, hit.start_line, hit.end_line)
        return (chunk.path, chunk.start_line, chunk.end_line)

    def centrality(self, hit: Hit) -> float:
        """The graph centrality of the symbol (else the file) a hit points at; 0 without a graph."""
        path, start, end = self.locate(hit)
        return self.snapshot.centrality.at(path, start, end)

    # -- semantic ----------------------------------------------------------------------------

    def _semantic_search(self, query: Query, limit: int) -> list[Hit]:
        """Search by meaning; a failing remote provider gives way to the local model, said aloud."""
        from maguyva_tui.core.embed.provider import ProviderError

        try:
            return self.retriever("semantic").search(query, limit)
        except ProviderError as error:
            self.use_local_model(str(error))
            return self.retriever("semantic").search(query, limit)

    def use_local_model(self, reason: str) -> None:
        """Switch to the local model after a provider failure; its own vectors are used, never mixed."""
        from maguyva_tui.core.embed.provider import fall_back

        choice = fall_back(reason)
        with self._lock:
            self._provider, self._provider_notice = choice.provider, None
            self._store = None
            self._retrievers.pop("semantic", None)
        if choice.fallback_reason:
            self.notice(choice.fallback_reason)

    @property
    def provider(self) -> Any:
        """The embedding provider: Voyage when configured, else the local model."""
        if self._provider is None:
            from maguyva_tui.core.embed.provider import choose_provider

            choice = choose_provider(notice=self.notice)
            self._provider = choice.provider
            self._provider_notice = choice.fallback_reason
        return self._provider

    def vector_store(self) -> Any:
        """The vector store of this repository for the current provider."""
        with self._lock:
            if self._store is None or self._store.provider_id != self.provider.id:
                from maguyva_tui.core.semantic_index import open_store

                self._store = open_store(self.snapshot, self.provider)
            return self._store

    def embedding_items(self) -> list[Any]:
        """Every chunk with its embedding text and key, most central first."""
        with self._lock:
            if self._items is None:
                from maguyva_tui.core.semantic_index import embedding_items

                self._items = embedding_items(self.snapshot, self._chunk_importance)
            return self._items

    def _chunk_importance(self, chunk: Chunk) -> float:
        return self.snapshot.centrality.at(chunk.path, chunk.start_line, chunk.end_line)

    def semantic_coverage(self) -> float:
        """The fraction of the repository's chunks that are searchable by meaning."""
        items = self.embedding_items()
        if not items:
            return 1.0
        store = self.vector_store()
        stamp = (id(self.snapshot), id(store), len(store))
        if self._coverage is None or self._coverage[0] != stamp:
            self._coverage = (stamp, store.coverage(i.key for i in items))
        return self._coverage[1]

    def embed_pending(
        self, progress: Callable[[int, int], None] | None = None, should_stop: Callable[[], bool] | None = None
    ) -> Any:
        """Embed the chunks that have no vector yet, most important first, saving as it goes."""
        from maguyva_tui.core.embed.progressive import embed_pending
        from maguyva_tui.core.embed.provider import ProviderError

        pairs = [(i.key, i.text) for i in self.embedding_items()]
        try:
            report = embed_pending(self.vector_store(), self.provider, pairs, on_progress=progress, should_stop=should_stop)
        except ProviderError as error:
            self.use_local_model(str(error))
            report = embed_pending(self.vector_store(), self.provider, pairs, on_progress=progress, should_stop=should_stop)
        store = self.vector_store()
        live = {key for key, _ in pairs}
        if not report.stopped and len(store) > STALE_VECTOR_RATIO * max(len(live), 1):
            store.compact(keep=live)
        with self._lock:
            self._retrievers.pop("semantic", None)
        return report

    def notices_for_search(self) -> list[str]:
        """Messages every result should carry (a provider fallback, a rebuilt index)."""
        out = list(self.notices)
        if self._provider_notice:
            out.append(self._provider_notice)
        return out

    def close(self) -> None:
        """Stop the engine's threads."""
        self._pool.shutdown(wait=False, cancel_futures=True)
