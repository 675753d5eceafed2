"""JavaScript written before ``class`` (handlebars 4.7.8, mustache 2.3.2): functions a function
assigns to an object's properties are that object's methods, a constructor function given a base
by its prototype inherits its methods, an attribute every method sets to one class has its type,
and a method of an object literal's nested object is reached through the object imported."""

from __future__ import annotations

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.retrievers.graph import GraphRetriever

FACTORY = """import { compile } from './compiler';
let yy = {};
function create() {
  let hb = _create();
  hb.compile = function(input, options) {
    return compile(input, options, hb);
  };
  return hb;
}
export function parse(options) {
  yy.locInfo = function(locInfo) { return locInfo; };
  request.onerror = function() {};
  this.notMe = function() {};
  return yy.locInfo(1);
}
export default function(Handlebars) {
  Handlebars.noConflict = function() { return Handlebars; };
}
function template(spec) {
  function ret(context) { return ret._setup(context); }
  ret._setup = function(options) { return options; };
  return ret;
}
function outer() {
  let o = {};
  function inner() { o.x = function() {}; }
}
function mustacheFactory(mustache) {
  function Scanner(string) { this.tail = string; }
  Scanner.prototype.eos = function eos() { return this.tail === ''; };
  mustache.render = function render() {};
}
"""

COMPILER = """export function compile(input, options, env) {}
"""


def _callers(files: dict[str, str], name: str) -> list[tuple[str, int, str | None]]:
    graph = CodeGraph.build({path: analyze(path, source) for path, source in files.items()})
    return [(h.path, h.start_line, h.symbol) for h in GraphRetriever(graph).callers_hits(name, 20)]


def test_a_function_assigned_to_an_objects_property_in_a_function_is_its_method() -> None:
    symbols = {s.qualname: s.kind for s in analyze("lib/handlebars.js", FACTORY).symbols}
    assert symbols["create.hb.compile"] == "method"  # create's own local
    assert symbols["yy.locInfo"] == "method"  # the file's top-level `let yy`
    assert symbols["Handlebars.noConflict"] == "method"  # a parameter of an anonymous function
    assert symbols["template.ret._setup"] == "method"
    assert symbols["mustacheFactory.Scanner.eos"] == "method"  # set on a prototype: named by it
    assert symbols["mustacheFactory.render"] == "function"  # any other that names itself: its own name
    assert not any(q.endswith(("onerror", "notMe", ".x")) for q in symbols)  # undeclared, this, bound further out
    files = {"lib/handlebars.js": FACTORY, "lib/compiler.js": COMPILER}
    assert _callers(files, "compile") == [("lib/handlebars.js", 6, "create.hb.compile")]
    assert _callers(files, "template.ret._setup") == [("lib/handlebars.js", 20, "template.ret")]
    assert _callers(files, "yy.locInfo") == [("lib/handlebars.js", 14, "parse")]
    assert _callers(files, "mustacheFactory.Scanner.eos") == []


VISITOR = """function Visitor() {}
Visitor.prototype = {
  accept: function(node) { return this[node.type](node); },
  acceptKey: function(node, name) { return node[name]; }
};
export default Visitor;
"""

PRINTER = """import Visitor from './visitor';
const util = require('util');
function PrintVisitor() { this.padding = 0; }
PrintVisitor.prototype = new Visitor();
PrintVisitor.prototype.Program = function(program) { return this.accept(program.body); };
function Strip() {}
Strip.prototype = Object.create(Visitor.prototype);
Strip.prototype.run = function(x) { return this.acceptKey(x, 'a'); };
function Other() {}
util.inherits(Other, Visitor);
Other.prototype.go = function(x) { return this.accept(x); };
function Plain() {}
Plain.prototype.go = function(x) { return this.accept(x); };
"""


def test_a_constructor_function_given_a_base_by_its_prototype_inherits_its_methods() -> None:
    facts = {"lib/visitor.js": analyze("lib/visitor.js", VISITOR), "lib/printer.js": analyze("lib/printer.js", PRINTER)}
    retriever = GraphRetriever(CodeGraph.build(facts))
    accept = [(h.start_line, h.symbol) for h in retriever.callers_hits("Visitor.accept", 20)]
    assert accept == [(5, "PrintVisitor.Program"), (11, "Other.go")]  # not Plain.go: Plain has no base
    assert [(h.start_line, h.symbol) for h in retriever.callers_hits("Visitor.acceptKey", 20)] == [(8, "Strip.run")]
    subtypes = retriever.subtype_hits("Visitor", 20) or []
    assert sorted((h.symbol, h.reason) for h in subtypes) == [
        ("Other", "extends Visitor"), ("PrintVisitor", "extends Visitor"), ("Strip", "extends Visitor")]


CODE_GEN = """function CodeGen(src) { this.src = src; }
CodeGen.prototype = {
  push: function(x) { return x; },
  merge: function() { return [this.src]; }
};
export default CodeGen;
"""

JS_COMPILER = """import CodeGen from './code-gen';
function Compiler() { this.init(); }
Compiler.prototype = {
  init: function() {},
  compile: function(x) {
    this.source = new CodeGen('a');
    this.decorators = new CodeGen('b');
    this.other = new CodeGen('c');
  },
  emit: function(x) {
    this.source.push(1);
    this.decorators = this.decorators.merge();
    this.decorators.push(2);
    this.other = x;
    this.other.push(3);
  }
};
"""


def test_an_attribute_every_method_sets_to_one_class_has_its_type() -> None:
    files = {"lib/code-gen.js": CODE_GEN, "lib/compiler.js": JS_COMPILER}
    # this.decorators is also what merge() gives, this.other a parameter: no type, no call of push
    assert _callers(files, "CodeGen.push") == [("lib/compiler.js", 11, "Compiler.emit")]
    assert _callers(files, "Compiler.init") == [("lib/compiler.js", 2, "Compiler")]  # this in its own body


AST = """let AST = {
  helpers: {
    simpleId: function(path) { return path.parts.length === 1; },
    scopedId(path) { return AST.helpers.simpleId(path); }
  }
};
export default AST;
"""

USES_AST = """import AST from './ast';
export function classify(path) {
  return AST.helpers.simpleId(path) || AST.helpers(path) || AST.nothing.simpleId(path);
}
"""


def test_a_method_of_a_nested_object_is_reached_through_the_object_imported() -> None:
    files = {"lib/ast.js": AST, "lib/compiler.js": USES_AST}
    assert _callers(files, "AST.helpers.simpleId") == [
        ("lib/ast.js", 4, "AST.helpers.scopedId"), ("lib/compiler.js", 3, "classify")]
