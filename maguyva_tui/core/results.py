"""Turn hits into the stable JSON result shape that the CLI, the UI and outside tools read."""

from __future__ import annotations

from typing import Any

from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.types import Hit

SNIPPET_LINES = 4
"""Lines of code shown per result: enough for a signature and the start of a body."""

SNIPPET_LINE_CHARS = 240
"""A minified line is cut here so that one result cannot flood a terminal or an agent's context."""


def snippet(snapshot: Snapshot, path: str, start: int, end: int) -> str:
    """Return the first lines of a result's span, each cut to a readable width."""
    lines = snapshot.lines(path, start, min(end, start + SNIPPET_LINES - 1))
    return "\n".join(line[:SNIPPET_LINE_CHARS] for line in lines)


def clamp_lines(snapshot: Snapshot, hit: Hit) -> tuple[int, int]:
    """Keep a hit's lines inside its file (1-based, inclusive, never past the last line)."""
    last = max(snapshot.line_count(hit.path), 1)
    start = min(max(hit.start_line, 1), last)
    return start, min(max(hit.end_line, start), last)


def hit_json(snapshot: Snapshot, hit: Hit, score: float, modalities: dict[str, Any]) -> dict[str, Any]:
    """Return one result in the documented shape."""
    start, end = clamp_lines(snapshot, hit)
    out: dict[str, Any] = {
        "path": hit.path,
        "start_line": start,
        "end_line": end,
        "symbol": hit.symbol,
        "kind": hit.kind,
        "language": hit.language,
        "score": score,
        "snippet": snippet(snapshot, hit.path, start, end),
        "modalities": modalities,
    }
    if hit.depth is not None:
        out["depth"] = hit.depth
    return out
