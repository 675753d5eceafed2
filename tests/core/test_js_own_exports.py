"""A CommonJS module calls its own exports through ``exports``: TypeScript's CommonJS output writes
every call of a function of the same file so (``(0, exports.map)(f)``, after ``exports.map = map``
or ``exports.isNone = _.isNone``). fp-ts 2.16.9's ``lib/`` holds 1,151 such calls, all of which had
read as calls of a global's (external), where its ``es6/`` copy's reached the file's own
definitions. ``exports.name = value`` defines ``name`` as ``export const name = value`` does."""

from __future__ import annotations

from maguyva_tui.core.parsing.analyze import analyze
from tests.core.test_graph_resolve import call_targets, graph_of

OPTION = """\
"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.chain = exports.map = exports.isNone = void 0;
exports.fromPredicate = fromPredicate;
var _ = require("./internal");
exports.isNone = _.isNone;
function fromPredicate(predicate) {
    return function (a) { return (predicate(a) ? (0, exports.some)(a) : exports.none); };
}
var map = function (f) { return function (fa) { return (0, exports.isNone)(fa) ? fa : f(fa); }; };
exports.map = map;
exports.chain = function (f) { return exports.map(f); };
exports.flap = (0, exports.map)(1);
exports.some = function (a) { return { _tag: "Some", value: a }; };
exports.default = exports.map;
"""

INTERNAL = """\
"use strict";
exports.isNone = function (fa) { return fa._tag === "None"; };
"""

ARRAY = """\
"use strict";
var Option_1 = require("./Option");
var compact = function (as) { return as.filter(function (a) { return !(0, Option_1.isNone)(a); }); };
"""


def test_a_modules_calls_of_its_own_exports_reach_its_definitions() -> None:
    graph = graph_of({"lib/Option.js": OPTION, "lib/internal.js": INTERNAL, "lib/Array.js": ARRAY})
    assert call_targets(graph, "lib/Option.js", 8) == {"lib/Option.js::some"}
    assert call_targets(graph, "lib/Option.js", 10) == {"lib/Option.js::isNone"}
    assert call_targets(graph, "lib/Option.js", 12) == {"lib/Option.js::map"}
    assert call_targets(graph, "lib/Option.js", 13) == {"lib/Option.js::map"}


def test_an_exported_value_is_the_modules_name() -> None:
    """``exports.isNone = _.isNone`` defines ``isNone`` (what another module's ``Option_1.isNone``
    calls); TypeScript's ``void 0`` declarations, ``exports.map = map`` (``map`` is defined
    already) and the default export define nothing more."""
    symbols = [(s.qualname, s.kind, s.start_line) for s in analyze("lib/Option.js", OPTION).symbols]
    assert symbols == [("isNone", "variable", 6), ("fromPredicate", "function", 7), ("map", "function", 10),
                       ("chain", "function", 12), ("flap", "variable", 13), ("some", "function", 14)]
    graph = graph_of({"lib/Option.js": OPTION, "lib/internal.js": INTERNAL, "lib/Array.js": ARRAY})
    assert call_targets(graph, "lib/Array.js", 3) == {"lib/Option.js::isNone"}


def test_a_name_the_module_declares_stays_its_declarations() -> None:
    """express's ``lib/utils.js``: ``var etag = require('etag')``, then ``exports.etag = ...``; its
    bare ``etag(buf, options)`` calls the package, not the export, which defines no second ``etag``."""
    utils = """\
var etag = require('etag');
exports.etag = createETagGenerator({ weak: false });
function createETagGenerator(options) {
  return function generateETag(body) { return etag(body, options); };
}
"""
    assert [s.qualname for s in analyze("lib/utils.js", utils).symbols] == [
        "createETagGenerator", "createETagGenerator.generateETag"]
    assert call_targets(graph_of({"lib/utils.js": utils}), "lib/utils.js", 4) == set()


EXPRESS = """\
'use strict';
var proto = require('./application');
var res = require('./response');
exports.application = proto;
exports.response = res;
exports.Route = proto.Route;
"""


def test_a_required_module_handed_on_is_no_definition_of_its_name() -> None:
    """express 5's ``var res = require('./response')`` then ``exports.response = res``: ``response``
    asked alone is lib/response.js (semble's label), and the line handing the module on had been
    the definition that outranked it; a member of it handed on (``proto.Route``) still defines."""
    symbols = [(s.qualname, s.kind, s.start_line) for s in analyze("lib/express.js", EXPRESS).symbols]
    assert symbols == [("Route", "variable", 6)]
