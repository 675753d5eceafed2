"""Java: a ``Future<T>``, ``CompletableFuture<T>`` or ``CompletionStage<T>`` (``java.util.concurrent``)
holds one ``T``: ``join()``, ``get()``, ``getNow(x)`` give it, and ``whenComplete((result, error) -> ...)``,
``thenAccept(r -> ...)``, ``handle(...)`` pass it. failsafe's ``preResult.whenComplete((result, error) ->
{ ... result.isNonResult() ... })`` of ``CompletableFuture<ExecutionResult<R>> preResult`` and
``postExecuteAsync(...).whenComplete((postResult, postError) -> ...)`` had reached nothing."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/Result.java": "package a;\npublic interface Result {\n  boolean isNonResult();\n}\n",
    "a/Policy.java": """package a;
import java.util.concurrent.CompletableFuture;
public class Policy {
  CompletableFuture<Result> post() { return null; }
  void run(CompletableFuture<Result> pre) {
    pre.whenComplete((result, error) -> {
      if (result.isNonResult()) return;
    });
    post().thenAccept(r -> r.isNonResult());
    boolean done = pre.join().isNonResult();
  }
}
""",
}


def test_a_future_holds_its_type_argument() -> None:
    graph = build_graph({path: analyze(path, text) for path, text in FILES.items()})
    assert [(s.path, s.line) for s in callers(graph, "Result.isNonResult").sites] == [
        ("a/Policy.java", 7), ("a/Policy.java", 9), ("a/Policy.java", 10)]
