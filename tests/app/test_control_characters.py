"""Text from the repository (names, lines, reasons) never reaches the terminal as a command: every
control character is drawn as a visible one, in its place."""

from __future__ import annotations

from pathlib import Path

import pytest

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


ESCAPES = "\x1b]52;c;ZWNobyBvd25lZA==\x07\x1b[2J"


@pytest.mark.slow
@pytest.mark.anyio
async def test_a_file_of_escapes_is_listed_previewed_and_explained_without_sending_them(make_app, tmp_path: Path) -> None:
    from textual.geometry import Region

    from maguyva_tui.app.widgets.explain import ExplainPanel
    from maguyva_tui.app.widgets.preview import Preview
    from maguyva_tui.app.widgets.results import ResultsTable
    from tests.app.conftest import SIZE, ask

    repo = tmp_path / f"repo{ESCAPES}"  # the folder's name is shown in the status line
    repo.mkdir()
    (repo / f"clip{ESCAPES}.py").write_text(f'def clipboard_setter():\n    return "{ESCAPES}"\n', encoding="utf-8")
    app = make_app(root=repo)
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "clipboard_setter")
        assert app.answer is not None and app.answer.rows and "\x1b" in app.answer.rows[0].path
        await pilot.pause(0.3)
        drawn: list[str] = []
        for widget in (app.query_one(ResultsTable), app.query_one(Preview)):
            widget.render_lines(Region(0, 0, *widget.size))
            drawn += ["".join(segment.text for segment in widget.render_line(y)) for y in range(widget.size.height)]
        preview = app.query_one(Preview)
        drawn.append(str(preview.border_title))
        await pilot.press("escape", "e")
        await pilot.pause(0.2)
        drawn.append(app.query_one(ExplainPanel).plain)
        drawn += [str(part.render()) for part in app.query("StatusLine Label, StatusText")]
        screen = "\n".join(drawn)
        assert "clipboard_setter" in screen and "␛]52;c;" in screen  # the name and the line are there, shown
        assert "◆ repo␛]52" in screen
        assert "\x1b" not in screen and "\x07" not in screen


def test_a_notification_naming_a_file_of_escapes_shows_them(make_app, monkeypatch: pytest.MonkeyPatch) -> None:
    from textual.app import App

    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(App, "notify", lambda self, message, *, title="", **_: shown.append((message, title)))
    app = make_app()
    app.notify(f"cannot read clip{ESCAPES}.py: gone\nsecond line", title=f"x{ESCAPES}")
    (message, title), = shown
    assert message == f"cannot read clip{visible(ESCAPES)}.py: gone\nsecond line" and title == f"x{visible(ESCAPES)}"
    assert "\x1b" not in message + title
