"""Go to a Rust method named by its impl (``ArrayVec.fmt (impl Binary)``, one of several ``fmt``
methods of one type) opens the preview at its ``fn fmt``, scrolled sideways to it on a long line,
as for any other symbol: the impl's part of the name is no part of the code to look for."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.geometry import Region

from maguyva_tui.app.fuzzy import Target
from maguyva_tui.app.widgets.preview import Preview
from tests.app.conftest import SIZE, ready, wait_for

pytestmark = pytest.mark.anyio

CODE = ("pub struct ArrayVec;\n"
        "impl Binary for ArrayVec { " + "/* padding */ " * 20 + "fn fmt(&self) -> u8 { 0 } }\n")


@pytest.mark.slow
async def test_go_to_an_impl_named_method_seeks_its_fn(make_app, tmp_path: Path) -> None:
    repo = tmp_path / "vec"
    repo.mkdir()
    (repo / "lib.rs").write_text(CODE, encoding="utf-8")
    app = make_app(root=repo)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        app._jumped(Target("ArrayVec.fmt (impl Binary)", "lib.rs", 2, 2, "method  lib.rs:2"))
        preview = app.query_one(Preview)
        await wait_for(pilot, lambda: preview.shown is not None)
        assert preview.shown[0] == "lib.rs"
        assert preview.scroll_x > 0  # it had stayed at the line's start: "fmt (impl Binary)" is nowhere in the code
        preview.render_lines(Region(0, 0, *preview.size))
        assert "fn fmt" in "".join(segment.text for segment in preview.render_line(1))
