"""Every key binding, read from the widgets' own binding lists so it can never go stale."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from maguyva_tui.app.widgets.footer import KeysFooter
from maguyva_tui.app.widgets.hanging import Hanging, Line

Section = tuple[str, Sequence[BindingType]]
"""A heading and the bindings listed under it."""

MOUSE = (
    ("click a row", "select it (preview follows)"),
    ("double-click a row", "open it in the preview"),
    ("scroll wheel", "scroll the list, preview or explain panel"),
    ("click a panel", "focus it"),
)

KEY_COLUMN = 18
"""The narrowest the keys column gets; a longer key (or mouse gesture) widens it, two spaces kept."""

KEY_NAMES = {
    "question_mark": "?",
    "plus": "+",
    "minus": "-",
    "equals_sign": "=",
    "slash": "/",
    "escape": "esc",
    "enter": "enter",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
    "ctrl+left": "ctrl+←",
    "ctrl+right": "ctrl+→",
    "dollar_sign": "$",
    "circumflex_accent": "^",
}


def key_label(keys: str) -> str:
    """Return a binding's keys as a user types them (``ctrl+p``, ``?``, ``j``)."""
    return " / ".join(KEY_NAMES.get(k.strip(), k.strip()) for k in keys.split(","))


def rows(bindings: Iterable[BindingType]) -> list[tuple[str, str]]:
    """Return (keys, description) for each binding with a description."""
    out = []
    for b in bindings:
        binding = b if isinstance(b, Binding) else Binding(*b)
        if binding.description:
            text = binding.description + (f" — {binding.tooltip}" if binding.tooltip else "")
            out.append((key_label(binding.key), text))
    return out


def render(sections: Sequence[Section]) -> Hanging:
    """Return the help text: one block per section, keys aligned, a long description wrapped under
    itself (not under its key)."""
    lines: list[Line] = [
        (Content.from_markup("[b $primary]maguyva[/] [dim]— keys, everywhere in the app[/]"), 0),
        (Content(""), 0),
    ]
    listed = [(title, rows(bindings)) for title, bindings in sections]
    width = max([KEY_COLUMN - 2, *(len(keys) for _, pairs in listed for keys, _ in pairs), *(len(w) for w, _ in MOUSE)]) + 2
    for title, pairs in [*listed, ("Mouse", list(MOUSE))]:
        lines.append((Content.styled(title, "bold $accent"), 0))
        lines += [(Content.assemble("  ", (f"{keys:<{width}}", "bold"), text), 2 + width) for keys, text in pairs]
        lines.append((Content(""), 0))
    lines.append((
        Content.from_markup(
            "[dim]Rank columns sem/text/ast/graph show each engine's own position for the result "
            "(1 = its top hit, blank = not found). ▼ marks a demoted path, +n the chunks folded into a result; "
            "± shows how far a what-if moved it.[/]"
        ),
        0,
    ))
    return Hanging(lines)


class HelpScreen(ModalScreen[None]):
    """A scrollable list of every binding; escape, ``?`` or ``q`` closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "dismiss", "Close help"),
        Binding("j", "scroll(1)", "Scroll down", show=False),  # as in the preview: j had done nothing here
        Binding("k", "scroll(-1)", "Scroll up", show=False),
    ]

    def __init__(self, sections: Sequence[Section]) -> None:
        super().__init__()
        self.sections = sections

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box") as box:
            box.border_title = "Help"
            box.border_subtitle = "esc closes"
            yield Static(render(self.sections), id="help-body")
        yield KeysFooter()  # the help's keys (esc Close help), not those of the panel focused under it

    def action_scroll(self, lines: int) -> None:
        """Scroll the help by ``lines`` (j and k, as the preview and the explain panel scroll)."""
        box = self.query_one("#help-box", VerticalScroll)
        box.scroll_to(y=box.scroll_y + lines, animate=False)
