"""A C/C++ type alias (``typedef ns::T Alias;``, ``using Alias = ns::T;``) names the type it
aliases: a local or field declared with the alias has that type's members.

marisa-trie's ``grimoire`` namespace says ``typedef vector::BitVector BitVector;`` and
``LoudsTrie`` holds ``BitVector louds_;``: ``louds_.rank1(i)`` reached no ``BitVector::rank1``
("who calls rank1" missed 9 calls), the alias being a symbol without members."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of, loose_at

VECTOR_H = """\
namespace lib {
namespace vector {
class BitVector {
 public:
  int rank1(int i) const;
};
}  // namespace vector
typedef vector::BitVector BitVector;
using Bits = vector::BitVector;
}  // namespace lib
"""
VECTOR_CC = """\
#include "vector.h"
namespace lib {
namespace vector {
int BitVector::rank1(int i) const { return i; }
}  // namespace vector
}  // namespace lib
"""
TRIE_H = """\
#include "vector.h"
namespace lib {
namespace trie {
class Trie {
 public:
  int count(int i) const;
 private:
  BitVector louds_;
};
}  // namespace trie
}  // namespace lib
"""
TRIE_CC = """\
#include "trie.h"
namespace lib {
namespace trie {
int Trie::count(int i) const {
  Bits bits;
  return louds_.rank1(i) + bits.rank1(i);
}
}  // namespace trie
}  // namespace lib
"""
RANK1 = "vector.cc::lib.vector.BitVector.rank1"


def _graph():
    return graph_of({"vector.h": VECTOR_H, "vector.cc": VECTOR_CC, "trie.h": TRIE_H, "trie.cc": TRIE_CC})


def test_a_field_declared_with_a_typedef_of_another_file_has_the_aliased_type_s_methods() -> None:
    graph = _graph()
    assert call_targets(graph, "trie.cc", 6) == {RANK1}
    assert loose_at(graph, "trie.cc", 6) == {}


def test_a_local_declared_with_a_using_alias_has_the_aliased_type_s_methods() -> None:
    graph = graph_of({"vector.h": VECTOR_H, "vector.cc": VECTOR_CC, "main.cc": """\
        #include "vector.h"
        int first(int i) {
          lib::Bits bits;
          return bits.rank1(i);
        }
        """})
    assert call_targets(graph, "main.cc", 4) == {RANK1}


def test_a_c_typedef_of_a_struct_of_its_own_name_still_has_the_struct_s_fields() -> None:
    graph = graph_of({"point.c": """\
        typedef struct Point { int x; } Point;
        int norm(Point *p) { return p->x; }
        static int twice(Point *p) { return 2 * norm(p); }
        """})
    assert call_targets(graph, "point.c", 3) == {"point.c::norm"}


def test_an_alias_of_a_type_defined_nowhere_stays_unresolved() -> None:
    graph = graph_of({"main.cc": """\
        #include <string>
        typedef std::string Text;
        int size(Text t) {
          Text copy;
          return copy.missing();
        }
        """})
    assert call_targets(graph, "main.cc", 5) == set()


TOKEN_H = """\
namespace mu {
template <typename T> class Token {
 public:
  int GetCode() const;
};
class Parser {
 public:
  typedef Token<double> token_type;
  void Apply(const token_type& tok);
 private:
  token_type m_last;
};
}  // namespace mu
"""
PARSER_CC = """\
#include "token.h"
namespace mu {
template <typename T> int Token<T>::GetCode() const { return 1; }
void Parser::Apply(const token_type& tok) {
  token_type other;
  tok.GetCode();
  other.GetCode();
  m_last.GetCode();
}
}  // namespace mu
"""


def test_a_class_s_typedef_names_its_type_in_a_method_defined_in_another_file() -> None:
    """muparser's ``ParserBase`` says ``typedef ParserToken<value_type, string_type> token_type;``
    and muParserBase.cpp's methods take ``const token_type& a_Tok``: "who calls GetCode" had
    missed 40 of its 44 calls (the class-level alias is a member of the class, never a local)."""
    graph = graph_of({"token.h": TOKEN_H, "parser.cc": PARSER_CC})
    code = "parser.cc::mu.Token.GetCode"
    assert [call_targets(graph, "parser.cc", line) for line in (6, 7, 8)] == [{code}] * 3
    assert loose_at(graph, "parser.cc", 6) == {}


def test_a_class_s_typedef_of_a_standard_container_holds_its_elements_in_another_file() -> None:
    """ninja's ``struct Pool { typedef std::set<Edge*, WeightedEdgeCmp> DelayedEdges; }``: a
    ``DelayedEdges`` local of a method in state.cc had held nothing (helper-330's report)."""
    graph = graph_of({"state.h": """\
        #include <vector>
        struct Edge { void Dump(); };
        struct Pool {
          typedef std::vector<Edge*> Edges;
          void Run();
        };
        """, "state.cc": """\
        #include "state.h"
        void Edge::Dump() {}
        void Pool::Run() {
          Edges all;
          all[0]->Dump();
          for (Edges::const_iterator i = all.begin(); i != all.end(); ++i) (*i)->Dump();
        }
        """})
    dump = "state.cc::Edge.Dump"
    assert call_targets(graph, "state.cc", 5) == call_targets(graph, "state.cc", 6) == {dump}
    assert loose_at(graph, "state.cc", 6) == {"all.begin": "external", "all.end": "external"}
