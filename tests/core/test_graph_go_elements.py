"""Go: what is called on an element of a slice, map or channel is its element type's method,
whether the element is a range's value or an index (urfave/cli's ``for _, grp := range
cmd.MutuallyExclusiveFlags { grp.propagateCategory() }``, zap's ``logs[0].ContextMap()``), and a
local bound to a field or another local (``flags := cmd.Flags``) is that field's type; all had
been tied to nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

TYPES = """
package cli

type Group struct{}

func (g Group) propagate() {}

type Entry struct{}

func (e *Entry) ContextMap() map[string]any { return nil }

type Command struct {
    Groups   []Group
    ByName   map[string]*Group
    Commands []*Command
}

func (c *Command) Lineage() []*Command { return nil }

func (c *Command) run() {}

func All() []Entry { return nil }
"""

USE = """
package cli

func use(cmd *Command, entries chan *Entry) {
    for _, grp := range cmd.Groups {
        grp.propagate()
    }
    for name, named := range cmd.ByName {
        named.propagate()
        _ = name
    }
    for _, parent := range cmd.Lineage() {
        parent.run()
    }
    sub := cmd.Commands
    for i := range sub {
        sub[i].run()
    }
    cmd.Commands[0].run()
    logs := All()
    logs[0].ContextMap()
    for e := range entries {
        e.ContextMap()
    }
    for i, n := range []int{1} {
        _ = i + n
    }
}
"""


def graph() -> CodeGraph:
    files = {"types.go": TYPES, "use.go": USE}
    return build_graph({path: analyze(path, dedent(text)) for path, text in files.items()})


def test_a_ranged_value_is_its_element_type() -> None:
    g = graph()
    assert [s.line for s in callers(g, "Group.propagate").sites] == [6, 9]
    assert [s.line for s in callers(g, "Command.run").sites] == [13, 17, 19]


def test_an_indexed_element_is_its_element_type() -> None:
    # and a channel's element, the one name a range over it binds (``for e := range entries``)
    assert [s.line for s in callers(graph(), "Entry.ContextMap").sites] == [21, 23]


OBSERVER = """
package observer

type Core struct{}

type ObservedLogs struct{}

func (o *ObservedLogs) TakeAll() []Entry { return nil }

func (o *ObservedLogs) FilterMessage(msg string) *ObservedLogs { return o }

func New(level int) (Core, *ObservedLogs) { return Core{}, nil }

func Named() (core Core, logs, spare *ObservedLogs, err error) { return }
"""

OBSERVED = """
package observer

func TestTake() {
    fac, observed := New(1)
    observed.FilterMessage("a").TakeAll()
    _, _, spare, err := Named()
    spare.TakeAll()
    _ = fac
    _ = err
}
"""


def test_a_later_result_of_a_call_is_its_declared_type() -> None:
    g = build_graph({path: analyze(path, dedent(text)) for path, text in
                     {"observer/observer.go": OBSERVER, "observer/observer_test.go": OBSERVED}.items()})
    assert [s.line for s in callers(g, "ObservedLogs.FilterMessage").sites] == [6]
    assert [s.line for s in callers(g, "ObservedLogs.TakeAll").sites] == [6, 8]


TREE = """
package btree

type Tree[K comparable, V any] struct{}

func New[K comparable, V any](order int) *Tree[K, V] { return nil }

func (t *Tree[K, V]) Height() int { return 0 }
"""

TREE_TEST = """
package btree

func TestHeight() {
    tree := New[int, int](3)
    tree.Height()
    New[int, string](3).Height()
    other := New[int, int]()
    other.Height()
}
"""


def test_a_generic_function_called_with_its_type_arguments_is_called() -> None:
    # gods' tree := New[int, int](3) parses as a conversion to a generic type: neither the call
    # of New (806 such calls in gods) nor what it made had been tied
    g = build_graph({path: analyze(path, dedent(text)) for path, text in
                     {"btree/btree.go": TREE, "btree/btree_test.go": TREE_TEST}.items()})
    assert [s.line for s in callers(g, "btree/btree.go::New").sites] == [5, 7, 8]
    assert [s.line for s in callers(g, "Tree.Height").sites] == [6, 7, 9]


LIST = """
package arraylist

type List[T comparable] struct{}

func (list *List[T]) Map(f func(T) T) *List[T] {
    iterator := list.Iterator()
    for iterator.Next() {
    }
    return list
}
"""

ITERATOR = """
package arraylist

type Iterator[T comparable] struct{}

func (list *List[T]) Iterator() *Iterator[T] { return nil }

func (iterator *Iterator[T]) Next() bool { return false }
"""


def test_a_return_type_named_as_its_method_is_the_type() -> None:
    # gods' func (list *List[T]) Iterator() *Iterator[T]: its result had read as the method
    # List.Iterator itself (a Go method is no name in scope), and 400 calls of Next, Value, Index
    # on what it returns had been tied to nothing
    g = build_graph({path: analyze(path, dedent(text)) for path, text in
                     {"arraylist/arraylist.go": LIST, "arraylist/iterator.go": ITERATOR}.items()})
    assert [s.line for s in callers(g, "Iterator.Next").sites] == [8]


def test_a_local_bound_to_an_element_is_its_element_type() -> None:
    # zap's entry := logs.AllUntimed()[0]; entry.ContextMap()
    source = USE.replace("    logs[0].ContextMap()\n", "    first := logs[0]\n    first.ContextMap()\n")
    g = build_graph({path: analyze(path, dedent(text)) for path, text in {"types.go": TYPES, "use.go": source}.items()})
    assert [s.line for s in callers(g, "Entry.ContextMap").sites] == [22, 24]  # 24: ``e`` of ``range entries``
