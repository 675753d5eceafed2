"""C++ headers, C/C++ namespaces and JavaScript IIFEs in definitions and resolution (issue #3)."""

from __future__ import annotations

from textwrap import dedent

import pytest

from maguyva_tui.core.parsing.analyze import analyze, analyze_row
from maguyva_tui.core.parsing.languages import language_for, language_of
from tests.core.test_graph_resolve import call_targets, graph_of, loose_at

# -- 1. a .h header is C++ when its text says so -------------------------------------------------

CPP_HEADER = """\
#ifndef UTIL_H_
#define UTIL_H_
#include <string>

namespace sentencepiece {
class Status {
 public:
  bool ok() const;
};

std::string JoinPath(const std::string &a);
}  // namespace sentencepiece
#endif
"""

C_HEADER = """\
/* Copyright: see Foo::bar in the C++ wrapper.
 * class Foo is not here. */
#ifndef BROTLI_H_
#define BROTLI_H_
#if defined(__cplusplus) || defined(c_plusplus)
extern "C" {
#endif
typedef struct BrotliState { int a; } BrotliState;
int BrotliDecode(const char *in, int n);  // see brotli::Decode
#if defined(__cplusplus) || defined(c_plusplus)
}  /* extern "C" */
#endif
#endif
"""


@pytest.mark.parametrize("text", [
    "namespace ns {\nint f();\n}\n",
    "namespace {\nint f();\n}\n",
    "template <typename T>\nT max(T a, T b);\n",
    "struct S {\n public:\n  int a;\n};\n",
    "class Foo : public Bar {\n};\n",
    "class Foo\n{\n};\n",
    "inline int f() { return util::g(); }\n",
    "using namespace std;\n",
])
def test_header_with_cpp_only_syntax_is_cpp(text: str) -> None:
    assert language_of("src/x.h", text) == "cpp"
    assert language_of("src/x.h", text.encode()) == "cpp"


@pytest.mark.parametrize("text", [
    C_HEADER,
    "int x = a ? b : c;\nswitch (x) { case FOO: break; }\nlabel:\n",
    "#define CAT(a) a::b\n",
    'const char *s = "ns::name";\n',
])
def test_plain_c_header_stays_c(text: str) -> None:
    assert language_of("src/x.h", text) == "c"


def test_only_h_headers_are_sniffed_and_the_path_rule_is_unchanged() -> None:
    assert language_for("src/x.h") == "c"  # the walker's path-only detection
    assert language_of("src/x.c", "namespace a {\n}\n") == "c"
    assert language_of("src/x.hpp", "int f(void);\n") == "cpp"
    assert language_of("src/x.py", "class A:\n  pass\n") == "python"
    assert language_of("README", "namespace a {") is None


def test_cpp_header_is_parsed_as_cpp_by_the_indexer() -> None:
    facts = analyze("src/util.h", CPP_HEADER)
    assert facts.language == "cpp"
    assert {s.qualname for s in facts.symbols} >= {"sentencepiece", "sentencepiece.Status"}
    assert analyze_row("src/util.h", CPP_HEADER)[0] == "cpp"
    c_facts = analyze("src/brotli.h", C_HEADER)
    assert c_facts.language == "c"
    assert analyze_row("src/brotli.h", C_HEADER)[0] == "c"
    assert {s.qualname for s in c_facts.symbols} >= {"BrotliState"}


# -- 2. C/C++ namespaces across files ---------------------------------------------------------------

NS_FILES = {
    "src/util.h": """\
        #include <string>
        namespace sentencepiece {
        namespace util {
        std::string JoinPath(const std::string &a);
        #define CHECK_OR_RETURN(c) if (!(c)) return util::Status()
        class Status {
         public:
          bool ok() const;
        };
        }  // namespace util
        }  // namespace sentencepiece
        """,
    "src/util.cc": """\
        #include "util.h"
        namespace sentencepiece {
        namespace util {
        std::string JoinPath(const std::string &a) { return a; }
        bool Status::ok() const { return true; }
        }  // namespace util
        int Helper(int x) { return x; }
        }  // namespace sentencepiece
        """,
    "src/model.cc": """\
        #include "util.h"
        namespace sentencepiece {
        int Run() {
          Helper(1);
          util::JoinPath("a");
          sentencepiece::util::JoinPath("b");
          CHECK_OR_RETURN(true);
          return 0;
        }
        }  // namespace sentencepiece
        """,
}


def test_macro_in_a_namespace_has_its_bare_name() -> None:
    facts = analyze("src/util.h", dedent(NS_FILES["src/util.h"]))
    kinds = {s.qualname: s.kind for s in facts.symbols}
    assert kinds["CHECK_OR_RETURN"] == "function"
    assert not any(q.endswith(".CHECK_OR_RETURN") for q in kinds)


def test_call_to_a_function_of_the_enclosing_namespace_in_another_file() -> None:
    graph = graph_of(NS_FILES)
    assert call_targets(graph, "src/model.cc", 4) == {"src/util.cc::sentencepiece.Helper"}


def test_namespace_qualified_calls_across_files() -> None:
    graph = graph_of(NS_FILES)
    assert call_targets(graph, "src/model.cc", 5) == {"src/util.cc::sentencepiece.util.JoinPath"}
    assert call_targets(graph, "src/model.cc", 6) == {"src/util.cc::sentencepiece.util.JoinPath"}
    assert call_targets(graph, "src/model.cc", 7) == {"src/util.h::CHECK_OR_RETURN"}


def test_name_of_another_namespace_is_not_taken_for_the_enclosing_one() -> None:
    graph = graph_of({**NS_FILES, "src/other.cc": """\
        namespace other {
        int Run() { return Helper(1) + util::Missing(); }
        }
        """})
    assert call_targets(graph, "src/other.cc", 2) == set()
    assert loose_at(graph, "src/other.cc", 2) == {"Helper": "unresolved", "util.Missing": "unresolved"}


def test_namespace_member_missing_everywhere_stays_unresolved() -> None:
    graph = graph_of({**NS_FILES, "src/more.cc": """\
        namespace sentencepiece {
        int More() { return util::Missing(); }
        }
        """})
    assert loose_at(graph, "src/more.cc", 2) == {"util.Missing": "unresolved"}


def test_macros_swallowed_by_a_misread_macro_call_are_still_definitions() -> None:
    text = dedent("""\
        namespace sp {
        class Tester {
         public:
        #define BINARY_OP(name, op) \\
          bool name(int x, int y) { return x op y; }
          BINARY_OP(IsEq, ==)
          BINARY_OP(IsNe, !=)
        #define EXPECT_EQ(a, b) \\
          sp::Tester().IsEq((a), (b))
        #define ASSERT_EQ EXPECT_EQ
        #define GUARD_H
          void Run() {}
        };
        }  // namespace sp
        """)
    symbols = {s.qualname: s for s in analyze("src/testharness.h", text).symbols}
    assert symbols["EXPECT_EQ"].kind == "function"
    assert (symbols["EXPECT_EQ"].start_line, symbols["EXPECT_EQ"].end_line) == (8, 9)
    assert symbols["ASSERT_EQ"].kind == "constant"
    assert symbols["GUARD_H"].kind == "constant"  # valueless, but no #ifndef guards with it: a definition


def test_namespace_and_class_after_a_macro_the_grammar_misreads() -> None:
    text = dedent("""\
        PROTOBUF_NAMESPACE_CLOSE
        namespace sentencepiece {
        class ModelProto PROTOBUF_FINAL :
            public ::PROTOBUF_NAMESPACE_ID::Message {
         public:
          int size() const;
        };
        inline int ModelProto::size() const { return 0; }
        }  // namespace sentencepiece
        """)
    kinds = {s.qualname: s.kind for s in analyze("src/model.pb.h", text).symbols}
    assert kinds["sentencepiece"] == "module"
    assert kinds["sentencepiece.ModelProto"] == "class"
    assert kinds["sentencepiece.ModelProto.size"] == "method"


# -- 3. JavaScript functions declared inside an IIFE --------------------------------------------------

LODASH_LIKE = """\
;(function() {
  var undefined;
  function apply(func, thisArg, args) {
    return func.apply(thisArg, args);
  }
  var runInContext = (function runInContext(context) {
    function baseRest(func, start) {
      return apply(func, this, start);
    }
    var rest = baseRest(1, 2);
    return rest;
  });
  var _ = runInContext();
  if (typeof define == 'function') {
    define(function() { return _; });
  }
}.call(this));
"""


def test_functions_declared_in_an_iife_are_symbols_of_the_file() -> None:
    facts = analyze("lodash.js", LODASH_LIKE)
    kinds = {s.qualname: s.kind for s in facts.symbols}
    assert kinds["apply"] == "function"
    assert kinds["runInContext"] == "function"
    assert kinds["runInContext.baseRest"] == "function"
    assert kinds["_"] == "variable"
    chunks = {(c.kind, c.symbol, c.start_line, c.end_line) for c in facts.chunks if c.kind != "window"}
    assert chunks == {("function", "apply", 3, 5), ("function", "runInContext", 6, 12),
                      ("function", "runInContext.baseRest", 7, 9)}
    covered = {line for c in facts.chunks for line in range(c.start_line, c.end_line + 1)}
    assert {1, 2, 13, 14, 15, 16, 17} <= covered  # the IIFE's own lines are in line windows


def test_calls_inside_an_iife_resolve() -> None:
    graph = graph_of({"lodash.js": LODASH_LIKE})
    assert call_targets(graph, "lodash.js", 8) == {"lodash.js::apply"}
    assert call_targets(graph, "lodash.js", 10) == {"lodash.js::runInContext.baseRest"}
    assert call_targets(graph, "lodash.js", 13) == {"lodash.js::runInContext"}


@pytest.mark.parametrize("text", [
    "(function () {\n  function inner() {}\n})();\n",
    "(function () {\n  function inner() {}\n}());\n",
    "(() => {\n  function inner() {}\n})();\n",
    "!function () {\n  function inner() {}\n}();\n",
    "(function (root) {\n  function inner() {}\n}.apply(this, [1]));\n",
])
def test_iife_shapes(text: str) -> None:
    assert [(s.qualname, s.kind) for s in analyze("x.js", text).symbols] == [("inner", "function")]


@pytest.mark.parametrize(("text", "names"), [
    ("run(function () {\n  function inner() {}\n});\n", ["inner"]),  # a callback's body: its declarations
    ("(function () {\n  function inner() {}\n}).bind(this);\n", ["inner"]),
    ("function outer() {\n  (function () {\n    function inner() {}\n  })();\n}\n", ["outer", "outer.inner"]),
])
def test_declarations_inside_anonymous_functions_are_definitions(text: str, names: list[str]) -> None:
    """An anonymous function is no definition, but what it declares is (axios' dispatchXhrRequest
    sits inside one): found under the enclosing definition's name, as universal-ctags finds it."""
    assert [s.qualname for s in analyze("x.js", text).symbols] == names


# -- 4. GoogleTest-style test macros ----------------------------------------------------------------

TEST_FILES = {
    "src/piece.h": """\
        namespace sp {
        class Piece { public: int size() const; };
        class Text { public: int pieces() const; };
        int Count(const Text &t);
        }
        """,
    "src/piece.cc": """\
        #include "piece.h"
        namespace sp {
        int Piece::size() const { return 1; }
        int Text::pieces() const { return 2; }
        int Count(const Text &t) { return t.pieces(); }
        }
        """,
    "src/piece_test.cc": """\
        #include "piece.h"
        namespace sp {
        class PieceTest : public ::testing::Test {
         protected:
          int Make() { return 3; }
        };
        TEST(TextTest, Pieces) {
          Text spt;
          EXPECT_EQ(spt.pieces(), 2);
        }
        TEST(PieceTest2, Size) {
          Piece spt;
          EXPECT_EQ(spt.size(), 1);
        }
        TEST_F(PieceTest, UsesTheFixture) {
          EXPECT_EQ(Make(), Count(Text()));
        }
        }
        """,
}


def test_a_test_macro_is_named_after_its_suite_and_test() -> None:
    facts = analyze("src/piece_test.cc", dedent(TEST_FILES["src/piece_test.cc"]))
    functions = [(s.qualname, s.name, s.start_line, s.signature) for s in facts.symbols if s.kind == "function"]
    assert functions == [
        ("sp.TextTest.Pieces", "Pieces", 7, "TEST(TextTest, Pieces) {"),
        ("sp.PieceTest2.Size", "Size", 11, "TEST(PieceTest2, Size) {"),
        ("sp.PieceTest.UsesTheFixture", "UsesTheFixture", 15, "TEST_F(PieceTest, UsesTheFixture) {"),
    ]
    assert not any(r.name in ("TextTest", "Pieces", "PieceTest2", "Size") for r in facts.references)


def test_each_test_types_its_own_locals() -> None:
    # every TEST once shared the qualname sp.TEST: `spt` was a Text in one and a Piece in the
    # other, so it was typed in neither
    graph = graph_of(TEST_FILES)
    assert call_targets(graph, "src/piece_test.cc", 9) == {"src/piece.cc::sp.Text.pieces"}
    assert call_targets(graph, "src/piece_test.cc", 13) == {"src/piece.cc::sp.Piece.size"}


def test_a_fixture_test_calls_the_fixture_members() -> None:
    graph = graph_of(TEST_FILES)
    assert call_targets(graph, "src/piece_test.cc", 16) >= {
        "src/piece_test.cc::sp.PieceTest.Make", "src/piece.cc::sp.Count"}


def test_a_function_named_in_capitals_with_typed_parameters_stays_a_function() -> None:
    facts = analyze("src/m.cc", "int MAX(int a, int b) { return a; }\nMAKE_IT(Foo bar) { }\n")
    assert [(s.qualname, s.kind) for s in facts.symbols] == [("MAX", "function"), ("MAKE_IT", "function")]


def test_a_base_listed_on_the_line_a_method_starts_belongs_to_the_class() -> None:
    # the scope of a reference is read by line: there the innermost one is the method, not the
    # class whose header lists the base
    graph = graph_of({
        "b.cc": "struct B { int m3() { return 1; } };\nstruct A : B { int m0() { return m3(); } };\n",
        "b.js": "class B { m3() { return 1; } }\nclass A extends B { m0() { return this.m3(); } }\n",
    })
    assert call_targets(graph, "b.cc", 2) == {"b.cc::B.m3"}
    assert call_targets(graph, "b.js", 2) == {"b.js::B.m3"}


def test_a_typescript_union_with_null_or_undefined_is_its_type_where_called() -> None:
    graph = graph_of({
        "src/sub.ts": """\
            export class Subscription {
              unsubscribe(): void {}
            }
            export class Other {
              unsubscribe(): void {}
            }
            """,
        "src/use.ts": """\
            import { Subscription, Other } from './sub';
            export function stop(a: Subscription | null, b: undefined | Subscription, c: Subscription | Other) {
              let inner: Subscription | null = null;
              a?.unsubscribe();
              b.unsubscribe();
              c.unsubscribe();
              inner?.unsubscribe();
            }
            """,
    })
    sub = {"src/sub.ts::Subscription.unsubscribe"}
    assert [call_targets(graph, "src/use.ts", line) for line in (4, 5, 7)] == [sub, sub, sub]
    assert call_targets(graph, "src/use.ts", 6) == set()  # either class: never a guess
