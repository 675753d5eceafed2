"""Unit tests of the explorer's headless parts: session, themes, fuzzy jump, editor command, watch filter."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maguyva_tui.app.editor import NoEditor, open_command
from maguyva_tui.app.fuzzy import Target, rank
from maguyva_tui.app.session import Answer, Request, adjusted, moves
from maguyva_tui.app.themes import ThemeError, load_user_themes, theme_from_dict
from maguyva_tui.app.watch import keeps, relevant
from maguyva_tui.core.types import Ranked, SearchResult

REPO = Path(__file__).resolve().parents[2]


def _result(*paths: str) -> SearchResult:
    """A search result listing one line of each path, nothing else said."""
    ranked = tuple(Ranked(p, 1, 1, None, None, None, 1.0, "", ()) for p in paths)
    return SearchResult("q", "(text 'q')", "understand_code", 0.4, None, "fallback", (), "fused", "default", 40,
                        (), (), 1.0, (), ranked, 0.0)


def test_moves_and_adjusted_weights() -> None:
    def answer(*paths: str) -> Answer:
        return Answer.build(Request("q"), _result(*paths), 0.0)

    assert moves(answer("a", "b", "c"), answer("c", "a", "d")) == {
        ("c", 1): 2,
        ("a", 1): -1,
        ("d", 1): None,
    }
    assert moves(None, answer("a")) == {}
    weights = dict(adjusted({"semantic": 0.2, "text": 0.95}, "text", 0.1))
    assert weights == {"semantic": 0.2, "text": 1.0, "structural": 0.0, "graph": 0.0}


def test_example_theme_files_load(tmp_path: Path) -> None:
    loaded = load_user_themes(REPO / "themes")
    assert {t.name for t in loaded.themes} >= {"solarized-dark", "paper"}
    assert loaded.report() is None


def test_bad_theme_files_are_reported_together(tmp_path: Path) -> None:
    (tmp_path / "good.toml").write_text('name = "good"\nprimary = "#123456"\n')
    (tmp_path / "broken.toml").write_text("name = \n")
    (tmp_path / "nocolour.json").write_text(json.dumps({"name": "x", "primary": "not-a-colour"}))
    (tmp_path / "noname.json").write_text(json.dumps({"primary": "#fff"}))
    (tmp_path / "ignored.txt").write_text("whatever")
    loaded = load_user_themes(tmp_path)
    assert [t.name for t in loaded.themes] == ["good"]
    report = loaded.report()
    assert report is not None and report.startswith("3 theme files not loaded:")
    for name in ("broken.toml", "nocolour.json", "noname.json"):
        assert name in report


@pytest.mark.parametrize(
    "data, message",
    [
        ({"name": "a"}, "missing 'primary'"),
        ({"name": "a", "primary": "#fff", "dark": "yes"}, "'dark'"),
        ({"name": "a", "primary": "#fff", "colour": "#fff"}, "unknown field"),
        (
            {"name": "a", "primary": "#fff", "variables": {"modality-text": "nope"}},
            "modality-text",
        ),
    ],
)
def test_theme_validation_messages(data: dict, message: str) -> None:
    with pytest.raises(ThemeError, match=message):
        theme_from_dict(data)



def test_a_whole_list_the_limit_cut_says_more_match() -> None:
    """helper-151, deepdiff 8.0.1: who calls DeepDiff (440 calls) had read 'direct · 50 results', as
    if they were all; the list is asked for one more, and a whole list cut says 50+ and why."""
    from dataclasses import replace

    from maguyva_tui.app.widgets.readback import _counts

    paths = [f"t{i}.py" for i in range(4)]
    listing = replace(_result(*paths), fusion_strategy="direct")
    cut = Answer.build(Request("q"), listing, 0.0, limit=3)
    assert [r.path for r in cut.rows] == paths[:3] and cut.more
    assert cut.notices == ["showing the first 3; more match: narrow the query"]
    assert "3+ results" in _counts(cut).plain
    whole = Answer.build(Request("q"), listing, 0.0, limit=4)
    assert len(whole.rows) == 4 and not whole.more and not whole.notices and "4 results" in _counts(whole).plain
    blend = Answer.build(Request("q"), _result(*paths), 0.0, limit=3)  # fused: related code always goes on
    assert len(blend.rows) == 3 and not blend.more and not blend.notices

def test_fuzzy_rank_prefers_whole_words_and_file_names() -> None:
    targets = [Target(p, p, 1, 1) for p in ("app/config.py", "app/server.py", "cpp/shapes.cpp")]
    targets.append(Target("ConfigLoader.load", "app/config.py", 20, 30, "method"))
    assert rank("config", targets)[0].label == "app/config.py"
    assert rank("cfgld", targets)[0].label == "ConfigLoader.load"
    assert rank("zzz", targets) == []
    assert len(rank("", targets, limit=2)) == 2



def test_go_to_matches_a_symbol_through_its_path_as_fzf_reads_path_symbol() -> None:
    """helper-151, deepdiff 8.0.1: 'modelDiffLevel' (a word of the path, then of the symbol) and
    'model difflevel' had found nothing; they find the class, after what the name alone matches."""
    files = ["deepdiff/model.py", "deepdiff/helper.py"]
    found = [Target(p, p, 1, 1) for p in files] + [
        Target("DiffLevel", "deepdiff/model.py", 500, 600, "class  deepdiff/model.py:500"),
        Target("DiffLevel.path", "deepdiff/model.py", 700, 720, "method  deepdiff/model.py:700"),
        Target("short_repr", "deepdiff/helper.py", 10, 12, "function  deepdiff/helper.py:10"),
        Target("model_diff_level", "deepdiff/helper.py", 30, 32, "function  deepdiff/helper.py:30"),
    ]
    assert [t.label for t in rank("modelDiffLevel", found)] == ["model_diff_level", "DiffLevel", "DiffLevel.path"]
    assert [t.label for t in rank("model difflevel", found)][:2] == ["DiffLevel", "DiffLevel.path"]
    assert [t.label for t in rank("difflevel model", found)][:2] == ["DiffLevel", "DiffLevel.path"]
    assert rank("helper zzz", found) == [] and rank("modelzzz", found) == []
    assert [t.label for t in rank("model", found)][0] == "deepdiff/model.py"  # the name's own matches first

def test_editor_command_conventions(tmp_path: Path) -> None:
    path = tmp_path / "a.py"
    assert open_command(path, 7, {"EDITOR": "nvim"}) == ["nvim", "+7", str(path)]
    assert open_command(path, 7, {"VISUAL": "emacs -nw"}) == [
        "emacs",
        "-nw",
        "+7",
        str(path),
    ]
    assert open_command(path, 7, {"EDITOR": "code --wait"}) == [
        "code",
        "--wait",
        "-g",
        f"{path}:7",
    ]
    monkey_env: dict[str, str] = {}
    try:
        command = open_command(path, 7, monkey_env)
    except NoEditor as exc:
        assert "EDITOR" in str(exc)
    else:
        assert command[-2:] == ["+7", str(path)]


def test_watch_ignores_vcs_caches_and_the_index(tmp_path: Path) -> None:
    changes = [
        (1, str(tmp_path / "a.py")),
        (1, str(tmp_path / ".git" / "index")),
        (1, str(tmp_path / "pkg" / "__pycache__" / "a.pyc")),
        (1, str(tmp_path / "idx" / "x")),
    ]
    assert relevant(changes, tmp_path, tmp_path / "idx") == [str(tmp_path / "a.py")]


def test_watch_keeps_gits_exclude_file(tmp_path: Path) -> None:
    exclude = str(tmp_path / ".git" / "info" / "exclude")
    assert relevant([(2, exclude), (2, str(tmp_path / ".git" / "info" / "refs"))], tmp_path) == [exclude]
    assert keeps(2, exclude) and keeps(2, str(tmp_path / "a.py"))  # watchfiles' own filter lets it through
    assert not keeps(2, str(tmp_path / ".git" / "index"))


def test_the_quick_exit_driver_lets_go_only_on_a_quit() -> None:
    """Issue 20.7: on a quit the input thread is told to stop, not waited for; a suspend waits."""
    import threading

    from textual.drivers.headless_driver import HeadlessDriver
    from textual.drivers.linux_driver import LinuxDriver

    from maguyva_tui.app.driver import quick_exit

    assert quick_exit(HeadlessDriver) is HeadlessDriver  # tests and other drivers: as they are
    driver_class = quick_exit(LinuxDriver)
    assert issubclass(driver_class, LinuxDriver)

    class App:
        quitting = False

    app = App()
    driver = driver_class.__new__(driver_class)
    driver._app, driver.exit_event, driver._mouse, driver.fileno = app, threading.Event(), False, -1
    stop = threading.Event()
    driver._key_thread = threading.Thread(target=stop.wait)  # an input thread that never polls again
    driver._key_thread.start()
    app.quitting = True
    driver.disable_input()  # returns at once, the stop is left set for the thread to see
    assert driver.exit_event.is_set() and driver._key_thread.is_alive()
    stop.set()


def test_a_lifted_result_explains_its_lift_and_still_adds_up() -> None:
    """The leading engine's clear first answer is multiplied by its lift: the panel shows the factor
    and checks the terms against the score with it (without it the sum would be half the score)."""
    from maguyva_tui.app.session import Row
    from maguyva_tui.app.widgets.explain import explain
    from maguyva_tui.core.types import Vote

    vote = Vote(0, 3.2, 0.6, 0.6 / 41)
    ranked = Ranked("a.py", 1, 9, "parse", "function", "python", 2 * 0.6 / 41, "", (("semantic", vote),), lift=2.0)
    plain = explain(Answer(Request("parse it"), _result("a.py")), Row(ranked), 0).plain
    assert "lift       × 2" in plain and "✓ terms add up" in plain
    wrong = Ranked("a.py", 1, 9, "parse", "function", "python", 2 * 0.6 / 41, "", (("semantic", vote),))
    assert "do not add up" in explain(Answer(Request("parse it"), _result("a.py")), Row(wrong), 0).plain


def test_the_explain_panel_shows_each_notice_whole() -> None:
    """The status line cuts the answer's notices to its width; the explain panel gives each whole."""
    from maguyva_tui.app.session import Row
    from maguyva_tui.app.widgets.explain import explain
    from maguyva_tui.core.types import Vote

    note = ("5 more calls name ServeHTTP but the graph could not tie them to a definition (through an "
            "interface, on a receiver of unknown type, or into another package): first context.go:1034")
    ranked = Ranked("a.py", 1, 9, "parse", "function", "python", 0.6 / 41, "", (("graph", Vote(0, 1.0, 0.6, 0.6 / 41)),))
    answer = Answer(Request("who calls ServeHTTP"), _result("a.py"), notices=[note, "the graph engine alone found nothing"])
    lines = explain(answer, Row(ranked), 0).plain.splitlines()
    assert f"notice    {note}" in lines and "notice    the graph engine alone found nothing" in lines
    assert not [line for line in explain(Answer(Request("parse it"), _result("a.py")), Row(ranked), 0).plain.splitlines()
                if line.startswith("notice")]


def test_a_what_if_weight_of_an_engine_the_preset_leaves_out_is_said_to_change_nothing() -> None:
    """helper-115, chardet 5.2.0: on the quick preset, + on the graph's weight turned the list into the
    semantic engine's alone (every row moved, the graph bar raised); on default, the graph's weight
    changed nothing but the strategy. It is said, and the list left as it is."""
    from types import SimpleNamespace

    from maguyva_tui.app.actions import ActionsMixin

    said: list[str] = []
    asked: list[Request] = []
    readback = SimpleNamespace(selected="semantic")
    app = SimpleNamespace(answer=SimpleNamespace(weights={"semantic": 0.5, "text": 0.2, "structural": 0.2, "graph": 0.1},
                                                 request=Request("q")),
                          request=Request("q", preset="default"), part=lambda _: readback, submit=asked.append,
                          notify=lambda message, **_: said.append(message))
    ActionsMixin.nudge_weight(app, "graph", 0.1)  # type: ignore[arg-type]
    assert asked == [] and readback.selected == "graph"
    assert said == ["the default preset blends semantic, text, structural: a graph weight changes nothing "
                    "(p: thorough blends all four)"]
    ActionsMixin.nudge_weight(app, "text", 0.1)  # type: ignore[arg-type]
    assert len(asked) == 1 and dict(asked[0].weights or ())["text"] == pytest.approx(0.3)
    app.request = Request("q", preset="quick")
    ActionsMixin.nudge_weight(app, "text", -0.1)  # type: ignore[arg-type]
    assert len(asked) == 1 and said[-1].startswith("the quick preset asks the semantic engine alone: a text weight")
    app.request = Request("q", preset="thorough")
    ActionsMixin.nudge_weight(app, "graph", 0.1)  # type: ignore[arg-type]
    assert len(asked) == 2


def test_a_place_gone_to_that_no_result_holds_is_said_so() -> None:
    """``e`` after a go-to where no result holds the place: the file named once, the question quoted,
    the file's own results listed, and a hint that fits (no question yet: ask one)."""
    from maguyva_tui.app.widgets.explain import unlisted

    file = Target("a.py", "a.py", 1, 1)
    assert unlisted(None, file).plain.splitlines()[:2] == ["a.py  file", "is not ranked: no question is asked"]
    assert unlisted(None, file).plain.endswith("ask a question first.")
    answer = Answer.build(Request("q"), _result("b.py", "a.py"), 0.0)
    symbol = Target("f", "a.py", 9, 12, "function  a.py:9")
    text = unlisted(answer, symbol).plain
    assert text.splitlines()[:3] == ["f  function  a.py:9", "is not among the 2 results of 'q'",
                                     "its file is listed: #2  a.py:1"]
    assert text.endswith("esc to the results and e on one.")


def test_a_weight_nudged_before_its_intent_is_answered_moves_that_intents_profile() -> None:
    """furl, parsimonious and pyrsistent as a workspace: ``i`` then ``+`` before the new intent's
    answer came had moved the weights of the intent on screen (find_references override shown with
    find_definition's 0.6 structural); and + + before the first + was answered had moved it once."""
    from types import SimpleNamespace

    from maguyva_tui.app.actions import ActionsMixin

    asked: list[Request] = []
    definition = {"semantic": 0.2, "text": 0.1, "structural": 0.6, "graph": 0.1}
    app = SimpleNamespace(answer=SimpleNamespace(weights=definition, request=Request("PVector", preset="thorough")),
                          request=Request("PVector", intent="find_references", preset="thorough"),
                          part=lambda _: SimpleNamespace(selected="graph"), deferred_nudges=[])
    app.submit = lambda request: (asked.append(request), setattr(app, "request", request))
    app.nudge_weight = lambda modality, step: ActionsMixin.nudge_weight(app, modality, step)  # type: ignore[arg-type]
    app.nudge_weight("graph", 0.1)
    assert asked == [] and app.deferred_nudges == [("graph", 0.1)]  # kept for the answer on its way
    app.answer = SimpleNamespace(weights={"semantic": 0.1, "text": 0.2, "structural": 0.2, "graph": 0.5}, request=app.request)
    ActionsMixin.apply_deferred_nudges(app)  # type: ignore[arg-type]
    assert app.deferred_nudges == [] and dict(asked[-1].weights or ())["graph"] == pytest.approx(0.6)
    app.nudge_weight("graph", 0.1)  # before the 0.6 is answered
    assert dict(asked[-1].weights or ())["graph"] == pytest.approx(0.7)


def test_watch_keeps_changes_in_a_repository_under_node_modules_or_a_venv(tmp_path: Path) -> None:
    """watchfiles' default filter read the whole path: a repository opened under ``node_modules/``
    (a dependency's source, which maguyva searches alone) had every change dropped; folders below
    the root are still judged by it."""
    root = tmp_path / "node_modules" / "left-pad"
    assert keeps(2, str(root / "index.js"), (root,))
    assert keeps(2, str(tmp_path / ".venv" / "lib" / "pkg" / "a.py"), (tmp_path / ".venv" / "lib" / "pkg",))
    assert not keeps(2, str(root / "node_modules" / "dep" / "index.js"), (root,))
    assert not keeps(2, str(root / ".git" / "index"), (root,)) and keeps(2, str(root / ".git" / "info" / "exclude"), (root,))
    assert not keeps(2, str(root / "a.pyc"), (tmp_path, root))
