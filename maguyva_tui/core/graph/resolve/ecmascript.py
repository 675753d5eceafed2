"""JavaScript and TypeScript: relative specifiers name files; bare ones name packages, the
repository's own where a ``tsconfig.json``'s ``paths`` or a ``package.json``'s name says so."""

from __future__ import annotations

import posixpath
import re
from typing import TypeAlias

from maguyva_tui.core.graph import modules as mod
from maguyva_tui.core.graph.constructor_functions import constructor_of
from maguyva_tui.core.graph.resolve.base import EXTERNAL, SENTINELS, UNRESOLVED, Language, Lookup
from maguyva_tui.core.graph.tables import FileIndex, symbol_id
from maguyva_tui.core.parsing.facts.js_config import (
    CONFIG_BASE,
    CONFIG_EXTENDS,
    CONFIG_PATHS,
    PACKAGE_EXPORT,
    PACKAGE_NAME,
    TS_CONFIGS,
)
from maguyva_tui.core.parsing.facts.marks import symbol_scope

_BUILD_FOLDERS = frozenset({"dist", "lib", "build", "esm", "cjs", "es", "out", "types", "module", "umd"})
"""Folders a package's compiled files are written to, whose sources are under ``src`` (a
workspace's ``@tanstack/store`` exports ``./dist/index.js``, built from ``src/index.ts``)."""
_COMPILED = re.compile(r"\.d\.[cm]?ts$|\.[cm]?jsx?$")
_EXTENDS_DEPTH = 8
"""Configurations followed through ``extends``, short of any cycle."""
Patterns: TypeAlias = tuple[dict[str, list[str]], list[tuple[str, str, list[str]]]]
"""Patterns of ``paths`` or ``exports`` and their files: those without a ``*`` by their text,
those with one as the text before and after it, longest head first, ties in the order written."""


class EcmaScript(Language):
    """Resolution rules of JavaScript, TypeScript and TSX."""

    constructor_method = "constructor"

    def find_module(self, r: Lookup, index: FileIndex, written: str) -> str:
        """Resolve a relative specifier to a file (``""``: the file itself); a bare one to the file
        the nearest ``tsconfig.json``'s ``paths`` or ``baseUrl``, or a ``package.json`` of the
        repository named by it, maps it to; other bare ones are packages."""
        if not written:
            return index.path
        if not written.startswith("."):
            return _configured(r, index, written) or _own_package(r, written) or EXTERNAL
        return _first_file(r, mod.js_candidates(written, index.path)) or UNRESOLVED

    def implicit_import(self, r: Lookup, index: FileIndex, name: str) -> str | None:
        """Resolve a CommonJS module's ``exports``, bound nowhere in it, to the module itself:
        ``exports.map(f)`` and ``(0, exports.map)(f)``, as TypeScript's CommonJS output calls the
        module's own exports, reach what ``exports.map = ...`` defines (fp-ts 2.16.9's ``lib/``:
        1,151 such calls had read as a global's)."""
        return index.path if name == "exports" else None

    def receiver(self, r: Lookup, index: FileIndex, scope: str | None, parts: list[str]) -> tuple[str, int] | None:
        """Resolve ``this.x`` in a method of a constructor function (``Foo.prototype.bar =
        function``, ``Foo.prototype = { bar() {...} }``) or in its own body to ``Foo`` where
        ``Foo`` has ``x`` (``constructor_functions.py``): no class encloses it, and handlebars'
        ``this.opcode(...)`` in ``Compiler.prototype``'s methods had called nothing. ``None``
        (the common reading) anywhere else. A method's declared ``this`` (``LA(this:
        MixedInParser)``, chevrotain's traits) is that type, not the class around it."""
        held = _this_scope(index, scope) if parts[0] == "this" else None
        if held is not None:
            declared = r.local(index, held, "this")
            if declared is not None and declared not in SENTINELS:
                return declared, 1
        if parts[0] != "this" or len(parts) < 2 or index.enclosing_class(scope) is not None:
            return None
        owner = constructor_of(index.defs, scope)
        if owner is None:
            return None
        target = symbol_id(index.path, owner)
        return (target, 1) if r.member(target, parts[1]) not in SENTINELS else None


def _this_scope(index: FileIndex, scope: str | None) -> str | None:
    """Return the scope that declares what ``this`` is for a scope: itself, or the function whose
    callback (a block scope, ``blocks.callback_scopes``) it is; ``None`` where none declares it."""
    function = symbol_scope(scope)
    while scope:
        if "this" in index.locals.get(scope, ()):
            return scope
        if scope == function:
            return None
        scope = scope.rpartition(".")[0]
    return None


def _first_file(r: Lookup, candidates: list[str]) -> str | None:
    """Return the first candidate that is a file of the repository."""
    for candidate in candidates:
        if r.touch("file:" + candidate):
            return candidate
    return None


def _configured(r: Lookup, index: FileIndex, written: str) -> str | None:
    """Resolve a bare specifier by the nearest ``tsconfig.json`` (or ``jsconfig.json``) above the
    file: its ``paths`` pattern that matches with the longest prefix, then its ``baseUrl``."""
    config = r.memoized(("js-config", posixpath.dirname(index.path)), _nearest_config, r, posixpath.dirname(index.path))
    if config is None:
        return None
    paths, base = r.memoized(("js-options", config.path), _options, r, config)
    targets, rest = _best(paths, written) or ([], "")
    for target in targets:
        found = _first_file(r, mod.js_paths(target.replace("*", rest)))
        if found is not None:
            return found
    return _first_file(r, mod.js_paths(posixpath.join(base, written))) if base is not None else None


def _nearest_config(r: Lookup, folder: str) -> FileIndex | None:
    """Return the configuration of the nearest folder at or above ``folder`` that holds one, read
    once for a folder's imports: each bare import had walked up every folder again, its own copy
    of each path kept (3,000 imports 900 folders deep: 102 s and 5.4 GB of an index build)."""
    while True:
        for name in sorted(TS_CONFIGS, reverse=True):  # tsconfig.json before jsconfig.json
            found = r.file(posixpath.join(folder, name))
            if found is not None:
                return found
        if not folder:
            return None
        folder = posixpath.dirname(folder)


def _options(r: Lookup, config: FileIndex) -> tuple[Patterns, str | None]:
    """Return a configuration's ``paths`` (:func:`_patterns`) and ``baseUrl``, each its own or,
    where it has none, those of the configurations it extends (the last written first, as
    TypeScript reads them)."""
    paths: list[tuple[str, str]] | None = None
    base: str | None = None
    seen: set[str] = set()
    queue = [config]
    while queue and len(seen) < _EXTENDS_DEPTH:
        current = queue.pop(0)
        if current.path in seen:
            continue
        seen.add(current.path)
        rows = current.imports
        if paths is None and CONFIG_PATHS in rows:
            paths = [(i.module, i.name or "") for i in rows[CONFIG_PATHS]]
        if base is None and CONFIG_BASE in rows:
            base = rows[CONFIG_BASE][0].module
        for parent in reversed(rows.get(CONFIG_EXTENDS, [])):
            found = r.file(parent.module)
            if found is not None:
                queue.append(found)
    return _patterns(paths or []), base


def _patterns(rows: list[tuple[str, str]]) -> Patterns:
    """Index (pattern, file) rows for :func:`_best`. Each import had matched every row of its
    package or configuration in turn: a crafted ``package.json`` exporting 5,000 subpaths and a
    file importing each had held an index build 40 s (1 MB of each, an hour)."""
    exact: dict[str, list[str]] = {}
    starred: dict[str, list[str]] = {}
    for pattern, target in rows:
        (starred if "*" in pattern else exact).setdefault(pattern, []).append(target)
    split = [(*pattern.partition("*")[::2], targets) for pattern, targets in starred.items()]
    return exact, sorted(split, key=lambda item: -len(item[0]))


def _best(patterns: Patterns, written: str) -> tuple[list[str], str] | None:
    """The files of the pattern a specifier (or subpath) matches, its own text first, else the
    one with the longest head, and what its ``*`` matches; ``None`` where none matches."""
    exact, starred = patterns
    if written in exact:
        return exact[written], ""
    for head, tail, targets in starred:
        if written.startswith(head) and written.endswith(tail) and len(written) >= len(head) + len(tail):
            return targets, written[len(head): len(written) - len(tail)]
    return None


def _own_package(r: Lookup, written: str) -> str | None:
    """Resolve a specifier naming a package of the repository (its ``package.json``'s name, the
    longest that begins it) to the file its ``exports`` (or ``main``) names for the subpath, or
    that file's source under ``src`` where the repository holds no compiled one."""
    names = r.memoized(("js-packages",), _package_names, r)
    name = written
    while name not in names:
        if "/" not in name:
            return None
        name = name.rpartition("/")[0]
    package = r.file(names[name])
    if package is None:
        return None
    folder = posixpath.dirname(package.path)
    subpath = "." + written[len(name):]
    best = _best(r.memoized(("js-exports", package.path), _exports, package), subpath)
    targets = [target.replace("*", best[1]) for target in best[0]] if best is not None else []
    if best is None:  # no exports for it: a subpath is a file of the package's folder
        targets = [posixpath.join(folder, written[len(name):].lstrip("/") or "index")]
    for target in targets:
        found = _first_file(r, mod.js_paths(_COMPILED.sub("", target)))
        found = found or _first_file(r, mod.js_paths(_COMPILED.sub("", _source_of(folder, target))))
        if found is not None:
            return found
    return None


def _exports(package: FileIndex) -> Patterns:
    """A ``package.json``'s exported subpaths and their files (:func:`_patterns`)."""
    return _patterns([(row.module, row.name) for row in package.imports.get(PACKAGE_EXPORT, []) if row.name])


def _package_names(r: Lookup) -> dict[str, str]:
    """Map each package name the repository's ``package.json`` files declare to the file (a name
    declared twice to the shallowest). The files are read without being recorded: an import
    depends on the package it names (``_own_package`` reads it), not on every other one."""
    names: dict[str, str] = {}
    for path in sorted(r.touch(mod.JS_PACKAGES), key=lambda p: (p.count("/"), p)):
        package = r.files.get(path)
        for row in package.imports.get(PACKAGE_NAME, []) if package is not None else []:
            names.setdefault(row.module, path)
    return names


def _source_of(folder: str, target: str) -> str:
    """Return where the source of a package's compiled file would be: its build folders
    (``dist/esm``) replaced by ``src``, its extension dropped."""
    rest = target[len(folder):].lstrip("/") if folder else target
    parts = rest.split("/")
    while len(parts) > 1 and parts[0] in _BUILD_FOLDERS:
        parts.pop(0)
    return posixpath.join(folder, "src", *parts) if parts[0] != "src" else posixpath.join(folder, *parts)
