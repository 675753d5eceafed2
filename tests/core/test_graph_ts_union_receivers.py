"""A TypeScript value declared as a union of classes (``else?: If | Else``) calls the method its
members that have one agree on (ajv's ``this.else.render()`` had reached nothing); where two members
define it each, the site is ambiguous, never a guess; ``A | undefined`` stays an ``A``, and a method
no member has reaches nothing."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

SOURCE = """\
export class If { render(): string { return "" } onlyIf(): void {} }
export class Else { render(): string { return "" } onlyElse(): void {} }
export class Node {
  else?: If | Else
  maybe: If | undefined
  run(): void {
    this.else.render()
    this.else.onlyElse()
    this.maybe.render()
    this.else.nowhere()
  }
}
export function go(n: If | Else | null): void { n.onlyElse() }
"""


def test_a_union_members_method_is_called() -> None:
    graph = graph_of({"nodes.ts": SOURCE})
    assert call_targets(graph, "nodes.ts", 7) == set()  # If.render and Else.render: either, never a guess
    assert call_targets(graph, "nodes.ts", 8) == {"nodes.ts::Else.onlyElse"}
    assert call_targets(graph, "nodes.ts", 13) == {"nodes.ts::Else.onlyElse"}  # a parameter, null left out


def test_an_optional_stays_its_type_and_a_missing_method_reaches_nothing() -> None:
    graph = graph_of({"nodes.ts": SOURCE})
    assert call_targets(graph, "nodes.ts", 9) == {"nodes.ts::If.render"}
    assert call_targets(graph, "nodes.ts", 10) == set()


def test_members_that_inherit_one_method_call_it() -> None:
    graph = graph_of({"nodes.ts": """\
export class Base { render(): string { return "" } }
export class If extends Base {}
export class Else extends Base {}
export function go(n: If | Else): void { n.render() }
"""})
    assert call_targets(graph, "nodes.ts", 4) == {"nodes.ts::Base.render"}
