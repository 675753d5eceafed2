"""A member named through a class that inherits it: ``Flask.route`` is ``Scaffold.route``.

Documentation names a method by the class a reader uses (``Flask.route``, ``Session.get``), while
the code defines it once in a base class (``class Scaffold: def route``) that the class inherits
through others (``Flask(App)``, ``App(Scaffold)``). No symbol is named ``Flask.route``, so the
question was answered "no symbol named Flask.route" beside code resembling its words. The graph
knows each class's bases (its ``inherit`` references, resolved); :func:`inherited` walks them
breadth first from the named class, nearest first as a method resolution order looks, and returns
the first base's definitions of the member.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Final

from maguyva_tui.core.graph.tables import split_id, symbol_id
from maguyva_tui.core.names import qualifier_parts
from maguyva_tui.core.types import Symbol

MAX_BASES: Final = 256
"""Base classes looked through at most for one name (a deep or wide hierarchy stops there)."""


def inherited(generation: Any, name: str) -> list[Symbol]:
    """The definitions of ``Owner.member`` that ``Owner`` inherits from its nearest base that
    defines it; empty when ``name`` is not qualified, when ``Owner`` defines it itself or is no
    class of this index, or while the graph is not built yet."""
    parts = qualifier_parts(name)
    if len(parts) < 2 or "graph" in getattr(generation, "missing", ()):
        return []
    owner, member = ".".join(parts[:-1]), parts[-1]
    structural = generation.structural
    classes = [s for s in structural.lookup(owner) if s.kind in ("class", "struct", "interface", "trait", "module")]
    if not classes:
        return []
    graph = getattr(getattr(generation, "snapshot", None), "graph", None)  # a workspace's view has none
    bases = getattr(graph, "bases", None) if graph is not None else None
    if not bases:
        return []
    queue = deque(symbol_id(c.path, c.qualname) for c in classes)
    seen = set(queue)
    while queue and len(seen) <= MAX_BASES:
        for base in bases.get(queue.popleft(), ()):
            if base in seen:
                continue
            seen.add(base)
            path, qualname = split_id(base)
            if not qualname:
                continue  # a base outside the repository (``<external>``) or a file
            found = [s for s in structural.lookup(f"{qualname}.{member}") if s.path == path]
            if found:
                return found
            queue.append(base)
    return []
