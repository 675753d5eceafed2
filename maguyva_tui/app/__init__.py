"""The terminal explorer (Textual): ``maguyva [PATH]`` opens :class:`MaguyvaApp` on a repository."""

from __future__ import annotations

from maguyva_tui.app.app import MaguyvaApp

__all__ = ["MaguyvaApp"]
