"""A call through a comma expression, ``(0, function_1.pipe)(fa, f)``, is a call of its last operand:
TypeScript's CommonJS output calls every imported function so (the ``0,`` drops ``this``). fp-ts
2.16.9's ``lib/`` holds 1,022 such calls of its imports: "who calls lib/function.js::pipe" had
found none of its 356 (the callee was read as ``?``), the ``es6/`` copy all of its own."""

from __future__ import annotations

from maguyva_tui.core.parsing.analyze import analyze
from tests.core.test_graph_resolve import call_targets, graph_of

FUNCTION = """\
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
function pipe(a, ab) {
  return ab(a);
}
exports.pipe = pipe;
"""

OPTION = """\
"use strict";
var function_1 = require("./function");
var _map = function (fa, f) { return (0, function_1.pipe)(fa, f); };
var twice = function (fa) { return (1, 2, function_1.pipe)(fa, _map); };
"""


def test_a_comma_expression_calls_its_last_operand() -> None:
    calls = {(r.name, r.line) for r in analyze("lib/Option.js", OPTION).references if r.kind == "call"}
    assert {("function_1.pipe", 3), ("function_1.pipe", 4)} <= calls
    graph = graph_of({"lib/function.js": FUNCTION, "lib/Option.js": OPTION})
    assert call_targets(graph, "lib/Option.js", 3) == {"lib/function.js::pipe"}
    assert call_targets(graph, "lib/Option.js", 4) == {"lib/function.js::pipe"}


def test_typescripts_emit_is_read_alike() -> None:
    calls = {(r.name, r.line) for r in analyze("src/a.ts", "const y = (0, path_1.join)(a, b);\n").references
             if r.kind == "call"}
    assert ("path_1.join", 1) in calls
