"""The search engine: a repository, its index, its four retrievers and its embeddings.

This is the one entry point the CLI, the terminal UI and the MCP server share, so the same
question gets the same ranking and the same explanation everywhere. Each question reads one
:class:`~maguyva_tui.core.generation.Generation` of the index from start to end, captured when it
starts (:meth:`Engine.parts`); a refresh meanwhile publishes the next one for later questions.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from maguyva_tui.core.generation import Generation
from maguyva_tui.core.indexer import IndexSummary, Progress, open_snapshot, update_index
from maguyva_tui.core.search import Parts, SearchRequest, search
from maguyva_tui.core.store.format import IndexUnavailable
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.types import MODALITIES, Hit, Query, Retriever, SearchResult

if TYPE_CHECKING:
    from maguyva_tui.core.answers import Callee, Definition, GraphAnswer, ImpactEntry, Site
    from maguyva_tui.core.semantic_index import EmbeddingItem

STALE_VECTOR_RATIO = 1.5
"""Drop vectors of chunks that no longer exist once they outnumber the live ones by half again."""


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
        self._generation: Generation | None = None
        self._lock = threading.RLock()
        self._pool = ThreadPoolExecutor(max_workers=len(MODALITIES), thread_name_prefix="maguyva-engine")
        self._provider = provider
        self._provider_notice: str | None = None
        self._store: Any = None
        self._coverage: tuple[tuple[int, int, int], float] | None = None
        self.notices: list[str] = []
        """Messages for the user about the index (rebuilt because corrupt, fallbacks)."""
        self._stale: str | None = None
        """Why the last refresh could not write the index, while that is so (one of ``notices``)."""
        self._notify = notify

    # -- the index ---------------------------------------------------------------------------

    @property
    def snapshot(self) -> Snapshot:
        """The index being searched; opened or built on first use."""
        return self.generation.snapshot

    @property
    def generation(self) -> Generation:
        """The index being searched with its engines; opened or built on first use."""
        found = self._generation
        if found is None:
            self.refresh()
            found = self._generation
        assert found is not None
        return found

    @property
    def index_folder(self) -> Path | None:
        """The repository's index folder once an index is open (what a watcher must ignore)."""
        found = self._generation
        return None if found is None else found.snapshot.folder

    def _publish(self, snapshot: Snapshot) -> None:
        """Search a new generation from now on; questions already running finish on theirs."""
        with self._lock:
            if self._generation is None or snapshot is not self._generation.snapshot:
                self._generation = Generation(snapshot, self._semantic_retriever)

    def refresh(self, progress: Progress | None = None) -> IndexSummary:
        """Bring the index up to date with the disk and search the new generation from now on."""
        snapshot, summary = update_index(self.root, self.index_base, progress)
        if self._stale and self._stale != summary.stale_because and self._stale in self.notices:
            self.notices.remove(self._stale)  # the index was written again: no longer true
        self._stale = summary.stale_because
        for reason in (summary.rebuilt_because, summary.stale_because):
            if reason:
                self.notice(reason)
        self._publish(snapshot)
        return summary

    def open_existing(self) -> bool:
        """Open the stored index without walking the disk; False when there is none."""
        try:
            snapshot = open_snapshot(self.root, self.index_base)
        except IndexUnavailable:
            return False
        self._publish(snapshot)
        return True

    def notice(self, message: str) -> None:
        """Keep a message for every later result and pass it on at once to whoever listens (once:
        a refresh that meets the same trouble again says nothing new)."""
        if message in self.notices:
            return
        self.notices.append(message)
        if self._notify is not None:
            self._notify(message)

    # -- questions -------------------------------------------------------------------------

    def retriever(self, name: str) -> Retriever:
        """Return (building once per generation) the retriever of a modality."""
        return self.generation.retriever(name)

    def parts(self) -> Parts:
        """What one question reads from start to end: the current generation and what the engine knows."""
        generation = self.generation
        return Parts(generation, lambda: self.semantic_coverage(generation), tuple(self.notices_for_search()), self._pool)

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
        parts: Parts | None = None,
    ) -> SearchResult:
        """Answer a question: the ranked results with every number that ranked them; on ``parts``
        when given (a caller that reads more lines of the same generation), else on :meth:`parts`."""
        request = SearchRequest(text, limit, modality, regex, case, intent, preset, weights, depth)
        return search(request, parts or self.parts())

    # -- semantic ----------------------------------------------------------------------------

    def _semantic_retriever(self, generation: Generation) -> Retriever:
        """The semantic engine of a generation: the provider's vectors of its chunks, falling back
        to the local model, said aloud, when a remote provider fails."""
        return _FallingBack(self, generation)

    def _semantic_on(self, generation: Generation) -> Retriever:
        from maguyva_tui.core.retrievers.semantic import SemanticRetriever

        chunks = [(i.chunk, i.key) for i in self.embedding_items(generation)]
        return SemanticRetriever(self.provider, self.vector_store(), chunks)

    def use_local_model(self, reason: str) -> None:
        """Switch to the local model after a provider failure; its own vectors are used, never mixed."""
        from maguyva_tui.core.embed.provider import fall_back

        choice = fall_back(reason)
        with self._lock:
            self._provider, self._provider_notice = choice.provider, None
            self._store = None
            generation = self._generation
        if generation is not None:
            generation.forget("semantic")
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
            if choice.fallback_reason and self._notify is not None:
                self._notify(choice.fallback_reason)  # said at once too: ``index`` prints it
        return self._provider

    def vector_store(self) -> Any:
        """The vector store of this repository for the current provider."""
        with self._lock:
            if self._store is None or self._store.provider_id != self.provider.id:
                from maguyva_tui.core.semantic_index import open_store

                self._store = open_store(self.snapshot, self.provider)
            return self._store

    def embedding_items(self, generation: Generation | None = None) -> list[EmbeddingItem]:
        """Every chunk of a generation (the current one by default) with its embedding text and key,
        most central first."""
        return (generation or self.generation).embedding_items()

    def semantic_coverage(self, generation: Generation | None = None) -> float:
        """The fraction of a generation's chunks (the current one by default) searchable by meaning."""
        generation = generation or self.generation
        items = self.embedding_items(generation)
        if not items:
            return 1.0
        store = self.vector_store()
        stamp = (id(generation), id(store), len(store))
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
        self.generation.forget("semantic")
        return report

    def notices_for_search(self) -> list[str]:
        """Messages every result should carry (a provider fallback, a rebuilt index)."""
        out = list(self.notices)
        if self._provider_notice:
            out.append(self._provider_notice)
        return out

    # -- graph answers: questions about one name, on the current generation (core/answers.py) --

    def definitions(self, name: str, kinds: tuple[str, ...] = ()) -> GraphAnswer[Definition]:
        """Every definition of a name (bare, qualified or a dotted tail) of the given kinds, best first."""
        from maguyva_tui.core import answers

        return answers.definitions(self.generation, name, kinds)

    def callers(self, name: str, limit: int) -> GraphAnswer[Site]:
        """Every call site of a name's definitions, the most central callers first."""
        from maguyva_tui.core import answers

        return answers.callers(self.generation, name, limit)

    def callees(self, name: str, limit: int) -> GraphAnswer[Callee]:
        """What a name's definitions call, one entry per called definition."""
        from maguyva_tui.core import answers

        return answers.callees(self.generation, name, limit)

    def references(self, name: str, kinds: tuple[str, ...] = (), limit: int = 50) -> GraphAnswer[Site]:
        """Every resolved use of a name's definitions (calls, subclassing, type uses, imports)."""
        from maguyva_tui.core import answers

        return answers.references(self.generation, name, kinds, limit)

    def impact(self, name: str, depth: int, limit: int) -> GraphAnswer[ImpactEntry]:
        """Everything that depends on a name within ``depth`` edges, nearest first, then most central."""
        from maguyva_tui.core import answers

        return answers.impact(self.generation, name, depth, limit)

    def source_lines(self, path: str, start: int, end: int) -> list[str]:
        """Lines ``start..end`` (1-based, inclusive) of an indexed file, as the index holds them."""
        return self.snapshot.lines(path, start, end)

    def close(self) -> None:
        """Stop the engine's threads."""
        self._pool.shutdown(wait=False, cancel_futures=True)


class _FallingBack:
    """The semantic engine of one generation; a failing remote provider gives way to the local model."""

    name = "semantic"

    def __init__(self, engine: Engine, generation: Generation) -> None:
        self._engine = engine
        self._generation = generation
        self._inner = engine._semantic_on(generation)

    def search(self, query: Query, limit: int) -> list[Hit]:
        """Search by meaning; on a provider failure switch to the local model, said aloud, and retry."""
        from maguyva_tui.core.embed.provider import ProviderError

        try:
            return self._inner.search(query, limit)
        except ProviderError as error:
            self._engine.use_local_model(str(error))
            self._inner = self._engine._semantic_on(self._generation)
            return self._inner.search(query, limit)
