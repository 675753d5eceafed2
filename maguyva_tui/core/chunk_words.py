"""Counting the words of every chunk, and keeping the counts with each generation (``words_*`` files).

Each file's stems are counted per chunk (:func:`_runs` gives every line to its smallest chunk),
as ``stem id << 32 | chunk index`` keys with their counts; a generation's counts are inverted into
the postings of a :class:`~maguyva_tui.core.bm25.ChunkIndex`, each entry carrying its BM25 term
factor. :func:`save_generation` writes both with a generation (:mod:`~maguyva_tui.core.store.words`):
the counts of the files a refresh did not change are copied from the previous generation, so an
update costs the changed files' counting and one inversion (sympy, 40,000 chunks: 0.3 s of CPU);
the first build of sympy counts 29 MB of text (about 4.7 s of CPU, while the graph builds in a
process of its own).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from maguyva_tui.core.bm25 import K1, WORD, B, ChunkIndex, Stems
from maguyva_tui.core.parsing.walker import FUNCTION_KINDS
from maguyva_tui.core.store.file_table import DOC, FileTable
from maguyva_tui.core.store.format import IndexUnavailable
from maguyva_tui.core.store.records import StoredRecords, decode_records
from maguyva_tui.core.store.words import StoredWords, find_stem, load_words, save_words
from maguyva_tui.core.types import Chunk

if TYPE_CHECKING:
    from maguyva_tui.core.store.snapshot import Snapshot

ChunkRow = tuple[Any, ...]
"""A chunk as the facts store it: (start line, end line, kind, symbol, language)."""


def open_index(snapshot: Snapshot) -> ChunkIndex:
    """Open the chunk index a generation was written with; build it from the stored text when the
    generation has none (a snapshot made in memory) or it cannot be read."""
    if snapshot.generation is not None:
        try:
            return _load(snapshot)
        except IndexUnavailable:
            pass
    return build_index(snapshot)


def build_index(snapshot: Snapshot) -> ChunkIndex:
    """Count every chunk's stems over a generation's stored text, in memory."""
    counter = _Counter()
    paths = sorted(snapshot.files)
    words = [counter.file(_chunk_rows(snapshot, p), snapshot.text(p)) for p in paths]
    return _invert(counter.vocabulary, words, _locator(snapshot, paths.__getitem__)).index


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
        self._stems = Stems()
        self._ids: dict[str, tuple[int, ...]] = {}

    def file(self, rows: Sequence[ChunkRow], text: str) -> _FileWords:
        """Count one file's stems in the chunks that own its lines."""
        known = self._ids
        ids: list[int] = []
        owners: list[int] = []
        sizes: list[int] = []
        for owner, run in _runs(rows, text):
            words = WORD.findall(run)
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
    offsets: np.ndarray
    chunks: np.ndarray
    factors: np.ndarray
    owners: np.ndarray


def _invert(vocabulary: dict[str, int], files: list[_FileWords],
            locate: Callable[[list[int], list[int]], list[Chunk]]) -> _Inverted:
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
    chunks32 = chunks.astype(np.int32)
    index = ChunkIndex(vocabulary.get, offsets, chunks32, factors, owners, voters, locate)
    return _Inverted(index, files, offsets, chunks32, factors, owners)


def _chunk_rows(snapshot: Snapshot, path: str) -> Sequence[ChunkRow]:
    """A file's chunk rows as stored (no file's facts decoded)."""
    row = snapshot.facts.rows.get(path)
    return row[1] if row is not None else ()


def _locator(snapshot: Snapshot, path_of: Callable[[int], str]) -> Callable[[list[int], list[int]], list[Chunk]]:
    """Make chunks from file numbers (``path_of`` gives their paths) and their indexes among the
    files' chunk rows: the rows of stored records gathered and decoded together (a file's other
    rows are not decoded, and each string column is decoded once for all the chunks)."""

    def locate(files: list[int], indexes: list[int]) -> list[Chunk]:
        paths = [path_of(file) for file in files]
        rows = {path: _chunk_rows(snapshot, path) for path in paths}
        return [Chunk(path, *row) for path, row in zip(paths, _rows_at([rows[p] for p in paths], indexes))]

    return locate


def _rows_at(rows: list[Sequence[ChunkRow]], indexes: list[int]) -> Sequence[ChunkRow]:
    """Row ``indexes[k]`` of each ``rows[k]``: of one stored table, its rows gathered and decoded
    in one go; otherwise one by one."""
    first = rows[0] if rows else None
    if isinstance(first, StoredRecords) and all(
            isinstance(r, StoredRecords) and r.table is first.table and r.strings is first.strings
            and r.schema == first.schema for r in rows):
        at = []
        for records, index in zip(rows, indexes):
            assert isinstance(records, StoredRecords)
            if not -len(records) <= index < len(records):
                raise IndexError(index)
            at.append((records.start if index >= 0 else records.end) + index)
        return decode_records(first.table[np.array(at, np.int64)], first.schema, first.strings)
    return [r[index] for r, index in zip(rows, indexes)]


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
    inverted = _invert(counter.vocabulary, words, lambda files, indexes: [
        Chunk(kept[f].path, *kept[f].rows[i]) for f, i in zip(files, indexes)])
    _save(folder, counter.vocabulary, [f.doc_id for f in kept], inverted)


def _save(folder: Path, vocabulary: dict[str, int], docs: list[int], inverted: _Inverted) -> None:
    files = inverted.files
    stored = StoredWords(
        stems=list(vocabulary),
        docs=np.array(docs, np.int64),
        file_keys=np.concatenate([f.keys for f in files]) if files else np.zeros(0, np.int64),
        file_starts=np.cumsum([0] + [len(f.keys) for f in files]).astype(np.int64),
        file_counts=np.concatenate([f.counts for f in files]) if files else np.zeros(0, np.int32),
        file_chunks=np.array([f.chunks for f in files], np.int64),
        file_voters=np.concatenate([f.voters for f in files]) if files else np.zeros(0, np.int8),
        offsets=inverted.offsets, chunks=inverted.chunks, factors=inverted.factors, owners=inverted.owners,
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
    return ChunkIndex(partial(find_stem, stored), stored.offsets, stored.chunks, stored.factors, stored.owners,
                      stored.file_voters.astype(np.float64), _locator(snapshot, _doc_paths(snapshot, stored.docs)))


def _doc_paths(snapshot: Snapshot, docs: np.ndarray) -> Callable[[int], str]:
    """The path of each stored file number (``docs`` holds their document ids); IndexUnavailable
    when a document is not the generation's. Over a mapped file table the ids are matched as
    columns (no entry made for each of 100,000 files): the same order as the table's at once, else
    by one sort."""
    files = snapshot.manifest.files
    if not isinstance(files, FileTable):
        try:
            paths = [snapshot.by_id[doc].path for doc in docs.tolist()]
        except KeyError:
            raise IndexUnavailable("the chunk index names files its generation does not hold") from None
        return paths.__getitem__
    held = np.asarray(files.table[:, DOC], np.int64)
    table_paths = files.paths
    if len(held) == len(docs) and np.array_equal(held, docs):
        return table_paths.__getitem__
    order = np.argsort(held, kind="stable")
    at = np.searchsorted(held[order], docs)
    inside = at < len(held)
    if not inside.all() or not np.array_equal(held[order[at]], docs):
        raise IndexUnavailable("the chunk index names files its generation does not hold")
    positions = order[at].tolist()
    return lambda file: table_paths[positions[file]]


def _ids(stored: StoredWords) -> dict[str, int]:
    """Each stored stem's id."""
    stems = stored.stems if isinstance(stored.stems, list) else stored.stems.all()
    return {stem: i for i, stem in enumerate(stems)}
