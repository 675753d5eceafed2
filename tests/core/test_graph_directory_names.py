"""A name of a file's own package (Java, Go, PHP: its directory) is found through the directory's
table of top-level names, made once, not by reading every file of the directory at each lookup;
an update that changes, adds or removes a file of the directory leaves the graph a fresh build gives."""

from __future__ import annotations

from textwrap import dedent

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.graph.tables import IndexCache
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.types import FileFacts

from .test_graph_update import shape

VARIANTS: dict[str, list[str]] = {
    "src/p/A.java": ["package p;\nclass A {\n    void go() {\n        new B().run();\n        C.make();\n        D.x();\n    }\n}\n"],
    "src/p/B.java": ["package p;\nclass B {\n    void run() {}\n}\n",
                     "package p;\nclass B2 {\n    void run() {}\n}\n",
                     "package p;\nclass B {\n    void run() {}\n}\nclass C {\n    static void make() {}\n}\n"],
    "src/p/C.java": ["package p;\nclass C {\n    static void make() {}\n}\n",
                     "package p;\nclass D {\n    static void x() {}\n}\n"],
    "src/q/E.java": ["package q;\nimport p.*;\nclass E {\n    void f() {\n        new B().run();\n    }\n}\n"],
    "g/a.go": ["package g\n\nfunc A() {\n\tB()\n\tC()\n}\n"],
    "g/b.go": ["package g\n\nfunc B() {}\n", "package g\n\nfunc C() {}\n", "package g\n\nfunc B() {}\n\nfunc C() {}\n"],
    "w/A.php": ["<?php\nnamespace W;\nclass A {\n    function go() {\n        return new B();\n    }\n}\n"],
    "w/B.php": ["<?php\nnamespace W;\nclass B {}\n", "<?php\nnamespace W;\nclass C {}\n"],
}
"""Each file's versions: an update sets a file to one of them, or removes it."""


def analyzed(files: dict[str, str]) -> dict[str, FileFacts]:
    """Analyze inline sources."""
    return {path: analyze(path, dedent(text)) for path, text in files.items()}


def package(count: int, edited: str = "") -> dict[str, str]:
    """A Java package of ``count`` classes, each calling every other one's static method."""
    files = {}
    for i in range(count):
        calls = "".join(f"        K{j}.m();\n" for j in range(count) if j != i)
        files[f"src/p/K{i}.java"] = (f"package p;\nclass K{i} {{\n    static void m() {{}}\n    void go() {{\n{calls}    }}\n}}\n"
                                     + (edited if i == 0 else ""))
    return files


def test_an_update_reads_each_file_of_the_package_once_not_at_each_lookup(monkeypatch: pytest.MonkeyPatch) -> None:
    graph = CodeGraph.build(analyzed(package(30)))
    reads = 0
    get = IndexCache.get

    def counted(self: IndexCache, path: str, default: object = None) -> object:
        nonlocal reads
        reads += 1
        return get(self, path, default)  # type: ignore[arg-type]

    monkeypatch.setattr(IndexCache, "get", counted)
    edited = package(30, "class Extra {}\n")["src/p/K0.java"]  # a name comes: every reader of the package looks again
    affected = graph.update(analyzed({"src/p/K0.java": edited}), ())
    assert len(affected) == 30  # every class reads the package
    # each of the 30 × 29 lookups had read the package's 30 files' tables: 33,181 reads, now 7,111
    assert reads < 12_000
    assert sorted(s.path for s in callers(graph, "K1.m").sites) == sorted(f"src/p/K{i}.java" for i in range(30) if i != 1)


def test_a_name_another_file_comes_to_define_is_ambiguous_then_found_again() -> None:
    files = {k: v[0] for k, v in VARIANTS.items() if k.startswith("src/p/")}
    graph = CodeGraph.build(analyzed(files))
    assert [s.path for s in callers(graph, "C.make").sites] == ["src/p/A.java"]
    both = {"src/p/B.java": VARIANTS["src/p/B.java"][2]}  # B.java defines a C too: C is two classes
    graph.update(analyzed(both), ())
    assert callers(graph, "C.make").sites == ()
    assert shape(graph) == shape(CodeGraph.build(analyzed({**files, **both})))
    graph.update(analyzed({"src/p/B.java": VARIANTS["src/p/B.java"][0]}), ())
    assert [s.path for s in callers(graph, "C.make").sites] == ["src/p/A.java"]
    assert shape(graph) == shape(CodeGraph.build(analyzed(files)))
    graph.update({}, ["src/p/C.java"])
    assert shape(graph) == shape(CodeGraph.build(analyzed({k: v for k, v in files.items() if k != "src/p/C.java"})))


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(sorted(VARIANTS)), st.integers(0, 3)), min_size=1, max_size=6))
def test_updates_of_a_package_leave_the_graph_a_fresh_build_gives(steps: list[tuple[str, int]]) -> None:
    present = {path: versions[0] for path, versions in VARIANTS.items()}
    graph = CodeGraph.build(analyzed(present))
    for path, pick in steps:
        versions = VARIANTS[path]
        if pick >= len(versions):  # removed (or, when absent, left absent)
            present.pop(path, None)
            graph.update({}, [path])
        else:
            present[path] = versions[pick]
            graph.update(analyzed({path: versions[pick]}), ())
        assert shape(graph) == shape(CodeGraph.build(analyzed(present)))
