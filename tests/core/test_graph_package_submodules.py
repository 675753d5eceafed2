"""A package's ``__init__`` that imports from a submodule has the submodule's name bound too.

toolz's ``__init__.py`` runs ``from .functoolz import *`` and then
``functoolz._sigs.create_signature_registry()``: Python binds ``functoolz`` as the package's
attribute, so the call reaches ``_signatures.create_signature_registry``; the graph had said it
could not tie it to a definition, and the function had no callers.
"""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

INIT = """
from .core import *
from . import util as u
from pkg.extra import thing

core.target(1)
util.helper()
extra.more()
other.lonely()
"""

PLAIN = """
from .core import *

core.target(2)
"""

FILES = {
    "pkg/__init__.py": INIT,
    "pkg/core.py": "def target(x):\n    return x\n",
    "pkg/util.py": "def helper():\n    pass\n",
    "pkg/extra.py": "def thing():\n    pass\n\ndef more():\n    pass\n",
    "pkg/other.py": "def lonely():\n    pass\n",
    "pkg/plain.py": PLAIN,
}


def graph() -> CodeGraph:
    return build_graph({p: analyze(p, dedent(t)) for p, t in FILES.items()})


def lines(g: CodeGraph, name: str) -> list[tuple[str, int]]:
    return sorted((s.path, s.line) for s in callers(g, name).sites)


def test_a_package_init_calls_through_the_submodules_it_imports_from() -> None:
    g = graph()
    assert lines(g, "pkg/core.py::target") == [("pkg/__init__.py", 6)]  # not plain.py's: a module binds no core
    assert lines(g, "pkg/util.py::helper") == [("pkg/__init__.py", 7)]  # from . import util as u binds util too
    assert lines(g, "pkg/extra.py::more") == [("pkg/__init__.py", 8)]  # written absolutely


def test_a_submodule_the_init_never_imports_stays_unbound() -> None:
    assert lines(graph(), "pkg/other.py::lonely") == []
