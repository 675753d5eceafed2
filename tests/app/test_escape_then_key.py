"""Esc then a key, sent together (a script's ``tmux send-keys Escape j``, a fast typist, a slow link),
is the escape key and then that key: the explorer binds no alt key, so ``ESC j`` in one read had
been Textual's ``alt+j``, which the query box typed as ``j`` (``who calls callAdapter`` became
``who calls callAdapterj``) where the results should have been focused and moved down one row."""

from __future__ import annotations

import pytest
from textual import events

from tests.app.test_paste_escapes import read_by_the_driver


def keys(*chunks: str) -> list[str]:
    return [message.key for message in read_by_the_driver(*chunks) if isinstance(message, events.Key)]


def test_escape_then_a_letter_in_one_read_is_two_keys() -> None:
    assert keys("\x1bj", "z") == ["escape", "j", "z"]


@pytest.mark.parametrize(("sent", "read"), [("\x1b/", "slash"), ("\x1bJ", "J"), ("\x1b\x10", "ctrl+p")])
def test_escape_then_a_command_key_in_one_read_is_two_keys(sent: str, read: str) -> None:
    assert keys(sent, "z") == ["escape", read, "z"]  # "/" had been read alone, its escape dropped


def test_a_key_sequence_and_a_lone_escape_are_read_as_before() -> None:
    assert keys("\x1b[A\x1bOB", "\x1b", "z") == ["up", "down", "escape", "z"]
