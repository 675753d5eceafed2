"""Where each row's token places start is not stored (issue 19): the places follow the rows, so a
row's start is the sum of the counts before it (sympy: tokens_place_at.npy's 2.08 MB gone). Every
row's places must still be what a regular expression finds in the stored texts."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store.format import current_generation
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.store.tokens import RowStarts
from tests.core.test_literal_token_places import _expected, _page, _places
from tests.core.test_text_tokens import _write_repo


def _built(tmp_path: Path) -> tuple[Path, Path]:
    root = tmp_path / "repo"
    root.mkdir()
    _write_repo(root, 5, files=24)
    snapshot = update_index(root, tmp_path / "index")[0]
    gen = current_generation(snapshot.folder)
    assert gen is not None
    return snapshot.folder, gen


def test_a_fresh_index_stores_no_place_starts_and_reads_every_row(tmp_path: Path) -> None:
    folder, gen = _built(tmp_path)
    assert not (gen / "tokens_place_at.npy").exists()
    snapshot = Snapshot.load(folder)
    assert snapshot.tokens is not None and snapshot.tokens.places is not None
    assert isinstance(snapshot.tokens.places[0], RowStarts)
    assert _places(snapshot) == _expected(snapshot)
    counts = np.asarray(snapshot.tokens.places[1][:], np.int64)
    assert (int(counts.sum()) + 1) // 2 == len(np.load(gen / "tokens_place_blocks.npy"))  # nothing but the rows' places


def test_counts_of_255_lines_or_more_are_read_aside(tmp_path: Path) -> None:
    """A byte a row's count (sympy: 1.04 -> 0.52 MB), the rows of 255 or more lines aside: a file
    holding a word on 254, 255 and 300 lines reads each of its lines back, as a regular expression finds."""
    root = tmp_path / "repo"
    root.mkdir()
    _write_repo(root, 5, files=6)
    for lines in (254, 255, 300):
        (root / f"long_{lines}.py").write_text("".join(f"gadget_{lines} = gadget_{lines} + {i}\n" for i in range(lines)))
    snapshot = Snapshot.load(update_index(root, tmp_path / "index")[0].folder)
    gen = current_generation(snapshot.folder)
    assert gen is not None
    assert np.load(gen / "tokens_place_counts.npy").dtype == np.uint8
    assert sorted(np.load(gen / "tokens_place_counts_wide.npy")[1].tolist()) == [255, 300]
    assert _places(snapshot) == _expected(snapshot)
    for lines in (254, 255, 300):
        assert len(_page(TextRetriever(snapshot), f"gadget_{lines}", None)) == lines
