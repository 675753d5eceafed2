"""A JavaScript or TypeScript callback (an arrow function or function expression that is no symbol of
its own) has its parameters to itself: two callbacks binding one name to two types, at the top level
or in one function, had left the name untyped in the scope they shared (ajv's ``mergeEvaluated``:
four arrows each binding ``gen``, 14 calls on a ``CodeGen`` reached nothing; callers against the
TypeScript 5.6 language service 1,889 → 1,902 of 1,913 sites)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TYPES = """\
export class CodeGen { if(c: string): CodeGen { return this } }
export class Other { if(c: string): Other { return this } }
export interface Args {
  merge: (gen: CodeGen, to: string) => void
  other: (gen: Other) => void
}
export function make({merge, other}: Args): number { return 1 }
"""

TOP = """\
import {make} from "./types"
export const merged = {
  props: make({
    merge: (gen, to) =>
      gen.if(to),
    other: (gen) => gen.if("x"),
  }),
}
"""

INSIDE = """\
import {make, CodeGen} from "./types"
export function go(g: CodeGen): void {
  const n = make({merge: (gen, to) => {
    gen.if(to)
  }, other: (gen) => {
    gen.if("y")
  }})
  g.if("z")
}
"""

HEAD = """\
import {CodeGen} from "./types"
function pick(f: (n: number) => void): CodeGen { return new CodeGen() }
export function go(): void {
  const made = pick((n) => {
    n.toFixed()
  })
  made.if("w")
}
"""

THIS = """\
export class Lexer { LA(n: number): number { return n } }
export class Parser {
  each(this: Lexer, xs: number[]): void {
    xs.forEach((x) => {
      this.LA(x)
    })
  }
}
"""


def test_callbacks_at_the_top_level_each_bind_their_own_parameters() -> None:
    graph = graph_of({"types.ts": TYPES, "top.ts": TOP})
    assert call_targets(graph, "top.ts", 5) == {"types.ts::CodeGen.if"}
    assert call_targets(graph, "top.ts", 6) == {"types.ts::Other.if"}


def test_callbacks_in_one_function_each_bind_their_own_parameters() -> None:
    graph = graph_of({"types.ts": TYPES, "inside.ts": INSIDE})
    assert call_targets(graph, "inside.ts", 4) == {"types.ts::CodeGen.if"}
    assert call_targets(graph, "inside.ts", 6) == {"types.ts::Other.if"}
    assert call_targets(graph, "inside.ts", 8) == {"types.ts::CodeGen.if"}  # the function's own, outside both


def test_a_name_bound_where_a_callback_starts_is_the_functions() -> None:
    graph = graph_of({"types.ts": TYPES, "head.ts": HEAD})
    assert call_targets(graph, "head.ts", 7) == {"types.ts::CodeGen.if"}


def test_a_callback_sees_the_declared_this_of_its_method() -> None:
    graph = graph_of({"this.ts": THIS})
    assert call_targets(graph, "this.ts", 5) == {"this.ts::Lexer.LA"}
