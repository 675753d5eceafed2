"""C and C++: function definitions (names inside nested declarators), structs, unions and their
data members (``Options.block_cache``), enums and their enumerators, typedefs, globals, ``#define``; C++ classes, namespaces (``ns.Class.method``),
in-class methods, out-of-class ``Foo::bar`` definitions (methods of ``Foo``), templates and ``using`` aliases."""

from __future__ import annotations

import re

from tree_sitter import Node

from maguyva_tui.core.names import qualifier_parts
from maguyva_tui.core.parsing.walker import CLASS_KINDS, FUNCTION_KINDS, MAX_DEPTH, Outer, Rules, Walker, _Span

NAME_TYPES = frozenset({
    "identifier", "field_identifier", "type_identifier", "qualified_identifier",
    "destructor_name", "operator_name", "template_function", "operator_cast",
    "namespace_identifier", "nested_namespace_specifier",
})
"""Declarator leaves that carry a name."""

_SPECIFIER_KINDS = {
    "struct_specifier": "struct", "union_specifier": "struct",
    "class_specifier": "class", "enum_specifier": "enum",
}
_CONST_QUALIFIERS = frozenset({"const", "constexpr", "constinit"})
_TEMPLATE_ARGS = re.compile(r"<[^<>]*>")
_CAST = re.compile(r"\boperator\s+(?=[A-Za-z_])")
"""``operator`` before a type's name: a conversion operator (``operator bool``), or ``operator new``."""
_TYPE_QUALIFIER = re.compile(r"\b[A-Za-z_][A-Za-z0-9_]*::")


def unwrap_declarator(node: Node | None) -> tuple[Node | None, bool]:
    """Return a declarator's name node and whether it declares a function (not a function pointer)."""
    function = node is not None and node.type == "operator_cast"  # ``operator bool() const``
    while node is not None and node.type not in NAME_TYPES:
        if node.type == "function_declarator":
            function = True
            misread = _macro_before_template_type(node)
            if misread is not None:
                return misread, True
        elif node.type == "pointer_declarator":
            function = False
        inner = node.child_by_field_name("declarator")
        if inner is None:  # ``(Benchmark::*method)``: the grammar puts the class in an error before it
            inner = next((c for c in node.named_children if c.type != "ERROR"), None)
        node = inner
    return node, function


def _macro_before_template_type(node: Node) -> Node | None:
    """The name of a function whose return type follows a macro the grammar cannot know (GLM's
    ``GLM_FUNC_QUALIFIER vec<3, T, Q> YCoCg2rgb(...)`` and ``GLM_FUNC_QUALIFIER genType cubic(...)``
    in a template): the grammar reads the macro, a word in capitals, as the type and the return
    type (``vec<3, T, Q>``, ``genType``) as the function's name, and leaves the real name, alone in
    an error, before the parameters. ``None`` for any other declarator."""
    inner = node.child_by_field_name("declarator")
    if inner is None or inner.type not in ("template_function", "identifier"):
        return None
    after = inner.next_sibling
    if after is None or after.type != "ERROR" or after.named_child_count != 1:
        return None
    declared = node.parent.child_by_field_name("type") if node.parent is not None else None
    if declared is None or declared.type != "type_identifier" or not _MACRO_NAME.fullmatch((declared.text or b"").decode()):
        return None
    name = after.named_children[0]
    return name if name.type == "identifier" and name.end_byte == after.end_byte else None


def split_qualified(text: str) -> tuple[str, tuple[str, ...]]:
    """Split ``ns::Foo<T>::bar`` into the name ``bar`` and the qualifiers ``("ns", "Foo")``.

    A conversion operator is named as it is written, up to its parameters, its type's template
    arguments and qualifiers left out: ``Foo::operator bool() const`` is ``operator bool`` of
    ``("Foo",)``, ``operator const std::locale&() const`` is ``operator const locale&`` (they were
    ``operatorbool()const`` and ``locale&()const``, names no one types)."""
    previous = None
    while previous != text:
        previous, text = text, _TEMPLATE_ARGS.sub("", text)
    cast = _CAST.search(text)
    if cast is not None:
        target = _TYPE_QUALIFIER.sub("", " ".join(text[cast.end():].split("(", 1)[0].split()))
        return f"operator {target}", tuple(qualifier_parts(text[: cast.start()].replace(" ", "")))
    parts = qualifier_parts(text.replace(" ", "")) or [text]
    return parts[-1], tuple(parts[:-1])


def _function(w: Walker, node: Node, outer: Outer) -> None:
    """Record a function definition; a qualified name (``Foo::bar``) makes it a method of ``Foo``.

    C and C++ define no function inside another (a lambda is an expression): one the grammar puts
    in a function's body is there because a macro made it lose a closing brace, and it is recorded
    in the scope around that function; a method of a class defined in a function's body
    (:func:`_local_types`) is that class's."""
    if w.scope_kind in FUNCTION_KINDS:
        with w.outside_functions():
            _function_here(w, node, outer)
    else:
        _function_here(w, node, outer)


def _function_here(w: Walker, node: Node, outer: Outer) -> None:
    """Record a function definition in the current scope."""
    name_node, _ = unwrap_declarator(node.child_by_field_name("declarator"))
    if name_node is None:
        return
    name_node = _after_missing_separator(name_node) or name_node
    if _misread(w, node, outer, name_node):
        return
    test = _test_macro(w, node)
    if test is not None:
        *suite, last = test
        w.define("function", outer, last, node.child_by_field_name("body"), name=w.text(last),
                 prefix=tuple(w.text(p) for p in suite), signature_at=name_node)
        return
    name, prefix = split_qualified(w.text(name_node))
    if not prefix and _after_tilde(w, name_node):
        name = "~" + name
    kind = "method" if prefix else w.function_kind()
    w.define(kind, outer, name_node, name=name, prefix=prefix,
             file_local=not prefix and _file_local(w, node, name_node.start_byte))
    _macros_within(w, node)
    _local_types(w, node.child_by_field_name("body"), [*prefix, name], kind)


_WORD = re.compile(rb"[A-Za-z_]\w*")
_STATIC_MACRO = re.compile(rb"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+static\b", re.MULTILINE)
"""A macro standing for ``static`` (zstd's ``#  define MEM_STATIC static inline``), which the
parser blanks before a function's head."""


def _file_local(w: Walker, node: Node, head_end: int) -> bool:
    """Whether a definition outside any class is seen only where its file is compiled or
    included: ``static`` in its head (from its line's start, or the code before it on that line,
    up to its name), or a macro this file defines as ``static ...`` (``MEM_STATIC size_t
    BIT_initDStream(...)``: the parser blanked the macro), or C++'s anonymous namespace around
    it. zstd's legacy decoders each define their own ``static FSE_readNCount``: a call in another
    file had taken all of them for candidates."""
    if w.scope_kind in CLASS_KINDS:
        return False  # a static member function or field: the class's, seen wherever it is
    if any(scope.name is None and scope.kind == "module" for scope in w.scopes):
        return True  # ``namespace { ... }``
    before = node.prev_sibling
    start = max(w.source.rfind(b"\n", 0, node.start_byte) + 1, before.end_byte if before is not None else 0)
    words = set(_WORD.findall(w.source[start:head_end]))
    if b"static" in words:
        return True
    macros = w.memo.get("static_macros")
    if not isinstance(macros, frozenset):
        macros = w.memo["static_macros"] = frozenset(_STATIC_MACRO.findall(w.source))
    return not words.isdisjoint(macros)


def _after_tilde(w: Walker, name: Node) -> bool:
    """Whether a function's name follows a ``~`` the grammar left out of it: a destructor after a
    macro (``FMT_CONSTEXPR20 ~basic_memory_buffer() {``) parses as the macro for a return type, an
    error ``~`` and a function named as the class, which then read as a constructor."""
    before = w.source[max(0, name.start_byte - 16) : name.start_byte].rstrip()
    return before.endswith(b"~")


def _local_types(w: Walker, body: Node | None, names: list[str], kind: str) -> None:
    """Record the classes, structs, unions and enums a function body defines among its own
    statements (fmt's ``parse_width`` defines ``width_adapter``: ``parse_width.width_adapter``),
    as Python's and JavaScript's local classes are. Only those: the body's other statements are
    not walked (a variable inside a function is no symbol, and a function the grammar puts there
    is a misreading, :func:`_function`)."""
    if body is None or body.type != "compound_statement":
        return
    local = [child for child in body.named_children
             if child.type in _SPECIFIER_KINDS or (child.type == "declaration" and _defines_type(child))]
    if not local:
        return
    with w.scope(names, kind):
        for child in local:
            if child.type == "declaration":
                _inline_type(w, child)
            else:
                _specifier(w, child, child)


def _defines_type(node: Node) -> bool:
    """Whether a declaration's type is a class, struct, union or enum written out with its body."""
    kind = node.child_by_field_name("type")
    return kind is not None and kind.type in _SPECIFIER_KINDS and kind.child_by_field_name("body") is not None


_MACRO_NAME = re.compile(r"[A-Z][A-Z0-9_]*")


def test_macro_parts(node: Node) -> list[Node] | None:
    """Return the names a C++ test macro's definition is written with (``TEST(Suite, Name) {...}``,
    ``TEST_F``, ``TEST_P``: GoogleTest and its like), ``None`` for any other function definition.

    Such a definition has no return type and a macro's name, and its "parameters" are bare names:
    it is recorded as the function ``Suite.Name`` (the test's own name, and for ``TEST_F`` the
    fixture class whose members its body calls), not as one more function called ``TEST``; the
    graph reads no type in its "parameters"."""
    declarator = node.child_by_field_name("declarator")
    if node.child_by_field_name("type") is not None or declarator is None or declarator.type != "function_declarator":
        return None
    macro, parameters = declarator.child_by_field_name("declarator"), declarator.child_by_field_name("parameters")
    if macro is None or parameters is None or macro.type != "identifier":
        return None
    if not _MACRO_NAME.fullmatch((macro.text or b"").decode("utf-8", "replace")):
        return None
    names = []
    for parameter in parameters.named_children:
        kind = parameter.child_by_field_name("type")
        if parameter.type != "parameter_declaration" or parameter.named_child_count != 1 or kind is None or (
            kind.type != "type_identifier"
        ):
            return None
        names.append(kind)
    return names if 1 <= len(names) <= 3 else None


_HEAD_TYPES = frozenset({"storage_class_specifier", "type_qualifier", "primitive_type", "type_identifier",
                         "sized_type_specifier", "struct_specifier", "enum_specifier", "union_specifier"})


def _error(w: Walker, node: Node, outer: Outer) -> None:
    """Walk through a stretch the grammar could not parse, recording a function whose head and
    ``{`` it holds as loose pieces: a statement the grammar cannot read (a macro given a type,
    ``UNITY_EXTRACT_ARG(..., va, unsigned int);``) breaks the function around it into an error
    that runs on to the file's end. Unity's ``UnityPrintFVA`` had been no symbol, its local
    ``pch`` a file's constant. The body is the pieces after the ``{`` up to the ``}`` that closes it,
    or to a piece other than a brace or a comment at a line's start; they are not walked. A file
    the grammar could not parse at all is one such error (lz4's ``lz4.c``)."""
    if w.depth >= MAX_DEPTH:
        return
    w.depth += 1
    try:
        children, at = node.children, 0
        while at < len(children):
            child = children[at]
            if child.type == "function_declarator" and at + 1 < len(children) and children[at + 1].type == "{" and (
                _after_a_head(children, at)
            ):
                at = _loose_function(w, children, at)
            else:
                if child.is_named:
                    w.dispatch(child, child)
                at += 1
    finally:
        w.depth -= 1


def _after_a_head(children: list[Node], at: int) -> bool:
    """Whether the piece before a loose declarator is a return type or specifier, or none is on its
    line (``namespace std _GLIBCXX_VISIBILITY(default) {`` is no function)."""
    before = children[at - 1] if at > 0 else None
    return before is None or before.type in _HEAD_TYPES or before.end_point.row < children[at].start_point.row


_BODY_EDGES = frozenset({"{", "}", "comment"})
"""Loose pieces of a body that may start a line (lz4 opens a function's inner block at column 0)."""


def _loose_function(w: Walker, children: list[Node], at: int) -> int:
    """Record the function whose declarator is ``children[at]`` (its ``{`` next); return the index
    of the first piece after its body."""
    declarator = children[at]
    first = at
    while first > 0 and children[first - 1].type in _HEAD_TYPES and (
        declarator.start_point.row - children[first - 1].start_point.row <= 1  # ``int`` on the line before
    ):
        first -= 1
    last, depth = at + 1, 1
    while depth > 0 and last + 1 < len(children):
        piece = children[last + 1]
        if piece.start_point.column == 0 and piece.type not in _BODY_EDGES:
            break
        last += 1
        depth += 1 if piece.type == "{" else -1 if piece.type == "}" else 0
    name_node, _ = unwrap_declarator(declarator)
    if name_node is not None and w.scope_kind not in FUNCTION_KINDS:
        name, prefix = split_qualified(w.text(name_node))
        w.define("method" if prefix else w.function_kind(), _Span(children[first], children[last]), name_node,
                 name=name, prefix=prefix,
                 file_local=not prefix and _file_local(w, children[first], name_node.start_byte))
    return last + 1


def _test_statement(w: Walker, node: Node, outer: Outer) -> None:
    """Record a C test written as a macro call and a body (Unity's fixture ``TEST(group, name) {``,
    ``IGNORE_TEST``, utest's ``UTEST``, Criterion's ``Test``) as the function ``group.name``, as
    C++'s ``TEST(Suite, Name)`` is: C's grammar, which defines no function without a return type,
    reads a call missing its ``;`` and then a block, and the test had been no symbol at all."""
    names = _test_call_names(node)
    body = node.next_named_sibling
    if names is None or body is None or body.type != "compound_statement" or w.scope_kind is not None:
        return
    if body.start_point.row - node.end_point.row > 1:
        return
    *group, last = names
    w.define("function", _Span(outer, body), last, name=w.text(last), prefix=tuple(w.text(g) for g in group))


def _test_call_names(node: Node) -> list[Node] | None:
    """Return the bare names a file-level call of a macro's name passes (2 or 3 of them) where its
    ``;`` is missing, ``None`` for any other statement."""
    call = node.named_children[0] if node.named_child_count == 1 else None
    if call is None or call.type != "call_expression" or not node.children[-1].is_missing:
        return None
    macro, arguments = call.child_by_field_name("function"), call.child_by_field_name("arguments")
    if macro is None or arguments is None or macro.type != "identifier" or not _TEST_MACRO.fullmatch(_plain(macro)):
        return None
    names = arguments.named_children
    return names if 2 <= len(names) <= 3 and all(name.type == "identifier" for name in names) else None


def _plain(node: Node) -> str:
    """Return a node's text as written."""
    return (node.text or b"").decode("utf-8", "replace")


_TEST_MACRO = re.compile(r"[A-Z][A-Za-z0-9_]*")
"""A test macro's name starts upper-case (``TEST``, ``UTEST``, Criterion's ``Test``)."""


def _test_macro(w: Walker, node: Node) -> list[Node] | None:
    """``test_macro_parts`` in C++ (a C function has a return type, or is older than tests)."""
    return test_macro_parts(node) if w.language == "cpp" else None


def _after_missing_separator(name: Node) -> Node | None:
    """Return the real name of a function whose return type the grammar joined to its name.

    After a macro it takes for the type (``SWIGINTERN ns::Status f(...)``), the grammar reads
    ``ns::Status f`` as one qualified name, inventing the ``::`` between ``Status`` and ``f``: the
    name is what follows the invented separator (``SWIGRUNTIME Obj *`` with ``f(...)`` on the next
    line reads as ``Obj :: *f(...)``)."""
    node: Node | None = name
    while node is not None and node.type == "qualified_identifier":
        children = node.children
        for i, child in enumerate(children[:-1]):
            if child.type == "::" and child.is_missing:  # what follows may be ``*f(...)``
                return unwrap_declarator(children[i + 1])[0]
        node = node.child_by_field_name("name")
    return None


def _misread(w: Walker, node: Node, outer: Outer, name_node: Node) -> bool:
    """Record a namespace or class the grammar read as a function because of a macro (C++ only);
    tell whether it was one.

    ``PROTOBUF_NAMESPACE_CLOSE`` or ``QT_BEGIN_NAMESPACE`` on the line before ``namespace ns {``
    is taken for a return type: the "function" is the namespace, its body the namespace's body.
    ``class Foo PROTOBUF_FINAL : public Bar {`` is a class ``Foo`` whose body the grammar reads as
    statements: the class is recorded, its garbled body is not walked. A class whose body the grammar
    closed early and took for a function's return type (fmt's ``class text_style {``, ended at a
    macro-prefixed constructor's member initializers: ``FMT_CONSTEXPR text_style(...) : ems() {``)
    is recorded with the members read before that point: C++ defines no type in a return type."""
    if w.language != "cpp":
        return False
    children = node.children
    if any(child.type == "ERROR" and w.text(child) == "namespace" for child in children):
        w.define("module", outer, name_node, node.child_by_field_name("body"))
        return True
    first = children[0] if children else None
    name = first.child_by_field_name("name") if first is not None else None
    if first is None or name is None or first.type not in ("class_specifier", "struct_specifier"):
        return False
    if first.child_by_field_name("body") is not None:
        _specifier(w, first, first)
        return True
    if unwrap_declarator(node.child_by_field_name("declarator"))[1]:
        return False  # ``struct stat *get_stat(const char *p) {``: a function returning a struct
    bare, prefix = split_qualified(w.text(name))
    w.define(_SPECIFIER_KINDS[first.type], outer, name, name=bare, prefix=prefix)
    return True


def _specifier(w: Walker, node: Node, outer: Outer) -> None:
    """Record a struct, union, class or enum that has a body (not a mere ``struct foo *p``).

    A template's specialization (``struct formatter<bytes> {...}``) defines no type of its own name:
    its members are the template's (``formatter.parse``), walked as a Rust ``impl`` is. Recorded as
    ``formatter``, fmt 9's two dozen specializations each came before the primary template they specialize
    (a lone ``formatter`` listed ``ostream.h``'s, in a more central file, first)."""
    name, body = node.child_by_field_name("name"), node.child_by_field_name("body")
    if name is not None and body is None:
        split = _body_after_conditional(node)
        if split is not None:  # its garbled body is not walked (as in :func:`_misread`)
            bare, prefix = split_qualified(w.text(name))
            w.define(_SPECIFIER_KINDS[node.type], _Span(outer, split), name, name=bare, prefix=prefix)
        return
    if name is None and body is not None and node.type == "enum_specifier":
        _enumerators(w, [], body)  # ``enum { A, B };``: constants of the file
    if name is None or body is None:
        return
    bare, prefix = split_qualified(w.text(name))
    kind = _SPECIFIER_KINDS[node.type]
    if _specialization(name):
        w.enter([*prefix, bare], kind, body)
        return
    w.define(kind, outer, name, None if kind == "enum" else body, name=bare, prefix=prefix)
    if kind == "enum":
        _enumerators(w, [*prefix, bare], body)


def _enumerators(w: Walker, names: list[str], body: Node | None) -> None:
    """Record an enum's enumerators as constants in its scope, the one the grammar drops too.

    The C and C++ grammars leave out an enum's last enumerator when it is a bare upper-case name
    alone before the ``}`` (``JSON_FALSE,`` then ``JSON_NULL`` then ``}``: jansson's ``json_type``;
    ``XML_ERROR_COUNT`` of tinyxml2's ``XMLError``): no node, not even an error, holds it, so
    "where is JSON_NULL defined" answered that nothing defines it. Its name is read from the gap
    between the nodes around it."""
    w.enum_members(names, body, _enumerator_name)
    if body is None:
        return
    with w.scope(names, "enum"):
        for before, after in zip(body.children, body.children[1:]):
            gap = w.source[before.end_byte : after.start_byte]
            found = _DROPPED_ENUMERATOR.fullmatch(gap)
            if found is None:
                continue
            start, end = before.end_byte + found.start(1), before.end_byte + found.end(1)
            w.define("constant", _Span.of_text(_position(w, before, start), _position(w, before, end)),
                     None, name=found.group(1).decode("ascii"))


_COMMENTS = rb"(?:\s|//[^\n]*|/\*.*?\*/|(?<![^\n])[ \t]*#[^\n]*(?![^\n]))*"
_DROPPED_ENUMERATOR = re.compile(_COMMENTS + rb"([A-Za-z_][A-Za-z0-9_]*)" + _COMMENTS, re.DOTALL)
"""The gap a dropped enumerator leaves: its name, and the comments around it the grammar drops with
it (tinyxml2's ``CLOSING\t\t// </foo>``), and the directive lines of a conditional before it,
which the parse read as blanks (Unity's ``#endif`` then ``UNITY_DISPLAY_STYLE_UNKNOWN`` then ``}``)."""


def _position(w: Walker, before: Node, at: int) -> tuple[int, int, int]:
    """Return the (row, column, byte) of a byte in the gap after a node."""
    row = before.end_point.row + w.source.count(b"\n", before.end_byte, at)
    line_start = w.source.rfind(b"\n", 0, at) + 1
    return row, at - line_start, at


def _enumerator_name(node: Node) -> Node | None:
    """Return an enumerator's name (``RED`` of ``RED = 2``)."""
    return node.child_by_field_name("name") if node.type == "enumerator" else None


_HEAD_CONDITIONALS = frozenset({"preproc_if", "preproc_ifdef", "comment"})


def _body_after_conditional(node: Node) -> Node | None:
    """Return the body of a class whose head a preprocessor conditional splits from it, ``None``
    for a class with no body (``struct foo *p``).

    ``class format_arg_store`` then ``#if ...`` holding ``: public basic_format_args<Context>``
    then ``#endif`` and ``{`` (fmt's ``core.h``): the grammar ends the class after its name with a
    missing ``;``, reads the base clause as an error inside the conditional, and the body as a
    block of statements after it, so the class was no definition at all."""
    holder = node.parent if node.parent is not None and node.parent.type == "template_declaration" else node
    after = holder.next_sibling
    missing = holder.child_count > 0 and holder.children[-1].type == ";" and holder.children[-1].is_missing
    if after is not None and after.type == ";" and after.is_missing:
        missing, after = True, after.next_sibling
    conditional = False
    while after is not None and after.type in _HEAD_CONDITIONALS:
        conditional = conditional or after.type != "comment"
        after = after.next_sibling
    if missing and conditional and after is not None and after.type == "compound_statement":
        return after
    return None


def _specialization(name: Node) -> bool:
    """Whether a class's name is a template's with arguments (``formatter<bytes>``, ``ns::Foo<T*>``)."""
    node: Node | None = name
    while node is not None and node.type == "qualified_identifier":
        node = node.child_by_field_name("name")
    return node is not None and node.type == "template_type"


def _declaration(w: Walker, node: Node, outer: Outer) -> None:
    """Record a type defined inline, then each global variable (not prototypes or ``extern``); a
    static member defined out of its class (``size_t test_runner::_count = 0;``) is the class's
    (``test_runner._count``, as ``Foo::bar() {...}`` is its method: it had been named
    ``test_runner::_count``, which no question finds)."""
    _inline_type(w, node)
    _macros_within(w, node)
    if not w.variables_allowed() or any(w.text(c) == "extern" for c in node.children
                                        if c.type == "storage_class_specifier"):
        return
    constant = any(w.text(c) in _CONST_QUALIFIERS for c in node.children if c.type == "type_qualifier")
    declarators = node.children_by_field_name("declarator")
    names = []
    for declarator in declarators:
        name, function = unwrap_declarator(declarator)
        if name is not None and name.type == "qualified_identifier" and _after_missing_separator(name):
            continue  # a prototype after an export macro (``LEVELDB_EXPORT const Policy* New(int);``)
        if name is not None and not function:  # ``int Foo::count = 0;``: Foo's static member
            span = outer if len(declarators) == 1 else declarator
            bare, prefix = split_qualified(w.text(name)) if name.type == "qualified_identifier" else (None, ())
            w.define("constant" if constant else "variable", span, name, name=bare, prefix=prefix,
                     file_local=not prefix and (_file_local(w, node, name.start_byte)
                                                or constant and w.language == "cpp" and w.scope_kind not in CLASS_KINDS))
            names.append(name)
    if len(names) == 1 and names[0].type == "identifier":
        _anonymous_members(w, node, len(declarators), names)


def _inline_type(w: Walker, node: Node) -> None:
    kind = node.child_by_field_name("type")
    if kind is not None and kind.type in _SPECIFIER_KINDS:
        _specifier(w, kind, kind)


def _field(w: Walker, node: Node, outer: Outer) -> None:
    """Record a type nested in a struct or class body, a pure virtual method, and the data members
    a member declaration declares; a declared method is no definition (it is defined elsewhere,
    ``Foo::bar``)."""
    _inline_type(w, node)
    _macros_within(w, node)
    if w.language == "cpp" and _pure_virtual(node):
        name_node, _ = unwrap_declarator(node.child_by_field_name("declarator"))
        if name_node is not None:
            w.define(w.function_kind(), outer, name_node, declaration=True)  # no body: ``= 0``
        return
    if w.variables_allowed():
        _members(w, node, outer)


def _members(w: Walker, node: Node, outer: Outer) -> None:
    """Record a struct's or class's data members as its variables (cJSON's ``cJSON.next``,
    leveldb's ``Options.block_cache``), as Java's fields are: each declarator of ``int a:3, b;``,
    arrays, references, function pointers (``int (*cb)(void)``), ``static const`` and ``constexpr``
    ones as constants. The members of an anonymous struct or union are the enclosing type's
    (C11's ``union { int u; float v; };``: ``S.u``), or, with a name (``struct {...} pos;``), that
    member's (``S.pos.x``). They had been no symbols: "where is block_cache defined" found the
    struct no member of."""
    if node.children and node.children[-1].is_missing:
        return  # a macro read as the type (``PUGIXML_DEPRECATED xml_parse_result load(...)``)
    declared = [unwrap_declarator(d) for d in node.children_by_field_name("declarator")]
    written = [name for name, function in declared if name is not None and not function]
    names = [_member_after_macro(name) for name in written]
    words = {w.text(c) for c in node.children if c.type in ("storage_class_specifier", "type_qualifier")}
    kind = "constant" if "static" in words and words & _CONST_QUALIFIERS else "variable"
    for name, read in zip(names, written, strict=True):
        w.define(kind, outer if len(declared) == 1 and name is read else name, name)
    _anonymous_members(w, node, len(declared), names)


def _member_after_macro(name: Node) -> Node:
    """The name of a member declared after a macro the grammar cannot know, on the line before it
    (CPython's ``PyObject_VAR_HEAD`` then ``uint64_t b_mutid;``): the grammar reads the macro as the
    type and the member's type as its name, and leaves the real name alone in an error after it
    (immutables' ``MapNode_Bitmap.uint64_t``, where "where is b_mutid defined" found nothing).
    Any other name as it is."""
    after = name.next_sibling
    if name.type != "field_identifier" or after is None or after.type != "ERROR" or after.named_child_count != 1:
        return name
    real = after.named_children[0]
    return real if real.type in ("identifier", "field_identifier") else name


def _anonymous_members(w: Walker, node: Node, declared: int, names: list[Node]) -> None:
    """Record the members of the anonymous struct or union a declaration's type is: the enclosing
    type's when it declares nothing (``union { int u; };``), else its one name's (``S.pos.x``, or
    a global's: ``static struct { int hits; } stats;``, ``stats.hits``)."""
    inner = node.child_by_field_name("type")
    if inner is None or inner.type not in ("struct_specifier", "union_specifier"):
        return
    body = inner.child_by_field_name("body")
    if body is None or inner.child_by_field_name("name") is not None:
        return  # a named type's members are its own (:func:`_inline_type`)
    if not declared and w.scope_kind in CLASS_KINDS:
        w.walk(body)
    elif len(names) == 1:
        w.enter([w.text(names[0])], "struct", body)


def _pure_virtual(node: Node) -> bool:
    """Whether a member declaration is ``virtual ... = 0;``: the interface's method, defined
    nowhere else (as an abstract method in Python, or a method of a Java interface or a Rust trait)."""
    value = node.child_by_field_name("default_value")
    if value is None or value.type != "number_literal" or value.text != b"0":
        return False
    declarator = node.child_by_field_name("declarator")
    return declarator is not None and unwrap_declarator(declarator)[1] and any(
        child.type == "virtual" for child in node.children)


def _typedef(w: Walker, node: Node, outer: Outer) -> None:
    """Record ``typedef``: an anonymous struct takes the typedef's name and kind. A name the grammar
    reads as a built-in type (GLM's ``typedef detail::uint64 uint64_t;`` in ``namespace glm``, a C
    header's ``typedef unsigned int uint32_t;``) is still the name it defines."""
    target = node.child_by_field_name("type")
    declared = [d if d.type == "primitive_type" else unwrap_declarator(d)[0]
                for d in node.children_by_field_name("declarator")]
    names = [n for n in declared if n is not None]
    anonymous = target is not None and target.type in _SPECIFIER_KINDS and (
        target.child_by_field_name("name") is None and target.child_by_field_name("body") is not None
    )
    if anonymous and names and target is not None:
        kind = _SPECIFIER_KINDS[target.type]
        body = None if kind == "enum" else target.child_by_field_name("body")
        first, *names = names
        w.define(kind, outer, first, body, signature_at=outer)
        if kind == "enum":
            _enumerators(w, [w.text(first)], target.child_by_field_name("body"))
    elif target is not None and target.type in _SPECIFIER_KINDS:
        _specifier(w, target, target)
    for name in names:
        w.define("type", outer, name)


def _alias(w: Walker, node: Node, outer: Outer) -> None:
    w.define("type", outer, node.child_by_field_name("name"))


def _namespace(w: Walker, node: Node, outer: Outer) -> None:
    """Record a namespace as a module; an anonymous one is walked without a name."""
    name, body = node.child_by_field_name("name"), node.child_by_field_name("body")
    if body is None:
        return
    if name is None:
        w.enter([], "module", body)
        return
    bare, prefix = split_qualified(w.text(name))
    w.define("module", outer, name, body, name=bare, prefix=prefix)


def _template(w: Walker, node: Node, outer: Outer) -> None:
    """Record the templated definition with a span that starts at ``template <...>``."""
    parameters = node.child_by_field_name("parameters")
    for child in node.named_children:
        if parameters is None or child != parameters:
            w.dispatch(child, outer)


def _macro(w: Walker, node: Node, outer: Outer) -> None:
    """Record ``#define NAME value`` as a constant and ``#define F(x) ...`` as a function.

    A macro ignores namespaces and classes: its qualified name is its bare name wherever it is. It
    is file-local: seen where its file is compiled or included alone."""
    misread = _misread_macro(node)
    if misread is not None:
        w.define(misread[1], outer, misread[0], unscoped=True, file_local=True)
    elif node.type == "preproc_function_def":
        w.define("function", outer, node.child_by_field_name("name"), unscoped=True, file_local=True)
    elif node.child_by_field_name("value") is not None or not _include_guard(node):
        w.define("constant", outer, node.child_by_field_name("name"), unscoped=True, file_local=True)


def _include_guard(node: Node) -> bool:
    """Tell whether a valueless ``#define X`` is a header's guard: the first thing inside an
    ``#ifndef X`` that holds more than it. A guard says nothing; another valueless macro is a
    definition, as ctags has it (``#ifndef UNICODE / #define UNICODE / #endif``, or
    ``#define PY2_UNUSED`` in one branch of an ``#if``: "where is PY2_UNUSED defined" had listed
    only the other branch's)."""
    parent, name = node.parent, node.child_by_field_name("name")
    if parent is None or parent.type != "preproc_ifdef" or name is None:
        return False
    tested = parent.child_by_field_name("name")
    if tested is None or tested.text != name.text:
        return False
    alternative = parent.child_by_field_name("alternative")
    body = [child for child in parent.named_children
            if child != tested and child != alternative and child.type != "comment"]
    return len(body) > 1 and body[0] == node


def _misread_macro(node: Node) -> tuple[Node, str] | None:
    """Return the name and kind of a macro the grammar misread as ``#define`` of another name.

    A block comment in a continued macro body (``} else /* NOLINT */ \\``) ends the body early:
    the grammar then reads ``#define`` followed by an error that holds the real name and its
    parameters, or its body's start (Unity's ``#define VERIFY_FAILS_END \\ } \\ endPutcharSpy();
    /* ... */ \\``), and names the macro after whatever word follows the comment (``return``,
    ``Unity``): a function-like macro is a function, another a constant."""
    if node.type != "preproc_def" or not node.named_child_count:
        return None
    first = node.named_children[0]
    if first.type != "ERROR" or first.named_child_count < 2:
        return None
    name, after = first.named_children[0], first.named_children[1]
    if name.type != "identifier" or after.type not in ("preproc_params", "preproc_arg"):
        return None
    return name, "function" if after.type == "preproc_params" else "constant"


_MACRO_TYPES = ("preproc_def", "preproc_function_def")
_DEFINE = re.compile(rb"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(\()?([^\n]*)", re.MULTILINE)
"""A ``#define`` line as text: its name, ``(`` for a function-like macro, the rest of the line."""


def _macros_within(w: Walker, node: Node) -> None:
    """Record the macros a function definition or a declaration holds: written in a body, or
    swallowed when the grammar misreads a macro call (``BINARY_OP(IsEq, ==)`` can take the next
    hundred lines as a parameter list, where a ``#define`` is no longer a directive node: those
    are read from the text). Only a node whose text holds ``define`` is searched."""
    source, start, end = w.source, node.start_byte, node.end_byte
    if source.find(b"define", start, end) < 0:
        return
    parsed: set[int] = set()
    stack = list(reversed(node.named_children))
    while stack:
        child = stack.pop()
        if child.type in _MACRO_TYPES:
            parsed.add(child.start_point.row)
            _macro(w, child, child)
        elif child.named_child_count:
            stack.extend(reversed(child.named_children))
    row, at = node.start_point.row, start
    for match in _DEFINE.finditer(source, start, end):
        row += source.count(b"\n", at, match.start())
        at = match.start()
        if row in parsed:
            continue
        function, value = match.group(2) is not None, match.group(3).strip()
        if not function and not value:
            continue  # a bare guard
        last = match.end()
        while source[last - 1 : last] == b"\\" and last < end:  # continuation lines
            newline = source.find(b"\n", last + 1, end)
            last = newline if newline >= 0 else end
        line_start = source.rfind(b"\n", 0, at) + 1
        begin = (row, at - line_start, at)
        finish = (row + source.count(b"\n", at, last), last - (source.rfind(b"\n", 0, last) + 1), last)
        name = match.group(1).decode("utf-8", "replace")
        w.define("function" if function else "constant", _Span.of_text(begin, finish), None,
                 name=name, unscoped=True, file_local=True)


_HANDLERS = {
    "function_definition": _function,
    "struct_specifier": _specifier,
    "union_specifier": _specifier,
    "enum_specifier": _specifier,
    "declaration": _declaration,
    "field_declaration": _field,
    "type_definition": _typedef,
    "preproc_def": _macro,
    "preproc_function_def": _macro,
    "expression_statement": _test_statement,
    "ERROR": _error,
}
_DESCEND = frozenset({
    "preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef",
    "declaration_list", "linkage_specification",
})

C_RULES = Rules(handlers=_HANDLERS, descend=_DESCEND, class_fields=True)

CPP_RULES = Rules(
    handlers={
        **_HANDLERS,
        "class_specifier": _specifier,
        "namespace_definition": _namespace,
        "template_declaration": _template,
        "alias_declaration": _alias,
    },
    descend=_DESCEND | {"friend_declaration"},  # a friend function defined in its class's body
    class_fields=True,
)
