"""The theme and preset are remembered between runs (issue 20.5), in a file that never breaks a start."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from maguyva_tui.app.settings import Settings, default_path, load_settings, save_settings
from tests.app.conftest import SIZE, ready


def test_settings_round_trip_and_quoting(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.toml"
    assert load_settings(path) == (Settings(), None)  # no file yet: the defaults, nothing said
    odd = 'my "theme" \\ ü\n\x01\x7f'
    save_settings(path, Settings(theme=odd, preset="thorough"))
    assert load_settings(path) == (Settings(theme=odd, preset="thorough"), None)
    assert [p.name for p in path.parent.iterdir()] == ["settings.toml"]  # no temporary file left
    save_settings(path, Settings(preset="quick"))
    assert load_settings(path) == (Settings(preset="quick"), None)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("theme = ", "Invalid value"),
        ("theme = 3", "theme must be a string"),
        (b"\xff\xfe".decode("latin-1"), "ignored"),
    ],
)
def test_a_damaged_file_gives_the_defaults_and_one_line(tmp_path: Path, text: str, why: str) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(text, encoding="latin-1")
    found, notice = load_settings(path)
    assert found == Settings()
    assert notice is not None and why in notice and "\n" not in notice and str(path) in notice


def test_unknown_keys_are_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('theme = "maguyva-light"\nfuture = [1, 2]\n')
    assert load_settings(path) == (Settings(theme="maguyva-light"), None)


def test_tests_never_touch_the_users_config() -> None:
    assert default_path().is_relative_to(os.environ["XDG_CONFIG_HOME"])


@pytest.mark.anyio
@pytest.mark.slow
async def test_theme_and_preset_are_remembered_between_runs(make_app, tmp_path: Path) -> None:
    path = tmp_path / "config" / "settings.toml"
    app = make_app(settings_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert app.theme == "maguyva-dark" and app.request.preset == "default"
        await pilot.press("escape", "t", "p")
        await pilot.pause()
        assert (app.theme, app.request.preset) == ("maguyva-light", "thorough")
    assert load_settings(path) == (Settings(theme="maguyva-light", preset="thorough"), None)
    again = make_app(settings_path=path)
    async with again.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert (again.theme, again.request.preset) == ("maguyva-light", "thorough")
        assert not again._notifications


@pytest.mark.anyio
async def test_a_damaged_or_stale_settings_file_is_said_once_and_ignored(make_app, tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('theme = "gone-theme"\npreset = "nope"\n')
    app = make_app(settings_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        said = [n.message for n in app._notifications]
        assert app.theme == "maguyva-dark" and app.request.preset == "default"
    assert any("'gone-theme' is not available" in m for m in said)
    assert any("'nope' is unknown" in m for m in said)
    path.write_text("theme = [")
    app = make_app(settings_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        said = [n.message for n in app._notifications]
    assert sum("ignored" in m for m in said) == 1 and app.return_code in (None, 0)


@pytest.mark.anyio
async def test_a_theme_given_on_the_command_line_is_for_that_run_only(make_app, tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    app = make_app(settings_path=path, theme="maguyva-light")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert app.theme == "maguyva-light"
    assert not path.exists()
