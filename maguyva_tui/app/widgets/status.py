"""The bottom line: index state with a progress bar, the semantic tiers, the latest notice.

An index build says which of its five steps it is at and how far the step got: ``indexing 3/5: text
index`` beside its bar; once a first build is searchable (step 4 on), that it is, and which engines
answer: ``searchable (text, structure) · 4/5: call graph``. After it, the transformer tier's
fill-in beside what the index holds (``semantic: static 100% · transformer 31%``).
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any, ClassVar, Final, NamedTuple

from rich.cells import cell_len, set_cell_size
from rich.style import Style as RichStyle
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.renderables.bar import Bar as BarRenderable
from textual.style import Style as VisualStyle
from textual.widget import Widget
from textual.widgets import Label

from maguyva_tui.terminal import visible

MORE: Final = "… e: all"
"""Ends a notice cut to the status line's width: the explain panel (``e``) shows each whole."""

ENGINE_LABELS: Final = (("text", "text"), ("structural", "structure"), ("graph", "graph"), ("semantic", "semantic"))
"""Each engine as the status line names it, in the order a first build makes them ready."""

NOTICE_ROOM: Final = 28
"""Cells a notice keeps on a narrow line (fewer if it is shorter): the index's figures and the tiers'
are shortened first, as far as they go (at 80 columns the notice had been cut away whole while the
transformer tier filled, and the tiers' figure cut mid-number: ``semantic: static 1``)."""

BAR_FORMS: Final = (32, 12, 0)
"""Cells of the progress bar's bar, longest first: a narrow line narrows it, then shows the
percentage alone (at 80 columns a first build's state and the bar had run past the line's end,
the bar cut and a notice left no room)."""
STEPS: Final = (
    ("reading files", ("walk", "read")),
    ("parsing", ("parse", "write")),
    ("text index", ("trigrams", "tokens", "words")),
    ("call graph", ("graph",)),
    ("semantic index", ("static model", "static weights", "static")),
)
"""An index build's steps as the status line names them, with the indexer's phases each is made of,
in order: a first build is searchable after the third. Its phases had been said by their own names
(``indexing: trigrams``, then tokens, then words), the bar back at 0 % each time, with nothing
to say how many were left, nor what was still to come once the index answered."""
WAITING_SHORT: Final = "waiting for another build"
"""The index state, in few cells, while a refresh waits for another process's build of the index."""
PERCENT_WIDTH: Final = 5
"""Cells of the progress bar's percentage (Textual's ``PercentageStatus``), always shown."""


class Drawn(NamedTuple):
    """What the status line draws after the repository's name, each part as shown."""

    state: str
    """The index state, in the form that fits."""
    bar: int
    """Cells of the progress bar's bar (0: none)."""
    percentage: str | None
    """The progress bar's percentage (``None``: no progress shows)."""
    done: float | None
    """The share of the step done, 0 to 1 (``None``: a step of unknown length)."""
    tiers: str
    """The semantic tiers' figures (empty: none)."""
    notice: str
    """The notice, cut to its room (empty: none)."""


class StatusLine(Horizontal):
    """Index progress while building, then what the index holds; semantic fill-in beside it.

    Everything after the repository's name is one widget's line (:class:`StatusText`) of a fixed
    size: a notice coming or going, and the figures shortened or lengthened to leave it room, only
    repaint it. They had been four widgets whose sizes changed with them, and each change had made
    Textual lay out the whole screen again (0.64 layouts a typed key, about 10 ms of UI-thread CPU
    each). It shows text as it is, never as markup: a repository's name, a path in a notice or an
    error's message may hold ``[/]``; their control characters are drawn, never sent.
    """

    _index_text = "opening index…"
    """What the index state says, whole (the line may show a shorter form of it)."""

    def compose(self) -> ComposeResult:
        yield Label("", id="repo", markup=False)
        yield StatusText(id="status-text")

    def repo(self, name: str) -> None:
        """Show the repository's name."""
        self.query_one("#repo", Label).update(visible(f"◆ {name}"))

    _engines: tuple[str, ...] = ()
    """The engines a first build made ready so far (empty: none yet, or the index is complete)."""
    _phase: str = ""

    _verb: str = "indexing"
    """What the phase is of: ``indexing`` (a first build), ``updating`` (the stored index brought
    up to date while it answers)."""

    _progress: tuple[float, float | None] = (0, None)
    """The step's progress and total (``None``: of unknown length)."""

    def progress(self, phase: str, done: int, total: int, updating: bool = False) -> None:
        """Show an indexing phase as its step of :data:`STEPS` and how far the step got (once a first
        build is searchable, beside what answers); ``updating``: the stored index answers
        meanwhile, and may lag the disk."""
        self.add_class("-indexing")
        self._phase, self._verb = phase, "updating" if updating else "indexing"
        done, total = step_progress(phase.rpartition(": ")[2], done, total)
        self._progress = (done, total or None)
        self._show_index_state()

    def engines(self, ready: Sequence[str], label: str | None = None) -> None:
        """Show which engines answer while a first build goes on (``ready`` all four: complete;
        empty: none, the phase shows); ``label``: the workspace's repository they are of."""
        self._engines, self._engines_of = tuple(ready), label
        self.add_class("-indexing")
        self._show_index_state()

    _engines_of: str | None = None
    """The repository of a workspace whose engines :attr:`_engines` are (``None``: the one)."""

    def _show_index_state(self) -> None:
        of, _, name = self._phase.rpartition(": ")  # a workspace's phases are its repository's: "ms: parse"
        if self._engines and (of or None) != self._engines_of:  # a phase of another repository's: not its step
            name = ""
        whole, *short = build_forms(self._verb, name, self._engines, self._engines_of if self._engines else (of or None))
        self._index_text = visible(whole)
        self._index_short = visible(short[0]) if short else None
        self._redraw()

    _index_short: str | None = None
    """A first build's state in few cells (``text, structure ready``; ``None``: the index state has
    no short form of its own, :func:`index_forms` makes them)."""

    def waiting(self, text: str) -> None:
        """Show that the index waits for another process's build (``text`` names it), in fewer
        cells ``waiting for another build (pid 123)``, until the refresh goes on (its progress, or
        :meth:`ready`)."""
        self._engines = ()
        self.remove_class("-indexing")
        self._index_text = visible(text)
        pid = re.search(r"\(pid (\d+)", text)
        self._index_short = f"{WAITING_SHORT} (pid {pid.group(1)})" if pid else WAITING_SHORT
        self._redraw()

    def ready(self, text: str) -> None:
        """Leave the indexing state and show what the index holds."""
        self._engines, self._index_short = (), None
        self.remove_class("-indexing")
        self._index_text = visible(text)
        self._redraw()

    _static: float | None = None
    _model: float | None = None

    def embedding(self, done: int, total: int) -> None:
        """Show the transformer tier's fill-in beside the static tier (hidden once both are complete)."""
        self._model = 1.0 if total == 0 else done / total
        self._redraw()

    def tiers(self, tiers: Sequence[tuple[str, float]]) -> None:
        """Show how much each semantic tier covers (``static``, ``transformer``) as last measured."""
        found = dict(tiers)
        self._static = found.get("static", self._static)
        self._model = found.get("transformer", self._model)
        self._redraw()

    def _redraw(self) -> None:
        """Repaint the line after the repository's name: its size is the same whatever it shows."""
        self.query_one(StatusText).refresh()

    def drawn(self, room: int | None = None) -> Drawn:
        """What the line shows in ``room`` cells after the repository's name (``None``: the room it
        has): the index state and the tiers in the longest forms that leave the notice its room."""
        if room is None:
            room = self.query_one(StatusText).content_region.width
        indexing = self.has_class("-indexing")
        forms = index_forms(self._index_text) if self._index_short is None else (self._index_text, self._index_short)
        index, tiers, bar = fit_parts(room, self._notice, forms, tier_forms(self._static, self._model),
                                      BAR_FORMS if indexing else ())
        done, total = self._progress
        percentage = None if total is None else min(max(done / total, 0.0), 1.0)
        shown = indexing and not (bar == 0 and percentage is None)  # '--%' alone measures nothing: hidden
        percent = (f"{round(percentage * 100)}%" if percentage is not None else "--%") if shown else None  # Textual's
        used = cell_len(index) + (bar + PERCENT_WIDTH + 2 if shown else 0) + (cell_len(tiers) + 2 if tiers else 0)
        if tiers and 0 < room < used:  # the tiers' figure whole or not at all (at 36 columns: 'trans')
            used, tiers = used - cell_len(tiers) - 2, ""
        notice = fit_notice(self._notice, room - used - 2) if room - used - 2 > 0 else ""
        return Drawn(index, bar if shown else 0, percent, percentage, tiers, notice)

    _notice = ""
    """The notice on show, whole (as drawn: control characters visible)."""

    def notice(self, text: str) -> None:
        """Show the latest notice (fallbacks, ignored overrides); empty clears it. Every answer
        sets it: it is redrawn only when it changes, and without a layout."""
        if visible(text) != self._notice:
            self._notice = visible(text)
            self._redraw()

    @property
    def whole_notice(self) -> str:
        """The notice on show, whole (as drawn, control characters visible)."""
        return self._notice


class StatusText(Widget):
    """The status line after the repository's name: the index state, the progress bar while indexing,
    the tiers, the notice at the right end, cut to its room (a cut one ends with where to read it
    whole, :data:`MORE`). Its size is the rest of the line whatever it shows: what changes repaints
    it, never lays out the screen."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"status--tiers", "status--notice", "bar--bar", "bar--complete",
                                             "bar--indeterminate"}

    _started = 0.0
    """When the bar of a step of unknown length began to sweep (monotonic seconds)."""

    def render(self) -> Content:
        status = self.parent
        assert isinstance(status, StatusLine)
        width = self.content_region.width
        drawn = status.drawn(width)
        parts: list[str | tuple[str, VisualStyle]] = [drawn.state]
        sweeping = False
        if drawn.percentage is not None:
            parts.append("  ")
            if drawn.bar:
                sweeping = drawn.done is None
                parts += self._bar(drawn.bar, drawn.done)
            parts.append(drawn.percentage.rjust(PERCENT_WIDTH))
        if drawn.tiers:
            parts += ["  ", (drawn.tiers, self.get_visual_style("status--tiers"))]
        self._sweep(sweeping)
        line = Content.assemble(*parts)
        rest = width - line.cell_length - 2
        if rest > 0:
            line = Content.assemble(line, "  ", (drawn.notice.rjust(rest), self.get_visual_style("status--notice")))
        return line.truncate(width) if width else line

    def _sweep(self, sweeping: bool) -> None:
        """Redraw the bar 15 times a second while it sweeps (a step of unknown length), as Textual's does."""
        if sweeping and self.auto_refresh is None:
            self._started = time.monotonic()
            self.auto_refresh = 1 / 15
        elif not sweeping and self.auto_refresh is not None:
            self.auto_refresh = None

    def _bar(self, width: int, percentage: float | None) -> list[tuple[str, VisualStyle]]:
        """The progress bar's bar in ``width`` cells, drawn as Textual's ``ProgressBar`` draws it."""
        if percentage is None:  # a step of unknown length: a quarter of the bar sweeps to and fro
            lit = 0.25 * width
            if self.app.animation_level == "none":
                start, end = 0.0, float(width)
            else:
                start = (30 * (time.monotonic() - self._started)) % (2 * (width + lit))
                start = 2 * (width + lit) - start if start > width + lit else start
                start -= lit
                end = start + lit
            style = self.get_component_rich_style("bar--indeterminate")
            span = (max(0.0, start), min(end, float(width)))
        else:
            percentage = int(percentage * width * 2) / (width * 2)  # Textual's: steps of half a cell
            style = self.get_component_rich_style("bar--bar" if percentage < 1 else "bar--complete")
            span = (0.0, width * percentage)
        bar = BarRenderable(highlight_range=span, highlight_style=RichStyle.from_color(style.color),
                            background_style=RichStyle.from_color(style.bgcolor), width=width)
        console = self.app.console
        return [(segment.text, VisualStyle.from_rich_style(segment.style or RichStyle()))
                for segment in console.render(bar, console.options.update_width(width)) if segment.text != "\n"]


def fit_notice(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells with :data:`MORE` at its end when it is longer (whole where no
    width is known yet), at a word's end where one lies in the second half; too narrow for a word of
    it, the hint alone, and narrower than the hint, nothing (at 30x10 it had been cut to ``e: al``)."""
    if width <= 0 or cell_len(text) <= width:
        return text
    room = width - cell_len(MORE)
    if room < 4:
        hint = MORE.removeprefix("… ")
        return hint if cell_len(hint) <= width else ""
    cut = set_cell_size(text, room)
    if not text[len(cut):].startswith(" "):  # inside a word: end at the word before it, where one is
        head = cut.rpartition(" ")[0]
        cut = head if cell_len(head) >= room // 2 else cut  # 'the graph an… e: all' had ended mid-word
    return cut.rstrip() + MORE


def fit_parts(room: int, notice: str, index: Sequence[str], tiers: Sequence[str],
              bars: Sequence[int] = ()) -> tuple[str, str, int]:
    """The index state's and the tiers' longest forms (each list longest first), and the widest
    progress bar of ``bars`` (none: no bar shows), that fit in ``room`` cells with
    :data:`NOTICE_ROOM` of them left to ``notice`` (every cell where it is empty); the index state
    is shortened first, then the bar, the tiers' figures last. Where nothing leaves the notice its
    room, the shortest forms (the notice gets what is left). The index state is whole only beside
    the notice whole: at 140 columns 'showing the first 50; more match: narrow the query' had been
    cut while '39 files · 1,851 symbols · 2,533 chunks' stayed. ``room`` 0: not laid out yet, whole."""
    need = min(cell_len(notice), NOTICE_ROOM) + 2 if notice else 0
    whole = cell_len(notice) + 2 if notice else 0
    steps = ((0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1), (1, 1, 2), (1, 2, 2))
    for i, b, t in steps:
        chosen = index[min(i, len(index) - 1)], tiers[min(t, len(tiers) - 1)]
        bar = bars[min(b, len(bars) - 1)] if bars else 0
        used = cell_len(chosen[0]) + (cell_len(chosen[1]) + 2 if chosen[1] else 0)
        used += bar + PERCENT_WIDTH + 2 if bars else 0
        if room <= 0 or (used + need <= room and (i > 0 or used + whole <= room)):
            return (*chosen, bar)
    return (*chosen, bar)


def index_forms(text: str) -> tuple[str, ...]:
    """What the index holds, longest first: whole, then its first figure (``186 files``); a first
    build's state and a phase are never shortened."""
    first = text.split(" · ")[0]
    if not re.match(r"[\d,]+ files\b", text) or first == text:
        return (text,)
    return text, first


def tier_forms(static: float | None, model: float | None) -> tuple[str, ...]:
    """:func:`tiers_text`, then without a complete static tier, then without the ``semantic:`` label."""
    whole = tiers_text(static, model)
    if not whole:
        return ("",)
    short = tiers_text(None, model) if static is not None and static >= 1.0 and model is not None else whole
    return whole, short, short.removeprefix("semantic: ")


def step_of(phase: str) -> tuple[int, str] | None:
    """The number (from 1) and the name of the step of :data:`STEPS` an indexer's phase is part of
    (``None``: a phase of none of them)."""
    for number, (name, phases) in enumerate(STEPS, 1):
        if phase in phases:
            return number, name
    return None


def step_progress(phase: str, done: int, total: int) -> tuple[int, int]:
    """A phase's progress as its step's: the text index's three phases, each over every file, fill
    one bar from 0 to 100 % (each had begun again at 0 %); ``total`` 0: of unknown length."""
    text_index = STEPS[2][1]
    if phase in text_index and total:
        return text_index.index(phase) * total + done, len(text_index) * total
    return done, total


def build_forms(verb: str, phase: str, engines: Sequence[str], label: str | None = None) -> tuple[str, ...]:
    """What a build's status says, longest first: ``indexing 2/5: parsing``; once a first build is
    searchable (``engines``: those that answer, not all four), ``searchable (text, structure) ·
    4/5: call graph``, then ``searchable · 4/5: call graph``. ``phase`` is the indexer's; one of no
    step is said by its own name; ``label``: the workspace's repository it is of (``ms: …``)."""
    step = step_of(phase)
    searchable = bool(engines) and not all(name in engines for name, _ in ENGINE_LABELS)
    if searchable:  # the engines that answer tell the step gone on to, before its phase's first report
        least = 5 if "graph" in engines else 4
        step = step if step is not None and step[0] >= least else (least, STEPS[least - 1][0])
    where = f"{step[0]}/{len(STEPS)}: {step[1]}" if step else phase
    if searchable:
        answer = ", ".join(label for name, label in ENGINE_LABELS if name in engines)
        forms: tuple[str, ...] = (f"searchable ({answer})", "searchable")
        if where:
            forms = tuple(f"{form} · {where}" for form in forms)
    else:
        forms = (f"{verb} {where}" if step else f"{verb}: {phase}",)
    return tuple(f"{label}: {form}" for form in forms) if label else forms


_TIER_NOTICE = re.compile(r"(?:[^:]+: )?semantic: the transformer tier covers \d+% of chunks so far")
"""The engine's notice of the transformer tier's share, from one repository or one of a workspace's."""


def said_by_tiers(notice: str) -> bool:
    """Tell whether a notice is the transformer tier's share, which the line's tier figures say as it
    fills in (the answer's figure goes stale: it had read 6 % beside ``transformer 43%``)."""
    return _TIER_NOTICE.match(notice) is not None


def tiers_text(static: float | None, model: float | None) -> str:
    """``semantic: static 100% · transformer 31%``; empty once every known tier covers everything.
    The tiers are named as the README, ``--explain`` and the engine's notices name them (the line had
    said ``model`` where they say ``transformer``)."""
    known = [(name, value) for name, value in (("static", static), ("transformer", model)) if value is not None]
    if all(value >= 1.0 for _, value in known):
        return ""
    return "semantic: " + " · ".join(f"{name} {_floor_percent(value)}%" for name, value in known)


def _floor_percent(fraction: float) -> int:
    """A percentage that reads 100 only when complete (99.7 % is 99, not 100)."""
    return min(int(fraction * 100), 99) if fraction < 1.0 else 100


def summary_text(summary: Any, files: int) -> str:
    """Return what the index holds after a build (``summary`` None: the stored index, not yet checked)."""
    if summary is None:
        return f"{_count(files, 'file')} (checking for changes…)"
    reasons = {reason: n for reason, n in (getattr(summary, "skipped", None) or {}).items() if n}
    why = ", ".join(reason.replace("_", " ") for reason in sorted(reasons, key=lambda r: (-reasons[r], r)))
    skipped = f"{sum(reasons.values()):,} skipped ({why})"  # '2 skipped' had not said why
    if not summary.files:  # a folder of binary files alone had been "(empty repository?)"
        return f"no searchable files here: {skipped}" if reasons else "no searchable files here (empty repository?)"
    text = " · ".join(_count(n, noun) for n, noun in ((summary.files, "file"), (summary.symbols, "symbol"),
                                                      (summary.chunks, "chunk")))
    return text + f" · {skipped}" if reasons else text


def _count(n: int, noun: str) -> str:
    """``n`` and its noun, plural but for one (a one-file repository had read '1 files')."""
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"
