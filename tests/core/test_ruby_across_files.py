"""Ruby across files: a constant is looked up through the modules around it in every file, as Ruby
does (kramdown's ``class Html < Base`` inside ``module Converter`` is ``Kramdown::Converter::Base``
of converter/base.rb), a class reopened by several files is the one its name's file defines, and a
module is built on by the classes that include it. Before, Ruby resolved within a file only:
"subclasses of Kramdown::Converter::Base" listed every class naming some ``Base`` (the parsers'
too), and what includes a module found nothing."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import callers, indexed

FILES = {
    "lib/base.rb": "class Base\nend\n",  # a top-level Base: the modules around a class come first
    "lib/shop/converter/base.rb": """module Shop
  module Converter
    class Base
      def convert(el)
        el
      end
    end
  end
end
""",
    "lib/shop/parser/base.rb": """module Shop
  module Parser
    class Base
      def parse(text)
        text
      end
    end
  end
end
""",
    "lib/shop/converter/html.rb": """module Shop
  module Converter
    class Html < Base
      include Utils::Escape

      def convert_text(el)
        escape(el) + convert(el) + Helpers.strip(el)
      end
    end
  end
end
""",
    "lib/shop/parser/html.rb": """module Shop
  module Parser
    class Html < Base
    end
  end
end
""",
    "lib/shop/utils/escape.rb": """module Shop
  module Utils
    module Escape
      def escape(text)
        text
      end
    end
  end
end
""",
    "lib/shop/converter/helpers.rb": """module Shop
  module Converter
    class Helpers
      def self.strip(text)
        text
      end
    end
  end
end
""",
    "lib/shop/converter/helpers/more.rb": """module Shop
  module Converter
    class Helpers
      def self.more(text)
        strip(text)
      end
    end
  end
end
""",
}


ACRONYM = {
    "lib/httparty.rb": "module HTTParty\n  class Basement\n    include HTTParty\n  end\nend\n",
    "lib/httparty/request.rb": "module HTTParty\n  class Request\n    def perform\n      1\n    end\n  end\nend\n",
    "examples/google.rb": "class Google\n  include HTTParty\n\n  def run\n    HTTParty::Request.new.perform\n  end\nend\n",
}
"""A module whose name holds an acronym, opened by two files, its home written in one word."""


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "shop", FILES | ACRONYM)


def subtypes(engine: Engine, name: str) -> list[tuple[str, str]]:
    return [(e.symbol, e.reason) for e in engine.subtypes(name, 50).entries]


def test_a_base_class_is_looked_up_through_the_enclosing_modules(engine: Engine) -> None:
    assert subtypes(engine, "Shop.Converter.Base") == [("Shop.Converter.Html", "extends Base")]
    assert subtypes(engine, "Shop.Parser.Base") == [("Shop.Parser.Html", "extends Base")]


def test_an_inherited_method_of_another_file_is_called(engine: Engine) -> None:
    assert callers(engine, "Shop.Converter.Base.convert") == [
        ("lib/shop/converter/html.rb", 7, "Shop.Converter.Html.convert_text")]


def test_what_includes_a_module(engine: Engine) -> None:
    assert subtypes(engine, "Shop.Utils.Escape") == [("Shop.Converter.Html", "includes Escape")]
    assert callers(engine, "escape") == [("lib/shop/converter/html.rb", 7, "Shop.Converter.Html.convert_text")]


def test_a_class_reopened_in_several_files_is_the_one_its_name_gives(engine: Engine) -> None:
    assert callers(engine, "Shop.Converter.Helpers.strip") == [
        ("lib/shop/converter/helpers/more.rb", 5, "Shop.Converter.Helpers.more"),
        ("lib/shop/converter/html.rb", 7, "Shop.Converter.Html.convert_text"),
    ]


@pytest.mark.parametrize("question", ["what includes Escape", "which classes include Shop::Utils::Escape",
                                      "classes that include Escape"])
def test_what_includes_a_module_asked_in_words(engine: Engine, question: str) -> None:
    """Asked in the search, as a person types it: before, "what includes Escape" was a plain
    sentence (understand_code 0.40), its page whatever spelled the words."""
    result = engine.search(question, limit=5)
    assert result.intent == "find_references"
    assert [(r.symbol, r.path) for r in result.results][:1] == [("Shop.Converter.Html", "lib/shop/converter/html.rb")]



def test_a_module_named_with_an_acronym_is_the_one_its_file_spells_in_one_word(engine: Engine) -> None:
    """httparty's ``module HTTParty`` is opened by 24 files and lives in ``httparty.rb``, not
    ``http_party.rb``: outside the module, ``include HTTParty`` and ``HTTParty::Request`` had been
    ambiguous, and what includes HTTParty listed only the class inside it (1 of 19)."""
    assert sorted(subtypes(engine, "HTTParty")) == [("Google", "includes HTTParty"),
                                                    ("HTTParty.Basement", "includes HTTParty")]
    assert callers(engine, "HTTParty.Request.perform") == [("examples/google.rb", 5, "Google.run")]
