"""C++: each ``catch`` clause binds its own exception: muparser's ``ParserTester::Run`` has
``catch (Parser::exception_type& e)`` then ``catch (std::exception& e)``, and ``e.GetMsg()`` in the
first had reached nothing (one function, one table: ``e`` had two types, so none)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of, loose_at

RUN_CC = """\
#include <stdexcept>
struct ParserError { const char* GetMsg() const { return ""; } };
int Run() {
  try {
    return 1;
  }
  catch (ParserError& e)
  {
    e.GetMsg();
  }
  catch (std::exception& e)
  {
    e.what();
  }
  return 0;
}
"""


def test_two_catch_clauses_of_one_function_bind_their_own_exception_types() -> None:
    graph = graph_of({"run.cc": RUN_CC})
    assert call_targets(graph, "run.cc", 9) == {"run.cc::ParserError.GetMsg"}
    assert loose_at(graph, "run.cc", 13) == {"e.what": "external"}
