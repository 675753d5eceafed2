"""A notice longer than the status line says where to read it whole (it had been cut mid-word,
"index format 36 is not 37; …", with nothing to say more was there), and the explain panel shows
it whole even with no result to explain."""

from __future__ import annotations

import pytest

from maguyva_tui.app.widgets.explain import ExplainPanel, nothing
from maguyva_tui.app.widgets.status import MORE, Notice, StatusLine, fit_notice
from tests.app.conftest import SIZE

pytestmark = pytest.mark.anyio

LONG = ("index format 36 is not 37; rebuilding it (the stored tables were written by an older "
        "maguyva: every file is parsed again, the semantic vectors kept by content hash)")


def test_a_notice_is_cut_with_where_to_read_it_whole() -> None:
    assert fit_notice("short", 20) == "short"
    assert fit_notice(LONG, 0) == LONG  # no width known yet
    cut = fit_notice(LONG, 30)
    assert cut == "index format 36 is not" + MORE and len(cut) == 30
    assert fit_notice(LONG, 9) == "e: all"  # too narrow for a word: the hint alone


def test_the_panel_with_nothing_to_explain_lists_the_notices() -> None:
    assert nothing([]).plain == "No result selected."
    assert nothing(["a", "b"]).plain == "No result selected.\n\nnotice    a\nnotice    b"


@pytest.mark.slow
async def test_a_long_notice_ends_with_the_hint_and_e_shows_it_whole(make_app) -> None:
    """And e on an answer of no results says it found none (it said no result was selected)."""
    from tests.app.conftest import ask

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")
        await ask(pilot, "zzq[0-9]+xx")
        assert app.answer is not None and not app.answer.rows
        app.query_one(StatusLine).notice(LONG)
        await pilot.pause()
        notice = app.query_one(Notice)
        drawn = str(notice.render())
        assert drawn.endswith(MORE) and len(drawn) <= notice.content_region.width
        await pilot.press("escape", "e")
        await pilot.pause(0.2)
        plain = app.query_one(ExplainPanel).plain
        assert plain.startswith("No results for 'zzq[0-9]+xx': nothing to explain.")
        assert LONG in plain.replace("\n", " ")  # the answer's notices, else the line's
