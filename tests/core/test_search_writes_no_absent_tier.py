"""A search on an index built ``--no-semantic`` writes nothing of the tiers it does not have: opening
the transformer tier's vector store (to say its coverage) had made its folder and ``meta.json``
(``semantic/local_all-MiniLM-L6-v2-…/meta.json`` beside wcwidth's index after one search). A store is
now made by its first save (helper-240)."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.embed.store import VectorStore
from maguyva_tui.core.engine import Engine
from tests.core.test_search_leaves_semantic_unbegun import _repo


def _listing(folder: Path) -> list[str]:
    return [os.path.relpath(os.path.join(d, n), folder) for d, dirs, files in os.walk(folder) for n in dirs + files]


def test_opening_a_store_writes_nothing_and_its_first_save_makes_it(tmp_path: Path) -> None:
    store = VectorStore(tmp_path / "semantic", "local:model:8", 8)
    assert len(store) == 0 and not (tmp_path / "semantic").exists()
    store.add(["a" * 32], np.eye(8, dtype=np.float32)[:1])
    assert store.save() == 1 and (store.folder / "meta.json").is_file()
    again = VectorStore(tmp_path / "semantic", "local:model:8", 8)
    assert len(again) == 1 and again.reset_reason is None


@pytest.mark.slow  # 0.7 s: an index built and searched twice
def test_a_search_on_a_no_semantic_index_writes_nothing_of_its_semantic_tiers(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    Engine(root, tmp_path / "index").refresh(semantic=False)  # what `maguyva index --no-semantic` runs
    engine = Engine(root, tmp_path / "index")
    try:
        assert [r.path for r in engine.search("BETA", modality="text").results] == ["b.py"]
        engine.search("where is the total computed")  # a plain question: its answer says each tier's coverage
    finally:
        engine.close()
    assert [name for name in _listing(tmp_path / "index") if "semantic" in name.split(os.sep)] == []
