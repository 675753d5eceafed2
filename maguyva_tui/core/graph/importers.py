"""The import lines that reach a module or file of the repository: "who imports pkg.mod", "which
files include config.h".

The graph already holds every import it resolved, as a site from the importing file to the
imported file's node or to a symbol of it (``from pkg.mod import f``); a module as a person writes
it (a dotted module, a path or a file's name, ``<lib/x.h>``, a Go package path, ``./utils``) is
read here as the files it names, through the same key table the imports were resolved with, and
the answer is the import sites into those files, one per importing line.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Final

import numpy as np

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.modules import C_FAMILY, JS_SUFFIXES
from maguyva_tui.core.graph.resolve import SENTINELS, Resolver
from maguyva_tui.core.graph.sites import IMPORT
from maguyva_tui.core.graph.tables import FileIndex, split_id, symbol_id
from maguyva_tui.core.parsing.facts.marks import GO_MOD, GO_MODULE_LOCAL
from maguyva_tui.core.store.facts import imports_of
from maguyva_tui.core.types import FileFacts, Import

TABLE_PREFIXES = ("py:", "java:", "go:", "inc:", "php:")
"""The key table's module keys a written module is looked up under, as imports write them."""


@dataclass(frozen=True, slots=True)
class ImportLine:
    """One line that imports (or includes) a file of the module asked about."""

    path: str
    line: int
    source: str
    """The importing node: the file at module level, a definition for a nested import."""
    file: str
    """The file it imports (or whose symbol it imports)."""
    language: str | None
    """The importing file's language."""


def module_files(graph: CodeGraph, written: str, stems: bool = False) -> tuple[str, ...]:
    """The files of the graph a module or file as written names, sorted: the path itself; a module
    key as the imports are resolved (``pkg.mod``, ``config.h`` and ``lib/x.h`` as a path's tail,
    a Go package's folder, a Java class, a PHP namespace); a path's tail (``core/intent.py``);
    a relative JavaScript module (``./utils``: ``utils.js``, ``utils/index.ts``); a Python
    module's dotted tail (``core.intent``); with ``stems``, a bare word as files' names less their
    extension (``intent`` -> ``intent.py``). Empty when it names none."""
    written = written.strip()
    if not written or written in (".", "..", "/"):
        return ()
    if posixpath.normpath(written).startswith("../"):  # ../setup.py climbs out of the root: no file here (it
        return ()  # had been read as a relative import, the repository's own setup.py, where find_definition refused it)
    if "/" in written and written in graph.languages:
        return (written,)  # a bare name (config.h) is every file so named, the top folder's one too
    table = graph.table
    for prefix in TABLE_PREFIXES:
        found = table.get(prefix + written.replace("\\", "/").strip("/") if prefix == "php:" else prefix + written)
        if found:
            return tuple(sorted(p for p in found if p in graph.languages))
    return (_by_path(graph, written) or _by_module_tail(graph, written) or _rust_module(graph, written)
            or _go_package(graph, written) or (_by_stem(graph, written) if stems else ()))


GO_PACKAGE: Final = "gopkg:"
"""What a Go import resolves to: a package, its folder's files (``resolve/go.py``)."""


def _go_package(graph: CodeGraph, written: str) -> tuple[str, ...]:
    """The Go files of the package a module path names under one of the repository's ``go.mod``
    files, its root package too (``github.com/sirupsen/logrus``: no folder's path ends like it; the
    question had been read as one about the symbol ``github.com``)."""
    if "/" not in written or not any(language == "go" for language in graph.languages.values()):
        return ()
    resolver = _resolver(graph)
    return _package_files(graph, resolver.module(FileIndex("", "go"), written))


def _package_files(graph: CodeGraph, target: str) -> tuple[str, ...]:
    """The Go files of a resolved package (``gopkg:hooks/syslog``); none for any other target."""
    if not target.startswith(GO_PACKAGE):
        return ()
    folder = target[len(GO_PACKAGE):]
    return tuple(sorted(p for p, language in graph.languages.items()
                        if language == "go" and posixpath.dirname(p) == folder))


def _by_path(graph: CodeGraph, written: str) -> tuple[str, ...]:
    """The files whose path ends with the written path (``core/intent.py``), or, for a relative
    module (``./utils``, ``../lib/x``), with it and one of JavaScript's suffixes."""
    relative = written.startswith(("./", "../"))
    tail = written
    while tail.startswith(("./", "../")):
        tail = tail.partition("/")[2]
    tail = posixpath.normpath(tail) if tail else ""
    if not tail or tail.startswith(".."):
        return ()
    tails = [tail + suffix for suffix in JS_SUFFIXES] if relative else [tail]
    found = set()
    for path in graph.languages:
        for t in tails:
            if path == t or path.endswith("/" + t):
                found.add(path)
    return tuple(sorted(found))


def _by_module_tail(graph: CodeGraph, written: str) -> tuple[str, ...]:
    """The Python files whose dotted module ends with a dotted name (``core.intent``)."""
    if "." not in written or not all(part.isidentifier() for part in written.split(".")):
        return ()
    ending = "." + written
    found = {p for key, paths in graph.table.items() if key.startswith("py:") and key.endswith(ending) for p in paths}
    return tuple(sorted(p for p in found if p in graph.languages))


def _rust_module(graph: CodeGraph, written: str) -> tuple[str, ...]:
    """The Rust files of a module path as a ``use`` writes it (``crate::unicode::grapheme``,
    ``bstr::ext_slice``, ``unicode::grapheme``): its parts after ``crate``, ``self`` or ``super``,
    or after the crate's own name, ending a file's module (it had been "no module, file or symbol
    named", the question answered only as a file's path or stem)."""
    parts = [p for p in written.split("::") if p]
    if "::" not in written or not parts or not all(p.isidentifier() for p in parts):
        return ()
    if parts[0] in ("crate", "self", "super"):
        parts = parts[1:]
    modules = [(key.partition("|")[2], paths) for key, paths in graph.table.items() if key.startswith("rs:")]
    for tried in (parts, parts[1:]):  # bstr::ext_slice: the crate's own name first
        dotted = ".".join(tried)
        found = {p for module, paths in modules if dotted and (module == dotted or module.endswith("." + dotted))
                 for p in paths}
        if found:
            return tuple(sorted(p for p in found if p in graph.languages))
    return ()


def _by_stem(graph: CodeGraph, word: str) -> tuple[str, ...]:
    """The files named the word and an extension (``intent.py``), and Python packages so named."""
    if not word.isidentifier():
        return ()
    found = set()
    for path in graph.languages:
        base = posixpath.basename(path)
        if base.partition(".")[0] == word and "." in base:
            found.add(path)
        elif base in ("__init__.py", "__init__.pyi") and posixpath.basename(posixpath.dirname(path)) == word:
            found.add(path)
    return tuple(sorted(found))


def import_lines(graph: CodeGraph, files: tuple[str, ...], facts: Mapping[str, FileFacts] | None = None,
                 candidates: Iterable[str] | None = None) -> list[ImportLine]:
    """The lines importing any of the files or a symbol of them, one per importing line and
    imported file, by path and line (a file's own imports of itself left out): the graph's import
    sites, and, read from ``facts``, the imports whose module resolves to them: the wildcard ones
    (every C ``#include``, ``from m import *``, ``export * from``), which bind no name and so make
    no site, and a name a package re-exports (``from pkg import Name``, its site tied to the
    submodule defining ``Name``, not to ``pkg``); those are
    looked for in the ``candidates`` (the files whose text holds a file's name less its
    extension: the text engine's trigrams say), or in every file."""
    found = {(i.path, i.line, i.file): i for i in _sites(graph, files)}
    if facts is not None:
        paths = graph.languages if candidates is None else candidates
        found.update({(i.path, i.line, i.file): i for i in _wildcards(graph, files, facts, paths)})
    return [found[k] for k in sorted(found)]


def stems(files: Iterable[str], graph: CodeGraph | None = None) -> tuple[str, ...]:
    """The names less their extensions of the files (``config.h`` -> ``config``), that an import
    of one spells, a package's ``__init__.py`` its folder's; with the ``graph``, a Go file's
    package as its import path ends (:func:`_go_package_word`)."""
    out = []
    for path in files:
        base = posixpath.basename(path)
        if base.startswith("__init__."):
            base = posixpath.basename(posixpath.dirname(path)) or base
        out.append(base.partition(".")[0] or base)
        if graph is not None and path.endswith(".go"):
            out.append(_go_package_word(graph, posixpath.dirname(path)))
    return tuple(w for w in dict.fromkeys(out) if w)


def _go_package_word(graph: CodeGraph, folder: str) -> str:
    """The last part of the import path of the Go package in ``folder``: its folder's name, or,
    at a module's root, its module path's (``lo`` of ``github.com/samber/lo``). An import of a Go
    package names its folder, never a file: lo's ``it/seq.go`` importing ``github.com/samber/lo/mutable``
    had not been found, no file of ``mutable/`` being named ``mutable``. Empty when it has none."""
    module_file = graph.indexes.get(posixpath.join(folder, GO_MOD))
    if module_file is not None:
        for imp in module_file.imports.get(GO_MODULE_LOCAL, ()):
            return imp.module.rstrip("/").rpartition("/")[2]
    return posixpath.basename(folder)


def _wildcards(graph: CodeGraph, files: tuple[str, ...], facts: Mapping[str, FileFacts],
               paths: Iterable[str]) -> list[ImportLine]:
    """The imports among the files' whose module resolves to one of ``files`` (a wildcard one, or
    one whose names the graph ties elsewhere: a re-export), resolved as the graph resolves imports
    (an import that does not spell one of their names is not resolved)."""
    wanted, names = set(files), stems(files, graph)
    resolver = _resolver(graph)
    out = []
    for own, language, imp in _file_imports(graph, facts, paths):
        if not imp.module or not any(n in imp.module for n in names):
            continue
        target = resolver.module(own, imp.module)
        reached = [f for f in _package_files(graph, target) if f in wanted] or [target]  # Go: a folder
        if reached[0] in wanted and reached[0] != own.path:
            out.append(ImportLine(own.path, imp.line, own.path, reached[0], language))
    return out


def _resolver(graph: CodeGraph) -> Resolver:
    """A resolver of the graph's imports, as the graph's build resolves them."""
    return Resolver(graph.indexes, graph.table, graph.inheritance.bases, graph.store.link_names, graph.packages)


def _file_imports(graph: CodeGraph, facts: Mapping[str, FileFacts],
                  paths: Iterable[str]) -> Iterator[tuple[FileIndex, str, Import]]:
    """Each import of the files among ``paths`` whose language the graph knows, with its file as
    the resolver reads it."""
    for path in paths:
        language = graph.languages.get(path)
        if language is None or path not in facts:
            continue
        own = FileIndex(path, language)
        for imp in imports_of(facts, path):
            yield own, language, imp


def _sites(graph: CodeGraph, files: tuple[str, ...]) -> list[ImportLine]:
    """The graph's import sites into the files or their symbols."""
    index, merged, ids = graph.nodes.index, graph.merged(), graph.nodes.ids
    wanted = set(files)
    slots = [index[f] for f in files if f in index]
    for path in files:
        slots += [slot for s in graph.by_path.get(path, ()) if (slot := index.get(symbol_id(path, s.qualname))) is not None]
    if not slots:
        return []
    positions = np.unique(np.concatenate([merged.into(s) for s in slots]))
    positions = positions[merged.kind[positions] == IMPORT]
    out: dict[tuple[str, int, str], ImportLine] = {}
    for p in positions.tolist():
        path, target = merged.paths[merged.file[p]], ids[merged.target[p]]
        file = target if target in wanted else next((f for f in files if target.startswith(symbol_id(f, ""))), "")
        if not file or path == file:
            continue
        key = (path, int(merged.line[p]), file)
        if key not in out:
            out[key] = ImportLine(path, key[1], ids[merged.source[p]], file, graph.languages.get(path))
    return list(out.values())


def symbol_import_lines(graph: CodeGraph, nodes: Iterable[str]) -> list[ImportLine]:
    """The graph's import sites into these definitions (``from pkg.mod import Intent``, ``use
    crate::map::IndexMap``, ``import { Router } from './router'``), one per importing line, by path
    and line: "who imports Intent" asked of a class, not a module."""
    index, merged, ids = graph.nodes.index, graph.merged(), graph.nodes.ids
    slots = [index[n] for n in nodes if n in index]
    if not slots:
        return []
    positions = np.unique(np.concatenate([merged.into(s) for s in slots]))
    positions = positions[merged.kind[positions] == IMPORT]
    out: dict[tuple[str, int], ImportLine] = {}
    for p in positions.tolist():
        path, line = merged.paths[merged.file[p]], int(merged.line[p])
        if (path, line) not in out:
            file = split_id(ids[merged.target[p]])[0]
            out[(path, line)] = ImportLine(path, line, ids[merged.source[p]], file, graph.languages.get(path))
    return [out[k] for k in sorted(out)]


def outside_import_lines(graph: CodeGraph, written: str, facts: Mapping[str, FileFacts],
                         paths: Iterable[str]) -> list[ImportLine]:
    """The lines among ``paths`` importing a module as written that is not this repository's
    (``import multidict``, ``from multidict import X``, ``require('multidict')``: the module by
    its written name; a submodule, ``multidict.abc``, is another module, as it is in the
    repository holding it), one per line: what another repository of a workspace imports of a
    library the workspace holds, which this repository's graph leaves unresolved. Relative
    imports are never another repository's."""
    written = written.strip()
    if not written or written.startswith("."):
        return []
    out: dict[tuple[str, int], ImportLine] = {}
    for path in paths:
        language = graph.languages.get(path)
        if language is None or path not in facts:
            continue
        for imp in imports_of(facts, path):  # from css import nth imports css.nth too, a submodule as a name
            if imp.module == written or language == "python" and imp.name and f"{imp.module}.{imp.name}" == written:
                out.setdefault((path, imp.line), ImportLine(path, imp.line, path, written, language))
    return [out[k] for k in sorted(out)]


def outside_member_lines(graph: CodeGraph, name: str, facts: Mapping[str, FileFacts],
                         paths: Iterable[str]) -> list[ImportLine]:
    """The lines among ``paths`` importing a definition named ``name`` from a module that is not
    this repository's (``from frozenlist import FrozenList``: a module the graph resolves to no
    file here), one per line: what another repository of a workspace imports of a definition a
    library the workspace holds has, which this repository's graph leaves unresolved. Relative
    imports are never another repository's."""
    name = name.strip()
    if not name:
        return []
    resolver = _resolver(graph)
    out: dict[tuple[str, int], ImportLine] = {}
    for own, language, imp in _file_imports(graph, facts, paths):
        if imp.name != name or not imp.module or imp.module.startswith("."):
            continue
        if resolver.module(own, imp.module) in SENTINELS:
            out.setdefault((own.path, imp.line), ImportLine(own.path, imp.line, own.path, imp.module, language))
    return [out[k] for k in sorted(out)]


def through_reexports(graph: CodeGraph, lines: Iterable[ImportLine],
                      facts: Mapping[str, FileFacts]) -> dict[tuple[str, int], tuple[str, tuple[str, ...]]]:
    """The lines that reach the file they import only through another module's re-export
    (``from jsonschema import Draft7Validator``, which ``jsonschema/__init__.py`` imports from
    ``jsonschema.validators``), by path and line: the module as written and the names imported.
    A line importing the file's module itself (``import pkg.mod``, ``from pkg import mod``, ``from
    pkg.mod import f``) is not one, nor one whose module resolves to no file here."""
    resolver = _resolver(graph)
    out: dict[tuple[str, int], tuple[str, tuple[str, ...]]] = {}
    for i in lines:
        if i.language is None or i.path not in facts:
            continue
        own = FileIndex(i.path, i.language)
        on_line = [imp for imp in facts[i.path].imports if imp.line == i.line and imp.module]
        via: list[tuple[str, str]] = []
        for imp in on_line:
            target = resolver.module(own, imp.module)
            member = (imp.module + ("" if imp.module.endswith(".") else ".") + imp.name) if imp.name else ""
            if target == i.file or (member and resolver.module(own, member) == i.file):
                break  # the module itself
            if target in graph.languages and imp.name:
                via.append((imp.module, imp.name))
        else:
            own_names = [(module, name) for module, name in via if symbol_id(i.file, name) in graph.symbols]
            via = own_names or via  # use crate::unicode::{Graphemes, whitespace_len_fwd}: the file's own names
            if via:
                out[(i.path, i.line)] = (via[0][0], tuple(dict.fromkeys(name for _, name in via)))
    return out


def verb(line: ImportLine) -> str:
    """How a line reaches what it names: C and C++ include a file, the others import a module."""
    return "includes" if line.language in C_FAMILY else "imports"
