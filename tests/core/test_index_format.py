"""The index's files are plain arrays, strings and JSON: none runs code when read (issue 18.22).

A pickle whose ``__reduce__`` writes a marker file is planted in place of each file of a
generation, and of each file the pickled format had: a search must run no code, answer, and say
that the index is rebuilt where it was damaged.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store.arrays import Interner, Strings, save_strings
from maguyva_tui.core.store.facts_files import load_facts, save_facts
from maguyva_tui.core.store.format import FORMAT_VERSION, current_generation
from maguyva_tui.core.store.records import decode_records, encode_records

OLD_FILES = ["facts.pkl", "graph.pkl", "centrality.pkl"]
"""The pickled files of format 6: planted in a generation, they are never opened."""


class Payload:
    """Unpickling this writes the marker file: the proof that code ran."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (open, (str(self.marker), "w"))


def _plant(path: Path, marker: Path, how: str) -> None:
    """Put a payload at ``path``: a bare pickle, an object ``.npy`` or an ``.npz`` of object arrays."""
    path.unlink(missing_ok=True)
    with open(path, "wb") as handle:
        if how == "pickle":
            pickle.dump(Payload(marker), handle)
        elif how == "npy":
            np.save(handle, np.array([Payload(marker)], dtype=object), allow_pickle=True)
        else:
            np.savez(handle, format=np.array([Payload(marker)], dtype=object))


def _generation_files(root: Path) -> list[str]:
    update_index(root)
    return sorted(p.name for p in current_generation(index_folder(root)).iterdir())


def _search(root: Path) -> tuple[str | None, list[tuple[str, int]], list[int]]:
    """Index, answer a literal and a graph question; return why it rebuilt and the answers."""
    snapshot, summary = update_index(root)
    lines = [(m.path, m.line) for m in TextRetriever(snapshot).literal_lines("def parse_config")]
    calls = [site.line for site in callers(snapshot.graph, "parse_config").sites]
    return summary.rebuilt_because, lines, calls


@pytest.mark.slow  # over 4 s each on 2 cores: run by .ci/run's slow pass
@pytest.mark.parametrize("how", ["pickle", "npy", "npz"])
def test_no_planted_file_runs_code(polyglot: Path, tmp_path: Path, how: str) -> None:
    names = _generation_files(polyglot)
    _, expected_lines, expected_calls = _search(polyglot)
    assert expected_lines and expected_calls
    marker = tmp_path / "code-ran"
    for name in [*names, *OLD_FILES, "CURRENT"]:
        folder = index_folder(polyglot)
        path = folder / name if name == "CURRENT" else current_generation(folder) / name
        _plant(path, marker, how)
        rebuilt, lines, calls = _search(polyglot)
        assert not marker.exists(), f"{name}: code ran"
        assert (lines, calls) == (expected_lines, expected_calls), name
        if name not in OLD_FILES:
            # the graph is rebuilt alone; the walk stamp only spares a walk: unreadable, the tree is walked;
            # the name words' counts only spare a count: unreadable, the first sentence counts them
            assert rebuilt or name in ("graph.npz", "walk-stamp.json", "names-stems.npz"), \
                f"{name} replaced, and the index was not rebuilt"
            assert rebuilt is None or "corrupt" in rebuilt or "incomplete" in rebuilt, rebuilt


@pytest.mark.slow  # over 4 s each on 2 cores: run by .ci/run's slow pass
def test_a_planted_pickle_gives_a_notice_through_the_cli(polyglot: Path, tmp_path: Path) -> None:
    update_index(polyglot)
    marker = tmp_path / "code-ran"
    _plant(current_generation(index_folder(polyglot)) / "facts_symbols.npy", marker, "pickle")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.run([sys.executable, "-m", "maguyva_tui", "search", "parse_config", "--repo", str(polyglot),
                           "--modality", "text", "--json"], capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    assert '"the index is corrupt (facts_symbols.npy: ValueError); rebuilt"' in proc.stdout
    assert not marker.exists()


@pytest.mark.parametrize("damage", ["truncated", "emptied", "padded", "bad ids"])
def test_a_damaged_facts_table_is_a_rebuild_with_a_notice(polyglot: Path, damage: str) -> None:
    update_index(polyglot)
    path = current_generation(index_folder(polyglot)) / "facts_refs.npy"
    data = path.read_bytes()
    if damage == "bad ids":  # well formed, every string id out of range: read as "", never a crash
        table = np.load(path)  # c1 widened: its narrow type's largest id may be a string the table holds
        wide = np.dtype([(name, "<u4" if name == "c1" else table.dtype[name]) for name in table.dtype.names])
        widened = table.astype(wide)
        widened["c1"] = np.iinfo(np.uint32).max
        np.save(path, widened)
    else:
        path.write_bytes({"truncated": data[: len(data) - 7], "emptied": b"", "padded": data + b"\0" * 8}[damage])
    snapshot, summary = update_index(polyglot)
    if damage == "bad ids":
        assert summary.rebuilt_because is None
        assert all(name == "" for row in snapshot.facts.rows.values() for _, name, _, _ in row[3])
    else:
        assert summary.rebuilt_because and "facts_refs.npy" in summary.rebuilt_because
    assert [m.path for m in TextRetriever(snapshot).literal_lines("def parse_config")]


def test_stored_facts_read_back_exactly(polyglot: Path, tmp_path: Path) -> None:
    snapshot, _ = update_index(polyglot)
    rows = {path: snapshot.facts.rows[path] for path in snapshot.facts}
    odd = ("python", ((1, 2, "window", None, None),), (("n\0ame", "q\udcff", "function", 1, 2, "python", "", 0, 1),),
           (("call", "é\0x", 3, None),), (("a", "b", None, -5),))
    save_facts(tmp_path, {**rows, "odd.py": odd})
    stored = load_facts(tmp_path)
    assert stored.rows["odd.py"] == (odd[0], *odd[1:3], tuple(odd[3]), odd[4])
    assert all(stored.rows[p] == (r[0], r[1], r[2], tuple(r[3]), r[4]) for p, r in rows.items())
    assert list(stored.symbol_rows()) == [(p, s) for p in sorted(stored.rows) for s in stored.rows[p][2]]
    assert stored.chunk_count() == sum(len(r[1]) for r in stored.rows.values())


def test_strings_and_records_round_trip(tmp_path: Path) -> None:
    strings = Interner()
    rows = [("a", 1, None), (None, -2, "b\0c"), ("ü", 2**31 - 1, "")]
    table = encode_records(rows, "sis", strings)
    save_strings(tmp_path, "s", strings.strings())
    loaded = Strings.load(tmp_path, "s")
    assert decode_records(table, "sis", loaded) == tuple(rows)
    assert decode_records(table[1:2], "sis", Strings.load(tmp_path, "s")) == (rows[1],)
    with pytest.raises(OverflowError):
        encode_records([("a", 2**31, None)], "sis", strings)


def test_updates_carry_stored_facts_exactly(polyglot: Path, tmp_path: Path) -> None:
    """Unchanged files' facts are copied from the stored tables without being decoded; after a few
    updates (each reading the generation the last one wrote) they equal a cold build's."""
    update_index(polyglot)
    target = next(iter(sorted(polyglot.rglob("*.py"))))
    for n in range(3):
        target.write_text(target.read_text() + f"\ndef added_{n}():\n    return parse_config('x')\n")
        if n == 1:
            (polyglot / "README.md").unlink()
        update_index(polyglot)
    updated, _ = update_index(polyglot)
    cold, _ = update_index(polyglot, tmp_path / "cold")

    def rows(snapshot: Any) -> dict[str, tuple[Any, ...]]:  # sorted: a worker and this process order
        return {p: tuple(sorted(part, key=repr) if i else part for i, part in enumerate(snapshot.facts.rows[p]))
                for p in snapshot.facts}                       # a file's references differently

    assert rows(updated) == rows(cold)
    assert sorted(updated.graph.rank.items()) == sorted(cold.graph.rank.items())


def test_a_pickled_format_6_index_is_rebuilt_unread_and_keeps_its_embeddings(polyglot: Path, tmp_path: Path) -> None:
    """An index of the pickled format (manifest format 6) is never read past its manifest: the
    generation is rebuilt with a notice, its pickles run nothing, the embeddings folder stays."""
    update_index(polyglot)
    folder = index_folder(polyglot)
    gen = current_generation(folder)
    marker = tmp_path / "code-ran"
    for name in OLD_FILES:
        _plant(gen / name, marker, "pickle")
    manifest = json.loads((gen / "manifest.json").read_text())
    (gen / "manifest.json").write_text(json.dumps({**manifest, "format": 6}))
    vectors = folder / "semantic" / "provider" / "seg-000000-0.npz"
    vectors.parent.mkdir(parents=True)
    vectors.write_bytes(b"kept")
    snapshot, summary = update_index(polyglot)
    assert summary.rebuilt_because == f"index format 6 is not {FORMAT_VERSION}; rebuilding it"
    assert not marker.exists() and vectors.read_bytes() == b"kept"
    assert [m.line for m in TextRetriever(snapshot).literal_lines("def parse_config")]


@pytest.mark.slow
def test_a_question_does_not_import_numpy_masked_arrays(tmp_path: Path) -> None:
    # numpy 2.4's np.unique asks whether an array is masked, importing numpy.ma (11-33 ms) into every
    # fresh `maguyva search`; the search path dedupes with arrays.unique instead
    (tmp_path / "m.py").write_text("def invert_matrix(m):\n    return m\n\n\nclass Matrix:\n    pass\n")
    opened = ("import sys; from pathlib import Path; from maguyva_tui.core.engine import Engine; "
              "from tests.core.test_engine import CountingProvider; "
              "e = Engine(Path(sys.argv[1]), Path(sys.argv[2]), provider=CountingProvider()); ")
    run = [sys.executable, "-c"]
    where = {"capture_output": True, "text": True, "timeout": 300, "check": True,
             "cwd": Path(__file__).resolve().parents[2]}
    subprocess.run([*run, opened + "e.refresh(); e.embed_pending()", str(tmp_path), str(tmp_path / "index")],
                   **where)  # indexing may import anything; a later question's process must not
    asked = opened + ("[e.search(q) for q in ('Matrix', 'def invert_matrix', 'how is a matrix inverted')]; "
                      "print('numpy.ma' in sys.modules)")
    out = subprocess.run([*run, asked, str(tmp_path), str(tmp_path / "index")], **where)
    assert out.stdout.strip().splitlines()[-1] == "False"


def test_a_rebuild_is_said_with_the_first_answer_after_it_only(polyglot: Path, tmp_path: Path) -> None:
    """Why the index was rebuilt is news once: a resident or MCP server had repeated "index format
    32 is not 33; rebuilding it" with every answer of its life."""
    from maguyva_tui.core.engine import Engine

    base = tmp_path / "indexes"
    Engine(polyglot, base, static=False).refresh()
    gen = current_generation(index_folder(polyglot, base))
    manifest = json.loads((gen / "manifest.json").read_text())
    (gen / "manifest.json").write_text(json.dumps({**manifest, "format": FORMAT_VERSION - 1}))
    engine = Engine(polyglot, base, static=False)
    try:
        engine.refresh()
        said = f"index format {FORMAT_VERSION - 1} is not {FORMAT_VERSION}; rebuilt"  # said once it is
        assert said in engine.search("parse_config").notices
        assert said not in engine.search("parse_config").notices
        assert said not in engine.search("how is the config parsed").notices
        assert said in engine.notices  # the front ends' status lines still read it
    finally:
        engine.close()
