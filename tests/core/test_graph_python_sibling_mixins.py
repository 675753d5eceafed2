"""A Python mixin's ``self.m()`` where the mixin's own bases define no ``m``: ``self`` is an
instance of a class deriving from it, whose bases give ``m`` from a sibling (PyYAML's ``Parser``
calls ``self.check_token()`` of ``Scanner``, both bases of ``Loader``). Where the subclasses agree,
a site of their one method; where they differ, a site of each; where none gives one, nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.graph.resolve.resolver import MAX_SUBCLASSES
from maguyva_tui.core.parsing.analyze import analyze

SCANNER = """
class Scanner:
    def check_token(self, *choices):
        return True
"""

PARSER = """
class Parser:
    def parse_node(self):
        if self.check_token(1):
            self.missing()
        self.write_header()
"""

LOADER = """
from pkg.scanner import Scanner
from pkg.parser import Parser

class Loader(Scanner, Parser):
    def write_header(self):
        pass

class SafeLoader(Loader):
    pass

class FullLoader(Parser, Scanner):
    def write_header(self):
        pass
"""


def test_a_mixins_self_call_reaches_its_siblings_method() -> None:
    g = build_graph({"pkg/scanner.py": analyze("pkg/scanner.py", dedent(SCANNER)),
                     "pkg/parser.py": analyze("pkg/parser.py", dedent(PARSER)),
                     "pkg/loader.py": analyze("pkg/loader.py", dedent(LOADER))})
    assert [(s.path, s.line) for s in callers(g, "Scanner.check_token").sites] == [("pkg/parser.py", 4)]
    assert [s.line for s in callers(g, "Loader.write_header").sites] == [6]  # two subclasses' own: each
    assert [s.line for s in callers(g, "FullLoader.write_header").sites] == [6]


def test_a_subclass_added_later_ties_the_call() -> None:
    g = build_graph({"pkg/scanner.py": analyze("pkg/scanner.py", dedent(SCANNER)),
                     "pkg/parser.py": analyze("pkg/parser.py", dedent(PARSER))})
    assert not callers(g, "Scanner.check_token").sites  # no class combines them yet
    g.update({"pkg/loader.py": analyze("pkg/loader.py", dedent(LOADER))})
    assert [s.line for s in callers(g, "Scanner.check_token").sites] == [4]


def test_a_base_of_too_many_classes_ties_nothing() -> None:
    many = "".join(f"class Leaf{i}(Base):\n    def walk(self):\n        pass\n" for i in range(MAX_SUBCLASSES + 1))
    g = build_graph({"pkg/tree.py": analyze("pkg/tree.py", "class Base:\n    def run(self):\n        self.walk()\n" + many)})
    assert not callers(g, "Leaf0.walk").sites


def test_bases_changed_or_removed_later_retie_the_call() -> None:
    g = build_graph({"pkg/scanner.py": analyze("pkg/scanner.py", dedent(SCANNER)),
                     "pkg/parser.py": analyze("pkg/parser.py", dedent(PARSER)),
                     "pkg/loader.py": analyze("pkg/loader.py", "from pkg.parser import Parser\nclass Loader(Parser):\n    pass\n")})
    assert not callers(g, "Scanner.check_token").sites
    g.update({"pkg/loader.py": analyze("pkg/loader.py", dedent(LOADER))})  # Loader(Scanner, Parser) now
    assert [s.line for s in callers(g, "Scanner.check_token").sites] == [4]
    g.update({}, removed=["pkg/loader.py"])
    assert not callers(g, "Scanner.check_token").sites


def test_an_edit_leaving_every_base_relinks_no_mixin() -> None:
    g = build_graph({"pkg/scanner.py": analyze("pkg/scanner.py", dedent(SCANNER)),
                     "pkg/parser.py": analyze("pkg/parser.py", dedent(PARSER)),
                     "pkg/loader.py": analyze("pkg/loader.py", dedent(LOADER)),
                     "pkg/other.py": analyze("pkg/other.py", "def f():\n    pass\n")})
    affected = g.update({"pkg/other.py": analyze("pkg/other.py", "def f():\n    pass\n\ndef g():\n    pass\n")})
    assert affected == {"pkg/other.py"}
