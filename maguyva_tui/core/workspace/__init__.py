"""Workspace search: several repositories searched as one, each keeping its own index (a shard).

Brief overview::

    open_workspace(roots)     one Engine per repository (its own index: a shard), named by label
      -> Coordinator.search   core.search.search itself, on a view of every shard read as one
                              generation: classified once, planned once (coordinator.py)
      -> Shard.search         each engine on each shard, within a deadline and a file budget,
                              said when they bite (shard.py)
      -> merge.py             each engine's lists merged into one workspace ranking per engine
      -> fusion.fuse          the very fusion of one repository: weighted RRF, boost, demotion,
                              one chunk per file, near copies folded
      -> Shard.lines          each result's lines and snippet from its own repository

The seam for a cluster: the coordinator talks to a shard only through :class:`Shard`'s methods,
whose arguments and answers are plain frozen values, so an actor holding a shard in another
process answers the same calls (``cluster.py``: ``--ray``, issue 21.3). A workspace of one repository answers exactly as
that repository does alone: same paths, same order, same scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.foreign_calls import FOREIGN_LISTED, module_note
from maguyva_tui.core.other_calls import untied_unless_listed
from maguyva_tui.core.search import SearchRequest
from maguyva_tui.core.types import QueryError
from maguyva_tui.core.workspace.cluster import (
    LOCAL,
    Cluster,
    Indexed,
    connect,
    index_on_cluster,
    open_cluster_workspace,
)
from maguyva_tui.core.workspace.coordinator import (
    SHARD_DEADLINE_S,
    SHARD_MAX_FILES,
    Coordinator,
    Missing,
    WorkspaceResult,
    dotted_modules,
    held_inside,
    nested_roots,
    own_note,
    reasons,
)
from maguyva_tui.core.workspace.foreign import foreign_callers, foreign_note, module_importers, untied_elsewhere
from maguyva_tui.core.workspace.listing import distinct_roots, labels_for, read_workspace
from maguyva_tui.core.workspace.shard import Shard, ShardGone
from maguyva_tui.core.workspace.workers import open_worker_workspace, usable_cores

__all__ = [
    "FOREIGN_LISTED",
    "LOCAL",
    "SHARD_DEADLINE_S",
    "SHARD_MAX_FILES",
    "Cluster",
    "Coordinator",
    "Indexed",
    "Missing",
    "SearchRequest",
    "Shard",
    "ShardGone",
    "WorkspaceResult",
    "connect",
    "distinct_roots",
    "dotted_modules",
    "foreign_callers",
    "foreign_note",
    "held_inside",
    "index_on_cluster",
    "labels_for",
    "module_importers",
    "module_note",
    "nested_roots",
    "open_cluster_workspace",
    "open_worker_workspace",
    "open_workspace",
    "own_note",
    "reasons",
    "read_workspace",
    "untied_elsewhere",
    "untied_unless_listed",
    "usable_cores",
]


def open_workspace(
    roots: Sequence[Path],
    index_base: Path | None = None,
    deadline_s: float = SHARD_DEADLINE_S,
    max_files: int = SHARD_MAX_FILES,
    provider: object = None,
    static: object = True,
    workers: int = 0,
) -> Coordinator:
    """Open a workspace over repository folders (each once, named by :func:`labels_for`); a
    folder that is missing or cannot be read is listed in the coordinator's ``missing``, the
    others answer (``provider``, ``static``: each engine's semantic tiers, as
    :class:`~maguyva_tui.core.engine.Engine` takes them; by default every shard shares one
    transformer provider, so the model is loaded once and a question embedded once). Raise :class:`QueryError` when none can be opened.

    ``workers`` above 0: the shards are held by that many worker processes (``workers.py``), so
    a question's shards answer on every core at once; 0 (the default): in this process."""
    if workers > 0:
        return open_worker_workspace(roots, index_base, workers, deadline_s, max_files,
                                     provider, static)
    notices: list[str] = []
    if provider is None:  # one transformer for every shard: loaded once, each question embedded once
        from maguyva_tui.core.embed.provider import choose_provider

        choice = choose_provider()
        provider = choice.provider
        notices += [choice.fallback_reason] if choice.fallback_reason else []
    folders = distinct_roots(roots)
    if not folders:
        raise QueryError("a workspace needs at least one repository")
    labels = labels_for(folders)
    shards: list[Shard] = []
    missing: list[Missing] = []
    for root in folders:
        try:
            shards.append(Shard(labels[root], Engine(root, index_base, provider=provider, static=static)))
        except (OSError, ValueError) as exc:
            missing.append(Missing(labels[root], str(root), str(exc) or type(exc).__name__))
    coordinator = Coordinator(shards, missing, deadline_s, max_files, notices)
    if not coordinator.open():
        coordinator.close()
        raise QueryError(f"no repository of the workspace can be searched: {reasons(coordinator.missing)}")
    return coordinator
