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

The index is written with each generation (:func:`save_generation`, ``words_*`` files): each
file's (stem, chunk) counts, reused as they are for the files a refresh did not change, and the
postings inverted from them with each entry's term factor, so a question costs one gather and one
``bincount`` per stem (milliseconds on 100,000 chunks) and opening it maps arrays.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from maguyva_tui.core.names import split_identifier, word_stem
from maguyva_tui.core.parsing.walker import FUNCTION_KINDS
from maguyva_tui.core.stopwords import ENGLISH
from maguyva_tui.core.store.format import IndexUnavailable
from maguyva_tui.core.store.words import StoredWords, find_stem, load_words, save_words
from maguyva_tui.core.types import Chunk

if TYPE_CHECKING:
    from maguyva_tui.core.store.snapshot import Snapshot

K1: Final = 1.2  # the usual BM25 constants; b = 1.0, k1 = 1.6 scored better alone, worse in the blend
B: Final = 0.75

MIN_SUBTOKEN: Final = 2
"""Shorter subtokens (``x``, the ``s`` of ``parseS``) say nothing about what code does."""

MAX_QUERY_STEMS: Final = 32
"""Stems of a question scored at most (the first ones): a pasted page must not cost a pass per word."""

_TOKEN = re.compile(r"[A-Za-z0-9_]+")
"""A run of ASCII letters, digits and underscores: one identifier, number or word."""

ChunkRow = tuple[Any, ...]
"""A chunk as the facts store it: (start line, end line, kind, symbol, language)."""


def code_words(text: str) -> list[str]:
    """Return a text's stems as the index counts them, in order, repeats kept: subtokens of every
    identifier or word, lowercased, of at least :data:`MIN_SUBTOKEN` characters, English function
    words out, stemmed (``Returns the CookieJar`` -> ``return``, ``cooki``, ``jar``)."""
    stems = _Stems()
    return [s for word in _TOKEN.findall(text) for s in stems.of(word)]


def question_stems(text: str, dropped: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """Return a question's distinct stems, in order (at most :data:`MAX_QUERY_STEMS`), less the
    stems of the ``dropped`` words (a question's own wording: "function", "code")."""
    unwanted = {word_stem(w) for w in dropped}
    return tuple(s for s in dict.fromkeys(code_words(text)) if s not in unwanted)[:MAX_QUERY_STEMS]


class _Stems:
    """A word's stems, worked out once per distinct word (and once per distinct subtoken)."""

    __slots__ = ("_known", "_subtokens")

    def __init__(self) -> None:
        self._known: dict[str, tuple[str, ...]] = {}
        self._subtokens: dict[str, str | None] = {}

    def of(self, word: str) -> tuple[str, ...]:
        """The stems of one word's subtokens that the index keeps."""
        found = self._known.get(word)
        if found is None:
            stems = map(self._stem, split_identifier(word))
            found = self._known[word] = tuple(s for s in stems if s is not None)
        return found

    def _stem(self, subtoken: str) -> str | None:
        stem = self._subtokens.get(subtoken, "")
        if stem == "":
            kept = len(subtoken) >= MIN_SUBTOKEN and subtoken not in ENGLISH
            stem = self._subtokens[subtoken] = word_stem(subtoken) if kept else None
        return stem


@dataclass(frozen=True, slots=True)
class Match:
    """One chunk a question's words score in."""

    chunk: Chunk
    score: float
    stems: tuple[str, ...]
    """The question's stems the chunk holds, in the question's order."""


class ChunkIndex:
    """Stem -> chunk postings with each entry's BM25 term factor, for the chunks of one generation."""

    def __init__(self, vocabulary: Callable[[str], int | None], offsets: np.ndarray, chunks: np.ndarray,
                 factors: np.ndarray, owners: np.ndarray, voters: np.ndarray, locate: Callable[[int, int], Chunk]) -> None:
        self._vocabulary = vocabulary
        """A stem's id, ``None`` for a stem no chunk holds."""
        self._offsets = offsets
        """Where each stem's postings start in ``chunks`` and ``factors`` (one more than stems)."""
        self._chunks = chunks
        """Chunk numbers, sorted by stem, then chunk."""
        self._factors = factors
        """Each posting's BM25 term factor, ``tf (k1 + 1) / (tf + k1 (1 - b + b len / avglen))``."""
        self._owners = owners
        """Per chunk number: (file number, chunk index in the file's chunk rows)."""
        self._voters = voters
        """Per chunk number: 1 if a question may vote for it (see :func:`_voters`), else 0."""
        self._locate = locate
        self.size = len(owners)
        """Chunks in the index."""

    @classmethod
    def open(cls, snapshot: Snapshot) -> ChunkIndex:
        """Open the index a generation was written with; build it from the stored text when the
        generation has none (a snapshot made in memory) or it cannot be read."""
        if snapshot.generation is not None:
            try:
                return _load(snapshot)
            except IndexUnavailable:
                pass
        return cls.build(snapshot)

    @classmethod
    def build(cls, snapshot: Snapshot) -> ChunkIndex:
        """Count every chunk's stems over a generation's stored text, in memory."""
        counter = _Counter()
        paths = sorted(snapshot.files)
        words = [counter.file(_chunk_rows(snapshot, p), snapshot.text(p)) for p in paths]
        return _invert(counter.vocabulary, words, _locator(snapshot, paths)).index

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
        known = [(s, self._vocabulary(s)) for s in dict.fromkeys(stems)]
        wanted = [(s, sid) for s, sid in known if sid is not None and self.idf(s) > 0]
        if not wanted or limit <= 0:
            return []
        weights = [self.idf(s) for s, _ in wanted]
        spans = [slice(int(self._offsets[sid]), int(self._offsets[sid + 1])) for _, sid in wanted]
        ids = np.concatenate([self._chunks[span] for span in spans]).astype(np.int64)
        parts = np.concatenate([self._factors[span] * w for span, w in zip(spans, weights)])
        scores = np.bincount(ids, parts, self.size) * self._voters
        held = np.bincount(ids, minlength=self.size)  # a stem's postings name a chunk once
        scores[held < min(min_stems, len(wanted))] = 0.0
        return self._top(scores, wanted, spans, limit, per_file)

    def _top(self, scores: np.ndarray, wanted: list[tuple[str, int]], spans: list[slice], limit: int,
             per_file: int | None) -> list[Match]:
        """The best-scoring chunks, ties in chunk order, at most ``per_file`` of a file."""
        found = np.flatnonzero(scores > 0)
        order = found[np.lexsort((found, -scores[found]))]
        out: list[Match] = []
        per: dict[int, int] = {}
        for number in order.tolist():
            file = int(self._owners[number, 0])
            if per_file is not None and per.get(file, 0) >= per_file:
                continue
            per[file] = per.get(file, 0) + 1
            out.append(Match(self.chunk(number), float(scores[number]), self._held(number, wanted, spans)))
            if len(out) == limit:
                break
        return out

    def _held(self, number: int, wanted: list[tuple[str, int]], spans: list[slice]) -> tuple[str, ...]:
        """The stems of a question that one chunk holds (each stem's postings are sorted by chunk)."""
        held = []
        for (stem, _), span in zip(wanted, spans):
            postings = self._chunks[span]
            at = int(np.searchsorted(postings, number))
            if at < len(postings) and postings[at] == number:
                held.append(stem)
        return tuple(held)

    def chunk(self, number: int) -> Chunk:
        """The chunk of a chunk number."""
        file, index = self._owners[number].tolist()
        return self._locate(file, index)


# ---------------------------------------------------------------------------------------------
# Counting: one file at a time, into (stem id << 32 | chunk index) keys and their counts.


@dataclass(frozen=True, slots=True)
class _FileWords:
    """One file's counts: a key per (stem, chunk) pair, sorted, with how often the stem occurs there."""

    keys: np.ndarray
    counts: np.ndarray
    chunks: int
    """Chunks of the file (those that hold no word too)."""
    voters: np.ndarray


class _Counter:
    """Count files' stems per chunk, giving each new stem the next id of a shared vocabulary."""

    def __init__(self, vocabulary: dict[str, int] | None = None) -> None:
        self.vocabulary: dict[str, int] = vocabulary if vocabulary is not None else {}
        self._stems = _Stems()
        self._ids: dict[str, tuple[int, ...]] = {}

    def file(self, rows: Sequence[ChunkRow], text: str) -> _FileWords:
        """Count one file's stems in the chunks that own its lines."""
        known = self._ids
        ids: list[int] = []
        owners: list[int] = []
        sizes: list[int] = []
        for owner, run in _runs(rows, text):
            words = _TOKEN.findall(run)
            for word in set(words).difference(known):
                known[word] = tuple(self.vocabulary.setdefault(s, len(self.vocabulary)) for s in self._stems.of(word))
            before = len(ids)
            ids.extend(chain.from_iterable(map(known.__getitem__, words)))
            owners.append(owner)
            sizes.append(len(ids) - before)
        keys = np.array(ids, np.int64) << 32 | np.repeat(np.array(owners, np.int64), sizes)
        unique, counts = np.unique(keys, return_counts=True)
        return _FileWords(unique, counts.astype(np.int32), len(rows), np.array(_voters(rows), np.int8))


def _runs(rows: Sequence[ChunkRow], text: str) -> Iterator[tuple[int, str]]:
    """Split a file's text into runs of lines one chunk owns: its smallest chunk, definitions over
    windows (as :class:`~maguyva_tui.core.parsing.chunks.ChunkMap` paints them)."""
    if not rows:
        return
    lines = text.split("\n")
    owner = np.full(len(lines) + 1, -1, np.int64)
    for i in sorted(range(len(rows)), key=lambda i: (rows[i][2] != "window", rows[i][0] - rows[i][1], rows[i][0])):
        owner[rows[i][0] - 1 : rows[i][1]] = i
    owner = owner[: len(lines)]
    starts = np.zeros(len(lines) + 1, np.int64)
    np.cumsum(np.fromiter(map(len, lines), np.int64, len(lines)) + 1, out=starts[1:])
    starts_at = starts.tolist()
    edges = (np.flatnonzero(np.diff(owner)) + 1).tolist()
    for lo, hi in zip([0, *edges], [*edges, len(lines)]):
        if owner[lo] >= 0:
            yield int(owner[lo]), text[starts_at[lo] : starts_at[hi]]


def _voters(rows: Sequence[ChunkRow]) -> list[bool]:
    """Whether each chunk may be voted for: functions and definitions holding no other (a class's
    own lines are its header and fields; its methods answer for what it does); windows only in a
    file without definitions (a document, a configuration): beside definitions they hold imports
    and module glue, whose words are everyone's."""
    windows = [row[2] == "window" for row in rows]
    votes = [not window or all(windows) for window in windows]
    order = sorted((i for i in range(len(rows)) if not windows[i]), key=lambda i: (rows[i][0], -rows[i][1]))
    for here, after in zip(order, order[1:]):
        if rows[here][2] not in FUNCTION_KINDS and rows[after][0] <= rows[here][1]:
            votes[here] = False
    return votes


# ---------------------------------------------------------------------------------------------
# Inverting: the files' counts into postings sorted by stem, then chunk.


@dataclass(frozen=True, slots=True)
class _Inverted:
    """The postings of a generation and the per-file counts they were made from."""

    index: ChunkIndex
    files: list[_FileWords]


def _invert(vocabulary: dict[str, int], files: list[_FileWords], locate: Callable[[int, int], Chunk]) -> _Inverted:
    """Number every file's chunks in turn and invert the counts into postings with term factors."""
    bases = np.cumsum([0] + [f.chunks for f in files])
    sizes = [len(f.keys) for f in files]
    keys = np.concatenate([f.keys for f in files]) if files else np.zeros(0, np.int64)
    counts = np.concatenate([f.counts for f in files]).astype(np.float64) if files else np.zeros(0)
    chunks = (keys & 0xFFFFFFFF) + np.repeat(bases[:-1], sizes)
    stems = keys >> 32
    order = np.lexsort((chunks, stems))
    stems, chunks, counts = stems[order], chunks[order], counts[order]
    n_chunks = int(bases[-1])
    lengths = np.bincount(chunks, counts, n_chunks)
    average = float(lengths[lengths > 0].mean()) if np.any(lengths > 0) else 1.0
    factors = (counts * (K1 + 1) / (counts + K1 * (1 - B + B * lengths[chunks] / average))).astype(np.float32)
    offsets = np.searchsorted(stems, np.arange(len(vocabulary) + 1)).astype(np.int64)
    owners = np.zeros((n_chunks, 2), np.int32)
    owners[:, 0] = np.repeat(np.arange(len(files)), [f.chunks for f in files])
    owners[:, 1] = np.arange(n_chunks) - np.repeat(bases[:-1], [f.chunks for f in files])
    voters = np.concatenate([f.voters for f in files]).astype(np.float64) if files else np.zeros(0)
    index = ChunkIndex(vocabulary.get, offsets, chunks.astype(np.int32), factors, owners, voters, locate)
    return _Inverted(index, files)


def _chunk_rows(snapshot: Snapshot, path: str) -> Sequence[ChunkRow]:
    """A file's chunk rows as stored (no file's facts decoded)."""
    row = snapshot.facts.rows.get(path)
    return row[1] if row is not None else ()


def _locator(snapshot: Snapshot, paths: Sequence[str]) -> Callable[[int, int], Chunk]:
    """Make a chunk from a file number (into ``paths``) and its index among the file's chunk rows."""

    def locate(file: int, index: int) -> Chunk:
        path = paths[file]
        return Chunk(path, *_chunk_rows(snapshot, path)[index])

    return locate


# ---------------------------------------------------------------------------------------------
# On disk: the ``words_*`` files of a generation (:mod:`~maguyva_tui.core.store.words`).

@dataclass(frozen=True, slots=True)
class StoredFile:
    """A file of a generation being written, as the index needs it."""

    path: str
    doc_id: int
    rows: Sequence[ChunkRow]
    """Its chunk rows."""
    text: Callable[[], str]
    """Its text, read only when its counts are not reused."""
    reused: bool
    """Whether it is unchanged since the previous generation (its counts can be copied)."""


def save_generation(folder: Path, files: Iterable[StoredFile], previous: Path | None) -> None:
    """Write a generation's index into its folder: the counts of unchanged files copied from the
    previous generation's folder (when it has them), the others counted, the postings inverted."""
    old = _previous_counts(previous)
    counter = _Counter(dict(old.vocabulary) if old is not None else None)
    kept: list[StoredFile] = list(files)
    counted = [old.get(f.doc_id) if old is not None and f.reused else None for f in kept]
    words = [found if found is not None else counter.file(f.rows, f.text()) for f, found in zip(kept, counted)]
    inverted = _invert(counter.vocabulary, words, lambda file, index: Chunk(kept[file].path, *kept[file].rows[index]))
    _save(folder, counter.vocabulary, [f.doc_id for f in kept], inverted)


def _save(folder: Path, vocabulary: dict[str, int], docs: list[int], inverted: _Inverted) -> None:
    index, files = inverted.index, inverted.files
    stored = StoredWords(
        stems=list(vocabulary),
        docs=np.array(docs, np.int64),
        file_keys=np.concatenate([f.keys for f in files]) if files else np.zeros(0, np.int64),
        file_starts=np.cumsum([0] + [len(f.keys) for f in files]).astype(np.int64),
        file_counts=np.concatenate([f.counts for f in files]) if files else np.zeros(0, np.int32),
        file_chunks=np.array([f.chunks for f in files], np.int64),
        file_voters=np.concatenate([f.voters for f in files]) if files else np.zeros(0, np.int8),
        offsets=index._offsets, chunks=index._chunks, factors=index._factors, owners=index._owners,
        order=np.array(sorted(range(len(vocabulary)), key=list(vocabulary).__getitem__), np.int64),
    )
    save_words(folder, stored)


@dataclass(frozen=True, slots=True)
class _Previous:
    """The previous generation's per-file counts, by document id."""

    vocabulary: dict[str, int]
    stored: StoredWords
    at: dict[int, int]
    """Document id -> file number."""
    bases: np.ndarray
    """Per file number, the number of its first chunk."""

    def get(self, doc_id: int) -> _FileWords | None:
        """A file's stored counts, or ``None`` when the previous generation does not hold it."""
        file = self.at.get(doc_id)
        if file is None:
            return None
        w = self.stored
        lo, hi = int(w.file_starts[file]), int(w.file_starts[file + 1])
        base, chunks = int(self.bases[file]), int(w.file_chunks[file])
        return _FileWords(np.array(w.file_keys[lo:hi]), np.array(w.file_counts[lo:hi]), chunks,
                          np.array(w.file_voters[base : base + chunks]))


def _previous_counts(previous: Path | None) -> _Previous | None:
    """Open the previous generation's counts for reuse; ``None`` when it has none that read cleanly."""
    if previous is None:
        return None
    try:
        stored = load_words(previous)
    except IndexUnavailable:
        return None
    bases = np.cumsum(np.concatenate([[0], stored.file_chunks]))
    at = {doc: i for i, doc in enumerate(stored.docs.tolist())}
    return _Previous(_ids(stored), stored, at, bases)


def _load(snapshot: Snapshot) -> ChunkIndex:
    """Open a generation's stored index over its snapshot; IndexUnavailable when it cannot be used."""
    assert snapshot.generation is not None
    stored = load_words(snapshot.generation)
    try:
        paths = [snapshot.by_id[doc].path for doc in stored.docs.tolist()]
    except KeyError:
        raise IndexUnavailable("the chunk index names files its generation does not hold") from None
    return ChunkIndex(partial(find_stem, stored), stored.offsets, stored.chunks, stored.factors, stored.owners,
                      stored.file_voters.astype(np.float64), _locator(snapshot, paths))


def _ids(stored: StoredWords) -> dict[str, int]:
    """Each stored stem's id."""
    stems = stored.stems if isinstance(stored.stems, list) else stored.stems.all()
    return {stem: i for i, stem in enumerate(stems)}
