"""The graph engine: who calls what, what depends on what, and how central each symbol is.

Data path: ``extract.extract_facts`` reads references and imports from the tree the indexer already
parsed (one tree-sitter query per language, ``patterns.py``); ``model.CodeGraph`` resolves them
(``resolve.py``: scope, locals, imports, packages; never a guess) into a ``networkx.DiGraph`` of
symbols and files, keeps every call site, and ranks nodes by sparse PageRank (``centrality.py``);
``queries.py`` answers callers, callees and impact; ``retrievers/graph.py`` turns those and a
personalized PageRank into ranked hits.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from maguyva_tui.core.graph.extract import extract_facts
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.types import FileFacts

__all__ = ["CodeGraph", "build_graph", "extract_facts"]


def build_graph(
    facts: Mapping[str, FileFacts],
    previous: object | None = None,
    changed: Mapping[str, FileFacts] | None = None,
    removed: Iterable[str] = (),
) -> CodeGraph:
    """Update ``previous`` in place when it is a ``CodeGraph`` (changed and removed files only), else build from all facts."""
    if isinstance(previous, CodeGraph) and changed is not None:
        if len(previous.facts) < len(previous.languages):
            previous.attach(facts)  # unpickled: the facts live in the index, not in the graph's pickle
        previous.update(changed, removed)
        return previous
    return CodeGraph.build(facts)
