"""What an outside tester of the explorer found on rouge 3.30.0 (helper-208, 2026-12-05): the
query box was wider than the room beside its prompt, so a long question's last characters and the
cursor were drawn past the bar's edge (``…abcdefghi`` for ``…abcdefghiZ``); ``o`` on a result whose
file was removed since it was indexed opened the editor on an empty new file of that name."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from maguyva_tui.app.actions import ActionsMixin

pytestmark = pytest.mark.anyio


def test_o_on_a_file_removed_since_indexing_says_so_and_opens_nothing(tmp_path: Path) -> None:
    said: list[tuple[str, str]] = []
    suspended: list[bool] = []

    @contextlib.contextmanager
    def suspend() -> Iterator[None]:
        suspended.append(True)
        yield

    app = SimpleNamespace(
        _place=lambda: ("odd/doomed.rb", 2),
        source=SimpleNamespace(on_disk=lambda path: tmp_path / path),
        suspend=suspend,
        notify=lambda message, severity="information": said.append((message, severity)),
    )
    ActionsMixin.action_open_editor(app)  # type: ignore[arg-type]
    assert suspended == [], "the editor was started on a file that is not there"
    assert said == [("odd/doomed.rb is no longer on disk (removed since it was indexed; R re-indexes)", "warning")]


@pytest.mark.slow  # an app on 2 shared cores, about 2 s
@pytest.mark.parametrize("width", [80, 140])
async def test_a_long_question_ends_in_view_with_the_cursor_after_it(tmp_path: Path, width: int) -> None:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.app.widgets.query import QueryBar, QueryInput
    from maguyva_tui.core.engine import Engine

    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "a.rb").write_text("class A\nend\n", encoding="utf-8")
    app = MaguyvaApp(Engine(repo, tmp_path / "index"), watch=False, embed=False)  # type: ignore[arg-type]
    question = "0123456789" * 20 + "abcdefghiZ"
    async with app.run_test(size=(width, 30)) as pilot:
        box = app.query_one(QueryInput)
        box.focus()
        await pilot.press(*question[-40:])
        box.value = question  # the rest at once; the cursor stays at the end, as after typing it
        box.cursor_position = len(question)
        await pilot.pause(0.1)
        bar = app.query_one(QueryBar).region
        assert box.region.right <= bar.right, f"the box ends at {box.region.right}, past its bar's {bar.right}"
        x, y = box.cursor_screen_offset
        assert bar.x <= x < bar.right and y == bar.y, f"the cursor at {x}, the bar {bar}"
        drawn = "".join(s.text for s in box.render_line(0))
        assert drawn.rstrip().endswith("abcdefghiZ"), drawn
