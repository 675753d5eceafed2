"""The static tier stores keys, binary codes and each vector's crowding alone (issue 19): its
candidates' vectors are made again from their texts where a question rescores them, and rank as the
stored floats ranked."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.embed.store import VectorStore
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.retrievers.semantic import SemanticRetriever, TieredRetriever
from maguyva_tui.core.semantic_index import (
    ChunkTexts,
    candidate_texts,
    embedding_texts,
    recorded_static_store,
    semantic_folder,
)
from maguyva_tui.core.types import Query
from tests.fakes import FakeProvider

QUESTIONS = (
    "how are cookies kept between requests", "retry a failed connection", "encode the body of a form",
    "read the proxy settings from the environment", "follow redirects", "check a certificate",
    "split a url into its parts", "guess the encoding of a response", "authenticate with a password",
    "stream a large download in chunks",
)


class NoTransformer(FakeProvider):
    """A transformer tier that never has a vector: the static tier ranks alone."""

    id = "test:none:64"

    def seed(self, text: str) -> int:
        raise AssertionError("the transformer tier is never asked here")


def _members(segment: Path) -> set[str]:
    with zipfile.ZipFile(segment) as archive:
        return {name.removesuffix(".npy") for name in archive.namelist()}


def _static(engine: Engine) -> SemanticRetriever:
    engine.generation.forget("semantic")
    tier = engine.generation.retriever("semantic")._inner.static  # type: ignore[attr-defined]
    assert isinstance(tier, SemanticRetriever)
    return tier


def test_a_static_segment_holds_keys_codes_and_crowding_and_no_floats(polyglot: Path, tmp_path: Path) -> None:
    engine = Engine(polyglot, tmp_path / "index", provider=NoTransformer())
    engine.refresh()
    store = engine.static_store()
    segments = sorted(store.folder.glob("seg-*.npz"))
    assert len(store) > 20 and segments
    assert all(_members(segment) == {"keys", "codes", "last"} for segment in segments)
    with np.load(segments[0]) as segment:
        assert segment["last"].shape == (len(segment["keys"]), 1) and segment["last"].dtype == np.float32
    assert store.float_rows() is None and store.floats is None
    assert engine.search("parse the configuration file", modality="semantic").results


def test_the_rescored_ranking_is_the_stored_float_ranking(requests_repo: Path, requests_index: Path,
                                                           tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """requests' static tier, its candidates' vectors made again, against a store of every chunk's
    float vector as the fill stored it: the same candidates, the same cosines, the same pages."""
    engine = Engine(requests_repo, requests_index, provider=NoTransformer())
    engine.refresh()
    remade = _static(engine)
    assert engine.static_store().float_rows() is None
    provider, snapshot = remade.provider, engine.generation.snapshot
    chunks = engine.generation.semantic_chunks()
    floats = VectorStore(tmp_path, provider.id, provider.dim, keep_floats=True, int8=True)
    floats.add([key for _, key in chunks], provider.embed_documents(list(ChunkTexts(snapshot, chunks))))
    stored = SemanticRetriever(provider, floats, chunks)
    measured = provider.crowding

    def never(*_args: object) -> None:
        raise AssertionError("the crowding is read from the store, never measured at question time")

    monkeypatch.setattr(provider, "crowding", never)
    assert remade.nearest(provider.embed_query(QUESTIONS[0]), 150)[0].size == 150
    monkeypatch.setattr(provider, "crowding", measured)
    for question in QUESTIONS:
        vector = provider.embed_query(question)
        expected, expected_scores = stored.nearest(vector, 150)
        found, scores = remade.nearest(vector, 150)
        assert found.tolist() == expected.tolist(), question
        assert np.array_equal(scores, expected_scores), question
        assert (TieredRetriever(remade, None).search(Query(question), 20)
                == TieredRetriever(stored, None).search(Query(question), 20))


def test_candidate_texts_are_the_texts_the_fill_embedded(polyglot: Path, tmp_path: Path) -> None:
    (polyglot / "crlf.py").write_bytes(b"class A:\r\n    # says what m does\r\n    def m(self):\r\n        return 1\r\n")
    (polyglot / "odd.py").write_bytes(b"x = '\xff\xfe'\nclass B:\n    \xe9 = 1\n\n    def n(self):\n        pass\n")
    engine = Engine(polyglot, tmp_path / "index", provider=NoTransformer())
    engine.refresh(semantic=False)
    snapshot = engine.generation.snapshot
    chunks = list(snapshot.chunks())
    assert candidate_texts(snapshot, chunks) == embedding_texts(snapshot, chunks)
    assert candidate_texts(snapshot, chunks[::-3]) == embedding_texts(snapshot, chunks[::-3])


def test_a_static_store_written_with_whole_floats_is_filled_again_with_its_reason(polyglot: Path,
                                                                                  tmp_path: Path) -> None:
    """A store the static tier wrote before (int8 floats of whole vectors in every segment) is of
    another format: opened, it is emptied with its reason, no traceback, and the next search fills
    it again and answers as before."""
    engine = Engine(polyglot, tmp_path / "index", provider=NoTransformer())
    engine.refresh()
    question = "parse the configuration file"
    expected = engine.search(question, modality="semantic").to_json()["results"]
    snapshot, provider = engine.generation.snapshot, engine.static_provider()
    chunk_of = {key: chunk for chunk, key in engine.generation.semantic_chunks()}
    store = engine.static_store()
    keys = [str(key) for key in store._all_keys()]
    vectors = provider.embed_documents(embedding_texts(snapshot, [chunk_of[key] for key in keys]))
    folder = store.folder
    engine.close()
    shutil.rmtree(folder)
    old = VectorStore(semantic_folder(snapshot), provider.id, provider.dim, keep_floats=True, int8=True)  # as written before
    old.add(keys, vectors)
    old.save()
    assert all(_members(s) == {"keys", "codes", "floats"} for s in folder.glob("seg-*.npz"))

    reopened = recorded_static_store(snapshot)
    assert reopened is not None and len(reopened) == 0
    assert reopened.reset_reason == "stored vectors were from another format or provider; rebuilding them"
    again = Engine(polyglot, tmp_path / "index", provider=NoTransformer())
    assert again.search(question, modality="semantic").to_json()["results"] == expected
    assert len(again.static_store()) == len(keys)
    assert all(_members(s) == {"keys", "codes", "last"} for s in folder.glob("seg-*.npz"))
