"""What an outside tester of the explorer found on parso 0.8.4 and dayjs 1.11.13, each fixed at its
root: a match deep in a minified line shown in the preview, not off its right edge; the palette's
Maximize never offered for a box of one line; the help's descriptions and the explain panel's
reasons wrapped under their own text, not at the margin."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.geometry import Region

from maguyva_tui.app.fuzzy import Target
from maguyva_tui.app.widgets.preview import Preview, seek_pattern, seek_x
from tests.app.conftest import SIZE, ask

pytestmark = pytest.mark.anyio

BUNDLE = ("!function(t,e){" + "".join(f"var v{i}=t.k{i}(e,{i});" for i in range(120))
          + 'n=o(u,{locale:this.$L}).utcOffset(s,!0),f.tz=function(){return n}}(this);\n')
"""A minified bundle of one line: the literal asked for lies some 2,000 characters in."""


def _drawn(preview: Preview, y: int) -> str:
    preview.render_lines(Region(0, 0, *preview.size))
    return "".join(segment.text for segment in preview.render_line(y))


def test_seek_scrolls_only_to_a_match_past_the_view() -> None:
    seek = seek_pattern("utcOffset(s,!0)")
    assert seek is not None
    line = BUNDLE.rstrip("\n")
    at = line.index("utcOffset(s,!0)")
    x = seek_x(line, seek, 4, 100)
    assert 0 < x <= 4 + at and 4 + at + len("utcOffset(s,!0)") <= x + 100  # in view, with room left of it
    assert seek_x("n.utcOffset(s,!0)", seek, 4, 100) == 0  # already in view: the line's start stays
    assert seek_x(line, seek_pattern("not there") or (), 4, 100) == 0
    assert seek_x(line, seek_pattern("UTCOFFSET", case="insensitive") or (), 4, 100) > 0
    assert seek_x(line, seek_pattern("UTCOFFSET") or (), 4, 100) > 0  # another case, when the asked one is not there
    assert seek_x(line, seek_pattern(r"utcOffset\(\w,!0\)", regex=True) or (), 4, 100) > 0
    assert seek_pattern("(", regex=True) is None and seek_pattern("  ") is None and seek_pattern(None) is None
    assert seek_x("function " * 20 + "u=1", seek_pattern("u") or (), 4, 40) > 150  # the name u, not function's u
    hard = "x" * 200 + "a" * 40 + "b"  # Python's re takes years on (a+)+c here: RE2, as the engine, is linear
    assert seek_x(hard, seek_pattern("(a+)+c|b", regex=True) or (), 4, 100) > 0


@pytest.mark.slow
async def test_a_match_deep_in_a_minified_line_is_in_the_preview(make_app, tmp_path: Path) -> None:
    repo = tmp_path / "bundle"
    repo.mkdir()
    (repo / "tz.min.js").write_text(BUNDLE, encoding="utf-8")
    (repo / "short.js").write_text("function pad(s) {\n  return s.utcOffset(s,!0);\n}\n", encoding="utf-8")
    app = make_app(root=repo)
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, '"utcOffset(s,!0)"')
        preview = app.query_one(Preview)
        rows = {row.path: i for i, row in enumerate(app.answer.rows)}
        assert set(rows) == {"tz.min.js", "short.js"}
        table = app.query_one("#results")
        table.move_cursor(row=rows["tz.min.js"])
        await pilot.pause(0.2)
        assert preview.shown is not None and preview.shown[0] == "tz.min.js"
        assert "utcOffset(s,!0)" in _drawn(preview, 0)  # it had opened at the line's start, the match 2,000 cells right
        table.move_cursor(row=rows["short.js"])
        await pilot.pause(0.2)
        assert preview.shown[0] == "short.js" and preview.scroll_x == 0  # a short line is shown from its start
        table.move_cursor(row=rows["tz.min.js"])
        await pilot.pause(0.2)
        assert preview.scroll_x > 0
        await ask(pilot, '"v3=t.k3"')  # the same place, another string on its line: near its start
        assert [row.path for row in app.answer.rows] == ["tz.min.js"]
        await pilot.pause(0.2)
        assert preview.scroll_x == 0 and "v3=t.k3" in _drawn(preview, 0)  # it had stayed at utcOffset, 1,900 cells on
        app._jumped(Target("f.tz", "tz.min.js", 1, 1, "function  tz.min.js:1"))  # go to a symbol of the bundle
        await pilot.pause(0.2)
        assert preview.shown[0] == "tz.min.js" and "f.tz=function" in _drawn(preview, 0)


@pytest.mark.slow
async def test_a_lone_word_deep_in_a_minified_line_is_in_the_preview(make_app, tmp_path: Path) -> None:
    """A word no symbol has is no target (a plain question): the preview still scrolls to it, as the
    snippet is cut around it (it had opened at the line's start, the word 2,000 cells right)."""
    repo = tmp_path / "bundle"
    repo.mkdir()
    (repo / "tz.min.js").write_text(BUNDLE.replace("f.tz=function", "UNIQUEMARK=1,f.tz=function"), encoding="utf-8")
    app = make_app(root=repo)
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "UNIQUEMARK")
        assert app.answer.target is None and [row.path for row in app.answer.rows] == ["tz.min.js"]
        await pilot.pause(0.2)
        preview = app.query_one(Preview)
        assert preview.scroll_x > 0 and "UNIQUEMARK" in _drawn(preview, 0)


def _offered(app) -> list[str]:
    return [command.title for command in app.get_system_commands(app.screen)]


async def test_the_query_and_go_to_boxes_are_never_maximized(make_app) -> None:
    from maguyva_tui.app.screens.jump import JumpScreen
    from tests.app.conftest import ready

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert app.focused is app.part("#query")
        assert "Maximize" not in _offered(app)  # it had filled the screen with hatching, the box alone on it
        app.screen.action_maximize()
        assert app.screen.maximized is None
        await pilot.press("ctrl+g")
        assert isinstance(app.screen, JumpScreen)
        await pilot.pause()
        assert "Maximize" not in _offered(app)  # it had hidden the matches
        app.screen.action_maximize()
        await pilot.press("tab")
        app.screen.action_maximize()
        assert app.screen.maximized is None
        await pilot.press("escape")
        app.part("#preview").focus()
        await pilot.pause()
        assert "Maximize" in _offered(app)  # the preview still fills the screen on demand


def test_a_long_line_wraps_under_its_own_text() -> None:
    from textual.content import Content

    from maguyva_tui.app.widgets.hanging import hang

    line = Content("  esc                 Back — Close the explain panel, else undo a what-if, else back to the query box")
    wrapped = [part.plain for part in hang(line, 22, 60)]
    assert len(wrapped) == 3 and all(part.startswith(" " * 22) and part[22] != " " for part in wrapped[1:])
    assert "".join(part.strip() + " " for part in wrapped).split() == line.plain.split()  # no word lost
    assert [part.plain for part in hang(line, 22, 200)] == [line.plain]  # short enough: as it is
    assert len(hang(line, 22, 30)[1].plain) - len(hang(line, 22, 30)[1].plain.lstrip()) == 0  # too narrow to hang


@pytest.mark.slow  # over 2 s on 2 cores: the slow pass (.ci/run) runs it
async def test_help_and_explain_wrap_under_the_description_at_80_columns(make_app) -> None:
    from maguyva_tui.app.screens.help import HelpScreen
    from maguyva_tui.app.widgets.explain import ExplainPanel

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ask(pilot, "how does the config loader read settings")
        await pilot.press("escape", "e")
        await pilot.pause(0.2)
        body = app.query_one(ExplainPanel).query_one("#explain-body")
        drawn = [line.rstrip() for line in _lines(body)]
        terms = [i for i, line in enumerate(drawn) if "×" in line and re.match(r"  [a-z]+ +\d", line)]
        wrapped = [drawn[i + 1] for i in terms if drawn[i + 1].strip() and not re.match(r" {0,2}\S", drawn[i + 1])]
        assert wrapped and all(line.startswith(" " * 13) and line[13] != " " for line in wrapped)  # under the term
        await pilot.press("escape", "f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.pause(0.2)
        drawn = [line.rstrip() for line in _lines(app.screen.query_one("#help-body"))]
        esc = next(i for i, line in enumerate(drawn) if "Back — Close the explain panel" in line)
        indent = drawn[esc].index("Back")
        assert drawn[esc + 1].startswith(" " * indent) and "query box" in drawn[esc + 1]  # it had started at the margin


def _lines(widget) -> list[str]:
    widget.render_lines(Region(0, 0, *widget.size))
    return ["".join(segment.text for segment in widget.render_line(y)) for y in range(widget.size.height)]


def test_go_to_lists_the_file_named_so_before_files_that_end_with_the_name() -> None:
    from maguyva_tui.app.fuzzy import rank

    files = ["test/test_tokenize.py", "parso/python/tokenize.py", "test/test_pgen2.py"]
    found = [Target(p, p, 1, 1) for p in files] + [
        Target("test_tokenize_start_pos", "test/test_fstring.py", 133, 140, "function  test/test_fstring.py:133"),
        Target("tokenize", "parso/python/tokenize.py", 342, 360, "function  parso/python/tokenize.py:342"),
        Target("PythonGrammar._tokenize", "parso/grammar.py", 229, 231, "method  parso/grammar.py:229"),
    ]
    labels = [t.label for t in rank("tokenize", found)]
    # parso's own tokenize.py had come after test_tokenize.py and test_tokenize_start_pos
    assert labels[:2] == ["tokenize", "parso/python/tokenize.py"]
    assert labels.index("parso/python/tokenize.py") < labels.index("test/test_tokenize.py")
    assert [t.label for t in rank("tokenize.py", found)][0] == "parso/python/tokenize.py"


async def test_the_line_numbers_stay_in_view_when_the_preview_scrolls_sideways() -> None:
    """helper-115, chardet 5.2.0 with a line of 43,000 characters: scrolled to the match, the numbers
    and marks had scrolled away with the code, the other lines blank rows with nothing to tell them
    apart; a mouse selection still reads the code's own places."""
    from textual.app import App, ComposeResult

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield Preview(id="preview")

    app = One()
    async with app.run_test(size=(80, 12)) as pilot:
        preview = app.query_one(Preview)
        preview.show("tz.min.js", BUNDLE + "// end\n", 1, 1, "javascript", (1,), seek_pattern("utcOffset(s,!0)"))
        await pilot.pause()
        assert preview.scroll_x > 0
        first, second = _drawn(preview, 0), _drawn(preview, 1)
        assert first.startswith("1 ▌ ") and "utcOffset(s,!0)" in first and second.startswith("2   ")
        code = first[4:]
        assert code == BUNDLE[preview.scroll_x : preview.scroll_x + len(code)]
        cell = next(seg for seg in preview.render_line(0) if seg.text and seg.style and seg.style.meta and
                    seg.style.meta["offset"][0] > 0)
        assert cell.style.meta["offset"] == (preview.scroll_x, 0)  # the first code cell: the character there
