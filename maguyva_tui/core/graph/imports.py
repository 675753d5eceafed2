"""Read import statements into ``Import`` records, one per bound name.

Conventions (the resolver relies on them):

- ``local="*"`` and ``name="*"``: a wildcard import (``from m import *``, ``export * from``, Go dot
  imports, Rust ``use m::*``, Java ``import a.b.*``, every C/C++ ``#include``);
- Python ``import a.b`` binds ``local="a.b"``: the whole dotted path is usable as a prefix;
- JavaScript ``import x from './m'`` binds ``name="default"``; ``export default foo`` in a file is
  recorded as ``Import(local="default", module="", name="foo")``, a binding of the file itself;
- Rust modules keep ``::``; a C/C++ system include keeps its angle brackets (``<vector>``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tree_sitter import Node

from maguyva_tui.core.types import Import

WILDCARD = "*"
"""The local name and member name of a wildcard import."""

_GO_VERSION = re.compile(r"v\d+")  # gopkg.in/yaml.v2 and example.com/mod/v3 name the package before


def _text(node: Node | None) -> str:
    """Return the text of a node, empty when absent."""
    if node is None or node.text is None:
        return ""
    return node.text.decode("utf-8", "replace")


def _line(node: Node) -> int:
    """Return the 1-based line of a node."""
    return node.start_point.row + 1


def python_imports(node: Node, path: str) -> list[Import]:
    """Read a Python ``import`` or ``from ... import`` statement."""
    line = _line(node)
    if node.type == "import_statement":
        out = []
        for child in node.children_by_field_name("name"):
            if child.type == "aliased_import":
                module = _text(child.child_by_field_name("name"))
                out.append(Import(path, _text(child.child_by_field_name("alias")), module, None, line))
            else:
                out.append(Import(path, _text(child), _text(child), None, line))
        return out
    module = "".join(_text(node.child_by_field_name("module_name")).split())
    if any(c.type == "wildcard_import" for c in node.named_children):
        return [Import(path, WILDCARD, module, WILDCARD, line)]
    out = []
    for child in node.children_by_field_name("name"):
        if child.type == "aliased_import":
            name = _text(child.child_by_field_name("name"))
            out.append(Import(path, _text(child.child_by_field_name("alias")), module, name, line))
        else:
            out.append(Import(path, _text(child), module, _text(child), line))
    return out


def _string_value(node: Node | None) -> str:
    """Return the content of a string literal node."""
    if node is None:
        return ""
    for child in node.named_children:
        if child.type in ("string_fragment", "string_content", "interpreted_string_literal_content"):
            return _text(child)
    return _text(node).strip("'\"`")


def js_imports(node: Node, path: str) -> list[Import]:
    """Read a JavaScript/TypeScript import, re-export, default export or ``require``."""
    if node.type == "import_statement":
        return _js_import(node, path)
    if node.type == "export_statement":
        return _js_export(node, path)
    if node.type == "import_require_clause":
        names = [c for c in node.named_children if c.type == "identifier"]
        module = _string_value(node.child_by_field_name("source"))
        return [Import(path, _text(names[0]), module, None, _line(node))] if names else []
    return _js_require(node, path)


def _js_import(node: Node, path: str) -> list[Import]:
    """Read ``import x, {a as b}, * as ns from './m'``."""
    module = _string_value(node.child_by_field_name("source"))
    line = _line(node)
    out = []
    for clause in node.named_children:
        if clause.type == "import_require_clause":
            return js_imports(clause, path)
        if clause.type != "import_clause":
            continue
        for part in clause.named_children:
            if part.type == "identifier":
                out.append(Import(path, _text(part), module, "default", line))
            elif part.type == "namespace_import":
                out.extend(Import(path, _text(c), module, None, line) for c in part.named_children)
            elif part.type == "named_imports":
                out.extend(_specifiers(part, module, path, line))
    return out


def _specifiers(node: Node, module: str, path: str, line: int) -> list[Import]:
    """Read ``{a, b as c}`` import or export specifiers."""
    out = []
    for spec in node.named_children:
        name = _text(spec.child_by_field_name("name"))
        alias = _text(spec.child_by_field_name("alias")) or name
        if name:
            out.append(Import(path, alias, module, name, line))
    return out


def _js_export(node: Node, path: str) -> list[Import]:
    """Read ``export ... from``, ``export default name`` and ``export default function f``."""
    line = _line(node)
    source = node.child_by_field_name("source")
    if source is not None:
        module = _string_value(source)
        clause = next((c for c in node.named_children if c.type == "export_clause"), None)
        if clause is not None:
            return _specifiers(clause, module, path, line)
        namespace = next((c for c in node.named_children if c.type == "namespace_export"), None)
        if namespace is not None:
            return [Import(path, _text(c), module, None, line) for c in namespace.named_children]
        return [Import(path, WILDCARD, module, WILDCARD, line)]
    value = node.child_by_field_name("value")
    if value is not None and value.type == "identifier":
        return [Import(path, "default", "", _text(value), line)]
    declaration = node.child_by_field_name("declaration")
    name = declaration.child_by_field_name("name") if declaration is not None else None
    return [Import(path, "default", "", _text(name), line)] if name is not None else []


def _js_require(node: Node, path: str) -> list[Import]:
    """Read ``const x = require('./m')`` and ``const {a, b: c} = require('./m')``."""
    value = node.child_by_field_name("value")
    function = value.child_by_field_name("function") if value is not None else None
    if value is None or function is None or function.text != b"require":
        return []
    args = value.child_by_field_name("arguments")
    module = _string_value(args.named_children[0]) if args is not None and args.named_child_count else ""
    target = node.child_by_field_name("name")
    line = _line(node)
    if target is None or not module:
        return []
    if target.type == "identifier":
        return [Import(path, _text(target), module, None, line)]
    out = []
    for part in target.named_children:
        if part.type == "shorthand_property_identifier_pattern":
            out.append(Import(path, _text(part), module, _text(part), line))
        elif part.type == "pair_pattern":
            key, alias = part.child_by_field_name("key"), part.child_by_field_name("value")
            out.append(Import(path, _text(alias), module, _text(key), line))
    return out


def go_imports(node: Node, path: str) -> list[Import]:
    """Read a Go import declaration; the bound name is the alias or the package's last element."""
    out = []
    for spec in _descendants(node, "import_spec"):
        module = _string_value(spec.child_by_field_name("path"))
        alias = spec.child_by_field_name("name")
        if alias is not None and alias.type == "blank_identifier":
            continue
        if alias is not None and alias.type == "dot":
            out.append(Import(path, WILDCARD, module, WILDCARD, _line(spec)))
            continue
        out.append(Import(path, _text(alias) or go_package_name(module), module, None, _line(spec)))
    return out


def go_package_name(module: str) -> str:
    """Return the default name a Go import path binds (``yaml`` for ``gopkg.in/yaml.v2``)."""
    parts = [p for p in module.split("/") if p]
    if len(parts) > 1 and _GO_VERSION.fullmatch(parts[-1]):
        parts.pop()
    last = parts[-1] if parts else module
    return last.split(".")[0]


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


def rust_imports(node: Node, path: str) -> list[Import]:
    """Read a Rust ``use`` declaration, expanding ``{...}`` lists."""
    argument = node.child_by_field_name("argument")
    return _rust_use(argument, "", path, _line(node)) if argument is not None else []


def _rust_join(prefix: str, name: str) -> str:
    """Join two Rust path fragments."""
    return f"{prefix}::{name}" if prefix and name else prefix or name


def _rust_use(node: Node, prefix: str, path: str, line: int) -> list[Import]:
    """Expand one use tree under a path prefix."""
    kind = node.type
    if kind in ("identifier", "scoped_identifier", "crate", "super"):
        return [_rust_binding(_rust_join(prefix, _text(node)), None, path, line)]
    if kind == "self":
        return [_rust_binding(prefix, None, path, line)] if prefix else []
    if kind == "use_as_clause":
        full = _rust_join(prefix, _text(node.child_by_field_name("path")))
        return [_rust_binding(full, _text(node.child_by_field_name("alias")), path, line)]
    if kind == "use_wildcard":
        inner = node.named_children[0] if node.named_child_count else None
        module = _rust_join(prefix, _text(inner)) if inner is not None else prefix
        return [Import(path, WILDCARD, module, WILDCARD, line)]
    if kind == "scoped_use_list":
        inner_prefix = _rust_join(prefix, _text(node.child_by_field_name("path")))
        items = node.child_by_field_name("list")
        return _rust_use(items, inner_prefix, path, line) if items is not None else []
    if kind == "use_list":
        return [imp for child in node.named_children for imp in _rust_use(child, prefix, path, line)]
    return []


def _rust_binding(full: str, alias: str | None, path: str, line: int) -> Import:
    """Bind the last segment of a Rust path (or an alias) to that path."""
    module, _, name = full.rpartition("::")
    local = alias or name
    if not module:
        return Import(path, local, name, None, line)
    return Import(path, local, module, name, line)


def java_imports(node: Node, path: str) -> list[Import]:
    """Read a Java import, static or not, single or on demand."""
    target = next((c for c in node.named_children if c.type in ("scoped_identifier", "identifier")), None)
    if target is None:
        return []
    full = _text(target)
    line = _line(node)
    if any(c.type == "asterisk" for c in node.named_children):
        return [Import(path, WILDCARD, full, WILDCARD, line)]
    module, _, name = full.rpartition(".")
    return [Import(path, name, module, name, line)]


def c_imports(node: Node, path: str) -> list[Import]:
    """Read ``#include "x.h"`` (kept bare) or ``#include <x.h>`` (kept in brackets)."""
    target = node.child_by_field_name("path")
    if target is None:
        return []
    module = _text(target) if target.type == "system_lib_string" else _string_value(target)
    return [Import(path, WILDCARD, module, WILDCARD, _line(node))] if module else []


IMPORT_READERS: dict[str, Callable[[Node, str], list[Import]]] = {
    "python": python_imports,
    "javascript": js_imports,
    "typescript": js_imports,
    "tsx": js_imports,
    "go": go_imports,
    "rust": rust_imports,
    "java": java_imports,
    "c": c_imports,
    "cpp": c_imports,
}
"""Import statement reader per language."""
