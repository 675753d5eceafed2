"""What the explanation says beside its numbers (helper-214, on zerolog): why a result was demoted,
and that the semantic engine did not run when it did not."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core import fusion
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.explain import demotion_why, explain_text, header_text
from maguyva_tui.core.types import SearchResult


@pytest.mark.parametrize(("path", "factor", "said"), [
    ("log_test.go", fusion.SECONDARY_DEMOTION, "a test, example or doc"),
    ("examples/main.go", fusion.SECONDARY_DEMOTION, "a test, example or doc"),
    ("vendor/github.com/x/y.go", fusion.DEMOTION, "vendored, built or generated"),
    ("vendor/github.com/x/y_test.go", fusion.DEMOTION * fusion.SECONDARY_DEMOTION,
     "vendored, built or generated; a test, example or doc"),
    ("vendor/github.com/x/y_test.go", fusion.DEMOTION, "vendored, built or generated"),  # tests asked for
    ("log.go", 1.0, ""),
])
def test_a_demotion_says_which_kind_of_path_it_is(path: str, factor: float, said: str) -> None:
    assert demotion_why(path, factor) == said


WEIGHTS = (("semantic", 0.1), ("text", 0.2), ("structural", 0.2), ("graph", 0.5))


def _weights_line(strategy: str, run: tuple[str, ...]) -> str:
    result = SearchResult("who calls Msgf", "(text)", "find_references", 0.9, "Msgf", "references_phrase", WEIGHTS,
                          strategy, "default", 40, run, (), 1.0, (), (), 0.0)
    return next(line for line in header_text(result).splitlines() if line.startswith("weights"))


def test_the_weights_line_says_which_engines_did_not_run() -> None:
    """A direct answer's line had shown the plan's four weights, as if each had ranked something."""
    assert _weights_line("direct", ("graph",)) == (
        "weights     semantic not run  text not run  structural not run  graph ██··· 0.5")
    assert "not run" not in _weights_line("fused", ("semantic", "text", "structural", "graph"))


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "tests").mkdir(parents=True)
    (root / "pkg.py").write_text("def parse_level(text):\n    return text.lower()\n\n\n"
                                 "def load(text):\n    return parse_level(text)\n")
    (root / "tests" / "test_pkg.py").write_text("from pkg import parse_level\n\n\n"
                                                "def test_parse_level():\n    assert parse_level('A') == 'a'\n")
    return root


@pytest.mark.slow
def test_the_explanation_says_why_a_test_is_demoted_and_that_semantic_did_not_run(repo: Path, tmp_path: Path) -> None:
    engine = Engine(repo, tmp_path / "index", static=False)
    try:
        result = engine.search("who calls parse_level", limit=10)
    finally:
        engine.close()
    assert result.modalities_run == ("graph",) and [r.path for r in result.results] == ["pkg.py", "tests/test_pkg.py"]
    text = explain_text(result)
    assert "semantic    not run; " in text  # it had read "semantic    0% of chunks rankable", as if it had ranked
    assert "× demotion 0.5 (a test, example or doc) = " in text  # it had said "× demotion 0.5" alone
    assert "× demotion 1 = " in text
