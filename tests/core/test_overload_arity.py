"""Who calls an overloaded Java or C++ method: javapoet's four ``CodeWriter.emit`` are one node of
the graph, and "who calls CodeWriter.emit" listed 101 calls of all four without a word. The answer
now says the name is overloaded, and each call the overloads its argument count fits."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from textwrap import dedent

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.overloads import argument_counts, arities, label

WRITER = """
package p;

public class Writer extends Base {
    public Writer emit(String s) {
        return emit(s, new Object[0]);
    }

    public Writer emit(String format, Object... args) {
        return this;
    }

    public Writer emit(Block block, boolean trailing) {
        return emit(block.text(),
                    trailing);
    }

    public void one(int a) { }
}
"""

USE = """
package p;

class Use {
    void run(Writer w, Block b) {
        w.emit("x");
        w.emit(b, /* trailing */ true);
        w.emit("%s %s", 1, 2);
        w.one(1);
        w.emit();
    }
}
"""

BASE = """
package p;

public class Base {
    public void emit() { }
}
"""

SHAPES = """
struct Shape {
    int area(int scale);
    int area(int scale, int offset = 0, ...);
    int area();
};

int use(Shape& s, Shape* p) {
    return s.area() + p->area(1, 2, 3);
}
"""


def test_a_definition_takes_its_required_to_all_or_any_arguments() -> None:
    found = arities(dedent(WRITER).encode(), "java", [5, 9, 13])
    assert [(o.line, o.least, o.most) for o in found] == [(5, 1, 1), (9, 1, None), (13, 2, 2)]
    found = arities(dedent(SHAPES).encode(), "cpp", [3, 4, 5])
    assert [(o.line, o.least, o.most) for o in found] == [(3, 1, 1), (4, 1, None), (5, 0, 0)]


def test_a_call_counts_its_arguments_on_the_lines_of_its_name_and_its_start() -> None:
    counts = argument_counts(dedent(USE).encode(), "java", "emit")
    assert counts == {6: {1}, 7: {2}, 8: {3}, 10: {0}}  # a comment is no argument
    assert argument_counts(dedent(WRITER).encode(), "java", "emit") == {6: {2}, 14: {2}}
    assert argument_counts(dedent(SHAPES).encode(), "cpp", "area") == {9: {0, 3}}  # two calls: no one count


def test_the_label_names_the_overloads_a_count_fits_and_nothing_when_it_says_nothing() -> None:
    found = arities(dedent(WRITER).encode(), "java", [5, 9, 13])
    assert label({2}, found) == "2 arguments: the overloads at lines 9, 13"
    assert label({3}, found) == "3 arguments: the overload at line 9"
    assert label({0}, found) == "0 arguments: none of the 3 overloads takes 0"
    assert label({0, 3}, found) is None and label(None, found) is None


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("overloads")
    for path, text in {"src/p/Writer.java": WRITER, "src/p/Use.java": USE, "src/p/Base.java": BASE,
                       "src/shapes.cpp": SHAPES}.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(dedent(text))
    e = Engine(Path(root), tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    yield e
    e.close()


def test_graph_callers_says_the_name_is_overloaded_and_each_call_what_it_fits(engine: Engine) -> None:
    from maguyva_tui.graph_command import graph_answer

    out = graph_answer(engine, "callers", "Writer.emit", None, 10)
    reasons = {(r["path"], r["start_line"]): r["modalities"]["graph"]["reason"] for r in out["results"]}
    assert reasons == {("src/p/Writer.java", 6): "calls emit, 2 arguments: the overloads at lines 9, 13",
                       ("src/p/Writer.java", 14): "calls emit, 2 arguments: the overloads at lines 9, 13",
                       ("src/p/Use.java", 6): "calls emit, 1 argument: the overloads at lines 5, 9",
                       ("src/p/Use.java", 7): "calls emit, 2 arguments: the overloads at lines 9, 13",
                       ("src/p/Use.java", 8): "calls emit, 3 arguments: the overload at line 9"}
    assert out["notes"][0] == ("1 call of Writer.emit passes an argument count none of its definitions takes: "
                               "it runs Base.emit, which its class inherits (src/p/Base.java), and is listed under it")
    assert out["notes"][1] == ("Writer.emit is overloaded: 3 definitions in src/p/Writer.java (lines 5, 9, 13); "
                               "the calls of all are listed, each with the overloads its argument count fits")
    one = graph_answer(engine, "callers", "Writer.one", None, 10)
    assert [r["modalities"]["graph"]["reason"] for r in one["results"]] == ["calls one"]
    assert one["notes"] == []


def test_the_search_and_mcp_references_say_it_too(engine: Engine) -> None:
    from maguyva_tui.mcp.answers import references_answer

    answer = engine.search("who calls Writer.emit").to_json()
    said = {(r["path"], r["start_line"]): r["modalities"]["graph"]["reason"] for r in answer["results"]
            if "graph" in r["modalities"]}
    assert said[("src/p/Use.java", 8)] == "calls emit, 3 arguments: the overload at line 9"
    out = references_answer(engine, "Writer.emit", "call", 10)
    fits = {(r["path"], r["line"]): r.get("overload") for r in out["references"]}
    assert fits[("src/p/Use.java", 6)] == "1 argument: the overloads at lines 5, 9"
    assert "overload" not in references_answer(engine, "Writer.one", "call", 10)["references"][0]


def test_a_call_no_overload_takes_is_listed_under_the_inherited_method_its_count_fits(engine: Engine) -> None:
    # commons-text's one-argument new OctalUnescaper().translate(s) runs CharSequenceTranslator.translate
    # (OctalUnescaper's takes three); jsoup's el.attr("href") runs Node.attr(String), not Element.attr
    from maguyva_tui.graph_command import graph_answer
    from maguyva_tui.mcp.answers import references_answer

    out = graph_answer(engine, "callers", "Base.emit", None, 10)
    assert [(r["path"], r["start_line"], r["modalities"]["graph"]["reason"]) for r in out["results"]] == [
        ("src/p/Use.java", 10, "calls emit, 0 arguments: no Writer.emit takes 0, so the inherited one runs")]
    assert ("src/p/Use.java", 10) not in {(r["path"], r["start_line"]) for r in
                                          graph_answer(engine, "callers", "Writer.emit", None, 10)["results"]}
    found = engine.search("who calls Base.emit").results
    assert [(r.path, r.start_line) for r in found] == [("src/p/Use.java", 10)]
    assert [(r["path"], r["line"]) for r in references_answer(engine, "Base.emit", "call", 10)["references"]] == [
        ("src/p/Use.java", 10)]
    assert ("src/p/Use.java", 10) not in {(r["path"], r["line"]) for r in
                                          references_answer(engine, "Writer.emit", "call", 10)["references"]}


RECORD = """
record Point(int x, int y) {
    Point {
        if (x < 0) throw new IllegalArgumentException();
    }

    Point(int v) { this(v, v); }
}
"""


def test_a_record_s_compact_constructor_takes_its_components() -> None:
    """``this(v, v)`` calls the compact constructor: it had been read as no overload, and the call
    labelled 'none of the 1 overloads takes 2'."""
    found = arities(dedent(RECORD).encode(), "java", [3, 7])
    assert [(o.line, o.least, o.most) for o in found] == [(3, 2, 2), (7, 1, 1)]
    assert label({2}, found) == "2 arguments: the overload at line 3"
