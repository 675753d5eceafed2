"""TypeScript: what is called on an element of an array is a method of the element type the array
is declared with (``content: readonly Node[]``, ``nodes: Node[]``, ``Array<Node>``): prosemirror-
model's ``this.content[i].eq(...)``, ``this.nodes[i].finish(...)`` and ``const child =
this.content[i]; child.cut(...)`` had been read on an unknown receiver (355 -> 367 of the 438 call
sites the TypeScript 5.6 language service finds, prosemirror-transform's 161 -> 166 of 205, none
extra). The array's own members (``length``, ``forEach``) are no element's, and ``o["key"]``
reads a property, not an element."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export class Node {
  content: readonly Node[];
  kids: Array<Node>;
  byName: {[name: string]: Node};
  check(): void {}
  forEach(f: (n: Node) => void): void {}
  go(nodes: Node[], other: Node) {
    this.content[0].check();
    nodes[1].check();
    this.kids[2].check();
    const child = this.content[3];
    child.check();
    other.content[4].check();
    this.content.forEach(n => n.check());
    nodes.forEach(n => n.check());
    this.byName["a"].check();
  }
}
export class Fitter { fit(): void {} }
export function fit() { return new Fitter().fit(); }
"""


def test_an_element_of_a_declared_array_is_of_its_element_type() -> None:
    graph = graph_of({"a.ts": TS})
    for line in (8, 9, 10, 12, 13):
        assert call_targets(graph, "a.ts", line) == {"a.ts::Node.check"}, line


def test_the_arrays_own_members_and_a_keyed_read_are_no_elements() -> None:
    graph = graph_of({"a.ts": TS})
    assert "a.ts::Node.forEach" not in call_targets(graph, "a.ts", 14)  # Array's forEach, not Node's
    assert "a.ts::Node.forEach" not in call_targets(graph, "a.ts", 15)
    assert call_targets(graph, "a.ts", 16) == set()  # a property read by its key, of a type not an array


def test_a_method_called_on_what_new_made_is_the_classes() -> None:
    graph = graph_of({"a.ts": TS})
    assert "a.ts::Fitter.fit" in call_targets(graph, "a.ts", 20)
