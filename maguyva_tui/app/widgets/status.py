"""The bottom line: index state with a progress bar, the semantic tiers, the latest notice.

An index build says which of its five steps it is at and how far the step got: ``indexing 3/5: text
index`` beside its bar; once a first build is searchable (step 4 on), that it is, and which engines
answer: ``searchable (text, structure) · 4/5: call graph``. After it, the transformer tier's
fill-in beside what the index holds (``semantic: static 100% · model 31%``).
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

NOTICE_ROOM: Final = 28
"""Cells a notice keeps on a narrow line (fewer if it is shorter): the index's figures and the tiers'
are shortened first, as far as they go (at 80 columns the notice had been cut away whole while the
model tier filled, and the tiers' figure cut mid-number: ``semantic: static 1``)."""

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


class StatusLine(Horizontal):
    """Index progress while building, then what the index holds; semantic fill-in beside it.

    Its labels show text as it is, never as markup: a repository's name, a path in a notice or an
    error's message may hold ``[/]``; their control characters are drawn, never sent.
    """

    _index_text = "opening index…"
    """What the index state says, whole (the line may show a shorter form of it)."""

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

    _verb: str = "indexing"
    """What the phase is of: ``indexing`` (a first build), ``updating`` (the stored index brought
    up to date while it answers)."""

    def progress(self, phase: str, done: int, total: int, updating: bool = False) -> None:
        """Show an indexing phase as its step of :data:`STEPS` and how far the step got (once a first
        build is searchable, beside what answers); ``updating``: the stored index answers
        meanwhile, and may lag the disk."""
        self.add_class("-indexing")
        self._phase, self._verb = phase, "updating" if updating else "indexing"
        self._show_index_state()
        bar = self.query_one("#index-progress", ProgressBar)
        done, total = step_progress(phase.rpartition(": ")[2], done, total)
        bar.update(total=total or None, progress=done)
        self._bare_progress()

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
        self._fit()

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
        self._fit()

    def ready(self, text: str) -> None:
        """Leave the indexing state and show what the index holds."""
        self._engines, self._index_short = (), None
        self.remove_class("-indexing")
        self._index_text = visible(text)
        self._fit()

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
        self._fit()

    _shown: tuple[str, str, int] | None = None
    """The index state's and the tiers' forms on show, and the progress bar's width (``None``: none yet)."""

    def _fit(self) -> None:
        """Show the index state and the tiers in the longest forms that leave the notice its room."""
        repo = cell_len(str(self.query_one("#repo", Label).render())) + 2
        room = self.content_region.width - repo if self.content_region.width else 0
        bars = BAR_FORMS if self.has_class("-indexing") else ()
        forms = index_forms(self._index_text) if self._index_short is None else (self._index_text, self._index_short)
        *shown, bar = fit_parts(room, self.query_one(Notice).whole, forms,
                                tier_forms(self._static, self._model), bars)
        if (*shown, bar) != self._shown:
            self._shown = (shown[0], shown[1], bar)
            self.query_one("#index-state", Label).update(shown[0])
            self.query_one("#embed-state", Label).update(shown[1])
            self.query_one("#embed-state", Label).display = bool(shown[1])
            progress = self.query_one("#index-progress", ProgressBar)
            drawn = progress.query_one("#bar")
            drawn.display = bar > 0
            if bar:
                drawn.styles.width = bar
        self._bare_progress()

    def _bare_progress(self) -> None:
        """Hide the progress bar's percentage alone while it measures nothing (``--%``: a phase of
        unknown length, its bar given up for the notice)."""
        progress = self.query_one("#index-progress", ProgressBar)
        self.set_class(self._shown is not None and self._shown[2] == 0 and progress.total is None, "-bare")

    def on_resize(self) -> None:
        self._fit()

    _notice = ""

    def notice(self, text: str) -> None:
        """Show the latest notice (fallbacks, ignored overrides); empty clears it. Every answer
        sets it: it is redrawn only when it changes, and without a layout (its width is the rest
        of the line, its height one)."""
        if text != self._notice:
            self._notice = text
            self.query_one(Notice).say(text)
            self._fit()

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
    width is known yet), at a word's end where one lies in the second half; too narrow for a word of
    it, the hint alone."""
    if width <= 0 or cell_len(text) <= width:
        return text
    room = width - cell_len(MORE)
    if room < 4:
        return set_cell_size(MORE.removeprefix("… "), width).rstrip()
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
