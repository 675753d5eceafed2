"""The index on disk: incremental, atomic, versioned, rebuilt with a message when damaged."""

from __future__ import annotations

import json
from pathlib import Path

from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store.format import FORMAT_VERSION, current_generation


def _lines(snapshot, literal: str) -> set[tuple[str, int]]:
    return {(m.path, m.line) for m in TextRetriever(snapshot).literal_lines(literal)}


def test_second_run_rereads_only_changed_files(polyglot: Path) -> None:
    first, s1 = update_index(polyglot)
    assert s1.parsed == s1.files > 5
    _, s2 = update_index(polyglot)
    assert s2.parsed == 0 and s2.reused == s1.files
    target = next(p for p in sorted(polyglot.rglob("*.py")))
    target.write_text(target.read_text() + "\nNEW_MARKER_42 = 1\n")
    (polyglot / "README.md").unlink()
    third, s3 = update_index(polyglot)
    assert s3.parsed == 1 and s3.removed == 1
    rel = target.relative_to(polyglot).as_posix()
    assert _lines(third, "NEW_MARKER_42") == {(rel, len(target.read_text().splitlines()))}
    assert not any(path == "README.md" for path, _ in _lines(third, "e"))


def test_touched_but_unchanged_file_is_not_reparsed(polyglot: Path) -> None:
    update_index(polyglot)
    target = next(iter(sorted(polyglot.rglob("*.go"))))
    target.write_text(target.read_text())
    _, summary = update_index(polyglot)
    assert summary.parsed == 0


def test_crash_before_publish_keeps_previous_index(polyglot: Path, monkeypatch) -> None:
    update_index(polyglot)
    folder = index_folder(polyglot)
    live = current_generation(folder)
    (polyglot / "extra.py").write_text("CRASH_MARKER = 1\n")
    import maguyva_tui.core.indexer as indexer

    def boom(*args, **kwargs):
        raise KeyboardInterrupt("killed mid-write")

    monkeypatch.setattr(indexer, "publish", boom)
    try:
        update_index(polyglot)
    except KeyboardInterrupt:
        pass
    monkeypatch.undo()
    assert current_generation(folder) == live
    snapshot, summary = update_index(polyglot)
    assert summary.rebuilt_because is None
    assert _lines(snapshot, "CRASH_MARKER") == {("extra.py", 1)}


def test_corrupt_index_is_rebuilt_with_a_message(polyglot: Path) -> None:
    update_index(polyglot)
    gen = current_generation(index_folder(polyglot))
    (gen / "facts_symbols.npy").write_bytes(b"not an array")
    snapshot, summary = update_index(polyglot)
    assert summary.rebuilt_because and "corrupt" in summary.rebuilt_because
    assert summary.parsed == summary.files
    assert _lines(snapshot, "ECONNREFUSED")


def test_other_format_version_is_rebuilt(polyglot: Path) -> None:
    update_index(polyglot)
    gen = current_generation(index_folder(polyglot))
    manifest = json.loads((gen / "manifest.json").read_text())
    manifest["format"] = FORMAT_VERSION + 100
    (gen / "manifest.json").write_text(json.dumps(manifest))
    _, summary = update_index(polyglot)
    assert summary.rebuilt_because and "format" in summary.rebuilt_because


def test_truncated_postings_are_detected(polyglot: Path) -> None:
    update_index(polyglot)
    gen = current_generation(index_folder(polyglot))
    (gen / "trigram_offsets.npy").write_bytes(b"\x93NUMPY garbage")
    snapshot, summary = update_index(polyglot)
    assert summary.rebuilt_because
    assert _lines(snapshot, "ECONNREFUSED")


def test_index_dir_env_and_explicit_base(polyglot: Path, tmp_path: Path) -> None:
    base = tmp_path / "elsewhere"
    update_index(polyglot, base)
    assert list(base.iterdir()) and current_generation(index_folder(polyglot, base)).is_dir()


def test_a_root_that_is_itself_a_python_package_indexes(tmp_path: Path) -> None:
    root = tmp_path / "pkg"
    root.mkdir()
    (root / "__init__.py").write_text("from .core import run\n")
    (root / "core.py").write_text("def run():\n    return helper()\n\ndef helper():\n    return 1\n")
    snapshot, summary = update_index(root, tmp_path / "index")
    assert summary.files == 2 and _lines(snapshot, "def helper") == {("core.py", 4)}


def test_a_flipped_byte_in_the_file_table_is_a_rebuild_not_another_files_text(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "a.py").write_text("FIRST_MARKER = 1\n")
    (root / "b.py").write_text("SECOND_MARKER = 2\n")
    update_index(root)
    table = current_generation(index_folder(root)) / "files_table.npy"
    data = bytearray(table.read_bytes())
    data[-8 * 5] ^= 0x01  # the last file's offset in content.bin: one byte off, still inside it
    table.write_bytes(bytes(data))
    snapshot, summary = update_index(root)
    because = summary.rebuilt_because or ""  # no process vouched for the files: the table's six are named
    assert because.startswith("the index is corrupt (one of ") and "files_table.npy" in because
    assert _lines(snapshot, "SECOND_MARKER") == {("b.py", 1)}


def test_a_path_index_answers_alike_by_bisection_and_by_dict(monkeypatch) -> None:
    from maguyva_tui.core.store import arrays

    paths = sorted(f"pkg_{i % 7}/mod_{i}.py" for i in range(500)) + ["z/é.py", "z/ü.py"]
    monkeypatch.setattr(arrays, "DICT_AFTER", 300)
    index = arrays.PathIndex(paths)
    asked = [*paths, "pkg_0/missing.py", "", "zz", 3, None] * 2
    answers = [index.get(p) for p in asked]  # the first 300 by bisection, the rest by the dict
    assert index._at is not None
    assert answers == [paths.index(p) if p in paths else None for p in asked]
    assert arrays.strictly_sorted(paths) and not arrays.strictly_sorted([*paths, "a.py"])
    assert not arrays.strictly_sorted(["a.py", "a.py"])


def test_an_index_copied_without_its_times_is_checked_once_then_trusted(polyglot: Path, monkeypatch) -> None:
    """``content.bin`` with another modification time (an index copied with ``cp -r``) makes a
    build check every stored text against its hash; once all match, that is recorded, and the
    next build trusts them (before, every command checked every text again: 4.7 s a search on
    100,000 files)."""
    import os

    from maguyva_tui.core import indexer
    from maguyva_tui.core.store.snapshot import Snapshot

    update_index(polyglot)
    gen = current_generation(index_folder(polyglot))
    content = gen / "content.bin"
    stat = content.stat()
    os.utime(content, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    assert not Snapshot.load(index_folder(polyglot)).content_intact()
    hashed: list[str] = []
    original = indexer.content_hash
    monkeypatch.setattr(indexer, "content_hash", lambda data: hashed.append("x") or original(data))
    update_index(polyglot)
    assert len(hashed) > 5  # every stored text checked, once
    assert Snapshot.load(index_folder(polyglot)).content_intact()
    hashed.clear()
    _, summary = update_index(polyglot)
    assert hashed == [] and summary.parsed == 0
    damaged = bytearray(content.read_bytes())
    damaged[0] ^= 0xFF
    content.write_bytes(bytes(damaged))  # a byte flipped since: not trusted, checked and repaired
    assert not Snapshot.load(index_folder(polyglot)).content_intact()
    snapshot, _ = update_index(polyglot)
    assert hashed and snapshot.generation != gen  # checked, and written again from the files
    first = min(snapshot.files.values(), key=lambda e: e.offset)
    assert snapshot.raw(first.path) == (polyglot / first.path).read_bytes()


def test_an_unchanged_repository_says_the_sizes_of_the_index_it_answers_from(polyglot: Path, tmp_path: Path) -> None:
    """``index --json`` on a repository unchanged since its last build said ``corpus_bytes: 0`` and
    ``trigram_bytes: 0`` (bytes written by this run); a script reads them as the index's sizes."""
    _, first = update_index(polyglot, tmp_path / "sizes")
    _, again = update_index(polyglot, tmp_path / "sizes")
    assert first.corpus_bytes > 0 and first.trigram_bytes > 0 and again.parsed == 0
    assert (again.corpus_bytes, again.trigram_bytes) == (first.corpus_bytes, first.trigram_bytes)


def test_the_graphs_languages_are_the_code_languages_only(polyglot: Path, tmp_path: Path) -> None:
    """``index --json``'s ``graph.languages`` had an entry ``""`` of zeros: the fixture's README."""
    _, summary = update_index(polyglot, tmp_path / "langs")
    languages = summary.graph["languages"]
    assert isinstance(languages, dict) and "" not in languages and "python" in languages
