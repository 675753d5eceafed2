"""A question block cut at its right edge keeps a blank before the weights block: between 60 and 72
columns a long target had read ``get_connect…▸ structural``, the ellipsis touching the pointer of
the weight that ``+``/``-`` moves (requests 2.32.3, "who calls get_connection_with_tls_context")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from maguyva_tui.app.session import Answer, Request
from maguyva_tui.app.widgets.readback import Readback
from tests.app.test_readback_long_target import TARGET, ReadbackApp
from tests.app.test_units import _result

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("width", [60, 66, 72])
async def test_a_cut_target_stays_apart_from_the_weight_pointer(width: int) -> None:
    app = ReadbackApp()
    async with app.run_test(size=(width, 8)) as pilot:
        result = replace(_result("a.py"), target=TARGET)
        app.query_one(Readback).show(Answer.build(Request(f"who calls {TARGET}"), result, 0.0))
        await pilot.pause()
        y = app.query_one("#question").region.y + 2
        line = "".join(segment.text for segment in app.screen._compositor.render_strips()[y])
        assert "target  prop_" in line and "…▸" not in line and "… ▸ structural" in line, line
