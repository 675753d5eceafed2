"""Who imports a Go package: the lines importing its folder, by its path in the repository or by
its import path (logrus: "who imports hooks/syslog" had said no line imports it, while
example_hook_test.go does; "who imports github.com/sirupsen/logrus/hooks/syslog" had been read as
a question about a symbol named github.com)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.mcp.answers import references_answer
from tests.trees import write_tree

FILES = {
    "go.mod": "module example.com/m\n\ngo 1.21\n",
    "run.go": "package m\n\nfunc Run() {}\n",
    "kit/strings.go": "package kit\n\nfunc Trim() {}\n",
    "kit/bytes.go": "package kit\n\nfunc Cut() {}\n",
    "cmd/run/main.go": 'package main\n\nimport (\n\t"example.com/m"\n\t"example.com/m/kit"\n)\n\n'
                       "func main() {\n\tm.Run()\n\tkit.Trim()\n}\n",
    "hooks/sys/sys.go": "package sys\n\nfunc New() int {\n\treturn 1\n}\n",
    "example_test.go": 'package m_test\n\nimport (\n\t"testing"\n\n\tsyshook "example.com/m/hooks/sys"\n)\n\n'
                       "func TestHook(t *testing.T) {\n\tsyshook.New()\n}\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    e = Engine(write_tree(tmp_path_factory.mktemp("goimp") / "repo", FILES), tmp_path_factory.mktemp("index"),
               static=False)
    e.refresh()
    yield e
    e.close()


@pytest.mark.parametrize("text", ["who imports hooks/sys", "who imports example.com/m/hooks/sys"])
def test_the_lines_importing_the_package_s_folder_are_listed(engine: Engine, text: str) -> None:
    answer = engine.search(text).to_json()
    assert answer["rule"] == "importers"
    assert [(r["path"], r["start_line"]) for r in answer["results"]] == [("example_test.go", 6)]
    assert not any("no line of the repository imports" in n for n in answer["notices"])


@pytest.mark.parametrize(("text", "line"), [("who imports example.com/m/kit", 5), ("who imports kit", 5),
                                            ("who imports example.com/m", 4)])
def test_a_package_is_found_by_its_folder_not_its_files_names(engine: Engine, text: str, line: int) -> None:
    """lo's ``it/seq.go`` imports ``github.com/samber/lo/mutable``, whose files are ``slice.go``: an
    import line was looked for only where it spelled a file's name, and none was found."""
    answer = engine.search(text)
    assert answer.rule == "importers"
    assert [(r.path, r.start_line) for r in answer.results] == [("cmd/run/main.go", line)]


def test_a_package_of_several_files_is_imported_whole(engine: Engine) -> None:
    """An import names a Go package, never one of its files: lo's "who imports .../mutable" had said
    it names 3 files, "name one by its path to ask for it alone", each line importing slice.go."""
    answer = engine.search("who imports example.com/m/kit")
    assert not any("names 2 files" in n for n in answer.notices), answer.notices
    assert [dict(r.votes)["graph"].reason for r in answer.results] == ["imports example.com/m/kit"]  # type: ignore[union-attr]
    tool = references_answer(engine, "example.com/m/kit", None, 10)
    assert tool["notes"] == ["example.com/m/kit is the Go package of kit/ (2 files); the lines importing it are listed"]
    assert [(r["path"], r["line"]) for r in tool["references"]] == [("cmd/run/main.go", 5)]
    assert "target" not in tool["references"][0]


def test_an_index_opened_again_reads_the_import_path_too(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The stored graph, opened (not built), had read no ``go.mod``: every import path was a question
    about a symbol named github.com, in each session after the first (MCP, ``maguyva search``)."""
    root, index = write_tree(tmp_path_factory.mktemp("goimp") / "repo", FILES), tmp_path_factory.mktemp("index")
    Engine(root, index, static=False).refresh()
    engine = Engine(root, index, static=False)
    engine.refresh()
    answer = engine.search("who imports example.com/m")  # the root package: no folder's path ends so
    assert (answer.rule, answer.target) == ("importers", "example.com/m")
    assert [(r.path, r.start_line) for r in answer.results] == [("cmd/run/main.go", 4)]
    engine.close()


@pytest.mark.parametrize(("text", "files"), [
    ("example.com/m/kit", [("kit/bytes.go", 1), ("kit/strings.go", 1)]),
    ("example.com/m", [("example_test.go", 1), ("run.go", 1)]),
])
def test_an_import_path_typed_alone_shows_its_package_s_files(engine: Engine, text: str, files: list[tuple[str, int]]) -> None:
    """A bare import path had been a missing file, then its words ('no indexed file is example.com/m/kit')."""
    answer = engine.search(text).to_json()
    assert sorted((r["path"], r["start_line"]) for r in answer["results"]) == files
    assert answer["lookup_failed"] is None
    assert any(n.startswith(f"{text} is the Go package in ") for n in answer["notices"]), answer["notices"]


def test_an_import_path_of_no_package_here_is_still_said_missing(engine: Engine) -> None:
    answer = engine.search("example.com/m/nothere").to_json()
    assert answer["lookup_failed"]["kind"] == "place"


def test_an_opened_graph_finds_its_go_mod_files_without_the_module_table(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    """Opening the stored graph made the module key table over every file to find the ``go.mod``
    files (100,000 files: about 2 s and 190 MB of every graph question and lone word); they are
    found by name, the same files the table keys, nested ones too and never ``notgo.mod``."""
    from maguyva_tui.core.graph import modules

    files = {**FILES, "tools/go.mod": "module example.com/tools\n\ngo 1.21\n", "tools/t.go": "package tools\n",
             "notgo.mod": "module example.com/not\n"}
    root, index = write_tree(tmp_path_factory.mktemp("goopen") / "repo", files), tmp_path_factory.mktemp("index")
    Engine(root, index, static=False).refresh()
    engine = Engine(root, index, static=False)
    engine.refresh()
    graph = engine.snapshot.graph
    assert graph._tables is None  # opened, its go.mod files read, without the table over every file
    assert [p for p in files if p in graph.layers] == ["go.mod", "tools/go.mod"]  # the files it reads
    assert list(graph.table.get(modules.GO_MODULES, ())) == ["go.mod", "tools/go.mod"]  # the table's own
    answer = engine.search("who imports example.com/m/hooks/sys")
    assert [(r.path, r.start_line) for r in answer.results] == [("example_test.go", 6)]
    engine.close()
