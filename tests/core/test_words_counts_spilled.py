"""A chunk index's counts past 254 kept apart (issue 19): the postings' counts take one byte each
(sympy: 38 of 842,584 counts pass 254, which made every count 2 bytes: 1.69 -> 0.84 MB), and the
stored index ranks a question's chunks exactly as one counted in memory, also once an update
carries the unchanged files' postings into the next generation."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from maguyva_tui.core.chunk_words import build_index, open_index
from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.store.words import SPILLED, SpilledCounts, load_words
from tests.core.test_text_tokens import _write_repo


def _pages(snapshot: Snapshot) -> tuple[list, list]:
    assert snapshot.generation is not None
    stored, counted = open_index(snapshot), build_index(snapshot)
    assert isinstance(load_words(snapshot.generation).counts, SpilledCounts)
    pages = []
    for index in (stored, counted):
        chunks, scores, _ = index.page(["zebra", "walru"], 10)
        pages.append([(c.path, c.start_line, round(s, 9)) for c, s in zip(chunks, scores)])
    return pages[0], pages[1]


def test_counts_past_one_byte_are_kept_apart_and_rank_the_same(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    _write_repo(root, 3, files=30)
    (root / "loud.py").write_text("def loud():\n    " + "zebra + " * 300 + "walrus\n\ndef quiet():\n    zebra()\n")
    (root / "mild.py").write_text("def mild():\n    " + "zebra + " * 254 + "zebra\n")
    snapshot = Snapshot.load(update_index(root, tmp_path / "index")[0].folder)
    gen = snapshot.generation
    assert gen is not None
    assert np.load(gen / "words_counts.npy", mmap_mode="r").dtype == np.uint8
    assert np.load(gen / SPILLED).tolist()[1] == [300, 255]  # loud's "zebra", mild's
    stored, counted = _pages(snapshot)
    assert stored == counted and {"loud.py", "mild.py"} <= {path for path, _, _ in stored}
    (root / "added.py").write_text("def added():\n    zebra(zebra)\n")  # loud.py's postings carried over
    again = Snapshot.load(update_index(root, tmp_path / "index")[0].folder)
    stored, counted = _pages(again)
    assert stored == counted and "added.py" in {path for path, _, _ in stored}
