"""Render callee and type expressions as dotted names (``self.load``, ``pkg.func``, ``?.bar``).

Every separator (``.``, ``::``, ``->``) becomes ``.``. A receiver that is the result of a call to a
plain name keeps the call: ``Foo().bar`` renders ``Foo().bar`` (the resolver types it by the class or
the callee's return type). Any other receiver (a subscript, a literal, ``f()()``) becomes ``?``:
``x[0].bar`` renders ``?.bar`` and stays unresolved. ``super()`` in Python renders ``super``.

PHP: a namespace path (``\\App\\Cache``) renders dotted without its leading ``\\`` (``App.Cache``),
a variable keeps its ``$`` (``$cache.get``: never a function or class of that name) except
``$this``, which renders ``this``; ``static::`` renders ``self`` and ``parent::`` ``super``. Ruby:
``@x`` renders ``self.x``, ``Foo.new`` as a receiver ``Foo()`` (an instance), ``self.class``
``self``, and a constant from the top level keeps its leading ``::`` as an empty first segment
(``::Shop::Base`` renders ``.Shop.Base``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from tree_sitter import Node

from maguyva_tui.core.parsing.facts.marks import ALTERNATIVES as ALTERNATIVES
from maguyva_tui.core.parsing.facts.marks import ARRAY_TYPE as ARRAY_TYPE
from maguyva_tui.core.parsing.facts.marks import ELEMENT as ELEMENT
from maguyva_tui.core.parsing.facts.marks import GROUPED_ARRAY as GROUPED_ARRAY
from maguyva_tui.core.parsing.facts.marks import ITERATED as ITERATED
from maguyva_tui.core.parsing.facts.marks import MAPPING_KEY as MAPPING_KEY
from maguyva_tui.core.parsing.facts.marks import RUST_INTEGERS as RUST_INTEGERS
from maguyva_tui.core.parsing.facts.marks import TRAIT_SEPARATOR as TRAIT_SEPARATOR
from maguyva_tui.core.parsing.facts.marks import UNION_TYPE as UNION_TYPE
from maguyva_tui.core.parsing.facts.rust_bounds import bound_traits
from maguyva_tui.core.parsing.languages import parse
from maguyva_tui.core.parsing.trait_impls import IMPL_LABEL

PLAIN = re.compile(rb"[A-Za-z_$][A-Za-z0-9_$]*(?:(?:\.|::|->)[A-Za-z_$][A-Za-z0-9_$]*)*")
"""A callee written as a plain dotted name: its text is its name."""

UNKNOWN = "?"
"""The receiver placeholder for an expression that is not a name."""

NAME_TYPES: frozenset[str] = frozenset(
    {
        "identifier",
        "field_identifier",
        "property_identifier",
        "private_property_identifier",
        "type_identifier",
        "namespace_identifier",
        "package_identifier",
        "shorthand_property_identifier",
        "primitive_type",
        "this",
        "self",
        "super",
        "crate",
        "dotted_name",
        "name",  # php
        "constant",  # ruby
    }
)
"""Leaf nodes whose text is a name."""

MEMBER_FIELDS: dict[str, tuple[str, str]] = {
    "attribute": ("object", "attribute"),  # python a.b
    "member_expression": ("object", "property"),  # js/ts a.b
    "nested_type_identifier": ("module", "name"),  # ts ns.T
    "selector_expression": ("operand", "field"),  # go a.B
    "qualified_type": ("package", "name"),  # go pkg.T
    "field_expression": ("value", "field"),  # rust a.b (c/c++ use "argument")
    "scoped_identifier": ("path", "name"),  # rust a::b, java a.b
    "scoped_type_identifier": ("path", "name"),  # rust a::T
    "field_access": ("object", "field"),  # java a.b
    "qualified_identifier": ("scope", "name"),  # c++ a::b
    "member_access_expression": ("object", "name"),  # php $a->b
    "nullsafe_member_access_expression": ("object", "name"),  # php $a?->b
    "scope_resolution": ("scope", "name"),  # ruby A::B
}
"""Member-access nodes: (receiver field, member field)."""

WRAPPER_FIELDS: dict[str, str] = {
    "generic_function": "function",  # rust f::<T>
    "template_function": "name",  # c++ f<T>
    "template_method": "name",  # c++ a->make<T>: the method make
    "template_type": "name",  # c++ T<U>
    "generic_type": "",  # ts/java T<U>: the first named child
    "type": "",  # python annotation wrapper
    "type_annotation": "",  # ts ": T"
    "pointer_type": "",  # go *T
    # go []T, map[K]T, chan T: what is called on an element (an index, a range's value) is a T's,
    # and a slice, map or channel has no methods of its own to mistake for it ([N]T is left: rust
    # writes [T; N] with the same node and field, and a rust array has methods)
    "slice_type": "element",
    "map_type": "value",
    "channel_type": "value",
    "index_expression": "operand",  # go a[i]: an element of a's type (rust's has no fields: ?)
    "array_access": "array",  # java a[i]: an element of a's type, as go's (a T[] is read as a T)
    "reference_type": "type",  # rust &T
    "non_null_expression": "",  # ts a!
    "parenthesized_expression": "",
    "await_expression": "",  # js (await this.scheduler).run(): what the promise settles to
    "type_descriptor": "type",  # c++
    "struct_specifier": "name",  # c struct S
    "class_specifier": "name",
    "enum_specifier": "name",
    "named_type": "",  # php Foo in a declaration
    "optional_type": "",  # php ?Foo
}
"""Nodes that wrap the name that matters; an empty field means the first named child."""


MAX_NESTING = 64
"""Receivers read below a callee at most: a longer chain (``a().b().b()...``, a builder's
thousand calls) renders ``?`` past it, rather than running out of Python's stack."""

PLAIN_BYTES = 4096
"""A callee or type expression longer than this is read by walking it, never copied whole: the
copy of every prefix of a chain ``x.a.a...`` (or ``x.b().b()...``) had cost its square in time and
memory (a crafted 40 KB line: 29 s and 1.6 GB of a build); the walk stops at :data:`MAX_NESTING`."""


def dotted(node: Node | None, depth: int = 0) -> str:
    """Return the dotted name of a callee or type expression, ``?`` where it is not a name."""
    if node is None or depth > MAX_NESTING:
        return UNKNOWN
    text = node.text if node.end_byte - node.start_byte <= PLAIN_BYTES else None
    if text and PLAIN.fullmatch(text):  # the common case, without walking the node
        return text.decode("ascii").replace("::", ".").replace("->", ".")
    kind = node.type
    if kind in NAME_TYPES:
        text = node.text
        return text.decode("utf-8", "replace").replace("::", ".") if text else UNKNOWN
    member = MEMBER_FIELDS.get(kind)
    if member is not None:
        return _member(node, *member, depth)
    if kind == "index_expression" and node.child_by_field_name("operand") is not None:  # go xs[i]
        head = dotted(node.child_by_field_name("operand"), depth + 1)
        return head if UNKNOWN in head.split(".") or head.endswith(("()", ELEMENT)) else head + ELEMENT
    if kind == "index_expression" and node.named_child_count == 2:  # rust v[0], its parts unnamed
        head = dotted(node.named_children[0], depth + 1)
        return UNKNOWN if UNKNOWN in head.split(".") or head.endswith(("()", ELEMENT)) else head + ELEMENT
    if kind == "parenthesized_expression" and _dereferenced(node) is not None:  # rust (*self.map).detach()
        return dotted(_dereferenced(node), depth + 1)
    if kind == "sequence_expression" and node.named_child_count:  # js/ts (0, fn)(x): the last operand's value
        return dotted(node.named_children[-1], depth + 1)  # (tsc's CommonJS call of an import: (0, path_1.join)(a))
    if kind in WRAPPER_FIELDS:
        return dotted(_unwrap(node, WRAPPER_FIELDS[kind]), depth + 1)
    if kind in CALL_TYPES:
        appended = go_appended(node) if kind == "call_expression" and depth else None
        if appended is not None:  # go append(xl, yl...).norm(): of its first argument's type
            return dotted(appended, depth + 1)
        made = go_made(node) if kind == "call_expression" else None
        if made is not None:  # go new(T).m(), make(T, n).m(): a T, as T() is
            typed = type_name(made)
            return typed + "()" if typed else UNKNOWN
        return _call_result(node, depth)
    if kind == "type_assertion_expression":  # go x.(*Src).Read(), x.(copier[T]).Copy(): a Src, a copier
        typed = type_name(node.child_by_field_name("type"))
        return typed + "()" if typed else UNKNOWN
    if kind == "composite_literal":  # go (Options{}).m(): an Options, as Options() is
        typed = type_name(node.child_by_field_name("type"))
        return typed + "()" if typed else UNKNOWN
    if kind in PHP_PATHS:
        return php_path(node)
    if kind == "object_creation_expression":  # php (new Foo())->m(): an instance of Foo, as Foo() is
        created = dotted(node.named_children[0], depth + 1) if node.named_child_count else UNKNOWN
        return UNKNOWN if UNKNOWN in created.split(".") else created + "()"
    if kind == "instance_variable" and text:  # ruby @x: an attribute of self
        return "self." + text[1:].decode("utf-8", "replace")
    if kind in ASSERTIONS:  # typescript (x as Foo).m(), (<Foo>x).m(): a Foo, as Foo() is
        typed = asserted_type(node, kind)
        return typed + "()" if typed else UNKNOWN
    if kind == "type_cast_expression":  # rust (x as u64).m(), (x as $T).m()
        typed = cast_type(node)
        return typed + "()" if typed else UNKNOWN
    if kind == "cast_expression":  # java ((VirtualView) node).m(): a VirtualView, as VirtualView() is
        to = node.child_by_field_name("type")  # C's and C++'s casts (a type_descriptor) read as before
        if to is None or to.type not in JAVA_CAST_TYPES:
            return UNKNOWN
        name = dotted(to, depth + 1)
        return UNKNOWN if name == UNKNOWN else name + "()"
    if kind == "subscript_expression" and node.child_by_field_name("object") is not None:
        return _element(node, depth)
    if kind == "subscript_expression" and node.child_by_field_name("indices") is not None:  # c++ v[i], m[k]
        held = dotted(node.child_by_field_name("argument"), depth + 1)
        return UNKNOWN if UNKNOWN in held.split(".") or held.endswith(("()", ELEMENT)) else held + ELEMENT
    if kind == "unary_expression" and node.child_by_field_name("operand") is not None:  # go (&x).m(), (*p).m()
        operator = node.child_by_field_name("operator")
        if operator is not None and operator.type in ("&", "*"):  # x's (a pointer's methods are its type's)
            return dotted(node.child_by_field_name("operand"), depth + 1)
        return UNKNOWN
    if kind == "pointer_expression" and node.child(0) is not None and node.child(0).type == "*":
        return dotted(node.child_by_field_name("argument"), depth + 1)  # c/c++ *p: p's (an iterator's: resolver)
    if kind == "subscript" and node.child_by_field_name("value") is not None:  # python xs[0], d["k"]
        head = dotted(node.child_by_field_name("value"), depth + 1)
        if sliced(node):  # python tokens[1:]: a list like tokens, of the same elements
            return head
        return UNKNOWN if UNKNOWN in head.split(".") or head.endswith(("()", ELEMENT)) else head + ELEMENT
    if kind == "new_expression":  # js/ts (new Fitter(a, b)).fit(): an instance of Fitter, as Fitter() is
        created = dotted(node.child_by_field_name("constructor"), depth + 1)
        return UNKNOWN if UNKNOWN in created.split(".") or created.endswith(("()", ELEMENT)) else created + "()"
    return UNKNOWN


def sliced(node: Node) -> bool:
    """Tell whether a Python subscript is one slice (``tokens[1:]``, ``xs[::2]``): a sequence of the
    same kind as what it slices (marko's ``for cur in tokens[1:]: prev.relation(cur)`` had walked
    nothing)."""
    taken = node.children_by_field_name("subscript")
    return len(taken) == 1 and taken[0].type == "slice"


JAVA_CAST_TYPES = frozenset({"type_identifier", "scoped_type_identifier"})
"""The types a Java cast names that a call on it is typed by (``(VirtualView) node``, ``(a.B) x``);
a generic or array type, and C's or C++'s ``type_descriptor``, type nothing."""


TS_ARRAYS = frozenset({"array_type", "readonly_type", "generic_type"})
"""What a TypeScript annotation may hold that names an array (``Node[]``, ``readonly Node[]``,
``Array<Node>``; a ``generic_type`` of another name reads as before, its name)."""
ARRAY_TYPES = frozenset({"Array", "ReadonlyArray"})
"""TypeScript's generic array types: ``Array<Node>`` is a ``Node[]``."""


def _element(node: Node, depth: int) -> str:
    """Render a JavaScript or TypeScript ``a[0]`` as an element of ``a`` (``a[i]``), where the index
    is no string (``o["key"]`` reads a property) and ``a`` is a name (``f()[0]``, ``a[i][j]``: ``?``)."""
    index = node.child_by_field_name("index")
    if index is None or index.type in ("string", "template_string"):
        return UNKNOWN
    head = dotted(node.child_by_field_name("object"), depth + 1)
    if UNKNOWN in head.split(".") or head.endswith(("()", ELEMENT)):
        return UNKNOWN
    return head + ELEMENT


def cast_type(node: Node) -> str | None:
    """Return the type a Rust ``x as T`` names, ``None`` where it names no type a call can be read
    on: an integer type, or a macro's ``$T`` where that macro implements one trait for ``$T``
    before the cast (num-integer's ``impl Integer for $T`` in ``impl_integer_for_isize!``, then its
    tests' ``(-4 as $T).is_even()``, 14 of ``is_even``'s 18 callers missed): ``$T`` is that
    trait's implementor, as ``self`` in the impl is (``extract._macro_impl``)."""
    written = node.child_by_field_name("type")
    if written is None or not written.text:
        return None
    if written.type == "primitive_type":
        text = written.text.decode("ascii", "replace")
        return text if text in RUST_INTEGERS else None
    if written.type == "metavariable":
        return macro_trait(node, written.text)
    return None


_MACRO_GROUPS: list[tuple[Node, list[tuple[int, int, dict[bytes, set[tuple[int, str]]]]]]] = []
"""The last container read by :func:`macro_trait` and its groups (one entry: a file's casts are
read in a row; the node held keeps its tree alive, so no other tree's node can equal it)."""


def macro_trait(node: Node, metavariable: bytes) -> str | None:
    """Return the one trait a ``macro_rules!`` implements for a metavariable before ``node``.

    A transcriber is read where its definition stands (``rust_macros.unwrapped_macro_rules``): its
    items follow the definition's head as siblings of it, so the items from one ``macro_rules!``
    head to the next are one macro's (a macro defined in a transcriber starts a group of its own).
    ``None`` where the group implements no trait, or two, for the metavariable before the node."""
    container = node.parent
    while container is not None and container.type not in ("source_file", "declaration_list", "block"):
        container = container.parent
    while container is not None and not any(c.type == "macro_definition" for c in container.named_children):
        container = container.parent
    if container is None:
        return None
    if _MACRO_GROUPS and _MACRO_GROUPS[0][0] == container:
        groups = _MACRO_GROUPS[0][1]
    else:
        groups = _macro_groups(container)
        _MACRO_GROUPS[:] = [(container, groups)]
    at = node.start_byte
    for start, end, implemented in groups:
        if start < at < end:
            traits = {trait for impl_at, trait in implemented.get(metavariable, ()) if impl_at < at}
            return traits.pop() if len(traits) == 1 else None
    return None


def _macro_groups(container: Node) -> list[tuple[int, int, dict[bytes, set[tuple[int, str]]]]]:
    """Each ``macro_rules!`` head's span of a container's items, to the next head, with the traits
    its ``impl Trait for $T`` items implement for each metavariable (and where each impl starts)."""
    groups: list[tuple[int, int, dict[bytes, set[tuple[int, str]]]]] = []
    for item in container.named_children:
        if item.type == "macro_definition":
            if groups:
                groups[-1] = (groups[-1][0], item.start_byte, groups[-1][2])
            groups.append((item.start_byte, container.end_byte, {}))
        elif item.type == "impl_item" and groups:
            written, trait = item.child_by_field_name("type"), item.child_by_field_name("trait")
            named = type_name(trait) if written is not None and written.type == "metavariable" else None
            if named and written is not None and written.text:
                groups[-1][2].setdefault(written.text, set()).add((item.start_byte, named))
    return groups


ASSERTIONS: frozenset[str] = frozenset({"as_expression", "type_assertion"})
"""TypeScript's type assertions, ``x as Foo`` and ``<Foo>x``: the value is a ``Foo`` to the compiler,
and what is called on it is ``Foo``'s (``(last as TextNode).withText(...)`` had been tied to nothing).
``satisfies`` is left out: its value keeps its own type."""


def asserted_type(node: Node, kind: str | None = None) -> str | None:
    """Return the type a TypeScript ``x as Foo`` or ``<Foo>x`` asserts, ``None`` when it is not a
    plain named type (``as any``, ``as const``, ``as Foo | Bar``; ``as Foo | null`` is a ``Foo``)."""
    kind = kind or node.type
    if kind == "as_expression":
        written = node.named_children[-1] if node.named_child_count == 2 else None
    else:
        arguments = node.named_children[0] if node.named_child_count == 2 else None
        written = arguments.named_children[0] if arguments is not None and arguments.type == "type_arguments" \
            and arguments.named_child_count == 1 else None
    if written is None or written.type not in ASSERTED_TYPES:
        return None
    return type_name(written)


ASSERTED_TYPES: frozenset[str] = frozenset({"type_identifier", "nested_type_identifier", "generic_type", "union_type"})
"""Types an assertion may name a class or interface with (``Foo``, ``ns.Foo``, ``Foo<T>``, ``Foo | null``);
``any``, ``unknown``, ``const``, an object or function type name none."""


CALL_TYPES: frozenset[str] = frozenset({
    "call", "call_expression", "method_invocation", "function_call_expression", "type_conversion_expression",
    "member_call_expression", "nullsafe_member_call_expression", "scoped_call_expression",
})
"""Calls whose result may be a receiver: rendered ``callee()`` so the resolver can type it."""

PHP_PATHS: frozenset[str] = frozenset({"qualified_name", "namespace_name", "relative_name"})
"""PHP names written with their namespace (``\\App\\Cache``, ``Http\\Request``)."""

PHP_PATH = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\\[A-Za-z_][A-Za-z0-9_]*)*")
"""A PHP namespace path without its leading ``\\``."""


def php_path(node: Node) -> str:
    """Render a PHP namespace path dotted (``\\App\\Cache`` -> ``App.Cache``); a name relative to
    the current namespace (``namespace\\Foo``) renders as written after it."""
    text = (node.text or b"").decode("utf-8", "replace").lstrip("\\").removeprefix("namespace\\")
    return text.replace("\\", ".") if PHP_PATH.fullmatch(text) else UNKNOWN


GO_MAKERS = frozenset({b"new", b"make"})
"""Go's builtins that make a value of the type their first argument names."""


def go_made(node: Node) -> Node | None:
    """Return the type a Go ``new(T)`` or ``make(T, n)`` names (the grammar reads its first argument
    as a type), ``None`` for any other call."""
    function = node.child_by_field_name("function")
    if function is not None and function.type in ("template_function", "qualified_identifier"):
        return _cpp_made(function)  # c++ std::make_unique<T>(...)
    if function is None or function.type != "identifier" or function.text not in GO_MAKERS:
        return None
    arguments = node.child_by_field_name("arguments")
    first = arguments.named_children[0] if arguments is not None and arguments.named_child_count else None
    return first if first is not None and (first.type == "type_identifier" or first.type.endswith("_type")) else None


def go_appended(node: Node) -> Node | None:
    """Return the first argument of a Go ``append(xs, ...)``, whose result is of that argument's
    type; ``None`` for any other call (a call named ``append`` outside a Go file too)."""
    function = node.child_by_field_name("function")
    arguments = node.child_by_field_name("arguments")
    if (function is None or function.type != "identifier" or function.text != b"append" or arguments is None
            or arguments.type != "argument_list" or not arguments.named_child_count):
        return None
    root = node
    while root.parent is not None:
        root = root.parent
    return arguments.named_children[0] if any(c.type == "package_clause" for c in root.named_children) else None


CPP_MAKERS = frozenset({b"make_unique", b"make_shared"})
"""C++'s ``std::make_unique<T>(...)``, ``std::make_shared<T>(...)``: a T, held, as ``T(...)`` is."""


def _cpp_made(function: Node) -> Node | None:
    """Return the type a C++ ``std::make_unique<T>`` or ``make_shared<T>`` callee names."""
    callee: Node | None = function
    if function.type == "qualified_identifier":
        scope, callee = function.child_by_field_name("scope"), function.child_by_field_name("name")
        if scope is None or scope.text != b"std" or callee is None or callee.type != "template_function":
            return None
    if callee is None:
        return None
    name, arguments = callee.child_by_field_name("name"), callee.child_by_field_name("arguments")
    if name is None or name.text not in CPP_MAKERS or arguments is None or arguments.named_child_count != 1:
        return None
    made = arguments.named_children[0]
    return made.child_by_field_name("type") if made.type == "type_descriptor" else None


def _call_result(node: Node, depth: int) -> str:
    """Render a call used as a receiver (``Foo().bar``), ``super`` for Python ``super()``; a Ruby
    ``Foo.new`` is ``Foo()``, an instance of ``Foo``, and ``self.class`` the class, ``self``."""
    kind = node.type
    # go's New[int](3) parses as a conversion to a generic type: a call of New whatever New is
    function = node.child_by_field_name("type" if kind == "type_conversion_expression" else "function")
    if function is None and kind in INVOCATIONS:  # java, php, ruby: a receiver and a method
        callee = invocation(node, depth + 1)
        if kind == "call":
            if callee == "self.class":
                return "self"
            made = callee.removesuffix(".new")
            if made != callee and made.rpartition(".")[2][:1].isupper():
                callee = made
    elif kind == "call" and _is_python_super(function):
        return "super"
    elif kind == "call" and (casted := python_cast(node)) is not None:
        return casted if PLAIN_TYPE.fullmatch(casted) else UNKNOWN  # cast(CT_Tbl, x).tr_lst: a CT_Tbl's
    else:
        callee = dotted(function, depth + 1)
    if UNKNOWN in callee.split(".") or callee.endswith("()"):
        return UNKNOWN
    return callee + "()"


def _member(node: Node, receiver_field: str, member_field: str, depth: int) -> str:
    """Render a member access, collapsing an unknown receiver to ``?``."""
    receiver = node.child_by_field_name(receiver_field)
    if receiver is None:
        receiver = node.child_by_field_name("argument") or node.child_by_field_name("scope")  # c, java
    member = node.child_by_field_name(member_field)
    if member is None and node.named_child_count:
        member = node.named_children[-1]
        if receiver is None and node.named_child_count > 1:
            receiver = node.named_children[0]
    tail = dotted(member, depth + 1)
    if receiver is not None and receiver.type == "bracketed_type" and node.type == "scoped_identifier":
        return rust_qualified_path(receiver, tail, depth)
    if receiver is None:
        rooted = node.type in ROOTED and (node.text or b"").startswith(b"::")
        return ROOT + tail if rooted else tail  # Ruby ::Base, C++ ::Error: the top level's, never a nested one's
    head = LITERAL_TYPES.get(receiver.type) or dotted(receiver, depth + 1)
    if head == UNKNOWN or head.startswith(UNKNOWN + "."):
        return UNKNOWN + "." + tail
    return head + "." + tail


RUST_NAMED_TYPES = frozenset({"type_identifier", "scoped_type_identifier", "generic_type", "primitive_type"})
"""What a Rust qualified path's type may be that names it (``Foo``, ``a::Foo``, ``Vec<u8>``, ``u32``)."""


def rust_qualified_path(bracketed: Node, tail: str, depth: int) -> str:
    """Render a Rust call through a qualified path: ``<Foo as fmt::Debug>::fmt`` as the type's
    method named by its impl of the trait (``Foo.fmt (impl Debug)``: the resolver takes that impl,
    else the type's method of the name), ``<Foo>::new`` as ``Foo.new``; a type that is no name
    (``<[u8; 6] as FromHex>::from_hex``, ``<&str as Tr>::m``) as the trait's method (``FromHex.from_hex``)."""
    inner = bracketed.named_children[0] if bracketed.named_child_count else None
    if inner is None or inner.type != "qualified_type":
        head = dotted(inner, depth + 1) if inner is not None and inner.type in RUST_NAMED_TYPES else UNKNOWN
        return UNKNOWN + "." + tail if UNKNOWN in head.split(".") else head + "." + tail
    typed, trait = inner.child_by_field_name("type"), inner.child_by_field_name("alias")
    named = dotted(trait, depth + 1) if trait is not None else UNKNOWN
    if UNKNOWN in named.split("."):
        return UNKNOWN + "." + tail
    head = dotted(typed, depth + 1) if typed is not None and typed.type in RUST_NAMED_TYPES else UNKNOWN
    if UNKNOWN in head.split("."):
        return named + "." + tail
    return f"{head}.{tail}{IMPL_LABEL}{named.rpartition('.')[2]})"


ROOT = "."
"""What a Ruby constant written from the top level (``::Base``, ``::Shop::Base``) starts with: an
empty first segment, looked up at the top level alone (``Base`` inside ``module Shop`` is
``Shop::Base`` when some file defines it; ``::Base`` never is). A C++ name too (``::Error(msg)``
in ninja's ``StatusPrinter::Error`` calls the file-level ``Error``, not the method itself)."""
ROOTED = frozenset({"scope_resolution", "qualified_identifier"})
"""The nodes a name written from the top level is: Ruby's ``::Base``, C++'s ``::Error``."""


LITERAL_TYPES: dict[str, str] = {
    "string": "str",  # python (javascript's strings read the same, and stay unresolved)
    "concatenated_string": "str",
    "integer": "int",
    "float": "float",
    "list": "list",
    "list_comprehension": "list",
    "dictionary": "dict",
    "dictionary_comprehension": "dict",
    "set": "set",
    "set_comprehension": "set",
    "template_string": "String",  # javascript
    "number": "Number",
    "array": "Array",
    "string_literal": "String",  # rust, java
    "raw_string_literal": "String",
    "integer_literal": "i32",
    "float_literal": "f64",
    "boolean_literal": "bool",
    "char_literal": "char",
    "interpreted_string_literal": "string",  # go
}
"""A literal receiver to the built-in type it is a value of: ``"".join`` is ``str.join``, and
``1.into()`` ``i32.into``, external rather than a call on an unknown receiver."""


def _dereferenced(node: Node) -> Node | None:
    """Return what a parenthesized dereference reads through (``(*p)``: ``p``; Rust's and Go's):
    a method called on it is the pointee's, which the pointer's declared type names."""
    inner = node.named_children[0] if node.named_child_count == 1 else None
    if inner is None or inner.type != "unary_expression" or not inner.child_count or inner.children[0].type != "*":
        return None
    return inner.named_children[-1] if inner.named_child_count else None


def _unwrap(node: Node, field: str) -> Node | None:
    """Return the wrapped child of a wrapper node."""
    if field:
        return node.child_by_field_name(field)
    return node.named_children[0] if node.named_child_count else None


def _is_python_super(function: Node | None) -> bool:
    """Tell whether the callee of a Python call is ``super``."""
    return function is not None and function.type == "identifier" and function.text == b"super"


INVOCATIONS: dict[str, tuple[str, str]] = {
    "method_invocation": ("object", "name"),  # java obj.m()
    "member_call_expression": ("object", "name"),  # php $obj->m()
    "nullsafe_member_call_expression": ("object", "name"),  # php $obj?->m()
    "scoped_call_expression": ("scope", "name"),  # php A::m(), self::m(), parent::m()
    "call": ("receiver", "method"),  # ruby obj.m, m(1) (python's call has a function field instead)
}
"""Calls written as a receiver and a method, each its own field: (receiver field, method field)."""

PHP_CALLS = frozenset({"member_call_expression", "nullsafe_member_call_expression", "scoped_call_expression"})
"""PHP's invocations, whose receiver may be ``$this``, ``static`` or ``parent``."""

PHP_RECEIVERS: dict[str, str] = {"$this": "this", "static": "self", "parent": "super"}
"""PHP's receivers that denote the enclosing class or its base, as the resolver names them."""


def invocation(node: Node, depth: int = 0) -> str:
    """Render a call written as a receiver and a method (``obj.m(...)``, ``$obj->m()``,
    ``A::m()``, Ruby's ``obj.m``) as ``obj.m``; a method named by a variable (``$obj->$m()``) is
    ``?``."""
    kind = node.type
    receiver_field, name_field = INVOCATIONS.get(kind, ("object", "name"))
    name = dotted(node.child_by_field_name(name_field), depth + 1)
    if name.startswith("$"):
        return UNKNOWN
    receiver = node.child_by_field_name(receiver_field)
    if receiver is None:
        return name
    if kind == "call" and receiver.type == "call":  # ruby a.b.c: a.b is a call, even without parentheses
        head = _call_result(receiver, depth + 1)
    else:
        head = dotted(receiver, depth + 1)
    if kind in PHP_CALLS:
        first, dot, rest = head.partition(".")
        mapped = PHP_RECEIVERS.get(first)
        if mapped is not None and (first == "$this" or receiver.type == "relative_scope"):
            head = mapped + dot + rest
    if head == UNKNOWN or head.startswith(UNKNOWN + "."):
        return UNKNOWN + "." + name
    return head + "." + name


QUOTED_TYPE = re.compile(r"""(?P<q>["'])(?P<name>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)(?P=q)""")
"""A Python annotation written as a string naming a type (``console: "Console"``, a forward reference)."""


OPTIONAL_TYPES = frozenset({"Optional", "typing.Optional", "t.Optional"})
"""Python's ``Optional[X]``: a value of it that anything is called on is an ``X``."""
UNION_TYPES = frozenset({"Union", "typing.Union", "t.Union"})
"""Python's ``Union[X, None]``, the same as ``Optional[X]``."""
CLASS_TYPES = frozenset({"type", "Type", "typing.Type", "t.Type"})
"""Python's ``type[X]``: the class ``X`` itself, what is called on it is ``X``'s (``cls()`` constructs
an ``X``, ``cls.load()`` calls ``X.load``)."""
QUOTED_ANNOTATION = re.compile(r"""(?P<q>["'])(?P<text>[^"'\\\n()]{1,200})(?P=q)""")
"""A Python annotation written as one short string of a type expression (``"Union[Foo, Bar]"``,
``"Foo | None"``, ``"List[Foo]"``): read as the annotation it quotes (``_quoted_annotation``); never a
call (``"Foo()"``), nor a string of its own (``"List['Foo']"``)."""


@lru_cache(maxsize=4096)
def _quoted_annotation(text: str) -> str | None:
    """Return what a Python annotation quoted as a string names, read as if written unquoted
    (``"Union[Foo, Bar]"`` names ``Foo|Bar``, ``"Optional[Foo]"`` and ``"Foo | None"`` ``Foo``,
    ``"List[Foo]"`` ``Foo[]``), ``None`` when it is no type expression."""
    tree = parse("python", b"_: " + text.encode("utf-8") + b"\n")
    root = tree.root_node
    if root.has_error or root.named_child_count != 1 or root.named_children[0].named_child_count != 1:
        return None
    assignment = root.named_children[0].named_children[0]
    annotation = assignment.child_by_field_name("type") if assignment.type == "assignment" else None
    if annotation is None or assignment.child_by_field_name("right") is not None:
        return None
    return type_name(annotation)


def _go_array_element(node: Node) -> Node | None:
    """Return the element type of a Go array type, ``[N]T`` (cockroachdb/apd's ``var
    digitsLookupTable [digitsTableSize + 1]tableVal``), ``None`` for Rust's ``[T; N]``: the same
    node and fields, the length written after the element (a Rust array has methods of its own)."""
    length, element = node.child_by_field_name("length"), node.child_by_field_name("element")
    return element if length is not None and element is not None and length.start_byte < element.start_byte else None


def type_name(node: Node | None, kind: str | None = None) -> str | None:
    """Return the dotted name of a declared type, ``None`` when it is not a plain named type
    (``kind``: the node's type when the caller has read it already). Python's ``Optional[X]``,
    ``Union[X, None]`` and ``X | None`` name ``X``: what is called on such a value is called on an
    ``X``, since calling it on ``None`` would fail."""
    if node is None:
        return None
    kind = kind or node.type
    if kind == "type" and node.named_child_count == 1:
        node = node.named_children[0]
        kind = node.type
    if kind == "string":  # only ever a type here, never a value: read the name it quotes
        text = (node.text or b"").decode("utf-8", "replace")
        quoted = QUOTED_TYPE.fullmatch(text)
        if quoted:
            return quoted["name"]
        expression = QUOTED_ANNOTATION.fullmatch(text)
        python = node.child_count > 0 and node.children[0].type == "string_start"
        return _quoted_annotation(expression["text"]) if expression and python else None
    if kind == "array_type" and _go_array_element(node) is not None:  # go [N]T: read as []T, a T
        return type_name(_go_array_element(node))
    if kind == "reference_type" and node.child_by_field_name("type") is not None:  # rust &T
        node = node.child_by_field_name("type") or node
        kind = node.type
    if kind == "pointer_type" and node.child_by_field_name("type") is not None:  # rust *mut T, *const T
        return type_name(node.child_by_field_name("type"))
    if kind == "array_type" and _rust_elements(node) is not None:  # rust [Foo; 2], &[Foo]: Foo[]
        return _rust_elements(node)
    if kind == "generic_type" and node.child_by_field_name("type") is not None:  # rust's alone
        pointee = _pointee(node)
        if pointee is not None:
            return type_name(pointee)
        held = _rust_held(node)
        if held is not None:
            return held
    if kind in RUST_TRAIT_TYPES:  # rust's dyn Shape, impl Shape, a generic T: Shape (+ Other)
        traits = [type_name(t) for t in bound_traits(node)]
        if traits and all(traits):
            return TRAIT_SEPARATOR.join(t for t in traits if t)
        if kind != "type_identifier" or traits:
            return None
    if kind == "generic_type" and _reshaped(node) is not None:
        return type_name(_reshaped(node))  # typescript Partial<Foo>: a Foo's members
    if kind == "object_type" and _indexed(node) is not None:
        return _indexed(node)
    if kind == "generic_type" and _array_of(node) is not None:
        return _array_of(node)
    if kind == "generic_type" and _promised(node) is not None:
        return type_name(_promised(node))
    if kind in ("template_type", "qualified_identifier"):
        held = _cpp_held(node)
        if held is not None:
            return held
    if kind == "generic_type" and _python_container(node) is not None:
        return _python_container(node)
    if kind == "generic_type" and java_container(node) is not None:
        return java_container(node)
    if kind in OPTIONAL_FORMS:
        inner = _optional_of(node, kind)
        if inner is not None:
            return type_name(inner)
        members = [_union_member(m) for m in _python_union(node, kind)]
        if members and all(m and PLAIN_TYPE.fullmatch(m) for m in members):
            return UNION_TYPE.join(dict.fromkeys(m for m in members if m))
    elif kind == "type_annotation" and node.named_child_count == 1 and _names_array(node.named_children[0]):
        return type_name(node.named_children[0])
    elif kind == "type_annotation" and node.named_child_count == 1 and node.named_children[0].type == "union_type":
        return type_name(node.named_children[0], "union_type")
    elif kind == "type_annotation" and node.named_child_count == 1 and _promised(node.named_children[0]) is not None:
        return type_name(node.named_children[0])  # async retain(): Promise<Child>: awaited, a Child
    elif kind == "type_annotation" and node.named_child_count == 1 and node.named_children[0].type == "type_identifier":
        if not _returned(node):  # typescript (m: T) of <T extends Machine>: a Machine
            return type_name(node.named_children[0])
    elif kind == "union_type" and any(c.type == "type" for c in node.named_children):
        return _python_generic_union(node)  # python Type[A] | Type[B], List[A] | None
    elif kind == "union_type":  # typescript Foo | null, Foo | undefined; python type[Foo] | None
        kept = [c for c in node.named_children if not (c.type == "literal_type" and c.named_child_count == 1
                                                       and c.named_children[0].type in NULLISH) and not _is_none(c)]
        kept = [c for c in kept if c.type not in VALUE_TYPES] or kept  # string | Foo: a Foo
        if node.named_child_count in (1, 2) and len(kept) == 1:  # 1: prettier's leading ``| Foo``
            return type_name(kept[0])
        flat = _union_members(kept)
        flat = [c for c in flat if c.type not in VALUE_TYPES] or flat  # string | number | Foo: a Foo
        members = [type_name(c) if c.type in UNION_MEMBERS else None for c in flat]
        return UNION_TYPE.join(m for m in members if m) if members and all(members) else None
    elif kind == "array_type" and node.child_by_field_name("dimensions") is not None:
        return type_name(node.child_by_field_name("element"))  # java T[]: what a[i] is called on
    elif kind == "array_type" and node.child_by_field_name("element") is None and node.named_child_count == 1:
        inner = node.named_children[0]
        if inner.type == "parenthesized_type" and inner.named_child_count == 1:  # typescript (A | B)[]
            inner = inner.named_children[0]
        element = _grouped(type_name(inner))  # typescript Node[]: an array, its elements Nodes; (A | B)[] of either
        return element + ARRAY_TYPE if element and not element.endswith(ARRAY_TYPE) else None
    elif kind == "readonly_type" and node.named_child_count == 1:
        return type_name(node.named_children[0])  # typescript readonly Node[]
    name = dotted(node)
    if UNKNOWN in name.split("."):
        return None
    return name


def _returned(annotation: Node) -> bool:
    """Tell whether a TypeScript annotation is a function's result type: a result of a bounded
    type parameter (``f<T extends Base>(x: T): T``) is what the call's argument is
    (``generic_calls.py``), not its bound."""
    parent = annotation.parent
    returned = parent.child_by_field_name("return_type") if parent is not None else None
    return returned is not None and returned.id == annotation.id


def _names_array(node: Node) -> bool:
    """Tell whether a TypeScript annotation's type is an array (``TS_ARRAYS``)."""
    if node.type == "object_type":
        return _indexed(node) is not None
    return node.type in TS_ARRAYS and (node.type != "generic_type" or _array_of(node) is not None
                                       or _reshaped(node) is not None)


def _array_of(node: Node) -> str | None:
    """Return the array type a TypeScript ``Array<Node>`` or ``ReadonlyArray<Node>`` names (``Node[]``),
    or the mapping a ``Map<string, Node>`` does (``string<key>Node[]``, ``_map_of``)."""
    name = node.child_by_field_name("name") or (node.named_children[0] if node.named_child_count else None)
    arguments = node.child_by_field_name("type_arguments")
    named = node.child_by_field_name("name")  # typescript's alone (rust's is ``type``, java's unnamed)
    if named is not None and arguments is not None and named.text in TS_MAPS:
        return _map_of(arguments)
    if name is None or name.text is None or name.text.decode("utf-8", "replace") not in ARRAY_TYPES:
        return None
    if arguments is None or arguments.named_child_count != 1:
        return None
    element = _grouped(type_name(arguments.named_children[0]))  # Array<A | B>: an array of either
    return element + ARRAY_TYPE if element and not element.endswith(ARRAY_TYPE) else None


TS_MAPS = frozenset({b"Map", b"ReadonlyMap", b"WeakMap", b"Record"})
"""TypeScript's generic mappings: ``Map<string, Node>`` holds Nodes as its values (``m.get(k)``), a
``Record<string, Node>`` too (``r[k]``)."""


def constructed_container(node: Node) -> str | None:
    """Return the container a TypeScript ``new`` of a generic mapping or array makes, named by its
    type arguments as the annotation is (``new Map<number, Retryer>()`` is ``number<key>Retryer[]``,
    ``new Array<Job>()`` ``Job[]``): a field or local so made holds them (@tanstack/pacer's
    ``asyncRetryers = new Map<number, AsyncRetryer<...>>()``: ``this.asyncRetryers.forEach((r) =>
    r.abort())`` had reached nothing, the value typed as the library's ``Map``). ``None`` for any
    other ``new``, and for one whose type arguments are not written (``new Map()``)."""
    constructor = node.child_by_field_name("constructor")
    arguments = node.child_by_field_name("type_arguments")
    if constructor is None or arguments is None or constructor.type != "identifier":
        return None
    if constructor.text in TS_MAPS and constructor.text != b"Record":
        return _map_of(arguments)
    if (constructor.text or b"").decode("utf-8", "replace") not in ARRAY_TYPES or arguments.named_child_count != 1:
        return None
    element = _grouped(type_name(arguments.named_children[0]))
    return element + ARRAY_TYPE if element and not element.endswith(ARRAY_TYPE) else None


def _promised(node: Node) -> Node | None:
    """Return the type a TypeScript ``Promise<Child>`` settles to (``Child``), what ``await`` gives of
    it: an async method's declared result (``async retain(): Promise<Child>``; bullmq's ``const child
    = await pool.retain(f); child.send(...)`` had reached nothing). ``None`` for a promise of no
    named type (``Promise<void>``, ``Promise<string>``): the library's ``Promise`` as before."""
    named = node.child_by_field_name("name")
    arguments = node.child_by_field_name("type_arguments")
    if named is None or named.text not in TS_PROMISES or arguments is None or arguments.named_child_count != 1:
        return None
    settled = arguments.named_children[0]
    return settled if settled.type in PROMISED_TYPES else None


TS_PROMISES = frozenset({b"Promise", b"PromiseLike"})
"""TypeScript's promises: what awaiting one gives is its type argument."""
PROMISED_TYPES = frozenset({"type_identifier", "nested_type_identifier", "generic_type", "array_type", "union_type"})
"""A promise's type argument that names a type (``Child``, ``ns.Child``, ``Job<T>``, ``Job[]``, ``Job | undefined``)."""


def _reshaped(node: Node) -> Node | None:
    """Return the type a TypeScript ``Partial<Foo>``, ``Readonly<Foo>``, ``Pick<Foo, 'a'>`` (``TS_RESHAPES``)
    is made from (``Foo``): a value of it has ``Foo``'s members, each as ``Foo`` declares it
    (``this.part.h.run()`` of ``part: Partial<Foo>`` had reached nothing)."""
    named = node.child_by_field_name("name")
    arguments = node.child_by_field_name("type_arguments")
    if named is None or named.text not in TS_RESHAPES or arguments is None or not arguments.named_child_count:
        return None
    return arguments.named_children[0]


TS_RESHAPES = frozenset({b"Partial", b"Required", b"Readonly", b"Pick", b"Omit", b"NonNullable"})
"""TypeScript's utility types whose members are those of their first type argument's, as it declares them."""


def _indexed(node: Node) -> str | None:
    """Return the mapping a TypeScript object type of one index signature or mapped type names
    (``{ [key: string]: Handler }``: ``string<key>Handler[]``; ``{ [K in keyof T]: Handler }``:
    ``?<key>Handler[]``), as ``Record<K, V>``'s (``_map_of``): ``byName[key].run()`` had reached
    nothing. ``None`` for an object type with other members."""
    members = [c for c in node.named_children if c.type != "comment"]
    if len(members) != 1 or members[0].type != "index_signature":
        return None
    value = members[0].child_by_field_name("type")  # { [K in T]?: V }: an opting_type_annotation
    if value is not None and value.type.endswith("type_annotation") and value.named_child_count == 1:
        value = value.named_children[0]
    clause = next((c for c in members[0].named_children if c.type == "mapped_type_clause"), None)
    key = members[0].child_by_field_name("index_type") or (clause.child_by_field_name("type") if clause else None)
    return _mapping(type_name(key), type_name(value))


def ts_container(node: Node) -> bool:
    """Tell whether a TypeScript generic type is an array, a mapping or a promise of the language's
    own (``Array<Foo>``, ``Map<string, Foo>``, ``Record<string, Foo>``, ``Promise<Foo[]>``): written
    as a type, a use of the library's ``Array``, ``Map``, ``Record``, ``Promise``, not of what
    ``type_name`` says of its values."""
    return (node.type == "generic_type" and node.child_by_field_name("name") is not None
            and (_array_of(node) is not None or _promised(node) is not None))


def _map_of(arguments: Node) -> str | None:
    """Return the mapping a TypeScript ``Map<K, V>``'s type arguments name (``K<key>V[]``, keys of no
    plain type ``?``): a value may be an array itself (``Map<string, Array<Mutation>>`` is
    ``string<key>Mutation[][]``, whose ``get(k)`` gives a ``Mutation[]``; @tanstack/query-core's
    ``this.#mutations.get(scope)?.find(...)`` had reached nothing)."""
    if arguments.named_child_count != 2:
        return None
    key, value = (type_name(a) for a in arguments.named_children)
    return _mapping(key, _grouped(value))  # Map<K, A | B>: values of either


def _mapping(key: str | None, value: str | None) -> str | None:
    """Return the mapping of ``key``s to ``value``s (``K<key>V[]``, keys of no plain type ``?``), ``None``
    for values of no plain type."""
    if not value or MAPPING_KEY in value:
        return None
    keyed = key if key and MAPPING_KEY not in key and not key.endswith(ARRAY_TYPE) else UNKNOWN
    return f"{keyed}{MAPPING_KEY}{value}{ARRAY_TYPE}"


PYTHON_SEQUENCES = frozenset({"list", "List", "Sequence", "MutableSequence", "Iterable", "Iterator",
                              "Collection", "set", "Set", "frozenset", "FrozenSet", "AbstractSet",
                              "MutableSet", "deque", "Deque"})
"""Python's generic containers of one element type: ``list[Node]`` holds Nodes (``xs[0]``)."""
PYTHON_GENERATORS = frozenset({"Generator", "AsyncGenerator", "AsyncIterator", "AsyncIterable"})
"""Python's generators and asynchronous iterators: ``Generator[Row, None, None]`` walks Rows (its
first argument; the others are what it is sent and what it returns)."""
PYTHON_MAPPINGS = frozenset({"dict", "Dict", "Mapping", "MutableMapping", "DefaultDict", "defaultdict",
                             "OrderedDict"})
"""Python's generic mappings: ``Dict[str, Node]`` holds Nodes as its values (``d["k"]``)."""


def _python_container(node: Node) -> str | None:
    """Return the array type a Python ``list[Node]``, ``Sequence[Node]`` or ``Dict[str, Node]``
    annotation names (``Node[]``: what an element or a value is), ``None`` for any other generic."""
    if node.named_child_count != 2 or node.named_children[1].type != "type_parameter":
        return None
    name, parameters = node.named_children
    text = (name.text or b"").decode("utf-8", "replace").rpartition(".")[2]
    arguments = parameters.named_children
    if (text in PYTHON_SEQUENCES and len(arguments) == 1) or (text in PYTHON_GENERATORS and arguments):
        element = _grouped(type_name(arguments[0]))
    elif text in PYTHON_MAPPINGS and len(arguments) == 2:
        element = _grouped(type_name(arguments[1]))
        key = type_name(arguments[0])
        keyed = key if key and MAPPING_KEY not in key and not key.endswith(ARRAY_TYPE) and UNION_TYPE not in key else UNKNOWN
        plain = element and not element.endswith(ARRAY_TYPE)
        return f"{keyed}{MAPPING_KEY}{element}{ARRAY_TYPE}" if plain else None
    else:
        return None
    return element + ARRAY_TYPE if element and not element.endswith(ARRAY_TYPE) else None


def _grouped(element: str | None) -> str | None:
    """Return a container's element type as its array type holds it: a union grouped (``(A|B)``,
    ``Dict[int, Union[A, B]]`` is ``int<key>(A|B)[]``, an array of ``A|B``, not ``A`` or an array of
    ``B``); ``None`` for a union of others (a container's, a group's)."""
    if element is None or UNION_TYPE not in element:
        return element
    return None if any(c in element for c in "()<[") else f"({element})"


JAVA_SEQUENCES = {
    "java.util": frozenset({"Collection", "List", "ArrayList", "LinkedList", "Set", "HashSet", "LinkedHashSet",
                            "TreeSet", "SortedSet", "NavigableSet", "Queue", "Deque", "ArrayDeque", "PriorityQueue",
                            "Stack", "Vector", "Iterator", "ListIterator", "Optional"}),
    "java.util.concurrent": frozenset({"CopyOnWriteArrayList", "CopyOnWriteArraySet", "ConcurrentLinkedQueue",
                                       "ConcurrentLinkedDeque", "BlockingQueue", "LinkedBlockingQueue",
                                       "ArrayBlockingQueue", "BlockingDeque", "LinkedBlockingDeque", "Future",
                                       "CompletableFuture", "CompletionStage"}),
    "java.util.concurrent.atomic": frozenset({"AtomicReference"}),
    "java.util.stream": frozenset({"Stream"}),
    "java.lang": frozenset({"Iterable"}),
}
"""The JDK's generic containers of one element type, by package: ``List<Route>`` holds Routes (``Route[]``),
whose ``get(i)``, ``next()``, ``orElseThrow()`` give one (``graph/resolve/jdk.py``); an ``AtomicReference``
holds one (failsafe's ``state.get().getStats()`` of ``AtomicReference<CircuitState<R>> state``), and so
does a ``Future``, a ``CompletableFuture`` (``join()``, ``whenComplete((result, error) -> ...)``)."""
JAVA_MAPPINGS = {
    "java.util": frozenset({"Map", "HashMap", "LinkedHashMap", "TreeMap", "SortedMap", "NavigableMap", "EnumMap",
                            "IdentityHashMap", "WeakHashMap", "Hashtable"}),
    "java.util.concurrent": frozenset({"ConcurrentMap", "ConcurrentHashMap", "ConcurrentNavigableMap",
                                       "ConcurrentSkipListMap"}),
}
"""The JDK's generic mappings, by package: ``Map<String, Entry>`` holds Entries keyed by Strings."""


def java_container(node: Node) -> str | None:
    """Return the array type a Java ``List<Route>``, ``Optional<Route>`` or ``Map<String, Entry>``
    names (``Route[]``, ``String<key>Entry[]``), ``None`` for any other generic, and for one the file
    does not import from the JDK (its own ``List`` class, or one of its package's): the name must be
    written with its package (``java.util.List<Route>``) or imported (``import java.util.List;``,
    ``import java.util.*;``); ``java.lang``'s ``Iterable`` is always the JDK's."""
    if node.named_child_count != 2 or node.child_by_field_name("name") is not None:
        return None  # typescript's generic_type names its parts
    name, arguments = node.named_children
    if name.type not in ("type_identifier", "scoped_type_identifier") or arguments.type != "type_arguments":
        return None
    written = (name.text or b"").decode("utf-8", "replace")
    package, _, simple = written.rpartition(".")
    sequence = next((p for p, kinds in JAVA_SEQUENCES.items() if simple in kinds), None)
    mapping = next((p for p, kinds in JAVA_MAPPINGS.items() if simple in kinds), None)
    home = sequence or mapping
    if home is None or not (package == home or (not package and (home == "java.lang" or jdk_imported(node, home, simple)))):
        return None
    held = [_java_argument(a) for a in arguments.named_children]
    if sequence is not None and len(held) == 1 and held[0] and not held[0].endswith(ARRAY_TYPE):
        return held[0] + ARRAY_TYPE
    if mapping is not None and len(held) == 2 and held[1] and MAPPING_KEY not in held[1]:
        keyed = held[0] if held[0] and MAPPING_KEY not in held[0] and not held[0].endswith(ARRAY_TYPE) else UNKNOWN
        return f"{keyed}{MAPPING_KEY}{held[1]}{ARRAY_TYPE}"
    return None


def _java_argument(node: Node) -> str | None:
    """Return the type a Java type argument names: a wildcard's upper bound (``? extends Route``)."""
    if node.type == "wildcard":
        bounds = [c for c in node.named_children if c.type != "annotation"]
        extends = any(c.type == "extends" for c in node.children)
        return type_name(bounds[-1]) if extends and bounds else None
    return type_name(node)


def jdk_imported(node: Node, package: str, name: str) -> bool:
    """Tell whether a Java file imports ``name`` from a JDK ``package`` (itself, or the package's ``*``)."""
    root = node
    while root.parent is not None:
        root = root.parent
    wanted = {f"import {package}.{name};".encode(), f"import {package}.*;".encode()}
    for child in root.named_children:
        if child.type == "import_declaration" and b" ".join((child.text or b"").split()) in wanted:
            return True
        if child.type not in ("import_declaration", "package_declaration", "line_comment", "block_comment"):
            break  # the imports come before the first class
    return False


CPP_POINTERS = frozenset({b"unique_ptr", b"shared_ptr", b"auto_ptr"})
"""C++'s smart pointers: ``std::unique_ptr<Job>`` is read as a holder of one Job (``Job[]``), whose
``->`` reaches the Job's members and whose own (``reset``, ``get``) are the library's (resolver)."""
CPP_SEQUENCES = frozenset({b"vector", b"list", b"deque", b"set", b"multiset", b"unordered_set",
                           b"unordered_multiset", b"array", b"forward_list", b"stack", b"queue",
                           b"priority_queue", b"span", b"initializer_list"})
"""C++'s containers of one element type: ``std::vector<Edge*>`` holds Edges (``Edge[]``)."""
CPP_ITERATORS = frozenset({b"iterator", b"const_iterator", b"reverse_iterator", b"const_reverse_iterator"})
"""A C++ container's iterator types: an iterator is read as its container (``*it``, ``it->second``: resolver)."""
CPP_MAPS = frozenset({b"map", b"multimap", b"unordered_map", b"unordered_multimap"})
"""C++'s mappings: ``std::map<string, Node*>`` holds Nodes keyed by strings (``string<key>Node[]``)."""


def _cpp_held(node: Node) -> str | None:
    """Return what a C++ smart pointer or standard container holds, written as an array type
    (``Job[]``, ``Edge[]``, ``Key<key>Node[]``); ``None`` for any other type, and for one of them
    holding no type read (``std::vector<int>``), read as before (``std.vector``). An element that
    is a smart pointer is its pointee (``vector<unique_ptr<Edge>>``: ``Edge[]``)."""
    template: Node | None = node
    if node.type == "qualified_identifier" and (node.child_by_field_name("scope") or node).type != "template_type":
        scope, template = node.child_by_field_name("scope"), node.child_by_field_name("name")
        if scope is None or scope.text != b"std" or template is None:
            return None
    if template is not None and template.type == "qualified_identifier":  # std::map<K, V>::iterator: the map
        iterator = template.child_by_field_name("name")
        template = template.child_by_field_name("scope")
        if template is None or iterator is None or iterator.text not in CPP_ITERATORS:
            return None
    if template is None or template.type not in ("template_type", "template_function"):  # std::unique_ptr<Rule>(new Rule): a function
        return None
    name, arguments = template.child_by_field_name("name"), template.child_by_field_name("arguments")
    head = name.text if name is not None else None
    if arguments is None or head not in CPP_POINTERS | CPP_SEQUENCES | CPP_MAPS:
        return None
    types = [a.child_by_field_name("type") for a in arguments.named_children if a.type == "type_descriptor"]
    held = [_cpp_element(t) for t in types[:2]]
    if head in CPP_MAPS:
        if len(held) != 2 or not held[1]:
            return None
        key = held[0] or UNKNOWN
        return f"{key}{MAPPING_KEY}{held[1]}{ARRAY_TYPE}"
    return f"{held[0]}{ARRAY_TYPE}" if held and held[0] else None


def _cpp_element(node: Node | None) -> str | None:
    """Return the type a C++ container's element is read as: a smart pointer's pointee, a plain
    type's name; ``None`` for a container (``vector<vector<T>>``) or a type of no name."""
    if node is None:
        return None
    typed = type_name(node)
    if typed is None or MAPPING_KEY in typed:
        return None
    if typed.endswith(ARRAY_TYPE):
        pointer = node.child_by_field_name("name") if node.type == "qualified_identifier" else node
        name = pointer.child_by_field_name("name") if pointer is not None else None
        return typed[: -len(ARRAY_TYPE)] if name is not None and name.text in CPP_POINTERS else None
    return typed


RUST_TRAIT_TYPES = frozenset({"dynamic_type", "abstract_type", "bounded_type", "type_identifier"})
"""Types that may stand for a Rust trait (``rust_bounds.py``)."""

RUST_POINTERS = frozenset({b"Arc", b"Rc", b"Box"})
"""Rust's smart pointers: a method called through one is its pointee's (``Deref``)."""


def _pointee(node: Node) -> Node | None:
    """Return the type a Rust ``Arc<T>``, ``Rc<T>`` or ``Box<T>`` points to (``std::sync::Arc<T>``
    too): rayon's ``self.registry.pop_injected_job()``, ``registry: Arc<Registry>``, had been
    called on an ``Arc``, tied to nothing."""
    return _lone_type_argument(node, RUST_POINTERS)


def _lone_type_argument(node: Node, heads: frozenset[bytes]) -> Node | None:
    """Return the one type argument (lifetimes aside) of a Rust generic whose head, ``std::``
    path or not, is one of ``heads``; ``None`` for any other generic or for several arguments."""
    head = node.child_by_field_name("type")
    if head is not None and head.type == "scoped_type_identifier":
        head = head.child_by_field_name("name")
    arguments = node.child_by_field_name("type_arguments")
    if head is None or head.text not in heads or arguments is None:
        return None
    types = [c for c in arguments.named_children if c.type != "lifetime"]
    return types[0] if len(types) == 1 else None


RUST_CONTAINERS = frozenset({b"Vec", b"VecDeque", b"Option", b"LinkedList", b"BinaryHeap", b"BTreeSet", b"HashSet"})
"""Rust's containers of one element type: a ``Vec<Shape>`` is read as ``Shape[]``, whose elements
a loop, a closure of ``map``/``for_each`` or an ``unwrap()`` gives; an ``Option<Shape>`` as an array
of at most one (``graph/resolve/resolver.py``)."""
RUST_SCALARS = frozenset({"u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128",
                          "isize", "f32", "f64", "bool", "char", "str"})
"""Rust's primitive types: a ``Vec<u8>`` stays a ``Vec`` (bytes' ``impl BufMut for Vec<u8>``)."""


def _rust_held(node: Node) -> str | None:
    """Return the array type a Rust ``Vec<Shape>``, ``Option<Shape>`` (``std::`` too) names
    (``Shape[]``), ``None`` for any other generic and for an element of a primitive type."""
    held = _lone_type_argument(node, RUST_CONTAINERS)
    return _rust_array(held) if held is not None else None


def _rust_elements(node: Node) -> str | None:
    """Return the array type a Rust array or slice type names (``[Shape; 2]``, ``[Shape]``:
    ``Shape[]``); Go's ``[N]T`` (its length first) and Java's ``Shape[]`` (no ``[`` first) are not."""
    element, length = node.child_by_field_name("element"), node.child_by_field_name("length")
    if element is None or (length is not None and length.start_byte < element.start_byte):
        return None
    if not node.child_count or node.children[0].type != "[":
        return None
    return _rust_array(element)


def _rust_array(element: Node) -> str | None:
    """Return ``Shape[]`` of a Rust element type naming a type, ``None`` for a primitive's."""
    if element.type == "reference_type":
        element = element.child_by_field_name("type") or element
    if element.type == "array_type":
        return None
    named = type_name(element)
    if not named or named in RUST_SCALARS or not PLAIN_TYPE.fullmatch(named):
        return None
    return named + ARRAY_TYPE


NULLISH = frozenset({"null", "undefined"})
"""TypeScript's literal types of no value: ``Foo | null`` is a ``Foo`` wherever it is called."""

VALUE_TYPES = frozenset({"predefined_type", "literal_type"})
"""TypeScript's types of a plain value (``string``, ``number``, ``"auto"``), no class's: ``url?: string |
FetchRequest`` is a ``FetchRequest`` wherever a method is called on it (ethers' ``else { url.clone() }``
after ``typeof(url) === "string"``), as ``Foo | null`` is a ``Foo``."""

UNION_MEMBERS = frozenset({"type_identifier", "nested_type_identifier", "generic_type"})
"""The members of a TypeScript union that name a type (``A | B``); a union of others names none."""


def _union_members(nodes: list[Node]) -> list[Node]:
    """Return the members of a TypeScript union, flattened (``A | B | C`` nests as ``(A | B) | C``)."""
    out: list[Node] = []
    for node in nodes:
        if node.type == "union_type":
            out.extend(_union_members([c for c in node.named_children if not (
                c.type == "literal_type" and c.named_child_count == 1 and c.named_children[0].type in NULLISH)]))
        else:
            out.append(node)
    return out

OPTIONAL_FORMS = frozenset({"generic_type", "subscript", "binary_operator"})
"""Node types that may write a Python optional type (``Optional[X]``, ``typing.Optional[X]``,
``X | None``); other languages' ``generic_type`` holds ``type_arguments``, never read here."""


def _optional_of(node: Node, kind: str) -> Node | None:
    """Return the ``X`` of a Python ``Optional[X]``, ``Union[X, None]``, ``X | None`` or ``type[X]``
    type, ``None`` for any other type."""
    if kind == "generic_type":  # Optional[X], Union[X, None]
        if node.named_child_count != 2 or node.named_children[1].type != "type_parameter":
            return None
        head, arguments = dotted(node.named_children[0]), node.named_children[1].named_children
    elif kind == "subscript":  # typing.Optional[X]
        head, arguments = dotted(node.child_by_field_name("value")), node.children_by_field_name("subscript")
    else:  # X | None
        operator = node.child_by_field_name("operator")
        if operator is None or operator.type != "|":
            return None
        head, arguments = "|", [c for c in (node.child_by_field_name("left"), node.child_by_field_name("right")) if c]
    if _typing_form(head, OPTIONAL_TYPES) or _typing_form(head, CLASS_TYPES):
        return arguments[0] if len(arguments) == 1 else None
    if not _typing_form(head, UNION_TYPES) and head != "|":
        return None
    kept = [a for a in arguments if not _is_none(a)]
    return kept[0] if len(arguments) == 2 and len(kept) == 1 else None


def _typing_form(head: str, forms: frozenset[str]) -> bool:
    """Tell whether a Python annotation's head is one of typing's ``forms``: written bare, as
    ``typing.Optional``, or through another name of the module (hishel's ``import typing as tp``,
    ``tp.Optional[BaseStorage]``, had typed nothing): a lower-case module's capitalized form."""
    if head in forms:
        return True
    module, dot, name = head.partition(".")
    return bool(dot) and name in forms and name[:1].isupper() and module[:1].islower()


CASTS = frozenset({"cast", "typing.cast", "t.cast", "typing_extensions.cast"})
"""Python's ``typing.cast``, as written: its value is of the type it names first."""


def python_cast(node: Node) -> str | None:
    """Return the type a Python ``cast(CT_Document, element(...))`` names (``typing.cast``, quoted
    or not, through another name of the module too: ``tp.cast``): what is called on its value is
    called on that type, as mypy and jedi read it; ``None`` for any other call, or a type that
    names nothing a call can be read on (python-docx's ``cast(CT_Tbl, x).tr_lst[0]`` had reached
    nothing)."""
    function = node.child_by_field_name("function")
    arguments = node.child_by_field_name("arguments")
    if function is None or arguments is None or arguments.named_child_count != 2:
        return None
    head = dotted(function)
    module, dot, name = head.partition(".")
    if head not in CASTS and not (dot and name == "cast" and module[:1].islower() and "." not in module):
        return None
    written = arguments.named_children[0]
    if written.type not in ("identifier", "attribute", "string", "subscript"):
        return None
    if written.type in ("identifier", "attribute") and not dotted(written).rpartition(".")[2][:1].isupper():
        return None  # cast(str, x) names no class of the repository; a function named cast, no type
    if written.type == "subscript":  # cast(List[Doc], x): read as the annotation it would be (Doc[])
        text = (written.text or b"").decode("utf-8", "replace")
        return _quoted_annotation(text) if len(text) <= MAX_CAST_TYPE else None
    return type_name(written)


MAX_CAST_TYPE = 200
"""The longest type written as a subscript a cast is read through (as a quoted annotation's)."""


PLAIN_TYPE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
"""A member of a Python union that names a type (``HTTPStream``, ``h11.Connection``)."""


def _python_union(node: Node, kind: str) -> list[Node]:
    """Return the members of a Python union of several types, ``None`` left out: ``Union[A, B]``,
    ``Union[A, B, None]``, ``A | B`` (``A | B | C`` nests as ``(A | B) | C``); none for another type."""
    if kind == "generic_type":
        if node.named_child_count != 2 or node.named_children[1].type != "type_parameter":
            return []
        if not _typing_form(dotted(node.named_children[0]), UNION_TYPES):
            return []
        arguments = node.named_children[1].named_children
    elif kind == "subscript":
        if not _typing_form(dotted(node.child_by_field_name("value")), UNION_TYPES):
            return []
        arguments = node.children_by_field_name("subscript")
    else:
        operator = node.child_by_field_name("operator")
        if operator is None or operator.type != "|":
            return []
        arguments = []
        for side in (node.child_by_field_name("left"), node.child_by_field_name("right")):
            inner = side.named_children[0] if side is not None and side.type == "type" and side.named_child_count == 1 else side
            if inner is not None and inner.type == "binary_operator":
                arguments.extend(_python_union(inner, inner.type) or [inner])
            elif inner is not None:
                arguments.append(inner)
    kept = [a for a in arguments if not _is_none(a)]
    return kept if len(kept) > 1 else []


def _python_generic_union(node: Node) -> str | None:
    """Return what a Python union written with ``|`` of generic members names (the grammar's
    ``union_type`` of ``type`` nodes: python-docx's ``simple_type: Type[BaseXmlEnum] |
    Type[BaseSimpleType]``, ``BaseXmlEnum|BaseSimpleType``, whose ``from_xml`` is either's;
    ``List[Foo] | None`` a list of ``Foo``), ``None`` where a member names no plain type."""
    members: list[str | None] = []
    pending = [node]
    while pending:
        current = pending.pop()
        for child in reversed(current.named_children):
            inner = child.named_children[0] if child.type == "type" and child.named_child_count == 1 else child
            if inner.type == "union_type":  # A | B | C nests as (A | B) | C
                pending.append(inner)
            elif not _is_none(child):
                members.append(type_name(child))
    members.reverse()
    if len(members) == 1:
        return members[0]
    plain = members and all(m and PLAIN_TYPE.fullmatch(m) for m in members)
    return UNION_TYPE.join(dict.fromkeys(m for m in members if m)) if plain else None


def _union_member(node: Node) -> str | None:
    """Return the type a member of a Python union names: a generic one written as a value, in an
    alias (marko's ``_Match = Union[Match[str], "MatchObj"]``), by its head (``Match``), as the same
    member written in an annotation is; a subscript is never an element of a value there."""
    named = type_name(node)
    if node.type == "subscript" and not (named and PLAIN_TYPE.fullmatch(named)):
        head = dotted(node.child_by_field_name("value"))
        return head if PLAIN_TYPE.fullmatch(head) else named
    return named


def _is_none(node: Node) -> bool:
    """Tell whether a type is ``None``."""
    if node.type == "type" and node.named_child_count == 1:
        node = node.named_children[0]
    return node.type == "none"


DECLARATOR_WRAPPERS: frozenset[str] = frozenset(
    {"pointer_declarator", "reference_declarator", "init_declarator", "array_declarator"}
)
"""C/C++ declarators that wrap the declared name."""


def declarator_name(node: Node) -> str | None:
    """Return the variable a C/C++ declarator declares, ``None`` for a function declarator."""
    while node.type in DECLARATOR_WRAPPERS:
        inner = node.child_by_field_name("declarator")
        if inner is None:
            inner = next((c for c in node.named_children if c.type.endswith(("identifier", "declarator"))), None)
        if inner is None:
            return None
        node = inner
    if node.type in ("identifier", "field_identifier"):
        return node.text.decode("utf-8", "replace") if node.text else None
    return None
