"""Progressive embedding: fill a store with the chunks it lacks, in the caller's order, resumably."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from maguyva_tui.core.embed.provider import Provider
from maguyva_tui.core.embed.store import VectorStore

BATCH_SIZE = 32  # chunks per provider call: about a second of local work, so stopping is prompt
SAVE_EVERY = 8  # batches between saves: an interrupted run loses at most this much work


@dataclass(frozen=True, slots=True)
class EmbedReport:
    """What one ``embed_pending`` run did."""

    total: int
    """Distinct chunks asked for."""
    done: int
    """Distinct chunks that have a vector at the end (stored before or embedded now)."""
    embedded: int
    """Chunks embedded by this run."""
    stopped: bool
    """Whether ``should_stop`` ended the run early."""
    seconds: float
    busy: bool = False
    """Whether nothing was embedded because another process fills this index (its fill lock)."""

    @property
    def coverage(self) -> float:
        """The fraction of the chunks asked for that have a vector."""
        return 1.0 if self.total == 0 else self.done / self.total


def embed_pending(
    store: VectorStore,
    provider: Provider,
    items: Sequence[tuple[str, str]],
    batch_size: int = BATCH_SIZE,
    on_progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    save_every: int = SAVE_EVERY,
) -> EmbedReport:
    """Embed the ``(content_hash, text)`` items the store lacks, in the given order, saving as it goes.

    The caller orders ``items`` by importance. Progress is reported as ``(done, total)`` over
    distinct hashes. On a provider error what was embedded is saved, then the error propagates.
    """
    return embed_keyed(store, provider, [h for h, _ in items], lambda rows: [items[i][1] for i in rows],
                       batch_size, on_progress, should_stop, save_every)


def embed_keyed(
    store: VectorStore,
    provider: Provider,
    keys: Sequence[str],
    texts: Callable[[list[int]], list[str]],
    batch_size: int = BATCH_SIZE,
    on_progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    save_every: int = SAVE_EVERY,
) -> EmbedReport:
    """:func:`embed_pending` with each text made when its batch is embedded: ``texts(positions)``
    gives the texts of the keys at those positions of ``keys`` (the first of each key's), so that
    no more than a batch of texts is held at once."""
    if store.provider_id != provider.id:
        raise ValueError(f"store holds {store.provider_id!r} vectors, provider is {provider.id!r}")
    started = time.perf_counter()
    first: dict[str, int] = {}
    for position, key in enumerate(keys):
        first.setdefault(key, position)  # the first position of each key: its text is embedded
    total = len(first)
    pending = store.missing(first)
    positions = [first[k] for k in pending]
    del first
    done = total - len(pending)
    embedded, stopped = 0, False
    _report(on_progress, done, total)
    try:
        for number, start in enumerate(range(0, len(pending), batch_size), 1):
            if should_stop is not None and should_stop():
                stopped = True
                break
            batch = pending[start : start + batch_size]
            added = store.add(batch, provider.embed_documents(texts(positions[start : start + batch_size])))
            embedded += added
            done += added
            if number % save_every == 0:
                store.save()
            _report(on_progress, done, total)
    finally:
        store.save()
    return EmbedReport(total, done, embedded, stopped, time.perf_counter() - started)


def _report(callback: Callable[[int, int], None] | None, done: int, total: int) -> None:
    if callback is not None:
        callback(done, total)
