"""A Rust call through another type's path (``String::new()``, ``Vec::new()``,
``std::collections::HashMap::<u8, u8>::new()``) calls that type's ``new``: "who calls Widget.new"
had counted each among the "N more calls name new" the graph could not tie, as if it might reach
``Widget::new``. A call through a trait the type implements (``Default::default()``) may, and
stays; so does one on a value of unknown type (``thing.new()``)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.other_calls import untied_callers
from tests.core.test_engine import CountingProvider
from tests.trees import indexed

LIB = """pub struct Widget {
    name: String,
}

impl Widget {
    pub fn new() -> Self {
        Widget { name: String::new() }
    }
}

pub fn make(thing: Thing) -> Widget {
    let v: Vec<u8> = Vec::new();
    let s = String::new();
    let m = std::collections::HashMap::<u8, u8>::new();
    let other = thing.new();
    Widget::new()
}

impl Default for Widget {
    fn default() -> Self {
        Widget::new()
    }
}

pub fn defaults() -> Widget {
    let b = String::default();
    Default::default()
}
"""


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> tuple[Engine, Engine]:
    built = indexed(tmp_path_factory, "rust-type-paths", {"Cargo.toml": "[package]\nname = \"demo\"\n", "src/lib.rs": LIB})
    reopened = Engine(built.root, built.index_base, provider=CountingProvider())
    reopened.refresh()  # nothing changed: the index as stored, its graph read back
    return built, reopened


def _untied_note(engine: Engine, question: str) -> list[str]:
    return [n for n in engine.search(question, limit=10).notices if "could not tie" in n]


@pytest.mark.parametrize("which", [0, 1])  # the graph built in this process, and the one read back from disk
def test_calls_through_another_types_path_are_not_counted_as_maybe_reaching_a_method(
        engines: tuple[Engine, Engine], which: int) -> None:
    engine = engines[which]
    said = _untied_note(engine, "who calls Widget.new")
    assert len(said) == 1 and said[0].startswith("1 more call names new but"), said
    assert "first src/lib.rs:15" in said[0]  # thing.new(), not String::new() on line 7


def test_a_call_through_a_trait_the_type_implements_is_still_listed(engines: tuple[Engine, Engine]) -> None:
    found = untied_callers(engines[0]._generation, "Widget.default", 10)
    assert found is not None
    assert [(h.path, h.start_line) for h in found[0]] == [("src/lib.rs", 27)]  # Default::default(), not String::default()
