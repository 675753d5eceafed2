"""Resolution fixes found by measuring unresolved rates on real repositories (``bench.graph_quality``).

Each test is a small inline snippet of the pattern met in the real repository named in its docstring.
"""

from __future__ import annotations

from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze
from tests.core.test_graph_resolve import call_targets, graph_of, loose_at


def refs_at(graph, path: str, line: int) -> set[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """Return (kind, target) of the references on one line that reached a node."""
    return {(s.kind, s.target) for s in graph.sites_out[path] if s.line == line}


# -- Java (BeanShell) ----------------------------------------------------------------------------------
BSH_PARSER = """\
package bsh;
import java.util.*;
public class Parser implements java.io.Serializable {
    private int jj_ntk;
    private Hashtable names;
    public int go() {
        names.get(1);
        if (jj_ntk == 0) { return jj_ntk(); }
        return 0;
    }
    private int jj_ntk() { return 1; }
    public void boot() { bsh.util.Util.start(); }
}
"""
BSH_UTIL = """\
package bsh.util;
public class Util {
    public static void start() {}
}
"""
BSH_ERROR = """\
package bsh;
public class UtilEvalError extends Exception {
    public String describe() { return getMessage(); }
    public String own() { return describe(); }
    class Inner { String f() { return describe(); } }
}
"""


def java_graph():  # type: ignore[no-untyped-def]
    return graph_of({"src/bsh/Parser.java": BSH_PARSER, "src/bsh/util/Util.java": BSH_UTIL,
                     "src/bsh/UtilEvalError.java": BSH_ERROR})


def test_java_bare_call_is_the_method_even_beside_a_field_of_that_name() -> None:
    """BeanShell's generated Parser has a field ``jj_ntk`` and a method ``jj_ntk()``."""
    graph = java_graph()
    assert call_targets(graph, "src/bsh/Parser.java", 8) == {"src/bsh/Parser.java::Parser.jj_ntk"}


def test_java_wildcard_import_of_an_outside_package_makes_its_names_external() -> None:
    """``import java.util.*`` then ``Hashtable``: the name can only come from there."""
    graph = java_graph()
    assert loose_at(graph, "src/bsh/Parser.java", 5) == {"Hashtable": "external"}
    assert loose_at(graph, "src/bsh/Parser.java", 7) == {"names.get": "external"}


def test_java_package_qualified_names() -> None:
    """``implements java.io.Serializable`` is external; ``bsh.util.Util.start()`` is the repository's."""
    graph = java_graph()
    assert loose_at(graph, "src/bsh/Parser.java", 3) == {"java.io.Serializable": "external"}
    assert call_targets(graph, "src/bsh/Parser.java", 12) == {"src/bsh/util/Util.java::Util.start"}


def test_java_bare_call_inherited_from_an_outside_class_is_external() -> None:
    """``getMessage()`` in a subclass of ``Exception``; the class's own methods still resolve."""
    graph = java_graph()
    assert loose_at(graph, "src/bsh/UtilEvalError.java", 3) == {"getMessage": "external"}
    assert call_targets(graph, "src/bsh/UtilEvalError.java", 4) == {"src/bsh/UtilEvalError.java::UtilEvalError.describe"}
    assert call_targets(graph, "src/bsh/UtilEvalError.java", 5) == {"src/bsh/UtilEvalError.java::UtilEvalError.describe"}


def test_java_unknown_variable_field_is_not_taken_for_a_package() -> None:
    """An unbound ``request.session.get()`` has no capitalized class: it stays unresolved."""
    graph = graph_of({"a/A.java": "package a;\npublic class A { void f() { request.session.get(); } }\n"})
    assert loose_at(graph, "a/A.java", 2) == {"request.session.get": "unresolved"}


def test_java_exception_parameter_has_the_type_it_catches() -> None:
    """BeanShell's ``catch (UtilEvalError e) { e.toEvalError(); }``: the repository's method, and
    ``e.getMessage()`` one inherited from outside; a multi-catch names no one type."""
    graph = graph_of({
        "bsh/UtilEvalError.java": (
            "package bsh;\npublic class UtilEvalError extends Exception {\n"
            "  public EvalError toEvalError() { return null; }\n}\n"
        ),
        "bsh/EvalError.java": "package bsh;\npublic class EvalError extends Exception {}\n",
        "bsh/A.java": (
            "package bsh;\nclass A {\n  void f() {\n    try { g(); }\n    catch (UtilEvalError e) {\n"
            "      e.toEvalError();\n      e.getMessage();\n    }\n"
            "    catch (EvalError | RuntimeException x) {\n      x.toEvalError();\n    }\n  }\n}\n"
        ),
    })
    assert call_targets(graph, "bsh/A.java", 6) == {"bsh/UtilEvalError.java::UtilEvalError.toEvalError"}
    assert loose_at(graph, "bsh/A.java", 7) == {"e.getMessage": "external"}
    assert loose_at(graph, "bsh/A.java", 10) == {"x.toEvalError": "unresolved"}


# -- Rust (pydantic-core) ------------------------------------------------------------------------------
RUST_LIB = """\
use pyo3::prelude::*;
use pyo3::types::PyDict;
mod build;
use crate::build::Thing;
pub trait SchemaDict<'py> {
    fn get_as(&self, key: &str) -> Option<i32>;
}
impl<'py> SchemaDict<'py> for Bound<'py, PyDict> {
    fn get_as(&self, key: &str) -> Option<i32> { None }
}
pub fn f<S: Serializer>(py: Python, schema: &Bound<'_, PyDict>, b: Box<Thing>, s: S) {
    schema.len();
    schema.get_as("k");
    b.go();
    s.serialize_str("x");
    Flavor::Sweet(1);
}
pub enum Flavor { Sweet(i32), Sour }
impl ToPyObject for Flavor {}
"""
RUST_BUILD = """\
pub struct Thing {}
impl Thing {
    pub fn go(&self) {}
}
"""


def rust_graph():  # type: ignore[no-untyped-def]
    return graph_of({"src/lib.rs": RUST_LIB, "src/build.rs": RUST_BUILD})


def test_rust_names_from_an_outside_glob_import_are_external() -> None:
    """``use pyo3::prelude::*`` then ``Python``, ``Bound``: from the glob, so external."""
    graph = rust_graph()
    assert loose_at(graph, "src/lib.rs", 11)["Python"] == "external"
    assert loose_at(graph, "src/lib.rs", 12) == {"schema.len": "external"}


def test_rust_type_parameters_are_not_taken_from_a_glob() -> None:
    """``S`` in ``fn f<S: Serializer>`` is no item of ``pyo3::prelude``: the type parameter is no
    reference at all; ``s.serialize_str()`` is a method of the outside trait that bounds it."""
    graph = rust_graph()
    assert "S" not in loose_at(graph, "src/lib.rs", 11)
    assert loose_at(graph, "src/lib.rs", 15) == {"s.serialize_str": "external"}


def test_rust_crate_trait_method_on_a_foreign_type_is_the_traits() -> None:
    """pydantic-core's ``SchemaDict`` gives pyo3's ``Bound<PyDict>`` a ``get_as``: never
    external, and the crate's one trait that declares it is the callee; when two traits declare
    the name, it stays unresolved."""
    graph = rust_graph()
    assert "schema.get_as" not in loose_at(graph, "src/lib.rs", 13)
    assert [(s.path, s.line) for s in callers(graph, "SchemaDict.get_as").sites] == [("src/lib.rs", 13)]
    other = RUST_LIB.replace("pub enum Flavor", "pub trait Other { fn get_as(&self); }\npub enum Flavor")
    twice = graph_of({"src/lib.rs": other, "src/build.rs": RUST_BUILD})
    assert loose_at(twice, "src/lib.rs", 13) == {"schema.get_as": "unresolved"}


def test_rust_method_through_a_box_is_not_external() -> None:
    """``b: Box<Thing>``: ``b.go()`` is ``Thing::go`` through ``Deref``, never ``Box``'s."""
    graph = rust_graph()
    assert loose_at(graph, "src/lib.rs", 14) == {}
    assert call_targets(graph, "src/lib.rs", 14) == {"src/build.rs::Thing.go"}


def test_rust_enum_variant_is_not_a_member_of_an_outside_trait() -> None:
    """``Flavor::Sweet`` with ``impl ToPyObject for Flavor``: the variant itself (a symbol since
    enum members are), not the trait's."""
    graph = rust_graph()
    assert loose_at(graph, "src/lib.rs", 16) == {}
    assert call_targets(graph, "src/lib.rs", 16) == {"src/lib.rs::Flavor.Sweet"}


def test_rust_struct_fields_type_what_other_files_call_through_them() -> None:
    """``extra.warnings.on_fallback()`` in one file: ``warnings`` is a field of ``Extra``, declared
    in another file as ``&'a CollectWarnings``. A field behind a smart pointer stays unresolved
    (``Deref``), one of a primitive type is external."""
    graph = graph_of({
        "src/lib.rs": "mod extra;\nmod ser;\n",
        "src/extra.rs": (
            "pub struct Extra<'a> {\n    pub warnings: &'a CollectWarnings,\n    pub lookup: Box<Lookup>,\n"
            "    pub count: usize,\n}\npub struct CollectWarnings {}\nimpl CollectWarnings {\n"
            "    pub fn on_fallback(&self) {}\n}\npub struct Lookup {}\n"
        ),
        "src/ser.rs": (
            "use crate::extra::Extra;\npub fn f(extra: &Extra) {\n    extra.warnings.on_fallback();\n"
            "    extra.lookup.get();\n    extra.count.pow(2);\n}\n"
        ),
    })
    assert call_targets(graph, "src/ser.rs", 3) == {"src/extra.rs::CollectWarnings.on_fallback"}
    assert loose_at(graph, "src/ser.rs", 4) == {"extra.lookup.get": "unresolved"}
    assert loose_at(graph, "src/ser.rs", 5) == {"extra.count.pow": "external"}


# -- Go (gin) ------------------------------------------------------------------------------------------
def test_go_struct_fields_type_what_is_called_through_them() -> None:
    """gin's ``c.engine.isTrustedProxy()``: ``engine *Engine`` is a field of ``Context``; a field
    of a type that is no name (``func()``) stays unresolved; an element of a slice field
    (``[]*Pool``) is its element type."""
    graph = graph_of({
        "p/engine.go": "package p\n\ntype Engine struct {\n\tpool  *Pool\n\thook func()\n\tpools []*Pool\n}\n",
        "p/pool.go": "package p\n\ntype Pool struct{}\n\nfunc (p *Pool) Get() {}\n",
        "p/run.go": "package p\n\nfunc Run(e *Engine) {\n\te.pool.Get()\n\te.hook.Len()\n\te.pools[0].Get()\n}\n",
    })
    assert call_targets(graph, "p/run.go", 4) == {"p/pool.go::Pool.Get"}
    assert loose_at(graph, "p/run.go", 5) == {"e.hook.Len": "unresolved"}
    assert call_targets(graph, "p/run.go", 6) == {"p/pool.go::Pool.Get"}


def test_go_first_of_several_results_types_the_first_variable() -> None:
    """gin's tests: ``c, _ := CreateTestContext(w)`` with ``func CreateTestContext(...) (c *Context,
    r *Engine)``: ``c.ClientIP()`` is ``Context.ClientIP``; a later result is its own declared type,
    ``error`` the built-in's (``err.Error()`` is external)."""
    graph = graph_of({
        "p/ctx.go": "package p\n\ntype Context struct{}\n\nfunc (c *Context) ClientIP() string { return \"\" }\n",
        "p/helpers.go": (
            "package p\n\nfunc CreateTestContext(w int) (c *Context, r *Engine) {\n\treturn nil, nil\n}\n\n"
            "func Pair() (int, error) { return 0, nil }\n\ntype Engine struct{}\n"
        ),
        "p/ctx_test.go": (
            "package p\n\nfunc TestIP() {\n\tc, _ := CreateTestContext(1)\n\tc.ClientIP()\n"
            "\tn, err := Pair()\n\terr.Error()\n\t_ = n\n}\n"
        ),
    })
    assert call_targets(graph, "p/ctx_test.go", 5) == {"p/ctx.go::Context.ClientIP"}
    assert loose_at(graph, "p/ctx_test.go", 7) == {"err.Error": "external"}


# -- JavaScript (lodash), TypeScript (rxjs) ---------------------------------------------------------------
def test_javascript_alias_of_a_member_is_that_member() -> None:
    """lodash's ``var hasOwnProperty = objectProto.hasOwnProperty`` where ``objectProto`` is
    ``Object.prototype``: ``hasOwnProperty.call()`` is a built-in's, external, not unresolved."""
    graph = graph_of({"lib/_has.js": (
        "var objectProto = Object.prototype;\nvar hasOwnProperty = objectProto.hasOwnProperty;\n"
        "function has(o, k) {\n  return hasOwnProperty.call(o, k);\n}\n"
    )})
    assert loose_at(graph, "lib/_has.js", 4) == {"hasOwnProperty.call": "external"}


def test_typescript_typed_field_types_calls_through_it_from_any_file() -> None:
    """rxjs's ``const observer = this._output; observer.error(e)`` with ``_output: Subject<T>``,
    and another file calling ``s._output.error()``: both are ``Subject.error``."""
    graph = graph_of({
        "src/Subject.ts": "export class Subject<T> {\n  error(e: any): void {}\n}\n",
        "src/Socket.ts": (
            "import { Subject } from './Subject';\nexport class Socket<T> {\n  private _output: Subject<T>;\n"
            "  run(): void {\n    const observer = this._output;\n    observer.error(1);\n  }\n}\n"
        ),
        "src/use.ts": "import { Socket } from './Socket';\nexport function f(s: Socket<number>) {\n  s._output.error(2);\n}\n",
    })
    assert call_targets(graph, "src/Socket.ts", 6) == {"src/Subject.ts::Subject.error"}
    assert call_targets(graph, "src/use.ts", 3) == {"src/Subject.ts::Subject.error"}


# -- Python --------------------------------------------------------------------------------------------
def test_python_name_from_an_outside_star_import_is_external() -> None:
    """``from os.path import *`` then ``join(...)``; a local star import still resolves."""
    graph = graph_of({
        "pkg/__init__.py": "",
        "pkg/util.py": "def helper():\n    pass\n",
        "pkg/main.py": "from os.path import *\nfrom .util import *\njoin('a')\nhelper()\nmissing()\n",
    })
    assert loose_at(graph, "pkg/main.py", 3) == {"join": "external"}
    assert call_targets(graph, "pkg/main.py", 4) == {"pkg/util.py::helper"}
    assert loose_at(graph, "pkg/main.py", 5) == {"missing": "external"}  # only the star import can bind it


def test_python_without_star_import_an_unknown_name_stays_unresolved() -> None:
    graph = graph_of({"main.py": "import os\nmissing()\n"})
    assert loose_at(graph, "main.py", 2) == {"missing": "unresolved"}


def test_python_exception_bound_by_except_has_the_type_it_catches() -> None:
    """click's ``except Abort as e: e.show()``, the class written plain or through its module; a
    tuple of classes names no one type."""
    graph = graph_of({
        "exc.py": "class Abort(Exception):\n    def show(self):\n        pass\n",
        "use.py": (
            "from exc import Abort\nimport exc\ndef f():\n    try:\n        g()\n    except Abort as e:\n"
            "        e.show()\n    except exc.Abort as d:\n        d.show()\n"
            "    except (Abort, KeyError) as t:\n        t.show()\n"
        ),
    })
    assert call_targets(graph, "use.py", 7) == {"exc.py::Abort.show"}
    assert call_targets(graph, "use.py", 9) == {"exc.py::Abort.show"}
    assert loose_at(graph, "use.py", 11) == {"t.show": "unresolved"}


# -- C (brotli) ----------------------------------------------------------------------------------------
def test_c_function_defined_twice_under_preprocessor_branches_is_not_ambiguous() -> None:
    """brotli's ``memory.c`` defines ``BrotliFree`` under ``#if`` and again under ``#else``."""
    graph = graph_of({
        "enc/memory.c": """\
            #if defined(EXIT_ON_OOM)
            void BrotliFree(void* p) { }
            #else
            void BrotliFree(void* p) { }
            #endif
            """,
        "enc/encode.c": "void Encode(void* p) {\n  BrotliFree(p);\n}\n",
    })
    assert call_targets(graph, "enc/encode.c", 2) == {"enc/memory.c::BrotliFree"}


def test_rust_trait_methods_follow_an_edit_of_another_file() -> None:
    """What the crate's traits declare is read once for a whole build, and again after an edit:
    a second trait declaring ``get_as``, added in another file, makes the call ambiguous there too,
    and removing it makes the call the first trait's again."""
    graph = rust_graph()
    second = RUST_BUILD + "pub trait Other { fn get_as(&self); }\n"
    graph.update({"src/build.rs": analyze("src/build.rs", second)})
    assert loose_at(graph, "src/lib.rs", 13) == {"schema.get_as": "unresolved"}
    graph.update({"src/build.rs": analyze("src/build.rs", RUST_BUILD)})
    assert [(s.path, s.line) for s in callers(graph, "SchemaDict.get_as").sites] == [("src/lib.rs", 13)]


# -- C++ (sentencepiece) -------------------------------------------------------------------------------
def test_cpp_direct_initialization_from_a_variable_declares_a_variable() -> None:
    """sentencepiece's tests write ``const Normalizer normalizer(spec);``, which the grammar reads
    as a function declaration: with ``spec`` a variable it is one of type ``Normalizer``, so
    ``normalizer.Normalize()`` is the method (it was taken for a function of the namespace
    ``normalizer``); with a type in the parentheses it stays a declaration, and unresolved."""
    graph = graph_of({"m.cc": (
        "namespace sp {\nclass Spec {};\nclass Normalizer {\n public:\n  explicit Normalizer(const Spec &s);\n"
        "  int Normalize(const char *s) const;\n};\nint Normalizer::Normalize(const char *s) const { return 0; }\n"
        "namespace normalizer {\nint Normalize(const char *s) { return 1; }\n}\n"
        "void Test() {\n  Spec spec;\n  const Normalizer normalizer(spec);\n  normalizer.Normalize(\"a\");\n"
        "  Normalizer other(Spec);\n  other.Normalize(\"b\");\n}\n}\n"
    )})
    assert call_targets(graph, "m.cc", 15) == {"m.cc::sp.Normalizer.Normalize"}
    assert loose_at(graph, "m.cc", 17) == {"other.Normalize": "unresolved"}
