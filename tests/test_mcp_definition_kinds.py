"""find_definition as an agent asks it of a Rust crate (found by an outside tester on indexmap): a
macro named as it is invoked, and a kind the name is not defined as."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.mcp.answers import AnswerError, definition_answer
from tests.trees import indexed

CRATE = {
    "src/lib.rs": "pub struct IndexMap<K, V> {\n    k: K,\n    v: V,\n}\n",
    "src/macros.rs": "#[macro_export]\nmacro_rules! indexmap {\n    () => {};\n}\n",
    "tests/quick.rs": "fn indexmap(n: usize) -> usize {\n    n\n}\n",
}


@pytest.fixture(scope="module")
def crate(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "crate", CRATE)


def test_a_macro_named_as_invoked_is_its_macro_rules(crate: Engine) -> None:
    """``indexmap!`` had been "no definition of 'indexmap!'"; it is the macro, not the test's function."""
    found = definition_answer(crate, "indexmap!", None, False, 10)
    assert [(d["path"], d["signature"]) for d in found["definitions"]] == [("src/macros.rs", "macro_rules! indexmap {")]
    with pytest.raises(AnswerError):
        definition_answer(crate, "nothing_here!", None, False, 10)


def test_a_kind_the_name_is_not_says_the_kinds_it_is(crate: Engine) -> None:
    """A struct asked for as a class: the error had listed close names only, as if none were defined."""
    with pytest.raises(AnswerError) as refused:
        definition_answer(crate, "IndexMap", "class", False, 10)
    assert "IndexMap is defined as struct (src/lib.rs:1); ask with kind struct, or without kind." in str(refused.value)
