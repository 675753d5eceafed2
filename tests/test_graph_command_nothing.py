"""``maguyva graph`` says so when the graph holds nothing for a name it knows.

Found by an outside tester on WebOb 1.8.7: ``maguyva graph callers test_parse_date`` printed
"0 results" and nothing more, where ``maguyva search "who calls test_parse_date"`` says "nothing in
the graph calls test_parse_date" (and the README promises a symbol nothing calls, extends or depends
on is said so). An unknown name is refused with its close names instead, so the sentence tells a
leaf from a miss.
"""

from __future__ import annotations

import json

import pytest

from maguyva_tui import cli

CODE = "class Base:\n    def m(self):\n        return 1\n\n\ndef helper():\n    return 1\n\n\ndef run():\n    return helper()\n"


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    root = tmp_path_factory.mktemp("nothing")
    (root / "a.py").write_text(CODE)
    index = str(tmp_path_factory.mktemp("ix"))
    assert cli.main(["index", str(root), "--index-dir", index, "--no-semantic", "--json"]) == 0
    return str(root), index


@pytest.mark.parametrize(("action", "name", "said"), [
    ("callers", "run", "nothing in the graph calls run"),
    ("impact", "run", "nothing in the graph depends on run"),
    ("callees", "helper", "the graph ties no call in helper to a definition of the repository"),
    ("subtypes", "Base", "nothing in the graph extends or implements Base"),
    ("overrides", "Base.m", "nothing in the graph overrides Base.m"),
    ("importers", "a", "no line of the repository imports a"),
])
def test_an_empty_answer_says_the_graph_holds_nothing(
    repo: tuple[str, str], capsys: pytest.CaptureFixture[str], action: str, name: str, said: str
) -> None:
    root, index = repo
    capsys.readouterr()
    assert cli.main(["graph", action, name, "--repo", root, "--index-dir", index, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["total"] == 0 and answer["notes"] == [said]
    assert cli.main(["graph", action, name, "--repo", root, "--index-dir", index]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("0 results") and err == f"maguyva: {said}\n"


def test_a_listed_answer_and_another_note_say_no_such_thing(repo: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    root, index = repo
    capsys.readouterr()
    assert cli.main(["graph", "callers", "helper", "--repo", root, "--index-dir", index, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["notes"] == []
    assert cli.main(["graph", "callers", "Base", "--repo", root, "--index-dir", index, "--json"]) == 0
    notes = json.loads(capsys.readouterr().out)["notes"]
    assert len(notes) == 1 and notes[0].startswith("nothing calls or constructs Base")
