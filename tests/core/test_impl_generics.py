"""``impl Serialize for IndexMap`` typed as a reader says it, where the code writes the generics
between its words (``impl<K, V, S> Serialize for IndexMap<K, V, S>``): the string is on no line, and
the answer had been related code; it is now the impl blocks, and says it read the generics in."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import impl_pattern
from tests.trees import indexed

FILES = {
    "src/map.rs": """pub struct IndexMap<K, V, S> {
    entries: Vec<(K, V)>,
    hash: S,
}

impl<K, V, S> Serialize for IndexMap<K, V, S>
where
    K: Serialize,
{
    fn serialize(&self) -> String {
        String::new()
    }
}

impl<K, V> serde::Deserialize for crate::IndexMap<K, V, ()> {
    fn deserialize() -> Self {
        todo!()
    }
}
""",
    "src/set.rs": """pub struct Other;

impl Serialize for Other {
    fn serialize(&self) -> String {
        String::new()
    }
}

impl Display for Error {
    fn fmt(&self) {}
}
""",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "impls", FILES)


def test_an_impl_header_without_its_generics_finds_the_block_that_has_them(engine: Engine) -> None:
    result = engine.search("impl Serialize for IndexMap")
    assert [(r.path, r.start_line) for r in result.results][:1] == [("src/map.rs", 6)]
    assert all(r.path == "src/map.rs" for r in result.results)  # not Other's
    assert result.query == "impl Serialize for IndexMap" and result.lookup_failed is None
    assert any("as written; showing the impl blocks with their generics" in n for n in result.notices)
    assert not any("\\b" in n for n in result.notices)  # toml_edit: a word on \b of a regex nobody wrote
    found = engine.search("impl Deserialize for IndexMap")  # a path before either name, too
    assert [(r.path, r.start_line) for r in found.results][:1] == [("src/map.rs", 15)]


def test_a_header_the_code_holds_as_written_is_the_string_it_is(engine: Engine) -> None:
    result = engine.search("impl Display for Error")
    assert [(r.path, r.start_line) for r in result.results] == [("src/set.rs", 9)]
    assert not any("as written" in n for n in result.notices)


def test_a_header_with_generics_written_is_taken_as_written() -> None:
    assert impl_pattern("impl<K> Serialize for IndexMap<K>") is None
    assert impl_pattern("who calls serialize") is None
