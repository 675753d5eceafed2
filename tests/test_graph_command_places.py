"""``maguyva graph callers|impact|callees path:line`` asks about the definition holding the line.

As MCP's ``impact`` and ``find_references`` read a place: ``maguyva graph impact
src/wtforms/validators.py:372`` had been "error: no indexed file or folder is
src/wtforms/validators.py:372", where the search reads "what breaks if I change src/a.py:120".
"""

from __future__ import annotations

import json

import pytest

from maguyva_tui import cli

CHECKS = "import re\n\n\ndef check(value):\n    if not value:\n        raise ValueError(value)\n    return value\n"
FORMS = "from pkg.checks import check\n\n\ndef submit(form):\n    return check(form)\n"


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    root = tmp_path_factory.mktemp("places")
    (root / "pkg").mkdir()
    (root / "pkg" / "checks.py").write_text(CHECKS)
    (root / "pkg" / "forms.py").write_text(FORMS)
    index = str(tmp_path_factory.mktemp("ix"))
    assert cli.main(["index", str(root), "--index-dir", index, "--no-semantic", "--json"]) == 0
    return str(root), index


def test_a_place_asks_about_the_definition_holding_its_line(repo: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    root, index = repo
    capsys.readouterr()
    assert cli.main(["graph", "callers", "pkg/checks.py:6", "--repo", root, "--index-dir", index, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["query"] == "callers pkg/checks.py::check"
    assert [(r["path"], r["start_line"]) for r in answer["results"]] == [("pkg/forms.py", 5)]
    assert answer["notes"][0] == "pkg/checks.py:6 is in check (lines 4-7); asking about pkg/checks.py::check"


def test_a_place_past_the_end_is_refused_in_one_line(repo: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    root, index = repo
    capsys.readouterr()
    assert cli.main(["graph", "impact", "pkg/checks.py:80", "--repo", root, "--index-dir", index]) == 2
    assert capsys.readouterr().err == "maguyva: error: pkg/checks.py:80 is past the end of pkg/checks.py, which has 7 lines\n"
