"""Ruby: a constant written from the top level (``::Base``, ``class Cart < ::Base``,
``::Shop::Util::Helper.make``) is the top level's, never a module's of the same name around it.
Before, the leading ``::`` was dropped: ``class Cart < ::Base`` inside ``module Shop`` extended
``Shop::Base``, and ``::Base.new.run`` called ``Shop::Base#run``."""

from __future__ import annotations

from functools import cache

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "lib/base.rb": "class Base\n  def run\n    0\n  end\nend\n",
    "lib/shop/base.rb": """module Shop
  class Base
    def run
      1
    end
  end

  module Util
    class Helper
      def self.make
        2
      end
    end
  end
end
""",
    "lib/shop/cart.rb": """module Shop
  class Cart < ::Base
    def go
      ::Base.new.run
      Base.new.run
      ::Shop::Util::Helper.make
    end
  end

  class Order < ::Shop::Base
  end
end
""",
}


@cache
def graph() -> CodeGraph:
    return build_graph({path: analyze(path, text) for path, text in FILES.items()})


def subtypes(name: str) -> list[str]:
    return sorted(node for node, bases in graph().bases.items() if name in bases)


def calls(name: str) -> list[tuple[str, int]]:
    return sorted((s.path, s.line) for s in callers(graph(), name).sites)


def test_a_base_written_from_the_top_level_is_the_top_levels() -> None:
    assert subtypes("lib/base.rb::Base") == ["lib/shop/cart.rb::Shop.Cart"]
    assert subtypes("lib/shop/base.rb::Shop.Base") == ["lib/shop/cart.rb::Shop.Order"]


def test_a_call_on_a_constant_from_the_top_level() -> None:
    assert calls("lib/base.rb::Base.run") == [("lib/shop/cart.rb", 4)]
    assert calls("lib/shop/base.rb::Shop.Base.run") == [("lib/shop/cart.rb", 5)]
    assert calls("lib/shop/base.rb::Shop.Util.Helper.make") == [("lib/shop/cart.rb", 6)]


def test_the_leading_colons_are_kept_in_the_facts() -> None:
    names = {(r.kind, r.name) for r in analyze("lib/shop/cart.rb", FILES["lib/shop/cart.rb"]).references}
    assert {("inherit", ".Base"), ("inherit", ".Shop.Base"), ("call", ".Shop.Util.Helper.make")} <= names


HASHIE = """module Hashie
  class Hash < ::Hash
    def to_mash
      raise ArgumentError, "no" if empty?
      ::Hashie::Mash.new(self)
    end
  end

  class Mash < Hash
  end
end
"""


def test_a_class_named_as_a_core_class_extends_the_core_class() -> None:
    """hashie's ``class Hash < ::Hash`` inside ``module Hashie``: the base is Ruby's ``Hash``,
    from outside the repository, and ``raise``, ``ArgumentError`` and the ``Hash`` methods
    inherited through it are too (they had counted as unresolved, and with the ``::`` dropped the
    class had extended itself)."""
    g = build_graph({"lib/hashie/hash.rb": analyze("lib/hashie/hash.rb", HASHIE)})
    assert g.bases.get("lib/hashie/hash.rb::Hashie.Hash") == ["<external>"]
    assert g.bases.get("lib/hashie/hash.rb::Hashie.Mash") == ["lib/hashie/hash.rb::Hashie.Hash"]
    outcomes = {(site.name, site.outcome) for site in g.loose["lib/hashie/hash.rb"]}
    assert {("raise", "external"), ("self.empty?", "external")} <= outcomes
