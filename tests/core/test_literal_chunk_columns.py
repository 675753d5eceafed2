"""A page's lines find their chunks in the stored columns (issue 19: a frequent literal's page made
every chunk of each new file it showed): the chunk ``smallest_chunk_at`` finds among the file's
decoded chunks, for every line of a stored index, for chunks nested, overlapping, tied or of any
kind (by hypothesis), a page compared a part at a time, or row by row in Python (a few lines in files
of few chunks); rows the keys cannot hold are scanned."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core import generation
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.generation import ChunkColumns, ChunkLocator
from maguyva_tui.core.parsing.chunks import smallest_chunk_at
from maguyva_tui.core.store.arrays import PathIndex, Strings, strings_blob
from maguyva_tui.core.store.facts import FactsTable
from maguyva_tui.core.types import Chunk, Hit, Query
from tests.trees import stored_polyglot


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    made = stored_polyglot(tmp_path_factory, "columns")
    yield made
    made.close()


class _Snapshot:
    """A snapshot whose facts are read afresh: nothing decoded yet."""

    def __init__(self, facts: FactsTable) -> None:
        self.facts = facts


def test_every_line_of_a_stored_index(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    snapshot = engine.snapshot
    places = [(path, line) for path in sorted(snapshot.files) for line in range(-1, snapshot.line_count(path) + 3)]
    places += [("no/such/file.py", 3)]
    expected = [smallest_chunk_at(snapshot.facts.chunks(path), line) for path, line in places]
    for cells, few, places_few in ((generation.CHUNK_CELLS, 0, 0), (7, 0, 0), (generation.CHUNK_CELLS, 1 << 30, 0),
                                   (generation.CHUNK_CELLS, 0, 1 << 30)):
        monkeypatch.setattr(generation, "CHUNK_CELLS", cells)  # a page compared a part at a time
        monkeypatch.setattr(generation, "FEW_CELLS", few)  # or row by row in Python
        monkeypatch.setattr(generation, "FEW_PLACES", places_few)  # or only the rows holding each line keyed
        locator = ChunkLocator(_Snapshot(FactsTable(snapshot.facts.rows)))  # type: ignore[arg-type]
        assert locator._stored() is not None
        assert locator.at_many(places) == expected
        assert locator.at_many(places[::-1]) == expected[::-1]  # remembered
    assert any(chunk is not None and chunk.kind != "window" for chunk in expected)


def test_a_page_of_the_engine_shows_the_chunks_it_did(engine: Engine) -> None:
    for text in ("self", "def", "return", "Config"):
        for limit in (3, 100):
            result = engine.search(text, modality="text", limit=limit)
            for r in result.results:
                chunk = smallest_chunk_at(engine.snapshot.facts.chunks(r.path), r.start_line)
                assert (r.symbol, r.kind) == ((chunk.symbol, chunk.kind) if chunk else (None, None))


KINDS = ("window", "function", "class", "method")


def _columns(spec: list[list[tuple[int, int, int]]]) -> tuple[ChunkColumns, list[str], list[list[Chunk]]]:
    """Stored columns of files of chunks ``(start, size, kind)``, and the chunks they decode to."""
    strings = ["python", *KINDS, *(f"f{i}" for i in range(64))]
    blob, offsets = strings_blob(strings)
    ids = {s: i + 1 for i, s in enumerate(strings)}
    paths = [f"f{i}.py" for i in range(len(spec))]
    rows, files = [], []
    for path, chunks in zip(paths, spec):
        decoded = []
        for n, (start, size, kind) in enumerate(chunks):
            name = None if KINDS[kind] == "window" else f"f{n}"
            rows.append((start, start + size, ids[KINDS[kind]], 0 if name is None else ids[name], ids["python"]))
            decoded.append(Chunk(path, start, start + size, KINDS[kind], name, "python"))
        files.append(decoded)
    table = np.array(rows, np.int32).reshape(-1, 5)
    begins = np.concatenate(([0], np.cumsum([len(c) for c in spec]))).astype(np.int64)
    return ChunkColumns(table, begins, Strings(blob, offsets), PathIndex(paths)), paths, files


CHUNKS = st.lists(st.tuples(st.integers(-2, 40), st.integers(-2, 25), st.integers(0, len(KINDS) - 1)), max_size=30)


@settings(max_examples=150, deadline=None)
@given(st.lists(CHUNKS, min_size=1, max_size=4), st.lists(st.tuples(st.integers(0, 3), st.integers(-3, 70)), max_size=60),
       st.sampled_from([1, 5, 1 << 17]), st.sampled_from([0, 1 << 30]), st.sampled_from([1, 1 << 15]),
       st.sampled_from([0, 4, 1 << 30]))
def test_columns_answer_as_smallest_chunk_at(spec: list[list[tuple[int, int, int]]], asked: list[tuple[int, int]],
                                             cells: int, few: int, kept: int, places_few: int) -> None:
    columns, paths, files = _columns(spec)
    places = [(paths[f % len(paths)], line) for f, line in asked]
    expected = [smallest_chunk_at(files[paths.index(path)], line) for path, line in places]
    before = generation.CHUNK_CELLS, generation.FEW_CELLS, generation.ROW_KEYS_KEPT, generation.FEW_PLACES
    # as arrays, row by row in Python, or (few places in files past FEW_CELLS) only the rows holding each line keyed
    generation.CHUNK_CELLS, generation.FEW_CELLS, generation.ROW_KEYS_KEPT, generation.FEW_PLACES = cells, few, kept, places_few
    try:
        found = columns.find(places)
        again = columns.find(places[::-1])  # the files' rows keyed before (kept, or forgotten past ``kept``)
    finally:
        generation.CHUNK_CELLS, generation.FEW_CELLS, generation.ROW_KEYS_KEPT, generation.FEW_PLACES = before
    assert again == (None if found is None else found[::-1])
    if any(start < 0 or size < 0 for chunks in spec for start, size, _ in chunks):
        assert found is None or found == expected  # rows the keys cannot hold: scanned instead
    else:
        assert found == expected


@pytest.mark.parametrize(("few", "places_few"), [(0, 0), (1 << 30, 0), (0, 4)])
def test_rows_past_the_keys_are_scanned(few: int, places_few: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(generation, "FEW_CELLS", few)
    monkeypatch.setattr(generation, "FEW_PLACES", places_few)
    columns, paths, files = _columns([[(1, 10, 1), (5, 1 << 22, 0)]])
    assert columns.find([(paths[0], 3)]) is None
    columns, paths, files = _columns([[(1, 10, 1), (4, 2, 2)]])
    assert columns.find([(paths[0], 5), (paths[0], 11), ("other.py", 1)]) == [files[0][1], files[0][0], None]


@settings(max_examples=150, deadline=None)
@given(st.lists(CHUNKS, min_size=1, max_size=3), st.lists(st.integers(-3, 70), max_size=40))
def test_a_file_painted_from_its_columns_answers_as_smallest_chunk_at(spec: list[list[tuple[int, int, int]]],
                                                                      lines: list[int]) -> None:
    columns, paths, files = _columns(spec)
    for path, chunks, raw in zip(paths, files, spec):
        painted = columns.paint(path)
        if any(start < 1 or size < 0 for start, size, _ in raw):
            assert painted is None  # never painted: scanned, or compared line by line
            continue
        assert painted is not None
        for line in [*lines, *range(1, 70)]:
            if line >= 1:  # the locator asks a painted file only about lines from 1
                assert painted.at(line) == smallest_chunk_at(chunks, line), (path, line)


def test_a_file_asked_often_is_painted_from_its_columns(engine: Engine) -> None:
    snapshot = engine.snapshot
    path = max(snapshot.files, key=snapshot.line_count)
    locator = ChunkLocator(_Snapshot(FactsTable(snapshot.facts.rows)))  # type: ignore[arg-type]
    lines = list(range(1, snapshot.line_count(path) + 2))
    assert locator.at_many([(path, line) for line in lines]) == [
        smallest_chunk_at(snapshot.facts.chunks(path), line) for line in lines]
    assert path in locator._maps and type(locator._maps[path][0]).__name__ == "ColumnMap"


def test_hits_located_together_are_where_each_alone_is(engine: Engine) -> None:
    """What a workspace's shard says of its lists' hits (``Generation.located``, the lines' chunks
    found together) is what :meth:`~Generation.locate` and the chunk's centrality say of each."""
    gen = engine.generation
    hits = [hit for word in ("def", "return", "self", "import", "parse_config")
            for hit in gen.text.search(Query(word, intent="exact_match"), 200)]
    hits += [Hit(h.path, h.start_line, h.start_line + 3, 1.0) for h in hits[:20]]  # spans, not lines
    assert len(hits) > 100 and any(h.start_line == h.end_line for h in hits)
    alone = [(key, gen.snapshot.centrality.at(*key)) for key in map(gen.locate, hits)]
    assert gen.located(hits) == alone
    assert gen.located(hits) == alone  # asked again: the places remembered answer alike
