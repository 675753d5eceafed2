"""The explorer over several repositories: each keeps its own index, all are searched as one.

Headless (no ``textual``). :class:`ExplorerWorkspace` holds one engine per repository (a shard of
the core's workspace, :mod:`maguyva_tui.core.workspace`) and answers a question with the core's
:class:`~maguyva_tui.core.workspace.Coordinator` over the repositories whose index is open: the
same classification, fusion and explanation as on one repository, each result with its repository.
A repository still indexing, one whose index failed and one that cannot be read are named in the
answer's notices and in the status line; the others answer.

Rows show ``repo/path``; a shown path is read back from its own repository (the preview, go-to)
and opened there (the editor). The explorer's background work (opening, refreshing, the semantic
fill-in, watching the disk) runs per repository, each with its own
:class:`~maguyva_tui.core.live.LiveIndex`, as for one repository.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from maguyva_tui.app.fuzzy import Target, target_place, targets
from maguyva_tui.app.session import RESULT_LIMIT, Answer, Request
from maguyva_tui.core.answers import aside_factor, ordered_by_aside
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.live import LiveEvents, LiveIndex
from maguyva_tui.core.types import QueryError

# The repositories named as the CLI names them; core.workspace imports these but does not list them
# in __all__ yet (to be added there, then this ignore goes).
from maguyva_tui.core.workspace import (
    Coordinator,
    Missing,
    SearchRequest,
    Shard,
    WorkspaceResult,
    distinct_roots,
    held_inside,
    labels_for,
    nested_roots,
    reasons,
)

STILL_INDEXING = "still indexing"
"""Why a repository whose first index is not searchable yet is left out of an answer."""


@dataclass(slots=True)
class WorkspaceSummary:
    """What the workspace's indexes hold after a refresh, summed over the repositories (read by
    the status line as one repository's summary is)."""

    files: int = 0
    symbols: int = 0
    chunks: int = 0
    parsed: int = 0
    removed: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    stale_because: str | None = None
    """The first repository whose index could not be written, and why (``None``: all written)."""

    def add(self, label: str, summary: Any) -> None:
        """Count one repository's summary in."""
        self.files += summary.files
        self.symbols += summary.symbols
        self.chunks += summary.chunks
        self.parsed += summary.parsed
        self.removed += summary.removed
        for reason, n in (getattr(summary, "skipped", None) or {}).items():
            self.skipped[reason] = self.skipped.get(reason, 0) + n
        if summary.stale_because and self.stale_because is None:
            self.stale_because = f"{label}: {summary.stale_because}"


class ExplorerWorkspace:
    """Several repositories, each its own engine and live index, searched as one by the explorer."""

    def __init__(self, roots: Sequence[Path], index_base: Path | None = None, *, provider: object = None,
                 static: object = True) -> None:
        """Open an engine per folder (each once, named as the CLI names them: ``labels_for``); a
        folder that is missing or cannot be read is kept in :attr:`missing`. ``provider``: the
        transformer tier every repository shares (default: the first one's, loaded once).
        Raise :class:`QueryError` when no folder can be opened."""
        folders = distinct_roots(list(roots))
        if not folders:
            raise QueryError("a workspace needs at least one repository")
        labels = labels_for(folders)
        self.engines: dict[str, Engine] = {}
        self.missing: dict[str, Missing] = {}
        """Repositories that could not be opened at all, by label."""
        for root in folders:
            label = labels[root]
            try:
                engine = Engine(root, index_base, provider=provider, static=static)
            except (OSError, ValueError) as exc:
                self.missing[label] = Missing(label, str(root), str(exc) or type(exc).__name__)
                continue
            self.engines[label] = engine
            provider = provider if provider is not None else engine.provider  # one model for all
        if not self.engines:
            raise QueryError(f"no repository of the workspace can be opened: {reasons(self.missing.values())}")
        self.labels = sorted(self.engines)
        self.shards = {label: Shard(label, engine) for label, engine in self.engines.items()}
        self.lives: dict[str, LiveIndex] = {}
        """Each repository's live index, once :meth:`bind` made them."""
        self.summaries: dict[str, Any] = {}
        """Each repository's last refresh summary."""
        self._lock = threading.Lock()
        self._coordinator: tuple[tuple[object, ...], Coordinator] | None = None
        self._targets: tuple[tuple[object, ...], list[Target]] | None = None
        self._inner: dict[str, tuple[str, ...]] = {}
        """Per repository holding another of the workspace, that one's folder in it (``lib/``): go
        to lists those files and symbols once, as the inner repository's (as search answers them)."""
        for outer, _, folder in nested_roots([(label, str(e.root)) for label, e in self.engines.items()]):
            self._inner[outer] = (*self._inner.get(outer, ()), folder)

    # -- the live indexes ----------------------------------------------------------------------------

    def bind(self, events_for: Callable[[str], LiveEvents], embed: bool = True) -> None:
        """Make each repository's live index, its events from ``events_for(label)``."""
        self.lives = {label: LiveIndex(self.engines[label], embed=embed, events=events_for(label))
                      for label in self.labels}

    def live(self, label: str) -> LiveIndex:
        """A repository's live index (after :meth:`bind`)."""
        return self.lives[label]

    def open_stored(self) -> bool:
        """Open every stored index at once; True when at least one opened."""
        return any([live.open() for live in self.lives.values()])

    def searchable(self) -> list[str]:
        """The repositories with an index open (searchable), by label."""
        return [label for label in self.labels if self.engines[label].index_folder is not None]

    def summary(self) -> WorkspaceSummary | None:
        """The last refresh of every repository summed; ``None`` until each has been refreshed once."""
        if any(label not in self.summaries for label in self.labels if self._failure(label) is None):
            return None
        out = WorkspaceSummary()
        for label in self.labels:
            if label in self.summaries:
                out.add(label, self.summaries[label])
                out.files, out.symbols, out.chunks = (
                    n - twice for n, twice in zip((out.files, out.symbols, out.chunks), self._held_twice(label)))
        return out

    def _held_twice(self, label: str) -> tuple[int, int, int]:
        """The files, symbols and chunks a repository's index holds inside another repository of the
        workspace (counted once, as that one's); none while its index is not open."""
        inner = self._inner.get(label)
        if not inner or self.engines[label].index_folder is None:
            return 0, 0, 0
        return held_inside(self.engines[label].snapshot, inner)

    def tiers(self) -> tuple[tuple[str, float], ...]:
        """Each semantic tier's coverage, the mean over the repositories that measured it (as
        the coordinator averages them)."""
        known = [dict(live.status.tiers) for live in self.lives.values() if live.status.tiers]
        if not known:
            return ()
        return tuple((name, sum(k.get(name, 0.0) for k in known) / len(known)) for name in known[0])

    def embedding(self) -> tuple[int, int]:
        """The transformer tier's fill-in over every repository: chunks embedded, of how many."""
        statuses = [live.status for live in self.lives.values()]
        return sum(s.embedded for s in statuses), sum(s.embed_total for s in statuses)

    def close(self, wait: float = 0.0) -> None:
        """Stop every repository's background work and threads (vectors embedded so far are saved)."""
        with self._lock:
            if self._coordinator is not None:
                self._coordinator[1].close(shards=False)
                self._coordinator = None
        for live in self.lives.values():
            live.close(wait=wait)
        for label, engine in self.engines.items():
            if label not in self.lives:
                engine.close()

    # -- what the screens ask (see source.Source) -------------------------------------------------------

    @property
    def title(self) -> str:
        """The repositories' names."""
        return " + ".join(self.labels)

    def status_name(self) -> str:
        """``service · frontend indexing… · gone missing``: each repository, those that do not
        answer yet marked (indexing), and those that cannot (missing)."""
        names = []
        for label in sorted([*self.labels, *self.missing]):
            why = self._failure(label)
            names.append(label if why is None else f"{label} indexing…" if why == STILL_INDEXING else f"{label} missing")
        return " · ".join(names)

    def ask(self, request: Request, limit: int = RESULT_LIMIT, cancelled: Callable[[], bool] | None = None) -> Answer:
        """Answer a request over the repositories that have an index; each row shows ``repo/path``
        and reads its file from its own repository (``cancelled`` is not asked: the coordinator
        runs a question whole)."""
        weights = dict(request.weights) if request.weights is not None else None
        started = time.perf_counter()
        coordinator = self._current()
        snapshots = {label: self.engines[label].snapshot for label in self.searchable()}
        found = coordinator.search(SearchRequest(request.text, limit + 1, None, request.regex, request.case,
                                                 request.intent, request.preset, weights, None))
        shown = found.display()
        where = _places(found)

        def read(path: str) -> str:
            label, local = where.get(path) or self.place(path)
            return snapshots[label].text(local) if label in snapshots else self.read(path)

        return Answer.build(request, shown, time.perf_counter() - started, read, limit)

    def place(self, path: str) -> tuple[str, str]:
        """Split a shown path into its repository and its path there: the longest label it starts
        with whose index holds the rest (a label is a path's tail, so ``a/lib/x.py`` may read
        ``a/lib`` + ``x.py``); ``KeyError`` when no repository's label starts it."""
        candidates = sorted((label for label in self.labels if path.startswith(label + "/")), key=len, reverse=True)
        if not candidates:
            raise KeyError(path)
        for label in candidates:
            local = path[len(label) + 1:]
            engine = self.engines[label]
            if engine.index_folder is not None and local in engine.snapshot.files:
                return label, local
        return candidates[0], path[len(candidates[0]) + 1:]

    def read(self, path: str) -> str:
        """A shown path's text from its repository's index as it is now."""
        label, local = self.place(path)
        return self.engines[label].snapshot.text(local)

    def on_disk(self, path: str) -> Path:
        """The file a shown path stands for, under its repository's root."""
        label, local = self.place(path)
        return self.engines[label].root / local

    def jump_targets(self) -> list[Target]:
        """Every repository's files (first), then symbols, each path as ``repo/path``."""
        snapshots = {label: self.engines[label].snapshot for label in self.searchable()}
        key = tuple(id(s) for s in snapshots.values())
        if self._targets is None or self._targets[0] != key:
            each = [targets([f for f in s.files if self._own(label, f)],
                            [y for y in s.symbols if self._own(label, y.path)], prefix=f"{label}/")
                    for label, s in snapshots.items()]
            listed = [t for one in each for t in one]
            self._targets = (key, [t for t in listed if not t.detail] + [t for t in listed if t.detail])
        return self._targets[1]

    def real_first(self, found: list[Target]) -> list[Target]:
        """Go-to targets with the real definitions first, each read on its own repository's index."""
        def factor(target: Target) -> float:
            if (key := target_place(target)) is None:
                return 1.0
            label, local = self.place(key[0])
            return aside_factor(self.engines[label].generation, (local, key[1], key[2]))

        return ordered_by_aside(found, factor)

    def _own(self, label: str, path: str) -> bool:
        """Whether a repository's file is its own, not one of a repository inside it."""
        inner = self._inner.get(label)
        return not inner or not path.startswith(inner)

    def file_count(self) -> int:
        """Files indexed over the repositories that have an index, each once."""
        return sum(len(self.engines[label].snapshot.files) - self._held_twice(label)[0] for label in self.searchable())

    def notices(self) -> list[str]:
        """Each repository's messages about its index, named by repository."""
        return [f"{label}: {n}" for label in self.labels for n in self.engines[label].notices]

    # -- the coordinator ---------------------------------------------------------------------------

    def _failure(self, label: str) -> str | None:
        """Why a repository does not answer now (``None``: it does)."""
        if label in self.missing:
            return self.missing[label].reason
        if self.engines[label].index_folder is not None:
            return None
        live = self.lives.get(label)
        failure = live.status.failure if live is not None else None
        return failure or STILL_INDEXING

    def _current(self) -> Coordinator:
        """The coordinator over the repositories searchable now (made again when that changes;
        the shards, their engines and their indexes are kept)."""
        ready = self.searchable()
        if not ready:
            raise QueryError("no repository of the workspace has an index yet: " + self.status_name())
        absent = [self.missing.get(label) or Missing(label, str(self.engines[label].root), self._failure(label) or "")
                  for label in sorted([*self.labels, *self.missing]) if label not in ready]
        key = (tuple(ready), tuple((m.label, m.reason) for m in absent))
        with self._lock:
            if self._coordinator is None or self._coordinator[0] != key:
                if self._coordinator is not None:
                    self._coordinator[1].close(shards=False)
                self._coordinator = (key, Coordinator([self.shards[label] for label in ready], absent))
            return self._coordinator[1]


def _places(found: WorkspaceResult) -> dict[str, tuple[str, str]]:
    """Each result's shown path (``repo/path``) and its repository and path there."""
    return {f"{repo}/{r.path}": (repo, r.path) for r, repo in zip(found.result.results, found.repos)}
