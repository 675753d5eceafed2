"""TypeScript: a type alias of an object type of one index signature or mapped type (``type
StateNodesConfig<C> = { [K in string]: StateNode<C> }``) holds its values as the object type
written in place does (``Record<K, V>``'s way): xstate's ``this.states[key]._initialize()`` of
``states: StateNodesConfig<TContext, TEvent>`` (the alias in another file) had reached nothing. An
alias of an object type with other members holds nothing known."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TYPES = """\
import { StateNode } from './node';
export type StateNodesConfig<C> = { [K in string]: StateNode<C> };
export type Plain = { [key: string]: StateNode<number> };
export type Mixed = { [key: string]: StateNode<number>; size: number };
"""

OWNER = """\
import { StateNodesConfig, Plain, Mixed } from './types';
export class Owner {
  states!: StateNodesConfig<number>;
  plain!: Plain;
  mixed!: Mixed;
  go(key: string) { this.states[key].init() }
  plainly(key: string) { this.plain[key].init() }
  mixedly(key: string) { this.mixed[key].init() }
}
"""


def _graph():
    return graph_of({"node.ts": "export class StateNode<C> { init(): void {} }\n", "types.ts": TYPES, "owner.ts": OWNER})


def test_an_alias_of_a_mapping_holds_its_values() -> None:
    graph = _graph()
    assert call_targets(graph, "owner.ts", 6) == {"node.ts::StateNode.init"}
    assert call_targets(graph, "owner.ts", 7) == {"node.ts::StateNode.init"}


def test_an_alias_of_an_object_with_other_members_holds_nothing_known() -> None:
    assert call_targets(_graph(), "owner.ts", 8) == set()
