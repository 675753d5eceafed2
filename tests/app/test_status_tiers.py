"""The status line shows how far each semantic tier reaches: ``semantic: static 100% · model 31%``."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Label

from maguyva_tui.app.widgets.status import StatusLine, said_by_tiers, tiers_text
from tests.app.conftest import SIZE, ask, wait_for


def test_tiers_text_names_both_tiers_until_both_are_complete() -> None:
    assert tiers_text(1.0, 0.31) == "semantic: static 100% · model 31%"
    assert tiers_text(1.0, 0.999) == "semantic: static 100% · model 99%"  # 100 only when complete
    assert tiers_text(None, 0.5) == "semantic: model 50%"  # before the first refresh said
    assert tiers_text(1.0, 1.0) == "" and tiers_text(None, None) == ""


@pytest.mark.slow
@pytest.mark.anyio
async def test_a_fresh_repository_shows_the_static_tier_complete_and_the_model_tier_empty(make_app, polyglot: Path) -> None:
    app = make_app(root=polyglot)  # embedding off: the transformer tier stays at 0 %
    async with app.run_test(size=SIZE) as pilot:
        label = app.query_one(StatusLine).query_one("#embed-state", Label)
        complete = "semantic: static 100% · model 0%"  # the static tier's share shows while it is filled
        await wait_for(pilot, lambda: str(label.render()) == complete, timeout=60)
        assert str(label.render()) == "semantic: static 100% · model 0%"
        app.query_one(StatusLine).embedding(31, 100)
        await pilot.pause()
        assert str(label.render()) == "semantic: static 100% · model 31%"
        await ask(pilot, "how is the configuration loaded")  # the answer's own share goes stale as the model fills
        assert any(said_by_tiers(n) and "covers 0%" in n for n in app.answer.notices)
        assert "transformer tier" not in str(app.query_one(StatusLine).query_one("#notice", Label).render())


def test_the_transformer_tiers_notice_is_known_from_one_repository_or_several() -> None:
    assert said_by_tiers("semantic: the transformer tier covers 6% of chunks so far; the static tier ranks the rest")
    assert said_by_tiers("alpha: semantic: the transformer tier covers 40% of chunks so far; the static tier ranks the rest")
    assert not said_by_tiers("semantic: only 40% of chunks can be ranked by meaning so far")
    assert not said_by_tiers("no symbol named x; showing related code")
