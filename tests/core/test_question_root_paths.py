"""A question naming a path through the repository's absolute root, or a place outside it (found by
an outside tester on the rsass crate): ``who calls /home/u/rsass/src/css/value.rs::Value`` had read
the path as "files ending value.rs" and followed both ``value.rs`` files' ``Value``; ``where is Value
defined in /etc`` (or ``in ../x``) had listed every ``Value`` without a word."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import indexed

FILES = {
    "src/css/value.rs": "pub struct Value {}\n\npub fn css_parse() -> Value { Value {} }\n",
    "src/sass/value.rs": "pub struct Value {}\n\npub fn sass_parse() -> Value { Value {} }\n",
    "src/main.rs": "use crate::css::value::Value;\n\nfn main() { let v: Value = Value {}; }\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "question-rooted", FILES)


def test_a_path_through_the_absolute_root_is_read_from_the_root(engine: Engine) -> None:
    top = engine.root.as_posix()
    rooted = engine.search(f"who calls {top}/src/css/value.rs::Value", limit=20)
    relative = engine.search("who calls src/css/value.rs::Value", limit=20)
    assert rooted.target == relative.target == "src/css/value.rs::Value"
    assert [r.path for r in rooted.results] == [r.path for r in relative.results]
    assert not any("files ending" in n for n in rooted.notices)
    assert rooted.query == f"who calls {top}/src/css/value.rs::Value"  # echoed as typed
    defined = engine.search(f"where is Value defined in {top}/src/sass", limit=20)
    assert {r.path for r in defined.results if r.symbol == "Value"} == {"src/sass/value.rs"}


@pytest.mark.parametrize("place", ["/etc", "../x"])
def test_a_place_outside_the_root_is_said_in_one_line(engine: Engine, place: str) -> None:
    found = engine.search(f"where is Value defined in {place}", limit=20)
    assert f"{place} is outside the repository ({engine.root.as_posix()}): answered from the whole repository" in (
        found.notices)
    assert {r.path for r in found.results if r.symbol == "Value"} == {"src/css/value.rs", "src/sass/value.rs"}
    inside = engine.search(f"where is Value defined in {engine.root.as_posix()}", limit=20)
    assert not any("outside" in n for n in inside.notices)
