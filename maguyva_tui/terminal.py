"""Text for a person's terminal: control characters shown as escapes, never obeyed.

File names, symbols and snippets come from the repository; printed raw, an escape sequence in a
file name would clear the screen or recolour it, a bidirectional override would reorder what is
read, and a name that is not UTF-8 (a lone surrogate here) would fail to print at all.
"""

from __future__ import annotations

import argparse
import re
from typing import NoReturn

UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
"""C0 and C1 controls (escape, carriage return, newline...), bidirectional marks and overrides, and
lone surrogates (the bytes of a file name that is not UTF-8)."""


def printable(text: str) -> str:
    """Return one line of text with every control character written as a Python escape (``\\x1b``)."""
    return UNPRINTABLE.sub(_escape, text)


def printable_lines(text: str) -> str:
    """Return text of several lines with the control characters of each escaped, its newlines kept."""
    return "\n".join(printable(line) for line in text.split("\n"))


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser, whose error line shows control characters escaped: it quotes most values
    with ``repr`` but lists unrecognized arguments as they are (``maguyva search x "$NAME"``, a
    file name of escape sequences, rewrote the terminal). Its subparsers are of this class too."""

    def error(self, message: str) -> NoReturn:
        super().error(printable(message))
