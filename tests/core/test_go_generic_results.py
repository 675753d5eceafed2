"""Go: a generic method's result declared as a type parameter is, for one call, the type argument
its receiver's value was given (tidwall/btree): ``item, _ := t.Min()`` of ``t *BTreeG[Item]`` is an
``Item``, so ``item.Less(...)`` is ``Item.Less``; the argument is carried through a result declared
generic (``u.Copy().Min()``, ``m2 := m.Copy()``) and from a call's explicit type arguments
(``cols := NewMap[string, *Map[string, Item]](4)``: ``col, _ := cols.Get(k)`` is a ``*Map``).
All had reached nothing: the bindings read ``BTreeG[Item]`` as ``BTreeG`` alone."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package btree

type Item struct{}

func (i Item) Less(o Item) bool { return false }

type BTreeG[T any] struct{ x T }

func (t *BTreeG[T]) Min() (T, bool) { var z T; return z, false }

func (t *BTreeG[T]) Copy() *BTreeG[T] { return t }

type Map[K comparable, V any] struct{}

func NewMap[K comparable, V any](n int) *Map[K, V] { return nil }

func (m *Map[K, V]) Get(k K) (V, bool) { var z V; return z, false }

func (m *Map[K, V]) Pop() (K, V) { var k K; var v V; return k, v }

func (m *Map[K, V]) Copy() *Map[K, V] { return m }

func (m *Map[K, V]) Len() int { return 0 }

func use(t *BTreeG[Item]) {
    item, _ := t.Min()
    item.Less(item)
    var u BTreeG[Item]
    j, _ := u.Copy().Min()
    j.Less(j)
    cols := NewMap[string, *Map[string, Item]](4)
    copied := cols.Copy()
    col, _ := copied.Get("x")
    col.Len()
    _, last := col.Pop()
    last.Less(last)
    var s BTreeG[string]
    k, _ := s.Min()
    _ = k
}
"""


def test_a_generic_result_is_the_receivers_type_argument() -> None:
    g = build_graph({"btree/map.go": analyze("btree/map.go", dedent(SOURCE))})
    assert [s.line for s in callers(g, "btree/map.go::Item.Less").sites] == [28, 31, 37]
    assert [s.line for s in callers(g, "btree/map.go::Map.Len").sites] == [35]
