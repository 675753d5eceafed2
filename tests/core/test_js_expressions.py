"""JavaScript and TypeScript definitions inside expressions: a function expression that names
itself is a definition wherever it is (a callback, a returned function, a promise's executor); an
anonymous one is not, though the declarations in its body are; class expressions; chunks only for
the callbacks long enough to read on their own."""

from __future__ import annotations

import pytest

from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import parse
from maguyva_tui.core.parsing.rules.ecmascript import CALLBACK_CHUNK_LINES
from maguyva_tui.core.types import Chunk, Symbol

LANGUAGES = ("javascript", "typescript")


def extract(source: str, language: str = "javascript") -> tuple[list[Chunk], list[Symbol]]:
    data = source.encode()
    return extract_definitions(parse(language, data), data, language, "x.js")


def found(source: str, language: str = "javascript") -> dict[str, tuple[str, int, int]]:
    """Each symbol's qualified name to its kind, name line and last line."""
    return {s.qualname: (s.kind, s.name_line, s.end_line) for s in extract(source, language)[1]}


AXIOS_XHR = """\
const isXHRAdapterSupported = typeof XMLHttpRequest !== 'undefined';

export default isXHRAdapterSupported && function (config) {
  return new Promise(function dispatchXhrRequest(resolve, reject) {
    function done() {
      request = null;
    }
    request.onabort = function handleAbort() {
      reject(new Error('aborted'));
    };
    request.onerror = function () {
      reject(new Error('network'));
    };
  });
};
"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_function_named_inside_a_default_export_expression_is_found(language: str) -> None:
    symbols = found(AXIOS_XHR, language)
    assert symbols["dispatchXhrRequest"] == ("function", 4, 14)
    assert symbols["dispatchXhrRequest.done"] == ("function", 5, 7)  # its body is walked
    assert symbols["dispatchXhrRequest.handleAbort"] == ("function", 8, 10)  # named: its own name
    assert not any(q.endswith(("onerror", "onabort", "config")) for q in symbols)  # anonymous: no definition


@pytest.mark.parametrize("language", LANGUAGES)
def test_named_callbacks_are_definitions_and_anonymous_ones_are_not(language: str) -> None:
    source = ("app.use(function logger(req, res, next) {\n  next();\n});\n"
              "app.get('/', function (req, res) {\n  res.send('hi');\n});\n"
              "app.post('/', (req, res) => res.send('posted'));\n"
              "items.forEach(async function eachItem(item) { await item.save(); });\n"
              "defineGetter(req, 'host', function host() {\n  return this.get('Host');\n});\n")
    symbols = found(source, language)
    assert symbols == {"logger": ("function", 1, 3), "eachItem": ("function", 8, 8), "host": ("function", 9, 11)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_returned_named_function_is_a_definition_of_its_function(language: str) -> None:
    source = ("export default function bind(fn, thisArg) {\n  return function wrap() {\n"
              "    return fn.apply(thisArg, arguments);\n  };\n}\n"
              "function speedometer() {\n  return (chunk) => chunk.length;\n}\n")
    symbols = found(source, language)
    assert symbols["bind.wrap"] == ("function", 2, 4)
    assert set(symbols) == {"bind", "bind.wrap", "speedometer"}  # the returned arrow is anonymous


@pytest.mark.parametrize("language", LANGUAGES)
def test_declarations_inside_anonymous_callbacks_are_found(language: str) -> None:
    # a test file's helpers and types live in `describe`/`test` callbacks
    source = ("describe('parse', () => {\n  function helper(x) {\n    return x;\n  }\n"
              "  const build = () => 1;\n  const data = { a: 1 };\n  it('works', async () => {\n"
              "    class Local {}\n  });\n});\n")
    symbols = found(source, language)
    assert symbols == {"helper": ("function", 2, 4), "build": ("function", 5, 5), "Local": ("class", 8, 8)}
    if language == "typescript":
        enum = found("test('enums', () => {\n  enum Fruits {\n    Apple,\n  }\n});\n", language)
        assert enum == {"Fruits": ("enum", 2, 4), "Fruits.Apple": ("constant", 3, 3)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_class_expressions(language: str) -> None:
    source = ("module.exports = class Exported {\n  run() {}\n};\n"
              "Assigned = class {\n  go() {}\n};\n"
              "exports.Widget = class {};\n"
              "const Mixed = mixin(class Named extends Base {\n  render() {}\n});\n"
              "export default class extends Base {\n  mounted() {}\n}\n")
    symbols = found(source, language)
    assert symbols["Exported"] == ("class", 1, 3) and symbols["Exported.run"] == ("method", 2, 2)
    assert symbols["Assigned"] == ("class", 4, 6) and symbols["Assigned.go"] == ("method", 5, 5)
    assert symbols["Widget"] == ("class", 7, 7)
    assert symbols["Named"] == ("class", 8, 10) and symbols["Named.render"] == ("method", 9, 9)
    assert symbols["mounted"] == ("method", 12, 12)  # an anonymous class's method, by its own name


@pytest.mark.parametrize("language", LANGUAGES)
def test_functions_in_values_arguments_and_objects(language: str) -> None:
    source = ("const token = new CancelToken(function executor(c) {\n  cancel = c;\n});\n"
              "function createApplication() {\n"
              "  Object.defineProperty(app, 'router', {\n    get: function getrouter() { return r; },\n"
              "    set() {},\n  });\n  validators[type] = function validator(thing) { return thing; };\n}\n"
              "const { a, b } = split(function splitter(s) { return s; });\n"
              "req.get = req.header = function header(name) {\n  return name;\n};\n")
    symbols = found(source, language)
    assert symbols["executor"] == ("function", 1, 3)
    assert symbols["createApplication.getrouter"] == ("function", 6, 6)
    assert symbols["createApplication.validator"] == ("function", 9, 9)
    assert symbols["splitter"] == ("function", 11, 11)
    assert symbols["req.header"] == ("method", 12, 14)  # bound last, as `req.header = function`
    assert symbols["req.get"] == ("method", 12, 14)  # the chain's other link: an alias of it
    assert set(symbols) == {"token", "executor", "createApplication", "createApplication.getrouter",
                            "createApplication.validator", "splitter", "req.header", "req.get"}  # no `set`


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_wrapped_function_named_as_its_variable_is_one_definition(language: str) -> None:
    """ramda's ``var curryN = _curry2(function curryN(...) {...})``: one place, a function (the
    search and the go-to had listed ``curryN variable`` and ``curryN function`` at es/curryN.js:48)."""
    source = ("var curryN = /*#__PURE__*/_curry2(function curryN(length, fn) {\n  return fn;\n});\n"
              "export const pipeP = compose(memoize(function pipeP(f) { return f; }));\n"
              "var token = wrap(function executor(c) {});\n"
              "class Widget {\n  onResize = debounce(function onResize() {});\n}\n")
    symbols = [(s.qualname, s.kind, s.start_line) for s in extract(source, language)[1]]
    assert symbols == [("curryN", "function", 1), ("pipeP", "function", 4),
                       ("token", "variable", 5), ("executor", "function", 5),  # another name: both
                       ("Widget", "class", 6), ("Widget.onResize", "function", 7)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_umd_factory_is_walked_as_the_top_level(language: str) -> None:
    source = ("(function (root, factory) {\n  module.exports = factory();\n}(this, function () {\n"
              "  function api() {}\n  exports.helper = function () {};\n  var VERSION = '1';\n}));\n")
    symbols = found(source, language)
    assert symbols["api"] == ("function", 4, 4)
    assert symbols["helper"] == ("function", 5, 5)
    assert "VERSION" in symbols  # a module-level variable, as in any file's top level


def test_only_long_named_callbacks_are_chunks_of_their_own() -> None:
    body = "".join(f"  step{i}();\n" for i in range(CALLBACK_CHUNK_LINES))
    source = (f"promise.then(function onLong(value) {{\n{body}}});\n"
              "items.map(function each(pair) {\n  return pair[0];\n});\n"
              "run(function () {\n  go();\n});\n")
    chunks, symbols = extract(source)
    long_end = CALLBACK_CHUNK_LINES + 2
    assert {s.qualname: (s.start_line, s.end_line) for s in symbols} == {
        "onLong": (1, long_end), "each": (long_end + 1, long_end + 3)}
    definitions = {(c.symbol, c.start_line, c.end_line) for c in chunks if c.kind != "window"}
    assert definitions == {("onLong", 1, long_end)}  # `each` reads best in the lines around it
    covered = {line for c in chunks for line in range(c.start_line, c.end_line + 1)}
    assert {long_end + 1, long_end + 2, long_end + 4, long_end + 5} <= covered  # in line windows


def test_function_text_in_strings_and_comments_is_no_definition() -> None:
    source = ("log('function fake() {}', `class Nope {}`);\n// run(function commented() {})\n"
              "x = a + b => c;\n")
    assert found(source) == {}


def test_deep_nesting_in_expressions_stops_without_error() -> None:
    source = "f(" + "a => " * 3000 + "function deep() {});\n" + "g(function () {" * 400 + "});" * 400 + "\n"
    chunks, symbols = extract(source)
    assert all(1 <= c.start_line <= c.end_line <= 2 for c in chunks)
