"""BM25 over chunk contents: what a question in plain words is matched against by the text engine.

A sentence ("extract the cookies from the response into a CookieJar") names no line to grep for;
it describes a function, and the function's body holds its words: ``cookies``, ``response``,
``CookieJar``. Both sides are tokenized the same code-aware way (:func:`code_words`): every run of
letters, digits and underscores is split into subtokens (``get_cookie_header`` -> get, cookie,
header; ``CookieJar`` -> cookie, jar), lowercased, English function words left out, and stemmed
lightly (``cookies`` -> ``cooki``), so a question's words meet the names and comments of code.

Every line of a file counts in the smallest chunk that holds it (a method's words are its own, not
its class's; lines outside definitions count in their window), and a chunk scores::

    sum over the question's stems s:  idf(s) * tf (k1 + 1) / (tf + k1 (1 - b + b len / avglen))

:class:`ChunkIndex` answers a question from postings that hold each entry's count: a stem's term
factors are worked out from them and the chunks' lengths where it is asked (:func:`term_factors`,
the same float32 factors that were stored before, 4 bytes a posting), then one gather and one
``bincount`` per stem (milliseconds on 100,000 chunks).
:mod:`~maguyva_tui.core.chunk_words` counts the chunks, inverts the counts and keeps them with each
generation.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np

from maguyva_tui.core.lazy_pattern import lazy
from maguyva_tui.core.names import split_identifier, word_stem
from maguyva_tui.core.stopwords import ENGLISH
from maguyva_tui.core.types import Chunk

if TYPE_CHECKING:
    from maguyva_tui.core.store.words import SpilledCounts

K1: Final = 1.2  # the usual BM25 constants; b = 1.0, k1 = 1.6 scored better alone, worse in the blend
B: Final = 0.75

MIN_SUBTOKEN: Final = 2
"""Shorter subtokens (``x``, the ``s`` of ``parseS``) say nothing about what code does."""

MAX_QUERY_STEMS: Final = 32
"""Stems of a question scored at most (the first ones): a pasted page must not cost a pass per word."""

KEPT_FACTORS: Final = 1 << 18
"""Term factors a chunk index keeps once worked out (for the stems asked last; 1 MB): a question's
stems are scored again by the next question, by each shard of a workspace, and by the engines."""

REMEMBERED_STEMS: Final = 65_536
"""Stem ids a chunk index keeps once looked up (forgotten all at once past this)."""

WORD: Final = lazy(r"[A-Za-z0-9_]+")
"""A run of ASCII letters, digits and underscores: one identifier, number or word."""

def code_words(text: str) -> list[str]:
    """Return a text's stems as the index counts them, in order, repeats kept: subtokens of every
    identifier or word, lowercased, of at least :data:`MIN_SUBTOKEN` characters, English function
    words out, stemmed (``Returns the CookieJar`` -> ``return``, ``cooki``, ``jar``)."""
    stems = Stems()
    return [s for word in WORD.findall(text) for s in stems.of(word)]


QUESTIONS_KEPT = 256
"""Questions whose stems are remembered (a sentence's took 0.17 ms, 8 times a question over 8
repositories, and twice more in the coordinator)."""
QUESTION_KEPT_CHARS = 1_000
"""Longer questions (a pasted snippet) are stemmed each time rather than kept."""


def question_stems(text: str, dropped: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """Return a question's distinct stems, in order (at most :data:`MAX_QUERY_STEMS`), less the
    stems of the ``dropped`` words (a question's own wording: "function", "code"); remembered for
    the last questions (:data:`QUESTIONS_KEPT`: a workspace's every shard stems the same one)."""
    if len(text) <= QUESTION_KEPT_CHARS:
        return _kept_stems(text, dropped)
    return _question_stems(text, dropped)


@functools.lru_cache(maxsize=QUESTIONS_KEPT)
def _kept_stems(text: str, dropped: frozenset[str]) -> tuple[str, ...]:
    return _question_stems(text, dropped)


def _question_stems(text: str, dropped: frozenset[str]) -> tuple[str, ...]:
    unwanted = _stems_of(dropped)
    return tuple(s for s in dict.fromkeys(code_words(text)) if s not in unwanted)[:MAX_QUERY_STEMS]


@functools.lru_cache(maxsize=64)
def _stems_of(words: frozenset[str]) -> frozenset[str]:
    """The stems of a set of words (the same few ignored-word sets, asked for every question and shard)."""
    return frozenset(word_stem(w) for w in words)


_split_once = split_identifier.__wrapped__
"""The split of a name asked for once (its cache passed by)."""


class Stems:
    """A word's stems, worked out once per distinct word (and once per distinct subtoken)."""

    __slots__ = ("_known", "_subtokens")

    def __init__(self) -> None:
        self._known: dict[str, tuple[str, ...]] = {}
        self._subtokens: dict[str, str | None] = {}

    def of(self, word: str) -> tuple[str, ...]:
        """The stems of one word's subtokens that the index keeps."""
        found = self._known.get(word)
        if found is None:
            found = self._known[word] = tuple(s for s in map(self._stem, split_identifier(word)) if s is not None)
        return found

    def unremembered(self, word: str) -> tuple[str, ...]:
        """:meth:`of` without remembering the word (its subtokens are): for a caller that keeps
        what it needs of each word itself (the chunk index's counter keeps its stem ids; a second
        table of every distinct word was 1/4 of counting a 450 MB corpus's memory), and asks for
        each once: split past the split's cache, which would only churn, and keep the last 65,536
        words and their parts after (about 20 MB amid the heap, through the build's peak)."""
        return tuple(s for s in map(self._stem, _split_once(word)) if s is not None)

    def _stem(self, subtoken: str) -> str | None:
        stem = self._subtokens.get(subtoken, "")
        if stem == "":
            kept = len(subtoken) >= MIN_SUBTOKEN and subtoken not in ENGLISH
            stem = self._subtokens[subtoken] = word_stem(subtoken) if kept else None
        return stem


def term_factors(counts: np.ndarray, lengths: np.ndarray, average: float) -> np.ndarray:
    """The BM25 term factors ``tf (k1 + 1) / (tf + k1 (1 - b + b len / avglen))`` of postings'
    counts in chunks of these lengths, as float32 (worked out in float64, as they always were)."""
    return factors_of(counts, length_norms(lengths, average))


def length_norms(lengths: np.ndarray, average: float) -> np.ndarray:
    """Each chunk's ``k1 (1 - b + b len / avglen)`` (float64)."""
    return K1 * (1 - B + B * np.asarray(lengths, np.float64) / average)


def factors_of(counts: np.ndarray, norms: np.ndarray) -> np.ndarray:
    """:func:`term_factors` of postings' counts, given the norms of their chunks (the same operations
    in the same order: the same float32 factors)."""
    tf = np.asarray(counts, np.float64)
    factors: np.ndarray = (tf * (K1 + 1) / (tf + norms)).astype(np.float32)
    return factors


def average_length(lengths: np.ndarray) -> float:
    """The average length of the chunks that hold a word (1.0 when none does)."""
    lengths = np.asarray(lengths, np.float64)
    held = lengths[lengths > 0]
    return float(held.mean()) if len(held) else 1.0


@dataclass(frozen=True, slots=True)
class Match:
    """One chunk a question's words score in."""

    chunk: Chunk
    score: float
    stems: tuple[str, ...]
    """The question's stems the chunk holds, in the question's order."""


class ChunkIndex:
    """Stem -> chunk postings with each entry's count, for the chunks of one generation."""

    def __init__(self, vocabulary: Callable[[str], int | None], offsets: np.ndarray, chunks: np.ndarray,
                 counts: np.ndarray | SpilledCounts, lengths: np.ndarray, owners: np.ndarray, voters: np.ndarray,
                 locate: Callable[[list[int], list[int]], list[Chunk]],
                 stems: Callable[[], Sequence[str]] | None = None) -> None:
        self._vocabulary = _remembered(vocabulary)
        """A stem's id, ``None`` for a stem no chunk holds (each stem looked up once, then kept)."""
        self._offsets = offsets
        """Where each stem's postings start in ``chunks`` and ``factors`` (one more than stems)."""
        self._chunks = chunks
        """Chunk numbers, sorted by stem, then chunk."""
        self._counts = counts
        """Each posting's count (how often its stem occurs in its chunk)."""
        self._lengths = lengths
        """Per chunk number, its length: the counts of its stems summed."""
        self._norms: np.ndarray | None = None
        """Per chunk number, ``k1 (1 - b + b len / avglen)`` (float64), worked out on the first question."""
        self._kept: dict[int, np.ndarray] = {}
        """Stem id -> its postings' term factors, for the stems asked last (:data:`KEPT_FACTORS` in all)."""
        self._kept_size = 0
        self._owners = owners
        """Per chunk number: (file number, chunk index in the file's chunk rows)."""
        self._voters = voters
        """Per chunk number: 1 if a question may vote for it (see :func:`_voters`), else 0."""
        self._locate = locate
        """The chunks of (file numbers, chunk indexes), made together (their rows decoded in one go)."""
        self.size = len(owners)
        """Chunks in the index."""
        self._stems = stems
        """Every stem by id, decoded when asked (:meth:`frequencies`)."""

    def frequencies(self) -> tuple[Sequence[str], np.ndarray] | None:
        """Every stem and the chunks holding it (by id: what :meth:`idf` counts), ``None`` when the
        index cannot list its stems: a workspace's coordinator sums them over a cluster's shards
        into the idf of a question's words without asking each shard for them."""
        if self._stems is None:
            return None
        return self._stems(), np.diff(self._offsets)

    def idf(self, stem: str) -> float:
        """The stem's inverse document frequency over chunks (0 for a stem no chunk holds)."""
        sid = self._vocabulary(stem)
        if sid is None or sid + 1 >= len(self._offsets):
            return 0.0
        df = int(self._offsets[sid + 1] - self._offsets[sid])
        return math.log(1 + (self.size - df + 0.5) / (df + 0.5))

    def search(self, stems: Sequence[str], limit: int, per_file: int | None = None, min_stems: int = 1) -> list[Match]:
        """Return the best chunks for a question's stems, at most ``per_file`` of one file, each
        holding at least ``min_stems`` of them (all of them when the question has fewer)."""
        return [Match(chunk, score, held) for chunk, score, held in zip(*self.page(stems, limit, per_file, min_stems))]

    def page(self, stems: Sequence[str], limit: int, per_file: int | None = None, min_stems: int = 1
             ) -> tuple[list[Chunk], list[float], list[tuple[str, ...]]]:
        """:meth:`search`'s matches as three columns: the chunks, their scores and the stems each
        holds (one tuple per set of stems, shared): no :class:`Match` made (a sentence's page on
        each shard of a workspace, up to 150 chunks)."""
        known = [(s, self._vocabulary(s)) for s in dict.fromkeys(stems)]
        weighed = [(s, sid, self.idf(s)) for s, sid in known if sid is not None]
        wanted = [(s, sid) for s, sid, w in weighed if w > 0]
        if not wanted or limit <= 0:
            return [], [], []
        weights = [w for _, _, w in weighed if w > 0]
        spans = [slice(int(self._offsets[sid]), int(self._offsets[sid + 1])) for _, sid in wanted]
        ids = np.concatenate([self._chunks[span] for span in spans]).astype(np.int64)
        parts = np.concatenate([self._stem_factors(sid, span) * w for (_, sid), span, w in zip(wanted, spans, weights)])
        scores = np.bincount(ids, parts, self.size) * self._voters
        held = np.bincount(ids, minlength=self.size)  # a stem's postings name a chunk once
        scores[held < min(min_stems, len(wanted))] = 0.0
        chosen = self._top(scores, limit, per_file)
        if not len(chosen):
            return [], [], []
        return self.chunks(chosen), scores[chosen].tolist(), self._held(chosen, wanted, ids, spans)

    def factors(self, span: slice) -> np.ndarray:
        """The BM25 term factors of a run of postings (float32)."""
        norms = self._norms
        if norms is None:
            norms = self._norms = length_norms(self._lengths, average_length(self._lengths))
        return factors_of(self._counts[span], norms[self._chunks[span]])

    def _stem_factors(self, sid: int, span: slice) -> np.ndarray:
        """The term factors of one stem's postings, kept for the next questions."""
        found = self._kept.get(sid)
        if found is None:
            found = self.factors(span)
            if self._kept_size + len(found) > KEPT_FACTORS:
                self._kept, self._kept_size = {}, 0
            if len(found) <= KEPT_FACTORS:
                self._kept[sid] = found
                self._kept_size += len(found)
        return found

    def _top(self, scores: np.ndarray, limit: int, per_file: int | None) -> np.ndarray:
        """The chunk numbers scoring best, ties in chunk order, at most ``per_file`` of a file."""
        found = np.flatnonzero(scores > 0)
        order = found[np.lexsort((found, -scores[found]))]
        if per_file is not None and len(order) > per_file:  # each chunk's place among its file's, in order
            files = self._owners[order, 0]
            by_file = np.argsort(files, kind="stable")
            grouped = files[by_file]
            first = np.ones(len(grouped), bool)
            first[1:] = grouped[1:] != grouped[:-1]
            at = np.arange(len(grouped))
            place = np.empty(len(order), np.int64)
            place[by_file] = at - np.maximum.accumulate(np.where(first, at, 0))
            order = order[place < per_file]
        return order[:limit]

    def _held(self, numbers: np.ndarray, wanted: list[tuple[str, int]], ids: np.ndarray,
              spans: list[slice]) -> list[tuple[str, ...]]:
        """The stems of a question that each chunk holds, in the question's order: a bit per stem
        summed over its postings (``ids``, the stems' postings one after another, each naming a
        chunk once; at most :data:`MAX_QUERY_STEMS` bits, exact in a float), each set of stems
        made once (a stem's postings bisected and a tuple made per chunk: 150 chunks, 0.1 ms)."""
        bits = np.repeat(np.exp2(np.arange(len(spans), dtype=np.float64)), [span.stop - span.start for span in spans])
        masks = np.bincount(ids, bits, self.size)[numbers].astype(np.int64).tolist()
        stems = [stem for stem, _ in wanted]
        sets = {mask: tuple(stem for k, stem in enumerate(stems) if mask >> k & 1) for mask in set(masks)}
        return [sets[mask] for mask in masks]

    def chunk(self, number: int) -> Chunk:
        """The chunk of a chunk number."""
        return self.chunks(np.array([number], np.int64))[0]

    def chunks(self, numbers: np.ndarray) -> list[Chunk]:
        """The chunks of chunk numbers, in order."""
        owners = self._owners[numbers]
        return self._locate(owners[:, 0].tolist(), owners[:, 1].tolist())


def _remembered(vocabulary: Callable[[str], int | None]) -> Callable[[str], int | None]:
    """A stem look-up that keeps what it found (a stored vocabulary is searched by bisection, each
    probe decoding a stem; a question asks each of its stems' ids two or three times, and the
    next question asks many of the same)."""
    known: dict[str, int | None] = {}

    def look_up(stem: str) -> int | None:
        try:
            return known[stem]
        except KeyError:
            pass
        found = vocabulary(stem)
        if len(known) >= REMEMBERED_STEMS:
            known.clear()
        known[stem] = found
        return found

    return look_up
