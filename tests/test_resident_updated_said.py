"""A search the resident server answers after re-reading an edited file says so, as in process.

Found by helper-329 (2026-12-06), fixed by helper-338: the server refreshes the index before it
runs the command, and dropped what that refresh did unless it was a wait for another build, so
its count line read "1 result in 2.1 ms" where the same search in process reads "1 result in
80.2 ms (after updating 1 file: 0.4 s)" (the README promises the in-process command's answer).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.test_resident_waited_said import _run, serving


@pytest.fixture
def served() -> Iterator[tuple[Path, dict[str, str]]]:
    """A repository of two files, its index and a resident server answering for it."""
    with serving({"a.py": "def alpha():\n    return 1\n", "b.py": "def beta():\n    return 2\n"}) as (root, _, env):
        yield root, env


@pytest.mark.slow  # a server started, three searches (about 6 s)
def test_a_search_the_server_answers_after_an_edit_says_what_it_updated(served: tuple[Path, dict[str, str]]) -> None:
    root, env = served
    (root / "a.py").write_text("def alpha():\n    return 1\n\n\ndef gamma_edited():\n    return 3\n")
    answer = _run(["search", "--repo", str(root), "--modality", "text", "gamma_edited"], env)
    assert answer.returncode == 0, answer.stderr
    count = [line for line in answer.stdout.splitlines() if " in " in line and "result" in line]
    assert len(count) == 1 and "(after updating 1 file: " in count[0], answer.stdout
    again = _run(["search", "--repo", str(root), "--modality", "text", "gamma_edited"], env)
    assert "after updating" not in again.stdout, again.stdout  # nothing changed since: nothing to say
    (root / "b.py").write_text("def beta():\n    return 22\n")
    as_json = json.loads(_run(["search", "--repo", str(root), "--modality", "text", "--json", "beta"], env).stdout)
    assert (as_json.get("index_update") or {}).get("files") == 1, as_json.get("index_update")
    status = _run(["server", "status", "--repo", str(root)], env).stdout
    assert "3 questions answered" in status, status  # the server answered all three, not the command in process
