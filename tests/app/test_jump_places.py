"""Go to, typed as a path is written (helper-189 on Django 5.0.6): a whole path listed first, and
``path:line`` (as a result row, ``grep -n`` or a traceback writes it) going to that line."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from maguyva_tui.app.fuzzy import Finder, Target, score
from maguyva_tui.app.screens.jump import JumpScreen
from maguyva_tui.app.widgets.preview import Preview
from tests.app.conftest import SIZE, ready, wait_for

FILES = ["django/contrib/gis/shortcuts.py", "django/contrib/sites/shortcuts.py", "django/shortcuts.py",
         "tests/async/test_async_shortcuts.py"]


def _finder() -> Finder:
    files = [Target(p, p, 1, 1) for p in FILES]
    return Finder([*files, Target("get_object_or_404", "django/shortcuts.py", 65, 90, "function  django/shortcuts.py:65")])


def test_a_whole_path_typed_lists_that_file_first() -> None:
    """``django/shortcuts.py`` had listed ``django/contrib/sites/shortcuts.py`` and the gis one
    first: a long subsequence with gaps scored 178, the path itself 133."""
    assert [t.path for t in _finder().rank("django/shortcuts.py", 3)][0] == "django/shortcuts.py"
    assert score("django/shortcuts.py", "django/shortcuts.py", True) > score(
        "django/shortcuts.py", "django/contrib/sites/shortcuts.py", True) > 0


def test_a_path_and_line_goes_to_that_line_of_the_files_the_path_matches() -> None:
    """``shortcuts.py:65`` had said "nothing matches": no file or symbol holds ``:65``."""
    found = _finder().rank("django/shortcuts.py:65:12:", 10)
    assert found[0] == Target("django/shortcuts.py:65", "django/shortcuts.py", 65, 65)
    assert all(not t.detail and t.line == 65 for t in found)
    assert _finder().rank("nowhere.py:3") == []
    assert [t.label for t in _finder().rank("get_object", 1)] == ["get_object_or_404"]  # no line: as before


def test_an_absolute_path_or_a_python_frame_goes_to_the_file_its_tail_names() -> None:
    """A path as a traceback prints it, from this machine or another (``/srv/app/django/shortcuts.py:65``,
    ``File "/srv/app/django/shortcuts.py", line 65, in f``), had said "nothing matches"."""
    for typed in ("/srv/app/django/shortcuts.py:65", 'File "/srv/app/django/shortcuts.py", line 65, in get',
                  '  File "django/shortcuts.py", line 65'):
        assert _finder().rank(typed, 10)[0] == Target("django/shortcuts.py:65", "django/shortcuts.py", 65, 65), typed
    assert _finder().rank("/srv/app/nowhere.py:3") == []


@pytest.mark.anyio
@pytest.mark.slow  # the explorer on the fixture index: about 2 s on 2 cores
async def test_go_to_a_path_and_line_shows_that_line_and_past_the_end_the_last(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        for typed, line in [("app/config.py:12", 12), ("app/config.py:9999", 49)]:
            await pilot.press("ctrl+g")
            await wait_for(pilot, lambda: isinstance(app.screen, JumpScreen))
            app.screen.query_one("#jump-input").value = typed
            options = app.screen.query_one("#jump-list", OptionList)
            await wait_for(pilot, lambda o=options: o.option_count and "config.py:" in str(o.get_option_at_index(0).prompt))
            past = "line 9999 is past its end (49 lines)"  # it had offered config.py:9999 and opened at 49, unsaid
            assert (past in str(options.get_option_at_index(0).prompt)) == (line == 49)
            await pilot.press("enter")
            await wait_for(pilot, lambda: not isinstance(app.screen, JumpScreen))
            preview = app.part(Preview)
            assert preview.shown == ("app/config.py", line, line)
            assert str(preview.border_title) == f"app/config.py:{line}"  # it had said :9999 of a 49-line file


def _counted(lines: dict[str, int]) -> Finder:
    files = [Target(p, p, 1, 1) for p in ("lib/yaml/emitter.py", "tests/legacy_tests/test_emitter.py")]
    return Finder(files, lines=lines.get)


def test_a_path_and_line_offers_only_the_files_that_hold_the_line() -> None:
    """PyYAML's ``emitter.py:1045`` had also offered tests/legacy_tests/test_emitter.py:1045, a file
    of 104 lines, opened at its last line with no word."""
    found = _counted({"lib/yaml/emitter.py": 1137, "tests/legacy_tests/test_emitter.py": 104}).rank("emitter.py:1045")
    assert [t.label for t in found] == ["lib/yaml/emitter.py:1045"]
    found = _counted({"lib/yaml/emitter.py": 1137, "tests/legacy_tests/test_emitter.py": 104}).rank("emitter.py:90")
    assert len(found) == 2 and all(t.line == 90 for t in found)


def test_a_line_past_the_end_of_every_file_matched_is_said() -> None:
    found = _counted({"lib/yaml/emitter.py": 1137, "tests/legacy_tests/test_emitter.py": 104}).rank("emitter.py:5000")
    assert [t.label for t in found] == ["lib/yaml/emitter.py:1137  line 5000 is past its end (1,137 lines)",
                                        "tests/legacy_tests/test_emitter.py:104  line 5000 is past its end (104 lines)"]
    assert [t.line for t in found] == [1137, 104]
