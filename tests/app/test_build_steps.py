"""A first index says where it stands in words a new user reads: ``indexing 3/5: text index``, one bar
from 0 to 100 % for the step, then ``searchable · 4/5: call graph``, on one line of 80 columns (it
had said ``indexing: trigrams``, then tokens, then words, the bar back at 0 % each time, and nothing
of how many steps were left or that the index answered before the semantic tier was done)."""

from __future__ import annotations

import pytest

from maguyva_tui.app.background import BackgroundMixin
from maguyva_tui.app.messages import IndexProgress
from maguyva_tui.app.widgets.status import build_forms, step_progress

PHASES = ("walk", "read", "parse", "write", "trigrams", "tokens", "words", "graph", "static model",
          "static weights", "static")
"""A first build's phases as the indexer and the engine report them, in order."""


def test_each_phase_is_said_as_its_step_of_five() -> None:
    said = [build_forms("indexing", phase, ())[0] for phase in PHASES]
    assert said == ["indexing 1/5: reading files"] * 2 + ["indexing 2/5: parsing"] * 2 \
        + ["indexing 3/5: text index"] * 3 + ["indexing 4/5: call graph"] + ["indexing 5/5: semantic index"] * 3
    assert build_forms("updating", "parse", ()) == ("updating 2/5: parsing",)
    assert build_forms("indexing", "parse", (), "ms") == ("ms: indexing 2/5: parsing",)
    assert build_forms("indexing", "mystery", ()) == ("indexing: mystery",)  # a phase of no step: its name


def test_a_searchable_build_says_so_and_the_step_still_going() -> None:
    assert build_forms("indexing", "graph", ("text", "structural")) == (
        "searchable (text, structure) · 4/5: call graph", "searchable · 4/5: call graph")
    # the graph joined before the semantic step's first report: the step is the next one already
    assert build_forms("indexing", "graph", ("text", "structural", "graph"))[1] == "searchable · 5/5: semantic index"
    assert build_forms("indexing", "", ("text", "structural"), "ms")[1] == "ms: searchable · 4/5: call graph"


def test_the_text_index_fills_one_bar_without_going_back() -> None:
    shown = [step_progress(phase, done, 1000) for phase in ("trigrams", "tokens", "words") for done in (0, 500, 1000)]
    fractions = [done / total for done, total in shown]
    assert fractions == sorted(fractions) and fractions[0] == 0.0 and fractions[-1] == 1.0
    assert step_progress("parse", 3, 10) == (3, 10)
    assert step_progress("graph", 0, 0) == (0, 0)  # of unknown length: said as such


def test_a_new_phase_is_always_said_however_soon_it_follows() -> None:
    """The graph's only report came 0.1 s after the words' last, and the throttle dropped it."""
    posted: list[IndexProgress] = []

    class Posting:
        def post_message(self, message: IndexProgress) -> None:
            posted.append(message)

    progress = BackgroundMixin._progress(Posting(), "")  # type: ignore[arg-type]
    for phase, done, total in (("words", 1100, 1228), ("words", 1200, 1228), ("graph", 0, 0)):
        progress(phase, done, total)
    assert [m.phase for m in posted] == ["words", "graph"]


@pytest.mark.slow  # an app on 2 shared cores, about a second
@pytest.mark.anyio
async def test_at_80_columns_each_step_fits_one_line(make_app) -> None:
    from maguyva_tui.app.widgets.status import StatusLine, StatusText
    from tests.app.conftest import wait_for

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        status = app.query_one(StatusLine)
        await wait_for(pilot, lambda: app.index_ready and " chunks" in status.drawn().state)
        line = status.query_one(StatusText)
        seen = []
        for phase, done, total, engines in (("parse", 5, 10, ()), ("trigrams", 9, 10, ()), ("tokens", 0, 10, ()),
                                            ("graph", 0, 0, ("text", "structural")),
                                            ("static", 3, 10, ("text", "structural", "graph"))):
            if engines:
                status.engines(engines)
            status.progress(phase, done, total)
            await pilot.pause()
            drawn = status.drawn()
            seen.append((drawn.state, drawn.percentage))
            assert line.region.right <= status.content_region.right and drawn.bar
            assert drawn.percentage in str(line.render())  # the bar and its percentage fit the line
        assert seen == [("indexing 2/5: parsing", "50%"), ("indexing 3/5: text index", "30%"),
                        ("indexing 3/5: text index", "33%"), ("searchable · 4/5: call graph", "--%"),
                        ("searchable · 5/5: semantic index", "30%")]
