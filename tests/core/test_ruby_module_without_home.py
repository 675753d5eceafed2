"""Ruby: a module opened by many files, none named after it (tty-prompt 0.23.1's ``module TTY``, in
40 files and no ``tty.rb``), is one namespace: a constant written through it from outside
(``TTY::Prompt::Choice.new`` in a spec, ``TTY::Prompt::Symbols.symbols``) is the class or method it
names. Before, ``TTY`` was ambiguous, so 134 such sites of tty-prompt were tied to nothing ("the
graph tied no construction to Choice"). A class opened by two files named after neither stays
ambiguous: its own body is two different places."""

from __future__ import annotations

from functools import cache

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "lib/tty/prompt.rb": "module TTY\n  class Prompt\n    def self.messages\n      {}\n    end\n  end\nend\n",
    "lib/tty/prompt/choice.rb": """module TTY
  class Prompt
    class Choice
      def self.from(value)
        new(value)
      end

      def initialize(value)
        @value = value
      end
    end
  end
end
""",
    "lib/tty/prompt/symbols.rb": "module TTY\n  class Prompt\n    module Symbols\n      def self.symbols\n        {}\n"
                                 "      end\n    end\n  end\nend\n",
    "lib/other/a.rb": "class Twice\n  def self.go\n    1\n  end\nend\n",
    "lib/other/b.rb": "class Twice\n  def self.go\n    2\n  end\nend\n",
    "spec/choice_spec.rb": """RSpec.describe TTY::Prompt::Choice do
  it "makes" do
    TTY::Prompt::Choice.new :foo
    TTY::Prompt::Choice.from(:bar)
    TTY::Prompt::Symbols.symbols
    TTY::Prompt.messages
    Twice.go
  end
end
""",
}


@cache
def graph() -> CodeGraph:
    return build_graph({path: analyze(path, text) for path, text in FILES.items()})


def calls(name: str) -> list[tuple[str, int]]:
    return sorted((s.path, s.line) for s in callers(graph(), name).sites)


def test_a_constant_through_a_module_no_file_is_named_after_is_found() -> None:
    assert ("spec/choice_spec.rb", 3) in calls("lib/tty/prompt/choice.rb::TTY.Prompt.Choice")
    assert calls("lib/tty/prompt/choice.rb::TTY.Prompt.Choice.from") == [("spec/choice_spec.rb", 4)]
    assert calls("lib/tty/prompt/symbols.rb::TTY.Prompt.Symbols.symbols") == [("spec/choice_spec.rb", 5)]
    assert calls("lib/tty/prompt.rb::TTY.Prompt.messages") == [("spec/choice_spec.rb", 6)]


def test_a_class_two_files_open_named_after_neither_stays_ambiguous() -> None:
    assert calls("lib/other/a.rb::Twice.go") == [] and calls("lib/other/b.rb::Twice.go") == []
