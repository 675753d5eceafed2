"""A Go module's root package named as its code names it (``toml.Decode``, logrus' ``logrus.WithField``)
is that package's definition: its folder, the repository's root, has no name a path gives it, and
the answer had said that no symbol so named is defined here (another package's name)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.test_go_module_root import FILES
from tests.trees import write_tree


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root: Path = write_tree(tmp_path_factory.mktemp("gomod") / "repo", FILES)
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    yield e
    e.close()


def test_the_root_package_s_member_is_its_definition(engine: Engine) -> None:
    answer = engine.search("toml.Decode").to_json()
    assert (answer["intent"], answer["target"], answer["lookup_failed"]) == ("find_definition", "Decode", None)
    assert (answer["results"][0]["path"], answer["results"][0]["start_line"]) == ("decode.go", 5)
    assert "toml.Decode read as Decode of the Go module's root package toml (decode.go:5)" in answer["notices"]


def test_its_callers_are_the_member_s(engine: Engine) -> None:
    answer = engine.search("who calls toml.Decode").to_json()
    assert sorted((r["path"], r["start_line"]) for r in answer["results"]) == [("cmd/tomlv/main.go", 6),
                                                                              ("decode_test.go", 10)]


def test_a_name_the_package_does_not_define_stays_missing(engine: Engine) -> None:
    answer = engine.search("toml.Encode").to_json()
    assert answer["lookup_failed"] is not None and not any("root package" in n for n in answer["notices"])


def test_the_graph_tools_read_it_too(engine: Engine) -> None:
    """MCP's find_definition, find_references and impact (and ``maguyva graph``) of ``toml.Decode``:
    lo's ``lo.Map`` had been "no definition of", "unknown symbol", where the search found it."""
    definitions = engine.definitions("toml.Decode")
    assert [(d.symbol.path, d.symbol.start_line) for d in definitions.entries if d.symbol] == [("decode.go", 5)]
    assert sorted((s.path, s.line) for s in engine.references("toml.Decode", (), 10).entries) == [
        ("cmd/tomlv/main.go", 6), ("decode_test.go", 10)]
    assert {s.path for s in engine.impact("toml.Decode", 2, 10).entries} >= {"cmd/tomlv/main.go"}
    assert not engine.definitions("toml.Encode").entries
