"""Counting the words of every chunk, and keeping the counts with each generation (``words_*`` files).

Each file's stems are counted per chunk (:func:`_runs` gives every line to its smallest chunk),
as ``stem id << 32 | chunk index`` keys with their counts; a generation's counts are inverted into
the postings of a :class:`~maguyva_tui.core.bm25.ChunkIndex`, each entry carrying its count (a
question works the BM25 term factors out from them). :func:`save_generation` writes them with a generation
(:mod:`~maguyva_tui.core.store.words`): the postings of the files a refresh did not change are
copied from the previous generation's (their chunks renumbered), so an update costs the changed
files' counting and one inversion (sympy, 40,000 chunks: 0.3 s of CPU);
the first build of sympy counts 29 MB of text (about 4.7 s of CPU, while the graph builds in a
process of its own).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import chain, filterfalse
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from maguyva_tui.core.bm25 import WORD, ChunkIndex, Stems
from maguyva_tui.core.heap import release
from maguyva_tui.core.lazy_pattern import lazy
from maguyva_tui.core.parsing.chunks import FUNCTION_KINDS
from maguyva_tui.core.store.arrays import PathIndex, Strings, save_strings
from maguyva_tui.core.store.facts_files import SCHEMAS, StoredRows
from maguyva_tui.core.store.file_table import DOC, FileTable
from maguyva_tui.core.store.format import IndexUnavailable
from maguyva_tui.core.store.records import NULL_INT, StoredRecords, decode_records
from maguyva_tui.core.store.words import STEMS, StoredWords, count_type, find_stem, load_words, save_part
from maguyva_tui.core.types import Chunk, fast_constructor

if TYPE_CHECKING:
    from maguyva_tui.core.store.snapshot import Snapshot

ChunkRow = tuple[Any, ...]
"""A chunk as the facts store it: (start line, end line, kind, symbol, language)."""
if SCHEMAS[1] != "iisss":
    raise TypeError("the stored chunk rows are no longer (start, end, kind, symbol, language): update _ChunkColumns")
_new_chunk = fast_constructor(Chunk)


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
    counts = _Counts.of(counter.file(_chunk_rows(snapshot, p), snapshot.text(p)) for p in paths)
    inverted = _invert(len(counter.vocabulary), counts)
    vocabulary = counter.vocabulary
    return inverted.index(vocabulary.get, counts, _locator(snapshot, paths.__getitem__),
                          lambda: sorted(vocabulary, key=vocabulary.__getitem__))  # by id


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

    def forget_words(self) -> None:
        """Let go of what was learnt of each distinct word (its stems; the vocabulary stays): on a
        450 MB corpus, millions of words held through the inversion, which needs none of them."""
        self._stems = Stems()
        self._ids = {}

    def file(self, rows: Sequence[ChunkRow], text: str) -> _FileWords:
        """Count one file's stems in the chunks that own its lines."""
        rows = tuple(rows)  # read by index below, each row several times: a stored table's __getitem__ had cost a third
        known = self._ids
        ids: list[int] = []
        owners: list[int] = []
        sizes: list[int] = []
        holders = _holders(rows)
        documented: set[int] = set()  # holders with a docstring: its words alone are theirs
        seen: set[int] = set()
        for owner, run in _runs(rows, text):
            if owner in holders:
                if owner not in seen:  # its header's run
                    seen.add(owner)
                    doc = docstring(run)
                    if doc:
                        documented.add(owner)
                        run = doc
                elif owner in documented:
                    continue  # its lines after a method
            words = WORD.findall(run)
            # first seen, first numbered: a set's order (by string hash) had numbered the stems
            # differently in every process, and the stored stems and postings with them
            for word in filterfalse(known.__contains__, dict.fromkeys(words)):  # the check in C, each word once
                stems = self._stems.unremembered(word)  # kept here, once per word, as ids
                known[word] = tuple(self.vocabulary.setdefault(s, len(self.vocabulary)) for s in stems)
            before = len(ids)
            ids.extend(chain.from_iterable(map(known.__getitem__, words)))
            owners.append(owner)
            sizes.append(len(ids) - before)
        keys = np.array(ids, np.int64) << 32 | np.repeat(np.array(owners, np.int64), sizes)
        unique, counts = np.unique(keys, return_counts=True)
        return _FileWords(unique, counts.astype(np.int32), len(rows), np.array(_voters(rows, documented), np.int8))


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


def _voters(rows: Sequence[ChunkRow], documented: Iterable[int] = ()) -> list[bool]:
    """Whether each chunk may be voted for: functions and definitions holding no other; a class
    holding methods only when it has a docstring (``documented``), by its words alone; windows
    only in a file without definitions (a document, a configuration): beside definitions they hold
    imports and module glue, whose words are everyone's."""
    windows = [row[2] == "window" for row in rows]
    votes = [not window or all(windows) for window in windows]
    for here in _holders(rows).difference(documented):
        votes[here] = False
    return votes


def _holders(rows: Sequence[ChunkRow]) -> set[int]:
    """The definitions other than functions that hold another definition (a class holding methods,
    a Go interface, a Rust impl). Their own lines are their header and fields, whose words are
    their methods' too: voting with them put Go structs and Rust impls above the answer (gin's "how
    validators are plugged in for struct binding"). A docstring is often the only text saying
    what a class is for (cachecontrol's ``SeparateBodyBaseCache``, "the body is not stored mixed in
    with the metadata"): a holder that has one is counted by its words alone, and voted for. One
    that has none keeps its words (what a stem's rarity is counted over stays) and no vote."""
    order = sorted((i for i in range(len(rows)) if rows[i][2] != "window"), key=lambda i: (rows[i][0], -rows[i][1]))
    return {here for here, after in zip(order, order[1:])
            if rows[here][2] not in FUNCTION_KINDS and rows[after][0] <= rows[here][1]}


_HEADER_END = lazy(r":[ \t]*(?:#[^\n]*)?$")
"""A line ending a Python header (``class Cache(Base):``, a comment after it)."""
_DOC_OPEN = lazy(r"[rRuUbB]{0,2}(\"\"\"|'''|\"|')")


def docstring(run: str) -> str:
    """The docstring of a definition's first lines (its header, then a string literal as the first
    statement of its body, as Python writes one); "" when it has none."""
    lines = run.split("\n")
    end = next((i for i, line in enumerate(lines) if _HEADER_END.search(line)), None)
    if end is None:
        return ""
    rest = "\n".join(lines[end + 1 :]).lstrip()
    opened = _DOC_OPEN.match(rest)
    if opened is None:
        return ""
    quote = opened.group(1)
    body = rest[opened.end() :]
    if len(quote) == 1:
        body = body.split("\n", 1)[0]
    close = body.find(quote)
    return body if close < 0 else body[:close]


# ---------------------------------------------------------------------------------------------
# Inverting: the files' counts into postings sorted by stem, then chunk.


@dataclass(frozen=True, slots=True)
class _Counts:
    """Every file's counts, concatenated in file order: what is saved as each file's own counts,
    and what the postings are inverted from (one copy, not a list of small arrays beside it)."""

    keys: np.ndarray
    """``stem id << 32 | chunk index in its file``, each file's sorted."""
    counts: np.ndarray
    """How often the stem occurs in the chunk (int32)."""
    starts: np.ndarray
    """Where each file's keys start (one more than files)."""
    chunks: np.ndarray
    """Chunks per file."""
    voters: np.ndarray
    """Per chunk of every file in turn, whether a question may vote for it."""

    @classmethod
    def of(cls, files: Iterable[_FileWords]) -> _Counts:
        """Concatenate files' counts, a group at a time, each group appended to arrays grown in
        place (no more than a group's small arrays beside the whole, and no second copy of the
        whole where the groups were joined at the end: 20 bytes a pair at that moment, now 12)."""
        keys, counts, voters = _Growing(np.int64), _Growing(np.int32), _Growing(np.int8)
        sizes: list[int] = []
        chunks: list[int] = []
        group: list[_FileWords] = []
        held = 0
        for words in chain(files, [None]):
            if words is not None:
                group.append(words)
                held += len(words.keys)
                sizes.append(len(words.keys))
                chunks.append(words.chunks)
            if group and (words is None or held >= _GROUP_PAIRS):
                keys.extend([w.keys for w in group])
                counts.extend([w.counts for w in group])
                voters.extend([w.voters for w in group])
                group, held = [], 0
        return cls(keys.array(), counts.array(), np.cumsum([0, *sizes]).astype(np.int64), np.array(chunks, np.int64),
                   voters.array())


class _Growing:
    """An array appended to in place: grown by ``realloc`` (large blocks are remapped, not copied),
    a quarter more each time it is full, and cut to its length at the end. The heap's free memory
    is handed back to the system each time it grows (a block the heap held is moved where it
    grows, its old room left free amid the heap): about 36 MB of the 150 MB corpus's counting,
    its peak then, 18 trims in 40 ms."""

    def __init__(self, dtype: type[np.generic]) -> None:
        self._data = np.zeros(0, dtype)
        self._size = 0

    def extend(self, parts: list[np.ndarray]) -> None:
        """Append these parts, in order."""
        more = sum(map(len, parts))
        if self._size + more > len(self._data):
            self._data.resize(max(self._size + more, len(self._data) + len(self._data) // 4), refcheck=False)
            release()
        for part in parts:
            self._data[self._size : self._size + len(part)] = part
            self._size += len(part)

    def array(self) -> np.ndarray:
        """What was appended (the array cut to it, in place)."""
        data, self._data = self._data, self._data[:0].copy()
        data.resize(self._size, refcheck=False)
        return data


_GROUP_PAIRS = 1 << 20
"""Pairs of files' counts gathered before they are joined (and the pairs inverted at once)."""

_PACKED_BITS = 64
"""The bits of a packed (stem, chunk, count) pair."""


@dataclass(frozen=True, slots=True)
class _Inverted:
    """The postings of a generation."""

    offsets: np.ndarray
    chunks: np.ndarray
    counts: np.ndarray
    """Each posting's count (the narrowest unsigned type that holds them)."""
    lengths: np.ndarray
    """Per chunk number, its counts summed."""
    owners: np.ndarray

    def index(self, vocabulary: Callable[[str], int | None], counts: _Counts,
              locate: Callable[[list[int], list[int]], list[Chunk]],
              stems: Callable[[], Sequence[str]] | None = None) -> ChunkIndex:
        """The postings as a chunk index searched in memory."""
        return ChunkIndex(vocabulary, self.offsets, self.chunks, self.counts, self.lengths, self.owners,
                          counts.voters.astype(np.float64), locate, stems)


def _invert(stems: int, counts: _Counts | list[_Counts], kept: _Kept | None = None) -> _Inverted:
    """Number every file's chunks in turn and invert the counts into postings, sorted by stem, then
    chunk, with each chunk's length; with ``kept``, the previous generation's postings of the files
    kept unchanged join them (their chunks renumbered; those files have no pairs in ``counts``).
    Counts given in a list are taken from it, and their pairs let go once packed (where the caller
    keeps no other reference): 16 bytes a pair at the peak, not 28.

    Each (stem, chunk, count) is packed into one ``uint64`` (the fields' widths as large as this
    generation needs) and the pairs sorted in place: 8 bytes a pair beside the counts, where
    sorting the stems, chunks and counts as columns by a permutation took about 60. A stem and a
    chunk make each pair distinct, so the order is that of sorting by stem, then chunk, whatever
    the count; when the three fields do not fit in 64 bits, the count is carried by a permutation."""
    if isinstance(counts, list):
        counts = counts.pop()
    files = len(counts.chunks)
    bases = np.zeros(files + 1, np.int64)
    np.cumsum(counts.chunks, out=bases[1:])
    n_chunks = int(bases[-1])
    top = int(counts.counts.max()) if len(counts.counts) else 0
    old_total = 0
    if kept is not None:
        top = max(top, int(kept.stored.counts.max()) if len(kept.stored.counts) else 0)
        old_total = kept.postings()
    chunk_bits = max(n_chunks.bit_length(), 1)
    count_bits = max(top.bit_length(), 1)
    stem_bits = max(stems.bit_length(), 1)
    packed = stem_bits + chunk_bits + count_bits <= _PACKED_BITS
    shift = chunk_bits + (count_bits if packed else 0)
    new_total = len(counts.keys)
    pairs = np.empty(new_total + old_total, np.uint64)
    tf: np.ndarray | None = None if packed else np.empty(len(pairs), np.uint32)
    for lo, hi, first, last in _file_blocks(counts.starts):
        keys = counts.keys[lo:hi]
        chunk = (keys & 0xFFFFFFFF) + np.repeat(bases[first:last], np.diff(counts.starts[first : last + 1]))
        block = (keys >> 32).astype(np.uint64) << np.uint64(shift)
        block |= chunk.astype(np.uint64) << np.uint64(shift - chunk_bits)
        if packed:
            block |= counts.counts[lo:hi].astype(np.uint64)
        else:
            tf[lo:hi] = counts.counts[lo:hi]  # type: ignore[index]
        pairs[lo:hi] = block
        del keys, chunk, block
    if kept is not None:
        at = new_total
        for stem, chunk, count in kept.blocks():
            block = stem.astype(np.uint64) << np.uint64(shift)
            block |= chunk.astype(np.uint64) << np.uint64(shift - chunk_bits)
            if packed:
                block |= count.astype(np.uint64)
            else:
                tf[at : at + len(block)] = count  # type: ignore[index]
            pairs[at : at + len(block)] = block
            at += len(block)
            del stem, chunk, count, block
        assert at == len(pairs)
    counts = _without_pairs(counts)
    if packed:
        pairs.sort()
    else:
        order = np.argsort(pairs, kind="stable")
        pairs = pairs[order]
        tf = tf[order]  # type: ignore[index]
        del order
    offsets = np.searchsorted(pairs, np.arange(stems + 1, dtype=np.uint64) << np.uint64(shift)).astype(np.int64)
    chunk_mask = np.uint64((1 << chunk_bits) - 1)
    count_mask = np.uint64((1 << count_bits) - 1)
    chunks32 = np.empty(len(pairs), np.int32)
    tf_out = np.empty(len(pairs), count_type(top))
    lengths = np.zeros(n_chunks, np.float64)
    for lo in range(0, len(pairs), _GROUP_PAIRS):
        block = pairs[lo : lo + _GROUP_PAIRS]
        chunks32[lo : lo + len(block)] = (block >> np.uint64(shift - chunk_bits)) & chunk_mask
        weights = (block & count_mask) if packed else tf[lo : lo + len(block)]  # type: ignore[index]
        tf_out[lo : lo + len(block)] = weights
        lengths += np.bincount(chunks32[lo : lo + len(block)], weights.astype(np.float64), n_chunks)
    del pairs, tf
    owners = np.zeros((n_chunks, 2), np.int32)
    owners[:, 0] = np.repeat(np.arange(files), counts.chunks)
    owners[:, 1] = np.arange(n_chunks) - np.repeat(bases[:-1], counts.chunks)
    return _Inverted(offsets, chunks32, tf_out, lengths.astype(np.uint64), owners)


def _without_pairs(counts: _Counts) -> _Counts:
    """The counts less their pairs (keys and counts), which go unless held elsewhere."""
    return replace(counts, keys=np.zeros(0, np.int64), counts=np.zeros(0, np.int32))


def _file_blocks(starts: np.ndarray) -> Iterator[tuple[int, int, int, int]]:
    """Runs of whole files of about :data:`_GROUP_PAIRS` pairs: (first pair, end pair, first file,
    end file)."""
    files = len(starts) - 1
    first = 0
    while first < files:
        last = int(np.searchsorted(starts, starts[first] + _GROUP_PAIRS, side="right")) - 1
        last = min(max(last, first + 1), files)
        yield int(starts[first]), int(starts[last]), first, last
        first = last


def _chunk_rows(snapshot: Snapshot, path: str) -> Sequence[ChunkRow]:
    """A file's chunk rows as stored (no file's facts decoded)."""
    row = snapshot.facts.rows.get(path)
    return row[1] if row is not None else ()


def _locator(snapshot: Snapshot, path_of: Callable[[int], str]) -> Callable[[list[int], list[int]], list[Chunk]]:
    """Make chunks from file numbers (``path_of`` gives their paths) and their indexes among the
    files' chunk rows: the rows of stored records gathered and decoded together (a file's other
    rows are not decoded, and each string column is decoded once for all the chunks)."""

    columns: list[_ChunkColumns | None] = []

    def locate(files: list[int], indexes: list[int]) -> list[Chunk]:
        paths = [path_of(file) for file in files]
        if not columns:  # the facts read when first asked, not when the index opens
            stored = getattr(snapshot.facts, "rows", None)
            columns.append(_ChunkColumns(*stored.chunk_columns()) if isinstance(stored, StoredRows) else None)
        found = columns[0]
        if found is not None:
            return [_new_chunk(path, *row) for path, row in zip(paths, found.rows_at(paths, indexes))]
        rows = {path: _chunk_rows(snapshot, path) for path in paths}
        return [Chunk(path, *row) for path, row in zip(paths, _rows_at([rows[p] for p in paths], indexes))]

    return locate


@dataclass(frozen=True, slots=True)
class _ChunkColumns:
    """Every stored file's chunk rows as one table (:meth:`StoredRows.chunk_columns`): a hit's row
    read from its file's first row, not from the file's whole stored row (its language looked up
    and four record parts made: 15-20 µs a file)."""

    table: np.ndarray
    begins: np.ndarray
    """The row each file's chunks begin at (one more than the files)."""
    strings: Strings
    index: PathIndex

    def rows_at(self, paths: list[str], indexes: list[int]) -> list[ChunkRow]:
        """Row ``indexes[k]`` of file ``paths[k]``'s chunk rows, as :func:`decode_records` reads
        them (an index out of a file's rows, or a file not stored, is IndexError, as a stored
        row's ``[index]``): the rows' cells listed at once and their strings picked together (a
        page of BM25 hits made 15 numpy calls, 25 µs a shard)."""
        at = []
        begins = self.begins
        for path, index in zip(paths, indexes):
            i = self.index.get(path)
            if i is None:
                raise IndexError(index)
            start, end = int(begins[i]), int(begins[i + 1])
            if not -(end - start) <= index < end - start:
                raise IndexError(index)
            at.append((start if index >= 0 else end) + index)
        if not at:
            return []
        picked = self.table[np.array(at, np.int64)]
        texts = self.strings.pick(picked[:, 2:5].ravel())
        return [(None if start == NULL_INT else start, None if end == NULL_INT else end, *texts[3 * j : 3 * j + 3])
                for j, (start, end) in enumerate(picked[:, :2].tolist())]


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
    """Write a generation's index into its folder: the postings of unchanged files copied from the
    previous generation's folder (when it has them), the other files counted, and all inverted.

    Files are counted as they come (a file's chunk rows and text are not kept once counted), and
    their counts are held once, concatenated (:class:`_Counts`)."""
    old = _previous_words(previous)
    counter = _Counter(dict(old.vocabulary) if old is not None else None)
    docs: list[int] = []
    reused: list[tuple[int, int]] = []  # (file number here, file number in the previous generation)

    def count(f: StoredFile) -> _FileWords:
        found = old.get(f.doc_id) if old is not None and f.reused else None
        if found is not None:
            reused.append((len(docs), found[0]))
        docs.append(f.doc_id)
        return found[1] if found is not None else counter.file(f.rows, f.text())

    counts = _Counts.of(map(count, files))
    vocabulary = counter.vocabulary
    counter.forget_words()  # every distinct word's stems go before the postings are inverted beside the counts
    kept = old.kept(reused, counts.chunks) if old is not None and reused else None
    _save_files(folder, vocabulary, docs, counts)
    held = [counts]
    del counts  # the pairs go once the postings have packed them
    release()  # what the counting and the stems' writing freed amid the heap, before the inversion's peak
    _save_postings(folder, _invert(len(vocabulary), held, kept))


def _save_files(folder: Path, vocabulary: dict[str, int], docs: list[int], counts: _Counts) -> None:
    """Write the stems and each file's part (the parts of :func:`~maguyva_tui.core.store.words.save_words`
    the postings are not needed for), before the postings are inverted."""
    stems = list(vocabulary)
    save_strings(folder, STEMS, stems)
    _save_parts(folder, docs=np.array(docs, np.int64), file_chunks=counts.chunks, file_voters=counts.voters,
                order=np.array(sorted(range(len(stems)), key=stems.__getitem__), np.int64))


def _save_postings(folder: Path, inverted: _Inverted) -> None:
    """Write the postings: the rest of the parts of :func:`~maguyva_tui.core.store.words.save_words`."""
    _save_parts(folder, offsets=inverted.offsets, chunks=inverted.chunks, counts=inverted.counts,
                lengths=inverted.lengths, owners=inverted.owners)


def _save_parts(folder: Path, **parts: np.ndarray) -> None:
    """Write parts of a chunk index as :func:`~maguyva_tui.core.store.words.save_words` writes them."""
    for name, array in parts.items():
        save_part(folder, name, array)


_NO_KEYS = np.zeros(0, np.int64)
_NO_COUNTS = np.zeros(0, np.int32)


@dataclass(frozen=True, slots=True)
class _Kept:
    """The previous generation's postings, of which those of the files kept unchanged join a new
    generation's."""

    stored: StoredWords
    renumber: np.ndarray
    """Per chunk number of the previous generation, its number in the new one (-1: its file is not kept)."""

    def postings(self) -> int:
        """How many postings are kept."""
        held = np.zeros(len(self.renumber), np.int64)
        for lo in range(0, len(self.stored.chunks), _GROUP_PAIRS):
            held += np.bincount(self.stored.chunks[lo : lo + _GROUP_PAIRS], minlength=len(self.renumber))
        return int(held[self.renumber >= 0].sum())

    def blocks(self) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """The kept postings, a block at a time: (stem ids, new chunk numbers, counts)."""
        w = self.stored
        for lo in range(0, len(w.chunks), _GROUP_PAIRS):
            hi = min(lo + _GROUP_PAIRS, len(w.chunks))
            chunk = self.renumber[w.chunks[lo:hi]]
            inside = chunk >= 0
            stem = np.searchsorted(w.offsets, np.arange(lo, hi, dtype=np.int64), side="right") - 1
            yield stem[inside], chunk[inside], w.counts[lo:hi][inside]


@dataclass(frozen=True, slots=True)
class _Previous:
    """The previous generation's chunk index, its files by document id."""

    vocabulary: dict[str, int]
    stored: StoredWords
    at: dict[int, int]
    """Document id -> file number."""
    bases: np.ndarray
    """Per file number, the number of its first chunk."""

    def get(self, doc_id: int) -> tuple[int, _FileWords] | None:
        """A file's number and its part (its chunks and voters; its pairs stay in the postings), or
        ``None`` when the previous generation does not hold it."""
        file = self.at.get(doc_id)
        if file is None:
            return None
        base, chunks = int(self.bases[file]), int(self.stored.file_chunks[file])
        return file, _FileWords(_NO_KEYS, _NO_COUNTS, chunks, np.array(self.stored.file_voters[base : base + chunks]))

    def kept(self, reused: list[tuple[int, int]], chunks: np.ndarray) -> _Kept:
        """The postings kept for the ``reused`` files, (file number in the new generation, in this
        one), whose chunks the new generation counts per file in ``chunks``."""
        new_bases = np.zeros(len(chunks) + 1, np.int64)
        np.cumsum(chunks, out=new_bases[1:])
        here, there = (np.array(column, np.int64) for column in zip(*reused))
        sizes = np.asarray(self.stored.file_chunks, np.int64)[there]
        ramp = np.arange(int(sizes.sum()), dtype=np.int64) - np.repeat(np.cumsum(sizes) - sizes, sizes)
        renumber = np.full(int(self.bases[-1]), -1, np.int64)
        renumber[np.repeat(self.bases[there], sizes) + ramp] = np.repeat(new_bases[here], sizes) + ramp
        return _Kept(self.stored, renumber)


def _previous_words(previous: Path | None) -> _Previous | None:
    """Open the previous generation's chunk index for reuse; ``None`` when it has none that reads cleanly."""
    if previous is None:
        return None
    try:
        stored = load_words(previous, whole=True)  # a damaged block of its postings: counted anew
    except IndexUnavailable:
        return None
    bases = np.zeros(len(stored.file_chunks) + 1, np.int64)
    np.cumsum(stored.file_chunks, out=bases[1:])
    at = {doc: i for i, doc in enumerate(stored.docs.tolist())}
    return _Previous(_ids(stored), stored, at, bases)


def _load(snapshot: Snapshot) -> ChunkIndex:
    """Open a generation's stored index over its snapshot; IndexUnavailable when it cannot be used."""
    assert snapshot.generation is not None
    stored = load_words(snapshot.generation)
    return ChunkIndex(partial(find_stem, stored), stored.offsets, stored.chunks, stored.counts, stored.lengths, stored.owners,
                      stored.file_voters.astype(np.float64), _locator(snapshot, _doc_paths(snapshot, stored.docs)),
                      partial(_stems, stored))


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


def _stems(stored: StoredWords) -> list[str]:
    """Every stored stem, by id."""
    return stored.stems if isinstance(stored.stems, list) else stored.stems.all()


def _ids(stored: StoredWords) -> dict[str, int]:
    """Each stored stem's id."""
    stems = stored.stems if isinstance(stored.stems, list) else stored.stems.all()
    return {stem: i for i, stem in enumerate(stems)}
