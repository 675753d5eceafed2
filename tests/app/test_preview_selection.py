"""A mouse drag in the preview selects code, as in any Textual text: the selected code is drawn in
the selection style and ctrl+c copies it, without the line numbers and match marks beside it."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from maguyva_tui.app.widgets.preview import Preview
from tests.app.conftest import wait_for

pytestmark = pytest.mark.anyio

CODE = "\n".join(f"def handler_{i}(request):\n    return respond(request, {i})\n" for i in range(40))


class _One(App[None]):
    def compose(self) -> ComposeResult:
        yield Preview(id="preview")


async def _drag(pilot, preview: Preview, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at ``start``, move to ``end`` and release there (cells of the preview's content)."""
    left, top = preview.content_region.x - preview.region.x, preview.content_region.y - preview.region.y
    await pilot.mouse_down(preview, offset=(left + start[0], top + start[1]))
    await pilot.hover(preview, offset=(left + (start[0] + end[0]) // 2, top + end[1]))
    await pilot.hover(preview, offset=(left + end[0], top + end[1]))
    await pilot.mouse_up(preview, offset=(left + end[0], top + end[1]))
    await pilot.pause()


async def test_a_drag_over_the_code_selects_that_code_and_not_the_gutter() -> None:
    app = _One()
    async with app.run_test(size=(80, 24)) as pilot:
        preview = app.query_one(Preview)
        preview.show("handlers.py", CODE, 1, 2, "python", hits=(1,))
        await wait_for(pilot, lambda: preview.coloured == preview.shown)
        prefix = preview._gutter + 3  # "NN " + mark + " "
        before = _backgrounds(preview, 0)
        # from "handler_0" on the first line to the end of "return" on the second
        await _drag(pilot, preview, (prefix + 4, 0), (prefix + 9, 1))
        assert app.screen.get_selected_text() == "handler_0(request):\n    return"
        # the selected characters are drawn in another background, the rest of the line (its
        # number and mark included) as before
        after = _backgrounds(preview, 0)
        assert [c for (c, was), (_, now) in zip(before, after, strict=True) if was != now] == list("handler_0(request):")


def _backgrounds(preview: Preview, y: int) -> list[tuple[str, object]]:
    """Each character of line ``y`` as drawn, with its background."""
    return [(c, s.style.bgcolor if s.style else None) for s in preview.render_line(y) for c in s.text]


async def test_a_drag_from_the_line_numbers_starts_at_the_line_start() -> None:
    app = _One()
    async with app.run_test(size=(80, 24)) as pilot:
        preview = app.query_one(Preview)
        preview.show("handlers.py", CODE, 1, 2, "python")
        await wait_for(pilot, lambda: preview.coloured == preview.shown)
        prefix = preview._gutter + 3
        await _drag(pilot, preview, (0, 3), (prefix + 2, 4))
        assert app.screen.get_selected_text() == "def handler_1(request):\n   "


async def test_a_selection_is_not_offered_over_a_message() -> None:
    app = _One()
    async with app.run_test(size=(80, 24)) as pilot:
        preview = app.query_one(Preview)
        preview.clear_preview("no result selected")
        await pilot.pause()
        await _drag(pilot, preview, (0, 0), (10, 0))
        assert not app.screen.get_selected_text()
