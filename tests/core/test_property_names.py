"""An attribute read is looked up only where a property of its name exists somewhere in the
repository (``graph/link.py``): the others reach no property, and looking them up had raised the
graph build's memory and CPU by a third. A property made later, in another file, has the unchanged
files' reads of its name linked again, in a graph built here and in one opened from disk."""

from __future__ import annotations

from pathlib import Path

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.link import property_key
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.types import FileFacts

USE = "from pkg.shapes import Base\n\ndef use(b: Base):\n    return b.size + b.count\n"
PLAIN = "class Base:\n    def __init__(self):\n        self.count = 0\n"
PROPERTY = PLAIN + "\n    @property\n    def size(self):\n        return 1\n"


def _facts(files: dict[str, str]) -> dict[str, FileFacts]:
    return {path: analyze(path, text) for path, text in files.items()}


def _reads(graph: CodeGraph) -> list[tuple[str, int]]:
    return [(s.path, s.line) for s in callers(graph, "pkg/shapes.py::Base.size").sites]


def test_a_read_of_no_property_s_name_is_not_looked_up() -> None:
    graph = CodeGraph.build(_facts({"pkg/__init__.py": "", "pkg/shapes.py": PLAIN, "pkg/use.py": USE}))
    assert {property_key("size"), property_key("count")} <= set(graph.deps["pkg/use.py"])  # for one to come


def test_a_property_made_later_links_the_unchanged_files_reads() -> None:
    base = _facts({"pkg/__init__.py": "", "pkg/shapes.py": PLAIN, "pkg/use.py": USE})
    graph = CodeGraph.build(base)
    assert _reads(graph) == []
    changed = _facts({"pkg/shapes.py": PROPERTY})
    assert "pkg/use.py" in graph.update(changed, ())
    assert _reads(graph) == [("pkg/use.py", 4)]
    graph.update(_facts({"pkg/shapes.py": PLAIN}), ())
    assert _reads(graph) == []


def test_a_property_made_later_links_reads_of_a_stored_graph(tmp_path: Path) -> None:
    base = _facts({"pkg/__init__.py": "", "pkg/shapes.py": PLAIN, "pkg/use.py": USE})
    CodeGraph.build(base).save(tmp_path / "graph.npz")
    opened = CodeGraph.open(tmp_path / "graph.npz", base)
    changed = _facts({"pkg/shapes.py": PROPERTY})
    graph = build_graph({**base, **changed}, opened, changed, ())
    assert _reads(graph) == [("pkg/use.py", 4)]
