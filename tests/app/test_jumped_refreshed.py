"""The file gone to (``g``) after an edit on disk: the watcher's refresh brings its new text, or
says it is gone (pyfiglet 1.0.2: a file gone to, then edited, kept its old lines in the preview,
and one deleted kept them without the "no longer on disk" its results' previews say)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.app.fuzzy import Target, followed
from maguyva_tui.app.messages import FilesChanged
from maguyva_tui.app.widgets.preview import Preview
from tests.app.conftest import SIZE, ask, settle

pytestmark = pytest.mark.anyio


def _repo(root: Path) -> Path:
    root.mkdir()
    (root / "render.py").write_text("def render_banner(text):\n    return text.upper()\n")
    (root / "fonts.py").write_text("def load_font(name):\n    return name\n")
    return root


FONTS = Target("fonts.py", "fonts.py", 1, 1)
"""The file gone to (a file's target: line 1, no symbol)."""


async def _go_to_fonts_then(pilot, app, root: Path, change, target: Target = FONTS) -> Preview:  # type: ignore[no-untyped-def]
    await ask(pilot, "render_banner")
    app._jumped(target)
    preview = app.query_one(Preview)
    assert "def load_font(name):" in preview.shown_text
    change(root / "fonts.py")
    summary = app.live.refresh()  # what the watcher does on the change
    app.post_message(FilesChanged(summary.parsed, summary, removed=summary.removed))
    await pilot.pause()
    await settle(pilot)
    return preview


@pytest.mark.slow  # an index built and refreshed, about 4 s on 2 shared cores
async def test_the_file_gone_to_shows_its_new_text_after_an_edit(make_app, tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo")
    app = make_app(root)
    async with app.run_test(size=SIZE) as pilot:
        preview = await _go_to_fonts_then(
            pilot, app, root, lambda path: path.write_text("def load_typeface(name):\n    return name\n"))
        assert "def load_typeface(name):" in preview.shown_text
        assert "load_font" not in preview.shown_text
        assert app.jumped is not None and str(preview.border_title).startswith("fonts.py:1")


@pytest.mark.slow  # an index built and refreshed, about 4 s on 2 shared cores
async def test_the_file_gone_to_says_it_is_gone_once_deleted(make_app, tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo")
    app = make_app(root)
    async with app.run_test(size=SIZE) as pilot:
        preview = await _go_to_fonts_then(pilot, app, root, Path.unlink)
        assert "no longer on disk" in str(preview.border_title)


@pytest.mark.slow  # an index built and refreshed, about 4 s on 2 shared cores
async def test_the_symbol_gone_to_is_shown_at_its_new_lines(make_app, tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo")
    app = make_app(root)
    symbol = Target("load_font", "fonts.py", 1, 2, "function  fonts.py:1")
    async with app.run_test(size=SIZE) as pilot:
        preview = await _go_to_fonts_then(
            pilot, app, root, lambda path: path.write_text("import os\n\n\n" + path.read_text()), symbol)
        assert preview.shown == ("fonts.py", 4, 5)
        assert str(preview.border_title).startswith("fonts.py:4-5")


@pytest.mark.slow  # an index built and refreshed, about 4 s on 2 shared cores
async def test_the_file_gone_to_made_binary_is_said_out_of_the_index_not_off_the_disk(make_app, tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo")
    app = make_app(root)
    async with app.run_test(size=SIZE) as pilot:
        preview = await _go_to_fonts_then(pilot, app, root, lambda path: path.write_bytes(b"\x00\x01binary\x00" * 64))
        title = str(preview.border_title)
        assert "no longer indexed" in title and "no longer on disk" not in title


BEFORE = "def f():\n    return 1\n\ndef load_font(name):\n    return name\n"
ABOVE = "import os\n\n\n" + BEFORE


@pytest.mark.parametrize(
    ("target", "after", "place"),
    [
        (Target("load_font", "x.py", 4, 5, "function  x.py:4"), ABOVE, ("load_font", 7, 8)),  # lines added above
        (Target("x.py:4", "x.py", 4, 4), ABOVE, ("x.py:7", 7, 7)),  # a path:line gone to, its label too
        (Target("x.py", "x.py", 1, 1), ABOVE, ("x.py", 1, 1)),  # a file's own target: its top
        (Target("x.py:4", "x.py", 4, 4), BEFORE.replace("load_font", "load_typeface"), ("x.py:4", 4, 4)),  # changed
        (Target("x.py:5", "x.py", 5, 5), "x = 1\n", ("x.py:1", 1, 1)),  # cut short: within the file
    ],
)
def test_a_place_gone_to_follows_the_edit(target: Target, after: str, place: tuple[str, int, int]) -> None:
    moved = followed(target, BEFORE, after)
    assert (moved.label, moved.line, moved.end_line) == place
