"""A repository's own package names: ``import 'jotai/vanilla'`` names its file by tsconfig.json's
``paths``, and ``import '@scope/store'`` a workspace package by its package.json."""

from __future__ import annotations

import json
import time
from types import SimpleNamespace
from typing import Any

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.modules import JS_PACKAGES
from maguyva_tui.core.graph.resolve.ecmascript import _configured, _own_package
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.parsing.facts.js_config import (
    CONFIG_BASE,
    PACKAGE_EXPORT,
    PACKAGE_NAME,
    config_imports,
    read_json,
)
from maguyva_tui.core.retrievers.graph import GraphRetriever
from maguyva_tui.core.types import Import

TSCONFIG = """{
  // as jotai writes it: comments and trailing commas
  "compilerOptions": {
    "strict": true, /* "paths": {} in a comment is no option */
    "paths": {
      "lib": ["./src/index.ts"],
      "lib/*": ["./src/*.ts"],
    },
  },
}
"""
LIB = {
    "tsconfig.json": TSCONFIG,
    "package.json": '{"name": "lib", "exports": {".": "./dist/index.mjs", "./*": "./dist/*.mjs"}}',
    "src/index.ts": "export * from './vanilla'\n",
    "src/vanilla.ts": "export function createStore() { return 1 }\n",
    "tests/store.test.ts": "import { createStore } from 'lib/vanilla'\n\nexport function t() { return createStore() }\n",
}
WORKSPACE = {
    "packages/store/package.json": '{"name": "@scope/store", "exports": {".": {"import": "./dist/index.js",'
                                   ' "require": "./dist/index.cjs"}, "./package.json": "./package.json"}}',
    "packages/store/src/index.ts": "export function createAtom() { return 1 }\n",
    "packages/react/package.json": '{"name": "@scope/react", "main": "./dist/index.js"}',
    "packages/react/tsconfig.json": '{"extends": "../../tsconfig.base", "compilerOptions": {"jsx": "react"}}',
    "tsconfig.base.json": '{"compilerOptions": {"baseUrl": ".", "paths": {"~/*": ["packages/react/src/*"]}}}',
    "packages/react/src/util.ts": "export function helper() { return 1 }\n",
    "packages/react/src/index.ts": "import { createAtom } from '@scope/store'\nimport { helper } from '~/util'\n"
                                   "import { x } from 'react'\n\nexport function useAtom() { return [createAtom(), helper(), x()] }\n",
}


def _callers(files: dict[str, str], name: str) -> list[tuple[str, int, str | None]]:
    graph = CodeGraph.build({path: analyze(path, text) for path, text in files.items()})
    return [(h.path, h.start_line, h.symbol) for h in GraphRetriever(graph).callers_hits(name, 5)]


def test_a_tsconfig_paths_pattern_names_the_repositorys_own_file() -> None:
    """jotai's tests import 'jotai/vanilla': its 148 createStore calls had been tied to nothing."""
    assert _callers(LIB, "createStore") == [("tests/store.test.ts", 3, "t")]


def test_a_workspace_package_and_an_extended_configs_paths_name_their_sources() -> None:
    """@scope/store exports ./dist/index.js, not in the repository: its source src/index.ts is meant;
    '~/util' is mapped by the configuration the package's tsconfig.json extends."""
    assert _callers(WORKSPACE, "createAtom") == [("packages/react/src/index.ts", 5, "useAtom")]
    assert _callers(WORKSPACE, "helper") == [("packages/react/src/index.ts", 5, "useAtom")]


def test_a_configuration_that_is_not_json_says_nothing() -> None:
    """A broken or odd file is read as no mapping, never an error."""
    for text in ("{", '{"compilerOptions": {"paths": ["x"]}}', '{"compilerOptions": {"paths": {"a": "b"}}}',
                 "[1, 2]", '{"name": 3}', '{"compilerOptions": {"baseUrl": "/abs", "paths": {"a/*": ["../../x/*"]}}}',
                 "/* never closed", '"\\u12"', "[" * 100_000):
        assert config_imports("tsconfig.json", text) == ()
        assert config_imports("package.json", text) == ()
    assert read_json('{"a": "http://x", /* c */ "b": [1,],}') == {"a": "http://x", "b": [1]}


def test_a_crafted_configuration_is_read_in_linear_time() -> None:
    """Comments opened and strings never closed, thousands of them, are read in one pass (each had
    been scanned again to the file's end: a 1 MB package.json of ``/* `` held an index build for an hour)."""
    started = time.process_time()
    for text in ("/* " * 20_000, '"\\' * 20_000, '{"a": 1 /* x ' + '"' * 20_000, ('"' + "a" * 30 + "\n") * 2_000):
        assert config_imports("package.json", text) == ()
        assert read_json(text) is None
    assert time.process_time() - started < 1.0
    assert read_json('{"a": "/* x", // c\n "b": "*/"} /* c */') == {"a": "/* x", "b": "*/"}


def test_a_crafted_configurations_rows_are_bounded() -> None:
    """Each bare import's resolution reads a configuration's extends and paths rows: a list of
    40,000 extends had held a 300-file repository's index build 3 minutes."""
    text = json.dumps({"extends": [f"./x{i}" for i in range(40_000)],
                       "compilerOptions": {"paths": {f"p{i}/*": ["src/*", "lib/*"] for i in range(3_000)}}})
    rows = config_imports("tsconfig.json", text)
    assert [r.module for r in rows if r.local == "#extends"] == [f"x{i}.json" for i in range(39_992, 40_000)]
    assert len([r for r in rows if r.local == "#paths"]) == 1_000


def test_a_tsconfig_added_later_ties_the_calls_on_update() -> None:
    """An update that adds or changes the configuration resolves again the files that read it."""
    files = {path: analyze(path, text) for path, text in LIB.items() if not path.endswith(".json")}
    graph = CodeGraph.build(files)
    assert GraphRetriever(graph).callers_hits("createStore", 5) == []
    graph.update({"tsconfig.json": analyze("tsconfig.json", TSCONFIG)})
    assert [(h.path, h.start_line) for h in GraphRetriever(graph).callers_hits("createStore", 5)] == [("tests/store.test.ts", 3)]
    graph.update({"tsconfig.json": analyze("tsconfig.json", "{}")})
    assert GraphRetriever(graph).callers_hits("createStore", 5) == []


class _Packages:
    """The lookups an import of a repository's own package reads: one ``package.json``."""

    def __init__(self, package: object) -> None:
        self.files = {"package.json": package}
        self.memo: dict[tuple[object, ...], object] = {}

    def memoized(self, key: tuple[object, ...], compute: Any, *args: object) -> Any:
        if key not in self.memo:
            self.memo[key] = compute(*args)
        return self.memo[key]

    def touch(self, key: str) -> Any:
        return ["package.json"] if key == JS_PACKAGES else key.startswith("file:src/")

    def file(self, path: str) -> object:
        return self.files.get(path)


def test_a_package_exporting_thousands_of_subpaths_is_read_once_for_its_imports() -> None:
    """A crafted package.json exporting 3,000 subpaths, each imported: every import had matched
    every export in turn (600 imports here, 1.8 million matches, 2 s; 5,000 had held a build 40 s)."""
    exports = [Import("package.json", PACKAGE_EXPORT, f"./a{i}", f"src/a{i}.ts", 1) for i in range(3_000)]
    package = SimpleNamespace(path="package.json", imports={
        PACKAGE_NAME: [Import("package.json", PACKAGE_NAME, "pkg", None, 1)],
        PACKAGE_EXPORT: [*exports, Import("package.json", PACKAGE_EXPORT, "./b/*", "src/b/*.ts", 1)]})
    lookup = _Packages(package)
    started = time.process_time()
    found = [_own_package(lookup, f"pkg/a{i}") for i in range(0, 3_000, 5)]  # type: ignore[arg-type]
    assert time.process_time() - started < 0.25
    assert found[:2] == ["src/a0.ts", "src/a5.ts"]
    assert _own_package(lookup, "pkg/b/c") == "src/b/c.ts"  # type: ignore[arg-type]


def test_a_package_exports_a_thousand_patterns_at_most() -> None:
    """Each import may try every pattern (a subpath with a *): the first 1,000 written are kept."""
    rows = config_imports("package.json", json.dumps(
        {"name": "pkg", "exports": {f"./a{i}/*": f"./src/a{i}/*.ts" for i in range(1_500)} | {"./z": "./src/z.ts"}}))
    assert sum("*" in row.module for row in rows) == 1_000
    assert ("./z", "src/z.ts") in {(row.module, row.name) for row in rows}


class _Configs(_Packages):
    """The lookups a bare import reads: the configurations above a file, and how often each is asked for."""

    def __init__(self, config: object) -> None:
        super().__init__(config)
        self.files = {"tsconfig.json": config}
        self.asked = 0

    def file(self, path: str) -> object:
        self.asked += 1
        return super().file(path)

    def touch(self, key: str) -> Any:
        return key.startswith("file:q") and key.endswith(".ts")


def test_the_configuration_above_a_deep_folder_is_looked_for_once_for_its_imports() -> None:
    """A crafted file 900 folders deep importing 3,000 bare names: each import had walked up every
    folder again (102 s and 5.4 GB of an index build); 300 deep and 200 imports here."""
    config = SimpleNamespace(path="tsconfig.json", imports={CONFIG_BASE: [Import("tsconfig.json", CONFIG_BASE, "", None, 1)]})
    lookup = _Configs(config)
    index = SimpleNamespace(path="/".join(["a"] * 300) + "/m.ts")
    found = [_configured(lookup, index, f"q{i}") for i in range(200)]  # type: ignore[arg-type]
    assert found == [f"q{i}.ts" for i in range(200)]
    assert lookup.asked < 1_000
