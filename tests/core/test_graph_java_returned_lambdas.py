"""Java: a lambda a method returns takes what the method's declared result, one of the JDK's
functional interfaces, passes it. failsafe's policy executors declare ``Function<SyncExecutionInternal<R>,
ExecutionResult<R>> apply(...)`` and ``return execution -> { ... execution.isCancelled(this) ... }``:
some 33 calls on ``execution`` javac ties to ``SyncExecutionInternal``'s methods had reached nothing.
A lambda returned from a lambda's body, or from a method giving a package's own ``Function``, stays
untyped, as before."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/Execution.java": "package a;\npublic interface Execution<R> {\n  boolean isCancelled(Object policy);\n"
                        "  void record(Result<R> r);\n}\n",
    "a/Result.java": "package a;\npublic interface Result<R> {\n  boolean isComplete();\n}\n",
    "a/Retry.java": """package a;
import java.util.function.BiFunction;
import java.util.function.Function;
public class Retry<R> {
  public Function<Execution<R>, Result<R>> apply(Function<Execution<R>, Result<R>> inner) {
    return execution -> {
      Result<R> result = inner.apply(execution);
      if (execution.isCancelled(this))
        return result;
      execution.record(result);
      return result;
    };
  }
  BiFunction<Result<R>, Execution<R>, Boolean> done() {
    return (result, execution) -> result.isComplete() && !execution.isCancelled(this);
  }
  Function<? super Execution<R>, Object> loose() {
    return e -> e.isCancelled(null);
  }
}
""",
    "b/Function.java": "package b;\npublic interface Function<A, B> {\n  B apply(A a);\n}\n",
    "b/Own.java": """package b;
public class Own {
  Function<a.Result<String>, Object> f() {
    return r -> r.isComplete();
  }
}
""",
}


def _graph():
    return build_graph({path: analyze(path, text) for path, text in FILES.items()})


def _sites(graph, name: str) -> list[tuple[str, int]]:
    return [(s.path, s.line) for s in callers(graph, name).sites]


def test_a_returned_lambda_takes_what_the_declared_function_passes() -> None:
    graph = _graph()
    assert _sites(graph, "Execution.isCancelled") == [("a/Retry.java", 8), ("a/Retry.java", 15)]
    assert _sites(graph, "Execution.record") == [("a/Retry.java", 10)]
    assert _sites(graph, "Result.isComplete") == [("a/Retry.java", 15)]  # not b's own Function's r
