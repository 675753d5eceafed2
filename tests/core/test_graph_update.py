"""Incremental updates: edits, renames, deletions and additions leave the graph a fresh build would give."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from textwrap import dedent

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.store.facts import encode
from maguyva_tui.core.types import FileFacts

CONFIG_V1 = "def parse_config(text):\n    return text\n"
CONFIG_RENAMED = "def read_config(text):\n    return text\n"
USER = "from pkg.config import parse_config\n\ndef main():\n    parse_config('a')\n"
USER_RENAMED = "from pkg.config import read_config\n\ndef main():\n    read_config('a')\n"


def facts(files: dict[str, str]) -> dict[str, FileFacts]:
    """Analyze inline sources."""
    return {path: analyze(path, dedent(text)) for path, text in files.items()}


def shape(graph: CodeGraph) -> tuple[object, ...]:
    """Everything an update must keep equal to a fresh build: nodes, edges, sites, bases, rank."""
    edges = sorted((a, b, d["weight"], sorted(d["kinds"].items())) for a, b, d in graph.graph.edges(data=True))
    sites = sorted((s.path, s.line, s.source, s.target, s.kind) for ss in graph.sites_out.values() for s in ss)
    loose = sorted((x.path, x.line, x.name, x.outcome) for xs in graph.loose.values() for x in xs)
    rank = sorted((n, round(v, 6)) for n, v in graph.rank.items())
    return sorted(graph.graph.nodes), edges, sites, loose, sorted(graph.bases.items()), rank


def test_rename_moves_the_edges_and_unresolves_stale_callers() -> None:
    base = facts({"pkg/__init__.py": "", "pkg/config.py": CONFIG_V1, "pkg/user.py": USER})
    graph = CodeGraph.build(base)
    assert [s.path for s in callers(graph, "parse_config").sites] == ["pkg/user.py"]
    affected = graph.update(facts({"pkg/config.py": CONFIG_RENAMED}), ())
    assert "pkg/user.py" in affected  # it read config.py, so it is resolved again
    assert callers(graph, "parse_config").sites == ()
    assert {x.name: x.outcome for x in graph.loose["pkg/user.py"]}["parse_config"] == "unresolved"
    graph.update(facts({"pkg/user.py": USER_RENAMED}), ())
    assert [(s.path, s.line, s.caller) for s in callers(graph, "read_config").sites] == [("pkg/user.py", 4, "main")]
    assert shape(graph) == shape(CodeGraph.build({**base, **facts({"pkg/config.py": CONFIG_RENAMED, "pkg/user.py": USER_RENAMED})}))


def test_delete_then_restore_a_file() -> None:
    base = facts({"pkg/__init__.py": "", "pkg/config.py": CONFIG_V1, "pkg/user.py": USER})
    graph = CodeGraph.build(base)
    graph.update({}, ["pkg/config.py"])
    assert not graph.graph.has_node("pkg/config.py::parse_config")
    assert graph.sites_in.get("pkg/config.py::parse_config") is None
    assert shape(graph) == shape(CodeGraph.build({k: v for k, v in base.items() if k != "pkg/config.py"}))
    graph.update(facts({"pkg/config.py": CONFIG_V1}), ())
    assert shape(graph) == shape(CodeGraph.build(base))


def test_added_base_class_file_resolves_inherited_calls_elsewhere() -> None:
    files = {
        "m/__init__.py": "",
        "m/child.py": "from m.base import Base\n\nclass Child(Base):\n    pass\n",
        "m/use.py": "from m.child import Child\n\ndef go():\n    Child().helper()\n",
    }
    graph = CodeGraph.build(facts(files))
    assert "m/base.py::Base.helper" not in graph.sites_in
    base = {"m/base.py": "class Base:\n    def helper(self):\n        pass\n"}
    graph.update(facts(base), ())
    assert [s.path for s in callers(graph, "Base.helper").sites] == ["m/use.py"]
    assert shape(graph) == shape(CodeGraph.build(facts({**files, **base})))


def test_build_graph_updates_the_previous_graph_in_place() -> None:
    base = facts({"pkg/__init__.py": "", "pkg/config.py": CONFIG_V1, "pkg/user.py": USER})
    first = build_graph(base)
    changed = facts({"pkg/config.py": CONFIG_RENAMED})
    second = build_graph({**base, **changed}, first, changed, [])
    assert second is first
    assert "pkg/config.py::read_config" in second.symbols


def stored(graph: CodeGraph, folder: Path, every: Mapping[str, FileFacts]) -> CodeGraph:
    """Save a graph and open it again with the facts it was built from, as the index does."""
    graph.save(folder / "graph.npz")
    return CodeGraph.open(folder / "graph.npz", every)


def test_a_stored_graph_keeps_queries_and_updates_working(tmp_path: Path) -> None:
    base = facts({"pkg/__init__.py": "", "pkg/config.py": CONFIG_V1, "pkg/user.py": USER})
    graph = stored(CodeGraph.build(base), tmp_path, base)
    assert [s.line for s in callers(graph, "parse_config").sites] == [4]
    changed = facts({"pkg/user.py": USER + "parse_config('b')\n"})
    with pytest.raises(RuntimeError, match="attach"):
        graph.update(changed, ())
    graph = build_graph({**base, **changed}, graph, changed, ())
    assert [s.line for s in callers(graph, "parse_config").sites] == [4, 5]
    assert shape(graph) == shape(CodeGraph.build({**base, **changed}))


class RowsOnly(dict[str, FileFacts]):
    """The index's stored rows; decoding a file into ``FileFacts`` fails the test."""

    def __init__(self, facts: dict[str, FileFacts]) -> None:
        super().__init__(facts)
        self.rows = {path: encode(f) for path, f in facts.items()}

    def __getitem__(self, path: str) -> FileFacts:
        raise AssertionError(f"decoded {path}")


def test_a_graph_reads_stored_rows_without_decoding_them(tmp_path: Path) -> None:
    base = facts({"pkg/__init__.py": "", "pkg/config.py": CONFIG_V1, "pkg/user.py": USER})
    graph = CodeGraph.build(RowsOnly(base))
    assert shape(graph) == shape(CodeGraph.build(base))
    loaded = stored(graph, tmp_path, base)
    loaded.attach(RowsOnly(base))
    changed = facts({"pkg/user.py": USER_RENAMED, "pkg/config.py": CONFIG_RENAMED})
    loaded.update(RowsOnly(changed), ())
    assert shape(loaded) == shape(CodeGraph.build({**base, **changed}))


def test_a_stored_graph_keeps_every_site_rank_and_symbol(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[1] / "fixtures" / "polyglot"
    files = {p.relative_to(root).as_posix(): p for p in sorted(root.rglob("*")) if p.is_file()}
    every = {rel: analyze(rel, p.read_text()) for rel, p in files.items()}
    graph = CodeGraph.build(every)
    loaded = stored(graph, tmp_path, every)
    assert shape(loaded) == shape(graph)
    assert dict(loaded.symbols) == dict(graph.symbols)
    assert loaded.stats == graph.stats


VERSIONS: dict[str, list[str | None]] = {
    "p/__init__.py": ["", "from .a import f\n", None],
    "p/a.py": ["def f():\n    pass\n", "def g():\n    pass\n", "from .b import B\n\ndef f():\n    B().m()\n", None],
    "p/b.py": ["class B:\n    def m(self):\n        pass\n", "from .a import f\n\nclass B:\n    def m(self):\n        f()\n", None],
    "p/c.py": ["from p import f\nfrom .b import B\n\nclass C(B):\n    def n(self):\n        self.m()\n        f()\n", None],
}
"""A few versions of each file; ``None`` means the file is absent."""


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(sorted(VERSIONS)), st.integers(0, 3)), min_size=1, max_size=6))
def test_any_sequence_of_updates_equals_a_fresh_build(steps: list[tuple[str, int]]) -> None:
    current = {path: versions[0] for path, versions in VERSIONS.items()}
    graph = CodeGraph.build(facts({p: t for p, t in current.items() if t is not None}))
    for path, choice in steps:
        text = VERSIONS[path][choice % len(VERSIONS[path])]
        current[path] = text
        if text is None:
            graph.update({}, [path])
        else:
            graph.update(facts({path: text}), ())
    fresh = CodeGraph.build(facts({p: t for p, t in current.items() if t is not None}))
    assert shape(graph) == shape(fresh)
