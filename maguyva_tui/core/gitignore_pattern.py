"""pathspec's gitignore pattern, imported without the rest of pathspec.

``import pathspec`` runs the package's ``__init__``, which imports every matching backend pathspec
ships (``_backends.agg``: its hyperscan and re2 wrappers and their probes, 10-16 ms of each search
that walks after an edit, and of every index build). The walk compiles each ignore line with one
class, ``pathspec.patterns.gitignore.spec.GitIgnoreSpecPattern``, whose modules import none of them.
So, when nothing has imported pathspec yet, its package module is made from its spec with the
``__init__`` deferred: the submodules load below it as usual, and the first use of any other name
of the package (``pathspec.PathSpec``, ``from pathspec import GitIgnoreSpec``) runs the ``__init__``
then (a module ``__getattr__``, PEP 562), so other code importing pathspec gets the whole package.
The pattern class and its regexes are pathspec's own, whichever way it was imported.
"""

from __future__ import annotations

import importlib.util
import sys
import threading
from types import ModuleType
from typing import Any

PACKAGE = "pathspec"


def _deferred(name: str) -> ModuleType | None:
    """Put a package's module in ``sys.modules`` with its ``__init__`` not run yet: run on the first
    name asked of it that is no submodule. ``None`` when it cannot be deferred (not
    a package of files, or not found: the ordinary import then says why)."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None or spec.submodule_search_locations is None:
        return None
    package = importlib.util.module_from_spec(spec)
    loader, lock = spec.loader, threading.RLock()

    def __getattr__(attr: str) -> Any:  # noqa: N807 - the module hook's name
        if not attr.startswith("__") and importlib.util.find_spec(f"{name}.{attr}") is not None:
            return importlib.import_module(f"{name}.{attr}")  # ``from pathspec import util``: the submodule
        with lock:
            if vars(package).get("__getattr__") is __getattr__:
                del vars(package)["__getattr__"]  # before the __init__ runs: its own lookups find no hook
                loader.exec_module(package)
        try:
            return vars(package)[attr]
        except KeyError:
            raise AttributeError(f"module {name!r} has no attribute {attr!r}") from None

    package.__getattr__ = __getattr__  # type: ignore[method-assign]
    sys.modules[name] = package
    return package


if PACKAGE not in sys.modules:  # this module's import runs once, under its import lock
    _deferred(PACKAGE)

from pathspec.patterns.gitignore import GitIgnorePatternError  # noqa: E402 - below the deferral
from pathspec.patterns.gitignore.spec import GitIgnoreSpecPattern  # noqa: E402

__all__ = ["GitIgnorePatternError", "GitIgnoreSpecPattern"]
