"""Text bars and modality names shared by the widgets (Content markup, colours from theme variables)."""

from __future__ import annotations

from textual.content import Content

from maguyva_tui.core.types import MODALITIES

SHORT = {"semantic": "sem", "text": "text", "structural": "ast", "graph": "graph"}
"""Column headings: short enough for an 80-column terminal."""

FULL_BLOCK, EMPTY_BLOCK = "█", "░"
EIGHTHS = " ▏▎▍▌▋▊▉"


def bar(value: float, width: int, style: str) -> Content:
    """Return a bar ``width`` cells wide filled to ``value`` (0..1), with eighth-cell precision."""
    value = min(max(value, 0.0), 1.0)
    eighths = round(value * width * 8)
    full, part = divmod(eighths, 8)
    filled = FULL_BLOCK * full + (EIGHTHS[part] if part else "")
    rest = width - len(filled)
    return Content.assemble((filled, style), (EMPTY_BLOCK * rest, "$foreground 20%"))


def modality_style(name: str) -> str:
    """Return the theme variable holding a modality's colour, as a Content style."""
    return f"$modality-{name}" if name in MODALITIES else "$foreground"
