"""The bottom line: index state with a progress bar, the semantic tiers, the latest notice.

While a first build is searchable but not complete, the index state says which engines answer
already: ``text ready · structure ready · graph… · semantic…``, then the static tier's fill-in
beside it (``semantic: static 40%``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

from rich.cells import cell_len, set_cell_size
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Label, ProgressBar

from maguyva_tui.terminal import visible

MORE: Final = "… e: all"
"""Ends a notice cut to the status line's width: the explain panel (``e``) shows each whole."""

ENGINE_LABELS: Final = (("text", "text"), ("structural", "structure"), ("graph", "graph"), ("semantic", "semantic"))
"""Each engine as the status line names it, in the order a first build makes them ready."""


class StatusLine(Horizontal):
    """Index progress while building, then what the index holds; semantic fill-in beside it.

    Its labels show text as it is, never as markup: a repository's name, a path in a notice or an
    error's message may hold ``[/]``; their control characters are drawn, never sent.
    """

    def compose(self) -> ComposeResult:
        yield Label("", id="repo", markup=False)
        yield Label("opening index…", id="index-state", markup=False)
        yield ProgressBar(id="index-progress", show_eta=False)
        yield Label("", id="embed-state", markup=False)
        yield Notice("", id="notice", markup=False)

    def repo(self, name: str) -> None:
        """Show the repository's name."""
        self.query_one("#repo", Label).update(visible(f"◆ {name}"))

    _engines: tuple[str, ...] = ()
    """The engines a first build made ready so far (empty: none yet, or the index is complete)."""
    _phase: str = ""

    def progress(self, phase: str, done: int, total: int) -> None:
        """Show an indexing phase and how far it got (the static tier's share, once a first build
        is searchable)."""
        self.add_class("-indexing")
        self._phase = phase
        of, _, name = phase.rpartition(": ")  # a workspace's phases are its repository's: "ms: static"
        if name == "static" and total and self._engines and "semantic" not in self._engines \
                and (of or None) == self._engines_of:
            self._static = done / total
            self._show_tiers()
        self._show_index_state()
        bar = self.query_one("#index-progress", ProgressBar)
        bar.update(total=total or None, progress=done)

    def engines(self, ready: Sequence[str], label: str | None = None) -> None:
        """Show which engines answer while a first build goes on (``ready`` all four: complete;
        empty: none, the phase shows); ``label``: the workspace's repository they are of."""
        self._engines, self._engines_of = tuple(ready), label
        self.add_class("-indexing")
        self._show_index_state()

    _engines_of: str | None = None
    """The repository of a workspace whose engines :attr:`_engines` are (``None``: the one)."""

    def _show_index_state(self) -> None:
        text = engines_text(self._engines, self._static is not None) if self._engines else ""
        if text and self._engines_of is not None:
            text = f"{self._engines_of}: {text}"
        self.query_one("#index-state", Label).update(visible(text or f"indexing: {self._phase}"))

    def ready(self, text: str) -> None:
        """Leave the indexing state and show what the index holds."""
        self._engines = ()
        self.remove_class("-indexing")
        self.query_one("#index-state", Label).update(visible(text))

    _static: float | None = None
    _model: float | None = None

    def embedding(self, done: int, total: int) -> None:
        """Show the transformer tier's fill-in beside the static tier (hidden once both are complete)."""
        self._model = 1.0 if total == 0 else done / total
        self._show_tiers()

    def tiers(self, tiers: Sequence[tuple[str, float]]) -> None:
        """Show how much each semantic tier covers (``static``, ``transformer``) as last measured."""
        found = dict(tiers)
        self._static = found.get("static", self._static)
        self._model = found.get("transformer", self._model)
        self._show_tiers()

    def _show_tiers(self) -> None:
        label = self.query_one("#embed-state", Label)
        label.update(tiers_text(self._static, self._model))

    _notice = ""

    def notice(self, text: str) -> None:
        """Show the latest notice (fallbacks, ignored overrides); empty clears it. Every answer
        sets it: it is redrawn only when it changes, and without a layout (its width is the rest
        of the line, its height one)."""
        if text != self._notice:
            self._notice = text
            self.query_one(Notice).say(text)

    @property
    def whole_notice(self) -> str:
        """The notice on show, whole (as drawn, control characters visible)."""
        return self.query_one(Notice).whole


class Notice(Label):
    """The latest notice, cut to its width: a cut one ends with where to read it whole (:data:`MORE`);
    it had been cut mid-word with nothing to say more was there."""

    whole = ""
    """The notice, whole."""

    def say(self, text: str) -> None:
        """Show ``text`` (empty: nothing), redrawn without a layout."""
        self.whole = visible(text)
        self.refresh()

    def render(self) -> Content:
        return Content(fit_notice(self.whole, self.content_region.width))

    def on_resize(self) -> None:
        self.refresh()


def fit_notice(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells with :data:`MORE` at its end when it is longer (whole where no
    width is known yet); too narrow for a word of it, the hint alone."""
    if width <= 0 or cell_len(text) <= width:
        return text
    room = width - cell_len(MORE)
    if room < 4:
        return set_cell_size(MORE.removeprefix("… "), width).rstrip()
    return set_cell_size(text, room).rstrip() + MORE


def engines_text(ready: Sequence[str], tiers_shown: bool = False) -> str:
    """``text ready · structure ready · graph… · semantic…``; empty once every engine is ready.
    The semantic engine is left out while the tiers' own figures say how far it got."""
    if all(name in ready for name, _ in ENGINE_LABELS):
        return ""
    parts = [
        f"{label} ready" if name in ready else f"{label}…"
        for name, label in ENGINE_LABELS
        if name in ready or not (name == "semantic" and tiers_shown)
    ]
    return " · ".join(parts)


_TIER_NOTICE = re.compile(r"(?:[^:]+: )?semantic: the transformer tier covers \d+% of chunks so far")
"""The engine's notice of the transformer tier's share, from one repository or one of a workspace's."""


def said_by_tiers(notice: str) -> bool:
    """Tell whether a notice is the transformer tier's share, which the line's tier figures say as it
    fills in (the answer's figure goes stale: it had read 6 % beside ``model 43%``)."""
    return _TIER_NOTICE.match(notice) is not None


def tiers_text(static: float | None, model: float | None) -> str:
    """``semantic: static 100% · model 31%``; empty once every known tier covers everything."""
    known = [(name, value) for name, value in (("static", static), ("model", model)) if value is not None]
    if all(value >= 1.0 for _, value in known):
        return ""
    return "semantic: " + " · ".join(f"{name} {_floor_percent(value)}%" for name, value in known)


def _floor_percent(fraction: float) -> int:
    """A percentage that reads 100 only when complete (99.7 % is 99, not 100)."""
    return min(int(fraction * 100), 99) if fraction < 1.0 else 100


def summary_text(summary: Any, files: int) -> str:
    """Return what the index holds after a build (``summary`` None: the stored index, not yet checked)."""
    if summary is None:
        return f"{files:,} files (checking for changes…)"
    if not summary.files:
        return "no searchable files here (empty repository?)"
    skipped = sum((getattr(summary, "skipped", None) or {}).values())
    text = f"{summary.files:,} files · {summary.symbols:,} symbols · {summary.chunks:,} chunks"
    return text + (f" · {skipped:,} skipped" if skipped else "")
