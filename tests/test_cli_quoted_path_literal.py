"""A quoted path is a string to find as written, from a subfolder too: ``"./calc.py"`` typed in ply
3.11's ``example/calc`` (a search answering from the repository's index above it) had listed every
``calc.py`` of the repository as the file the path names, neither the literal text (no line holds
it) nor the file beside the working folder. Unquoted, a path is still the file it names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maguyva_tui.core.intent import classify
from tests.conftest import Runner


def test_a_wholly_quoted_path_is_a_literal_not_a_place() -> None:
    for question in ('"./calc.py"', "'src/a.py:10'", "\u201cpkg/mod.py\u201d"):
        assert classify(question).rule == "quoted_literal", question
    assert classify("./calc.py").rule == "location"
    assert classify('File "/srv/app.py", line 3, in main').rule == "location"  # a trace's frame quotes its path


def test_a_quoted_path_typed_in_a_subfolder_is_found_as_written(indexed_polyglot: Path, here: Runner,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(indexed_polyglot / "app")
    missing = json.loads(here("search", '"./config.py"', "--json").stdout)
    failed = missing["lookup_failed"]  # the literal no line holds, then related code said to be no match
    assert (failed["kind"], failed["target"]) == ("literal", "./config.py"), missing["notices"]
    assert failed["message"].startswith('no line holds "./config.py"')
    assert not any(n.startswith("read ") for n in missing["notices"])
    monkeypatch.chdir(indexed_polyglot / "web")
    held = json.loads(here("search", "'\"./api\"'", "--json").stdout)  # the import's string, quotes and all
    assert [(r["path"], r["start_line"]) for r in held["results"]] == [("web/App.tsx", 2)]
