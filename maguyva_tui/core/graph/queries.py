"""Callers, callees and impact radius of a name, answered from a built ``CodeGraph``.

A name may be a node id (``app/config.py::ConfigLoader.load``), a qualname (``ConfigLoader.load``),
a bare name (``parse_config``) or a dotted tail of a qualname (``Shape.area`` for
``geometry.Shape.area``). Every result says which definitions it used, most central first, so a
name defined several times is never silently narrowed to one.
"""

from __future__ import annotations

from dataclasses import dataclass

from maguyva_tui.core.graph.model import CodeGraph, Site
from maguyva_tui.core.graph.tables import split_id

IMPACT_KINDS = frozenset({"call", "import", "inherit", "ref"})
"""Edges along which a change propagates (a method's ``member`` edge to its class does not)."""
DEFAULT_DEPTH = 3  # three hops already reach most of a mid-sized repository from a hub


@dataclass(frozen=True, slots=True)
class CallSite:
    """One call: where it is written and which function makes it."""

    path: str
    line: int
    caller: str | None
    """The qualname of the calling symbol, ``None`` for module-level code."""
    caller_id: str
    """The node id of the calling symbol (the file's node id at module level)."""
    callee_id: str


@dataclass(frozen=True, slots=True)
class Callee:
    """One symbol a function calls, with the lines of its call sites."""

    node: str
    path: str
    qualname: str
    lines: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Unresolved:
    """A call a function makes that reached no definition in the repository."""

    name: str
    line: int
    outcome: str
    """``external``, ``ambiguous`` or ``unresolved``."""


@dataclass(frozen=True, slots=True)
class Dependent:
    """One symbol or file in the impact radius of a target."""

    node: str
    path: str
    qualname: str | None
    """``None`` for a file node."""
    kind: str
    depth: int
    """Edges between this node and the nearest definition of the target (1 = direct dependent)."""
    centrality: float
    start_line: int
    end_line: int
    via: str
    """The node one step closer to the target through which this one depends on it."""
    edge: str
    """The kind of that edge (``call``, ``import``, ``inherit``, ``ref``)."""


@dataclass(frozen=True, slots=True)
class Callers:
    """Every call site of a name's definitions."""

    definitions: tuple[str, ...]
    sites: tuple[CallSite, ...]


@dataclass(frozen=True, slots=True)
class Callees:
    """What a name's definitions call, resolved and not."""

    definitions: tuple[str, ...]
    callees: tuple[Callee, ...]
    unresolved: tuple[Unresolved, ...]


@dataclass(frozen=True, slots=True)
class Impact:
    """Everything that transitively depends on a name, nearest first, then most central first."""

    definitions: tuple[str, ...]
    dependents: tuple[Dependent, ...]
    max_depth: int


def definitions(graph: CodeGraph, name: str) -> tuple[str, ...]:
    """Return the symbol nodes a name may mean, most central first."""
    name = name.strip()
    if name in graph.symbols:
        return (name,)
    name = name.replace("::", ".")  # c++ and rust qualified names
    found = graph.by_qualname.get(name) or set()
    if not found and "." in name:
        tail = name.rpartition(".")[2]
        found = {n for n in graph.by_name.get(tail, ()) if ("." + split_id(n)[1]).endswith("." + name)}
    if not found:
        found = graph.by_name.get(name) or set()
    return tuple(sorted(found, key=lambda n: (-graph.node_centrality(n), n)))


def callers(graph: CodeGraph, name: str) -> Callers:
    """Return one entry per call site of any definition of a name, in file and line order."""
    defs = definitions(graph, name)
    sites = [_call_site(graph, s) for d in defs for s in graph.sites_in.get(d, ()) if s.kind == "call"]
    sites.sort(key=lambda c: (c.path, c.line, c.callee_id))
    return Callers(defs, tuple(sites))


def _call_site(graph: CodeGraph, site: Site) -> CallSite:
    """Describe one call site."""
    caller = split_id(site.source)[1] or None
    return CallSite(site.path, site.line, caller, site.source, site.target)


def callees(graph: CodeGraph, name: str) -> Callees:
    """Return what the definitions of a name call, grouped by callee, and the calls left unresolved."""
    defs = definitions(graph, name)
    lines: dict[str, list[int]] = {}
    loose: list[Unresolved] = []
    for node in defs:
        path = split_id(node)[0]
        for site in graph.sites_out.get(path, ()):
            if site.source == node and site.kind == "call":
                lines.setdefault(site.target, []).append(site.line)
        for item in graph.loose.get(path, ()):
            if item.source == node and item.kind == "call":
                loose.append(Unresolved(item.name, item.line, item.outcome))
    found = [Callee(t, *split_id(t), tuple(sorted(ls))) for t, ls in lines.items()]
    found.sort(key=lambda c: (c.lines[0], c.node))
    return Callees(defs, tuple(found), tuple(sorted(loose, key=lambda u: (u.line, u.name))))


def impact(graph: CodeGraph, name: str, max_depth: int = DEFAULT_DEPTH, limit: int | None = None) -> Impact:
    """Return every symbol and file that depends on a name within ``max_depth`` edges.

    With ``limit``, the search stops after the first depth that completes ``limit`` dependents:
    the ranking (depth, then centrality) of the first ``limit`` is the same, and hubs answer fast."""
    defs = definitions(graph, name)
    seen: dict[str, tuple[int, str, str]] = {d: (0, "", "") for d in defs}
    frontier = list(defs)
    for depth in range(1, max_depth + 1):
        if limit is not None and len(seen) - len(defs) >= limit:
            break
        following = []
        for node in frontier:
            for user, data in graph.graph.pred[node].items():
                if user in seen or not IMPACT_KINDS.intersection(data["kinds"]):
                    continue
                seen[user] = (depth, node, _edge_kind(data["kinds"]))
                following.append(user)
        frontier = following
        if not frontier:
            break
    dependents = [_dependent(graph, n, *seen[n]) for n in seen if seen[n][0] > 0]
    dependents.sort(key=lambda d: (d.depth, -d.centrality, d.node))
    return Impact(defs, tuple(dependents[:limit] if limit is not None else dependents), max_depth)


def _edge_kind(kinds: dict[str, int]) -> str:
    """Name the strongest dependency an edge carries."""
    return next(k for k in ("call", "inherit", "import", "ref") if k in kinds)


def _dependent(graph: CodeGraph, node: str, depth: int, via: str, edge: str) -> Dependent:
    """Describe one dependent node."""
    symbol = graph.symbols.get(node)
    if symbol is None:
        return Dependent(node, node, None, "file", depth, graph.node_centrality(node), 1, 1, via, edge)
    return Dependent(node, symbol.path, symbol.qualname, symbol.kind, depth, graph.node_centrality(node),
                     symbol.start_line, symbol.end_line, via, edge)
