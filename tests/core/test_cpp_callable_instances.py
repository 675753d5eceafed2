"""C++: calling an instance of a class runs its ``operator()``. ninja's ``RecomputeOutputsDirtyCache``
holds ``LazyEdgeCommandHash commandHash_;`` and compares ``commandHash_() != entry->command_hash``:
the call had reached nothing, where clang's reaches ``LazyEdgeCommandHash::operator()``."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

HASH_CC = """\
struct Hash { unsigned operator()() const; };
unsigned Hash::operator()() const { return 1; }
struct Cache {
  bool Check(const Hash& given);
  Hash hash_;
};
bool Cache::Check(const Hash& given) {
  Hash local;
  if (hash_() == 0)
    return local() == given();
  return false;
}
"""


def test_calling_a_field_local_or_parameter_of_a_class_runs_its_call_operator() -> None:
    graph = graph_of({"hash.cc": HASH_CC})
    assert call_targets(graph, "hash.cc", 9) == {"hash.cc::Hash.operator()"}
    assert call_targets(graph, "hash.cc", 10) == {"hash.cc::Hash.operator()"}


def test_the_call_operator_is_asked_for_by_its_name() -> None:
    from maguyva_tui.core.answers import symbol_as_meant

    assert symbol_as_meant("LazyEdgeCommandHash::operator()") == "LazyEdgeCommandHash::operator()"
    assert symbol_as_meant("::Hash::operator()()") == "Hash::operator()"
    assert symbol_as_meant("parse()") == "parse"
