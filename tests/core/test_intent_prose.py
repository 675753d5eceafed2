"""Plain-English questions as the index reads them (issue 16.5 and what its benchmark showed):

- a docstring-like sentence that quotes code or names an error is a sentence, not a grep, unless a
  search verb commands it or stands beside what it quotes;
- a phrase around an identifier the index does not define (``value``, ``std::filesystem``)
  describes code: it is asked as a question about meaning, not as that name's definition;
- a name that says one word of a sentence of several is no structural vote;
- in a blend, tests and examples that spell the question's words rank below the package's own
  code, unless the question asks for tests;
- a question that reads like one function's docstring ranks functions, not files (no file credit).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import FUNCTION_RULE, classify, describes_one_function
from maguyva_tui.core.names import identifiers_in, qualifier_parts
from maguyva_tui.core.plan import DIRECT_CONFIDENCE, ONE_FUNCTION_DECAY, plan_request
from maguyva_tui.core.retrievers.structural import StructuralRetriever, target_terms
from maguyva_tui.core.types import Query, Symbol
from tests.core.test_engine import CountingProvider

PROSE = [
    "Overrides default behavior to expand ``<TAB>`` s to spaces before parsing the input string.",
    "Take a string or list of single-character strings, and return a string of the characters "
    "collapsed into groups, as might be used to create a ``[a-z]`` range.",
    "Method to translate the Python internal traceback into a list of the expressions that caused "
    "the exception to be raised.",
]
SEARCHES = [
    ("show every line holding the literal 'TODO' in the whole source tree", "TODO"),
    ("the places where ValueError is raised in the url parsing module of the client", "ValueError"),
    ("find the places in the adapters where the 'connection aborted' message appears", "connection aborted"),
]


@pytest.mark.parametrize("sentence", PROSE)
def test_code_quoted_inside_a_sentence_is_a_word_of_it_not_a_grep(sentence: str) -> None:
    assert classify(sentence).name != "exact_match"


@pytest.mark.parametrize(("query", "literal"), SEARCHES)
def test_a_search_verb_that_commands_or_stands_beside_the_quote_still_greps(query: str, literal: str) -> None:
    found = classify(query)
    assert (found.name, found.target) == ("exact_match", literal)


DOCUMENTED = [
    "Shortcut for :class:`set_results_name`, with ``list_all_matches=False``.",
    "Implementation of ``&`` operator - returns :class:`Each`",
    "Implementation of ``-`` operator, returns :class:`And` with error stop",
]
QUOTED_SEARCHES = [("``x == 1``", "x == 1"), ("find ``x == 1``", "x == 1"),
                   ("the places where ``ValueError`` is raised in the url parsing module", "ValueError")]


@pytest.mark.parametrize("sentence", DOCUMENTED)
def test_a_sentence_in_documentation_markup_is_read_as_prose_even_when_short(sentence: str) -> None:
    """A docstring's roles and double back-ticks mark a sentence about code: what it quotes is not
    a grep, and a class it names in passing is not the definition asked for."""
    found = classify(sentence)
    assert found.name != "exact_match" and found.confidence < DIRECT_CONFIDENCE, found


@pytest.mark.parametrize(("query", "literal"), QUOTED_SEARCHES)
def test_a_short_or_commanded_quote_in_double_back_ticks_still_greps(query: str, literal: str) -> None:
    found = classify(query)
    assert (found.name, found.target) == ("exact_match", literal)


@pytest.mark.parametrize(("query", "target"), [
    ("implementation of parse_config", "parse_config"),
    ("definition of the Router class", "Router"),
    ("source code for `Flask.route`", "Flask.route"),
    ("show me the declaration of the struct Options", "Options"),
])
def test_definition_of_takes_its_own_object_as_the_target(query: str, target: str) -> None:
    found = classify(query)
    assert (found.name, found.target, found.rule) == ("find_definition", target, "definition_phrase")


def test_implementation_of_an_operator_is_no_definition_of_a_class_named_later() -> None:
    """"Implementation of the ``&`` operator - returns Each" describes a method; it is not "where is
    Each defined" (the phrase's object is ``&``, no name)."""
    assert classify("Implementation of the ``&`` operator - returns Each").rule != "definition_phrase"


@pytest.mark.parametrize(("query", "target"), [
    ("where is operator== defined", "operator=="),
    ("who calls operator->", "operator->"),
    ("who calls expected::operator->", "expected::operator->"),
    ("where is `operator[]` defined", "operator[]"),
    ("who calls operator<<()", "operator<<"),
    ("what breaks if I change operator()", "operator()"),
    ("who calls a->b", "a->b"),
])
def test_a_cpp_operator_named_in_a_question_keeps_its_symbol(query: str, target: str) -> None:
    """"where is operator== defined" had asked for a symbol named ``operator`` (tl::expected: none)."""
    assert classify(query).target == target


@pytest.mark.parametrize("query", ["operator<<", "operator==", "operator->", "Foo::operator=="])
def test_a_cpp_operator_typed_alone_is_still_every_line_holding_it(query: str) -> None:
    found = classify(query)
    assert (found.name, found.target, found.rule) == ("exact_match", query, "code_fragment")


def test_a_cpp_operator_is_one_structural_term() -> None:
    assert target_terms("Foo::operator->") == ["Foo::operator->"]
    assert identifiers_in("is operator<< or operator a->b") == ["is", "operator<<", "or", "operator", "a->b"]
    assert qualifier_parts("tl.expected.operator->*") == ["tl", "expected", "operator->*"]


ROUTER = '''\
def match_path(tree, path):
    node = tree.root
    for part in path.split("/"):
        node = node.children.get(part) or node.wildcard
    return node


def check_object(kind, obj):
    if not isinstance(obj, kind):
        raise TypeError(kind)
    return obj
'''

ROUTER_TEST = '''\
def test_radix_tree_path_matching_with_wildcards():
    tree = build_radix_tree(["/a/b", "/a/:c"])
    assert match_path(tree, "/a/b").value == "b"
    assert match_path(tree, "/a/x").value == ":c"
'''


@pytest.fixture
def engine(tmp_path: Path) -> Engine:
    root = tmp_path / "repo"
    (root / "tests").mkdir(parents=True)
    (root / "router.py").write_text(ROUTER)
    (root / "tests" / "test_router.py").write_text(ROUTER_TEST)
    e = Engine(root, provider=CountingProvider())
    e.refresh()
    e.embed_pending()
    return e


def test_a_phrase_around_a_name_the_index_lacks_is_a_question_about_meaning(engine: Engine) -> None:
    assert classify("Perform validation on value_x").rule == "identifier_in_phrase"
    result = engine.search("Perform validation on value_x")
    assert (result.intent, result.rule, result.target) == ("understand_code", "unknown_identifier", None)
    assert result.lookup_failed is None  # no "no symbol named value_x": the sentence named none
    stated = engine.search("Perform validation on value_x.")  # a full stop: a docstring's statement
    assert (stated.intent, stated.rule, stated.lookup_failed) == ("understand_code", FUNCTION_RULE, None)


@pytest.mark.parametrize("text", ["Perform validation on ``value``.",
                                  "Shortcut for :meth:`check_object` with ``kinds``."])
def test_a_docstring_sentence_in_markup_asks_about_meaning(engine: Engine, text: str) -> None:
    """A role or double back-ticks quote what a docstring talks about ("Shortcut for :meth:`route`
    with ``methods=["GET"]``" documents ``get``), not the definition it wants."""
    result = engine.search(text)
    assert result.intent == "understand_code" and result.lookup_failed is None
    assert classify(text).rule == FUNCTION_RULE  # a statement closed by a full stop
    assert classify(text.rstrip(".")).rule == FUNCTION_RULE  # and without it: the markup is a docstring's


@pytest.mark.parametrize("text", ["Return a copy of this RequestsCookieJar.", "Registers the given Command."])
def test_a_function_s_description_naming_a_class_asks_for_the_function(text: str) -> None:
    """"Return a copy of this RequestsCookieJar" wants the method that copies, not the class."""
    intent = classify(text)
    assert (intent.name, intent.rule) == ("understand_code", "function_description")


def test_a_short_phrase_around_a_name_still_asks_for_its_definition() -> None:
    assert classify("parse_config in tests").name == "find_definition"
    assert classify("validate data using TypeAdapter").name == "find_definition"


def test_a_phrase_around_a_defined_name_still_asks_for_its_definition(engine: Engine) -> None:
    result = engine.search("check_object for kinds")
    assert (result.intent, result.target) == ("find_definition", "check_object")
    assert (result.results[0].path, result.results[0].symbol) == ("router.py", "check_object")


def test_a_blend_lists_the_code_before_the_test_that_spells_the_question(engine: Engine) -> None:
    result = engine.search("radix tree path matching with wildcards")
    assert result.fusion_strategy == "fused"
    paths = [r.path for r in result.results]
    assert paths.index("router.py") < paths.index("tests/test_router.py")
    test = next(r for r in result.results if r.path == "tests/test_router.py")
    assert test.demotion == 0.5 and test.score == pytest.approx(test.demotion * (
        sum(v.contribution for _, v in test.votes if v is not None) + test.file_credit))


def test_a_blend_asked_about_tests_leaves_them_where_the_engines_put_them(engine: Engine) -> None:
    result = engine.search("the tests of radix tree path matching with wildcards")
    assert all(r.demotion == 1.0 for r in result.results)


def _symbols(*names: str) -> list[Symbol]:
    kinds = {True: "class", False: "function"}
    return [Symbol(n, n, kinds[n[0].isupper()], "v.py", 10 * i + 1, 10 * i + 9, "python") for i, n in enumerate(names)]


def test_a_name_saying_one_word_of_a_sentence_is_no_structural_vote() -> None:
    structural = StructuralRetriever(_symbols("Middlewares", "route_table", "compress_body"))
    assert structural.search(Query("request logging middleware for every route"), 10) == []
    named = StructuralRetriever(_symbols("Middlewares", "route_table", "request_logger_middleware"))
    hits = named.search(Query("request logging middleware for every route"), 10)
    assert [h.symbol for h in hits] == ["request_logger_middleware"]


# A question that describes one function (issue 16: functions ranked, not files).

ONE_FUNCTION = [
    "Return the value for a given key from an object.",
    "Creates a directory and any parent directories that may need to be created along the way.",
    "Helper to easily and clearly define a dictionary by specifying the respective patterns",
    "internal factory method to simplify creating one type of ParseException from another",
    "convert a timestamp to the local time zone",
    # a statement closed by a full stop, as docstrings are written
    "Content of the response, in bytes.",
    "The endpoint that matched the request URL.",
    "A context manager that increases the indentation.",
    "Vars for formatting :attr:`source_template`.",
]
TOPICS = [
    "how does the router match a path",
    "request logging middleware",
    "training a classifier on top of embeddings",
    "explain the retry policy",
    "utility functions for parsing dates",
    "find the function that parses dates",
    "what is the purpose of the cache",
    "how are routes matched.",  # a question, full stop or not
    "Find the root path of a package.",  # a request
    "see setup.py.",  # too short to be a statement
    "routing.",
]


@pytest.mark.parametrize("text", ONE_FUNCTION)
def test_a_docstring_like_description_asks_for_one_function(text: str) -> None:
    intent = classify(text)
    assert describes_one_function(text)
    assert intent.name == "understand_code" and intent.rule == FUNCTION_RULE
    assert plan_request(intent, "default", 10).file_decay == ONE_FUNCTION_DECAY


@pytest.mark.parametrize("text", TOPICS)
def test_a_topic_question_or_a_request_keeps_its_rule_and_the_file_credit(text: str) -> None:
    intent = classify(text)
    assert not describes_one_function(text) and intent.rule != FUNCTION_RULE
    assert plan_request(intent, "default", 10).file_decay is None


def test_the_description_keeps_the_confidence_of_the_rule_it_replaces() -> None:
    asked = "Indicates how much data is in the tails of the distribution"  # "how": a question, not relabelled
    assert classify(asked).rule == "question"
    assert classify(asked + ".").rule == FUNCTION_RULE  # unless a full stop makes it a docstring's statement
    assert classify("Return True if the object passed in is a generator").rule == "fallback"  # no determiner after the verb
    stated = classify("Return True if the object passed in is a generator.")
    assert (stated.confidence, stated.rule) == (0.40, FUNCTION_RULE)
    described = classify("Returns a new deep copy of a ParseResults object.")
    assert (described.confidence, described.rule) == (0.40, FUNCTION_RULE)
    # A sentence that names a symbol and is no question stays a definition search.
    assert classify("def parse_config").rule == "definition_keyword"
