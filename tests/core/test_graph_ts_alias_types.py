"""A TypeScript type alias that stands for a type (``type AnyStateNode = StateNode<any, any>``) or
joins several (``type MachineSnapshot = Active | Done``) has their members, as one that intersects
types already had: xstate's ``stateNode: AnyStateNode`` then ``stateNode.next(...)``, and
``snapshot.machine.getStateNodeById(...)`` of ``snapshot: AnyMachineSnapshot`` (an alias of a union
of interfaces extending one base), had reached nothing. A member the joined types have apart (ajv's
``type ChildNode = If | For | ...``: ``n.render()`` is each node's own) reaches none of them."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

NODES = """\
export class StateNode<C, E> {
  next(event: E): void {}
}
export class StateMachine<C> {
  getStateNodeById(id: string): StateNode<C, any> { throw new Error(id) }
}
export type AnyStateNode = StateNode<any, any>;
export type AnyStateMachine = StateMachine<any>;
interface SnapshotBase<C> { machine: StateMachine<C> }
interface Active<C> extends SnapshotBase<C> { status: 'active' }
interface Done<C> extends SnapshotBase<C> { status: 'done'; output: unknown }
export type MachineSnapshot<C> =
  | Active<C>
  | Done<C>;
export type AnyMachineSnapshot = MachineSnapshot<any>;
"""

USES = """\
import { AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from './nodes'
export function transition(stateNode: AnyStateNode, machine: AnyStateMachine, snapshot: AnyMachineSnapshot) {
  stateNode.next('go')
  machine.getStateNodeById('a')
  snapshot.machine.getStateNodeById('b')
}
const can = function can(this: AnyMachineSnapshot, id: string) {
  return this.machine.getStateNodeById(id)
}
"""

CODEGEN = """\
abstract class Node { abstract render(): string }
abstract class ParentNode extends Node {
  constructor(readonly nodes: ChildNode[] = []) { super() }
  render(): string { return this.nodes.reduce((code, n) => code + n.render(), '') }
  first(): string { return this.nodes[0].render() }
}
class If extends ParentNode { render(): string { return 'if' } }
class For extends ParentNode {}
class Def extends Node { render(): string { return 'def' } }
type StartBlockNode = If | For
type ChildNode = StartBlockNode | Def
"""


def test_an_alias_of_a_class_has_its_members() -> None:
    graph = graph_of({"nodes.ts": NODES, "uses.ts": USES})
    assert call_targets(graph, "uses.ts", 3) == {"nodes.ts::StateNode.next"}
    assert call_targets(graph, "uses.ts", 4) == {"nodes.ts::StateMachine.getStateNodeById"}


def test_an_alias_of_a_union_has_the_members_its_types_share() -> None:
    graph = graph_of({"nodes.ts": NODES, "uses.ts": USES})
    assert call_targets(graph, "uses.ts", 5) == {"nodes.ts::StateMachine.getStateNodeById"}
    assert call_targets(graph, "uses.ts", 8) == {"nodes.ts::StateMachine.getStateNodeById"}


def test_a_member_the_joined_types_have_apart_reaches_none() -> None:
    graph = graph_of({"codegen.ts": CODEGEN})
    assert call_targets(graph, "codegen.ts", 4) == set()
    assert call_targets(graph, "codegen.ts", 5) == set()
