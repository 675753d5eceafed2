"""Transformer vectors written by another process (a resident server's filler): the engine that
searches reads them back when the store's segments change on disk, and two fillers never run on
one index at once (its fill lock)."""

from __future__ import annotations

import zlib
from pathlib import Path

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.semantic_index import semantic_folder
from maguyva_tui.core.store.lock import fill_lock
from maguyva_tui.core.types import Query
from tests.fakes import FakeProvider


class _Words(FakeProvider):
    """Vectors seeded by a text's words (the same in every process)."""

    def seed(self, text: str) -> int:
        return zlib.crc32(text.encode())


def _repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "a.py").write_text("def alpha():\n    return 1\n\n\ndef beta():\n    return 2\n")
    (root / "b.py").write_text("def gamma(x):\n    return x * 3\n")
    return root


def _engine(root: Path, base: Path) -> Engine:
    engine = Engine(root, base, provider=_Words(), static=False)
    engine.refresh(semantic=False)
    return engine


def test_vectors_saved_by_another_process_are_read_back_by_the_searching_engine(tmp_path: Path) -> None:
    """The resident server's engine had its store open from start-up: vectors a filler process
    saved later were never ranked until the server restarted."""
    root, base = _repo(tmp_path), tmp_path / "index"
    server = _engine(root, base)
    assert server.coverage().transformer == 0.0  # opens its store, empty
    store = server.vector_store()
    assert server.pick_up_vectors() is False  # nothing moved: a listing, no read
    filler = _engine(root, base)  # another process's engine, on the same index
    report = filler.embed_pending()
    assert report.embedded and not report.busy
    assert server.coverage().transformer == 0.0  # not seen yet
    assert server.pick_up_vectors() is True
    assert server.vector_store() is store  # the new segments' rows added: nothing held read again
    assert server.coverage().transformer == 1.0
    hits = server.retriever("semantic").search(Query("gamma"), 10)
    assert hits, "the semantic engine is built afresh on the vectors read back"
    assert server.pick_up_vectors() is False  # read once
    filler.vector_store().compact()  # merged by the filler: the segments' names change, the rows do not
    assert server.pick_up_vectors() is True
    assert server.coverage().transformer == 1.0
    server.close()
    filler.close()


def test_a_second_filler_embeds_nothing_while_another_holds_the_fill_lock(tmp_path: Path) -> None:
    root, base = _repo(tmp_path), tmp_path / "index"
    engine = _engine(root, base)
    folder = semantic_folder(engine.snapshot).parent
    with fill_lock(folder) as first, fill_lock(folder) as second:
        assert first and not second
        report = engine.embed_pending(wait=False)
        assert report.busy and report.embedded == 0
        assert len(engine.vector_store()) == 0
    report = engine.embed_pending(wait=False)  # released: this one fills
    assert not report.busy and report.embedded == report.total > 0
    engine.close()
