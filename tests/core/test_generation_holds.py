"""Generations on disk: one once nothing reads the previous, never one a process still reads."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest

from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.store import holds
from maguyva_tui.core.store.format import current_generation, generations
from maguyva_tui.core.store.snapshot import Snapshot

UPDATE_AND_OPEN = """
import sys
from pathlib import Path
from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.store.snapshot import Snapshot
root = Path(sys.argv[1])
update_index(root)
Snapshot.load(index_folder(root))
"""


def _edit(root: Path, marker: str) -> None:
    target = sorted(root.rglob("*.py"))[0]
    target.write_text(target.read_text() + f"\n{marker} = 1\n")


def test_an_update_leaves_one_generation_once_the_previous_is_not_read(polyglot: Path) -> None:
    """An index took twice its size after its first update: the previous generation was kept
    whoever read it. It goes as soon as no snapshot of it lives (the next opening clears it)."""
    first, _ = update_index(polyglot)
    folder = index_folder(polyglot)
    _edit(polyglot, "SECOND_GENERATION")
    second, _ = update_index(polyglot)
    assert len(generations(folder)) == 2  # this process still reads the first
    del first
    gc.collect()
    Snapshot.load(folder)
    assert generations(folder) == [current_generation(folder)] == [second.generation]


def test_a_text_search_done_lets_its_generation_go_without_a_collection(polyglot: Path) -> None:
    """The text engine kept a method of itself (a cycle): the snapshot it read, and so its
    generation on disk, stayed until the garbage collector next ran, which in a process with a
    large heap can be never (the crash test's leftovers)."""
    from maguyva_tui.core.retrievers.text import TextRetriever

    first, _ = update_index(polyglot)
    folder = index_folder(polyglot)
    text = TextRetriever(first)
    assert text.literal_lines("def")
    _edit(polyglot, "SECOND_GENERATION")
    update_index(polyglot)
    gc.disable()
    try:
        del first, text
        Snapshot.load(folder)
        assert len(generations(folder)) == 1
    finally:
        gc.enable()


def test_an_engine_searching_on_after_edits_keeps_two_generations_at_most(polyglot: Path) -> None:
    """An explorer open while files change: each refresh publishes a generation, and the one it
    searched before is let go at once (no cycle through the generation's engines keeps it until
    the garbage collector next runs), so the next refresh deletes its folder."""
    from maguyva_tui.core.engine import Engine

    engine = Engine(polyglot, static=False)
    questions = ("def", "who calls main", "parse the configuration file", "class", "what does greet do")
    gc.disable()
    try:
        for round_no in range(4):
            for question in questions:
                engine.search(question, limit=5)
            _edit(polyglot, f"ROUND_{round_no}")
            engine.refresh()
        engine.search("def", limit=5)
        assert len(generations(engine.snapshot.folder)) <= 2
    finally:
        gc.enable()
        engine.close()


@pytest.mark.slow
def test_a_generation_a_process_reads_is_never_deleted(polyglot: Path) -> None:
    """Another process updating the index twice and opening it deletes no generation this process
    holds: the graph it reads late is still there."""
    first, _ = update_index(polyglot)
    folder = index_folder(polyglot)
    for marker in ("ELSEWHERE_ONE", "ELSEWHERE_TWO"):
        _edit(polyglot, marker)
        subprocess.run([sys.executable, "-c", UPDATE_AND_OPEN, str(polyglot)], check=True, env=dict(os.environ),
                       timeout=120)
    assert first.generation is not None and first.generation.is_dir()
    assert first.generation != current_generation(folder)
    assert len(generations(folder)) == 2  # the live one and the one this process holds
    assert (first.generation / "graph.npz").is_file()


def test_a_reader_finding_its_generation_going_reads_current_again(polyglot: Path, monkeypatch) -> None:
    """``CURRENT`` read just before it moved names a generation a writer is deleting: the reader
    reads ``CURRENT`` again and opens the live one, it does not fail."""
    first, _ = update_index(polyglot)
    folder = index_folder(polyglot)
    _edit(polyglot, "GOING")
    second, _ = update_index(polyglot)
    old, live = first.generation, second.generation
    assert old is not None and live is not None and old != live
    del first
    gc.collect()
    deleting = holds.unheld(old)  # as a writer holds it while it deletes it
    assert deleting is not None
    named = iter([old, live])
    import maguyva_tui.core.store.snapshot as snapshot_module

    monkeypatch.setattr(snapshot_module, "current_generation", lambda _folder: next(named))
    try:
        opened = Snapshot.load(folder)
    finally:
        holds.release(deleting)
    assert opened.generation == live


def test_hold_refuses_a_generation_locked_for_deletion(tmp_path: Path) -> None:
    gen = tmp_path / "g-1-1"
    gen.mkdir()
    (gen / "manifest.json").write_text("{}")
    fd = holds.unheld(gen)
    assert fd is not None
    with pytest.raises(holds.GenerationGone):
        holds.hold(gen)
    holds.release(fd)
    reader = holds.hold(gen)
    assert reader is not None and holds.unheld(gen) is None  # held: not for deleting
    holds.release(reader)
    (gen / "manifest.json").unlink()
    with pytest.raises(holds.GenerationGone):
        holds.hold(gen)  # no manifest: deleted, or never finished


def test_a_generation_this_user_cannot_open_is_read_without_a_hold(tmp_path: Path, monkeypatch) -> None:
    """Another user's index (its folders 0700): no hold, no traceback; reading it says why."""
    gen = tmp_path / "g-1-1"
    gen.mkdir()
    (gen / "manifest.json").write_text("{}")

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(holds.os, "open", refused)
    assert holds.hold(gen) is None
