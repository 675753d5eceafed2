"""Java: an ``AtomicReference<T>`` (``java.util.concurrent.atomic``) holds one ``T``, as an
``Optional<T>`` does: failsafe's ``CircuitBreakerImpl`` keeps ``AtomicReference<CircuitState<R>>
state`` and calls ``state.get().getStats().getFailureCount()``, ``state.get().recordFailure(...)``
(17 calls javac ties to ``CircuitState``'s and ``CircuitStats``' methods), all of which had reached
nothing. Its other methods stay the JDK's; a package's own ``AtomicReference`` stays its own."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/State.java": "package a;\npublic abstract class State<R> {\n  public abstract Stats getStats();\n"
                    "  public void recordFailure() {}\n}\n",
    "a/Stats.java": "package a;\npublic interface Stats {\n  int getFailureCount();\n}\n",
    "a/Breaker.java": """package a;
import java.util.concurrent.atomic.AtomicReference;
public class Breaker<R> {
  protected final AtomicReference<State<R>> state = new AtomicReference<>();
  public int failures() {
    return state.get().getStats().getFailureCount();
  }
  void transition(State<R> next) {
    State<R> last = state.getAndSet(next);
    last.recordFailure();
    state.updateAndGet(s -> s).recordFailure();
    state.set(next);
  }
}
""",
    "b/AtomicReference.java": "package b;\npublic class AtomicReference<T> {\n  public Cell get() { return null; }\n}\n",
    "b/Cell.java": "package b;\npublic class Cell {\n  public void touch() {}\n}\n",
    "b/Own.java": """package b;
public class Own {
  AtomicReference<a.State<String>> held;
  void f() {
    held.get().touch();
  }
}
""",
}


def _graph():
    return build_graph({path: analyze(path, text) for path, text in FILES.items()})


def _sites(graph, name: str) -> list[tuple[str, int]]:
    return [(s.path, s.line) for s in callers(graph, name).sites]


def test_an_atomic_reference_holds_its_type_argument() -> None:
    graph = _graph()
    assert _sites(graph, "State.getStats") == [("a/Breaker.java", 6)]
    assert _sites(graph, "Stats.getFailureCount") == [("a/Breaker.java", 6)]
    assert _sites(graph, "State.recordFailure") == [("a/Breaker.java", 10), ("a/Breaker.java", 11)]


def test_a_package_s_own_atomic_reference_is_its_own() -> None:
    assert _sites(_graph(), "Cell.touch") == [("b/Own.java", 5)]
