"""Impact depth and ordering, callees, several definitions, centrality scale, the retriever on free text."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import pytest

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callees, callers, definitions, impact
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.retrievers.graph import GraphRetriever, words
from maguyva_tui.core.types import Query

CHAIN = {
    "c/__init__.py": "",
    "c/core.py": """\
        def base():
            pass

        def middle():
            base()

        def top():
            middle()

        def popular():
            base()
        """,
    "c/users.py": """\
        from c.core import top, popular

        def entry():
            top()

        def a():
            popular()

        def b():
            popular()

        def c():
            popular()
        """,
}


def graph_of(files: dict[str, str]) -> CodeGraph:
    """Build a graph from inline sources."""
    return CodeGraph.build({path: analyze(path, dedent(text)) for path, text in files.items()})


@pytest.fixture(scope="module")
def chain() -> CodeGraph:
    return graph_of(CHAIN)


def test_impact_reports_depth_and_respects_the_maximum(chain: CodeGraph) -> None:
    found = {d.qualname: d.depth for d in impact(chain, "base", max_depth=2).dependents if d.qualname}
    assert found == {"middle": 1, "popular": 1, "top": 2, "a": 2, "b": 2, "c": 2}
    deeper = {d.qualname: d.depth for d in impact(chain, "base", max_depth=3).dependents if d.qualname}
    assert deeper["entry"] == 3


def test_impact_orders_by_depth_then_centrality(chain: CodeGraph) -> None:
    result = impact(chain, "base", max_depth=3).dependents
    assert [d.depth for d in result] == sorted(d.depth for d in result)
    first = [d for d in result if d.depth == 1]
    assert [d.qualname for d in first] == ["popular", "middle"]  # popular has three callers
    assert first[0].centrality > first[1].centrality
    files = {d.path for d in result if d.kind == "file"}
    assert files == {"c/users.py"}  # it imports top and popular


def test_impact_with_a_limit_keeps_the_head_of_the_full_ranking(chain: CodeGraph) -> None:
    full = impact(chain, "base", max_depth=3).dependents
    for limit in (1, 2, 3, 5):
        assert impact(chain, "base", max_depth=3, limit=limit).dependents == full[:limit]


def test_the_impact_of_a_file_is_what_depends_on_it_or_its_symbols(chain: CodeGraph) -> None:
    """"What breaks if I change retry.py" had been an unknown symbol: a file, as a path or a module,
    is its node and every symbol it defines; what it defines itself is no dependent."""
    for written in ("c/core.py", "c.core", "core.py"):
        found = impact(chain, written, max_depth=1)
        assert found.definitions == ("c/core.py",)
        assert {d.qualname for d in found.dependents} == {"entry", "a", "b", "c", None}  # None: users.py imports
        assert all(d.path == "c/users.py" for d in found.dependents)
    assert impact(chain, "nothing.py").definitions == () and not impact(chain, "nothing.py").dependents


def test_answers_are_sequences_made_on_access(chain: CodeGraph) -> None:
    sites = callers(chain, "popular").sites
    assert len(sites) == 3 and sites[-1] == sites[2] and sites[1:] == tuple(sites)[1:]
    assert sites == tuple(sites) and sites != () and callers(chain, "nothing_like_it").sites == ()
    with pytest.raises(IndexError):
        sites[3]


def test_callees_list_resolved_and_unresolved_calls() -> None:
    graph = graph_of({"m.py": "import os\n\ndef f(x):\n    g()\n    x.run()\n    os.getcwd()\n\ndef g():\n    pass\n"})
    result = callees(graph, "f")
    assert [(c.qualname, c.lines) for c in result.callees] == [("g", (4,))]
    assert [(u.name, u.outcome) for u in result.unresolved] == [("x.run", "unresolved"), ("os.getcwd", "external")]


def test_several_definitions_are_all_reported_most_central_first() -> None:
    graph = graph_of({
        "a.py": "def load():\n    pass\n\ndef use():\n    load()\n    load()\n",
        "b.py": "def load():\n    pass\n",
    })
    assert definitions(graph, "load") == ("a.py::load", "b.py::load")
    assert definitions(graph, "b.py::load") == ("b.py::load",)
    assert len(callers(graph, "load").sites) == 2


def test_qualified_and_dotted_tail_names() -> None:
    graph = graph_of({"s.py": "class Shape:\n    def area(self):\n        return 1\n\n    def twice(self):\n        return self.area() * 2\n"})
    assert definitions(graph, "Shape.area") == ("s.py::Shape.area",)
    assert definitions(graph, "Shape::area") == ("s.py::Shape.area",)
    assert [s.caller for s in callers(graph, "Shape.area").sites] == ["Shape.twice"]


def test_centrality_has_mean_one_and_favours_used_symbols(chain: CodeGraph) -> None:
    values = list(chain.rank.values())
    assert sum(values) / len(values) == pytest.approx(1.0)
    assert chain.node_centrality("c/core.py::base") > chain.node_centrality("c/users.py::a")
    assert chain.centrality("c/core.py", 4) == chain.node_centrality("c/core.py::middle")
    assert chain.centrality("c/core.py", 5) == chain.node_centrality("c/core.py::middle")  # inside middle
    assert chain.centrality_at("c/core.py", 1, 2) == chain.node_centrality("c/core.py::base")
    assert chain.in_degree("c/core.py::popular") == 4  # three calls and one import


def test_stats_count_outcomes_per_language(chain: CodeGraph) -> None:
    stats = chain.stats
    python = stats["languages"]["python"]  # type: ignore[index]
    assert python["resolved"] == 7 and python["unresolved"] == 0
    assert stats["nodes"] == chain.graph.number_of_nodes()


class TestRetriever:
    """The graph modality: call sites, impact hits and personalized PageRank on free text."""

    def test_callers_hits_are_call_sites(self, chain: CodeGraph) -> None:
        hits = GraphRetriever(chain).callers_hits("popular", 10)
        assert sorted((h.path, h.start_line, h.end_line, h.symbol) for h in hits) == [
            ("c/users.py", 7, 7, "a"), ("c/users.py", 10, 10, "b"), ("c/users.py", 13, 13, "c")]
        assert {h.reason for h in hits} == {"calls popular"}

    def test_callers_in_own_code_come_before_those_in_built_copies(self) -> None:
        files = {
            "src/core.js": "export function popular() { return 1; }\n",
            "src/use.js": "import { popular } from './core';\nexport function own() { return popular(); }\n",
            "dist/bundle.js": "import { popular } from '../src/core';\n"
                              + "".join(f"export function copy{i}() {{ return popular(); }}\n" for i in range(3))
                              + "export function hub() { return copy0() + copy1() + copy2(); }\n",
        }
        graph = CodeGraph.build({p: analyze(p, t) for p, t in files.items()})
        hits = GraphRetriever(graph).callers_hits("popular", 10)
        assert [h.path for h in hits] == ["src/use.js", "dist/bundle.js", "dist/bundle.js", "dist/bundle.js"]

    def test_impact_hits_span_the_dependent_and_carry_depth(self, chain: CodeGraph) -> None:
        hits = GraphRetriever(chain).impact_hits("middle", 2, 10)
        assert [(h.symbol, h.depth, h.start_line, h.end_line) for h in hits if h.symbol] == [
            ("top", 1, 7, 8), ("entry", 2, 3, 4)]
        assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)

    def test_free_text_seeds_from_words_of_names(self) -> None:
        root = Path(__file__).resolve().parents[1] / "fixtures" / "polyglot" / "app"
        files = {f"app/{p.name}": analyze(f"app/{p.name}", p.read_text()) for p in root.glob("*.py")}
        retriever = GraphRetriever(CodeGraph.build(files))
        hits = retriever.search(Query("how is the config loader used"), 5)
        assert hits and hits[0].symbol == "ConfigLoader"
        assert hits[0].reason.startswith("ppr from ConfigLoader")
        assert retriever.search(Query("what is going on here"), 5) == []

    def test_words_split_camel_and_snake_case(self) -> None:
        assert words("parseConfig HTTPServer load_all_files") == ["parse", "config", "http", "server", "load", "all", "files"]


def test_an_impact_dependent_spans_the_overload_or_accessor_that_makes_the_call() -> None:
    """A Java file that defines a name twice (a field and its setter, two overloads) has one node for
    both: the dependent is the definition holding the call, not the field ``Tag tag;`` first written."""
    java = """\
        class Validate {
            static void notNull(Object o) {}
        }

        class Element {
            Tag tag;

            Element(String name) {
                this.name = name;
            }

            Element(Tag tag) {
                Validate.notNull(tag);
            }

            Element tag(Tag tag) {
                Validate.notNull(tag);
                return this;
            }
        }
        """
    found = impact(graph_of({"Element.java": java}), "Validate.notNull", max_depth=1).dependents
    spans = sorted((d.qualname, d.kind, d.start_line, d.end_line) for d in found)
    assert spans == [("Element.Element", "method", 12, 14), ("Element.tag", "method", 16, 19)]


def test_two_calls_on_one_line_are_one_call_site() -> None:
    """``g(1) + g(2)``: the graph keeps no column, so two sites of one line, caller and callee read
    as one listed twice; callers (and the totals said of them) count it once."""
    graph = graph_of({"m.py": """\
        def g(x):
            return x

        def f():
            return g(1) + g(2)

        def h():
            g(3)
        """})
    assert [(s.path, s.line, s.caller) for s in callers(graph, "g").sites] == [("m.py", 5, "f"), ("m.py", 8, "h")]
