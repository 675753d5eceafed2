"""Who calls a Python property: reading ``b.size`` runs it, but a read is no call the graph
records; "who calls Base.size" and "what breaks if I change Base.size" said 0 results and nothing
more. The answer now says why, and what to search."""

from __future__ import annotations

from collections.abc import Iterator
from textwrap import dedent

import pytest

from maguyva_tui.core.engine import Engine

SOURCE = """
import functools


class Base:
    @property
    def size(self):
        return self.compute()

    @functools.cached_property
    def area(self):
        return 2

    def compute(self):
        return 1


def use(b: Base):
    return b.size + b.area + b.compute()
"""


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("props")
    (root / "shapes.py").write_text(dedent(SOURCE))
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    yield e
    e.close()


def test_a_property_s_callers_and_impact_say_its_reads_are_not_calls(engine: Engine) -> None:
    said = ('Base.size is a property: reading it (.size) runs it, and the graph records calls, not reads; '
            'search ".size" lists every line naming it')
    assert engine.callers_notes("Base.size") == (said,)
    assert engine.impact_notes("Base.size") == (said,)
    assert engine.callers_notes("Base.area")[0].startswith("Base.area is a property")


def test_a_plain_method_says_nothing_of_it(engine: Engine) -> None:
    assert engine.callers_notes("Base.compute") == ()
    assert engine.impact_notes("use") == ()
