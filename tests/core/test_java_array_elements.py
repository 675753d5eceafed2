"""Java: what is called on an array's element (``elementMatchers[i].matches(array[i])``) is a
method of the array's element type, as Go's ``a[i].M()`` already was. hamcrest's ``IsArray`` holds
``private final Matcher<? super T>[] elementMatchers``: its three calls through an element had been
read on an unknown receiver, left out of "who calls Matcher.matches" and
"Matcher.describeMismatch"."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

MATCHER = """
package p;

public interface Matcher<T> {
    boolean matches(Object actual);
}
"""

IS_ARRAY = """
package q;

import p.Matcher;

public class IsArray<T> {
    private final Matcher<? super T>[] elementMatchers;

    boolean fieldElement(T[] array) {
        return elementMatchers[0].matches(array[0]);
    }

    boolean parameterElement(Matcher<T>[] matchers, Object item) {
        return matchers[1].matches(item) && this.elementMatchers[2].matches(item);
    }

    boolean localElement(Matcher<T>[] matchers) {
        Matcher<T>[] copy = matchers;
        return copy[0].matches(null);
    }

    Matcher<T>[] all() { return elementMatchers; }

    boolean returnedElement() {
        return all()[0].matches(null);
    }
}
"""


def test_a_call_on_an_array_element_is_the_element_type_s() -> None:
    files = {"src/p/Matcher.java": MATCHER, "src/q/IsArray.java": IS_ARRAY}
    g = build_graph({path: analyze(path, dedent(text)) for path, text in files.items()})
    assert sorted(s.line for s in callers(g, "Matcher.matches").sites) == [10, 14, 19, 25]
