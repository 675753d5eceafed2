"""C++: a method two source files define alike is still a method a call reaches. ninja's
``Lexer`` (``lexer.h``) is defined in ``lexer.cc`` and in ``lexer.in.cc``, the re2c input that
``lexer.cc`` is generated from, and ``lexer_.Error(...)``, ``lexer_.PeekToken()`` in its parsers
(98 of clang's call sites) had reached nothing: the call was ambiguous between the two copies."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of, loose_at

LEXER_H = """\
#include <string>
struct Lexer {
  bool Error(const std::string& message, std::string* err);
  int Peek();
};
"""
LEXER_CC = """\
#include "lexer.h"
bool Lexer::Error(const std::string& message, std::string* err) { return false; }
int Lexer::Peek() { return 1; }
"""
PARSER_H = """\
#include "lexer.h"
struct Parser {
  bool Load(std::string* err);
 protected:
  Lexer lexer_;
};
"""
PARSER_CC = """\
#include "parser.h"
bool Parser::Load(std::string* err) {
  if (lexer_.Peek() == 0)
    return lexer_.Error("bad", err);
  return true;
}
"""


def test_a_method_two_source_files_define_is_called_in_the_one_named_as_its_header() -> None:
    graph = graph_of({"src/lexer.h": LEXER_H, "src/lexer.in.cc": LEXER_CC, "src/lexer.cc": LEXER_CC,
                      "src/parser.h": PARSER_H, "src/parser.cc": PARSER_CC})
    assert call_targets(graph, "src/parser.cc", 3) == {"src/lexer.cc::Lexer.Peek"}
    assert call_targets(graph, "src/parser.cc", 4) == {"src/lexer.cc::Lexer.Error"}


def test_platform_copies_named_apart_from_the_header_reach_the_first() -> None:
    graph = graph_of({"src/lexer.h": LEXER_H, "src/lexer-win32.cc": LEXER_CC, "src/lexer-posix.cc": LEXER_CC,
                      "src/parser.h": PARSER_H, "src/parser.cc": PARSER_CC})
    assert call_targets(graph, "src/parser.cc", 4) == {"src/lexer-posix.cc::Lexer.Error"}


def test_two_classes_of_one_name_stay_ambiguous() -> None:
    other_h = LEXER_H.replace("int Peek();", "int Peek();\n  int Other();")
    graph = graph_of({"src/lexer.h": LEXER_H, "src/lexer.cc": LEXER_CC, "tool/lexer.h": other_h,
                      "tool/lexer.cc": LEXER_CC, "src/parser.h": PARSER_H, "src/parser.cc": PARSER_CC})
    assert call_targets(graph, "src/parser.cc", 4) == set()
    assert loose_at(graph, "src/parser.cc", 4) == {"lexer_.Error": "ambiguous"}


LEXER_COPY = """\
#include "lexer.h"
int Lexer::Peek() { return 1; }
bool Lexer::Error(const std::string& message, std::string* err) {
  Peek();
  return this->Peek() == 0;
}
"""
INLINE_H = LEXER_H.replace("int Peek();", "int Peek();\n  int Next() { return Peek(); }")


def test_a_copy_calls_its_own_file_s_copies_and_a_header_the_one_named_as_it() -> None:
    graph = graph_of({"src/lexer.h": INLINE_H, "src/lexer.in.cc": LEXER_COPY, "src/lexer.cc": LEXER_COPY})
    assert call_targets(graph, "src/lexer.in.cc", 4) == {"src/lexer.in.cc::Lexer.Peek"}
    assert call_targets(graph, "src/lexer.in.cc", 5) == {"src/lexer.in.cc::Lexer.Peek"}
    assert call_targets(graph, "src/lexer.cc", 4) == {"src/lexer.cc::Lexer.Peek"}
    assert call_targets(graph, "src/lexer.h", 5) == {"src/lexer.cc::Lexer.Peek"}
