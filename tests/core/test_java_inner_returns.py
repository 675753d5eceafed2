"""Java: what a method of an anonymous class, or a lambda, returns is no return of the method
around it. hamcrest's ``ComparatorMatcherBuilder.usingNaturalOrdering()`` returns a
``ComparatorMatcherBuilder<T>`` built from ``new Comparator<T>() { public int compare(...) {
return o1.compareTo(o2); } }``: the inner ``int`` had been read as a second declared return type,
the two disagreed, and every call chained on ``usingNaturalOrdering()`` (10 of javac's 46 calls
of its builder's methods) had been tied to nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

BUILDER = """
package p;

import java.util.Comparator;
import java.util.function.Function;

public final class Builder<T> {
    public static <T extends Comparable<T>> Builder<T> natural() {
        return new Builder<T>(new Comparator<T>() {
            @Override
            public int compare(T o1, T o2) {
                return o1.compareTo(o2);
            }
        });
    }

    public static Builder<String> keyed() {
        Function<String, Integer> length = s -> {
            return s.length();
        };
        return new Builder<String>(null);
    }

    Builder(Comparator<T> comparator) {}

    public Matcher<T> greaterThan(T value) { return null; }
}
"""

USE = """
package q;

import p.Builder;

public class Use {
    void a() { Builder.<Integer>natural().greaterThan(1); }
    void b() { Builder.keyed().greaterThan("x"); }
}
"""

FILES = {"src/p/Builder.java": BUILDER, "src/q/Use.java": USE}


def _lines(name: str) -> list[int]:
    g = build_graph({path: analyze(path, dedent(text)) for path, text in FILES.items()})
    return sorted(s.line for s in callers(g, name).sites)


def test_a_call_chained_on_a_factory_holding_an_anonymous_class_is_tied() -> None:
    assert 7 in _lines("src/p/Builder.java::Builder.greaterThan")


def test_a_call_chained_on_a_factory_holding_a_lambda_is_tied() -> None:
    assert 8 in _lines("src/p/Builder.java::Builder.greaterThan")


def test_the_anonymous_method_keeps_its_own_return() -> None:
    refs = analyze("src/p/Builder.java", dedent(BUILDER)).references
    returns = {r.scope: r.name for r in refs if r.name.startswith("<return>")}
    assert returns["Builder.natural"] == "<return>:Builder"
    assert returns["Builder.keyed"] == "<return>:Builder"
