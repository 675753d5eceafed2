"""The preview's own keys to a long line's end and back (a minified bundle's 40,000 characters had
taken → held down), and what it says of a file with nothing to show."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region

from maguyva_tui.app.screens.help import rows
from maguyva_tui.app.widgets.preview import BLANK, EMPTY, Preview

pytestmark = pytest.mark.anyio

BUNDLE = ";".join(f"function f{i}(a,b){{return a*{i}+b}}" for i in range(1200)) + ";\n"


class _One(App[None]):
    def compose(self) -> ComposeResult:
        yield Preview(id="preview")


def _drawn(preview: Preview, y: int = 0) -> str:
    preview.render_lines(Region(0, 0, *preview.size))
    return "".join(segment.text for segment in preview.render_line(y))


@pytest.mark.parametrize(("to_end", "to_start"), [("dollar_sign", "circumflex_accent"), ("ctrl+right", "ctrl+left")])
async def test_a_key_goes_to_the_long_lines_end_and_another_back(to_end: str, to_start: str) -> None:
    app = _One()
    async with app.run_test(size=(80, 12)) as pilot:
        preview = app.query_one(Preview)
        preview.focus()
        preview.show("bundle.min.js", "x = 1\n" + BUNDLE, 1, 1, "javascript")
        await pilot.pause()
        await pilot.press(to_end)
        assert preview.scroll_x == preview.max_scroll_x > 40_000
        assert _drawn(preview, 1).rstrip().endswith("return a*1199+b};")
        await pilot.press(to_start)
        assert preview.scroll_x == 0 and "function f0(a,b)" in _drawn(preview, 1)


async def test_the_end_key_goes_to_the_end_of_the_longest_line_in_view() -> None:
    app = _One()
    async with app.run_test(size=(80, 12)) as pilot:
        preview = app.query_one(Preview)
        preview.focus()
        preview.show("two.js", "y = '" + "w" * 300 + "'\n" * 40 + BUNDLE, 1, 1, "javascript")
        await pilot.pause()
        await pilot.press("dollar_sign")
        assert 0 < preview.scroll_x < 300  # the bundle's line is far below the view
        assert _drawn(preview, 0).rstrip().endswith("w'")


def test_the_help_screen_lists_the_keys() -> None:
    listed = dict(rows(Preview.BINDINGS))
    assert "^ / ctrl+←" in listed and "$ / ctrl+→" in listed and "home" in listed and "end" in listed


@pytest.mark.parametrize(("text", "subtitle", "first"), [
    ("", "0 lines", EMPTY),  # a blank box had said only 0 lines
    ("   \n\n\t\n", "3 lines" + BLANK, "1 ▌"),
    ("x = 1\n", "1 line", "1 ▌ x = 1"),  # not 1 lines
])
async def test_an_empty_or_blank_file_says_so(text: str, subtitle: str, first: str) -> None:
    app = _One()
    async with app.run_test(size=(80, 12)) as pilot:
        preview = app.query_one(Preview)
        preview.show("empty.py", text, 1, 1, "python")
        await pilot.pause()
        assert preview.border_subtitle == subtitle
        assert _drawn(preview).strip() == first.strip()


async def test_a_cleared_preview_is_blank_not_an_empty_file() -> None:
    """With no result selected (the explorer's start, a question with no results) the preview had
    said 'empty file (0 bytes)' of no file."""
    app = _One()
    async with app.run_test(size=(80, 12)) as pilot:
        preview = app.query_one(Preview)
        preview.show("empty.py", "", 1, 1, "python")
        preview.clear_preview()
        await pilot.pause()
        assert _drawn(preview).strip() == "" and not preview.border_title
        preview.clear_preview("cannot read a.py: gone")
        await pilot.pause()
        assert _drawn(preview).strip() == "cannot read a.py: gone"
