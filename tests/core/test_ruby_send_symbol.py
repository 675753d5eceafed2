"""Ruby's ``send(:name, ...)``, ``public_send(:name)`` and ``__send__(:name)`` with a literal symbol
call the method the symbol names: liquid's ``cond.send(:equal_variables, left, right)`` had been no
call of ``equal_variables`` anywhere. Without receiver (or on ``self``) the call is made on self;
on another receiver it is that name called on that receiver, tied or left untied as the same call
written plainly would be."""

from __future__ import annotations

import pytest

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

CONDITION = """module Liquid
  class Condition
    METHODS = {
      'eq' => ->(cond, left, right) { cond.send(:equal_variables, left, right) },
    }

    def evaluate(left, right)
      send(:equal_variables, left, right)
    end

    def check
      self.public_send(:ready?)
    end

    def poke
      __send__(:reset!)
    end

    def name_only
      send(method_name)
    end

    def method_name
      :x
    end

    def ready?
      true
    end

    def reset!
      nil
    end

    private

    def equal_variables(left, right)
      left == right
    end
  end

  class Probe
    def run
      Condition.new.send(:ready?)
    end
  end
end
"""


@pytest.fixture(scope="module")
def graph() -> CodeGraph:
    return build_graph({"lib/liquid/condition.rb": analyze("lib/liquid/condition.rb", CONDITION)})


def sites(g: CodeGraph, name: str) -> list[tuple[str, int, str | None]]:
    return sorted((s.path, s.line, s.caller) for s in callers(g, name).sites)


def test_send_without_receiver_calls_the_named_method_on_self(graph: CodeGraph) -> None:
    assert ("lib/liquid/condition.rb", 8, "Liquid.Condition.evaluate") in sites(
        graph, "Liquid.Condition.equal_variables")


def test_public_send_on_self_and_dunder_send_call_the_named_method(graph: CodeGraph) -> None:
    assert ("lib/liquid/condition.rb", 12, "Liquid.Condition.check") in sites(graph, "Liquid.Condition.ready?")
    assert sites(graph, "Liquid.Condition.reset!") == [("lib/liquid/condition.rb", 16, "Liquid.Condition.poke")]


def test_send_on_a_typed_receiver_calls_its_method(graph: CodeGraph) -> None:
    assert ("lib/liquid/condition.rb", 44, "Liquid.Probe.run") in sites(graph, "Liquid.Condition.ready?")


def test_send_on_an_unknown_receiver_is_an_untied_call_of_the_name(graph: CodeGraph) -> None:
    """``cond`` is a lambda's parameter: the call is noted as one the graph could not tie, as
    ``cond.equal_variables(left, right)`` would be, never tied to a guess."""
    found = callers(graph, "Liquid.Condition.equal_variables")
    assert [s.line for s in found.sites] == [8]
    analysis = analyze("lib/liquid/condition.rb", CONDITION)
    called = {(r.name, r.line) for r in analysis.references if r.kind == "call"}
    assert ("cond.equal_variables", 4) in called


def test_send_of_a_name_held_in_a_variable_calls_no_method_named_by_it(graph: CodeGraph) -> None:
    assert sites(graph, "Liquid.Condition.method_name") == [
        ("lib/liquid/condition.rb", 20, "Liquid.Condition.name_only")]
