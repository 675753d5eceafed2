"""Lines that wrap under their own text: a help row's description, an explain term's reason.

Textual wraps a long line back to the left edge, under the key or the engine's name it follows
(``esc  Back — Close the explain panel, else ... the`` then ``query box`` at the margin). Here each
line carries the indent its continuation lines start at, and the lines are wrapped for the width
they are drawn at.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

NARROWEST = 12
"""Cells a continuation keeps at least; narrower, a line wraps to the left edge as Textual's own."""

Line = tuple[Content, int]
"""A line and the indent (cells) its continuation lines start at."""


def hang(line: Content, indent: int, width: int) -> list[Content]:
    """Return ``line`` wrapped to ``width`` cells, each line after the first ``indent`` cells in."""
    if line.cell_length <= width or width - indent < NARROWEST:
        return line.wrap(width) if width > 0 else [line]
    first = line.wrap(width)[0]
    at = len(first.plain)
    if not line.plain.startswith(first.plain) or at == 0:
        return line.wrap(width)
    rest = line[at:]
    rest = rest[len(rest.plain) - len(rest.plain.lstrip(" ")) :]
    pad = " " * indent
    return [first, *(Content.assemble(pad, part) for part in rest.wrap(width - indent))]


class Hanging(Visual):
    """Lines drawn wrapped at the width given, each continuation under its own line's text."""

    def __init__(self, lines: Sequence[Line]) -> None:
        self.lines = list(lines)
        self._wrapped: tuple[int, Content] | None = None

    @property
    def plain(self) -> str:
        """The text, unwrapped."""
        return "\n".join(line.plain for line, _ in self.lines)

    def wrapped(self, width: int) -> Content:
        """The lines wrapped at ``width``, as one content (kept for the last width asked)."""
        if self._wrapped is None or self._wrapped[0] != width:
            self._wrapped = (width, Content("\n").join(part for line, indent in self.lines
                                                       for part in hang(line, indent, width)))
        return self._wrapped[1]

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        return self.wrapped(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return max((line.cell_length for line, _ in self.lines), default=0)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.wrapped(width).get_height(rules, width)
