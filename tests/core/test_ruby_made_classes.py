"""Ruby: a class or module made by a call and assigned to a constant (``Point = Struct.new(:x, :y)
do ... end``, ``Handler = Class.new(Base) do``, ``Data.define``, ``Module.new``) is that class or
module, and the ``def``s of its block are its methods. They had been a constant and no symbols:
"where is dist defined" found nothing, and ``Point.new`` constructed no class."""

from __future__ import annotations

from functools import cache

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "lib/geo.rb": """module Geo
  Point = Struct.new(:x, :y) do
    attr_accessor :label

    def dist(other)
      (x - other.x).abs
    end

    def self.origin
      new(0, 0)
    end
  end

  Handler = Class.new(Base) do
    def call(env)
      env
    end
  end

  Pair = Data.define(:a, :b) { def sum = a + b }
  Helpers = Module.new do
    def help; end
  end
  Plain = Struct.new(:q)
  LIMIT = 3
end
point = Struct.new(:q) do
  def not_a_definition; end
end
""",
    "lib/base.rb": "module Geo\n  class Base\n  end\nend\n",
    "lib/use.rb": "def go\n  Geo::Point.new(1, 2)\nend\n",
}


@cache
def graph() -> CodeGraph:
    return build_graph({path: analyze(path, text) for path, text in FILES.items()})


def test_the_block_of_a_made_class_defines_its_methods() -> None:
    symbols = {(s.kind, s.qualname, s.start_line) for s in analyze("lib/geo.rb", FILES["lib/geo.rb"]).symbols}
    assert {
        ("class", "Geo.Point", 2), ("method", "Geo.Point.label", 3), ("method", "Geo.Point.label=", 3),
        ("method", "Geo.Point.dist", 5), ("method", "Geo.Point.origin", 9),
        ("class", "Geo.Handler", 14), ("method", "Geo.Handler.call", 15),
        ("class", "Geo.Pair", 20), ("method", "Geo.Pair.sum", 20),
        ("module", "Geo.Helpers", 21), ("method", "Geo.Helpers.help", 22),
        ("class", "Geo.Plain", 24), ("constant", "Geo.LIMIT", 25),
    } <= symbols
    assert not any("not_a_definition" in name or name == "point" for _, name, _ in symbols)


def test_a_made_class_is_constructed_and_extends_its_base() -> None:
    assert sorted((s.path, s.line) for s in callers(graph(), "lib/geo.rb::Geo.Point").sites) == [("lib/use.rb", 2)]
    assert graph().bases.get("lib/geo.rb::Geo.Handler") == ["lib/base.rb::Geo.Base"]
