"""Python imports through folders without ``__init__.py`` (PEP 420 namespace packages)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.modules import python_modules
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze


def graph_of(files: dict[str, str]) -> CodeGraph:
    return CodeGraph.build({path: analyze(path, dedent(text)) for path, text in files.items()})


HELPER = "def helper(x):\n    return x\n"


def test_a_call_through_namespace_folders_is_found() -> None:
    graph = graph_of({
        "area_1/pkg_2/mod_a.py": HELPER,
        "area_3/pkg_4/mod_b.py": """\
            from area_1.pkg_2.mod_a import helper
            import area_1.pkg_2.mod_a as again

            def user(x):
                y = helper(x)
                return y + again.helper(x)
            """,
    })
    sites = callers(graph, "helper").sites  # each on its line: two calls of one line are one site
    assert [(s.path, s.line, s.caller) for s in sites] == [("area_3/pkg_4/mod_b.py", n, "user") for n in (5, 6)]


def test_a_namespace_parent_above_a_regular_package_is_followed() -> None:
    graph = graph_of({
        "google/cloud/storage/__init__.py": "",
        "google/cloud/storage/blob.py": HELPER,
        "app/main.py": "from google.cloud.storage.blob import helper\n\ndef run():\n    helper(1)\n",
    })
    assert [s.path for s in callers(graph, "helper").sites] == ["app/main.py"]


def test_a_regular_package_answers_before_a_namespace_copy_of_the_same_name() -> None:
    graph = graph_of({
        "pkg/__init__.py": "",
        "pkg/core.py": HELPER,
        "vendor/pkg/core.py": HELPER,  # no __init__.py: reachable as pkg.core only if nothing else is
        "app.py": "from pkg.core import helper\n\ndef run():\n    helper(1)\n",
    })
    sites = callers(graph, "pkg/core.py::helper").sites
    assert [s.path for s in sites] == ["app.py"]
    assert not callers(graph, "vendor/pkg/core.py::helper").sites


def test_the_names_stop_at_a_folder_an_import_cannot_spell() -> None:
    assert python_modules("my-tools/x/y.py", set()) == ["y", "x.y"]
    assert python_modules("src/pkg/__init__.py", {"src/pkg"}) == ["pkg", "src.pkg"]
    assert python_modules("a/class/b.py", set()) == ["b"]  # a keyword is no module name


def test_a_module_imported_from_a_namespace_folder_is_followed() -> None:
    """``from pkg import a`` where ``pkg`` has no ``__init__.py`` binds the module ``pkg/a.py``
    (Python finds it as a namespace package's submodule): its calls had been untied."""
    graph = graph_of({
        "pkg/a.py": HELPER + "\n\nclass Money:\n    @staticmethod\n    def zero():\n        return 0\n",
        "pkg/b.py": "from pkg import a\n\ndef use(x):\n    return a.helper(x) + a.Money.zero()\n",
        "app/run.py": "from pkg.a import Money\nfrom pkg import b\n\ndef main():\n    return b.use(Money.zero())\n",
    })
    assert [(s.path, s.caller) for s in callers(graph, "helper").sites] == [("pkg/b.py", "use")]
    assert [(s.path, s.caller) for s in callers(graph, "Money.zero").sites] == [("app/run.py", "main"), ("pkg/b.py", "use")]
    assert [(s.path, s.caller) for s in callers(graph, "use").sites] == [("app/run.py", "main")]
