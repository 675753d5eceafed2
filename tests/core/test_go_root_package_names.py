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
