"""What breaks if a class changes reaches the callers of its static and class methods: the call
``Money.parse(s)`` names the class (jedi counts it a reference to it). "What breaks if I change
Choice" on tty-prompt had left out every caller of ``Choice.from``; in Python only a class method
that itself constructed the class brought its callers in, a level too deep."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers, impact
from maguyva_tui.core.parsing.analyze import analyze


def graph_of(files: dict[str, str]) -> CodeGraph:
    return CodeGraph.build({path: analyze(path, dedent(text)) for path, text in files.items()})


def dependents(graph: CodeGraph, name: str) -> dict[str, int]:
    found = impact(graph, name)
    return {f"{d.path}::{d.qualname}": d.depth for d in found.dependents if d.qualname}


PYTHON = {
    "shop/money.py": """
        class Money:
            @staticmethod
            def zero():
                return 0

            def add(self, other):
                return other
    """,
    "shop/cart.py": """
        from shop.money import Money
        from shop import money

        def empty_total():
            return Money.zero()

        def through_module():
            return money.Money.zero()

        def on_an_instance(m):
            return m.add(1)

        def later():
            return empty_total()
    """,
}


def test_callers_of_a_static_method_depend_on_its_class_directly() -> None:
    graph = graph_of(PYTHON)
    found = dependents(graph, "Money")
    assert found["shop/cart.py::empty_total"] == 1
    assert found["shop/cart.py::through_module"] == 1
    assert found["shop/cart.py::later"] == 2
    assert "shop/cart.py::on_an_instance" not in found  # an instance's method call names no class


def test_the_method_keeps_its_own_callers_and_the_class_none_as_a_call() -> None:
    graph = graph_of(PYTHON)
    assert [s.caller for s in callers(graph, "Money.zero").sites] == ["empty_total", "through_module"]
    assert not callers(graph, "Money").sites  # naming the class to reach a method constructs nothing


def test_ruby_class_method_callers_depend_on_the_class() -> None:
    graph = graph_of({
        "lib/choice.rb": """
            module Prompt
              class Choice
                def self.from(value)
                  value
                end
              end
            end
        """,
        "lib/choices.rb": """
            module Prompt
              class Choices
                def add(value)
                  Choice.from(value)
                end
              end
            end
        """,
    })
    assert dependents(graph, "Choice") == {"lib/choices.rb::Prompt.Choices.add": 1}
