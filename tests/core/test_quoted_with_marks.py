"""A quoted string typed with the code's marks around it (``"source map",`` pasted from a JSON
list, ``'decl')`` from a call) is that text when some line holds it as typed, as a pasted line is:
postcss 8.5.34's ``"source map",`` had listed the 42 lines naming ``source map`` where ``rg -F``
finds its one line in package.json. A quote that is the whole question stays its inside, and one
no line holds with its marks falls back to its inside too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import write_tree

FILES = {
    "package.json": '{\n  "keywords": [\n    "css",\n    "source map",\n    "postcss"\n  ]\n}\n',
    "lib/map.js": "// builds the source map\nfunction sourceMap() {\n  return 'source map'\n}\n"
                  "function kind(node) {\n  return node.type === 'decl'\n}\nconst t = ['decl', 'rule']\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = write_tree(tmp_path_factory.mktemp("quoted-marks"), FILES)
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    yield e
    e.close()


def _lines(answer: dict[str, object]) -> list[tuple[str, int]]:
    results = answer["results"]
    assert isinstance(results, list)
    return sorted((r["path"], line) for r in results for line in r["match_lines"])


@pytest.mark.parametrize(("typed", "lines"), [
    ('"source map",', [("package.json", 4)]),
    ("'decl', 'rule'", [("lib/map.js", 8)]),
    ("'decl']", []),  # no line holds it so: its inside, every line holding decl
])
def test_a_quote_with_marks_around_it_is_the_text_a_line_holds(engine: Engine, typed: str,
                                                               lines: list[tuple[str, int]]) -> None:
    answer = engine.search(typed).to_json()
    if lines:
        assert (answer["rule"], answer["target"]) == ("pasted_line", typed)
        assert _lines(answer) == lines
    else:
        assert (answer["rule"], answer["target"]) == ("quoted_literal", "decl")
        assert _lines(answer) == [("lib/map.js", 6), ("lib/map.js", 8)]


def test_a_quote_that_is_the_whole_question_is_still_its_inside(engine: Engine) -> None:
    answer = engine.search('"source map"').to_json()
    assert (answer["rule"], answer["target"]) == ("quoted_literal", "source map")
    assert _lines(answer) == [("lib/map.js", 1), ("lib/map.js", 3), ("package.json", 4)]
