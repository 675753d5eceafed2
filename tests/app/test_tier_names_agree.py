"""The two semantic tiers go by one pair of names everywhere a person reads them: the status line
had said ``semantic: static 100% · model 4%`` while ``--explain`` said ``(static 100% · transformer
0%)``, the notice "the transformer tier covers 4%" and the semantic reason "model cosine 0.44"."""

from __future__ import annotations

import pytest

from maguyva_tui.app.widgets.status import StatusLine, tier_forms, tiers_text
from maguyva_tui.core.engine import TIERS
from tests.app.conftest import SIZE, ask


def test_the_status_line_names_the_tiers_as_explain_and_the_notices_do() -> None:
    assert TIERS == ("static", "transformer")  # the names --explain prints from the answer's tiers
    assert tiers_text(1.0, 0.04) == "semantic: static 100% · transformer 4%"
    assert all("model" not in form for form in tier_forms(1.0, 0.04))


@pytest.mark.slow
@pytest.mark.anyio
async def test_the_drawn_status_line_says_transformer(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "load the configuration")
        status = app.query_one(StatusLine)
        status.embedding(4, 100)
        await pilot.pause()
        assert status.drawn().tiers.endswith("transformer 4%") and "model" not in status.drawn().tiers
