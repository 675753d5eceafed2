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


def test_a_node_of_overloads_lists_the_lines_of_each(tmp_path_factory: pytest.TempPathFactory) -> None:
    """jsoup's Element.attr is two overloads, one node: references and impact had said only the
    first's lines, as if the uses were all of it."""
    from maguyva_tui.mcp.answers import impact_answer, references_answer

    java = ("class Validate {\n    static void notNull(Object o) {}\n\n    static void notNull(Object o, String m) {}\n}\n"
            "class User {\n    void run() {\n        Validate.notNull(this);\n    }\n}\n")
    engine = indexed(tmp_path_factory, "overloads", {"Validate.java": java})
    for answer in (references_answer(engine, "Validate.notNull", None, 10), impact_answer(engine, "Validate.notNull", 1, 10)):
        assert [(d["lines"], d.get("spans")) for d in answer["definitions"]] == [("2", ["2", "4"])]
    single = references_answer(engine, "User.run", None, 10)["definitions"]
    assert [(d["lines"], "spans" in d) for d in single] == [("7-9", False)]
