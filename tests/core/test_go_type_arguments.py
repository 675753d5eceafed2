"""Go: a type argument (``items List[Box]``, ``func use(l List[Box])``) is no base of the type or
function it is written in; only an interface's embedded interface is. gods' generic containers
had made every struct holding a ``Tree[K, V]`` a subtype of ``K`` and ``V`` (1,278 such bases),
and a ``Holder`` with a ``List[Box]`` field inherited ``Box``'s methods."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package p

type Box struct{}

func (b Box) Open() {}

type List[T any] struct{}

type Holder struct {
    items List[Box]
}

type Reader interface {
    Read()
}

type ReadCloser interface {
    Reader
    Close()
}

func use(l List[Box], h Holder) {
    h.Open()
}
"""


def test_a_type_argument_is_no_base() -> None:
    g = build_graph({"p/a.go": analyze("p/a.go", dedent(SOURCE))})
    assert g.inheritance.bases == {"p/a.go::ReadCloser": ["p/a.go::Reader"]}
    assert list(callers(g, "Box.Open").sites) == []
