"""Wildcard imports and class hierarchies that form cycles resolve in linear time (issue #3).

Barrels that re-export one another and headers that include one another are legal and common;
classes deriving from one another are not, but a repository may hold them (dead code, two classes
of one name in two files). Followed as nested lookups cut at a depth limit, and so never
memoized, they took exponential time: indexing sentencepiece never finished. Each test fails
after a few seconds instead of hanging the suite.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from maguyva_tui.core.graph.resolve import Resolver
from tests.core.test_graph_resolve import call_targets, graph_of, loose_at

BARRELS = 8


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """Fail the block when it runs longer than ``seconds``."""
    def fail(*_: object) -> None:
        raise TimeoutError(f"the graph took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, fail)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_javascript_barrels_that_re_export_one_another() -> None:
    files = {
        f"src/m{i}.js": "".join(f"export * from './m{j}';\n" for j in range(BARRELS) if j != i)
        + f"export function f{i}() {{ return {i}; }}\n"
        for i in range(BARRELS)
    }
    files["src/use.js"] = "import { f5, missing } from './m0';\nf5();\nmissing();\n"
    with within(10):
        graph = graph_of(files)
    assert call_targets(graph, "src/use.js", 2) == {"src/m5.js::f5"}
    assert loose_at(graph, "src/use.js", 3) == {"missing": "unresolved"}


def test_python_modules_that_star_import_one_another() -> None:
    files = {
        f"m{i}.py": "".join(f"from m{j} import *\n" for j in range(BARRELS) if j != i) + f"def f{i}(): pass\n"
        for i in range(BARRELS)
    }
    files["use.py"] = "from m0 import *\nf5()\nmissing()\n"
    with within(10):
        graph = graph_of(files)
    assert call_targets(graph, "use.py", 2) == {"m5.py::f5"}
    assert loose_at(graph, "use.py", 3) == {"missing": "unresolved"}


def test_cpp_headers_that_include_one_another() -> None:
    files = {
        f"src/h{i}.h": "".join(f'#include "h{j}.h"\n' for j in range(BARRELS) if j != i)
        + f"namespace sp {{\nint F{i}();\n}}\n"
        for i in range(BARRELS)
    }
    files["src/impl.cc"] = '#include "h0.h"\nnamespace sp {\nint F5() { return 5; }\n}\n'
    files["src/use.cc"] = (
        '#include "h0.h"\nnamespace sp {\nint Run() {\n  F5();\n  return util::Missing();\n}\n}\n'
    )
    with within(10):
        graph = graph_of(files)
    assert call_targets(graph, "src/use.cc", 4) == {"src/impl.cc::sp.F5"}
    assert loose_at(graph, "src/use.cc", 5) == {"util.Missing": "unresolved"}


CLASSES = 6


def test_python_classes_that_derive_from_one_another() -> None:
    source = "".join(
        f"class C{i}({', '.join(f'C{j}' for j in range(CLASSES) if j != i)}):\n"
        f"    def m{i}(self):\n        return self.missing{i}()\n"
        for i in range(CLASSES)
    )
    source += "def use(x: C0):\n    x.m3()\n    x.nothing()\n"
    last = source.count("\n")
    with within(10):
        graph = graph_of({"a.py": source})
    assert call_targets(graph, "a.py", last - 1) == {"a.py::C3.m3"}  # found through the bases, once each
    assert loose_at(graph, "a.py", last) == {"x.nothing": "unresolved"}


def test_cpp_and_javascript_hierarchies_with_a_cycle() -> None:
    cpp = "".join(
        f"struct C{i} : {', '.join(f'C{j}' for j in range(CLASSES) if j != i)} {{ int m{i}() {{ return m{(i + 3) % CLASSES}(); }} }};\n"
        for i in range(CLASSES)
    )
    js = "".join(f"class C{i} extends C{(i + 1) % CLASSES} {{ m{i}() {{ return this.m{(i + 2) % CLASSES}(); }} }}\n"
                 for i in range(CLASSES))
    with within(10):
        graph = graph_of({"a.cc": cpp, "a.js": js})
    assert call_targets(graph, "a.cc", 1) == {"a.cc::C3.m3"}
    assert call_targets(graph, "a.js", 1) == {"a.js::C2.m2"}


def test_modules_that_import_one_name_from_each_other() -> None:
    # each of eight modules imports `x` from the seven others: every lookup could branch seven
    # ways at every level; a site gets a bounded number of lookups (resolve.MAX_STEPS)
    files = {
        f"m{i}.py": "".join(f"from m{j} import x\n" for j in range(BARRELS) if j != i) + "x()\n"
        for i in range(BARRELS)
    }
    with within(10):
        graph = graph_of(files)
    assert loose_at(graph, "m0.py", BARRELS) == {"x": "unresolved"}  # defined nowhere


def _module_lookups(calls: list[str], monkeypatch: pytest.MonkeyPatch, functions: int = 1) -> int:
    """Count the module lookups a C++ file makes to resolve these calls in each of its functions
    (then one to a function defined at the end of its chain of headers, each including the next)."""
    headers = 40
    files = {f"src/h{i}.h": f'#include "h{i + 1}.h"\ninline int F{i}() {{ return {i}; }}\n' for i in range(headers)}
    body = "".join(f"  {c}();\n" for c in calls)
    files["src/use.cc"] = '#include "h0.h"\nint Run() {\n' + body + "  return F39();\n}\n" + "".join(
        f"void Other{k}() {{\n{body}}}\n" for k in range(functions - 1)
    )
    lookups = 0
    module = Resolver.module

    def counted(self: Resolver, index: object, written: str) -> str:
        nonlocal lookups
        lookups += 1
        return module(self, index, written)  # type: ignore[arg-type]

    monkeypatch.setattr(Resolver, "module", counted)
    graph = graph_of(files)
    assert call_targets(graph, "src/use.cc", len(calls) + 3) == {"src/h39.h::F39"}  # found at the chain's end
    return lookups


def test_a_file_walks_its_includes_once_however_many_names_it_looks_up(monkeypatch: pytest.MonkeyPatch) -> None:
    # each name a C++ file looked up went through its hundred includes again: resolving them was
    # most of sentencepiece's graph (0.85 s of its 1.7 s cold index). A new name now costs one
    # lookup, of the file's own include, not one per header the chain reaches; the same name
    # called again in another function of the file costs none
    few = [f"Missing{k}" for k in range(20)]
    many = [f"Missing{k}" for k in range(300)]
    assert _module_lookups(many, monkeypatch) - _module_lookups(few, monkeypatch) <= len(many) - len(few)
    assert _module_lookups(few, monkeypatch, functions=10) == _module_lookups(few, monkeypatch)
