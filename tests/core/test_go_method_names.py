"""A Go method written as Go prints it: ``(*Mux).ServeHTTP``, a panic's ``pkg/path.(*Mux).ServeHTTP``.

Before, the brackets made it a line of code to grep for, which no line holds; now it names the
method ``Mux.ServeHTTP``, and the search lists its definition.
"""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import classify
from tests.core.test_failed_lookup import FirstWordProvider


@pytest.mark.parametrize("question", ["(*Mux).ServeHTTP", "(Mux).ServeHTTP", "(*Mux).ServeHTTP()"])
def test_a_method_expression_names_the_method(question: str) -> None:
    intent = classify(question)
    assert (intent.name, intent.target) == ("find_definition", "Mux.ServeHTTP")


@pytest.mark.parametrize("question", ["x.(*T)", "(a + b).c()", "f(x).y"])
def test_other_code_with_brackets_is_not_a_method_name(question: str) -> None:
    assert classify(question).target != "T.c"
    assert classify(question).rule != "identifier"


def test_the_search_finds_the_method_however_go_printed_it(tmp_path_factory: pytest.TempPathFactory) -> None:
    root = tmp_path_factory.mktemp("repo")
    (root / "mux.go").write_text(
        "package chi\n\ntype Mux struct{}\n\nfunc (mx *Mux) ServeHTTP(w int, r int) {\n}\n\n"
        "func (mx *Mux) Use(f int) {\n}\n"
    )
    engine = Engine(root, tmp_path_factory.mktemp("index"), provider=FirstWordProvider(), static=False)
    engine.refresh()
    for question in ("(*Mux).ServeHTTP", "github.com/go-chi/chi/v5.(*Mux).ServeHTTP"):
        result = engine.search(question)
        assert (result.target, result.results[0].symbol, result.results[0].start_line) == (
            "Mux.ServeHTTP", "Mux.ServeHTTP", 5), question
        assert result.lookup_failed is None
    engine.close()
