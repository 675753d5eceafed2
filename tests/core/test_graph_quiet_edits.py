"""An edit that leaves a file's tables (definitions, imports, bindings) as other files read them
relinks that file alone: its readers, and its folder's, are resolved again only when what they read
differs. Whatever the edit, the graph after the update is the graph a fresh build gives."""

from __future__ import annotations

import tempfile
from pathlib import Path
from textwrap import dedent

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.types import FileFacts

from .test_graph_update import shape


def facts(files: dict[str, str | None]) -> dict[str, FileFacts]:
    """Analyze the present files."""
    return {path: analyze(path, dedent(text)) for path, text in files.items() if text is not None}


def reopened(graph: CodeGraph, folder: Path, every: dict[str, FileFacts]) -> CodeGraph:
    """Save a graph and open it again with its facts attached, as the index's next generation does."""
    graph.save(folder / "graph.npz")
    loaded = CodeGraph.open(folder / "graph.npz", every)
    loaded.attach(every)
    return loaded


def package(count: int, first: str = "") -> dict[str, str]:
    """A Java package of ``count`` classes, each calling every other one's static method (one of
    two overloads: the second's locals are a block's, named by its line); ``first`` written above
    the first class's declaration."""
    files = {}
    for i in range(count):
        calls = "".join(f"        K{j}.m();\n" for j in range(count) if j != i)
        files[f"src/p/K{i}.java"] = (f"package p;\nimport java.util.List;\n{first if i == 0 else ''}"
                                     f"class K{i} {{\n    static void m() {{}}\n    static K{i} m(int n) {{\n        K{i} t = new K{i}();\n        return t;\n    }}\n"
                                     f"    void go() {{\n{calls}"
                                     "        for (K0 k : new K0[0]) {\n            k.go();\n        }\n    }\n}\n")
    return files


def test_a_comment_above_a_class_relinks_its_file_alone(tmp_path: Path) -> None:
    before = facts(package(8))
    after = {**before, **facts({"src/p/K0.java": package(8, "// one more line\n")["src/p/K0.java"]})}
    graph = CodeGraph.build(before)
    assert graph.update({"src/p/K0.java": after["src/p/K0.java"]}) == {"src/p/K0.java"}  # was all 8
    assert shape(graph) == shape(CodeGraph.build(after))
    assert [s.line for s in callers(graph, "K1.m").sites if s.path == "src/p/K0.java"] == [11]
    opened = reopened(CodeGraph.build(before), tmp_path, before)  # as `maguyva index` updates it
    assert opened.update({"src/p/K0.java": after["src/p/K0.java"]}) == {"src/p/K0.java"}
    assert shape(opened) == shape(CodeGraph.build(after))


JAVA = {
    "src/j/J1.java": "package j;\nclass J1 {\n    static void m() {}\n}\n",
    "src/j/J2.java": "package j;\nclass J2 {\n    void go() {\n        J1.m().x();\n    }\n}\n",
    "src/j/J3.java": "package j;\nclass J3 {\n    void x() {}\n}\n",
    "src/j/J4.java": "package j;\nclass J4 {\n    void go() {\n        new J3().x();\n        new J3().y();\n    }\n}\n",
    "src/j/J5.java": "package j;\nclass J5 {\n    void y() {}\n}\n",
}


def test_a_changed_return_type_relinks_the_files_that_read_it_not_its_whole_folder() -> None:
    graph = CodeGraph.build(facts(JAVA))
    typed = {"src/j/J1.java": "package j;\nclass J1 {\n    static J3 m() { return new J3(); }\n}\n"}
    affected = graph.update(facts(typed))
    assert "src/j/J2.java" in affected  # it reads J1's tables: what m returns changed
    assert "src/j/J4.java" not in affected  # it reads the folder's names alone: none changed
    assert sorted(s.path for s in callers(graph, "J3.x").sites) == ["src/j/J2.java", "src/j/J4.java"]
    assert shape(graph) == shape(CodeGraph.build(facts({**JAVA, **typed})))
    renamed = {"src/j/J1.java": "package j;\nclass J1 {\n    static J3 m() { return new J3(); }\n}\nclass J5 {}\n"}
    assert "src/j/J4.java" in graph.update(facts(renamed))  # a name came to the folder: its readers look again


GO = {
    "g/a.go": "package g\n\nfunc A() {\n\tB()\n\tvar t T\n\tt.M()\n}\n",
    "g/b.go": "package g\n\nfunc B() {}\n",
    "g/t.go": "package g\n\ntype T struct{}\n",
}


def test_a_go_method_another_file_of_the_package_comes_to_define_is_found_a_comment_is_not_looked_at() -> None:
    graph = CodeGraph.build(facts(GO))
    assert graph.update(facts({"g/b.go": "package g\n\n// B does nothing.\nfunc B() {}\n"})) == {"g/b.go"}
    method = {"g/b.go": "package g\n\nfunc B() {}\n\nfunc (t T) M() {}\n"}
    assert "g/a.go" in graph.update(facts(method))
    assert [s.path for s in callers(graph, "T.M").sites] == ["g/a.go"]
    assert shape(graph) == shape(CodeGraph.build(facts({**GO, **method})))


def test_a_base_another_file_of_the_package_comes_to_define_too_becomes_ambiguous() -> None:
    files = {"src/j/J1.java": JAVA["src/j/J1.java"], "src/j/J5.java": "package j;\nclass J5 extends J1 {\n}\n",
             "src/j/J3.java": JAVA["src/j/J3.java"]}
    graph = CodeGraph.build(facts(files))
    assert graph.bases["src/j/J5.java::J5"] == ["src/j/J1.java::J1"]
    twice = {"src/j/J3.java": "package j;\nclass J3 {\n    void x() {}\n}\nclass J1 {}\n"}
    graph.update(facts(twice))
    assert graph.bases["src/j/J5.java::J5"] == ["<ambiguous>"]  # it had kept J1.java's
    assert shape(graph) == shape(CodeGraph.build(facts({**files, **twice})))


def test_facts_changed_in_place_relink_every_reader() -> None:
    """A graph that let go of its tables (built to be written) cannot make the old ones again
    from a mapping whose facts were replaced in place: the callers of a renamed function are
    resolved again."""
    files = facts({"pkg/__init__.py": "", "pkg/a.py": "def f():\n    pass\n", "pkg/b.py": "from .a import f\n\nf().m()\n",
                   "pkg/c.py": "class C:\n    def m(self):\n        pass\n"})
    graph = CodeGraph.build(files, lean=True)
    files["pkg/a.py"] = analyze("pkg/a.py", "from .c import C\n\ndef f() -> C:\n    return C()\n")  # its names as they were
    assert "pkg/b.py" in graph.update({"pkg/a.py": files["pkg/a.py"]})
    assert [s.path for s in callers(graph, "C.m").sites] == ["pkg/b.py"]
    assert shape(graph) == shape(CodeGraph.build(files))


def test_an_opened_graph_given_its_new_facts_relinks_every_reader() -> None:
    """``build_graph`` attaches the new facts to a graph opened without its own: the old tables
    are not known there, and a renamed function's callers are resolved again."""
    base = facts({"pkg/__init__.py": "", "pkg/a.py": "def f():\n    pass\n", "pkg/b.py": "from .a import f\n\nf()\n"})
    with tempfile.TemporaryDirectory() as folder:
        CodeGraph.build(base).save(Path(folder) / "graph.npz")
        opened = CodeGraph.open(Path(folder) / "graph.npz", base)
        renamed = {"pkg/a.py": "def g():\n    pass\n"}
        every = {**base, **facts(renamed)}
        graph = build_graph(every, opened, facts(renamed), ())  # its own analysis: not the attached object
        assert callers(graph, "f").sites == ()
        assert shape(graph) == shape(CodeGraph.build(every))


VERSIONS: dict[str, list[str | None]] = {
    # Python: a comment, a local, a rename; an import moved down a line
    "py/__init__.py": [""],
    "py/a.py": ["def f():\n    return 1\n", "# note\n\ndef f():\n    return 1\n",
                "from .b import B\n\ndef f() -> B:\n    return B()\n", "def g():\n    return 1\n"],
    "py/b.py": ["class B:\n    def m(self):\n        pass\n", "\n\nclass B:\n    def m(self):\n        pass\n",
                "class B:\n    def n(self):\n        pass\n"],
    "py/c.py": ["from .a import f\n\ndef h():\n    f().m()\n", "# top\nfrom .a import f\n\ndef h():\n    f().m()\n"],
    # Java: a comment, a return type, a name moved to another class of the package
    "src/j/J1.java": [JAVA["src/j/J1.java"], "package j;\n// c\nclass J1 {\n    static void m() {}\n}\n",
                      "package j;\nclass J1 {\n    static J3 m() { return new J3(); }\n}\n",
                      "package j;\nclass J1 {\n    static void n() {}\n}\n"],
    "src/j/J2.java": [JAVA["src/j/J2.java"]],
    "src/j/J3.java": [JAVA["src/j/J3.java"], "package j;\n\n\nclass J3 {\n    void x() {}\n}\n",
                      "package j;\nclass J3 {\n    void x() {}\n}\nclass J1 {\n    static J3 m() { return null; }\n}\n",
                      "package j;\nclass J3 extends J5 {\n    void x() {}\n}\n"],
    "src/j/J4.java": [JAVA["src/j/J4.java"]],
    "src/j/J5.java": [JAVA["src/j/J5.java"], "package j;\nclass J5 extends J1 {\n    void y() {}\n}\n"],
    "py/d.py": ["from .b import B\n\nclass D(B):\n    pass\n\nD().m()\n", "from .b import B\n\nclass D:\n    pass\n\nD().m()\n"],
    # Go: a comment, a method in another file of the package, a field
    "g/a.go": [GO["g/a.go"]],
    "g/b.go": [GO["g/b.go"], "package g\n\n// B does nothing.\nfunc B() {}\n",
               "package g\n\nfunc B() {}\n\nfunc (t T) M() {}\n", "package g\n\nfunc C() {}\n"],
    "g/c.go": ["package g\n\nfunc D() {\n\tfor _, v := range []T{} {\n\t\tv.M()\n\t}\n}\n",
               "package g\n\n// D ranges.\nfunc D() {\n\tfor _, v := range []T{} {\n\t\tv.M()\n\t}\n}\n"],
    "g/t.go": [GO["g/t.go"], "package g\n\ntype T struct{ n int }\n", "package g\n\ntype T struct{}\n\nfunc (t T) M() {}\n"],
    # TypeScript: a comment, a return type, a renamed method
    "js/a.ts": ["export function f(): number { return 1; }\n", "// c\nexport function f(): number { return 1; }\n",
                "import { B } from './b';\nexport function f(): B { return new B(); }\n", "export function g() {}\n"],
    "js/b.ts": ["export class B { m() {} }\n", "\nexport class B { m() {} }\n", "export class B { n() {} }\n"],
    "js/c.ts": ["import { f } from './a';\nimport { B } from './b';\nf().m();\nnew B().m();\n"],
    # C: a comment, a local, a renamed function
    "c/x.h": ["int add(int a, int b);\n", "/* add */\nint add(int a, int b);\n", "int sub(int a, int b);\n"],
    "c/x.c": ['#include "x.h"\nint add(int a, int b) { return a + b; }\n',
              '#include "x.h"\n\nint add(int a, int b) { int s = a + b; return s; }\n',
              '#include "x.h"\nint sub(int a, int b) { return a - b; }\n'],
    "c/main.c": ['#include "x.h"\nint main(void) { return add(1, 2); }\n',
                 '#include "x.h"\n// c\nint main(void) { return add(1, 2) + sub(2, 1); }\n'],
}
"""Each file's versions: some leave its tables as they were (a comment, lines moved), some change
what other files read of it (a return type, a field), some its names; a pick past them removes it."""

STEPS = st.lists(st.tuples(st.sampled_from(sorted(VERSIONS)), st.integers(0, 4)), min_size=1, max_size=8)


def step(current: dict[str, str | None], path: str, pick: int) -> None:
    """Set a file to one of its versions, or remove it."""
    versions = VERSIONS[path]
    current[path] = versions[pick] if pick < len(versions) else None


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(STEPS)
def test_edits_that_keep_or_change_the_tables_leave_the_graph_a_fresh_build_gives(steps: list[tuple[str, int]]) -> None:
    current: dict[str, str | None] = {path: versions[0] for path, versions in VERSIONS.items()}
    graph = CodeGraph.build(facts(current))
    for path, pick in steps:
        step(current, path, pick)
        every = facts(current)
        graph.update({path: every[path]} if path in every else {}, [] if path in every else [path])
        assert shape(graph) == shape(CodeGraph.build(every))


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(STEPS)
def test_a_stored_graph_edited_so_answers_as_a_fresh_build(steps: list[tuple[str, int]]) -> None:
    current: dict[str, str | None] = {path: versions[0] for path, versions in VERSIONS.items()}
    with tempfile.TemporaryDirectory() as folder:
        graph = CodeGraph.build(facts(current))
        for path, pick in steps:
            previous = facts(current)
            step(current, path, pick)
            every = facts(current)
            graph = reopened(graph, Path(folder), previous)
            changed = {path: every[path]} if path in every else {}
            graph = build_graph(every, graph, changed, [] if path in every else [path])
            assert shape(graph) == shape(CodeGraph.build(every))
