"""The bottom line: index state with a progress bar, the semantic fill-in, the latest notice."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, ProgressBar


class StatusLine(Horizontal):
    """Index progress while building, then what the index holds; semantic fill-in beside it.

    Its labels show text as it is, never as markup: a repository's name, a path in a notice or an
    error's message may hold ``[/]``.
    """

    def compose(self) -> ComposeResult:
        yield Label("", id="repo", markup=False)
        yield Label("opening index…", id="index-state", markup=False)
        yield ProgressBar(id="index-progress", show_eta=False)
        yield Label("", id="embed-state", markup=False)
        yield Label("", id="notice", markup=False)

    def repo(self, name: str) -> None:
        """Show the repository's name."""
        self.query_one("#repo", Label).update(f"◆ {name}")

    def progress(self, phase: str, done: int, total: int) -> None:
        """Show an indexing phase and how far it got."""
        self.add_class("-indexing")
        self.query_one("#index-state", Label).update(f"indexing: {phase}")
        bar = self.query_one("#index-progress", ProgressBar)
        bar.update(total=total or None, progress=done)

    def ready(self, text: str) -> None:
        """Leave the indexing state and show what the index holds."""
        self.remove_class("-indexing")
        self.query_one("#index-state", Label).update(text)

    def embedding(self, done: int, total: int) -> None:
        """Show the semantic fill-in (hidden once complete)."""
        label = self.query_one("#embed-state", Label)
        label.update("" if total == 0 or done >= total else f"semantic {done * 100 // total}% ({done}/{total})")

    def notice(self, text: str) -> None:
        """Show the latest notice (fallbacks, ignored overrides); empty clears it."""
        self.query_one("#notice", Label).update(text)


def summary_text(summary: Any, files: int) -> str:
    """Return what the index holds after a build (``summary`` None: the stored index, not yet checked)."""
    if summary is None:
        return f"{files:,} files (checking for changes…)"
    if not summary.files:
        return "no searchable files here (empty repository?)"
    skipped = sum((getattr(summary, "skipped", None) or {}).values())
    text = f"{summary.files:,} files · {summary.symbols:,} symbols · {summary.chunks:,} chunks"
    return text + (f" · {skipped:,} skipped" if skipped else "")
