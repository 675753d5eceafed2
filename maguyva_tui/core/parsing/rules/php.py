"""PHP: classes, interfaces, traits, enums, functions, methods, constants (``define('NAME', 1)``'s
too), properties (a constructor's promoted parameters too), and the global variables and closures
file-level assignments set (``$app = ...``, ``$f = function () {...}``).

A namespace names no symbol of its own: like a Java package it is where a name lives, not a
definition; its braced form is walked through, its statement form (``namespace App\\Http;``) has
nothing to walk. Functions declared inside ``if (! function_exists('x')) { ... }``, the usual
guard of a helpers file, are found (``if`` blocks are walked at file level). Attributes
(``#[Route]``) are inside the declaration's node, so its span starts at them; a docblock is a
comment before it and stays out, as Java's Javadoc does.
"""

from __future__ import annotations

from tree_sitter import Node

from maguyva_tui.core.parsing.walker import Handler, Outer, Rules, Walker


def _named(kind: str) -> Handler:
    """Make a handler for a named declaration of a fixed kind whose body is walked."""

    def handler(w: Walker, node: Node, outer: Outer) -> None:
        w.define(kind, outer, node.child_by_field_name("name"), node.child_by_field_name("body"))

    return handler


def _function(w: Walker, node: Node, outer: Outer) -> None:
    name = node.child_by_field_name("name")
    body = node.child_by_field_name("body")  # an interface's or abstract method has none: a declaration
    w.define(w.function_kind(), outer, name, body, declaration=body is None)
    if name is not None and w.text(name).lower() == "__construct" and w.variables_allowed():
        _promoted(w, node.child_by_field_name("parameters"))


def _promoted(w: Walker, parameters: Node | None) -> None:
    """Record the properties a constructor declares in its parameters (``public function
    __construct(private Client $client)``: the class's ``client``), as ``private $client;`` in
    the class body is; they had been no symbols."""
    for parameter in parameters.named_children if parameters is not None else ():
        if parameter.type == "property_promotion_parameter":
            variable = parameter.child_by_field_name("name")
            name = next((c for c in variable.named_children if c.type == "name"), None) if variable else None
            w.define("variable", parameter, name)


def _statement(w: Walker, node: Node, outer: Outer) -> None:
    """Record the constant ``define('NAME', value);`` defines (at file level, in a namespace or an
    ``if (! defined('NAME'))`` guard), by its name's last part: a global constant whatever the
    namespace around it, as ``const NAME = value;`` is. They had been no symbols. So is a global
    variable a file-level assignment sets (:func:`_global`)."""
    call = node.named_children[0] if node.named_children else None
    if call is None or not w.variables_allowed():
        return
    if call.type in ("assignment_expression", "reference_assignment_expression"):
        _global(w, call, outer)
        return
    if call.type != "function_call_expression":
        return
    function, arguments = call.child_by_field_name("function"), call.child_by_field_name("arguments")
    if function is None or arguments is None or w.text(function).lstrip("\\").lower() != "define":
        return
    first = next((a for a in arguments.named_children if a.type == "argument"), None)
    literal = first.named_children[0] if first is not None and first.named_children else None
    if literal is None or literal.type not in ("string", "encapsed_string"):
        return
    parts = [c for c in literal.named_children if c.type != "string_content"]
    content = next((c for c in literal.named_children if c.type == "string_content"), None)
    if content is None or parts:
        return  # define("PREFIX_$name", ...): no name to read
    name = w.text(content).replace("\\\\", "\\").rsplit("\\", 1)[-1]
    if name.isidentifier():
        w.define("constant", outer, content, name=name, unscoped=True)


def _global(w: Walker, assignment: Node, outer: Outer) -> None:
    """Record ``$name = value;`` at file level (in a namespace or an ``if`` too) as the global
    variable it sets, by its name without the ``$``, as Python's module-level assignments are; a
    closure assigned so (``$transformDiff = function ($input) {...};``, ``$f = fn($x) => ...``)
    is a function whose body is its own. Carbon's language files' ``$months`` and closures,
    Symfony's ``$app``: they had been no symbols, where ctags tags each. Assignments inside a
    function or a closure are its locals, left out as everywhere."""
    left, right = assignment.child_by_field_name("left"), assignment.child_by_field_name("right")
    if left is None or left.type != "variable_name":
        return  # $a['k'] = 1, $this->x = 1, list($a, $b) = ...: no variable of its own
    name = next((c for c in left.named_children if c.type == "name"), None)
    if name is None or w.text(name) == "this":
        return
    if right is not None and right.type in ("anonymous_function", "arrow_function"):
        body = right.child_by_field_name("body") if right.type == "anonymous_function" else None
        w.define("function", outer, name, body)
    else:
        w.define("variable", outer, name)


def _constants(w: Walker, node: Node, outer: Outer) -> None:
    """Record each name of ``const A = 1, B = 2;`` (at file level, in a namespace or a class)."""
    if not w.variables_allowed():
        return
    elements = [c for c in node.named_children if c.type == "const_element"]
    for element in elements:
        name = next((c for c in element.named_children if c.type == "name"), None)
        w.define("constant", outer if len(elements) == 1 else element, name)


def _properties(w: Walker, node: Node, outer: Outer) -> None:
    """Record each property of a class (``public $a, $b = 3;``) by its name without the ``$``."""
    if not w.variables_allowed():
        return
    elements = [c for c in node.named_children if c.type == "property_element"]
    for element in elements:
        variable = element.child_by_field_name("name")
        name = next((c for c in variable.named_children if c.type == "name"), None) if variable else None
        w.define("variable", outer if len(elements) == 1 else element, name)


def _case(w: Walker, node: Node, outer: Outer) -> None:
    """Record an enum's ``case Hearts = 'H';``."""
    w.define("constant", outer, next((c for c in node.named_children if c.type == "name"), None))


RULES = Rules(
    handlers={
        "class_declaration": _named("class"),
        "interface_declaration": _named("interface"),
        "trait_declaration": _named("trait"),
        "enum_declaration": _named("enum"),
        "function_definition": _function,
        "method_declaration": _function,
        "const_declaration": _constants,
        "property_declaration": _properties,
        "enum_case": _case,
        "expression_statement": _statement,
    },
    descend=frozenset({
        "namespace_definition", "compound_statement", "declaration_list", "enum_declaration_list",
        "if_statement", "else_clause", "else_if_clause", "colon_block", "declare_statement", "ERROR",
    }),
    class_fields=True,
)
