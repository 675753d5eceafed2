"""A paste that holds escape characters (a line copied from a terminal, colours and all) reaches the
query box whole and in order, and leaves the focus there. Textual's parser had read an ESC inside a
bracketed paste as a key's sequence, outside the paste: ``function _curry2(fn) {`` then BEL,
``\\x1b[31m``, a tab and ``red`` showed as ``^[31mredfunction _curry2(fn) {`` (the text after the
escape first), and the tab arrived as a key that moved the focus to the results, so the next keys
typed ran as commands. The bytes go through the explorer's real driver, reading a pipe."""

from __future__ import annotations

import os
import threading
import time

import pytest
from textual import events
from textual.message import Message

PASTED = "function _curry2(fn) {\r  return function f2(a, b) {\x07\x1b[31m\tred\x1b[0m"
"""What tmux's ``paste-buffer -p`` sends for helper-296's text (its line end as a CR)."""
KEPT = "function _curry2(fn) {\r  return function f2(a, b) {\x07\tred"
"""The paste as the app gets it: the colour sequences taken out, all else in order."""


def read_by_the_driver(*chunks: str) -> list[Message]:
    """What the explorer's Linux driver makes of ``chunks``, each one read of the terminal."""
    from textual.drivers.linux_driver import LinuxDriver

    from maguyva_tui.app.driver import quick_exit

    driver_class = quick_exit(LinuxDriver)
    driver = driver_class.__new__(driver_class)
    read_end, write_end = os.pipe()
    messages: list[Message] = []
    driver.fileno, driver.exit_event, driver._debug = read_end, threading.Event(), False
    driver.process_message = messages.append  # type: ignore[method-assign]

    def read() -> None:
        try:
            driver.run_input_thread()
        finally:  # closed once read (the loop takes 0.1 s to 0.2 s to see its stop: not waited for)
            os.close(write_end)
            os.close(read_end)

    threading.Thread(target=read, daemon=True).start()
    try:
        for chunk in chunks:
            os.write(write_end, chunk.encode())
            time.sleep(0.01)  # a read each
        deadline = time.monotonic() + 2
        while not any(isinstance(message, events.Key) and message.key == "z" for message in messages):
            assert time.monotonic() < deadline, f"the driver read {messages}"
            time.sleep(0.005)
    finally:
        driver.exit_event.set()
    return messages


def test_a_paste_with_escapes_is_read_whole_and_in_order() -> None:
    messages = read_by_the_driver("\x1b[200~", PASTED[:30], PASTED[30:] + "\x1b[20", "1~", "\x1b[Az")
    assert [type(message).__name__ for message in messages] == ["Paste", "Key", "Key"]
    assert messages[0].text == KEPT  # type: ignore[attr-defined]
    assert [message.key for message in messages[1:]] == ["up", "z"]  # type: ignore[attr-defined]


def test_a_paste_cut_anywhere_between_reads_loses_nothing_but_its_escape_sequences() -> None:
    from maguyva_tui.app.driver import WholePastes

    hostile = "a\x1b]52;c;ZWNobw==\x07b\x1b]8;;http://x\x1b\\c\x1b(Bd\x1bOAe\x1b\x1b[0mf\x1b[1;2Hg\x1bé\x1b[200~h\x1b\n"
    stream = f"x\x1b[200~{hostile}\x1b[201~\x1b[B\x1b"
    expected = "x\x1b[200~abcdefgéh\n\x1b[201~\x1b[B\x1b"  # outside the paste: as it was (a key, the escape key)
    for cut in range(len(stream) + 1):
        pastes = WholePastes()
        assert pastes.feed(stream[:cut]) + pastes.feed(stream[cut:]) == expected, cut
        assert not pastes.pasting
    assert WholePastes().feed("plain \x1b[A keys") == "plain \x1b[A keys"


@pytest.mark.slow  # an app test: over 2 s on 2 cores, run by .ci/run's slow pass
@pytest.mark.anyio
async def test_the_query_box_shows_the_whole_paste_and_keeps_the_focus(make_app) -> None:
    from maguyva_tui.app.widgets.query import QueryInput, shown
    from tests.app.conftest import SIZE, ready, wait_for

    messages = read_by_the_driver("\x1b[200~" + PASTED + "\x1b[201~", "ez")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        box = app.part("#query", QueryInput)
        box.focus()
        for message in messages:
            app._driver.process_message(message)  # as the Linux driver hands them on
        await wait_for(pilot, lambda: box.value.endswith("ez"), timeout=10)
        assert box.value == shown(KEPT) + "ez" and box.value.startswith("function _curry2(fn) {")
        assert app.focused is box and not app.explaining
