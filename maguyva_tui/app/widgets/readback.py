"""The question, read back: intent, confidence, target, strategy, preset and k, and the weight bars."""

from __future__ import annotations

import math
from collections.abc import Mapping

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from maguyva_tui.app.session import Answer
from maguyva_tui.app.widgets.bars import bar, modality_style
from maguyva_tui.core.types import LISTING_STRATEGIES, MODALITIES, PRESET_ENGINES, share

DEFAULT_PRESET = "default"
"""The preset of a first run, said on the fusion line; another (picked with p, remembered between
runs) is said on the confidence line, which an 80-column block does not cut: on the fusion line it
had been cut away ('30 results in 9.6 ms  …'), the ranking changed with nothing in view saying why."""

CONFIDENCE_BAR = 10
WEIGHT_BAR = 10


class Readback(Horizontal):
    """Two blocks side by side: what the classifier understood, and how the engines are weighed."""

    selected: reactive[str] = reactive("structural")
    """The modality that ``+``/``-`` re-weighs (marked with a pointer)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.answer: Answer | None = None
        self.what_if = False
        self.before: Mapping[str, float] | None = None
        """The profile a what-if moved from (its intent's): the lines that moved are marked."""
        self._weights: object = None
        """What the weights block shows: the weights, those that ranked nothing, the modality pointed
        at, the what-if mark."""

    def compose(self) -> ComposeResult:
        yield Static(id="question")
        yield Static(id="weights")

    def on_mount(self) -> None:
        self.show(None)

    def show(self, answer: Answer | None, what_if: bool = False, before: Mapping[str, float] | None = None) -> None:
        """Read back an answer (``None``: nothing asked yet); a ``what_if`` one marks the weights
        that moved from ``before``."""
        self.answer, self.what_if, self.before = answer, what_if, before
        # Both blocks have a fixed size (app.tcss): an update repaints them and lays out nothing else.
        self.query_one("#question", Static).update(question_block(answer), layout=False)
        weights = (tuple((answer.weights if answer else {}).items()), left_out(answer), self.selected, what_if,
                   tuple((before or {}).items()))
        if weights != self._weights:  # the same weights (most keys typed): nothing to redraw
            self._weights = weights
            block = weights_block(answer, self.selected, what_if, before)
            self.query_one("#weights", Static).update(block, layout=False)

    def waiting(self) -> None:
        """Say that the question typed is answered once the index can be searched (nothing asked
        yet read 'type a question' under the question typed)."""
        self.answer = None
        self.query_one("#question", Static).update(WAITING, layout=False)

    def watch_selected(self) -> None:
        if self.is_mounted:
            self.show(self.answer, self.what_if, self.before)


    def searching(self) -> None:
        """Say that the question typed is being answered, where nothing was (the block had said
        'type a question' under a question typed for as long as its search took: 1.5 s for urwid's
        "who calls" of a name it does not define)."""
        self.query_one("#question", Static).update(SEARCHING, layout=False)


SEARCHING = Content.from_markup("[dim]intent[/]  [dim italic]searching…[/]")
"""The question block while the first answer to a question is searched for (an answer on show
stays until the next one replaces it)."""

WAITING = Content.from_markup("[dim]intent[/]  [dim italic]the index is not searchable yet:\n        answered once it is[/]")
"""The question block while a question waits for the first index (the status line says how far),
on two lines: the block is 40 cells wide at 80 columns."""

HINT = Content.from_markup('[dim]intent[/]  [dim italic]type a question, a symbol,\n        a "literal" or a regex[/]')
"""The question block of an empty explorer, on two lines: at 80 columns one had been cut to
``type a question, a symbol, a "l…``."""


def question_block(answer: Answer | None) -> Content:
    """Return the left block: intent and confidence, target, strategy, counts, preset and k."""
    if answer is None:
        return HINT
    confidence = answer.confidence
    conf = Content.assemble(bar(confidence, CONFIDENCE_BAR, "$accent"), f" {confidence:.2f}")
    override = (" override", "bold $warning") if answer.request.intent else ""
    chosen = bool(answer.preset) and answer.preset != DEFAULT_PRESET  # a preset picked (and remembered): in view
    preset: list[Content | str | tuple[str, str]] = [("  preset ", "dim"), answer.preset or "—"]
    lines = [
        Content.assemble(("intent  ", "dim"), (answer.intent or "—", "bold $primary"), override),
        Content.assemble(("conf    ", "dim"), conf, *(preset if chosen else ())),
        Content.assemble(("target  ", "dim"), (answer.target or "—", "$secondary")),
        Content.assemble(  # the counts before the preset and k: an 80-column terminal's block cuts the line's end
            ("fusion  ", "dim"),
            (answer.strategy or "—", "bold"),
            " ",
            _counts(answer),
            *(() if chosen else preset),
            ("  k ", "dim"),
            str(answer.k),
        ),
    ]
    return Content("\n").join(lines)


def _counts(answer: Answer) -> Content:
    """Return the result count and how long the engine took, per modality when known."""
    n = len(answer.rows)
    parts: list[Content | str | tuple[str, str]] = [
        ("· ", "dim"),
        f"{n}{'+' if answer.more else ''} result{'s' if n != 1 else ''}",  # 50+: more match (the notice says)
    ]
    parts += [(" in ", "dim"), format_elapsed(answer.elapsed_ms)]
    coverage = answer.coverage
    if coverage < 1.0:
        parts += [("  semantic ", "dim"), (f"{share(coverage)}", "$warning")]  # 99.6% is 99%: not whole
    return Content.assemble(*parts)


def format_elapsed(ms: float) -> str:
    """Return the engine's time for a query (tests replace it to keep snapshots stable), in at most
    three digits and a tenth: at 80 columns the block cut ``50+ results in 625.0 ms`` to
    ``625.0 m…``."""
    if ms < 100:
        return f"{ms:.1f} ms"
    if ms < 999.5:
        return f"{ms:.0f} ms"
    return f"{ms / 1000:.1f} s"


OFF_STYLE = "$foreground 35%"
"""A weight its preset leaves out, which ranked nothing: drawn faint and said ``off``."""


def left_out(answer: Answer | None) -> frozenset[str]:
    """The engines whose weight ranked nothing in an answer: left out by its preset (``quick``
    asks the semantic engine alone, ``default`` blends three) and not run (a confident question runs
    its one engine whatever the preset), and every engine but that one in an answer listing one
    engine's own list (``direct``: the explain panel says the others "not run"). The bars had shown
    the intent's four weights on ``quick``, as if the four engines were blended, and a definition's
    semantic 0.20 and text 0.10 in full colour beside rows that only the structural engine ranked."""
    if answer is None:
        return frozenset()
    run = set(answer.result.modalities_run)
    if answer.result.fusion_strategy in LISTING_STRATEGIES and run:
        return frozenset(MODALITIES) - run
    if answer.preset not in PRESET_ENGINES:
        return frozenset()
    return frozenset(MODALITIES) - set(PRESET_ENGINES[answer.preset]) - run


def weights_block(answer: Answer | None, selected: str, what_if: bool,
                  before: Mapping[str, float] | None = None) -> Content:
    """Return the right block: one bar per modality in its colour, the re-weighable one pointed at,
    a what-if's moved weights (from ``before``) marked."""
    weights = answer.weights if answer else {}
    idle = left_out(answer)
    lines = []
    for name in MODALITIES:
        style = OFF_STYLE if name in idle else modality_style(name)
        pointer = ("▸ ", "bold $accent") if name == selected else "  "
        value = weights.get(name)
        shown = bar(value, WEIGHT_BAR, style) if value is not None else Content.styled("·" * WEIGHT_BAR, "dim")
        number = f" {value:.2f}" if value is not None else "  —"
        off = ("  off", "dim italic") if name in idle else ""
        lines.append(Content.assemble(pointer, (f"{name:<11}", style), shown, (number, style) if off else number, off))
    if what_if:
        for i in moved_lines(weights, before or {}, selected):
            lines[i] = Content.assemble(lines[i], ("  what-if", "bold $warning"))
    return Content("\n").join(lines)


def moved_lines(weights: Mapping[str, float], before: Mapping[str, float], selected: str) -> list[int]:
    """The weights block's lines whose weight moved from ``before`` (it had always marked the
    semantic line, whichever weight moved); none moved, or ``before`` unknown: the one pointed at."""
    moved = [i for i, name in enumerate(MODALITIES)
             if name in weights and name in before and not math.isclose(weights[name], before[name])]
    return moved or [MODALITIES.index(selected)]
