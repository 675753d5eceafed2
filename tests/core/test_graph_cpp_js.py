"""C++ headers, C/C++ namespaces and JavaScript IIFEs in definitions and resolution (issue #3)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.parsing.analyze import analyze, analyze_row
from maguyva_tui.core.parsing.languages import language_for, language_of

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
