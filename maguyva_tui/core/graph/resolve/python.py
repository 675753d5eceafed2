"""Python: modules by dotted path and package, ``import a.b`` binding ``a``, pytest fixtures.

A parameter pytest fills is the value of the fixture of its name (``parsing/facts/fixtures.py``),
looked up as pytest does; ``super`` is the built-in; ``from . import utils`` in a package's
``__init__`` binds its submodule.
"""

from __future__ import annotations

import posixpath

from maguyva_tui.core.graph import modules as mod
from maguyva_tui.core.graph.resolve.base import AMBIGUOUS, EXTERNAL, UNRESOLVED, Language, Lookup
from maguyva_tui.core.graph.tables import FileIndex, symbol_id
from maguyva_tui.core.parsing.facts.fixtures import FIXTURE, PYTEST_FIXTURES
from maguyva_tui.core.types import Import


class Python(Language):
    """Resolution rules of Python."""

    closed_wildcards = True
    super_is_builtin = True
    imports_submodules = True
    call_member = "__call__"
    union_calls = True

    def typed_value(self, r: Lookup, index: FileIndex, typed: str, scope: str | None) -> str | None:
        """Resolve a parameter pytest fills (typed ``<fixture>name``) to the fixture's value."""
        if typed.startswith(FIXTURE):
            return r.memoized(("fixture", index.path, scope, typed[len(FIXTURE):]), fixture,
                              r, index, scope, typed[len(FIXTURE):])
        return None

    def implicit_import(self, r: Lookup, index: FileIndex, name: str) -> str | None:
        """Resolve ``a`` where ``import a.b`` bound it too."""
        return r.module(index, name) if name in index.dotted_heads else None

    def package(self, r: Lookup, index: FileIndex, name: str, scope: str | None) -> str | None:
        """Resolve a submodule a package's ``__init__`` imports from, which the import binds by its
        own name too: after ``from .functoolz import *``, toolz's ``functoolz._sigs.f()``."""
        if posixpath.basename(index.path) not in mod.PY_INIT:
            return None
        own = mod.python_module(index.path, r.packages)
        written = ("." + name, f"{own}.{name}" if own else name)
        imports = [imp for bound in index.imports.values() for imp in bound] + index.wildcards
        if not any(_imports_from(imp, name, written) for imp in imports):
            return None
        found = self.submodule(r, index, name)
        return found if found != UNRESOLVED else None

    def find_module(self, r: Lookup, index: FileIndex, written: str) -> str:
        """Resolve an absolute or relative Python module."""
        absolute = written
        if written.startswith("."):
            absolute = mod.relative_python(written, index.path, r.packages) or ""
            if not absolute and written.strip("."):
                return UNRESOLVED
        paths = r.touch("py:" + absolute)
        if not paths:
            return UNRESOLVED if written.startswith(".") else EXTERNAL
        if len(paths) == 1:
            return paths[0]
        near = [p for p in paths if _same_root(p, index.path, absolute)]
        if not near:  # none beside the importer: a package, not a script of another folder
            near = [p for p in paths if _in_package(p, absolute, r.packages)]
        return near[0] if len(near) == 1 else AMBIGUOUS

    def submodule(self, r: Lookup, index: FileIndex, name: str) -> str:
        """Resolve a child module of a package's ``__init__``."""
        if posixpath.basename(index.path) not in mod.PY_INIT:
            return UNRESOLVED
        paths = r.touch(f"py:{mod.python_module(index.path, r.packages)}.{name}")
        if len(paths) > 1:  # the package kept twice (httplib2's python2/ and python3/): the one beside this __init__
            folder = posixpath.dirname(index.path)
            paths = tuple(p for p in paths if folder in (posixpath.dirname(p), posixpath.dirname(posixpath.dirname(p))))
        return paths[0] if len(paths) == 1 else UNRESOLVED


def _imports_from(imp: Import, name: str, written: tuple[str, ...]) -> bool:
    """Tell whether an import reaches a submodule (written as each of ``written``) or imports it
    from its package (``from . import name``)."""
    if imp.module == "." and imp.name == name:
        return True
    return any(imp.module == w or imp.module.startswith(w + ".") for w in written)


def fixture(r: Lookup, index: FileIndex, scope: str | None, name: str) -> str:
    """Resolve the value pytest passes a test or fixture (at ``scope``) for a parameter: what the
    fixture of that name returns or yields. The fixture is looked up as pytest does: in the test's
    class, in its module, then in each ``conftest.py`` from its folder up; a fixture that requests
    its own name gets the one it overrides. pytest's own fixtures are external."""
    found = _own_fixture(index, scope, name)
    path = index.path
    if found is None:
        path, found = _conftest_fixture(r, index.path, name)
    if found is None:
        return EXTERNAL if name in PYTEST_FIXTURES else UNRESOLVED
    return r.result(symbol_id(path, found))


def _own_fixture(index: FileIndex, scope: str | None, name: str) -> str | None:
    """Return the fixture of a name in the test's class, else in its module (not the asker itself)."""
    owner = scope.rpartition(".")[0] if scope else ""
    found = None
    defined = index.fixtures.get(name, ())
    for wanted in (owner, ""):  # the class's own fixtures override the module's
        found = next((q for q in defined if q != scope and q.rpartition(".")[0] == wanted), None)
        if found is not None or not owner:
            break
    return found


def _conftest_fixture(r: Lookup, path: str, name: str) -> tuple[str, str | None]:
    """Return the nearest ``conftest.py`` above a file defining a fixture, and the fixture."""
    folder = posixpath.dirname(path)
    while True:
        conftest = posixpath.join(folder, "conftest.py")
        other = r.file(conftest) if conftest != path else None
        if other is not None:
            found = next((q for q in other.fixtures.get(name, ()) if "." not in q), None)
            if found is not None:
                return conftest, found
        if not folder:
            return path, None
        folder = posixpath.dirname(folder)


def _in_package(path: str, module: str, packages: set[str]) -> bool:
    """Tell whether a module file is inside a regular package, its top-level name a folder with
    ``__init__.py``: what a distribution installs, wherever the repository keeps it (PyYAML's
    ``lib/yaml``), where a top-level file of a folder that is no package (``examples/x/yaml.py``)
    is a script, importable from its own folder (Python puts a script's folder first on the path):
    ``import yaml`` in ``tests/`` had been ambiguous between the two, so no importer of yaml."""
    depth = module.count(".") + (1 if posixpath.basename(path) in mod.PY_INIT else 0)
    return depth > 0 and "/".join(path.split("/")[: len(path.split("/")) - depth]) in packages


def _same_root(path: str, importer: str, module: str) -> bool:
    """Tell whether a module file sits under the same source root as the importing file."""
    depth = module.count(".") + 1 + (1 if posixpath.basename(path) in mod.PY_INIT else 0)
    root = "/".join(path.split("/")[:-depth])
    return not root or importer.startswith(root + "/")
