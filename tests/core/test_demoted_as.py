"""The JSON names why a result was demoted (``demoted_as``: ``vendored``, ``secondary``), as
``--explain`` words it: the JSON had carried ``"demotion": 0.5`` alone (helper-222 on
``core/explain.py``'s ``demotion_why``), for one repository, a workspace and each way a page is made."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maguyva_tui import cli
from maguyva_tui.core import fusion
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.explain import demotion_why
from maguyva_tui.core.types import Ranked


@pytest.mark.parametrize(("path", "factor", "kinds"), [
    ("log_test.go", fusion.SECONDARY_DEMOTION, ("secondary",)),
    ("vendor/x/y.go", fusion.DEMOTION, ("vendored",)),
    ("vendor/x/y_test.go", fusion.DEMOTION * fusion.SECONDARY_DEMOTION, ("vendored", "secondary")),
    ("vendor/x/y_test.go", fusion.DEMOTION, ("vendored",)),  # tests asked for
    ("log_test.go", 1.0, ()),  # tests asked for
    ("log.go", 1.0, ()),
])
def test_the_kinds_of_a_demoted_path_are_named_as_the_explanation_words_them(path: str, factor: float,
                                                                               kinds: tuple[str, ...]) -> None:
    assert fusion.demotion_kinds(path, factor) == kinds
    words = {"vendored": "vendored, built or generated", "secondary": "a test, example or doc"}
    assert demotion_why(path, factor) == "; ".join(words[kind] for kind in kinds)


def test_the_json_of_a_result_says_its_kinds_only_when_demoted() -> None:
    plain = Ranked("a.py", 1, 2, None, None, "python", 0.1, "x", ())
    assert "demoted_as" not in plain.to_json()
    test = Ranked("tests/test_a.py", 1, 2, None, None, "python", 0.05, "x", (), demotion=0.5,
                  demoted_as=("secondary",))
    assert test.to_json()["demoted_as"] == ["secondary"] and test.to_json()["demotion"] == 0.5


FILES = {
    "pkg.py": "def parse_level(text):\n    return text.lower()\n\n\ndef load(text):\n    return parse_level(text)\n",
    "tests/test_pkg.py": "from pkg import parse_level\n\n\ndef test_parse_level():\n    assert parse_level('A') == 'a'\n",
    "vendor/dep/use.py": "from pkg import parse_level\n\n\ndef use(text):\n    return parse_level(text)\n",
}


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("demoted") / "repo"
    for name, text in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def _kinds(results: list[dict]) -> dict[str, list[str] | None]:
    return {r["path"]: r.get("demoted_as") for r in results}


@pytest.mark.slow
@pytest.mark.parametrize(("question", "options"), [
    ("who calls parse_level", {}),  # the graph's direct page
    ("parse_level", {"modality": "text"}),  # the text engine's own page
    ("level of text lowered", {"preset": "thorough"}),  # a blend
])
def test_the_json_names_why_each_result_was_demoted(repo: Path, tmp_path: Path, question: str,
                                                    options: dict[str, str]) -> None:
    engine = Engine(repo, tmp_path / "ix", static=False)
    try:
        answer = engine.search(question, **options).to_json()
    finally:
        engine.close()
    kinds = _kinds(answer["results"])
    for r in answer["results"]:
        assert (r["demotion"] < 1.0) == ("demoted_as" in r), r
    assert kinds.get("tests/test_pkg.py", ["secondary"]) == ["secondary"]
    assert kinds.get("vendor/dep/use.py", ["vendored"]) == ["vendored"]
    assert kinds.get("pkg.py") is None and "tests/test_pkg.py" in kinds


@pytest.mark.slow
def test_the_command_and_a_workspace_carry_it(repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "other"
    (other / "tests").mkdir(parents=True)
    (other / "tests" / "test_more.py").write_text("def test_more():\n    assert parse_level('B') == 'b'\n")
    common = ["--index-dir", str(tmp_path / "ix"), "--modality", "text", "--json"]
    assert cli.main(["search", "parse_level", "--repo", str(repo), *common]) == 0
    one = json.loads(capsys.readouterr().out)
    assert _kinds(one["results"])["vendor/dep/use.py"] == ["vendored"]
    assert cli.main(["search", "parse_level", "--repo", str(repo), "--repo", str(other), *common]) == 0
    both = json.loads(capsys.readouterr().out)
    by_repo = {(r["repo"], r["path"]): r.get("demoted_as") for r in both["results"]}
    assert by_repo[("other", "tests/test_more.py")] == ["secondary"]
    assert by_repo[("repo", "vendor/dep/use.py")] == ["vendored"] and by_repo[("repo", "pkg.py")] is None
