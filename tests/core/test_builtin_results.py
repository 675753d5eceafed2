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
    # in two arms of an ``if``: one after the other, each binds the lines below it (``blocks.python_rebinds``)
    source = "def f(v, a):\n    if a:\n        rows = sorted(v)\n    else:\n        rows = Table(v)\n    rows.render()\n"
    assert locals_of("python", "f.py", source) == ["rows:Table()"]


@pytest.mark.parametrize(("language", "typed", "builtin"), [
    ("php", "json_decode()", True), ("php", "array_map()", True), ("python", "sorted()", True),
    ("javascript", "JSON.parse()", True), ("typescript", "Math.max()", True), ("php", "Reader.fromString()", False),
    ("python", "Table()", False), ("php", "explode", False), ("python", "self.is_open()", False),
    # another language's builtins are names like any other
    ("python", "Array()", False), ("python", "Symbol()", False), ("python", "count()", False),
    ("python", "date()", False), ("javascript", "sorted()", False), ("php", "JSON.parse()", False),
    ("typescript", "Array()", True), ("php", "count()", True),
])
def test_builtin_results_are_told_in_their_own_language(language: str, typed: str, builtin: bool) -> None:
    assert is_builtin_result(typed, language) is builtin


def test_a_name_the_file_defines_or_imports_hides_the_builtin() -> None:
    assert is_builtin_result("Symbol()", "javascript", frozenset({"Symbol"})) is False
    assert is_builtin_result("sorted()", "python", frozenset({"sorted"})) is False
    assert is_builtin_result("JSON.parse()", "javascript", frozenset({"Map"})) is True


def returns_of(language: str, path: str, source: str) -> list[str]:
    """The return records one file holds, by name."""
    tree = parse(language, source.encode())
    _, symbols = extract_definitions(tree, source.encode(), language, path)
    references, _ = extract_facts(tree, source.encode(), language, path, symbols)
    return sorted(r.name for r in references if r.kind == "local" and r.name.startswith("<return>"))


WRAP = """from .terms import Array, Tuple

def wrap_constant(val):
    if isinstance(val, tuple):
        return Tuple(*val)
    return Array(*val)
"""


def test_a_python_class_named_like_a_javascript_global_is_returned() -> None:
    """pypika's ``wrap_constant`` returns a ``Tuple`` or an ``Array`` (its own classes): the
    ``Array(...)`` had been read as JavaScript's builtin, and calls on the result reached Tuple's
    methods alone."""
    assert returns_of("python", "utils.py", WRAP) == ["<return>:Array()|Tuple()"]
    defined_here = WRAP.replace("from .terms import Array, Tuple", "class Tuple:\n    pass\nclass Array(Tuple):\n    pass")
    assert returns_of("python", "terms.py", defined_here) == ["<return>:Array()|Tuple()"]
    builtin = WRAP.replace("Array(*val)", "sorted(val)")  # Python's own builtin still says nothing
    assert returns_of("python", "utils.py", builtin) == ["<return>:Tuple()"]


def test_a_javascript_class_shadows_the_global_of_its_name() -> None:
    source = "class Symbol { render() {} }\nfunction f(v) {\n  var s = Symbol(v);\n  s = new Grid();\n  s.render();\n}\n"
    assert "s:Grid" not in locals_of("javascript", "a.js", source)  # s may be either: no one class
    assert "s:Grid" in locals_of("javascript", "a.js", source.replace("class Symbol { render() {} }\n", ""))


def test_a_name_rebound_to_its_own_methods_result_keeps_its_class() -> None:
    """urllib3's tests: ``retry = Retry(connect=3)`` then ``retry = retry.increment(...)``; the
    calls on ``retry`` had reached nothing (4 of 68 ``.increment()`` tied to Retry)."""
    source = "def t():\n    retry = Retry(connect=3)\n    retry = retry.increment(error=1)\n    retry.increment()\n"
    assert locals_of("python", "t.py", source) == ["retry:Retry()"]
    chained = "def t():\n    x = Foo()\n    x = x.a().b()\n    x.c()\n"  # a chain's end may be anything
    assert locals_of("python", "t.py", chained) == ["x"]


def test_a_ruby_kernel_conversion_does_not_veto_a_typed_binding() -> None:
    source = "class K\n  def f(v)\n    x = Array(v)\n    x = Foo.new\n    x.bar\n  end\nend\n"
    assert locals_of("ruby", "k.rb", source) == ["x:Foo"]
