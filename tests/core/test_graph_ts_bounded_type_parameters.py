"""A TypeScript value typed by a bounded type parameter (``function f<T extends AnyStateMachine>(machine:
T)``, a class's ``<M extends Machine>``) is known by its bound, as Java's and Rust's are: xstate's
``machine.getInitialSnapshot(...)``, ``machine._getPreInitialState(...)`` and
``machine.getStateNodeById(...)`` of ``<TMachine extends AnyStateMachine>`` had reached nothing. A
function's result of such a type is still what its argument is, not the bound."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export class StateMachine<C> { getInitialSnapshot(input: C): void {} }
export type AnyStateMachine = StateMachine<any>;
export function createDefaultOptions<TMachine extends AnyStateMachine>(machine: TMachine) {
  return machine.getInitialSnapshot(1)
}
class Model<M extends StateMachine<number>> {
  constructor(public machine: M) {}
  start() { this.machine.getInitialSnapshot(2) }
  run<S extends Model<M>>(other: S, m: M) { m.getInitialSnapshot(3) }
}
const arrow = <T extends StateMachine<string>>(m: T) => m.getInitialSnapshot('a');
function unbounded<T>(m: T) { (m as any).getInitialSnapshot(4) }
export class Base { m(): void {} }
export class Sub extends Base { m(): void {} }
function same<T extends Base>(x: T): T { return x }
function use(s: Sub) { same(s).m() }
"""


def test_a_bounded_type_parameter_is_known_by_its_bound() -> None:
    graph = graph_of({"a.ts": TS})
    for line in (4, 8, 9, 11):
        assert call_targets(graph, "a.ts", line) == {"a.ts::StateMachine.getInitialSnapshot"}, line
    assert call_targets(graph, "a.ts", 12) == set()


def test_a_result_of_a_bounded_type_parameter_is_its_argument() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 16) == {"a.ts::same", "a.ts::Sub.m"}
