"""Block scopes: the lines of a scope whose locals are apart from the rest of its function.

A line's scope is its innermost symbol (``extract.scope_lines``), and a function's locals are one
table. Two readings of a name in one function then merge, and disagree: a Java or C++ method's
overloads share a qualname (args4j's ``printExample(ExampleMode mode)`` and ``printExample(
OptionHandlerFilter mode, ...)``: ``mode.select(h)`` was tied to nothing; marisa's ``operator==(const
Key &lhs, ...)`` and ``operator==(const ReverseKey &lhs, ...)``: ``lhs.length()`` too), and a Go
name ranged twice in one function over different types (``for _, tt := range a`` then ``range b``)
had no type. Such lines are painted with a block scope under the function's,
``Parser.printExample.{120}`` (the block's first line): a local bound there is looked up there
first, then in the function (the resolver walks a scope's dotted segments outwards), and a site's
source is still the function (``symbol_scope``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TypeAlias

from tree_sitter import Node, Query, QueryCursor, Tree

from maguyva_tui.core.parsing.facts import names
from maguyva_tui.core.parsing.facts.marks import ANONYMOUS_BASE as ANONYMOUS_BASE
from maguyva_tui.core.parsing.facts.marks import BLOCK as BLOCK
from maguyva_tui.core.parsing.facts.marks import symbol_scope as symbol_scope
from maguyva_tui.core.parsing.languages import grammar
from maguyva_tui.core.store.facts import RefRow
from maguyva_tui.core.types import Symbol

FUNCTION_KINDS = frozenset({"function", "method", "constructor"})
"""Symbol kinds an overload is."""

OVERLOADING = frozenset({"java", "cpp", "typescript", "tsx", "python"})
"""The languages whose functions of one qualname in a file each have their own parameters and
locals: Java's and C++'s overloads, TypeScript's overload signatures and the implementation after
them, Python's ``@overload`` stubs and the implementation after them (and a property's getter and
setter)."""

_GO_LOOPS = """(for_statement) @loop (type_switch_statement alias: (_) (type_case) @case) (func_literal) @function
(expression_case (statement_list [(short_var_declaration) (var_declaration)])) @case
(default_case (statement_list [(short_var_declaration) (var_declaration)])) @case
(if_statement [consequence: (block (statement_list [(short_var_declaration) (var_declaration)])) @block
               alternative: (block (statement_list [(short_var_declaration) (var_declaration)])) @block])"""
_JAVA_LOOPS = "(enhanced_for_statement) @block (for_statement init: (local_variable_declaration)) @block"
_JAVA_BLOCKS = "(block (local_variable_declaration)) @block (catch_clause) @block"
_CPP_LOOPS = "(for_range_loop) @block (for_statement initializer: (declaration)) @block (catch_clause) @block"
_JAVA_STATEMENTS = frozenset({
    "if_statement", "while_statement", "do_statement", "try_statement", "try_with_resources_statement",
    "finally_clause", "block", "labeled_statement", "synchronized_statement", "switch_block_statement_group",
    "switch_rule"})
"""The statements a Java block declaring a local is painted in (not a method's, a lambda's or an
initializer's body: a lambda's first line may declare the enclosing function's local)."""
_JAVA_ANONYMOUS = "(object_creation_expression (class_body) @body)"
_JS_CALLBACKS = "(arrow_function) @function (function_expression) @function"

CALLBACK_LANGUAGES = frozenset({"javascript", "typescript", "tsx"})
"""Languages whose anonymous functions (callbacks) get a block scope of their own."""

Heads: TypeAlias = dict[int, tuple[int, str | None]]
"""The first line of each callback painted apart, to (its first byte, the scope around it): a
name bound on that line before the callback starts (``const x = f((a) => {``) is bound there."""


@cache
def _loop_query() -> Query:
    """Compile the query of Go's ``for`` statements once per process."""
    return Query(grammar("go"), _GO_LOOPS)


def block_scopes(tree: Tree, language: str, symbols: Sequence[Symbol],
                 scopes: list[str | None]) -> list[str | None]:
    """Paint the block scopes of a file over its symbol scopes (one qualname per line): each Java,
    C++, TypeScript or Python overload's lines (``OVERLOADING``); in Java each ``for`` statement's that
    declares its variable, statement block's that declares a local and ``catch`` clause's; in C++
    each ``for`` statement's that declares its variable and ``catch`` clause's; each Go ``for``
    statement's; in PHP the lines after each new instance of a variable made of two classes
    (``_php_rebinds``); other languages as they are (Python's rebinds: ``python_rebinds``)."""
    if language in OVERLOADING:
        _overloads(symbols, scopes)
    if language in ("java", "cpp"):
        _java_blocks(tree, scopes, language)
    if language == "php":
        _php_rebinds(tree, scopes)
    if language == "rust":
        _rust_shadows(tree, scopes)
        _rust_arms(tree, scopes)
    return scopes


def anonymous_bases(tree: Tree, language: str, scopes: list[str | None]) -> list[RefRow]:
    """Paint the body of each Java anonymous class (``new OptionParser() {{ accepts("x"); }}``, a
    double-brace initialisation) as a block scope, from the line after its brace (``OptionParser
    parser = new OptionParser() {`` binds ``parser`` for the lines after the body; a body on one
    line is left to the enclosing class), and return a ``local`` row binding
    ``ANONYMOUS_BASE`` there to the class it extends: a bare call in it is that class's method
    first (jopt-simple's ``accepts`` had been read as the test's own, and presumed external)."""
    if language != "java":
        return []
    rows: list[RefRow] = []
    bodies = QueryCursor(_anonymous_query()).captures(tree.root_node).get("body", [])
    for body in sorted(bodies, key=lambda n: n.start_byte):
        made = body.parent.child_by_field_name("type") if body.parent is not None else None
        base = names.type_name(made) if made is not None else None
        opening = body.start_point[0] + 1
        scope = scopes[opening] if opening < len(scopes) else None
        start = opening + 1  # the lines after its brace: the one opening it may bind a local
        if base and scope:
            _paint(scopes, start, body.end_point[0] + 1, scope)
            rows.append(("local", f"{ANONYMOUS_BASE}:{base}", start, f"{scope}.{BLOCK}{start}}}"))
    return rows


def callback_scopes(tree: Tree, language: str, symbols: Sequence[Symbol], scopes: list[str | None]) -> Heads:
    """Paint each JavaScript or TypeScript callback that takes parameters (an arrow function or
    function expression that is no symbol of its own: ``make({merge: (gen, to) => gen.if(to)})``,
    ``xs.map((x) => x.go())``) as a block scope, from its first line to its last, outer ones first
    and each under the one around it, and return the first lines (``Heads``): its parameters are
    its own, where they had been its function's, or the module's, and two callbacks binding one name
    to two types left it untyped (ajv's ``mergeEvaluated``, four arrows each binding ``gen``: 14
    calls on a ``CodeGen`` reached nothing). A callback starting on a line another starts on is
    left in that one's block; a line one callback ends and the next starts on is the next's. Go's
    function literals are painted with its loops (``_go_blocks``)."""
    heads: Heads = {}
    if language == "go":
        return _go_blocks(tree, scopes)
    if language not in CALLBACK_LANGUAGES:
        return heads
    functions = {(s.start_line, s.end_line) for s in symbols if s.kind in FUNCTION_KINDS}
    found = QueryCursor(_callback_query(language)).captures(tree.root_node).get("function", [])
    outer = list(scopes)  # each line's scope before any callback is painted
    painted: dict[int, str] = {}
    for function in sorted(found, key=lambda n: n.start_byte):
        start, end = function.start_point[0] + 1, function.end_point[0] + 1
        if start in heads or (start, end) in functions or not _takes_parameters(function):
            continue
        if end >= len(scopes):  # the lines past the last function or class are the module's
            scopes.extend([None] * (end + 1 - len(scopes)))
            outer.extend([None] * (end + 1 - len(outer)))
        around = function.parent
        while around is not None and around.id not in painted:
            around = around.parent
        scope = outer[start]
        if around is not None and symbol_scope(painted[around.id]) == symbol_scope(scope):
            scope = painted[around.id]  # not past a symbol nested in the callback around it
        block = f"{scope}.{BLOCK}{start}}}" if scope else f"{BLOCK}{start}}}"
        for line in range(start, end + 1):
            if line == start or scopes[line] == scope:
                scopes[line] = block
        heads[start] = (function.start_byte, scope)
        painted[function.id] = block
    return heads


@cache
def _callback_query(language: str) -> Query:
    """Compile the query of a language's anonymous functions once per process."""
    return Query(grammar(language), _JS_CALLBACKS)


def _takes_parameters(function: Node) -> bool:
    """Tell whether an anonymous function has a parameter (``x => ...`` has a bare one)."""
    parameters = function.child_by_field_name("parameters")
    if parameters is not None:
        return parameters.named_child_count > 0
    return function.child_by_field_name("parameter") is not None


def _overloads(symbols: Sequence[Symbol], scopes: list[str | None]) -> None:
    """Paint each overload of a method or function (a qualname two of them share in the file) apart:
    each one's parameters and locals are its own; its return and its nth parameters are still the
    function's (``Bindings.bind``), as another file reads them."""
    functions = [s for s in symbols if s.kind in FUNCTION_KINDS and s.end_line >= s.start_line]
    shared = {name for name, n in Counter(s.qualname for s in functions).items() if n > 1}
    for symbol in functions:
        if symbol.qualname in shared:
            start = max(symbol.start_line, symbol.name_line)
            _paint(scopes, start, symbol.end_line, symbol.qualname)


@cache
def _anonymous_query() -> Query:
    """Compile the query of Java's anonymous class bodies once per process."""
    return Query(grammar("java"), _JAVA_ANONYMOUS)


_GO_DECLARING = frozenset({"type_case", "expression_case", "default_case", "block"})
"""The Go blocks the query finds only where they bind (a type switch's case binds its value; the
others were found declaring a local)."""


def _go_blocks(tree: Tree, scopes: list[str | None]) -> Heads:
    """Paint each Go ``for`` statement that declares its variables (``for _, tt := range tests``,
    ``for i := 0; ...``) apart: a name ranged twice in one function may hold two types; and so
    each case of a type switch that binds its value (``switch x := e.(type) { case *Name: ...``),
    where the value is that case's type; each ``switch`` case and ``if`` or ``else`` block that
    declares a local (apd's gdaTest: ``c := tc.Context(t)``, then ``case "comparetotal": var c
    int``, had left c untyped); and each function literal, its parameters and locals its
    own (cockroachdb/apd's ``t.Run("Abs", func(t *testing.T) { apd := func(z, x number) string {
    return z.toApd(t)...``, where another literal of the test takes ``z numberOrNil``: 190 calls had
    been tied to nothing). Outer ones first, each under the block around it (a loop in a literal,
    a literal in a loop); return the literals' first lines (``Heads``: ``apd := func(`` binds
    ``apd`` around the literal). A line a literal ends and the next starts on is the next's."""
    heads: Heads = {}
    captured = QueryCursor(_loop_query()).captures(tree.root_node)
    found = [*captured.get("loop", []), *captured.get("case", []), *captured.get("function", []),
             *captured.get("block", [])]
    outer = list(scopes)  # each line's scope before any block is painted
    painted: dict[int, str] = {}
    for block in sorted(found, key=lambda n: n.start_byte):
        literal = block.type == "func_literal"
        if not (literal or block.type in _GO_DECLARING or _declares(block)):
            continue
        start = block.start_point[0] + 1
        end = block.end_point[0] + (block.end_point[1] > 0)  # a case ends where the next begins (column 0)
        follower = block.next_sibling if block.type == "block" else None
        if end > start and follower is not None and follower.start_point[0] + 1 == end:
            end -= 1  # ``} else {``: the else block's
        if start >= len(scopes) or (literal and start in heads):
            continue
        around = block.parent
        while around is not None and around.id not in painted:
            around = around.parent
        scope = outer[start]
        if around is not None and symbol_scope(painted[around.id]) == symbol_scope(scope):
            scope = painted[around.id]
        if not scope:
            continue
        name = f"{scope}.{BLOCK}{start}}}"
        for line in range(start, min(end, len(scopes) - 1) + 1):
            if scopes[line] == scope or (literal and line == start):
                scopes[line] = name
        painted[block.id] = name
        if literal:
            heads[start] = (block.start_byte, scope)
    return heads


@cache
def _java_block_query(language: str = "java") -> Query:
    """Compile the query of Java's (C++'s) blocks that declare a variable once per process."""
    return Query(grammar(language), _CPP_LOOPS if language == "cpp" else f"{_JAVA_LOOPS} {_JAVA_BLOCKS}")


def _java_blocks(tree: Tree, scopes: list[str | None], language: str = "java") -> None:
    """Paint each Java ``for`` statement that declares its variable (``for (View node : a)``, ``for
    (int i = 0; ...)``), each statement block that declares a local (``if (a) { View v = ...; }
    else { Group v = ...; }``) and each ``catch`` clause (``catch (IOException e)``) apart, outer
    ones first, each under the block around it: sibling blocks may declare one name with two types
    (react-native-svg's ``for (View node : ...)`` then ``for (VirtualView node : ...)``, whose
    ``node.saveAndSetupCanvas(...)`` had been tied to nothing). A line a block shares with what
    follows it (``} else {``, ``} catch (SQLException e) {``) is the follower's. C++'s ``for``
    statements and ``catch`` clauses so too: ninja's ``for (vector<Node*>::iterator i = ...)`` then
    ``for (Edges::iterator i = ...)`` in one method had left ``(*i)->path()`` untyped in both, as
    muparser's ``catch (Parser::exception_type& e)`` then ``catch (std::exception& e)`` had left
    ``e.GetMsg()``."""
    captured = QueryCursor(_java_block_query(language)).captures(tree.root_node).get("block", [])
    blocks = [n for n in captured if n.type != "block" or (n.parent is not None and n.parent.type in _JAVA_STATEMENTS)]
    outer = list(scopes)  # each line's scope before any block is painted
    painted: dict[int, str] = {}
    for block in sorted(blocks, key=lambda n: n.start_byte):
        start, end = block.start_point[0] + 1, block.end_point[0] + 1
        if start >= len(scopes):
            continue
        around = block.parent
        while around is not None and around.id not in painted:
            around = around.parent
        scope = outer[start]
        if around is not None and symbol_scope(painted[around.id]) == symbol_scope(scope):
            scope = painted[around.id]  # not past a class's method nested in the block
        follower = block.next_sibling
        if end > start and follower is not None and follower.start_point[0] + 1 == end:
            end -= 1
        if scope:
            _paint(scopes, start, end, scope)
            painted[block.id] = f"{scope}.{BLOCK}{start}}}"


_PHP_MADE = "(assignment_expression left: (variable_name) @bound right: (object_creation_expression) @made)"
_PHP_FUNCTIONS = frozenset({"method_declaration", "function_definition"})


@cache
def _php_made_query() -> Query:
    """Compile the query of PHP's ``$x = new Foo(...)`` once per process."""
    return Query(grammar("php"), _PHP_MADE)


def _php_rebinds(tree: Tree, scopes: list[str | None]) -> None:
    """Paint a PHP function where it assigns one variable new instances of two classes (``$event =
    new ConsoleCommandEvent(...)``, later ``$event = new ConsoleErrorEvent(...)``, then ``$event =
    new ConsoleTerminateEvent(...)``: a function's locals are one table, so ``$event`` had no type
    and its 8 calls in symfony/console's ``doRunCommand`` reached nothing) as nested block scopes,
    one from each such assignment's line to the function's end, each under the one before: a
    variable read there is the one the nearest assignment above binds, a name bound earlier is
    still found walking out. Its closures are no symbols, and share the lines' scopes."""
    made: dict[int, tuple[Node, dict[bytes, list[tuple[int, bytes]]]]] = {}
    for match in QueryCursor(_php_made_query()).matches(tree.root_node):
        bound, value = match[1]["bound"][0], match[1]["made"][0]
        function = bound.parent
        while function is not None and function.type not in _PHP_FUNCTIONS:
            function = function.parent
        classed = value.named_children[0] if value.named_child_count else None
        if function is None or classed is None or classed.type not in ("name", "qualified_name"):
            continue  # ``new class {...}``, ``new $class``: no class written
        assigned = made.setdefault(function.id, (function, {}))[1]
        assigned.setdefault(bound.text or b"", []).append((bound.start_point[0] + 1, classed.text or b""))
    for function, assigned in made.values():
        starts = sorted({line for sites in assigned.values() if len({c for _, c in sites}) > 1 for line, _ in sites})
        if not starts or starts[0] >= len(scopes):
            continue
        scope = scopes[starts[0]]
        if not scope:
            continue
        end, current, pending = min(function.end_point[0] + 1, len(scopes) - 1), scope, list(reversed(starts))
        for line in range(starts[0], end + 1):
            while pending and pending[-1] <= line:
                current = f"{current}.{BLOCK}{pending.pop()}}}"
            if scopes[line] == scope:
                scopes[line] = current


_PYTHON_SCOPES = frozenset({"function_definition", "class_definition", "lambda"})


Rebound: TypeAlias = dict[str, frozenset[str]]
"""Python's rebinding block scopes (``python_rebinds``), each to the names bound anew on its first line."""


def python_rebinds(captures: Mapping[str, Sequence[Node]], scopes: list[str | None]) -> Rebound:
    """Paint a Python function where it binds one name to calls of two callables (cssutils's
    ``p = optparse.OptionParser(...)``, later ``p = cssutils.CSSParser()``: a function's locals are
    one table, so ``p`` had no type and ``p.parseString(...)`` reached nothing, where jedi reads
    the nearest binding above) as nested block scopes, one from each such binding's line to the
    function's end, each under the one before (``_php_rebinds``), and return them with the names
    each binds anew: only those are the block's own, the function's other names are still the
    function's (``Bindings.lift``), as a function nested in it reads them. A binding starts one
    where it calls another callable than the name's binding above, outside that one's branch: ``p =
    CSSParser(x)`` then ``p = CSSParser()`` start none, nor does ``x = B()`` in the ``else`` of an
    ``if`` binding ``x = A()`` (either may hold, no guess between them); a binding whose call reads
    the name it binds (``p = Wrapper(p)``) is none: its line would read its own binding. Then each
    comprehension whose variable the function binds elsewhere too (``_python_comprehensions``)."""
    rebound: Rebound = {}
    grouped: dict[tuple[str | None, bytes], list[tuple[int, bytes, Node, Node]]] = {}
    for assignment in captures.get("rebound", ()):
        bound, value = assignment.child_by_field_name("left"), assignment.child_by_field_name("right")
        callee = value.child_by_field_name("function") if value is not None else None
        if bound is None or value is None or callee is None:
            continue
        line = bound.start_point[0] + 1
        if line < len(scopes) and scopes[line]:  # by the function each line is in: the module's are none
            grouped.setdefault((symbol_scope(scopes[line]), bound.text or b""), []).append(
                (line, callee.text or b"", bound, value))
    made: dict[int, tuple[Node, dict[bytes, list[tuple[int, bytes, Node]]]]] = {}
    for (_, name), found in grouped.items():
        if len({called for _, called, _, _ in found}) < 2:
            continue  # one callable, or one binding: nothing to tell apart
        function = _python_function(found[0][2])
        if function is None:
            continue  # a class body's: its names are read from other scopes too
        assigned = made.setdefault(function.id, (function, {}))[1]
        assigned[name] = [(line, called, bound) for line, called, bound, value in found
                          if name not in _identifiers(value)]
    for function, assigned in made.values():
        starts: dict[int, set[str]] = {}
        for name, sites in assigned.items():
            sites.sort(key=lambda site: site[2].start_byte)
            for (_, before, above), (line, called, node) in zip(sites, sites[1:]):
                if called != before and not _apart(above, node):
                    starts.setdefault(line, set()).add(name.decode("utf-8", "replace"))
        first = min(starts, default=len(scopes))
        scope = scopes[first] if first < len(scopes) else None
        if not scope:
            continue
        end, current, pending = min(function.end_point[0] + 1, len(scopes) - 1), scope, sorted(starts, reverse=True)
        for line in range(first, end + 1):
            while pending and pending[-1] <= line:
                start = pending.pop()
                current = f"{current}.{BLOCK}{start}}}"
                rebound[current] = frozenset(starts[start])
            if scopes[line] == scope:
                scopes[line] = current
    _python_comprehensions(captures, scopes, rebound)
    return rebound


_PYTHON_BINDERS = ("local.assigned", "local.typed", "local", "local.parallel", "local.unpacked", "local.iterated",
                   "local.paired", "local.caught", "local.valued", "local.with")
"""The captures of the names a Python function binds (``patterns.PYTHON``): an assignment's, a loop's, ..."""


def _in_clause(bound: Node) -> bool:
    """Tell whether a bound name is a comprehension's variable (``for x in xs`` inside one)."""
    holder = bound.parent
    if holder is not None and holder.type == "pattern_list":
        holder = holder.parent
    return holder is not None and holder.type == "for_in_clause"
_PYTHON_PATTERNS = frozenset({"pattern_list", "tuple_pattern", "list_pattern", "list_splat_pattern",
                              "parenthesized_expression", "tuple", "list"})


def _python_comprehensions(captures: Mapping[str, Sequence[Node]], scopes: list[str | None], rebound: Rebound) -> None:
    """Paint each comprehension of a Python function whose variable the function binds elsewhere
    too (yapf's ``new.stack = [state.Clone() for state in self.stack]``, the next line ``[state.Clone()
    for state in self.comp_stack]``: three comprehensions' ``state`` were one local of three types,
    and none of the calls reached anything) as a block scope from its first line to its last,
    whose own names are its variables (``rebound``): a comprehension's variables are its own, as
    Python 3 and jedi read them. One whose first iterable reads its variable (``[x for x in x]``) is
    left to the function."""
    comprehensions: list[tuple[Node, str | None, set[bytes]]] = []
    for comprehension in captures.get("comprehension", ()):  # in written order (``sorted_captures``)
        start = comprehension.start_point[0] + 1
        clauses = [c for c in comprehension.named_children if c.type == "for_in_clause"]
        left = [c.child_by_field_name("left") for c in clauses]
        own = {name for bound in left if bound is not None for name in _pattern_names(bound)}
        first = clauses[0].child_by_field_name("right") if clauses else None
        if start >= len(scopes) or not scopes[start] or not own or (first is not None and own & _identifiers(first)):
            continue
        comprehensions.append((comprehension, symbol_scope(scopes[start]), own))
    if not comprehensions:
        return
    wanted = {name for _, _, own in comprehensions for name in own}
    counts: Counter[tuple[str | None, bytes]] = Counter()
    for capture in _PYTHON_BINDERS:  # the names other bindings of the file bind
        for bound in captures.get(capture, ()):
            line = bound.start_point[0] + 1
            if bound.text in wanted and line < len(scopes) and not _in_clause(bound):
                counts[symbol_scope(scopes[line]), bound.text or b""] += 1
    for _, owner, own in comprehensions:
        counts.update((owner, name) for name in own)
    for comprehension, owner, own in comprehensions:
        start, end = comprehension.start_point[0] + 1, comprehension.end_point[0] + 1
        scope = scopes[start]
        if all(counts[owner, name] < 2 for name in own) or _python_function(comprehension) is None:
            continue
        block = f"{scope}.{BLOCK}{start}}}"
        while block in rebound:  # a comprehension in one on its line: under it
            scope, block = block, f"{block}.{BLOCK}{start}}}"
        for line in range(start, min(end, len(scopes) - 1) + 1):
            if scopes[line] == scope:
                scopes[line] = block
        rebound[block] = frozenset(name.decode("utf-8", "replace") for name in own)


def _python_function(node: Node) -> Node | None:
    """Return the function whose locals a Python node binds (``None``: the module's, a class body's)."""
    function = node.parent
    while function is not None and function.type not in _PYTHON_SCOPES:
        function = function.parent
    return function if function is not None and function.type == "function_definition" else None


def _pattern_names(node: Node) -> set[bytes]:
    """Return the plain names a Python binding target binds (``k, (v, w)``; none for ``self.x``)."""
    if node.type == "identifier":
        return {node.text or b""}
    if node.type in _PYTHON_PATTERNS:
        return {name for child in node.named_children for name in _pattern_names(child)}
    return set()


_PYTHON_BRANCHES = frozenset({"if_statement", "try_statement", "match_statement"})
"""The Python statements whose arms exclude one another (``if``/``elif``/``else``, ``try``'s
clauses, ``match``'s cases)."""


def _apart(above: Node, node: Node) -> bool:
    """Tell whether two nodes sit in two arms of one branching statement (``x = A()`` in an ``if``,
    ``x = B()`` in its ``else``): either may have run."""
    held = set()
    around = above.parent
    while around is not None:
        held.add(around.id)
        around = around.parent
    around = node.parent
    while around is not None and around.id not in held:
        around = around.parent
    if around is not None and around.type == "block" and around.parent is not None \
            and around.parent.type == "match_statement":
        return True
    return around is not None and around.type in _PYTHON_BRANCHES


_RUST_LETS = "(let_declaration pattern: (identifier) @bound value: (_) @value) @let"
_RUST_FUNCTIONS = frozenset({"function_item", "closure_expression"})


@cache
def _rust_lets_query() -> Query:
    """Compile the query of Rust's ``let x = ...`` once per process."""
    return Query(grammar("rust"), _RUST_LETS)


def _rust_shadows(tree: Tree, scopes: list[str | None]) -> None:
    """Paint a Rust function where a ``let`` binds a name again (``let a = Bytes::from(..); ..
    let a = BytesMut::from(..);``: a function's locals are one table, so ``a`` had no type and
    bytes' ``a.len()`` calls reached nothing) as nested block scopes, one from each such ``let``'s
    line to the end of the block holding it, each under the one around it: a name read there is
    the one the nearest ``let`` above binds. A ``let`` whose value reads the name it binds again
    (``let a = a.freeze();``) starts none: its line would read its own binding."""
    lets: dict[int, dict[bytes, list[tuple[int, Node]]]] = {}
    for match in QueryCursor(_rust_lets_query()).matches(tree.root_node):
        bound, let = match[1]["bound"][0], match[1]["let"][0]
        function = let.parent
        while function is not None and function.type not in _RUST_FUNCTIONS:
            function = function.parent
        if function is not None:
            lets.setdefault(function.id, {}).setdefault(bound.text or b"", []).append((let.start_point[0], let))
    starts: list[tuple[int, int]] = []
    for bound_names in lets.values():
        for name, sites in bound_names.items():
            if len(sites) < 2:
                continue
            for line, let in sites:
                assigned = let.child_by_field_name("value")
                if assigned is not None and name in _identifiers(assigned):
                    continue
                block = let.parent
                if block is not None and block.type == "block" and line != block.end_point[0]:
                    starts.append((line + 1, block.end_point[0] + 1))
    for start, end in sorted(set(starts)):
        if start >= len(scopes) or not scopes[start]:
            continue
        scope, painted = scopes[start], f"{scopes[start]}.{BLOCK}{start}}}"
        for line in range(start, min(end, len(scopes) - 1) + 1):
            if scopes[line] == scope:
                scopes[line] = painted


_RUST_ARMS = "(match_arm pattern: (match_pattern (tuple_struct_pattern) @pattern)) @arm"


@cache
def _rust_arms_query() -> Query:
    """Compile the query of Rust's match arms on a tuple pattern once per process."""
    return Query(grammar("rust"), _RUST_ARMS)


def _rust_arms(tree: Tree, scopes: list[str | None]) -> None:
    """Paint a Rust match arm whose tuple pattern binds a name another such pattern of the function
    binds too (``Occupied(entry) => entry.into_mut(), Vacant(entry) => entry.insert(v)``) as a block
    scope of its own, from its first line to its last: a function's locals are one table, so
    ``entry`` had been bound to two types and typed by neither (vec_map's ``or_insert``). An arm
    sharing a line with another arm is left to the function."""
    arms: dict[int, dict[bytes, list[Node]]] = {}
    for match in QueryCursor(_rust_arms_query()).matches(tree.root_node):
        pattern, arm = match[1]["pattern"][0], match[1]["arm"][0]
        function = arm.parent
        while function is not None and function.type not in _RUST_FUNCTIONS:
            function = function.parent
        if function is None:
            continue
        typed = pattern.child_by_field_name("type")  # required: a broken file's is MISSING, not absent
        for name in _identifiers(pattern) - {typed.text if typed is not None else None}:
            arms.setdefault(function.id, {}).setdefault(name, []).append(arm)
    painted: set[int] = set()
    for bound_names in arms.values():
        for found in bound_names.values():
            for arm in found if len(found) > 1 else ():
                before, after = arm.prev_named_sibling, arm.next_named_sibling
                start, end = arm.start_point[0] + 1, arm.end_point[0] + 1
                if (arm.id in painted or start >= len(scopes) or not scopes[start]
                        or (before is not None and before.end_point[0] + 1 >= start)
                        or (after is not None and after.start_point[0] + 1 <= end)):
                    continue
                painted.add(arm.id)
                scope, block = scopes[start], f"{scopes[start]}.{BLOCK}{start}}}"
                for line in range(start, min(end, len(scopes) - 1) + 1):
                    if scopes[line] == scope:
                        scopes[line] = block


def _identifiers(node: Node) -> set[bytes]:
    """Return the plain names read under a node."""
    out, stack = set(), [node]
    while stack:
        current = stack.pop()
        if current.type == "identifier" and current.text:
            out.add(current.text)
        stack.extend(current.named_children)
    return out


def _declares(loop: Node) -> bool:
    """Tell whether a Go ``for`` statement binds names (``:=`` in its range or init clause)."""
    for clause in loop.named_children:
        if clause.type == "range_clause":
            return any(c.type == ":=" for c in clause.children)
        if clause.type == "for_clause":
            init = clause.child_by_field_name("initializer")
            return init is not None and init.type == "short_var_declaration"
    return False


def _paint(scopes: list[str | None], start: int, end: int, scope: str | None) -> None:
    """Give the lines ``start..end`` that are in ``scope`` itself (not in a symbol nested in it) the
    block scope ``scope.{start}``."""
    if not scope or start >= len(scopes):
        return
    block = f"{scope}.{BLOCK}{start}}}"
    for line in range(start, min(end, len(scopes) - 1) + 1):
        if scopes[line] == scope:
            scopes[line] = block
