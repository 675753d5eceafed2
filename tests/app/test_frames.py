"""What a key or an answer costs the UI thread: nothing is rebuilt or drawn again that shows the same."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.geometry import Region
from textual.widgets._footer import FooterKey

from maguyva_tui.app.widgets.footer import KeysFooter
from maguyva_tui.app.widgets.preview import Preview, _display_lines
from maguyva_tui.terminal import printable, visible
from tests.app.conftest import SIZE, ask, wait_for

pytestmark = pytest.mark.anyio


@pytest.mark.slow
async def test_the_footer_is_rebuilt_only_when_its_keys_change(make_app) -> None:
    """Textual rebuilds the footer on every change of focus and ``refresh_bindings`` (every key
    mounted again, restyled, the screen laid out); the same keys shown keep their widgets."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        app.query_one("#results").focus()
        await pilot.pause(0.2)
        keys = list(app.query(FooterKey))
        assert "Weight" in {key.description for key in keys}
        app.refresh_bindings()  # nothing changed
        await pilot.pause(0.2)
        assert list(app.query(FooterKey)) == keys and all(a is b for a, b in zip(app.query(FooterKey), keys, strict=True))
        app.query_one("#query").focus()  # the what-if keys go: rebuilt
        await pilot.pause(0.2)
        assert "Weight" not in {key.description for key in app.query(FooterKey)}
        assert isinstance(app.query_one(KeysFooter), KeysFooter)


async def test_a_frame_draws_the_preview_lines_a_line_at_a_time_draws(make_app) -> None:
    """The preview notes its scroll, width and style once a frame: the lines of a frame are the lines
    drawn one by one after a scroll sideways and down."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        preview = app.query_one(Preview)
        await wait_for(pilot, lambda: preview.coloured is not None and preview.coloured == preview.shown)
        for x, y in ((0, 0), (3, 2)):  # sideways only where a line is longer than the view
            preview.scroll_to(x=x, y=y, animate=False, force=True)
            await pilot.pause(0.05)
            framed: dict[int, list[object]] = {}

            def spy(line: int, framed: dict[int, list[object]] = framed) -> object:
                strip = Preview.render_line(preview, line)
                framed[line] = list(strip)
                return strip

            preview.render_line = spy  # type: ignore[method-assign]
            preview._styles_cache.clear()
            preview.render_lines(Region(0, 0, *preview.size))  # the frame noted once
            del preview.render_line
            alone = {line: list(preview.render_line(line)) for line in framed}  # each line notes its own
            assert len(framed) > 5 and preview.scroll_offset.y == min(y, preview.max_scroll_y)
            assert framed == alone


def test_a_file_s_lines_are_drawn_with_tabs_expanded_and_controls_shown() -> None:
    for text in ("a\tb\nc", "x\x1by\nz\n", "crlf\r\nlines\r\n", "", "\x0cfeed\n\tx", "a\u2028b", "bidi\u202e!",
                 "plain\nlines\n\n", "nbsp\xa0"):
        lines = [line.removesuffix("\r") for line in text.split("\n")]
        expected = lines[:-1] if lines[-1] == "" else lines  # as rg and an editor number them
        assert _display_lines(text) == [visible(line.expandtabs(4)) for line in expected], repr(text)


def test_a_form_feed_a_lone_cr_or_u2028_ends_no_line_in_the_preview() -> None:
    """helper-115: a form feed (a page break in old sources), a lone CR or U+2028 had ended a line of
    the preview, and every line after was numbered and marked one off the engine's (and rg's)."""
    text = 'def a():\n    pass\n\x0c\ndef ff():\n    return "FF"\nx = "\u2028"\ny = "a\rb"\nz = 1\n'
    lines = _display_lines(text)
    assert len(lines) == 8 and lines[4] == '    return "FF"' and lines[7] == "z = 1"
    assert lines[2] == "␌" and lines[6] == 'y = "a␍b"'
    assert lines[5] == 'x = "\ufffd"'  # U+2028 drawn, never sent: tmux went to the next row at it
    assert printable("\u2028\u2029") == "\\u2028\\u2029"
    assert _display_lines("one\r\ntwo\r\n") == ["one", "two"]


def test_a_tab_after_wide_characters_stops_at_the_column_the_terminal_puts_it_at() -> None:
    """helper-189: ``str.expandtabs`` counts characters: ``x = '日本語テキスト'<tab># wide`` had
    drawn its comment at column 20, where an editor and the terminal put it at 24 (the seven wide
    characters take 14 cells)."""
    lines = _display_lines("\tx = '日本語テキスト'\t# wide\n\tplain\t# ascii\né\u0301\tz\n")
    assert lines[0] == "    x = '日本語テキスト'    # wide" and cell_len(lines[0].partition("#")[0]) == 28
    assert lines[1] == "\tplain\t# ascii".expandtabs(4)
    assert lines[2] == "é\u0301   z"  # a combining accent takes no cell
