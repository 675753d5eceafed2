"""A name that starts with a letter outside ASCII (``計算する``, ``Привет``, ``Ünïcode``) is a name
in a question as it is in the code: "who calls 計算する" had named no symbol to follow through the
graph (related code instead of its caller), ``Ünïcode.größe`` had been read as ``nïcode.größe``
and ``def 計算する`` as a vague question."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import classify

WIDE = """def 計算する(値):
    return 値 * 2


class Ünïcode:
    def größe(self):
        return 計算する(3)
"""

GO = """package main

func Привет(имя string) string {
\treturn "Привет, " + имя
}

type Δelta struct{ Größe int }

func main() { Привет("мир") }
"""


@pytest.mark.parametrize(("question", "intent", "target"), [
    ("who calls 計算する", "find_references", "計算する"),
    ("impact of Привет", "impact_analysis", "Привет"),
    ("where is склонять defined", "find_definition", "склонять"),
    ("def 計算する", "find_definition", "計算する"),
    ("class Ünïcode", "find_definition", "Ünïcode"),
    ("Ünïcode.größe", "find_definition", "Ünïcode.größe"),
    ("callers of Δelta", "find_references", "Δelta"),
    ("self.größe()", "find_definition", "größe"),
])
def test_a_name_starting_outside_ascii_is_the_target(question: str, intent: str, target: str) -> None:
    found = classify(question)
    assert (found.name, found.target) == (intent, target)


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("unicode_names")
    (root / "wide.py").write_text(WIDE, encoding="utf-8")
    (root / "uni.go").write_text(GO, encoding="utf-8")
    engine = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    engine.search("main", limit=1)  # builds the index here, not inside the first test
    yield engine
    engine.close()


@pytest.mark.parametrize(("question", "first"), [
    ("who calls 計算する", "Ünïcode.größe"),
    ("who calls Привет", "main"),
])
def test_who_calls_a_non_ascii_name_lists_its_callers(engine: Engine, question: str, first: str) -> None:
    answer = engine.search(question, limit=5)
    assert [hit.symbol for hit in answer.results] == [first]


@pytest.mark.parametrize(("question", "first"), [
    ("Ünïcode.größe", "Ünïcode.größe"),
    ("Δelta.Größe", "Δelta.Größe"),
])
def test_a_member_of_a_non_ascii_owner_is_named_without_a_notice(engine: Engine, question: str, first: str) -> None:
    answer = engine.search(question, limit=5)
    assert answer.results[0].symbol == first
    assert not any("read as" in notice for notice in answer.notices)
