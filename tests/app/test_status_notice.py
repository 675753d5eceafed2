"""A notice longer than the status line says where to read it whole (it had been cut mid-word,
"index format 36 is not 37; …", with nothing to say more was there), and the explain panel shows
it whole even with no result to explain."""

from __future__ import annotations

import pytest

from maguyva_tui.app.widgets.explain import ExplainPanel, nothing
from maguyva_tui.app.widgets.status import MORE, StatusLine, StatusText, fit_notice
from tests.app.conftest import SIZE, wait_for

pytestmark = pytest.mark.anyio

LONG = ("index format 36 is not 37; rebuilding it (the stored tables were written by an older "
        "maguyva: every file is parsed again, the semantic vectors kept by content hash)")


def test_a_notice_is_cut_with_where_to_read_it_whole() -> None:
    assert fit_notice("short", 20) == "short"
    assert fit_notice(LONG, 0) == LONG  # no width known yet
    cut = fit_notice(LONG, 30)
    assert cut == "index format 36 is not" + MORE and len(cut) == 30
    assert fit_notice(LONG, 9) == "e: all"  # too narrow for a word: the hint alone
    still = "still indexing: the graph and semantic engines are not ready yet"
    assert fit_notice(still, 36) == "still indexing: the graph" + MORE  # it had read '…graph an… e: all'
    assert fit_notice("a" * 40, 20) == "a" * 12 + MORE  # one long word: cut inside it


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
        status = app.query_one(StatusLine)
        status.notice(LONG)
        await pilot.pause()
        line = str(status.query_one(StatusText).render())
        assert status.drawn().notice.endswith(MORE) and line.endswith(MORE)
        await pilot.press("escape", "e")
        await pilot.pause(0.2)
        plain = app.query_one(ExplainPanel).plain
        assert plain.startswith("No results for 'zzq[0-9]+xx': nothing to explain.")
        assert LONG in plain.replace("\n", " ")  # the answer's notices, else the line's


def test_a_narrow_line_shortens_the_figures_before_the_notice() -> None:
    """At 80 columns the notice had been cut away whole while the model tier filled in."""
    from maguyva_tui.app.widgets.status import fit_parts, index_forms, tier_forms

    index, tiers = index_forms("186 files · 2,648 symbols · 2,852 chunks"), tier_forms(1.0, 0.03)
    assert index == ("186 files · 2,648 symbols · 2,852 chunks", "186 files")
    assert tiers == ("semantic: static 100% · transformer 3%", "semantic: transformer 3%", "transformer 3%")
    notice = "no symbol named frobnicate_widget; showing related code"
    assert fit_parts(0, notice, index, tiers) == (index[0], tiers[0], 0)  # not laid out yet
    assert fit_parts(200, notice, index, tiers) == (index[0], tiers[0], 0)
    assert fit_parts(66, notice, index, tiers) == ("186 files", "semantic: transformer 3%", 0)
    assert fit_parts(60, notice, index, tiers) == ("186 files", "transformer 3%", 0)
    assert fit_parts(60, "", index, tiers) == ("186 files", tiers[0], 0)  # never a figure cut mid-number
    assert index_forms("indexing: words") == ("indexing: words",)
    assert tier_forms(1.0, 1.0) == ("",)


def test_a_first_builds_state_and_its_bar_narrow_before_the_notice() -> None:
    """At 80 columns (60 cells beside the repository's name) a first build's state and its bar had
    taken 88 cells; they narrow until the notice has room, the percentage always shown."""
    from maguyva_tui.app.widgets.status import BAR_FORMS, build_forms, fit_parts

    index = build_forms("indexing", "graph", ("text", "structural"))
    assert index[1] == "searchable · 4/5: call graph"
    assert fit_parts(60, "", index, ("",), BAR_FORMS) == (index[1], "", 12)
    assert fit_parts(60, "", index, ("semantic: static 30%", "static 30%"), BAR_FORMS) == (index[1], "static 30%", 12)
    assert fit_parts(60, "no symbol named x", index, ("",), BAR_FORMS) == (index[1], "", 0)
    assert fit_parts(60, "no symbol named frobnicate_widget", index, ("",), BAR_FORMS) == (index[1], "", 0)
    assert fit_parts(200, "a notice", index, ("",), BAR_FORMS) == (index[0], "", 32)


@pytest.mark.slow
async def test_at_80_columns_the_notice_and_the_result_count_show_while_the_model_fills(make_app) -> None:
    from textual.widgets import Static

    from tests.app.conftest import ask

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ask(pilot, "frobnicate_widget")
        status = app.query_one(StatusLine)
        status.embedding(3, 100)  # the model tier filling in
        await pilot.pause()
        assert any(n.startswith("no symbol named frobnicate_widget") for n in app.answer.notices)
        drawn = status.drawn()
        assert drawn.notice.startswith("no symbol named") and drawn.notice.endswith(MORE), drawn
        assert drawn.tiers.endswith("transformer 3%")
        assert str(status.query_one(StatusText).render()).endswith(drawn.notice)
        question = str(app.query_one("#question", Static).render())
        assert f"{len(app.answer.rows)} results" in question, question


@pytest.mark.slow  # an app on 2 shared cores, about a second
async def test_at_80_columns_a_first_build_fits_its_line_with_a_notice(make_app) -> None:
    """A first build's state and its progress bar had run past the line's end at 80 columns: the
    bar cut, a notice given no room; the state and the bar are shortened, the notice keeps a part."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        status = app.query_one(StatusLine)
        line = status.query_one(StatusText)
        await wait_for(pilot, lambda: app.index_ready and " chunks" in status.drawn().state)  # checked for changes
        status.engines(["text", "structural"])
        status.progress("graph", 3, 10)
        await pilot.pause()
        drawn = status.drawn()
        assert drawn.state == "searchable · 4/5: call graph" and drawn.bar and "30%" in str(line.render())
        status.notice("no symbol named frobnicate_widget; showing related code")
        await pilot.pause()
        drawn, text = status.drawn(), str(line.render())
        assert drawn.notice.startswith("no symbol") and text.endswith(drawn.notice), text
        assert text.index("30%") < text.index(drawn.notice)  # the bar's percentage, then the notice
        status.progress("graph", 0, 0)  # a phase of unknown length: its percentage alone said --%
        await pilot.pause()
        assert status.drawn().percentage is None and "--%" not in str(line.render())
        status.notice("")
        await pilot.pause()
        assert status.drawn().bar and status.drawn().percentage == "--%"
        status.ready("186 files · 2,648 symbols · 2,852 chunks")  # the build done, no notice: every figure
        await pilot.pause()
        drawn = status.drawn()
        assert drawn.state == "186 files · 2,648 symbols · 2,852 chunks" and drawn.percentage is None


def test_the_files_skipped_say_why() -> None:
    """The explorer had said '2 skipped' where the command line says '2 binary'."""
    from types import SimpleNamespace

    from maguyva_tui.app.widgets.status import summary_text

    summary = SimpleNamespace(files=32, symbols=318, chunks=400, skipped={"binary": 2})
    assert summary_text(summary, 32) == "32 files · 318 symbols · 400 chunks · 2 skipped (binary)"
    summary.skipped = {"too_large": 1, "binary": 4, "unreadable": 0}
    assert summary_text(summary, 32).endswith(" · 5 skipped (binary, too large)")
    summary.skipped = {}
    assert summary_text(summary, 32) == "32 files · 318 symbols · 400 chunks"
    one = SimpleNamespace(files=1, symbols=1, chunks=3, skipped={})  # had read '1 files · 1 symbols'
    assert summary_text(one, 1) == "1 file · 1 symbol · 3 chunks"
    assert summary_text(None, 1) == "1 file (checking for changes…)"
    nothing = SimpleNamespace(files=0, symbols=0, chunks=0, skipped={"binary": 1})  # a folder of one binary file
    assert summary_text(nothing, 0) == "no searchable files here: 1 skipped (binary)"
    nothing.skipped = {}
    assert summary_text(nothing, 0) == "no searchable files here (empty repository?)"


@pytest.mark.slow  # an app on 2 shared cores, about a second
async def test_at_140_columns_the_index_figures_shorten_before_the_notice_is_cut(make_app) -> None:
    """helper-243 on regex-syntax 0.6.27 (helper-251): 'showing the first 50; more match:… e: all'
    beside '39 files · 1,851 symbols · 2,533 chunks' whole; the figures give way first."""
    app = make_app()
    async with app.run_test(size=(140, 24)) as pilot:
        status = app.query_one(StatusLine)
        await wait_for(pilot, lambda: app.index_ready and " chunks" in status.drawn().state)
        status.ready("39 files · 1,851 symbols · 2,533 chunks")
        status.embedding(4, 100)  # the model tier filling in
        notice = "showing the first 50; more match: narrow the query"
        status.notice(notice)
        await pilot.pause()
        assert status.drawn().notice == notice and str(status.query_one(StatusText).render()).endswith(notice)
        assert status.drawn().state == "39 files"
        status.notice("")  # no notice: every figure
        await pilot.pause()
        assert status.drawn().state == "39 files · 1,851 symbols · 2,533 chunks"
