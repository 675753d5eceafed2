"""JavaScript's chains of assignments of one function (jQuery 3.7.1's ``jQuery.extend =
jQuery.fn.extend = function``, ``init = jQuery.fn.init = function``, handlebars' ``SafeString
.prototype.toString = SafeString.prototype.toHTML = function``): every link names the function,
the last one bound owning its body; only the last had been a symbol."""

from __future__ import annotations

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.retrievers.graph import GraphRetriever

CORE = """(function (window) {
var jQuery = function (selector) { return new jQuery.fn.init(selector); };
jQuery.extend = jQuery.fn.extend = function () { return merge(this, arguments); };
function merge(a, b) { return a; }
var rootjQuery,
  init = jQuery.fn.init = function (selector) { return this; };
jQuery.extend({ isReady: true });
function SafeString(string) { this.string = string; }
SafeString.prototype.toString = SafeString.prototype.toHTML = function () {
  return '' + this.string;
};
function render(s) { return s.toHTML() + s.toString(); }
})(window);
"""


def test_every_link_of_a_chain_is_a_symbol_of_the_function() -> None:
    facts = analyze("dist/jquery.js", CORE)
    symbols = {s.qualname: (s.kind, s.start_line, s.end_line) for s in facts.symbols}
    assert symbols["jQuery.extend"] == ("method", 3, 3)
    assert symbols["jQuery.fn.extend"] == ("method", 3, 3)
    assert symbols["jQuery.fn.init"] == ("method", 6, 6)
    assert symbols["init"] == ("function", 6, 6)  # had been a variable
    assert symbols["SafeString.toString"] == ("method", 9, 11)
    assert symbols["SafeString.toHTML"] == ("method", 9, 11)
    chunks = [c.symbol for c in facts.chunks if c.start_line in (3, 6, 9)]
    assert chunks == ["jQuery.fn.extend", "jQuery.fn.init", "SafeString.toHTML"]  # one chunk each
    scopes = {r.name: r.scope for r in facts.references if r.kind == "call"}
    assert scopes["merge"] == "jQuery.fn.extend"  # the body is the last link's


def test_a_call_through_any_link_reaches_the_function() -> None:
    graph = CodeGraph.build({"dist/jquery.js": analyze("dist/jquery.js", CORE)})
    retriever = GraphRetriever(graph)
    assert [(h.start_line, h.symbol) for h in retriever.callers_hits("jQuery.extend", 10)] == [(7, None)]
    assert [h.symbol for h in retriever.callers_hits("merge", 10)] == ["jQuery.fn.extend"]
