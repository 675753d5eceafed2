"""A TypeScript array of a union of classes (``Array<U | B>``, ``(U | B)[]``, ``new Array<U | B>()``,
a ``Map<string, U | B>``'s values) holds either: a method both inherit is called on an element
(@tanstack/db-ivm 0.1.0's ``#operators: Array<UnaryOperator<any> | BinaryOperator<any>>``, then
``for (const op of this.#operators) op.run()``, had reached nothing: the type had read as a ``U``
or an array of ``B``s). A ``for ... of`` over a call's result walks what it returns, as over a local
holding it (``for (const message of this.inputMessages()) message.getInner()``)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export abstract class Op { abstract run(): void; pending(): boolean { return true } }
export class U extends Op { run(): void {} }
export class B extends Op { run(): void {} }
export class M { inner(): number[] { return [] } }
export class G {
  #ops: Array<U | B> = []
  ops2: (U | B)[] = []
  byKey: Map<string, U | B> = new Map()
  made = new Array<U | B>()
  msgs(): Array<M> { return [] }
  step(): void {
    for (const op of this.#ops) { op.pending() }
    for (const o2 of this.ops2) { o2.pending() }
    this.byKey.get('a')!.pending()
    this.made.forEach((x) => x.pending())
    this.ops2[0].run()
    for (const m of this.msgs()) { m.inner() }
    for (const k of Object.keys(this.byKey)) { k.inner() }
  }
}
"""

PENDING = "a.ts::Op.pending"


def test_an_array_of_a_union_holds_either() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 12) == {PENDING}
    assert call_targets(graph, "a.ts", 13) == {PENDING}
    assert call_targets(graph, "a.ts", 14) == {PENDING}
    assert call_targets(graph, "a.ts", 15) == {PENDING}


def test_a_method_the_members_define_apart_is_no_guess() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 16) == set()


def test_for_of_a_calls_result_walks_what_it_returns() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 17) == {"a.ts::G.msgs", "a.ts::M.inner"}
    assert call_targets(graph, "a.ts", 18) == set()  # a library's array of strings
