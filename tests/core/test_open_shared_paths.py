"""A generation's tables of the same paths (the file table, the facts, the centrality) share one
decoded list when opened, and a table of other paths still reads its own."""

from __future__ import annotations

from pathlib import Path

from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.store.arrays import Strings, save_strings
from maguyva_tui.core.store.centrality import CentralityTable, load_centrality, save_centrality
from maguyva_tui.core.store.snapshot import Snapshot


def test_the_tables_of_a_generation_share_its_paths(polyglot: Path, tmp_path: Path) -> None:
    update_index(polyglot, tmp_path / "index")
    snapshot = Snapshot.load(index_folder(polyglot, tmp_path / "index"))
    paths = snapshot.manifest.files.paths
    assert snapshot.facts.rows.paths is paths and snapshot.centrality.files._paths is paths
    assert list(snapshot.centrality.files) == paths


def test_a_table_of_other_paths_reads_its_own(tmp_path: Path) -> None:
    save_strings(tmp_path, "known", ["a.py", "b.py"])
    known = Strings.load(tmp_path, "known")
    save_centrality(tmp_path / "centrality.npz", CentralityTable({"a.py": (1.0, ((1, 2, 0.5),)), "c.py": (2.0, ())}))
    table = load_centrality(tmp_path / "centrality.npz", (known, known.all()))
    assert list(table.files) == ["a.py", "c.py"] and "c.py" in table.files and "b.py" not in table.files
