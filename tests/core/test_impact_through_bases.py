"""What breaks if a method changes that overrides or implements a base's: the calls made through
the base may run it, and the impact says so, as "who calls" already did. hamcrest's
``IsArray.matchesSafely`` runs from ``TypeSafeMatcher.matches`` (``matchesSafely((T) item)``, the
base's abstract method): "what breaks if I change IsArray.matchesSafely" had said nothing depends on
it, without a word of the base's caller."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent
from types import SimpleNamespace

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.other_calls import _notes, impact_notes
from maguyva_tui.core.parsing.analyze import analyze
from tests.core.test_failed_lookup import FirstWordProvider

FILES = {
    "src/p/TypeSafe.java": """
        package p;
        public abstract class TypeSafe<T> {
            public final boolean matches(Object item) { return matchesSafely((T) item); }
            protected abstract boolean matchesSafely(T item);
        }
    """,
    "src/p/IsArray.java": """
        package p;
        public class IsArray<T> extends TypeSafe<T[]> {
            @Override
            public boolean matchesSafely(T[] array) { return helper(); }
            boolean helper() { return true; }
        }
    """,
}


def _generation() -> SimpleNamespace:
    graph = build_graph({path: analyze(path, dedent(text)) for path, text in FILES.items()})
    return SimpleNamespace(missing=frozenset(), snapshot=SimpleNamespace(graph=graph), root=None)


def test_the_impact_of_an_override_says_the_calls_through_its_base() -> None:
    said = impact_notes(_generation(), "IsArray.matchesSafely")  # type: ignore[arg-type]
    assert said == ("IsArray.matchesSafely overrides or implements TypeSafe.matchesSafely, which 1 call reaches: "
                    "made through that type, they may run it: the code making them may depend on it too and is "
                    'not listed; ask "what breaks if I change src/p/TypeSafe.java::TypeSafe.matchesSafely" for it',)
    assert impact_notes(_generation(), "IsArray.helper") == ()  # type: ignore[arg-type]


def test_one_call_reaches_in_the_callers_notice() -> None:
    said = " ".join(_notes(_generation().snapshot.graph, "IsArray.matchesSafely"))
    assert "which 1 call reaches: made through that type, they may run it and are not listed here" in said


@pytest.mark.slow  # one build: about 0.6 s on 2 cores
def test_the_graph_s_empty_answer_names_the_base_s_method_the_calls_reach(tmp_path: Path) -> None:
    """"nothing in the graph depends on IsArray.matchesSafely; blending the engines instead" had stood
    just above the note that ``TypeSafe.matches`` runs it through its base: the two read as a contradiction."""
    for path, text in FILES.items():
        (tmp_path / "repo" / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "repo" / path).write_text(dedent(text))
    engine = Engine(tmp_path / "repo", tmp_path / "index", provider=FirstWordProvider(), static=False)
    try:
        impact = engine.search("what breaks if I change IsArray.matchesSafely").notices
        callers = engine.search("who calls IsArray.matchesSafely").notices
    finally:
        engine.close()
    assert impact[0] == ("nothing in the graph depends on IsArray.matchesSafely itself, only TypeSafe.matchesSafely, "
                         "which it overrides or implements; blending the engines instead")
    assert callers[0].startswith("nothing in the graph calls IsArray.matchesSafely itself, only TypeSafe.matchesSafely")
    assert any("which 1 call reaches" in said for said in impact[1:])
