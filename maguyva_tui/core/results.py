"""Turn hits into the stable JSON result shape that the CLI, the UI and outside tools read."""

from __future__ import annotations

from typing import Any

from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.types import SNIPPET_LINES, Hit

SNIPPET_LINE_CHARS = 240
"""A minified line is cut here so that one result cannot flood a terminal or an agent's context."""


ELLIPSIS = "…"


def snippet(snapshot: Snapshot, path: str, start: int, end: int, focus: str | None = None) -> str:
    """Return the first lines of a result's span, each cut to a readable width; a long line that
    holds ``focus`` (the literal asked about) is cut around it, so the match stays in view."""
    lines = snapshot.lines(path, start, min(end, start + SNIPPET_LINES - 1))
    return "\n".join(cut_line(line, focus) for line in lines)


def cut_line(line: str, focus: str | None = None, width: int = SNIPPET_LINE_CHARS) -> str:
    """Cut a line to ``width`` characters: its start, or a window around ``focus`` when the
    first occurrence (ignoring case) would fall past the cut; ``…`` marks what is left out."""
    if len(line) <= width:
        return line
    at = line.lower().find(focus.lower()) if focus else -1
    if at < 0 or at + len(focus or "") <= width:
        return line[:width]
    begin = max(0, min(at - width // 3, len(line) - width))
    window = line[begin : begin + width]
    return (ELLIPSIS if begin else "") + window + (ELLIPSIS if begin + width < len(line) else "")


def clamp_lines(snapshot: Snapshot, hit: Hit) -> tuple[int, int]:
    """Keep a hit's lines inside its file (1-based, inclusive, never past the last line)."""
    last = max(snapshot.line_count(hit.path), 1)
    start = min(max(hit.start_line, 1), last)
    return start, min(max(hit.end_line, start), last)


def hit_json(
    snapshot: Snapshot, hit: Hit, score: float, modalities: dict[str, Any], focus: str | None = None
) -> dict[str, Any]:
    """Return one result in the documented shape (``focus``: the literal its snippet should show)."""
    start, end = clamp_lines(snapshot, hit)
    out: dict[str, Any] = {
        "path": hit.path,
        "start_line": start,
        "end_line": end,
        "symbol": hit.symbol,
        "kind": hit.kind,
        "language": hit.language,
        "score": score,
        "snippet": snippet(snapshot, hit.path, start, end, focus),
        "modalities": modalities,
    }
    if hit.depth is not None:
        out["depth"] = hit.depth
    return out
