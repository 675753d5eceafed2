"""A TypeScript ``let`` is declared with its value's type: ``let root = this._root`` stays a
``BNode`` after ``root = root.isShared ? EmptyLeaf : root.children[0]!`` (a value of no known
type, which must be a ``BNode`` too), where that later assignment had left every ``root.clone()``
of the method tied to nothing (@tanstack/db's B-tree ``editRange``). A builtin's ``any``
(``let data = JSON.parse(v)``) declares nothing: what is assigned later types it, as before."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TREE = """\
export class BNode<K, V> {
  isShared?: true
  children: BNode<K, V>[] = []
  clone(): BNode<K, V> { return this; }
}
const EmptyLeaf = new BNode<any, any>()
export class BTree<K = any, V = any> {
  private _root: BNode<K, V> = EmptyLeaf as BNode<K, V>
  editRange(): void {
    let root = this._root
    if (root.isShared) this._root = root = root.clone()
    root.clone()
    while (root.isShared) {
      this._root = root = root.isShared ? EmptyLeaf : root.children[0]!
    }
  }
  parse(v: string): void {
    let data = JSON.parse(v)
    data = new BNode()
    data.clone()
  }
}
"""

CLONE = "tree.ts::BNode.clone"


def test_a_let_keeps_its_values_type():
    g = graph_of({"tree.ts": TREE})
    assert call_targets(g, "tree.ts", 11) == {CLONE}
    assert call_targets(g, "tree.ts", 12) == {CLONE}
    assert call_targets(g, "tree.ts", 20) == {CLONE}
