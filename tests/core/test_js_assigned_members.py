"""``Object.assign(target, {...})``: the functions of the objects assigned are the target's methods
(a class's through its prototype, the module's through ``module.exports``); they had been no symbols."""

from __future__ import annotations

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.retrievers.graph import GraphRetriever

SOURCE = """class Router {}
Object.assign(Router.prototype, {
  route(path: string) { return path },
  use: function (fn: unknown) { return fn },
})
Object.assign(module.exports, { create() { return 1 } })
export function open(ctx: any) {
  return Object.assign(ctx, {
    transaction() { return 2 },
    rollback: () => 3,
  })
}
Object.assign({}, { notMe() {} }, this, { norMe() {} })
export function main() {
  const r = new Router()
  return r.route('/')
}
"""


def test_the_methods_an_object_assign_adds_are_symbols_of_its_target() -> None:
    facts = analyze("src/router.ts", SOURCE)
    assert [(s.qualname, s.kind, s.start_line) for s in facts.symbols if s.start_line < 14] == [
        ("Router", "class", 1), ("Router.route", "method", 3), ("Router.use", "method", 4), ("create", "function", 6),
        ("open", "function", 7), ("open.ctx.transaction", "method", 9), ("open.ctx.rollback", "method", 10)]
    graph = CodeGraph.build({"src/router.ts": facts})
    assert [(h.path, h.start_line, h.symbol) for h in GraphRetriever(graph).callers_hits("Router.route", 5)] == [
        ("src/router.ts", 16, "main")]
