"""The status line shows how far each semantic tier reaches: ``semantic: static 100% · transformer 31%``."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.app.widgets.status import StatusLine, said_by_tiers, tiers_text
from tests.app.conftest import SIZE, ask, wait_for


def test_tiers_text_names_both_tiers_until_both_are_complete() -> None:
    assert tiers_text(1.0, 0.31) == "semantic: static 100% · transformer 31%"
    assert tiers_text(1.0, 0.999) == "semantic: static 100% · transformer 99%"  # 100 only when complete
    assert tiers_text(None, 0.5) == "semantic: transformer 50%"  # before the first refresh said
    assert tiers_text(1.0, 1.0) == "" and tiers_text(None, None) == ""


@pytest.mark.slow
@pytest.mark.anyio
async def test_a_fresh_repository_shows_the_static_tier_complete_and_the_model_tier_empty(make_app, polyglot: Path) -> None:
    app = make_app(root=polyglot)  # embedding off: the transformer tier stays at 0 %
    async with app.run_test(size=SIZE) as pilot:
        status = app.query_one(StatusLine)
        complete = "semantic: static 100% · transformer 0%"  # the static tier's share shows while it is filled
        await wait_for(pilot, lambda: status.drawn().tiers == complete, timeout=60)
        assert status.drawn().tiers == "semantic: static 100% · transformer 0%"
        app.query_one(StatusLine).embedding(31, 100)
        await pilot.pause()
        assert status.drawn().tiers == "semantic: static 100% · transformer 31%"
        await ask(pilot, "how is the configuration loaded")  # the answer's own share goes stale as the model fills
        assert any(said_by_tiers(n) and "covers 0%" in n for n in app.answer.notices)
        assert "transformer tier" not in status.drawn().notice


def test_the_transformer_tiers_notice_is_known_from_one_repository_or_several() -> None:
    assert said_by_tiers("semantic: the transformer tier covers 6% of chunks so far; the static tier ranks the rest")
    assert said_by_tiers("alpha: semantic: the transformer tier covers 40% of chunks so far; the static tier ranks the rest")
    assert not said_by_tiers("semantic: only 40% of chunks can be ranked by meaning so far")
    assert not said_by_tiers("no symbol named x; showing related code")


def test_another_process_filling_is_shown_by_its_tiers_never_as_a_complete_fill() -> None:
    """The explorer's fill that found the index filled by a resident server (its report busy, no
    chunk embedded) had posted the fill-in as done: the status line showed the transformer tier
    complete while it covered 0%, and the figures never moved as the server filled."""
    from maguyva_tui.app.background import BackgroundMixin
    from maguyva_tui.app.messages import TiersChanged
    from maguyva_tui.core.embed.progressive import EmbedReport

    posted: list[object] = []

    class _App:
        workspace = None
        post_message = posted.append

        @staticmethod
        def tiers() -> tuple[tuple[str, float], ...]:
            return (("static", 1.0), ("transformer", 0.4))

    events = BackgroundMixin._events(_App(), None)  # type: ignore[arg-type]
    assert events.embedded is not None and events.tiers is not None
    events.embedded(EmbedReport(0, 0, 0, True, 0.0, busy=True))
    assert posted == []
    events.tiers((("static", 1.0), ("transformer", 0.4)))
    assert posted == [TiersChanged((("static", 1.0), ("transformer", 0.4)))]
