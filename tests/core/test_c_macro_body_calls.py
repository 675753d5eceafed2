"""A call written in a C or C++ function-like macro's body is the macro's call: jsoncpp calls
``Json::throwLogicError`` only through ``JSON_FAIL_MESSAGE`` and "who calls throwLogicError" had
answered nothing; cmark's ``_scan_at`` is called only through ``scan_thematic_break(c, n)``."""

from __future__ import annotations

import time

import pytest

from maguyva_tui.core.parsing.analyze import analyze
from tests.core.test_graph_resolve import call_targets, graph_of

HEADER = """\
#pragma once
namespace Json {
void throwLogicError(const char* msg);
}
#define JSON_FAIL_MESSAGE(message)                                             \\
  do {                                                                         \\
    Json::throwLogicError(message);                                            \\
    abort();                                                                   \\
  } while (0)
#define JSON_ASSERT_MESSAGE(condition, message)                                \\
  if (!(condition)) { JSON_FAIL_MESSAGE(message); }
#define APPLY(f, x) f(x)
#define MAKE(name) make_##name##_node(name)
"""

SOURCE = """\
#include "assertions.h"
namespace Json {
void throwLogicError(const char* msg) { throw msg; }
int f(int x) { return x; }
int asInt(int v) {
  JSON_ASSERT_MESSAGE(v > 0, "negative");
  return APPLY(f, v);
}
}
"""

C_SCANNERS = """\
int _scan_at(int (*scanner)(const char *), const char *c, int n) { return scanner(c + n); }
int _scan_thematic_break(const char *p) { return p[0] == '-'; }
#define scan_thematic_break(c, n) _scan_at(&_scan_thematic_break, c, n)
int thematic(const char *line) { return scan_thematic_break(line, 0); }
"""


def test_a_call_in_a_macro_body_is_the_macros_on_its_line() -> None:
    facts = analyze("include/assertions.h", HEADER)
    calls = {(r.name, r.line, r.scope) for r in facts.references if r.kind == "call"}
    assert ("Json.throwLogicError", 7, "JSON_FAIL_MESSAGE") in calls
    assert ("JSON_FAIL_MESSAGE", 11, "JSON_ASSERT_MESSAGE") in calls
    assert not {c for c in calls if c[0] in ("f", "name") or "make" in c[0]}  # a parameter, a pasted name


def test_who_calls_reaches_a_function_called_only_through_a_macro() -> None:
    graph = graph_of({"include/assertions.h": HEADER, "src/value.cpp": SOURCE})
    assert call_targets(graph, "include/assertions.h", 7) == {"src/value.cpp::Json.throwLogicError"}
    assert call_targets(graph, "include/assertions.h", 11) == {"include/assertions.h::JSON_FAIL_MESSAGE"}
    assert call_targets(graph, "src/value.cpp", 6) == {"include/assertions.h::JSON_ASSERT_MESSAGE"}


def test_a_c_macro_calling_a_function_of_its_file() -> None:
    graph = graph_of({"src/blocks.c": C_SCANNERS})
    assert call_targets(graph, "src/blocks.c", 3) == {"src/blocks.c::_scan_at"}
    assert call_targets(graph, "src/blocks.c", 4) == {"src/blocks.c::scan_thematic_break"}


def test_the_lines_after_the_macros_keep_their_calls() -> None:
    facts = analyze("src/blocks.c", C_SCANNERS + "#define TWO(a) \\\n  a + \\\n  1\nint g(void) { return thematic(\"-\"); }\n")
    assert ("thematic", 8) in {(r.name, r.line) for r in facts.references if r.kind == "call"}


@pytest.mark.slow
def test_many_macros_are_read_in_linear_time() -> None:
    source = "".join(f"#define M{i}(x) \\\n  call_{i}(x)\n" for i in range(5000))
    started = time.process_time()
    facts = analyze("src/many.h", source)
    assert time.process_time() - started < 1.0
    assert sum(r.kind == "call" for r in facts.references) == 5000
