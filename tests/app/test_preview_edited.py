"""The preview after an edit on disk that keeps the highlighted row's place: the watcher's refresh
brings the file's new text at the same path and lines, and the preview had kept drawing the old
(a function renamed at ``src/util.js:30`` still read by its old name beside the list's new one);
and after a resize that would hide the place on show (a place near a file's end, then a shorter
terminal)."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region

from maguyva_tui.app.widgets.preview import Preview

pytestmark = pytest.mark.anyio

BEFORE = "const slice = [].slice;\n\nexport function zebraStripe(rows) {\n\treturn rows;\n}\n"
AFTER = BEFORE.replace("zebraStripe(", "zebraStripes(")


class _One(App[None]):
    def compose(self) -> ComposeResult:
        yield Preview(id="preview")


def _drawn(preview: Preview) -> str:
    preview.render_lines(Region(0, 0, *preview.size))
    return "\n".join("".join(s.text for s in preview.render_line(y)) for y in range(preview.size.height))


async def test_the_same_place_in_an_edited_file_shows_the_new_text() -> None:
    app = _One()
    async with app.run_test(size=(80, 12)) as pilot:
        preview = app.query_one(Preview)
        preview.show("src/util.js", BEFORE, 3, 5, "javascript", (3,))
        await pilot.pause()
        assert "zebraStripe(rows)" in _drawn(preview)
        preview.show("src/util.js", AFTER, 3, 5, "javascript", (3,))
        await pilot.pause()
        assert "zebraStripes(rows)" in _drawn(preview)
        assert "zebraStripe(rows)" not in _drawn(preview)


async def test_the_same_place_in_the_same_text_keeps_the_users_scroll() -> None:
    app = _One()
    async with app.run_test(size=(80, 12)) as pilot:
        preview = app.query_one(Preview)
        text = "".join(f"x{i} = {i};\n" for i in range(200))
        preview.show("long.js", text, 100, 100, "javascript")
        await pilot.pause()
        preview.scroll_to(y=150, animate=False, force=True)
        await pilot.pause()
        preview.show("long.js", "".join(f"x{i} = {i};\n" for i in range(200)), 100, 100, "javascript")  # equal, not `is`
        await pilot.pause()
        assert preview.scroll_y == 150


FILE_END = "".join(f"x{i} = {i};\n" for i in range(1, 33))  # 32 lines, the result at 30-32


def _first_drawn_line(preview: Preview) -> int:
    return round(preview.scroll_y) + 1


@pytest.mark.parametrize("steps", [[(80, 10)], pytest.param([(80, 40), (80, 10)], marks=pytest.mark.slow)])
async def test_a_place_near_the_files_end_stays_in_view_when_the_terminal_shrinks(steps: list[tuple[int, int]]) -> None:
    app = _One()
    async with app.run_test(size=(80, 20)) as pilot:
        preview = app.query_one(Preview)
        preview.show("src/util.js", FILE_END, 30, 32, "javascript", (30,))
        await pilot.pause()
        assert "x30 = 30;" in _drawn(preview)
        for size in steps:
            await pilot.resize_terminal(*size)
            await pilot.pause()
        assert "x30 = 30;" in _drawn(preview), _first_drawn_line(preview)


async def test_a_place_scrolled_away_from_stays_away_when_the_terminal_shrinks() -> None:
    app = _One()
    async with app.run_test(size=(80, 20)) as pilot:
        preview = app.query_one(Preview)
        preview.show("src/util.js", FILE_END, 30, 32, "javascript", (30,))
        await pilot.pause()
        preview.scroll_to(y=0, animate=False, force=True)  # the user went to the top
        await pilot.resize_terminal(80, 10)
        await pilot.pause()
        assert preview.scroll_y == 0
