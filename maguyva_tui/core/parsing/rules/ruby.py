"""Ruby: modules, classes, methods (``def self.x`` too, ``private def x``, ``attr_reader``'s,
``alias``'s and ``define_method(:x)``'s), constants.

A module is a namespace that also holds methods (mixed in, or called on the module): recorded as a
``module`` like a C++ namespace, and a ``def`` inside it is a method, as inside a class. ``class
Paths::Root`` inside ``module Rails`` is ``Rails.Paths.Root``; ``class << self`` adds methods to the
enclosing class, so its ``def``s are that class's methods; so are those in a block passed to a call
in a class or module body (``class_methods do``), and those in the block of a class made by a call
(``Point = Struct.new(:x) do``: ``Point.dist``). Other blocks (``describe ... do`` at a file's top)
are expressions and are not walked for their ``def``s, as in every language here; a class or module
in one at a file's top is recorded (Ruby defines it wherever the block runs it), and so is a
``def`` there, a function (a spec's helper, ``RSpec.describe X do; def build_registry``), unless
the block is an anonymous class's (``Class.new(Base) do; def call``).
"""

from __future__ import annotations

import re

from tree_sitter import Node

from maguyva_tui.core.parsing.walker import CLASS_KINDS, MAX_DEPTH, Outer, Rules, Walker


def _scoped(w: Walker, kind: str, node: Node, outer: Outer) -> None:
    """Record a class or module by the last part of its name; the parts before it
    (``Paths::`` of ``Paths::Root``) go into the qualified name."""
    name = node.child_by_field_name("name")
    if name is None:
        return
    prefix: list[str] = []
    last: Node | None = name
    while last is not None and last.type == "scope_resolution":
        scope = last.child_by_field_name("scope")
        if scope is not None:
            prefix.append(w.text(scope).replace("::", "."))
        last = last.child_by_field_name("name")
    if last is None:
        return
    parts = tuple(p for p in ".".join(prefix).split(".") if p)
    w.define(kind, outer, last, node.child_by_field_name("body"), prefix=parts)


def _class(w: Walker, node: Node, outer: Outer) -> None:
    _scoped(w, "class", node, outer)


def _module(w: Walker, node: Node, outer: Outer) -> None:
    _scoped(w, "module", node, outer)


def _method(w: Walker, node: Node, outer: Outer) -> None:
    kind = "method" if w.scope_kind in CLASS_KINDS or w.scope_kind == "module" else "function"
    w.define(kind, outer, node.child_by_field_name("name"), node.child_by_field_name("body"))


def _singleton_class(w: Walker, node: Node, outer: Outer) -> None:
    """``class << self``: its methods belong to the enclosing class."""
    body = node.child_by_field_name("body")
    if body is not None:
        w.walk(body)


def _assignment(w: Walker, node: Node, outer: Outer) -> None:
    """Record ``NAME = ...`` (a constant: Ruby's constants start with a capital) where a variable
    can be a symbol; a class or module made by a call (``Point = Struct.new(:x, :y) do ... end``)
    is that class or module, and the ``def``s of its block are its methods."""
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if left is None or left.type != "constant" or not w.variables_allowed():
        _assigned_blocks(w, right)
        return
    made = _made_kind(w, right) if right is not None and right.type == "call" else None
    if made is None or right is None:
        w.define("constant", outer, left)
        _assigned_blocks(w, right)
        return
    block = right.child_by_field_name("block")
    w.define(made, outer, left, block.child_by_field_name("body") if block is not None else None)


def _assigned_blocks(w: Walker, value: Node | None) -> None:
    """Walk the blocks of the calls whose value a class or module body assigns, as a call's block
    written as a statement is walked (:func:`_class_level_block`): a ``def`` there is a method of
    that class (sequel's ``PreparedStatementMethods = prepared_statements_module(...) do; def
    execute_insert``, ``tt = Class.new do; def boolean ... end.new``, ``m = Module.new do; def
    method_missing``: no symbols before, where ctags tags each). Each call of a chain is walked
    (``Class.new do ... end.new``); in a method body nothing is, as before."""
    while value is not None and value.type == "call" and w.scope_kind in ("class", "module"):
        _class_level_block(w, value)
        value = value.child_by_field_name("receiver")


MAKERS: dict[tuple[str, str], str] = {
    ("Struct", "new"): "class",
    ("Class", "new"): "class",
    ("Data", "define"): "class",
    ("Module", "new"): "module",
}
"""Calls that make a class or module (``Struct.new(:x)``, ``Class.new(Base)``, Ruby 3.2's
``Data.define(:x)``, ``Module.new``): assigned to a constant, they define it; their block's
``def``s had been no symbols ("where is dist defined" of ``Point = Struct.new do def dist``)."""


def _made_kind(w: Walker, call: Node) -> str | None:
    """Return the kind of what a call makes, a ``class`` or a ``module``, or ``None``."""
    receiver, method = call.child_by_field_name("receiver"), call.child_by_field_name("method")
    if receiver is None or method is None:
        return None
    return MAKERS.get((w.text(receiver).removeprefix("::"), w.text(method)))


ACCESSORS = frozenset({"attr_reader", "attr_writer", "attr_accessor"})
"""Calls in a class body that define methods named by their arguments (``attr_reader :root``)."""


def _call(w: Walker, node: Node, outer: Outer) -> None:
    """Record the methods ``attr_reader :a, :b`` defines (``a``, ``b``), ``attr_writer`` (``a=``) and
    ``attr_accessor`` (both), each spanning the call's line (its argument, when it names several),
    and ``alias_method :new, :old``'s ``new``; ``define_method(:name) do ... end``'s ``name``."""
    method, arguments = node.child_by_field_name("method"), node.child_by_field_name("arguments")
    if _defined_method(w, node, method, arguments, outer):
        return
    _class_level_block(w, node)
    if node.child_by_field_name("receiver") is None and arguments is not None:
        _defined_in_arguments(w, arguments)
    if method is not None and arguments is not None and w.text(method) == "alias_method":
        _alias_method(w, arguments, outer)
    if (node.child_by_field_name("receiver") is not None or method is None or arguments is None
            or w.text(method) not in ACCESSORS or w.scope_kind not in ("class", "module")):
        return
    kind = w.text(method)
    names = [a for a in arguments.named_children if a.type in ("simple_symbol", "string")]
    for argument in names:
        name = w.text(argument).lstrip(":").strip("'\"")
        if not name.isidentifier():
            continue
        span = outer if len(names) == 1 else argument
        if kind != "attr_writer":
            w.define("method", span, None, name=name)
        if kind != "attr_reader":
            w.define("method", span, None, name=name + "=")  # the writer, as `def name=(value)` names it


def _defined_method(w: Walker, node: Node, method: Node | None, arguments: Node | None, outer: Outer) -> bool:
    """Record the method ``define_method(:name) do ... end`` (or ``{ ... }``, ``&block``) defines in
    a class or module body, spanning the call, its block its body; tell whether it was one. Its
    name must be written out (``:name``, ``"name"``): one built at run time (``"#{env}?"``) names
    nothing here. roda's ``define_method(:roda_method_name) do |suffix|`` had been no symbol."""
    if (method is None or arguments is None or w.text(method) != "define_method"
            or node.child_by_field_name("receiver") is not None or w.scope_kind not in ("class", "module")):
        return False
    first = next(iter(arguments.named_children), None)
    if first is None or first.type not in ("simple_symbol", "string", "delimited_symbol"):
        return False
    if any(child.type == "interpolation" for child in first.named_children):
        return False
    name = w.text(first).lstrip(":").strip("'\"")
    if not METHOD_NAME.fullmatch(name):
        return False
    block = node.child_by_field_name("block")
    w.define("method", outer, first, block.child_by_field_name("body") if block is not None else None, name=name)
    return True


def _defined_in_arguments(w: Walker, arguments: Node) -> None:
    """Record the ``def`` a call takes as its argument (``private def secret``,
    ``private_class_method def self.build``, ``memoize def total``) and the accessors of a call
    it wraps (``protected attr_reader :cache``): Ruby's ``def`` is an expression naming the method
    it defines, and these had been no symbols."""
    for argument in arguments.named_children:
        if argument.type in ("method", "singleton_method", "call"):
            w.dispatch(argument, argument)


METHOD_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*[?!=]?|\[\]=?|[-+*/%<>=!~^&|]+@?")
"""A method's name as a symbol or an alias spells it: ``to_s``, ``empty?``, ``[]=``, ``<=>``."""


def _alias(w: Walker, node: Node, outer: Outer) -> None:
    """Record the method ``alias new old`` defines in a class or module body (``alias to_s
    inspect``), spanning its line; a global's alias (``alias $new $old``) is no method."""
    _aliased(w, node.child_by_field_name("name"), outer)


def _alias_method(w: Walker, arguments: Node, outer: Outer) -> None:
    """Record the method ``alias_method :new, :old`` defines in a class or module body."""
    first = next(iter(arguments.named_children), None)
    if first is not None and first.type in ("simple_symbol", "string", "delimited_symbol"):
        _aliased(w, first, outer)


def _aliased(w: Walker, name_node: Node | None, outer: Outer) -> None:
    if name_node is None or w.scope_kind not in ("class", "module"):
        return
    name = w.text(name_node).lstrip(":").strip("'\"")
    if METHOD_NAME.fullmatch(name):
        w.define("method", outer, name_node, name=name)


def _class_level_block(w: Walker, node: Node) -> None:
    """Walk the block of a call made in a class or module body (``class_methods do``,
    ``no_commands do``, ``included do``): a ``def`` there defines a method of that class, where the
    block runs (rails' ``help`` of each command, in Thor's ``no_commands`` block, was no symbol).
    A block anywhere else (one in a method) is not walked for its ``def``s; at a file's top
    (``describe ... do``), its classes, modules and helpers are recorded (:func:`_classes_in_block`)."""
    block = node.child_by_field_name("block")
    body = block.child_by_field_name("body") if block is not None else None
    if body is None:
        return
    if w.scope_kind in ("class", "module"):
        w.walk(body)
    elif w.scope_kind is None:
        _classes_in_block(w, body, _made_kind(w, node) is None)


def _classes_in_block(w: Walker, body: Node, helpers: bool) -> None:
    """Record the classes and modules a block at a file's top defines, through the blocks around
    them (``describe ... do; context ... do; class HashLike``): Ruby's ``class`` keyword defines the
    constant wherever a block runs it (httparty's spec classes ``HashLike`` and ``ArrayLike`` had
    been no symbols: "where is HashLike defined" said none is so named). With ``helpers``, its
    ``def``s too, as functions: dry-cli's ``def build_registry(command)`` in ``RSpec.describe
    Dry::CLI::Registry do`` had been no symbol ("no symbol named build_registry"); a block's of an
    anonymous class (``Class.new(Command) do; def call``) are none. Blocks are followed to the
    walker's :data:`MAX_DEPTH`, as :meth:`Walker.walk` goes: 500 nested ``describe`` blocks had
    overflowed Python's stack, and the file had lost every definition."""
    if w.depth >= MAX_DEPTH:
        return
    w.depth += 1
    try:
        for child in body.named_children:
            if child.type in ("class", "module") or (helpers and child.type in ("method", "singleton_method")):
                w.dispatch(child, child)
            elif child.type == "call":
                _class_level_block(w, child)
    finally:
        w.depth -= 1


RULES = Rules(
    handlers={
        "class": _class,
        "module": _module,
        "method": _method,
        "singleton_method": _method,
        "singleton_class": _singleton_class,
        "assignment": _assignment,
        "call": _call,
        "alias": _alias,
    },
    descend=frozenset({"body_statement", "begin", "if", "unless", "then", "elsif", "else", "ERROR"}),
    class_fields=True,
)
