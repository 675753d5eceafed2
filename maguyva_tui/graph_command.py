"""``maguyva graph callers|callees|impact NAME``: the graph's direct answers in the search schema."""

from __future__ import annotations

import time
from typing import Any

from maguyva_tui.core.results import hit_json
from maguyva_tui.core.types import Hit, QueryError

ACTIONS = ("callers", "callees", "impact")


def graph_answer(engine: Any, action: str, name: str, depth: int | None, limit: int) -> dict[str, Any]:
    """Answer one graph question and return the JSON result."""
    from maguyva_tui.core.graph import queries

    started = time.perf_counter()
    if not name.strip():
        raise QueryError("empty name")
    graph = engine.snapshot.graph
    definitions = queries.definitions(graph, name)
    if not definitions:
        raise QueryError(f"unknown symbol {name!r}: no definition of it in the graph")
    retriever = engine.retriever("graph")
    if action == "callers":
        hits = retriever.callers_hits(name, limit)
    elif action == "impact":
        hits = retriever.impact_hits(name, depth or queries.DEFAULT_DEPTH, limit)
    else:
        hits = _callee_hits(graph, queries.callees(graph, name), limit)
    results = [hit_json(engine.snapshot, h, h.score, {"graph": {"rank": i, "score": h.score, "reason": h.reason}})
               for i, h in enumerate(hits)]
    return {
        "query": f"{action} {name}",
        "action": action,
        "definitions": list(definitions),
        "note": _several(definitions),
        "results": results,
        "elapsed_ms": round((time.perf_counter() - started) * 1000, 3),
    }


def _callee_hits(graph: Any, found: Any, limit: int) -> list[Hit]:
    """One hit per called definition, spanning it, with the lines of the calls in its reason."""
    hits = []
    for callee in found.callees[:limit]:
        symbol = graph.symbols.get(callee.node)
        start, end = (symbol.start_line, symbol.end_line) if symbol else (1, 1)
        kind = symbol.kind if symbol else None
        language = symbol.language if symbol else None
        lines = ", ".join(str(n) for n in callee.lines)
        hits.append(Hit(callee.path, start, end, graph.node_centrality(callee.node), callee.qualname, kind, language,
                        f"called at line {lines}"))
    return hits


def _several(definitions: tuple[str, ...]) -> str | None:
    """Say so when a name has several definitions (all are used, the most central first)."""
    if len(definitions) < 2:
        return None
    return f"{len(definitions)} definitions match; all are used, most central first: " + ", ".join(definitions)


def print_graph(result: dict[str, Any]) -> None:
    """Print a graph answer for a person."""
    if result.get("note"):
        print(result["note"])
    for i, r in enumerate(result["results"], 1):
        depth = f"  depth {r['depth']}" if "depth" in r else ""
        symbol = f"  {r['symbol']}" if r.get("symbol") else ""
        print(f"{i:3}. {r['path']}:{r['start_line']}{symbol}{depth}  ({r['modalities']['graph']['reason']})")
    print(f"{len(result['results'])} results in {result['elapsed_ms']:.1f} ms")
