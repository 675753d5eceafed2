"""What a C++ standard container, smart pointer or iterator holds is typed: a call through one
reaches the element's method (ninja's ``builder_->jobserver_->TryAcquire()`` of a
``std::unique_ptr<Jobserver>`` field, ``(*i)->in_edge()`` of a ``vector<Node*>::iterator``,
``i->second->Dump()`` of a map's, ``for (Edge* e : edges_)``), as libclang has them; they had
reached nothing. The holder's own members (``size``, ``reset``, ``get``) stay the library's, never
the element's method of the same name."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

HELD = """\
#include <map>
#include <memory>
#include <string>
#include <vector>
struct Edge { void Dump(); int size(); void reset(); };
struct Job { bool TryAcquire(); };
struct Builder { std::unique_ptr<Job> jobserver_; };
void Edge::Dump() {} int Edge::size() { return 0; } void Edge::reset() {}
bool Job::TryAcquire() { return true; }
struct Plan {
  std::unique_ptr<Builder> builder_;
  std::vector<Edge*> edges_;
  std::map<std::string, Edge*> named_;
  void Run();
};
void Plan::Run() {
  builder_->jobserver_->TryAcquire();
  edges_[0]->Dump();
  edges_.back()->Dump();
  named_["x"]->Dump();
  for (const auto& e : edges_) e->Dump();
  for (auto i = edges_.begin(); i != edges_.end(); ++i) (*i)->Dump();
  for (std::map<std::string, Edge*>::iterator i = named_.begin(); i != named_.end(); ++i) i->second->Dump();
  for (auto& kv : named_) kv.second->Dump();
  auto made = std::make_unique<Edge>();
  made->Dump();
  std::vector<std::unique_ptr<Edge>> owned;
  owned[0]->Dump();
  edges_.size();
  made.reset();
  made.get()->Dump();
}
"""


def test_a_call_through_a_smart_pointer_reaches_the_pointee_s_method() -> None:
    graph = graph_of({"src/plan.cc": HELD})
    assert call_targets(graph, "src/plan.cc", 17) == {"src/plan.cc::Job.TryAcquire"}
    assert call_targets(graph, "src/plan.cc", 26) == {"src/plan.cc::Edge.Dump"}  # make_unique's
    assert call_targets(graph, "src/plan.cc", 28) == {"src/plan.cc::Edge.Dump"}  # vector<unique_ptr<Edge>>
    assert call_targets(graph, "src/plan.cc", 31) == {"src/plan.cc::Edge.Dump"}  # made.get()->


def test_a_container_s_element_reaches_its_method() -> None:
    graph = graph_of({"src/plan.cc": HELD})
    for line in (18, 19, 20, 21):  # v[i]->, v.back()->, m[k]->, a range-for's auto
        assert call_targets(graph, "src/plan.cc", line) == {"src/plan.cc::Edge.Dump"}, line


def test_an_iterator_reaches_its_element_s_method() -> None:
    graph = graph_of({"src/plan.cc": HELD})
    for line in (22, 23, 24):  # (*i)->, a map iterator's i->second->, a map's pair kv.second->
        assert call_targets(graph, "src/plan.cc", line) == {"src/plan.cc::Edge.Dump"}, line


def test_the_holder_s_own_members_are_the_library_s() -> None:
    graph = graph_of({"src/plan.cc": HELD})
    assert call_targets(graph, "src/plan.cc", 29) == set()  # edges_.size(), not Edge::size
    assert call_targets(graph, "src/plan.cc", 30) == set()  # made.reset(), not Edge::reset


ALIASED = """\
#include <memory>
#include <set>
struct Edge { void Dump(); };
void Edge::Dump() {}
typedef std::set<Edge*> Edges;
void Walk(Edges& edges) {
  for (Edges::const_iterator it = edges.begin(); it != edges.end(); ++it) (*it)->Dump();
  auto held = std::unique_ptr<Edge>(new Edge());
  held->Dump();
}
"""


def test_an_alias_s_iterator_and_a_constructed_holder_reach_the_element_s_method() -> None:
    graph = graph_of({"src/walk.cc": ALIASED})
    assert call_targets(graph, "src/walk.cc", 7) == {"src/walk.cc::Edge.Dump"}  # typedef set<Edge*>'s iterator
    assert call_targets(graph, "src/walk.cc", 9) == {"src/walk.cc::Edge.Dump"}  # auto x = unique_ptr<T>(new T)


FIELD_HEADER = """\
#include <memory>
#include <vector>
struct HashMgr { int lookup(const char* w); };
class AffixMgr {
  const std::vector<std::unique_ptr<HashMgr>>& alldic;
  HashMgr& main;
 public:
  int lookup(const char* w);
};
"""
FIELD_SOURCE = """\
#include "affixmgr.hxx"
int HashMgr::lookup(const char* w) { return 0; }
int AffixMgr::lookup(const char* w) {
  main.lookup(w);
  return alldic[0]->lookup(w);
}
"""


def test_a_reference_field_declared_in_a_header_types_its_calls() -> None:
    """hunspell's ``const std::vector<std::unique_ptr<HashMgr>>& alldic;``: a field declared a
    reference had been recorded only where its file calls through it, never from the header."""
    graph = graph_of({"src/affixmgr.hxx": FIELD_HEADER, "src/affixmgr.cxx": FIELD_SOURCE})
    assert call_targets(graph, "src/affixmgr.cxx", 4) == {"src/affixmgr.cxx::HashMgr.lookup"}
    assert call_targets(graph, "src/affixmgr.cxx", 5) == {"src/affixmgr.cxx::HashMgr.lookup"}


LOOPS = """\
#include <set>
#include <vector>
struct Edge { void Dump(); };
struct Node { void path(); };
void Edge::Dump() {} void Node::path() {}
void Walk(std::vector<Node*>& nodes, std::set<Edge*>& edges) {
  for (std::vector<Node*>::iterator i = nodes.begin(); i != nodes.end(); ++i)
    (*i)->path();
  for (std::set<Edge*>::iterator i = edges.begin(); i != edges.end(); ++i) {
    (*i)->Dump();
  }
  for (const auto& i : nodes) i->path();
}
"""


def test_each_for_loop_s_variable_is_its_own() -> None:
    """Three loops of one function each declaring ``i`` of another type (ninja's ``(*i)->path()``
    after a loop over edges): each loop's ``i`` is its own, as in Java."""
    graph = graph_of({"src/walk.cc": LOOPS})
    assert call_targets(graph, "src/walk.cc", 8) == {"src/walk.cc::Node.path"}
    assert call_targets(graph, "src/walk.cc", 10) == {"src/walk.cc::Edge.Dump"}
    assert call_targets(graph, "src/walk.cc", 12) == {"src/walk.cc::Node.path"}


DIRECT = """\
#include <string>
struct Sequences { explicit Sequences(const std::string& s); bool More(); };
Sequences::Sequences(const std::string& s) {}
bool Sequences::More() { return false; }
void Width(std::string& str) {
  for (Sequences seq(str); seq.More();) {
  }
}
"""


def test_a_loop_variable_made_from_the_function_s_parameter_keeps_its_type() -> None:
    """ninja's ``for (AnsiColorSequenceIterator ansi(str); ansi.HasSequence(); ...)``: a loop of its
    own still sees the parameter ``str`` that tells the declaration is a variable, not a function."""
    assert call_targets(graph_of({"src/width.cc": DIRECT}), "src/width.cc", 6) == {"src/width.cc::Sequences.More"}
