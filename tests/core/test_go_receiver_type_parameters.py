"""Go: a receiver's type parameter (``T`` in ``func (l *List[T]) Add(v T)``) is no reference of
anything, as a generic's own ``[T any]`` is not; each had counted as unresolved (234 in
emirpasic/gods), while a type of the repository written in the method stays a reference."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.parsing.analyze import analyze

LIST = """
package list

type Node struct{}

type List[T comparable] struct{ head *Node }

func (l *List[T]) Add(values ...T) *Node {
    var zero T
    _ = zero
    return l.head
}

func (m Map[K, V]) Get(key K, at *Node) (V, bool) {
    var v V
    return v, false
}
"""


def test_a_receiver_s_type_parameters_are_no_references() -> None:
    facts = analyze("list/list.go", dedent(LIST))
    # Node: the field's type, the result's and the parameter's (``test_go_nested_type_uses.py``)
    assert sorted((r.name, r.line) for r in facts.references if r.kind == "ref") == [
        ("Node", 6), ("Node", 8), ("Node", 14), ("bool", 14)]
