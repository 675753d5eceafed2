"""A question asking for a name's tests (found by an outside tester on dacite 1.9.2): "tests for
is_optional" had been answered with is_optional's definition; the index knows test files, and the
lines of tests calling or naming it come first."""

from __future__ import annotations

import pytest

from maguyva_tui.core.code_tests import is_test_file
from maguyva_tui.core.code_tests import tests_asked as asked_tests  # not collected as a test
from maguyva_tui.core.engine import Engine
from tests.core.small_repo import indexed

FILES = {
    "pkg/__init__.py": "",
    "pkg/types.py": "def is_optional(t):\n    return t is None\n\n\ndef is_union(t):\n    return False\n",
    "pkg/core.py": "from pkg.types import is_optional\n\n\ndef build(t):\n    return is_optional(t)\n",
    "tests/test_types.py": "from pkg.types import is_optional\n\n\ndef test_is_optional():\n    assert is_optional(None)\n\n\n"
                           "def test_not_optional():\n    assert not is_optional(1)\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, FILES)


@pytest.mark.parametrize(("question", "name"), [
    ("tests for is_optional", "is_optional"), ("tests of `is_optional`?", "is_optional"),
    ("which tests call Maybe.just", "Maybe.just"), ("the tests that cover from_dict", "from_dict"),
    ("how are tests run", None), ("test_from_dict", None), ("tests for the parser works", None),
])
def test_a_question_asking_tests_names_its_name(question: str, name: str | None) -> None:
    assert asked_tests(question) == name


@pytest.mark.parametrize(("path", "test"), [
    ("tests/test_types.py", True), ("src/__tests__/a.ts", True), ("src/maybe.test.ts", True),
    ("docs/conf.py", False), ("src/latest.py", False), ("src/contest.py", False),
])
def test_a_test_file_is_told_by_its_path(path: str, test: bool) -> None:
    assert is_test_file(path) is test


@pytest.mark.parametrize("question", ["tests for is_optional", "tests of is_optional"])
def test_the_tests_calling_a_name_come_first(engine: Engine, question: str) -> None:
    answer = engine.search(question)
    assert [(r.path, r.symbol) for r in answer.results] == [
        ("tests/test_types.py", "test_is_optional"), ("tests/test_types.py", "test_not_optional"), ("pkg/core.py", "build")]
    assert answer.notices[0] == "2 places in test code call or name is_optional: listed first, then its 1 other use"


def test_a_name_no_test_uses_says_so(engine: Engine) -> None:
    answer = engine.search("tests for is_union")
    assert answer.notices[0].startswith("no test code calls or names is_union")
    assert not answer.notices[0].startswith(("2 places", "1 place"))  # a blend's related code is no test of it


SERDE_LIKE = {
    "src/lib.rs": "pub mod de;\npub fn serialize_value() {}\n",
    "src/de.rs": ("pub struct Attrs { pub untagged: bool }\npub fn parse_attr(name: &str, attrs: &mut Attrs) {\n"
                  "    if name == \"untagged\" {\n        attrs.untagged = true;\n    }\n}\n"),
    "tests/test_annotations.rs": ("#[derive(Deserialize)]\n#[serde(untagged)]\nenum Untagged { A(u8), B(String) }\n\n"
                                  "#[test]\nfn test_untagged_enum() {\n    let v: Untagged = from_str(\"1\").unwrap();\n}\n\n"
                                  "#[test]\nfn test_untaggedness() {}\n"),
}


def test_test_lines_spelling_a_name_come_first_where_the_graph_knows_no_call(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    """serde's "tests for untagged" (a field, named by tests only in an attribute and a test's
    name) had been answered "no test code calls or names untagged" above a blend of its other
    lines; the lines of tests that spell it as a word or a part of a snake_case name come first."""
    answer = indexed(tmp_path_factory, SERDE_LIKE).search("tests for untagged")
    assert [(r.path, r.start_line) for r in answer.results[:2]] == [
        ("tests/test_annotations.rs", 2), ("tests/test_annotations.rs", 6)]
    assert answer.notices[0] == "2 lines of test code spell untagged (the graph knows no call of it there): listed first"
    assert not any(r.path == "tests/test_annotations.rs" and r.start_line in (5, 11, 12) for r in answer.results)


def test_a_name_the_library_calls_often_still_has_its_tests_found(tmp_path_factory: pytest.TempPathFactory) -> None:
    """sympy's "tests for Poly" said "no test code calls or names Poly": its first 200 uses, read
    for the question, were all the library's (its first test call was the 374th by the graph's
    order), where 1,913 of its 2,287 uses are in tests."""
    users = "".join(f"def use_{i}():\n    return scale({i})\n\n\n" for i in range(230))
    files = {
        "pkg/__init__.py": "",
        "pkg/core.py": "def scale(x):\n    return 2 * x\n",
        "pkg/users.py": "from pkg.core import scale\n\n\n" + users,
        "tests/test_core.py": "from pkg.core import scale\n\n\ndef test_scale():\n    assert scale(2) == 4\n",
    }
    answer = indexed(tmp_path_factory, files).search("tests for scale", limit=5)
    assert (answer.results[0].path, answer.results[0].symbol) == ("tests/test_core.py", "test_scale")
    assert answer.notices[0] == "1 place in test code calls or names scale: listed first, then its 230 other uses"
