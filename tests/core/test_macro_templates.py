"""A definition a Rust ``macro_rules!`` transcriber writes is a template's (``Symbol.template``): where
its qualified name is also defined outside any template it is demoted (``demoted_as: template``) and
listed after the real one. serde's hidden ``__private_serialize!`` writes ``trait Serialize``, which
had ranked above ``ser/mod.rs``'s ``pub trait Serialize`` for "Serialize", "where is Serialize
defined" and MCP's find_definition. A template of a name defined nowhere else keeps its place."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core import fusion
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.explain import demotion_why
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.store.facts import decode, encode

DOC = """\
#[doc(hidden)]
#[macro_export]
macro_rules! __private_serialize {
    () => {
        trait Serialize {
            fn serialize<S>(&self, serializer: S) -> Result<S::Ok, S::Error>;
        }
    };
}
macro_rules! signed_roots {
    ($T:ty) => {
        impl Roots for $T {
            fn nth_root(&self, n: u32) -> Self { *self }
        }
    };
}
macro_rules! one { () => { fn made_by_one() {} } }
"""

SER = """\
/// A data structure that can be serialized into any data format supported by Serde.
pub trait Serialize {
    fn serialize<S>(&self, serializer: S) -> Result<S::Ok, S::Error>;
}

pub trait Roots {
    fn nth_root(&self, n: u32) -> Self;
}

pub fn to_string<T: Serialize>(value: &T) -> String {
    String::new()
}
"""


def test_the_definitions_a_transcriber_writes_are_marked_as_a_templates_and_stored_so() -> None:
    facts = analyze("src/private/doc.rs", DOC)
    marked = {s.qualname: s.template for s in facts.symbols}
    assert marked["Serialize"] and marked["Serialize.serialize"] and marked["$T.nth_root"]
    assert marked["made_by_one"]  # a macro of one line: its transcriber's function
    assert not marked["__private_serialize"] and not marked["one"] and not marked["signed_roots"]
    assert decode("src/private/doc.rs", encode(facts)) == facts
    assert not any(s.template for s in analyze("src/ser/mod.rs", SER).symbols)


def test_a_template_is_named_as_such_in_the_json_and_the_explanation() -> None:
    assert fusion.demotion_kinds("src/a.rs", fusion.DEMOTION, template=True) == ("template",)
    assert fusion.demotion_kinds("vendor/a.rs", fusion.DEMOTION ** 2, template=True) == ("vendored", "template")
    assert demotion_why("src/a.rs", fusion.DEMOTION, template=True) == "a macro's template of a name defined elsewhere"


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("templates") / "serde"
    for name, text in {"src/private/doc.rs": DOC, "src/ser/mod.rs": SER}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


@pytest.fixture(scope="module")
def engine(repo: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    built = Engine(repo, tmp_path_factory.mktemp("templates-index"), static=False)
    try:
        yield built
    finally:
        built.close()


@pytest.mark.slow
def test_the_real_definition_is_answered_before_the_template_that_repeats_its_name(engine: Engine) -> None:
    assert [d.symbol.path for d in engine.definitions("Serialize").entries if d.symbol] == [
        "src/ser/mod.rs", "src/private/doc.rs"]
    for question in ("Serialize", "where is Serialize defined", "Serialize trait definition"):
        results = engine.search(question).results
        places = [(r.path, r.start_line) for r in results if r.symbol == "Serialize"]
        assert places[0] == ("src/ser/mod.rs", 2), (question, places)
        template = next(r for r in results if r.path == "src/private/doc.rs" and r.symbol == "Serialize")
        assert template.demoted_as == ("template",) and template.demotion == fusion.DEMOTION
    shadowed = engine.generation.shadowed_templates()
    assert ("src/private/doc.rs", 5, 7) in shadowed  # trait Serialize of the template
    assert not any(key[1] == 12 for key in shadowed)  # $T.nth_root: Roots.nth_root is another name
