"""An enum's members are its constants, in every language that has enums: "where is RED defined"
finds them (gson's JsonToken.BEGIN_OBJECT had answered that nothing defines it)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.parsing.analyze import analyze

SOURCES = {
    "E.java": (
        "enum Color { RED, GREEN { int f() { return 1; } }, BLUE; int x; }\n",
        ["Color.RED", "Color.GREEN", "Color.BLUE"], ["Color.GREEN.f"],
    ),
    "e.ts": ('enum Dir { Up = 1, Down, "quoted" = 3 }\nconst enum K { A = "a" }\n', ["Dir.Up", "Dir.Down", "K.A"], []),
    "e.rs": ("enum Shape { Circle(f64), Square { side: f64 }, Empty }\n", ["Shape.Circle", "Shape.Square", "Shape.Empty"], []),
    "e.c": (
        "enum color { RED, GREEN = 2 };\ntypedef enum { A, B } ab;\nenum { ANON };\n"
        "void f(void) { enum local { L1 }; }\n",
        ["color.RED", "color.GREEN", "ab.A", "ab.B", "ANON", "f.local.L1"], ["f"],
    ),
    "e.cpp": (
        "enum class Mode { Fast, Slow };\nnamespace ns { enum Plain { P1 }; }\n",
        ["Mode.Fast", "Mode.Slow", "ns.Plain.P1"], [],
    ),
}


@pytest.mark.parametrize("path", sorted(SOURCES))
def test_enum_members_are_constants_of_their_enum(path: str) -> None:
    source, constants, others = SOURCES[path]
    symbols = analyze(path, source).symbols
    assert [s.qualname for s in symbols if s.kind == "constant"] == constants
    assert all(s.name == s.qualname.rsplit(".", 1)[-1] for s in symbols)
    assert set(others) <= {s.qualname for s in symbols if s.kind in ("function", "method")}


def test_enum_members_make_no_chunks_of_their_own() -> None:
    """A member is a line inside its enum's chunk, not a chunk beside it."""
    facts = analyze("E.java", "enum Color {\n  RED,\n  BLUE\n}\n")
    assert [c.kind for c in facts.chunks if c.symbol and c.symbol.startswith("Color.")] == []
