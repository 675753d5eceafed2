"""Local bindings: the names a function or class body binds, and the type each may be given.

A binding is recorded as a reference row of kind ``local`` named ``x`` or ``x:Type`` (``self.x:Type``
for an attribute set on ``self``, ``<return>:Type`` for what a function returns). Only the names
that start a call or type reference of the same file, globals and C/C++ declarators are read;
``LOCAL_READS`` says, per capture name of ``patterns.py``, where the declared type and the
assigned value sit relative to the captured name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import TypeAlias

from tree_sitter import Node

from maguyva_tui.core.parsing.facts import names
from maguyva_tui.core.parsing.facts.blocks import BLOCK, Heads, symbol_scope
from maguyva_tui.core.parsing.facts.fixtures import FIXTURE, MARK, Injections
from maguyva_tui.core.parsing.facts.marks import DECORATED as DECORATED
from maguyva_tui.core.parsing.facts.marks import DOCUMENTED_RETURN as DOCUMENTED_RETURN
from maguyva_tui.core.parsing.facts.marks import FUNCTION_TYPED as FUNCTION_TYPED
from maguyva_tui.core.parsing.facts.marks import INSTANCE as INSTANCE
from maguyva_tui.core.parsing.facts.marks import NTH_RESULT as NTH_RESULT
from maguyva_tui.core.parsing.facts.marks import NULL as NULL
from maguyva_tui.core.parsing.facts.marks import OWN_MEMBERS as OWN_MEMBERS
from maguyva_tui.core.parsing.facts.marks import PARAMETER as PARAMETER
from maguyva_tui.core.parsing.facts.marks import PROPERTY as PROPERTY
from maguyva_tui.core.parsing.facts.marks import RECEIVERS as RECEIVERS
from maguyva_tui.core.parsing.facts.marks import RETURN as RETURN
from maguyva_tui.core.parsing.facts.marks import UNKNOWN_ATTRIBUTE as UNKNOWN_ATTRIBUTE
from maguyva_tui.core.parsing.facts.marks import UNTYPED as UNTYPED
from maguyva_tui.core.parsing.facts.passed import ANY_TYPES, Passed
from maguyva_tui.core.parsing.facts.rust_operators import collected, operator_result

NULL_VALUES = frozenset({"none", "null", "undefined", "nil", "null_literal"})
"""Tree-sitter's nodes of no value: Python's ``None``, JavaScript's ``null`` and ``undefined``, PHP's
``null``, Ruby's and Go's ``nil``, Java's ``null``, C++'s ``nullptr`` and ``NULL``."""

CONTEXT_HOLDERS = frozenset({"method_definition", "arrow_function", "function_expression", "function"})
"""A JavaScript or TypeScript function whose parameters its context may type."""

FUNCTION_NODES = frozenset({"function_type", "func_literal"})
"""Go's declared function types and function literals: what a ``FUNCTION_TYPED`` local is given."""

PROPERTY_DECORATORS = frozenset({"property", "cached_property", "functools.cached_property"})
"""Decorators (as written) that make a method a property."""

NO_VALUE: frozenset[str] = frozenset({"none", "null", "undefined", "nil", "true", "false"})
"""Returned literals that say nothing about a function's return type."""

Read: TypeAlias = Callable[[Node], "Node | None"]
"""From a captured name to the node holding its declared type or assigned value."""


def _field(field: str, up: int = 1) -> Read:
    """Read a field of the captured node's parent (``up=2``: of its grandparent)."""
    def read(node: Node) -> Node | None:
        holder: Node | None = node
        for _ in range(up):
            holder = holder.parent if holder is not None else None
        return holder.child_by_field_name(field) if holder is not None else None
    return read


def _first_of(read: Read) -> Read:
    """Read the first named child of what another read finds (Go ``expression_list``)."""
    def first(node: Node) -> Node | None:
        found = read(node)
        return found.named_children[0] if found is not None and found.named_child_count else None
    return first


def _paired_value(node: Node) -> Node | None:
    """Read the value a Go short declaration pairs a name with (``integ, frac := new(Decimal),
    new(Decimal)``: frac's is the second); ``None`` where the counts differ (``a, b := f()``)."""
    written = node.parent
    declaration = written.parent if written is not None else None
    values = declaration.child_by_field_name("right") if declaration is not None else None
    if written is None or values is None or values.named_child_count != written.named_child_count:
        return None
    return values.named_children[_position(node)]


def _with_call(node: Node) -> Node | None:
    """Read the call a Python ``with ... as name`` binds."""
    holder = node.parent.parent if node.parent is not None else None
    return next((c for c in holder.named_children if c.type == "call"), None) if holder is not None else None


def _caught(node: Node) -> Node | None:
    """Read the one type an exception handler catches: Java's ``catch (Type name)``, PHP's ``catch
    (Type $name)``, Python's ``except Type as name``; ``None`` for several (``A | B``, a tuple)."""
    holder = node.parent
    if holder is not None and holder.type == "as_pattern_target":  # python: the as_pattern's value
        pattern = holder.parent
        return pattern.named_children[0] if pattern is not None and pattern.named_child_count else None
    if holder is not None and holder.type == "catch_clause":  # php ``catch (UnableToReadFile $e)``
        listed = holder.child_by_field_name("type")
        return listed.named_children[0] if listed is not None and listed.named_child_count == 1 else None
    caught = holder.named_children[0] if holder is not None and holder.named_child_count else None
    if caught is None or caught.type != "catch_type" or caught.named_child_count != 1:
        return None
    return caught.named_children[0]


def _declared(node: Node) -> Node | None:
    """Read the declared type of a PHP property (``private ?Cache $cache;``, the ``type`` of the
    declaration around the property's element) or of a constructor's promoted parameter."""
    holder = node.parent
    for _ in range(3):
        if holder is None:
            return None
        found = holder.child_by_field_name("type")
        if found is not None:
            return found
        holder = holder.parent
    return None


def _enum_of(node: Node) -> Node | None:
    """Read the name of the enum a PHP case belongs to (``case Bool = 'bool';`` in ``enum Type``):
    the case is an instance of it, so ``Type::Bool->filterFlag()`` calls ``Type``'s method."""
    holder = node.parent.parent if node.parent is not None else None  # enum_case, its declaration list
    enum = holder.parent if holder is not None else None
    return enum.child_by_field_name("name") if enum is not None and enum.type == "enum_declaration" else None


LOCAL_READS: dict[str, tuple[Read | None, Read | None]] = {
    "local": (None, None),
    "local.param": (None, None),
    "local.typed": (_field("type"), None),
    "local.tested": (_field("right"), None),  # java ``o instanceof Foo f``: f is a Foo
    "local.alias": (_field("type"), None),
    "local.using": (lambda node: node.parent, None),  # c++ using io::Reader; in a namespace: io::Reader
    "local.assigned": (None, _field("right")),
    "local.valued": (None, _field("value")),
    "local.operated": (None, _field("value")),  # rust ``let ab = &a & &b``: what a.bitand() gives
    "local.deferred": (None, None),  # rust ``let mut act;``: typed by what is assigned to it
    "local.self": (_field("type", up=2), _field("right", up=2)),  # python ``self.x: T = v``: a T
    "local.with": (None, _with_call),
    "local.short": (None, _first_of(_field("right", up=2))),
    "local.spec": (None, _first_of(_field("value"))),
    "local.declared": (_field("type", up=2), _field("value")),
    "local.declarator": (_field("type", up=2), None),
    "local.field": (_field("type"), None),
    "local.member": (_field("type", up=2), None),
    "local.ranged": (None, _field("right", up=2)),
    "local.keyed": (None, None),  # go ``for k := range m``: m's key (a channel's element), read by ``_go_range_key``
    "local.iterated": (None, _field("right")),  # python ``for x in xs``: an element of xs
    "local.each": (None, lambda node: _foreach_of(node).named_children[0]),  # php ``foreach ($xs as $x)``
    "local.listed": (None, None),  # php ``[$fs, $path] = f()``: typed by a ``/** @var T $fs */`` above it only
    "local.paired": (None, _field("right", up=2)),  # python ``for i, x in enumerate(xs)``: x an element of xs
    "local.result": (None, _first_of(_field("right", up=2))),
    "local.unpacked": (None, _field("right", up=2)),  # python ``s, n = self._gets()``: s its first result
    "local.parallel": (None, _paired_value),  # go ``a, b := x, y``, python ``a, b = x, y``: b is y
    "local.embedded": (lambda node: node, None),
    "local.caught": (_caught, None),
    "local.ivar": (None, _field("right")),
    "local.property": (_declared, None),
    "local.case": (_enum_of, None),
    "local.initialized": (None, _field("value")),  # js/ts class field ``cur = new SelectionState``
    "local.destructured": (None, None),  # read by ``Bindings.read_destructured``
    "local.position": (None, None),  # read by ``Bindings.read_position``
    "local.lambda": (None, None),  # java ``xs.forEach(x -> ...)``: typed by its context (``_lambda_context``)
    "local.closure": (None, None),  # rust ``xs.iter().map(|x| ...)``: typed by its call (``_closure_context``)
    "local.looped": (None, _field("value")),  # rust ``for x in xs``: an element of xs
    "local.walked": (None, _field("right")),  # js/ts ``for (const x of xs)``: an element of xs
    "local.inferred": (None, _field("value")),  # ts ``let root = this._root``: its value's type, declared
    "local.functional": (None, None),  # read by ``Bindings.read_functional``
    "local.switched": (None, None),  # read by ``Bindings.read_switched``
}
"""Capture name to (where the declared type is, where the assigned value is)."""

DESTRUCTURED_KEYS = frozenset({"property_identifier", "shorthand_property_identifier_pattern"})
"""The keys of an object pattern a destructured name is read by: a plain name, not a string or computed."""

PATTERN_HOLDERS = frozenset({"required_parameter", "optional_parameter", "variable_declarator"})
"""Where an object pattern's source is: a TypeScript parameter's declared type, a declaration's type or value."""

RETURN_CAPTURES = frozenset({"local.return", "local.returns", "local.yield", "local.documented"})
"""Captures that bind ``<return>``: a returned value, a declared return type, a fixture's yield."""

PLAIN_NAMES = frozenset({"identifier", "variable_name"})
"""A value that is a plain name, a PHP variable (``$this->logger = $logger``) too."""

SELF_TEXTS = frozenset({b"self", b"this", b"$this"})
"""The receivers, as written, of an attribute set in a method (``self.x =``, ``$this->x =``)."""

ALIAS_CAPTURES = frozenset({"local.alias", "local.using"})
"""A C/C++ type alias's binding to the type it names (``typedef io::Writer OutWriter;``,
``using Alias = io::Writer;``, a namespace's ``using io::Writer;``): recorded whatever the file references, since other files declare
their locals with the alias."""

ATTRIBUTE_CAPTURES = frozenset({"local.self", "local.field", "local.member", "local.embedded", "local.ivar",
                                "local.property", "local.case", "local.initialized"})
"""Bindings of a class's attributes: recorded whatever the file references, since other files
read them (``extra.warnings.on_fallback()`` types ``warnings`` from ``Extra``'s fields)."""


class Bindings:
    """The bindings of one file, several readings of a site merged."""

    __slots__ = ("aliases", "builtin", "closures", "declared", "either", "empties", "empty_maps", "from_defaults",
                 "from_heads", "from_names", "heads", "injected", "members", "parameters", "passed", "rebound", "scope",
                 "sites")

    def __init__(self, scope: Callable[[int], str | None], injected: Injections | None = None,
                 heads: Heads | None = None, either: bool = False,
                 builtin: Callable[[str], bool] = lambda typed: False, passed: bool = False) -> None:
        self.scope = scope
        self.declared: dict[int, dict[bytes | None, bool]] = {}
        """Each JavaScript block's declared names, whether each holds a function (``_assigns_declared_function``)."""
        self.rebound: Mapping[str, frozenset[str]] = {}
        """Python's rebinding blocks, each to the names it binds anew (``lift``)."""
        self.passed = Passed() if passed else None
        """The Python parameters of no useful declared type, which the file's calls may type (``passed.py``)."""
        self.either = either
        self.builtin = builtin
        """Whether a binding's type is a builtin's result in the file (``builtin_results``)."""
        """Whether a function returning values of several types returns their union (Python's)."""
        self.heads = heads or {}
        """The first lines of the callbacks painted apart: a name bound there before the callback
        starts is bound in the scope around it (``blocks.callback_scopes``)."""
        self.injected = injected
        """The tests and fixtures of the file, whose parameters pytest fills (``fixtures.py``)."""
        self.sites: dict[tuple[str, str], dict[int, tuple[int, str, bool]]] = {}
        """(scope, bound name) to binding sites by byte offset: (line, type, declared)."""
        self.from_names: list[tuple[str, str, str, int]] = []
        self.closures: dict[int, tuple[bool, bool]] = {}
        """Whether a function holds a node, and a PHP closure inside it, by the node's id."""
        self.aliases: set[tuple[str, str]] = set()
        """The C/C++ type aliases, as (scope, name): recorded whatever the file references."""
        self.parameters: set[tuple[str, str, int]] = set()
        """The Python and PHP parameters without a declared type, as (scope, name, byte offset): a value
        the function assigns to one is its type (``def f(path): path = Path(path)``)."""
        """Attributes set from a plain name: (method scope, that name, ``self.x``, byte offset)."""
        self.from_heads: list[tuple[str, str, str, str, int]] = []
        """Attributes set from a call or member of a name: (method scope, that name, what follows it,
        ``self.x``, byte offset): ``self.flag = context.event_class()`` is ``Context.event_class()``."""
        self.members: set[tuple[str, str]] = set()
        self.empties: list[tuple[str, str, int]] = []
        self.empty_maps: list[tuple[str, str, int]] = []
        """Python names bound to an empty dict (``view = {}``), as ``empties``: what the file stores
        in it (``view[k] = Style()``) types its values (``settle_stores``)."""
        """Python names bound to an empty list (``xs = []``), as (scope, name, byte offset): what the
        file's calls append to it types its elements (``settle_appends``)."""
        self.from_defaults: list[tuple[str, str, str, int]] = []
        """Attributes set from a name or a default made in its stead: (method scope, that name, ``self.x``,
        byte offset): ``self.store = store or FileStore()`` holds a ``Store`` (its declared type) or a ``FileStore``."""
        """Python class attributes declared in the class's body (``terminated: Event``), as (class, name)."""
        for qualname, (name, line) in injected.fixtures.items() if injected is not None else ():
            self.sites[qualname, MARK] = {-1: (line, name, True)}  # the name tests request it by

    def read(self, capture: str, node: Node, line: int, offset: int, text: bytes | None = None) -> None:
        """Record the binding one capture makes at a line and byte offset (``text``: the captured
        node's, when known)."""
        if capture in RETURN_CAPTURES:
            self.read_return(capture, node, line, offset)
            return
        if capture in GO_COPY_CAPTURES and _go_copy(node):
            return  # ``tc := tc`` is what it copies: as an alias of itself, it had left tc untyped
        if capture == "local.destructured":
            self.read_destructured(node, line, offset)
            return
        if capture == "local.position":
            self.read_position(node, line, offset)
            return
        if capture == "local.functional":
            self.read_functional(node, line, offset)
            return
        if capture == "local.switched":
            self.read_switched(node)
            return
        if capture == "local.signature":
            self.read_signature(node, line, offset)
            return
        if capture == "local.repeated":  # go's ``Inexact`` under ``SystemOverflow Condition = 1 << iota``
            typed = _go_repeated(node)
            if typed:
                self.bind(line, offset, (node.text or b"").decode("utf-8", "replace"), typed, True)
            return
        if capture == "local.typed" and _go_signature_parameter(node):
            return  # ``func F(cb func(x *A) error) { x := &B{} }``: cb's x is no local of F
        if capture == "local.self":
            receiver = node.parent.child_by_field_name("object") if node.parent is not None else None
            if receiver is None or receiver.text not in SELF_TEXTS:
                return
            bound = "self." + (node.text or b"").decode("utf-8", "replace")
        elif capture == "local.field" and (owner := _anonymous_owner(node)) is not None:
            bound = f"{owner}.{local_name(node) or ''}"  # go's tests := []struct{ a *X }{...}: tests.a is an X
        elif capture in ("local.field", "local.member", "local.property", "local.case", "local.initialized"):
            bound = "self." + (local_name(node) or "")  # a C++ field may be a declarator: Widget *main_
        elif capture == "local.embedded":  # go's struct { zapcore.Core }: a field named Core, of that type
            bound = "self." + (names.type_name(node) or "").rpartition(".")[2]
        elif capture == "local.ivar":  # ruby @x
            bound = "self." + (node.text or b"@").decode("utf-8", "replace")[1:]
        elif text is not None:
            bound = text.decode("utf-8", "replace")
        else:
            bound = local_name(node) or self.direct_init(node, line) or ""
        if _names_own_function(node, bound, self.scope(line) or "") or (
                capture == "local.assigned" and node.parent is not None and node.parent.type == "assignment_expression"
                and _assigns_declared_function(node, self.declared)):
            return
        if bound in RECEIVERS and capture != "local.typed" and not go_declared(node):
            if loop_target(node):  # ``for cls in kinds``: untyped, it shadows the class (``Resolver.shadowed``)
                self.bind(line, offset, bound, UNTYPED, False)
            return  # a declared one is a parameter like any other outside a class (``cls: type[Foo]``)
        declaration = node.parent.parent if capture == "local.using" and node.parent is not None else None
        if declaration is not None and any(c.type == "namespace" for c in declaration.children):
            return  # ``using namespace a::b;`` binds no name
        if capture in ALIAS_CAPTURES:
            self.aliases.add((self.scope(line) or "", bound))
        if capture == "local.param" or (capture in ("local", "local.valued") and _untyped_parameter(node)):
            self.parameters.add((self.scope(line) or "", bound, offset))
        if capture == "local.param" and self.injected is not None:
            plain = self.injected.takes.get(self.scope(line) or "")
            if plain is not None and bound not in plain:
                self.bind(line, offset, bound, FIXTURE + bound, False)  # pytest passes the fixture
                return
        if capture in ("local.listed", "local.assigned") and node.parent is not None and node.parent.parent is not None:
            statement = node.parent.parent if capture == "local.assigned" else node.parent.parent.parent
            documented = _php_var(statement, bound) if statement is not None and statement.type == "expression_statement" else None
            if documented or capture == "local.listed":  # ``/** @var FilesystemOperator $fs */`` above it
                if documented:
                    self.bind(line, offset, bound, documented, True)
                return
        type_at, value_at = LOCAL_READS[capture]
        declared = type_at(node) if type_at is not None else None
        typed = names.type_name(declared) if declared is not None else None
        if capture == "local.keyed":
            typed = _go_range_key(node)
        if declared is not None and declared.type in FUNCTION_NODES and not bound.startswith("self."):
            typed = FUNCTION_TYPED  # a field stays untyped: calling it is a site of the field's symbol
        if typed is None and capture == "local.field" and declared is not None and _anonymous_record(declared):
            typed = (self.scope(line) or "").rpartition(".")[2] or None  # c++ ``union { struct { F cb; } Fun; }``
        if typed is None and capture == "local" and node.parent is not None and node.parent.type == "required_parameter":
            typed = _contextual(node.parent)  # ``code(cxt)`` in ``const def: Def = {...}``: Def.code's
        if typed is None and capture == "local" and node.parent is not None and node.parent.type == "arrow_function":
            typed = _contextual(node)  # ``handlers.touchstart = view => {...}``
        if capture == "local.lambda":
            typed = _lambda_context(node)  # java ``routes.forEach(r -> r.inc())``
            if typed is None:
                return  # no context: unbound, as before (``Comparator<T> c = (a, b) -> ...``)
        if capture == "local.closure":
            typed = _closure_context(node)  # rust ``v.iter().map(|p| p.name())``; else untyped, shadowing
        if typed in PHP_ARRAYS and capture == "local.typed" and node.parent is not None and node.parent.parent is not None:
            typed = _php_documented(node.parent.parent.parent, "@param", bound) or typed  # ``@param Opt[] $options``
        elif capture in ("local.typed", "local") and node.parent is not None and node.parent.type == "simple_parameter" \
                and node.parent.parent is not None and (typed is None or typed.lower() not in PHP_SCALARS):
            documented = _php_documented(node.parent.parent.parent, "@param", bound, classes=True)
            typed, declared = (documented, node) if documented else (typed, declared)  # ``@param Foo $frame``
        if capture == "local.property" and (typed is None or typed in PHP_ARRAYS):
            documented = _php_property_documented(node)  # ``/** @var Command[] */ private $commands;``
            typed, declared = (documented, node) if documented else (typed, declared)
        if capture == "local.typed" and node.parent is not None and node.parent.type == "simple_parameter" \
                and (typed or "").lower() in PHP_SCALARS:  # ``string $question``, then ``$question = new Question(...)``
            self.parameters.add((self.scope(line) or "", bound, offset))  # what the method assigns it types it
        if typed in INFERRED and capture == "local.typed":  # c++ auto x = v[0]; for (auto& x : xs)
            typed, declared = _cpp_inferred(node), None
        if typed == JAVA_INFERRED and capture == "local.declarator":
            return  # java ``var x = f()``: its value types it (``local.declared``)
        if typed == JAVA_INFERRED and capture == "local.declared":  # what f gives
            typed, declared = None, None
        if typed is None and self.passed is not None and capture in ("local.assigned", "local.self") \
                and (commented := _type_comment(node)) is not None:
            typed, declared = commented, node  # python ``self.matched = None  # type: Pattern | None``
        if typed is None and value_at is not None:
            value = value_at(node)
            while value is not None and value.type == "assignment" and value.child_by_field_name("right") is not None:
                value = value.child_by_field_name("right")  # python ``self._p = self._element = p``: p, as for both
            value = _proxied(value) if value is not None and value.type == "call" else value
            # an attribute's value is read outside the method that set it: a name there may be a
            # parameter of that method, so only a local or a global may be an alias of a name
            typed = value_type(value, alias=capture not in ATTRIBUTE_CAPTURES or _read_on_self(value)) \
                if value is not None else None
            if typed is None and value is not None and value.type in NULL_VALUES:
                typed = NULL
            if typed is None and self.passed is not None and value is not None and value.type == "list" \
                    and not value.named_child_count:  # python ``xs = []``: typed by what is appended to it
                self.empties.append((self.scope(line) or "", bound, offset))
            if typed is None and self.passed is not None and value is not None and value.type == "dictionary" \
                    and not value.named_child_count:  # python ``view = {}``: typed by what is stored in it
                self.empty_maps.append((self.scope(line) or "", bound, offset))
            if value is not None and value.type in FUNCTION_NODES and not bound.startswith("self."):
                typed = FUNCTION_TYPED
            if capture == "local.operated":
                typed = operator_result(value) if value is not None else None
            if capture == "local.short" and value is not None and value.type == "binary_expression":
                typed = _go_operated(value)  # go ``t := r & traps``: what r is
            if capture == "local.iterated":
                typed = _iterated(value) if value is not None else None
            if capture == "local.each":  # php: an element of what is iterated (``Opt[]``: an Opt)
                typed = typed or (_php_held(value) if value is not None else None)
                typed = None if not typed or names.UNKNOWN in typed.split(".") else typed + names.ELEMENT
                typed = _php_var(_foreach_of(node), bound) or typed  # ``/** @var Command $command */`` above it
            if capture == "local.looped":
                typed = _looped(value) if value is not None else None
            if capture == "local.walked":
                typed = _walked_of(value) if value is not None else None
            if capture == "local.paired":
                typed = _paired(value, _position(node)) if value is not None else None
            if capture == "local.ranged" and typed and not typed.endswith(("()", names.ELEMENT)):
                # go ``for _, x := range xl``: an element of xl (``type termlist []*term``: a term)
                typed = None if names.UNKNOWN in typed.split(".") else typed + names.ELEMENT
            if capture == "local.unpacked":  # python's a, b = f() of ``return x, y``: b is f's second result
                typed = f"{typed}{NTH_RESULT}{_position(node)}" if typed and DOTTED_CALL.fullmatch(typed) else None
            if capture == "local.result":  # go's a, b := f(): b is f's second result
                typed = f"{typed}{NTH_RESULT}{_position(node)}" if typed and typed.endswith("()") else None
            if typed is None and capture == "local.self" and value is not None and value.type in PLAIN_NAMES:
                # ``self.console = console``: typed by that name's annotation in the method, if any
                self.from_names.append((self.scope(line) or "", (value.text or b"").decode("utf-8", "replace"),
                                        bound, offset))
            headed = HEADED.fullmatch(typed) if typed and capture == "local.self" else None
            if headed is not None and headed["head"] not in RECEIVERS:
                # ``self.flag = context.event_class()``: what follows the parameter read on its declared type
                self.from_heads.append((self.scope(line) or "", headed["head"], headed["rest"], bound, offset))
            given = _given(value) if typed and capture == "local.self" and value is not None else None
            if given is not None:  # ``self.store = store if store is not None else FileStore()``
                self.from_defaults.append((self.scope(line) or "", given, bound, offset))
        if capture == "local.typed" and class_member(node):
            self.members.add((self.scope(line) or "", bound))
        if capture == "local.inferred" and typed not in (None, UNTYPED, NULL, FUNCTION_TYPED) \
                and not self.builtin(typed):  # ``let data = JSON.parse(v)``: any, typed by what follows
            # typescript types ``let root = this._root`` by its value once: a later ``root = a ? b : c``
            # is assigned to that type, and its unknown type no longer unbinds every read of root
            self.bind(line, offset, bound, typed or UNTYPED, True)
            return
        if capture == "local.deferred":
            typed = NULL  # no value yet: the name's assignments type it (a Rust name has one type)
        if self.passed is not None and capture in PASSED_CAPTURES and (not typed or typed in ANY_TYPES):
            scope = self.scope(line) or ""
            self.passed.note(symbol_scope(scope) or "", scope, node, bound, offset, line)
        self.bind(line, offset, bound, typed or UNTYPED, declared is not None and bool(typed))

    def read_destructured(self, node: Node, line: int, offset: int) -> None:
        """Bind a name an object pattern takes out of a value (``const {gen} = cxt``, ``{gen: g}:
        Cxt``): that member of the value, or of the declared type (``cxt.gen``, ``Cxt.gen``). ajv's
        ``const {gen, data} = cxt`` is how most of its functions reach their ``CodeGen``, whose
        ``gen.if(...)`` had resolved to nothing. A pattern inside a pattern, a computed key and a
        value that is no (dotted) name (``require("x")``, an import) bind nothing."""
        pattern = node.parent
        key: Node | None = node
        if pattern is not None and pattern.type == "assignment_pattern":  # {other: o = undefined}
            pattern = pattern.parent
        if pattern is not None and pattern.type == "pair_pattern":
            key = pattern.child_by_field_name("key")
        if pattern is not None and pattern.type in ("pair_pattern", "object_assignment_pattern"):
            pattern = pattern.parent
        holder = pattern.parent if pattern is not None and pattern.type == "object_pattern" else None
        if holder is None or key is None or key.type not in DESTRUCTURED_KEYS or holder.type not in PATTERN_HOLDERS:
            return
        declared = holder.child_by_field_name("type")
        source = names.type_name(declared) if declared is not None else None
        value = holder.child_by_field_name("value") if declared is None else None
        if value is not None and value.type not in ALIAS_VALUES and value.type != "this":
            return  # ``const {a} = require("x")`` is an import, read as one
        if value is not None:
            source = value_type(value, alias=True)
        bound = (node.text or b"").decode("utf-8", "replace")
        member = (key.text or b"").decode("utf-8", "replace")
        self.bind(line, offset, bound, f"{source}.{member}" if source else UNTYPED, declared is not None and bool(source))

    def read_switched(self, node: Node) -> None:
        """Bind the value a Go type switch names (``switch x := e.(type)``) in each of its cases to
        that case's type (``case *Name: x.Pos()`` calls ``Name.Pos``), each case painted a block of
        its own (``blocks.py``); in a case of several types, or ``nil``, it keeps the switched value's
        type, which is not known here: untyped. golang.org/x/exp's ebnf verifier had reached none of them."""
        switch = node.parent.parent if node.parent is not None else None
        bound = (node.text or b"").decode("utf-8", "replace")
        for case in switch.named_children if switch is not None else ():
            if case.type != "type_case":
                continue
            types = case.children_by_field_name("type")
            typed = names.type_name(types[0]) if len(types) == 1 and types[0].text != b"nil" else None
            self.bind(case.start_point[0] + 1, case.start_byte, bound, typed or UNTYPED, bool(typed))

    def read_position(self, node: Node, line: int, offset: int) -> None:
        """Bind ``<param>N`` to the declared type of a TypeScript function's parameter N (``code:
        (cxt: KeywordCxt) => void``: ``<param>0`` is ``KeywordCxt``), which a function its context
        types reads (``Def.code<param>0``). A declared ``this`` takes no position; a parameter of a
        callback written inside a body binds nothing (its scope is the enclosing function's)."""
        params = node.parent
        holder = params.parent if params is not None else None
        if params is None or holder is None or not _names_its_scope(holder):
            return
        declared = node.child_by_field_name("type")
        written = declared.named_children[0] if declared is not None and declared.named_children else None
        typed = names.type_name(written) if written is not None else None
        callback = written.child_by_field_name("parameters") if written is not None and written.type == "function_type" else None
        if not typed and callback is None:
            return
        position = 0
        for sibling in params.named_children:
            if sibling.id == node.id:
                break
            pattern = sibling.child_by_field_name("pattern")
            if sibling.type in ("required_parameter", "optional_parameter") and not (pattern is not None and pattern.type == "this"):
                position += 1
        pattern = node.child_by_field_name("pattern")
        if pattern is not None and pattern.type == "this":
            return
        if callback is not None:  # ``f(cb: (x: A) => void)``: ``<param>0<param>0`` is A, what f's callbacks take
            inner = [p for p in callback.named_children if p.type in ("required_parameter", "optional_parameter")]
            for nth, parameter in enumerate(inner):
                given = parameter.child_by_field_name("type")
                held = names.type_name(given.named_children[0]) if given is not None and given.named_children else None
                if held:
                    self.bind(line, offset + nth + 1, f"{PARAMETER}{position}{PARAMETER}{nth}", held, True)
            return
        self.bind(line, offset, f"{PARAMETER}{position}", typed or UNTYPED, True)

    def read_functional(self, node: Node, line: int, offset: int) -> None:
        """Bind ``<param>N<param>M`` to what a Java method's parameter N, declared as one of the JDK's
        functional interfaces (``BiConsumer<String, Entry>``), passes its lambda as parameter M
        (``Entry`` for M 1), which a lambda given to the method reads (``_lambda_context``):
        avaje-config's ``entries.forEach((key, entry) -> entry.value())`` of ``forEach(BiConsumer<String,
        CoreEntry> action)`` had reached nothing."""
        parameter = node.parent
        params = parameter.parent if parameter is not None else None
        declared = parameter.child_by_field_name("type") if parameter is not None else None
        if parameter is None or params is None or declared is None or params.type != "formal_parameters":
            return
        position = [c.id for c in params.named_children if c.type in ("formal_parameter", "spread_parameter")].index(parameter.id)
        if declared.type != "generic_type" or declared.named_child_count != 2 or _jdk_function_passes(declared, 0) is False:
            typed = names.type_name(declared)  # ``on(String path, Handler h)``: a lambda given as h is a Handler
            if typed and typed[:1].isupper() and typed not in JAVA_PLAIN_PARAMETERS:
                self.bind(line, offset, f"{PARAMETER}{position}", typed, True)
            return
        interface, arguments = declared.named_children
        written = (interface.text or b"").decode("utf-8", "replace")
        package, _, simple = written.rpartition(".")
        passed = JAVA_FUNCTIONS[simple]
        given = arguments.named_children
        for nth, argument in enumerate(passed):
            typed = names.type_name(given[argument]) if argument < len(given) and given[argument].type != "wildcard" else None
            if typed:
                self.bind(line, offset + nth + 1, f"{PARAMETER}{position}{PARAMETER}{nth}", typed, True)

    def direct_init(self, node: Node, line: int) -> str | None:
        """Return the variable of a C++ ``Model model(proto);`` in a function body, which the
        grammar reads as a function declaration (``proto`` a parameter type): it is one when each
        "parameter" is a plain name already bound as a variable here or at the top level."""
        scope = self.scope(line)
        name = node.child_by_field_name("declarator") if node.type == "function_declarator" else None
        parameters = node.child_by_field_name("parameters") if name is not None else None
        if not scope or name is None or name.type != "identifier" or parameters is None:
            return None
        arguments = parameters.named_children
        outer = [scope]  # a block's (``for (Iterator it(str); ...)``) sees its function's names
        while outer[-1].rpartition(".")[2].startswith(BLOCK):
            outer.append(outer[-1].rpartition(".")[0])
        for argument in arguments:
            typed = argument.child_by_field_name("type") if argument.type == "parameter_declaration" else None
            if typed is None or argument.named_child_count != 1 or typed.type != "type_identifier":
                return None
            value = (typed.text or b"").decode("utf-8", "replace")
            if all((s, value) not in self.sites for s in outer) and ("", value) not in self.sites:
                return None
        return (name.text or b"").decode("utf-8", "replace") if arguments else None

    def read_return(self, capture: str, node: Node, line: int, offset: int) -> None:
        """Bind ``<return>``: a declared return type, what a ``return`` statement returns, or what a
        fixture yields (a generator fixture's value)."""
        if capture == "local.yield" and not self.fixture_yield(node, line):
            return
        if capture == "local.documented":  # php ``/** @return Page */ function get_root()``, no declared type
            if node.type == "string":  # python ``:rtype: requests.Response``: read where the code tells nothing
                documented = _sphinx_returned(node)
                if documented:
                    self.bind(line, offset, DOCUMENTED_RETURN, documented, True)
                return
            documented = _php_documented(node.parent, "@return", None, classes=True)
            if documented:
                self.bind(line, offset, RETURN, documented, True)
            return
        if capture == "local.returns":
            if _in_closure(node, self.closures):  # a java anonymous class's method: its own return type
                return
            results = _results(node) if node.type == "parameter_list" else [node]
            for nth, declared in enumerate(results):  # go's (c *Context, r *Engine): c's type, then r's
                typed = _php_receiver(declared, names.type_name(declared))
                if typed in PHP_ARRAYS and declared is not None:  # ``@return Opt[]`` over ``: array``
                    typed = _php_documented(declared.parent, "@return", None) or typed
                if typed:
                    self.bind(line, offset, f"{RETURN}{NTH_RESULT}{nth}" if nth else RETURN, typed, True)
            return
        kind = node.type
        if kind in NO_VALUE or _in_closure(node, self.closures) or _in_callback(node, self.closures):
            return  # ``return None`` says nothing about the other branches
        literal = _returned_object(node, kind)
        if literal is not None:  # js/ts ``return { batch: () => ..., schedule }``: the function's own members
            owner = _object_owner(symbol_scope(self.scope(line)), literal)
            if owner:
                self.bind(line, offset, RETURN, OWN_MEMBERS, False, scope=owner)
            return
        if kind == "expression_list" and self.passed is not None:  # python ``return s, n``: each nth result
            for nth, returned in enumerate(node.named_children):
                typed = value_type(returned, alias=True) or (names.type_name(returned) if returned.type in PLAIN_NAMES else None)
                self.bind(line, offset, f"{RETURN}{NTH_RESULT}{nth}", typed or UNTYPED, False)
        # a returned name or attribute is what it holds (a property returning ``self.days``, itself
        # a property returning ``self``: ``every().day.at(...)`` is a Job's ``at``)
        typed = value_type(node, alias=True, kind=kind) or (names.type_name(node, kind) if kind in names.NAME_TYPES else None)
        self.bind(line, offset, RETURN, _php_receiver(node, typed) or UNTYPED, False)

    def read_signature(self, node: Node, line: int, offset: int) -> None:
        """Bind ``<return>`` of a Go function type declared at the top level (``type bitFun func(z,
        x, y *BigInt) *BigInt``) to its results, in the type's own scope: calling a value of it
        gives them (``out := f(...)``, ``Resolver.called_value``)."""
        typed_at = node.parent.child_by_field_name("type") if node.parent is not None else None
        result = typed_at.child_by_field_name("result") if typed_at is not None else None
        if result is None or self.scope(line):
            return
        name = (node.text or b"").decode("utf-8", "replace")
        results = _results(result) if result.type == "parameter_list" else [result]
        for nth, declared in enumerate(results):
            typed = names.type_name(declared) if declared is not None else None
            if typed:
                key = f"{RETURN}{NTH_RESULT}{nth}" if nth else RETURN
                self.sites.setdefault((name, key), {})[offset] = (line, typed, True)

    def fixture_yield(self, node: Node, line: int) -> bool:
        """Whether a ``yield`` gives a fixture's value: a plain ``yield`` (not ``yield from``) in a
        fixture function."""
        if self.injected is None or (self.scope(line) or "") not in self.injected.fixtures:
            return False
        before = node.prev_sibling
        return before is None or before.type != "from"

    def bind(self, line: int, offset: int, bound: str, typed: str, declared: bool, scope: str | None = None) -> None:
        """Record one binding site; two patterns matching the same site keep the typed reading
        (``scope``: the binding's, where the caller knows it better than its line does)."""
        if scope is None:
            scope = self.scope(line) or ""  # "": a module-level binding, typing a global variable
            head = self.heads.get(line)
            if head is not None and offset < head[0]:  # ``const x = f((a) => {``: x is the enclosing scope's
                scope = head[1] or ""
        # a return in a block (a Go loop, an overload) is its function's, and so is an overload's nth
        # parameter: other files read both at the function (``nth_parameter``), never in a block
        if bound.startswith((RETURN, PARAMETER)):
            scope = symbol_scope(scope) or ""
        if not bound or (not scope and bound == RETURN):
            return
        sites = self.sites.setdefault((scope, bound), {})
        previous = sites.get(offset)
        if previous is None or (previous[1] in (UNTYPED, NULL) and typed) or (declared and not previous[2]):
            sites[offset] = (line, typed, declared)

    def settle_attributes(self) -> None:
        """Type each attribute set from a plain name (``self.console = console``) by the type that
        name is declared with in the method (an annotated parameter), when it is declared with one
        type: the attribute is read from other methods and files, where the name means nothing."""
        for written, name, bound, offset in self.from_names:
            scope, kept = self.lifted(written, name), self.lifted(written, bound)  # ``lift``
            sites = self.sites.get((scope, name))
            declared = {typed for _, typed, is_declared in sites.values() if is_declared and typed} if sites else ()
            attribute = self.sites.get((kept, bound), {}).get(offset)
            one = declared or (self._made_before(scope, name, sites, offset) if sites else ())
            if len(one) == 1 and attribute is not None and not attribute[1]:
                self.sites[kept, bound][offset] = (attribute[0], next(iter(one)), False)
        for written, name, rest, bound, offset in self.from_heads:
            scope, kept = self.lifted(written, name), self.lifted(written, bound)  # ``lift``
            sites = self.sites.get((scope, name))
            declared = {typed for _, typed, is_declared in sites.values() if is_declared and typed} if sites else ()
            attribute = self.sites.get((kept, bound), {}).get(offset)
            typed = next(iter(declared)) if len(declared) == 1 else ""
            if DOTTED.fullmatch(typed) and attribute is not None and attribute[1] == name + rest:
                self.sites[kept, bound][offset] = (attribute[0], typed + rest, False)
        for written, name, bound, offset in self.from_defaults:
            scope, kept = self.lifted(written, name), self.lifted(written, bound)  # ``lift``
            sites = self.sites.get((scope, name))
            declared = {typed for _, typed, is_declared in sites.values() if is_declared and typed} if sites else ()
            attribute = self.sites.get((kept, bound), {}).get(offset)
            typed = next(iter(declared)) if len(declared) == 1 else ""
            made = attribute[1] if attribute is not None else ""
            if attribute is not None and DOTTED.fullmatch(typed) and DEFAULT_MADE.fullmatch(made) and made != typed + "()":
                # the given one, of its declared type, or the default: a call on it is either's (jedi's reading)
                self.sites[kept, bound][offset] = (attribute[0], typed + names.UNION_TYPE + made, False)

    def _made_before(self, scope: str, name: str, sites: dict[int, tuple[int, str, bool]], offset: int) -> set[str]:
        """Return the one instance a name's assignments before an offset all make, its parameter
        and ``None`` left aside: cssutils' ``def __init__(self, prefs=None): if not prefs: prefs =
        Preferences()`` then ``self.prefs = prefs`` holds a ``Preferences``, as jedi reads it."""
        made = {typed for at, (_, typed, _) in sites.items()
                if at < offset and (scope, name, at) not in self.parameters and typed != NULL}
        one = made.pop() if len(made) == 1 else ""
        return {one} if DOTTED_CALL.fullmatch(one) else set()

    def settle_appends(self, calls: Iterable[tuple[Node, str]]) -> None:
        """Type each Python name bound to an empty list by what the file's calls append to it, where
        one class makes them all: ``lines = []`` then ``lines.append(Line(depth))`` (or of a name
        bound so) holds ``Line``s, as jedi reads it; ``self.items = []`` too, by the appends in its
        class's methods. ``calls``: each callee and its dotted name."""
        if not self.empties:
            return
        wanted = {bound + ".append" for _, bound, _ in self.empties}
        appended: dict[tuple[str, str, int], set[str]] = {}
        for callee, written in calls:
            if written not in wanted or callee.parent is None or callee.parent.type != "call":
                continue
            arguments = callee.parent.child_by_field_name("arguments")
            given = arguments.named_children if arguments is not None else []
            if len(given) != 1:
                continue
            caller = self.scope(callee.start_point[0] + 1) or ""
            head = written.removesuffix(".append")
            site = self._empty_of(caller, head)
            if site is None:
                continue
            typed = self._appended_type(given[0], caller, head)
            if typed:  # a value of no known type (a name never read here) says nothing either way
                appended.setdefault(site, set()).add(typed)
        for (scope, bound, offset), types in appended.items():
            sites = self.sites.get((scope, bound))
            line, typed, _ = sites.get(offset, (0, "x", False)) if sites is not None else (0, "x", False)
            if sites is not None and not typed and len(types) == 1:
                sites[offset] = (line, types.pop() + names.ARRAY_TYPE, False)

    def settle_stores(self, stores: Iterable[Node]) -> None:
        """Type each Python name bound to an empty dict by what the file stores in it, where one
        class makes it all (``view = {}`` then ``view[element] = cssutils.css.CSSStyleDeclaration()``:
        a mapping of ``CSSStyleDeclaration``s, whose ``view[element].setProperty(p)`` calls its
        method, as jedi reads it; ``self.x = {}`` too, by the stores in its class's methods).
        ``stores``: the assignments to a subscript."""
        if not self.empty_maps:
            return
        wanted = {bound for _, bound, _ in self.empty_maps}
        stored: dict[tuple[str, str, int], set[str]] = {}
        for store in stores:
            left, right = store.child_by_field_name("left"), store.child_by_field_name("right")
            held = left.child_by_field_name("value") if left is not None and left.type == "subscript" else None
            head = (held.text or b"").decode("utf-8", "replace") if held is not None else ""
            if head not in wanted or right is None:
                continue
            caller = self.scope(store.start_point[0] + 1) or ""
            site = self._empty_of(caller, head, self.empty_maps)
            typed = self._appended_type(right, caller, head) if site is not None else None
            if site is not None and typed:
                stored.setdefault(site, set()).add(typed)
        for (scope, bound, offset), types in stored.items():
            sites = self.sites.get((scope, bound))
            line, typed, _ = sites.get(offset, (0, "x", False)) if sites is not None else (0, "x", False)
            if sites is not None and not typed and len(types) == 1:
                sites[offset] = (line, names.UNKNOWN + names.MAPPING_KEY + types.pop() + names.ARRAY_TYPE, False)

    def _empty_of(self, caller: str, head: str,
                  empties: list[tuple[str, str, int]] | None = None) -> tuple[str, str, int] | None:
        """Return the one empty-list binding a name appended to in a scope is (the scope's, or one
        around it; an attribute ``self.x`` one in a method of the caller's class); ``empties``: the
        empty dicts' instead."""
        empties = self.empties if empties is None else empties
        if head.startswith("self."):
            owner = caller.rpartition(".")[0]
            found = [e for e in empties if e[1] == head and e[0].rpartition(".")[0] == owner]
        else:
            scope = caller
            while True:
                found = [e for e in empties if e[1] == head and e[0] == scope]
                if found or (scope, head) in self.sites or not scope:
                    break
                scope = scope.rpartition(".")[0]
        return found[0] if len(found) == 1 else None

    def _appended_type(self, argument: Node, caller: str, head: str) -> str | None:
        """Return the instance an appended value is: made by a call (``Line(depth)``), or a name
        whose bindings (but those walking the list itself) all make one."""
        if argument.type == "call":
            typed = value_type(argument, kind="call")
            return typed if typed and typed.endswith("()") and not typed.startswith(head + ".") else None
        if argument.type != "identifier":
            return None
        name, scope = (argument.text or b"").decode("utf-8", "replace"), caller
        while (sites := self.sites.get((scope, name))) is None and scope:
            scope = scope.rpartition(".")[0]
        made = {typed for _, typed, _ in sites.values() if not typed.startswith(head + ".")} if sites else set()
        one = made.pop() if len(made) == 1 else ""
        return one if one.endswith("()") and DOTTED_CALL.fullmatch(one) else None

    def settle_parameters(self, calls: Iterable[tuple[Node, str]], kinds: Mapping[str, str], defined: frozenset[str]) -> None:
        """Type each Python parameter of no useful declared type by what the file's calls of its
        function pass it (``passed.py``): pypika's ``Not(self)`` in ``Term`` makes ``Not``'s ``term:
        Any`` a ``Term``; before the attributes set from names take their types (``self.term = term``).
        ``calls``: each callee and its dotted name."""
        if self.passed is None:
            return
        calls = list(calls)
        given: dict[tuple[str, str, int], str] = {}
        for _ in range(PASSES):  # a second pass: what the first typed passes on (``open`` to ``unmarshal`` to ``load``)
            changed = False
            for (scope, bound, offset, _), typed in self.passed.types(calls, self.scope, kinds, defined,
                                                                      self.bound_type, value_type).items():
                sites = self.sites.get((scope, bound))
                site = sites.get(offset) if sites is not None else None
                if sites is None or site is None:
                    continue
                if not site[1] or site[1] in ANY_TYPES or ((scope, bound, offset) in given and site[1] != typed):
                    sites[offset] = (site[0], typed, True)
                    given[scope, bound, offset] = typed
                    changed = True
            if not changed:
                return
            self.settle_attributes()  # ``self.term = term``: typed for the next pass's ``self.term``

    def bound_type(self, scope: str, name: str) -> str | None:
        """Return the one type a name is bound to in a scope or one around it: its declared type,
        or the one value made that all its bindings agree on (``x = Foo()``); ``None`` for none."""
        while True:
            sites = self.sites.get((scope, name))
            if sites is not None:
                declared = {typed for _, typed, is_declared in sites.values() if is_declared}
                # a parameter the function assigns (``target=None``, then ``target = Sheet()``) is what it makes
                made = {typed for _, typed, _ in self._assigned_over_parameter(scope, name, sites) if typed != NULL}
                if len(declared) == 1:
                    return next(iter(declared)) or None
                one = next(iter(made)) if len(made) == 1 else ""
                return one if not declared and one.endswith("()") else None
            if not scope:
                return None
            scope = scope.rpartition(".")[0]

    def type_heads(self) -> set[bytes]:
        """Return the names the types bound so far start with (``result`` for ``result.append``),
        and the names attributes are set from (their declarations are read too)."""
        return {name.encode() for _, name, _, _ in (*self.from_names, *self.from_defaults)} | {
            typed.partition(".")[0].partition(NTH_RESULT)[0].partition(PARAMETER)[0].removesuffix("()")
            .removesuffix(names.ELEMENT).encode()  # ``x = cache[k]``: cache's declaration is read too
            for (_, bound), sites in self.sites.items()
            if bound != MARK  # a fixture's registered name is no type
            for _, typed, _ in sites.values()
            if typed and typed != NULL and not typed.startswith(FIXTURE)  # looked up as pytest does, not in scope
        }

    def lift(self, rebound: Mapping[str, frozenset[str]]) -> None:
        """File each binding made in a Python rebinding block (``blocks.python_rebinds``) of a name
        that block does not bind anew under the scope around it: only the rebound name is the
        block's; the others are the function's, where the lines before the block and a function
        nested in it read them (``def g(): return x.n()`` after ``p = B()``)."""
        self.rebound = rebound
        for scope, bound in [key for key in self.sites if key[0] in rebound]:
            lifted = self.lifted(scope, bound)
            if lifted != scope:
                self.sites.setdefault((lifted, bound), {}).update(self.sites.pop((scope, bound)))

    def lifted(self, scope: str, bound: str) -> str:
        """Return the scope a binding written in a scope is filed under (``lift``)."""
        head = bound.partition(".")[0]
        while scope in self.rebound and head not in self.rebound[scope]:
            scope = scope.rpartition(".")[0]
        return scope

    def references(self, heads: set[str]) -> list[tuple[str, str, int, str | None]]:
        """Return the bindings that could shadow a referenced name, and every function's return type."""
        out = []
        for (scope, bound), sites in self.sites.items():
            line, typed = _merge(self._assigned_over_parameter(scope, bound, sites), bound,
                                 alternatives=bool(scope) and "." not in bound and not bound.startswith((RETURN, PARAMETER)),
                                 either=self.either, builtin=self.builtin)
            wanted = (bound in (RETURN, MARK) or bound.startswith((RETURN, PARAMETER)) or bound in heads
                      or "self." + bound in heads or "this." + bound in heads
                      or bound.partition(".")[0] in heads)  # a field of a local's anonymous struct
            known = typed != NULL and bool(typed)
            # typed for every file that reaches it: set on ``self``, or declared in a class's body
            attribute = (bound.startswith("self.") or (scope, bound) in self.members) and known
            wanted = wanted or (scope, bound) in self.aliases
            if not wanted and not attribute and (scope or not known):
                continue
            name = f"{bound}:{typed}" if typed else bound
            out.append(("local", name, line, scope or None))
        return out


    def unknown_attributes(self) -> list[tuple[str, str, int, str | None]]:
        """Return the attributes set where no type is known (``this.decorators =
        Function.apply(...)``, two types in one method) as ``this.x`` records, which
        :meth:`references` leaves out: a JavaScript constructor function's attribute is typed only
        where every method that sets it agrees (``graph/tables.py``), and these disagree."""
        out: list[tuple[str, str, int, str | None]] = []
        for (scope, bound), sites in self.sites.items():
            if bound.startswith("self.") and scope:
                line, typed = _merge(list(sites.values()), bound, builtin=self.builtin)
                if not typed:
                    out.append(("local", UNKNOWN_ATTRIBUTE + bound[5:], line, scope))
        return out

    def _assigned_over_parameter(self, scope: str, bound: str,
                                 sites: dict[int, tuple[int, str, bool]]) -> list[tuple[int, str, bool]]:
        """The binding sites of a name that give its type: a parameter without a declared type
        (or one pytest fills) that the function assigns a typed value to is that value (structlog's
        ``def test(self, proxy): proxy = BoundLoggerLazyProxy(...)``; ``proxy.new()`` had reached
        nothing, the parameter and the assignment disagreeing)."""
        params = [o for o in sites if (scope, bound, o) in self.parameters]
        if params and any(t for o, (_, t, _) in sites.items() if o not in params):
            return [site for o, site in sites.items() if o not in params]
        return list(sites.values())


PASSES = 2
"""How many times a Python file's calls type its parameters (``Bindings.settle_parameters``): the
second pass reads the parameters the first typed, and stops there."""

PASSED_CAPTURES = frozenset({"local.param", "local.valued", "local.typed"})
"""The captures a Python parameter's name may be read by (``passed.py`` tells which are one)."""


HEADED = re.compile(r"(?P<head>[A-Za-z_][A-Za-z0-9_]*)(?P<rest>(?:\(\)|\.[A-Za-z_][A-Za-z0-9_]*)+(?:\(\))?)")
"""An attribute's value read as a name and what follows it: calls and members (``context.event_class()``)."""
DOTTED = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
"""A declared type that a value's head is replaced by: a plain dotted name (``Context``, ``typing.Event``)."""


DEFAULT_MADE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*\(\)")
"""A default an attribute is made with in a given value's stead: a plain (dotted) name called (``FileStore()``)."""


def _given(node: Node) -> str | None:
    """Return the plain name a Python ``x or Foo()``, ``x if x is not None else Foo()`` (``Foo() if x
    is None else x``) gives when it is set, ``None`` for any other value."""
    if node.type == "boolean_operator" and _fallback(node) is not None:
        given = node.child_by_field_name("left")
    elif node.type == "conditional_expression" and _made_branch(node) is not None:
        body, _, alternative = node.named_children
        given = alternative if body.type == "call" else body
    else:
        return None
    return (given.text or b"").decode("utf-8", "replace") if given is not None and given.type == "identifier" else None


def class_member(node: Node) -> bool:
    """Tell whether a Python name is declared in a class's body (``terminated: Event``): an
    attribute of the class, which other files read whatever this file references."""
    statement = node.parent.parent if node.parent is not None and node.parent.type == "assignment" else None
    body = statement.parent if statement is not None and statement.type == "expression_statement" else None
    return body is not None and body.type == "block" and body.parent is not None and body.parent.type == "class_definition"


UNTYPED_PARAMETERS = frozenset({"default_parameter", "simple_parameter"})
"""Parameters that may be written without a type: Python's ``path=None``, PHP's ``$that`` (with or
without a default)."""


def _names_its_scope(function: Node) -> bool:
    """Tell whether a function (or a property's function type) is a symbol of its own, so that its
    parameters' positions are its own: a declaration, a method, a property typed as a function, a
    function a declaration or a property holds; not a callback passed in a body."""
    if function.type in ("function_declaration", "method_definition", "method_signature", "function_signature",
                         "abstract_method_signature", "generator_function_declaration"):
        return True
    holder = function.parent
    if function.type == "function_type":
        return holder is not None and holder.type == "type_annotation" and holder.parent is not None \
            and holder.parent.type == "property_signature"
    return function.type in ("arrow_function", "function_expression") and holder is not None \
        and holder.type in ("variable_declarator", "pair")


JAVA_PLAIN_PARAMETERS = frozenset({"String", "Object", "Integer", "Long", "Boolean", "Double", "Class", "Throwable",
                                   "Exception", "CharSequence", "List", "Map", "Set", "Optional", "Collection"})
"""Declared parameter types no lambda stands for, which a Java method's ``<param>N`` record leaves out."""


JAVA_FUNCTIONS: dict[str, tuple[int, ...]] = {
    "Consumer": (0,), "BiConsumer": (0, 1), "Function": (0,), "BiFunction": (0, 1), "Predicate": (0,),
    "BiPredicate": (0, 1), "UnaryOperator": (0,), "BinaryOperator": (0, 0), "ToIntFunction": (0,),
    "ToLongFunction": (0,), "ToDoubleFunction": (0,), "ToIntBiFunction": (0, 1), "ToLongBiFunction": (0, 1),
    "ToDoubleBiFunction": (0, 1), "ObjIntConsumer": (0,), "ObjLongConsumer": (0,), "ObjDoubleConsumer": (0,)}
"""The JDK's functional interfaces (``java.util.function``) whose lambda takes values of their type
arguments: for each parameter of the lambda, the type argument it is (``BiConsumer<K, V>``: ``(k, v)``)."""


def _lambda_context(parameter: Node) -> str | None:
    """Return what the context of a Java lambda's untyped parameter makes it: its position in the
    lambda passed as an argument of a call (``routes.forEach(r -> ...)``: ``routes.forEach<param>0<param>0``,
    read by the resolver from the method's declared parameter or the JDK container's element),
    ``None`` for a lambda that is not an argument of a named call."""
    params = parameter.parent
    lambda_ = params.parent if params is not None and params.type == "inferred_parameters" else params
    if params is None or lambda_ is None or lambda_.type != "lambda_expression":
        return None
    position = [c.id for c in params.named_children].index(parameter.id) if params is not lambda_ else 0
    arguments = lambda_.parent
    if arguments is not None and arguments.type == "return_statement":
        return _returned_lambda(arguments, position)
    if arguments is not None and arguments.type == "variable_declarator" and arguments.child_by_field_name("value") == lambda_:
        return _declared_lambda(arguments, position)
    call = arguments.parent if arguments is not None and arguments.type == "argument_list" else None
    if call is None or arguments is None or call.type != "method_invocation":
        return None
    called = names.dotted(call).removesuffix("()")
    if not all(part.removesuffix("()").isidentifier() for part in called.split(".")):
        return None
    argument = [c.id for c in arguments.named_children].index(lambda_.id)
    return f"{called}{PARAMETER}{argument}{PARAMETER}{position}"


def _declared_lambda(declarator: Node, position: int) -> str | None:
    """Return what a Java lambda a variable is declared to hold takes as parameter ``position``:
    the type argument of a JDK functional interface (``Function<Foo, Bar> f = foo -> ...``: a
    ``Foo``), else ``TYPE<param>N``, read by the resolver from the declared interface's one abstract
    method (``Handler h = (ctx, n) -> ctx.send()``: what ``Handler``'s method's parameter N is)."""
    declaration = declarator.parent
    declared = declaration.child_by_field_name("type") if declaration is not None else None
    if declaration is None or declared is None or declaration.type not in ("local_variable_declaration", "field_declaration"):
        return None
    if declared.type == "generic_type" and declared.named_child_count == 2:
        passed = _jdk_function_passes(declared, position)
        if passed is not False:
            return passed if isinstance(passed, str) else None
    typed = names.type_name(declared)
    return f"{typed}{PARAMETER}{position}" if typed and typed != "var" else None


def _jdk_function_passes(declared: Node, position: int) -> str | None | bool:
    """Return what a declared JDK functional interface (``BiFunction<A, B, C>``) passes its lambda
    as parameter ``position``: a type's name, ``None`` for a wildcard or none, ``False`` for a type
    that is not one of ``JAVA_FUNCTIONS``."""
    interface, arguments = declared.named_children
    written = (interface.text or b"").decode("utf-8", "replace")
    package, _, simple = written.rpartition(".")
    passed = JAVA_FUNCTIONS.get(simple)
    if passed is None or not (package == "java.util.function" or (
            not package and names.jdk_imported(declared, "java.util.function", simple))):
        return False
    given = arguments.named_children
    argument = given[passed[position]] if position < len(passed) and passed[position] < len(given) else None
    return names.type_name(argument) if argument is not None and argument.type != "wildcard" else None


def _closure_context(parameter: Node) -> str | None:
    """Return what the call a Rust closure is passed to makes its parameter: its position in the
    closure, the closure's among the arguments (``self.inner.next().map(|c| c.as_str())``:
    ``self.inner.next().map<param>0<param>0``, an element of what ``map`` is called on, read by the
    resolver); ``None`` for a closure that is not an argument of a method call."""
    params = parameter.parent
    closure = params.parent if params is not None else None
    arguments = closure.parent if closure is not None and closure.type == "closure_expression" else None
    call = arguments.parent if arguments is not None and arguments.type == "arguments" else None
    if call is None or call.type != "call_expression" or params is None or closure is None or arguments is None:
        return None
    function = call.child_by_field_name("function")
    if function is None or function.type != "field_expression":
        return None
    called = names.dotted(function)
    if not all(part.removesuffix("()").removesuffix(names.ELEMENT).isidentifier() for part in called.split(".")):
        return None
    position = [c.id for c in params.named_children].index(parameter.id)
    argument = [c.id for c in arguments.named_children].index(closure.id)
    return f"{called}{PARAMETER}{argument}{PARAMETER}{position}"


def _walked_of(value: Node) -> str | None:
    """Return what a JavaScript or TypeScript ``for (const x of xs)`` binds ``x`` to: what a loop
    over the plain (dotted) name walks (``xs.__iter__[i]``: an array's element; a ``Map``'s entries,
    nothing: the resolver), or a value of what ``xs.values()`` walks (``xs[i]``: a ``Map``'s value,
    an array's element). @tanstack/db's ``for (const t of transactions) t.rollback()`` had reached
    nothing. A call's result is walked alike (``for (const m of this.inputMessages())`` of
    ``inputMessages(): Array<MultiSet<T>>``: a MultiSet, as through a local holding it)."""
    walked = names.dotted(value)
    head, _, last = walked.rpartition(".")
    if head and last == "values()":
        return None if names.UNKNOWN in head.split(".") or head.endswith(names.ELEMENT) else head + names.ELEMENT
    if not walked or names.UNKNOWN in walked.split(".") or walked.endswith(names.ELEMENT):
        return None
    return f"{walked}.{names.ITERATED}{names.ELEMENT}"


RUST_WALKS = frozenset({"iter", "iter_mut", "into_iter", "drain"})
"""Methods of a Rust container that walk its elements: ``for x in v.iter()`` is ``for x in v``."""


def _looped(value: Node) -> str | None:
    """Return what a Rust ``for`` loop's name is: an element of the plain name or field it walks
    (``for q in v``, ``&v``, ``self.items.iter()``: ``v[i]``, ``self.items[i]``)."""
    while value.type in ("reference_expression", "parenthesized_expression") and value.named_child_count:
        value = value.named_children[-1]
    walked = names.dotted(value)
    head, _, last = walked.rpartition(".")
    if head and last.removesuffix("()") in RUST_WALKS and last.endswith("()"):
        walked = head
    if not walked or names.UNKNOWN in walked.split(".") or walked.endswith(("()", names.ELEMENT)):
        return None
    return walked + names.ELEMENT


def _returned_lambda(statement: Node, position: int) -> str | None:
    """Return what a Java method declared to give one of the JDK's functional interfaces passes the
    lambda it returns as parameter ``position`` (failsafe's ``Function<SyncExecutionInternal<R>,
    ExecutionResult<R>> apply(...) { return execution -> {... execution.isCancelled(this) ...}; }``:
    a ``SyncExecutionInternal``); ``None`` in a lambda's body (its own return), for a wildcard, and for
    any other declared result."""
    method = statement.parent
    while method is not None and method.type not in ("method_declaration", "lambda_expression", "class_body"):
        method = method.parent
    declared = method.child_by_field_name("type") if method is not None and method.type == "method_declaration" else None
    if declared is None or declared.type != "generic_type" or declared.named_child_count != 2:
        return None
    interface, arguments = declared.named_children
    written = (interface.text or b"").decode("utf-8", "replace")
    package, _, simple = written.rpartition(".")
    passed = JAVA_FUNCTIONS.get(simple)
    if passed is None or position >= len(passed) or not (package == "java.util.function" or (
            not package and names.jdk_imported(declared, "java.util.function", simple))):
        return None
    given = arguments.named_children
    argument = given[passed[position]] if passed[position] < len(given) else None
    return names.type_name(argument) if argument is not None and argument.type != "wildcard" else None


def _contextual(parameter: Node) -> str | None:
    """Return what the context of an untyped TypeScript parameter declares it as: its position in
    the function the declared type of the object holding its function gives (``const def: Def =
    {code(cxt) {...}}``: ``Def.code<param>0``; ``make({merge: (gen) => ...})``:
    ``make<param>0.merge<param>0``), ``None`` where nothing declares it."""
    params = parameter.parent
    if params is None:
        return None
    if params.type == "arrow_function":  # ``view => ...``: its one parameter
        function, position = params, 0
    else:
        outer = params.parent
        if outer is None or outer.type not in CONTEXT_HOLDERS:
            return None
        function = outer
        before = params.named_children[: [c.id for c in params.named_children].index(parameter.id)]
        position = len([p for p in before if p.type in ("required_parameter", "optional_parameter")])
    holder = function.parent
    if holder is not None and holder.type == "assignment_expression" and holder.child_by_field_name("right") == function:
        return _indexed_parameter(holder, position)
    if holder is not None and holder.type == "arguments" and function.type != "method_definition":
        called = _callee(holder)  # ``f((x) => x.go())``: what f's callback parameter declares
        argument = [c.id for c in holder.named_children].index(function.id)
        return f"{called}{PARAMETER}{argument}{PARAMETER}{position}" if called else None
    if function.type == "method_definition":
        key = function.child_by_field_name("name")
    elif holder is not None and holder.type == "pair" and holder.child_by_field_name("value") == function:
        key, holder = holder.child_by_field_name("key"), holder.parent
    else:
        return None
    if key is None or key.type != "property_identifier" or holder is None or holder.type != "object":
        return None
    context = _object_context(holder, 3)
    return f"{context}.{(key.text or b'').decode('utf-8', 'replace')}{PARAMETER}{position}" if context else None


DECLARATIONS = frozenset({"lexical_declaration", "variable_declaration"})
"""A JavaScript or TypeScript statement declaring variables."""


def _indexed_parameter(assignment: Node, position: int) -> str | None:
    """Return the type a function assigned to a member of a table declares for its parameter at a
    position: the table a top-level declaration of the file types with an index signature whose
    values are functions (prosemirror-view's ``const handlers: {[event: string]: (view: EditorView,
    event: Event) => void} = {}``, then ``handlers.mousedown = (view, event) => {...}``: ``view``
    is an ``EditorView``); ``None`` where nothing declares it."""
    left = assignment.child_by_field_name("left")
    table = left.child_by_field_name("object") if left is not None and left.type == "member_expression" else None
    if table is None or table.type != "identifier":
        return None
    root = assignment
    while root.parent is not None:
        root = root.parent
    for statement in root.named_children:
        if statement.type == "export_statement":
            statement = statement.child_by_field_name("declaration") or statement
        if statement.type not in DECLARATIONS:
            continue
        for declarator in statement.named_children:
            name = declarator.child_by_field_name("name")
            if declarator.type == "variable_declarator" and name is not None and name.text == table.text:
                return _signature_parameter(declarator.child_by_field_name("type"), position)
    return None


def _signature_parameter(annotation: Node | None, position: int) -> str | None:
    """Return the declared type of parameter ``position`` of the functions an object type's index
    signature holds (``{[k: string]: (view: EditorView) => void}``); ``None`` for any other type."""
    written = annotation.named_children[0] if annotation is not None and annotation.named_children else None
    signature = next((c for c in written.named_children if c.type == "index_signature"), None) \
        if written is not None and written.type == "object_type" else None
    held = signature.child_by_field_name("type") if signature is not None else None
    function = held.named_children[0] if held is not None and held.named_children else None
    params = function.child_by_field_name("parameters") if function is not None and function.type == "function_type" else None
    if params is None:
        return None
    declared = [p for p in params.named_children if p.type in ("required_parameter", "optional_parameter")]
    typed = declared[position].child_by_field_name("type") if position < len(declared) else None
    return names.type_name(typed.named_children[0]) if typed is not None and typed.named_children else None


def _callee(arguments: Node) -> str | None:
    """Return the function a call's arguments are passed to, as written (``make``, ``this.each``,
    ``this.#items.map``, ``cache.findAll().forEach``: a method of a call's result); ``None`` for
    anything but a (dotted) name."""
    call = arguments.parent
    callee = call.child_by_field_name("function") if call is not None and call.type == "call_expression" else None
    if callee is None or callee.type not in ("identifier", "member_expression"):
        return None
    called = names.dotted(callee)  # ``this.#items.map``; ``cache.findAll(f).forEach``: on findAll's result
    return called if all(part.removeprefix("#").removesuffix("()").isidentifier() for part in called.split(".")) else None


def _object_context(obj: Node, hops: int) -> str | None:
    """Return the type an object literal is declared as: the declaration's (``const def: Def =
    {...}``), the parameter's it is passed to (``make({...})``: ``make<param>0``), a property's of
    the object holding it; ``None`` where nothing declares it."""
    holder = obj.parent
    if holder is None or hops <= 0:
        return None
    if holder.type == "variable_declarator" and holder.child_by_field_name("value") == obj:
        declared = holder.child_by_field_name("type")
        written = declared.named_children[0] if declared is not None and declared.named_children else None
        if written is not None and written.type == "intersection_type" and written.named_children:
            written = written.named_children[0]  # ``Def & Added``: what Def declares (the compiler asks each)
            while written.type == "intersection_type" and written.named_children:
                written = written.named_children[0]
        return names.type_name(written) if written is not None else None
    if holder.type == "arguments":
        called = _callee(holder)
        position = [c.id for c in holder.named_children].index(obj.id)
        return f"{called}{PARAMETER}{position}" if called else None
    if holder.type == "pair" and holder.child_by_field_name("value") == obj and holder.parent is not None:
        key = holder.child_by_field_name("key")
        outer = _object_context(holder.parent, hops - 1) if holder.parent.type == "object" else None
        return f"{outer}.{(key.text or b'').decode('utf-8', 'replace')}" if outer and key is not None \
            and key.type == "property_identifier" else None
    return None


LOOP_HEADS = frozenset({"for_statement", "for_in_clause"})
"""Python's loop and comprehension headers, whose targets are bound by the loop."""


def loop_target(node: Node) -> bool:
    """Tell whether a name is a target a Python loop or comprehension binds (``for typ, cls in
    ...``): a ``cls`` or ``self`` there is the loop's value, not the enclosing class (kombu's
    ``{typ: cls(self) for typ, cls in self.exchange_types.items()}`` had been a call of the class)."""
    target = node.parent if node.parent is not None and node.parent.type in ("pattern_list", "tuple_pattern") else node
    head = target.parent
    left = head.child_by_field_name("left") if head is not None and head.type in LOOP_HEADS else None
    return left is not None and left.start_byte == target.start_byte


def _untyped_parameter(node: Node) -> bool:
    """Tell whether a bound name is a parameter written without a declared type: a value its
    function assigns to it is then its type (brick/math's ``$that = BigDecimal::of($that);`` before
    ``$that->isZero()``: 31 calls had reached nothing, the parameter and the assignment disagreeing)."""
    parent = node.parent
    return parent is not None and parent.type in UNTYPED_PARAMETERS and parent.child_by_field_name("type") is None


FUNCTION_VALUES = frozenset({"arrow_function", "function_expression", "function", "generator_function",
                             "class"})
"""JavaScript values that make the variable they are assigned to a function or class symbol."""


def _names_own_function(node: Node, bound: str, scope: str) -> bool:
    """Tell whether a declared name is the function or class symbol its value defines, whose
    span the line is painted with (``const walk = (n) => walk(n - 1)``): the symbol binds it, as a
    ``function walk`` does. Bound as a local inside it, the name had shadowed the function it
    names, and the recursive call had reached nothing (zustand's ``toThenable``)."""
    parent = node.parent
    value = parent.child_by_field_name("value") if parent is not None and parent.type == "variable_declarator" else None
    return value is not None and value.type in FUNCTION_VALUES and scope.rpartition(".")[2] == bound


JS_SCOPES = frozenset({"statement_block", "program", "class_body"})
"""The JavaScript and TypeScript nodes whose statements declare names (``let``, ``function``)."""
JS_DECLARATIONS = frozenset({"lexical_declaration", "variable_declaration"})
JS_FUNCTIONS = frozenset({"arrow_function", "function_expression", "function_declaration", "generator_function",
                          "generator_function_declaration", "method_definition", "function"})


def _assigns_declared_function(node: Node, declared: dict[int, dict[bytes | None, bool]]) -> bool:
    """Tell whether a JavaScript or TypeScript assignment to a plain name (``unsubscribe =
    observer.subscribe(...)``) assigns a variable declared with a function as its value (``let
    unsubscribe = () => {}``), the nearest declaration of the name outwards: that variable is a
    function symbol, which a call of the name reaches, as the TypeScript language service reads it.
    Bound as a local of the callback assigning it, the name had hidden the symbol there
    (vue-query's ``watch(..., (isRestoring) => { unsubscribe(); unsubscribe = ... })``).
    ``declared``: each block's declared names, whether each holds a function (read once a block)."""
    name, at = node.text, node.parent
    while at is not None:
        if at.type in JS_FUNCTIONS:
            parameters = at.child_by_field_name("parameters") or at.child_by_field_name("parameter")
            if parameters is not None and name in _identifiers_in(parameters):
                return False
        if at.type in JS_SCOPES:
            names_here = declared.get(at.id)
            if names_here is None:
                names_here = declared[at.id] = _declared_functions(at)
            if name in names_here:
                return names_here[name]
        at = at.parent
    return False


def _declared_functions(block: Node) -> dict[bytes | None, bool]:
    """Return the names a JavaScript block's statements declare, each to whether its first
    declaration holds a function (``function f``, ``let f = () => {}``)."""
    found: dict[bytes | None, bool] = {}
    for statement in block.named_children:
        if statement.type in ("function_declaration", "generator_function_declaration"):
            named = statement.child_by_field_name("name")
            if named is not None:
                found.setdefault(named.text, True)
        for declarator in statement.named_children if statement.type in JS_DECLARATIONS else ():
            named = declarator.child_by_field_name("name")
            if declarator.type == "variable_declarator" and named is not None:
                value = declarator.child_by_field_name("value")
                found.setdefault(named.text, value is not None and value.type in FUNCTION_VALUES)
    return found


def _identifiers_in(node: Node) -> set[bytes | None]:
    """Return the plain names under a node (a parameter list's)."""
    found, stack = set(), [node]
    while stack:
        current = stack.pop()
        if current.type in ("identifier", "shorthand_property_identifier_pattern"):
            found.add(current.text)
        stack.extend(current.named_children)
    return found


PHP_CLOSURES = frozenset({"anonymous_function", "arrow_function", "lambda_expression"})
"""PHP's closures and Java's lambdas: no symbols, so a line inside one is its method's scope."""
PHP_FUNCTIONS = frozenset({"method_declaration", "function_definition"})
ANONYMOUS_BODIES = frozenset({"object_creation_expression"})
"""Java's anonymous classes (``new Comparator<T>() { ... }``): their methods are no symbols either,
so their lines are the enclosing method's scope, and what they return is not what it returns."""


def _anonymous_method(function: Node) -> bool:
    """Tell whether a method is declared in an anonymous class's body (Java)."""
    body = function.parent
    made = body.parent if body is not None and body.type == "class_body" else None
    return made is not None and made.type in ANONYMOUS_BODIES


OBJECT_WRAPPERS = frozenset({"as_expression", "satisfies_expression", "parenthesized_expression"})
"""What may wrap a returned JavaScript or TypeScript object literal (``return { ... } as const``)."""
OBJECT_FUNCTIONS = frozenset({"arrow_function", "function_expression", "function"})
"""A JavaScript or TypeScript object literal's member values that are functions, each a node."""


JS_FUNCTIONS = frozenset({"arrow_function", "function_expression", "function", "function_declaration",
                          "generator_function_declaration", "method_definition"})
"""The JavaScript and TypeScript functions a ``return`` may belong to."""


def _returned_object(node: Node, kind: str) -> Node | None:
    """Return the JavaScript or TypeScript object literal a ``return`` gives (``return { a, b() {} }``,
    ``as const``), ``None`` for any other value and for a function called where it is written (``(()
    => { ...; return { observe } })()``): that return is no return of the function around it."""
    while kind in OBJECT_WRAPPERS and node.named_child_count:
        node = node.named_children[0]
        kind = node.type
    if kind != "object":
        return None
    function = node.parent
    while function is not None and function.type not in JS_FUNCTIONS:
        function = function.parent
    called = function.parent if function is not None else None
    while called is not None and called.type == "parenthesized_expression":
        called = called.parent
    return None if called is not None and called.type == "call_expression" else node


def _object_owner(scope: str | None, literal: Node) -> str | None:
    """Return the function whose returned object literal this is, from the scope of its ``return``
    line: the members of the literal are the function's own nodes (``createNotifyManager.batch``
    of ``return { batch: () => {...} }``, ``make.local`` of a shorthand ``{ local }`` naming its
    local function), so calling what the function returns calls them (@tanstack/query-core's
    ``notifyManager = createNotifyManager()``, then ``notifyManager.batch(...)``: 20 of its call
    sites had reached nothing). Where a member's function starts on the ``return`` line, the line's
    scope is that member's: its owner is the scope around it."""
    if not scope:
        return None
    row = literal.start_point[0]
    inline: set[str] = set()
    for member in literal.named_children:
        key = member.child_by_field_name("key") if member.type == "pair" else member.child_by_field_name("name")
        value = member.child_by_field_name("value") if member.type == "pair" else member
        if key is not None and value is not None and value.start_point[0] == row and (
                value.type in OBJECT_FUNCTIONS or member.type == "method_definition"):
            inline.add((key.text or b"").decode("utf-8", "replace"))
    head, _, last = scope.rpartition(".")
    return head or None if last in inline else scope


def _in_closure(node: Node, above: dict[int, tuple[bool, bool]]) -> bool:
    """Tell whether a returned value (or a declared return type) is a PHP closure's inside a
    function or method, a Java lambda's or a Java anonymous class method's: what the
    closure returns is no return of the method around it (phpdotenv's ``addAdapter`` returns
    ``new self(...)``, its ``flatMap`` callback an ``Option``: the two had disagreed, and every
    call chained on ``addAdapter()`` had been tied to nothing). ``above``: each node's reading
    already made in the file, by id (whether a function holds it, and a closure inside that
    function): tree-sitter finds a parent from the root, so walking every return's parents to the
    root had taken time cubic in the nesting (500 nested object literals returned, 8 KB: 14 s)."""
    path: list[Node] = []
    holder = node.parent
    reading = (False, False)
    while holder is not None:
        known = above.get(holder.id)
        if known is not None:
            reading = known
            break
        if holder.type in PHP_FUNCTIONS:
            reading = (True, _anonymous_method(holder))
            above[holder.id] = reading
            break
        path.append(holder)
        holder = holder.parent
    for holder in reversed(path):
        reading = (reading[0], reading[1] or holder.type in PHP_CLOSURES)
        above[holder.id] = reading
    return reading[0] and reading[1]


JS_CALLBACKS = frozenset({"arrow_function", "function_expression", "function", "generator_function"})
"""JavaScript's and TypeScript's functions written as values: passed as an argument, a callback."""
FUNCTION_BODIES = JS_CALLBACKS | frozenset({"function_declaration", "generator_function_declaration",
                                            "method_definition", "function_definition", "method_declaration"})
"""Where a walk up from a return stops: the function (or method) it returns from."""


def _in_callback(node: Node, above: dict[int, tuple[bool, bool]]) -> bool:
    """Tell whether a returned value is a JavaScript or TypeScript callback's, a function passed
    as an argument (``xs.forEach(() => { return new Foo() })``): no symbol, so its lines are the
    enclosing function's scope, and what it returns had typed that function (``outer3().run()``
    had reached ``Foo.run``). ``above``: each node's answer already read in the file, under its
    id's complement (``~id``: ``_in_closure``'s readings are under the id)."""
    path: list[Node] = []
    holder = node.parent
    inside = False
    while holder is not None:
        known = above.get(~holder.id)
        if known is not None:
            inside = known[0]
            break
        if holder.type in FUNCTION_BODIES:
            parent = holder.parent
            inside = holder.type in JS_CALLBACKS and parent is not None and parent.type == "arguments"
            above[~holder.id] = (inside, inside)
            break
        path.append(holder)
        holder = holder.parent
    for holder in path:
        above[~holder.id] = (inside, inside)
    return inside


PHP_RECEIVER_TYPES: dict[tuple[str, bytes], str] = {
    ("named_type", b"static"): "self",  # ``function fromString(): static``
    ("named_type", b"parent"): "super",  # ``function getCommand(): parent``, the class's base
    ("object_creation_expression", b"static"): "self",  # ``return new static(...)``
    ("variable_name", b"$this"): "this",  # ``return $this;``, a fluent setter's
}
"""PHP's return types and returned values that are the receiver, or an instance of the class a
method is called on, by node type and the text of the class (or variable) they name: read as the
resolver's receivers (``static``, a keyword, had been looked up as a class; ``$this`` as nothing)."""


PHP_ARRAYS = frozenset({"array", "iterable"})
"""PHP's declared types that say a value holds elements but not of what type: a docblock may say."""

PHP_SCALARS = frozenset({"string", "int", "float", "bool", "mixed", "array", "object", "callable", "iterable",
                         "null", "true", "false", "resource", "class-string", "scalar", "numeric", "positive-int",
                         "static", "self", "parent", "void", "never"})
"""What a PHP docblock may give as elements' type that has no methods of the project's (or no type)."""

PHP_DOC_ELEMENTS = re.compile(r"(?:\\?(?:array|list|iterable|non-empty-array|non-empty-list)<(?:[^,<>]+,\s*)?)?"
                              r"\\?(?P<type>[A-Za-z_][\w\\]*)(?P<array>\[\]|>)")
"""A docblock's type of elements: ``Opt[]``, ``array<Opt>``, ``array<string, Opt>``, ``list<Opt>``."""


SPHINX_RETURNED = re.compile(r"^\s*[:@]rtype:\s*([A-Za-z_][\w.]*)\s*$", re.MULTILINE)
"""A Python docstring's return type (Sphinx's ``:rtype: requests.Response``, Epydoc's ``@rtype:``)."""


def _sphinx_returned(docstring: Node) -> str | None:
    """Return the type a Python function's docstring says it returns (``:rtype: requests.Response``),
    as jedi reads it where the function declares none: requests' ``Session.request`` returns
    ``resp``, ``self.send(prep, **send_kwargs)``, whose adapter comes from a mapping of no known
    type, so ``r = requests.get(url); r.json()`` had reached nothing. ``None`` for another
    spelling (``(str, str)``, ``list of str``)."""
    found = SPHINX_RETURNED.search((docstring.text or b"").decode("utf-8", "replace"))
    return found.group(1) if found else None


def _php_documented(declaration: Node | None, tag: str, name: str | None, classes: bool = False) -> str | None:
    """Return the array of elements a PHP declaration's docblock gives for ``@return`` or for a
    ``@param`` of that name (``@return InputOption[]`` over ``: array``, symfony/console's
    ``foreach ($definition->getOptions() as $option)``: an ``InputOption``); ``None`` where it
    says nothing of the kind (a scalar's array, a union, a generic of two). With ``classes``, one
    class too (``@param AbstractFrameDecorator $frame``, ``@return Style``): intelephense reads it
    over a declared base class, and where nothing is declared."""
    if declaration is None or declaration.type not in ("method_declaration", "function_definition"):
        return None
    doc = declaration.prev_named_sibling
    text = (doc.text or b"").decode("utf-8", "replace") if doc is not None and doc.type == "comment" else ""
    if not text.startswith("/**"):
        return None
    for match in re.finditer(re.escape(tag) + r"\s+([^\s<]+<[^>]*>|\S+)(?:\s+(\$\w+))?", text):
        if name is not None and match.group(2) != name:
            continue
        if classes:  # one class, or an array of them (``@param AbstractFrameDecorator $frame``)
            return _php_doc_type(match.group(1))
        found = PHP_DOC_ELEMENTS.fullmatch(match.group(1))
        typed = found["type"].lstrip("\\").replace("\\", ".") if found is not None else None
        if typed is None or typed.lower() in PHP_SCALARS:
            return None
        return typed + names.ARRAY_TYPE
    return None


PHP_PROPERTY_DOC = re.compile(r"@var\s+(?P<type>[^\s<]+<[^>]*>|\S+)")
"""A property's docblock type: ``/** @var Dompdf */``, ``@var Command[]``, ``@var ?Frame``."""

PHP_CLASS_NAME = re.compile(r"\\?(?P<type>[A-Za-z_][\w\\]*)")
"""A class a docblock names (``Frame``, ``\\Dompdf\\Dompdf``)."""


def _php_property_documented(node: Node) -> str | None:
    """Return the class, or the array of elements, a docblock above a PHP property declared with
    no type gives it (``/** @var Dompdf */ protected $_dompdf;``, ``@var Command[]``, ``@var
    Frame|null``); ``None`` for a scalar, a union of classes or no docblock. dompdf's
    ``$this->_dompdf->getOptions()`` had reached nothing, where intelephense finds ``Dompdf``'s."""
    declaration = node.parent
    while declaration is not None and declaration.type != "property_declaration":
        declaration = declaration.parent if declaration.type in ("variable_name", "property_element") else None
    doc = declaration.prev_named_sibling if declaration is not None else None
    text = (doc.text or b"").decode("utf-8", "replace") if doc is not None and doc.type == "comment" else ""
    match = PHP_PROPERTY_DOC.search(text) if text.startswith("/**") else None
    return _php_doc_type(match["type"]) if match is not None else None


def _php_doc_type(written: str) -> str | None:
    """Return the class, or the array of elements, a docblock's type names (``Dompdf``,
    ``Command[]``, ``?Frame``, ``Frame|null``); ``None`` for a scalar or a union of classes."""
    types = [t for t in written.removeprefix("?").split("|") if t.lower() != "null"]
    found = (PHP_DOC_ELEMENTS.fullmatch(types[0]) or PHP_CLASS_NAME.fullmatch(types[0])) if len(types) == 1 else None
    if found is None or found["type"].lstrip("\\").lower() in PHP_SCALARS:
        return None
    typed = found["type"].lstrip("\\").replace("\\", ".")
    return typed + names.ARRAY_TYPE if found.re is PHP_DOC_ELEMENTS else typed


def _php_held(node: Node) -> str | None:
    """Return the name a PHP ``foreach`` iterates as the resolver reads it: a variable (``$options``),
    a property of the receiver (``$this->options``: ``this.options``); ``None`` for another value."""
    if node.type == "variable_name":
        return (node.text or b"").decode("utf-8", "replace")
    if node.type != "member_access_expression":
        return None
    written = names.dotted(node)
    return "this" + written[len("$this"):] if written.startswith("$this.") else written


PHP_VAR = re.compile(r"/\*\*\s*@var\s+\\?(?P<type>[A-Za-z_][\w\\]*)\s+(?P<name>\$\w+)\s*\*/")
"""A one-line PHP docblock typing a variable: ``/** @var Command $command */``."""


def _php_var(statement: Node, bound: str) -> str | None:
    """Return the class a ``/** @var T $name */`` just above a statement gives the name it binds (one
    of the docblocks stacked above it: ``/** @var string $id */ /** @var Mount $mount */``)."""
    doc = statement.prev_named_sibling
    while doc is not None and doc.type == "comment":
        found = PHP_VAR.fullmatch((doc.text or b"").decode("utf-8", "replace"))
        if found is not None and found["name"] == bound:
            return None if found["type"].lower() in PHP_SCALARS else found["type"].replace("\\", ".")
        doc = doc.prev_named_sibling
    return None


def _foreach_of(node: Node) -> Node:
    """Return the PHP ``foreach`` statement a value variable is bound by (``$k => $v``: through its pair)."""
    holder = node.parent
    return holder.parent if holder is not None and holder.type == "pair" and holder.parent is not None else holder  # type: ignore[return-value]


def _php_receiver(node: Node | None, typed: str | None) -> str | None:
    """Return a PHP return type or returned value that is the receiver as the resolver names it
    (``PHP_RECEIVER_TYPES``); any other type as it is."""
    if node is None:
        return typed
    kind = node.type
    if kind == "object_creation_expression":
        made = node.named_children[0] if node.named_child_count else None
        text = made.text if made is not None else None
    elif kind in ("named_type", "variable_name"):
        text = node.text
    else:
        return typed
    return PHP_RECEIVER_TYPES.get((kind, text or b""), typed)


ELEMENT_TYPES = frozenset({"slice_type", "array_type", "implicit_length_array_type", "map_type", "pointer_type"})
"""Go types around an anonymous struct that make a value of its elements (``[]struct{...}``)."""


def _anonymous_owner(node: Node) -> str | None:
    """Return the name a Go field of an anonymous struct types the elements of: the one name a
    declaration binds to a literal of such structs (``tests := []struct{ a *X }{...}``, ``var cases
    = ...``), or a range's value over one (``for _, tt := range []struct{ a *X }{...}``); ``None``
    for a field of a named type, or a literal bound otherwise. Table tests call their fields'
    methods through the ranged value (urfave/cli's ``tt.flag.Names()``): they had been tied to nothing."""
    declaration = node.parent
    holder = declaration.parent.parent if declaration is not None and declaration.parent is not None else None
    if holder is None or holder.type != "struct_type":
        return None
    while holder.parent is not None and holder.parent.type in ELEMENT_TYPES:
        holder = holder.parent
    literal = holder.parent
    if literal is None or literal.type != "composite_literal" or holder.type == "struct_type":
        return None
    above = literal.parent
    if above is not None and above.type == "range_clause":
        left = above.child_by_field_name("left")
        value = left.named_children[1] if left is not None and left.named_child_count == 2 else None
        return (value.text or b"").decode("utf-8", "replace") if value is not None and value.type == "identifier" else None
    if above is None or above.type != "expression_list" or above.named_child_count != 1 or above.parent is None:
        return None
    statement = above.parent
    if statement.type == "short_var_declaration":
        left = statement.child_by_field_name("left")
        named = left.named_children if left is not None else []
    elif statement.type == "var_spec":
        named = statement.children_by_field_name("name")
    else:
        return None
    return (named[0].text or b"").decode("utf-8", "replace") if len(named) == 1 else None


GO_FUNCTIONS = frozenset({"function_declaration", "method_declaration", "func_literal"})

GO_UNDECLARING = frozenset({"func_literal", "call_expression", "binary_expression", "selector_expression",
                            "index_expression", "composite_literal", "expression_statement", "return_statement",
                            "assignment_statement", "inc_statement", "dec_statement", "send_statement"})
"""Go nodes no declaration of the enclosing function is written in (a literal's are its own)."""


def _go_range_key(node: Node) -> str | None:
    """Type the first name a Go ``range`` binds over a local or parameter declared in its function
    as a map (``for k, v := range m`` of ``m map[Key]*Item``: a Key) or, alone, as a channel (``for
    c := range ch`` of ``ch chan *Item``: an Item); ``None`` otherwise (a slice's index)."""
    left = node.parent
    clause = left.parent if left is not None else None
    right = clause.child_by_field_name("right") if clause is not None and clause.type == "range_clause" else None
    if left is None or right is None or right.type != "identifier":
        return None
    declared = _go_declared_type(right)
    if declared is not None and declared.type == "map_type":
        return names.type_name(declared.child_by_field_name("key"))
    if declared is not None and declared.type == "channel_type" and left.named_child_count == 1:
        return names.type_name(declared.child_by_field_name("value"))
    return None


def _go_declared_type(name: Node) -> Node | None:
    """Return the type the last declaration of a name before it, in its enclosing functions,
    writes (a parameter's, a ``var``'s, ``x := T{...}``'s or ``x := make(T)``'s)."""
    text, before = name.text, name.start_byte
    function = name.parent
    while function is not None and function.type not in GO_FUNCTIONS:
        function = function.parent
    while function is not None:
        found: Node | None = None
        stack = [function]
        while stack:
            node = stack.pop()
            if node.start_byte >= before:
                continue
            if node.type in ("parameter_declaration", "var_spec") and any(
                    n.text == text for n in node.children_by_field_name("name")):
                found = _latest(found, node.child_by_field_name("type") or _go_made_type(node, text))
            elif node.type == "short_var_declaration":
                found = _latest(found, _go_made_type(node, text))
            if node is function or node.type not in GO_UNDECLARING:
                stack.extend(node.named_children)
        if found is not None:
            return found
        function = function.parent
        while function is not None and function.type not in GO_FUNCTIONS:
            function = function.parent
    return None


def _latest(found: Node | None, node: Node | None) -> Node | None:
    """Return the later of two declared types."""
    return node if node is not None and (found is None or node.start_byte > found.start_byte) else found


def _go_made_type(node: Node, text: bytes | None) -> Node | None:
    """Return the type a declaration's value for a name makes (``T{...}``, ``make(T, n)``)."""
    left = node.child_by_field_name("left")
    named = left.named_children if left is not None else node.children_by_field_name("name")
    right = node.child_by_field_name("right") or node.child_by_field_name("value")
    values = right.named_children if right is not None and right.type == "expression_list" else []
    for position, each in enumerate(named):
        if each.text != text or position >= len(values):
            continue
        value = values[position]
        if value.type == "composite_literal":
            return value.child_by_field_name("type")
        if value.type == "call_expression":
            return names.go_made(value)
    return None


def _go_signature_parameter(node: Node) -> bool:
    """Tell whether a name is a parameter of a Go function type (``cb func(x *A) error``, ``type
    bitFun func(z, x, y *BigInt) *BigInt``), which declares no local: its ``x`` had been bound in the
    enclosing function (an ``x := &B{}`` there was then read as an ``A``) or as a global."""
    declaration = node.parent
    parameters = declaration.parent if declaration is not None else None
    return (declaration is not None and declaration.type == "parameter_declaration" and parameters is not None
            and parameters.parent is not None and parameters.parent.type == "function_type")


def _anonymous_record(declared: Node) -> bool:
    """Tell whether a C/C++ field's type is a struct or union written there without a name
    (muparser's token: ``union { struct { generic_callable_type cb; int argc; } Fun; ... };``).
    Its fields are bound on the enclosing class, so the field is read as that class:
    ``tok->Fun.cb.call_fun<0>()`` had reached nothing (41 of muparser's call sites)."""
    return (declared.type in ("struct_specifier", "union_specifier", "class_specifier")
            and declared.child_by_field_name("name") is None and declared.child_by_field_name("body") is not None)


def _go_repeated(node: Node) -> str | None:
    """Return the type of a Go constant written without type or value: the type of the spec its
    group repeats, the nearest one before it that has a value (cockroachdb/apd's ``Inexact`` after
    ``SystemOverflow Condition = 1 << iota`` is a Condition; ``res := Inexact | Rounded;
    res.negateOverflowFlags()`` had reached nothing); ``None`` where that one declares no type."""
    spec = node.parent.prev_named_sibling if node.parent is not None else None
    while spec is not None and (spec.type != "const_spec" or spec.child_by_field_name("value") is None):
        spec = spec.prev_named_sibling
    typed = spec.child_by_field_name("type") if spec is not None else None
    return names.type_name(typed) if typed is not None else None


GO_KEPT_OPERATORS = frozenset({b"+", b"-", b"*", b"/", b"%", b"&", b"|", b"^", b"&^", b"<<", b">>"})
"""Go's operators whose result has their operands' type (a shift's: its left operand's); a comparison's is a bool."""


def _go_operated(node: Node) -> str | None:
    """Return the type a Go arithmetic or bitwise expression has: its typed operand's (cockroachdb/apd's
    ``t := r & traps; t.String()`` of ``r Condition``: a Condition's String), the left one's unless it
    is a literal (``1 << n``, ``2 * x``); ``None`` for a comparison or a logical one."""
    operator = node.child_by_field_name("operator")
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if operator is None or operator.text not in GO_KEPT_OPERATORS or left is None or right is None:
        return None
    operand = left if not left.type.endswith("_literal") or operator.text in (b"<<", b">>") else right
    if operand.type.endswith("_literal"):
        return None
    return value_type(operand, alias=True)


GO_DECLARATIONS = frozenset({"short_var_declaration", "var_spec", "range_clause"})
"""Go's declarations of locals: Go has no receiver keyword, so ``self`` there is a name as any other."""


def go_declared(node: Node) -> bool:
    """Tell whether a name is declared by a Go short declaration, ``var`` or ``range`` (cockroachdb/apd's
    ``self := new(BigInt); self.Set(x)`` had been dropped as a class's receiver, its calls untied)."""
    parent = node.parent
    if parent is not None and parent.type == "expression_list":
        parent = parent.parent
    return parent is not None and parent.type in GO_DECLARATIONS


def _results(node: Node) -> list[Node | None]:
    """Return the declared type of each result of a Go result list, in order: ``(a, b *T, err
    error)`` is ``T``, ``T``, ``error``."""
    found: list[Node | None] = []
    for declaration in node.named_children:
        if declaration.type not in ("parameter_declaration", "variadic_parameter_declaration"):
            continue
        typed = declaration.child_by_field_name("type")
        found.extend([typed] * max(1, len(declaration.children_by_field_name("name"))))
    return found


def _position(node: Node) -> int:
    """Return where a name stands among those a Go short declaration binds (``a, b :=``: 1 for b)."""
    holder = node.parent
    siblings = holder.named_children if holder is not None else []
    return next((i for i, c in enumerate(siblings) if c.start_byte == node.start_byte), 0)


def local_name(node: Node) -> str | None:
    """Return the bound name of a captured name node (a C/C++ declarator or a plain name)."""
    if node.type.endswith("declarator"):
        return names.declarator_name(node)
    return node.text.decode("utf-8", "replace") if node.text else None


GO_COPY_CAPTURES = frozenset({"local", "local.short"})
"""The captures of a Go short declaration's names (``tc := tc``: both)."""


def _go_copy(node: Node) -> bool:
    """Tell whether a name is declared as a copy of the one it shadows, Go's ``tc := tc`` (a loop
    variable's copy for a closure: cockroachdb/apd's ``for _, tc := range tcs { tc := tc;
    t.Run(tc.ID, func(...) { tc.HasNull() ... })``, 9 calls tied to nothing)."""
    written = node.parent
    declaration = written.parent if written is not None else None
    if written is None or declaration is None or declaration.type != "short_var_declaration" \
            or written.named_child_count != 1:
        return False
    values = declaration.child_by_field_name("right")
    return (values is not None and values.named_child_count == 1 and values.named_children[0].type == "identifier"
            and values.named_children[0].text == node.text)


def _merge(sites: list[tuple[int, str, bool]], bound: str = "", alternatives: bool = False,
           either: bool = False, builtin: Callable[[str], bool] = lambda typed: False) -> tuple[int, str]:
    """Combine the bindings of one name: a declared type wins, other bindings must agree; a
    binding to what a method of the name itself gives (``retry = retry.increment()``, a copy or a
    builder's step) follows the others, and so does a binding to no value (``x = None``: ``NULL``
    where it is the only one). With ``alternatives``, typed bindings that disagree in writing are
    kept, joined by ``ALTERNATIVES``, for the resolver to check they name one type; a binding of no
    known type among them still leaves the name untyped. With ``either``, a function returning
    values of several types (``return A()`` here, ``return B()`` there) returns their union.
    ``builtin`` tells a builtin's result in the file's language (``builtin_results``)."""
    line = min(s[0] for s in sites)
    declared = {s[1] for s in sites if s[2]}
    if declared and bound == RETURN and len(declared) > 1 and all(declared) and not any(
            names.ALTERNATIVES in t for t in declared):  # java overloads ``JexConfig config()``, ``Jex config(c)``
        return line, names.ALTERNATIVES.join(sorted(declared))  # the resolver tells them apart (``overload_result``)
    if declared:
        return line, declared.pop() if len(declared) == 1 else UNTYPED
    types = {s[1] for s in sites}
    if len(types) > 1:  # ``x = None`` then ``x = Foo()``: a call on x is Foo's (it would fail on None)
        types.discard(NULL)
    if len(types) > 1:  # a builtin's result (json_decode(), sorted()) says nothing: the others type it
        types = {t for t in types if not builtin(t) and not _own_step(t, bound)} or types
    if len(types) > 1 and alternatives and _alternatives(types, bound, named_values=either):
        return line, names.ALTERNATIVES.join(sorted(types))
    if len(types) > 1 and either and bound == RETURN and _either(types):  # ``return A()`` here, ``return B()`` there
        return line, names.UNION_TYPE.join(sorted(types))
    return line, types.pop() if len(types) == 1 else UNTYPED


BARE_MADE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\(\)")
"""A value made by calling a bare name: ``Tuple()`` (an instance, or what a function gives)."""


def _either(types: set[str]) -> bool:
    """Tell whether the values a function returns in several places may be read as a union, what a
    call on its result reaches being each one's method (jedi's reading): each is made by calling a
    bare name (``return Tuple(*val)``, ``return Values(*val)``). A union of other values (sympy's
    ``return self.func(...)`` beside ``return S.Zero``) had made a one-file update of sympy take
    5.4 s of CPU where 3.3 s had done."""
    return all(BARE_MADE.fullmatch(t) for t in types)


def _alternatives(types: set[str], bound: str, named_values: bool = False) -> bool:
    """Tell whether a local's differing bindings may be kept as alternatives: each is typed, none
    reads the local itself (``x = x.a().b()``), and all are values made or read (``Foo()``,
    ``xs[i]``) or all plain names, so that whether the local holds an instance does not hang on
    which one is read."""
    made = {t.endswith(("()", names.ELEMENT)) or named_values and _value_name(t) for t in types}  # python's self.x, a local
    return (all(types) and len(made) == 1 and not any(names.ALTERNATIVES in t for t in types)
            and not any(t.partition(".")[0].removesuffix("()").removesuffix(names.ELEMENT) == bound for t in types))


def _both_made(node: Node) -> str | None:
    """Return what a Python ``Text.from_markup(t) if isinstance(t, str) else t.copy()`` gives where
    each branch is a call: both, as alternatives the resolver keeps where they name one type
    (rich's ``Panel._title``: a ``Text`` either way; ``title_text.pad(1)`` had reached nothing);
    ``None`` for any other choice."""
    if node.named_child_count != 3:
        return None
    body, _, alternative = node.named_children
    if body.type != "call" or alternative.type != "call":
        return None
    made = [value_type(body, kind="call"), value_type(alternative, kind="call")]
    if not all(made) or any(names.ALTERNATIVES in t or names.UNION_TYPE in t for t in made if t):
        return None
    return names.ALTERNATIVES.join(dict.fromkeys(t for t in made if t))


def _chosen_classes(node: Node) -> str | None:
    """Return the classes a Python ``Fast if quick else Slow`` chooses between, each named bare
    (capitalized), as a union (either, as jedi reads it); ``None`` for any other choice."""
    if node.named_child_count != 3:
        return None
    body, _, alternative = node.named_children
    chosen = [(c.text or b"").decode("utf-8", "replace") for c in (body, alternative) if c.type == "identifier"]
    if len(chosen) != 2 or not all(c.lstrip("_")[:1].isupper() for c in chosen):
        return None
    return names.UNION_TYPE.join(dict.fromkeys(chosen))


def _read_on_self(value: Node) -> bool:
    """Tell whether a Python attribute's value is an element of another attribute of ``self``
    (html5lib's ``self.phase = self.phases["beforeHtml"]``): read the same in every method, where
    the attribute is read, as a local's alias is (a name of the method may mean nothing there);
    or that attribute itself (cssutils' tests' ``self.s = self.r``)."""
    if value.type == "attribute":
        held = value.child_by_field_name("object")
        return held is not None and held.type == "identifier" and held.text == b"self"
    if value.type != "subscript":
        return False
    held = value.child_by_field_name("value")
    return held is not None and held.type == "attribute" and names.dotted(held).startswith("self.")


def _value_name(typed: str) -> bool:
    """Tell whether a binding to a plain name is a value's, never a class's: an attribute of ``self``
    (``self.phase``), or a lower-case name (marko's ``prev = tokens[0]`` then ``prev = cur`` in the
    loop over ``tokens[1:]``: ``prev.relation(cur)`` is a ``Token``'s whichever is read)."""
    return typed.startswith("self.") or ("." not in typed and typed[:1].islower())


def _own_step(typed: str, bound: str) -> bool:
    """Tell whether a binding's type is a call of a method on the bound name itself (``retry =
    retry.increment()``): a step from the value the name held, not a type of its own. urllib3's
    tests rebind ``retry = Retry(connect=3)`` so: 64 of its 68 ``.increment()`` had reached nothing."""
    return bool(bound) and typed.endswith("()") and typed.startswith(bound + ".") and "(" not in typed[:-2]


VALUE_TYPE_FIELDS: dict[str, str] = {
    "new_expression": "constructor",  # js/ts new Foo()
    "object_creation_expression": "type",  # java new Foo()
    "composite_literal": "type",  # go Foo{}
    "struct_expression": "name",  # rust Foo { .. }
    "call": "function",  # python Foo(): a class gives an instance, a function its return type
    "call_expression": "function",  # js/go/rust/c++ f(): the callee's return type
    "type_conversion_expression": "type",  # go New[int](3), parsed as a conversion: what New gives
    "type_assertion_expression": "type",  # go lk, ok := src.(*LockedSource): a *LockedSource
    "function_call_expression": "function",  # php f()
}
"""Value expressions that reveal the type of what they produce."""


CALL_VALUES: frozenset[str] = frozenset({"call", "call_expression", "function_call_expression",
                                         "type_conversion_expression"})
"""Values that call their ``VALUE_TYPE_FIELDS`` field: the type is what calling it gives."""

ALIAS_VALUES: frozenset[str] = frozenset({"identifier", "attribute", "member_expression", "selector_expression",
                                         "subscript_expression", "subscript"})
"""Values that are a plain (dotted) name, Python's, JavaScript's or Go's: the bound local is an alias
of that name (``var hasOwnProperty = objectProto.hasOwnProperty``, ``cmds := sub.Commands``), or of
an element of one (``const child = this.content[0]``: ``this.content[i]``)."""


def value_type(node: Node, alias: bool = False, kind: str | None = None) -> str | None:
    """Return the type an assigned value instantiates, ``None`` when it cannot be told; with
    ``alias``, a plain name's (the bound name is then that name's alias). A call's is its callee
    followed by ``()``: what calling it gives (``Foo()`` an instance, ``make()`` what ``make``
    returns), where an alias is the thing itself (``m = make``: ``m()`` calls ``make``). ``kind``:
    the node's type when the caller has read it already (each read of ``Node.type`` makes a string)."""
    kind = kind or node.type
    while kind == "parenthesized_expression" and node.named_child_count == 1:  # python ``_box = (a if b else None)``
        node = node.named_children[0]
        kind = node.type
    while kind == "assignment" and (right := node.child_by_field_name("right")) is not None:
        node, kind = right, right.type  # python ``f = self.f = Filter()``: the value both are bound to
    if kind == "non_null_expression" and node.named_child_count == 1:  # ts ``let child = c[i]!``: as c[i]
        node = node.named_children[0]
        kind = node.type
    if kind in AWAITS and node.named_child_count == 1:  # python ``await f()``: what the coroutine returns
        node = node.named_children[0]
        kind = node.type
    if kind == "clone_expression" and node.named_child_count == 1:  # php ``clone $this``: a copy, of its class
        node = node.named_children[0]
        kind = node.type
    operand = node.child_by_field_name("operand") if kind == "index_expression" else None
    if operand is not None:  # go xs[0]: an element, typed as xs is (a slice's type is its element's)
        node, kind = operand, operand.type
    if kind == "unary_expression" and node.named_child_count:  # go &Foo{}
        node = node.named_children[-1]
        kind = node.type
        operand = node.child_by_field_name("operand") if kind == "index_expression" else None
        if operand is not None:  # go &xs[i] (btree's ``s := &iter.stack[len(iter.stack)-1]``): as xs[i]
            node, kind = operand, operand.type
    elif kind in FALLBACKS:  # python ``lock or Lock()``, js ``opts.store || new Store()``: a default
        made = _fallback(node)
        if made is None:
            return None
        node, kind = made, made.type
    elif kind == "conditional_expression":  # python ``timer if timer is not None else Timer()``
        made = _made_branch(node)
        if made is None:  # python ``kls = Fast if quick else Slow``: either class; ``A.make() if c else b.copy()``
            return _chosen_classes(node) or _both_made(node)
        node, kind = made, made.type
    if kind in LITERAL_CONTAINERS:  # python ``{'base64': Base64()}``: a container of Base64s
        return _literal_elements(node)
    if kind in COMPREHENSIONS:  # python ``[self.wrap(v) for v in values]``: a list of what wrap gives
        return _comprehended(node)
    if kind in names.INVOCATIONS and kind != "call":  # java obj.make(), php $obj->make(): its return type
        return _invoked(node)
    if kind == "object_creation_expression" and node.named_child_count and node.named_children[0].text == b"static":
        return "self"  # php ``$env = new static($config)``: an instance of the class, as ``new self`` is
    if alias and kind in ALIAS_VALUES:  # ``_Segment = Segment``: the same thing, the same type
        return names.type_name(node, kind)
    if alias and kind == "this":  # js ``var self = this``, ``const me = this``: the enclosing class
        return "this"
    if alias and kind == "variable_name" and node.text == b"$this":  # php ``$clone = clone $this``, ``$me = $this``
        return "this"
    if alias and kind == "member_access_expression":  # php ``$frame = $this->_frame``: what the property holds
        return _php_held(node)
    if kind == "call" and (casted := names.python_cast(node)) is not None:
        return casted  # python ``cast(CT_Document, element(...))``: of the type it names, as declared
    if alias and kind == "call" and (walked := _iter_of(node)) is not None:
        return walked  # python ``return iter(self._rows)``: what walking it walks, the rows' elements
    if alias and kind == "call":
        bound = _type_var_bound(node)
        if bound is not None:  # ``C = TypeVar("C", bound=Converter)``: a ``C`` is called as a Converter
            return bound
    mapped = _mapped_new(node) if kind == "call_expression" else None
    if mapped is not None:  # js/ts ``xs.map(x => new Job(x))``: Jobs
        return mapped
    into = collected(node) if kind == "call_expression" else None
    if into is not None:  # rust ``iter.collect::<FixedBitSet>()``: a FixedBitSet
        return into
    made = names.go_made(node) if kind == "call_expression" else None
    if made is not None and made.parent is not None and made.parent.type == "type_descriptor":
        typed = names.type_name(made)  # c++ ``auto job = std::make_unique<Job>()``: a holder of a Job
        return typed + names.ARRAY_TYPE if typed and not typed.endswith(names.ARRAY_TYPE) else None
    if made is not None:  # go ``z := new(Zipf)``, ``d := make(intPairs, n)``: a Zipf, an intPairs
        return names.type_name(made)
    if kind in names.ASSERTIONS:  # typescript ``const t = x as Foo``: a Foo
        return names.asserted_type(node, kind)
    if kind == "type_cast_expression":  # rust ``let n = x as u64``, ``x as $T``: its type
        return names.cast_type(node)
    if kind == "new_expression" and (container := names.constructed_container(node)) is not None:
        return container  # typescript ``new Map<string, Job>()``: a mapping of Jobs, as its annotation
    if kind == "new_expression" and node.child_by_field_name("constructor") is None:
        field = "type"  # c++ new Foo
    else:
        field = VALUE_TYPE_FIELDS.get(kind, "")
    if not field:
        return None
    target = node.child_by_field_name(field)
    if target is None:
        return _unfielded(node, kind)
    typed = names.type_name(target)
    return typed + "()" if typed and kind in CALL_VALUES else typed  # written as ``names.dotted`` writes a call


def _mapped_new(node: Node) -> str | None:
    """Return what a JavaScript or TypeScript ``map`` gives where its callback is an arrow making
    one class's instance (``jobs.map(job => new this(queue, job.name))``, ``xs.map((x) => { return
    new Job(x) })``): an array of them (``this[]``, ``Job[]``), as ``T[]`` reads; ``None`` for any
    other call (what another callback returns is not told)."""
    function = node.child_by_field_name("function")
    called = function.child_by_field_name("property") if function is not None and function.type == "member_expression" else None
    arguments = node.child_by_field_name("arguments")
    if called is None or called.text != b"map" or arguments is None or not arguments.named_child_count:
        return None
    arrow = arguments.named_children[0]
    body = arrow.child_by_field_name("body") if arrow.type == "arrow_function" else None
    if body is not None and body.type == "statement_block":
        last = body.named_children[-1] if body.named_child_count else None
        body = last.named_children[0] if last is not None and last.type == "return_statement" and last.named_child_count else None
    while body is not None and body.type == "parenthesized_expression" and body.named_child_count == 1:
        body = body.named_children[0]
    if body is None or body.type != "new_expression":
        return None
    typed = value_type(body, kind="new_expression")
    return typed + names.ARRAY_TYPE if typed and not typed.endswith(names.ARRAY_TYPE) else None


AWAITS = frozenset({"await", "await_expression"})
"""Python's and JavaScript's ``await f()``: what the coroutine returns, the promise settles to (a
TypeScript ``Promise<Child>`` is typed ``Child``, ``names.type_name``)."""
INFERRED = frozenset({"auto"})
"""A C++ declared type the compiler infers from the value (``auto``, ``const auto&``)."""
JAVA_INFERRED = "var"
"""Java's declared type of a local the compiler types by its initializer (``var it = xs.iterator()``)."""
CPP_INFERRED_VALUES = frozenset({"identifier", "field_expression", "subscript_expression", "pointer_expression",
                                 "qualified_identifier", "parenthesized_expression"})
"""The values a C++ ``auto`` local is an alias of (``auto e = edges_[0]``, ``auto* n = it->second``)."""


def _cpp_inferred(node: Node) -> str | None:
    """Return what a C++ ``auto`` local is bound to: its value's type (``auto m =
    std::make_unique<Job>()``: a Job; ``auto it = nodes.find(k)``: what that call gives), the
    name it aliases (``auto e = edges_[0]``: ``edges_[i]``), or, for a range-for's, an element
    of what it walks (``for (auto& e : edges_)``: ``edges_.__iter__[i]``; a map's pairs: resolver)."""
    holder = node.parent
    if holder is not None and holder.type == "for_range_loop":
        walked = names.dotted(holder.child_by_field_name("right"))
        if names.UNKNOWN in walked.split(".") or walked.endswith(names.ELEMENT):
            return None
        return f"{walked}.{names.ITERATED}{names.ELEMENT}"
    value = node.child_by_field_name("value") if node.type == "init_declarator" else None
    if value is None:
        return None
    if value.type in CPP_INFERRED_VALUES:
        aliased = names.dotted(value)
        return None if names.UNKNOWN in aliased.split(".") else aliased
    held = names.type_name(value.child_by_field_name("function")) if value.type == "call_expression" else None
    if held is not None and held.endswith(names.ARRAY_TYPE):
        return held  # ``auto rule = std::unique_ptr<Rule>(new Rule(name))``: a holder of a Rule
    return value_type(value)


TYPE_COMMENT = re.compile(r"#\s*type:\s*(?:(?P<listed>[Ll]ist)\[(?P<element>[\w.]+)\]|Optional\[(?P<optional>[\w.]+)\]"
                          r"|(?:None\s*\|\s*)?(?P<plain>[\w.]+)(?:\s*\|\s*None)?)\s*(?:#.*)?")
"""A type comment jedi reads (PEP 484): ``# type: Pattern | None``, ``# type: list[Selector]``."""


def _type_comment(node: Node) -> str | None:
    """Return the type a Python assignment's type comment declares for the name it binds (a list's
    as its elements' ``Selector[]``), ``None`` where there is no such comment or it names no class."""
    assignment = node.parent
    while assignment is not None and assignment.type != "assignment":
        assignment = assignment.parent
    statement = assignment.parent if assignment is not None else None
    if statement is None or statement.type != "expression_statement" or assignment is None:
        return None
    comment = statement.next_sibling
    if comment is None or comment.type != "comment" or comment.start_point[0] != assignment.end_point[0]:
        return None
    found = TYPE_COMMENT.fullmatch((comment.text or b"").decode("utf-8", "replace"))
    if found is None:
        return None
    if found["element"]:
        return found["element"] + names.ARRAY_TYPE
    typed = found["optional"] or found["plain"]
    return typed if typed and typed not in ("ignore", "None") and typed[:1].isalpha() else None


DOTTED_CALL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*\(\)")
"""A value made by calling a plain dotted name (``Line()``, ``self.make()``)."""

LITERAL_CONTAINERS = frozenset({"list", "set", "dictionary", "tuple"})
"""Python's container literals: typed by their elements (a dict's values) where one class makes them all."""


MIXED_ELEMENTS = 4
"""The most classes a container literal's elements may be made by and still type them (their union)."""


def _literal_elements(node: Node) -> str | None:
    """Return the type of a Python list, set or dict literal whose elements (values) are all made
    by calling one name (``[Base64(), Base64()]``: ``Base64()[]``), or are all classes named bare
    (html5lib's ``{"initial": InitialPhase, "inBody": InBodyPhase, ...}``: ``(InitialPhase|InBodyPhase)[]``,
    an element any of them, as jedi reads it); ``None`` for an empty or a mixed one, an unpacked
    one (``[*xs]``) or a comprehension."""
    made: set[str] = set()
    named: dict[str, None] = {}
    for child in node.named_children:
        value = child.child_by_field_name("value") if child.type == "pair" else child
        if child.type == "comment":
            continue
        if value is not None and value.type == "identifier" and (value.text or b"")[:1].isupper() and not made:
            named[(value.text or b"").decode("utf-8", "replace")] = None  # a class (a capitalized name)
            continue
        if value is None or value.type != "call" or named:
            return None
        made.add(value_type(value, kind="call") or "")
    keyed = names.UNKNOWN + names.MAPPING_KEY if node.type == "dictionary" else ""  # its keys: not Base64s
    if named:
        joined = names.UNION_TYPE.join(named)
        return keyed + (f"({joined})" if len(named) > 1 else joined) + names.ARRAY_TYPE
    if 1 < len(made) <= MIXED_ELEMENTS and all(BARE_MADE.fullmatch(t) for t in made):
        return keyed + "(" + names.UNION_TYPE.join(sorted(made)) + ")" + names.ARRAY_TYPE  # soupsieve's tokens
    typed = made.pop() if len(made) == 1 else ""
    return keyed + typed + names.ARRAY_TYPE if typed else None


COMPREHENSIONS = frozenset({"list_comprehension", "set_comprehension", "dictionary_comprehension"})
"""Python's comprehensions: typed by the call each element (a dict's value) is made by."""


def _comprehended(node: Node) -> str | None:
    """Return the type of a Python list, set or dict comprehension whose element (value) is a call
    (pypika's ``self.values = [self.wrap_constant(value) for value in values]``: ``self.wrap_constant()[]``,
    what ``for term in self.values: term.get_sql()`` walks); ``None`` for any other element."""
    body = node.child_by_field_name("body")
    if body is not None and body.type == "pair":
        body = body.child_by_field_name("value")
    if body is None or body.type != "call":
        return None
    callee = body.child_by_field_name("function")
    own = _comprehension_bound(node, callee.text or b"") if callee is not None and callee.type == "identifier" else None
    typed = own + "()" if own else value_type(body, kind="call")  # {n: cls(p) for n, cls in KINDS.items()}
    if not typed or not typed.endswith("()"):
        return None
    keyed = names.UNKNOWN + names.MAPPING_KEY if node.type == "dictionary_comprehension" else ""
    return keyed + typed + names.ARRAY_TYPE


def _comprehension_bound(node: Node, name: bytes) -> str | None:
    """Return what a Python comprehension's own loop binds a name to, read where the comprehension
    is typed (an attribute's type is read in other methods, where the name is nothing): ``cls`` of
    ``for name, cls in KINDS.items()`` a value of ``KINDS`` (``KINDS[i]``), ``x`` of ``for x in xs`` an
    element of ``xs``; ``None`` for a name its loops do not bind, or bind otherwise."""
    for clause in node.named_children:
        if clause.type != "for_in_clause":
            continue
        left, right = clause.child_by_field_name("left"), clause.child_by_field_name("right")
        if left is None or right is None:
            continue
        if left.type == "identifier" and left.text == name:
            return _walked_of(right)
        if left.type in ("pattern_list", "tuple_pattern"):
            found = [i for i, c in enumerate(left.named_children) if c.type == "identifier" and c.text == name]
            return _paired(right, found[0]) if found else None
    return None


def _iter_of(node: Node) -> str | None:
    """Return the plain (dotted) name a Python ``iter(self._rows)`` walks, ``None`` for any other
    call: the iterator gives its elements, as a loop over the name does."""
    function = node.child_by_field_name("function")
    arguments = node.child_by_field_name("arguments")
    if function is None or function.type != "identifier" or function.text != b"iter" or arguments is None \
            or arguments.named_child_count != 1 or arguments.named_children[0].type not in ("identifier", "attribute"):
        return None
    walked = names.dotted(arguments.named_children[0])
    return None if names.UNKNOWN in walked.split(".") else walked


TYPE_VARS = frozenset({"TypeVar", "typing.TypeVar", "t.TypeVar", "typing_extensions.TypeVar"})
"""Python's type variable makers: one with a ``bound=`` stands for that type wherever it annotates."""


def _type_var_bound(node: Node) -> str | None:
    """Return the bound of a Python ``TypeVar("C", bound=Converter)`` (quoted or not), ``None`` for
    any other call."""
    function = node.child_by_field_name("function")
    arguments = node.child_by_field_name("arguments")
    if function is None or arguments is None or names.dotted(function) not in TYPE_VARS:
        return None
    for argument in arguments.named_children:
        name = argument.child_by_field_name("name") if argument.type == "keyword_argument" else None
        if name is not None and name.text == b"bound":
            return names.type_name(argument.child_by_field_name("value"))
    return None


FALLBACKS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "boolean_operator": (frozenset({"or"}), frozenset({"call", "attribute"})),
    "binary_expression": (frozenset({"||", "??"}),
                          frozenset({"new_expression", "object_creation_expression", "identifier", "call_expression"})),
}
"""Operations that give their left value or make a default, by node type: their operators, and the
values a default is made with (Python's ``x or Foo()``, or read: rich's ``options or self.options``, a property's
``ConsoleOptions``; JavaScript's ``x || new Foo()`` and
``x ?? new Foo()``, PHP's ``$x ?? new Foo()``), or name it (JavaScript's ``options.hashFn || hashKey``:
a call of the local calls ``hashKey`` when no option is given; @tanstack/query-core's ``hashFn(key)``
had reached nothing), or call what makes it (@tanstack/vue-query's ``queryClient || useQueryClient()``:
what ``useQueryClient`` returns, as Python's ``x or make()`` is)."""


def _fallback(node: Node) -> Node | None:
    """Return the value a ``x or Foo()`` (``x || new Foo()``) falls back to, ``None`` for any other
    operation: the value is the given one or a ``Foo``, and what is called on it is ``Foo``'s."""
    operators, made = FALLBACKS[node.type]
    operator = node.child_by_field_name("operator")
    right = node.child_by_field_name("right")
    if operator is None or operator.type not in operators or right is None or right.type not in made:
        return None
    return right


PROXIES = frozenset({b"weakref.proxy", b"proxy"})
"""Python's ``weakref.proxy(x)``: a stand-in for ``x``, whose methods are ``x``'s."""


def _proxied(node: Node) -> Node:
    """Return what a Python ``weakref.proxy(sm)`` stands for (``sm``: python-statemachine's engines
    hold ``self.sm = proxy(sm)``, whose ``self.sm._get_callbacks(...)`` had reached nothing), the
    call itself for any other; a bare ``proxy`` only where the module imports it from weakref."""
    function, arguments = node.child_by_field_name("function"), node.child_by_field_name("arguments")
    if function is None or function.text not in PROXIES or arguments is None or not arguments.named_child_count:
        return node
    first = arguments.named_children[0]
    if first.type in ("keyword_argument", "list_splat", "dictionary_splat"):
        return node
    return first if function.text != b"proxy" or _imports_proxy(node) else node


def _imports_proxy(node: Node) -> bool:
    """Tell whether a Python module imports ``proxy`` from ``weakref`` (``from weakref import proxy``)."""
    root = node
    while root.parent is not None:
        root = root.parent
    for statement in root.named_children:
        module = statement.child_by_field_name("module_name") if statement.type == "import_from_statement" else None
        if module is not None and module.text == b"weakref":
            if any(n.type == "dotted_name" and n.text == b"proxy" for n in statement.children_by_field_name("name")):
                return True  # not ``from weakref import ref as proxy``
    return False


SAME_ELEMENTS = frozenset({b"reversed", b"list", b"sorted", b"tuple", b"iter"})
"""Python built-ins whose result holds the elements of their one argument, in some order."""


def _unwrapped(node: Node) -> Node:
    """Return what a Python iterable is made from: ``xs`` of ``reversed(list(xs))``, of ``xs[1:]``."""
    while node.type == "subscript" and names.sliced(node) and node.child_by_field_name("value") is not None:
        node = node.child_by_field_name("value")  # type: ignore[assignment]
    while node.type == "call":
        function, arguments = node.child_by_field_name("function"), node.child_by_field_name("arguments")
        if (function is None or function.text not in SAME_ELEMENTS or arguments is None
                or arguments.named_child_count != 1 or arguments.named_children[0].type == "keyword_argument"):
            break
        node = arguments.named_children[0]
    return node


def _paired(node: Node, position: int) -> str | None:
    """Return what a Python ``for i, x in enumerate(xs)`` or ``for k, x in d.items()`` binds its
    name at ``position`` to: ``x`` an element of ``xs``, a value of ``d``; ``k`` a key of ``d``
    (what a loop over ``d`` walks); the index nothing."""
    node = _unwrapped(node)
    function = node.child_by_field_name("function") if node.type == "call" else None
    arguments = node.child_by_field_name("arguments")
    if position not in (0, 1) or function is None or arguments is None:
        return None
    if function.text == b"enumerate" and arguments.named_child_count and position == 1:
        return _iterated(arguments.named_children[0])
    if function.type == "attribute" and not arguments.named_child_count:
        method, owner = function.child_by_field_name("attribute"), function.child_by_field_name("object")
        if method is not None and method.text == b"items" and owner is not None:
            return _element(owner) if position == 1 else _walked(owner)
    return None


def _iterated(node: Node) -> str | None:
    """Return what a Python ``for x in xs:`` binds ``x`` to: what a loop over a plain (dotted) name
    walks (``xs.__iter__[i]``: a list's elements, a mapping's keys), or a value of a mapping whose
    ``.values()`` it walks (``cache[i]``; ``Dict[str, Node]`` holds Nodes)."""
    node = _unwrapped(node)
    function = node.child_by_field_name("function") if node.type == "call" else None
    arguments = node.child_by_field_name("arguments")
    bare = arguments is not None and not arguments.named_child_count
    if function is not None and function.type == "attribute" and bare:
        method, owner = function.child_by_field_name("attribute"), function.child_by_field_name("object")
        if method is not None and method.text == b"values" and owner is not None:  # ``for x in cache.values()``
            return _element(owner)
        if method is not None and method.text == b"keys" and owner is not None:  # ``for k in cache.keys()``
            return _walked(owner)
    if function is not None and function.type in ("identifier", "attribute"):
        called = names.dotted(node)  # ``for child in tree.children()``, ``for row in Table()``: what it gives, walked
        return None if names.UNKNOWN in called.split(".") else f"{called}.{names.ITERATED}{names.ELEMENT}"
    return _walked(node)


def _walked(node: Node) -> str | None:
    """Return what a Python loop straight over a plain (dotted) name binds: ``xs.__iter__[i]``."""
    walked = _element(node)
    return walked.removesuffix(names.ELEMENT) + "." + names.ITERATED + names.ELEMENT if walked else None


def _element(node: Node) -> str | None:
    """Return an element (a mapping's value) of a plain (dotted) name: ``xs[i]``, or of what calling
    one gives (html5lib's ``getPhases(debug).items()``: ``getPhases()[i]``)."""
    node = _unwrapped(node)
    called = node.child_by_field_name("function") if node.type == "call" else None
    if called is not None and called.type in ("identifier", "attribute"):
        head = names.dotted(called)
        return None if names.UNKNOWN in head.split(".") else head + "()" + names.ELEMENT
    if node.type not in ("identifier", "attribute"):
        return None
    head = names.dotted(node)
    return None if names.UNKNOWN in head.split(".") else head + names.ELEMENT


def _made_branch(node: Node) -> Node | None:
    """Return the call a Python ``x if x is not None else Foo()`` (``Foo() if x is None else x``)
    makes its value with when the other branch is a plain name or ``None``, ``None`` for any other
    choice (``A() if c else B()``): the value is the given one or a ``Foo``, and what is called on
    it is ``Foo``'s, as with ``x or Foo()``."""
    if node.named_child_count != 3:
        return None
    body, _, alternative = node.named_children
    kinds = (body.type, alternative.type)
    if kinds[0] == "call" and (kinds[1] in ALIAS_VALUES or kinds[1] == "none"):
        return body
    if kinds[1] == "call" and (kinds[0] in ALIAS_VALUES or kinds[0] == "none"):
        return alternative
    return None


def _invoked(node: Node) -> str | None:
    """Return what calling a method on a receiver gives, written ``obj.make()``."""
    name = names.invocation(node)
    return None if names.UNKNOWN in name.split(".") else name + "()"


def _unfielded(node: Node, kind: str) -> str | None:
    """Return the type of a value whose type is no field of it: PHP's ``new Foo`` (the class is
    its first child), Ruby's ``Foo.new`` (an instance of ``Foo``) and ``obj.make`` (a Ruby call,
    its receiver and method fields, where Python's call has a function)."""
    if kind == "object_creation_expression":
        return names.type_name(node.named_children[0]) if node.named_child_count else None
    if kind != "call" or node.child_by_field_name("method") is None:
        return None
    name = _invoked(node)
    made = name.removesuffix(".new()") if name is not None else ""
    if made != name and made.rpartition(".")[2][:1].isupper():
        return made
    return name
