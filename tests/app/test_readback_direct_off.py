"""An answer that lists one engine's own list draws the other engines' weights faint and ``off``
(hx, orjson 3.10.7: ``yyjson_read_opts`` showed semantic 0.20 and text 0.10 in full colour, graph
alone ``off``, beside rows only the structural engine ranked; the explain panel said "not run")."""

from __future__ import annotations

import pytest

from maguyva_tui.app.widgets.readback import left_out
from tests.app.conftest import SIZE, ask

pytestmark = pytest.mark.anyio


@pytest.mark.slow  # a pilot run: seconds on 2 cores
async def test_a_definitions_direct_answer_says_the_engines_it_did_not_run_off(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        answer = app.answer
        assert answer.result.fusion_strategy == "direct" and answer.result.modalities_run == ("structural",)
        assert left_out(answer) == {"semantic", "text", "graph"}
        lines = str(app.query_one("#weights").render()).splitlines()
        assert [line.rstrip().endswith("off") for line in lines] == [True, True, False, True]
        await ask(pilot, "how is the config parsed")  # blended: only the preset's left-out graph
        assert answer is not app.answer and app.answer.result.fusion_strategy == "fused"
        lines = str(app.query_one("#weights").render()).splitlines()
        assert [line.rstrip().endswith("off") for line in lines] == [False, False, False, True]
