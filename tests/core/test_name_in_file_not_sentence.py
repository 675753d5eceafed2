"""A name written through its file (``lib/css-syntax-error.js::CssSyntaxError.setMessage``) is the
definition of that name first: the words of its path are no sentence describing a symbol. On
postcss 8.5.34 the class ``CssSyntaxError`` (its name spelling the path's css, syntax, error) had
ranked above the method asked for, whose exact name came second."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import indexed

FILES = {
    "lib/css-syntax-error.js": "class CssSyntaxError extends Error {\n  constructor(message) {\n    super(message)\n"
                               "    this.setMessage()\n  }\n\n  setMessage() {\n    this.message = 'x'\n  }\n\n"
                               "  showSourceCode() {\n    return ''\n  }\n}\n\nmodule.exports = CssSyntaxError\n",
    "lib/node.js": "class Node {\n  error(message) {\n    return message\n  }\n}\nmodule.exports = Node\n",
    # other names, so that the path's words are rare ones (their idf over the names is high)
    "lib/words.js": "".join(f"function {a}{b}() {{\n  return 1\n}}\n" for a in ("read", "write", "parse", "walk", "emit",
                                                                                "clone", "format", "check", "split", "join",
                                                                                "trim", "push", "pop", "find", "fill", "sort")
                            for b in ("Rule", "Decl", "Root", "Comment", "Value", "Token", "Input", "Map", "Node", "Line",
                                      "Word", "Item", "List", "Tree", "Path", "Text", "Word", "Mark", "Code", "Case")),
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "name-in-file-words", FILES)


@pytest.mark.parametrize("question", ["lib/css-syntax-error.js::CssSyntaxError.setMessage",
                                      "css-syntax-error.js::CssSyntaxError.setMessage",
                                      "where is lib/css-syntax-error.js::CssSyntaxError.setMessage defined"])
def test_the_name_written_through_its_file_comes_first(engine: Engine, question: str) -> None:
    found = engine.search(question, limit=5)
    assert [(r.symbol, r.start_line) for r in found.results][:1] == [("CssSyntaxError.setMessage", 7)]
