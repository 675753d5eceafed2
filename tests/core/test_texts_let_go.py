"""Stored texts decompressed in memory are let go at a quiet point, and read again the same.

A listing of every line of a frequent name decompresses the whole corpus into the process (409 MB
of the 450 MB corpus), and the newline index it builds with it; a resident server or an MCP server
had held both for good (issue 19: memory that grows gently)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from maguyva_tui.core import generation
from maguyva_tui.core.engine import Engine
from tests.core.test_packed_texts import _repo

EVERY = 10**6


def _shmem_kb() -> int | None:
    """This process's resident shared memory (the decompressed texts' anonymous map), Linux only."""
    try:
        status = Path(f"/proc/{os.getpid()}/status").read_text()
    except OSError:
        return None
    line = next((line for line in status.splitlines() if line.startswith("RssShmem:")), None)
    return int(line.split()[1]) if line else None


def _listing(engine: Engine) -> list[tuple[str, int, str]]:
    answer = engine.search("return", modality="text", limit=EVERY)
    return [(r.path, r.start_line, r.snippet) for r in answer.results]


def test_the_texts_are_let_go_and_a_listing_reads_them_again_the_same(tmp_path: Path) -> None:
    engine = Engine(_repo(tmp_path / "repo", files=60), tmp_path / "ix", static=False)
    engine.refresh(semantic=False)
    first = _listing(engine)
    assert len(first) > 5000
    held = engine.snapshot.texts_held
    assert held == engine.snapshot.texts_size  # every line listed: every block decompressed
    assert engine.trim_texts() == 0  # under the default keep: kept
    before = _shmem_kb()
    assert engine.trim_texts(keep=0) == held
    assert engine.snapshot.texts_held == 0
    after = _shmem_kb()
    if before is not None and after is not None:
        assert before - after >= held // 1024 // 2, (before, after, held)  # the pages given back
    assert _listing(engine) == first
    assert engine.search("MARKER_17", modality="text").results[0].snippet == "MARKER_17 = 17"
    assert engine.trim_texts(keep=0) > 0
    for path in ("mod_00.py", "mod_59.py"):
        assert engine.snapshot.text(path) == (tmp_path / "repo" / path).read_text()


def test_a_listing_of_every_line_leaves_no_chunks_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # "self" listed whole on the 450 MB corpus (542,925 lines) had left every line's chunk remembered
    # three times over (the last lines asked, the answers, the chunks made): ~100 MB a server kept
    root = _repo(tmp_path / "repo", files=12)
    wanted = _listing(_engine(root, tmp_path / "ix-a"))
    monkeypatch.setattr(generation, "CHUNKS_AT_KEPT", 8)
    monkeypatch.setattr(generation, "CHUNKS_MADE_KEPT", 16)
    engine = _engine(root, tmp_path / "ix-b")
    assert _listing(engine) == wanted and len(wanted) > 100
    locator = engine.generation.chunk_locator
    columns = locator._stored()
    assert locator._last is None and len(locator._answers) <= 8
    assert columns is not None and len(columns._made) <= 16
    page = engine.search("return", modality="text", limit=5).results  # a page is still remembered
    assert [(r.path, r.start_line, r.snippet) for r in page] == wanted[:5]
    assert locator._last is not None


def _engine(root: Path, index: Path) -> Engine:
    """An engine on the index as a later process opens it (its chunks read from the stored columns)."""
    Engine(root, index, static=False).refresh(semantic=False)
    engine = Engine(root, index, static=False)
    engine.refresh(semantic=False)
    return engine
