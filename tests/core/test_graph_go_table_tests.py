"""Go: a table test's rows are anonymous structs, and what is called on a field of the ranged row
is the field's type's method (urfave/cli's ``for _, tt := range tests { tt.flag.Names() }``,
``test.cmd.checkRequiredArguments()``, emirpasic/gods' ``tt.a.Equals(tt.b)``): all had been tied
to nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

TYPES = """
package a

type X struct{}

func (x *X) Equals(o *X) bool { return true }
"""

TABLE = """
package a

func TestA() {
    tests := []struct {
        name string
        a, b *X
    }{
        {name: "n"},
    }
    for _, tt := range tests {
        tt.a.Equals(tt.b)
    }
    var cases = map[string]struct{ in X }{}
    for _, test := range cases {
        test.in.Equals(nil)
    }
    for _, test := range []struct{ c *X }{} {
        test.c.Equals(nil)
    }
    rows := []struct{ name string }{}
    for _, row := range rows {
        row.Equals(nil)
    }
}
"""


def test_a_ranged_row_s_field_is_its_anonymous_struct_s_field_type() -> None:
    files = {"a/x.go": TYPES, "a/a_test.go": TABLE}
    g = build_graph({path: analyze(path, dedent(text)) for path, text in files.items()})
    assert [(s.path, s.line) for s in callers(g, "X.Equals").sites] == [
        ("a/a_test.go", 12), ("a/a_test.go", 16), ("a/a_test.go", 19)]


def test_an_anonymous_struct_s_fields_are_no_attributes_of_another_type() -> None:
    facts = analyze("a/a_test.go", dedent(TABLE))
    bound = sorted(r.name for r in facts.references if r.kind == "local" and "." in r.name)
    assert bound == ["cases.in:X", "rows.name:string", "test.c:X", "tests.a:X", "tests.b:X", "tests.name:string"]
