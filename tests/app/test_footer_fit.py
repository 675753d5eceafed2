"""The footer shows whole keys at every width: Textual's footer drew the keys past its edge, the
last one under the command palette's and cut mid-word (helper-272: ``^r Reg`` at 140 columns once
the preview's ``esc Back to results`` joined; at 80 columns half the results' keys were off screen)."""

from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey

from maguyva_tui.app.widgets.footer import KeysFooter, fit
from tests.app.conftest import ask, settle, wait_for

pytestmark = pytest.mark.anyio


def _key(display: str, label: str, action: str) -> tuple[str, str, str, str, bool, str]:
    return (display, display, label, action, True, "")


PREVIEW = [_key("esc", "Back to results", "app.focus_results"), _key("q", "Quit", "quit"), _key("f1", "Help", "help"),
           _key("e", "Explain", "toggle_explain"), _key("o", "Editor", "open_editor"), _key("^g", "Go to", "jump"),
           _key("i", "Intent", "cycle_intent"), _key("p", "Preset", "cycle_preset"), _key("w", "Weight", "next_weight"),
           _key("+", "+weight", "nudge(1)"), _key("-", "-weight", "nudge(-1)"), _key("^r", "Regex", "toggle_regex")]
"""The preview's keys (131 cells): 128 at 140 columns beside the command palette's."""


def _labels(keys) -> list[str]:
    return [f"{k[1]} {k[2]}" for k in keys]


def test_keys_that_do_not_fit_are_written_short_then_the_least_needed_left_out() -> None:
    assert fit(PREVIEW, 131) == PREVIEW
    shown = _labels(fit(PREVIEW, 128))  # 140 columns: the short form makes room for every key
    assert shown[0] == "esc Back" and shown[-1] == "^r Regex" and len(shown) == len(PREVIEW)
    shown = _labels(fit(PREVIEW, 118))  # 130 columns: the preset's key goes; "Back" stays short
    assert "p Preset" not in shown and shown[0] == "esc Back" and len(shown) == len(PREVIEW) - 1
    shown = _labels(fit(PREVIEW, 90))  # the intent's and the weight's go too
    assert shown[0] == "esc Back" and "^r Regex" in shown and "w Weight" not in shown and "+ +weight" in shown
    shown = _labels(fit(PREVIEW, 80))  # the weight's keys go together: the whole label fits again
    assert not {"+ +weight", "- -weight"} & set(shown) and shown[0] == "esc Back to results"
    what_if = [*PREVIEW[1:-1], _key("0", "Reset what-if", "reset_what_if"), PREVIEW[-1]]  # the list's, 127 cells
    shown = _labels(fit(what_if, 117))  # the preset's key left out, the whole label fits again
    assert "0 Reset what-if" in shown and "p Preset" not in shown and len(shown) == len(what_if) - 1
    assert _labels(fit(PREVIEW, 20)) == ["esc Back", "q Quit"]  # then the last keys, never a cut one


@pytest.mark.slow  # an app on 2 shared cores, resized three times: 5-10 s
async def test_the_footer_shows_whole_keys_at_80_100_and_140_columns(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(140, 40)) as pilot:
        await ask(pilot, "parse_config")

        def check(where: str) -> None:
            footer = app.screen.query_one(KeysFooter)
            keys = list(footer.query(FooterKey))
            palette = keys[-1]
            assert "-command-palette" in palette.classes
            for key in keys[:-1]:
                whole = len(key.key_display) + len(key.description) + 3
                assert key.region.width == whole and key.region.right <= palette.region.x, (
                    f"{where}: {key.key_display} {key.description} at {key.region} beside {palette.region}")
            assert palette.region.right == footer.region.right == app.size.width, where

        for width in (140, 100, 80):
            await pilot.resize_terminal(width, 40)
            app.part("#query").focus()
            await settle(pilot)
            await pilot.pause(0.2)
            check(f"{width}, query box")
            await pilot.press("escape")
            await settle(pilot)
            await pilot.pause(0.2)
            check(f"{width}, results")
            await pilot.press("plus")
            await wait_for(pilot, lambda: app.answer.request.weights is not None)
            await pilot.press("enter")
            await wait_for(pilot, lambda: app.focused.id == "preview")
            await pilot.pause(0.2)
            check(f"{width}, preview in a what-if")
            shown = [(key.key_display, key.description) for key in app.screen.query(FooterKey)]
            assert shown[0][0] == "esc" and ("0" in dict(shown) or width < 100), shown
            if width == 140:
                assert ("^r", "Regex") in shown, shown  # it had read ^r Reg
            await pilot.press("escape", "0")
            await wait_for(pilot, lambda: app.answer.request.weights is None)
