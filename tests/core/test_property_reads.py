"""Who calls a Python property: reading ``b.size`` runs it. The graph records an attribute read
(neither called nor assigned to) as a ``read`` site where it reaches a ``@property`` or a
``cached_property`` of the receiver's class; an ordinary attribute read is no site. "who calls
Base.size" and "what breaks if I change Base.size" had said 0 results."""

from __future__ import annotations

from collections.abc import Iterator
from textwrap import dedent

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
import functools


class Base:
    def __init__(self):
        self.count = 0

    @property
    def size(self):
        return self.compute()

    @functools.cached_property
    def area(self):
        return 2

    def compute(self):
        return 1

    def grow(self):
        return self.size * 2


def use(b: Base):
    return b.size + b.area + b.compute()


def write(b: Base):
    b.size = 3
    b.size, other = 1, 2
    del b.size
    return b.count


def chained():
    made = Base()
    return made.size.bit_length()
"""


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("props")
    (root / "shapes.py").write_text(dedent(SOURCE))
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    yield e
    e.close()


def _line(text: str) -> int:
    """The line of ``shapes.py`` holding a text."""
    return dedent(SOURCE).splitlines().index(text) + 1


def test_a_property_s_reads_are_its_callers(engine: Engine) -> None:
    answer = engine.callers("Base.size", 20)
    assert [(e.line, e.caller, e.kind, e.reason) for e in answer.entries] == [
        (_line("        return self.size * 2"), "Base.grow", "read", "reads the property size"),
        (_line("    return b.size + b.area + b.compute()"), "use", "read", "reads the property size"),
        (_line("    return made.size.bit_length()"), "chained", "read", "reads the property size"),
    ]


def test_a_cached_property_s_reads_too(engine: Engine) -> None:
    assert [e.line for e in engine.callers("Base.area", 20).entries] == [_line("    return b.size + b.area + b.compute()")]


def test_an_assignment_a_del_and_a_plain_attribute_read_are_no_reads() -> None:
    rows = analyze("shapes.py", dedent(SOURCE)).references
    reads = {(r.name, r.line) for r in rows if r.kind == "read"}
    assert ("b.size", _line("    b.size = 3")) not in reads
    assert ("b.size", _line("    b.size, other = 1, 2")) not in reads
    assert ("b.size", _line("    del b.size")) not in reads
    assert ("b.compute", _line("    return b.size + b.area + b.compute()")) not in reads  # a call
    assert ("made.size", _line("    return made.size.bit_length()")) in reads
    assert ("b.count", _line("    return b.count")) in reads  # recorded; the graph ties it to nothing


def test_an_ordinary_attribute_read_is_no_site(engine: Engine) -> None:
    graph = engine.generation.snapshot.graph
    assert graph is not None
    kinds = {s.kind for sites in graph.sites_out.values() for s in sites}
    assert "read" in kinds
    assert all(s.target.endswith(("Base.size", "Base.area")) for sites in graph.sites_out.values()
               for s in sites if s.kind == "read")


def test_what_breaks_if_a_property_changes_lists_its_readers(engine: Engine) -> None:
    answer = engine.impact("Base.size", 1, 20)
    assert {(e.symbol, e.edge) for e in answer.entries} >= {("use", "read"), ("chained", "read"), ("Base.grow", "read")}


def test_a_property_s_notes_say_which_reads_are_listed(engine: Engine) -> None:
    said = ("Base.size is a property: reading it (.size) runs it; the graph lists the reads whose receiver's "
            'class it knows, and search ".size" lists every line naming it')
    assert engine.callers_notes("Base.size") == (said,)
    assert engine.impact_notes("Base.size") == (said,)
    assert engine.callers_notes("Base.area")[0].startswith("Base.area is a property")


def test_a_plain_method_says_nothing_of_it(engine: Engine) -> None:
    assert engine.callers_notes("Base.compute") == ()
    assert engine.impact_notes("use") == ()


def test_who_calls_a_property_in_the_search_labels_its_reads(engine: Engine) -> None:
    result = engine.search("who calls Base.size", limit=10)
    reasons = {r.start_line: dict(r.votes)["graph"] for r in result.results}
    assert sorted(reasons) == sorted([_line("        return self.size * 2"), _line("    return made.size.bit_length()"),
                                      _line("    return b.size + b.area + b.compute()")])
    assert {r.kind for r in result.results} == {"read"}
    assert {vote.reason for vote in reasons.values() if vote is not None} == {"reads the property size"}


def test_references_of_kind_read(engine: Engine) -> None:
    answer = engine.references("Base.size", ("read",))
    assert [e.reason for e in answer.entries] == ["reads the property size"] * 3


@pytest.mark.slow
def test_a_method_made_a_property_and_back_updates_its_reads(tmp_path_factory: pytest.TempPathFactory) -> None:
    root = tmp_path_factory.mktemp("toggle")
    shapes = root / "shapes.py"
    shapes.write_text(dedent(SOURCE))
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    try:
        e.refresh()
        assert len(e.callers("Base.size", 20).entries) == 3
        shapes.write_text(dedent(SOURCE).replace("    @property\n    def size", "    def size"))
        e.refresh()
        assert e.callers("Base.size", 20).entries == ()
        shapes.write_text(dedent(SOURCE))
        e.refresh()
        assert len(e.callers("Base.size", 20).entries) == 3
    finally:
        e.close()
