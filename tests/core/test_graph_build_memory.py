"""What lowered the graph process's peak memory (issue 19) builds the same graph: a build keeps one
file's facts read at a time and decodes only the references each pass reads, the resolver's memo is
emptied when full, and the string table is written a run of strings at a time."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from maguyva_tui.core.graph import persist
from maguyva_tui.core.graph.layers import FactLayers
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.resolve import memo
from maguyva_tui.core.graph.tables import of_kind
from maguyva_tui.core.store.arrays import strings_blob
from maguyva_tui.core.store.facts import FactsTable, RefColumns, Row
from maguyva_tui.core.store.facts_files import load_facts, save_facts
from maguyva_tui.core.store.records import StoredRecords


def _rows(files: int, calls: int) -> dict[str, Row]:
    """A Python package: each module defines five functions and a class deriving from the first
    module's, calls its own functions and the first module's, and binds a few locals."""
    rows: dict[str, Row] = {}
    for i in range(files):
        path = f"pkg/m{i:03}.py"
        symbols = tuple((f"f{j}", f"f{j}", "function", 10 * j + 1, 10 * j + 9, "python", f"def f{j}()", 10 * j + 1, 0)
                        for j in range(5))
        symbols += (("C", "C", "class", 60, 70, "python", "class C(Base)", 60, 0),
                    ("run", "C.run", "method", 61, 62, "python", "def run(self)", 61, 0))
        refs = [("inherit", "Base", 60, "C"), ("local", "x:int", 2, "f0"), ("call", "self.run", 62, "C.run")]
        refs += [("call", f"f{k % 5}" if k % 3 else "m000.f1", 100 + k, f"f{k % 5}") for k in range(calls)]
        refs += [("call", f"missing{k}", 200 + k, None) for k in range(3)]
        imports = (("Base", "pkg.m000", "C", 1), ("m000", "pkg.m000", None, 2)) if i else ()
        rows[path] = ("python", (), symbols, RefColumns.of(refs), imports)
    rows["pkg/__init__.py"] = ("python", (), (), RefColumns.of([]), ())
    return rows


def _stored(tmp_path: Path, rows: dict[str, Row]) -> FactsTable:
    save_facts(tmp_path, rows)
    return load_facts(tmp_path)


def _same(a: dict[str, Any], b: dict[str, Any]) -> None:
    """Assert two dumped graphs are equal, array for array."""
    assert a.keys() == b.keys()
    for key in a:
        x, y = a[key], b[key]
        if isinstance(x, dict):
            _same(x, y)
        elif isinstance(x, np.ndarray):
            assert np.array_equal(x, y), key
        else:
            assert list(x) == list(y) if isinstance(x, (list, tuple)) else x == y, key


def test_a_build_over_stored_facts_is_the_build_over_fresh_rows(tmp_path: Path) -> None:
    rows = _rows(12, 20)
    fresh = CodeGraph.build(FactsTable(rows))
    stored = CodeGraph.build(_stored(tmp_path, rows))
    assert fresh.stats["edges"] > 12
    _same(persist.dump(fresh), persist.dump(stored))


def test_the_layers_keep_the_file_read_last_only(tmp_path: Path) -> None:
    facts = _stored(tmp_path, _rows(3, 4))
    layers = FactLayers()
    layers.attach(facts, list(facts))
    first = layers.source("pkg/m000.py")
    assert layers.source("pkg/m000.py") is first  # its nodes and tables: one reading
    layers.source("pkg/m001.py")
    again = layers.source("pkg/m000.py")
    assert again is not first and again == first  # read again, not held for every file
    layers.settle()
    assert layers.source("pkg/m000.py") is not again


def test_of_kind_decodes_only_the_references_of_the_kind(tmp_path: Path) -> None:
    facts = _stored(tmp_path, _rows(2, 9))
    references = facts.rows["pkg/m001.py"][3]
    assert isinstance(references, StoredRecords)
    expected = list(_rows(2, 9)["pkg/m001.py"][3])
    assert list(of_kind(references, "inherit")) == [r for r in expected if r[0] == "inherit"]
    assert list(of_kind(references, "local", keep=False)) == [r for r in expected if r[0] != "local"]
    assert list(of_kind(references, "import")) == []
    assert references._rows is None  # the stored rows themselves never decoded whole
    plain = list(expected)
    assert list(of_kind(plain, "local")) == [("local", "x:int", 2, "f0")]


def test_an_emptied_memo_builds_the_same_graph(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    facts = _stored(tmp_path, _rows(10, 12))
    whole = persist.dump(CodeGraph.build(facts))
    sizes: list[int] = []
    start_file = memo.Memo.start_file

    def recorded(self: memo.Memo) -> None:
        start_file(self)
        sizes.append(len(self.memo))

    monkeypatch.setattr(memo, "MEMO_LIMIT", 3)
    monkeypatch.setattr(memo.Memo, "start_file", recorded)
    bounded = persist.dump(CodeGraph.build(facts))
    assert sizes and max(sizes) <= 3
    _same(whole, bounded)


@pytest.mark.slow
def test_a_build_holds_far_less_than_its_references_decoded(tmp_path: Path) -> None:
    """Every file's references decoded at once, as a build once held them, against the build's peak
    (about 1 x: its sites, names and tables; 2 x when it held every file's references)."""
    facts = _stored(tmp_path, _rows(120, 400))
    CodeGraph.build(facts)  # what a build imports (scipy) is not its peak
    tracemalloc.start()
    try:
        decoded = [facts.rows[path][3].rows() for path in facts]
        held, _ = tracemalloc.get_traced_memory()
        del decoded
        tracemalloc.reset_peak()
        base, _ = tracemalloc.get_traced_memory()
        graph = CodeGraph.build(load_facts(tmp_path))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert graph.stats["edges"] > 120
    assert peak - base < 1.5 * held, (peak - base, held)


@pytest.mark.parametrize("count", [0, 1, persist.BLOB_RUN, 2 * persist.BLOB_RUN + 3])
def test_the_string_table_is_written_as_before(count: int) -> None:
    strings = [f"é{i}" * (i % 4) if i % 5 else f"x\udc80{i}" for i in range(count)]
    blob, offsets = persist._blob(strings)
    expected_blob, expected_offsets = strings_blob(strings)
    assert bytes(blob) == expected_blob
    assert np.array_equal(offsets, expected_offsets)


def test_a_lean_build_lets_go_of_its_tables_and_is_the_same_graph(tmp_path: Path) -> None:
    rows = _rows(8, 10)
    facts = _stored(tmp_path, rows)
    whole, lean = CodeGraph.build(facts), CodeGraph.build(facts, lean=True)
    assert whole.indexes._built
    assert not lean.indexes._built and lean.store._link is None  # an update makes them again
    _same(persist.dump(whole), persist.dump(lean))
    stats = lean.stats
    lean.forget_derived()
    assert not lean._derived and lean.stats == stats  # made again when asked
    changed = dict(rows)
    changed["pkg/m002.py"] = rows["pkg/m003.py"]
    for graph in (whole, lean):
        graph.update(FactsTable({"pkg/m002.py": changed["pkg/m002.py"]}), ())
    _same(persist.dump(whole), persist.dump(lean))


def test_the_graph_process_writes_the_graph_a_plain_build_writes(tmp_path: Path) -> None:
    from maguyva_tui.core.indexer import GRAPH_STATS, build_graph_files

    rows = _rows(9, 12)
    gen = tmp_path / "gen"
    gen.mkdir()
    save_facts(gen, rows)
    build_graph_files(str(gen), None)  # strings decoded at once, a lean build
    plain = CodeGraph.build(FactsTable(rows))
    plain.save(tmp_path / "plain.npz")
    written, expected = np.load(gen / "graph.npz"), np.load(tmp_path / "plain.npz")
    assert sorted(written.files) == sorted(expected.files)
    for name in expected.files:
        assert np.array_equal(written[name], expected[name]), name
    assert (gen / GRAPH_STATS).read_text() == json.dumps(plain.stats)


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="reads the process's mappings (Linux)")
def test_the_graph_process_lets_go_of_the_facts_before_writing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The facts are let go once the graph is built (issue 19: the graph process's peak is its save):
    none of their files is mapped while the graph is written."""
    from maguyva_tui.core.indexer import build_graph_files

    rows = _rows(9, 12)
    gen = tmp_path / "gen"
    gen.mkdir()
    save_facts(gen, rows)
    mapped: list[list[str]] = []
    write = persist.write

    def written(path: Path, state: dict[str, Any]) -> None:
        with open("/proc/self/maps") as maps:
            mapped.append([line.split()[-1] for line in maps if str(gen) in line])
        write(path, state)

    monkeypatch.setattr(persist, "write", written)
    build_graph_files(str(gen), None)
    assert mapped == [[]]  # the graph written is a plain build's: test_the_graph_process_writes_the_graph_...


def test_a_detached_graph_refuses_an_update_until_attached(tmp_path: Path) -> None:
    rows = _rows(3, 2)
    facts = _stored(tmp_path, rows)
    graph = CodeGraph.build(facts, lean=True)
    graph.detach()
    assert not graph.attached and not len(graph.facts)
    with pytest.raises(RuntimeError, match="attach"):
        graph.update({}, [next(iter(rows))])
    graph.attach(facts)
    assert graph.update({}, [next(iter(rows))])
