"""Textual's terminal driver, made to hand the terminal back at once when the explorer quits.

When it leaves the terminal, Textual's Linux driver waits for its input thread: up to 0.1 s for
the thread's next poll of the keyboard, then 0.1 s more that the thread spends in a last ``select``
on no descriptor. Half the time a quit took on an idle machine went there. On a quit the process
ends right after, so the thread is told to stop and not waited for; it ends at its next poll, or
with the process. Suspending for the editor still waits, so the editor never shares the keyboard.
"""

from __future__ import annotations

import signal
from typing import Any

from textual.driver import Driver


def quick_exit(base: type[Driver]) -> type[Driver]:
    """Return Textual's Linux driver with a quit that does not wait; any other driver as it is."""
    try:
        import termios

        from textual.drivers.linux_driver import LinuxDriver
    except ImportError:  # no termios (Windows): Textual's own driver
        return base
    if base is not LinuxDriver:
        return base

    class QuickExitDriver(LinuxDriver):
        """Textual's Linux driver; an app whose ``quitting`` is true is not waited for on the way out."""

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

    return QuickExitDriver
