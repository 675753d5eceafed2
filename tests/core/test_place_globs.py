"""A pattern of paths typed as a question (``**/*.go``, ``render/*.go``) lists the indexed files
it matches and says how many: it had been read as one file, "no indexed file is /*.go; searching
the question's words instead" (the ``**`` dropped from what was said). The pattern reads as git
reads one: ``*`` within a folder (``render/*.go`` had also listed ``render/deep/yaml.go``), ``**``
across folders."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.test_test_modules import NameProvider
from tests.trees import write_tree

FILES = {"gin.go": "package gin\n\nfunc New() {}\n",
         "render/json.go": "package render\n\nfunc JSON() {}\n",
         "render/xml.go": "package render\n\nfunc XML() {}\n",
         "render/notes.md": "# notes\n",
         "render/deep/yaml.go": "package deep\n\nfunc YAML() {}\n"}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    built = Engine(write_tree(tmp_path_factory.mktemp("globs"), FILES), tmp_path_factory.mktemp("ix"),
                   provider=NameProvider(), static=False)
    built.refresh()
    return built


@pytest.mark.parametrize(("question", "paths"), [
    ("**/*.go", ["gin.go", "render/json.go", "render/xml.go", "render/deep/yaml.go"]),
    ("render/*.go", ["render/json.go", "render/xml.go"]),  # * stays in its folder, as git reads it
    ("render/**/*.go", ["render/json.go", "render/xml.go", "render/deep/yaml.go"]),
    ("./render/x*.go", ["render/xml.go"]),
])
def test_a_pattern_of_paths_lists_the_files_it_matches(engine: Engine, question: str, paths: list[str]) -> None:
    found = engine.search(question, limit=10)
    assert [r.path for r in found.results] == paths
    count = len(paths)
    assert f"{question.removeprefix('./')} matches {count} indexed file{'s' if count > 1 else ''}, shallowest first" \
        in found.notices


def test_a_pattern_matching_nothing_is_said_missing_as_written(engine: Engine) -> None:
    found = engine.search("render/*.rs", limit=10)
    assert any(n.startswith("no indexed file is render/*.rs") for n in found.notices)
