"""TypeScript generic bases: what a member a class inherits holds where its declared type is a type
parameter of the class declaring it. ethers' ``AbstractSigner<P extends null | Provider>`` declares
``readonly provider!: P``; ``JsonRpcSigner extends AbstractSigner<JsonRpcApiProvider>`` calls
``this.provider.send(...)``, a ``JsonRpcApiProvider``'s method, which the bound (``Provider``) does
not have: 12 such calls had reached nothing.

The records are Java's (``java_generics.py``): ``<tparams>:P,Q`` in a generic class's scope,
``<targs>Base:A,B`` in a class extending a generic base, ``<treturn>:P`` in a method declared to
give one of its class's type parameters; a field so typed adds ``<tfield>name:P`` in its class's
scope. ``graph/resolve/resolver.py`` reads them (``Resolver.base_argument``, ``Resolver.in_bases``).

A top-level alias of a mapping (``type StateNodesConfig<C> = { [K in string]: StateNode<C> }``) is
bound, as a module's name, to the mapping it names (``StateNodesConfig:string<key>StateNode[]``,
read by ``Resolver.type_alias``)."""

from __future__ import annotations

from collections.abc import Sequence

from tree_sitter import Node, Tree

from maguyva_tui.core.parsing.facts import names
from maguyva_tui.core.parsing.facts.marks import FIELD_PARAMETER as FIELD_PARAMETER
from maguyva_tui.core.parsing.facts.marks import JAVA_TYPE_PARAMETERS as TYPE_PARAMETERS
from maguyva_tui.core.parsing.facts.marks import RETURNED_PARAMETER, TYPE_ARGUMENTS
from maguyva_tui.core.parsing.facts.marks import UNNAMED_ARGUMENT as UNNAMED
from maguyva_tui.core.store.facts import RefRow
from maguyva_tui.core.types import Symbol

_CLASSES = frozenset({"class_declaration", "abstract_class_declaration"})
_ALIASES = frozenset({"type_alias_declaration"})
_ARGUMENT_TYPES = frozenset({"type_identifier", "nested_type_identifier", "generic_type"})
_FIELDS = frozenset({"public_field_definition", "property_signature"})
_METHODS = frozenset({"method_definition", "abstract_method_signature", "method_signature"})


def ts_generic_bases(tree: Tree, symbols: Sequence[Symbol]) -> list[RefRow]:
    """Return the ``<tparams>``, ``<targs>``, ``<treturn>`` and ``<tfield>`` rows of a TypeScript file's classes."""
    classes = {(s.name_line, s.name): s.qualname for s in symbols if s.kind == "class"}
    methods = {(s.name_line, s.name): s.qualname for s in symbols if s.kind == "method"}
    rows: list[RefRow] = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        stack.extend(node.named_children)
        if node.type in _ALIASES:
            rows += _aliased_mapping(node)
            continue
        name = node.child_by_field_name("name") if node.type in _CLASSES else None
        qualname = classes.get((name.start_point[0] + 1, _text(name))) if name is not None else None
        if name is None or qualname is None:
            continue
        line = name.start_point[0] + 1
        parameters = node.child_by_field_name("type_parameters")
        declared = [_text(p.child_by_field_name("name")) for p in parameters.named_children
                    if p.type == "type_parameter"] if parameters is not None else []
        if declared and all(declared):
            rows.append(("local", f"{TYPE_PARAMETERS}:{','.join(declared)}", line, qualname))
            rows += _typed_members(node, set(declared), qualname, methods)
        base = _generic_base(node)
        if base is not None:
            written, arguments = base
            given = [_text(a) if a.type == "type_identifier" and _text(a) in declared  # ``Mid<X> extends Base<X>``
                     else names.type_name(a) if a.type in _ARGUMENT_TYPES else None
                     for a in arguments.named_children]
            if any(given):
                rows.append(("local", f"{TYPE_ARGUMENTS}{written}:{','.join(g or UNNAMED for g in given)}", line, qualname))
    return rows


def _typed_members(declaration: Node, declared: set[str], qualname: str,
                   methods: dict[tuple[int, str], str]) -> list[RefRow]:
    """Return the ``<tfield>`` rows of a generic class's fields typed by one of its type parameters
    (``provider!: P``) and the ``<treturn>`` rows of its methods declared to give one (``get(): P``),
    not one of their own (``get<P>(): P``)."""
    body = declaration.child_by_field_name("body")
    rows: list[RefRow] = []
    for member in body.named_children if body is not None else ():
        name = member.child_by_field_name("name")
        typed = member.child_by_field_name("return_type" if member.type in _METHODS else "type")
        written = _text(typed.named_children[0]) if typed is not None and typed.named_child_count == 1 \
            and typed.named_children[0].type == "type_identifier" else ""
        if name is None or written not in declared:
            continue
        if member.type in _FIELDS and name.type == "property_identifier":
            rows.append(("local", f"{FIELD_PARAMETER}{_text(name)}:{written}", name.start_point[0] + 1, qualname))
        elif member.type in _METHODS and written not in _own_parameters(member):
            method = methods.get((name.start_point[0] + 1, _text(name)))
            if method is not None:
                rows.append(("local", f"{RETURNED_PARAMETER}:{written}", name.start_point[0] + 1, method))
    return rows


def _aliased_mapping(alias: Node) -> list[RefRow]:
    """Return the row binding a type alias of an object type of one index signature or mapped type
    (``type StateNodesConfig<C> = { [K in string]: StateNode<C> }``) to the mapping it names
    (``string<key>StateNode[]``, as ``names.type_name`` reads it), which the resolver reads as the alias's
    type: xstate's ``this.states[key]._initialize()`` of ``states: StateNodesConfig<C>`` had
    reached nothing. Only a top-level alias: one in a block is no module's name."""
    name, value = alias.child_by_field_name("name"), alias.child_by_field_name("value")
    holder = alias.parent.type if alias.parent is not None else ""
    if name is None or value is None or value.type != "object_type" or holder not in ("program", "export_statement"):
        return []
    mapping = names.type_name(value)
    return [("local", f"{_text(name)}:{mapping}", name.start_point[0] + 1, None)] if mapping else []


def _own_parameters(method: Node) -> set[str]:
    """Return the names a method's own type parameters (``<T>``) declare."""
    parameters = method.child_by_field_name("type_parameters")
    return {_text(p.child_by_field_name("name")) for p in (parameters.named_children if parameters is not None else ())
            if p.type == "type_parameter"}


def _generic_base(declaration: Node) -> tuple[str, Node] | None:
    """Return the class a class extends with type arguments (``extends AbstractSigner<JsonRpcApiProvider>``:
    ``AbstractSigner`` and its ``type_arguments``), ``None`` where it extends none so."""
    heritage = next((c for c in declaration.named_children if c.type == "class_heritage"), None)
    extends = next((c for c in heritage.named_children if c.type == "extends_clause"), None) if heritage else None
    value = extends.child_by_field_name("value") if extends is not None else None
    arguments = extends.child_by_field_name("type_arguments") if extends is not None else None
    if value is None or arguments is None:
        return None
    written = _text(value.child_by_field_name("property") if value.type == "member_expression" else value)
    return (written, arguments) if written else None


def _text(node: Node | None) -> str:
    """Return a node's text, empty for none."""
    return (node.text or b"").decode("utf-8", "replace") if node is not None else ""
