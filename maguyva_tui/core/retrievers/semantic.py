"""The semantic retriever: binary-code Hamming search over embedded chunks, then float rescoring,
over two tiers of vectors.

A :class:`SemanticRetriever` searches one tier: built from a provider, its vector store and the
chunks of the current index with their content hashes. Construction gathers the codes of the
chunks that already have a vector into one matrix; a search embeds only the query, takes the
nearest codes by Hamming distance and reorders them by cosine against the stored float16 vectors
(or against the ``+1``/``-1`` signs for a codes-only provider such as Voyage's ``ubinary``). The
static tier stores no floats: its candidates' vectors are made again from their texts (``texts``),
int8-rounded as its store had kept them, so that they rank as the stored ones did.

A :class:`TieredRetriever` searches the two tiers of an index together: the static tier, which
covers every chunk from the moment the index is built, and the transformer tier (the local model
or Voyage), which fills in by centrality in the background and covers what it covers. How their
lists combine is one parameter, ``rule``; the rules were measured on docstring -> function
questions (``python -m bench.tier_blend``: requests, flask, click; MRR@10 at transformer coverage
0 %, 30 % (most central first) and 100 %):

    ==============  ===============  ===============  ===============
    rule            model 0 %        model 30 %       model 100 %
    ==============  ===============  ===============  ===============
    static alone    0.375 (R 0.623)  0.375 (R 0.623)  0.375 (R 0.623)
    model alone     --               0.426 (R 0.622)  0.486 (R 0.749)
    model_first     0.375 (R 0.623)  0.464 (R 0.755)  0.486 (R 0.747)
    rrf             0.375 (R 0.623)  0.394 (R 0.580)  0.470 (R 0.717)
    **mix**         0.375 (R 0.623)  0.491 (R 0.761)  0.520 (R 0.773)
    rescore         0.375 (R 0.623)  0.450 (R 0.706)  0.482 (R 0.713)
    ==============  ===============  ===============  ===============

(669 questions; R: Recall@10.) ``mix`` is best at every coverage and in each repository alone:
while the transformer fills in, its vectors lift the chunks they cover without burying the rest,
and once complete the static tier's votes still add 7 % over the transformer alone (0.520 against
0.486). Reciprocal rank fusion throws the cosines away and loses most.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

import numpy as np
import numpy.typing as npt

from maguyva_tui.core.embed.codes import as_words, cosine, hamming, pack, top_k, unpack_signs
from maguyva_tui.core.embed.provider import Provider
from maguyva_tui.core.embed.store import VectorStore, quantize, unit_rows
from maguyva_tui.core.similar import (
    MAX_SOURCES,
    Spans,
    bare_name,
    defines,
    named_after_last,
    same_family,
    similar_target,
)
from maguyva_tui.core.store.arrays import unique
from maguyva_tui.core.types import Chunk, Hit, Query, QueryError

RESCORE_K = 100  # Hamming candidates rescored by cosine: recovers float quality (MRR 0.488 -> 0.546)
MADE_KEPT = 4096
"""Vectors a store that keeps codes alone has made again and keeps (1 MB of the static tier's):
a question's candidates, and the next few questions'."""

TIER_RULES = ("model_first", "rrf", "mix", "rescore")
"""How the two tiers' lists combine (each described at :func:`combine`)."""
TIER_RULE = "mix"
"""The rule searches use; chosen by the measurements in this module's docstring."""
TIER_CANDIDATES = 150
"""Chunks each tier proposes to the combination (its own top by cosine), for any page up to this
long: what a blend asks of each engine (``plan.MIN_FETCH``), so that the engine alone and the
engine's votes in a blend are one list (100 before: the blend's list had more Hamming candidates
rescored and its own scale, and ranked otherwise)."""
SCALE_TOP = 100
"""Each tier's cosines are z-scored by the mean and spread of its own first this many proposals,
however many a caller asks for: the score of a chunk, and so the order of the list, does not depend
on the page (a blend asks for 150, a lone engine for 100: the two scales gave two different
orders, and the blend's semantic votes were not the ranking the engine shows alone)."""
TIER_RRF_K = 60  # the usual reciprocal-rank constant: a rank-1 vote is worth 1/61
MIX_MODEL_WEIGHT = 0.65  # "mix": the transformer's share (swept: 0.5, 0.55, 0.6, 0.65, 0.7, 0.8; a plateau 0.6-0.7)
_MIX_SPREAD = (MIX_MODEL_WEIGHT**2 + (1 - MIX_MODEL_WEIGHT) ** 2) ** 0.5
"""The spread of a weighted sum of two independent z-scores: dividing by it keeps a covered chunk's
score on the scale of an uncovered chunk's single z-score (undivided, 30 %: MRR 0.471 at 0.6)."""
STATIC_ALONE_SCALE = 1 / 1.5
"""A list the static tier scored alone (no candidate has a transformer vector yet: the state a
fresh ``maguyva index`` leaves) has its z-scores multiplied by this. Its order is unchanged; its
gaps are what a blend reads (``fusion.CONFIDENT_GAP``: a first hit a standard deviation above the
second is a clear answer, its score doubled), and the static tier's clear first answers are wrong
more often than the two tiers' (a few-token chunk's mean vector stands out: libuv's ``static
OVERLAPPED overlapped_dummy_;`` topped "how does the event loop decide how long to block in
poll"). Half A of ``bench.nl_quality``, static tier only (``python -m bench.nl.diagnose --half A
--engine "static tier"``), the gap the static tier must clear 1 (as before), 1.25, 1.5, 1.75, 2.5,
4: semble NDCG@10 0.835, 0.841, 0.842, 0.842, 0.844, 0.845; Hit@1 0.730 -> 0.749 at 1.5;
docstring MRR@10 0.569, 0.567, 0.567, 0.567, 0.564, 0.561. Its two folds pick 1.5 and 2.5, each
gaining on the other (0.816 -> 0.819, 0.861 -> 0.873). Two tiers together: unchanged."""
LIKE_EXTRA = 50  # "similar to X" proposes more candidates: those of another kind are dropped
_MIN_SPREAD = 1e-6  # a tier whose candidates all score alike normalises to zeros, not to infinities

Positions = npt.NDArray[np.intp]
"""Indices into the chunk list a retriever was built on."""
Scores = npt.NDArray[np.float32]


class _Listed(Sequence[Chunk]):
    """The chunks of a chunk table, each made where it is read; iterating makes them all at once."""

    def __init__(self, table: Any) -> None:
        self._table = table

    def __len__(self) -> int:
        return len(self._table)

    @overload
    def __getitem__(self, index: int) -> Chunk: ...
    @overload
    def __getitem__(self, index: slice) -> list[Chunk]: ...
    def __getitem__(self, index: int | slice) -> Chunk | list[Chunk]:
        if isinstance(index, slice):
            return self._table.chunks()[index]  # type: ignore[no-any-return]
        return self._table.chunk(index)  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[Chunk]:
        return iter(self._table.chunks())


class _Picked(Sequence[Chunk]):
    """The chunks at some positions of a list, read from it where asked."""

    def __init__(self, listed: Sequence[Chunk], positions: Positions) -> None:
        self._listed, self._positions = listed, positions

    def __len__(self) -> int:
        return len(self._positions)

    @overload
    def __getitem__(self, index: int) -> Chunk: ...
    @overload
    def __getitem__(self, index: slice) -> list[Chunk]: ...
    def __getitem__(self, index: int | slice) -> Chunk | list[Chunk]:
        if isinstance(index, slice):
            return [self._listed[p] for p in self._positions[index].tolist()]
        return self._listed[int(self._positions[index])]


class SemanticRetriever:
    """Find chunks by meaning among those whose vectors are already stored (one tier)."""

    name = "semantic"

    def __init__(
        self,
        provider: Provider,
        store: VectorStore,
        chunks: Sequence[tuple[Chunk, str]],
        rescore: int = RESCORE_K,
        rows: npt.NDArray[np.int64] | None = None,
        texts: Callable[[Sequence[Chunk]], list[str]] | None = None,
    ) -> None:
        """``chunks``: each chunk with its key, or a chunk table (``semantic_index.ChunkTable``:
        keys as digests, each chunk made where a question reads it); ``rows``: each chunk's row in
        the store (-1 without a vector) as looked up before, else looked up now; ``texts``: the
        texts chunks are embedded as, for a store that keeps codes alone (the static tier's): the
        candidates a question rescores are embedded again (:meth:`_made`), not ranked by signs."""
        if store.provider_id != provider.id:
            raise ValueError(f"store holds {store.provider_id!r} vectors, provider is {provider.id!r}")
        digests = getattr(chunks, "digests", None)
        if rows is None or len(rows) != len(chunks):
            rows = store.lookup(h for _, h in chunks) if digests is None else store.lookup_digests(digests)
        present = rows >= 0
        self.provider = provider
        self.rescore = rescore
        self.total = len(chunks)
        """Chunks in the index."""
        self.positions: Positions = np.flatnonzero(present)
        """Where each chunk with a vector stands in the list given."""
        self.listed: Sequence[Chunk] = [c for c, _ in chunks] if digests is None else _Listed(chunks)
        """Every chunk given, with or without a vector (positions index it)."""
        self.chunks: Sequence[Chunk] = _Picked(self.listed, self.positions)
        """Chunks that have a vector, in the order given."""
        self._all_rows = rows  # the store row of every chunk given, -1 without a vector
        self._rows = rows[present]
        width = (provider.dim + 7) // 8
        padded = np.zeros((len(self._rows), -(-width // 8) * 8), np.uint8)  # whole 64-bit words, as as_words pads
        padded[:, :width] = store.codes[self._rows]
        self._words = as_words(padded)  # a view of ``padded``, not a copy
        self._codes = padded[:, :width]
        self._floats = store.float_rows()  # read where asked; rows added later are never read
        self._texts = texts if self._floats is None else None
        self._last = store.last_rows()
        """Each vector's last components as stored (the static tier's crowding), ``None`` when the
        store keeps whole vectors or none: what :meth:`_made` need not measure again."""
        self._kept: dict[int, npt.NDArray[np.float32]] = {}
        """Vectors made again (:meth:`_made`), by position in the list given: a question's
        candidates are rescored, then their cosines read again by the tier blend."""

    @property
    def store_rows(self) -> npt.NDArray[np.int64]:
        """Each chunk's row in the store, -1 where it has no vector (what ``rows`` takes)."""
        return self._all_rows

    @property
    def coverage(self) -> float:
        """The fraction of the index's chunks that are searchable by meaning (1.0 for an empty index)."""
        return 1.0 if self.total == 0 else len(self.chunks) / self.total

    def search(self, query: Query, limit: int) -> list[Hit]:
        """Return at most ``limit`` chunks nearest in meaning to the query text, best first."""
        text = _text(query)
        if limit <= 0 or not self.chunks:
            return []
        vector = self.provider.embed_query(text)
        if not vector.any():  # no word the model knows ("$", an emoji): every cosine is 0, no order at all
            return []
        distances = hamming(self._words, as_words(pack(vector)))
        candidates = top_k(distances, max(self.rescore, limit))
        scores = self._rescore(candidates, vector)
        order = np.lexsort((candidates, distances[candidates], -scores))[:limit]
        return [self._hit(int(candidates[i]), int(distances[candidates[i]]), float(scores[i])) for i in order]

    def nearest(self, vector: npt.NDArray[np.float32], k: int) -> tuple[Positions, Scores]:
        """The ``k`` chunks nearest to a query vector as positions in the list given, best first,
        with their cosines (Hamming candidates rescored, as :meth:`search` ranks them)."""
        if k <= 0 or not self.chunks:
            return np.zeros(0, np.intp), np.zeros(0, np.float32)
        distances = hamming(self._words, as_words(pack(vector)))
        candidates = top_k(distances, max(self.rescore, k))
        scores = self._rescore(candidates, vector)
        order = np.lexsort((candidates, distances[candidates], -scores))[:k]
        return self.positions[candidates[order]], scores[order]

    def cosines_at(self, positions: Positions, vector: npt.NDArray[np.float32]) -> Scores:
        """The cosine of the chunks at ``positions`` (in the list given) with a query vector, NaN
        where a chunk has no vector in this tier."""
        rows = self._all_rows[positions]
        out = np.full(len(positions), np.nan, np.float32)
        have = rows >= 0
        if have.any():
            if self._texts is not None:
                out[have] = cosine(self._made(positions[have]), vector)
            elif self._floats is not None:
                out[have] = cosine(self._floats[rows[have]], vector)
            else:
                codes = self._codes[np.searchsorted(self.positions, positions[have])]
                out[have] = cosine(unpack_signs(codes, self.provider.dim), vector)
        return out

    def vector_at(self, position: int) -> npt.NDArray[np.float32] | None:
        """The stored vector of the chunk at a position of the list given (its signs for a codes-only
        provider), ``None`` when this tier has none."""
        row = int(self._all_rows[position])
        if row < 0:
            return None
        if self._texts is not None:
            made: npt.NDArray[np.float32] = self._made(np.array([position], np.intp))[0]
            return made
        if self._floats is not None:
            return np.asarray(self._floats[[row]][0], np.float32)
        at = int(np.searchsorted(self.positions, position))
        signs: npt.NDArray[np.float32] = unpack_signs(self._codes[at : at + 1], self.provider.dim)[0]
        return signs

    def _rescore(self, candidates: npt.NDArray[np.intp], query: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """Cosine of each candidate's stored vector (made again from its text where the store keeps
        codes alone; its signs for a codes-only provider) with the query."""
        if self._texts is not None:
            return cosine(self._made(self.positions[candidates]), query)
        if self._floats is not None:
            return cosine(self._floats[self._rows[candidates]], query)
        return cosine(unpack_signs(self._codes[candidates], self.provider.dim), query)

    def _made(self, positions: Positions) -> npt.NDArray[np.float32]:
        """The vectors of the chunks at ``positions`` (in the list given) made again from their texts,
        as the store held them: the provider's vectors, int8-rounded (:func:`quantize`) and read back as
        unit rows, so that every cosine is the one the stored floats gave. Those not kept are embedded
        in one batch, their texts made together (each file read once)."""
        wanted = positions.tolist()
        kept = self._kept
        found = {p: v for p in wanted if (v := kept.get(p)) is not None}  # another question may clear it meanwhile
        missing = [p for p in dict.fromkeys(wanted) if p not in found]
        if missing and self._texts is not None:
            texts = self._texts([self.listed[p] for p in missing])  # each file's rows decoded once, kept for the hits
            remake = getattr(self.provider, "remake", None)
            if self._last is not None and remake is not None:
                vectors = remake(texts, self._last[self._all_rows[np.array(missing, np.intp)]])
            else:
                vectors = self.provider.embed_documents(texts)
            made = unit_rows(quantize(vectors))
            if len(kept) + len(missing) > MADE_KEPT:
                kept.clear()
            for p, vector in zip(missing, made):
                found[p] = kept[p] = vector
        if not wanted:
            return np.zeros((0, self.provider.dim), np.float32)
        return np.stack([found[p] for p in wanted])

    def _hit(self, index: int, distance: int, score: float) -> Hit:
        return _hit_of(self.chunks[index], score, f"hamming {distance}/{self.provider.dim}, cosine {score:.2f}")


@dataclass(frozen=True, slots=True)
class TierLists:
    """What each tier proposes for one query, as positions in the shared chunk list, best first,
    and the cosines of every proposed chunk in both tiers (NaN: no vector in that tier)."""

    static: Positions
    model: Positions
    candidates: Positions
    """Every chunk either tier proposed, each once."""
    static_cosine: Scores
    model_cosine: Scores
    """Cosines of ``candidates`` in each tier."""
    static_own: Scores
    model_own: Scores
    """Cosines of each tier's own proposals (what its scores are normalised by)."""


def combine(lists: TierLists, rule: str) -> Scores:
    """Score every candidate of ``lists`` by a rule (higher is better; NaN: not ranked).

    - ``model_first``: the transformer's normalised cosine where it has the chunk, else the
      static tier's: the transformer decides wherever it reaches.
    - ``rrf``: reciprocal rank fusion of the two tiers' lists.
    - ``mix``: a weighted sum of both tiers' normalised cosines where the transformer has the
      chunk (rescaled to the spread of one), else the static tier's alone.
    - ``rescore``: only the static tier's proposals, rescored by the transformer where it has them.

    Each tier's cosines are normalised by the mean and spread of its own proposals (z-scores),
    so that the two models' cosines, which live on different scales, can be compared.
    """
    if rule == "rrf":
        return _rrf(lists)
    z_static = _normalised(lists.static_cosine, lists.static_own)
    z_model = _normalised(lists.model_cosine, lists.model_own)
    covered = ~np.isnan(z_model)
    if rule == "model_first":
        return np.where(covered, z_model, z_static).astype(np.float32)
    if rule == "mix":
        mixed = (MIX_MODEL_WEIGHT * z_model + (1 - MIX_MODEL_WEIGHT) * z_static) / _MIX_SPREAD
        return np.where(covered, np.where(np.isnan(z_static), z_model, mixed), z_static).astype(np.float32)
    if rule == "rescore":
        proposed = np.isin(lists.candidates, lists.static if len(lists.static) else lists.model)
        scores = np.where(covered, z_model, z_static)
        return np.where(proposed, scores, np.nan).astype(np.float32)
    raise ValueError(f"unknown tier rule {rule!r} (choose from {', '.join(TIER_RULES)})")


def _normalised(values: Scores, own: Scores) -> Scores:
    if len(own) == 0:
        return np.full(len(values), np.nan, np.float32)
    spread = max(float(np.std(own)), _MIN_SPREAD)
    return ((values - float(np.mean(own))) / spread).astype(np.float32)


def _rrf(lists: TierLists) -> Scores:
    scores = np.zeros(len(lists.candidates), np.float32)
    where = {int(p): i for i, p in enumerate(lists.candidates.tolist())}
    for ranked in (lists.static, lists.model):
        for rank, position in enumerate(ranked.tolist()):
            scores[where[position]] += 1.0 / (TIER_RRF_K + rank + 1)
    return scores


class TieredRetriever:
    """Find chunks by meaning over both tiers: the static one over every chunk, the transformer
    where it has reached; either may be missing (``None``)."""

    name = "semantic"

    def __init__(
        self,
        static: SemanticRetriever | None,
        model: SemanticRetriever | None,
        rule: str = TIER_RULE,
        candidates: int | None = None,
        source: Callable[[Chunk], str] | None = None,
        described: Callable[[Chunk], Chunk | None] | None = None,
        silent: Callable[[Chunk], bool] | None = None,
    ) -> None:
        """``source`` gives the text a chunk is embedded as: a "similar to X" question embeds X's
        code with it where a tier holds no vector of X yet. ``described`` gives the definition a
        window of comments describes (:mod:`~maguyva_tui.core.doc_comments`): such a window is
        found as that definition. ``silent`` tells a window that says nothing (pragmas only:
        :func:`~maguyva_tui.core.doc_comments.says_nothing`), which is not listed."""
        if rule not in TIER_RULES:
            raise ValueError(f"unknown tier rule {rule!r} (choose from {', '.join(TIER_RULES)})")
        self.static = static if static is not None and static.chunks else None
        self.model = model if model is not None and model.chunks else None
        self.rule = rule
        self.candidates = candidates
        self.source = source
        self.described = described
        self.silent = silent
        self._by_name: dict[str, list[int]] | None = None
        self._by_path: dict[str, list[int]] | None = None

    def search(self, query: Query, limit: int) -> list[Hit]:
        """Return at most ``limit`` chunks nearest in meaning to the query, best first."""
        text = _text(query)
        if limit <= 0 or (self.static is None and self.model is None):
            return []
        target = similar_target(query)
        sources = self.sources(target) if target else np.zeros(0, np.intp)
        excluded = self._within(sources)
        k = max(self.candidates or TIER_CANDIDATES, limit) + len(excluded)
        if len(sources):
            static_vector, model_vector = self._source_vector(self.static, sources), self._source_vector(self.model, sources)
            if static_vector is not None or model_vector is not None:
                lists = self._lists(static_vector, model_vector, k + LIKE_EXTRA, excluded)
                kind = self._listed()[int(sources[0])].kind
                return self._ranked(lists, limit, f"like {target}: ", kind, target)
        return self._ranked(self.lists(text, k, excluded), limit)

    def _ranked(
        self, lists: TierLists, limit: int, lead: str = "", kind: str | None = None, target: str | None = None
    ) -> list[Hit]:
        """The best ``limit`` candidates by the tier rule; given X's ``kind``, only definitions of
        the same kind of thing (code like a function is another function, not a window of a
        changelog or a class); given X, those named after X (its tests) after the others."""
        scores = combine(lists, self.rule)
        if self.static is not None and np.isnan(lists.model_cosine).all():
            scores *= STATIC_ALONE_SCALE
        if kind is not None:
            listed = self._listed()
            other = np.array([not same_family(kind, listed[int(p)].kind) for p in lists.candidates], bool)
            scores[other] = np.nan
        keep = np.flatnonzero(~np.isnan(scores))
        order = keep[np.lexsort((lists.candidates[keep], -scores[keep]))]
        if target is None:
            if self.described is None:
                return [self._hit(lists, int(i), float(scores[i]), lead) for i in order[:limit]]
            return self._described(lists, order, scores, limit, lead, self.described)
        return named_after_last([self._hit(lists, int(i), float(scores[i]), lead) for i in order], target)[:limit]

    def _described(self, lists: TierLists, order: Positions, scores: Scores, limit: int, lead: str,
                   described: Callable[[Chunk], Chunk | None]) -> list[Hit]:
        """The first ``limit`` candidates of ``order``, a window of comments right above a
        definition found as that definition (once, on the better of the two scores)."""
        hits: list[Hit] = []
        shown: set[tuple[str, int, int]] = set()
        for i in order:
            hit = self._hit(lists, int(i), float(scores[i]), lead)
            window = self._chunk(int(lists.candidates[i])) if hit.kind == "window" else None
            if window is not None and self.silent is not None and self.silent(window):
                continue
            chunk = described(window) if window is not None else None
            if chunk is not None:
                hit = _hit_of(chunk, hit.score, hit.reason + ", by its doc comment")
            key = (hit.path, hit.start_line, hit.end_line)
            if key in shown:
                continue
            shown.add(key)
            hits.append(hit)
            if len(hits) == limit:
                break
        return hits

    def lists(self, text: str, k: int, excluded: Positions | None = None) -> TierLists:
        """Each tier's ``k`` nearest chunks to a query text and both tiers' cosines for all of them
        (a tier that is missing proposes nothing and has no cosines), none of ``excluded``."""
        static_vector = None if self.static is None else self.static.provider.embed_query(text)
        model_vector = None if self.model is None else self.model.provider.embed_query(text)
        return self._lists(static_vector, model_vector, k, excluded)

    def sources(self, target: str) -> Positions:
        """The positions of the chunks that define a "similar to X" question's X (its definitions
        by bare, qualified or module-qualified name), in the order of the list given."""
        by_name, _ = self._tables()
        listed = self._listed()
        found = [p for p in by_name.get(bare_name(target), ()) if defines(target, listed[p].symbol or "", listed[p].path)]
        return np.array(found, np.intp)

    def _tables(self) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
        """The positions of the definition chunks by bare name, and of every chunk by path (built once)."""
        if self._by_name is None or self._by_path is None:
            by_name: dict[str, list[int]] = defaultdict(list)
            by_path: dict[str, list[int]] = defaultdict(list)
            for position, chunk in enumerate(self._listed()):
                by_path[chunk.path].append(position)
                if chunk.symbol is not None:
                    by_name[bare_name(chunk.symbol)].append(position)
            self._by_name, self._by_path = dict(by_name), dict(by_path)
        return self._by_name, self._by_path

    def _within(self, sources: Positions) -> Positions:
        """The positions of X's chunks and of every chunk inside them (a class's methods)."""
        if not len(sources):
            return sources
        listed, (_, by_path) = self._listed(), self._tables()
        spans = Spans((c.path, c.start_line, c.end_line) for c in (listed[int(p)] for p in sources))
        near = (p for path in spans.paths() for p in by_path.get(path, ()))
        nested = [p for p in near if spans.holds(listed[p].path, listed[p].start_line, listed[p].end_line)]
        return np.union1d(sources, np.array(nested, np.intp))

    def _listed(self) -> Sequence[Chunk]:
        tier = self.static if self.static is not None else self.model
        return [] if tier is None else tier.listed

    def _source_vector(self, tier: SemanticRetriever | None, sources: Positions) -> npt.NDArray[np.float32] | None:
        """The mean direction of X's definitions in a tier: their stored vectors, else their code
        embedded by the tier's provider; ``None`` when the tier can say nothing of them."""
        if tier is None:
            return None
        chosen = sources[:MAX_SOURCES].tolist()
        vectors = [tier.vector_at(p) for p in chosen]
        missing = [p for p, v in zip(chosen, vectors) if v is None]
        if missing and self.source is not None:
            fresh = iter(tier.provider.embed_documents([self.source(tier.listed[p]) for p in missing]))
            vectors = [next(fresh) if v is None else v for v in vectors]
        found = [v / max(float(np.linalg.norm(v)), _MIN_SPREAD) for v in vectors if v is not None]
        if not found:
            return None
        mean: npt.NDArray[np.float32] = np.mean(found, axis=0).astype(np.float32)
        if getattr(tier.provider, "hub", False):  # a static document's crowding: a query holds 0 there
            mean[-1] = 0.0
        return mean

    def _lists(
        self,
        static_vector: npt.NDArray[np.float32] | None,
        model_vector: npt.NDArray[np.float32] | None,
        k: int,
        excluded: Positions | None = None,
    ) -> TierLists:
        static, static_own = _without(*_nearest(self.static, static_vector, k), excluded)
        model, model_own = _without(*_nearest(self.model, model_vector, k), excluded)
        candidates = unique(np.concatenate([static, model]))
        return TierLists(
            static, model, candidates,
            _cosines(self.static, candidates, static_vector), _cosines(self.model, candidates, model_vector),
            static_own[:SCALE_TOP], model_own[:SCALE_TOP],
        )

    def _chunk(self, position: int) -> Chunk:
        """The chunk at a position of the shared list, from whichever tier has it."""
        for tier in (self.static, self.model):
            if tier is not None:
                at = int(np.searchsorted(tier.positions, position))
                if at < len(tier.positions) and tier.positions[at] == position:
                    return tier.chunks[at]
        raise KeyError(position)

    def _hit(self, lists: TierLists, index: int, score: float, lead: str = "") -> Hit:
        parts = []
        for tier, name, cosines in ((self.static, "static", lists.static_cosine), (self.model, "transformer", lists.model_cosine)):
            if tier is not None:
                value = float(cosines[index])
                parts.append(f"no {name} vector yet" if np.isnan(value) else f"{name} cosine {value:.2f}")
        return _hit_of(self._chunk(int(lists.candidates[index])), score, lead + ", ".join(parts))


def _nearest(
    tier: SemanticRetriever | None, vector: npt.NDArray[np.float32] | None, k: int
) -> tuple[Positions, Scores]:
    """A tier's ``k`` nearest chunks to a query vector; none for a zero vector (a question with no
    word the static model knows, ``$`` or an emoji: every cosine is 0, and the list was the chunks
    in whatever order the ties fell, each shown as "static cosine 0.00")."""
    if tier is None or vector is None or not vector.any():
        return np.zeros(0, np.intp), np.zeros(0, np.float32)
    return tier.nearest(vector, k)


def _without(positions: Positions, scores: Scores, excluded: Positions | None) -> tuple[Positions, Scores]:
    """A tier's proposals less the excluded positions (X itself, for a "similar to X" question)."""
    if excluded is None or not len(excluded):
        return positions, scores
    keep = ~np.isin(positions, excluded)
    return positions[keep], scores[keep]


def _cosines(tier: SemanticRetriever | None, positions: Positions, vector: npt.NDArray[np.float32] | None) -> Scores:
    if tier is None or vector is None:
        return np.full(len(positions), np.nan, np.float32)
    return tier.cosines_at(positions, vector)


def _text(query: Query) -> str:
    text = query.text.strip()
    if not text:
        raise QueryError("empty query")
    return text


def _hit_of(chunk: Chunk, score: float, reason: str) -> Hit:
    return Hit(
        path=chunk.path,
        start_line=chunk.start_line,
        end_line=chunk.end_line,
        score=score,
        symbol=chunk.symbol,
        kind=chunk.kind,
        language=chunk.language,
        reason=reason,
    )
