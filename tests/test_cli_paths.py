"""Questions that name a file or folder by its path, through ``maguyva search`` (``--json``,
``--batch``) and ``maguyva graph``: the path is the target, and a path no indexed file or folder
is is said in one line with the close paths."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import Runner


def test_search_json_and_batch_read_a_path_whole(indexed_polyglot: Path, here: Runner) -> None:
    """"what breaks if I change app/config.py" had asked about ``app``; a Windows path the same."""
    lines = ('{"query": "what breaks if I change app/config.py", "limit": 50}\n'
             '{"query": "what breaks if I change app\\\\config.py", "limit": 50}\n'
             '{"query": "impact of app/confg.py", "limit": 5}\n')
    proc = here("search", "--batch", "-", "--repo", str(indexed_polyglot), stdin=lines)
    assert proc.returncode == 0, proc.stderr
    whole, windows, typo = (json.loads(line) for line in proc.stdout.splitlines())
    for answer in (whole, windows):
        assert answer["target"] == "app/config.py" and answer.get("lookup_failed") is None
        assert "app/server.py" in {r["path"] for r in answer["results"]}  # it imports app.config
    assert typo["lookup_failed"]["message"] == ("no indexed file or folder is app/confg.py; showing related code; "
                                                "close paths: app/config.py")


def test_two_words_joined_by_a_slash_are_no_missing_path(indexed_polyglot: Path, here: Runner) -> None:
    """"the input/output handling" had said "no indexed file or folder is input/output"; a path under
    an indexed folder (``app/confg``) is still said to be missing."""
    lines = ('{"query": "what breaks if I change the input/output handling", "limit": 5}\n'
             '{"query": "what breaks if I change app/confg", "limit": 5}\n')
    proc = here("search", "--batch", "-", "--repo", str(indexed_polyglot), stdin=lines)
    assert proc.returncode == 0, proc.stderr
    words, typo = (json.loads(line) for line in proc.stdout.splitlines())
    assert words.get("lookup_failed") is None
    assert not any("no indexed file or folder" in n for n in words["notices"])
    assert typo["lookup_failed"]["message"].startswith("no indexed file or folder is app/confg")


def test_graph_impact_of_a_missing_path_says_so_with_the_close_paths(indexed_polyglot: Path, here: Runner) -> None:
    proc = here("graph", "impact", "app/confg.py", "--repo", str(indexed_polyglot))
    assert proc.returncode == 2
    assert proc.stderr.strip() == "maguyva: error: no indexed file or folder is app/confg.py; close paths: app/config.py"
    found = here("graph", "impact", "app\\config.py", "--repo", str(indexed_polyglot), "--json")
    assert found.returncode == 0, found.stderr
    assert "app/server.py" in {r["path"] for r in json.loads(found.stdout)["results"]}


def test_a_graph_question_at_a_path_and_line_asks_about_the_definition_there(indexed_polyglot: Path, here: Runner) -> None:
    """"what breaks if I change app/config.py:14" had shown line 14 alone, as if only the place was asked."""
    answer = json.loads(here("search", "what breaks if I change app/config.py:14", "--json",
                             "--repo", str(indexed_polyglot)).stdout)
    assert answer["intent"] == "impact_analysis" and answer["target"] == "app/config.py::parse_config"
    assert "app/config.py:14 is in parse_config (lines 12-21); asking about app/config.py::parse_config" in answer["notices"]
    assert "app/server.py" in {r["path"] for r in answer["results"]}
    placed = json.loads(here("search", "app/config.py:14", "--json", "--repo", str(indexed_polyglot)).stdout)
    assert placed["intent"] == "find_definition"  # a place alone is still that place


def test_where_is_a_name_defined_in_a_folder_lists_its_definitions_there(indexed_polyglot: Path, here: Runner) -> None:
    answer = json.loads(here("search", "where is parse_config defined in web/", "--json",
                             "--repo", str(indexed_polyglot)).stdout)
    assert answer["target"] == "parse_config"
    inside = json.loads(here("search", "where is parse_config defined in ./app/", "--json",
                             "--repo", str(indexed_polyglot)).stdout)
    assert {r["path"] for r in inside["results"]} == {"app/config.py"}
    elsewhere = json.loads(here("search", "where is parse_config defined in go/nothere", "--json",
                                "--repo", str(indexed_polyglot)).stdout)
    assert any(n.startswith("no indexed folder is go/nothere") and n.endswith("answered from the whole repository")
               for n in elsewhere["notices"])
    assert "app/config.py" in {r["path"] for r in elsewhere["results"]}


def test_graph_impact_of_a_folder_names_its_files(indexed_polyglot: Path, here: Runner) -> None:
    """"2 definitions match; all are used" had read as if something used them, over no result."""
    answer = json.loads(here("graph", "impact", "web/", "--json", "--repo", str(indexed_polyglot)).stdout)
    files = sorted(p.relative_to(indexed_polyglot).as_posix() for p in (indexed_polyglot / "web").iterdir())
    assert answer["notes"][0].startswith(f"web/ is {len(files)} files ({', '.join(files[:4])}")
    assert all(not r["path"].startswith("web/") for r in answer["results"])


def test_a_folders_line_counts_no_page_the_cut_line_does(indexed_polyglot: Path, here: Runner) -> None:
    """``maguyva search zstd/lib/compress --limit 3`` had said "the first 4 are listed" above 3 results:
    the folder's line counted the one result past the page that the command line asks for."""
    proc = here("search", "app/", "--limit", "2", "--repo", str(indexed_polyglot))
    assert proc.returncode == 0, proc.stderr
    assert [line.split()[1] for line in proc.stdout.splitlines() if line.lstrip()[:2] in ("1.", "2.", "3.")] == [
        "app/__init__.py:1", "app/config.py:1"]
    said = proc.stderr.splitlines()
    assert said[0] == "maguyva: app/ is a folder of 3 indexed files, those directly in it listed first " \
                      "(a name in it: `where is NAME defined`)"
    assert said[1] == "maguyva: showing the first 2; more match: raise --limit or narrow the query"
