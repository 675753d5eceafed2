"""The explorer: a live query box, the question read back, the fused list, preview and explain."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from platformdirs import user_downloads_path
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.driver import Driver
from textual.notifications import SeverityLevel
from textual.reactive import var
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, Input, Label

from maguyva_tui.app.actions import OUTSIDE_QUERY_ACTIONS, ActionsMixin
from maguyva_tui.app.background import BackgroundMixin
from maguyva_tui.app.commands import OrderedCommandPalette, explorer_commands
from maguyva_tui.app.driver import quick_exit
from maguyva_tui.app.fuzzy import Target
from maguyva_tui.app.heap import TICK_S, QuietCollector
from maguyva_tui.app.messages import (
    EmbedProgress,
    EnginesJoined,
    FilesChanged,
    IndexProgress,
    IndexReady,
    IndexWaiting,
    SearchDone,
    TiersChanged,
    while_open,
)
from maguyva_tui.app.screens.explorer import ExplorerScreen
from maguyva_tui.app.session import Answer, Request, holding, moves
from maguyva_tui.app.settings import Settings, load_settings
from maguyva_tui.app.source import OneRepo, Source
from maguyva_tui.app.themes import BUILTIN, MODALITY_DEFAULTS, Loaded
from maguyva_tui.app.widgets.banner import LookupBanner, answer_failure
from maguyva_tui.app.widgets.explain import ExplainPanel
from maguyva_tui.app.widgets.footer import KeysFooter
from maguyva_tui.app.widgets.preview import Preview, seek_pattern
from maguyva_tui.app.widgets.query import QueryBar, QueryInput, shown
from maguyva_tui.app.widgets.readback import Readback
from maguyva_tui.app.widgets.results import ResultsTable
from maguyva_tui.app.widgets.status import StatusLine, said_by_tiers, summary_text
from maguyva_tui.app.workspace import ExplorerWorkspace
from maguyva_tui.core.engine import Engine, SearchCancelled
from maguyva_tui.core.types import MODALITIES, PRESET_NAMES, QueryError
from maguyva_tui.terminal import visible, visible_lines

TINY_ROWS = 20
"""Rows under which the question's read-back gives its four rows to the results: at 60x15 the list
had one row inside its frame, its horizontal scrollbar's, and showed no result at all."""

DEFAULT_THEME = "maguyva-dark"
"""The theme of a first run (until one is chosen: it is remembered)."""


class MaguyvaApp(ActionsMixin, BackgroundMixin):
    """Search a repository (or a workspace of several) as you type and see why every result
    ranked where it did."""

    CSS_PATH = Path(__file__).with_name("app.tcss")
    TITLE = "maguyva"
    HORIZONTAL_BREAKPOINTS = [
        (0, "-narrow"),
        (160, "-wide"),
    ]
    VERTICAL_BREAKPOINTS = [
        (0, "-tiny"),
        (TINY_ROWS, "-short"),
        (32, "-tall"),
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit", "Quit"),
        Binding(
            "ctrl+c",
            "interrupt",
            "Clear / quit",
            show=False,
            priority=True,
            tooltip="Copy the text selected, else clear the query, else quit (as fzf)",
        ),
        Binding(
            "escape",
            "leave",
            "Back",
            show=False,
            priority=True,  # in the keys' order: see ActionsMixin.focus_now
            tooltip="Close the explain panel, else undo a what-if, else back to the query box",
        ),
        Binding("question_mark", "help", "Help", show=False),
        Binding("f1", "help", "Help", priority=True),
        Binding("slash", "focus_query", "Search", show=False, priority=True),  # as escape
        Binding("e", "toggle_explain", "Explain"),
        Binding("o", "open_editor", "Editor"),
        Binding("g", "jump", "Go to", show=False),
        Binding(
            "ctrl+g",
            "jump",
            "Go to",
            priority=True,
            tooltip="Go to a file or symbol (fuzzy)",
        ),
        Binding("i", "cycle_intent", "Intent"),
        Binding("p", "cycle_preset", "Preset"),
        Binding(
            "w",
            "next_weight",
            "Weight",
            tooltip="Choose the modality that +/- re-weighs",
        ),
        Binding(
            "plus,equals_sign",
            "nudge(1)",
            "+weight",
            tooltip="What-if: raise the chosen weight by 0.1",
        ),
        Binding(
            "minus",
            "nudge(-1)",
            "-weight",
            tooltip="What-if: lower the chosen weight by 0.1",
        ),
        Binding("0", "reset_what_if", "Reset what-if"),
        Binding(
            "ctrl+r",
            "toggle_regex",
            "Regex",
            priority=True,
            tooltip="Read the query as a regular expression",
        ),
        Binding("t", "toggle_theme", "Dark/light", show=False),
        Binding("R", "reindex", "Reindex", show=False),
    ]

    explaining = var(False)

    def __init__(
        self,
        engine: Engine | ExplorerWorkspace,
        theme: str | None = None,
        user_themes: Loaded | None = None,
        watch: bool = True,
        embed: bool = True,
        query: str = "",
        settings_path: Path | None = None,
        notices: list[str] | None = None,
    ) -> None:
        super().__init__()
        self.start_notices = list(notices or ())
        """Said once as the explorer opens: which repository, when it is not the folder it started in."""
        self.workspace = engine if isinstance(engine, ExplorerWorkspace) else None
        """The repositories searched as one, or ``None`` for one repository (``engine``)."""
        if not isinstance(engine, ExplorerWorkspace):
            self.engine = engine
        self.source: Source = engine if isinstance(engine, ExplorerWorkspace) else OneRepo(engine)
        """What the screens search and read, for one repository or several."""
        self.user_themes = user_themes or Loaded()
        self.deferred_nudges = []
        for t in (*BUILTIN, *self.user_themes.themes):
            self.register_theme(t)
        self.settings_path = settings_path
        """Where the theme and preset chosen are remembered between runs (``None``: nowhere)."""
        self.settings, notice = load_settings(settings_path) if settings_path else (Settings(), None)
        self.settings_notices = [notice] if notice else []
        self.theme = theme or self._remembered_theme()
        self.index_ready = False
        self.updating = False
        """The stored index answers while its refresh runs: an answer may miss what changed since
        (a failed lookup says so; the question is asked again when the refresh ends)."""
        self.quitting = False
        """Set by :meth:`exit`: the driver need not wait for its input thread."""
        self.watch_disk = watch
        self.embed_enabled = embed
        self.shown_seq = 0
        self.shown_at = 0.0
        """The request number whose answer is on screen (benchmarks and tests wait on it)."""
        self.request = Request(query, preset=self._remembered_preset())
        self.answer: Answer | None = None
        self.baseline: Answer | None = None
        """The last answer without what-if knobs: what moves are measured against."""
        self.profiles: dict[str, dict[str, float]] = {}
        """Each intent's weight profile, as an answer without a what-if was ranked by: the read-back
        marks the weights a what-if moved from it."""
        self.seq = 0
        self._search_queue: queue.SimpleQueue[Request | None] = queue.SimpleQueue()
        """The requests for the search thread: it takes the newest waiting (one search at a time, so
        a stale one never competes with the newest for the interpreter; a stale one running gives
        up at its next checkpoint, and the thread goes on to the newest with no word to this one)."""
        self._search_thread: threading.Thread | None = None
        self._preview_due = False
        self._error_shown = ""
        self._offered: tuple[bool, bool] | None = None  # None: the query box has the focus
        """What the footer offers (a weight to change, a what-if to reset), as last refreshed."""
        self.jumped: Target | None = None
        self.jumped_text = ""
        """The text of the file gone to, as the preview shows it: an edit on disk is told by it."""
        self.jumped_over: tuple[Request | None, object] = (None, None)
        """The question and the result highlighted when the go-to was made: the list shown again
        with that result highlighted (a resize, an engine joining, a file changed) keeps the jump."""
        self.heap = QuietCollector()
        """When the collector's full passes run: while nobody types (:mod:`maguyva_tui.app.heap`)."""
        self._init_background(None if isinstance(engine, ExplorerWorkspace) else engine)

    def _remembered_theme(self) -> str:
        """The theme chosen last time, when it still exists; else the default (said once)."""
        name = self.settings.theme
        if name is not None and name not in self.available_themes:
            self.settings_notices.append(f"the remembered theme {name!r} is not available; using {DEFAULT_THEME}")
            return DEFAULT_THEME
        return name or DEFAULT_THEME

    def _remembered_preset(self) -> str:
        """The preset chosen last time, when this version knows it; else ``default`` (said once)."""
        name = self.settings.preset
        if name is not None and name not in PRESET_NAMES:
            self.settings_notices.append(f"the remembered preset {name!r} is unknown; using default")
            return "default"
        return name or "default"

    def get_default_screen(self) -> Screen[Any]:
        """The explorer's screen: Textual's, drawing a change as soon as it is made (see
        :mod:`maguyva_tui.app.screens.explorer`)."""
        return ExplorerScreen(id="_default")

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this terminal, letting go of it at once on a quit."""
        return quick_exit(super().get_driver_class())

    def exit(self, *args: Any, **kwargs: Any) -> None:
        """Quit: the terminal is handed back without waiting (see :mod:`maguyva_tui.app.driver`)."""
        self.quitting = True
        super().exit(*args, **kwargs)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """Give every theme the modality colours, so Textual's own themes work too."""
        return dict(MODALITY_DEFAULTS)

    def _lay_out_for_size(self) -> None:
        """Give the screen its breakpoints' classes for the terminal's size now: Textual gives them
        at its first resize event, after the first frame, and at 140 columns the explorer had opened
        side by side (the wide layout), then stacked itself half a second later."""
        width, height = self.size
        for breakpoints, extent in ((self.HORIZONTAL_BREAKPOINTS, width), (self.VERTICAL_BREAKPOINTS, height)):
            names = [name for _, name in breakpoints or ()]
            reached = [name for low, name in breakpoints or () if extent >= low]
            for name in names:
                self.screen.set_class(bool(reached) and name == reached[-1], name)

    def action_command_palette(self) -> None:
        """Show the command palette, its box's editing keys applied in the order typed."""
        if self.use_command_palette and not self.screen.has_class("--textual-command-palette"):  # as Textual tells it open
            self.push_screen(OrderedCommandPalette(id="--command-palette"))

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """Save an SVG of the screen (the palette's Screenshot) in the user's Downloads folder, else
        in the home folder: Textual writes to Downloads alone, and where there is none (a server
        reached over ssh) it had said only "Failed to save screenshot"."""
        if path is None:
            downloads = user_downloads_path()
            path = str(downloads if downloads.is_dir() else Path.home())
        return super().deliver_screenshot(filename, path, time_format)

    @on(events.DeliveryComplete)
    def _screenshot_saved(self, event: events.DeliveryComplete) -> None:
        """Say where a screenshot went, as plain text (Textual's notice is markup, which the
        explorer's notices are not: ``[$text-success]'/root/…svg'`` had been written out)."""
        if event.name == "screenshot":
            event.prevent_default()  # not Textual's notice too
            self.notify(f"Saved screenshot to {event.path}" if event.path else "Saved screenshot", title="Screenshot")

    @on(events.DeliveryFailed)
    def _screenshot_failed(self, event: events.DeliveryFailed) -> None:
        """Say why a screenshot was not saved (Textual's notice said only that it was not)."""
        if event.name == "screenshot":
            event.prevent_default()
            self.notify(f"Failed to save screenshot: {event.exception}", title="Screenshot", severity="error")

    def get_system_commands(self, screen: Screen[Any]) -> Any:
        yield from super().get_system_commands(screen)
        yield from explorer_commands(self)

    def compose(self) -> ComposeResult:
        yield QueryBar(id="query-bar")
        yield Label("", id="query-error", markup=False)  # an error quotes the user's pattern
        yield Readback(id="readback")
        yield LookupBanner(id="lookup-banner")  # above the results when the target was not found
        with Horizontal(id="main"):
            yield ResultsTable(id="results")
            with Vertical(id="side"):
                yield Preview(id="preview")
                yield ExplainPanel(id="explain")
        yield StatusLine(id="status")
        yield KeysFooter()

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Show a notification, its text as it is: paths, patterns and errors are never read as markup,
        and their control characters are drawn, never sent to the terminal."""
        super().notify(visible_lines(message), title=visible(title), severity=severity, timeout=timeout, markup=markup)

    def on_mount(self) -> None:
        self._lay_out_for_size()
        self.sub_title = self.source.title
        self.part(StatusLine).repo(self.source.status_name())
        self.part("#preview", Preview).clear_preview()
        report = self.user_themes.report()
        if report:
            self.notify(report, title="Themes", severity="warning", timeout=12)
        for notice in self.settings_notices:
            self.notify(notice, title="Settings", severity="warning", timeout=12)
        for notice in self.start_notices:
            self.notify(notice, title="Repository", timeout=12)
        self.theme_changed_signal.subscribe(self, lambda theme: self.remember(theme=theme.name))
        if self.workspace is not None:
            self.part(ResultsTable).repo_labels = tuple(self.workspace.labels)
        for missing in self.workspace.missing.values() if self.workspace is not None else ():
            self.notify(f"{missing.label} is not searched: {missing.reason}", title="Workspace", severity="warning",
                        timeout=12)
        self.part("#query", QueryInput).on_value = self._query_changed
        if self.request.text:
            self.part("#query", QueryInput).value = shown(self.request.text)
        self.part("#query", QueryInput).focus()
        self.heap.start()
        self.set_interval(TICK_S, self.heap.tick)
        self.index_repo()

    def on_unmount(self) -> None:
        """Stop the watcher and the embedding now: the vectors embedded so far are saved, a batch
        half done is dropped, and nothing is waited for (quitting stays instant)."""
        self.close_background()
        self.heap.stop()
        self._search_queue.put(None)  # the search thread ends after the search it is running

    # -- indexing -------------------------------------------------------------------------------

    @while_open
    def on_index_progress(self, message: IndexProgress) -> None:
        self.part(StatusLine).progress(message.phase, message.done, message.total, self.updating)

    @while_open
    def on_index_waiting(self, message: IndexWaiting) -> None:
        self.part(StatusLine).waiting(message.text)

    @while_open
    def on_engines_joined(self, message: EnginesJoined) -> None:
        """A first build made engines ready: search with them now (a question typed meanwhile is
        answered), and again as each one joins; the row selected stays selected."""
        self.part(StatusLine).repo(self.source.status_name())  # a workspace's repository is indexing no more
        if set(message.engines) >= set(MODALITIES):
            if message.label is not None:  # one repository of several done: the next one's phase shows
                self.part(StatusLine).engines(())
            return  # the build is complete: IndexReady follows at once, and searches again
        self.index_ready = True
        self.heap.settle()
        self.part(StatusLine).engines(message.engines, message.label)
        if self.request.text.strip():
            self.rerun()

    @while_open
    def on_index_ready(self, message: IndexReady) -> None:
        status = self.part(StatusLine)
        self.updating = message.summary is None and not message.error  # the stored index, its refresh to come
        if message.error:
            status.ready(message.error)
            self.notify(message.error, severity="error", timeout=10)
            return
        self.index_ready = True
        self.heap.settle()
        for notice in self.source.notices()[-1:]:
            status.notice(notice)
        status.repo(self.source.status_name())
        status.ready(self._index_text(message.summary))
        status.tiers(self.tiers())
        if message.summary is not None:
            self.rerun()
            if self.watch_disk and not self.watching:
                self.watch_repo()
        elif self.request.text.strip():
            self.rerun()

    def _index_text(self, summary: Any) -> str:
        return summary_text(summary, self.source.file_count())

    @while_open
    def on_tiers_changed(self, message: TiersChanged) -> None:
        self.part(StatusLine).tiers(message.tiers)
        if dict(message.tiers).get("transformer", 0.0) >= 1.0 and self.request.text.strip():
            self.rerun()  # the tier is complete: the results by meaning are ranked on it alone

    @while_open
    def on_embed_progress(self, message: EmbedProgress) -> None:
        self.part(StatusLine).embedding(message.done, message.total)
        if message.done >= message.total:
            self.rerun()

    @while_open
    def on_files_changed(self, message: FilesChanged) -> None:
        self.updating = False  # the refresh the watcher began is over: its answers are asked again
        stale = message.error or getattr(message.summary, "stale_because", None)
        if stale:  # the index searched is the one from before: say so, never claim a fresh one
            when = time.strftime("%H:%M")
            self.part(StatusLine).ready(f"index not up to date since {when}: {stale}")
            self.notify(f"re-indexing failed: {stale}", severity="error")
            self.rerun()  # the answer on show had said it would be asked again
            return
        self.part(StatusLine).ready(self._index_text(message.summary))
        self.heap.settle()
        said = message.said()
        if said is not None:
            self.notify(said, timeout=3)
        self.rerun()

    # -- searching ------------------------------------------------------------------------------

    def _query_changed(self, text: str) -> None:
        """Search for the query box's new text (called by the box as the text changes). An emptied
        box ends the question, and its what-if with it: the next question is classified and weighed
        afresh (an intent override had gone on ranking every later question, 'where is X built'
        read as find_similar)."""
        request = self.request.with_(text=text)
        if not text.strip() and _knobs_moved(request):
            request = request.with_(intent=None, weights=None)
        self.submit(request)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer the what-if keys (in the footer too) only when they apply: an answer to re-weigh,
        a what-if to reset, and the focus outside the query box (where they are typed)."""
        if action in OUTSIDE_QUERY_ACTIONS:  # priority keys: only where they would have bubbled to us
            own = (Input, Preview) if action == "leave" else (Input,)  # the preview's escape is its own; / is ours
            return self.screen is self.screen_stack[0] and not isinstance(self.focused, own)
        if action in ("nudge", "next_weight", "reset_what_if") and isinstance(self._explorer_focus(), QueryInput):
            return False
        if action in ("nudge", "next_weight"):
            return self.answer is not None and bool(self.answer.weights)
        if action == "reset_what_if":
            return _knobs_moved(self.request)
        return True

    def _explorer_focus(self) -> Widget | None:
        """Return the widget focused on the explorer's own screen, whichever screen is on top: its
        footer shows the keys of that widget (the app's own focus, under the help or the go-to box,
        is theirs: the footer had offered +weight under the help opened from the query box)."""
        return self.screen_stack[0].focused if self.screen_stack else None

    def submit(self, request: Request) -> None:
        """Make ``request`` the newest question and search for it after the debounce."""
        if not request.same_question(self.request):
            self.deferred_nudges.clear()  # they were for the question before
        self.seq += 1
        self.request = request.with_(seq=self.seq)
        self.heap.busy()
        self._refresh_offered()
        self.part(QueryBar).set_mode(request.regex, request.case)
        if not request.text.strip():
            self._show_error("")  # no search answers an empty box: a regex's error would stay for good
            self._show_answer(None)
            self._screen_frames(hold=False)
            self.shown_seq = self.seq
            return
        if self.index_ready:
            if self.answer is None:  # nothing on show: not 'type a question' while it is searched
                self.part(Readback).searching()
            self._screen_frames(hold=True)  # the key's echo waits a moment for its results: one frame
            self.search(self.request)  # the keys typed during a search (a paste, key repeat) make one search
        else:
            self.part(Readback).waiting()

    def _refresh_offered(self) -> None:
        """Refresh the footer's keys when what :meth:`check_action` offers changed (a refresh
        rebuilds the footer and restyles it: 5 ms a keystroke on 2 cores, more under load). While
        the query box has the focus it offers none of them (and a change of focus refreshes the
        footer): clearing the box and typing a new question rebuilt the footer twice."""
        offered = (
            None
            if isinstance(self._explorer_focus(), QueryInput)
            else (self.answer is not None and bool(self.answer.weights), _knobs_moved(self.request))
        )
        if offered != self._offered:
            self._offered = offered
            self.refresh_bindings()

    def rerun(self) -> None:
        """Ask the current question again (the index or the knobs changed)."""
        self.submit(self.request)

    def search(self, request: Request) -> None:
        """Hand ``request`` to the search thread (started on first use): a thread of its own, so a
        search never waits in a queue behind other work (Textual's thread workers share one pool,
        which indexing and the preview's colouring also use)."""
        if self._search_thread is None:
            self._search_thread = threading.Thread(target=self._search_loop, name="maguyva-search", daemon=True)
            self._search_thread.start()
        self._search_queue.put(request)

    def _search_loop(self) -> None:
        """Answer the newest of the requests handed over, one at a time, each posted back as
        ``SearchDone``; a search a newer request made stale is given up at the engine's next
        checkpoint (between its stages, and inside the structural engine's rounds) and the newest
        starts at once, from this thread (its answer would be dropped: the newest question starts
        sooner, and takes the interpreter sooner; waiting for the app's loop to hand it over cost
        a frame or more under load)."""
        while (request := self._newest(self._search_queue.get())) is not None:
            if request.seq != self.seq:
                continue  # made stale before it started
            try:
                with self.asking():
                    done = SearchDone(request, self.source.ask(request, cancelled=self._stale(request)))
            except SearchCancelled:
                continue  # neither answer nor error: stale, and the app drops stale answers
            except QueryError as exc:
                done = SearchDone(request, None, str(exc))
            except Exception as exc:  # noqa: BLE001 - an engine failure is shown, and the next keystroke tries again
                done = SearchDone(request, None, f"search failed: {type(exc).__name__}: {exc}")
            self.post_message(done)

    def _newest(self, request: Request | None) -> Request | None:
        """The newest request waiting after ``request`` (``None``, the app closing, ends the thread)."""
        while request is not None:
            try:
                request = self._search_queue.get_nowait()
            except queue.Empty:
                return request
        return None

    def _stale(self, request: Request) -> Callable[[], bool]:
        """Tell, from the search thread, whether a newer request than ``request`` was made."""
        return lambda: self.seq != request.seq

    @while_open
    def on_search_done(self, message: SearchDone) -> None:
        if message.request.seq != self.seq:
            return  # stale: a newer question was asked meanwhile
        self._show_error(message.error or "")
        if message.answer is not None:
            self._show_answer(message.answer)
            self.apply_deferred_nudges()
        else:
            self.deferred_nudges.clear()
            if self.answer is None:  # nothing on show: it had said 'searching…' for good under an invalid regex
                self.part(Readback).show(None)
        self._screen_frames(hold=False)
        self.shown_seq = message.request.seq
        self.shown_at = time.perf_counter()

    def _screen_frames(self, hold: bool) -> None:
        """Hold the explorer screen's frames (a search asked) or release them (its answer given)."""
        screen = self.screen_stack[0] if self.screen_stack else None
        if isinstance(screen, ExplorerScreen):
            if hold:
                screen.hold_frames()
            else:
                screen.release_frames()

    def _show_error(self, text: str) -> None:
        """Show the inline error of the last query (empty: hide it); redrawn only when it changes,
        since a label's update lays out the whole screen."""
        if text != self._error_shown:
            self._error_shown = text
            error = self.part("#query-error", Label)
            error.update(text)
            error.set_class(bool(text), "-shown")

    def _show_answer(self, answer: Answer | None) -> None:
        """Show an answer; after a what-if, mark how far each result moved from the un-tweaked ranking."""
        before = self.answer
        same = answer is not None and before is not None and answer.request.same_question(before.request)
        if answer is not None and (not same or not _knobs_moved(answer.request)):
            self.baseline = answer
        moved = moves(self.baseline, answer) if answer is not None and _knobs_moved(answer.request) else {}
        self.answer = answer
        self._refresh_offered()
        if answer is not None and answer.request.weights is None:
            self.profiles[answer.intent] = answer.weights
        profile = self.profiles.get(answer.intent) if answer is not None else None
        self.part(Readback).show(answer, bool(answer and answer.request.weights is not None), profile)
        keep = same and not (answer is not None and before is not None and self._top_unchosen(answer, before))
        self.part(ResultsTable).show(answer, moved, keep=keep)
        self.part(LookupBanner).show(answer_failure(answer.result, answer.request.regex) if answer else None,
                                     self.updating)
        notices = [n for n in answer.notices if not said_by_tiers(n)] if answer else []  # the explain panel has them all
        self.part(StatusLine).notice(" · ".join(notices))
        self._schedule_preview(after_frame=True)

    def _top_unchosen(self, answer: Answer, before: Answer) -> bool:
        """Tell whether the same question, knobs and all, is answered again (an engine joined, a file
        changed) while the cursor rests on the first row with the focus in the query box: nothing
        was chosen, and the new first result is highlighted and shown, not the old first wherever it
        went (a first build's early answer had left its first result highlighted at row 3 of the
        full one, its file in the preview, for a question whose answer begins elsewhere)."""
        return (
            answer.request.with_(seq=0) == before.request.with_(seq=0)
            and self.part(ResultsTable).cursor_row <= 0
            and isinstance(self._explorer_focus(), QueryInput)
        )

    # -- selection, preview, explain ------------------------------------------------------------

    @on(DataTable.RowHighlighted, "#results")
    def _row_highlighted(self) -> None:
        self._schedule_preview()

    @on(DataTable.RowSelected, "#results")
    def _row_selected(self) -> None:
        self.jumped = None  # chosen: the row is shown, even the one highlighted when the go-to was made
        self._update_side()
        self.focus_now(self.part("#explain" if self.explaining else "#preview"))

    def _schedule_preview(self, after_frame: bool = False) -> None:
        """Update the preview once the messages waiting now are handled: usually in the list's own
        frame (waiting for that frame to be drawn first cost a frame of 60 ms and more under load),
        and a burst of moves (key repeat) already queued updates it once. A new answer's preview
        waits for the frame with its list (``after_frame``): drawing a new file took a third of
        that frame, which a keystroke's results waited for."""
        self.heap.busy()
        if not self._preview_due:
            self._preview_due = True
            if after_frame:
                self.call_after_refresh(self._update_side)
            else:
                self.call_later(self._update_side)

    def _update_side(self) -> None:
        self._preview_due = False
        if not self.screen_stack or self._exit:
            return
        table = self.part(ResultsTable)
        row = table.current_row()
        shown = table.answer  # the answer whose rows the table shows: its generation has their lines
        asked, over = self.jumped_over
        if self.jumped is not None and shown is not None and shown.request.same_question(asked) and (
            (row.key if row else None) == over
        ):
            self._jumped_again()  # the same list drawn again: the file gone to stays on show, as now
            return
        self.jumped = None
        preview = self.part(Preview)
        if row is None or shown is None:
            preview.clear_preview()
        else:
            try:
                text = shown.text(row.path)
            except (KeyError, OSError) as exc:
                preview.clear_preview(f"cannot read {row.path}: {exc}")
            else:
                preview.show(
                    row.path,
                    text,
                    row.start_line,
                    row.end_line,
                    row.result.language,
                    row.hits,
                    seek_pattern(shown.sought, shown.request.regex, shown.request.case),
                    gone=not self.source.on_disk(row.path).is_file(),  # a stat, about 10 us
                )
        if self.explaining:
            notice = self.part(StatusLine).whole_notice  # the index's own, or the answer's joined
            notices = list(self.answer.notices) if self.answer is not None else []
            if notice and not set(notice.split(" · ")) <= set(notices):
                notices.append(notice)
            self.part(ExplainPanel).show(self.answer, row, max(table.cursor_row, 0), notices)

    def watch_explaining(self, explaining: bool) -> None:
        self.set_class(explaining, "-explain")
        if explaining and self.is_running:
            if self.jumped is not None and not self._highlight_jumped():
                searched = self.request.text if self.shown_seq != self.seq else ""  # its answer is not listed yet
                self.part(ExplainPanel).absent(self.part(ResultsTable).answer, self.jumped, searched)
                return  # no result holds the place gone to: it stays the place on show (o opens it)
            self.jumped = None  # the explanation is the highlighted result's: its file shows beside it
            self._update_side()

    def _highlight_jumped(self) -> bool:
        """Highlight the result holding the file or symbol gone to, which ``e`` then explains (it
        had explained the row highlighted before the go-to); False when no result holds it."""
        assert self.jumped is not None
        table = self.part(ResultsTable)
        rows = table.answer.rows if table.answer is not None else []
        index = holding(rows, self.jumped.path, self.jumped.line if self.jumped.detail else None)
        if index is None or index >= table.row_count:
            return False
        table.move_cursor(row=index, animate=False)
        return True


def _knobs_moved(request: Request) -> bool:
    """Tell whether a what-if knob (intent override, weights) is set on a request."""
    return request.intent is not None or request.weights is not None
