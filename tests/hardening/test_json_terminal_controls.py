"""JSON answers printed to a terminal: a C1 control (U+009B, the one-byte CSI; U+0085, next line),
DEL, a bidirectional override or a line separator in a file's name or line goes out as a ``\\uXXXX``
escape, which every parser reads back as the same character. JSON's own rules escape only the C0
controls: the rest had gone out raw, and xterm obeys a C1 control written in UTF-8."""

from __future__ import annotations

import json

import pytest

from maguyva_tui.cli import _emit
from maguyva_tui.mcp.server import _answered

HOSTILE = "src/c1\u009b2J\u0085\u202eyp.py\u2028\u2066\u200f\x7f"


def test_a_c1_control_or_bidi_override_in_a_name_is_printed_escaped_and_reads_back(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _emit({"results": [{"path": HOSTILE, "snippet": "x = '\u009b2J'"}], "note": "é stays é"})
    out = capsys.readouterr().out
    assert not any(ch in out for ch in "\u009b\u0085\u202e\u2028\u2066\u200f\x7f")
    assert "\\u009b2J" in out and "é stays é" in out
    assert json.loads(out)["results"][0]["path"] == HOSTILE


def test_a_name_that_is_not_utf8_keeps_its_bytes_beside_it_and_is_escaped_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _emit({"path": "a\u009b\udcff.py"})
    printed = capsys.readouterr().out
    assert "\u009b" not in printed
    out = json.loads(printed)
    assert out == {"path": "a\u009b\\xff.py", "path_bytes": "YcKb/y5weQ=="}


def test_an_mcp_tool_answers_text_escapes_them_too_and_reads_back_as_its_structured_content() -> None:
    result = _answered(lambda: {"definitions": [{"path": HOSTILE}]})
    text = result.content[0].text
    assert not any(ch in text for ch in "\u009b\u0085\u202e\u2028\u2066\u200f\x7f")
    assert json.loads(text) == result.structured_content == {"definitions": [{"path": HOSTILE}]}


def test_a_zero_width_character_in_a_name_is_escaped_as_the_plain_output_escapes_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A zero-width space, word joiner or byte order mark draws nothing: ``src/evil\\u200b.py`` read
    as ``src/evil.py`` in ``search --json`` (and a --batch line's echoed query), where the plain
    output (``terminal.printable``) shows each as an escape."""
    from maguyva_tui.terminal import printable

    name = "src/Admin\u200bUser\u2060\u2062\ufeff.py"
    _emit({"results": [{"path": name}], "query": "\u200b"})
    out = capsys.readouterr().out
    assert not any(ch in out for ch in "\u200b\u2060\u2062\ufeff")
    assert "Admin\\u200bUser" in out and printable(name) == "src/Admin\\u200bUser\\u2060\\u2062\\ufeff.py"
    assert json.loads(out) == {"results": [{"path": name}], "query": "\u200b"}


def test_json_escapes_every_character_the_plain_output_escapes_but_those_json_escapes_itself() -> None:
    from maguyva_tui.json_out import TERMINAL_CONTROL
    from maguyva_tui.terminal import CONTROLS

    shown = [chr(c) for a, b in CONTROLS for c in range(a, b + 1) if c >= 0x20 and not 0xD800 <= c <= 0xDFFF]
    assert [ch for ch in shown if not TERMINAL_CONTROL.fullmatch(ch)] == []


def test_tag_characters_hiding_text_in_a_name_are_shown_in_both_outputs(capsys: pytest.CaptureFixture[str]) -> None:
    """Tag characters (U+E0000 to U+E007F) spell ASCII that draws nothing: ``readme.md`` followed by
    ``run rm`` in tags read ``readme.md`` in both outputs. Past U+FFFF, the JSON writes a surrogate
    pair, and the plain output Python's eight-digit escape."""
    from maguyva_tui.terminal import printable, visible

    hidden = "".join(chr(0xE0000 + ord(c)) for c in "run rm")
    name = f"readme{hidden}\u180e.md"
    assert printable(name) == "readme\\U000e0072\\U000e0075\\U000e006e\\U000e0020\\U000e0072\\U000e006d\\u180e.md"
    assert printable(name).encode("ascii").decode("unicode_escape") == name
    assert visible(name) == "readme" + "\ufffd" * 7 + ".md"
    _emit({"path": name})
    out = capsys.readouterr().out
    assert out.isascii() and "\\udb40\\udc72" in out
    assert json.loads(out) == {"path": name}


@pytest.mark.parametrize("blank", ["\u00ad", "\u115f", "\u1160", "\u3164", "\uffa0", "\u034f", "\ufff9"])
def test_a_soft_hyphen_or_hangul_filler_in_a_name_is_shown_in_both_outputs_and_the_explorer(
        capsys: pytest.CaptureFixture[str], blank: str) -> None:
    """A soft hyphen draws nothing inside a line, and a Hangul filler is a letter to Unicode that is
    blank to the eye (``str.isprintable`` passes it): ``ev\\u3164il.py`` had been printed as
    ``ev il.py``, in the plain output, the JSON and the explorer alike, where a zero-width space in
    its place is an escape."""
    from maguyva_tui.app.widgets.results import part
    from maguyva_tui.terminal import printable, visible

    name = f"src/ev{blank}il.py"
    escape = f"\\x{ord(blank):02x}" if ord(blank) < 0x100 else f"\\u{ord(blank):04x}"
    assert printable(name) == f"src/ev{escape}il.py"
    assert visible(name) == "src/ev\ufffdil.py" == part(name)[0]
    _emit({"results": [{"path": name, "snippet": f"x = 'a{blank}b'"}]})
    out = capsys.readouterr().out
    assert blank not in out and f"src/ev\\u{ord(blank):04x}il.py" in out
    assert json.loads(out)["results"][0]["path"] == name
