"""A Go method written as Go prints it (``(*Mux).ServeHTTP``, a panic's ``pkg/path.(*Mux).ServeHTTP``),
and a PHP name with its namespace (``GuzzleHttp\\Client``, ``\\GuzzleHttp\\Client::request``).

Before, the brackets or back-slashes made it a line of code to grep for, which no line holds; now
it names the method ``Mux.ServeHTTP`` or the class ``Client``, and the search lists its definition.
"""

from __future__ import annotations

import pytest

from maguyva_tui.core.intent import classify
from tests.core.small_repo import indexed


@pytest.mark.parametrize("question", ["(*Mux).ServeHTTP", "(Mux).ServeHTTP", "(*Mux).ServeHTTP()"])
def test_a_method_expression_names_the_method(question: str) -> None:
    intent = classify(question)
    assert (intent.name, intent.target) == ("find_definition", "Mux.ServeHTTP")


@pytest.mark.parametrize("question", ["x.(*T)", "(a + b).c()", "f(x).y"])
def test_other_code_with_brackets_is_not_a_method_name(question: str) -> None:
    assert classify(question).target != "T.c"
    assert classify(question).rule != "identifier"


@pytest.mark.parametrize(("question", "target"), [
    ("GuzzleHttp\\Client", "Client"),
    ("\\GuzzleHttp\\Client::request", "Client::request"),
    ("Monolog\\Handler\\StreamHandler", "StreamHandler"),
])
def test_a_php_name_with_its_namespace_names_the_class(question: str, target: str) -> None:
    intent = classify(question, places=False)  # the search reads it as a place only where the index holds one
    assert (intent.name, intent.target) == ("find_definition", target)


def test_the_search_finds_a_php_class_by_its_namespaced_name(tmp_path_factory: pytest.TempPathFactory) -> None:
    engine = indexed(tmp_path_factory, {"src/Client.php": (
        "<?php\n\nnamespace GuzzleHttp;\n\nclass Client\n{\n    public function request($m)\n    {\n"
        "        return $m;\n    }\n}\n"
    )})
    for question, symbol in (("GuzzleHttp\\Client", "Client"), ("\\GuzzleHttp\\Client::request", "Client.request")):
        result = engine.search(question)
        assert result.results[0].symbol == symbol and result.lookup_failed is None, question
    engine.close()


def test_the_search_finds_the_method_however_go_printed_it(tmp_path_factory: pytest.TempPathFactory) -> None:
    engine = indexed(tmp_path_factory, {"mux.go": (
        "package chi\n\ntype Mux struct{}\n\nfunc (mx *Mux) ServeHTTP(w int, r int) {\n}\n\n"
        "func (mx *Mux) Use(f int) {\n}\n"
    )})
    for question in ("(*Mux).ServeHTTP", "github.com/go-chi/chi/v5.(*Mux).ServeHTTP"):
        result = engine.search(question)
        assert (result.target, result.results[0].symbol, result.results[0].start_line) == (
            "Mux.ServeHTTP", "Mux.ServeHTTP", 5), question
        assert result.lookup_failed is None
    engine.close()
