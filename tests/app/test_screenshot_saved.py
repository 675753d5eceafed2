"""The palette's Screenshot saves its SVG where one can be written (hx: with no ~/Downloads, as on a
server reached over ssh, Textual's default folder, it had said only "Failed to save screenshot")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.conftest import ready, wait_for

pytestmark = pytest.mark.anyio


@pytest.mark.slow  # a pilot run: seconds on 2 cores
async def test_a_screenshot_without_a_downloads_folder_is_saved_in_the_home_folder(
        make_app, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DOWNLOAD_DIR", raising=False)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot)
        app.deliver_screenshot()
        await wait_for(pilot, lambda: list(home.glob("*.svg")) or app._notifications)
        await pilot.pause(0.2)
        said = [n.message for n in app._notifications]
        assert [p.name for p in home.glob("*.svg")], said
        assert not any("Failed" in m for m in said)
        assert any(str(home) in m for m in said)  # the notice says where
        assert not (home / "Downloads").exists()  # no folder made unasked


@pytest.mark.slow  # a pilot run: seconds on 2 cores
async def test_a_screenshots_notice_reads_as_plain_text_and_a_failure_says_why(make_app, tmp_path: Path) -> None:
    """Textual's notice is markup ('Saved screenshot to [$text-success]'/root/…svg''): the explorer
    shows notices as plain text (a path or a pattern is never markup), so the tag had been written out."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot)
        app.deliver_screenshot(path=str(tmp_path))
        await wait_for(pilot, lambda: app._notifications)
        [saved] = [n.message for n in app._notifications]
        assert saved == f"Saved screenshot to {next(tmp_path.glob('*.svg'))}"
        app.clear_notifications()
        app.deliver_screenshot(path=str(tmp_path / "no such folder"))
        await wait_for(pilot, lambda: app._notifications)
        [failed] = [n.message for n in app._notifications]
        assert failed.startswith("Failed to save screenshot: ") and "no such folder" in failed
