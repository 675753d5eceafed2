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


@pytest.mark.parametrize("path", ["json.h", "xml.cpp"])
def test_last_upper_case_enumerator_the_grammar_drops_is_a_constant(path: str) -> None:
    """The C and C++ grammars leave out a last enumerator that is a bare upper-case name alone
    before ``}`` (jansson's ``JSON_NULL``, tinyxml2's ``XML_ERROR_COUNT``): read from the text."""
    source = (
        "typedef enum {\n    JSON_OBJECT,\n    JSON_NULL\n} json_type;\n"
        "enum Err { OK = 0,\n  ERROR_COUNT\n};\nenum { ONE, TWO /* last */ };\n"
        "enum Closing {\r\n  OPEN, // <foo>\r\n  CLOSING\t\t// </foo>\r\n};\r\n"
    )
    symbols = analyze(path, source).symbols
    constants = {s.qualname: s.name_line for s in symbols if s.kind == "constant"}
    assert constants == {
        "json_type.JSON_OBJECT": 2, "json_type.JSON_NULL": 3, "Err.OK": 5, "Err.ERROR_COUNT": 6,
        "ONE": 8, "TWO": 8, "Closing.OPEN": 10, "Closing.CLOSING": 11,
    }
    null = next(s for s in symbols if s.name == "JSON_NULL")
    assert (null.start_line, null.end_line, null.signature) == (3, 3, "JSON_NULL")


@pytest.mark.parametrize("path", ["unity_internals.h", "unity.cpp"])
def test_a_dropped_last_enumerator_after_a_conditional_is_a_constant(path: str) -> None:
    # Unity's UNITY_DISPLAY_STYLE_T: `#ifdef UNITY_SUPPORT_64` ... `#endif` then the bare
    # UNITY_DISPLAY_STYLE_UNKNOWN before `}`: the directives between it and the last `,` hid it
    source = ("typedef enum\n{\n    STYLE_HEX8 = 1,\n#ifdef SUPPORT_64\n    STYLE_HEX64 = 8,\n#endif\n\n"
              "    STYLE_UNKNOWN\n} STYLE_T;\n")
    constants = {s.qualname: s.name_line for s in analyze(path, source).symbols if s.kind == "constant"}
    assert constants == {"STYLE_T.STYLE_HEX8": 3, "STYLE_T.STYLE_HEX64": 5, "STYLE_T.STYLE_UNKNOWN": 8}
