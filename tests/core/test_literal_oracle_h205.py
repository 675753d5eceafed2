"""A string to find is found as typed, blanks and punctuation included, as ``rg -F`` finds it.

An outside test against ``rg`` (bitarray's C sources, ruamel.yaml) found two ways the string
searched was not the one typed: a query opening with blanks lost them (``'  Py_ssize_t'`` listed
every line naming ``Py_ssize_t``, 266 lines where ``rg -F`` finds 127; ``'    def __init__'`` 192
where it finds 88), and ``--intent exact_match`` searched the name the classifier read out of
the query (``self->ob_item`` listed every line naming ``ob_item``, 75 where it finds 48).
"""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import INDENTED_RULE, classify
from tests.core.test_failed_lookup import FirstWordProvider

SOURCES = {
    "bits.c": (
        "static int resize(obj *self, Py_ssize_t nbits)\n"
        "{\n"
        "    Py_ssize_t n = self->ob_item[0];\n"
        "    return ob_item;\n"
        "}\n"
    ),
    "bits.h": "typedef struct {\n\tchar *ob_item;\n\tPy_ssize_t size;\n} obj;\nPy_ssize_t count(obj *self);\n",
    "loader.py": (
        "def __init__(self):\n    pass\n\n\n"
        "class Loader:\n    def __init__(self, stream):\n        self.stream = stream\n"
    ),
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("repo")
    for name, text in SOURCES.items():
        (root / name).write_text(text)
    e = Engine(root, tmp_path_factory.mktemp("index"), provider=FirstWordProvider(), static=False)
    e.refresh()
    e.embed_pending()
    return e


def rg_lines(literal: str) -> set[tuple[str, int]]:
    """The lines ``rg -F`` lists for a literal in :data:`SOURCES`."""
    return {(name, number) for name, text in SOURCES.items()
            for number, line in enumerate(text.splitlines(), 1) if literal in line}


def listed(engine: Engine, query: str, **options: str) -> set[tuple[str, int]]:
    answer = engine.search(query, limit=50, **options)
    assert answer.intent == "exact_match", (answer.intent, answer.rule)
    return {(r.path, line) for r in answer.results for line in r.match_lines}


@pytest.mark.parametrize("query", ["  Py_ssize_t", "    def __init__", "\tPy_ssize_t", "    return ob_item;", "  Py_ssize_t n "])
def test_a_query_opening_with_blanks_is_found_with_them(engine: Engine, query: str) -> None:
    expected = rg_lines(query)
    assert listed(engine, query) == expected
    assert listed(engine, query, intent="exact_match") == expected


def test_the_indented_reading_lists_lines_as_rg_does(engine: Engine) -> None:
    assert rg_lines("  Py_ssize_t") == {("bits.c", 3)}  # not bits.c:1 nor bits.h:5, which name it unindented
    assert rg_lines("\tPy_ssize_t") == {("bits.h", 3)}
    assert rg_lines("    def __init__") == {("loader.py", 6)}


@pytest.mark.parametrize("query", ["self->ob_item", "Py_ssize_t n =", "self.stream = stream"])
def test_exact_match_chosen_searches_the_whole_query(engine: Engine, query: str) -> None:
    answer = engine.search(query, limit=50, intent="exact_match")
    assert answer.target == query
    assert {(r.path, line) for r in answer.results for line in r.match_lines} == rg_lines(query) != set()


def test_a_quoted_string_chosen_as_exact_is_still_its_inside(engine: Engine) -> None:
    answer = engine.search('"self->ob_item"', limit=50, intent="exact_match")
    assert answer.target == "self->ob_item"
    assert {(r.path, line) for r in answer.results for line in r.match_lines} == rg_lines("self->ob_item")


def test_an_indented_question_no_line_holds_is_read_without_its_blanks(engine: Engine) -> None:
    """A stray blank before a question is not a string to find: no line holds it, and it is read
    as the question typed without it."""
    indented, plain = engine.search("  who calls resize", limit=5), engine.search("who calls resize", limit=5)
    assert (indented.intent, indented.target) == (plain.intent, plain.target) == ("find_references", "resize")
    assert indented.lookup_failed is None and indented.notices == plain.notices
    assert [(r.path, r.start_line) for r in indented.results] == [(r.path, r.start_line) for r in plain.results]



def test_the_classifier_keeps_an_indented_line_as_typed() -> None:
    got = classify("  Py_ssize_t n ")
    assert (got.name, got.target, got.rule) == ("exact_match", "  Py_ssize_t n ", INDENTED_RULE)
    again = classify(" XXX ", skip=frozenset({INDENTED_RULE}))  # no line holds it: the tag, as before
    assert (again.target, again.rule) == ("XXX", "comment_marker")
    assert classify("  File \"/srv/app.py\", line 3, in main").rule != INDENTED_RULE  # a trace's frame is a place
