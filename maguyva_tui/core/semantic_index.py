"""The semantic side of an index: which text each chunk embeds as, in what order, and how far along.

Vectors are stored by the hash of the embedded text, so an unchanged chunk is never embedded
twice, across runs, edits and generations. Chunks are embedded most important first: by the
graph centrality of their file, then definitions before windows.

Two tiers of vectors live in a repository's semantic folder: the static tier (a model2vec-style
model, :mod:`~maguyva_tui.core.embed.static`), which embeds every chunk while the index is built,
with per-token weights fitted on the repository's own chunks (``static-weights.npy``, refitted on
a full rebuild; a refit is a new provider id, so a new store, and the old one is removed); and the
transformer tier (the local model or Voyage), filled in the background by centrality.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import threading
import time
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, overload

import numpy as np
import numpy.typing as npt

from maguyva_tui.core.doc_comments import REACH, doc_comment
from maguyva_tui.core.embed.provider import Provider
from maguyva_tui.core.embed.store import VectorStore, content_hash, store_folder
from maguyva_tui.core.store.facts import Row
from maguyva_tui.core.store.format import make_private_dir, write_private
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.store.vouched import vouch, vouched
from maguyva_tui.core.types import Chunk

if TYPE_CHECKING:
    from maguyva_tui.core.embed.progressive import EmbedReport
    from maguyva_tui.core.embed.static import Fit, StaticModel

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
    """The text a chunk is embedded as: where it lives, what it is, a definition's doc comment
    written above it (:func:`~maguyva_tui.core.doc_comments.doc_comment`), then its code."""
    lines = snapshot.lines(chunk.path, chunk.start_line, min(chunk.end_line, chunk.start_line + EMBED_MAX_LINES - 1))
    head = f"{chunk.path}"
    if chunk.symbol:
        head += f" {chunk.kind} {chunk.symbol}"
        first = max(chunk.start_line - REACH, 1)
        lines = doc_comment(snapshot.lines(chunk.path, first, chunk.start_line), chunk.start_line - first, first) + lines
    return (head + "\n" + "\n".join(lines))[:EMBED_MAX_CHARS]


def _text_from_lines(chunk: Chunk, lines: list[str], offset: int = 0) -> str:
    """:func:`embedding_text` from the file's lines split once (``\r`` line ends dropped alike);
    ``lines[0]`` is the file's line ``offset + 1`` (lines from :data:`REACH` above the chunk on are
    all its text reads)."""
    start = max(chunk.start_line - 1 - offset, 0)
    body = "\n".join(lines[start : max(min(chunk.end_line, chunk.start_line + EMBED_MAX_LINES - 1) - offset, 0)])
    if chunk.symbol:
        doc = doc_comment(lines, chunk.start_line - 1 - offset, offset + 1)
        if doc:
            body = "\n".join(doc) + "\n" + body
    if "\r" in body:
        body = body.replace("\r\n", "\n").removesuffix("\r")
    head = f"{chunk.path} {chunk.kind} {chunk.symbol}" if chunk.symbol else chunk.path
    return (head + "\n" + body)[:EMBED_MAX_CHARS]


class StoredTexts:
    """Files' texts as a snapshot stores them, each file's frames read from ``content.bin`` by a
    positional read and decompressed apart (:meth:`PackedTexts.read` with the file), not through the
    snapshot's mapping or its texts in memory: a fill reads every file, and none of them stays
    resident (on 450 MB of sdists the mapped copy had been 350 MB of the build's peak, the mapped
    compressed one 91 MB). A snapshot made in memory is read as it holds its texts. Use as a context."""

    def __init__(self, snapshot: Snapshot) -> None:
        self._snapshot = snapshot
        self._fd: int | None = None
        if snapshot.generation is not None and snapshot.packed_texts is not None:
            try:
                self._fd = os.open(snapshot.generation / "content.bin", os.O_RDONLY)
            except OSError:  # the generation's folder gone: its mapping still reads
                self._fd = None

    def text(self, path: str) -> str:
        """A file's stored text (as :meth:`Snapshot.text` gives it; not cached)."""
        return self.raw(path).decode("utf-8", errors="replace")

    def raw(self, path: str) -> bytes:
        """A file's stored bytes (as :meth:`Snapshot.raw` gives them; not cached)."""
        packed = self._snapshot.packed_texts
        if packed is None:
            return self._snapshot.raw(path)
        entry = self._snapshot.files[path]
        return packed.read(entry.offset, entry.offset + entry.length, self._fd)

    def close(self) -> None:
        """Close the file (the texts are then read through the snapshot's mapping)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> StoredTexts:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _texts_in_path_order(snapshot: Snapshot) -> Iterator[tuple[Chunk, str]]:
    """Every chunk of the snapshot with a non-empty embedding text, in path order (each file's
    lines split once, its text read by a positional read)."""
    path, lines = "", [""]
    with StoredTexts(snapshot) as stored:
        for chunk in snapshot.chunks():
            if chunk.path != path:
                path, lines = chunk.path, stored.text(chunk.path).split("\n")
            text = _text_from_lines(chunk, lines)
            if text.strip():
                yield chunk, text


def _by_importance(chunks: list[Chunk], importance: Callable[[Chunk], float] | None) -> list[int]:
    """The order of ``chunks`` (given in path order) most important first (as :func:`embedding_items`
    sorts its items: the sort is stable and reads the chunk alone)."""
    order = list(range(len(chunks)))
    if importance is not None:
        order.sort(key=lambda i: (-importance(chunks[i]), chunks[i].symbol is None, chunks[i].path, chunks[i].start_line))
    return order


def embedding_items(snapshot: Snapshot, importance: Callable[[Chunk], float] | None = None) -> list[EmbeddingItem]:
    """Every chunk of the snapshot with its embedding text, most important first (each file's
    lines split once: chunks come in path order)."""
    items = [EmbeddingItem(chunk, text, content_hash(text)) for chunk, text in _texts_in_path_order(snapshot)]
    return [items[i] for i in _by_importance([item.chunk for item in items], importance)]


def embedding_keys(snapshot: Snapshot, importance: Callable[[Chunk], float] | None = None) -> list[tuple[Chunk, str]]:
    """:func:`embedding_items` without the texts: every chunk with its key, in the same order (made
    from :func:`key_table`; a fill reads the table itself, without a chunk or a key string each)."""
    return list(key_table(snapshot, importance))


def key_table(snapshot: Snapshot, importance: Callable[[Chunk], float] | None = None) -> ChunkTable:
    """Every chunk with a non-empty embedding text and its key, most important first, as
    :func:`embedding_items` orders them, as a :class:`ChunkTable`: file and place numbers and
    16-byte digests in arrays (37 bytes a chunk while sorted), each text hashed and dropped, each
    chunk made only while its file is read. Lists of chunks and key strings were the static fill's
    peak (+438 MB on 470,664 chunks: the chunk, its key, its sort key and the table's look-up)."""
    rows = snapshot.facts.rows
    paths = sorted(rows)
    files, places, starts = array("i"), array("i"), array("i")
    values, windows, digests = array("d"), bytearray(), bytearray()
    with StoredTexts(snapshot) as stored:
        for number, path in enumerate(paths):
            chunk_rows = rows[path][1]
            if not len(chunk_rows):
                continue
            lines = stored.text(path).split("\n")
            first: dict[tuple[object, ...], int] = {}
            for place, row in enumerate(chunk_rows):
                chunk = Chunk(path, *row)
                text = _text_from_lines(chunk, lines)
                if not text.strip():
                    continue
                files.append(number)
                places.append(first.setdefault(tuple(row), place))  # the first of two equal chunks, as the table was
                starts.append(chunk.start_line)
                values.append(0.0 if importance is None else -importance(chunk))
                windows.append(chunk.symbol is None)
                digests += _digest(text)
    file_numbers = np.frombuffer(files, np.int32)
    if importance is None:  # path order, as found
        order = np.arange(len(file_numbers))
    else:  # a stable sort, the last key first: as the sort by (-importance, a window, path, start line)
        order = np.lexsort((np.frombuffer(starts, np.int32), file_numbers, np.frombuffer(windows, np.uint8),
                            np.frombuffer(values, np.float64)))
    return ChunkTable(rows, paths, file_numbers[order], np.frombuffer(places, np.int32)[order],
                      np.frombuffer(bytes(digests), f"S{_KEY_BYTES}")[order])


def _digest(text: str) -> bytes:
    """The 16 bytes of a text's key (:func:`content_hash` is their hex)."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=_KEY_BYTES).digest()


def embedding_texts(snapshot: Snapshot, chunks: Sequence[Chunk]) -> list[str]:
    """The embedding text of each chunk, as :func:`embedding_items` makes it (each file's lines
    split once per call, not kept; read by positional reads: :class:`StoredTexts`)."""
    texts = [""] * len(chunks)
    with StoredTexts(snapshot) as stored:
        for path, places in _by_path(chunks).items():
            lines = stored.text(path).split("\n")
            for i in places:
                texts[i] = _text_from_lines(chunks[i], lines)
    return texts


def _by_path(chunks: Sequence[Chunk]) -> dict[str, list[int]]:
    """The positions of ``chunks`` grouped by their file, files in the order first met: each file
    read once for all its chunks."""
    by_path: dict[str, list[int]] = {}
    for i, chunk in enumerate(chunks):
        by_path.setdefault(chunk.path, []).append(i)
    return by_path


def candidate_texts(snapshot: Snapshot, chunks: Sequence[Chunk]) -> list[str]:
    """:func:`embedding_texts` for a few chunks of many files (a question's candidates, made again
    to rescore them): each file's bytes read, and only the lines a chunk's text reads decoded and
    split (its own, and :data:`REACH` above a definition's for its doc comment, read only when the
    definition is indented)."""
    texts = [""] * len(chunks)
    with StoredTexts(snapshot) as stored:
        for path, places in _by_path(chunks).items():
            data = stored.raw(path)
            ends = np.flatnonzero(np.frombuffer(data, np.uint8) == 10)  # line k (0-based) ends at ends[k]
            count = len(ends) + 1  # lines as ``split("\n")`` makes them
            for i in places:
                chunk = chunks[i]
                first = min(max(chunk.start_line - 1, 0), count)
                hi = min(max(chunk.end_line, chunk.start_line), chunk.start_line + EMBED_MAX_LINES - 1, count)
                hi = max(hi, min(first + 1, count))  # the definition's own line: where a doc comment is looked for
                lines, lo = _line_range(data, ends, first, hi), first
                if chunk.symbol and lines and lines[0][:1].isspace() and first:  # a nested definition: its doc comment
                    lo = max(first - REACH - 1, 0)
                    lines = _line_range(data, ends, lo, first) + lines
                texts[i] = _text_from_lines(chunk, lines, lo)
    return texts


def _line_range(data: bytes, ends: npt.NDArray[np.intp], lo: int, hi: int) -> list[str]:
    """Lines ``lo`` to ``hi`` (0-based, ``hi`` excluded) of a file's bytes whose line ends are
    ``ends``, as ``data.decode(...).split("\n")`` gives them (a newline never ends inside a character)."""
    if lo >= hi:
        return []
    begin = int(ends[lo - 1]) + 1 if lo else 0
    stop = int(ends[hi - 1]) if hi <= len(ends) else len(data)
    return data[begin:stop].decode("utf-8", errors="replace").split("\n")


class ChunkTexts(Sequence[str]):
    """The embedding texts of some chunks, made where they are read (a batch at a time when
    iterated) and never kept: what a fill embeds and fits on, without every text in memory."""

    BLOCK = 4096
    """Texts made at once when iterated."""

    def __init__(self, snapshot: Snapshot, chunks: Sequence[Chunk] | ChunkTable) -> None:
        """``chunks``: the chunks, or a :class:`ChunkTable` (its chunks, made where read)."""
        self._snapshot, self._chunks = snapshot, chunks

    def __len__(self) -> int:
        return len(self._chunks)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return self.texts(range(*index.indices(len(self))))
        return self.texts([index])[0]

    def texts(self, positions: Iterable[int]) -> list[str]:
        """The texts of the chunks at ``positions``, in that order (a :class:`ChunkTable`'s chunks
        made for these alone, each file's rows decoded once)."""
        chunks = self._chunks
        if isinstance(chunks, ChunkTable):
            return embedding_texts(self._snapshot, chunks.chunks_at(list(positions)))
        return embedding_texts(self._snapshot, [chunks[i] for i in positions])

    def __iter__(self) -> Iterator[str]:
        for start in range(0, len(self), self.BLOCK):
            yield from self.texts(range(start, min(start + self.BLOCK, len(self))))


def embed_table(
    store: VectorStore,
    provider: Provider,
    table: ChunkTable,
    texts: Callable[[list[int]], list[str]],
    batch_size: int,
    save_every: int,
    on_progress: Callable[[int, int], None] | None = None,
) -> EmbedReport:
    """:func:`~maguyva_tui.core.embed.progressive.embed_keyed` over a table's digests: the keys
    the store lacks found as one array (each key's first chunk embedded, in the table's order) and
    made as strings a batch at a time (470,664 key strings, their dict and the store's look-up of
    them were about 150 MB of a fill)."""
    from maguyva_tui.core.embed.progressive import EmbedReport

    if store.provider_id != provider.id:
        raise ValueError(f"store holds {store.provider_id!r} vectors, provider is {provider.id!r}")
    started = time.perf_counter()
    distinct, first = distinct_digests(table.digests)
    pending = np.flatnonzero(store.lookup_digests(distinct) < 0)
    total, embedded = len(distinct), 0
    done = total - len(pending)
    _report(on_progress, done, total)
    try:
        for number, start in enumerate(range(0, len(pending), batch_size), 1):
            batch = pending[start : start + batch_size]
            keys = [bytes(d).ljust(_KEY_BYTES, b"\0").hex() for d in distinct[batch].tolist()]
            added = store.add(keys, provider.embed_documents(texts(first[batch].tolist())))
            embedded += added
            done += added
            if number % save_every == 0:
                store.save()
            _report(on_progress, done, total)
    finally:
        store.save()
    return EmbedReport(total, done, embedded, False, time.perf_counter() - started)


def distinct_digests(digests: np.ndarray) -> tuple[np.ndarray, npt.NDArray[np.intp]]:
    """Each digest once, in the order of its first place in ``digests``, and that place."""
    found, first = np.unique(digests, return_index=True)
    by_place = np.argsort(first, kind="stable")
    return found[by_place], first[by_place]


def _report(callback: Callable[[int, int], None] | None, done: int, total: int) -> None:
    if callback is not None:
        callback(done, total)


def semantic_folder(snapshot: Snapshot) -> Path:
    """Where a repository's vectors live: beside its generations, shared by all of them."""
    return snapshot.folder / "semantic"


def open_store(snapshot: Snapshot, provider: Provider) -> VectorStore:
    """Open (or create) the vector store of this repository for one provider."""
    return VectorStore.for_provider(semantic_folder(snapshot), provider)


# -- the static tier -------------------------------------------------------------------------

STATIC_WEIGHTS = "static-weights.npy"
"""The static tier's per-token weights fitted on this repository (in its semantic folder)."""

STATIC_RECORD = "static-tier.json"
"""Which static store is this repository's now: a refit or a new model replaces it, and the old
store is removed."""

STATIC_BATCH = 4096
"""Chunks per static-tier call: the tier runs at tens of thousands of chunks a second, so small
batches would spend their time in the store, not the model."""

STATIC_SAVE_EVERY = 16
"""Static batches between saves (a kill loses at most a few seconds of its work)."""

_models_lock = threading.Lock()
_model: StaticModel | None = None


def static_model(on_progress: Callable[[int, int], None] | None = None) -> StaticModel:
    """The static model, loaded once per process (derived once per machine, with progress);
    ``MissingPackage`` names a package it needs that is not installed."""
    global _model
    from maguyva_tui.core.embed.provider import missing_local_package
    from maguyva_tui.core.embed.static import StaticModel

    missing = missing_local_package()
    if missing is not None:
        raise missing
    with _models_lock:
        if _model is None:
            _model = StaticModel.load(on_progress=on_progress)
        return _model


def static_weights(snapshot: Snapshot, model: StaticModel, texts: Callable[[], Sequence[str]], refit: bool) -> Fit:
    """The repository's static fit (token weights, reference chunks): read back, or fitted on
    ``texts()`` and saved when there is none, it cannot be read, or a full rebuild asks for a ``refit``."""
    from maguyva_tui.core.embed.static import load_weights, save_weights

    path = semantic_folder(snapshot) / STATIC_WEIGHTS
    fit = None if refit else load_weights(path)
    if fit is None:
        fit = model.fit(texts())
        make_private_dir(path.parent)
        save_weights(path, fit)
    return fit


def _static_record(snapshot: Snapshot) -> dict[str, object]:
    try:
        record = json.loads((semantic_folder(snapshot) / STATIC_RECORD).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) else {}


def _static_version() -> int:
    from maguyva_tui.core.embed.static_version import STATIC_VERSION  # not the model's code (static.py)

    return STATIC_VERSION


def static_is_current(snapshot: Snapshot, weights: bool = True) -> bool:
    """Whether the recorded static store is of this version of the static model and the weights it
    was embedded with can be read back (else the next fill loads the model and fits again; not
    read without ``weights``: :func:`static_weights_readable`)."""
    return _static_record(snapshot).get("version") == _static_version() and (not weights or static_weights_readable(snapshot))


def static_weights_readable(snapshot: Snapshot) -> bool:
    """Whether the repository's static weights can be read back (there, whole, of this version)."""
    from maguyva_tui.core.embed.static import load_weights

    return load_weights(semantic_folder(snapshot) / STATIC_WEIGHTS) is not None


def recorded_static(snapshot: Snapshot) -> tuple[str, int] | None:
    """The provider id and dimension of the static store this repository uses now, ``None`` when
    it has none."""
    record = _static_record(snapshot)
    found, dim = record.get("provider_id"), record.get("dim")
    return (found, dim) if isinstance(found, str) and isinstance(dim, int) else None


def static_wanted(snapshot: Snapshot) -> bool:
    """Whether a build recorded that the repository's static tier is to be filled
    (:func:`want_static`) and no store has been recorded since."""
    return _static_record(snapshot).get("wanted") is True


def want_static(snapshot: Snapshot, wanted: bool = True) -> None:
    """Record, before a first build makes its generation live, that the static tier is to be
    filled (a kill between the two had left an index that every later search took for one built
    ``--no-semantic``: no tier, never filled); ``wanted=False`` takes a bare record back
    (``--no-semantic``). A repository whose store is recorded is left as it is."""
    if recorded_static(snapshot) is not None or static_wanted(snapshot) == wanted:
        return
    folder = semantic_folder(snapshot)
    if wanted:
        make_private_dir(folder)
        write_private(folder / STATIC_RECORD, json.dumps({"wanted": True}).encode("utf-8"))
    else:
        (folder / STATIC_RECORD).unlink(missing_ok=True)


def adopt_static_store(snapshot: Snapshot, provider_id: str, dim: int) -> None:
    """Record ``provider_id`` as the repository's static store and remove the one it replaces."""
    folder = semantic_folder(snapshot)
    old = recorded_static(snapshot)
    if old == (provider_id, dim) and _static_record(snapshot).get("version") == _static_version():
        return
    make_private_dir(folder)
    record = {"provider_id": provider_id, "dim": dim, "version": _static_version()}
    write_private(folder / STATIC_RECORD, json.dumps(record).encode("utf-8"))
    if old is not None and old[0] != provider_id:
        shutil.rmtree(store_folder(folder, old[0]), ignore_errors=True)


def recorded_static_store(snapshot: Snapshot) -> VectorStore | None:
    """Open the repository's static store as recorded, without loading the model (``None``: the
    repository has no static tier yet)."""
    found = recorded_static(snapshot)
    if found is None or not store_folder(semantic_folder(snapshot), found[0]).is_dir():
        return None
    return VectorStore(semantic_folder(snapshot), found[0], found[1], keep_floats=True, last=STATIC_LAST)


STATIC_LAST = 1
"""Components at the end of a static vector its store keeps (float32): the crowding, a chunk's mean
cosine with its nearest of 2,048 reference chunks (``embed/static.py``), a product of 150 x 256 x
2,048 per question that OpenBLAS's threads made 40 ms on two busy cores (1.7 ms on one idle one)."""


def open_static_store(snapshot: Snapshot, provider: Provider) -> VectorStore:
    """Open (or create) the static tier's store for ``provider``: keys, binary codes and each vector's
    last component (:data:`STATIC_LAST`). The rest of a vector is a few token rows summed, made
    again from the candidates' texts where a question rescores them (``SemanticRetriever``'s
    ``texts``): the int8 floats it kept were 257 of each row's 306 bytes (sympy: 12.5 MB, 0.43 x
    its tree). A store written with whole floats is of another format: emptied and filled again."""
    return VectorStore(semantic_folder(snapshot), provider.id, provider.dim, keep_floats=True, last=STATIC_LAST)


# -- the chunk keys of a generation, kept beside the vectors -----------------------------------

CENSUS_PREFIX = "keys-"
"""A generation's distinct chunk keys live in ``semantic/keys-<generation>.bin``: every command
that asks how far the tiers reach (a search's coverage, whether the static tier is complete) reads
them in milliseconds instead of rebuilding every chunk's embedding text (seconds on sympy)."""

_CENSUS_MAGIC = b"MGKEYS1\n"
_KEY_BYTES = 16  # content_hash is blake2b-128, hex


def read_census(snapshot: Snapshot) -> list[str] | None:
    """The generation's distinct chunk keys as a previous command recorded them; ``None`` when
    none is recorded, or the record is damaged (it is then rebuilt)."""
    found = read_census_digests(snapshot)
    return None if found is None else [bytes(d).ljust(_KEY_BYTES, b"\0").hex() for d in found]


def read_census_digests(snapshot: Snapshot) -> np.ndarray | None:
    """:func:`read_census` as one array of 16-byte digests (``S16``): no string per key."""
    body = _read_checked(_census_path(snapshot), _CENSUS_MAGIC, _KEY_BYTES)
    return None if body is None else np.frombuffer(body, f"S{_KEY_BYTES}")


def _read_checked(path: Path | None, magic: bytes, record: int) -> memoryview | None:
    """The body of a file written as ``magic``, the body's blake2b-128 in hex, the body: ``None`` when
    there is no such file, it cannot be read, or its magic, length (whole ``record``-byte records)
    or checksum is wrong (another layout, a cut or damaged file; hashed only when no earlier
    process vouched for the file as it is now: ``store/vouched.py``)."""
    if path is None:
        return None
    try:
        data = path.read_bytes()
    except OSError:
        return None
    head = len(magic) + 32
    body = memoryview(data)[head:]
    if not data.startswith(magic) or len(body) % record:
        return None
    recorded = data[len(magic):head].decode("ascii", "replace")
    if not vouched([path], recorded):  # checked whole by an earlier process, not written since: trusted
        if recorded != hashlib.blake2b(body, digest_size=16).hexdigest():
            return None
        vouch([path], recorded)
    return body


def write_census(snapshot: Snapshot, keys: list[str] | np.ndarray) -> None:
    """Record the generation's distinct chunk keys (strings, or 16-byte digests: ``S16``;
    atomically; a failure only costs the next command the time to rebuild them) and remove the
    records of generations gone."""
    path = _census_path(snapshot)
    if path is None:
        return
    try:
        if isinstance(keys, np.ndarray):
            body = np.ascontiguousarray(keys, f"S{_KEY_BYTES}").tobytes()
        else:
            body = b"".join(bytes.fromhex(k) for k in keys)
        make_private_dir(path.parent)
        write_private(path, _CENSUS_MAGIC + hashlib.blake2b(body, digest_size=16).hexdigest().encode() + body)
        for old in path.parent.glob(f"{CENSUS_PREFIX}*.bin"):
            if old != path and not (snapshot.folder / old.name[len(CENSUS_PREFIX) : -len(".bin")]).is_dir():
                old.unlink(missing_ok=True)
    except (OSError, ValueError):
        return


def _census_path(snapshot: Snapshot, prefix: str = CENSUS_PREFIX) -> Path | None:
    if snapshot.generation is None:
        return None
    return semantic_folder(snapshot) / f"{prefix}{snapshot.generation.name}.bin"


# -- which chunk has which key, kept beside the vectors ------------------------------------------

CHUNKS_PREFIX = "chunks-"
"""A generation's chunks with their keys, most important first, live in
``semantic/chunks-<generation>.bin``: where each chunk is stored (its file's number in path order
and its place among that file's chunks, two ``int32`` columns) and its key (16 bytes). The semantic
engine is built from it without making every chunk's embedding text (sympy: 28 MB of strings and
seconds, for 40,000 keys), and makes only the chunks a question reads."""

_CHUNKS_MAGIC = b"MGCHNK2\n"
"""2: file and place in the file (a chunk is read alone); 1 (a global place: every chunk made to
find one) is not read, so its generation's table is made again, once."""
_CHUNK_RECORD = 4 + 4 + _KEY_BYTES
_FILES_KEPT = 1024  # files whose chunk rows a table keeps decoded (a question's hits come from a few hundred)


class ChunkTable(Sequence[tuple[Chunk, str]]):
    """A generation's chunks with their keys, as its chunk table records them: three arrays, and
    each chunk made where it is read (a question reads a few hundred of sympy's 40,000; making
    all of them took 14 MB); every one at once for a caller that lists them all (:meth:`chunks`)."""

    def __init__(self, rows: Mapping[str, Row], paths: list[str], files: np.ndarray, places: np.ndarray,
                 digests: np.ndarray, checksum: str | None = None) -> None:
        self._rows, self._paths = rows, paths
        self.files, self.places = files, places
        """Each chunk's file (its number in ``paths``) and its place among that file's chunks."""
        self.digests = digests
        """Each chunk's key as 16 bytes (``S16``)."""
        self.checksum = checksum
        """The checksum of the table's file as read (its files, places and keys in order), ``None``
        for a table made in this process: what names these chunks in order without hashing them."""
        self._decoded: dict[int, Sequence[Row]] = {}
        self._all: list[Chunk] | None = None
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self.digests)

    @overload
    def __getitem__(self, index: int) -> tuple[Chunk, str]: ...
    @overload
    def __getitem__(self, index: slice) -> list[tuple[Chunk, str]]: ...
    def __getitem__(self, index: int | slice) -> tuple[Chunk, str] | list[tuple[Chunk, str]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return self.chunk(index), self.key(index)

    def reads(self, snapshot: Snapshot) -> bool:
        """Whether the table's file numbers are those of ``snapshot``'s paths (made from its rows)."""
        return self._rows is snapshot.facts.rows

    def key(self, index: int) -> str:
        """The key of the chunk at ``index`` (32 hex characters)."""
        return bytes(self.digests[index]).ljust(_KEY_BYTES, b"\0").hex()

    def chunk(self, index: int) -> Chunk:
        """The chunk at ``index``, made from its file's stored rows."""
        every = self._all
        if every is not None:
            return every[index]
        if not -len(self) <= index < len(self):
            raise IndexError(index)
        file = int(self.files[index])
        with self._lock:
            found = self._decoded.get(file)
        if found is None:
            found = tuple(self._rows[self._paths[file]][1])
            with self._lock:
                if len(self._decoded) >= _FILES_KEPT:
                    self._decoded.clear()
                self._decoded[file] = found
        return Chunk(self._paths[file], *found[int(self.places[index])])

    def chunks_at(self, positions: Sequence[int]) -> list[Chunk]:
        """The chunks at ``positions``, in that order: each file's rows decoded once for all of them,
        none kept (a fill's batch, in importance order, reads thousands of files; the table's few
        decoded files would be decoded again and again)."""
        if self._all is not None:
            return [self._all[i] for i in positions]
        at = np.asarray(positions, np.int64)
        files, places = self.files[at].tolist(), self.places[at].tolist()
        decoded: dict[int, Sequence[Row]] = {}
        for file in files:
            if file not in decoded:
                decoded[file] = tuple(self._rows[self._paths[file]][1])
        return [Chunk(self._paths[f], *decoded[f][p]) for f, p in zip(files, places)]

    def chunks(self) -> list[Chunk]:
        """Every chunk, in the table's order (made once, in one pass over the stored rows)."""
        if self._all is None:
            per_file: dict[int, list[Chunk]] = {}
            for file in np.unique(self.files).tolist():
                path = self._paths[file]
                per_file[file] = [Chunk(path, *row) for row in self._rows[path][1]]
            self._all = [per_file[f][k] for f, k in zip(self.files.tolist(), self.places.tolist())]
        return self._all


def read_chunk_table(snapshot: Snapshot) -> ChunkTable | None:
    """Every chunk with a non-empty embedding text and its key, most important first, as
    :func:`embedding_items` orders them; ``None`` when not recorded, damaged or of another layout."""
    path = _census_path(snapshot, CHUNKS_PREFIX)
    body = _read_checked(path, _CHUNKS_MAGIC, _CHUNK_RECORD)
    if path is None or body is None:
        return None
    count = len(body) // _CHUNK_RECORD
    files = np.frombuffer(body, "<i4", count)
    places = np.frombuffer(body, "<i4", count, 4 * count)
    digests = np.frombuffer(body, f"S{_KEY_BYTES}", count, 8 * count)
    rows = snapshot.facts.rows
    paths = sorted(rows)
    if count and (int(files.min()) < 0 or int(files.max()) >= len(paths) or int(places.min()) < 0):
        return None
    checksum = bytes(body.obj[len(_CHUNKS_MAGIC) : len(_CHUNKS_MAGIC) + 32]).decode("ascii", "replace")  # type: ignore[index]
    return ChunkTable(rows, paths, files, places, digests, checksum)  # its generation's: checksummed, never edited


def write_chunk_table(snapshot: Snapshot, items: Sequence[EmbeddingItem] | Sequence[tuple[Chunk, str]]) -> None:
    """Record which chunk has which key (``items`` or ``(chunk, key)`` pairs; atomically: a failure
    only costs the next command the time to make every embedding text again) and remove the tables
    of generations gone."""
    path = _census_path(snapshot, CHUNKS_PREFIX)
    if path is None:
        return
    if isinstance(items, ChunkTable) and items.reads(snapshot):  # its arrays, as they are
        _write_table(path, snapshot, items.files, items.places, items.digests.tobytes())
        return
    pairs = [(i.chunk, i.key) if isinstance(i, EmbeddingItem) else i for i in items]
    number = {name: i for i, name in enumerate(sorted(snapshot.facts.rows))}
    where: dict[Chunk, tuple[int, int]] = {}
    file, place, current = -1, 0, None
    for chunk in snapshot.chunks():  # one pass, in path order: each file's chunks together
        if chunk.path != current:
            file, place, current = number[chunk.path], 0, chunk.path
        where.setdefault(chunk, (file, place))  # the first of two equal chunks, as before
        place += 1
    try:
        found = np.array([where[chunk] for chunk, _ in pairs], "<i4").reshape(-1, 2)
        digests = b"".join(bytes.fromhex(key) for _, key in pairs)
    except (ValueError, KeyError):
        return
    _write_table(path, snapshot, found[:, 0], found[:, 1], digests)


def _write_table(path: Path, snapshot: Snapshot, files: np.ndarray, places: np.ndarray, digests: bytes) -> None:
    """Write a chunk table's columns (atomically) and remove the tables of generations gone."""
    try:
        body = (np.ascontiguousarray(files, "<i4").tobytes() + np.ascontiguousarray(places, "<i4").tobytes()
                + digests)
        make_private_dir(path.parent)
        write_private(path, _CHUNKS_MAGIC + hashlib.blake2b(body, digest_size=16).hexdigest().encode() + body)
        for old in path.parent.glob(f"{CHUNKS_PREFIX}*.bin"):
            if old != path and not (snapshot.folder / old.name[len(CHUNKS_PREFIX) : -len(".bin")]).is_dir():
                old.unlink(missing_ok=True)
    except (OSError, ValueError):
        return
