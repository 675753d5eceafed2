"""TypeScript's CommonJS output of a namespace import or re-export: ``var _ =
__importStar(require("./internal"))`` (``import * as _``) and ``exports.TypeGuard = require("./type")``
(``export * as TypeGuard from './type'``; ``__importStar`` wraps it under ``esModuleInterop``).
@sinclair/typebox 0.33.22's ``build/cjs``: its 215 calls such as ``index_10.TypeGuard.IsNever(x)``
had reached nothing (against the TypeScript 5.6 language service: 1,663 -> 1,878 of 1,881); the
name had been a variable of no value."""

from __future__ import annotations

from maguyva_tui.core.parsing.analyze import analyze
from tests.core.test_graph_resolve import call_targets, graph_of

GUARD_TYPE = """\
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.IsNever = IsNever;
function IsNever(value) {
    return value.not === undefined;
}
"""

GUARD_INDEX = """\
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ValueGuard = exports.TypeGuard = void 0;
exports.TypeGuard = require("./type");
exports.ValueGuard = __importStar(require("./value"));
exports.Never = require("./type").IsNever;
"""

GUARD_VALUE = """\
"use strict";
exports.IsString = IsString;
function IsString(value) { return typeof value === "string"; }
"""

EXTENDS = """\
"use strict";
const index_10 = require("../guard/index");
function FromNeverRight(right) {
    return index_10.TypeGuard.IsNever(right) || index_10.ValueGuard.IsString(right) || (0, index_10.Never)(right);
}
"""

ARRAY = """\
"use strict";
var __importStar = (this && this.__importStar) || function (mod) { return mod; };
var G = __importStar(require("./guard/type"));
exports.every = function (xs) { return xs.every(function (x) { return G.IsNever(x); }); };
"""


def _graph():  # type: ignore[no-untyped-def]
    return graph_of({"type/guard/type.js": GUARD_TYPE, "type/guard/index.js": GUARD_INDEX,
                     "type/guard/value.js": GUARD_VALUE, "type/extends/extends-check.js": EXTENDS,
                     "type/array.js": ARRAY})


def test_a_required_module_exported_by_name_is_that_module() -> None:
    graph = _graph()
    assert call_targets(graph, "type/extends/extends-check.js", 4) == {
        "type/guard/type.js::IsNever", "type/guard/value.js::IsString"}


def test_a_star_imported_module_is_that_module() -> None:
    assert call_targets(_graph(), "type/array.js", 4) == {"type/guard/type.js::IsNever"}


def test_a_required_namespace_is_no_variable() -> None:
    """The re-exports are imports of the module, not variables of the index (``exports.x = f()`` still is)."""
    facts = analyze("type/guard/index.js", GUARD_INDEX + "exports.made = make();\n")
    assert [s.qualname for s in facts.symbols] == ["made"]
    assert [(i.local, i.module, i.name) for i in facts.imports] == [
        ("TypeGuard", "./type", None), ("ValueGuard", "./value", None), ("Never", "./type", "IsNever")]
