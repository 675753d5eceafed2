"""``maguyva graph`` says so when none of a name's several definitions has what was asked.

Found by an outside tester on simplejson 3.19.3 (``py_scanstring`` defined in ``_speedups.c`` and in
``decoder.py``): ``maguyva graph impact py_scanstring`` printed "0 results" under "2 definitions
match; all are used, most central first, ...", which reads as if something used them, where one
definition says "nothing in the graph depends on decoder.py::py_scanstring" (the README: a symbol
nothing calls, extends or depends on is said so; ``maguyva graph`` says why an answer is empty).
"""

from __future__ import annotations

import json

import pytest

from maguyva_tui import cli

CODE = "class Base:\n    def m(self):\n        return 1\n\n\ndef leaf():\n    return 1\n"
BOTH = "a.py::{0}, b.py::{0}"


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    root = tmp_path_factory.mktemp("several")
    (root / "a.py").write_text(CODE)
    (root / "b.py").write_text(CODE)
    index = str(tmp_path_factory.mktemp("ix"))
    assert cli.main(["index", str(root), "--index-dir", index, "--no-semantic", "--json"]) == 0
    return str(root), index


def _ask(repo: tuple[str, str], capsys: pytest.CaptureFixture[str], *args: str) -> tuple[dict[str, object], str]:
    root, index = repo
    capsys.readouterr()
    assert cli.main(["graph", *args, "--repo", root, "--index-dir", index, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert cli.main(["graph", *args, "--repo", root, "--index-dir", index]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("0 results") and answer["total"] == 0
    return answer, err


@pytest.mark.parametrize(("action", "name", "said"), [
    ("impact", "leaf", "nothing in the graph depends on any of them"),
    ("callees", "leaf", "the graph ties no call in any of them to a definition of the repository"),
    ("subtypes", "Base", "nothing in the graph extends or implements any of them"),
    ("overrides", "Base.m", "nothing in the graph overrides any of them"),
])
def test_an_empty_answer_of_several_definitions_says_none_has_it(
    repo: tuple[str, str], capsys: pytest.CaptureFixture[str], action: str, name: str, said: str
) -> None:
    answer, err = _ask(repo, capsys, action, name)
    note = f"2 definitions match; {said}: {BOTH.format(name)}"
    assert answer["notes"] == [note]
    assert err == f"maguyva: {note}\n"


def test_a_question_of_the_wrong_kind_says_which_to_ask(repo: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    answer, _ = _ask(repo, capsys, "subtypes", "leaf")
    assert answer["notes"] == ["leaf is a function, not a type or a method: nothing is built on it or overrides it "
                               "(`maguyva graph callers leaf` lists its call sites)"]


def test_callers_say_it_once(repo: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    answer, _ = _ask(repo, capsys, "callers", "leaf")
    notes = answer["notes"]
    assert isinstance(notes, list) and not any("all are used" in n for n in notes)
    assert sum("no call reaches any of the 2 definitions of leaf" in n for n in notes) == 1
