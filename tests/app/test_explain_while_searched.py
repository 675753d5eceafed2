"""``e`` on a place gone to while a question is still searched: the panel says the question is
being searched, and its first result is explained once listed (sympy 1.13.3 under load, a 4.7 s
question: it had said "is not ranked: no question is asked" beside the question being searched)."""

from __future__ import annotations

import threading

import pytest

from maguyva_tui.app.fuzzy import Target
from maguyva_tui.app.widgets.explain import ExplainPanel
from tests.app.conftest import SIZE, ready, settle, wait_for

pytestmark = pytest.mark.anyio


@pytest.mark.slow  # an app and a held search, about 2.5 s on 2 shared cores
async def test_explain_before_the_answer_says_the_question_is_searched(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        release = threading.Event()
        ask = app.source.ask

        def held(*args, **kwargs):  # type: ignore[no-untyped-def]
            release.wait(10)
            return ask(*args, **kwargs)

        app.source.ask = held  # type: ignore[method-assign]
        target = next(t for t in app.source.jump_targets() if not t.detail)
        app._jumped(Target(target.label, target.path, 1, 1))
        app.part("#query").value = "parse_config"
        await pilot.pause()
        app.action_toggle_explain()
        await pilot.pause()
        panel = app.query_one(ExplainPanel)
        try:
            assert "no question is asked" not in panel.plain
            assert "'parse_config' is being searched" in panel.plain
        finally:
            release.set()
        await wait_for(pilot, lambda: app.answer is not None)
        await settle(pilot)
        assert panel.plain.startswith("#1  ")
