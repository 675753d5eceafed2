"""Callers of a name: the package's own code before its tests, however central a test helper is."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine

TESTS = 12


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("callers")
    (root / "pkg").mkdir()
    (root / "tests").mkdir()
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "core.py").write_text(
        "def emit(text):\n    return text\n\n\ndef run(text):\n    return emit(text)\n"
    )
    tests = "from pkg.core import emit\n\n\ndef check(text):\n    return emit(text)\n"
    tests += "".join(f"\n\ndef test_{i}():\n    assert check('{i}')\n" for i in range(TESTS))
    (root / "tests" / "test_core.py").write_text(tests)
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    return e


def test_the_code_s_callers_come_before_a_more_central_test_helper(engine: Engine) -> None:
    answer = engine.callers("emit", 10)
    callers = [(site.path, site.caller) for site in answer.entries]
    assert set(callers) == {("pkg/core.py", "run"), ("tests/test_core.py", "check")}
    helper = next(s for s in answer.entries if s.caller == "check")
    code = next(s for s in answer.entries if s.caller == "run")
    assert helper.score > code.score  # called by every test: the more central caller
    assert callers[0] == ("pkg/core.py", "run")


def test_a_search_for_the_callers_lists_the_code_first_and_the_tests_when_asked(engine: Engine) -> None:
    first = engine.search("who calls emit", limit=1).to_json()["results"]
    assert [r["path"] for r in first] == ["pkg/core.py"]
    asked = engine.search("who calls emit in the tests", limit=2).to_json()["results"]
    assert {r["path"] for r in asked} == {"tests/test_core.py"}  # the folder tests/ it closes on: its callers alone
