"""JavaScript, TypeScript and TSX: functions, classes, methods, functions held by variables,
interfaces, type aliases, enums, namespaces, CommonJS ``exports.name = function``, functions
assigned to properties (``Foo.prototype.name = function``, ``res.send = function send``) and the
functions of an object literal held by a variable or exported (``const utils = {isArray(x) {}}``).

Functions and classes inside expressions are found too (:func:`_scan`): one that names itself is
defined by that name wherever it is (``req.on('error', function handleError(err) {...})``,
``return function wrap() {...}``, ``new Promise(function dispatchXhrRequest(...) {...})``); an
anonymous one passed along (``app.use((req, res) => ...)``, ``describe('x', () => {...})``) is no
definition, but the declarations in its body are (a test's ``enum Fruits``, a handler's helpers).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from tree_sitter import Node

from maguyva_tui.core.parsing.rules.ecmascript_bound import Binder, binder
from maguyva_tui.core.parsing.walker import MAX_DEPTH, Handler, Outer, Rules, Walker

FUNCTION_VALUES = frozenset({
    "arrow_function", "function_expression", "function", "generator_function",
})
"""Values that make a variable or field a function (``const parse = (s) => ...``)."""

_EXPORTS = ("exports.", "module.exports.")
_MODULE_OBJECTS = frozenset({"exports", "module.exports"})
"""What a CommonJS module exports as a whole: a function assigned to it is no method of it."""


def _function(w: Walker, node: Node, outer: Outer) -> None:
    """Record a function or method; one named by a string (``'quoted-name'() {}``) is named by its
    text, as a quoted property is (its quotes had been part of the name: ``Array."quoted-name"``)."""
    name = node.child_by_field_name("name")
    quoted = w.text(name).strip("'\"") if name is not None and name.type == "string" else None
    body = node.child_by_field_name("body")  # none: an interface's method, an overload's or declare's signature
    w.define(w.function_kind(), outer, name, body, name=quoted, declaration=body is None)
    if name is not None and w.scope_kind == "class" and w.text(name) == "constructor":
        _parameter_properties(w, node.child_by_field_name("parameters"))


def _parameter_properties(w: Walker, parameters: Node | None) -> None:
    """Record a constructor's parameter properties as its class's fields: ``constructor(public
    price: number)`` declares ``price`` as ``price: number;`` in the class body would (an Angular
    service's ``private http: HttpClient``). They had been no symbols."""
    for parameter in parameters.named_children if parameters is not None else ():
        if any(child.type in _PARAMETER_MODIFIERS for child in parameter.children):
            pattern = parameter.child_by_field_name("pattern")
            if pattern is not None and pattern.type == "identifier":
                w.define("variable", parameter, pattern)


_PARAMETER_MODIFIERS = frozenset({"accessibility_modifier", "readonly", "override_modifier"})


def _named(kind: str) -> Handler:
    """Make a handler for a named definition of a fixed kind."""

    def handler(w: Walker, node: Node, outer: Outer) -> None:
        body = node.child_by_field_name("body")
        w.define(kind, outer, node.child_by_field_name("name"), body)

    return handler


def _field(w: Walker, node: Node, outer: Outer) -> None:
    """Record a class field: a method when it holds a function, else a variable (and the functions
    its value names, ``handler = debounce(function onResize() {...})``)."""
    name = node.child_by_field_name("name") or node.child_by_field_name("property")
    value = node.child_by_field_name("value")
    if value is not None and value.type in FUNCTION_VALUES:
        w.define("method", outer, name, value.child_by_field_name("body"))
        return
    if w.variables_allowed() and not (name is not None and _wraps_namesake(w, w.text(name), value)):
        w.define("variable", outer, name)
    if value is not None:
        _scan(w, value)


def _property_signature(w: Walker, node: Node, outer: Outer) -> None:
    """Record an interface's property: a method when its type is a function's (``onChange: (v:
    string) => void`` is ``onChange(v: string): void`` written another way), else a variable, as a
    class's field is. They had been no symbols: "where is scope_ defined" found nothing for immer's
    ``ImmerScope.scope_``, while the same member declared in a class was found. So are those of an
    object type a type alias names (:func:`_type_alias`); a parameter's ``{a: number}`` names none."""
    if w.scope_kind != "interface":
        return
    name = node.child_by_field_name("name")
    if name is None or name.type not in _PROPERTY_NAMES:
        return
    annotation = node.child_by_field_name("type")
    typed = annotation.named_children[0] if annotation is not None and annotation.named_child_count else None
    kind = "method" if typed is not None and typed.type == "function_type" else "variable"
    w.define(kind, outer, name, name=w.text(name).strip("'\""), declaration=kind == "method")


_PROPERTY_NAMES = frozenset({"property_identifier", "private_property_identifier", "string"})


def _type_alias(w: Walker, node: Node, outer: Outer) -> None:
    """Record a type alias; one naming an object type (``type Match<i> = {with(p): Match<i>}``,
    ``Base & {...}``, ``{...} | {...}``) has its members as an interface has: it is one in all but
    keyword.
    They had been no symbols: ts-pattern's "where is Match.with defined" said no symbol is so
    named, and jotai's ``type Store = {get: ..., set: ..., sub: ...}`` had no ``Store.sub``."""
    name = node.child_by_field_name("name")
    recorded = len(w.symbols)
    w.define("type", outer, name)
    if name is None or len(w.symbols) == recorded:
        return  # no name, or one a grammar's error recovery made up
    for body in _object_types(node.child_by_field_name("value")):
        w.enter([w.text(name)], "interface", body)


def _object_types(value: Node | None) -> list[Node]:
    """The object types a type alias's value is made of: itself, or an intersection's or a union's
    parts (not a generic's arguments: ``Omit<{...}, K>`` has not all of them)."""
    while value is not None and value.type == "parenthesized_type" and value.named_child_count == 1:
        value = value.named_children[0]
    if value is None:
        return []
    if value.type == "object_type":
        return [value]
    if value.type in ("intersection_type", "union_type"):
        return [part for child in value.named_children for part in _object_types(child)]
    return []


def _declaration(w: Walker, node: Node, outer: Outer) -> None:
    """Record each ``const``/``let``/``var`` declarator: functions anywhere, values at top level."""
    declarators = [c for c in node.named_children if c.type == "variable_declarator"]
    constant = node.child_count > 0 and node.children[0].type == "const"
    for declarator in declarators:
        span = outer if len(declarators) == 1 else declarator
        _declarator(w, declarator, span, "constant" if constant else "variable")


def _declarator(w: Walker, node: Node, span: Outer, value_kind: str) -> None:
    name = node.child_by_field_name("name")
    value = node.child_by_field_name("value")
    if value is not None:
        value = _unwrap(value)  # `var runInContext = (function runInContext() {...})`, `{...} as const`
    if name is None or name.type != "identifier":
        if value is not None:  # destructuring patterns bind many names; none is a definition
            _scan(w, value)
        return
    if value is not None and _is_require(w, _unstarred(value)):
        return  # `const fs = require("fs")` is an import, not a definition (`__importStar(require(...))` too)
    required = value.child_by_field_name("object") if value is not None and value.type == "member_expression" else None
    if required is not None and _is_require(w, required):
        return  # `var isArrayLike = require('./iterables.js').isArrayLike`: an import of its member
    if value is not None and value.type == "assignment_expression":  # `const proto = module.exports = {...}`
        bound = _bound_value(value)  # (koa's context): an object's methods are the variable's
        if bound.type == "object":
            value = bound
        elif _declared_chain(w, name, value, span):
            return
    if value is not None and value.type in FUNCTION_VALUES:
        w.define("function", span, name, value.child_by_field_name("body"))
    elif value is not None and value.type == "class":
        w.define("class", span, name, value.child_by_field_name("body"))
    elif value is not None and value.type == "object" and w.variables_allowed():
        w.define(value_kind, span, name)
        _object_members(w, value, (w.text(name),))
    elif value is not None and value.type == "object":  # in a function: its methods, named under it
        _object_members(w, value, (w.text(name),))  # (createStore's `const api = { reset() {...} }`)
    else:
        if w.variables_allowed() and not _wraps_namesake(w, w.text(name), value):
            w.define(value_kind, span, name)
        if value is not None:  # `const token = new CancelToken(function executor(c) {...})`
            _scan(w, value)


def _wraps_namesake(w: Walker, name: str, value: Node | None) -> bool:
    """Whether a call holds among its arguments, through calls it passes along, a function
    expression named as the variable it is bound to: ramda's ``var curryN = _curry2(function
    curryN(length, fn) {...})`` is one definition, the function :func:`_scan` finds, where the
    variable had been a second one at the same place (``curryN variable``, ``curryN function``,
    both listed by a search and the go-to; ctags lists both too); a class field's too
    (``handler = debounce(function handler() {...})``)."""
    pending = [value] if value is not None and value.type == "call_expression" else []
    while pending:
        arguments = pending.pop().child_by_field_name("arguments")
        for argument in arguments.named_children if arguments is not None else ():
            argument = _unwrap(argument)
            if argument.type == "call_expression":
                pending.append(argument)
            elif argument.type in _EXPRESSION_FUNCTIONS:
                own = argument.child_by_field_name("name")
                if own is not None and w.text(own) == name:
                    return True
    return False


def _declared_chain(w: Walker, name: Node, chain: Node, span: Outer) -> bool:
    """``var init = jQuery.fn.init = function (selector, context, root) {...}``: the function is
    defined where it is bound last, and the variable is an alias of it (:func:`_chained`), where
    the variable had been the one symbol (``jQuery.fn.init`` none). False where the chain ends in
    no function, or its last link names none (the variable is then read as before)."""
    bound = _bound_value(chain)
    if bound.type not in FUNCTION_VALUES and bound.type != "class":
        return False
    last = _member_assignment if w.in_function else _export_assignment
    kind = "class" if bound.type == "class" else "function"
    return _chained(w, chain, lambda link: last(w, link, span),
                    lambda value: _define(w, kind, span, name, value, alias=True))


def _bound_value(node: Node) -> Node:
    """The value a chain of assignments binds (``module.exports = {...}`` -> the object)."""
    while node.type == "assignment_expression":
        right = node.child_by_field_name("right")
        if right is None:
            break
        node = _unparenthesize(right)
    return node


def _unstarred(value: Node) -> Node:
    """The ``require(...)`` that TypeScript's ``__importStar(require("./type"))`` wraps; else the value."""
    callee = value.child_by_field_name("function") if value.type == "call_expression" else None
    args = value.child_by_field_name("arguments") if callee is not None and callee.text == b"__importStar" else None
    return args.named_children[0] if args is not None and args.named_child_count == 1 else value


def _is_require(w: Walker, value: Node) -> bool:
    callee = value.child_by_field_name("function") if value.type == "call_expression" else None
    return callee is not None and w.text(callee) == "require"


def _statement(w: Walker, node: Node, outer: Outer) -> None:
    """Record TS ``namespace`` blocks and CommonJS ``exports.name = function ...`` outside
    functions, walk the body of a function called at once there (an IIFE, and a UMD wrapper's
    factory) as if it were the file's top level, and find the functions in any other expression."""
    if node.named_child_count == 0:
        return
    child = node.named_children[0]
    if not w.in_function:
        if child.type in ("internal_module", "module"):
            w.dispatch(child, outer)
            return
        if child.type == "assignment_expression" and _export_assignment(w, child, outer):
            return
        call = _iife_call(child)
        if call is not None:
            _top_level_iife(w, call)
            return
    elif child.type == "assignment_expression" and _member_assignment(w, child, outer):
        return
    _scan(w, child)


_MODULE_HEADS = frozenset({"exports", "module", "this"})
"""Objects a function's ``x.name = function`` is not named after: the module's (the module's own
function, written the same inside a function and out) and ``this`` (whatever the call passes)."""


def _member_assignment(w: Walker, node: Node, outer: Outer, value: Node | None = None) -> bool:
    """Record a function or class a function assigns to a property of an object (``hb.compile =
    function (input, options) {...}`` in handlebars' ``create()``) as that object's method, named
    where the object is bound (``ecmascript_bound.py``): ``create.hb.compile`` for ``create``'s own
    local or parameter, ``yy.locInfo`` for the file's top-level ``let yy``. They had been no
    symbols ("no symbol named hb.compile"). One that names itself is defined by its own name
    (``request.onabort = function handleAbort()``), unless set on a prototype (mustache's
    ``Scanner.prototype.eos = function eos()`` in its factory is ``Scanner``'s method). Return
    whether one was recorded. A chain (``a.x = b.y = function``) is defined where it is bound
    last, and each other link is an alias of it (:func:`_chained`). ``value``: the function an
    alias is bound to (its body walked under the last link alone)."""
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if left is None or right is None or left.type != "member_expression":
        return False
    right = _unparenthesize(right) if value is None else value
    if right.type == "assignment_expression":  # `a.x = b.x = function`: named where it is bound last
        return _chained(w, right, lambda chain: _member_assignment(w, chain, outer),
                        lambda bound: _member_assignment(w, node, outer, bound))
    if right.type not in FUNCTION_VALUES and right.type != "class":
        return False
    name = left.child_by_field_name("property")
    held = left.child_by_field_name("object")
    path = w.text(held).split(".") if held is not None else []
    if name is None or not path or not all(part.isidentifier() for part in path) or path[0] in _MODULE_HEADS:
        return False
    if right.child_by_field_name("name") is not None and "prototype" not in path:
        return False  # `request.onabort = function handleAbort()`: defined by its own name (`_scan`)
    memo = w.memo.get("bound")  # the names each scope binds, read once per file
    if not isinstance(memo, dict):
        memo = w.memo["bound"] = {}
    where = binder(node, path[0], memo)
    if where in (Binder.OUTER, Binder.NONE):
        return False
    owner = tuple(part for part in path if part != "prototype")
    kind = "class" if right.type == "class" else "method"
    _define(w, kind, outer, name, right, value is not None, prefix=owner, unscoped=where == Binder.MODULE)
    return True


def _define(w: Walker, kind: str, outer: Outer, name: Node | None, value: Node, alias: bool,
            prefix: tuple[str, ...] = (), unscoped: bool = False) -> None:
    """Define a function or class held by an assignment; an alias (another link of a chain) spans
    it too, but is no chunk of its own and does not walk its body (the last link does)."""
    body = None if alias else value.child_by_field_name("body")
    w.define(kind, outer, name, body, prefix=prefix, unscoped=unscoped, chunk=not alias)


def _chained(w: Walker, chain: Node, last: Callable[[Node], bool], alias: Callable[[Node], object]) -> bool:
    """Record a chain of assignments of one function (``jQuery.extend = jQuery.fn.extend =
    function``, handlebars' ``SafeString.prototype.toString = SafeString.prototype.toHTML =
    function``): the link bound last defines it (``last``, given the rest of the chain), and the
    link before it is an alias of it (``alias``, given the function), listed before it so that
    the lines inside the function stay the last link's. Only the last link had been a symbol
    ("no symbol named jQuery.extend"). Return whether the last link was recorded."""
    at = len(w.symbols)
    if not last(chain):
        return False
    bound = _bound_value(chain)
    if bound.type not in FUNCTION_VALUES and bound.type != "class":
        return True  # `Foo.fn = Foo.prototype = {...}`: an object's members, named once
    recorded = len(w.symbols)
    alias(bound)
    aliases = w.symbols[recorded:]
    del w.symbols[recorded:]
    if not any(s.qualname == w.symbols[at].qualname for s in aliases):
        w.symbols[at:at] = aliases
    return True


def _top_level_iife(w: Walker, call: Node) -> None:
    """Walk an IIFE's body, and the anonymous functions it is passed (UMD's ``factory``), in the
    current scope: they are the module's top level in all but syntax."""
    body = _function_body(_callee_function(call))
    if body is not None:
        w.walk(body)
    arguments = call.child_by_field_name("arguments")
    for argument in arguments.named_children if arguments is not None else ():
        argument = _unparenthesize(argument)
        if argument.type in _EXPRESSION_FUNCTIONS and argument.child_by_field_name("name") is None:
            body = argument.child_by_field_name("body")
            if body is not None and body.type == "statement_block":
                w.walk(body)
                continue
        _scan(w, argument)


def _returned(w: Walker, node: Node, outer: Outer) -> None:
    """``return function wrap() {...}``, ``return new Promise(function dispatch(...) {...})``; an
    object returned holds the function's methods (a factory's ``return { getItem(key) {...} }`` has
    ``createDriver.getItem``, which had been no symbol)."""
    for child in node.named_children:
        value = _unwrap(child)
        if value.type == "object":
            _object_members(w, value, ())
        else:
            _scan(w, child)


def _export(w: Walker, node: Node, outer: Outer) -> None:
    """Walk an ``export`` statement's declarations; find the functions in its default value
    (``export default isSupported && function (config) {...}``)."""
    value = node.child_by_field_name("value")
    if value is None or value.type == "object":
        w.walk(node)
    elif _unwrap(value).type == "object":  # export default { setup() {...} } satisfies Config
        _object_members(w, _unwrap(value), ())
    else:
        _scan(w, value)


_EXPRESSION_FUNCTIONS = frozenset({"function_expression", "function", "generator_function"})
"""Function expressions, which may name themselves (an arrow function cannot)."""
CALLBACK_CHUNK_LINES = 10
"""Lines from which a function named inside an expression (a callback passed by name, a function
returned) is a chunk of its own: ``dispatchXhrRequest``'s 200 lines are a unit to read, while a
3-line ``function each(pair) {...}`` passed to ``map`` reads best inside the chunk around it."""
_MAY_HOLD_FUNCTION = re.compile(rb"function|=>|class|Object\.assign")  # its methods: `_assigned_members`
"""Text that an expression holding a function or a class holds: one without it (most) is skipped
unread, so finding functions in expressions costs a small share of a walk."""


def _may_hold_function(w: Walker, node: Node) -> bool:
    """Whether a node's text holds :data:`_MAY_HOLD_FUNCTION`: a look-up in the offsets of the
    file's matches, found once (searching each node's text would read a minified file's deep
    expressions once per level)."""
    offsets = w.memo.get("function_offsets")
    if not isinstance(offsets, list):
        offsets = [m.start() for m in _MAY_HOLD_FUNCTION.finditer(w.source)]
        w.memo["function_offsets"] = offsets
    index = bisect.bisect_left(offsets, node.start_byte)
    return index < len(offsets) and offsets[index] < node.end_byte


def _scan(w: Walker, node: Node) -> None:
    """Find the functions and classes in an expression, in source order, without visiting
    the expressions that cannot hold one. A function expression that names itself is defined by
    that name; an anonymous one (an arrow, ``function () {...}``, an object's ``get() {...}``) is
    no definition, and its body is walked in an anonymous scope; a class expression's body is
    walked as a class's, named or not."""
    if w.depth >= MAX_DEPTH:
        return
    pending = [node]
    while pending:
        current = pending.pop()
        if not _may_hold_function(w, current):
            continue
        kind = current.type
        if kind in FUNCTION_VALUES or kind == "method_definition":
            _function_value(w, current)
        elif kind == "class":
            _class_value(w, current)
        elif kind == "statement_block":
            w.walk(current)  # not within an expression's grammar; walked as statements
        elif kind == "call_expression" and _assigned_members(w, current):
            continue
        else:
            pending.extend(reversed(current.named_children))


def _assigned_members(w: Walker, call: Node) -> bool:
    """``Object.assign(target, {transaction() {...}})``: the functions of the objects assigned are
    methods of the target, named after it (``ctx.transaction``; ``Router.prototype``'s are
    ``Router``'s, ``module.exports``' the module's), where they had been no symbols. False for any
    other call, and for a target with no dotted name (``Object.assign({}, a)``, ``this``)."""
    callee = call.child_by_field_name("function")
    arguments = call.child_by_field_name("arguments")
    if callee is None or arguments is None or w.text(callee) != "Object.assign":
        return False
    values = [_unparenthesize(a) for a in arguments.named_children]
    if not values or values[0].type not in ("identifier", "member_expression"):
        return False
    target = w.text(values[0])
    parts = target.split(".")
    if not all(p.isidentifier() and p != "this" for p in parts):
        return False
    prefix = () if target in _MODULE_OBJECTS else tuple(parts[:-1] if parts[-1] == "prototype" else parts)
    for value in values[1:]:
        if value.type == "object":
            _object_members(w, value, prefix)
        else:
            _scan(w, value)
    return True


def _function_value(w: Walker, node: Node) -> None:
    name = node.child_by_field_name("name") if node.type in _EXPRESSION_FUNCTIONS else None
    body = node.child_by_field_name("body")
    if name is not None:
        lines = node.end_point.row - node.start_point.row + 1
        w.define("function", node, name, body, chunk=lines >= CALLBACK_CHUNK_LINES)
    elif body is not None and body.type == "statement_block":
        w.enter([], "function", body)
    elif body is not None:  # an arrow's expression: `x => x.then(function next() {...})`
        with _deeper(w), w.scope([], "function"):
            _scan(w, body)


def _class_value(w: Walker, node: Node) -> None:
    name = node.child_by_field_name("name")
    body = node.child_by_field_name("body")
    if name is not None:
        w.define("class", node, name, body)
    elif body is not None:
        w.enter([], "class", body)  # `export default class extends Base {...}`: its methods


@contextmanager
def _deeper(w: Walker) -> Iterator[None]:
    """Count a nesting level that :meth:`Walker.walk` does not (an arrow in an arrow's expression)."""
    w.depth += 1
    try:
        yield
    finally:
        w.depth -= 1


_IIFE_PREFIXES = frozenset({"!", "void", "+", "-", "~"})
"""Unary operators written before an IIFE to make it an expression (``!function () {...}()``)."""


def _iife_call(node: Node) -> Node | None:
    """Return the call of an immediately called function expression: ``(function () {...})()``,
    ``(function () {...}())``, ``(function () {...}.call(this))``, ``.apply``, ``!function`` and
    arrow functions, with a block for a body; ``None`` for anything else."""
    node = _unparenthesize(node)
    if node.type == "unary_expression" and node.child_count == 2 and node.children[0].type in _IIFE_PREFIXES:
        node = _unparenthesize(node.children[1])
    if node.type != "call_expression":
        return None
    callee = _callee_function(node)
    if callee is None:
        return None
    return node if _function_body(callee) is not None else None


def _callee_function(call: Node) -> Node | None:
    """The function expression a call calls, directly or by ``.call``/``.apply``; else ``None``."""
    callee = _unparenthesize(call.child_by_field_name("function"))
    if callee.type == "member_expression":
        method = callee.child_by_field_name("property")
        if method is None or method.text not in (b"call", b"apply"):
            return None
        callee = _unparenthesize(callee.child_by_field_name("object"))
    return callee if callee.type in ("function_expression", "function", "arrow_function") else None


def _function_body(function: Node | None) -> Node | None:
    body = function.child_by_field_name("body") if function is not None else None
    return body if body is not None and body.type == "statement_block" else None


_TYPE_WRAPPERS = frozenset({"as_expression", "satisfies_expression"})
"""TypeScript's assertions around a value (``{...} as const``, ``{...} satisfies Config``): the
value is the expression they wrap."""


def _unwrap(node: Node) -> Node:
    """Return the value inside parentheses and TypeScript's ``as``/``satisfies``: ``export const
    handlers = { run() {...} } as const`` holds the method ``handlers.run``, which had been no symbol."""
    node = _unparenthesize(node)
    while node.type in _TYPE_WRAPPERS and node.named_child_count:
        node = _unparenthesize(node.named_children[0])
    return node


def _unparenthesize(node: Node | None) -> Node:
    """Return the expression inside any parentheses (a node is returned as is otherwise)."""
    while node is not None and node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    return node  # type: ignore[return-value]


def _export_assignment(w: Walker, node: Node, outer: Outer, value: Node | None = None) -> bool:
    """Record a function or class assigned outside any function: ``exports.name = function`` is
    the module's function; ``Foo.prototype.name = function`` is ``Foo``'s method, and so is
    ``res.send = function send(body)`` (express's way) ``res``'s, its object's dotted path (less
    ``prototype``) before its name; ``Foo = class {...}`` is the class ``Foo``. Return whether
    a definition was recorded (else the caller looks for functions in the expression). A chain
    (``req.get = req.header = function header(name)``) is defined where it is bound last, each
    other link an alias of it (:func:`_chained`); ``value``: the function an alias is bound to."""
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if left is None or right is None:
        return False
    alias = value is not None
    right = _unparenthesize(right) if value is None else value
    if right.type == "assignment_expression":  # `req.get = req.header = function header(name)`
        return _chained(w, right, lambda chain: _export_assignment(w, chain, outer),
                        lambda bound: _export_assignment(w, node, outer, bound))
    kind = "class" if right.type == "class" else "function" if right.type in FUNCTION_VALUES else None
    if left.type == "identifier":  # `Foo = class {...}`, `handler = function () {...}`: a global
        if kind is None:
            return False
        _define(w, kind, outer, left, right, alias)
        return True
    if left.type != "member_expression" or (alias and kind is None):
        return False
    if right.type == "object" and w.text(left) in _MODULE_OBJECTS:  # `module.exports = { create() {...} }`
        _object_members(w, right, ())
        return True
    if right.type == "object" and (owner := _prototype_owner(w, left)):  # `Foo.prototype = { bar() {} }`
        _object_members(w, right, owner)
        return True
    name = left.child_by_field_name("property")
    if kind is None:
        if not alias and w.text(left).startswith(_EXPORTS) and _exported_value(w, name, right, node):
            w.define("variable", outer, name)  # its value is still searched for functions
        elif not alias and name is not None and (owner := _prototype_copy(w, left, right)):
            w.define("method", outer, name, prefix=owner)  # `Reply.prototype.status = Reply.prototype.code`
            return True
        return False
    if w.text(left).startswith(_EXPORTS):
        _define(w, kind, outer, name, right, alias)
        return True
    if w.text(left) in _MODULE_OBJECTS:  # `module.exports = function createApplication() {...}`
        own = right.child_by_field_name("name")  # the function's own name, if it has one
        if own is None or alias:
            return False  # its body is still walked, as an anonymous function's
        w.define(kind, outer, own, right.child_by_field_name("body"))
        return True
    path = w.text(left.child_by_field_name("object") or left).split(".")
    if name is None or not all(part.isidentifier() for part in path):
        return False  # `a[b].c = ...`, `f().g = ...`: no path names the owner
    owner = tuple(part for part in path if part != "prototype")
    _define(w, "method" if kind == "function" else kind, outer, name, right, alias, prefix=owner)
    return True


_NO_EXPORTS = frozenset({"default", "__esModule"})


def _exported_value(w: Walker, name: Node | None, value: Node, assignment: Node) -> bool:
    """Whether ``exports.name = value`` (a value, no function or class) defines the module's
    ``name``, as ``export const name = value`` does (TypeScript's CommonJS output of it: fp-ts's
    ``exports.isNonEmpty = NEA.isNonEmpty``, ``exports.Functor = { ... }``): not where the value
    is ``void 0`` (the declarations TypeScript writes first), nor a default export, nor where the
    file declares ``name`` itself (``exports.map = map``; express's ``var etag = require('etag')``
    beside ``exports.etag = createETagGenerator(...)``: its bare ``etag(...)`` is the package's)."""
    if name is None or name.type != "property_identifier" or w.text(name) in _NO_EXPORTS:
        return False
    if value.type == "unary_expression" and w.text(value).startswith("void"):
        return False
    required = value.child_by_field_name("object") if value.type == "member_expression" else _unstarred(value)
    if required is not None and _is_require(w, required):
        return False  # ``exports.TypeGuard = require("./type")``: a re-export (``facts/imports.py``)
    statement = assignment.parent
    block = statement.parent if statement is not None else None
    if block is None:
        return True
    declared, required_names = _block_names(w, block)
    if value.type == "identifier" and w.text(value) in required_names:
        return False  # ``var res = require('./response')``, then ``exports.response = res``: the module, re-exported
    return w.text(name) not in declared


def _block_names(w: Walker, block: Node) -> tuple[frozenset[str], frozenset[str]]:
    """The names a block's own statements declare (``var``/``let``/``const``, functions, classes),
    and those of them bound to a required module (``var res = require('./response')``,
    ``__importStar(require(...))`` too: express's ``exports.response = res`` re-exports
    lib/response.js, and ``response`` asked alone is that module's file); read once per block."""
    key = f"declared:{block.id}"
    found = w.memo.get(key)
    if not isinstance(found, tuple):
        declared: set[str] = set()
        required: set[str] = set()
        for child in block.named_children:
            if child.type in ("lexical_declaration", "variable_declaration"):
                for d in child.named_children:
                    if d.type != "variable_declarator":
                        continue
                    named, value = d.child_by_field_name("name"), d.child_by_field_name("value")
                    declared.add(w.text(named or d))
                    if named is not None and named.type == "identifier" and value is not None \
                            and _is_require(w, _unstarred(value)):
                        required.add(w.text(named))
            elif child.type in ("function_declaration", "generator_function_declaration", "class_declaration"):
                named = child.child_by_field_name("name")
                declared.update([w.text(named)] if named is not None else [])
        found = w.memo[key] = (frozenset(declared), frozenset(required))
    return found


def _prototype_copy(w: Walker, left: Node, right: Node) -> tuple[str, ...]:
    """The owner of a method a prototype takes from a prototype's method (fastify's
    ``Reply.prototype.status = Reply.prototype.code``: ``Reply``'s method ``status``, on that line),
    where ``Reply.status`` had been no symbol; empty for any other assignment (``Foo.prototype.x =
    a.b`` copies no method)."""
    if right.type != "member_expression" or left.type != "member_expression":
        return ()
    source = right.child_by_field_name("object")
    if source is None or not _prototype_owner(w, source):
        return ()
    held = left.child_by_field_name("object")
    return _prototype_owner(w, held) if held is not None else ()


def _prototype_owner(w: Walker, left: Node) -> tuple[str, ...]:
    """The dotted owner of a prototype assigned whole (``Foo.prototype``, ``ns.Foo.prototype``:
    ``Foo``'s methods, as ``Foo.prototype.bar = function`` makes them); empty for any other target."""
    parts = w.text(left).split(".")
    if len(parts) < 2 or parts[-1] != "prototype" or not all(p.isidentifier() and p != "this" for p in parts):
        return ()
    return tuple(parts[:-1])


MAX_OBJECT_DEPTH = 3
"""Object literals nested this deep are read for methods (``{a: {b() {}}}``); deeper is data."""


def _object_members(w: Walker, node: Node, prefix: tuple[str, ...], depth: int = 1) -> None:
    """Record the functions an object literal holds as its methods (``isArray(x) {...}``,
    ``forEach: function (...)``, ``merge: (a, b) => ...``), named after the object (``utils.isArray``;
    ``prefix`` is its dotted path, empty for a module's exports, whose functions are the module's);
    a nested object's by its key too."""
    kind = "method" if prefix else "function"
    for child in node.named_children:
        if child.type == "method_definition":
            key = child.child_by_field_name("name")
            quoted = w.text(key).strip("'\"") if key is not None and key.type == "string" else None
            w.define(kind, child, key, child.child_by_field_name("body"), name=quoted, prefix=prefix)
        elif child.type == "pair":
            key, value = child.child_by_field_name("key"), child.child_by_field_name("value")
            if value is None:
                continue
            value = _unparenthesize(value)
            name = w.text(key).strip("'\"") if key is not None else ""
            if key is None or key.type not in ("property_identifier", "string", "identifier") or not name.isidentifier():
                _scan(w, value)  # a computed key ([name]: ...) names nothing a reader can search for
            elif value.type in FUNCTION_VALUES:
                w.define(kind, child, key, value.child_by_field_name("body"), name=name, prefix=prefix)
            elif value.type == "object" and depth < MAX_OBJECT_DEPTH:
                _object_members(w, value, (*prefix, name), depth + 1)
            else:
                _scan(w, value)  # `request: wrap(function request() {...})`


def _default_object(w: Walker, node: Node, outer: Outer) -> None:
    """``export default { setup() {...} }``: the exported object's functions (no name to prefix)."""
    if node.parent is not None and node.parent.type == "export_statement":
        _object_members(w, node, ())


def _enum(w: Walker, node: Node, outer: Outer) -> None:
    """Record a TypeScript enum and its members (``Direction.Up``)."""
    name = node.child_by_field_name("name")
    w.define("enum", outer, name)
    if name is not None:
        w.enum_members([w.text(name)], node.child_by_field_name("body"), _member_name)


def _member_name(node: Node) -> Node | None:
    """Return an enum member's name: ``Up`` of ``Up`` or ``Up = 1`` (a quoted one is no name)."""
    name = node.child_by_field_name("name") if node.type == "enum_assignment" else node
    return name if name is not None and name.type == "property_identifier" else None


def _namespace(w: Walker, node: Node, outer: Outer) -> None:
    name = node.child_by_field_name("name")
    body = node.child_by_field_name("body")
    if name is not None and name.type == "string":
        w.define("module", outer, name, body, name=w.text(name).strip("'\""))
        return
    parts = w.text(name).split(".") if name is not None else []
    if parts:
        w.define("module", outer, name, body, name=parts[-1], prefix=tuple(parts[:-1]))


RULES = Rules(
    handlers={
        "function_declaration": _function,
        "generator_function_declaration": _function,
        "function_signature": _function,
        "method_definition": _function,
        "method_signature": _function,
        "abstract_method_signature": _function,
        "property_signature": _property_signature,
        "class_declaration": _named("class"),
        "abstract_class_declaration": _named("class"),
        "interface_declaration": _named("interface"),
        "enum_declaration": _enum,
        "type_alias_declaration": _type_alias,
        "public_field_definition": _field,
        "field_definition": _field,
        "lexical_declaration": _declaration,
        "variable_declaration": _declaration,
        "expression_statement": _statement,
        "return_statement": _returned,
        "export_statement": _export,
        "internal_module": _namespace,
        "module": _namespace,
        "object": _default_object,
    },
    descend=frozenset({
        "statement_block", "class_body", "interface_body", "object_type",
        "ambient_declaration", "if_statement", "else_clause", "try_statement", "catch_clause",
        "finally_clause", "for_statement", "for_in_statement", "while_statement", "do_statement",
        "labeled_statement", "ERROR",
    }),
    attributes=frozenset({"decorator"}),
    class_fields=True,
)
