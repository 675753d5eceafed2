"""Updates of a stored graph, as the index makes them (open, attach, update, save, each generation):
random edits, additions and deletions give the graph, statistics and centrality order of a fresh build."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path
from textwrap import dedent

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callees, callers, impact
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.types import FileFacts

VERSIONS: dict[str, list[str | None]] = {
    "p/__init__.py": ["", "from .a import f\n", None],
    "p/a.py": ["def f():\n    pass\n", "def g():\n    f()\n\ndef f():\n    pass\n",
               "from .b import B\n\ndef f():\n    B().m()\n", None],
    "p/b.py": ["class B:\n    def m(self):\n        pass\n", "from .a import f\n\nclass B:\n    def m(self):\n        f()\n",
               "import os\n\nclass B:\n    def m(self):\n        os.path.join('a')\n        missing()\n", None],
    "p/c.py": ["from p import f\nfrom .b import B\n\nclass C(B):\n    def n(self):\n        self.m()\n        f()\n",
               "from .a import f\n\ndef h():\n    f()\n    f()\n", None],
    "q/d.py": [None, "from p.b import B\n\ndef d():\n    return B().m()\n", "def d():\n    pass\n"],
}
"""A few versions of each file; ``None`` means the file is absent."""


def facts(files: dict[str, str | None]) -> dict[str, FileFacts]:
    """Analyze the present files."""
    return {path: analyze(path, dedent(text)) for path, text in files.items() if text is not None}


def answers(graph: CodeGraph) -> tuple[object, ...]:
    """What a user reads of a graph: edges with weights and kinds, callers and impact of every
    symbol, the statistics, and the nodes in centrality order (ties by name, values to 6 places)."""
    edges = sorted((a, b, d["weight"], sorted(d["kinds"].items())) for a, b, d in graph.graph.edges(data=True))
    names = sorted({node.split("::", 1)[1].rsplit(".", 1)[-1] for node in graph.symbols})
    asked = [(name, list(callers(graph, name).sites), callees(graph, name),
              [replace(d, centrality=round(d.centrality, 6)) for d in impact(graph, name).dependents])
             for name in names]
    order = sorted(graph.rank, key=lambda node: (-round(graph.rank[node], 6), node))
    return edges, asked, graph.stats, order, sorted((n, round(v, 6)) for n, v in graph.rank.items())


def reopened(graph: CodeGraph, folder: Path, every: dict[str, FileFacts]) -> CodeGraph:
    """Save a graph and open it again with its facts attached, as the next generation does."""
    graph.save(folder / "graph.npz")
    loaded = CodeGraph.open(folder / "graph.npz", every)
    loaded.attach(every)
    return loaded


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(sorted(VERSIONS)), st.integers(0, 3)), min_size=1, max_size=6))
def test_a_stored_graph_updated_file_by_file_answers_as_a_fresh_build(steps: list[tuple[str, int]]) -> None:
    current = {path: versions[0] for path, versions in VERSIONS.items()}
    with tempfile.TemporaryDirectory() as folder:
        graph = CodeGraph.build(facts(current))
        for step, (path, choice) in enumerate(steps):
            previous = facts(current)
            current[path] = VERSIONS[path][choice % len(VERSIONS[path])]
            every = facts(current)
            graph = reopened(graph, Path(folder), previous)
            changed = {path: every[path]} if path in every else {}
            removed = [path] if path not in every and path in previous else []
            graph = build_graph(every, graph, changed, removed)
            if step % 2:  # every other update is asked straight away, the rest after another round trip
                assert answers(graph) == answers(CodeGraph.build(every))
        final = facts(current)
        assert answers(graph) == answers(CodeGraph.build(final))
        assert answers(reopened(graph, Path(folder), final)) == answers(CodeGraph.build(final))


def test_statistics_of_an_opened_and_updated_graph_equal_a_fresh_builds(tmp_path: Path) -> None:
    files: dict[str, str | None] = {path: versions[1] for path, versions in VERSIONS.items()}
    graph = reopened(CodeGraph.build(facts(files)), tmp_path, facts(files))
    assert graph.stats == CodeGraph.build(facts(files)).stats
    files["p/b.py"] = VERSIONS["p/b.py"][2]
    files["q/d.py"] = None
    every = facts(files)
    graph = build_graph(every, graph, {"p/b.py": every["p/b.py"]}, ["q/d.py"])
    assert graph.stats == CodeGraph.build(every).stats
    assert graph.stats["languages"]["python"]["external"] >= 1


def test_statistics_of_an_opened_graph_make_no_block_of_an_unchanged_file(tmp_path: Path) -> None:
    files: dict[str, str | None] = {path: versions[1] for path, versions in VERSIONS.items()}
    graph = reopened(CodeGraph.build(facts(files)), tmp_path, facts(files))
    files["p/b.py"] = VERSIONS["p/b.py"][2]
    every = facts(files)
    graph = build_graph(every, graph, {"p/b.py": every["p/b.py"]}, [])
    made = {path for spans in (graph.blocks, graph.loose_blocks) for path in spans._made}  # type: ignore[attr-defined]
    graph.blocks._make = graph.loose_blocks._make = _refuse  # type: ignore[attr-defined]
    assert graph.stats == CodeGraph.build(every).stats
    assert made <= set(every)


def test_an_update_of_an_opened_graph_makes_no_block_of_an_unchanged_file(tmp_path: Path) -> None:
    files: dict[str, str | None] = {path: versions[1] for path, versions in VERSIONS.items()}
    graph = reopened(CodeGraph.build(facts(files)), tmp_path, facts(files))
    for spans in (graph.blocks, graph.loose_blocks, graph.members):
        spans._make = _refuse  # type: ignore[attr-defined]
    files["q/d.py"] = VERSIONS["q/d.py"][2]
    every = facts(files)
    graph = build_graph(every, graph, {"q/d.py": every["q/d.py"]}, [])
    graph.edges()
    assert graph.stats == CodeGraph.build(every).stats
    assert sorted(graph.rank.items()) == sorted(CodeGraph.build(every).rank.items())


def _refuse(start: int, end: int) -> object:
    """Stand in for making a stored block: the test fails if one is made."""
    raise AssertionError(f"a block was made ({start}:{end})")


def test_an_updated_opened_graph_is_saved_from_its_columns_and_reads_back_as_a_fresh_build(tmp_path: Path) -> None:
    from maguyva_tui.core.graph.splice import write_spliced

    files: dict[str, str | None] = {path: versions[1] for path, versions in VERSIONS.items()}
    graph = reopened(CodeGraph.build(facts(files)), tmp_path, facts(files))
    files["p/b.py"], files["q/d.py"] = VERSIONS["p/b.py"][2], VERSIONS["q/d.py"][2]
    every = facts(files)
    graph = build_graph(every, graph, {p: every[p] for p in ("p/b.py", "q/d.py")}, [])
    for spans in (graph.blocks, graph.loose_blocks, graph.members):
        spans._make = _refuse  # type: ignore[attr-defined]  # an unchanged file's block is copied, never made
    assert write_spliced(graph, tmp_path / "spliced.npz")
    loaded = CodeGraph.open(tmp_path / "spliced.npz", every)
    assert answers(loaded) == answers(CodeGraph.build(every))
    assert dict(loaded.symbols) == dict(CodeGraph.build(every).symbols)
    assert {p: [(x.line, x.name, x.outcome) for x in xs] for p, xs in loaded.loose.items()} == \
        {p: [(x.line, x.name, x.outcome) for x in xs] for p, xs in CodeGraph.build(every).loose.items()}
    loaded.attach(every)  # and it updates again
    files["p/a.py"] = VERSIONS["p/a.py"][2]
    again = facts(files)
    loaded = build_graph(again, loaded, {"p/a.py": again["p/a.py"]}, [])
    assert answers(reopened(loaded, tmp_path, again)) == answers(CodeGraph.build(again))


def test_a_graph_a_file_left_is_written_whole_so_its_strings_leave_too(tmp_path: Path) -> None:
    """An ignored or removed file's strings must not stay in the kept string table (a secret)."""
    from maguyva_tui.core.graph.splice import write_spliced

    files: dict[str, str | None] = {path: versions[1] for path, versions in VERSIONS.items()}
    graph = reopened(CodeGraph.build(facts(files)), tmp_path, facts(files))
    files["p/c.py"] = None
    every = facts(files)
    graph = build_graph(every, graph, {}, ["p/c.py"])
    assert not write_spliced(graph, tmp_path / "spliced.npz")
    graph.save(tmp_path / "whole.npz")
    assert answers(CodeGraph.open(tmp_path / "whole.npz", every)) == answers(CodeGraph.build(every))
