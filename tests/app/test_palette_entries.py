"""The command palette has an entry for every key the help lists outside the boxes, found by a word
of what it does: "light" and "editor" had found nothing (the themes only under Textual's "Theme",
the editor only under ``o``)."""

from __future__ import annotations

from functools import partial
from typing import Any

from textual.binding import Binding

from maguyva_tui.app import MaguyvaApp
from maguyva_tui.app.commands import explorer_commands
from maguyva_tui.app.session import Request
from maguyva_tui.app.themes import Loaded, theme_from_dict

PALETTE_FOR_KEY = {
    "cycle_intent": "set_intent",
    "cycle_preset": "set_preset",
    "next_weight": "nudge_weight",
    "nudge": "nudge_weight",
}
"""Keys that step through choices, and the palette's entries naming each choice at once."""

NOT_IN_THE_PALETTE = {"quit", "interrupt", "leave", "focus_query"}
"""Quit is Textual's own entry; the others move the focus or clear, the palette's own box aside."""


class Recorder:
    """An app stand-in: every method a command calls is a function named after it."""

    def __init__(self, request: Request | None = None, theme: str = "maguyva-dark") -> None:
        self.user_themes = Loaded([theme_from_dict({"name": "solar-light", "primary": "#268bd2", "dark": False})])
        self.request, self.theme = request or Request(""), theme

    def __getattr__(self, name: str) -> Any:
        def method(*args: object) -> tuple[str, tuple[object, ...]]:
            return name, args

        method.__name__ = name
        return method


def commands(request: Request | None = None, theme: str = "maguyva-dark") -> list[Any]:
    return list(explorer_commands(Recorder(request, theme)))  # type: ignore[arg-type]


def called(command: Any) -> str:
    callback = command.callback
    return (callback.func if isinstance(callback, partial) else callback).__name__  # type: ignore[no-any-return]


def test_every_key_outside_the_boxes_has_a_palette_entry() -> None:
    entries = {called(c) for c in commands()}
    for b in MaguyvaApp.BINDINGS:
        action = (b if isinstance(b, Binding) else Binding(*b)).action.split("(")[0]
        if action not in NOT_IN_THE_PALETTE:
            assert PALETTE_FOR_KEY.get(action, f"action_{action}") in entries, action


def test_a_word_of_a_theme_or_the_editor_finds_its_entry() -> None:
    titles = {c.title: c for c in commands()}
    light = [t for t in titles if "light" in t.lower()]
    assert {"Theme: dark / light", "Theme: maguyva-light", "Theme: solar-light"} <= set(light)
    assert titles["Theme: solar-light"].callback() == ("set_theme", ("solar-light",))
    assert any("editor" in t.lower() for t in titles)


def test_the_help_names_the_palette_s_groups_as_maguyva_help_does() -> None:
    """The help screen's ctrl+p line had left out the case entries that ``maguyva --help`` and the
    README list ("preset, intent, what-if, case, theme, reindex"): a user looking for how to match
    case-insensitively in the explorer read that the palette had no such entry."""
    app = MaguyvaApp.__new__(MaguyvaApp)  # the sections are read from the classes' bindings alone
    described = {b[0]: b[2] for _, bindings in app.binding_sections() for b in bindings if isinstance(b, tuple)}
    groups = {c.title.partition(":")[0].lower() for c in commands()}
    for word in ("preset", "intent", "what-if", "case", "theme", "reindex"):
        assert word in groups, word
        assert word in described["ctrl+p"].lower(), described["ctrl+p"]


def test_the_choice_in_use_is_marked_current() -> None:
    """ctrl+p, ``case``: the three ``Case:`` entries had looked alike, none saying which case the
    query box matched with (nor which preset, intent or theme was in use)."""
    def current(*args: Any) -> list[str]:
        return [c.title.removesuffix(" (current)") for c in commands(*args) if c.title.endswith(" (current)")]

    assert current() == ["Preset: default", "Intent: automatic", "Case: sensitive", "Theme: maguyva-dark"]
    chosen = Request("x", intent="find_references", preset="quick", case="smart")
    assert current(chosen, "solar-light") == ["Preset: quick", "Intent: find_references", "Case: smart",
                                              "Theme: solar-light"]
