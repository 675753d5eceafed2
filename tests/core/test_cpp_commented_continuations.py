"""C and C++: a block comment before a macro's continuation backslash keeps the macro going.
ninja's graph.cc defines ``IF_FIRSTRUN(cond)`` over two lines, each ending ``/* NOLINT */ \\``;
the grammar ended the macro at the first comment, read ``if constexpr (FIRSTRUN) if (cond)`` as
code, and that ``if`` swallowed the template method after it: ``RecomputeOutputsDirtyCache::
RecomputeOutputDirty`` was no symbol, and its calls of ``Node::exists`` and ``Node::mtime``
(about 20 of clang's sites) were no function's."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

GRAPH_CC = """\
struct Node { bool exists() const; };
bool Node::exists() const { return true; }
namespace {
struct Cache { template <bool FIRSTRUN> bool Dirty(const Node* output); };
#define IF_FIRSTRUN(cond)                                     \\
  if constexpr (!FIRSTRUN) assert(!(cond));      /* NOLINT */ \\
  if constexpr (FIRSTRUN) if (cond)              /* NOLINT */

template <bool FIRSTRUN>
bool Cache::Dirty(const Node* output) {
  IF_FIRSTRUN (!output->exists()) {
    return true;
  }
  return output->exists();
}
}  // namespace
"""


def test_a_commented_continuation_keeps_the_macro_and_the_method_after_it() -> None:
    graph = graph_of({"graph.cc": GRAPH_CC})
    assert "graph.cc::Cache.Dirty" in graph.symbols
    assert call_targets(graph, "graph.cc", 14) == {"graph.cc::Node.exists"}
    assert graph.symbols["graph.cc::Cache.Dirty"].start_line == 9
