"""A definition in a file at the repository's root, named through its module or package
(``who calls widget.Parse``, ``helpers.url_for``), is read as its graph node ``widget.go::Parse``,
which has no ``/``: it had read as a dotted name no symbol has, "no symbol named widget.go::Parse;
showing related code", a blend in place of the graph's callers. Every function of a Go module's
root package, in a checkout named as its package (gjson's ``gjson.Get``), was answered so."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import write_tree

FILES = {
    "go.mod": "module github.com/acme/widget\n\ngo 1.21\n",
    "widget.go": "package widget\n\nfunc Parse(s string) int {\n\treturn len(s)\n}\n\n"
                 "func Get(s string) int {\n\treturn Parse(s)\n}\n",
    "cmd/w/main.go": 'package main\n\nimport "github.com/acme/widget"\n\nfunc main() {\n\twidget.Parse("x")\n}\n',
    "helpers.py": "def url_for(endpoint):\n    return endpoint\n",
    "views.py": "from helpers import url_for\n\n\ndef index():\n    return url_for('index')\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root: Path = write_tree(tmp_path_factory.mktemp("checkout") / "widget", FILES)  # named as its package
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    yield e
    e.close()


def _sites(engine: Engine, question: str) -> tuple[str | None, str, list[tuple[str, int]]]:
    answer = engine.search(question, limit=10)
    assert answer.lookup_failed is None, (question, answer.notices)
    return answer.target, answer.fusion_strategy, sorted((r.path, r.start_line) for r in answer.results)


@pytest.mark.parametrize("question", ["who calls widget.Parse", "who calls widget.go::Parse", "who calls Parse"])
def test_a_root_package_s_callers_come_from_the_graph(engine: Engine, question: str) -> None:
    _, strategy, sites = _sites(engine, question)
    assert (strategy, sites) == ("direct", [("cmd/w/main.go", 6), ("widget.go", 8)])


def test_what_a_change_to_it_breaks_too(engine: Engine) -> None:
    _, strategy, sites = _sites(engine, "what breaks if I change widget.Parse")
    assert strategy == "direct" and ("cmd/w/main.go", 5) in sites


@pytest.mark.parametrize("question", ["who calls helpers.url_for", "who calls helpers.py::url_for"])
def test_a_root_python_module_s_function_too(engine: Engine, question: str) -> None:
    assert _sites(engine, question) == ("helpers.py::url_for", "direct", [("views.py", 5)])


def test_a_name_the_file_does_not_define_stays_missing(engine: Engine) -> None:
    answer = engine.search("who calls helpers.py::nothing", limit=5)
    assert answer.lookup_failed is not None and "no symbol named helpers.py::nothing" in answer.lookup_failed.message
