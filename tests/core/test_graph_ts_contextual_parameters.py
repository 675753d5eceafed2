"""A TypeScript parameter written without a type takes the one its context declares: ``cxt`` in
``const def: Def = {code(cxt) {...}}`` is what ``Def.code``'s first parameter is declared as, and
``(gen) => gen.if()`` as a property of an object passed to ``make({...})`` is what that property of
``make``'s parameter type declares (ajv's keyword definitions reach ``KeywordCxt`` and ``CodeGen``
this way: callers against the TypeScript 5.6 language service 1,863 → 1,889 of 1,913 sites)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TYPES = """\
export class CodeGen { if(c: string): CodeGen { return this } }
export class Other { if(c: string): Other { return this } }
export interface Def {
  code: (cxt: CodeGen, rt?: string) => void
  run(x: number, gen: CodeGen): void
}
export interface Added { other?: (o: Other) => void }
export interface Args { merge: (to: string, gen: CodeGen) => void }
"""

USE = """\
import {CodeGen, Def, Added, Args} from "./types"
export const def: Def = {
  code(cxt) { cxt.if("a") },
  run: (x, gen) => gen.if("b"),
}
export const both: Def & Added = {
  code(cxt) { cxt.if("c") },
  run(x, gen) { gen.if("d") },
}
export function make({merge}: Args): void {}
export function go(): void {
  make({merge: (to, gen) => { gen.if("e") }})
}
export const loose = {code(cxt) { cxt.if("f") }}
"""


def test_a_method_of_a_declared_object_takes_its_parameter_types() -> None:
    graph = graph_of({"types.ts": TYPES, "use.ts": USE})
    assert call_targets(graph, "use.ts", 3) == {"types.ts::CodeGen.if"}
    assert call_targets(graph, "use.ts", 4) == {"types.ts::CodeGen.if"}  # an arrow, the second parameter


def test_an_intersection_declares_the_object_too() -> None:
    graph = graph_of({"types.ts": TYPES, "use.ts": USE})
    assert call_targets(graph, "use.ts", 7) == {"types.ts::CodeGen.if"}
    assert call_targets(graph, "use.ts", 8) == {"types.ts::CodeGen.if"}


def test_an_object_passed_takes_the_parameters_declared_type() -> None:
    graph = graph_of({"types.ts": TYPES, "use.ts": USE})
    assert call_targets(graph, "use.ts", 12) == {"use.ts::make", "types.ts::CodeGen.if"}


def test_an_undeclared_object_types_nothing() -> None:
    graph = graph_of({"types.ts": TYPES, "use.ts": USE})
    assert call_targets(graph, "use.ts", 14) == set()
