"""``Foo.prototype = { bar() {...}, baz: function () {...} }``: the object's functions are ``Foo``'s
methods, as ``Foo.prototype.bar = function`` makes them (handlebars' ``Compiler.prototype``,
``CodeGen.prototype``); they had been no symbols, so "where is bar" found none and ``this.bar()``
and ``new Foo().bar()`` called nothing. ``this`` in a method of a constructor function is its
object (``Foo.prototype.bar = function`` too); in a plain function it stays unknown."""

from __future__ import annotations

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.retrievers.graph import GraphRetriever

SOURCE = """function CodeGen(src) {
  this.src = src;
}

CodeGen.prototype = {
  isEmpty() {
    return !this.src.length;
  },
  merge: function() {
    return this.empty();
  },
  empty: function() {
    return [];
  }
};

ns.Printer.prototype = { pad: () => 1 };
this.prototype = { notMe() {} };
window.options = { norMe() {} };

export function main() {
  const gen = new CodeGen('a');
  return gen.merge();
}

function loose() {
  return this.empty();
}
"""


def test_the_functions_of_an_object_assigned_to_a_prototype_are_its_class_methods() -> None:
    facts = analyze("lib/code-gen.js", SOURCE)
    assert [(s.qualname, s.kind, s.start_line) for s in facts.symbols if 5 <= s.start_line <= 19] == [
        ("CodeGen.isEmpty", "method", 6), ("CodeGen.merge", "method", 9), ("CodeGen.empty", "method", 12),
        ("ns.Printer.pad", "method", 17)]
    graph = CodeGraph.build({"lib/code-gen.js": facts})
    callers = GraphRetriever(graph)
    assert [(h.start_line, h.symbol) for h in callers.callers_hits("CodeGen.empty", 5)] == [(10, "CodeGen.merge")]
    assert [(h.start_line, h.symbol) for h in callers.callers_hits("CodeGen.merge", 5)] == [(23, "main")]
