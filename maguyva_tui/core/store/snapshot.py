"""A loaded, read-only generation of the index: what every retriever searches."""

from __future__ import annotations

import json
import mmap
import os
import tempfile
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeAlias, cast

import numpy as np

from maguyva_tui.core.store.arrays import Strings, damaged, member_names
from maguyva_tui.core.store.centrality import CentralityTable, load_centrality
from maguyva_tui.core.store.definitions import Definitions
from maguyva_tui.core.store.facts import FactsTable
from maguyva_tui.core.store.facts_files import SCHEMAS, StoredRows, load_facts
from maguyva_tui.core.store.file_table import FileTable, by_doc, by_path, content_end, paths_of
from maguyva_tui.core.store.format import (
    FILE_MODE,
    FileEntry,
    IndexUnavailable,
    Manifest,
    current_generation,
)
from maguyva_tui.core.store.holds import GenerationGone, hold, release
from maguyva_tui.core.store.lock import tidy
from maguyva_tui.core.store.records import decode_records
from maguyva_tui.core.store.texts import PackedTexts, PlainTexts, Texts, open_texts
from maguyva_tui.core.store.tokens import TokenIndex
from maguyva_tui.core.store.words import check_words
from maguyva_tui.core.trigram.index import TrigramIndex
from maguyva_tui.core.types import Chunk, Symbol, stored_symbol

HOLD_ATTEMPTS = 5
"""Times a reader reads ``CURRENT`` again when the generation it named went as it was opened."""

GraphOpener: TypeAlias = Callable[[Path, FactsTable], Any]
"""Reads a generation's graph file (``graph.npz``) given its facts: the graph package's
``open_graph``, passed in so that the store never imports the graph."""

TEXT_CACHE_FILES = 256
"""Decoded texts kept in memory; a search touches few files, a scan touches them once."""
SPLIT_CACHE_FILES = 256
"""Files whose lines are kept split, as many as texts are kept (a page of 100 literals spans dozens
of files: at 8, each page split them again; bench.literal_speed's 100 sympy literals, side by side,
CPU p99 79 -> 44 ms, median 12.0 -> 11.5 ms at 256)."""


class Snapshot:
    """One generation of a repository's index, opened for searching."""

    def __init__(
        self,
        root: Path,
        folder: Path,
        manifest: Manifest,
        content: bytes | mmap.mmap | PackedTexts,
        facts: FactsTable,
        trigrams: TrigramIndex,
        centrality: CentralityTable,
        graph: Any = None,
        generation: Path | None = None,
        open_graph: GraphOpener | None = None,
        tokens: TokenIndex | None = None,
        *,
        held: int | None = None,
    ) -> None:
        if generation is not None and held is None:
            try:
                held = hold(generation, written=False)  # a build's own generation, held before it is published
            except GenerationGone:
                held = None
        self._held = held
        """This process reads the generation: no writer deletes it while the snapshot lives (``holds.py``)."""
        if held is not None:
            weakref.finalize(self, release, held)
        self.root = root
        self.folder = folder
        """The repository's index folder (parent of the generations)."""
        self.manifest = manifest
        self.files: Mapping[str, FileEntry] = by_path(manifest.files)
        """Every file by path (over the mapped table: an entry is made when asked)."""
        self._by_id: Mapping[int, FileEntry] | None = None
        self.facts = facts
        self.trigrams = trigrams
        self.tokens = tokens
        """Which files hold each whole identifier (``tokens_*``), ``None`` where none was written (a
        snapshot made by hand): the text engine then reads every candidate file."""
        self.centrality = centrality
        """Centrality per symbol span, read without loading the graph."""
        self.generation = generation
        self._graph = graph
        self._open_graph = open_graph
        self._graph_lock = threading.Lock()
        self._texts_store: Texts = content if isinstance(content, PackedTexts) else PlainTexts(content)
        """The texts back to back: ``content.bin`` decompressed block by block into memory as
        questions ask for them (:mod:`~maguyva_tui.core.store.texts`), or bytes held in memory."""
        self._cache_lock = threading.Lock()
        """Questions read one snapshot from several threads: a cache's look-up and its reordering are
        one step (between them another thread may evict the entry: a KeyError)."""
        self._texts: OrderedDict[str, str] = OrderedDict()
        self._splits: OrderedDict[str, list[str]] = OrderedDict()
        self._newlines: np.ndarray | None = None
        self._symbols: list[Symbol] | None = None
        self._line_counts: dict[str, int] = {}

    @classmethod
    def load(cls, folder: Path, open_graph: GraphOpener | None = None,
             read: Callable[[Path, Manifest], None] | None = None) -> Snapshot:
        """Open the live generation of an index folder, or raise IndexUnavailable; ``open_graph``
        reads its graph when a question first needs it (without one, the graph is ``None``).
        ``read`` is told the generation and its manifest (the file table) as soon as they are read,
        before the rest is opened (``indexer.open_unchanged`` starts comparing the files' stats then)."""
        gen, held = _held_generation(folder)
        try:
            manifest = Manifest.from_json((gen / "manifest.json").read_text(), lambda digest: FileTable.load(gen, digest))
            if read is not None:
                read(gen, manifest)
            content = open_texts(gen / "content.bin")
            trigrams = TrigramIndex.load(gen)
            tokens = TokenIndex.load(gen)
            facts = load_facts(gen, _stored_paths(manifest.files))  # mapped: a file's rows decoded when read
            centrality = load_centrality(gen / "centrality.npz", _stored_paths(manifest.files))
        except IndexUnavailable:
            release(held)
            raise
        except Exception as exc:  # damaged files raise nearly anything (EOFError, IndexError, ...)
            release(held)
            raise IndexUnavailable(f"the index is corrupt ({type(exc).__name__}); rebuilding it") from None
        try:
            _check_graph(gen / "graph.npz")
            check_words(gen)
        except BaseException:
            release(held)
            raise
        snap = cls(Path(manifest.root), folder, manifest, content, facts, trigrams, centrality, None, gen, open_graph,
                   tokens, held=held)
        snap._check()
        tidy(folder)
        return snap

    @property
    def by_id(self) -> Mapping[int, FileEntry]:
        """Every file by its document id, made when a question first asks (a literal names its
        files by path: 100,000 entries need not be indexed twice to open)."""
        found = self._by_id
        if found is None:
            found = self._by_id = by_doc(self.manifest.files)
        return found

    @property
    def graph(self) -> Any:
        """The dependency graph, loaded on first use (text and structural searches never wait for it)."""
        if self._graph is None and self.generation is not None and self._open_graph is not None:
            with self._graph_lock:
                if self._graph is None:
                    self._graph = self._open_graph(self.generation / "graph.npz", self.facts)
        return self._graph

    def _check(self) -> None:
        """Refuse a generation whose parts disagree (a torn or tampered write)."""
        end = content_end(self.manifest.files)
        if end > self._texts_store.size or not _same_paths(self.facts, self.manifest.files):
            raise IndexUnavailable("the index is corrupt (its parts disagree); rebuilding it")

    def blob(self) -> bytes:
        """Every file's stored text back to back, shared by all searches and never copied
        (bytes-like: ``find``, slices, the buffer protocol): read only where :meth:`ensure` (or
        :meth:`ensure_spans`, :meth:`ensure_all`) was asked first; elsewhere it may hold zeros
        (``content.bin`` is decompressed into it block by block)."""
        return cast(bytes, self._texts_store.buffer())

    def ensure(self, lo: int, hi: int) -> None:
        """Make bytes ``lo:hi`` of :meth:`blob` hold the stored texts (decompressed once)."""
        self._texts_store.ensure(lo, hi)

    @property
    def ensurer(self) -> Callable[[int, int], None]:
        """:meth:`ensure` of the texts themselves, for an object the snapshot keeps (a bound method
        of the snapshot would make a cycle that holds its generation until a collection)."""
        return self._texts_store.ensure

    def ensure_spans(self, lo: Any, hi: Any) -> None:
        """:meth:`ensure` of each span ``lo[i]:hi[i]`` (arrays or sequences of offsets)."""
        self._texts_store.ensure_spans(lo, hi)

    def ensure_all(self) -> None:
        """Make the whole of :meth:`blob` hold the stored texts."""
        self._texts_store.ensure_all()

    def newlines_before(self, at: int) -> int:
        """How many newlines :meth:`blob` holds before byte ``at`` (the line of a byte of a file is
        this less the file's start's): only the block holding it is decompressed, up to it."""
        return self._texts_store.newlines_before(at)

    def line_at(self, lo: int, hi: int, at: int) -> tuple[int, int]:
        """The bounds of the line holding byte ``at`` of the text ``lo:hi`` of :meth:`blob` (its
        first byte, its newline or ``hi``), the blocks it spans decompressed, no others."""
        return self._texts_store.line_at(lo, hi, at)

    @property
    def texts_held(self) -> int:
        """How many bytes of the stored texts are decompressed in memory (all of them for texts held whole)."""
        store = self._texts_store
        return store.filled_bytes if isinstance(store, PackedTexts) else store.size

    def trim_texts(self) -> int:
        """Let go of the stored texts decompressed so far and of the newline index (both made again
        as asked); the bytes let go. Only at a quiet point: no search of this snapshot in flight
        (``Engine.trim_texts``)."""
        store = self._texts_store
        if not isinstance(store, PackedTexts):
            return 0
        freed = store.trim()
        if freed:
            self._newlines = None
        return freed

    @property
    def texts_size(self) -> int:
        """The stored texts' size, back to back (the length of :meth:`blob`)."""
        return self._texts_store.size

    @property
    def packed_texts(self) -> PackedTexts | None:
        """The compressed texts as stored, ``None`` for texts held in memory."""
        store = self._texts_store
        return store if isinstance(store, PackedTexts) else None

    def content_intact(self) -> bool:
        """Whether ``content.bin`` is as its build wrote it (the size and modification time the
        manifest recorded): a build then reuses unchanged files without reading and hashing every
        stored text again; a file changed since (damaged, replaced, or an index written before
        the stat was recorded) is checked file by file."""
        return self.generation is not None and content_intact(self.generation, self.manifest)

    def record_content_verified(self) -> None:
        """Record that every stored text was just checked against its hash, at ``content.bin``'s
        present size and modification time (an index copied without its files' times, ``cp -r``:
        else every later command checks every text again, 4.7 s a search on 100,000 files instead
        of 1.5); silent when the generation cannot be written."""
        if self.generation is None:
            return
        try:
            found = os.stat(self.generation / "content.bin")
            fd, tmp = tempfile.mkstemp(prefix=f"{CONTENT_VERIFIED}.", suffix=".tmp", dir=self.generation)
            try:
                with os.fdopen(fd, "w", encoding="ascii") as handle:
                    os.fchmod(handle.fileno(), FILE_MODE)
                    handle.write(json.dumps([found.st_size, found.st_mtime_ns]))
                os.replace(tmp, self.generation / CONTENT_VERIFIED)
            finally:
                Path(tmp).unlink(missing_ok=True)
        except OSError:
            return

    def has_newlines(self) -> bool:
        """Whether the newline index of the whole text is built already (a search paid for it)."""
        return self._newlines is not None

    def newlines(self) -> np.ndarray:
        """Offsets of every newline in ``blob()``, for line numbers without a per-file pass."""
        if self._newlines is None:
            self.ensure_all()
            self._newlines = np.flatnonzero(np.frombuffer(self.blob(), np.uint8) == 10)
        return self._newlines

    def raw(self, path: str) -> bytes:
        """Return a file's stored text as UTF-8 bytes (decompressed apart where :meth:`blob` does not
        hold it yet: a build or an embedding fill reading every text leaves none resident)."""
        entry = self.files[path]
        return self._texts_store.read(entry.offset, entry.offset + entry.length)

    def text(self, path: str) -> str:
        """Return a file's stored text (as indexed, line endings kept)."""
        with self._cache_lock:
            cached = self._texts.get(path)
            if cached is not None:
                self._texts.move_to_end(path)
                return cached
        text = self.raw(path).decode("utf-8", errors="replace")
        with self._cache_lock:
            self._texts[path] = text
            if len(self._texts) > TEXT_CACHE_FILES:
                self._texts.popitem(last=False)
        return text

    def lines(self, path: str, start: int, end: int) -> list[str]:
        """Return lines start..end (1-based, inclusive) of a file, without line endings."""
        lines = self._split_lines(path)[max(start - 1, 0) : end]
        return [line[:-1] if line.endswith("\r") else line for line in lines]

    def _split_lines(self, path: str) -> list[str]:
        """Return a file's lines, split once for the last few files asked about: reading every
        chunk of a file with 20,000 functions split it 20,000 times (28 s)."""
        with self._cache_lock:
            cached = self._splits.get(path)
            if cached is not None:
                self._splits.move_to_end(path)
                return cached
        lines = self.text(path).split("\n")
        with self._cache_lock:
            self._splits[path] = lines
            if len(self._splits) > SPLIT_CACHE_FILES:
                self._splits.popitem(last=False)
        return lines

    def line_count(self, path: str) -> int:
        """Return the number of lines of a file, as an editor counts them (counted once: every hit
        of a file asks, a hundred times on a page of one large file)."""
        found = self._line_counts.get(path)
        if found is None:
            text = self.text(path)
            found = self._line_counts[path] = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
        return found

    @property
    def symbols(self) -> list[Symbol]:
        """Every symbol of the repository, in path order."""
        if self._symbols is None:
            self._symbols = [stored_symbol(path, r) for path, r in self.facts.symbol_rows()]
        return self._symbols

    def stored_symbols(self) -> SymbolColumns | None:
        """The symbols as the generation stores them (mapped columns, its table of defined names),
        for an engine that makes only the symbols a question names; ``None`` for facts held in
        memory (a build's first, partial generation)."""
        return symbol_columns(self.facts)

    def chunks(self) -> Iterator[Chunk]:
        """Every chunk of the repository, in path order."""
        for path, row in self.facts.chunk_rows():
            yield Chunk(path, *row)

    def __len__(self) -> int:
        return len(self.files)


class SymbolColumns:
    """A generation's stored symbols: the table of defined names (found by name), the symbols
    table (a row per symbol, string ids), its strings, each file's end row and the paths."""

    __slots__ = ("_names", "definitions", "ends", "paths", "strings", "table")

    def __init__(self, definitions: Definitions, table: Any, strings: Strings, ends: Any, paths: list[str]) -> None:
        self.definitions = definitions
        self.table = table
        self.strings = strings
        self.ends = ends
        self.paths = paths
        self._names: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.table)

    def named(self, spellings: np.ndarray) -> list[Symbol]:
        """Every symbol whose name as written has one of these string ids, in path order. The
        names' column is copied out of the mapped table once: read in place (every eighth int32
        of the rows), ``np.isin`` took 4.7-15 ms a look-up over 379,000 symbols (0.23 ms over
        sympy's 43,000), compared contiguous 0.4-0.8 ms (0.03 ms)."""
        if not len(spellings):
            return []
        names = self._names
        if names is None:
            names = self._names = np.ascontiguousarray(self.table[:, 0])
        if len(spellings) <= FEW_SPELLINGS:
            hit = names == spellings[0]
            for spelling in spellings[1:]:
                hit |= names == spelling
            rows = np.flatnonzero(hit)
        else:
            rows = np.flatnonzero(np.isin(names, spellings))
        records = decode_records(self.table[rows], SYMBOL_SCHEMA, self.strings)
        files = np.searchsorted(self.ends, rows, side="right").tolist()
        paths = self.paths
        return [stored_symbol(paths[f], r) for f, r in zip(files, records)]

    def column(self, field: int) -> Any:
        """One column of the symbols table (0 the name's string id, 2 the kind's)."""
        return self.table[:, field]

    def words(self, ids: Any) -> list[str | None]:
        """The strings of string ids."""
        return self.strings.pick(np.asarray(ids))


def symbol_columns(facts: FactsTable) -> SymbolColumns | None:
    """The symbols of facts read from a generation as stored (:meth:`Snapshot.stored_symbols`);
    ``None`` for facts held in memory."""
    rows = facts.rows
    if not isinstance(rows, StoredRows):
        return None
    return SymbolColumns(rows.definitions(), rows.symbol_columns()[0], rows._strings,  # noqa: SLF001 - the stored parts, read
                         rows._starts[1:, 2], rows.paths)  # noqa: SLF001


FEW_SPELLINGS = 8
"""Up to this many string ids, a name is found by comparing the column with each (``np.isin``
sorts them all)."""

SYMBOL_SCHEMA = SCHEMAS[2]
"""The symbols table's fields: name, qualname, kind, start, end, language, signature, name line."""

CONTENT_VERIFIED = "content-verified.json"
"""``content.bin``'s size and modification time when every stored text was last found to match its
hash (:meth:`Snapshot.record_content_verified`), beside the manifest's record of its build."""


def content_intact(gen: Path, manifest: Manifest) -> bool:
    """:meth:`Snapshot.content_intact` of a generation and its manifest, before the rest is opened."""
    recorded = manifest.stats.get(CONTENT_STAT)
    if not isinstance(recorded, list):
        return False
    try:
        found = os.stat(gen / "content.bin")
    except OSError:
        return False
    now = [found.st_size, found.st_mtime_ns]
    return recorded == now or _verified_stat(gen) == now


def _verified_stat(gen: Path) -> list[int] | None:
    """What :data:`CONTENT_VERIFIED` records, ``None`` when nothing readable is recorded."""
    try:
        found = json.loads((gen / CONTENT_VERIFIED).read_text("ascii"))
    except (OSError, ValueError):
        return None
    return found if isinstance(found, list) else None


CONTENT_STAT = "content_stat"
"""The manifest's record (in ``stats``) of ``content.bin``'s size and modification time."""


def content_stat(path: Path) -> list[int]:
    """What :data:`CONTENT_STAT` records of a written ``content.bin``."""
    found = os.stat(path)
    return [found.st_size, found.st_mtime_ns]


def map_content(path: Path) -> PackedTexts:
    """Open a generation's ``content.bin`` (:func:`~maguyva_tui.core.store.texts.open_texts`)."""
    return open_texts(path)


def _stored_paths(files: Any) -> tuple[Strings, list[str]] | None:
    """The file table's stored paths and their decoded list, for the tables that hold the same paths."""
    stored = getattr(files, "stored_paths", None)
    return None if stored is None else (stored, files.paths)


def _same_paths(facts: FactsTable, files: Any) -> bool:
    """Whether the facts and the manifest hold the same files (both stored in path order: two lists
    compared, not two sets of every path built)."""
    rows = facts.rows
    if isinstance(rows, StoredRows) and isinstance(files, FileTable):
        return rows.paths == files.paths
    return set(facts) == set(paths_of(files))


def _check_graph(path: Path) -> None:
    """Refuse a generation whose graph file is missing or not an archive of arrays (its table of
    contents alone is read, and the graph's modules are not imported: the graph loads when a
    question needs it)."""
    try:
        if "format" not in member_names(path):
            raise ValueError("not a graph")
    except FileNotFoundError:
        raise IndexUnavailable(f"the index is incomplete ({path.name} is missing); rebuilding it") from None
    except Exception as exc:  # an emptied, cut or replaced archive: BadZipFile, ValueError, EOFError, ...
        raise damaged(path, type(exc).__name__) from None


def _held_generation(folder: Path) -> tuple[Path, int | None]:
    """The live generation of an index folder, held for reading (``holds.py``): ``CURRENT`` is
    read again when the generation it named went as it was opened (a writer published a newer one
    and deleted it meanwhile)."""
    for _ in range(HOLD_ATTEMPTS):
        gen = current_generation(folder)
        try:
            return gen, hold(gen)
        except GenerationGone:
            continue
    raise IndexUnavailable("the index changed while it was opened, again and again; try again")
