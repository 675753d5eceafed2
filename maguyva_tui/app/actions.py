"""What the keys and the command palette do: focus moves, what-if knobs, editor, jump, help."""

from __future__ import annotations

import subprocess
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from textual.app import App, SuspendNotSupported
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import Input
from textual.widgets.input import Selection

from maguyva_tui.app.editor import NoEditor, open_command
from maguyva_tui.app.fuzzy import Target, followed, line_count
from maguyva_tui.app.screens.help import HelpScreen, Section
from maguyva_tui.app.screens.jump import JumpInput, JumpScreen
from maguyva_tui.app.session import Answer, Request, adjusted
from maguyva_tui.app.settings import Settings, save_settings
from maguyva_tui.app.source import Source
from maguyva_tui.app.themes import Loaded
from maguyva_tui.app.widgets.explain import ExplainPanel
from maguyva_tui.app.widgets.preview import GONE, Preview, seek_pattern
from maguyva_tui.app.widgets.query import QueryInput
from maguyva_tui.app.widgets.readback import Readback
from maguyva_tui.app.widgets.results import ResultsTable
from maguyva_tui.core.answers import plain_qualname
from maguyva_tui.core.types import INTENTS, MODALITIES, PRESET_ENGINES, PRESET_NAMES

WEIGHT_STEP = 0.1
"""How much ``+``/``-`` moves the chosen modality's weight."""

OUTSIDE_QUERY_ACTIONS = ("focus_query", "leave")
"""Priority bindings (run in the keys' order, see :meth:`ActionsMixin.focus_now`) that apply only
outside the query box (escape outside the preview too, which backs out on its own): the help lists
them there, not under "Always"."""


def always(binding: Binding) -> bool:
    """Whether ``binding`` applies wherever the focus is (a priority key not kept for the panels)."""
    return binding.priority and binding.action not in OUTSIDE_QUERY_ACTIONS


NOT_INDEXED = "no longer indexed"
"""What the preview's title says of a file gone to that the index dropped while it stays on disk
(made binary, or ignored since): "no longer on disk" would be untrue."""


class ActionsMixin(App[None]):
    """Key and palette actions; mixed into the app, which supplies the state they change."""

    source: Source
    request: Request
    answer: Answer | None
    baseline: Answer | None
    explaining: bool
    jumped: Target | None
    jumped_over: tuple[Request | None, object]

    settings: Settings
    settings_path: Path | None
    user_themes: Loaded
    deferred_nudges: list[tuple[str, float]]
    _settings_unsaved = False

    def submit(self, request: Request) -> None:  # provided by the app
        raise NotImplementedError

    def remember(self, **changes: str) -> None:
        """Keep a choice (``theme``, ``preset``) for the next run; a file that cannot be written is
        said once, never fatal."""
        chosen = self.settings.with_(**changes)
        unchanged, self.settings = chosen == self.settings, chosen
        if unchanged or self.settings_path is None:
            return
        try:
            save_settings(self.settings_path, chosen)
        except (OSError, ValueError) as exc:
            if not self._settings_unsaved:
                self._settings_unsaved = True
                self.notify(f"cannot remember the theme and preset in {self.settings_path}: {exc}",
                            severity="warning", timeout=8)

    def part(self, selector: Any, expect_type: Any = None) -> Any:
        """Return a widget of the explorer's own screen, whichever screen is on top."""
        if not self.screen_stack:
            raise NoMatches(f"no screen for {selector!r}")
        base = self.screen_stack[0]
        return base.query_one(selector) if expect_type is None else base.query_one(selector, expect_type)

    # -- focus and movement ---------------------------------------------------------------------

    def focus_now(self, widget: Widget) -> None:
        """Give ``widget`` the focus before the next key is read, not after the keys already queued.

        ``Widget.focus`` defers the move to the end of the queue: keys that came in the same read
        as the one moving the focus (a fast typist's ``/def``, tmux, a burst) went to the panel
        left, where ``e`` opens the explain panel and ``o`` the editor. The keys that move the
        focus (``/``, escape, the query box's enter) are priority bindings for the same reason: a
        widget's binding runs only once its key has climbed back to the app, after the keys read
        with it were handed to the widget."""
        widget.screen.set_focus(widget)

    def action_focus_query(self) -> None:
        self.focus_now(self.part("#query", QueryInput))

    def action_focus_results(self) -> None:
        self.focus_now(self.part(ResultsTable))

    def action_cursor(self, step: int) -> None:
        """Move the result cursor (from the query box, without leaving it)."""
        table = self.part(ResultsTable)
        if table.row_count:
            table.move_cursor(row=min(max(table.cursor_row + step, 0), table.row_count - 1))

    def action_interrupt(self) -> None:
        """Ctrl+C: copy selected text (as Textual's ctrl+c does), else clear a non-empty query
        (closing whatever is open over it), else quit."""
        if self._copy_selection():
            return
        box = self.part("#query", QueryInput)
        if not box.value:
            self.exit()
            return
        while len(self.screen_stack) > 1:
            self.pop_screen()
        box.value = ""
        self.focus_now(box)

    def _copy_selection(self) -> bool:
        """Copy the text selected (in an input box, or with the mouse) and unselect it; False when none."""
        focused = self.focused
        if isinstance(focused, Input):
            text = focused.selected_text
            if text:
                focused.selection = Selection.cursor(focused.cursor_position)
        else:
            text = self.screen.get_selected_text() or ""
            self.screen.clear_selection()
        if text:
            self.copy_to_clipboard(text)
            self.notify("copied (ctrl+c again clears the query, then quits)", timeout=2)
        return bool(text)

    def action_leave(self) -> None:
        """Escape outside the query box: close the explain panel, else undo a what-if, else go
        back to the query box."""
        if self.explaining:
            self.explaining = False
            self.focus_now(self.part(ResultsTable))
        elif self.request.intent is not None or self.request.weights is not None:
            self.action_reset_what_if()
            self.notify("what-if undone: the detected intent and its weights", timeout=2)
        else:
            self.action_focus_query()

    def action_toggle_explain(self) -> None:
        self.explaining = not self.explaining

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.binding_sections()))

    def binding_sections(self) -> list[Section]:
        """Return every binding of the app, grouped by where it applies."""
        app_bindings = [b if isinstance(b, Binding) else Binding(*b) for b in type(self).BINDINGS]
        return [
            ("Outside the query box", [b for b in app_bindings if not always(b)]),
            ("Query box", QueryInput.BINDINGS),
            ("Results", ResultsTable.BINDINGS),
            ("Preview", Preview.BINDINGS),
            ("Explain panel (e, then tab)", ExplainPanel.BINDINGS),
            ("Go to (g)", [*JumpScreen.BINDINGS, *JumpInput.BINDINGS]),
            (
                "Always",
                [
                    *(b for b in app_bindings if always(b)),
                    (
                        "ctrl+p",
                        "command_palette",
                        "Command palette: preset, intent, what-if, case, theme, reindex",
                    ),
                    ("tab", "focus_next", "Next panel"),
                    ("ctrl+q", "quit", "Quit from anywhere"),
                ],
            ),
        ]

    # -- what-if --------------------------------------------------------------------------------

    def set_intent(self, name: str | None) -> None:
        """Override the detected intent (``None``: back to the classifier)."""
        self.submit(self.request.with_(intent=name, weights=None))
        self.notify(f"intent: {name} (override)" if name else "intent: automatic", timeout=2)

    def set_preset(self, name: str) -> None:
        self.submit(self.request.with_(preset=name))
        self.remember(preset=name)
        self.notify(f"preset: {name}", timeout=2)

    def set_case(self, case: str) -> None:
        self.submit(self.request.with_(case=case))

    def action_cycle_intent(self) -> None:
        """Override the intent with the next one, then back to the classifier's; the intent the
        classifier gave the question is passed over (overriding with it changed nothing but the
        word 'override': ``i`` had seemed to do nothing on a definition's question)."""
        order: list[str | None] = [None, *INTENTS]
        base = self.baseline
        detected = base.intent if base is not None and base.request.intent is None \
            and base.request.same_question(self.request) else None
        at = order.index(self.request.intent)
        name = order[(at + 1) % len(order)]
        if name is not None and name == detected:
            name = order[(at + 2) % len(order)]
        self.set_intent(name)

    def action_cycle_preset(self) -> None:
        self.set_preset(PRESET_NAMES[(PRESET_NAMES.index(self.request.preset) + 1) % len(PRESET_NAMES)])

    def action_next_weight(self) -> None:
        readback = self.part(Readback)
        readback.selected = MODALITIES[(MODALITIES.index(readback.selected) + 1) % len(MODALITIES)]

    def action_nudge(self, direction: int) -> None:
        self.nudge_weight(self.part(Readback).selected, WEIGHT_STEP * direction)

    def nudge_weight(self, modality: str, step: float) -> None:
        """Change one modality's weight from the profile that ranked the list, and re-rank."""
        if self.answer is None or not self.answer.weights:
            self.notify(
                "ask something first: a what-if changes the weights of an answer",
                severity="warning",
            )
            return
        self.part(Readback).selected = modality
        preset = self.request.preset
        if modality not in PRESET_ENGINES[preset]:  # the list would change its strategy, never its order
            engines = PRESET_ENGINES[preset]
            blends = f"asks the {engines[0]} engine alone" if len(engines) == 1 else f"blends {', '.join(engines)}"
            self.notify(f"the {preset} preset {blends}: a {modality} weight changes nothing "
                        "(p: thorough blends all four)", severity="warning", timeout=4)
            return
        if self.request.weights is not None:  # the newest what-if, answered or not: + + is +0.2
            base: Mapping[str, float] = dict(self.request.weights)
        elif self.answer.request.same_question(self.request) and self.answer.request.intent == self.request.intent:
            base = self.answer.weights
        else:  # an intent (or a question) asked for is not answered yet: its profile is not known here
            self.deferred_nudges.append((modality, step))
            return
        self.submit(self.request.with_(weights=adjusted(base, modality, step)))

    def apply_deferred_nudges(self) -> None:
        """Apply the weight nudges typed before the answer they change came (``i`` then ``+`` had
        moved the weights of the intent on screen, not of the one chosen)."""
        nudges, self.deferred_nudges = self.deferred_nudges, []
        for modality, step in nudges:
            self.nudge_weight(modality, step)

    def action_reset_what_if(self) -> None:
        self.submit(self.request.with_(intent=None, weights=None))

    def action_toggle_regex(self) -> None:
        self.submit(self.request.with_(regex=not self.request.regex))

    def set_theme(self, name: str) -> None:
        """Use the theme ``name`` (remembered, as every theme change is)."""
        self.theme = name

    def action_toggle_theme(self) -> None:
        self.theme = "maguyva-light" if self.current_theme.dark else "maguyva-dark"

    def action_reindex(self) -> None:
        self.notify("re-indexing…", timeout=2)
        self.index_repo()  # type: ignore[attr-defined]

    # -- jumping --------------------------------------------------------------------------------

    def _place(self) -> tuple[str, int] | None:
        """Return the file and line on show: the jump target, else the highlighted result."""
        if self.jumped is not None:
            return self.jumped.path, self.jumped.line
        row = self.part(ResultsTable).current_row()
        return (row.path, row.start_line) if row else None

    def action_open_editor(self) -> None:
        """Suspend the app, open $EDITOR at the line, and come back."""
        place = self._place()
        if place is None:
            self.notify("nothing to open: select a result first", severity="warning")
            return
        on_disk = self.source.on_disk(place[0])
        if not on_disk.is_file():  # the editor would open an empty new file of that name
            self.notify(f"{place[0]} is no longer on disk (removed since it was indexed; R re-indexes)",
                        severity="warning")
            return
        failed: OSError | None = None
        status = 0
        try:
            command = open_command(on_disk, place[1])
            with self.suspend():
                try:
                    status = subprocess.run(command, check=False).returncode
                except OSError as exc:  # kept in here: Textual's suspend resumes only a body that returns,
                    failed = exc  # and an editor not found had left the screen blank, no key read again
        except NoEditor as exc:
            self.notify(str(exc), severity="error")
        except SuspendNotSupported:
            self.notify("this terminal cannot hand over to an editor", severity="error")
        except OSError as exc:
            failed = exc
        if failed is not None:
            self.notify(f"cannot start the editor: {failed}", severity="error")
        elif status != 0:  # what it printed went with the screen it left: say that it failed
            self.notify(f"the editor ({Path(command[0]).name}) exited with status {status}", severity="warning")

    def action_jump(self) -> None:
        if not getattr(self, "index_ready", False):
            self.notify("still indexing: go to works once the index is open", severity="warning")
            return
        self.push_screen(JumpScreen(self.source.jump_targets(), self.source.real_first, self._line_count), self._jumped)

    def _line_count(self, path: str) -> int | None:
        """Lines of a shown path as the index holds it (``None``: not readable)."""
        try:
            return line_count(self.source.read(path))
        except (KeyError, OSError):
            return None

    def _jumped(self, target: Target | None) -> None:
        if target is None:
            return
        self.explaining = False
        try:
            text = self.source.read(target.path)
        except (KeyError, OSError) as exc:
            self.notify(f"cannot read {target.path}: {exc}", severity="error")
            return
        last = line_count(text)
        if target.line > last:  # path:line past the file's end (go to's path:line): its last line, as vim +N
            self.notify(f"{target.path} has {last:,} lines: line {target.line:,} is past its end", severity="warning")
            target = replace(target, label=f"{target.path}:{last}", line=last, end_line=last)
        self._show_jumped(target, text)
        table = self.part(ResultsTable)
        row = table.current_row()
        self.jumped_over = (table.answer.request if table.answer else None, row.key if row else None)
        self.part(Preview).focus()

    def _show_jumped(self, target: Target, text: str) -> None:
        """Show the place gone to in the preview (a symbol's name sought on its line)."""
        name = plain_qualname(target.label).rpartition(".")[2] if target.detail else None  # a symbol: its own name
        gone = not self.source.on_disk(target.path).is_file()
        self.part(Preview).show(target.path, text, target.line, target.end_line, seek=seek_pattern(name), gone=gone)
        self.jumped, self.jumped_text = target, text

    def _jumped_again(self) -> None:
        """Show the place gone to as the index holds it now, as the list is drawn again: an edit on
        disk brings the file's new text and its symbol's new lines, a removal is said in the title
        (the preview had kept the lines of when it was gone to, a deleted file's without a word)."""
        target = getattr(self, "jumped", None)
        if target is None:
            return
        try:
            text = self.source.read(target.path)
        except (KeyError, OSError):  # out of the index: the lines on show stay, said gone
            on_disk = self.source.on_disk(target.path).is_file()  # made binary, or ignored since
            self.part(Preview).say_gone(NOT_INDEXED if on_disk else GONE)
            return
        if text != self.jumped_text:  # edited: its lines where the edit moved them
            target = followed(target, self.jumped_text, text)
        self._show_jumped(target, text)
