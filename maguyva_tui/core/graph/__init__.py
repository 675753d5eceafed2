"""The graph engine: who calls what, what depends on what, and how central each symbol is.

Data path: ``core.parsing.facts`` reads references and imports from the tree the indexer already
parsed (one tree-sitter query per language) into each file's facts; ``model.CodeGraph`` resolves
them (``link.py`` per file, ``resolve/``: scope, locals, imports, then each language's own rules;
never a guess) into integer columns of sites over node slots (``nodes.py``, ``sites.py``), from
which it derives the weighted edges, sparse PageRank (``centrality.py``) and, on demand, a
``networkx.DiGraph`` view; ``queries.py`` answers callers, callees and impact on those columns;
``retrievers/graph.py`` turns them and a personalized PageRank into ranked hits. ``persist.py``
is the stored form (plain arrays in ``graph.npz``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from maguyva_tui.core.types import FileFacts

if TYPE_CHECKING:
    from maguyva_tui.core.graph.model import CodeGraph

__all__ = ["CodeGraph", "build_graph", "open_graph"]


def __getattr__(name: str) -> Any:
    """``CodeGraph``, its model imported when first asked: a module of the package read alone (a
    question's ``symbol_id`` from ``tables.py``) does not load the graph's model, its resolvers and
    the parsers' fact rules (about 20 ms of a literal search's start)."""
    if name == "CodeGraph":
        from maguyva_tui.core.graph.model import CodeGraph

        return CodeGraph
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def build_graph(
    facts: Mapping[str, FileFacts],
    previous: object | None = None,
    changed: Mapping[str, FileFacts] | None = None,
    removed: Iterable[str] = (),
) -> CodeGraph:
    """Update ``previous`` in place when it is a ``CodeGraph`` (changed and removed files only), else build from all facts."""
    from maguyva_tui.core.graph.model import CodeGraph

    if isinstance(previous, CodeGraph) and changed is not None:
        attached = previous.attached
        if not attached:
            previous.attach(facts)  # opened from disk: the facts live in the index, not in graph.npz
        previous.update(changed, removed, compare=attached)  # the new facts: the old ones unknown
        return previous
    return CodeGraph.build(facts)


def open_graph(path: Path, facts: Mapping[str, FileFacts]) -> CodeGraph:
    """Read a generation's stored graph; one damaged past the table of contents the index checks at
    open (a flipped byte: BadZipFile on its CRC, KeyError, ValueError), or one its facts disagree
    with, is built again from the facts, which give the same graph, and written back in its place
    (:func:`_replace_graph`): else every later process opening the generation built it again (447 s
    a process on 100,000 files)."""
    from maguyva_tui.core.graph.model import CodeGraph

    try:
        graph = CodeGraph.open(path, facts)
    except Exception:  # any damage: the facts are intact and hold the same graph
        built = build_graph(facts)
        _replace_graph(built, path)
        return built
    graph.read_modules(facts)
    return graph


def _replace_graph(graph: CodeGraph, path: Path) -> bool:
    """Write a graph rebuilt from a generation's facts over its damaged ``graph.npz``: to a fresh
    temporary file in the same folder (``mkstemp``: ``O_EXCL``, owner-only), fsynced, then renamed
    over it. No lock is needed: a generation's facts never change, so whoever rebuilds writes the
    same graph (two at once: the last rename wins, both whole); a reader that mapped the old file
    keeps its map (the rename leaves that file's data alive), one that opens later reads a whole
    file, old or new; and the reader's hold on the generation (``store/holds.py``) keeps a build
    from deleting the folder meanwhile (gone anyway: the write fails). A write that fails (a
    read-only index, a full disk) is let go: the question has its graph; ``False`` then."""
    import os
    import tempfile

    from maguyva_tui.core.store.format import fsync_dir, seal

    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        os.close(fd)
        graph.save(Path(tmp))  # rewrites the empty file, keeping its owner-only mode
        seal(Path(tmp))
        os.replace(tmp, path)
        tmp = None
    except Exception:  # OSError above all (read-only, ENOSPC): the graph in hand answers regardless
        return False
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    with contextlib.suppress(OSError):  # the rename made durable: a crash now leaves the old file, no worse
        fsync_dir(path.parent)
    return True
