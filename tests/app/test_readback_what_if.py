"""The weights block marks the weight a what-if moved (helper-243's leftover, helper-251): it had
always put ``what-if`` on the semantic line, whichever weight the keys moved."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from maguyva_tui.app.widgets.readback import moved_lines
from maguyva_tui.core.types import MODALITIES
from tests.app.conftest import SIZE, ask, wait_for

pytestmark = pytest.mark.anyio


def test_the_lines_marked_are_those_whose_weight_moved() -> None:
    before = {"semantic": 0.5, "text": 0.2, "structural": 0.2, "graph": 0.1}
    assert moved_lines({**before, "graph": 0.2}, before, "graph") == [MODALITIES.index("graph")]
    assert moved_lines({**before, "text": 0.3, "graph": 0.0}, before, "graph") == [
        MODALITIES.index("text"), MODALITIES.index("graph")]
    assert moved_lines(before, before, "structural") == [MODALITIES.index("structural")]  # + then -
    assert moved_lines(before, {}, "text") == [MODALITIES.index("text")]  # nothing to measure against


@pytest.mark.slow  # an app on 2 shared cores, about 2 s
async def test_a_text_what_if_marks_the_text_line(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "how does the config loader read settings")
        await pilot.press("escape", "w", "w", "w")  # the list; the pointer from structural to text
        seq = app.seq
        await pilot.press("plus")
        await wait_for(pilot, lambda: app.seq > seq and app.shown_seq == app.seq)
        await pilot.pause(0.1)
        lines = str(app.query_one("#weights", Static).render()).splitlines()
        marked = [line.split()[1] for line in lines if line.rstrip().endswith("what-if")]
        assert marked == ["text"], lines  # the semantic line had been marked
        assert lines[MODALITIES.index("text")].startswith("▸ text"), lines
