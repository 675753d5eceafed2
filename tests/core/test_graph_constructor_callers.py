"""Who calls a Python constructor: the lines constructing its class. toolz's "who calls
curry.__init__" said 0 results while 102 lines construct a curry; the graph ties ``curry(f)`` to
the class, and the answer now lists those calls as the constructor's."""

from __future__ import annotations

from collections.abc import Iterator
from textwrap import dedent
from typing import Any

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
class Curry:
    def __init__(self, f):
        self.f = f


class Other:
    def __init__(self):
        pass


class Sub(Curry):
    def __init__(self, f):
        super().__init__(f)


def use():
    c = Curry(len)
    Other()
    return c
"""


def graph() -> CodeGraph:
    return build_graph({"pkg/curry.py": analyze("pkg/curry.py", dedent(SOURCE))})


def lines(g: CodeGraph, name: str) -> list[int]:
    return sorted(s.line for s in callers(g, name).sites)


def test_a_constructor_is_called_where_its_class_is_constructed() -> None:
    g = graph()
    assert lines(g, "Curry.__init__") == [14, 18]  # super().__init__(f), Curry(len); not Other()
    assert lines(g, "Other.__init__") == [19]
    assert lines(g, "Curry") == [18]  # the class's own answer is unchanged


# -- constructions written with new (Java, TypeScript, PHP, C++) or Foo.new (Ruby) ------------------
# jsoup's "who calls TextNode.TextNode" said 0 results while 28 lines write new TextNode(...): a
# construction is a type use to the graph's edges (PageRank reads them unchanged), and its sites
# now answer who calls the class's constructor.

POLYGLOT = {
    "a/Helper.java": """package a;
class Helper {
  Helper(int x) { }
  static Helper make() { return new Helper(1); }
}
""",
    "a/Use.java": """package a;
class Use {
  Helper field;
  void run() {
    Helper h = new Helper(2);
    Plain p = new Plain();
  }
}
class Plain { }
""",
    "a/foo.ts": """export class Foo {
  constructor(x: number) {}
}
export class Bare {}
export class Sub extends Foo {}
export class Own extends Foo {
  constructor() { super(1); }
}
function use(f: Foo): Foo {
  new Bare();
  new Sub(2);
  new Own();
  return new Foo(1);
}
""",
    "a/foo.php": """<?php
class Foo {
  function __construct($x) {}
}
$f = new Foo(1);
""",
    "a/foo.rb": """class Foo
  def initialize(x)
  end
end
class Bare
end
f = Foo.new(1)
b = Bare.new
""",
    "a/bar.h": "class Bar {\n public:\n  Bar(int x);\n};\n",
    "a/bar.cpp": '#include "bar.h"\nBar::Bar(int x) {}\nvoid h() { Bar* b = new Bar(1); }\n',
}


def polyglot() -> CodeGraph:
    return build_graph({p: analyze(p, dedent(s)) for p, s in POLYGLOT.items()})


def sites(g: CodeGraph, name: str) -> list[tuple[str, int]]:
    return sorted((s.path, s.line) for s in callers(g, name).sites)


def test_a_constructor_is_called_where_new_constructs_its_class() -> None:
    g = polyglot()
    assert sites(g, "Helper.Helper") == [("a/Helper.java", 4), ("a/Use.java", 5)]  # not the field's type
    assert sites(g, "Foo.constructor") == [("a/foo.ts", 7), ("a/foo.ts", 11), ("a/foo.ts", 13)]  # Own's super(1), new Sub
    assert sites(g, "Own.constructor") == [("a/foo.ts", 12)]
    assert sites(g, "Foo.__construct") == [("a/foo.php", 5)]
    assert sites(g, "Foo.initialize") == [("a/foo.rb", 7)]
    assert sites(g, "Bar::Bar") == [("a/bar.cpp", 3)]  # defined out of the class of the header


def test_a_class_is_called_where_it_is_constructed_as_a_python_class_is() -> None:
    g = polyglot()
    assert sites(g, "Helper") == [("a/Helper.java", 4), ("a/Use.java", 5)]  # the first names its constructor
    assert sites(g, "Foo.__construct") == sites(g, "a/foo.php::Foo")
    assert sites(g, "Helper.make") == []  # a method keeps its own calls


def test_a_constructor_the_class_does_not_declare_is_its_constructions() -> None:
    g = polyglot()
    assert sites(g, "Plain.Plain") == [("a/Use.java", 6)]
    assert sites(g, "Bare.constructor") == [("a/foo.ts", 10)]
    assert sites(g, "Bare.new") == [("a/foo.rb", 8)]
    assert sites(g, "Foo.new") == [("a/foo.rb", 7)]  # Ruby's Foo.new runs Foo#initialize
    assert callers(g, "Bare.new").definitions == ("a/foo.rb::Bare",)


def test_a_construction_reads_constructs_its_class() -> None:
    from maguyva_tui.core.graph.queries import construction_reasons, definitions, ranked_callers, site_reason

    g = polyglot()
    defs = definitions(g, "Helper.Helper")
    columns, total = ranked_callers(g, defs, 10)
    built = construction_reasons(g, defs)
    assert total == 2
    assert {site_reason(g, columns.site(i), built, "calls Helper") for i in range(total)} == {"constructs Helper"}


def test_constructions_leave_the_edges_and_pagerank_as_they_were() -> None:
    from maguyva_tui.core.types import FileFacts

    facts = {p: analyze(p, dedent(s)) for p, s in POLYGLOT.items()}
    as_refs = {p: FileFacts(**{**{f: getattr(f_, f) for f in f_.__dataclass_fields__},
                              "references": [r.__class__(**{**{k: getattr(r, k) for k in r.__dataclass_fields__},
                                                            "kind": "ref" if r.kind == "new" else r.kind})
                                             for r in f_.references]})
               for p, f_ in facts.items()}
    assert any(r.kind == "new" for f in facts.values() for r in f.references)
    new, old = build_graph(facts), build_graph(as_refs)
    for a, b in zip((new.edges().source, new.edges().target, new.edges().counts),
                    (old.edges().source, old.edges().target, old.edges().counts)):
        assert a.tolist() == b.tolist()
    assert new.rank_array().tolist() == old.rank_array().tolist()
    assert {s.kind for s in new.sites_out["a/Use.java"]} == {"ref"}  # a site reads as the ref edge it is


def test_untied_constructions_are_said_as_constructions() -> None:
    from maguyva_tui.core.other_calls import _notes

    g = build_graph({
        "a/foo.ts": analyze("a/foo.ts", "export class Foo {\n  constructor() {}\n}\nx.constructor();\n"),
        "a/use.ts": analyze("a/use.ts", "import { Foo } from 'elsewhere';\nnew Foo();\n"),
    })
    notes = " ".join(_notes(g, "Foo.constructor"))
    assert "1 more construction names Foo" in notes and "a/use.ts:2" in notes and 'search "Foo("' in notes


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("constructors")
    for path, text in POLYGLOT.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(dedent(text))
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    yield e
    e.close()


def found(answer: dict[str, Any]) -> list[tuple[str, int, str]]:
    return [(r["path"], r["start_line"], r["modalities"]["graph"]["reason"]) for r in answer["results"]]


def test_the_search_lists_a_constructor_s_constructions(engine: Engine) -> None:
    answer = engine.search("who calls Helper.Helper").to_json()
    assert sorted(found(answer)) == [("a/Helper.java", 4, "constructs Helper"), ("a/Use.java", 5, "constructs Helper")]


def test_the_search_reads_foo_new_and_an_undeclared_constructor_as_one(engine: Engine) -> None:
    for question, where in (("who calls Foo.new", ("a/foo.rb", 7, "constructs Foo")),
                            ("who calls Plain.Plain", ("a/Use.java", 6, "constructs Plain")),
                            ("who calls Bare.constructor", ("a/foo.ts", 10, "constructs Bare"))):
        answer = engine.search(question).to_json()
        assert found(answer) == [where], question
        assert not answer.get("lookup_failed"), question


def test_mcp_references_list_a_constructor_s_constructions_as_its_calls(engine: Engine) -> None:
    from maguyva_tui.mcp.answers import references_answer

    out = references_answer(engine, "Helper.Helper", "call", 10)
    assert [(r["path"], r["line"], r["kind"]) for r in out["references"]] == [
        ("a/Helper.java", 4, "call"), ("a/Use.java", 5, "call")]
    assert references_answer(engine, "Plain.Plain", None, 10)["counts"] == {"call": 1}
