"""Text from the repository (names, lines, reasons) never reaches the terminal as a command: every
control character is drawn as a visible one, in its place."""

from __future__ import annotations

from maguyva_tui.app.widgets.banner import banner_text
from maguyva_tui.core.types import LookupFailure
from maguyva_tui.terminal import visible, visible_lines

HOSTILE = "a\x1b]52;c;ZWNobyBvd25lZA==\x1b\\b\x9b2J\u202eevil\udcff\x07\r"


def test_every_control_character_is_shown_in_its_place() -> None:
    shown = visible(HOSTILE)
    assert len(shown) == len(HOSTILE)  # offsets into the text (a match, a highlight) stay right
    assert shown.isprintable()
    assert shown.startswith("a␛]52;c;") and "\x1b" not in shown and "\x9b" not in shown
    assert visible("plain é 漢\tx") == "plain é 漢\tx"  # printable text and tabs are left as they are
    assert visible_lines("one\x1b\ntwo") == "one␛\ntwo"


def test_the_lookup_banner_shows_a_hostile_target_without_sending_it() -> None:
    banner = banner_text(LookupFailure(HOSTILE, "symbol", f"no symbol named {HOSTILE}; showing related code"))
    assert "\x1b" not in banner.plain and "\x9b" not in banner.plain and "␛]52" in banner.plain
