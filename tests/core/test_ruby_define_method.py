"""Ruby: ``define_method(:name) do ... end`` in a class or module body defines the method ``name``
(roda's ``define_method(:roda_method_name) do |suffix|`` had been no symbol: "where is
roda_method_name defined" said no symbol is so named). A name built at run time names nothing."""

from __future__ import annotations

from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import parse

SOURCE = b'''class Greeter
  define_method(:hello) do |name|
    "hi #{name}"
  end
  define_method("bye") { |n| n }
  define_method(:empty?, &BLOCK)
  define_method("#{x}?") { 1 }
  [:a, :b].each { |m| define_method(m) { m } }

  def self.make(&block)
    define_method(:inner, &block)
  end
end

module Helpers
  define_method :shout do |t|
    t.upcase
  end
end
'''


def test_define_method_with_a_written_name_is_a_method_spanning_its_block() -> None:
    _, symbols = extract_definitions(parse("ruby", SOURCE), SOURCE, "ruby", "lib/greeter.rb")
    found = {s.qualname: (s.kind, s.start_line, s.end_line) for s in symbols}
    assert found == {
        "Greeter": ("class", 1, 13), "Greeter.hello": ("method", 2, 4), "Greeter.bye": ("method", 5, 5),
        "Greeter.empty?": ("method", 6, 6), "Greeter.make": ("method", 10, 12),
        "Helpers": ("module", 15, 19), "Helpers.shout": ("method", 16, 18),
    }
