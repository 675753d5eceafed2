"""A C++ using-declaration inside a namespace (``using io::Reader;``) makes the name a member of
that namespace for every file: ``grimoire::Reader reader;`` and, inside a nested namespace,
``Reader reader;`` have ``io::Reader``'s methods.

marisa-trie's ``grimoire`` namespace says ``using io::Reader;`` (and so for Mapper, Writer,
Vector, LoudsTrie): "who calls Reader::open" missed every ``reader.open(...)`` on a local declared
``grimoire::Reader reader;``, the name reaching no type."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of, loose_at

READER_H = """\
namespace lib {
namespace io {
class Reader {
 public:
  void open(const char *path);
};
void open_all();
}  // namespace io
}  // namespace lib
"""
READER_CC = """\
#include "reader.h"
namespace lib {
namespace io {
void Reader::open(const char *path) {}
void open_all() {}
}  // namespace io
}  // namespace lib
"""
IO_H = """\
#include "reader.h"
namespace lib {
using io::Reader;
using io::open_all;
using namespace io;
}  // namespace lib
"""
OPEN = "reader.cc::lib.io.Reader.open"


def test_a_local_declared_through_a_namespace_s_using_declaration_has_the_type_s_methods() -> None:
    graph = graph_of({"reader.h": READER_H, "reader.cc": READER_CC, "io.h": IO_H, "main.cc": """\
        #include "io.h"
        void load(const char *path) {
          lib::Reader reader;
          reader.open(path);
        }
        """})
    assert call_targets(graph, "main.cc", 4) == {OPEN}
    assert loose_at(graph, "main.cc", 4) == {}


def test_a_bare_name_in_a_nested_namespace_reaches_the_enclosing_namespace_s_using_declaration() -> None:
    graph = graph_of({"reader.h": READER_H, "reader.cc": READER_CC, "io.h": IO_H, "trie.cc": """\
        #include "io.h"
        namespace lib {
        namespace trie {
        void load(const char *path) {
          Reader reader;
          reader.open(path);
          open_all();
        }
        }  // namespace trie
        }  // namespace lib
        """})
    assert call_targets(graph, "trie.cc", 6) == {OPEN}
    assert call_targets(graph, "trie.cc", 7) == {"reader.cc::lib.io.open_all"}


def test_a_namespace_variable_is_no_using_declaration() -> None:
    graph = graph_of({"reader.h": READER_H, "reader.cc": READER_CC, "main.cc": """\
        #include "reader.h"
        namespace lib {
        io::Reader Reader;
        }  // namespace lib
        void load(const char *path) {
          lib::Reader::open(path);
        }
        """})
    assert OPEN not in call_targets(graph, "main.cc", 6)
