"""A GoogleTest-style ``TEST(Lexer, Error)`` names a test, not a second definition of the method
``Lexer::Error``: ninja's lexer_test.cc has one for most of Lexer's methods, and every
``lexer_.Error(...)`` of its parsers had been tied to no definition (libclang: Lexer::Error)."""

from __future__ import annotations

from textwrap import dedent

from tests.core.test_graph_resolve import call_targets, graph_of

FILES = {
    "src/lexer.h": """\
        #include <string>
        struct Lexer {
          void Start(const char* input);
          bool Error(const std::string& message);
        };
        """,
    "src/lexer.cc": """\
        #include "lexer.h"
        void Lexer::Start(const char* input) {}
        bool Lexer::Error(const std::string& message) { return false; }
        """,
    "src/parser.cc": """\
        #include "lexer.h"
        struct Parser {
          bool Load(const char* input) {
            lexer_.Start(input);
            return lexer_.Error("bad");
          }
          Lexer lexer_;
        };
        """,
    "src/lexer_test.cc": """\
        #include "lexer.h"
        TEST(Lexer, Error) {
          Lexer lexer;
          lexer.Start("x");
          EXPECT_FALSE(lexer.Error("y"));
        }
        """,
}


def test_a_test_named_as_a_method_leaves_the_method_its_calls() -> None:
    graph = graph_of({path: dedent(text) for path, text in FILES.items()})
    assert call_targets(graph, "src/parser.cc", 4) == {"src/lexer.cc::Lexer.Start"}
    assert call_targets(graph, "src/parser.cc", 5) == {"src/lexer.cc::Lexer.Error"}
    assert call_targets(graph, "src/lexer_test.cc", 5) == {"src/lexer.cc::Lexer.Error"}
