"""``new Exception('x')`` where ``Exception`` is a function (JavaScript's constructor function,
imported by default or defined beside) runs it: its callers list the constructions, said
"constructs Exception", as a plain call's. handlebars' 31 ``throw new Exception(...)`` had been
left out ("nothing calls Exception by name")."""

from __future__ import annotations

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.retrievers.graph import GraphRetriever

EXCEPTION = """function Exception(message) { this.message = message; }
export default Exception;
function local() { throw new Exception('x'); }
"""
USER = """import Exception from './exception';
export function thrown() { throw new Exception('y'); }
export function called() { return Exception('z'); }
"""


def test_new_on_a_constructor_function_is_one_of_its_callers() -> None:
    graph = CodeGraph.build({"lib/exception.js": analyze("lib/exception.js", EXCEPTION),
                             "lib/user.js": analyze("lib/user.js", USER)})
    hits = GraphRetriever(graph).callers_hits("Exception", 9)
    assert sorted((h.path, h.start_line, h.symbol) for h in hits) == [
        ("lib/exception.js", 3, "local"), ("lib/user.js", 2, "thrown"), ("lib/user.js", 3, "called")]
    assert {(h.start_line, h.reason) for h in hits if h.path == "lib/user.js"} == {
        (2, "constructs Exception"), (3, "calls Exception")}
