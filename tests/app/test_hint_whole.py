"""The status line's hint to the explain panel (``e: all``) is shown whole or not at all: at 30x10
it had been cut to ``e: al``; so is the tiers' figure (at 36 columns it had read ``trans``)."""

from __future__ import annotations

import pytest

from maguyva_tui.app.widgets.status import MORE, StatusLine, StatusText, fit_notice

HINT = MORE.removeprefix("… ")


def test_a_notice_too_long_for_its_room_ends_with_the_whole_hint_or_shows_nothing() -> None:
    notice = "no symbol named frobnicate_widget; showing related code"
    for width in range(1, len(notice)):
        fitted = fit_notice(notice, width)
        assert len(fitted) <= width, (width, fitted)
        assert fitted == "" or fitted.endswith(HINT), (width, fitted)
        assert fitted != "" or width < len(HINT), width


@pytest.mark.slow
@pytest.mark.anyio
async def test_at_30_columns_the_status_line_never_shows_a_hint_cut(make_app) -> None:
    from tests.app.conftest import ask

    app = make_app()
    async with app.run_test(size=(30, 10)) as pilot:
        await ask(pilot, "frobnicate_widget")
        await pilot.pause()
        status = app.query_one(StatusLine)
        assert app.answer.notices and status.whole_notice
        shown = str(status.query_one(StatusText).render()).rstrip()
        notice = status.drawn().notice
        assert notice == "" or notice.endswith(HINT), notice
        assert not any(shown.endswith(HINT[:n]) for n in range(2, len(HINT))), shown


def test_the_tiers_figure_is_shown_whole_or_not_at_all() -> None:
    status = StatusLine()
    status._index_text, status._static, status._model = "636 files", 1.0, 0.42
    assert status.drawn(26).tiers == "transformer 42%"  # 636 files  transformer 42%
    for room in range(10, 26):
        drawn = status.drawn(room)
        assert drawn.tiers == "" and drawn.state == "636 files", (room, drawn)
