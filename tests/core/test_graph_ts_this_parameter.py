"""A TypeScript function's declared ``this`` (``function compile(this: Ajv, ...)``) types its
``this.x()`` and ``this.a.b()`` calls: ajv's ``this.scope.get()`` in such functions had reached
nothing (callers against the TypeScript 5.6 language service 1,847 → 1,857 of 2,315 sites)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export class Scope { get(): number { return 1 } }
export class Ajv {
  scope: Scope = new Scope()
  getSchema(k: string): number { return 2 }
}
export function compile(this: Ajv, k: string): number {
  this.getSchema(k)
  return this.scope.get()
}
export function loose(k: string): number {
  return this.getSchema(k)
}
"""

PARSER = """\
import {Ajv} from "./a"
export function compileParser(
  this: Ajv,
  k: string
): number {
  this.scope.get()
  return 1
}
"""


def test_a_declared_this_types_its_calls() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 7) == {"a.ts::Ajv.getSchema"}
    assert call_targets(graph, "a.ts", 8) == {"a.ts::Scope.get"}


def test_a_declared_this_no_return_reads_types_its_calls() -> None:
    graph = graph_of({"a.ts": TS, "parse.ts": PARSER})  # the binding had been kept only when read
    assert call_targets(graph, "parse.ts", 6) == {"a.ts::Scope.get"}


def test_an_undeclared_this_in_a_function_stays_unresolved() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 11) == set()
