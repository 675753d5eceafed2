"""A PHP variable tested with ``instanceof`` is that class's instance where the test holds: a call on
it there is its class's method (league/csv's ``$sequence instanceof AbstractCsv =>
$sequence->getInputBOM()`` had been tied to nothing)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.facts.extract import extract_facts
from maguyva_tui.core.parsing.languages import parse
from tests.trees import callers, indexed

SOURCE = """<?php
function f($x, $y) {
    if ($x instanceof Reader && $y) {
        $x->a();
    } elseif ($x instanceof Writer) {
        $x->b();
    } else {
        $x->e();
    }
    if (!$x instanceof Reader || $y instanceof Reader) {
        $x->g();
    }
    $x->h();
    return match (true) {
        $x instanceof Reader => $x->c(),
        default => $x instanceof Foo\\Bar ? $x->d() : $y->i(),
    };
}
"""


def calls(source: str) -> list[tuple[str, int]]:
    tree = parse("php", source.encode())
    _, symbols = extract_definitions(tree, source.encode(), "php", "f.php")
    references, _ = extract_facts(tree, source.encode(), "php", "f.php", symbols)
    return sorted((r.name, r.line) for r in references if r.kind == "call")


def test_a_call_where_an_instanceof_test_holds_is_made_on_its_class() -> None:
    found = calls(SOURCE)
    assert [("Foo.Bar.d", 16), ("Reader.a", 4), ("Reader.c", 15), ("Writer.b", 6)] == [
        c for c in found if c[0][:1] != "$"]


def test_a_call_where_no_test_holds_stays_on_its_variable() -> None:
    assert [c for c in calls(SOURCE) if c[0][:1] == "$"] == [
        ("$x.e", 8), ("$x.g", 11), ("$x.h", 13), ("$y.i", 16)]


FILES = {
    "src/Bom.php": """<?php
namespace Acme;

final class Bom
{
    public static function tryFromSequence(mixed $sequence): int
    {
        return match (true) {
            $sequence instanceof AbstractCsv => $sequence->getInputBOM(),
            default => 0,
        };
    }
}
""",
    "src/AbstractCsv.php": """<?php
namespace Acme;

abstract class AbstractCsv
{
    public function getInputBOM(): int
    {
        return 1;
    }
}
""",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "instanceof", FILES)


def test_a_match_arms_narrowed_call_is_tied(engine: Engine) -> None:
    assert callers(engine, "AbstractCsv.getInputBOM") == [("src/Bom.php", 9, "Bom.tryFromSequence")]
