"""Map module names as imports write them to the files of the repository, per language.

Every lookup goes through one flat table of keys (``py:pkg.mod``, ``java:a.b.C``, ``inc:x.h``,
``go:a/b``, ``rs:src|a.b``, ``php:Handler/StreamHandler``, ``file:path``, ``dir:path``, ``gomod:``,
``jspkg:``, ``cargo:``, ``composer:``) to the paths
they name. The table is rebuilt from the list of paths on each update (cheap: no file is read), and
the keys whose paths changed tell which other files must be resolved again.
"""

from __future__ import annotations

import keyword
import posixpath
from collections import defaultdict
from collections.abc import Iterable, Mapping

PY_INIT = ("__init__.py", "__init__.pyi")
"""Files that make a directory a Python package."""

C_FAMILY = frozenset({"c", "cpp"})
JS_FAMILY = frozenset({"javascript", "typescript", "tsx"})

JS_SUFFIXES: tuple[str, ...] = (
    "", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".d.ts",
    "/index.ts", "/index.tsx", "/index.js", "/index.jsx", "/index.mjs",
)
"""Candidates tried, in order, for a relative JavaScript/TypeScript specifier."""
TS_IMPORTER_SUFFIXES: tuple[str, ...] = (*JS_SUFFIXES[:3], ".d.ts", *(s for s in JS_SUFFIXES[3:] if s != ".d.ts"))
"""The same for a TypeScript importer: declarations before compiled JavaScript (``./node`` beside
node.js and node.d.ts is node.d.ts)."""

ModuleTable = dict[str, tuple[str, ...]]

GO_MODULES = "gomod:"
"""The key of every ``go.mod`` of the repository."""
JS_PACKAGES = "jspkg:"
"""The key of every ``package.json`` of the repository (its name is what imports write)."""
CARGO_CRATES = "cargo:"
"""The key of every ``Cargo.toml`` of the repository (its crate's name is what paths write)."""
COMPOSER_MANIFESTS = "composer:"
"""The key of every ``composer.json`` of the repository (its PSR-4 folders hold PHP's classes)."""


def family(language: str | None) -> str:
    """Return the family whose files share one namespace (``c`` and ``cpp`` link together)."""
    if language in C_FAMILY:
        return "c"
    if language in JS_FAMILY:
        return "js"
    return language or ""


def build_table(languages: Mapping[str, str | None]) -> ModuleTable:
    """Build the key table from every path and its language."""
    return TableBuilder(languages).table


class TableBuilder:
    """The key table and the path sets it is made of, so that an update that adds, removes or
    changes a few files (no ``__init__.py`` coming or going) changes only their keys instead of
    making the table again from every path (100,000 files: 5 s a table)."""

    __slots__ = ("namespaced", "packages", "regular", "table")

    def __init__(self, languages: Mapping[str, str | None]) -> None:
        self.packages = {posixpath.dirname(p) for p in languages if posixpath.basename(p) in PY_INIT}
        self.regular: dict[str, set[str]] = defaultdict(set)
        self.namespaced: dict[str, set[str]] = defaultdict(set)
        for path, language in languages.items():
            self._add(path, language)
        table = {key: paths for key, paths in self.namespaced.items()}  # as Python finds it: a module under a
        table.update(self.regular)  # regular package first, a namespace package's only where no regular one answers
        self.table: ModuleTable = {key: _implementations(key, paths) for key, paths in table.items()}

    def _file_keys(self, path: str, language: str | None) -> tuple[list[str], list[str]]:
        """Return the keys a file answers to, and the namespace-package keys it answers to."""
        if language == "python":  # its module once: the first of the names an import may reach it by
            module, *above = python_modules(path, self.packages)
            return ["file:" + path, "dir:" + posixpath.dirname(path), "py:" + module], ["py:" + name for name in above]
        return ["file:" + path, "dir:" + posixpath.dirname(path), *_keys(path, language, self.packages)], []

    def _add(self, path: str, language: str | None) -> list[str]:
        regular, spaced = self._file_keys(path, language)
        for key in regular:
            self.regular[key].add(path)
        for key in spaced:
            self.namespaced[key].add(path)
        return regular + spaced

    def _remove(self, path: str, language: str | None) -> list[str]:
        regular, spaced = self._file_keys(path, language)
        for found, keys in ((self.regular, regular), (self.namespaced, spaced)):
            for key in keys:
                paths = found.get(key)
                if paths is not None:
                    paths.discard(path)
                    if not paths:
                        del found[key]
        return regular + spaced

    def update(self, before: Mapping[str, str | None], after: Mapping[str, str | None]) -> set[str] | None:
        """Replace these files (``before``: as they were, ``after``: as they are; a file in one only
        is removed or added) and return the keys whose paths changed; ``None``, with nothing
        changed, when a package would come or go (every Python file's keys may then change)."""
        inits = {p for p in (*before, *after) if posixpath.basename(p) in PY_INIT}
        if any((p in before) != (p in after) for p in inits):
            return None
        keys: set[str] = set()
        for path, language in before.items():
            keys.update(self._remove(path, language))
        for path, language in after.items():
            keys.update(self._add(path, language))
        changed = set()
        for key in keys:
            paths = self.regular.get(key) or self.namespaced.get(key)
            now = _implementations(key, paths) if paths else None
            if now != self.table.get(key):
                changed.add(key)
                if now is None:
                    del self.table[key]
                else:
                    self.table[key] = now
        return changed


def _implementations(key: str, paths: set[str]) -> tuple[str, ...]:
    """Return a key's paths, a Python module's ``.pyi`` stub left out when its ``.py`` is there:
    the stub and the implementation are one module, and calls resolve to the code that runs (two
    files answering one import would make every call through it ambiguous, so unresolved)."""
    if key.startswith("py:"):
        paths = {p for p in paths if not (p.endswith(".pyi") and p[:-1] in paths)}
    return tuple(sorted(paths))


def _keys(path: str, language: str | None, packages: set[str]) -> Iterable[str]:
    """Return the module keys a file answers to, beyond its own path and directory."""
    if language == "python":
        return ["py:" + python_module(path, packages)]
    if language == "java":
        return ["java:" + s for s in _suffixes(path.removesuffix(".java").split("/"), ".")]
    if language in C_FAMILY:
        return ["inc:" + s for s in _suffixes(path.split("/"), "/")]
    if language == "go":
        directory = posixpath.dirname(path)
        return ["go:" + s for s in _suffixes(directory.split("/"), "/")] if directory else ["go:"]
    if language == "rust":
        root, module = rust_module(path)
        return [f"rs:{root}|{module}"]
    if language == "php":  # PSR-4: a class's path ends with its namespace's parts and its name
        return ["php:" + s for s in _suffixes(path.removesuffix(".php").split("/"), "/")]
    if language is None and is_go_module_file(path):
        return [GO_MODULES]  # its module path, read by Go's imports (``resolve/go.py``)
    if language is None and posixpath.basename(path) == "Cargo.toml":
        return [CARGO_CRATES]  # its crate's name and root, read by paths that name it (``resolve/rust.py``)
    if language is None and posixpath.basename(path) == "composer.json":
        return [COMPOSER_MANIFESTS]  # its PSR-4 folders, read by PHP's class names (``resolve/php.py``)
    if language is None and posixpath.basename(path) == "package.json":
        return [JS_PACKAGES]  # its name and exports, read by bare specifiers (``resolve/ecmascript.py``)
    return []


def is_go_module_file(path: str) -> bool:
    """Whether a file (of no parsed language) is a ``go.mod``: the files keyed :data:`GO_MODULES`."""
    return posixpath.basename(path) == "go.mod"


def _suffixes(parts: list[str], sep: str) -> list[str]:
    """Return every trailing run of path parts joined (``a/b/c`` -> ``c``, ``b/c``, ``a/b/c``)."""
    return [sep.join(parts[i:]) for i in range(len(parts))]


def python_module(path: str, packages: set[str]) -> str:
    """Return the dotted module of a Python file, rooted above its topmost package directory."""
    directory, base = posixpath.split(path)
    stem = base.split(".")[0]
    parts = [] if base in PY_INIT else [stem]
    while directory and (directory in packages or posixpath.dirname(directory) in packages):
        directory, name = posixpath.split(directory)  # a folder without __init__ inside a package
        parts.append(name)  # is a namespace subpackage (flask/sansio)
    return ".".join(reversed(parts))


def python_modules(path: str, packages: set[str]) -> list[str]:
    """Return the dotted names an import may reach a Python file by: its module rooted above its
    topmost package (``python_module``), then that module under each folder above it, nearest
    first, while the folders' names can be written in an import. A folder without ``__init__.py``
    is a namespace package (PEP 420): ``from area.pkg.mod import f`` finds ``area/pkg/mod.py``
    with the repository (or any folder above the module) on the path."""
    module = python_module(path, packages)
    names = [module]
    directory = posixpath.dirname(path)
    folders = directory.split("/") if directory else []
    within = module.count(".") + (1 if posixpath.basename(path) in PY_INIT and module else 0)  # folders it names
    above = folders[: len(folders) - within]
    for folder in reversed(above):
        if not folder.isidentifier() or keyword.iskeyword(folder):
            break
        module = f"{folder}.{module}" if module else folder
        names.append(module)
    return names


def python_package(path: str, packages: set[str]) -> str:
    """Return the package a Python file's relative imports start from."""
    module = python_module(path, packages)
    if posixpath.basename(path) in PY_INIT:
        return module
    return module.rpartition(".")[0]


def relative_python(module: str, path: str, packages: set[str]) -> str | None:
    """Resolve ``..m`` written in a file to an absolute dotted module, ``None`` past the root."""
    dots = len(module) - len(module.lstrip("."))
    base = python_package(path, packages).split(".") if python_package(path, packages) else []
    if dots - 1 > len(base):
        return None
    base = base[: len(base) - (dots - 1)]
    rest = module[dots:]
    return ".".join([*base, rest] if rest else base)


def rust_module(path: str) -> tuple[str, str]:
    """Return (crate source root, dotted module path) of a Rust file."""
    parts = path.split("/")
    root_index = max((i for i, part in enumerate(parts[:-1]) if part == "src"), default=-1)
    root = "/".join(parts[: root_index + 1])
    inner = parts[root_index + 1 :]
    inner[-1] = inner[-1].removesuffix(".rs")
    if inner[-1] in ("lib", "main", "mod") :
        inner.pop()
    return root, ".".join(inner)


def js_candidates(specifier: str, path: str) -> list[str]:
    """Return the paths a relative JavaScript/TypeScript specifier may name, in the order tried."""
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(path), specifier))
    if joined.startswith(".."):
        return []
    return js_paths(joined, path.endswith(TS_FILES))


def js_paths(joined: str, typescript: bool = False) -> list[str]:
    """Return the files a path written without its extension (or with a compiled one) may name,
    relative to the repository's root, in the order tried. A TypeScript importer's ``"./x.js"``
    means x.ts, x.tsx or x.d.ts before x.js itself, as TypeScript resolves it: postcss's
    ``postcss.d.ts`` importing ``'./node.js'`` means ``node.d.ts`` beside ``node.js`` ("who imports
    lib/node.d.ts" had found none of its importers)."""
    out = [joined + suffix for suffix in (TS_IMPORTER_SUFFIXES if typescript else JS_SUFFIXES)]
    for written, sources in TS_SOURCES:
        if joined.endswith(written):  # TypeScript sources import "./x.js" meaning x.ts
            stem = joined.removesuffix(written)
            out = [stem + source for source in sources] + out if typescript else out + [stem + source for source in sources]
    return out


TS_SOURCES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (".js", (".ts", ".tsx", ".d.ts")), (".jsx", (".tsx",)), (".mjs", (".mts", ".d.mts")), (".cjs", (".cts", ".d.cts")),
)
"""The TypeScript source (or declarations) a compiled file's specifier names, as TypeScript resolves
it: an ES module's ``import './run.mjs'`` means run.mts (it had been no file of the repository)."""
TS_FILES: tuple[str, ...] = (".ts", ".tsx", ".mts", ".cts")
"""TypeScript's own files (``.d.ts`` among them), whose imports name sources before compiled files."""


def include_candidates(include: str, path: str) -> list[str]:
    """Return the paths tried first for ``#include "x.h"``: beside the including file."""
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(path), include))
    return [] if joined.startswith("..") else [joined]
