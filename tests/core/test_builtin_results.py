"""A variable bound to a builtin's result in one place and to a class in another is that class:
what ``json_decode()``, ``explode()``, ``sorted()`` or ``JSON.parse()`` give is no class a call may
reach (league/csv's ``CastToArray``: ``$data->setEnclosure()`` had been tied to nothing)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.facts.builtin_results import is_builtin_result
from maguyva_tui.core.parsing.facts.extract import extract_facts
from maguyva_tui.core.parsing.languages import parse


def locals_of(language: str, path: str, source: str) -> list[str]:
    """The local bindings one file records, by name."""
    tree = parse(language, source.encode())
    _, symbols = extract_definitions(tree, source.encode(), language, path)
    references, _ = extract_facts(tree, source.encode(), language, path, symbols)
    return sorted(r.name for r in references if r.kind == "local" and not r.name.startswith("<"))


PHP = """<?php
class CastToArray {
    function cast($value) {
        if ($this->json) {
            $data = json_decode($value, true);
            return $data;
        }
        if ($this->csv) {
            $data = Reader::fromString($value);
            $data->setEnclosure('"');
        }
        $data = explode(',', $value);
        $other = new Writer();
        $other = new Reader();
        $other->insert();
        return $data;
    }
}
"""


def test_a_php_builtins_result_does_not_veto_a_typed_binding() -> None:
    # $other's two new instances each bind the lines below them (``blocks._php_rebinds``)
    assert locals_of("php", "CastToArray.php", PHP) == ["$data:Reader.fromString()", "$other:Reader", "$other:Writer"]


def test_a_python_builtins_result_does_not_veto_a_typed_binding() -> None:
    source = "def f(v):\n    rows = sorted(v)\n    rows = Table(v)\n    rows.render()\n"
    assert locals_of("python", "f.py", source) == ["rows:Table()"]


@pytest.mark.parametrize(("typed", "builtin"), [
    ("json_decode()", True), ("array_map()", True), ("sorted()", True), ("JSON.parse()", True),
    ("Math.max()", True), ("Reader.fromString()", False), ("Table()", False), ("explode", False),
    ("self.is_open()", False),
])
def test_builtin_results_are_told(typed: str, builtin: bool) -> None:
    assert is_builtin_result(typed) is builtin


def test_a_name_rebound_to_its_own_methods_result_keeps_its_class() -> None:
    """urllib3's tests: ``retry = Retry(connect=3)`` then ``retry = retry.increment(...)``; the
    calls on ``retry`` had reached nothing (4 of 68 ``.increment()`` tied to Retry)."""
    source = "def t():\n    retry = Retry(connect=3)\n    retry = retry.increment(error=1)\n    retry.increment()\n"
    assert locals_of("python", "t.py", source) == ["retry:Retry()"]
    chained = "def t():\n    x = Foo()\n    x = x.a().b()\n    x.c()\n"  # a chain's end may be anything
    assert locals_of("python", "t.py", chained) == ["x"]
