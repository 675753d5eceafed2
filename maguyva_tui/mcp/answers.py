"""Compact answers for agents: what the engine found, small enough to keep in a context window.

Every answer is a plain JSON-able dict. Locations read ``"path"`` plus ``"lines": "12-21"``
(1-based, inclusive); snippets are cut to a few short lines; per-engine ranks are 1-based (1 = that
engine's best) and ``null`` when an engine that ran did not find the result. Errors an agent can
fix (an unknown symbol, an empty question) raise ``AnswerError`` with a message that says what to do.
"""

from __future__ import annotations

import textwrap
from typing import Any

from maguyva_tui.core.graph import queries
from maguyva_tui.core.types import Query, Symbol

SNIPPET_LINES = 4
"""Lines of code per search result: a signature and the start of a body."""
LINE_CHARS = 160
"""A longer line is cut here: one minified line must not flood an agent's context."""
MATCH_LINES = 3
"""Matching lines shown per result when they fall outside its snippet."""
SOURCE_LINES = 60
"""The most lines of a definition's source that find_definition returns."""
SUGGESTIONS = 5
"""Close names offered when a symbol is unknown."""
SCORE_DIGITS = 4  # fused scores are small (≈ weight / (k + rank)); four significant digits tell them apart
REFERENCE_KINDS = ("call", "inherit", "ref", "import")
"""The uses of a symbol the graph records, strongest first."""


class AnswerError(Exception):
    """A question the engine cannot answer as asked; the message says why and what to try."""


def lines(start: int, end: int) -> str:
    """Write a line span the way an agent cites it: ``"12-21"``, or ``"12"`` for one line."""
    return str(start) if end <= start else f"{start}-{end}"


def trim(text: str, max_lines: int = SNIPPET_LINES) -> str:
    """Dedent, keep the first lines, and cut each to a readable width."""
    kept = textwrap.dedent("\n".join(text.splitlines()[:max_lines])).splitlines()
    return "\n".join(line if len(line) <= LINE_CHARS else line[: LINE_CHARS - 1] + "…" for line in kept)


def _round(value: float) -> float:
    return float(f"{value:.{SCORE_DIGITS}g}")


# -- search ----------------------------------------------------------------------------------------

def search_answer(result: dict[str, Any], engine: Any) -> dict[str, Any]:
    """Shrink the engine's JSON result to what an agent needs: the explanation header and compact hits."""
    out: dict[str, Any] = {
        "query": result["query"],
        "intent": result["intent"],
        "confidence": result["confidence"],
        "rule": result["rule"],
        "target": result["target"],
        "fusion_strategy": result["fusion_strategy"],
        "preset": result["preset"],
        "engines_run": result["modalities_run"],
        "weights": {m: w for m, w in result["weights"].items() if m in result["modalities_run"]},
    }
    if result.get("semantic_coverage", 1.0) < 1.0 and "semantic" in result["modalities_run"]:
        out["semantic_coverage"] = round(result["semantic_coverage"], 2)
    if result.get("notices"):
        out["notices"] = result["notices"]
    out["results"] = [_search_hit(r, engine) for r in result["results"]]
    return out


def _search_hit(r: dict[str, Any], engine: Any) -> dict[str, Any]:
    modalities = r["modalities"]
    hit: dict[str, Any] = {"path": r["path"], "lines": lines(r["start_line"], r["end_line"])}
    if r.get("symbol"):
        hit["symbol"], hit["kind"] = r["symbol"], r["kind"]
    hit["score"] = _round(r["score"])
    hit["ranks"] = {m: (e["rank"] + 1 if e else None) for m, e in modalities.items()}
    hit["why"] = {m: e["reason"] for m, e in modalities.items() if e and e.get("reason")}
    if r.get("depth") is not None:
        hit["depth"] = r["depth"]
    hit["snippet"] = trim(r.get("snippet") or "")
    matches = _match_lines(engine, r)
    if matches:
        hit["matches"] = matches
    return hit


def _match_lines(engine: Any, r: dict[str, Any]) -> list[str]:
    """The matching lines that the snippet does not already show, as ``"44: text"``."""
    shown_end = r["start_line"] + SNIPPET_LINES - 1
    wanted = [n for n in r.get("match_lines", []) if n > shown_end][:MATCH_LINES]
    return [f"{n}: {_line(engine, r['path'], n)}" for n in wanted]


def _line(engine: Any, path: str, number: int) -> str:
    """One stripped line of an indexed file, cut to width; empty when it cannot be read."""
    try:
        found = engine.snapshot.lines(path, number, number)
    except (OSError, KeyError, ValueError):
        return ""
    return trim(found[0].strip(), 1) if found else ""


# -- definitions -----------------------------------------------------------------------------------

def definition_answer(engine: Any, name: str, kind: str | None, with_source: bool, limit: int) -> dict[str, Any]:
    """Every definition of a name (bare, qualified or dotted tail), best first."""
    name = _symbol_name(name)
    kinds = (kind,) if kind else ()
    found = engine.retriever("structural").lookup(name, kinds)
    if not found:
        found = [s for s in _graph_symbols(engine, name) if not kinds or s.kind in kinds]
    if not found:
        what = f"{kind} named" if kind else "definition of"
        raise AnswerError(f"no {what} {name!r} in the index of {engine.root}.{_suggest(engine, name)}")
    items = [_definition(engine, s, with_source) for s in found[:limit]]
    return {"symbol": name, **_listing("definitions", items, len(found))}


def _definition(engine: Any, s: Symbol, with_source: bool) -> dict[str, Any]:
    item: dict[str, Any] = {"path": s.path, "lines": lines(s.start_line, s.end_line), "symbol": s.qualname,
                            "kind": s.kind, "language": s.language, "signature": trim(s.signature, 1)}
    if with_source:
        text = "\n".join(engine.snapshot.lines(s.path, s.start_line, s.end_line))
        item["source"] = trim(text, SOURCE_LINES)
        if s.end_line - s.start_line + 1 > SOURCE_LINES:
            item["source_truncated"] = True
    return item


def _graph_symbols(engine: Any, name: str) -> list[Symbol]:
    """Definitions the graph knows by a form the name index does not (``Shape.area``, a node id)."""
    graph = engine.snapshot.graph
    if graph is None:
        return []
    return [graph.symbols[n] for n in queries.definitions(graph, name) if n in graph.symbols]


# -- references and impact -------------------------------------------------------------------------

def references_answer(engine: Any, name: str, kind: str | None, limit: int) -> dict[str, Any]:
    """Every resolved use of a symbol's definitions: calls, subclasses, type uses, imports."""
    graph, name, defs = _resolve(engine, name)
    sites = [s for d in defs for s in graph.sites_in.get(d, ()) if not kind or s.kind == kind]
    sites.sort(key=lambda s: (REFERENCE_KINDS.index(s.kind) if s.kind in REFERENCE_KINDS else 9, s.path, s.line))
    counts: dict[str, int] = {}
    for s in sites:
        counts[s.kind] = counts.get(s.kind, 0) + 1
    items = [_reference(engine, s, len(defs) > 1) for s in sites[:limit]]
    out = {"symbol": name, "definitions": [_where(graph, d) for d in defs], "counts": counts,
           **_listing("references", items, len(sites))}
    if not sites:
        out["note"] = ("no resolved uses; dynamic calls (getattr, callbacks, reflection) are not tracked: "
                       "try search with the quoted name for textual mentions")
    return out


def _reference(engine: Any, site: Any, several: bool) -> dict[str, Any]:
    caller = site.source.partition("::")[2] or None
    item: dict[str, Any] = {"path": site.path, "line": site.line, "kind": site.kind, "in": caller,
                            "text": _line(engine, site.path, site.line)}
    if several:
        item["target"] = site.target
    return item


def impact_answer(engine: Any, name: str, depth: int, limit: int) -> dict[str, Any]:
    """Everything that depends on a symbol within ``depth`` edges, nearest first, then most central."""
    graph, name, _ = _resolve(engine, name)
    found = queries.impact(graph, name, depth)
    items = [
        {"path": d.path, "lines": lines(d.start_line, d.end_line), "symbol": d.qualname, "kind": d.kind,
         "depth": d.depth, "via": d.via, "edge": d.edge}
        for d in found.dependents[:limit]
    ]
    by_depth: dict[int, int] = {}
    for d in found.dependents:
        by_depth[d.depth] = by_depth.get(d.depth, 0) + 1
    return {"symbol": name, "definitions": [_where(graph, d) for d in found.definitions], "max_depth": depth,
            "by_depth": {str(k): v for k, v in sorted(by_depth.items())},
            **_listing("dependents", items, len(found.dependents))}


def _resolve(engine: Any, name: str) -> tuple[Any, str, tuple[str, ...]]:
    """The graph, the cleaned name and its definition nodes; ``AnswerError`` for an unknown symbol."""
    name = _symbol_name(name)
    graph = engine.snapshot.graph
    if graph is None:
        raise AnswerError("this index has no dependency graph; rebuild it with `maguyva index`")
    defs = queries.definitions(graph, name)
    if not defs:
        raise AnswerError(f"unknown symbol {name!r}: nothing of that name is defined in {engine.root}."
                          f"{_suggest(engine, name)}")
    return graph, name, defs


def _where(graph: Any, node: str) -> dict[str, Any]:
    symbol = graph.symbols.get(node)
    if symbol is None:
        return {"node": node}
    return {"node": node, "path": symbol.path, "lines": lines(symbol.start_line, symbol.end_line),
            "kind": symbol.kind}


# -- shared ----------------------------------------------------------------------------------------

def _symbol_name(name: str) -> str:
    """Strip what agents tend to wrap a name in: whitespace, backticks, quotes, a call's ``()``."""
    cleaned = name.strip().strip("`'\"").strip()
    if cleaned.endswith("()"):
        cleaned = cleaned[:-2]
    if not cleaned:
        raise AnswerError("the symbol name is empty: give a function, class or method name such as parse_config")
    return cleaned


def _suggest(engine: Any, name: str) -> str:
    """A sentence naming close symbols, or advice when there are none."""
    hits = engine.retriever("structural").search(Query(name), SUGGESTIONS * 3)
    close = list(dict.fromkeys(h.symbol for h in hits if h.symbol and h.symbol != name))[:SUGGESTIONS]
    if close:
        return " Closest names: " + ", ".join(close) + "."
    return " Use the search tool to look for it by description or as quoted text."


def _listing(key: str, items: list[dict[str, Any]], total: int) -> dict[str, Any]:
    """A list with its total, saying so when the limit cut it."""
    out: dict[str, Any] = {"total": total, key: items}
    if total > len(items):
        out["truncated"] = f"showing {len(items)} of {total}; raise limit to see more"
    return out
