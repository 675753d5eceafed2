"""The search engine: a repository, its index, its four retrievers and its embeddings.

This is the one entry point the CLI, the terminal UI and the MCP server share, so the same
question gets the same ranking and the same explanation everywhere. Each question reads one
:class:`~maguyva_tui.core.generation.Generation` of the index from start to end, captured when it
starts (:meth:`Engine.parts`); a refresh meanwhile publishes the next one for later questions.

The semantic engine has two tiers (:mod:`~maguyva_tui.core.semantic_index`): a refresh embeds
every chunk with the static tier right after the text, structural and graph indexes, so search by
meaning covers the whole repository in seconds; the transformer tier (the local model, or Voyage
when configured) is filled by :meth:`Engine.embed_pending`, in the background or on request, and
ranks whatever it covers. A result says how far each tier reaches (``semantic_tiers``).

A first build is searchable before it is complete: the text and structural engines answer as soon
as their indexes are written, the graph joins when it is built, the semantic engine when the static
tier covers every chunk (``refresh``'s ``joined`` hears each step); an answer meanwhile says which
engines are missing.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from maguyva_tui.core.indexer import (
    ANSWER_WAIT_S,
    IndexSummary,
    Progress,
    kept_out,
    open_snapshot,
    open_unchanged,
    update_index,
)
from maguyva_tui.core.parsing.trait_impls import plain_qualname as plain_qualname  # the CLI's, not through answers
from maguyva_tui.core.store.format import IndexUnavailable
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.types import (
    MODALITIES,
    Chunk,
    Hit,
    IndexUpdate,
    Query,
    QueryError,
    Retriever,
    SearchResult,
    share,
)
from maguyva_tui.core.wide_folders import not_a_repository

if TYPE_CHECKING:
    from maguyva_tui.core.answers import Callee, Definition, GraphAnswer, ImpactEntry, Site, Subtype
    from maguyva_tui.core.embed.progressive import EmbedReport
    from maguyva_tui.core.generation import Generation
    from maguyva_tui.core.place_questions import PlaceName
    from maguyva_tui.core.search import Checkpoint, Parts, SearchRequest
    from maguyva_tui.core.semantic_index import ChunkTable, EmbeddingItem
    from maguyva_tui.core.store.centrality import CentralityTable

# The engines, the question's planning and the embeddings are imported when a question first needs
# them (``_answer``, ``parts``, ``_publish``): a fresh process's first question has by then begun
# comparing the indexed files' stats aside (``_first_answer``), and these imports overlap it.

TEXTS_KEPT_BYTES = 64 << 20
"""Stored texts decompressed in memory that a long-lived process keeps past a quiet point
(:meth:`Engine.trim_texts`): a page decompresses the few blocks it shows, but a listing of every
line of a frequent name, or the newline index it builds, decompresses the whole corpus (409 MB of
the 450 MB corpus), which a resident server had held for good."""

STALE_VECTOR_RATIO = 1.5
"""Drop vectors of chunks that no longer exist once they outnumber the live ones by half again."""

TIERS = ("static", "transformer")
"""The semantic tiers, in the order results report them."""


class SearchCancelled(Exception):
    """A search given up between its stages because its caller said so (``Engine.search``'s ``cancelled``)."""


def _checkpoint(cancelled: Callable[[], bool] | None) -> Checkpoint | None:
    """The search's checkpoint for a caller's ``cancelled``: raise :class:`SearchCancelled` once it says yes."""
    if cancelled is None:
        return None

    def checkpoint() -> None:
        if cancelled():
            raise SearchCancelled

    return checkpoint


@dataclass(frozen=True, slots=True)
class Coverage:
    """How much of a generation's chunks each semantic tier can rank."""

    static: float
    transformer: float
    any: float
    """Chunks either tier can rank: what ``semantic_coverage`` reports."""

    def tiers(self) -> tuple[tuple[str, float], ...]:
        """Each tier's coverage, in the order of :data:`TIERS`."""
        return (("static", self.static), ("transformer", self.transformer))


def _done(rebuilt_because: str | None) -> str | None:
    """Why the index was rebuilt, said once the rebuild is written ("index format 66 is not 67;
    rebuilt"): the reason's own words ("...; rebuilding it") are the build's, and had still said so
    in the status line and with the first answer, after the rebuild was over."""
    if not rebuilt_because:
        return rebuilt_because
    return rebuilt_because.removesuffix("; rebuilding it") + "; rebuilt"


class Engine:
    """A repository, its index and its retrievers, ready to answer questions."""

    def __init__(
        self,
        root: Path,
        index_base: Path | None = None,
        provider: Any = None,
        notify: Callable[[str], None] | None = None,
        static: Any = True,
        waiting: Callable[[str], None] | None = None,
    ) -> None:
        """``provider`` is the transformer tier (default: Voyage when configured, else the local
        model); ``static`` the static tier: ``True`` for the model derived from MiniLM with weights
        fitted on the repository, ``False`` for none, or a provider to use as it is. ``waiting`` is
        told, once, when a refresh waits for another process's build of the index (``notify``
        where not given): a search, which prints its notices with its answer, listens to that alone."""
        root = Path(root).expanduser()
        if not root.exists():
            raise NotADirectoryError(f"{root}: no such directory")
        if not root.is_dir():
            raise NotADirectoryError(f"{root}: not a directory")
        self.root = root.resolve()
        refusal = not_a_repository(str(self.root))
        if refusal is not None:  # --repo /, or a search from the home folder, had begun indexing it whole
            raise QueryError(refusal)
        self.index_base = index_base
        self._generation: Generation | None = None
        self._lock = threading.RLock()
        self._pool = ThreadPoolExecutor(max_workers=len(MODALITIES), thread_name_prefix="maguyva-engine")
        self._provider = provider
        self._provider_notice: str | None = None
        self._store: Any = None
        self._static_option = static
        self._static_provider: Any = None
        self._static_store: Any = None
        self._static_error: str | None = None
        """Why the static tier could not be built, while that is so (said by searches by meaning)."""
        self._static_unbegun = False
        """Whether a search left the static tier unbegun, the index having none (said by searches by meaning)."""
        self._weights_unread = False
        """Whether a search's refresh left the static weights unread (:meth:`fill_static`): the
        first question by meaning reads them back (:meth:`_read_weights`)."""
        self._coverage: tuple[tuple[object, ...], Coverage] | None = None
        self._keys: tuple[Generation, list[str]] | None = None
        self._digests: tuple[Generation, Any] | None = None
        self.notices: list[str] = []
        """Messages for the user about the index (rebuilt because corrupt, fallbacks)."""
        self._stale: str | None = None
        """Why the last refresh could not write the index, while that is so (one of ``notices``)."""
        self._once: set[str] = set()
        """Notices a result carries once: why the index was rebuilt is news with the first answer after
        it (a server had repeated "index format 32 is not 33; rebuilding it" with every answer of its
        life); ``notices`` keeps them for the front ends' status lines."""
        self._said: set[str] = set()
        """Those of ``_once`` a result has carried since."""
        self._notify = notify
        self._waiting = waiting or notify

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
            self.refresh(semantic=None, lock_wait=ANSWER_WAIT_S)
            found = self._generation
        assert found is not None
        return found

    @property
    def index_folder(self) -> Path | None:
        """The repository's index folder once an index is open (what a watcher must ignore)."""
        found = self._generation
        return None if found is None else found.snapshot.folder

    def _publish(self, snapshot: Snapshot, ready: tuple[str, ...] = MODALITIES) -> None:
        """Search a new generation from now on, with the engines ``ready`` on it; questions already
        running finish on theirs."""
        with self._lock:
            earlier = self._generation
            if earlier is None or snapshot is not earlier.snapshot:
                from maguyva_tui.core.generation import Generation

                self._generation = Generation(snapshot, self._semantic_retriever, ready)
                if earlier is not None:
                    self._generation.inherit(earlier)

    def refresh(
        self,
        progress: Progress | None = None,
        semantic: bool | None = True,
        joined: Callable[[tuple[str, ...]], None] | None = None,
        rebuild: bool = False,
        static_later: bool = False,
        lock_wait: float | None = None,
        waiting: Callable[[str], None] | None = None,
    ) -> IndexSummary:
        """Bring the index up to date with the disk and search the new generation from now on;
        then, unless ``semantic`` is off, embed its new chunks with the static tier (a failure
        there is kept, and said by searches by meaning: the other engines answer as ever);
        ``semantic=None`` (a search's, a graph question's): as the index stands, the static tier
        kept current where it was begun and begun only by a first build (:func:`_static_begun`).
        ``rebuild`` parses every file anew, whatever the index holds (the vectors are kept).
        ``static_later``: the caller fills the static tier itself once this returns (``maguyva
        index``); a first build records that the tier is wanted, as one that fills it here does.
        ``lock_wait`` (a question's: ``indexer.ANSWER_WAIT_S``) bounds the wait for another
        process's build of the index, after which the index answers as it is, said stale; none
        (``maguyva index``, a first build): as long as that build takes. ``waiting`` is told of
        that wait, once (this call's listener: a live index's; else the engine's).

        A first build is searched as its engines become ready: text and structural first, then
        the graph, then the semantic engine once the static tier is filled; ``joined`` is told the
        engines ready after each step (not called when an index already answered)."""
        started = time.perf_counter()
        first: list[bool] = []

        def early(partial: Snapshot) -> None:
            first.append(True)
            if semantic is not False or static_later:
                _want_static(partial)
            self._publish(partial, ("text", "structural"))
            _tell(joined, self.generation.ready)

        snapshot, summary = update_index(self.root, self.index_base, progress, early=early, rebuild=rebuild,
                                         waiting=waiting or self._waiting,  # said at once, not kept: over when it ends
                                         lock_wait=lock_wait)
        return self._adopt(snapshot, summary, started, progress, semantic, joined, bool(first))

    def _adopt(
        self,
        snapshot: Snapshot,
        summary: IndexSummary,
        started: float,
        progress: Progress | None = None,
        semantic: bool | None = True,
        joined: Callable[[tuple[str, ...]], None] | None = None,
        first: bool = False,
    ) -> IndexSummary:
        """Search an index brought up to date from now on (``refresh`` after the index)."""
        summary.phases["index"] = summary.seconds
        if self._stale and self._stale != summary.stale_because and self._stale in self.notices:
            self.notices.remove(self._stale)  # the index was written again: no longer true
        self._stale = summary.stale_because
        rebuilt = _done(summary.rebuilt_because)
        for reason in (rebuilt, summary.stale_because):
            if reason:
                self.notice(reason)
        if rebuilt:
            self._once.add(rebuilt)
            self._said.discard(rebuilt)  # rebuilt again: news again
        kept = semantic is None and not first  # a search's: the tier kept current, its weights read by a question by meaning
        if semantic is None:
            semantic = first or _static_begun(snapshot)
            self._static_unbegun = not semantic
        static = semantic and self._static_option is not False
        self._publish(snapshot, tuple(m for m in MODALITIES if m != "semantic") if first and static else MODALITIES)
        generation = self.generation
        if first:
            _tell(joined, generation.ready)
        if static:
            try:
                self.fill_static(progress, summary, weights=not kept)
            except Exception as exc:  # noqa: BLE001 - a missing package, a full disk: kept, said by searches
                self._static_error = str(exc) or type(exc).__name__
        if generation.missing:  # the static tier is filled (or failed: the transformer tier answers)
            generation.join(*generation.missing)
            _tell(joined, generation.ready)
        summary.seconds = round(time.perf_counter() - started, 3)
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
        """What one question reads from start to end: the current generation and what the engine
        knows (with a notice naming the engines a first build has not made ready yet)."""
        from maguyva_tui.core.generation import missing_notice
        from maguyva_tui.core.search import Parts

        generation = self.generation
        notices = [*self.notices_for_search(), missing_notice(generation.missing)]
        last: list[Coverage] = []  # the coverage last read for this question

        def coverage() -> float:
            last[:] = [self.coverage(generation)]
            return last[0].any

        def tiers() -> tuple[tuple[str, float], ...]:  # read with the answer's share, just before: not again
            return (last[0] if last else self.coverage(generation)).tiers()

        return Parts(generation, coverage, tuple(n for n in notices if n), self._pool, tiers)

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
        cancelled: Callable[[], bool] | None = None,
    ) -> SearchResult:
        """Answer a question: the ranked results with every number that ranked them; on ``parts``
        when given (a caller that reads more lines of the same generation), else on :meth:`parts`.
        ``cancelled`` is asked between the search's stages (the classification, each engine, the
        fusion): when it says yes, :class:`SearchCancelled` is raised and no answer is made (the
        explorer gives up a search a newer keystroke made stale)."""
        asked = (text, limit, modality, regex, case, intent, preset, weights, depth)
        if parts is None and self._generation is None:
            return self._first_answer(asked)
        from maguyva_tui.core.search import SearchRequest

        return self._answer(SearchRequest(*asked), parts or self.parts(), _checkpoint(cancelled))

    def _first_answer(self, asked: tuple[Any, ...]) -> SearchResult:
        """Answer an engine's first question on the live generation while the indexed files' stats
        are compared aside (``indexer.open_unchanged``: in a fresh process the 100,000 stats and the
        engines overlap); when they differ, refresh (walk, update) and answer again."""
        started = time.perf_counter()
        opened = open_unchanged(self.root, self.index_base)
        from maguyva_tui.core.search import SearchRequest

        if opened is None:  # a refresh as the index stands (a first build, a walk finding changes)
            update = _update(self.refresh(semantic=None, lock_wait=ANSWER_WAIT_S), started)
            return _with_update(self._answer(SearchRequest(*asked), self.parts()), update)
        snapshot, summary, unchanged = opened
        try:
            request = SearchRequest(*asked)
            self._adopt(snapshot, summary, started, semantic=None)
            result = self._answer(request, self.parts())
        except Exception:
            if unchanged():
                raise
        else:
            if unchanged():
                return result
        # something changed since the walk: the answer may be stale
        update = _update(self.refresh(semantic=None, lock_wait=ANSWER_WAIT_S), started, redone=True)
        return _with_update(self._answer(SearchRequest(*asked), self.parts()), update)

    def _answer(self, request: SearchRequest, parts: Parts, checkpoint: Checkpoint | None = None) -> SearchResult:
        """Answer a question on the generation ``parts`` reads."""
        import maguyva_tui.core.embed  # noqa: F401 - the package whole, before any engine thread imports a part of it
        from maguyva_tui.core.search import search

        result = search(request, parts, checkpoint)
        notice = self.tier_notice(parts.generation) if "semantic" in result.modalities_run else None
        if parts.tiers is not None:  # the answer carries them (a literal's: no copy of it made)
            return result if notice is None else replace(result, notices=(*result.notices, notice))
        found = self.coverage(parts.generation)
        return replace(result, semantic_tiers=found.tiers(), notices=result.notices + ((notice,) if notice else ()))

    # -- semantic ----------------------------------------------------------------------------

    def _semantic_retriever(self, generation: Generation) -> Retriever:
        """The semantic engine of a generation: both tiers' vectors of its chunks, falling back
        to the local model, said aloud, when a remote provider fails."""
        return _FallingBack(self, generation)

    def _semantic_on(self, generation: Generation) -> Retriever:
        from maguyva_tui.core.doc_comments import described, says_nothing
        from maguyva_tui.core.retrievers.semantic import SemanticRetriever, TieredRetriever
        from maguyva_tui.core.semantic_index import candidate_texts, embedding_text

        static = None
        snapshot = generation.snapshot
        self._read_weights()
        store = self.static_store(generation)
        if (store is None or not len(store)) and not len(self.vector_store()):
            # no tier holds a vector (an index built --no-semantic): it ranks nothing, so its chunk
            # table is neither read nor written (100,000 files: 2.8 s of a plain question's CPU, 260 MB)
            return TieredRetriever(None, None)
        chunks = generation.semantic_chunks()
        if store is not None and len(store):
            provider = self.static_provider(generation)
            if provider is not None and provider.id == store.provider_id:
                listed = _listed(chunks)
                recorded = None if listed is None else _recorded_rows(generation.snapshot, store, listed, len(chunks))
                static = SemanticRetriever(provider, store, chunks, rows=recorded,  # its candidates embedded again
                                           texts=lambda some: candidate_texts(snapshot, some))
                if recorded is None and listed is not None:
                    _record_rows(generation.snapshot, store, listed, static.store_rows)
        model = SemanticRetriever(self.provider, self.vector_store(), chunks)
        # "similar to X" embeds X's code where a tier has no vector of it
        chunk_at = generation.chunk_locator.at  # not the generation's: it keeps this engine
        return TieredRetriever(static, model, source=lambda chunk: embedding_text(snapshot, chunk),
                               described=lambda window: described(window, chunk_at, snapshot.lines),
                               silent=lambda window: says_nothing(window, snapshot.lines))

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
        """The transformer tier's provider: Voyage when configured, else the local model."""
        if self._provider is None:
            from maguyva_tui.core.embed.provider import choose_provider

            choice = choose_provider(notice=self.notice)
            self._provider = choice.provider
            self._provider_notice = choice.fallback_reason
            if choice.fallback_reason and self._notify is not None:
                self._notify(choice.fallback_reason)  # said at once too: ``index`` prints it
        return self._provider

    def vector_store(self) -> Any:
        """The transformer tier's vector store of this repository for the current provider."""
        with self._lock:
            if self._store is None or self._store.provider_id != self.provider.id:
                from maguyva_tui.core.semantic_index import open_store

                self._store = open_store(self.snapshot, self.provider)
            return self._store

    def pick_up_vectors(self) -> bool:
        """Read the transformer tier's vectors another process (a resident server's filler) saved
        since this engine opened its store: a listing of the store's folder when nothing moved; the
        new segments' rows alone when some were added; the store opened again when the other
        process merged its segments. True when it read any; the next search by meaning then ranks
        them (its engine is built afresh)."""
        with self._lock:
            store = self._store
        if store is None or not store.moved_on_disk():  # never opened: its first open reads what is there
            return False
        added = store.read_new_segments()
        if added is None:
            from maguyva_tui.core.embed.store import VectorStore

            fresh = VectorStore(store.folder.parent, store.provider_id, store.dim, store.keep_floats, store.int8,
                                store.last)
            with self._lock:
                if self._store is not store:  # replaced meanwhile (a fallback to the local model)
                    return False
                self._store = fresh
        with self._lock:
            generation = self._generation
        if generation is not None:
            generation.forget("semantic")
        return True

    def filled_elsewhere(self) -> bool:
        """Tell whether another process (a resident server's filler) holds this index's fill lock
        now, so that :meth:`embed_pending` without ``wait`` would embed nothing (a probe of the lock)."""
        from maguyva_tui.core.store.lock import fill_lock_free

        return not fill_lock_free(self.snapshot.folder)

    def fill_holder(self) -> int | None:
        """The process id of whoever holds (or last held) this index's fill lock, ``None`` if unknown."""
        from maguyva_tui.core.store.lock import fill_holder

        return fill_holder(self.snapshot.folder)

    def static_store(self, generation: Generation | None = None) -> Any:
        """The static tier's vector store of this repository, ``None`` before one is built (read
        without loading the model)."""
        if self._static_option is False:
            return None
        snapshot = (generation or self.generation).snapshot
        with self._lock:
            store = self._static_store
            if store is not None and store.folder.parent == _semantic_folder(snapshot):
                return store
            from maguyva_tui.core.semantic_index import recorded_static_store

            self._static_store = recorded_static_store(snapshot)
            return self._static_store

    def static_provider(self, generation: Generation | None = None) -> Any:
        """The static tier's provider for this repository (its model loaded, its weights read),
        ``None`` when the repository has no fitted weights yet or the model cannot load."""
        if self._static_option is False:
            return None
        if self._static_option is not True:
            return self._static_option
        with self._lock:
            if self._static_provider is not None:
                return self._static_provider
        from maguyva_tui.core.embed.static import load_weights
        from maguyva_tui.core.semantic_index import STATIC_WEIGHTS, semantic_folder, static_model

        snapshot = (generation or self.generation).snapshot
        try:
            weights = load_weights(semantic_folder(snapshot) / STATIC_WEIGHTS)
            provider = None if weights is None else static_model().provider(weights)
        except Exception as exc:  # noqa: BLE001 - the other tier and engines still answer
            self._static_error = str(exc) or type(exc).__name__
            return None
        with self._lock:
            self._static_provider = provider
        return provider

    def fill_static(self, progress: Progress | None = None, summary: IndexSummary | None = None,
                    weights: bool = True) -> EmbedReport:
        """Embed every chunk of the current generation that the static tier lacks (all of them the
        first time: tens of thousands a second), fitting the repository's weights when it has none
        or ``summary`` says the index was rebuilt from scratch; record the time in ``summary``.
        ``weights=False`` (a search's refresh): a tier otherwise current and complete is taken as
        it is, its weights not read back to check them (1.1 MB and the model's code on sympy: a
        literal never embeds); the first question by meaning reads them (:meth:`_read_weights`)."""
        from maguyva_tui.core.embed import progressive
        from maguyva_tui.core.semantic_index import STATIC_BATCH, STATIC_SAVE_EVERY, ChunkTexts, embed_table

        started = time.perf_counter()
        generation = self.generation
        with self._lock:
            self._weights_unread = False
        if not self._static_complete(generation, summary, weights):
            table = self._chunk_pairs(generation)
            texts = ChunkTexts(generation.snapshot, table)  # each batch's chunks made from the table's arrays
            provider, store = self._static_tier(generation, texts, progress, summary)
            report = embed_table(
                store, provider, table, texts.texts, STATIC_BATCH, STATIC_SAVE_EVERY,
                None if progress is None else (lambda done, total: progress("static", done, total)),
            )
            del table, texts
            census = len(self.chunk_digests(generation))  # the census _chunk_pairs made sure of
            if len(store) > STALE_VECTOR_RATIO * max(census, 1):
                store.compact(keep=set(self.chunk_keys(generation)))
            elif report.embedded and store.segment_count > 1:
                store.compact()  # one segment: every later command maps it instead of merging them in memory
            if report.embedded:
                generation.forget("semantic")
        else:  # nothing to embed: the model is not even loaded (an unchanged repository, a search)
            with self._lock:
                self._weights_unread = not weights
            count = len(self.chunk_digests(generation))
            report = progressive.EmbedReport(count, count, 0, False, 0.0)
        self._static_error = None
        if summary is not None:
            summary.phases["static"] = round(time.perf_counter() - started - summary.phases.get("static model", 0.0), 3)
            summary.embedded["chunks"] = report.total
            summary.embedded["static"] = {"new": report.embedded, "seconds": round(report.seconds, 3)}
        return report

    def _static_complete(self, generation: Generation, summary: IndexSummary | None, weights: bool = True) -> bool:
        """Whether the repository's static store, as recorded, is current (this model version, its
        weights readable: not read without ``weights``) and holds every key, so that a fill has
        nothing to do (said once per generation and set of segments: :func:`_recorded_complete`)."""
        from maguyva_tui.core.semantic_index import static_is_current

        if self._static_option is not True or (summary is not None and _rebuilt(summary)):
            return False
        store = self.static_store(generation)
        if store is None or not static_is_current(generation.snapshot, weights):
            return False
        if _recorded_complete(generation.snapshot, store):
            return True
        complete = bool((store.lookup_digests(self.chunk_digests(generation)) >= 0).all())
        if complete:
            _record_complete(generation.snapshot, store)
        return complete

    def _read_weights(self) -> None:
        """Read back the static weights a search's refresh left unread (:meth:`fill_static`), before
        the tier ranks a question: where they cannot be (damaged, of another version), fit them and
        fill the tier now, as that refresh had done before it answered."""
        from maguyva_tui.core.semantic_index import static_weights_readable

        with self._lock:
            unread, self._weights_unread = self._weights_unread, False
        if not unread or static_weights_readable(self.generation.snapshot):
            return
        try:
            self.fill_static()
        except Exception as exc:  # noqa: BLE001 - as a refresh's fill: kept, said by searches by meaning
            self._static_error = str(exc) or type(exc).__name__

    def _chunk_pairs(self, generation: Generation) -> ChunkTable:
        """Every chunk of a generation with its key, most central first, for a fill, as arrays (no
        chunk or key string each): the chunk table a previous command recorded, else made without
        keeping a text (the table and the census recorded, so that no later step makes every text
        again)."""
        from maguyva_tui.core.semantic_index import (
            distinct_digests,
            key_table,
            read_census_digests,
            read_chunk_table,
            write_census,
            write_chunk_table,
        )

        snapshot = generation.snapshot
        table = read_chunk_table(snapshot)
        if table is None:
            table = key_table(snapshot, _file_by_file(snapshot.centrality))
            write_chunk_table(snapshot, table)
        if read_census_digests(snapshot) is None:
            digests, _ = distinct_digests(table.digests)
            write_census(snapshot, digests)
            with self._lock:
                self._digests = (generation, digests)
        return table

    def _static_tier(
        self, generation: Generation, texts: Sequence[str], progress: Progress | None, summary: IndexSummary | None
    ) -> tuple[Any, Any]:
        """The static tier's provider and store for a fill: the model loaded (derived, with its own
        progress phase, on this machine's first use), the weights read or fitted, stale stores gone."""
        from maguyva_tui.core.semantic_index import adopt_static_store, open_static_store, static_model, static_weights

        snapshot = generation.snapshot
        if self._static_option is not True:
            provider = self._static_option
        else:
            derived: list[float] = []

            def deriving(done: int, total: int) -> None:
                if not derived:
                    derived.append(time.perf_counter())
                if progress is not None:
                    progress("static model", done, total)

            model = static_model(deriving)
            if derived and summary is not None:
                summary.phases["static model"] = round(time.perf_counter() - derived[0], 3)
            refit = summary is not None and _rebuilt(summary)
            if progress is not None:  # seconds on a first build (8 s for 47,000 chunks): said, not 0 % of the graph
                progress("static weights", 0, 0)
            weights = static_weights(snapshot, model, lambda: texts, refit)
            provider = model.provider(weights)
        with self._lock:
            store = self._static_store
            if store is None or store.provider_id != provider.id or store.folder.parent != _semantic_folder(snapshot):
                store = open_static_store(snapshot, provider)
            adopt_static_store(snapshot, provider.id, provider.dim)
            changed = self._static_provider is None or self._static_provider.id != provider.id
            self._static_provider, self._static_store = provider, store
        if changed:
            generation.forget("semantic")
        return provider, store

    def embedding_items(self, generation: Generation | None = None) -> list[EmbeddingItem]:
        """Every chunk of a generation (the current one by default) with its embedding text and key,
        most central first."""
        return (generation or self.generation).embedding_items()

    def chunk_keys(self, generation: Generation | None = None) -> list[str]:
        """The distinct keys of a generation's chunks (the current one by default), most important
        first: read from the census a previous command recorded beside the vectors, else taken
        from every chunk's embedding text and recorded (seconds on sympy, once per generation)."""
        from maguyva_tui.core.semantic_index import read_census, write_census

        generation = generation or self.generation
        with self._lock:
            if self._keys is not None and self._keys[0] is generation:
                return self._keys[1]
        keys = read_census(generation.snapshot)
        if keys is None:
            keys = list(dict.fromkeys(i.key for i in self.embedding_items(generation)))
            write_census(generation.snapshot, keys)
        with self._lock:
            self._keys = (generation, keys)
        return keys

    def chunk_digests(self, generation: Generation | None = None) -> Any:
        """:meth:`chunk_keys` as one array of 16-byte digests (``S16``), read from the census
        without a string per key when it is recorded (a repository of 400,000 chunks: 7 MB, not 60);
        read once per generation."""
        from maguyva_tui.core.semantic_index import read_census_digests

        generation = generation or self.generation
        with self._lock:
            if self._digests is not None and self._digests[0] is generation:
                return self._digests[1]
        found = read_census_digests(generation.snapshot)
        if found is None:
            import numpy as np

            found = np.array([bytes.fromhex(k) for k in self.chunk_keys(generation)], "S16")
        with self._lock:
            self._digests = (generation, found)
        return found

    def coverage(self, generation: Generation | None = None) -> Coverage:
        """How much of a generation's chunks (the current one by default) each tier can rank."""
        import numpy as np

        generation = generation or self.generation
        if "semantic" in generation.missing:  # a first build: no tier to read, no model to load yet
            return Coverage(0.0, 0.0, 0.0)
        static, model = self.static_store(generation), self.vector_store()
        stamp = (generation, id(static), 0 if static is None else len(static), id(model), len(model))
        found = self._coverage
        if found is not None and found[0] == stamp:
            return found[1]  # every search asks, twice: the chunks' keys are read once per stamp
        if static is None and not len(model) and generation.snapshot.facts.chunk_count():
            result = Coverage(0.0, 0.0, 0.0)  # no tier holds a vector: no census made (an index built
            self._coverage = (stamp, result)  # --no-semantic, 100,000 chunks: 1.4 s of a literal's CPU)
            return result
        keys = self.chunk_digests(generation)
        if not len(keys):
            result = Coverage(1.0, 1.0, 1.0)
        else:
            if static is None:
                in_static = np.zeros(len(keys), bool)
            elif _recorded_complete(generation.snapshot, static):  # no look-up of every key
                in_static = np.ones(len(keys), bool)
            else:
                in_static = static.lookup_digests(keys) >= 0
            in_model = model.lookup_digests(keys) >= 0
            result = Coverage(float(in_static.mean()), float(in_model.mean()), float((in_static | in_model).mean()))
        self._coverage = (stamp, result)
        return result

    def semantic_coverage(self, generation: Generation | None = None) -> float:
        """The fraction of a generation's chunks (the current one by default) searchable by meaning,
        by either tier."""
        return self.coverage(generation).any

    def semantic_tiers(self, generation: Generation | None = None) -> dict[str, float]:
        """Each tier's coverage of a generation (the current one by default)."""
        return dict(self.coverage(generation).tiers())

    def embed_pending(
        self, progress: Callable[[int, int], None] | None = None, should_stop: Callable[[], bool] | None = None,
        save_every: int | None = None, wait: bool = True, merge: bool = False,
        waiting: Callable[[], None] | None = None,
    ) -> Any:
        """Fill the transformer tier: embed the chunks it has no vector for yet, most important
        first, saving as it goes (every ``save_every`` batches; the default when ``None``), holding
        the index's fill lock: when another process holds it, wait for it (``waiting`` is told
        first), or without ``wait`` embed nothing (the report says ``busy``). ``merge`` leaves the
        store in one segment at the end of a whole pass."""
        from maguyva_tui.core.embed.progressive import SAVE_EVERY, EmbedReport, embed_pending
        from maguyva_tui.core.embed.provider import ProviderError
        from maguyva_tui.core.store.lock import fill_lock

        with fill_lock(self.snapshot.folder, wait=wait, waiting=waiting) as held:
            if not held:
                return EmbedReport(0, 0, 0, True, 0.0, busy=True)
            self.pick_up_vectors()  # what a process that held the lock before saved: never embedded twice
            pairs = [(i.key, i.text) for i in self.embedding_items()]
            every = save_every or SAVE_EVERY
            try:
                report = embed_pending(self.vector_store(), self.provider, pairs, on_progress=progress,
                                       should_stop=should_stop, save_every=every)
            except ProviderError as error:
                self.use_local_model(str(error))
                report = embed_pending(self.vector_store(), self.provider, pairs, on_progress=progress,
                                       should_stop=should_stop, save_every=every)
            store = self.vector_store()
            live = {key for key, _ in pairs}
            if not report.stopped and len(store) > STALE_VECTOR_RATIO * max(len(live), 1):
                store.compact(keep=live)
            elif merge and not report.stopped and store.segment_count > 1:
                store.compact()  # one segment: a reader maps it rather than merging many in memory
        self.generation.forget("semantic")
        return report

    def tier_notice(self, generation: Generation) -> str | None:
        """One line for a search by meaning that not every chunk or not the transformer backs
        (none while the semantic engine is not ready: the answer says so already)."""
        if "semantic" in generation.missing:
            return None
        found = self.coverage(generation)
        if found.any < 1.0:
            why = f" so far (the static tier is unavailable: {self._static_error})" if self._static_error else " so far"
            if not self._static_error and self._static_unbegun and self._static_option is True:
                import shlex

                why = f": {NO_STATIC_TIER}; `maguyva index {shlex.quote(str(self.root))}` builds it"
            return f"semantic: only {share(found.any)} of chunks can be ranked by meaning{why}"
        if found.transformer < 1.0:
            return (f"semantic: the transformer tier covers {share(found.transformer)} of chunks so far; "
                    "the static tier ranks the rest")
        return None

    def notices_for_search(self) -> list[str]:
        """Messages a result should carry: every kept one (a provider fallback, an index that cannot
        be written), and why the index was rebuilt with the first answer after it only."""
        out = [n for n in self.notices if n not in self._said]
        if self._once:
            self._said.update(n for n in out if n in self._once)
        if self._provider_notice:
            out.append(self._provider_notice)
        return out

    # -- graph answers: questions about one name, on the current generation (core/answers.py) --

    def place_name(self, text: str) -> PlaceName:
        """The name a graph tool asks about for ``text`` when it is a place with a line: the
        definition holding the line (:func:`~maguyva_tui.core.place_questions.named_place`)."""
        from maguyva_tui.core.place_questions import named_place

        return named_place(self.generation, text)

    def definitions(self, name: str, kinds: tuple[str, ...] = ()) -> GraphAnswer[Definition]:
        """Every definition of a name (bare, qualified or a dotted tail) of the given kinds, best first."""
        from maguyva_tui.core import answers

        return answers.definitions(self.generation, name, kinds)

    def callers(self, name: str, limit: int) -> GraphAnswer[Site]:
        """Every call site of a name's definitions, the most central callers first."""
        from maguyva_tui.core import answers

        return answers.callers(self._graph_generation(), name, limit)

    def callers_notes(self, name: str) -> tuple[str, ...]:
        """What the callers of ``name`` leave out, a line each: other definitions sharing a bare
        name read as a top-level one, and calls naming it that the graph could not tie to a
        definition (through an interface, on a receiver of unknown type, into another package)."""
        from maguyva_tui.core import answers
        from maguyva_tui.core.other_calls import callers_notes

        generation = self.generation
        if "graph" in generation.missing:
            return ()
        return callers_notes(generation, answers.graph_name(generation, name))

    def impact_notes(self, name: str) -> tuple[str, ...]:
        """What the impact of ``name`` leaves out: calls naming it the graph could not tie."""
        from maguyva_tui.core import answers
        from maguyva_tui.core.other_calls import impact_notes

        generation = self.generation
        return () if "graph" in generation.missing else impact_notes(generation, answers.graph_name(generation, name))

    def spells_whole(self, name: str) -> bool:
        """Whether some line of the code spells ``name``, each of its parts a whole identifier (an
        import of it, a call into another package, what a deleted definition left behind)."""
        from maguyva_tui.core.search import spelled_whole

        return spelled_whole(self.generation, name)

    def callees(self, name: str, limit: int) -> GraphAnswer[Callee]:
        """What a name's definitions call, one entry per called definition."""
        from maguyva_tui.core import answers

        return answers.callees(self._graph_generation(), name, limit)

    def references(self, name: str, kinds: tuple[str, ...] = (), limit: int = 50) -> GraphAnswer[Site]:
        """Every resolved use of a name's definitions (calls, subclassing, type uses, imports)."""
        from maguyva_tui.core import answers

        return answers.references(self._graph_generation(), name, kinds, limit)

    def importers(self, module: str, limit: int) -> GraphAnswer[Site]:
        """The lines that import a module or include a file of the repository (``pkg.mod``,
        ``config.h``, ``./utils``), one per importing line, by file and line."""
        from maguyva_tui.core import answers

        return answers.importers(self._graph_generation(), module, limit, stems=True)

    def outside_importers(self, module: str) -> list[Hit]:
        """The lines importing ``module`` by its written name where it names no file here (another
        repository's package: ``from tinycss2.nth import parse_nth`` in cssselect2), one per line,
        as a workspace's "who imports" lists them; none where it names a file of this repository."""
        from maguyva_tui.core.search import import_lines

        found = import_lines(self._graph_generation(), module, outside=True)
        return list(found.outside) if found is not None else []

    def symbol_importers(self, name: str, limit: int) -> GraphAnswer[Site]:
        """The lines importing a name's definitions by that name (``from pkg.mod import Table``),
        one per importing line: who imports a class or function rather than a module."""
        from maguyva_tui.core import answers

        return answers.symbol_importers(self._graph_generation(), name, limit)

    def impact(self, name: str, depth: int, limit: int) -> GraphAnswer[ImpactEntry]:
        """Everything that depends on a name within ``depth`` edges, nearest first, then most central."""
        from maguyva_tui.core import answers

        return answers.impact(self._graph_generation(), name, depth, limit)

    def subtypes(self, name: str, limit: int) -> GraphAnswer[Subtype]:
        """The types built on a class, interface or trait, nearest first, then most central."""
        from maguyva_tui.core import answers

        return answers.subtypes(self._graph_generation(), name, limit)

    def overrides(self, name: str, limit: int) -> GraphAnswer[Subtype]:
        """The methods that override or implement a method, nearest first, then most central."""
        from maguyva_tui.core import answers

        return answers.overrides(self._graph_generation(), name, limit)

    def _graph_generation(self) -> Generation:
        """The current generation for a question about the graph; ``QueryError`` while a first
        build is still making its graph."""
        generation = self.generation
        if "graph" in generation.missing:
            raise QueryError("the dependency graph is still being built; ask again when indexing ends")
        return generation

    def source_lines(self, path: str, start: int, end: int) -> list[str]:
        """Lines ``start..end`` (1-based, inclusive) of an indexed file, as the index holds them."""
        return self.snapshot.lines(path, start, end)

    def save_vectors(self) -> int:
        """Save the transformer tier's vectors embedded since the last save (none when its store was
        never opened); return how many. Safe beside an embedding pass: the store locks its rows."""
        store = self._store  # read without the engine's lock: an exit never waits for a store being opened
        return store.save() if store is not None else 0

    def trim_texts(self, keep: int | None = None) -> int:
        """At a quiet point (no question of this engine in flight: the resident server between
        requests, an MCP server once its questions are answered), let go of the stored texts
        decompressed in memory when they are more than ``keep`` bytes (:data:`TEXTS_KEPT_BYTES`), and
        of the files' newlines found from them; they are decompressed again as asked. The bytes let
        go (0: none)."""
        found = self._generation
        if found is None or found.snapshot.texts_held <= (TEXTS_KEPT_BYTES if keep is None else keep):
            return 0
        from maguyva_tui.core.results import file_newlines

        snapshot = found.snapshot
        freed = snapshot.trim_texts()
        if not freed:  # texts held whole in memory (a snapshot made by hand): nothing to let go
            return 0
        kept = file_newlines(snapshot)
        if kept is not None:
            kept.forget()
        from maguyva_tui.core.heap import release

        release()  # what the listing allocated and dropped (106 MB of a server's at 450 MB)
        return freed

    def close(self) -> None:
        """Stop the engine's threads."""
        self._pool.shutdown(wait=False, cancel_futures=True)


class _FallingBack:
    """The semantic engine of one generation; a failing remote provider gives way to the local model."""

    name = "semantic"

    def __init__(self, engine: Engine, generation: Generation) -> None:
        import weakref

        self._engine = engine
        self._generation = weakref.ref(generation)
        """Weakly: the generation keeps this engine, and a cycle would keep an old generation (and
        its folder on disk, ``holds.py``) until a full collection."""
        self._inner = engine._semantic_on(generation)

    @property
    def tiers(self) -> Any:
        """The tiered engine it asks (the signature vote embeds with its tiers' models)."""
        return self._inner

    def search(self, query: Query, limit: int) -> list[Hit]:
        """Search by meaning; on a provider failure switch to the local model, said aloud, and retry."""
        from maguyva_tui.core.embed.provider import ProviderError

        try:
            return self._inner.search(query, limit)
        except ProviderError as error:
            generation = self._generation()
            if generation is None:  # only a question on a live generation searches it
                raise
            self._engine.use_local_model(str(error))
            self._inner = self._engine._semantic_on(generation)
            return self._inner.search(query, limit)


def _tell(listener: Callable[[tuple[str, ...]], None] | None, ready: tuple[str, ...]) -> None:
    if listener is not None:
        listener(ready)


def _file_by_file(centrality: CentralityTable) -> Callable[[Chunk], float]:
    """A chunk's centrality (:meth:`CentralityTable.at`) for chunks asked a file at a time, read
    from a table of the file alone: the generation's table keeps every file's look-ups made, about
    200 bytes a symbol that a fill would hold while it embeds."""
    from maguyva_tui.core.store.centrality import CentralityTable

    files = centrality.files
    current: list[tuple[str, CentralityTable]] = [("", CentralityTable({}))]

    def importance(chunk: Chunk) -> float:
        if chunk.path != current[0][0]:
            entry = files.get(chunk.path)
            current[0] = (chunk.path, CentralityTable({} if entry is None else {chunk.path: entry}))
        return current[0][1].at(chunk.path, chunk.start_line, chunk.end_line)

    return importance


NO_STATIC_TIER = "the index has no static tier (built with --no-semantic)"
"""What a question by meaning says of an index a search left without one (the human output prints
it, where it leaves out the tiers' shares)."""


def _static_begun(snapshot: Snapshot) -> bool:
    """Whether the repository's static tier was begun (a store recorded, or wanted by a first build
    killed before it filled it), so that a search's refresh keeps it current; an index built
    ``--no-semantic`` has none, and a search does not begin one (100,000 chunks: 17 s of CPU inside
    a literal's search, which had said "in 321.6 ms")."""
    from maguyva_tui.core.semantic_index import recorded_static, static_wanted

    return recorded_static(snapshot) is not None or static_wanted(snapshot)


def _want_static(snapshot: Snapshot) -> None:
    """Record, before a first build is made live, that its static tier is to be filled, so that a
    kill before the fill leaves it begun (:func:`_static_begun`), not taken for ``--no-semantic``;
    where it cannot be written (a full disk) the build goes on, as it would have before."""
    from maguyva_tui.core.semantic_index import want_static

    try:
        want_static(snapshot)
    except OSError:
        pass


def _update(summary: IndexSummary, started: float, redone: bool = False) -> IndexUpdate | None:
    """What a search did to the index before searching, from ``started`` until now (its "in 80 ms"
    had left out the 1.2 s of updating the files that had changed), where it did anything: files
    parsed or removed, or, ``redone``, a walk that found a change and an answer dropped for it; or
    a wait for another process's build that kept the update out (said as such, where it had read
    as an update of the index)."""
    files = summary.parsed + summary.removed
    waited = kept_out(summary)
    if not (files or redone or waited):
        return None
    return IndexUpdate(files, round((time.perf_counter() - started) * 1000, 3), _rebuilt(summary), waited)


def update_of(summary: IndexSummary, started: float) -> IndexUpdate | None:
    """What a refresh before a question did to the index (:func:`_update`), for a front end that
    refreshed before asking the engine (a resident server), as the engine's own answer says it."""
    return _update(summary, started)


def _with_update(result: SearchResult, update: IndexUpdate | None) -> SearchResult:
    """A search's answer carrying what it did to the index first (:func:`_update`), if anything."""
    return result if update is None else replace(result, index_update=update)


def _rebuilt(summary: IndexSummary) -> bool:
    """Whether a refresh parsed every file anew (a first build, a rebuild): the static weights are
    fitted again on what the repository is now."""
    return summary.parsed > 0 and summary.reused == 0


COMPLETE_RECORD = "static-complete.json"
"""In a generation: the static store found to hold every chunk key of it, with the segment files
it held then (segments are never rewritten: written under new names, merged into new ones). While
the store has exactly those segments, a search neither looks up the generation's 470,000 keys (a
100,000-file repository: 0.3-0.45 s of CPU in each process, twice) nor reads them to tell so."""


def _store_state(store: Any) -> dict[str, Any]:
    """What :data:`COMPLETE_RECORD` records of a store: its folder, its segments' names and sizes
    on disk, and the rows it holds in this process."""
    segments = sorted(store.folder.glob("seg-*.npz"))
    return {"store": store.folder.name, "segments": [[p.name, p.stat().st_size] for p in segments],
            "rows": len(store)}


def _recorded_complete(snapshot: Snapshot, store: Any) -> bool:
    """Whether the generation records ``store`` as holding all its keys, with the segments it has
    on disk now, and this process's copy holds at least the rows it held then."""
    if snapshot.generation is None:
        return False
    try:
        import json

        recorded = json.loads((snapshot.generation / COMPLETE_RECORD).read_text(encoding="utf-8"))
        now = _store_state(store)
    except (OSError, ValueError):
        return False
    return (isinstance(recorded, dict) and recorded.get("store") == now["store"]
            and recorded.get("segments") == now["segments"] and isinstance(recorded.get("rows"), int)
            and now["rows"] >= recorded["rows"] > 0)


def _record_complete(snapshot: Snapshot, store: Any) -> None:
    """Record that ``store`` holds every key of the generation (silently skipped when it cannot be
    written: the next search looks the keys up again)."""
    if snapshot.generation is None or store.unsaved:
        return
    import json
    import os
    import tempfile

    from maguyva_tui.core.store.format import FILE_MODE

    try:
        text = json.dumps(_store_state(store))
        fd, tmp = tempfile.mkstemp(prefix=f"{COMPLETE_RECORD}.", suffix=".tmp", dir=snapshot.generation)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                os.fchmod(handle.fileno(), FILE_MODE)
                handle.write(text)
            os.replace(tmp, snapshot.generation / COMPLETE_RECORD)
        finally:
            Path(tmp).unlink(missing_ok=True)
    except OSError:
        return


ROWS_RECORD = "static-rows.npz"
"""In a generation: each chunk's row in the static store (as the semantic engine's chunk table
lists them), with the store's state then (:func:`_store_state`) and a digest of the rows. While the
store is in that state, the semantic engine is built without looking up the generation's keys (a
100,000-file repository: 0.35 s of CPU in each process)."""


def _listed(chunks: Any) -> str | None:
    """A digest of a chunk table's keys in order (what recorded rows are of): the checksum of the
    table's file as read (its keys in order among what it sums: no 7 MB hashed again), else the
    keys' own; ``None`` for chunks given as a list (nothing recorded)."""
    digests = getattr(chunks, "digests", None)
    if digests is None:
        return None
    checksum = getattr(chunks, "checksum", None)
    if checksum is not None:
        return f"table {checksum}"
    import hashlib

    import numpy as np

    return hashlib.blake2b(np.ascontiguousarray(digests).tobytes(), digest_size=16).hexdigest()


def _recorded_rows(snapshot: Snapshot, store: Any, listed: str, count: int) -> Any:
    """The chunks' rows recorded for ``store`` in its present state and these chunks (``listed``),
    ``None`` when none are (or they are not as written)."""
    if snapshot.generation is None or store.unsaved:
        return None
    import hashlib
    import json

    import numpy as np

    from maguyva_tui.core.store.arrays import read_members
    from maguyva_tui.core.store.vouched import vouch, vouched

    try:
        rows, state, check = read_members(snapshot.generation / ROWS_RECORD, ("rows", "state", "check")).values()
        recorded = json.loads(state.tobytes().decode("utf-8"))
        now = _store_state(store)
    except Exception:  # noqa: BLE001 - absent, cut, replaced: looked up again
        return None
    path = snapshot.generation / ROWS_RECORD
    if (recorded != {**now, "chunks": listed} or rows.dtype != np.int64 or rows.shape != (count,)
            or (count and (int(rows.min()) < -1 or int(rows.max()) >= len(store)))):
        return None
    if not vouched([path], check.tobytes().hex()):  # hashed by an earlier process, not written since
        if check.tobytes() != hashlib.blake2b(rows.tobytes(), digest_size=16).digest():
            return None
        vouch([path], check.tobytes().hex())
    return rows


def _record_rows(snapshot: Snapshot, store: Any, listed: str, rows: Any) -> None:
    """Record the chunks' rows in ``store`` (silently skipped when they cannot be written)."""
    if snapshot.generation is None or store.unsaved:
        return
    import hashlib
    import json
    import os
    import tempfile

    import numpy as np

    from maguyva_tui.core.store.format import FILE_MODE

    rows = np.ascontiguousarray(rows, np.int64)
    state = np.frombuffer(json.dumps({**_store_state(store), "chunks": listed}).encode("utf-8"), np.uint8)
    check = np.frombuffer(hashlib.blake2b(rows.tobytes(), digest_size=16).digest(), np.uint8)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f"{ROWS_RECORD}.", suffix=".tmp", dir=snapshot.generation)
        try:
            with os.fdopen(fd, "wb") as handle:
                os.fchmod(handle.fileno(), FILE_MODE)
                np.savez(handle, rows=rows, state=state, check=check)
            os.replace(tmp, snapshot.generation / ROWS_RECORD)
        finally:
            Path(tmp).unlink(missing_ok=True)
    except OSError:
        return


def _semantic_folder(snapshot: Snapshot) -> Path:
    from maguyva_tui.core.semantic_index import semantic_folder

    return semantic_folder(snapshot)
