"""The index build holds neither the corpus's texts nor every file's facts as tuples (issue 19): the
walk's texts wait in an unlinked spill file, parsed rows are packed, the token rows are packed into
one sorted array; the index written is the one written before."""

from __future__ import annotations

import concurrent.futures
import errno
import os
import random
from concurrent.futures import Future
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core import indexer
from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.parsing.analyze import analyze_row
from maguyva_tui.core.store import facts_files
from maguyva_tui.core.store.arrays import bytes_blob
from maguyva_tui.core.store.facts import FactsTable, PackedRow, RefColumns
from maguyva_tui.core.store.tokens import TokenBuilder, TokenIndex, _file_tokens, name_grams
from tests.core.test_build_stream_memory import _repo as _modules

_SOURCES = {
    "pkg/a.py": "import os\nfrom x import y as z\n\n\ndef helper(x):\n    return os.path.join(x, 'v')\n\n\n"
                "class Thing:\n    def run(self):\n        return helper(self)\n",
    "pkg/b.js": "export function go(a) { return a + 1 }\nconst k = go(2);\n",
    "notes.md": "# Notes\n\nsome words, caf\u00e9 and \u00fcber\n",
    "crlf.py": "def f():\r\n    return 1\r\n",
    "empty.py": "",
}


def _repo(root: Path, files: int = 0) -> Path:
    for path, text in _SOURCES.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(text.encode())
    _modules(root, files)
    return root


def _generation(root: Path, base: Path) -> dict[str, bytes]:
    folder = index_folder(root, base)
    gen = folder / (folder / "CURRENT").read_text().strip()
    skip = ("manifest.json", "walk-stamp", "files_")  # the generation's name, dates and stats
    return {p.name: p.read_bytes() for p in sorted(gen.iterdir()) if not p.name.startswith(skip)}


# -- packed rows ---------------------------------------------------------------------------------


def test_a_packed_row_reads_back_as_the_row() -> None:
    for path, text in _SOURCES.items():
        row = analyze_row(path, text)
        packed = PackedRow.of(row)
        assert packed.row() == row and tuple(packed) == row and packed == row
        assert packed[0] == row[0] and packed[-1] == row[4] and isinstance(packed[3], RefColumns)
        assert packed.lengths == tuple(len(part) for part in row[1:])
        language, chunks, symbols, refs, imports = packed  # unpacked as readers of rows do
        assert (chunks, symbols, list(refs), imports) == (row[1], row[2], list(row[3]), row[4])
        with pytest.raises(IndexError):
            packed[5]
        table = FactsTable({path: packed})
        assert table[path] == FactsTable({path: row})[path] and table.chunk_count() == len(row[1])


def test_packed_rows_are_written_as_their_tuples(tmp_path: Path) -> None:
    rng = random.Random(3)
    rows = {f"m{i:02d}.py": analyze_row(f"m{i:02d}.py", "\n".join(
        f"def f{rng.randint(0, 9)}(a):\n    return g{rng.randint(0, 9)}(a)\n" for _ in range(rng.randint(0, 5))))
        for i in range(40)}
    for name, held in (("tuples", rows), ("packed", {p: PackedRow.of(r) for p, r in rows.items()})):
        (tmp_path / name).mkdir()
        facts_files.save_facts(tmp_path / name, held)
    tuples = {p.name: p.read_bytes() for p in sorted((tmp_path / "tuples").iterdir())}
    assert tuples == {p.name: p.read_bytes() for p in sorted((tmp_path / "packed").iterdir())}


@pytest.mark.parametrize("mixed", [False, True])
def test_packed_parts_are_made_where_written_with_one_writers_ids(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mixed: bool
) -> None:
    """The facts' writer takes a packed row's parts unmade (each made where its strings and its
    records are written) and gives the tables and string ids one writer of every record gave,
    stored spans of a previous generation among them or not."""
    from maguyva_tui.core.store.arrays import Interner
    from maguyva_tui.core.store.records import TableWriter

    rng = random.Random(5)
    rows = {f"m{i:02d}.py": analyze_row(f"m{i:02d}.py", "\n".join(
        f"import mod{rng.randint(0, 3)}\ndef f{rng.randint(0, 9)}(a):\n    return g{rng.randint(0, 9)}(a)\n"
        for _ in range(rng.randint(0, 5)))) for i in range(40)}
    held: dict[str, object] = {p: PackedRow.of(r) for p, r in rows.items()}
    if mixed:
        (tmp_path / "first").mkdir()
        facts_files.save_facts(tmp_path / "first", rows)
        stored = facts_files.load_facts(tmp_path / "first").rows
        held = {p: stored[p] if i % 3 else r for i, (p, r) in enumerate(held.items())}
    monkeypatch.setattr(facts_files, "GROUP_RECORDS", 7)
    seen: list[type] = []
    table = facts_files._table

    def spy(parts, schema, strings):  # type: ignore[no-untyped-def]
        seen.extend(type(part) for part in parts)
        return table(parts, schema, strings)

    monkeypatch.setattr(facts_files, "_table", spy)
    (tmp_path / "packed").mkdir()
    facts_files.save_facts(tmp_path / "packed", held)  # type: ignore[arg-type]
    assert facts_files._Packed in seen and tuple not in seen
    for field in range(1, 5):
        schema = facts_files.SCHEMAS[field]
        old, new = Interner(), Interner()
        writer = TableWriter(schema, old)
        for path in sorted(held):
            writer.add(held[path][field])  # type: ignore[index]
        got = table([facts_files._part(held[p], field) for p in sorted(held)], schema, new)  # type: ignore[arg-type]
        assert np.array_equal(got, writer.table()) and new.strings() == old.strings()


def test_the_parse_hands_out_packed_rows_a_few_batches_ahead(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The texts being parsed are read from the spill as batches are handed out; ``pool.map`` took
    every batch (every text) at once."""
    outstanding: list[int] = []

    class Pool:
        def __init__(self, max_workers: int, mp_context: object = None, initializer: object = None,
                     initargs: tuple[object, ...] = ()) -> None:
            self.workers, self.waiting = max_workers, set()

        def __enter__(self) -> Pool:
            return self

        def __exit__(self, *exc: object) -> None:
            pass

        def submit(self, fn, batch):  # type: ignore[no-untyped-def]
            future: Future[object] = Future()
            future.set_result(fn(batch))
            self.waiting.add(future)
            outstanding.append(len(self.waiting))
            future.add_done_callback(self.waiting.discard)
            original = future.result

            def result(timeout: float | None = None) -> object:
                self.waiting.discard(future)
                return original(timeout)

            future.result = result  # type: ignore[method-assign]
            return future

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Pool)  # what a build imports
    monkeypatch.setattr(indexer, "PARSE_BATCH", 2)
    monkeypatch.setattr(indexer, "PARALLEL_MIN_FILES", 4)
    monkeypatch.setattr(indexer.os, "cpu_count", lambda: 2)
    root = _repo(tmp_path / "repo", 40)
    snapshot, summary = update_index(root, tmp_path / "ix")
    assert summary.parsed == 45 and snapshot.facts["pkg3/mod3.py"].symbols[0].name == "helper_3"
    assert outstanding and max(outstanding) <= 2 * indexer.PARSE_IN_FLIGHT


# -- the spill -----------------------------------------------------------------------------------


def test_the_walk_keeps_no_text_in_memory(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo")
    build = indexer._Build(root.resolve(), index_folder(root, tmp_path / "ix"), indexer._quiet, indexer.MAX_FILE_BYTES)
    try:
        kept, fresh = build._scan()
        assert not kept and len(fresh) == len(_SOURCES)
        assert all(not hasattr(f, "text") for f in fresh)
        spill = build.spill
        assert spill is not None and spill._file is not None and not spill._held
        for f in fresh:
            assert spill.get(f.ticket) == (root / f.path).read_bytes()
        assert os.fstat(spill._file.fileno()).st_nlink == 0  # unlinked: gone with the process
    finally:
        assert build.spill is not None
        build.spill.close()


def test_the_spill_is_closed_once_the_build_ends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[indexer._Spill] = []
    real = indexer._Spill

    def spill(near: Path) -> indexer._Spill:
        made.append(real(near))
        return made[-1]

    monkeypatch.setattr(indexer, "_Spill", spill)
    root = _repo(tmp_path / "repo")
    update_index(root, tmp_path / "ix")
    (root / "pkg" / "a.py").write_text("def changed():\n    pass\n")
    update_index(root, tmp_path / "ix")
    assert len(made) == 2 and all(s._file is None for s in made)


@pytest.mark.parametrize("where", ["file", "memory", "disk full"])
def test_a_build_writes_the_same_index_wherever_its_texts_waited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """In the spill file, in memory where no file can be made, or partly in memory once the disk
    fills: the same generation, and an update of it the same too."""
    root = _repo(tmp_path / "repo", 20)
    update_index(root, tmp_path / "plain")
    expected = _generation(root, tmp_path / "plain")
    if where == "memory":
        monkeypatch.setattr(indexer, "_temporary", lambda near: None)
    elif where == "disk full":
        written: list[int] = []
        real = indexer._write_all

        def write_all(fd: int, data: bytes, offset: int) -> None:
            if len(written) >= 7:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            written.append(len(data))
            real(fd, data, offset)

        monkeypatch.setattr(indexer, "_write_all", write_all)
    snapshot, summary = update_index(root, tmp_path / "other")
    assert summary.files == 25 and _generation(root, tmp_path / "other") == expected
    hits = {(h.path, h.line) for h in snapshot.text_search("helper_3")} if hasattr(snapshot, "text_search") else None
    assert hits is None or ("pkg3/mod3.py", 4) in hits
    # an update whose walk reads a file again (same text, new time) and parses a changed one
    os.utime(root / "notes.md", ns=(1, 1))
    (root / "pkg" / "b.js").write_text("export function went(a) { return a }\n")
    for base in ("plain", "other"):
        snapshot, summary = update_index(root, tmp_path / base)
        assert (summary.parsed, summary.reused) == (1, 24)
        assert snapshot.raw("notes.md") == _SOURCES["notes.md"].encode()
    assert _generation(root, tmp_path / "other") == _generation(root, tmp_path / "plain")


# -- the token rows ------------------------------------------------------------------------------


def _reference_tokens(files: dict[int, bytes]) -> TokenIndex:
    """The token index as it was built before: int64 columns, sorted by ``lexsort``."""
    ids: dict[bytes, int] = {}
    token_parts, doc_parts, long = [], [], []
    for doc, data in files.items():
        tokens, long_runs = _file_tokens(data)
        if long_runs:
            long.append(doc)
        for t in tokens:
            ids.setdefault(t, len(ids))
        token_parts.append(np.array([ids[t] for t in tokens], np.int64))
        doc_parts.append(np.full(len(tokens), doc, np.int64))
    names = list(ids)
    order = sorted(range(len(names)), key=names.__getitem__)
    rank = np.empty(len(names), np.int64)
    rank[np.array(order, np.int64)] = np.arange(len(names))
    tokens = rank[np.concatenate(token_parts)]
    docs = np.concatenate(doc_parts)
    rows = np.lexsort((docs, tokens))
    starts = np.searchsorted(tokens[rows], np.arange(len(names) + 1)).astype(np.int64)
    blob, offsets = bytes_blob([names[i] for i in order])
    return TokenIndex(blob, offsets, starts, docs[rows].astype(np.uint32), name_grams(blob, np.array(sorted(long), np.uint32)))


def _parts(index: TokenIndex) -> list[bytes]:
    assert index.grams is not None
    return [bytes(index._blob), index._offsets.tobytes(), index.starts.tobytes(), index.docs.tobytes(),
            *(np.asarray(g).tobytes() for g in index.grams)]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_token_rows_are_those_sorted_as_columns(seed: int) -> None:
    rng = random.Random(seed)
    words = [f"w{i}" for i in range(60)] + ["_x", "$y", "Z9", "a" * 130]
    files = {doc: " ".join(rng.choice(words) for _ in range(rng.randint(0, 40))).encode()
             for doc in rng.sample(range(5000), 50)}
    builder = TokenBuilder()
    for doc, data in files.items():
        builder.add(doc, data)
    # held as each file's uint32 ids and its one document id, not two int64 columns a file
    assert {part.dtype for part in builder._tokens} == {np.dtype(np.uint32)}
    assert all(isinstance(doc, int) for doc in builder._docs)
    got = builder.finish()
    assert _parts(got) == _parts(_reference_tokens(files))
    # an update keeping some documents' rows and reading the others: as a build of them all
    kept = set(rng.sample(sorted(files), 25))
    changed = {doc: (data + b" fresh_token") if doc not in kept else data for doc, data in files.items()}
    again = TokenBuilder()
    again.keep(got, sorted(kept))
    for doc, data in changed.items():
        if doc not in kept:
            again.add(doc, data)
    assert _parts(again.finish()) == _parts(_reference_tokens(changed))


def test_an_index_built_with_packed_rows_answers_from_its_facts(tmp_path: Path) -> None:
    """A small build (the graph and the facts in this process, rows packed) gives the facts the
    stored generation reads back."""
    root = _repo(tmp_path / "repo")
    snapshot, _ = update_index(root, tmp_path / "ix")
    stored = facts_files.load_facts(snapshot.generation)  # type: ignore[arg-type]
    for path in _SOURCES:
        assert snapshot.facts[path] == stored[path]


def test_a_facts_table_is_filled_in_place_not_joined_from_its_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pieces of a table and their concatenation were two copies of the references' table."""
    import tracemalloc

    from maguyva_tui.core.store.arrays import Interner

    monkeypatch.setattr(facts_files, "GROUP_RECORDS", 1000)
    parts = [[(i, j) for j in range(100)] for i in range(2000)]
    tracemalloc.start()
    try:
        table = facts_files._table(parts, "ii", Interner())
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert table.shape == (200_000, 2) and table[-1].tolist() == [1999, 99]
    assert peak < 1.5 * table.nbytes
