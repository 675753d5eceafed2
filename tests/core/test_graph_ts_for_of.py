"""TypeScript loops and elements: ``for (const x of xs)`` binds an element of the array it walks
(a field, a local, a module's ``const all: Array<T>``, imported too), ``m.values()`` a ``Map``'s
value, a ``Map``'s own entries nothing; a module-level array's ``all[0]`` is an element, and
``const child = c[i]!`` is what ``c[i]`` is (@tanstack/db's ``for (const t of transactions)
t.rollback()`` and its B-tree's ``child = c[i]!; child.maxKey()`` had reached nothing)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

NODE = """\
export class Node {
  children: Node[] = []
  byName: Map<string, Node> = new Map()
  clone(): Node { return this; }
  walk(): void {
    for (const a of this.children) a.clone()
    const c = this.children
    for (const b of c) b.clone()
    for (const v of this.byName.values()) v.clone()
    for (const e of this.byName) e.clone()
    for (const k in this.children) k.clone()
    const child = c[0]!
    child.clone()
  }
}
export const all: Array<Node> = []
export function each(): void {
  for (const t of all) t.clone()
  all[0].clone()
}
"""

USER = """\
import { all } from "./node"
export function use(): void {
  for (const u of all) u.clone()
  all[1]!.clone()
}
"""

CLONE = "node.ts::Node.clone"


def test_for_of_binds_an_element():
    g = graph_of({"node.ts": NODE, "use.ts": USER})
    assert call_targets(g, "node.ts", 6) == {CLONE}  # a field's array
    assert call_targets(g, "node.ts", 8) == {CLONE}  # a local alias of it
    assert call_targets(g, "node.ts", 9) == {CLONE}  # a Map's values()
    assert call_targets(g, "node.ts", 10) == set()  # a Map's entries are no Node
    assert call_targets(g, "node.ts", 11) == set()  # for-in walks keys (strings)
    assert call_targets(g, "node.ts", 13) == {CLONE}  # c[0]!
    assert call_targets(g, "node.ts", 18) == {CLONE}  # a module's Array<Node>
    assert call_targets(g, "node.ts", 19) == {CLONE}
    assert call_targets(g, "use.ts", 3) == {CLONE}  # imported
    assert call_targets(g, "use.ts", 4) == {CLONE}
