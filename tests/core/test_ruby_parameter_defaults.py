"""A Ruby method named bare as a parameter's default (``def evaluate(context =
deprecated_default_context)``, ``def initialize(logger: default_logger)``) is called there: liquid's
``Condition.deprecated_default_context`` had no caller. A default naming an earlier parameter
(``def f(a, b = a)``) calls nothing."""

from __future__ import annotations

import pytest

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

CONDITION = """module Liquid
  class Condition
    def evaluate(context = deprecated_default_context)
      context
    end

    def start(name, logger: default_logger)
      logger
    end

    def pair(a, b = a)
      b
    end

    def a
      1
    end

    private

    def deprecated_default_context
      2
    end

    def default_logger
      3
    end
  end
end
"""


@pytest.fixture(scope="module")
def graph() -> CodeGraph:
    return build_graph({"lib/liquid/condition.rb": analyze("lib/liquid/condition.rb", CONDITION)})


def sites(g: CodeGraph, name: str) -> list[tuple[str, int, str | None]]:
    return sorted((s.path, s.line, s.caller) for s in callers(g, name).sites)


def test_an_optional_parameters_default_calls_the_method_it_names(graph: CodeGraph) -> None:
    assert sites(graph, "Liquid.Condition.deprecated_default_context") == [
        ("lib/liquid/condition.rb", 3, "Liquid.Condition.evaluate")]


def test_a_keyword_parameters_default_calls_the_method_it_names(graph: CodeGraph) -> None:
    assert sites(graph, "Liquid.Condition.default_logger") == [
        ("lib/liquid/condition.rb", 7, "Liquid.Condition.start")]


def test_a_default_naming_an_earlier_parameter_calls_nothing(graph: CodeGraph) -> None:
    assert sites(graph, "Liquid.Condition.a") == []
