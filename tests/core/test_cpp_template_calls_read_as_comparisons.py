"""C++: a template called with its arguments written, and arguments passed
(``pTok->Fun.cb.call_fun<1 >(stack[sidx])``, ``Codec::encode<8>(buf)``), is a call: tree-sitter
reads it as two comparisons, ``(a < 1) > (x)``, so muparser's evaluation loop (39 call sites
libclang 18 finds) had called nothing; the call without arguments (``call_fun<0>()``) had been read."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

SOURCE = """\
namespace mu {
struct Callable {
  template <int N, typename... T> double call_fun(T... args) const { return N; }
};
struct Codec {
  template <int N> static int encode(int x) { return x; }
};
double run(const Callable* cb, double* stack, int sidx, bool a, int b, int c) {
  stack[sidx] = cb->call_fun<1 >(stack[sidx]);
  stack[sidx] = cb->call_fun<2>(stack[sidx], stack[sidx + 1]);
  bool odd = a < b > (c);
  return Codec::encode<8>(sidx);
}
}
"""


def test_a_template_called_with_arguments_is_a_call_not_two_comparisons() -> None:
    graph = graph_of({"run.cc": SOURCE})
    assert call_targets(graph, "run.cc", 9) == {"run.cc::mu.Callable.call_fun"}
    assert call_targets(graph, "run.cc", 10) == {"run.cc::mu.Callable.call_fun"}
    assert call_targets(graph, "run.cc", 11) == set()
    assert call_targets(graph, "run.cc", 12) == {"run.cc::mu.Codec.encode"}
