"""Definitions in Rust and C that real code holds and a walk over the statement level misses: items
inside a Rust function's blocks, C unit-test macros."""

from __future__ import annotations

import time

import pytest

from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import _blank_call_lines, parse


def test_rust_items_inside_a_functions_blocks_are_defined() -> None:
    # bitflags' serde.rs: `if deserializer.is_human_readable() { struct FlagsVisitor ...; impl
    # Visitor for FlagsVisitor { fn visit_str ... } }`; only an item straight in the body was found
    source = b"""fn outer() {
    if x {
        struct Visitor;
        impl Visitor { fn visit(&self) {} }
    } else { fn in_else() {} }
    let v = { fn in_let() -> u8 { 1 } in_let() };
    unsafe { fn in_unsafe() {} }
    for _ in 0..1 { fn in_for() {} }
    match x { _ => { fn in_arm() {} } }
    let _ = thread::spawn(move || { struct Unwinder; }).join();
    let total = items.iter().map(|x| x + 1).sum();
}
"""
    _, symbols = extract_definitions(parse("rust", source), source, "rust", "serde.rs")
    assert [(s.kind, s.qualname, s.start_line) for s in symbols] == [
        ("function", "outer", 1), ("struct", "outer.Visitor", 3), ("method", "outer.Visitor.visit", 4),
        ("function", "outer.in_else", 5), ("function", "outer.in_let", 6), ("function", "outer.in_unsafe", 7),
        ("function", "outer.in_for", 8), ("function", "outer.in_arm", 9),
        ("struct", "outer.Unwinder", 10),  # parking_lot's tests: a type in a closure given to a call
    ]


def test_a_type_alias_naming_an_object_type_has_its_members_as_an_interface_has() -> None:
    """ts-pattern's ``type Match<i> = {with<p>(...): ...}``: "where is Match.with defined" had said
    no symbol is so named; an intersection's object types are the alias's too."""
    source = b"""export type Match<i> = {
  with<p>(pattern: p): Match<i>;
  run(): i;
};
type Store = Base & ({ readonly size: number; sub: (l: () => void) => () => void });
type Pair = [number, number];
function take(o: { inParam(): void }) {}
"""
    _, symbols = extract_definitions(parse("typescript", source), source, "typescript", "m.ts")
    assert [(s.kind, s.qualname, s.start_line) for s in symbols] == [
        ("type", "Match", 1), ("method", "Match.with", 2), ("method", "Match.run", 3),
        ("type", "Store", 5), ("variable", "Store.size", 5), ("method", "Store.sub", 5),
        ("type", "Pair", 6), ("function", "take", 7),
    ]


def test_a_c_test_written_as_a_macro_call_and_a_body_is_the_function_group_dot_name() -> None:
    # Unity's fixture tests: C's grammar read `TEST(mygroup, test1)` as a call missing its `;` and
    # then a block, and the test was no symbol (C++'s TEST(Suite, Name) is Suite.Name already)
    source = b"""TEST_GROUP(mygroup);
TEST(mygroup, test1)
{
  TEST_ASSERT(1);
}
IGNORE_TEST(mygroup, test2)
{
}
void after(void) { RUN(a, b); }
"""
    _, symbols = extract_definitions(parse("c", source), source, "c", "fixture_tests.c")
    assert [(s.kind, s.qualname, s.start_line, s.end_line) for s in symbols] == [
        ("function", "mygroup.test1", 2, 5), ("function", "mygroup.test2", 6, 8), ("function", "after", 9, 9),
    ]


def test_unity_parameterized_test_lines_leave_the_test_function_defined() -> None:
    # Unity's test_unity_parameterizedDemo.c: TEST_RANGE's brackets and `<` swallowed the function
    source = b"""TEST_CASE(1, 2, 5)
TEST_RANGE([3, 4, 1], [10, 5, -2], <30, 31, 1>)
TEST_MATRIX([3, 4, 7], [10, 8, 2, 1],[30u, 20.0f])
void test_demoParamFunction(int a, int b, int c)
{
}
"""
    for language in ("c", "cpp"):
        _, symbols = extract_definitions(parse(language, source), source, language, "test_demo.c")
        assert [(s.kind, s.qualname, s.start_line) for s in symbols] == [("function", "test_demoParamFunction", 4)]




def test_a_c_function_the_grammar_breaks_into_an_error_is_defined_and_its_locals_are_not() -> None:
    # Unity's unity.c, lines deleted while the failure held: a conditional the grammar cannot close
    # broke UnityPrintFVA into loose pieces of an error running on to the file's end; the function
    # was no symbol and its local `pch` a file's constant
    source = b"""#ifdef UNITY_INCLUDE_PRINT_FORMATTED
enum UnityLengthModifier {
    {                                                              \\
        {                                                          \\
        }                                                          \\
    }                                                              \\
} while (0)
{
    {
            {
                {
                }
            }
            {
            }
    }
}
static void UnityPrintFVA(const char* format, va_list va)
{
    const char* pch = format;
    {
        {
            {
                {
                    {
                            {
                            }
                    }
                }
            }
            else if ((*pch == 27) && (*(pch + 1) == '['))
            {
                pch += UnityPrintAnsiEscapeString(pch);
            }
#endif
            {
            }
            {
                UnityPrintChar(pch);
            }
        }
    }
}
{
    if(format != NULL)
    {
        UnityPrintFVA(format, va);
        va_end(va);
    }
    UNITY_PRINT_EOL();
}
void UnityFail(const char* msg)
{
}
"""
    _, symbols = extract_definitions(parse("c", source), source, "c", "unity.c")
    assert [(s.kind, s.qualname, s.start_line) for s in symbols] == [
        ("enum", "UnityLengthModifier", 2), ("function", "UnityPrintFVA", 18), ("function", "UnityFail", 52),
    ]


def test_a_c_variable_with_a_macro_before_its_name_or_its_type_is_named_as_written() -> None:
    # Unity's unity.c had 16 constants named UNITY_PROGMEM; cmocka's thread-local globals were
    # variables named after their type (cm_jmp_buf, SourceLocation)
    source = b"""const char UNITY_PROGMEM UnityStrOk[] = "OK";
static const char* UNITY_PROGMEM UnityStrDetailLabels[] = {0};
static CMOCKA_THREAD cm_jmp_buf global_run_test_env;
static CMOCKA_THREAD SourceLocation global_last_mock_value_location = {0};
static BOOL is_ok;
"""
    for language in ("c", "cpp"):
        _, symbols = extract_definitions(parse(language, source), source, language, "unity.c")
        assert [s.name for s in symbols] == [
            "UnityStrOk", "UnityStrDetailLabels", "global_run_test_env", "global_last_mock_value_location", "is_ok",
        ]


def test_a_rust_const_named_underscore_is_no_symbol() -> None:
    # byteorder's read_f32_into: `const _: () = assert!(...)` is a compile-time check, not a name
    source = b"""const _: () = assert!(size_of::<u32>() == 4);
fn read_f32_into() {
    let dst = unsafe {
        const _: () = assert!(align_of::<u32>() <= align_of::<f32>());
        0
    };
}
const MAX: u32 = 1;
"""
    _, symbols = extract_definitions(parse("rust", source), source, "rust", "lib.rs")
    assert [(s.kind, s.qualname) for s in symbols] == [("function", "read_f32_into"), ("constant", "MAX")]


def test_bitflags_types_and_their_flags_are_symbols() -> None:
    # bitflags' own examples: the flags were no symbols, `const ABC = Self::A.bits() | ...` a
    # constant named `Self`, and an item after the macro in a module lost its module's name
    source = b"""mod tests {
    bitflags! {
        #[derive(Debug)]
        pub struct Flags: u32 {
            const A = 0b01;
            /// B.
            const B = 0b10;
            const ABC = Self::A.bits() | Self::B.bits();
            const _ = !0;
        }
    }
    fn after() {}
}
bitflags::bitflags! {
    impl ManualFlags: u32 { const M = 1; }
}
"""
    _, symbols = extract_definitions(parse("rust", source), source, "rust", "lib.rs")
    assert [(s.kind, s.qualname, s.start_line, s.end_line) for s in symbols] == [
        ("module", "tests", 1, 13), ("struct", "tests.Flags", 4, 10), ("constant", "tests.Flags.A", 5, 5),
        ("constant", "tests.Flags.B", 7, 7), ("constant", "tests.Flags.ABC", 8, 8), ("function", "tests.after", 12, 12),
        ("constant", "ManualFlags.M", 15, 15),
    ]


def test_a_c_file_the_grammar_cannot_parse_at_all_still_defines_its_function() -> None:
    # lz4's lz4.c, reduced: the whole file is one error; LZ4_decompress_generic was no symbol and
    # its locals (ip among them) file-level constants
    source = b"""LZ4_FORCE_INLINE int
LZ4_decompress_generic(const char* const src)
{
{   const BYTE* ip = (const BYTE*) src;
"""
    _, symbols = extract_definitions(parse("c", source), source, "c", "lz4.c")
    assert [(s.kind, s.qualname, s.start_line) for s in symbols] == [("function", "LZ4_decompress_generic", 1)]


def test_a_namespace_with_a_visibility_macro_is_no_loose_function() -> None:
    source = b"""namespace std _GLIBCXX_VISIBILITY(default)
{
  enum class errc { a = 1 };
"""
    _, symbols = extract_definitions(parse("cpp", source), source, "cpp", "error_constants.h")
    assert "_GLIBCXX_VISIBILITY" not in [s.name for s in symbols]


def test_a_macro_before_a_functions_return_type_is_no_name() -> None:
    # lz4's xxhash.c: XXH32_update was a function named XXH_errorcode; Unity's test_unity_core.c:
    # UNITY_FUNCTION_ATTR(noreturn) added a variable named noreturn before each such test
    source = b"""XXH_PUBLIC_API XXH_errorcode XXH32_update (XXH32_state_t* state_in, const void* input, size_t len)
{
    return XXH_OK;
}
UNITY_FUNCTION_ATTR(noreturn) void testPassShouldEndImmediatelyWithPass(void)
{
}
static BOOL is_ok(void) { return 1; }
"""
    for language in ("c", "cpp"):
        _, symbols = extract_definitions(parse(language, source), source, language, "xxhash.c")
        assert [(s.kind, s.qualname, s.start_line) for s in symbols] == [
            ("function", "XXH32_update", 1), ("function", "testPassShouldEndImmediatelyWithPass", 5),
            ("function", "is_ok", 8),
        ]


def test_a_macro_before_a_run_of_stars_is_read_in_linear_time() -> None:
    # a crafted header: `ABC int***...* ;` had been tried in every split of its stars (33 of them:
    # 5 s, 40: hours, the index build held for good), 20,000 stars after a leading macro: 5 s
    started = time.process_time()
    for source in (b"ABC int" + b"*" * 33 + b" ;\n", b"ABC int" + b"*" * 20_000 + b" ;\n",
                   b"  ABC FOO int" + b" *" * 33 + b" &;\n"):
        for language in ("c", "cpp"):
            parse(language, source)
    assert time.process_time() - started < 1.0
    source = b"ABC int * *make(void) { return 0; }\nFOO_API std::string const &name() { return n; }\n"
    _, symbols = extract_definitions(parse("cpp", source), source, "cpp", "x.h")
    assert [(s.kind, s.qualname) for s in symbols] == [("function", "make"), ("function", "name")]


def test_macro_calls_after_one_blanked_are_read_in_linear_time() -> None:
    # the text since the last call blanked had been sliced again for each later call: 2-3 s here
    source = b"ABC(x)\nint y;\n" + b"x +\nABC(x)\n+y;\n" * 40_000 + b"};\nDEF(y)\n  GHI(z)\nint w;\n"
    started = time.process_time()
    blanked = _blank_call_lines(source)
    assert time.process_time() - started < 0.5
    assert blanked.startswith(b"      \nint y;\nx +\nABC(x)\n") and blanked.endswith(b"};\n      \n        \nint w;\n")


def test_a_crafted_bitflags_body_is_read_in_linear_time() -> None:
    # a type or flag missing its `{` or `;` had been searched again from each later line to the
    # same stop: 4,000 of them took 0.5-2 s
    started = time.process_time()
    for body in (b"pub struct F: u32 {\n" + b"    const A = 1\n" * 4_000 + b"}\n",
                 b"struct A: x " * 4_000 + b"pub(pub(" * 4_000):
        source = b"bitflags! {\n" + body + b"}\n"
        _, symbols = extract_definitions(parse("rust", source), source, "rust", "flags.rs")
        assert len(symbols) == (1 if b"{" in body else 0)
    assert time.process_time() - started < 0.5
    source = b"bitflags! {\n  pub struct F: u32 { const A = 1;\n    const B = 2; }\n}\n"
    _, symbols = extract_definitions(parse("rust", source), source, "rust", "flags.rs")
    assert [(s.qualname, s.start_line, s.end_line) for s in symbols] == [("F", 2, 3), ("F.A", 2, 2), ("F.B", 3, 3)]


@pytest.mark.slow
def test_a_bitflags_body_of_many_flags_is_read_in_linear_time() -> None:
    # each flag's row had been counted from the body's start: 20,000 flags took 3 s
    source = b"bitflags! {\npub struct F: u32 {\n" + b"    const A = 1;\n" * 20_000 + b"}\n}\n"
    tree = parse("rust", source)
    started = time.process_time()
    _, symbols = extract_definitions(tree, source, "rust", "flags.rs")
    assert time.process_time() - started < 1.5
    assert len(symbols) == 20_001 and symbols[-1].start_line == 20_002
