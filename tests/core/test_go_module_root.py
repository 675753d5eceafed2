"""A Go module's own packages are imported by the module path its ``go.mod`` declares: its root
package too, which no folder's path ends like (``github.com/BurntSushi/toml`` is the repository's
root folder). Its ``toml_test`` files and commands had their ``toml.Decode(...)`` calls untied."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.parsing.facts.imports import go_module_line
from tests.trees import write_tree

FILES = {
    "go.mod": "module github.com/BurntSushi/toml\n\ngo 1.16\n",
    "decode.go": 'package toml\n\nimport "github.com/BurntSushi/toml/internal"\n\n'
                 "func Decode(data string, v interface{}) error {\n\treturn internal.Check(data)\n}\n",
    "internal/check.go": "package internal\n\nfunc Check(data string) error {\n\treturn nil\n}\n",
    "decode_test.go": 'package toml_test\n\nimport (\n\t"testing"\n\n\t"github.com/BurntSushi/toml"\n)\n\n'
                      'func TestDecode(t *testing.T) {\n\ttoml.Decode("a = 1", nil)\n}\n',
    "cmd/tomlv/main.go": 'package main\n\nimport "github.com/BurntSushi/toml"\n\nfunc main() {\n\ttoml.Decode("x", nil)\n}\n',
    "tools/go.mod": "module example.com/tools // a module of its own\n",
    "tools/gen.go": "package tools\n\nfunc Generate() {}\n",
    "tools/cmd/gen/main.go": 'package main\n\nimport "example.com/tools"\n\nfunc main() {\n\ttools.Generate()\n}\n',
}


@pytest.mark.parametrize(("text", "found"), [
    ("module github.com/BurntSushi/toml\n", ("github.com/BurntSushi/toml", 1)),
    ('// comment\n\nmodule "example.com/quoted/v2"\n', ("example.com/quoted/v2", 3)),
    ("module example.com/tools // trailing\n", ("example.com/tools", 1)),
    ("go 1.21\nrequire example.com/x v1.0.0\n", None),
    ("", None),
])
def test_the_module_line_is_read(text: str, found: tuple[str, int] | None) -> None:
    assert go_module_line(text) == found


def _callers(engine: Engine, name: str) -> list[tuple[str, int]]:
    return [(s.path, s.line) for s in engine.references(name, ("call",), 20).entries]


def test_the_root_package_and_a_nested_module_are_tied(tmp_path: Path) -> None:
    root = write_tree(tmp_path / "repo", FILES)
    engine = Engine(root, tmp_path / "index", static=False)
    try:
        engine.refresh()
        assert sorted(_callers(engine, "Decode")) == [("cmd/tomlv/main.go", 6), ("decode_test.go", 10)]
        assert _callers(engine, "Check") == [("decode.go", 6)]  # a subpackage, by its folder, as before
        assert _callers(engine, "Generate") == [("tools/cmd/gen/main.go", 6)]  # under tools/go.mod
        notices = engine.search("who calls Decode").notices
        assert not any("tied no call" in n or "could not tie" in n for n in notices)
        (root / "go.mod").write_text("module example.com/renamed\n")  # the imports now name another module
        engine.refresh()
        assert _callers(engine, "Decode") == []
        assert _callers(engine, "Check") == [("decode.go", 6)]  # still found by its folder's name
    finally:
        engine.close()
