"""A TypeScript callback passed straight to a function whose parameter declares a function type
(``each(cb: (x: A, y: B) => void)``, then ``each((x, y) => x.go())``) takes its parameter types
from that declaration, for a method too (``c.run((b) => b.go())``); an undeclared callee types nothing."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

LIB = """\
export class A { go(): void {} }
export class B { go(): void {} }
export function each(cb: (x: A, y: B) => void): void {}
export class C { run(cb: (b: B) => void): void {} }
"""

USE = """\
import {each, C} from "./lib"
export function use(c: C, xs: any): void {
  each((x, y) => {
    x.go()
    y.go()
  })
  c.run((b) => b.go())
  xs.forEach((z) => z.go())
}
"""


def test_a_callback_takes_the_declared_parameter_types() -> None:
    graph = graph_of({"lib.ts": LIB, "use.ts": USE})
    assert call_targets(graph, "use.ts", 4) == {"lib.ts::A.go"}
    assert call_targets(graph, "use.ts", 5) == {"lib.ts::B.go"}


def test_a_callback_passed_to_a_method_too() -> None:
    graph = graph_of({"lib.ts": LIB, "use.ts": USE})
    assert call_targets(graph, "use.ts", 7) == {"lib.ts::C.run", "lib.ts::B.go"}


def test_an_undeclared_callee_types_nothing() -> None:
    graph = graph_of({"lib.ts": LIB, "use.ts": USE})
    assert call_targets(graph, "use.ts", 8) == set()
