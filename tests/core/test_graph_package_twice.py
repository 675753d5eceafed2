"""A package kept twice (httplib2's ``python2/httplib2`` and ``python3/httplib2``) reaches its own
submodules: ``from . import auth`` and ``from httplib2 import certs`` in each ``__init__`` had been
left unresolved, the module name meaning two files, so nothing imported auth.py and certs.where()
had no caller (found by an outside tester)."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

INIT = "from . import auth\nfrom httplib2 import certs\n\nCA_CERTS = certs.where()\nauth.parse()\n"
FILES = {
    f"{copy}/httplib2/{name}": text
    for copy in ("python2", "python3")
    for name, text in (("__init__.py", INIT), ("auth.py", "def parse():\n    pass\n"),
                       ("certs.py", "def where():\n    return 1\n"))
}


def graph() -> CodeGraph:
    return build_graph({p: analyze(p, t) for p, t in FILES.items()})


def test_each_copy_of_a_package_reaches_its_own_submodules() -> None:
    g = graph()
    for copy in ("python2", "python3"):
        init = f"{copy}/httplib2/__init__.py"
        assert sorted((s.path, s.line) for s in callers(g, f"{copy}/httplib2/certs.py::where").sites) == [(init, 4)]
        assert sorted((s.path, s.line) for s in callers(g, f"{copy}/httplib2/auth.py::parse").sites) == [(init, 5)]
