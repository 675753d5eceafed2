"""Ruby: a class body's ``elsif`` branch and the block of a call whose value a class body assigns
(``Methods = prepared_statements_module(...) do``, ``tt = Class.new do ... end.new``) define methods
of that class, as its ``if`` branch and a call's block written as a statement already did. sequel's
``Adapter#escape_bytea`` (in ``elsif !const_defined?(:CONNECTION_OK)``), ``Dataset#execute_insert``
and ``VirtualRow#method_missing`` had been no symbols ("where is escape_bytea defined" found none);
universal-ctags tags each. A block in a method body is still not walked for its ``def``s."""

from __future__ import annotations

from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import parse

SOURCE = b'''module Sequel
  module IBMDB
    tt = Class.new do
      def boolean(s) !s.to_i.zero? end
    end.new
  end

  class Adapter < PGconn
    if USES_PG
      attr_reader :prepared_statements
    elsif !const_defined?(:CONNECTION_OK)
      def escape_bytea(str)
        str
      end
    elsif other
      def status; end
    else
      def block(timeout=nil); end
    end
  end

  class Dataset
    PreparedStatementMethods = prepared_statements_module("sql = self") do
      private

      def execute_insert(sql, opts=OPTS)
        super
      end
    end

    def run
      m = Module.new do
        def local_only; end
      end
    end
  end
end
'''


def _symbols() -> list[tuple[str, str, int]]:
    _, symbols = extract_definitions(parse("ruby", SOURCE), SOURCE, "ruby", "lib/sequel/adapters/pg.rb")
    return [(s.qualname, s.kind, s.start_line) for s in symbols]


def test_elsif_branches_of_a_class_body_define_its_methods() -> None:
    symbols = _symbols()
    assert ("Sequel.Adapter.escape_bytea", "method", 12) in symbols
    assert ("Sequel.Adapter.status", "method", 16) in symbols
    assert ("Sequel.Adapter.block", "method", 18) in symbols


def test_blocks_of_assigned_calls_in_a_class_body_define_its_methods() -> None:
    symbols = _symbols()
    assert ("Sequel.IBMDB.boolean", "method", 4) in symbols
    assert ("Sequel.Dataset.PreparedStatementMethods", "constant", 23) in symbols
    assert ("Sequel.Dataset.execute_insert", "method", 26) in symbols


def test_a_block_assigned_in_a_method_body_is_not_walked() -> None:
    assert not any(name.endswith("local_only") for name, _, _ in _symbols())
