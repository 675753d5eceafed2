"""C++: ``using namespace a;`` makes a's names visible, at the top of a file, in a namespace or in
a function. json11's ``test.cpp`` opens with ``using namespace json11;``, and its
``Json::parse(...)``, ``Json(42)``, ``json.dump()`` (76 of the 82 call sites libclang 18 finds
there and the graph missed) had reached nothing."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

LIB_H = """\
namespace lib {
namespace detail {
int helper(int x);
}
struct Json {
  static Json parse(int x);
  int dump() const;
};
int load(int x);
}
"""
LIB_CC = """\
#include "lib.h"
namespace lib {
namespace detail {
int helper(int x) { return x; }
}
Json Json::parse(int x) { return Json(); }
int Json::dump() const { return 1; }
int load(int x) { return x; }
}
"""
TOP = """\
#include "lib.h"
using namespace lib;
int main() {
  Json j = Json::parse(1);
  return load(2) + j.dump();
}
"""
SCOPED = """\
#include "lib.h"
namespace app {
using namespace lib::detail;
int run() {
  return helper(1);
}
}
int outside() {
  return helper(2);
}
int inner() {
  using namespace ::lib;
  return load(3);
}
int after() {
  return load(4);
}
"""


def test_a_file_level_using_namespace_reaches_the_namespace_members() -> None:
    graph = graph_of({"lib.h": LIB_H, "lib.cc": LIB_CC, "main.cc": TOP})
    assert call_targets(graph, "main.cc", 4) == {"lib.cc::lib.Json.parse"}
    assert call_targets(graph, "main.cc", 5) == {"lib.cc::lib.load", "lib.cc::lib.Json.dump"}


def test_a_using_namespace_in_a_namespace_or_function_holds_there_only() -> None:
    graph = graph_of({"lib.h": LIB_H, "lib.cc": LIB_CC, "app.cc": SCOPED})
    assert call_targets(graph, "app.cc", 5) == {"lib.cc::lib.detail.helper"}
    assert call_targets(graph, "app.cc", 9) == set()
    assert call_targets(graph, "app.cc", 13) == {"lib.cc::lib.load"}
    assert call_targets(graph, "app.cc", 16) == set()
