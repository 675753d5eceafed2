"""Index parts stored in the narrowest integer type their values fit (format 27): a small
repository's postings, token documents, references and graph columns take 2 bytes a value, a
large one's keep their wide type, and both read back the same answers."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.graph.persist import save_arrays
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.indexer import index_folder, open_snapshot, update_index
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store.facts_files import load_facts, save_facts
from maguyva_tui.core.store.format import IndexUnavailable, current_generation
from maguyva_tui.core.store.npz import mapped_npz
from maguyva_tui.core.store.tokens import TokenBuilder, TokenIndex
from maguyva_tui.core.trigram.index import stored_offsets


def _dtype(path: Path) -> np.dtype:
    return np.load(path, mmap_mode="r").dtype


def test_a_small_repository_is_stored_narrow_and_searched_the_same(polyglot: Path) -> None:
    snapshot, _ = update_index(polyglot)
    gen = current_generation(index_folder(polyglot))
    narrow = {name: _dtype(gen / f"{name}.npy") for name in ("tokens_docs", "words_chunks", "words_owners")}
    assert all(dtype == np.uint16 for dtype in narrow.values()), narrow
    assert _dtype(gen / "facts_refs.npy").itemsize < 8  # kind, name, line, scope: under 2 bytes each
    found = [m.path for m in TextRetriever(snapshot).literal_lines("def parse_config")]
    assert found
    (polyglot / "added.py").write_text("def parse_config():\n    return 1\n")
    again, _ = update_index(polyglot)  # the unchanged files' narrow parts carried into the new generation
    assert sorted({m.path for m in TextRetriever(again).literal_lines("def parse_config")}) == sorted({*found, "added.py"})


def _same_rows(stored: dict, rows: dict) -> bool:
    return {p: (r[0], *r[1:3], tuple(r[3]), tuple(r[4])) for p, r in stored.items()} == {
        p: (r[0], *r[1:3], tuple(r[3]), tuple(r[4])) for p, r in rows.items()}


def test_each_reference_column_takes_the_width_its_values_need(tmp_path: Path) -> None:
    """A line past 65,535 widens its own column alone (it had made the whole table int32: 16
    bytes a reference where 6 do); a None line keeps its NULL in a signed column."""
    small = ("python", (), (), (("call", "f", 3, "g"),), (("a", "b", "c", None),))
    big = ("python", (), (), (("call", "f", 70_000, "g"), ("call", "h", 20_000_000, "g")), ())
    for rows, refs_bytes in (({"a.py": small}, 4), ({"a.py": small, "b.py": big}, 1 + 1 + 4 + 1)):
        folder = tmp_path / str(refs_bytes)
        folder.mkdir()
        save_facts(folder, rows)
        assert _dtype(folder / "facts_refs.npy").itemsize == refs_bytes
        assert _dtype(folder / "facts_imports.npy")["c3"] == np.int32  # the None line
        stored = load_facts(folder)
        assert _same_rows(stored.rows, rows)
        assert stored.rows.importing_as("a") == ["a.py"]


def test_a_column_past_two_bytes_takes_three(tmp_path: Path) -> None:
    """Sympy's references: 78,548 names, so the scope ids pass 65,535 (3 bytes, not 4)."""
    refs = tuple(("call", f"name{i}", i % 9, f"scope{i}") for i in range(33_000))
    rows = {"a.py": ("python", (), (), refs[:20_000], ()), "b.py": ("python", (), (), refs[20_000:], ())}
    save_facts(tmp_path, rows)
    kind = _dtype(tmp_path / "facts_refs.npy")
    # the kind one run beside the records, the names' and scopes' ids (interned in order) their low
    # byte, their high bytes as runs beside (column_widths.py); the lines in a byte
    assert (kind.names, kind.itemsize) == (("l1", "c2", "l3"), 1 + 1 + 1)
    assert {p.name for p in tmp_path.glob("facts_refs_*.npy")} == {"facts_refs_runs0.npy", "facts_refs_highs1.npy",
                                                                   "facts_refs_highs3.npy"}
    stored = load_facts(tmp_path).rows
    assert tuple(stored["b.py"][3]) == refs[20_000:] and tuple(stored["a.py"][3][-2:]) == refs[19_998:20_000]
    assert stored.importing_as("x") == []


def test_references_written_before_as_plain_tables_still_read(tmp_path: Path) -> None:
    rows = {"a.py": ("python", (), (), (("call", "f", 3, "g"),), (("a", "b", "c", 4),))}
    save_facts(tmp_path, rows)
    for name in ("facts_refs.npy", "facts_imports.npy"):
        packed = np.load(tmp_path / name)
        np.save(tmp_path / name, np.stack([packed[f"c{j}"] for j in range(4)], axis=1).astype(np.uint16))
    assert _same_rows(load_facts(tmp_path).rows, rows)


def test_token_documents_past_two_bytes_keep_four(tmp_path: Path) -> None:
    for doc, docs_type in ((65_535, np.uint16), (65_536, np.uint32)):
        builder = TokenBuilder()
        builder.add(3, b"alpha beta\nalpha\n")
        builder.add(doc, b"beta gamma\n")
        folder = tmp_path / str(doc)
        folder.mkdir()
        builder.finish().save(folder)
        assert _dtype(folder / "tokens_docs.npy") == docs_type
        index = TokenIndex.load(folder)
        assert index.documents(b"beta").tolist() == [3, doc]
        assert index.row_places(index.find(b"beta") or 0, doc) is not None
        assert index.row_places(index.find(b"alpha") or 0, 70_000) is None  # an id past the type: not held


def test_a_small_graph_is_stored_narrow_and_answers_the_same(polyglot: Path) -> None:
    snapshot, _ = update_index(polyglot)
    built = [(s.path, s.line) for s in callers(snapshot.graph, "parse_config").sites]
    assert built
    stored = mapped_npz(current_generation(index_folder(polyglot)) / "graph.npz")
    assert {stored[c].dtype for c in ("sites.line", "sites.source", "sites.target", "loose.line")} == {np.dtype(np.uint16)}
    again = open_snapshot(polyglot)  # the graph read from graph.npz, not the one the build held
    assert [(s.path, s.line) for s in callers(again.graph, "parse_config").sites] == built


def test_graph_columns_past_two_bytes_keep_four(tmp_path: Path) -> None:
    save_arrays(tmp_path / "g.npz", {"sites.line": np.array([1, 70_000], np.int32), "sites.source": np.array([1, 2], np.int32),
                                     "rank": np.array([0.5])})
    stored = mapped_npz(tmp_path / "g.npz")
    assert (stored["sites.line"].dtype, stored["sites.source"].dtype) == (np.int32, np.uint16)
    assert stored["sites.line"].tolist() == [1, 70_000] and stored["rank"].tolist() == [0.5]


def test_token_offsets_take_a_byte_and_damaged_ones_are_refused(tmp_path: Path) -> None:
    """The names' offsets and the tokens' starts are stored as each name's size and each token's
    count of documents, a byte each here (uint32 before, int64 before that: 4 and 8 bytes a token);
    a size too small or sizes that do not sum to the names (a damaged file) are refused; offsets
    and starts written as before are read."""
    builder = TokenBuilder()
    builder.add(3, b"alpha beta\nalpha\n")
    builder.add(7, b"beta gamma alphabet\n")
    builder.finish().save(tmp_path)
    assert {_dtype(tmp_path / f"{n}.npy") for n in ("tokens_starts", "tokens_names_offsets")} == {np.dtype(np.uint8)}
    index = TokenIndex.load(tmp_path)
    assert index.documents(b"beta").tolist() == [3, 7]
    docs, tiers = index.containing(b"alpha", 10) or (np.zeros(0), np.zeros(0))  # alpha whole in 3, in alphabet in 7
    assert (docs.tolist(), tiers.tolist()) == ([3, 7], [3, 2])
    sizes, counts = np.load(tmp_path / "tokens_names_offsets.npy"), np.load(tmp_path / "tokens_starts.npy")
    np.save(tmp_path / "tokens_names_offsets.npy", np.cumsum(np.append(0, sizes)).astype(np.uint32))  # as before
    np.save(tmp_path / "tokens_starts.npy", np.cumsum(np.append(0, counts)).astype(np.uint32))
    older = TokenIndex.load(tmp_path)
    assert older.documents(b"beta").tolist() == [3, 7] and older.names() == index.names()
    for damage in (1, 7):  # a name of one byte (its NUL alone); sizes past the names' end
        broken = sizes.copy()
        broken[1] = damage
        np.save(tmp_path / "tokens_names_offsets.npy", broken)
        np.save(tmp_path / "tokens_starts.npy", counts)
        with pytest.raises(IndexUnavailable):
            TokenIndex.load(tmp_path)


def test_trigram_offsets_past_four_gigabytes_keep_eight_bytes() -> None:
    assert stored_offsets(np.array([0, 5, (1 << 32) - 1], np.uint64)).dtype == np.uint32
    assert stored_offsets(np.array([0, 5, 1 << 32], np.uint64)).dtype == np.uint64
