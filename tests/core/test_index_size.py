"""What made the index smaller (issue 19: index <= 1 x the corpus) keeps every answer as it was:
the chunk index keeps no file's counts a second time and no term factors (worked out from the
postings' counts where a question asks), and stores its counts, lengths and the token index's
places in the narrowest type that holds them; the static tier's vectors are int8, read back as the
unit vectors they were (to about 1e-4 in cosine)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core import bm25, chunk_words
from maguyva_tui.core.bm25 import question_stems
from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.store import tokens as tokens_module
from maguyva_tui.core.store.format import current_generation
from maguyva_tui.core.store.words import load_words, stored_part

WORDS = ("parse", "cookie", "jar", "header", "matrix", "solve", "render", "token", "buffer", "stream")


def _repo(root: Path, files: int, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    for i in range(files):
        body = []
        for j in range(int(rng.integers(1, 5))):
            words = " ".join(rng.choice(WORDS, int(rng.integers(2, 30))).tolist())
            body.append(f"def f{i}_{j}(x):\n    '''{words}'''\n    return x  # {words}\n")
        (root / f"m{i:02}.py").write_text("\n".join(body))


def _answers(root: Path, index: Path) -> list[list[tuple[str, int, float]]]:
    snapshot = update_index(root, index)[0]
    chunks = chunk_words.open_index(snapshot)
    out = []
    for question in ("parse the cookie jar", "solve a matrix", "render the token stream", "header buffer"):
        out.append([(m.chunk.path, m.chunk.start_line, m.score) for m in chunks.search(question_stems(question), 10)])
    return out


def test_a_generation_keeps_the_counts_once_and_no_factors(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    _repo(root, 12)
    snapshot = update_index(root, tmp_path / "index")[0]
    folder = current_generation(snapshot.folder)
    assert folder is not None
    names = {p.name for p in folder.iterdir() if p.name.startswith("words_")}
    assert not names & {"words_file_keys.npy", "words_file_counts.npy", "words_file_starts.npy", "words_factors.npy"}
    stored = load_words(folder)
    assert stored.counts.dtype == np.uint8 and stored.lengths.dtype == np.uint16  # small counts, short chunks
    built = chunk_words.build_index(snapshot)  # counted again, in memory
    opened = chunk_words.open_index(snapshot)
    for question in ("parse the cookie jar", "solve a matrix", "token"):
        stems = question_stems(question)
        assert [(m.chunk, m.score) for m in opened.search(stems, 20)] == [(m.chunk, m.score) for m in built.search(stems, 20)]


def test_an_updated_index_answers_as_one_built_afresh(tmp_path: Path) -> None:
    """Files changed, added and removed: the postings kept from the previous generation and those
    counted again score every chunk as a build from nothing does, to the bit."""
    root = tmp_path / "repo"
    root.mkdir()
    _repo(root, 15)
    update_index(root, tmp_path / "index")
    _repo(root, 6, seed=1)  # the first six files changed
    (root / "m10.py").unlink()
    (root / "new.py").write_text("def solve_matrix(m):\n    '''solve the matrix of a token stream'''\n    return m\n")
    updated = _answers(root, tmp_path / "index")
    assert updated == _answers(root, tmp_path / "fresh") and any(updated)


def test_kept_term_factors_are_those_worked_out_and_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    _repo(root, 20)
    snapshot = update_index(root, tmp_path / "index")[0]
    index = chunk_words.open_index(snapshot)
    monkeypatch.setattr(bm25, "KEPT_FACTORS", 40)
    questions = ["parse the cookie jar", "solve a matrix", "render the token stream", "header buffer stream"]
    first = [[(m.chunk, m.score) for m in index.search(question_stems(q), 10)] for q in questions]
    again = [[(m.chunk, m.score) for m in index.search(question_stems(q), 10)] for q in questions]
    assert first == again and index._kept_size <= 40
    fresh = chunk_words.open_index(snapshot)
    assert [[(m.chunk, m.score) for m in fresh.search(question_stems(q), 10)] for q in questions] == first


def test_parts_are_stored_in_the_narrowest_type_that_holds_them() -> None:
    assert stored_part("counts", np.array([1, 255])).dtype == np.uint8
    assert stored_part("counts", np.array([1, 256])).dtype == np.uint16
    assert stored_part("counts", np.array([1, 70_000])).dtype == np.uint32
    assert stored_part("lengths", np.array([3, 70_000])).dtype == np.uint32
    assert stored_part("counts", np.zeros(0, np.int64)).dtype == np.uint8
    assert stored_part("chunks", np.array([1, 2], np.int64)).dtype == np.uint16  # format 27: chunk numbers too
    assert stored_part("chunks", np.array([1, 70_000], np.int64)).dtype == np.int32
    assert stored_part("order", np.array([0, 70_000], np.int64)).dtype == np.int32
    at_types, size_types = tokens_module.OFFSET_TYPES, tokens_module.SIZE_TYPES  # (the names' offsets)
    assert tokens_module._narrowest(np.array([0, 2**32 - 1]), at_types) == np.uint32
    assert tokens_module._narrowest(np.array([0, 2**32]), at_types) == np.int64
    assert tokens_module._narrowest(np.array([70_000]), size_types) == np.uint32  # a token's count of documents
    assert tokens_module._narrowest(np.array([300]), size_types) == np.uint16
    assert tokens_module._narrowest(np.array([3]), size_types) == np.uint8


# -- the static tier's vectors as int8 -----------------------------------------------------------


def _unit(n: int, dim: int, seed: int = 0) -> np.ndarray:
    v = np.random.default_rng(seed).standard_normal((n, dim)).astype(np.float32)
    v[0] = 0.0  # a zero vector stays zero
    norms = np.linalg.norm(v, axis=1, keepdims=True)
    return np.divide(v, norms, out=np.zeros_like(v), where=norms > 0)


def test_int8_rows_keep_each_vector_s_direction() -> None:
    from maguyva_tui.core.embed.store import quantize, unit_rows

    vectors = _unit(500, 257)
    stored = quantize(vectors)
    assert stored.dtype == np.int8 and int(np.abs(stored[1:]).max(axis=1).min()) == 127 and not stored[0].any()
    back = unit_rows(stored)
    assert back.dtype == np.float32 and not back[0].any()
    assert np.allclose(np.linalg.norm(back[1:], axis=1), 1.0, atol=1e-5)
    assert float((back[1:] * vectors[1:]).sum(axis=1).min()) > 0.9995  # about 1e-4 off in cosine


def test_an_int8_store_reads_back_unit_vectors_however_it_was_saved(tmp_path: Path) -> None:
    from maguyva_tui.core.embed.store import UnitRows, VectorStore, content_hash, quantize

    vectors = _unit(300, 24, seed=3)
    keys = [content_hash(f"chunk {i}") for i in range(300)]
    kept = VectorStore(tmp_path, "static:test:24", 24, keep_floats=True, int8=True)
    kept.add(keys[:100], vectors[:100])
    kept.save()
    kept.add(keys[100:], vectors[100:])
    kept.save()  # two segments: merged on open
    merged = VectorStore(tmp_path, "static:test:24", 24, keep_floats=True, int8=True)
    assert merged.reset_reason is None and len(merged) == 300
    rows = merged.float_rows()
    assert isinstance(rows, UnitRows) and np.array_equal(rows.rows[np.arange(300)], quantize(vectors))
    want = np.asarray(rows[np.arange(300)])
    assert float((want[1:] * vectors[1:]).sum(axis=1).min()) > 0.999
    floats = merged.floats
    assert floats is not None and np.array_equal(floats[np.arange(300)], want)
    merged.compact()
    mapped = VectorStore(tmp_path, "static:test:24", 24, keep_floats=True, int8=True).float_rows()
    assert isinstance(mapped, UnitRows) and mapped.mapped and np.array_equal(mapped[np.arange(300)], want)
    segment = next(tmp_path.rglob("seg-*.npz"))
    assert segment.stat().st_size < 300 * (24 + 3 + 16) + 2048  # a byte a component, its code and its key


def test_a_float16_store_s_meta_is_as_it_was(tmp_path: Path) -> None:
    """The transformer tier's vectors stay float16, in stores read as before (never re-embedded)."""
    import json

    from maguyva_tui.core.embed.store import VectorStore

    plain = VectorStore(tmp_path, "local:model:8", 8)
    plain.add(["a" * 32], _unit(2, 8)[1:])
    plain.save()  # the store's meta.json is written by its first save (opening writes nothing)
    assert json.loads((plain.folder / "meta.json").read_text()) == {
        "format": 1, "provider_id": "local:model:8", "dim": 8, "floats": True}
    again = VectorStore(tmp_path, "local:model:8", 8)
    assert again.reset_reason is None and again.floats is not None and again.floats.dtype == np.float16
