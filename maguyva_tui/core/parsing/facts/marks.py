"""The marks the facts' rows are written with (the local names a binding is recorded under, the
prefixes and joins of recorded types) and the small readings of them the graph shares.

The graph reads them when it answers a question (``graph/tables.py``, ``link.py``,
``resolve/``): kept here, apart from the modules that write them, they load neither tree-sitter
nor a grammar (a graph question's process had imported every language's fact rules for them:
~36 ms of CPU). Each module that writes a mark re-exports it under the name it had.
"""

from __future__ import annotations

import re

# -- bindings.py ----------------------------------------------------------------------------------

RECEIVERS: frozenset[str] = frozenset({"self", "this", "cls", "super", "Self"})
"""Names that denote the enclosing class, never recorded as locals."""

UNTYPED = ""
"""The type of a local whose bindings disagree or say nothing."""

NULL = "<null>"
"""The type of a binding to no value (``None``, ``null``, ``undefined``, ``nil``): it gives way to
the typed bindings of the name (``self.conn = None`` in ``__init__``, ``self.conn = Connection()``
in ``connect``), and a name bound to nothing else is untyped. The graph's tables read it as untyped."""

UNKNOWN_ATTRIBUTE = "this."
"""Starts the record of an attribute set to a value of no known type (``this.x``), where the
typed ones are ``self.x:Type``: read by the graph's tables for JavaScript constructor functions
alone, so a class's attributes are typed as before."""

RETURN = "<return>"
"""The local name a function's return type is bound to."""

OWN_MEMBERS = "<own>"
"""A JavaScript or TypeScript function's return type where it returns an object literal (``return {
batch: () => {...}, schedule }``): an object whose members are the function's own nodes
(``createNotifyManager.batch``), so what calling it gives is looked up as the function itself is."""

DOCUMENTED_RETURN = RETURN + "?doc"
"""The local name a Python function's documented return type is bound to (``:rtype:
requests.Response`` in its docstring): read where what it returns names nothing
(``Resolver._result``)."""

NTH_RESULT = "#"
"""Joins a Go function's later results to ``RETURN`` (``<return>#1``: its second result's type)
and to what calling it gives (``New()#1``: what ``_, sink := New()`` binds ``sink`` to)."""

PARAMETER = "<param>"
"""Joins a function's position to its name (``<param>0``: the type its first parameter is declared
with) and to what a parameter typed by its context is (``Def.code<param>0``: ``cxt`` in ``const
def: Def = {code(cxt) {...}}`` is what ``Def.code``'s first parameter is declared as)."""

FUNCTION_TYPED = "<func>"
"""The type of a Go local that holds a function: a parameter declared ``f func(int) bool``, a
name bound to ``func() {...}``; calling it calls no symbol (counted apart, not unresolved)."""

PROPERTY = "<property>"
"""The local name that marks a Python method as a property (``@property``): reading it calls it."""

DECORATED = "<decorated>"
"""The local name that binds a Python function to the decorator written bare above it first
(``<decorated>:curry`` for ``@curry def add``): the name ``add`` holds what ``curry(add)`` made."""

INSTANCE = "<instance>"
"""The local name that marks a JavaScript or TypeScript method as its instances' (a prototype's, a
class's not ``static``): ``Foo.m(...)`` written on ``Foo`` itself does not call it (``js_members.py``)."""


# -- blocks.py ------------------------------------------------------------------------------------

BLOCK = "{"
"""How a block scope's segment starts: no symbol's name does."""

ANONYMOUS_BASE = "<base>"
"""The local name that binds a Java anonymous class's body to the class it extends."""


def symbol_scope(scope: str | None) -> str | None:
    """Return the symbol a scope is, or is a block of (``A.f.{12}.{14}``: ``A.f``)."""
    if not scope or BLOCK not in scope:
        return scope
    parts = scope.split(".")
    while parts and parts[-1].startswith(BLOCK):
        parts.pop()
    return ".".join(parts) or None


# -- arities.py -----------------------------------------------------------------------------------

ARGS = "<args>"
"""Starts the record of a bare call's argument count (``<args>writeString:1``)."""

ARITY = "<arity>"
"""The local name a method's parameter counts are bound to (``<arity>:0|1``)."""

RESULTS = "<results>"
"""The local name an overloaded method's results per parameter count are bound to (``<results>:0=Routing|1=Jex``)."""

UNNAMED_RESULT = "?"
"""A result no plain name says (``<results>``)."""

VARIADIC = "+"
"""Ends a count of a varargs declaration: that many fixed parameters, or more arguments."""

SAM = "<sam>"
"""The local name bound, in a Java interface's scope, to its one abstract method (``<sam>:handle``):
what a lambda given where the interface is declared implements (``on("/", (ctx, n) -> ctx.send())`` of
``on(String path, Handler h)``: ``ctx`` is what ``Handler.handle``'s first parameter is declared as)."""


def fitting_result(arguments: int, declared: str) -> str | None:
    """Return the result of the overloads a call of that many arguments fits (``declared``: a
    ``<results>`` record), as javac picks: a fixed count first, then a varargs one; ``None`` where
    none fits, two that fit differ, or the one is no plain name."""
    pairs = [entry.partition("=")[::2] for entry in declared.split("|")]
    fixed = {result for count, result in pairs if count.isdigit() and int(count) == arguments}
    found = fixed or {result for count, result in pairs if fits(arguments, count)}
    return next(iter(found)) if len(found) == 1 and UNNAMED_RESULT not in found else None


def fits(arguments: int, declared: str) -> bool:
    """Tell whether a call of that many arguments fits one of a method's declared counts."""
    for count in declared.split("|"):
        if count.endswith(VARIADIC):
            if count[:-1].isdigit() and arguments >= int(count[:-1]):
                return True
        elif count.isdigit() and arguments == int(count):
            return True
    return False


# -- generic_calls.py -----------------------------------------------------------------------------

GIVEN = "<given>"
"""Starts the record of a call's arguments (``<given>difference:this.prev,next``)."""

PASSED = "<passed>"
"""Starts the record of how many arguments a Java call whose result is used passes (``<passed>routing:0``)."""

FROM = "<from>"
"""The local name a generic function's typing parameter position is bound to (``<from>:0``)."""

NOT_A_NAME = "?"
"""An argument written as something other than a name (a literal, a call, an arrow)."""


# -- names.py -------------------------------------------------------------------------------------

ELEMENT = "[i]"
"""After a JavaScript, TypeScript or Python name, an element of what it names (``nodes[i]`` of
``nodes[0]``, of Python's ``cache["k"]`` too)."""

ARRAY_TYPE = "[]"
"""After a declared type, an array of it (``Node[]`` of ``Node[]``, ``readonly Node[]``, ``Array<Node>``)."""

RUST_INTEGERS: frozenset[str] = frozenset(
    f"{sign}{bits}" for sign in "iu" for bits in ("8", "16", "32", "64", "128", "size"))
"""Rust's integer types, which a cast may name: what is called on ``(x as u64)`` is what is called
on a ``u64`` value (a method of the crate's own trait, as a typed local's is). A float is left out:
``f64`` has ``sqrt``, ``cbrt``, ``ln`` of its own, which num-integer's ``(x as f64).sqrt()`` calls,
not its ``Roots::sqrt``."""

MAPPING_KEY = "<key>"
"""Before a mapping's value type, after its key type: ``Dict[Name, Node]`` is ``Name<key>Node[]``, an
array of Nodes whose loop (``for k in d``) walks Names (``?<key>Node[]``: keys of no known type)."""

GROUPED_ARRAY = ")[]"
"""Ends an array type whose element is a union (``(A|B)[]``, ``int<key>(A|B)[]``: Python's
``list[Union[A, B]]``, ``Dict[int, Union[A, B]]``), read apart from a union of arrays."""

ITERATED = "__iter__"
"""What a Python loop over a plain name reads of it (``for k in d``: ``d.__iter__[i]``): a list's
elements, a mapping's keys (``graph/resolve/resolver.py``)."""

TRAIT_SEPARATOR = "+"
"""Between the traits of a type bound by several (``Integer+NumAssign``): the resolver keeps the
one of the repository (``resolve/rust.py``)."""

UNION_TYPE = "|"
"""Joins the types a TypeScript union names (``If | Else``: ``If|Else``): a member is looked up on
each, as the compiler does (``graph/resolve/resolver.py``)."""

ALTERNATIVES = "<or>"
"""Joins the differing bindings of one local (``conn = pool[0]`` here, ``conn = self.make()`` there,
``x = A()`` in one branch, ``x = B()`` in the other): the local has a type only where every one
resolves to the same (``graph/resolve/resolver.py``); one it cannot resolve leaves it untyped."""


# -- imports.py -----------------------------------------------------------------------------------

WILDCARD = "*"
"""The local name and member name of a wildcard import."""

MODULE_VALUE = "module.exports"
"""The local name of a JavaScript module's whole value (``module.exports = Client``, TypeScript's
``export = Client``): a ``require`` of the file, or a default import of it, binds that name."""

_GO_VERSION = re.compile(r"v\d+")  # gopkg.in/yaml.v2 and example.com/mod/v3 name the package before

GO_MOD = "go.mod"
"""The file that names a Go module: its ``module`` line is the import path of its folder's package."""

GO_MODULE_LOCAL = "module"
"""The bound name of the import row a ``go.mod`` is stored with (its module path in ``module``)."""


def go_package_name(module: str) -> str:
    """Return the default name a Go import path binds (``yaml`` for ``gopkg.in/yaml.v2``)."""
    parts = [p for p in module.split("/") if p]
    if len(parts) > 1 and _GO_VERSION.fullmatch(parts[-1]):
        parts.pop()
    last = parts[-1] if parts else module
    return last.split(".")[0]


USING_NAMESPACE = "namespace "
"""The prefix of a C++ ``using namespace a::b;`` import's module (``namespace a.b``): no file."""


# -- java_generics.py -----------------------------------------------------------------------------

JAVA_TYPE_PARAMETERS = "<tparams>"
"""The local name a generic class's type parameters are bound to (``<tparams>:T,U``)."""

TYPE_ARGUMENTS = "<targs>"
"""Starts the local name of what a class gives a generic base (``<targs>AbstractExtensionContext:ClassBasedTestDescriptor``)."""

RETURNED_PARAMETER = "<treturn>"
"""The local name, in a method's scope, of the class's type parameter it is declared to give
(``<treturn>:T``; its ``<return>`` holds the bound, ``TestDescriptor``)."""

UNNAMED_ARGUMENT = "?"
"""A type argument no plain name says (a wildcard, an array, a nested generic's own arguments)."""


# -- ts_generics.py -------------------------------------------------------------------------------

FIELD_PARAMETER = "<tfield>"
"""Starts the local name, in a class's scope, of a field declared as one of the class's type
parameters (``<tfield>provider:P``; the field's own record holds the bound, or ``P``)."""


# -- go_type_arguments.py -------------------------------------------------------------------------

GO_TYPE_PARAMETERS = "<tparams>"
"""The local name a generic function's type parameters are bound to, in order (``<tparams>:K,V``)."""

ARGUMENTS = "<args>"
"""Starts the local name a generic-typed binding's type arguments are bound to (``<args>t:Item``)."""

CALL_ARGUMENTS = "<targs>"
"""Starts the local name of the explicit type arguments of the call a local is bound to."""

CALLED = "<result>"
"""Starts the local name of what calling a local or parameter of a function type gives (``newSet
func(...int) Set[int]``: ``<result>newSet:Set``; a later result ``<result>newSet#1``)."""


def split_arguments(text: str) -> list[str]:
    """Split an argument list at its top-level commas (``string,*Map[string,Item]``: two)."""
    found, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "[(":
            depth += 1
        elif c in "])":
            depth -= 1
        elif c == "," and depth == 0:
            found.append(text[start:i])
            start = i + 1
    found.append(text[start:])
    return [f for f in found if f]


def head_type(text: str) -> tuple[str, str]:
    """Return the named type an argument is a value of, and its own arguments (``*Map[string,Item]``:
    ``Map``, ``string,Item``); a slice's, map's or channel's element, as the bindings read them."""
    while True:
        if text.startswith("*"):
            text = text[1:]
        elif text.startswith("[]"):
            text = text[2:]
        elif text.startswith("map[") and "]" in text:
            depth = 0
            for i in range(3, len(text)):
                depth += {"[": 1, "]": -1}.get(text[i], 0)
                if depth == 0:
                    text = text[i + 1:]
                    break
            else:
                return "", ""
        elif text.startswith("chan") and not text[4:5].isalnum():
            text = text[4:].removeprefix("<-")
        else:
            break
    name, bracket, rest = text.partition("[")
    return name, (rest[:-1] if bracket and rest.endswith("]") else "")


# -- cpp_operators.py -----------------------------------------------------------------------------

OPERATOR = "operator"
"""How a C++ operator method's name starts (``operator[]``, ``operator==``)."""


def is_operator(name: str) -> bool:
    """Tell whether a member's name is a C++ operator's (``operator[]``, never ``operators``)."""
    return name.startswith(OPERATOR) and len(name) > len(OPERATOR) and not (
        name[len(OPERATOR)].isalnum() or name[len(OPERATOR)] == "_")


# -- rust_impl_generics.py ------------------------------------------------------------------------

GENERIC = "<generic>"
"""The head of a record's name: what follows is the type parameter."""


# -- primitive_impls.py ---------------------------------------------------------------------------

RUST_PRIMITIVES: frozenset[str] = RUST_INTEGERS | frozenset({"f32", "f64", "bool", "char", "str"})
"""Rust's primitive types that a binding or a cast may name, whose methods are the standard library's."""

IMPLEMENTED = "<impl>"
"""The head of a record's name: what follows is the trait."""

BLANKET = "<blanket>"
"""The scope of a blanket impl's record (``impl<T: Integer> Average for T``): any type may have it."""


# -- extract.py -----------------------------------------------------------------------------------

MEMBER_BUILT = "this."
"""How a C++ constructor's initialiser (``: main_(1, 2)``, ``: Base(x)``) names what it builds: the
type of ``this->main_``, or the base (a member of a base, as the resolver looks it up); unresolved
(a member of unknown type, maybe an ``int``), it is no site at all (``graph/link.py``)."""

RUBY_KERNEL: frozenset[str] = frozenset({
    "puts", "print", "p", "pp", "printf", "sprintf", "format", "warn", "gets", "raise", "fail",
    "require", "require_relative", "load", "autoload", "loop", "lambda", "proc", "sleep", "rand",
    "catch", "throw", "block_given?", "binding", "caller", "exit", "abort", "at_exit", "system",
    "Integer", "Float", "String", "Array", "Hash", "Rational", "Complex", "freeze", "frozen?",
    "attr_reader", "attr_writer", "attr_accessor", "attr", "include", "extend", "prepend",
    "private", "public", "protected", "module_function", "private_constant", "define_method",
    "alias_method", "private_class_method", "public_class_method", "new",
})
"""Ruby methods that Kernel and Module give every object and class: called without receiver, they
are kept as written, never read as a method of the enclosing class (``self.puts``)."""

PROPERTY_CALL = re.compile(r"[A-Za-z_]\w*\s*=\s*(?:builtins\s*\.\s*)?property\s*\(")
"""A class attribute made by calling ``property`` (``diameter = property(_get_diameter)``): reading
it runs the getter as a decorated method's read does (its reads had been no site at all)."""
