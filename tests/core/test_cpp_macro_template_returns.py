"""A C++ function template whose return type, a template's, follows a macro the grammar does not
know is defined under its own name (found on GLM 0.9.9.8 against universal-ctags, by
``bench/symbol_duplicates.py``)."""

from __future__ import annotations

from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import parse


def _functions(source: bytes, path: str = "color_space_YCoCg.inl") -> list[tuple[str, int]]:
    _, symbols = extract_definitions(parse("cpp", source), source, "cpp", path)
    return [(s.name, s.start_line) for s in symbols if s.kind == "function"]


def test_a_macro_before_a_template_return_type_keeps_the_name() -> None:
    # GLM's .inl files: `YCoCg2rgb` had been a function named `vec` (the return type), so asking
    # YCoCg2rgb found only the header's prototype and no definition at all
    source = b"""namespace glm
{
\ttemplate<typename T, qualifier Q>
\tGLM_FUNC_QUALIFIER vec<3, T, Q> YCoCg2rgb
\t(
\t\tvec<3, T, Q> const& YCoCgColor
\t)
\t{
\t\tvec<3, T, Q> result;
\t\treturn result;
\t}

\ttemplate<typename T, qualifier Q>
\tGLM_FUNC_QUALIFIER vec<3, T, Q> rgb2YCoCg(vec<3, T, Q> const& c)
\t{
\t\treturn c;
\t}

\ttemplate<typename T>
\tGLM_FUNC_QUALIFIER T extend(T const& a)
\t{
\t\treturn a;
\t}

\ttemplate<typename genType>
\tGLM_FUNC_QUALIFIER genType cubic
\t(
\t\tgenType const& v1
\t)
\t{
\t\treturn v1;
\t}
}
"""
    # gtx/spline.inl's cubic, a plain return type and the name alone on its line, had been no function
    assert _functions(source) == [("YCoCg2rgb", 3), ("rgb2YCoCg", 13), ("extend", 19), ("cubic", 25)]


def test_a_type_not_spelled_as_a_macro_is_left_as_the_grammar_reads_it() -> None:
    # only a word in capitals standing as the type is read as a macro
    source = b"template<typename genType>\nfast genType cubic\n(\n\tgenType const& v1\n)\n{\n\treturn v1;\n}\n"
    assert _functions(source, "a.cpp") == [("genType", 1)]


def test_a_template_function_name_without_a_macro_is_unchanged() -> None:
    # a real explicit specialisation's name stays its own: `to_string<int>` is `to_string`
    source = b"template<> std::string to_string<int>(int v) { return std::to_string(v); }\n"
    assert _functions(source, "a.cpp") == [("to_string", 1)]


def _types(source: bytes, language: str, path: str) -> list[tuple[str, int]]:
    _, symbols = extract_definitions(parse(language, source), source, language, path)
    return [(s.qualname, s.start_line) for s in symbols if s.kind == "type"]


def test_a_typedef_named_like_a_built_in_type_is_defined() -> None:
    # GLM's fwd.hpp: `typedef uint64 uint64_t;` in namespace glm had defined nothing (the grammar
    # reads uint64_t as a built-in type), so asking uint64_t found detail/setup.hpp's `using` first
    source = b"namespace glm\n{\n\ttypedef detail::uint64 uint64_t;\n\ttypedef unsigned int uint;\n}\n"
    assert _types(source, "cpp", "fwd.hpp") == [("glm.uint64_t", 3), ("glm.uint", 4)]
    assert _types(b"typedef unsigned int uint32_t;\ntypedef int (*cb)(int);\n", "c", "stdint.h") == [
        ("uint32_t", 1), ("cb", 2)]
