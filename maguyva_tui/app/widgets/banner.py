"""A banner above the results when the question's target was not found: what the list shows instead."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from maguyva_tui.core.types import LookupFailure
from maguyva_tui.terminal import visible


class LookupBanner(Static):
    """One line, saying so while the answer's symbol or string was not found as asked (issue 20.2):
    ``no symbol named X; showing related code``, so related results never pass for a match.

    The line is always there (blank when there is nothing to say: the gap above the list), so that
    the banner coming or going never moves the list nor lays out the screen (issue 19.4: typing
    ``def sympif`` then ``o`` showed and hid it, 12 of 16 results frames were whole layouts)."""

    failure: reactive[LookupFailure | None] = reactive(None)
    """The answer's failed lookup; ``None`` leaves the line blank."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", markup=False, **kwargs)  # type: ignore[arg-type]

    def show(self, failure: LookupFailure | None) -> None:
        """Show the failure of the answer on screen, or blank the line when it has none."""
        self.failure = failure

    def watch_failure(self, failure: LookupFailure | None) -> None:
        """Say the failure or blank the line (set on every answer: it is redrawn only when it
        changes). Its size never changes (one line, the screen's width) and ``-shown`` changes only
        colours: a failure coming, going or changing lays out nothing."""
        self.set_class(failure is not None, "-shown")
        self.update(banner_text(failure) if failure is not None else "", layout=False)


def banner_text(failure: LookupFailure) -> Content:
    """Return the banner's line: a mark, then the failure's message as it is (never markup)."""
    return Content.assemble(("⚠ ", "bold"), (visible(failure.message), "bold"))  # names typed or found: shown, never sent
