"""The search engine: opens a repository's index, runs the retrievers a question needs, fuses.

This is the one entry point the CLI, the terminal UI and the MCP server share, so the same
question gets the same ranking and the same explanation everywhere.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from maguyva_tui.core.indexer import IndexSummary, Progress, open_snapshot, update_index
from maguyva_tui.core.results import hit_json
from maguyva_tui.core.store.format import IndexUnavailable
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.types import MODALITIES, Hit, Query, QueryError, Retriever

CASE_MODES = ("sensitive", "insensitive", "smart")


class Engine:
    """A repository, its index and its retrievers, ready to answer questions."""

    def __init__(self, root: Path, index_base: Path | None = None) -> None:
        root = Path(root).expanduser()
        if not root.exists():
            raise NotADirectoryError(f"{root}: no such directory")
        if not root.is_dir():
            raise NotADirectoryError(f"{root}: not a directory")
        self.root = root.resolve()
        self.index_base = index_base
        self._snapshot: Snapshot | None = None
        self._retrievers: dict[str, Retriever] = {}
        self._lock = threading.RLock()
        self.notices: list[str] = []
        """Messages for the user about the index (rebuilt because corrupt, fallbacks)."""

    @property
    def snapshot(self) -> Snapshot:
        """The index being searched; opened or built on first use."""
        if self._snapshot is None:
            self.refresh()
        assert self._snapshot is not None
        return self._snapshot

    def refresh(self, progress: Progress | None = None) -> IndexSummary:
        """Bring the index up to date with the disk and search the new generation from now on."""
        snapshot, summary = update_index(self.root, self.index_base, progress)
        if summary.rebuilt_because:
            self.notices.append(summary.rebuilt_because)
        with self._lock:
            if snapshot is not self._snapshot:
                self._snapshot = snapshot
                self._retrievers = {}
        return summary

    def open_existing(self) -> bool:
        """Open the stored index without walking the disk; False when there is none."""
        try:
            self._snapshot = open_snapshot(self.root, self.index_base)
        except IndexUnavailable:
            return False
        self._retrievers = {}
        return True

    def retriever(self, name: str) -> Retriever:
        """Return (building once per snapshot) the retriever of a modality."""
        with self._lock:
            found = self._retrievers.get(name)
            if found is None:
                found = self._retrievers[name] = self._build_retriever(name)
            return found

    def _build_retriever(self, name: str) -> Retriever:
        snap = self.snapshot
        if name == "text":
            from maguyva_tui.core.retrievers.text import TextRetriever

            return TextRetriever(snap)
        if name == "structural":
            from maguyva_tui.core.retrievers.structural import StructuralRetriever

            return StructuralRetriever(snap.symbols)
        if name == "graph":
            from maguyva_tui.core.retrievers.graph import GraphRetriever

            return GraphRetriever(snap.graph, snap.symbols)
        raise QueryError(f"unknown modality {name!r} (choose from {', '.join(MODALITIES)})")

    def search(
        self,
        text: str,
        limit: int = 20,
        modality: str | None = None,
        regex: bool = False,
        case: str = "sensitive",
    ) -> dict[str, Any]:
        """Answer a question and return the JSON result object."""
        started = time.perf_counter()
        if not text or not text.strip():
            raise QueryError("empty query")
        if limit < 1:
            raise QueryError("--limit must be at least 1")
        if case not in CASE_MODES:
            raise QueryError(f"unknown case mode {case!r}")
        query = Query(text, regex=regex, case=case)
        name = modality or "text"
        if name not in MODALITIES:
            raise QueryError(f"unknown modality {name!r} (choose from {', '.join(MODALITIES)})")
        hits = self.retriever(name).search(query, limit)
        results = [
            hit_json(self.snapshot, h, h.score, {name: {"rank": i, "score": h.score}}) for i, h in enumerate(hits)
        ]
        return {
            "query": text,
            "results": results,
            "elapsed_ms": round((time.perf_counter() - started) * 1000, 3),
        }


def single_modality_json(snapshot: Snapshot, name: str, hits: list[Hit]) -> list[dict[str, Any]]:
    """Results of one engine alone, each carrying that engine's own rank and score."""
    return [hit_json(snapshot, h, h.score, {name: {"rank": i, "score": h.score}}) for i, h in enumerate(hits)]


Callback = Callable[[str, int, int], None]
