"""A banner above the results when the question's target was not found: what the list shows instead."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from maguyva_tui.core.types import LookupFailure
from maguyva_tui.terminal import visible


class LookupBanner(Static):
    """One line, shown only while the answer's symbol or string was not found as asked (issue 20.2):
    ``no symbol named X; showing related code``, so related results never pass for a match."""

    failure: reactive[LookupFailure | None] = reactive(None)
    """The answer's failed lookup; ``None`` hides the banner."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", markup=False, **kwargs)  # type: ignore[arg-type]

    def show(self, failure: LookupFailure | None) -> None:
        """Show the failure of the answer on screen, or hide the banner when it has none."""
        self.failure = failure

    def watch_failure(self, failure: LookupFailure | None) -> None:
        """Show or hide the banner (set on every answer: it is redrawn only when it changes). Its
        size is fixed (one line, the screen's width): a new text while it stays shown lays out
        nothing (a question typed with a target not found yet changed it at every key)."""
        self.set_class(failure is not None, "-shown")  # shown or hidden: the screen is laid out
        self.update(banner_text(failure) if failure is not None else "", layout=False)  # one line, full width


def banner_text(failure: LookupFailure) -> Content:
    """Return the banner's line: a mark, then the failure's message as it is (never markup)."""
    return Content.assemble(("⚠ ", "bold"), (visible(failure.message), "bold"))  # names typed or found: shown, never sent
