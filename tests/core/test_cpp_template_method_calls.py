"""C++: a member template called with its arguments written (``alloc->make<Var>(...)``,
``ref.make<Var>()``) is a call of that method. jsonnet's parser builds its whole tree with
``alloc->make<Object>(...)``, and those calls (48 of ``Allocator::make``'s call sites libclang 18
finds) had reached nothing: the callee read ``alloc.?``."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of, loose_at

ALLOCATOR = """\
namespace ns {
struct AST {};
struct Var : AST {};
class Allocator {
 public:
  template <class T, class... Args> T *make(Args &&... args) { return new T(); }
  template <class T> T *clone(T *ast) { return ast; }
};
struct Parser {
  Allocator *alloc;
  Allocator &ref;
  AST *run() {
    alloc->make<Var>(1, 2);
    ref.make<Var>();
    return ref.clone<Var>(nullptr);
  }
};
}
"""


def test_a_member_template_called_with_its_arguments_is_that_method() -> None:
    graph = graph_of({"alloc.cc": ALLOCATOR})
    assert call_targets(graph, "alloc.cc", 13) == {"alloc.cc::ns.Allocator.make"}
    assert call_targets(graph, "alloc.cc", 14) == {"alloc.cc::ns.Allocator.make"}
    assert call_targets(graph, "alloc.cc", 15) == {"alloc.cc::ns.Allocator.clone"}
    assert loose_at(graph, "alloc.cc", 13) == {}
