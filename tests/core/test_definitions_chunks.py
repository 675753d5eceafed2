"""Chunks: nesting, the smallest chunk at a line, line windows, CRLF, broken and odd sources."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.parsing.chunks import ChunkMap, line_count, smallest_chunk_at, window_chunks
from maguyva_tui.core.parsing.definitions import extract_definitions, supports
from maguyva_tui.core.parsing.languages import LANGUAGES, language_for, parse
from maguyva_tui.core.types import Chunk, Symbol

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
FIXTURE = FIXTURES / "polyglot"
SOURCES = sorted(str(p.relative_to(FIXTURES)) for folder in ("polyglot", "languages")
                 for p in (FIXTURES / folder).rglob("*") if language_for(p.name))
"""Every source file of the fixtures, relative to ``tests/fixtures``: the polyglot repository's, and
one file for each language the repository has none of (PHP, Ruby)."""


def extract_source(source: bytes, language: str, path: str = "x") -> tuple[list[Chunk], list[Symbol]]:
    """Parse source bytes and extract their definitions."""
    return extract_definitions(parse(language, source), source, language, path)


def covered(chunks: list[Chunk]) -> set[int]:
    return {line for c in chunks for line in range(c.start_line, c.end_line + 1)}


def wordy_lines(text: str) -> set[int]:
    """Lines holding a letter or digit: every one of them must be in some chunk."""
    return {n for n, line in enumerate(text.split("\n")[: line_count(text)], 1)
            if any(ch.isalnum() for ch in line)}


def test_every_fixture_language_is_supported() -> None:
    assert {language_for(p) for p in SOURCES} == set(LANGUAGES)
    assert all(supports(language) for language in LANGUAGES)
    assert not supports("markdown") and not supports(None)


@pytest.mark.parametrize("relative", SOURCES)
def test_chunks_cover_every_wordy_line_and_never_pass_the_end(relative: str) -> None:
    source = (FIXTURES / relative).read_bytes()
    chunks, _ = extract_source(source, language_for(relative) or "", relative)
    text = source.decode()
    assert all(1 <= c.start_line <= c.end_line <= line_count(text) for c in chunks)
    assert wordy_lines(text) <= covered(chunks)
    assert chunks == sorted(chunks, key=lambda c: (c.start_line, -c.end_line, c.kind == "window"))


def test_smallest_chunk_at_prefers_the_innermost_definition() -> None:
    chunks, _ = extract_source((FIXTURE / "app/config.py").read_bytes(), "python", "app/config.py")
    assert (smallest_chunk_at(chunks, 43) or Chunk("", 0, 0, "")).symbol == "ConfigLoader.load"
    assert (smallest_chunk_at(chunks, 36) or Chunk("", 0, 0, "")).symbol == "ConfigLoader"
    window = smallest_chunk_at(chunks, 5)  # `import os`
    assert window is not None and window.kind == "window" and window.symbol is None
    assert (window.start_line, window.end_line) == (1, 9)
    assert smallest_chunk_at(chunks, 10) is None  # a blank line between definitions
    assert smallest_chunk_at(chunks, 999) is None


def test_smallest_chunk_at_with_nested_python_functions() -> None:
    chunks, _ = extract_source((FIXTURE / "app/server.py").read_bytes(), "python", "app/server.py")
    innermost = {line: (smallest_chunk_at(chunks, line) or Chunk("", 0, 0, "")).symbol
                 for line in (15, 18, 22, 28, 31)}
    assert innermost == {15: "retry", 18: "retry.decorate.wrapper", 22: "retry.decorate.wrapper",
                         28: "retry.decorate", 31: "retry"}


def test_crlf_source_has_the_same_lines() -> None:
    source = (FIXTURE / "app/config.py").read_bytes()
    crlf = source.replace(b"\n", b"\r\n")
    plain_chunks, plain_symbols = extract_source(source, "python")
    crlf_chunks, crlf_symbols = extract_source(crlf, "python")
    assert crlf_chunks == plain_chunks
    assert [(s.qualname, s.start_line, s.end_line, s.name_line) for s in crlf_symbols] == [
        (s.qualname, s.start_line, s.end_line, s.name_line) for s in plain_symbols
    ]
    assert all(not s.signature.endswith("\r") for s in crlf_symbols)


BROKEN = {
    "python": b"class A:\n    def f(self:\n        pass\n\ndef g(:\n    return )\n\ndef ok():\n    pass\n",
    "javascript": b"function f( {\n  return ;\n}\nclass C { m() { \n}\nconst ok = () => 1;\n",
    "typescript": b"interface I { a: ; }\nfunction f(x: ): void {\nclass K { m(): { } }\n",
    "tsx": b"const A = () => <div><span></div>;\nfunction ok() { return <b/>; }\n",
    "go": b"package p\nfunc f( {\n}\ntype S struct {\nfunc (s *S) M() {}\n",
    "rust": b"fn f( {\n}\nimpl X { fn m(&self) { }\nstruct S {\n",
    "java": b"class A { void m( { }\n interface I { void n(); \n",
    "c": b"int f(int x { return x; }\nstruct s { int a; \nint ok(void) { return 0; }\n",
    "cpp": b"namespace n { class A { void m() { } \nint A::z( { }\n",
}


@pytest.mark.parametrize("language", sorted(BROKEN))
def test_syntax_errors_do_not_crash_and_stay_in_bounds(language: str) -> None:
    source = BROKEN[language]
    chunks, symbols = extract_source(source, language)
    total = line_count(source)
    assert all(1 <= c.start_line <= c.end_line <= total for c in chunks)
    assert all(1 <= s.start_line <= s.end_line <= total and s.name for s in symbols)


def test_definitions_after_a_syntax_error_are_still_found() -> None:
    _, symbols = extract_source(BROKEN["python"], "python")
    assert "ok" in {s.name for s in symbols}
    _, symbols = extract_source(b"int f(int x { return x; }\nint ok(void) { return 0; }\n", "c")
    assert "ok" in {s.name for s in symbols}


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=300), st.sampled_from(LANGUAGES))
def test_arbitrary_bytes_never_crash(source: bytes, language: str) -> None:
    chunks, symbols = extract_source(source, language)
    total = line_count(source)
    assert all(1 <= c.start_line <= c.end_line <= total for c in chunks)
    assert all(1 <= s.start_line <= s.end_line <= total for s in symbols)


def test_invalid_utf8_keeps_lines_right() -> None:
    source = b"# caf\xe9 \xff\xfe\n\ndef f\xc3(x):\n    return 1\n\ndef g():\n    return '\xff'\n"
    _, symbols = extract_source(source, "python")
    g = next(s for s in symbols if s.name == "g")
    assert (g.start_line, g.end_line) == (6, 7)


def test_deep_nesting_stops_without_recursion_error() -> None:
    depth = 400
    source = "".join("    " * i + f"def f{i}():\n" for i in range(depth)) + "    " * depth + "pass\n"
    _, symbols = extract_source(source.encode(), "python")
    assert symbols[0].qualname == "f0"
    assert 50 < len(symbols) < depth
    source_js = "function outer() {" + "{" * 3000 + "}" * 3000 + "}\n"
    _, symbols = extract_source(source_js.encode(), "javascript")
    assert [s.name for s in symbols] == ["outer"]


def test_empty_and_blank_sources() -> None:
    assert extract_source(b"", "python") == ([], [])
    assert extract_source(b"\n\n   \n", "go") == ([], [])


def test_last_line_without_newline() -> None:
    chunks, symbols = extract_source(b"x = 1\ndef f():\n    return 2", "python")
    assert [(s.name, s.start_line, s.end_line) for s in symbols] == [("x", 1, 1), ("f", 2, 3)]
    assert [(c.kind, c.start_line, c.end_line) for c in chunks] == [("window", 1, 1), ("function", 2, 3)]


def test_node_ending_after_a_newline_does_not_claim_the_next_line() -> None:
    # `#define` and Go statement lists end at column 0 of the following line
    chunks, symbols = extract_source(b"#define A 1\n#define B 2\n", "c")
    assert [(s.name, s.start_line, s.end_line) for s in symbols] == [("A", 1, 1), ("B", 2, 2)]
    assert all(c.end_line <= 2 for c in chunks)


# --- line windows for plain text files -------------------------------------------------------

def test_window_chunks_overlap_and_stop_at_the_last_line() -> None:
    text = "".join(f"line {n}\n" for n in range(1, 101))
    windows = window_chunks("README.md", text, size=40, overlap=10)
    assert [(w.start_line, w.end_line) for w in windows] == [(1, 40), (31, 70), (61, 100)]
    assert all(w.kind == "window" and w.path == "README.md" and w.symbol is None for w in windows)


def test_window_chunks_trim_blank_edges_and_handle_no_final_newline() -> None:
    assert [(w.start_line, w.end_line) for w in window_chunks("a", "\n\nhello\nworld")] == [(3, 4)]
    assert window_chunks("a", "") == []
    assert window_chunks("a", "\n \n\t\n") == []
    assert [(w.start_line, w.end_line) for w in window_chunks("a", "x\r\ny\r\n")] == [(1, 2)]


def test_window_chunks_reject_bad_sizes() -> None:
    with pytest.raises(ValueError):
        window_chunks("a", "x\n", size=5, overlap=5)
    with pytest.raises(ValueError):
        window_chunks("a", "x\n", size=0, overlap=0)


@given(
    st.lists(st.sampled_from(["", "  ", "word", "}", "x = 1", "\r", "\x0c", "é"]), max_size=120),
    st.integers(min_value=1, max_value=30),
    st.data(),
)
def test_windows_cover_wordy_lines_within_bounds(lines: list[str], size: int, data: st.DataObject) -> None:
    overlap = data.draw(st.integers(min_value=0, max_value=size - 1))
    text = "\n".join(lines) + data.draw(st.sampled_from(["", "\n"]))
    windows = window_chunks("f.txt", text, "text", size, overlap)
    total = line_count(text)
    assert all(1 <= w.start_line <= w.end_line <= total for w in windows)
    assert all(w.end_line - w.start_line < size for w in windows)
    assert wordy_lines(text) <= covered(windows)
    assert [w.start_line for w in windows] == sorted({w.start_line for w in windows})


@pytest.mark.parametrize(
    ("text", "count"),
    [("", 0), ("a", 1), ("a\n", 1), ("a\nb", 2), ("\n", 1), ("a\r\nb\r\n", 2), (b"a\nb\n", 2)],
)
def test_line_count(text: str | bytes, count: int) -> None:
    assert line_count(text) == count


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(SOURCES), st.data())
def test_mangled_fixture_files_stay_in_bounds(relative: str, data: st.DataObject) -> None:
    """Cut a real file short and splice out a random piece: the result is still well-formed."""
    source = (FIXTURES / relative).read_bytes()
    end = data.draw(st.integers(0, len(source)))
    cut_start = data.draw(st.integers(0, end))
    cut_end = data.draw(st.integers(cut_start, end))
    mangled = source[:cut_start] + source[cut_end:end]
    chunks, symbols = extract_source(mangled, language_for(relative) or "", relative)
    total = line_count(mangled)
    assert all(1 <= c.start_line <= c.end_line <= total for c in chunks)
    assert all(1 <= s.start_line <= s.name_line <= s.end_line <= total and s.name for s in symbols)
    assert wordy_lines(mangled.decode("utf-8", "replace")) <= covered(chunks)


@pytest.mark.parametrize("relative", SOURCES)
def test_chunk_map_agrees_with_smallest_chunk_at(relative: str) -> None:
    source = (FIXTURES / relative).read_bytes()
    chunks, _ = extract_source(source, language_for(relative) or "", relative)
    chunk_map = ChunkMap(chunks)
    for line in range(-1, line_count(source) + 3):
        assert chunk_map.at(line) == smallest_chunk_at(chunks, line), line


@given(st.lists(st.tuples(st.integers(1, 30), st.integers(0, 10), st.booleans()), max_size=15))
def test_chunk_map_agrees_on_random_chunks(specs: list[tuple[int, int, bool]]) -> None:
    chunks = [Chunk("f", start, start + length, "window" if window else "function", None)
              for start, length, window in specs]
    chunk_map = ChunkMap(chunks)
    for line in range(0, 45):
        assert chunk_map.at(line) == smallest_chunk_at(chunks, line)


def test_code_the_grammar_took_for_a_name_is_no_symbol() -> None:
    # fmt 9's core.h: after a macro line tree-sitter-cpp read a partial specialization as one
    # declaration, and its text became a variable's "name" that a fuzzy question matched
    source = (b'FMT_END_DETAIL_NAMESPACE\n'
              b'\n'
              b'// A formatter specialization for the core types corresponding to detail::type\n'
              b'// constants.\n'
              b'template <typename T, typename Char>\n'
              b'struct formatter<T, Char,\n'
              b'                 enable_if_t<detail::type_constant<T, Char>::value !=\n'
              b'                             detail::type::custom_type>> {\n'
              b' private:\n'
              b'  detail::dynamic_format_specs<Char> specs_;\n'
              b'\n'
              b' public:\n'
              b'  // Parses format specifiers stopping either at the end of the range or at the\n'
              b"  // terminating '}'.\n")
    _, symbols = extract_source(source, "cpp", "core.h")
    assert all(len(s.name) <= 200 and "{" not in s.name and ";" not in s.name for s in symbols)


def test_a_bare_macro_line_does_not_swallow_the_definitions_after_it() -> None:
    # fmt's args.h and nlohmann's json.hpp open their namespace with a macro: the grammar, which
    # sees no preprocessor, read the macro as a declaration's start and found none of the file's classes
    source = (b"#include \"core.h\"\n\nFMT_BEGIN_NAMESPACE\n\nnamespace detail {\n"
              b"template <typename T> const T& unwrap(const T& v) { return v; }\n\n"
              b"class dynamic_arg_list {\n  int size_ = 0;\n};\n}  // namespace detail\n\n"
              b"FMT_END_NAMESPACE  // fmt\n")
    for text in (source, source.replace(b"\n", b"\r\n")):  # Windows line endings too
        chunks, symbols = extract_source(text, "cpp", "args.h")
        found = {s.qualname: (s.start_line, s.end_line) for s in symbols}
        assert found["detail.dynamic_arg_list"] == (8, 10)  # the text's own lines
        assert found["detail.unwrap"] == (6, 6)
        assert all(1 <= c.start_line <= c.end_line <= 13 for c in chunks)


def test_a_class_s_export_macro_is_not_taken_for_its_name() -> None:
    # fmt's os.h, Qt, gtest: `class FMT_API file {` was a class called FMT_API, `file` a function,
    # and the class's methods lost in a body read as statements
    source = (b"namespace fmt {\nclass FMT_API format_error : public std::runtime_error {\n public:\n"
              b"  int code() const { return 1; }\n};\n\n"
              b"class FMT_API file {\n public:\n  int descriptor() const noexcept { return fd_; }\n};\n"
              b"class FMT_API ostream final : private detail::buffer<char> {\n  void flush() {}\n};\n"
              b"struct GTEST_API_ TestInfo\n    : public Base {\n  int id() { return 0; }\n};\n}\n")
    for text in (source, source.replace(b"\n", b"\r\n")):
        _, symbols = extract_source(text, "cpp", "os.h")
        found = {s.qualname: (s.kind, s.start_line, s.end_line) for s in symbols}
        assert found["fmt.format_error"] == ("class", 2, 5)
        assert found["fmt.format_error.code"] == ("method", 4, 4)
        assert found["fmt.file"] == ("class", 7, 10) and found["fmt.file.descriptor"] == ("method", 9, 9)
        assert found["fmt.ostream"] == ("class", 11, 13) and found["fmt.ostream.flush"] == ("method", 12, 12)
        assert found["fmt.TestInfo"] == ("struct", 14, 17) and found["fmt.TestInfo.id"] == ("method", 16, 16)
        assert not any("FMT_API" in name or "GTEST" in name for name in found)
    # an upper-case struct tag before a variable stays the variable's type
    _, symbols = extract_source(b"static struct PARAMS params\n  = {1, 2};\nstruct PARAMS other = {3, 4};\n", "c", "a.c")
    assert {s.qualname: s.kind for s in symbols} == {"params": "variable", "other": "variable"}


def test_a_type_a_c_or_cpp_function_defines_in_its_body_is_a_symbol_of_that_function() -> None:
    # fmt's parse_width defines width_adapter in its body: "where is width_adapter defined" found no
    # definition (Python's and JavaScript's local classes were symbols already)
    source = (b"template <typename Handler>\nauto parse_width(const char* begin, Handler&& handler) -> const char* {\n"
              b"  struct width_adapter {\n    Handler& handler;\n    void operator()() { handler.on_width(); }\n"
              b"    int on(int id) { return id; }\n  };\n  struct auto_id {} id;\n  int x = 1;\n"
              b"  if (x) { struct deep { int a; }; }\n  return begin;\n}\n"
              b"class Outer {\n  void m() {\n    enum class Kind { a, b };\n  }\n};\n")
    _, symbols = extract_source(source, "cpp", "core.h")
    found = {s.qualname: (s.kind, s.start_line, s.end_line) for s in symbols}
    assert found["parse_width.width_adapter"] == ("struct", 3, 7)
    assert found["parse_width.width_adapter.on"] == ("method", 6, 6)  # its method is its own, not a function outside
    assert found["parse_width.auto_id"] == ("struct", 8, 8)
    assert found["Outer.m.Kind"] == ("enum", 15, 15)
    assert "x" not in found and "parse_width.x" not in found  # a local variable is no symbol
    _, symbols = extract_source(b"int f(void) {\n  struct point { int x, y; };\n  return 0;\n}\n", "c", "a.c")
    assert {s.qualname: s.kind for s in symbols} == {"f": "function", "f.point": "struct",
                                                     "f.point.x": "variable", "f.point.y": "variable"}


def test_a_cpp_class_closed_early_by_a_macro_prefixed_constructor_keeps_its_members() -> None:
    # fmt's color.h: a private constructor written `FMT_CONSTEXPR text_style(...) noexcept : ems() {`
    # made the grammar close the class there and read it as a function's return type: the class
    # and its methods were no symbols
    source = (b"class text_style {\n public:\n  FMT_CONSTEXPR bool has_foreground() const noexcept {\n"
              b"    return set_;\n  }\n\n private:\n  FMT_CONSTEXPR text_style(bool is_foreground, int c) noexcept\n"
              b"      : set_(), ems() {\n    if (is_foreground) {\n      set_ = true;\n    } else {\n"
              b"      set_ = false;\n    }\n  }\n  bool set_;\n};\n")
    _, symbols = extract_source(source, "cpp", "color.h")
    found = {s.qualname: s.kind for s in symbols}
    assert found["text_style"] == "class"
    assert found["text_style.has_foreground"] == "method"
    assert "else" not in found


def test_a_cpp_function_returning_a_struct_is_a_function_not_the_struct() -> None:
    # `struct stat *get_stat(...) {` in a C++ file was recorded as a struct called stat
    source = (b"struct stat *get_stat(const char *p) { return 0; }\n"
              b"struct FOO make_foo(void) { return FOO(); }\n"
              b"class Foo PROTOBUF_FINAL : public Bar {\n public:\n  int bar() { return 1; }\n};\n")
    _, symbols = extract_source(source, "cpp", "a.cc")
    found = {s.qualname: s.kind for s in symbols}
    assert found["get_stat"] == "function" and found["make_foo"] == "function"
    assert "stat" not in found and "FOO" not in found
    assert found["Foo"] == "class"  # a macro after the name still leaves the class recorded


def test_cpp_conversion_operators_and_macro_prefixed_destructors_are_named_as_written() -> None:
    # `operator bool() const noexcept` was a method called "operatorbool()constnoexcept", a cast to
    # `const std::locale&` one called "locale&()const"; `FMT_CONSTEXPR20 ~A()` was named `A`, a
    # second constructor
    source = (b"class A {\n  constexpr explicit operator bool() const noexcept { return true; }\n"
              b"  operator const std::locale&() const { return l; }\n"
              b"  template <typename T> operator basic_string_view<T>() const { return {}; }\n"
              b"  FMT_CONSTEXPR20 ~A() { x(); }\n  bool operator==(const A& o) const { return true; }\n};\n"
              b"A::operator bool() const { return true; }\n")
    _, symbols = extract_source(source, "cpp", "a.h")
    found = {(s.qualname, s.start_line) for s in symbols}
    assert ("A.operator bool", 2) in found and ("A.operator bool", 8) in found
    assert ("A.operator const locale&", 3) in found
    assert ("A.operator basic_string_view", 4) in found
    assert ("A.~A", 5) in found and ("A.A", 5) not in found
    assert ("A.operator==", 6) in found


def test_cpp_annotation_macros_before_a_declaration_leave_the_method_named() -> None:
    # CLI11: `CLI11_NODISCARD std::size_t count() const` in a class's body was a variable named `std`
    # and the class lost its later members; `CLI11_INLINE Sub::Sub(bool kb) : Base(...) {` was a
    # function named `Base`, the base's constructor
    source = (b"namespace CLI {\nclass App {\n  public:\n"
              b"    CLI11_NODISCARD std::size_t count() const { return parsed_; }\n"
              b"    CLI11_NODISCARD const std::vector<std::string> &get_aliases() const { return aliases_; }\n"
              b"    CLI11_NODISCARD App *get_parent() { return parent_; }\n"
              b"    int after() { return 1; }\n};\n"
              b"CLI11_INLINE Sub::Sub(bool kb) : Base(get_mapping(kb)) {\n  func_ = 1;\n}\n"
              b"CLI11_NODISCARD CLI11_INLINE std::string App::help(std::string prev) const { return prev; }\n"
              b"template <typename F> CLI11_NODISCARD CLI11_INLINE guard_t<F> guard(F &&closure) { return {}; }\n"
              b"}\n"
              b"int f() {\n  UINT32 x(0);\n  return x;\n}\n"
              b"class E {\n  template <class U>\n  TL_CONSTEXPR E(const E<U> &rhs)\n      : base(tag{}) {\n    if (rhs.ok()) {}\n  }\n"
              b"  TL_CONSTEXPR explicit E(int v) : base(v) {}\n  int later() { LOG_IT log(x); return 1; }\n};\n")
    _, symbols = extract_source(source, "cpp", "App.hpp")
    found = {(s.qualname, s.kind, s.start_line) for s in symbols}
    assert {("CLI.App.count", "method", 4), ("CLI.App.get_aliases", "method", 5), ("CLI.App.get_parent", "method", 6),
            ("CLI.App.after", "method", 7), ("CLI.Sub.Sub", "method", 9), ("CLI.App.help", "method", 12),
            ("CLI.guard", "function", 13)} <= found
    assert not any(s.name in ("std", "Base", "func_", "CLI11_NODISCARD") for s in symbols)
    assert parse("cpp", source).root_node.descendant_for_point_range((15, 2), (15, 8)).text == b"UINT32"
    # tl::expected: a macro before an in-class constructor with initialisers had ended the class
    assert {("E.E", "method", 20), ("E.E", "method", 25), ("E.later", "method", 26)} <= found
    assert "E.ok" not in {s.qualname for s in symbols}
    assert parse("cpp", source).root_node.descendant_for_point_range((25, 17), (25, 23)).text.startswith(b"LOG_IT")


def test_a_cpp_macro_call_alone_on_its_line_leaves_the_class_around_it_whole() -> None:
    # CLI11's Error.hpp: `class ConstructionError : public Error {` / `CLI11_ERROR_DEF(Error,
    # ConstructionError)` / `};` had lost the class, `namespace CLI` and "subclasses of Error"
    source = (b"namespace CLI {\nclass Error : public std::runtime_error {\n  public:\n    int code() const { return 1; }\n};\n"
              b"class ConstructionError : public Error {\n    CLI11_ERROR_DEF(Error, ConstructionError)\n};\n"
              b"class ParseError : public Error {\n    CLI11_ERROR_DEF(Error, ParseError)\n"
              b"    // a comment\n    CLI11_ERROR_SIMPLE(ParseError)\n    static ParseError Extra(int n) { return {}; }\n};\n"
              b"}\n"
              b"TEST(Suite, Name)\n{\n  int x = 1 +\n    CALC(x)\n    ;\n}\n")
    _, symbols = extract_source(source, "cpp", "Error.hpp")
    found = {(s.qualname, s.kind, s.start_line) for s in symbols}
    assert {("CLI", "module", 1), ("CLI.Error", "class", 2), ("CLI.ConstructionError", "class", 6),
            ("CLI.ParseError", "class", 9), ("CLI.ParseError.Extra", "method", 13)} <= found
    tree = parse("cpp", source)
    assert tree.root_node.descendant_for_point_range((15, 0), (15, 4)).text == b"TEST"  # its body follows
    assert tree.root_node.descendant_for_point_range((18, 4), (18, 8)).text == b"CALC"  # an expression goes on


def test_cpp_arrow_operator_keeps_its_arrow_in_class_and_out_of_class() -> None:
    # tl::expected's `constexpr const T *operator->() const` was a method named `operator`: the
    # arrow had been read as a qualifier's separator
    source = (b"namespace tl {\ntemplate <class T> class expected {\n"
              b"  constexpr const T *operator->() const { return p; }\n  T *operator->*(int) { return p; }\n};\n"
              b"template <class T> T *expected<T>::operator->() { return p; }\n}\n")
    _, symbols = extract_source(source, "cpp", "expected.hpp")
    found = {(s.name, s.qualname, s.kind, s.start_line) for s in symbols}
    assert ("operator->", "tl.expected.operator->", "method", 3) in found
    assert ("operator->*", "tl.expected.operator->*", "method", 4) in found
    assert ("operator->", "tl.expected.operator->", "method", 6) in found
    assert not any(s.name == "operator" for s in symbols)


def test_a_c_conditional_whose_branches_each_open_a_brace_keeps_its_first_branch() -> None:
    # libuv's uv__async_io: `#if X` / `for (;!done;) {` / `#else` / `for (;;) {` / `#endif` gave the
    # grammar two opening braces for one closing: the function was lost, its locals read as globals
    source = (b"void io(int *w) {\n  char buf[1024];\n#if UV__KQUEUE_EVFILT_USER\n  for (;!done;) {\n"
              b"#else /* not (a ||\n           b) */\n  for (;;) {\n#endif\n    read(w);\n  }\n}\n\n"
              b"static void send(int *w) {\n  write(w);\n}\n"
              b"#ifdef _WIN32\nint f(void) { return 1; }\n#else\nint f(void) { return 2; }\n#endif\n")
    for text in (source, source.replace(b"\n", b"\r\n")):
        chunks, symbols = extract_source(text, "c", "async.c")
        found = {(s.qualname, s.kind, s.start_line, s.end_line) for s in symbols}
        assert ("io", "function", 1, 11) in found and ("send", "function", 13, 15) in found
        assert not any(name == "buf" for name, *_ in found)  # a local is no global
        # branches that each balance their braces are both read, as written
        assert ("f", "function", 17, 17) in found and ("f", "function", 19, 19) in found
        assert any(c.symbol == "io" and (c.start_line, c.end_line) == (1, 11) for c in chunks)


def test_a_c_conditional_inside_an_initialiser_list_keeps_its_first_branch() -> None:
    # leveldb's env_posix.cc: `Limiter(int n)` / `:` / `#if !defined(NDEBUG)` / `max_(n),` / `#endif`:
    # the grammar lost the class, and every later definition of the file was Limiter's
    source = (b"class Limiter {\n public:\n  Limiter(int n)\n      :\n#if !defined(NDEBUG)\n        max_(n),\n"
              b"#endif  // !defined(NDEBUG)\n        allowed_(n) {}\n  bool Acquire() { return f(1,\n#ifdef X\n"
              b"    2); }\n#else\n    3); }\n#endif\n};\n\nvoid PosixEnv::Schedule(int x) {}\n")
    _, symbols = extract_source(source, "cpp", "env.cc")
    found = {(s.qualname, s.kind, s.start_line, s.end_line) for s in symbols}
    assert {("Limiter", "class", 1, 15), ("Limiter.Limiter", "method", 3, 8), ("Limiter.Acquire", "method", 9, 11),
            ("PosixEnv.Schedule", "method", 17, 17)} <= found


def test_a_macro_after_a_cpp_functions_parameters_is_not_its_name() -> None:
    # leveldb's port_stdcxx.h: `void Lock() EXCLUSIVE_LOCK_FUNCTION() { mu_.lock(); }` was a method named
    # EXCLUSIVE_LOCK_FUNCTION; db_impl.h's annotation on the next line lost the declarations after it
    source = (b"class Mutex {\n public:\n  void Lock() EXCLUSIVE_LOCK_FUNCTION() { mu_.lock(); }\n"
              b"  int Get() const LOCKS_EXCLUDED(mu_) { return 1; }\n  Status Recover(Edit* edit)\n"
              b"      EXCLUSIVE_LOCKS_REQUIRED(mu_);\n  void Unlock() UNLOCK_FUNCTION() {\n    if (x)\n"
              b"      LOG(y);\n  }\n  int n_[3] GUARDED_BY(mu_);\n};\n")
    tree = parse("cpp", source)
    assert not tree.root_node.has_error
    _, symbols = extract_source(source, "cpp", "port.h")
    assert [(s.qualname, s.start_line) for s in symbols] == [
        ("Mutex", 1), ("Mutex.Lock", 3), ("Mutex.Get", 4), ("Mutex.Unlock", 7), ("Mutex.n_", 11)]
    assert symbols[1].signature == "void Lock() EXCLUSIVE_LOCK_FUNCTION() { mu_.lock(); }"  # the text as written
    calls = {(r.name, r.line) for r in analyze("port.h", source.decode()).references if r.kind == "call"}
    assert ("LOG", 9) in calls  # a condition's macro call stays a call


def test_a_macro_before_a_keyword_no_type_can_precede_is_not_read_as_a_type() -> None:
    # fmt's ostream.h: `FMT_MODULE_EXPORT template <typename Char>` then `void vprint(...) {`: the
    # macro was read as a type and vprint lost, its parameters recorded as variables
    source = (b"FMT_MODULE_EXPORT template <typename Char>\nvoid vprint(std::basic_ostream<Char>& os,\n"
              b"            basic_string_view<Char> format_str) {\n  write(os);\n}\n"
              b"STATIC_API static int count(void) { return 0; }\n")
    _, symbols = extract_source(source, "cpp", "ostream.h")
    found = {s.qualname: (s.kind, s.start_line) for s in symbols}
    assert found["vprint"] == ("function", 1)  # its template line starts it
    assert found["count"] == ("function", 6)
    assert not any("basic_" in name or "std" in name for name in found)


def test_a_calling_convention_macro_before_a_c_functions_name_is_not_read_as_a_variable() -> None:
    # cJSON's tests: `int CJSON_CDECL main(void)` was a variable CJSON_CDECL and a function named `void`
    # (19 of its files); jansson's `typedef BOOL(WINAPI *CRYPTGENRANDOM)(...)` and cJSON's `typedef
    # void (CJSON_CDECL *hook_fn)` were types named after the macro
    source = (b"int CJSON_CDECL main(void)\n{\n    return 0;\n}\n"
              b"static BOOL is_ok(void) { return 1; }\n"
              b"char * CJSON_CDECL dup_str(const char *s) { return 0; }\n"
              b"typedef BOOL(WINAPI *CRYPTGENRANDOM)(HCRYPTPROV hProv, DWORD dwLen);\n"
              b"typedef void (CJSON_CDECL *hook_fn)(void *p);\n"
              b"int run(void) {\n  int COUNT = 3;\n  return COUNT;\n}\n")
    for language in ("c", "cpp"):
        _, symbols = extract_source(source, language, "test.c")
        assert [(s.kind, s.name, s.name_line) for s in symbols] == [
            ("function", "main", 1), ("function", "is_ok", 5), ("function", "dup_str", 6),
            ("type", "CRYPTGENRANDOM", 7), ("type", "hook_fn", 8), ("function", "run", 9)], language
        assert symbols[0].signature == "int CJSON_CDECL main(void)"  # the text as written


def test_functions_assigned_to_properties_are_methods_of_their_object() -> None:
    # express: `res.send = function send(body) {...}`; older libraries: `Foo.prototype.bar = ...`
    source = (b"var res = Object.create(http.ServerResponse.prototype);\n\n"
              b"res.status = function status(code) {\n  this.statusCode = code;\n  return this;\n};\n\n"
              b"Router.prototype.route = function (path) {\n  return new Route(path);\n};\n\n"
              b"exports.render = (view) => view.render();\n"
              b"handlers[name].fn = function () {};\n"
              b"module.exports = function createApplication() {\n  return 1;\n};\n"
              b"module.exports = function () {};\n")
    _, symbols = extract_source(source, "javascript", "response.js")
    found = {s.qualname: (s.kind, s.start_line, s.end_line) for s in symbols}
    assert found["res.status"] == ("method", 3, 6)
    assert found["Router.route"] == ("method", 8, 10)  # `prototype` is no part of the name
    assert found["render"] == ("function", 12, 12)
    assert not any("handlers" in q or q.endswith("fn") for q in found)  # no path names the owner
    assert found["createApplication"] == ("function", 14, 16)  # the module's export, by its own name
    assert not any(q.startswith("module") for q in found)


def test_a_friend_function_defined_in_its_class_is_found() -> None:
    # abseil: `friend H AbslHashValue(H h, Duration d) {...}` and operators defined as friends
    source = (b"class Duration {\n template <typename H>\n friend H AbslHashValue(H h, Duration d) {\n"
              b"   return H::combine(std::move(h), d.rep_);\n }\n"
              b" friend bool operator==(Duration a, Duration b) { return a.rep_ == b.rep_; }\n"
              b" friend class Time;\n friend int64_t GetRep(Duration d);\n int64_t rep_;\n};\n")
    _, symbols = extract_source(source, "cpp", "time.h")
    found = {s.qualname: (s.kind, s.start_line, s.end_line) for s in symbols}
    assert found["Duration.AbslHashValue"][1:] == (3, 5)
    assert "Duration.operator==" in found
    assert "Duration.Time" not in found and "Duration.GetRep" not in found  # declared, not defined here


def test_the_functions_of_an_object_literal_are_its_methods() -> None:
    source = (b"const utils = {\n  isArray(x) { return Array.isArray(x); },\n  forEach: function forEach(o, fn) {},\n"
              b"  merge: (a, b) => ({...a, ...b}),\n  nested: { deep() {} },\n  [computed]: function () {},\n"
              b"  value: 3,\n};\nmodule.exports = {\n  create() { return 1; },\n};\n"
              b"export default {\n  setup(props) { return {}; },\n};\n"
              b"function f() { const inner = { hidden() {} }; }\n")
    for language in ("javascript", "typescript"):
        _, symbols = extract_source(source, language, "utils.js")
        found = {s.qualname: (s.kind, s.start_line) for s in symbols}
        assert {q: found[q] for q in ("utils.isArray", "utils.forEach", "utils.merge", "utils.nested.deep")} == {
            "utils.isArray": ("method", 2), "utils.forEach": ("method", 3), "utils.merge": ("method", 4),
            "utils.nested.deep": ("method", 5)}
        assert found["create"] == ("function", 10) and found["setup"] == ("function", 13)  # a module's exports
        assert "utils.value" not in found and "f.inner" not in found  # data; a function's local
        assert found["f.inner.hidden"] == ("method", 15)  # a function's object's methods: navigation lists them


def test_an_object_bound_through_a_chain_of_assignments_keeps_its_methods() -> None:
    # koa's lib/context.js: `const proto = module.exports = {...}` holds ctx.throw, ctx.onerror, ctx.cookies
    source = (b"const proto = module.exports = {\n  throw(...args) { throw createError(...args); },\n"
              b"  onerror(err) { return err; },\n  get cookies() { return this._c; },\n  assert: httpAssert,\n};\n"
              b"const handler = exports.handler = function handle(req) { return req; };\n")
    for language in ("javascript", "typescript"):
        _, symbols = extract_source(source, language, "context.js")
        found = {s.qualname: (s.kind, s.start_line) for s in symbols}
        assert {q: found.get(q) for q in ("proto", "proto.throw", "proto.onerror", "proto.cookies")} == {
            "proto": ("constant", 1), "proto.throw": ("method", 2), "proto.onerror": ("method", 3),
            "proto.cookies": ("method", 4)}
        assert "proto.assert" not in found  # a value, not a function defined here
        assert "handler" in found  # a chain that binds no object reads as before


def test_rust_items_wrapped_in_a_macro_are_definitions_at_their_own_lines() -> None:
    # tokio wraps most items in `cfg_rt! { ... }`: LocalSet, its methods and nested cfg macros were no symbols
    source = (b"cfg_rt! {\n    /// A set of tasks.\n    pub struct LocalSet {\n        tick: u8,\n    }\n"
              b"    impl LocalSet {\n        pub fn new() -> Self { todo!() }\n    }\n}\n"
              b"mod net {\n    cfg_net! {\n        cfg_unix! {\n            pub fn connect() {}\n        }\n    }\n}\n"
              b"lazy_static! {\n    static ref X: u8 = 1;\n}\n"
              b"fn main() { println!(\"{}\", 1); }\n")
    chunks, symbols = extract_source(source, "rust", "lib.rs")
    found = {s.qualname: (s.kind, s.start_line, s.end_line) for s in symbols}
    assert found["LocalSet"] == ("struct", 3, 5) and found["LocalSet.new"] == ("method", 7, 7)
    assert found["net.connect"] == ("function", 13, 13) and found["main"] == ("function", 20, 20)
    assert not any("cfg_" in q for q in found)  # the macros' names are no definitions
    assert ("LocalSet.new", 7, 7) in {(c.symbol, c.start_line, c.end_line) for c in chunks}


def test_a_cpp_macro_before_a_block_leaves_the_function_and_the_namespaces_around_it() -> None:
    # spdlog's thread_pool-inl.h: `SPDLOG_TRY {` (a macro for `try`) was read as a compound literal,
    # lost on its `for`: the namespaces and the 11 methods after the destructor were no symbols
    source = (b"namespace spdlog {\nnamespace details {\n\nSPDLOG_INLINE thread_pool::~thread_pool() {\n"
              b"    SPDLOG_TRY {\n        for (size_t i = 0; i < n; i++) {\n            post(async_msg(t::terminate));\n"
              b"        }\n    }\n    SPDLOG_CATCH_STD\n}\n\nsize_t SPDLOG_INLINE thread_pool::queue_size() { return 1; }\n"
              b"}  // namespace details\n}  // namespace spdlog\n")
    _, symbols = extract_source(source, "cpp", "thread_pool-inl.h")
    found = {(s.qualname, s.kind, s.start_line) for s in symbols}
    assert {("spdlog", "module", 1), ("spdlog.details", "module", 2),
            ("spdlog.details.thread_pool.~thread_pool", "method", 4),
            ("spdlog.details.thread_pool.queue_size", "method", 13)} <= found


def test_a_cpp_declaration_with_a_microsoft_calling_convention_keeps_the_namespace_after_it() -> None:
    # spdlog's msvc_sink.h: `extern "C" __declspec(dllimport) int __stdcall IsDebuggerPresent();` was
    # read as a definition whose body was the rest of the file: `msvc_sink` named under it
    source = (b'extern "C" __declspec(dllimport) int __stdcall IsDebuggerPresent();\n'
              b"int __cdecl other(void);\n"
              b"namespace spdlog {\nclass msvc_sink {\n  void flush_() override {}\n};\n}\n"
              b"int WINAPI __stdcall run(int n) { return n; }\n")
    _, symbols = extract_source(source, "cpp", "msvc_sink.h")
    found = {(s.qualname, s.kind, s.start_line) for s in symbols}
    assert {("spdlog", "module", 3), ("spdlog.msvc_sink", "class", 4), ("spdlog.msvc_sink.flush_", "method", 5),
            ("run", "function", 8)} <= found
    assert not any(s.qualname.startswith("IsDebuggerPresent.") for s in symbols)


def test_a_conditional_naming_a_namespace_keeps_its_first_branch() -> None:
    # spdlog's stopwatch.h: `namespace` / `#ifdef SPDLOG_USE_STD_FORMAT` / `std` / `#else` / `fmt` /
    # `#endif` / `{`: the namespace and the specialization's `format` were lost
    source = (b"namespace\n#ifdef SPDLOG_USE_STD_FORMAT\n    std\n#else\n    fmt\n#endif\n{\n"
              b"template <>\nstruct formatter<spdlog::stopwatch> : formatter<double> {\n"
              b"    auto format(const stopwatch &sw, Ctx &ctx) const -> decltype(ctx.out()) { return 1; }\n};\n}\n"
              b"struct\n#ifdef WIDE\n  wide_buf\n#endif\n{ int n; };\n")
    _, symbols = extract_source(source, "cpp", "stopwatch.h")
    found = {(s.qualname, s.kind, s.start_line) for s in symbols}
    assert {("std", "module", 1), ("std.formatter.format", "method", 10), ("wide_buf", "struct", 13)} <= found


def test_a_plain_name_longer_than_the_limit_is_a_symbol_and_its_body_is_walked() -> None:
    # a method named in 252 letters had been no symbol: its definition was 'no symbol named', and
    # the function inside it was named under the class alone
    name = "compute_" + "really_long_" * 20 + "name"
    source = f"class Box:\n    def {name}(self):\n        def inner():\n            return 1\n        return inner\n".encode()
    _, symbols = extract_source(source, "python", "box.py")
    assert {s.qualname for s in symbols} == {"Box", f"Box.{name}", f"Box.{name}.inner"}
