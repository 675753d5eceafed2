"""Read import statements into import rows, one per bound name: ``(local, module, name, line)``,
an ``Import`` without its path (``extract.py`` adds it, or stores the rows as they are).

Conventions (the resolver relies on them):

- ``local="*"`` and ``name="*"``: a wildcard import (``from m import *``, ``export * from``, Go dot
  imports, Rust ``use m::*``, Java ``import a.b.*``, every C/C++ ``#include``);
- Python ``import a.b`` binds ``local="a.b"``: the whole dotted path is usable as a prefix;
- JavaScript ``import x from './m'`` binds ``name="default"``; ``export default foo`` in a file is
  recorded as ``Import(local="default", module="", name="foo")``, a binding of the file itself;
  CommonJS's ``module.exports = Client`` (and TypeScript's ``export = Client``) as
  ``Import(local="module.exports", module="", name="Client")``: what a ``require`` of the file is;
  an object as the value (``export default { parse, load: read }``, ``module.exports = {...}``)
  binds ``Import(local="module.exports", module="", name=None)``, the file itself, and each member
  renaming another name as an ``export { read as load }`` does;
  ``export { Pattern as P }`` as ``Import(local="P", module="", name="Pattern")``, the new name
  bound in the file itself (an export that renames nothing binds no new name);
- Rust modules keep ``::``; a C/C++ system include keeps its angle brackets (``<vector>``);
- PHP namespaces keep ``\\``, without the leading one: ``use A\\B\\C as D`` binds ``local="D"``,
  ``module="A\\B"``, ``name="C"`` (``use function`` and ``use const`` alike), ``use Foo`` binds
  ``module="Foo"`` and no name, as Rust's ``use foo`` does; ``require``/``include`` of a string is a
  wildcard file import, ``__DIR__ . '/x.php'`` kept ``./x.php`` (relative to the file);
- Ruby's ``require "x"`` is a wildcard import of ``x`` (looked up on the load path, ``lib/x.rb``),
  ``require_relative "x"`` of ``./x`` (a relative path always starts with ``.``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeAlias

from tree_sitter import Node

from maguyva_tui.core.parsing.facts.marks import GO_MOD as GO_MOD
from maguyva_tui.core.parsing.facts.marks import GO_MODULE_LOCAL as GO_MODULE_LOCAL
from maguyva_tui.core.parsing.facts.marks import MODULE_VALUE as MODULE_VALUE
from maguyva_tui.core.parsing.facts.marks import USING_NAMESPACE as USING_NAMESPACE
from maguyva_tui.core.parsing.facts.marks import WILDCARD as WILDCARD
from maguyva_tui.core.parsing.facts.marks import go_package_name as go_package_name

ImportRow: TypeAlias = tuple[str, str, "str | None", int]
"""An import without its path: (local, module, name, line), the fields of ``Import`` after ``path``."""


def _text(node: Node | None) -> str:
    """Return the text of a node, empty when absent."""
    if node is None or node.text is None:
        return ""
    return node.text.decode("utf-8", "replace")


def _line(node: Node) -> int:
    """Return the 1-based line of a node."""
    return node.start_point.row + 1


def python_imports(node: Node) -> list[ImportRow]:
    """Read a Python ``import`` or ``from ... import`` statement."""
    line = _line(node)
    out: list[ImportRow] = []
    plain = node.type == "import_statement"
    module = "" if plain else "".join(_text(node.child_by_field_name("module_name")).split())
    bound = node.children_by_field_name("name")
    if not bound and any(c.type == "wildcard_import" for c in node.named_children):
        return [(WILDCARD, module, WILDCARD, line)]
    for child in bound:
        if child.type == "aliased_import":
            name = _text(child.child_by_field_name("name"))
            alias = _text(child.child_by_field_name("alias"))
            out.append((alias, name, None, line) if plain else (alias, module, name, line))
        else:
            name = _text(child)
            out.append((name, name, None, line) if plain else (name, module, name, line))
    return out


def _string_value(node: Node | None) -> str:
    """Return the content of a string literal node."""
    if node is None:
        return ""
    for child in node.named_children:
        if child.type in ("string_fragment", "string_content", "interpreted_string_literal_content"):
            return _text(child)
    return _text(node).strip("'\"`")


def js_imports(node: Node) -> list[ImportRow]:
    """Read a JavaScript/TypeScript import, re-export, default export or ``require``."""
    if node.type == "import_statement":
        return _js_import(node)
    if node.type == "export_statement":
        return _js_export(node)
    if node.type == "assignment_expression":
        return _module_exports(node)
    if node.type == "import_require_clause":
        names = [c for c in node.named_children if c.type == "identifier"]
        module = _string_value(node.child_by_field_name("source"))
        return [(_text(names[0]), module, None, _line(node))] if names else []
    return _js_require(node)


def _js_import(node: Node) -> list[ImportRow]:
    """Read ``import x, {a as b}, * as ns from './m'``."""
    module = _string_value(node.child_by_field_name("source"))
    line = _line(node)
    out: list[ImportRow] = []
    for clause in node.named_children:
        if clause.type == "import_require_clause":
            return js_imports(clause)
        if clause.type != "import_clause":
            continue
        for part in clause.named_children:
            if part.type == "identifier":
                out.append((_text(part), module, "default", line))
            elif part.type == "namespace_import":
                out.extend((_text(c), module, None, line) for c in part.named_children)
            elif part.type == "named_imports":
                out.extend(_specifiers(part, module, line))
    return out


def _specifiers(node: Node, module: str, line: int) -> list[ImportRow]:
    """Read ``{a, b as c}`` import or export specifiers."""
    out: list[ImportRow] = []
    for spec in node.named_children:
        name = _text(spec.child_by_field_name("name"))
        alias = _text(spec.child_by_field_name("alias")) or name
        if name:
            out.append((alias, module, name, line))
    return out


def _js_export(node: Node) -> list[ImportRow]:
    """Read ``export ... from``, ``export default name`` and ``export default function f``."""
    line = _line(node)
    source = node.child_by_field_name("source")
    if source is not None:
        module = _string_value(source)
        clause = next((c for c in node.named_children if c.type == "export_clause"), None)
        if clause is not None:
            return _specifiers(clause, module, line)
        namespace = next((c for c in node.named_children if c.type == "namespace_export"), None)
        if namespace is not None:
            return [(_text(c), module, None, line) for c in namespace.named_children]
        return [(WILDCARD, module, WILDCARD, line)]
    clause = next((c for c in node.named_children if c.type == "export_clause"), None)
    if clause is not None:  # export { Pattern as P }
        return [row for row in _specifiers(clause, "", line) if row[0] != row[2]]
    value = node.child_by_field_name("value")
    if value is not None and value.type == "identifier":
        return [("default", "", _text(value), line)]
    if value is not None and _bare(value).type == "object":  # export default { parse, load: read }
        return _object_value(_bare(value))
    whole = [c for c in node.named_children if c.type == "identifier"]
    if value is None and any(c.type == "=" for c in node.children) and len(whole) == 1:  # export = knex;
        return [(MODULE_VALUE, "", _text(whole[0]), line)]
    declaration = node.child_by_field_name("declaration")
    name = declaration.child_by_field_name("name") if declaration is not None else None
    return [("default", "", _text(name), line)] if name is not None else []


def _module_exports(node: Node) -> list[ImportRow]:
    """Read ``module.exports = Client`` at a file's top level (``module.exports = exports =
    function make() {...}`` too: a named function or class is its own name); an object or an
    anonymous function names nothing."""
    bound = False
    while node.type == "assignment_expression":
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left is None or right is None:
            return []
        if not bound and (required := _exported_require(left, right)):
            return required
        bound = bound or left.text == b"module.exports"
        node = right
    if bound and node.type == "object":
        return _object_value(node)
    if node.type in ("function_expression", "class"):
        node = node.child_by_field_name("name")  # type: ignore[assignment]
    if not bound or node is None or node.type != "identifier":
        return []
    return [(MODULE_VALUE, "", _text(node), _line(node))]


def _exported_require(left: Node, right: Node) -> list[ImportRow]:
    """Read ``exports.TypeGuard = require("./type")`` (``module.exports.x = ...`` too, and
    ``__importStar(require(...))``), TypeScript's CommonJS output of ``export * as TypeGuard from
    './type'``, as that re-export: the name is the
    module (``require("./type").Check``: its member), so ``index_1.TypeGuard.IsNever(x)`` reaches
    the function; it had been a variable of no value, and the call reached nothing."""
    held = left.child_by_field_name("object") if left.type == "member_expression" else None
    name = left.child_by_field_name("property") if held is not None else None
    if held is None or name is None or held.text not in (b"exports", b"module.exports") \
            or name.type != "property_identifier" or name.text in (b"default", b"__esModule"):
        return []
    member = None
    if right.type == "member_expression" and (named := right.child_by_field_name("property")) is not None:
        member, right = _text(named), right.child_by_field_name("object")  # type: ignore[assignment]
    function = right.child_by_field_name("function") if right is not None and right.type == "call_expression" else None
    args = right.child_by_field_name("arguments") if function is not None else None
    if member is None and function is not None and (inner := _unstarred(right)) is not right:
        right = inner  # ``exports.TypeGuard = __importStar(require("./type"))``
        function, args = right.child_by_field_name("function"), right.child_by_field_name("arguments")
    if function is None or function.text != b"require" or args is None or args.named_child_count != 1:
        return []
    module = _string_value(args.named_children[0]) if args.named_children[0].type == "string" else ""
    return [(_text(name), module, member, _line(left))] if module else []


def _bare(node: Node) -> Node:
    """The value TypeScript's ``as`` and ``satisfies`` wrap (``{ run } as const`` -> the object),
    where ``handlers.run()`` had reached nothing."""
    while node.type in ("as_expression", "satisfies_expression", "parenthesized_expression") and node.named_child_count:
        node = node.named_children[0]
    return node


def _object_value(node: Node) -> list[ImportRow]:
    """Read a module whose value is an object (``export default { parse, load: read }``,
    ``module.exports = {...}``): the file itself is its value, what a default import or a
    ``require`` binds, and each member named after another name of the file is that name, as
    ``export { read as load }`` is. A default import's ``api.parse()`` had reached nothing, and
    ``u.load()`` nothing but a function named ``load``."""
    line = _line(node)
    out: list[ImportRow] = [(MODULE_VALUE, "", None, line)]
    for pair in node.named_children:
        key, value = pair.child_by_field_name("key"), pair.child_by_field_name("value")
        if (pair.type == "pair" and key is not None and value is not None and key.type == "property_identifier"
                and value.type == "identifier" and key.text != value.text):
            out.append((_text(key), "", _text(value), _line(pair)))
    return out


def _object_members(node: Node, value: Node) -> list[ImportRow]:
    """Read ``const handlers = { run, halt: stop }``: ``handlers.run`` is ``run`` and
    ``handlers.halt`` is ``stop``, bound in the file itself as ``export { stop as halt }`` binds
    ``halt``; one written in a function is filed under it (``tables._scoped_imports``), zustand's
    ``const api = { setState, getState }`` in ``createStoreImpl``. ``handlers.run()`` had reached
    nothing."""
    name = node.child_by_field_name("name")
    if name is None or name.type != "identifier":
        return []
    owner = _text(name)
    out: list[ImportRow] = []
    for member in value.named_children:
        if member.type == "shorthand_property_identifier":
            out.append((f"{owner}.{_text(member)}", "", _text(member), _line(member)))
            continue
        key, named = member.child_by_field_name("key"), member.child_by_field_name("value")
        if (member.type == "pair" and key is not None and named is not None
                and key.type == "property_identifier" and named.type == "identifier"):
            out.append((f"{owner}.{_text(key)}", "", _text(named), _line(member)))
    return out


def _unstarred(value: Node) -> Node:
    """The ``require(...)`` that TypeScript's CommonJS output wraps an ``import * as _`` in
    (``var _ = __importStar(require("./internal"))``); else the value itself."""
    function = value.child_by_field_name("function") if value.type == "call_expression" else None
    args = value.child_by_field_name("arguments") if function is not None and function.text == b"__importStar" else None
    inner = args.named_children[0] if args is not None and args.named_child_count == 1 else None
    return inner if inner is not None and inner.type == "call_expression" else value


def _js_require(node: Node) -> list[ImportRow]:
    """Read ``const x = require('./m')``, ``const {a, b: c} = require('./m')`` and ``var
    isArrayLike = require('./iterables.js').isArrayLike`` (the module's member, as ``const
    {isArrayLike} = require(...)`` binds it: mnemonist's calls of it had reached the variable, a
    definition of nothing), and the members of an object that name other names (``_object_members``)."""
    value = node.child_by_field_name("value")
    if value is not None and _bare(value).type == "object":
        return _object_members(node, _bare(value))
    member = None  # ``var isArrayLike = require('./iterables.js').isArrayLike``: the module's member
    if value is not None and value.type == "member_expression" and (named := value.child_by_field_name("property")) \
            is not None and named.type == "property_identifier":
        member, value = _text(named), value.child_by_field_name("object")
    value = _unstarred(value) if value is not None and member is None else value
    function = value.child_by_field_name("function") if value is not None and value.type == "call_expression" else None
    if value is None or function is None or function.text != b"require":
        return []
    args = value.child_by_field_name("arguments")
    module = _string_value(args.named_children[0]) if args is not None and args.named_child_count else ""
    target = node.child_by_field_name("name")
    line = _line(node)
    if target is None or not module or (member is not None and target.type != "identifier"):
        return []
    if target.type == "identifier":
        return [(_text(target), module, member, line)]
    out: list[ImportRow] = []
    for part in target.named_children:
        if part.type == "shorthand_property_identifier_pattern":
            out.append((_text(part), module, _text(part), line))
        elif part.type == "pair_pattern":
            key, alias = part.child_by_field_name("key"), part.child_by_field_name("value")
            out.append((_text(alias), module, _text(key), line))
    return out


def go_imports(node: Node) -> list[ImportRow]:
    """Read a Go import declaration; the bound name is the alias or the package's last element."""
    out: list[ImportRow] = []
    for spec in _descendants(node, "import_spec"):
        module = _string_value(spec.child_by_field_name("path"))
        alias = spec.child_by_field_name("name")
        if alias is not None and alias.type == "blank_identifier":
            continue
        if alias is not None and alias.type == "dot":
            out.append((WILDCARD, module, WILDCARD, _line(spec)))
            continue
        out.append((_text(alias) or go_package_name(module), module, None, _line(spec)))
    return out


_GO_MODULE_LINE = re.compile(r'^[ \t]*module[ \t]+(?:"([^"\n]+)"|([^\s/"][^\s"]*))[ \t]*(?://.*)?$', re.M)


def go_module_line(text: str) -> tuple[str, int] | None:
    """The module path a ``go.mod`` declares and its line (``None`` without one): what every
    package of the module is imported by, its own root package included, which no folder's path
    ends with (``github.com/BurntSushi/toml`` is the repository's root folder)."""
    found = _GO_MODULE_LINE.search(text)
    if found is None:
        return None
    return found.group(1) or found.group(2), text.count("\n", 0, found.start()) + 1


def _descendants(node: Node, kind: str) -> list[Node]:
    """Return the descendants of a node of one type, in order."""
    out = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == kind:
            out.append(current)
            continue
        stack.extend(reversed(current.named_children))
    return out


def rust_imports(node: Node) -> list[ImportRow]:
    """Read a Rust ``use`` declaration, expanding ``{...}`` lists."""
    argument = node.child_by_field_name("argument")
    return _rust_use(argument, "", _line(node)) if argument is not None else []


def _rust_join(prefix: str, name: str) -> str:
    """Join two Rust path fragments."""
    return f"{prefix}::{name}" if prefix and name else prefix or name


def _rust_use(node: Node, prefix: str, line: int) -> list[ImportRow]:
    """Expand one use tree under a path prefix."""
    kind = node.type
    if kind in ("identifier", "scoped_identifier", "crate", "super"):
        return [_rust_binding(_rust_join(prefix, _text(node)), None, line)]
    if kind == "self":
        return [_rust_binding(prefix, None, line)] if prefix else []
    if kind == "use_as_clause":
        full = _rust_join(prefix, _text(node.child_by_field_name("path")))
        return [_rust_binding(full, _text(node.child_by_field_name("alias")), line)]
    if kind == "use_wildcard":
        inner = node.named_children[0] if node.named_child_count else None
        module = _rust_join(prefix, _text(inner)) if inner is not None else prefix
        return [(WILDCARD, module, WILDCARD, line)]
    if kind == "scoped_use_list":
        inner_prefix = _rust_join(prefix, _text(node.child_by_field_name("path")))
        items = node.child_by_field_name("list")
        return _rust_use(items, inner_prefix, line) if items is not None else []
    if kind == "use_list":
        return [imp for child in node.named_children for imp in _rust_use(child, prefix, line)]
    return []


def _rust_binding(full: str, alias: str | None, line: int) -> ImportRow:
    """Bind the last segment of a Rust path (or an alias) to that path."""
    module, _, name = full.rpartition("::")
    local = alias or name
    if not module:
        return (local, name, None, line)
    return (local, module, name, line)


def java_imports(node: Node) -> list[ImportRow]:
    """Read a Java import, static or not, single or on demand."""
    target = next((c for c in node.named_children if c.type in ("scoped_identifier", "identifier")), None)
    if target is None:
        return []
    full = _text(target)
    line = _line(node)
    if any(c.type == "asterisk" for c in node.named_children):
        return [(WILDCARD, full, WILDCARD, line)]
    module, _, name = full.rpartition(".")
    return [(name, module, name, line)]


def c_imports(node: Node) -> list[ImportRow]:
    """Read ``#include "x.h"`` (kept bare) or ``#include <x.h>`` (kept in brackets), or C++'s
    ``using namespace a::b;``, a wildcard import of ``namespace a.b`` (the leading ``::`` dropped)."""
    if node.type == "using_declaration":
        if node.named_child_count != 1:
            return []
        written = _text(node.named_children[0]).replace(" ", "").strip(":").replace("::", ".")
        if not any(c.type == "namespace" for c in node.children):
            return _using_one(node, written)
        return [(WILDCARD, USING_NAMESPACE + written, WILDCARD, _line(node))] if written else []
    target = node.child_by_field_name("path")
    if target is None:
        return []
    module = _text(target) if target.type == "system_lib_string" else _string_value(target)
    return [(WILDCARD, module, WILDCARD, _line(node))] if module else []


def _using_one(node: Node, written: str) -> list[ImportRow]:
    """Read C++'s ``using a::b::Widget;`` at a file's top level or in a function's body: the name
    ``Widget`` imported from ``namespace a.b`` (``Widget::make()`` then calls ``a::b::Widget``'s
    make, where it had reached nothing). One in a namespace's body binds the name there
    (``bindings.py``); one in a class's (``using Base::f;``) names a base's member, no import."""
    parent = node.parent
    namespace, _, name = written.rpartition(".")
    if parent is None or parent.type not in ("translation_unit", "compound_statement") or not namespace \
            or not name.isidentifier():
        return []
    return [(name, USING_NAMESPACE + namespace, name, _line(node))]


PHP_PATH_TYPES = frozenset({"name", "qualified_name", "namespace_name"})
"""Nodes of a ``use`` clause that write the used path."""


def php_imports(node: Node) -> list[ImportRow]:
    """Read a PHP ``use`` declaration (single, several, grouped ``A\\{B, C as D}``) or a
    ``require``/``include`` of a file."""
    if node.type != "namespace_use_declaration":
        return _php_include(node)
    line = _line(node)
    prefix = next((c for c in node.named_children if c.type == "namespace_name"), None)
    group = node.child_by_field_name("body")
    clauses = (group if group is not None else node).named_children
    out: list[ImportRow] = []
    for clause in clauses:
        if clause.type != "namespace_use_clause":
            continue
        alias = clause.child_by_field_name("alias")
        path = next((c for c in clause.named_children if c.type in PHP_PATH_TYPES and c != alias), None)
        if path is None:
            continue
        full = "\\".join(p for p in (_text(prefix).strip("\\"), _text(path).strip("\\")) if p)
        module, _, name = full.rpartition("\\")
        local = _text(alias) or name
        out.append((local, module, name, line) if module else (local, name, None, line))
    return out


def _php_include(node: Node) -> list[ImportRow]:
    """Read ``require_once 'x.php'`` or ``require __DIR__ . '/x.php'``: a wildcard file import."""
    target = node.named_children[0] if node.named_child_count else None
    prefix = ""
    if target is not None and target.type == "binary_expression":
        left = target.child_by_field_name("left")
        if left is None or left.text != b"__DIR__":
            return []
        target, prefix = target.child_by_field_name("right"), "."
    if target is None or target.type not in ("string", "encapsed_string") or target.named_child_count != 1:
        return []
    module = prefix + _string_value(target)
    return [(WILDCARD, module, WILDCARD, _line(node))] if module.strip(".") else []


def ruby_imports(node: Node) -> list[ImportRow]:
    """Read ``require "x"`` or ``require_relative "x"`` (``node``: the method's identifier)."""
    call = node.parent
    arguments = call.child_by_field_name("arguments") if call is not None else None
    target = arguments.named_children[0] if arguments is not None and arguments.named_child_count else None
    if target is None or target.named_child_count != 1 or target.named_children[0].type != "string_content":
        return []  # an interpolated path
    module = _string_value(target)
    if node.text == b"require_relative" and not module.startswith("."):
        module = "./" + module
    return [(WILDCARD, module, WILDCARD, _line(node))] if module else []


IMPORT_READERS: dict[str, Callable[[Node], list[ImportRow]]] = {
    "python": python_imports,
    "javascript": js_imports,
    "typescript": js_imports,
    "tsx": js_imports,
    "go": go_imports,
    "rust": rust_imports,
    "java": java_imports,
    "c": c_imports,
    "cpp": c_imports,
    "php": php_imports,
    "ruby": ruby_imports,
}
"""Import statement reader per language."""
