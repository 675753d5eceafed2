"""Textual's terminal driver, made to hand the terminal back at once when the explorer quits, and to
keep a paste whole.

When it leaves the terminal, Textual's Linux driver waits for its input thread: up to 0.1 s for
the thread's next poll of the keyboard, then 0.1 s more that the thread spends in a last ``select``
on no descriptor. Half the time a quit took on an idle machine went there. On a quit the process
ends right after, so the thread is told to stop and not waited for; it ends at its next poll, or
with the process. Suspending for the editor still waits, so the editor never shares the keyboard.

Textual's input parser (8.2.8) reads an escape character inside a bracketed paste as the start of a
key's sequence, outside the paste: a line copied from a terminal (``fn {`` then ``\\x1b[31m``, a tab
and ``red``) reached the query box as the keys ``^ [ 3 1 m``, a tab (which moved the focus to the
results, so what was typed next ran as commands) and ``red``, and only then the paste ``fn {``. The
driver's reader keeps each paste whole (:class:`WholePastes`).

Esc and a key in one read (a script's ``tmux send-keys Escape j``, a fast typist, a slow link) are
one ``alt+`` key to Textual, which the query box typed as the letter: the explorer binds no alt key,
so the parser hands them on as the escape key and then that key (as vim reads Esc j).
"""

from __future__ import annotations

import signal
from collections.abc import Iterable
from typing import Any

from textual import events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.message import Message

ESC = "\x1b"
PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"
_STRING_INTROS = frozenset("]P_^X")  # OSC, DCS, APC, PM, SOS: a text up to BEL or ESC \


class WholePastes:
    """Take the escape sequences out of each bracketed paste in a stream of terminal input, keeping
    the paste's end, so that a parser reads the paste as one text; input outside a paste is left as it is.

    A paste's escape sequences are dropped whole (``\\x1b[31mred`` is pasted as ``red``): a text
    copied from a terminal holds them for its colours and cursor moves, which its reader saw as
    such, not as characters, and a query or a name to go to has no use for them (drawn visibly
    they were ``␛[31m`` to delete by hand). A lone ESC, or one that starts no sequence, goes too.
    The input may be cut anywhere between reads: a sequence cut off is held until the next one.
    """

    def __init__(self) -> None:
        self.pasting = False
        self._start_seen = 0  # outside a paste: how many characters of PASTE_START the input ended with
        self._held = ""  # in a paste: the escape sequence read so far, while it may be PASTE_END
        self._mode = ""  # in a paste, after an ESC: "esc", "csi", "string", "nf" or "ss3" ("" in text)

    def feed(self, data: str) -> str:
        """Return the input to hand the parser for ``data``, the next text read from the terminal."""
        if not self.pasting and not self._start_seen and ESC not in data:
            return data
        out: list[str] = []
        for character in data:
            if self.pasting:
                self._in_paste(character, out)
            else:
                out.append(character)
                if character == PASTE_START[self._start_seen]:
                    self._start_seen += 1
                else:
                    self._start_seen = 1 if character == ESC else 0
                if self._start_seen == len(PASTE_START):
                    self.pasting, self._start_seen = True, 0
        return "".join(out)

    def _in_paste(self, character: str, out: list[str]) -> None:
        mode = self._mode
        if not mode:
            if character == ESC:
                self._mode, self._held = "esc", ESC
            else:
                out.append(character)
            return
        code = ord(character)
        if mode == "esc":
            held = self._held + character
            if PASTE_END.startswith(held):
                if held == PASTE_END:
                    out.append(PASTE_END)
                    self.pasting, self._mode, self._held = False, "", ""
                else:
                    self._held = held
                return
            self._held = ""
            if len(held) > 2:  # a CSI that is not the paste's end, at its first differing character
                mode = self._mode = "csi"
            elif character in _STRING_INTROS:
                self._mode = "string"
                return
            elif character in "NO":  # a single shift: one more character
                self._mode = "ss3"
                return
            elif 0x20 <= code <= 0x2F:  # an nF escape (ESC ( B): intermediates, then a final
                self._mode = "nf"
                return
            elif 0x30 <= code <= 0x7E:  # ESC and one character (ESC 7, ESC b, ESC \)
                self._mode = ""
                return
            else:  # another ESC, a control or a non-ASCII character: the ESC began nothing
                self._mode = ""
                self._in_paste(character, out)
                return
        if mode == "csi":
            if 0x20 <= code <= 0x3F:  # parameters and intermediates
                return
            self._mode = ""
            if not 0x40 <= code <= 0x7E:  # not its final character: the sequence is cut short there
                self._in_paste(character, out)
        elif mode == "nf":
            if 0x20 <= code <= 0x2F:
                return
            self._mode = ""
            if not 0x30 <= code <= 0x7E:
                self._in_paste(character, out)
        elif mode == "ss3":
            self._mode = ""
            if not 0x40 <= code <= 0x7E:
                self._in_paste(character, out)
        elif mode == "string":  # up to BEL, or an ESC (ST is ESC \); a line end ends it too
            if code >= 0x20 and code != 0x7F:
                return
            self._mode = ""
            if character != "\x07":
                self._in_paste(character, out)


class WholePasteParser(XTermParser):
    """Textual's input parser, fed through :class:`WholePastes`; Esc and a key are two keys."""

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self.pastes = WholePastes()

    def feed(self, data: str) -> Iterable[Message]:
        if not data:  # the end of the input
            return super().feed(data)
        kept = self.pastes.feed(data)
        return super().feed(kept) if kept else ()  # all of it held: an empty feed would end the input

    def _sequence_to_key_events(self, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        """An escape before a key no sequence starts with: the escape key, then the key (Textual's
        ``alt+j``, and ``/`` alone, its escape dropped, for a key with a long name)."""
        if alt:
            yield events.Key("escape", ESC)
        yield from super()._sequence_to_key_events(sequence)


def quick_exit(base: type[Driver]) -> type[Driver]:
    """Return Textual's Linux driver with a quit that does not wait and pastes kept whole; any other
    driver as it is."""
    try:
        import termios

        from textual.drivers.linux_driver import LinuxDriver
    except ImportError:  # no termios (Windows): Textual's own driver
        return base
    if base is not LinuxDriver:
        return base

    class QuickExitDriver(LinuxDriver):
        """Textual's Linux driver; an app whose ``quitting`` is true is not waited for on the way out,
        and a paste reaches the app whole."""

        def disable_input(self) -> None:
            app: Any = self._app
            if not getattr(app, "quitting", False) or self.exit_event.is_set():
                super().disable_input()
                return
            try:  # as Textual does, less the wait: a terminal gone away never stops an exit
                signal.signal(signal.SIGWINCH, signal.SIG_DFL)
                self._disable_mouse_support()
                self.exit_event.set()  # kept set: the thread ends at its next poll
                termios.tcflush(self.fileno, termios.TCIFLUSH)
            except Exception:  # noqa: BLE001, S110 - the same guard as Textual's own disable_input
                pass

        def run_input_thread(self) -> None:
            """Textual's reading loop, with its parser fed through :class:`WholePastes`: the loop
            builds its parser from its module's name ``XTermParser``, which is pointed at
            :class:`WholePasteParser` (the same parser outside a paste) rather than the loop copied."""
            from textual.drivers import linux_driver

            linux_driver.XTermParser = WholePasteParser  # type: ignore[attr-defined]
            super().run_input_thread()

    return QuickExitDriver
