"""A banner above the results when the question's target was not found: what the list shows instead."""

from __future__ import annotations

from typing import Final

from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from maguyva_tui.core.types import LookupFailure, SearchResult, echo
from maguyva_tui.terminal import visible

MAX_LINES = 3
"""Lines the banner takes at most: a failure longer than that is cut at the end of the third."""


class LookupBanner(Static):
    """One line, saying so while the answer's symbol, string or named file was not found as asked
    (issue 20.2): ``no symbol named X; showing related code``, ``no indexed file is src/x.py;
    searching the question's words instead``, so related results never pass for a match.

    The line is always there (blank when there is nothing to say: the gap above the list), so that
    the banner coming or going never moves the list nor lays out the screen (issue 19.4: typing
    ``def sympif`` then ``o`` showed and hid it, 12 of 16 results frames were whole layouts)."""

    failure: reactive[tuple[LookupFailure, bool] | None] = reactive(None)
    """The answer's failed lookup and whether the index it was asked of was being brought up to
    date then; ``None`` leaves the line blank."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", markup=False, **kwargs)  # type: ignore[arg-type]

    def show(self, failure: LookupFailure | None, updating: bool = False) -> None:
        """Show the failure of the answer on screen, or blank the line when it has none;
        ``updating``: the answer came from the stored index while its refresh ran, so the symbol
        may be one added since (the banner says the question is asked again once it is done)."""
        self.failure = None if failure is None else (failure, updating)

    def watch_failure(self, failure: tuple[LookupFailure, bool] | None) -> None:
        """Say the failure or blank the line (set on every answer: it is redrawn only when it
        changes). ``-shown`` changes only colours, and a failure that fits the line (nearly all)
        keeps its size: a failure coming, going or changing lays out nothing. One longer than the
        screen is wide (a long path that is not in the index) takes the lines it needs, up to
        :data:`MAX_LINES`, so it is read whole: one layout when the count of lines changes."""
        self.set_class(failure is not None, "-shown")
        text = banner_text(*failure) if failure is not None else Content("")
        self._fit(text)
        self.update(text, layout=False)

    def on_resize(self) -> None:
        """Fit the failure to the new width (a narrower screen may need another line)."""
        self._fit(banner_text(*self.failure) if self.failure is not None else Content(""))

    def _fit(self, text: Content) -> None:
        """Give the banner the lines ``text`` needs at its width (one at least, :data:`MAX_LINES` at most)."""
        width = self.content_region.width
        lines = 1 if width <= 0 or text.cell_length <= width else min(MAX_LINES, len(text.wrap(width)))
        if self.styles.height is None or self.styles.height.value != lines:
            self.styles.height = lines


UPDATING: Final = " (index being updated: asked again once it is)"
"""Ends the failure of an answer asked while the stored index was brought up to date: what was
added since it was stored is not in it yet (a function added since had read as missing, said
flatly, until the answer changed by itself seconds later)."""


def banner_text(failure: LookupFailure, updating: bool = False) -> Content:
    """Return the banner's line: a mark, then the failure's message as it is (never markup), and
    when ``updating``, that the index is being brought up to date."""
    return Content.assemble(
        ("⚠ ", "bold"),
        (visible(failure.message), "bold"),  # names typed or found: shown, never sent
        (UPDATING if updating else "", "italic"),
    )


def answer_failure(result: SearchResult, regex: bool) -> LookupFailure | None:
    """The failure the banner says for an answer: its failed lookup; else, for a regex the text
    engine ran and no line matches, that no line does, as a string no line holds is said (a regex
    lists nothing else, and its empty list had said it only as ``0 results`` in the fusion line)."""
    if result.lookup_failed is not None or not regex or result.results or "text" not in result.modalities_run:
        return result.lookup_failed
    return LookupFailure(result.query, "literal", f'no line matches the regex "{echo(result.query)}"')
