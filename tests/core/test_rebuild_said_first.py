"""Why an index is rebuilt is said before the work it explains: after a format change ``maguyva
index`` had printed "index format 44 is not 45; rebuilding it" only once parse, trigrams, tokens
and words had run."""

from __future__ import annotations

import json
from pathlib import Path

from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.store.format import FORMAT_VERSION, current_generation


def _older_format(root: Path, base: Path) -> str:
    """Index ``root`` and mark its manifest one format older; return what a rebuild says."""
    update_index(root, base)
    gen = current_generation(index_folder(root, base))
    manifest = json.loads((gen / "manifest.json").read_text())
    (gen / "manifest.json").write_text(json.dumps({**manifest, "format": FORMAT_VERSION - 1}))
    return f"index format {FORMAT_VERSION - 1} is not {FORMAT_VERSION}; rebuilding it"


def test_an_index_of_another_format_says_so_before_it_parses(tmp_path: Path) -> None:
    from maguyva_tui.core.engine import Engine

    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "config.py").write_text("def parse_config(path):\n    return open(path).read()\n")
    said = _older_format(repo, tmp_path / "indexes")
    events: list[str] = []
    engine = Engine(repo, tmp_path / "indexes", static=False, notify=lambda m: events.append(f"notice: {m}"))
    try:
        summary = engine.refresh(lambda phase, done, total: events.append(phase), semantic=False)
    finally:
        engine.close()
    assert summary.rebuilt_because == said
    assert events[0] == f"notice: {said}" and "parse" in events[1:]
    assert events.count(f"notice: {said}") == 1  # said once, not again when the build is adopted
