"""Say when a name is called in more places than the graph ties to its definitions.

"who calls ServeHTTP" on gin lists the six calls the graph resolves to ``Engine.ServeHTTP``, all in
tests; ``h.ServeHTTP(c.Writer, c.Request)`` in ``utils.go`` calls it through ``http.Handler``, an
interface of another package, and no static graph can tie that call to one definition. A page of
tests alone read as "gin's own code never calls it". The answer now says how many calls name it
without being tied to a definition (the graph keeps them: :func:`~maguyva_tui.core.graph.queries.untied_calls`),
where the first in the repository's own code is, and what to search to list every line.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from maguyva_tui.core.generation import Generation
from maguyva_tui.core.paths import is_secondary

if TYPE_CHECKING:
    from maguyva_tui.core.graph.model import CodeGraph

log = logging.getLogger(__name__)


def other_calls_notice(generation: Generation, name: str) -> str | None:
    """One line on the calls naming ``name`` that the graph tied to none of its definitions, or
    ``None`` when there are none, the name has no definition, or the graph is not ready."""
    graph = None if "graph" in generation.missing else getattr(generation.snapshot, "graph", None)
    if graph is None:  # a workspace's merged view has no one graph: each shard answers for its own
        return None
    try:
        return _notice(graph, name)
    except (OSError, ValueError, KeyError, IndexError) as exc:  # a damaged graph: the answer stands without it
        log.debug("no word on untied calls of %s: %s", name, exc)
        return None


def _notice(graph: CodeGraph, name: str) -> str | None:
    from maguyva_tui.core.graph import queries  # here: a question that reads no graph never loads it
    from maguyva_tui.core.graph.tables import split_id

    defined = queries.definitions(graph, name)
    if not defined:
        return None
    methods = all("." in split_id(node)[1] for node in defined)
    untied = queries.untied_calls(graph, name, members_only=methods)
    if not untied:
        return None
    bare = name.replace("::", ".").rpartition(".")[2] or name
    path, line = next(((p, n) for p, n in untied if not is_secondary(p)), untied[0])  # the repository's own code first
    calls = "1 more call names" if len(untied) == 1 else f"{len(untied)} more calls name"
    them = "it" if len(untied) == 1 else "them"
    called = f".{bare}(" if methods else f"{bare}("
    return (f"{calls} {bare} but the graph could not tie {them} to a definition (through an interface, on a "
            f'receiver of unknown type, or into another package): first {path}:{line}; search "{called}" lists '
            "every line")
