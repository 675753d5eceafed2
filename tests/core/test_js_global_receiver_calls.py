"""A JavaScript or TypeScript call on one of the platform's global objects (``console.error``,
``JSON.parse``, ``Object.keys``) calls that object's method: "who calls Node.error" on postcss
8.5.34 listed ``console.error(...)`` first among the calls that "may call another error", and
counted such calls among those the graph could not tie. A call on a value of unknown type
(``thing.error()``) stays, and so does one on a global's name the repository defines itself."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.other_calls import untied_callers
from tests.core.test_engine import CountingProvider
from tests.trees import indexed

FILES = {
    "pkg/node.js": "class Node {\n  error(message) {\n    return new Error(message)\n  }\n\n"
                   "  parse(text) {\n    return text\n  }\n}\nmodule.exports = Node\n",
    "pkg/use.js": "function report(thing, err) {\n  console.error(err)\n  JSON.parse('{}')\n"
                  "  Object.keys(thing).forEach(k => k)\n  thing.parse('x')\n  return thing.error('bad')\n}\n"
                  "module.exports = report\n",
    "pkg/types.ts": "export function check(value: unknown): void {\n  console.error(value)\n}\n",
    "pkg/own.js": "const Reflect = makeParser()\n\nfunction mine(t) {\n  return Reflect.parse(t)\n}\n"
                  "module.exports = mine\n",
}


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> tuple[Engine, Engine]:
    built = indexed(tmp_path_factory, "js-global-receivers", FILES)
    reopened = Engine(built.root, built.index_base, provider=CountingProvider())
    reopened.refresh()  # nothing changed: the index as stored, its graph read back
    return built, reopened


@pytest.mark.parametrize("which", [0, 1])  # the graph built in this process, and the one read back from disk
def test_a_call_on_a_global_object_is_not_listed_as_maybe_calling_the_method(
        engines: tuple[Engine, Engine], which: int) -> None:
    found = untied_callers(engines[which]._generation, "Node.error", 10)
    assert found is not None
    assert [(h.path, h.start_line) for h in found[0]] == [("pkg/use.js", 6)]  # thing.error, not console.error
    assert found[1][0].startswith("the graph tied no call to error; listing the call that names it")


@pytest.mark.parametrize("which", [0, 1])
def test_a_global_name_the_repository_defines_keeps_its_calls(engines: tuple[Engine, Engine], which: int) -> None:
    found = untied_callers(engines[which]._generation, "Node.parse", 10)
    assert found is not None  # JSON.parse is the platform's; Reflect is own.js's object here
    assert [(h.path, h.start_line) for h in found[0]] == [("pkg/own.js", 4), ("pkg/use.js", 5)]


def test_the_search_lists_the_call_on_the_unknown_value_alone(engines: tuple[Engine, Engine]) -> None:
    found = engines[0].search("who calls Node.error", limit=10)
    assert [(r.path, r.start_line) for r in found.results] == [("pkg/use.js", 6)]
