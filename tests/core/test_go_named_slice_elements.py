"""Go: ranging over or indexing a value of a named slice or map type (gobwas/glob's ``type
Matchers []Matcher``; ``for _, m := range self.Matchers { m.Match(s) }``) gives its element type,
as ranging over ``[]Matcher`` does: glob's AnyOf, EveryOf and Row calls of Match, Len and Index on
their matchers had been tied to nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

TYPES = """
package match

type Matcher interface {
    Match(string) bool
}

type Text struct{}

func (t Text) Match(s string) bool { return true }

type Matchers []Matcher

type Texts []*Text

type ByName map[string]Text

type AnyOf struct {
    Matchers Matchers
}
"""

USE = """
package match

func (self AnyOf) Match(s string) bool {
    for _, m := range self.Matchers {
        if m.Match(s) {
            return true
        }
    }
    return false
}

func each(ts Texts, names ByName, ms Matchers) {
    for _, t := range ts {
        t.Match("a")
    }
    ts[0].Match("b")
    for _, t := range names {
        t.Match("c")
    }
    ms[0].Match("d")
}
"""


def graph() -> CodeGraph:
    files = {"match/match.go": TYPES, "match/use.go": USE}
    return build_graph({path: analyze(path, dedent(text)) for path, text in files.items()})


def test_a_value_of_a_named_slice_type_ranges_over_its_elements() -> None:
    g = graph()
    assert [s.line for s in callers(g, "Matcher.Match").sites] == [6, 21]
    assert [s.line for s in callers(g, "Text.Match").sites] == [15, 17, 19]
