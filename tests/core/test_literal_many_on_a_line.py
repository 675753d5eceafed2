"""A literal matched a great many times on one line costs memory for the lines it can show, not for
every match: ``maguyva search '"yyyy"'`` over a 1 MiB line of ``y`` (1,048,000 overlapping matches,
a tuple each) had peaked at 291 MB against 52 MB for an ordinary search. The page is the same:
one row a line, its best match (the first of the best tier)."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from maguyva_tui.core.engine import Engine

LINE = 128 * 1024


def _engine(tmp_path: Path) -> Engine:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "long.js").write_text("var b='" + "y" * LINE + "';\nvar c = yyyy;\nvar d = 'ayyyyb yyyy_';\n")
    (root / "a.py").write_text('def f():\n    return "yyyy"\n')
    engine = Engine(root, tmp_path / "index", static=False)
    engine.refresh(semantic=False)
    return engine


def test_a_literal_matched_on_every_byte_of_a_line_is_answered_in_bounded_memory(tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    engine.search("var", modality="text")  # the index opened, the engine made
    tracemalloc.start()
    try:
        result = engine.search('"yyyy"', modality="text", limit=20)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    rows = [(r.path, r.start_line) for r in result.results]
    assert sorted(rows) == [("a.py", 2), ("long.js", 1), ("long.js", 2), ("long.js", 3)]
    assert peak < 8 * 2**20, peak  # a tuple a match had held 30 MB here
    tracemalloc.start()  # two bytes: no token index, every file's bytes scanned
    try:
        result = engine.search('"yy"', modality="text", limit=20)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert sorted((r.path, r.start_line) for r in result.results) == sorted(rows)
    assert peak < 8 * 2**20, peak


def test_the_row_of_a_line_with_many_matches_is_its_best_match_as_with_few(tmp_path: Path) -> None:
    """The whole word on line 2 and the bounded one on line 3 are found past thousands inside words."""
    engine = _engine(tmp_path)
    rows = {(r.path, r.start_line): r for r in engine.search("yyyy", modality="text", limit=20).results}
    assert set(rows) == {("a.py", 2), ("long.js", 1), ("long.js", 2), ("long.js", 3)}
    assert rows[("long.js", 2)].score >= rows[("long.js", 1)].score
