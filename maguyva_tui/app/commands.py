"""The explorer's entries in the command palette (ctrl+p): preset, intent, what-if, case, theme,
editor, reindex: one for every key the help lists outside the boxes, so a user who remembers no key
finds each by a word of what it does ("light", "editor")."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING

from textual.app import ComposeResult, SystemCommand
from textual.command import CommandInput, CommandList, CommandPalette, SearchIcon
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, LoadingIndicator

from maguyva_tui.app.themes import BUILTIN
from maguyva_tui.app.widgets.ordered_input import OrderedInput
from maguyva_tui.core.types import CASE_MODES, INTENTS, MODALITIES, PRESET_NAMES

if TYPE_CHECKING:
    from maguyva_tui.app.actions import ActionsMixin


CURRENT = " (current)"
"""After the title of the choice in use: the palette's preset, intent, case and theme entries had
looked alike, so ``Case:`` did not say which case the query box matched with."""


def titled(text: str, current: bool) -> str:
    return text + CURRENT if current else text


def explorer_commands(app: ActionsMixin) -> Iterable[SystemCommand]:
    """Yield one palette command per thing a user may want to change without remembering a key."""
    request = app.request
    for name in PRESET_NAMES:
        yield SystemCommand(
            titled(f"Preset: {name}", name == request.preset),
            f"Search with the {name} preset",
            partial(app.set_preset, name),
        )
    yield SystemCommand(
        titled("Intent: automatic", request.intent is None),
        "Let the classifier decide the intent",
        partial(app.set_intent, None),
    )
    for name in INTENTS:
        yield SystemCommand(
            titled(f"Intent: {name}", name == request.intent),
            f"Override the detected intent with {name}",
            partial(app.set_intent, name),
        )
    for name in MODALITIES:
        yield SystemCommand(
            f"What-if: more {name}",
            f"Raise the {name} weight by 0.1 and re-rank",
            partial(app.nudge_weight, name, 0.1),
        )
        yield SystemCommand(
            f"What-if: less {name}",
            f"Lower the {name} weight by 0.1 and re-rank",
            partial(app.nudge_weight, name, -0.1),
        )
    yield SystemCommand(
        "What-if: reset",
        "Back to the detected intent and its weights",
        app.action_reset_what_if,
    )
    yield SystemCommand(
        "Regex: toggle",
        "Read the query as a regular expression (ctrl+r)",
        app.action_toggle_regex,
    )
    for case in CASE_MODES:
        yield SystemCommand(
            titled(f"Case: {case}", case == request.case),
            f"Match case-{case}" if case != "smart" else "Smart case",
            partial(app.set_case, case),
        )
    yield from theme_commands(app)
    yield SystemCommand("Open in editor", "Open $EDITOR at the selected result's line (o)", app.action_open_editor)
    yield SystemCommand("Reindex", "Bring the index up to date with the disk now (R)", app.action_reindex)
    yield SystemCommand("Go to file or symbol", "Fuzzy jump (g or ctrl+g)", app.action_jump)
    yield SystemCommand("Explain", "Show or hide the ranking explanation (e)", app.action_toggle_explain)
    yield SystemCommand("Help", "Every key binding (?)", app.action_help)


def theme_commands(app: ActionsMixin) -> Iterable[SystemCommand]:
    """Yield the dark/light switch and one command per theme of ours (built in or the user's):
    Textual's own "Theme" lists every theme but is found only by that word ("light" found nothing)."""
    yield SystemCommand(
        "Theme: dark / light",
        "Switch between maguyva-dark and maguyva-light (t)",
        app.action_toggle_theme,
    )
    for theme in (*BUILTIN, *app.user_themes.themes):
        yield SystemCommand(titled(f"Theme: {theme.name}", theme.name == app.theme), f"Use the {theme.name} theme (remembered)", partial(app.set_theme, theme.name))


class OrderedCommandInput(CommandInput, OrderedInput):
    """The palette's box, its editing keys applied in the order typed (``ab``, ctrl+u, ``the`` in
    one read had left it empty, as the query box and the go-to box had). ``CommandInput`` first:
    Textual's CSS follows the first base, and the palette styles its box by that name."""


class OrderedCommandPalette(CommandPalette):
    """Textual's command palette with :class:`OrderedCommandInput` for its box."""

    def compose(self) -> ComposeResult:
        """Textual's palette as it composes itself, but for the box."""
        with Vertical(id="--container"):
            with Horizontal(id="--input"):
                yield SearchIcon()
                yield OrderedCommandInput(placeholder=self._placeholder, select_on_focus=False)
                if not self.run_on_select:
                    yield Button("\u25b6")
            with Vertical(id="--results"):
                yield CommandList()
                yield LoadingIndicator()
