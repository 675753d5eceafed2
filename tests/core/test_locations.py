"""Places a question spells out: a pasted trace, ``path:line``, a path (``core/locations.py``).

Before, a Python traceback pasted as a question listed the lines that say ``except KeyError``, and
``src/flask/app.py`` listed code that resembles the words "src", "flask" and "app"; now each is
the place itself, its enclosing definition shown, and a place the repository does not hold leaves
the question to the other rules.
"""

from __future__ import annotations

import json
import time

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import classify
from maguyva_tui.core.locations import LOCATION_RULE, Place, parse
from tests.core.test_failed_lookup import FirstWordProvider


@pytest.mark.parametrize(("text", "places"), [
    ('File "/home/u/proj/app/server.py", line 5, in serve', ["/home/u/proj/app/server.py:5"]),
    ("src/main.rs:10:5", ["src/main.rs:10"]),
    ("error[E0308]: mismatched types\n --> src/main.rs:10:5", ["src/main.rs:10"]),
    ("    at Object.<anonymous> (/srv/app/index.js:10:5)", ["/srv/app/index.js:10"]),
    ("src/a.ts(10,5): error TS2322: Type 'string' is not assignable", ["src/a.ts:10"]),
    ("\tat com.x.Foo.bar(Foo.java:42)", ["Foo.java:42"]),
    ("\t/home/u/go/src/x/main.go:12 +0x1d", ["/home/u/go/src/x/main.go:12"]),
    ("C:\\work\\app\\config.py:3", ["C:/work/app/config.py:3"]),
    ("see foo.c:12 and bar.h:3", ["foo.c:12", "bar.h:3"]),
    ("app/config.py", ["app/config.py"]),
    ("config.py", ["config.py"]),
    ("docker/Dockerfile", ["docker/Dockerfile"]),
    ("settings.json", ["settings.json"]),
    ("wait.py#L120", ["wait.py:120"]),  # an anchor on a path: it had read as the member wait.py.L120
    ("src/a.py#L12-L20", ["src/a.py:12-20"]),
    ("line 120 of wait.py", ["wait.py:120"]),  # in words: it had been a question about meaning
    ("wait.py, line 120?", ["wait.py:120"]),
    ("line 5 in tenacity/wait.py", ["tenacity/wait.py:5"]),
])
def test_places_are_read_from_what_tools_print(text: str, places: list[str]) -> None:
    assert [str(p) for p in parse(text)] == places
    assert classify(text).rule == LOCATION_RULE


@pytest.mark.parametrize("text", [
    "how does config.py load the settings", "os.path", "json.dumps", "self.parse_args()", "std::vector",
    "localhost:8080", "10:30", "read/write lock", "https://example.org/app/config.py", "parse_config",
    "who calls parse_config", "", "Foo#bar", "what is on line 12 of wait.py", "line 3 of the file",
])
def test_words_that_only_look_like_places_are_not(text: str) -> None:
    assert parse(text) == ()
    assert classify(text).rule != LOCATION_RULE


def test_a_python_trace_is_read_innermost_frame_first() -> None:
    trace = ('Traceback (most recent call last):\n  File "/a/outer.py", line 3, in f\n'
             '  File "/a/inner.py", line 9, in g\nKeyError: 1')
    assert parse(trace) == (Place("/a/inner.py", 9), Place("/a/outer.py", 3))


def test_a_long_paste_is_read_in_linear_time() -> None:
    """Pathological pastes (one 4 KiB token of path characters, colons, parentheses) classify
    at once: nothing backtracks."""
    for text in ("a/" * 2000 + "x", "a:" * 2000 + "1", "(" * 4000 + "x.py:1", 'File "' + "x" * 4000, "x.py:" + "9" * 4090):
        started = time.process_time()
        classify(text)
        parse(text)
        assert time.process_time() - started < 1.0


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("repo")
    (root / "app").mkdir()
    (root / "app" / "config.py").write_text(
        "def parse_config(text):\n    return dict(line.split('=') for line in text.splitlines())\n\n\n"
        "class ConfigLoader:\n    def load(self, path):\n        raise KeyError(path)\n"
    )
    (root / "app" / "server.py").write_text(
        "from app.config import ConfigLoader\n\n\ndef serve(path):\n    return ConfigLoader().load(path)\n"
    )
    (root / "tools").mkdir()
    (root / "tools" / "vendor").mkdir()
    (root / "tools" / "config.py").write_text("VALUE = 1\n")
    (root / "tools" / "vendor" / "config.py").write_text("OTHER = 2\n")
    (root / "tools" / "notes.py").write_text("def todo_list():\n    # TODO: drop this helper\n    return []\n")
    e = Engine(root, tmp_path_factory.mktemp("index"), provider=FirstWordProvider(), static=False)
    e.refresh()
    e.embed_pending()
    return e


def _places(engine: Engine, question: str) -> list[tuple[str, int, str | None]]:
    return [(r.path, r.start_line, r.symbol) for r in engine.search(question, limit=10).results]


def test_a_trace_from_another_machine_lists_its_frames_in_the_repository(engine: Engine) -> None:
    trace = ('Traceback (most recent call last):\n'
             '  File "/usr/lib/python3.11/runpy.py", line 196, in _run_module_as_main\n'
             '  File "/home/someone/checkout/app/server.py", line 5, in serve\n'
             '    return ConfigLoader().load(path)\n'
             '  File "/home/someone/checkout/app/config.py", line 7, in load\n'
             '    raise KeyError(path)\nKeyError: \'x\'')
    answer = engine.search(trace, limit=10)
    assert answer.rule == LOCATION_RULE and answer.fusion_strategy == "direct"
    assert [(r.path, r.symbol) for r in answer.results] == [
        ("app/config.py", "ConfigLoader.load"), ("app/server.py", "serve")]
    assert answer.lookup_failed is None


def test_a_trace_through_an_installed_copy_lists_the_files_its_folders_and_name_end(engine: Engine) -> None:
    """``site-packages/typeguard/_functions.py`` is ``src/typeguard/_functions.py`` here (a package
    installed from a src layout): the trace had named "none of the 2 places" and been searched as words."""
    trace = ('Traceback (most recent call last):\n'
             '  File "/usr/lib/python3/site-packages/vendor/config.py", line 1, in <module>\n'
             '  File "/usr/lib/python3.11/json/notes.py", line 2, in todo_list\n'
             'KeyError: \'x\'')
    answer = engine.search(trace, limit=10)
    assert answer.rule == LOCATION_RULE and [r.path for r in answer.results] == ["tools/vendor/config.py"]


def test_a_path_and_line_is_its_enclosing_definition(engine: Engine) -> None:
    assert _places(engine, "app/config.py:2")[0] == ("app/config.py", 1, "parse_config")
    assert _places(engine, "./app/config.py:6:9: E501 line too long")[0][2] == "ConfigLoader.load"
    far = engine.search("app/config.py:999", limit=10)
    assert far.results[0].path == "app/config.py"  # past the end: the file's last definition, said so
    explained = json.dumps(far.to_json())
    assert "past its last line" in explained


def test_a_line_number_of_any_length_is_a_line_past_the_end(engine: Engine) -> None:
    """Ten digits or more had been read with the path as one path: 'no indexed file is
    app/config.py:99999999999999999999', where app/config.py:99999 is the file, past its end."""
    assert parse("app/config.py:99999999999999999999") == (Place("app/config.py", 99999999999999999999),)
    far = engine.search("app/config.py:99999999999999999999", limit=10)
    assert far.lookup_failed is None and far.results[0].path == "app/config.py"
    assert "line 99999999999999999999 of app/config.py (past its last line, 7)" in json.dumps(far.to_json())


def test_a_path_lists_every_file_it_ends_shallowest_first(engine: Engine) -> None:
    assert [p for p, _, _ in _places(engine, "config.py")] == [
        "app/config.py", "tools/config.py", "tools/vendor/config.py"]
    assert [p for p, _, _ in _places(engine, "vendor/config.py")] == ["tools/vendor/config.py"]
    answer = engine.search("config.py", limit=10)
    assert answer.lookup_failed is None and not any("no symbol" in n for n in answer.notices)


def test_a_page_is_a_prefix_of_a_longer_one(engine: Engine) -> None:
    short = engine.search("config.py", limit=2).results
    assert [(r.path, r.start_line) for r in short] == [(r.path, r.start_line) for r in engine.search("config.py", limit=10).results][:2]


def test_places_the_repository_does_not_hold_leave_the_question_to_the_other_rules(engine: Engine) -> None:
    trace = 'File "/usr/lib/python3.11/json/decoder.py", line 3, in x\nKeyError: foo'
    answer = engine.search(trace, limit=10)
    assert answer.rule != LOCATION_RULE and answer.intent == "exact_match" and answer.target == "KeyError"
    assert engine.search("missing/nothing.py", limit=10).rule != LOCATION_RULE


def test_a_comment_tag_lists_the_comments_that_hold_it(engine: Engine) -> None:
    """Not a place, but read the same way: what a developer pastes or types to go somewhere."""
    answer = engine.search("TODO", limit=10)
    assert answer.intent == "exact_match" and [(r.path, r.start_line) for r in answer.results] == [("tools/notes.py", 2)]


def test_a_trace_longer_than_the_classifier_reads_is_still_its_frames(engine: Engine) -> None:
    """A long pasted trace: the classifier and the structural engine read the same head of it."""
    frame = '  File "/srv/app/app/server.py", line 5, in serve\n    return ConfigLoader().load(path)\n'
    filler = '  File "/usr/lib/python3.11/threading.py", line 1, in run\n    self._target()\n' * 80
    trace = "Traceback (most recent call last):\n" + frame + filler + '  File "/x/app/config.py", line 7, in load\nKeyError: 1\n'
    assert len(trace) > 4096
    answer = engine.search(trace, limit=10)
    assert answer.rule == LOCATION_RULE and [r.path for r in answer.results] == ["app/server.py"]


@pytest.mark.parametrize("text", ["src/flask/app.py:²", "src/a.ts(①,5)", "src/a.ts(1,²)", "a.py:3:²"])
def test_digits_that_int_refuses_are_no_line_number(text: str) -> None:
    """``str.isdigit`` takes ``²`` and ``①``; ``int`` refused them and the search ended in
    ``internal error: ValueError``."""
    assert all(p.line in (None, 1, 3) for p in parse(text))
    classify(text)


def test_a_lone_identifier_is_read_as_no_place_without_a_path_made(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every question is asked whether it names a place: a word with no dot has no file suffix, and
    no ``PurePosixPath`` is made for it nor ``urllib.parse`` imported (a few µs of every literal
    search's classification); a dotted name still reads as a file."""
    import maguyva_tui.core.locations as locations

    def refuse(path: str) -> None:
        raise AssertionError(f"a path made for {path!r}")

    monkeypatch.setattr(locations, "PurePosixPath", refuse)
    assert parse("andre_poly") == ()
    assert parse("Makefile_helper") == ()
    monkeypatch.undo()
    assert parse("app.py") == (Place("app.py"),)
    assert parse("https://github.com/o/r/blob/main/src/app.py#L3") == (Place("src/app.py", 3),)
