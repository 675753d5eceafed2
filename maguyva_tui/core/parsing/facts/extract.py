"""Read calls, base types, type uses, imports and local bindings from an already parsed tree.

One tree-sitter query per language (``patterns.py``), every pattern with a single capture, runs in
C over the tree the indexer parsed; one ``captures`` pass hands Python a list of nodes per capture
name, and Python only turns them into ``Reference`` and ``Import`` values. Each reference's scope
is the qualname of the innermost enclosing symbol, found by line.

Besides ``call``, ``inherit`` and ``ref``, references of kind ``local`` record a name bound inside a
function or class body (``bindings.py``). Only names that start a call or type reference in the
same file are recorded. The resolver uses them so that a call through a local variable is never
mistaken for a call to a global of the same name. In Python, a test's and a fixture's parameters are
bound to the pytest fixture of their name (``fixtures.py``), and a ``<property>`` local marks each
method decorated with ``@property``. In Ruby, a call without receiver in code of a class is read
as made on ``self``, an identifier that names no local of its scope as such a call, and a constant
is qualified by the modules and classes of the file it is written in, as Ruby looks it up.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Sequence
from functools import cache, partial

from tree_sitter import Node, Query, QueryCursor, Tree

from maguyva_tui.core.parsing.facts import names
from maguyva_tui.core.parsing.facts.arities import ARGS, argument_count, declared_arities
from maguyva_tui.core.parsing.facts.bindings import (
    ALIAS_CAPTURES,
    ATTRIBUTE_CAPTURES,
    DECORATED,
    PROPERTY,
    PROPERTY_DECORATORS,
    RECEIVERS,
    RETURN,
    RETURN_CAPTURES,
    Bindings,
    class_member,
    go_declared,
    loop_target,
)
from maguyva_tui.core.parsing.facts.blocks import (
    FUNCTION_KINDS,
    Heads,
    Rebound,
    anonymous_bases,
    block_scopes,
    callback_scopes,
    python_rebinds,
    symbol_scope,
)
from maguyva_tui.core.parsing.facts.builtin_results import is_builtin_result
from maguyva_tui.core.parsing.facts.captures import sorted_captures
from maguyva_tui.core.parsing.facts.cpp_operators import operator_calls
from maguyva_tui.core.parsing.facts.fixtures import Injections, decorator_calls, injections
from maguyva_tui.core.parsing.facts.generic_calls import GIVEN, generic_calls
from maguyva_tui.core.parsing.facts.go_type_arguments import go_type_arguments
from maguyva_tui.core.parsing.facts.imports import IMPORT_READERS, ImportRow
from maguyva_tui.core.parsing.facts.java_generics import generic_bases
from maguyva_tui.core.parsing.facts.js_members import LANGUAGES as JS_MEMBER_LANGUAGES
from maguyva_tui.core.parsing.facts.js_members import instance_members
from maguyva_tui.core.parsing.facts.macro_calls import macro_bodies, parse_bodies
from maguyva_tui.core.parsing.facts.marks import MEMBER_BUILT as MEMBER_BUILT
from maguyva_tui.core.parsing.facts.marks import PROPERTY_CALL as PROPERTY_CALL
from maguyva_tui.core.parsing.facts.marks import RUBY_KERNEL as RUBY_KERNEL
from maguyva_tui.core.parsing.facts.narrowing import Narrowing, narrowing
from maguyva_tui.core.parsing.facts.patterns import PATTERNS
from maguyva_tui.core.parsing.facts.primitive_impls import impl_scope, macro_impls, record
from maguyva_tui.core.parsing.facts.prototypes import prototype_subtype, qualified
from maguyva_tui.core.parsing.facts.rust_aliases import alias_types
from maguyva_tui.core.parsing.facts.rust_impl_generics import impl_generics
from maguyva_tui.core.parsing.facts.rust_values import unshadowed
from maguyva_tui.core.parsing.facts.rust_variants import variant_bindings
from maguyva_tui.core.parsing.facts.ts_generics import ts_generic_bases
from maguyva_tui.core.parsing.facts.type_parameters import receiver_type_parameters
from maguyva_tui.core.parsing.languages import grammar
from maguyva_tui.core.parsing.rules.clike import test_macro_parts
from maguyva_tui.core.store.facts import RefRow
from maguyva_tui.core.types import Import, Reference, Symbol

__all__ = ["RETURN", "SCOPE_KINDS", "extract_facts", "extract_rows", "scope_lines"]

SCOPE_KINDS: frozenset[str] = frozenset(
    {"function", "method", "class", "struct", "interface", "trait", "enum", "module"}
)
"""Symbol kinds that enclose code; variables and imports are never a reference's scope."""

DECLARATOR_LANGUAGES = frozenset({"c", "cpp"})
"""Languages whose bound names are declarators (``*p``, ``a[3]``), always read."""

LONE_NAMES = frozenset({"type_identifier", "qualified_identifier"})
"""What a C++ argument the grammar took for a parameter's type is written as (``a``, ``ns::a``)."""

NAMED_CAPTURES: dict[str, str] = {"new": "new", "type": "ref", "inherit": "inherit", "inherit.impl": "inherit",
                                   "inherit.prototype": "inherit", "inherit.intersected": "inherit"}
"""Captures of a type written as a plain name, and the reference kind each makes: ``new`` a
construction (``new Foo()``, ``Foo{...}``), which the graph keeps as a ``ref`` edge whose sites
answer who calls the class's constructor."""


@cache
def _query(language: str) -> Query:
    """Compile the query of a language once per process."""
    return Query(grammar(language), PATTERNS[language])


_local = threading.local()


def _cursor(language: str) -> QueryCursor:
    """Return a query cursor private to the calling thread."""
    cursors: dict[str, QueryCursor] = _local.__dict__.setdefault("cursors", {})
    cursor = cursors.get(language)
    if cursor is None:
        cursor = cursors[language] = QueryCursor(_query(language))
    return cursor


TYPE_ROUNDS = 3
"""How deep bindings are read for the names other bindings' types start with (``a = b.c``, then
``b = d.e``, then ``d``)."""

RECEIVER_TEXTS: frozenset[bytes] = frozenset(r.encode() for r in RECEIVERS)
"""The names that denote the enclosing class, as written: no local binding is read for them."""

CLASS_SCOPE_KINDS: frozenset[str] = frozenset({"class", "struct", "interface", "trait", "enum"})
"""Symbol kinds whose header lists base types."""

FUNCTION_SCOPE_KINDS: frozenset[str] = frozenset({"function", "method"})
"""Symbol kinds whose body is code that runs when called."""

def _is_field(field: str) -> Callable[[Node, Node], bool]:
    """Tell whether a node is its parent's given field."""
    return lambda node, parent: parent.child_by_field_name(field) == node


def _assigned(node: Node, parent: Node) -> bool:
    """Tell whether an attribute is (a part of) the left side of an assignment (``a.x = 1``,
    ``a.x, b = t``): written, not read."""
    while parent.type in TARGET_LISTS and parent.parent is not None:
        node, parent = parent, parent.parent
    return parent.type in ("assignment", "for_statement", "for_in_clause") and parent.child_by_field_name("left") == node


TARGET_LISTS = frozenset({"pattern_list", "tuple_pattern", "list_pattern"})
"""Nodes listing several assignment targets (``a.x, b = t``)."""

READ_CONTEXTS: dict[str, Callable[[Node, Node], bool]] = {
    "call": _is_field("function"),  # a.m(): a call, recorded as one
    "decorator": lambda node, parent: True,  # @a.b: a call of what it names
    "assignment": _assigned,
    "pattern_list": _assigned,
    "tuple_pattern": _assigned,
    "list_pattern": _assigned,
    "for_statement": _assigned,
    "for_in_clause": _assigned,
    "delete_statement": lambda node, parent: True,  # del a.x runs a deleter, not the getter
    "type": lambda node, parent: True,  # x: mod.Type, recorded as a type use
    "call_expression": _is_field("function"),  # a.m(): JavaScript's and TypeScript's call
    "new_expression": lambda node, parent: True,  # new a.B(): a construction, recorded as one
    "assignment_expression": _is_field("left"),  # this.x = 1: written, not read (a setter runs)
    "augmented_assignment_expression": _is_field("left"),
}
"""Per parent node type, whether a Python, JavaScript or TypeScript attribute under it is no read of
its value (``True``)."""


NARROWED = frozenset({"attribute", "member_expression"})
"""Callees written as a receiver and a member (Python, JavaScript): a test around may narrow the receiver."""


RUBY_SENDS = frozenset({b"send", b"public_send", b"__send__"})
"""Ruby's methods that call the method their first argument names (``obj.send(:name, *args)``)."""


def _sent_symbol(node: Node, method: Node) -> str | None:
    """Return the method a Ruby ``send(:name, ...)``, ``public_send`` or ``__send__`` call names by
    a literal symbol (``name``), else ``None`` (another method, or a name held in a variable)."""
    if method.text not in RUBY_SENDS:
        return None
    arguments = node.child_by_field_name("arguments")
    first = arguments.named_children[0] if arguments is not None and arguments.named_child_count else None
    if first is None or first.type != "simple_symbol" or not first.text:
        return None
    return first.text.decode("utf-8", "replace").removeprefix(":")


def member_types(symbols: Sequence[Symbol]) -> frozenset[str]:
    """The type aliases that enclose members: TypeScript's ``type Match = {observer: QueryObserver}``,
    an interface in all but keyword (``rules/ecmascript.py``), encloses its fields as one does, so
    ``match.observer.setOptions()`` reaches ``QueryObserver.setOptions`` (@tanstack/query-core's
    ``QueryObserverMatch``: its fields had belonged to no scope). Other languages' type aliases
    enclose none (Rust's ``type M = Vec<u8>``; Go's ``type Alternative []Expression``, whose methods
    are written apart, stays no scope)."""
    types = {s.qualname: s for s in symbols if s.kind == "type"}
    if not types:
        return frozenset()
    held = set()
    for member in symbols:
        owner = types.get(member.qualname.rpartition(".")[0])
        if owner is not None and owner.start_line <= member.start_line and member.end_line <= owner.end_line:
            held.add(owner.qualname)
    return frozenset(held)


def scope_lines(
    symbols: Sequence[Symbol], kinds: frozenset[str] = SCOPE_KINDS, holders: frozenset[str] = frozenset()
) -> list[str | None]:
    """Map each line (index = line number) to the qualname of the innermost enclosing scope symbol
    (of these kinds, or one of ``holders``: the type aliases that have members, ``member_types``)."""
    scopes = [s for s in symbols if (s.kind in kinds or s.qualname in holders) and s.end_line >= s.start_line]
    last = max((s.end_line for s in scopes), default=0)
    painted: list[str | None] = [None] * (last + 2)
    for symbol in sorted(scopes, key=lambda s: (s.start_line - s.end_line, s.start_line)):
        start = max(symbol.start_line, symbol.name_line)  # decorators run in the enclosing scope
        painted[start : symbol.end_line + 1] = [symbol.qualname] * (symbol.end_line - start + 1)
    return painted


def extract_facts(
    tree: Tree, source: bytes, language: str, path: str, symbols: Sequence[Symbol]
) -> tuple[list[Reference], list[Import]]:
    """Return the references and imports of one parsed file; ``source`` must be the parsed bytes."""
    references, imports = _extract(tree, source, language, path, symbols)
    return ([Reference(kind, name, path, line, scope) for kind, name, line, scope in references],
            [Import(path, *row) for row in imports])


def extract_rows(
    tree: Tree, source: bytes, language: str, path: str, symbols: Sequence[Symbol]
) -> tuple[list[RefRow], list[ImportRow]]:
    """Return what ``extract_facts`` does as the plain rows the index stores (``store/facts.py``),
    for a caller that ships them between processes: no object per reference is ever made."""
    return _extract(tree, source, language, path, symbols)


def _extract(
    tree: Tree, source: bytes, language: str, path: str, symbols: Sequence[Symbol]
) -> tuple[list[RefRow], list[ImportRow]]:
    """Read the references (as rows) and imports of one parsed file."""
    if language not in PATTERNS:
        return [], []
    captures = sorted_captures(_cursor(language), tree.root_node)
    scopes = block_scopes(tree, language, symbols, scope_lines(symbols, holders=member_types(symbols)))
    rebound = python_rebinds(captures, scopes) if language == "python" else {}
    heads = callback_scopes(tree, language, symbols, scopes)
    anonymous = anonymous_bases(tree, language, scopes)
    reader = _Reader(scopes, symbols)
    reader.heads = heads
    reader.narrowing = narrowing(language, source)
    reader.calls(captures.get("call", ()), tree.root_node.has_error)
    bodies = macro_bodies(source) if language in DECLARATOR_LANGUAGES else None
    if bodies is not None:  # a function-like macro's calls are the macro's (``macro_calls.py``)
        body_tree = parse_bodies(language, bodies)
        body_calls = sorted_captures(_cursor(language), body_tree.root_node).get("call", [])
        reader.calls(bodies.calls(body_calls), body_tree.root_node.has_error)
    if language == "ruby":
        reader.setters = frozenset(node.id for node in captures.get("call.setter", ()))
    reader.member_calls(captures.get("call.member", ()), language == "ruby")
    reader.method_references(captures.get("call.reference", ()))
    if language == "cpp":  # ``buffer[i]``, ``a == b``: the operand's class's operator, where it has one
        reader.references += operator_calls(captures.get("call.operator", ()), reader.scope)
    if language == "java":
        reader.references += declared_arities(tree, symbols) + generic_bases(tree, symbols)
    if language in ("typescript", "tsx"):
        reader.references += ts_generic_bases(tree, symbols)
    reader.references += generic_calls(tree, language, symbols, reader.scope, reader.kinds(), FUNCTION_KINDS)
    reader.references += go_type_arguments(tree, language, reader.scope)
    if language == "ruby":
        reader.super_calls(captures.get("call.super", ()))
        reader.bare_calls(captures.get("call.bare", ()), _locals(captures, reader.scope))
    generics = _generic_scopes(captures.get("generic", ()))
    receiver_type_parameters(tree, language, generics)
    reader.named(captures, generics, _macro_arguments(captures.get("test", ())))
    if language == "rust":
        reader.references += macro_impls(source)
        reader.references += impl_generics(tree, reader.symbols)
    statements = sorted(captures.get("import", ()), key=_start)  # several patterns' captures come interleaved
    imports = [imp for node in statements for imp in IMPORT_READERS[language](node)]
    builtin = partial(is_builtin_result, language=language, defined=_defined(symbols, imports))
    if language == "ruby":
        return reader.nested_constants(reader.references + reader.bindings(captures, False, builtin=builtin)), imports
    values = captures.get("value", ())
    reader.values(unshadowed(values) if language == "rust" else values)  # a Rust local passed is no function
    if language != "python":
        reader.reads(captures.get("read", ()))  # a JavaScript or TypeScript getter runs where it is read
        bound = reader.bindings(captures, language in DECLARATOR_LANGUAGES, unknown=language in UNKNOWN_ATTRIBUTES,
                                 builtin=builtin)
        if language == "rust":  # after the lets' own records: ``let arr = match ...`` is typed by its arm
            bound += variant_bindings(tree, reader.scope)
            bound += alias_types(tree, {(s.name_line, s.name): s.qualname for s in symbols})
        held = instance_members(tree, source, symbols) if language in JS_MEMBER_LANGUAGES else []
        getters = _getters(symbols) if language in JS_MEMBER_LANGUAGES else []
        return reader.references + bound + anonymous + held + getters, imports
    reader.reads(captures.get("read", ()))
    decorators = decorator_calls(symbols, reader.references)
    bound = reader.bindings(captures, False, injections(path, source, symbols, decorators), either=True,
                             builtin=builtin, defined=_defined(symbols, imports), rebound=rebound)
    return (reader.references + bound + _properties(symbols, decorators) + _decorations(symbols, source)
            + _property_getters(symbols, source)), imports


def _defined(symbols: Sequence[Symbol], imports: list[ImportRow]) -> frozenset[str]:
    """Return the names a file defines at its top level or imports: in that file they hide a
    builtin of the same name (a JavaScript ``class Map``, a Python ``from .terms import Array`` or
    ``def sorted``); a method or a nested function hides nothing outside it."""
    return frozenset({s.name for s in symbols if "." not in s.qualname} | {imp[0] for imp in imports})


class _Reader:
    """Turn the captures of one file into reference rows."""

    __slots__ = ("_classes", "_kinds", "heads", "narrowing", "references", "scopes", "setters", "symbols")

    def __init__(self, scopes: list[str | None], symbols: Sequence[Symbol] = ()) -> None:
        self.scopes = scopes
        self.heads: Heads = {}
        """The first lines of the callbacks painted apart (``blocks.callback_scopes``)."""
        self.symbols = symbols
        self.references: list[RefRow] = []
        self._classes: list[str | None] | None = None
        self._kinds: dict[str, str] | None = None
        self.setters: frozenset[int] = frozenset()
        """The node ids of the Ruby calls assigned to (``obj.x = v`` calls ``x=``)."""
        self.narrowing: Narrowing | None = None
        """The file's ``instanceof``/``isinstance`` tests, where it has any (``narrowing.py``)."""

    def class_at(self, line: int) -> str | None:
        """Return the innermost class whose span holds a line: a base type belongs to the class
        whose header lists it, even where a method starts on the same line (``class A : B {
        void f(); }``)."""
        if self._classes is None:
            self._classes = scope_lines(self.symbols, CLASS_SCOPE_KINDS)
        return self._classes[line] if line < len(self._classes) else None

    def scope(self, line: int) -> str | None:
        """Return the scope qualname of a line."""
        return self.scopes[line] if line < len(self.scopes) else None

    def calls(self, nodes: Sequence[Node], errors: bool = True) -> None:
        """Record calls, the most common capture by far: inline, each callee's name read once per
        text (a callee parsed without error reads the same wherever the same text is called;
        ``errors``: whether the tree has any, else no callee needs asking)."""
        scopes, append, narrow = self.scopes, self.references.append, self.narrowing
        last = len(scopes)
        read: dict[bytes, str] = {}
        for node in nodes:
            if node.type == "await_expression" and node.named_child_count:
                # TypeScript's ``await _.reduce<T>(xs)`` parses as a call of ``await _.reduce``:
                # the call is of ``_.reduce``, awaited (it had been a call of ``?``)
                node = node.named_children[0]
            # a callee longer than a name can be (a builder's chain) is read, not copied and kept
            text = node.text or b"" if node.end_byte - node.start_byte <= names.PLAIN_BYTES else None
            name = read.get(text) if text is not None else None
            if name is None:
                name = names.dotted(node)
                if text is not None and (not errors or not node.has_error):
                    read[text] = name
            if narrow is not None and node.type in NARROWED:
                name = narrow.call(node, name)
            line = node.end_point[0] + 1
            append(("call", name, line, scopes[line] if line < last else None))

    def reads(self, nodes: Sequence[Node]) -> None:
        """Record Python attributes read, neither called nor assigned to (``conn.size``, and
        ``conn.size`` of ``conn.size.bit_length()``): reading a ``@property`` runs it, and the graph
        keeps the reads that reach one (``graph/link.py``). A dunder (``x.__class__``) and a
        receiver that is no name (``xs[0].size``) are left: no property is read through them."""
        scopes, append = self.scopes, self.references.append
        last = len(scopes)
        for node in nodes:
            if node.end_byte - node.start_byte > names.PLAIN_BYTES:
                continue  # no property is read through a receiver longer than a name (x.a.a... crafted)
            parent = node.parent
            if parent is not None and parent.type in READ_CONTEXTS and READ_CONTEXTS[parent.type](node, parent):
                continue
            attribute = node.child_by_field_name("attribute") or node.child_by_field_name("property")
            text = attribute.text if attribute is not None else None
            if not text or text.startswith(b"__"):
                continue
            name = names.dotted(node)
            if name.startswith(names.UNKNOWN):
                continue
            line = node.end_point[0] + 1
            append(("read", name, line, scopes[line] if line < last else None))

    def values(self, nodes: Sequence[Node]) -> None:
        """Record Go arguments written as names (``http.HandleFunc("/", handler)``): a function
        passed as a value is used there, and the graph keeps the reads that reach one."""
        scopes, append = self.scopes, self.references.append
        last = len(scopes)
        for node in nodes:
            name = names.dotted(node)
            if name.startswith(names.UNKNOWN) or name == "_":
                continue
            line = node.start_point[0] + 1
            append(("read", name, line, scopes[line] if line < last else None))

    def member_calls(self, nodes: Sequence[Node], ruby: bool = False) -> None:
        """Record calls written as a receiver and a method (Java, PHP, Ruby), each at the line of
        the method's name. In Ruby, ``Foo.new`` instantiates ``Foo`` (a ``new``, as ``new Foo``
        elsewhere), and a call without receiver is made on ``self`` (``implicit``); in PHP, a call
        on a variable an ``instanceof`` around it tests is made on that class (``narrowing.py``)."""
        for node in nodes:
            name_node = node.child_by_field_name(names.INVOCATIONS[node.type][1]) or node
            line = name_node.start_point[0] + 1
            name = names.invocation(node)
            if ruby:
                self.ruby_call(node, name_node, name, line)
            else:
                self.add("call", self.narrowing.call(node, name) if self.narrowing is not None else name, line)
                if node.type == "method_invocation" and "." not in name:
                    self.arguments(node, name, line)

    def arguments(self, node: Node, name: str, line: int) -> None:
        """Record how many arguments a bare Java call passes, in a method or constructor (``arities.py``)."""
        count = argument_count(node)
        scope = self.scope(line)
        if count is not None and self.kinds().get(symbol_scope(scope) or "") in FUNCTION_KINDS:
            self.add("local", f"{ARGS}{name}:{count}", line, scope)

    def method_references(self, nodes: Sequence[Node]) -> None:
        """Record Java method references as calls of the method they name, at the line of its
        name (``IOUtils::charArray`` calls ``IOUtils.charArray``, ``this::accept`` ``this.accept``,
        as ``this.accept()`` does), and a constructor reference as an instantiation
        (``ArrayList::new``): javac attributes each to that method or constructor."""
        for node in nodes:
            receiver, last = node.children[0], node.children[-1]
            line = last.start_point[0] + 1
            if receiver.type == "generic_type":  # List<String>::size is List's
                receiver = receiver.named_children[0]
            if last.type == "new":
                made = names.type_name(receiver) if receiver.type != "array_type" else None
                if made:
                    self.add("new", made, line)
            elif last.type == "identifier" and receiver.type != "array_type":
                head = names.dotted(receiver)
                if head != names.UNKNOWN and not head.startswith(names.UNKNOWN + "."):
                    self.add("call", head + "." + (last.text or b"").decode("utf-8", "replace"), line)

    def ruby_call(self, node: Node, method: Node, name: str, line: int) -> None:
        """Record one Ruby call: ``Foo.new`` instantiates ``Foo``; a call without receiver is made
        on ``self`` (``implicit``); ``self.x`` in a module calls the module's ``x`` (its own, or
        the includer's, which has it), as a bare ``x`` there does; ``obj.x = v`` calls ``x=``."""
        receiver = node.child_by_field_name("receiver")
        if method.text == b"new" and receiver is not None:
            made = names.type_name(receiver)
            if made is not None and made.rpartition(".")[2][:1].isupper():
                self.add("new", made, line)
                return
        if self.setters and node.id in self.setters:
            name += "="
        if receiver is None:
            name = self.implicit(name, line)
        elif receiver.type == "self" and self.container(line) == "module":
            name = name.removeprefix("self.")
        self.add("call", name, line)
        sent = _sent_symbol(node, method)
        if sent is not None:  # the method the symbol names is called too, on the same receiver
            self.add("call", self.implicit(sent, line) if receiver is None
                     else name.rpartition(".")[0] + "." + sent if "." in name else sent, line)

    def super_calls(self, nodes: Sequence[Node]) -> None:
        """Record Ruby's ``super``: a call of the enclosing method's namesake in the base class."""
        for node in nodes:
            line = node.start_point[0] + 1
            scope = self.scope(line)
            method = scope is not None and self.kinds().get(scope) in FUNCTION_SCOPE_KINDS
            self.add("call", "super." + scope.rpartition(".")[2] if method and scope else "super", line)

    def bare_calls(self, nodes: Sequence[Node], bound: dict[str | None, set[bytes]]) -> None:
        """Record the Ruby identifiers that name no local of their scope (``bound``): each a method
        called without receiver or arguments, as Ruby reads it."""
        for node in nodes:
            line = node.start_point[0] + 1
            text = node.text or b""
            if text in bound.get(self.scope(line), ()):
                continue
            self.add("call", self.implicit(text.decode("utf-8", "replace"), line), line)

    def implicit(self, name: str, line: int) -> str:
        """Return a Ruby call without receiver as the resolver should read it: in code of a class,
        ``self.name`` (Ruby calls it on ``self``: a method of the class or of its bases); as
        written for Kernel's and Module's methods (``puts``, ``attr_reader``), for a function
        defined at the top of the file, and in a module or at the top level (where the resolver
        finds a nested or top-level definition of the name)."""
        if name in RUBY_KERNEL or self.kinds().get(name) == "function":
            return name
        return "self." + name if self.container(line) == "class" else name

    def container(self, line: int) -> str | None:
        """Return ``class`` or ``module``: what the innermost class or module around a line of
        Ruby is (``None`` at the top level)."""
        kinds = self.kinds()
        scope = self.scope(line)
        while scope:
            kind = kinds.get(scope)
            if kind in CLASS_SCOPE_KINDS:
                return "class"
            if kind == "module":
                return kind
            scope = scope.rpartition(".")[0]
        return None

    def nested_constants(self, rows: list[RefRow]) -> list[RefRow]:
        """Qualify each Ruby constant a reference or a binding's type starts with by the module or
        class of this file it is nested in, looked up as Ruby does, from the innermost scope out
        (``Store`` written inside ``module Shop`` is ``Shop.Store``); a base class is looked up
        from around its class (``class Root < Paths``)."""
        kinds = self.kinds()
        out = []
        for kind, name, line, scope in rows:
            start = scope.rpartition(".")[0] if kind == "inherit" and scope else scope
            if kind == "local":
                bound, colon, typed = name.partition(":")
                if typed:
                    name = bound + colon + _nested(typed, start, kinds)
            else:
                name = _nested(name, start, kinds)
            out.append((kind, name, line, scope))
        return out

    def kinds(self) -> dict[str, str]:
        """Return the kind of each symbol of the file by qualname."""
        if self._kinds is None:
            self._kinds = {s.qualname: s.kind for s in self.symbols}
        return self._kinds

    def named(self, captures: dict[str, list[Node]], generics: dict[str, list[tuple[int, int]]],
              skipped: frozenset[int] = frozenset()) -> None:
        """Record references to types and constructors written as plain names, in written order
        (a class's bases are looked up in the order they are listed); a name a generic
        declaration around it gives a type parameter is no reference, nor a name written where
        ``skipped`` says (a test macro's arguments)."""
        found = [(node, capture) for capture in NAMED_CAPTURES for node in captures.get(capture, ())]
        found += [(node, "new.member") for node in captures.get("new.member", ())]
        found += [(node, "inherit") for node in _mixed_in(captures.get("inherit.mixin", ()))]
        found += [(node, "new") for node in captures.get("new.direct", ()) if self.direct_init(node)]
        found += [(node, "inherit") for node in captures.get("inherit.made", ()) if _class_new(node)]
        found += [(node, "inherit.intersected") for node in _intersected(captures.get("inherit.intersection", ()))]
        implemented: dict[tuple[str, int], set[str]] = {}
        for node, capture in sorted(found, key=lambda item: item[0].start_byte):
            if skipped and node.start_byte in skipped:
                continue
            name = names.type_name(node)
            if name and node.type == "generic_type" and (names.java_container(node) is not None or names.ts_container(node)):
                name = names.dotted(node)  # java List<Route>: a use of the JDK's List (what Route[] says of its values)
            if not name:
                continue
            spans = generics.get(name)
            if spans and any(start <= node.start_byte < end for start, end in spans):
                continue
            line, sub = node.start_point[0] + 1, None
            if capture == "inherit.impl" and node.parent is not None:  # rust impl Trait for Type
                sub = names.type_name(node.parent.child_by_field_name("type"))
                _macro_impl(node.parent, sub, name, implemented)
                primitive = impl_scope(node.parent, generics)
                if primitive is not None:  # what a primitive's or any type's value may call (primitive_impls.py)
                    self.references.append(record(name, line, primitive))
            elif capture == "inherit":
                sub = self.class_at(line)
            elif capture == "inherit.intersected":  # type Mixed = A & B: the alias around it
                sub = max(((s.start_line, s.qualname) for s in self.symbols
                           if s.kind == "type" and s.start_line <= line <= s.end_line), default=(0, None))[1]
                if sub is None:
                    continue
            elif capture == "inherit.prototype":
                sub = prototype_subtype(node)
                if sub is None:
                    continue
                sub = qualified(sub, self.scope(line), self.kinds())
            elif capture == "new.member" and "." not in name:  # main_(1, 2): this->main_'s type
                name = MEMBER_BUILT + name
            self.add(NAMED_CAPTURES.get(capture, "new"), name, line, sub)
        for (method, line), traits in implemented.items():
            if len(implemented_by(implemented, method)) == 1:
                self.add("local", f"self:{traits.pop()}", line, method)

    def direct_init(self, type_node: Node) -> bool:
        """Tell whether a C++ declaration the grammar read as a function's (``Widget w(a);``,
        ``std::lock_guard<std::mutex> lock(m);``: ``a`` and ``m`` taken for parameter types)
        constructs a variable: it does in a function body where each "parameter" is a lone name
        (a function declared in a function body is rare; ``int f(int);`` has no lone name)."""
        declarator = type_node.parent.child_by_field_name("declarator") if type_node.parent is not None else None
        parameters = declarator.child_by_field_name("parameters") if declarator is not None else None
        if parameters is None or not parameters.named_children:
            return False
        scope = symbol_scope(self.scope(type_node.start_point[0] + 1))  # an overload's block: its function
        if self.kinds().get(scope or "") not in FUNCTION_SCOPE_KINDS:
            return False
        return all(p.type == "parameter_declaration" and p.named_child_count == 1
                   and p.named_children[0].type in LONE_NAMES for p in parameters.named_children)

    def add(self, kind: str, name: str, line: int, scope: str | None = None) -> None:
        """Record one reference."""
        self.references.append((kind, name, line, scope or self.scope(line)))

    def bindings(
        self, captures: dict[str, list[Node]], declarators: bool, injected: Injections | None = None,
        unknown: bool = False, either: bool = False, builtin: Callable[[str], bool] = lambda typed: False,
        defined: frozenset[str] | None = None, rebound: Rebound | None = None,
    ) -> list[RefRow]:
        """Return the local bindings worth recording: of names some reference starts with, of
        globals (other files may use them), C/C++ declarators, and every return; then of the names
        those bindings' types start with (``append = result.append``, ``return result``: what
        ``result`` is makes what ``append`` and the function's result are), a few rounds deep.
        ``injected``: the tests and fixtures whose parameters pytest fills (``fixtures.py``);
        ``unknown``: the attributes set to values of no known type too (``UNKNOWN_ATTRIBUTES``);
        ``either``: a function returning values of several types returns their union (Python);
        ``builtin``: whether a type is a builtin's result in the file (``builtin_results``);
        ``defined``: a Python file's top-level and imported names, given where its calls type its
        functions' parameters (``passed.py``); ``rebound``: Python's rebinding blocks, whose other
        names are their function's (``blocks.python_rebinds``)."""
        heads = _heads({r[1] for r in self.references})
        wanted = {h.encode() for h in heads}
        wanted |= {h[5:] for h in wanted if h.startswith((b"self.", b"this."))}
        wanted -= RECEIVER_TEXTS  # ``self`` is every method's first parameter, and never a local
        chosen: list[tuple[int, int, Node, str, bytes | None]] = []
        rest: list[tuple[int, int, Node, str, bytes | None]] = []
        scopes, last = self.scopes, len(self.scopes)
        for capture, nodes in captures.items():
            if not capture.startswith("local"):
                continue
            always = (capture in RETURN_CAPTURES or capture in ATTRIBUTE_CAPTURES  # other files read attributes
                      or capture in ALIAS_CAPTURES  # and declare with type aliases
                      or capture in ("local.position", "local.functional"))  # and type a function's parameters by its context
            for node in nodes:
                line = node.start_point[0] + 1
                if always or (declarators and node.type.endswith("declarator")):
                    chosen.append((node.start_byte, line, node, capture, None))
                    continue
                text = node.text
                # globals: other files may use them; a TypeScript ``this: Ajv`` parameter: what ``this`` is there
                # a loop's ``cls`` shadows the class (``for cls in kinds: cls(x)``): bound, it is no receiver
                if (text in wanted or line >= last or scopes[line] is None or text == b"this"
                        or text in RECEIVER_TEXTS and (loop_target(node) or go_declared(node))  # go's self := ...
                        or capture == "local.typed" and class_member(node)):  # other files read a class's fields
                    chosen.append((node.start_byte, line, node, capture, text))
                else:
                    rest.append((node.start_byte, line, node, capture, text))
        found = Bindings(self.scope, injected, self.heads, either, builtin, passed=defined is not None)
        for _ in range(TYPE_ROUNDS):
            chosen.sort(key=_first)  # the first binding of an attribute gives its type: read in written order
            for offset, line, node, capture, text in chosen:
                found.read(capture, node, line, offset, text)
            more = found.type_heads() - wanted
            if not more or not rest:
                break
            wanted |= more
            heads |= {h.decode("utf-8", "replace") for h in more}
            chosen = [item for item in rest if item[4] in more]
            rest = [item for item in rest if item[4] not in more]
        calls = captures.get("call", ())
        written = [row[1] for row in self.references[:len(calls)]]  # ``calls`` made these rows first, in order
        if defined is not None and len(written) == len(calls):
            found.settle_appends(zip(calls, written))
            found.settle_stores(captures.get("stored", ()))
            found.settle_parameters(zip(calls, written), self.kinds(), defined)
        found.lift(rebound or {})
        found.settle_attributes()
        return found.references(heads) + (found.unknown_attributes() if unknown else [])


UNKNOWN_ATTRIBUTES = frozenset({"javascript", "typescript", "tsx"})
"""Languages whose attributes set to values of no known type are recorded (``this.x``): a
constructor function's attribute is typed only where all its methods agree on one type."""


def _properties(symbols: Sequence[Symbol], decorators: dict[int, list[str]]) -> list[RefRow]:
    """Mark the methods decorated with ``@property`` (or ``cached_property``), and the class
    attributes made by calling ``property`` (``diameter = property(_get_diameter)``): a local
    ``<property>`` in its scope."""
    classes = {s.qualname for s in symbols if s.kind == "class"}
    return [("local", PROPERTY, s.name_line, s.qualname) for s in symbols
            if s.kind == "method" and any(_property_decorator(name) for line in range(s.start_line, s.name_line)
                                          for name in decorators.get(line, ()))
            or s.kind == "variable" and s.qualname.rpartition(".")[0] in classes
            and PROPERTY_CALL.match(s.signature or "") is not None]


PROPERTY_GETTER = re.compile(
    rb"=\s*property\(\s*(?:lambda\s+(\w+)\s*:\s*\1\s*\.\s*([A-Za-z_]\w*)\s*[,)]|([A-Za-z_]\w*)\s*[,)])")
"""A Python class attribute made by ``property`` with its getter first: a lambda reading an
attribute (``media = property(lambda self: self._media, _setMedia)``) or a method named
(``cssText = property(_getCssText, ...)``)."""


def _property_getters(symbols: Sequence[Symbol], source: bytes) -> list[RefRow]:
    """Bind the return of each Python class attribute made by ``property`` to what its getter gives
    (``self._media``, ``self._getCssText()``): reading it is what the getter returns, as jedi reads
    it. cssutils' ``r.media.appendMedium('tv')`` (``media = property(lambda self: self._media,
    ...)``, ``self._media = MediaList(...)``) had reached nothing."""
    classes = {s.qualname for s in symbols if s.kind == "class"}
    found: list[RefRow] = []
    lines = None
    for symbol in symbols:
        if symbol.kind != "variable" or symbol.qualname.rpartition(".")[0] not in classes \
                or "property(" not in (symbol.signature or ""):
            continue
        lines = source.split(b"\n") if lines is None else lines
        written = b" ".join(lines[symbol.start_line - 1:symbol.end_line])
        getter = PROPERTY_GETTER.search(written)
        if getter is None:
            continue
        attribute, method = getter.group(2), getter.group(3)
        typed = f"self.{attribute.decode()}" if attribute else f"self.{method.decode()}()"
        found.append(("local", f"{RETURN}:{typed}", symbol.name_line, symbol.qualname))
    return found


def _property_decorator(name: str) -> bool:
    """Tell whether a decorator makes a method a property: ``property``, ``cached_property``, or a
    descriptor named as one (python-docx's ``@lazyproperty def rels(self)``, werkzeug's
    ``cached_property``, ``abc.abstractproperty``): ``self.rels`` reads what the method returns (jedi
    reads it through the descriptor's ``__get__``), where it had been the method, its members nothing."""
    return name in PROPERTY_DECORATORS or name.rpartition(".")[2].lower().endswith("property")


def _getters(symbols: Sequence[Symbol]) -> list[RefRow]:
    """Mark JavaScript and TypeScript getters (``get _root(): Root``) as properties: a read of one
    (``this._root.render()``) is what it returns, as a Python ``@property``'s is."""
    return [("local", PROPERTY, s.name_line, s.qualname) for s in symbols
            if s.kind == "method" and GETTER.match(s.signature or "") is not None]


GETTER = re.compile(r"(?:(?:public|private|protected|static|override|async)\s+)*get\s+[#$\w]+\s*\(")
"""A getter's signature as a JavaScript or TypeScript class writes it (``private get _root(): Root {``)."""


BARE_DECORATOR = re.compile(rb"\s*@\s*([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)\s*(?:#.*)?")
"""A decorator line that names what it applies, called with the function alone (``@curry``,
``@functools.lru_cache``), not a call whose result is applied (``@app.route("/")``)."""


FACTORY_DECORATOR = re.compile(rb"\s*@\s*([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)\s*\(")
"""A decorator line that calls a name and applies its result (``@click.group()``, ``@cli.command("x",``)."""


def _decorations(symbols: Sequence[Symbol], source: bytes) -> list[RefRow]:
    """Bind each function decorated first (outermost) by a bare name to that name: a local
    ``<decorated>:curry`` in the function's scope. ``@curry def add`` makes ``add`` an instance of
    the class ``curry``, and ``add.bind(1)`` calls ``curry.bind`` (it had been a member of the
    function, tied to nothing). One decorated first by a call is bound to the call
    (``<decorated>:click.group()`` for ``@click.group()``): what the call's function declares it
    returns may make the function an instance of a class (``Resolver.decorated``)."""
    decorated = [s for s in symbols if s.kind == "function" and s.start_line < s.name_line]
    if not decorated:
        return []
    lines = source.split(b"\n")
    found: list[RefRow] = []
    for symbol in decorated:
        line = lines[symbol.start_line - 1] if symbol.start_line <= len(lines) else b""
        bare = BARE_DECORATOR.fullmatch(line)
        called = FACTORY_DECORATOR.match(line) if bare is None else None
        if bare is not None or called is not None:
            name = re.sub(rb"\s+", b"", (bare or called).group(1)).decode("utf-8", "replace")  # type: ignore[union-attr]
            found.append(("local", f"{DECORATED}:{name}{'()' if called else ''}", symbol.name_line, symbol.qualname))
    return found


PARAMETER_LISTS = frozenset({"type_parameters", "type_parameter_list", "template_parameter_list"})
"""The node that lists a declaration's type parameters; its parent is the declaration."""


def _generic_scopes(nodes: Sequence[Node]) -> dict[str, list[tuple[int, int]]]:
    """Map each type parameter's name to the byte spans of the declarations that introduce it."""
    scopes: dict[str, list[tuple[int, int]]] = {}
    for node in nodes:
        holder = node.parent
        while holder is not None and holder.type not in PARAMETER_LISTS:
            holder = holder.parent
        declaration = holder.parent if holder is not None else None
        if declaration is not None and node.text:
            scopes.setdefault(node.text.decode("utf-8", "replace"), []).append(
                (declaration.start_byte, declaration.end_byte)
            )
    return scopes


def _macro_arguments(nodes: Sequence[Node]) -> frozenset[int]:
    """Return where the arguments of the test macros among these definitions start."""
    return frozenset(name.start_byte for node in nodes for name in test_macro_parts(node) or ())


def _nested(name: str, scope: str | None, kinds: dict[str, str]) -> str:
    """Return a name whose first segment is a Ruby constant, qualified by the innermost enclosing
    scope that defines it (``kinds``: the file's symbols); any other name as it is."""
    first = name.partition(".")[0].removesuffix("()")
    if not first[:1].isupper():
        return name
    while scope:
        if f"{scope}.{first}" in kinds:
            return f"{scope}.{name}"
        scope = scope.rpartition(".")[0]
    return name


def _class_new(argument: Node) -> bool:
    """Tell whether a Ruby call's first argument is the base of the class it makes: ``Base`` of
    ``Class.new(Base)``."""
    call = argument.parent.parent if argument.parent is not None else None
    receiver = call.child_by_field_name("receiver") if call is not None else None
    method = call.child_by_field_name("method") if call is not None else None
    return receiver is not None and method is not None and receiver.text == b"Class" and method.text == b"new"


def _mixed_in(nodes: Sequence[Node]) -> list[Node]:
    """Return the modules a Ruby class's ``include``, ``extend`` and ``prepend`` name (the
    ``nodes``): its bases, as a Python class's mixins are."""
    out = []
    for node in nodes:
        arguments = node.parent.child_by_field_name("arguments") if node.parent is not None else None
        out += [a for a in arguments.named_children if a.type in RUBY_CONSTANTS] if arguments is not None else []
    return out


def _intersected(nodes: Sequence[Node]) -> list[Node]:
    """Return the types a TypeScript type alias intersects (``type MixedInParser = ErrorHandler &
    LexerAdapter & ...``, the ``nodes``), stands for (``type AnyStateNode = StateNode<any, any>``)
    or joins (``type Snapshot = Active | Done``): its bases, whose members a value of it has
    (chevrotain's traits call each other through ``this: MixedInParser``; xstate's ``stateNode:
    AnyStateNode`` calls ``StateNode.next``; a joined type's, ``Resolver.joined_member``)."""
    out: list[Node] = []
    todo = list(nodes)
    while todo:
        node = todo.pop()
        if node.type in INTERSECTED:
            out.append(node)
            continue
        for part in node.named_children:
            if part.type in ALIAS_JOINS:
                todo.append(part)
            elif part.type in INTERSECTED:
                out.append(part)
    return out


ALIAS_JOINS = frozenset({"intersection_type", "union_type"})
"""What joins the types a type alias is made of (``A & B``, ``A | B``, nested)."""


INTERSECTED = frozenset({"type_identifier", "nested_type_identifier", "generic_type"})
"""The parts of an intersection that name a type (``A``, ``ns.A``, ``A<T>``), not an object literal type."""


RUBY_CONSTANTS = frozenset({"constant", "scope_resolution"})
"""Ruby nodes that name a class or module (``Foo``, ``Foo::Bar``)."""


def _locals(captures: dict[str, list[Node]], scope: Callable[[int], str | None]) -> dict[str | None, set[bytes]]:
    """Return the names each scope binds as locals (Ruby's parameters and assigned names): Ruby
    reads an identifier as a local where its scope assigns it, else as a method call."""
    bound: dict[str | None, set[bytes]] = {}
    for capture in RUBY_LOCALS:
        for node in captures.get(capture, ()):
            bound.setdefault(scope(node.start_point[0] + 1), set()).add(node.text or b"")
    return bound


RUBY_LOCALS = ("local", "local.assigned")
"""The captures of a Ruby local's name (not an attribute's, nor a returned value)."""


def _first(item: tuple[int, int, Node, str, bytes | None]) -> int:
    """Return where a chosen binding starts."""
    return item[0]


def _start(node: Node) -> int:
    """Return where a node starts."""
    return node.start_byte


def _macro_impl(impl: Node, owner: str | None, trait: str, implemented: dict[tuple[str, int], set[str]]) -> None:
    """Note the trait each method of a Rust ``impl Trait for $T`` implements, where ``$T`` is a
    macro's metavariable (num-integer's ``impl Integer for $T`` in ``impl_integer_for_isize!``):
    ``self`` there is a value of the trait. The methods are named under ``$T``, no type of the
    file, and ``self.extended_gcd(other)`` (a default method of the trait) had reached nothing."""
    written = impl.child_by_field_name("type")
    body = impl.child_by_field_name("body")
    if written is None or written.type != "metavariable" or not owner or body is None:
        return
    for item in body.named_children:
        named = item.child_by_field_name("name") if item.type == "function_item" else None
        if named is not None and named.text:
            method = f"{owner}.{named.text.decode('utf-8', 'replace')}"
            implemented.setdefault((method, item.start_point[0] + 1), set()).add(trait)


def implemented_by(implemented: dict[tuple[str, int], set[str]], method: str) -> set[str]:
    """Return every trait the file's macro impls implement a method of this name for: ``self`` is
    typed only where one trait is (two macros' ``impl A for $T`` and ``impl B for $T`` both
    defining ``$T.new`` share its scope, and either trait could be wrong for the other's body)."""
    return {t for (m, _), traits in implemented.items() if m == method for t in traits}


def _heads(written: set[str]) -> set[str]:
    """Return the prefixes of referenced names that a local binding could shadow (``a``, ``a.b``)."""
    heads = set()
    for name in written:
        if name.startswith(GIVEN):  # a call's arguments type its generic result: bind them too
            heads |= _heads(set(name.partition(":")[2].split(",")))
            continue
        head, _, rest = name.replace(names.ELEMENT, "").partition(".")  # nodes[i].check: nodes, as nodes.check
        heads.add(head)
        if rest:
            heads.add(head + "." + rest.partition(".")[0])
    return heads
