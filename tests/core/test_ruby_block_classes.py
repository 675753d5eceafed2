"""Ruby: a class or module written inside a block at a file's top (an RSpec ``context``'s
``class HashLike``) is defined wherever the block runs it; httparty's spec classes had been no
symbols ("where is HashLike defined": none is so named). A ``def`` there is a function, as a
JavaScript ``function`` in a ``describe`` callback is (dry-cli's ``def build_registry`` had been no
symbol); one in an anonymous class's block (``Class.new(Command) do; def call``) is none."""

from __future__ import annotations

from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import parse

SPEC = b'''require "spec_helper"

RSpec.describe HTTParty::Request::Body do
  def helper_in_spec
  end

  context 'when params responds to to_hash' do
    class HashLike
      def initialize(hash)
        @hash = hash
      end
    end

    it 'works' do
      module Inside
      end
    end
  end
end

describe Foo do
  let(:x) { 1 }
  let(:command) do
    Class.new(Dry::CLI::Command) do
      def call(*); end
    end
  end
  describe "inner" do
    def self.built; end
  end
end
'''


def test_classes_and_modules_in_blocks_at_a_file_s_top_are_defined() -> None:
    _, symbols = extract_definitions(parse("ruby", SPEC), SPEC, "ruby", "spec/body_spec.rb")
    assert [(s.qualname, s.kind, s.start_line) for s in symbols] == [
        ("helper_in_spec", "function", 4), ("HashLike", "class", 8), ("HashLike.initialize", "method", 9),
        ("Inside", "module", 15), ("built", "function", 29)]
