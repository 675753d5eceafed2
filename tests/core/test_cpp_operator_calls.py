"""C++: an operator written on a value of a project class that overloads it calls that operator.

double-conversion's ``template <typename T> class Vector { T& operator[](int index) const; }``:
"who calls Vector::operator[]" had listed none of clang's 64 sites (``buffer[i] = '0'``), nor
muparser's ``m_lastTok = tok`` its ``ParserToken::operator=``; an ``int``'s ``i < n`` or a
``std::vector``'s ``v[i]`` is no site and no unresolved name (``facts/cpp_operators.py``)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of, loose_at

UTILS_H = """\
#include <vector>
namespace dc {
template <typename T> class Vector {
 public:
  T& operator[](int index) const;
  bool operator==(const Vector& other) const;
  Vector& operator=(const Vector& other);
  Vector Copy() const;
};
}  // namespace dc
"""
UTILS_CC = """\
#include "utils.h"
namespace dc {
template <typename T> T& Vector<T>::operator[](int index) const { return 0; }
template <typename T> bool Vector<T>::operator==(const Vector& other) const { return this == &other; }
template <typename T> Vector<T>& Vector<T>::operator=(const Vector& other) { return *this; }
template <typename T> Vector<T> Vector<T>::Copy() const { return *this; }
}  // namespace dc
"""
USE_CC = """\
#include "utils.h"
namespace dc {
int Fill(Vector<char> buffer, Vector<char> other, std::vector<Vector<char> > all, int n) {
  buffer[0] = '1';
  if (buffer == other) n++;
  buffer = other;
  if (buffer.Copy() == other) n++;
  for (int i = 0; i < n; i++) all[i] = other;
  return all[0] == other ? n : 0;
}
}  // namespace dc
"""
INDEX = "utils.cc::dc.Vector.operator[]"
EQUALS = "utils.cc::dc.Vector.operator=="
ASSIGN = "utils.cc::dc.Vector.operator="


def _graph():
    return graph_of({"utils.h": UTILS_H, "utils.cc": UTILS_CC, "use.cc": USE_CC})


def test_a_subscript_of_a_class_with_an_operator_calls_it_and_gives_its_element() -> None:
    graph = _graph()
    assert call_targets(graph, "use.cc", 4) == {INDEX}  # '1' is assigned to a char: no Vector::operator=
    assert loose_at(graph, "use.cc", 4) == {}


def test_a_comparison_and_an_assignment_call_the_left_operand_s_operators() -> None:
    graph = _graph()
    assert call_targets(graph, "use.cc", 5) == {EQUALS}
    assert call_targets(graph, "use.cc", 6) == {ASSIGN}
    assert call_targets(graph, "use.cc", 7) == {EQUALS, "utils.cc::dc.Vector.Copy"}


def test_operators_of_ints_pointers_and_standard_containers_are_no_site_and_nothing_unresolved() -> None:
    graph = _graph()
    # all[i] is the std::vector's own operator[], its element's operator= runs; i < n compares ints
    assert call_targets(graph, "use.cc", 8) == {ASSIGN}
    assert call_targets(graph, "use.cc", 9) == {EQUALS}
    assert loose_at(graph, "use.cc", 8) == loose_at(graph, "use.cc", 9) == {}
    assert call_targets(graph, "utils.cc", 4) == set()  # this == &other compares addresses


def test_a_compared_dereference_is_the_element_an_iterator_or_pointer_holds() -> None:
    """hunspell's ``if (*p != *q)`` over ``std::vector<w_char>::const_iterator``s compares two
    ``w_char`` (``w_char::operator!=``), where ``p != a.end()`` compares the iterators."""
    graph = graph_of({"w.cc": """\
        #include <vector>
        struct w_char {
          bool operator==(const w_char o) const { return true; }
          bool operator!=(const w_char o) const { return !(*this == o); }
        };
        int count(const std::vector<w_char>& a, const std::vector<w_char>& b, w_char* c) {
          int n = 0;
          for (std::vector<w_char>::const_iterator p = a.begin(), q = b.begin(); p != a.end(); ++p, ++q)
            if (*p != *q) n++;
          return *c == a[0] ? n : 0;
        }
        """})
    assert call_targets(graph, "w.cc", 4) == {"w.cc::w_char.operator=="}
    assert call_targets(graph, "w.cc", 8) == set()
    assert call_targets(graph, "w.cc", 9) == {"w.cc::w_char.operator!="}
    assert call_targets(graph, "w.cc", 10) == {"w.cc::w_char.operator=="}


def test_a_cast_calls_the_value_s_conversion_operator() -> None:
    """hunspell's ``w_char`` has ``operator unsigned short()``: ``(unsigned short)u``,
    ``static_cast<unsigned short>(word[0])`` and ``(unsigned short)*it`` call it (clang's 16
    sites), a cast to a type the class does not convert to is no site."""
    graph = graph_of({"w_char.hxx": """\
        #include <vector>
        struct w_char {
          unsigned char l, h;
          operator unsigned short() const { return (unsigned short)(h << 8) | l; }
        };
        """, "use.cc": """\
        #include "w_char.hxx"
        int idx(const std::vector<w_char>& word, w_char u, std::vector<w_char>::const_iterator it) {
          unsigned short a = (unsigned short)u;
          int b = static_cast<unsigned short>(word[0]);
          return (unsigned short)*it + (int)a + static_cast<int>(u);
        }
        """})
    convert = "w_char.hxx::w_char.operator unsigned short"
    assert [call_targets(graph, "use.cc", line) for line in (3, 4, 5)] == [{convert}] * 3
    assert loose_at(graph, "use.cc", 3) == {}
