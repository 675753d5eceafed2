"""What lowered the graph process's peak on the 450 MB corpus (issue 19, 889 -> 776 MB) builds the
same graph: a graph built to be written keeps a few thousand files' lookup tables, not every file's;
the cross-file name tables hold only the families resolved across files; PageRank is run without the
operator's node ids and their index, and the merged sites are let go once the edges are made."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from maguyva_tui.core.graph import model, persist
from maguyva_tui.core.graph import tables as graph_tables
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.symbols import LINKED_FAMILIES
from maguyva_tui.core.store.facts import FactsTable, RefColumns, Row
from tests.core.test_graph_build_memory import _same, _stored


def _python(files: int) -> dict[str, Row]:
    """A package whose modules import and call the first one's and each other's functions."""
    rows: dict[str, Row] = {}
    for i in range(files):
        path = f"pkg/m{i:03}.py"
        symbols = tuple((f"f{j}", f"f{j}", "function", 10 * j + 1, 10 * j + 9, "python", f"def f{j}()", 10 * j + 1, 0)
                        for j in range(4))
        symbols += (("C", "C", "class", 60, 70, "python", "class C(Base)", 60, 0),
                    ("run", "C.run", "method", 61, 62, "python", "def run(self)", 61, 0))
        refs = [("inherit", "Base", 60, "C"), ("local", "x:int", 2, "f0"), ("call", "self.run", 62, "C.run")]
        refs += [("call", f"f{k % 4}" if k % 3 else "m000.f1", 100 + k, f"f{k % 4}") for k in range(6)]
        refs += [("call", f"m{(i + 1) % files:03}.f2", 300, "f1"), ("call", "missing", 301, None)]
        imports = (("Base", "pkg.m000", "C", 1), ("m000", "pkg.m000", None, 2),
                   (f"m{(i + 1) % files:03}", f"pkg.m{(i + 1) % files:03}", None, 3))
        rows[path] = ("python", (), symbols, RefColumns.of(refs), imports)
    rows["pkg/__init__.py"] = ("python", (), (), RefColumns.of([]), ())
    return rows


def _c(files: int) -> dict[str, Row]:
    """C files calling each other's functions through linkage (the name tables)."""
    rows: dict[str, Row] = {}
    for i in range(files):
        symbols = ((f"c{i}", f"c{i}", "function", 1, 5, "c", f"void c{i}(void)", 1, 0),)
        refs = [("call", f"c{(i + 1) % files}", 3, f"c{i}"), ("call", "printf", 4, f"c{i}")]
        rows[f"src/c{i:03}.c"] = ("c", (), symbols, RefColumns.of(refs), ())
    return rows


def test_a_lean_build_keeps_a_few_files_tables_and_is_the_same_graph(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    rows = {**_python(14), **_c(6)}
    facts = _stored(tmp_path, rows)
    whole = CodeGraph.build(facts)
    held: list[int] = []
    get = graph_tables.IndexCache.get

    def recorded(self: graph_tables.IndexCache, path: str, default: Any = None) -> Any:
        found = get(self, path, default)
        held.append(len(self._built))
        return found

    monkeypatch.setattr(model, "LEAN_TABLES", 3)
    monkeypatch.setattr(graph_tables.IndexCache, "get", recorded)
    lean = CodeGraph.build(facts, lean=True)
    assert held and max(held) == 3  # every file's tables were held before
    assert whole.stats["edges"] > 20
    _same(persist.dump(whole), persist.dump(lean))
    assert whole.stats == lean.stats


def test_a_bounded_cache_gives_the_tables_it_gave_before() -> None:
    rows = _python(5)
    facts = FactsTable(rows)
    plain = graph_tables.IndexCache(lambda path: graph_tables.read_source(facts, path) if path in facts else None)
    bounded = graph_tables.IndexCache(lambda path: graph_tables.read_source(facts, path) if path in facts else None)
    bounded.limit = 2
    for path in [*rows, *reversed(rows), "pkg/none.py"]:
        assert bounded.get(path) == plain.get(path)
    assert len(bounded._built) == 2 and len(plain._built) == len(rows)
    bounded.get("pkg/m003.py")
    bounded.get("pkg/m000.py")
    bounded.get("pkg/m003.py")  # read last: the one kept when the next is made
    bounded.get("pkg/m001.py")
    assert list(bounded._built) == ["pkg/m003.py", "pkg/m001.py"]


def test_the_name_tables_hold_only_the_families_resolved_across_files(tmp_path: Path) -> None:
    graph = CodeGraph.build(_stored(tmp_path, {**_python(3), **_c(3)}))
    assert set(graph.qualnames) == {"c"} and set(graph.tops) == {"c"}  # python's were held too
    assert graph.qualnames["c"]["c1"] == ["src/c001.c::c1"]
    assert {"c", "go", "ruby", "rust"} == LINKED_FAMILIES  # ruby: its names are resolved across files (ca19627)
    callers = {s.source for s in graph.sites_in["src/c001.c::c1"]}
    assert callers == {"src/c000.c::c0"}  # linkage still resolves


def test_lean_pagerank_is_the_ranks_of_the_transition_and_keeps_no_operator(tmp_path: Path) -> None:
    facts = _stored(tmp_path, {**_python(12), **_c(4)})
    whole, lean = CodeGraph.build(facts), CodeGraph.build(facts, lean=True)
    assert lean.slot_centrality() == whole.slot_centrality()
    assert set(lean._derived) == {"edge_count"}  # the operator, its node index, the merged sites, the edges were kept
    assert lean._edge_count() == len(whole.edges().source) > 20
    assert "transition" not in whole._derived  # neither builds the operator: a question that needs it makes it
    assert np.array_equal(lean.transition.matrix.toarray(), whole.transition.matrix.toarray())  # made when asked


def test_a_compaction_makes_the_fills_keys_digests_a_block_at_a_time() -> None:
    """The main process's peak at the end of a fill: its keys as one array of ``str`` (128 bytes a
    key) were made to be turned into 16-byte digests."""
    import hashlib
    import tracemalloc

    from maguyva_tui.core.embed import store

    keys = [hashlib.blake2b(str(i).encode(), digest_size=16).hexdigest() for i in range(3 * store._BLOCK + 5)]
    expected = store._compact_keys(np.array(keys, dtype=str))
    tracemalloc.start()
    try:
        found = store._list_digests(keys)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert found is not None and np.array_equal(found, expected)
    assert peak < 0.5 * 128 * len(keys), peak  # 1.1 x the whole array before
    for bad in (keys[:70_000] + ["notahash"] + keys[70_000:], [*keys, "A" * 32], ["x"] * 3):
        assert store._compact_keys(np.array(bad, dtype=str)).dtype.kind != "S"
        assert store._list_digests(bad) is None  # not digests: the keys are kept as they are
