"""A binding to no value (``None``, ``null``, ``undefined``, ``nil``) gives way to the typed
bindings of the same name: ``self.conn = None`` in ``__init__`` then ``self.conn = Connection()``
in ``connect`` types ``self.conn``, where the two had disagreed and every ``self.conn.send()`` had
reached nothing. A name bound to no value alone stays untyped."""

from __future__ import annotations

from textwrap import dedent

import pytest

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.facts.extract import extract_facts
from maguyva_tui.core.parsing.languages import parse


def locals_of(language: str, path: str, source: str) -> list[str]:
    """The local bindings one file records, by name."""
    tree = parse(language, source.encode())
    _, symbols = extract_definitions(tree, source.encode(), language, path)
    references, _ = extract_facts(tree, source.encode(), language, path, symbols)
    return sorted(r.name for r in references if r.kind == "local" and not r.name.startswith("<"))


@pytest.mark.parametrize(("language", "path", "source", "bound"), [
    ("python", "f.py", "def f(c):\n    x = None\n    if c:\n        x = Foo()\n    x.m()\n", "x:Foo()"),
    ("javascript", "f.js", "function f(c) {\n  let x = null;\n  if (c) {\n    x = new Foo();\n  }\n  x.m();\n}\n",
     "x:Foo"),
    ("typescript", "f.ts", "function f() {\n  let x = undefined;\n  x = new Foo();\n  x.m();\n}\n", "x:Foo"),
    ("php", "f.php", "<?php\nfunction f() {\n  $x = null;\n  $x = new Foo();\n  $x->m();\n}\n", "$x:Foo"),
    ("ruby", "f.rb", "def f\n  x = nil\n  x = Foo.new\n  x.m\nend\n", "x:Foo"),
])
def test_a_null_first_value_gives_way_to_the_typed_one(language: str, path: str, source: str, bound: str) -> None:
    assert locals_of(language, path, source) == [bound]


def test_nulls_alone_or_beside_an_unknown_value_type_nothing() -> None:
    alone = "def f():\n    x = None\n    x.m()\n"
    assert locals_of("python", "f.py", alone) == ["x:<null>"]  # the graph's tables read it as untyped
    unknown = "def f():\n    x = None\n    x = g()[0]\n    x = Foo()\n    x.m()\n"
    assert locals_of("python", "f.py", unknown) == ["x"]  # an unknown value still disagrees


PYTHON = """\
class Connection:
    def send(self):
        return 1


class Client:
    conn = None

    def __init__(self):
        self.conn = None
        self.idle = None

    def connect(self):
        self.conn = Connection()

    def go(self):
        self.conn.send()
        self.idle.send()
"""

RUBY = """\
class Connection
  def send_it
    1
  end
end

class Client
  def initialize
    @conn = nil
  end

  def connect
    @conn = Connection.new
  end

  def go
    @conn.send_it
  end
end
"""


def sites_to(files: dict[str, str], path: str, line: int) -> set[str]:
    """Return the nodes the calls written on one line resolved to."""
    graph = CodeGraph.build({p: analyze(p, dedent(text)) for p, text in files.items()})
    return {s.target for s in graph.sites_out[path] if s.line == line and s.kind == "call"}


def test_an_attribute_set_to_none_first_is_typed_by_a_later_method() -> None:
    assert sites_to({"c.py": PYTHON}, "c.py", 17) == {"c.py::Connection.send"}
    assert sites_to({"c.py": PYTHON}, "c.py", 18) == set()  # self.idle is only ever None


def test_a_ruby_ivar_set_to_nil_first_is_typed_by_a_later_method() -> None:
    assert sites_to({"c.rb": RUBY}, "c.rb", 17) == {"c.rb::Connection.send_it"}
