"""C++: a field whose type is a struct written there without a name (muparser's token:
``union { struct { generic_callable_type cb; int argc; } Fun; ... };``) holds the fields written
in it, which the graph binds on the enclosing class: ``tok->Fun.cb.call_fun<0>()`` (41 of
muparser's call sites libclang 18 finds) had reached nothing."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of, loose_at

TOKEN = """\
namespace mu {
struct generic_callable_type {
  template <int N> int call_fun() const { return N; }
  int plain() const { return 0; }
};
struct SToken {
  int Cmd;
  union {
    struct {
      int* ptr;
    } Val;
    struct {
      generic_callable_type cb;
      int argc;
    } Fun;
  };
};
int run(SToken* tok, SToken &ref) {
  tok->Fun.cb.plain();
  return ref.Fun.cb.call_fun<0>();
}
}
"""


def test_a_field_of_an_unnamed_struct_reaches_its_fields_methods() -> None:
    graph = graph_of({"token.cc": TOKEN})
    assert call_targets(graph, "token.cc", 19) == {"token.cc::mu.generic_callable_type.plain"}
    assert call_targets(graph, "token.cc", 20) == {"token.cc::mu.generic_callable_type.call_fun"}
    assert loose_at(graph, "token.cc", 19) == {}
