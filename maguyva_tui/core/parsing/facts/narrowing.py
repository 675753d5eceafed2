"""Narrowing: a receiver tested against a class is an instance of that class where the test holds.

The tests read: PHP's and JavaScript/TypeScript's ``x instanceof Foo``, Python's
``isinstance(x, Foo)``. Where one holds: the body of an ``if`` (an ``elseif``, ``elif``), a PHP
``match`` arm, a PHP ``switch (true)`` case, a ternary's first branch, the right of an ``&&`` (``and``), a test joined to others
by ``&&``; and, after a guard, the rest of its block (``if (!($x instanceof Foo)) { throw ...; }``,
``if not isinstance(x, Foo): raise ...``, ``assert isinstance(x, Foo)``). The receiver is a variable
or a property (``$this->inner instanceof Foo``). A call on it there is read as a call on that class
(``$x->m()`` as ``Foo.m``): the resolver looks the method up on ``Foo``, as it would for a variable
bound to a ``Foo``, where the variable's own binding says nothing of the block. league/csv's
``$sequence instanceof AbstractCsv => $sequence->getInputBOM()`` had been tied to nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tree_sitter import Node

from maguyva_tui.core.parsing.facts import names


@dataclass(frozen=True, slots=True)
class Grammar:
    """How one language writes the tests and the places they hold."""

    keyword: bytes
    """The word a file must hold for any test to be read (files without it are not searched)."""
    guarded: dict[str, tuple[str, str]]
    """Nodes whose test holds in one part of them: node type to (the test's field, the part's field);
    a field ``#n`` is the node's n-th named child (Python's conditional has no fields)."""
    scopes: frozenset[str]
    """Where a search for a test around a call stops: a closure's variable is another one."""
    conjunction: str
    """The node joining two tests (``a && b``, ``a and b``)."""
    negation: frozenset[str]
    """Nodes negating a test (``!t``, ``not t``)."""
    exits: frozenset[str]
    """Statements leaving a block: a guard's body ends with one."""
    blocks: frozenset[str]
    """Nodes listing statements, where a guard narrows the statements after it."""
    test: Callable[[Node, bytes], str | None]
    """Read one test (no conjunction, no negation): the class it says the receiver is, if any."""
    selves: frozenset[bytes]
    """Receivers never narrowed (``$this``, ``self``): their class is known."""
    instance: str = ""
    """Written after the class to say an instance of it (JavaScript's ``Foo().m``, as ``new Foo().m()``
    is written): JavaScript's ``Foo.m`` is a call on the class itself, a static method's."""


PHP_RELATIVE = {b"parent": "super", b"self": "self", b"static": "self"}
"""PHP's classes named relative to the class written in (``$x instanceof parent``: its base), as the
resolver names them."""


def _instanceof(test: Node, receiver: bytes) -> str | None:
    """Read ``x instanceof Foo`` (PHP, JavaScript, TypeScript)."""
    if test.type != "binary_expression":
        return None
    operator, left, right = (test.child_by_field_name(f) for f in ("operator", "left", "right"))
    if operator is None or operator.text != b"instanceof" or left is None or right is None:
        return None
    if left.text != receiver or right.type not in CLASS_NAMES:
        return None
    relative = PHP_RELATIVE.get(right.text or b"") if right.type == "name" else None  # php: no js identifier
    return relative or names.type_name(right)


def _isinstance(test: Node, receiver: bytes) -> str | None:
    """Read ``isinstance(x, Foo)`` (Python; not a tuple of classes, of which any may be the one)."""
    if test.type != "call":
        return None
    function, arguments = test.child_by_field_name("function"), test.child_by_field_name("arguments")
    if function is None or function.text != b"isinstance" or arguments is None or arguments.named_child_count != 2:
        return None
    value, kind = arguments.named_children
    if value.text != receiver or kind.type not in ("identifier", "attribute"):
        return None
    return names.type_name(kind)


CLASS_NAMES = frozenset({"name", "qualified_name", "identifier", "member_expression"})
"""How the class an ``instanceof`` tests against is written (not a variable's class, ``$x instanceof $y``
in PHP, where a bare ``identifier`` is a JavaScript class)."""

_ECMASCRIPT = Grammar(
    keyword=b"instanceof",
    guarded={"if_statement": ("condition", "consequence"), "ternary_expression": ("condition", "consequence")},
    scopes=frozenset({"function_declaration", "function_expression", "arrow_function", "method_definition",
                      "generator_function_declaration", "generator_function", "class_body"}),
    conjunction="binary_expression",
    negation=frozenset({"unary_expression"}),
    exits=frozenset({"return_statement", "throw_statement", "continue_statement", "break_statement"}),
    blocks=frozenset({"statement_block", "program", "switch_case"}),
    test=_instanceof,
    selves=frozenset({b"this"}),
    instance="()",
)

GRAMMARS: dict[str, Grammar] = {
    "php": Grammar(
        keyword=b"instanceof",
        guarded={
            "if_statement": ("condition", "body"),
            "else_if_clause": ("condition", "body"),
            "match_conditional_expression": ("conditional_expressions", "return_expression"),
            "conditional_expression": ("condition", "body"),
        },
        scopes=frozenset({"method_declaration", "function_definition", "anonymous_function", "arrow_function"}),
        conjunction="binary_expression",
        negation=frozenset({"unary_op_expression"}),
        exits=frozenset({"return_statement", "throw_expression", "continue_statement", "break_statement"}),
        blocks=frozenset({"compound_statement", "program"}),
        test=_instanceof,
        selves=frozenset({b"$this"}),
    ),
    "javascript": _ECMASCRIPT,
    "typescript": _ECMASCRIPT,
    "tsx": _ECMASCRIPT,
    "python": Grammar(
        keyword=b"isinstance",
        guarded={
            "if_statement": ("condition", "consequence"),
            "elif_clause": ("condition", "consequence"),
            "conditional_expression": ("#1", "#0"),
        },
        scopes=frozenset({"function_definition", "lambda", "class_definition"}),
        conjunction="boolean_operator",
        negation=frozenset({"not_operator"}),
        exits=frozenset({"return_statement", "raise_statement", "continue_statement", "break_statement"}),
        blocks=frozenset({"block", "module"}),
        test=_isinstance,
        selves=frozenset({b"self", b"cls"}),
    ),
}
"""The languages whose tests narrow, by the language's name."""

CONJUNCTIONS = frozenset({b"&&", b"and"})
"""Operators joining tests that all hold."""

NEGATIONS = frozenset({b"!", b"not"})
"""The operators of a negated test."""

STATEMENT_LISTS = frozenset({"block", "statement_block", "compound_statement", "expression_statement"})
"""A guard's body, read down to its last statement (PHP's ``throw`` is an expression in a statement)."""

WRAPPERS = frozenset({"parenthesized_expression", "match_condition_list"})
"""Nodes around a test that change nothing (a PHP ``match`` arm's list of one condition)."""


def _field(node: Node, field: str) -> Node | None:
    """Return a node's field, or its n-th named child for ``#n``."""
    if field[:1] == "#":
        index = int(field[1:])
        return node.named_children[index] if node.named_child_count > index else None
    return node.child_by_field_name(field)


class Narrowing:
    """One file's narrowing: the class a test around a call says its receiver is."""

    __slots__ = ("_guards", "grammar")

    def __init__(self, grammar: Grammar) -> None:
        self.grammar = grammar
        self._guards: dict[int, list[tuple[int, Node]]] = {}
        """Per block read, its guards: (the byte after the guard, the guard's negated test)."""

    def call(self, node: Node, name: str) -> str:
        """Return a call's name with its receiver replaced by the class a test around the call
        narrows it to (``$x.m`` as ``Foo.m``); the name as it is where none does."""
        receiver = node.child_by_field_name("object")
        if receiver is None or not receiver.text or receiver.text in self.grammar.selves:
            return name
        if receiver.type in ("parenthesized_expression", "call", "call_expression"):
            return name
        typed = self.narrowed(node, receiver.text)
        return f"{typed}{self.grammar.instance}.{name.rpartition('.')[2]}" if typed else name

    def narrowed(self, node: Node, receiver: bytes) -> str | None:
        """Return the class the innermost test around a node narrows a receiver to, ``None`` for none."""
        grammar = self.grammar
        child, holder = node, node.parent
        while holder is not None and holder.type not in grammar.scopes:
            typed = None
            fields = grammar.guarded.get(holder.type)
            if fields is not None:
                part = _field(holder, fields[1])
                if part is not None and part.id == child.id:
                    typed = self.tested(_field(holder, fields[0]), receiver)
            elif holder.type == grammar.conjunction:
                right = holder.child_by_field_name("right")
                operator = holder.child_by_field_name("operator")
                if right is not None and right.id == child.id and operator is not None and operator.text in CONJUNCTIONS:
                    typed = self.tested(holder.child_by_field_name("left"), receiver)
            elif holder.type in grammar.blocks:
                typed = self.guarded(holder, child, receiver)
            elif holder.type == "case_statement" and child.id != (holder.child_by_field_name("value") or child).id:
                typed = self.cased(holder, receiver)
            if typed:
                return typed
            child, holder = holder, holder.parent
        return None

    def tested(self, test: Node | None, receiver: bytes) -> str | None:
        """Return the class a test that holds says a receiver is an instance of, ``None`` for none."""
        while test is not None and test.type in WRAPPERS:
            if test.named_child_count != 1:  # ``A, B => ...``: either may hold
                return None
            test = test.named_children[0]
        if test is None:
            return None
        operator = test.child_by_field_name("operator") if test.type == self.grammar.conjunction else None
        if operator is not None and operator.text in CONJUNCTIONS:
            return self.tested(test.child_by_field_name("left"), receiver) or self.tested(
                test.child_by_field_name("right"), receiver)
        return self.grammar.test(test, receiver)

    def cased(self, case: Node, receiver: bytes) -> str | None:
        """Return the class a PHP ``switch (true)`` case's test narrows a receiver to in its
        statements (``case $x instanceof Foo: $x->m();``); ``None`` where the switch tests another
        value, or where the case before it falls through (either test may hold)."""
        switch = case.parent.parent if case.parent is not None else None
        condition = switch.child_by_field_name("condition") if switch is not None else None
        while condition is not None and condition.type == "parenthesized_expression" and condition.named_child_count == 1:
            condition = condition.named_children[0]
        if condition is None or condition.type != "boolean" or (condition.text or b"").lower() != b"true":
            return None
        before = case.prev_named_sibling
        while before is not None and before.type == "comment":
            before = before.prev_named_sibling
        statements = [c for c in before.named_children if c.type != "comment"] if before is not None else []
        if before is not None and (before.type != "case_statement" or not statements
                                   or statements[-1].type not in self.grammar.exits):
            return None  # ``case A: case B: ...``, or a case with no ``break``: reached either way
        return self.tested(case.child_by_field_name("value"), receiver)

    def guarded(self, block: Node, child: Node, receiver: bytes) -> str | None:
        """Return the class the nearest guard before a statement of a block narrows a receiver to."""
        guards = self._guards.get(block.id)
        if guards is None:
            guards = self._guards[block.id] = [g for s in block.named_children if (g := self.guard(s))]
        for end, test in reversed(guards):
            if end <= child.start_byte and (typed := self.tested(test, receiver)):
                return typed
        return None

    def guard(self, statement: Node) -> tuple[int, Node] | None:
        """Read a statement that leaves the block unless a test holds (``if (!t) { throw ...; }``,
        no ``else``; Python's ``assert t``): (the byte after it, the test), ``None`` for another."""
        if statement.type == "assert_statement" and statement.named_child_count:
            return statement.end_byte, statement.named_children[0]
        if statement.type != "if_statement" or any(
                c.type in ("else_clause", "else_if_clause", "elif_clause") for c in statement.named_children):
            return None
        condition = statement.child_by_field_name("condition")
        while condition is not None and condition.type == "parenthesized_expression" and condition.named_child_count == 1:
            condition = condition.named_children[0]
        if condition is None or condition.type not in self.grammar.negation or condition.child(0) is None \
                or condition.child(0).text not in NEGATIONS:
            return None
        body = statement.child_by_field_name("consequence") or statement.child_by_field_name("body")
        if body is None or not self.leaves(body):
            return None
        negated = condition.child_by_field_name("argument")
        return (statement.end_byte, negated) if negated is not None else None

    def leaves(self, body: Node) -> bool:
        """Tell whether a guard's body always leaves the block: its last statement does."""
        while body.type not in self.grammar.exits and body.type in STATEMENT_LISTS:
            statements = [c for c in body.named_children if c.type != "comment"]
            if not statements:
                return False
            body = statements[-1]
        return body.type in self.grammar.exits


def narrowing(language: str, source: bytes) -> Narrowing | None:
    """Return a file's narrowing where its language has tests and its source holds one."""
    grammar = GRAMMARS.get(language)
    return Narrowing(grammar) if grammar is not None and grammar.keyword in source else None
