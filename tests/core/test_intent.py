"""The intent classifier against a labelled table, and the weight profiles against the SPEC."""

from __future__ import annotations

import subprocess
import sys
import time
from collections import Counter

import pytest

from maguyva_tui.core.intent import (
    INTENTS,
    WEIGHTS,
    Intent,
    Weights,
    classify,
    is_identifier,
    override,
    weights_for,
)
from maguyva_tui.core.types import MODALITIES

DEF, REFS, UND, SIM, IMP, EXACT = INTENTS[0], INTENTS[1], INTENTS[2], INTENTS[3], INTENTS[4], INTENTS[5]

SNIPPET = """def load(path):
    with open(path) as fh:
        return json.load(fh)"""
TRACE = """Traceback (most recent call last):
  File "app.py", line 3, in <module>
    main()
KeyError: 'name'"""
GO_PANIC = """panic: runtime error: index out of range [3] with length 2

goroutine 1 [running]:
main.main()"""

# (query, intent, confidence, target, rule): every row's target is checked (None: no target).
TABLE: list[tuple[str, str, float, str | None, str]] = [
    # prose: a sentence about code is understood, not grepped, whatever it quotes or names
    ("Return the response object for the given `Request` instance.", UND, 0.40, "Request", "function_description"),
    ("Raise a ValueError if the URL is invalid and cannot be parsed", UND, 0.40, "ValueError", "function_description"),
    ("Prepares the given HTTP body data for the session adapter.", UND, 0.40, None, "function_description"),
    ('"Invalid URL: No scheme supplied. Perhaps you meant https://example.com?"', EXACT, 0.90,
     "Invalid URL: No scheme supplied. Perhaps you meant https://example.com?", "quoted_literal"),
    ("find where ValueError is raised in the url parsing code", EXACT, 0.85, "ValueError", "error_token"),
    ("search for the \"connection aborted\" message in the adapters", EXACT, 0.90, "connection aborted", "quoted_literal"),
    # rule 1: definition keywords of every supported language
    ("def parse_config", DEF, 0.95, "parse_config", "definition_keyword"),
    ("async def fetch_all(", DEF, 0.95, "fetch_all", "definition_keyword"),
    ("class Config", DEF, 0.95, "Config", "definition_keyword"),
    ("class config:", DEF, 0.95, "config", "definition_keyword"),
    ("export default function App", DEF, 0.95, "App", "definition_keyword"),
    ("func (r *Repo) Load(", DEF, 0.95, "Load", "definition_keyword"),
    ("func main", DEF, 0.95, "main", "definition_keyword"),
    ("fn parse_args()", DEF, 0.95, "parse_args", "definition_keyword"),
    ("typedef struct node", DEF, 0.95, "node", "definition_keyword"),
    ("pub(crate) fn new", DEF, 0.95, "new", "definition_keyword"),
    ("struct Node", DEF, 0.95, "Node", "definition_keyword"),
    ("interface Reader", DEF, 0.95, "Reader", "definition_keyword"),
    ("trait Display", DEF, 0.95, "Display", "definition_keyword"),
    ("enum Color {", DEF, 0.95, "Color", "definition_keyword"),
    ("type Token struct", DEF, 0.95, "Token", "definition_keyword"),
    ("impl Display", DEF, 0.95, "Display", "definition_keyword"),
    ("import numpy as np", DEF, 0.95, "numpy", "definition_keyword"),
    ("from typing import Any", DEF, 0.95, "Any", "definition_keyword"),
    ("public class UserService extends Base", DEF, 0.95, "UserService", "definition_keyword"),
    ("const MAX_RETRIES = 3", DEF, 0.95, "MAX_RETRIES", "definition_keyword"),
    ("#include <stdio.h>", DEF, 0.95, "stdio.h", "definition_keyword"),
    ("DEF parse_config", DEF, 0.95, "parse_config", "definition_keyword"),
    # rule 2: references
    ("who calls parse_config", REFS, 0.90, "parse_config", "references_phrase"),
    ("who calls parse_config()?", REFS, 0.90, "parse_config", "references_phrase"),
    ("Who calls the function `load_index`", REFS, 0.90, "load_index", "references_phrase"),
    ("usages of Config.load", REFS, 0.90, "Config.load", "references_phrase"),
    ("references to TokenStream", REFS, 0.90, "TokenStream", "references_phrase"),
    ("callers of the tokenizer", REFS, 0.90, "tokenizer", "references_phrase"),
    ("find usages of parseConfig", REFS, 0.90, "parseConfig", "references_phrase"),
    ("find all references to Engine", REFS, 0.90, "Engine", "references_phrase"),
    ("where is parse_config used?", REFS, 0.90, "parse_config", "references_phrase"),
    ("where is TextNode instantiated", REFS, 0.90, "TextNode", "references_phrase"),
    ("where is TextNode constructed?", REFS, 0.90, "TextNode", "references_phrase"),  # its constructions
    ("instantiations of Helper", REFS, 0.90, "Helper", "references_phrase"),
    # postcss 8.5.34: "who constructs Input" had been a question about meaning (Input_.constructor first)
    ("who constructs Input", REFS, 0.90, "Input", "references_phrase"),
    ("constructions of Input", REFS, 0.90, "Input", "references_phrase"),
    ("where is the load function called", REFS, 0.90, "load", "references_phrase"),
    ("what uses HttpClient", REFS, 0.90, "HttpClient", "references_phrase"),
    ("which classes implement Reader", REFS, 0.90, "Reader", "references_phrase"),
    ("call sites of open_store", REFS, 0.90, "open_store", "references_phrase"),
    ("parse_config is called by what?", REFS, 0.90, "parse_config", "references_phrase"),
    ("functions that call open()", REFS, 0.90, "open", "references_phrase"),
    ("methods which invoke `flush`", REFS, 0.90, "flush", "references_phrase"),
    # rule 3: impact
    ("impact of changing parse_config", IMP, 0.90, "parse_config", "impact_phrase"),
    ("blast radius of Config.load", IMP, 0.90, "Config.load", "impact_phrase"),
    ("what depends on the tokenizer", IMP, 0.90, "tokenizer", "impact_phrase"),
    ("what breaks if I change parse_config", IMP, 0.90, "parse_config", "impact_phrase"),
    ("what would break if we rename Engine", IMP, 0.90, "Engine", "impact_phrase"),
    ("is it safe to remove open_store", IMP, 0.90, "open_store", "impact_phrase"),
    ("who relies on settings", IMP, 0.90, "settings", "impact_phrase"),
    # find_similar: phrasing and pasted snippets
    ("similar to parse_config", SIM, 0.80, "parse_config", "similar_phrase"),
    ("code like retry_with_backoff", SIM, 0.80, "retry_with_backoff", "similar_phrase"),
    ("functions similar to LRUCache", SIM, 0.80, "LRUCache", "similar_phrase"),
    ("duplicates of normalize_path", SIM, 0.80, "normalize_path", "similar_phrase"),
    ("find duplicated code", SIM, 0.80, None, "similar_phrase"),
    (SNIPPET, SIM, 0.80, None, "code_snippet"),
    ("if err != nil {\n    return err\n}", SIM, 0.80, None, "code_snippet"),
    # definition phrasings: >= 0.85
    ("where is parse_config defined", DEF, 0.90, "parse_config", "definition_phrase"),
    ("where's the Engine class declared?", DEF, 0.90, "Engine", "definition_phrase"),
    ("definition of load_index", DEF, 0.90, "load_index", "definition_phrase"),
    ("show me the definition of TokenStream", DEF, 0.90, "TokenStream", "definition_phrase"),
    ("find the class Engine", DEF, 0.90, "Engine", "definition_phrase"),
    ("go to parse_config", DEF, 0.90, "parse_config", "definition_phrase"),
    ("jump to main", DEF, 0.90, "main", "definition_phrase"),
    ("open the Engine class", DEF, 0.90, "Engine", "definition_phrase"),
    ("the Engine class", DEF, 0.90, "Engine", "definition_phrase"),
    ("tokenize function", DEF, 0.90, "tokenize", "definition_phrase"),
    ("where is parse_config", DEF, 0.90, "parse_config", "definition_phrase"),
    ("where is the Logger struct", DEF, 0.90, "Logger", "definition_phrase"),  # logrus: a question, no target
    ("where is the RetryError class?", DEF, 0.90, "RetryError", "definition_phrase"),  # not its every mention
    ("where is the walkTokens function", DEF, 0.90, "walkTokens", "definition_phrase"),
    ("where is the type definition", UND, 0.40, None, "fallback"),  # a kind's word is no name
    ('where is "parse_config" defined', DEF, 0.90, "parse_config", "definition_phrase"),
    # a name that is also a filler word is the subject's only word: superstruct's `is`, cron's `remove`
    ("where is is defined", DEF, 0.90, "is", "definition_phrase"),
    ("where is remove defined", DEF, 0.90, "remove", "definition_phrase"),
    ("where is the remove function defined", DEF, 0.90, "remove", "definition_phrase"),
    ("where is ALL defined", DEF, 0.90, "ALL", "definition_phrase"),
    ("where is Find defined", DEF, 0.90, "Find", "definition_phrase"),
    ("where is it defined", DEF, 0.90, None, "definition_phrase"),
    ("where is the class defined", DEF, 0.90, None, "definition_phrase"),
    # the same in references and impact questions: Ruby's `Choice.from`, a store's `delete`
    ("who calls from", REFS, 0.90, "from", "references_phrase"),
    ("who calls delete?", REFS, 0.90, "delete", "references_phrase"),
    ("usages of show", REFS, 0.90, "show", "references_phrase"),
    ("who calls the delete method", REFS, 0.90, "delete", "references_phrase"),
    ("who calls it", REFS, 0.90, None, "references_phrase"),
    ("impact of remove", IMP, 0.90, "remove", "impact_phrase"),
    ("what breaks if I change delete", IMP, 0.90, "delete", "impact_phrase"),
    ("what depends on delete", IMP, 0.90, "delete", "impact_phrase"),
    ("what breaks if I change it", IMP, 0.90, None, "impact_phrase"),
    ("what breaks if I change", IMP, 0.90, None, "impact_phrase"),
    ("impact of", IMP, 0.90, None, "impact_phrase"),
    ("usages of", REFS, 0.90, None, "references_phrase"),
    # rule 4: quoted literals and error tokens
    ('"ECONNREFUSED"', EXACT, 0.90, "ECONNREFUSED", "quoted_literal"),
    ('find the string "connection reset by peer"', EXACT, 0.90, "connection reset by peer", "quoted_literal"),
    ("grep 'max retries exceeded'", EXACT, 0.90, "max retries exceeded", "quoted_literal"),
    ("`if err != nil`", EXACT, 0.90, "if err != nil", "quoted_literal"),
    ("don't log 'password' anywhere", EXACT, 0.90, "password", "quoted_literal"),
    ("“smart quotes”", EXACT, 0.90, "smart quotes", "quoted_literal"),
    ("ECONNREFUSED", EXACT, 0.85, "ECONNREFUSED", "error_token"),
    # one line of error output: its message, as the line raising it holds it (else, read again, its name)
    ("ValueError: bad config", EXACT, 0.85, "bad config", "error_message"),
    ("RuntimeError: __call__() called before outcome was set", EXACT, 0.85,
     "__call__() called before outcome was set", "error_message"),  # tenacity: had been every RuntimeError
    ("Error: extension name required", EXACT, 0.85, "extension name required", "error_message"),  # marked
    ("TypeError: Cannot read properties of undefined (reading 'type')", EXACT, 0.85,
     "Cannot read properties of undefined (reading 'type')", "error_message"),  # had been prose, a fallback
    ("KeyError: 'name'", EXACT, 0.85, "KeyError", "error_token"),  # a one-word message is a word of any line
    ("NullPointerException in the loader", EXACT, 0.85, "NullPointerException", "error_token"),
    ("traceback", EXACT, 0.85, "traceback", "error_token"),
    ("error: expected ';' before '}'", EXACT, 0.85, "expected ';' before '}'", "error_message"),
    (GO_PANIC, EXACT, 0.85, "panic: runtime error: index out of range [3] with length 2", "error_token"),
    (TRACE, DEF, 0.95, "app.py:3", "location"),  # its frames first; where the index holds none, the error
    ("segmentation fault in the parser", EXACT, 0.85, "segmentation fault", "error_token"),
    ("SIGSEGV", EXACT, 0.85, "SIGSEGV", "error_token"),
    # rule 4: a short line of code that is not a name is a string to find
    ("echo(", EXACT, 0.85, "echo(", "code_fragment"),
    ("a[0]", EXACT, 0.85, "a[0]", "code_fragment"),
    ("x == 1", EXACT, 0.85, "x == 1", "code_fragment"),
    ("->", EXACT, 0.85, "->", "code_fragment"),
    ("..", EXACT, 0.85, "..", "code_fragment"),
    ("*args", EXACT, 0.85, "*args", "code_fragment"),
    ('print("hi")', EXACT, 0.85, 'print("hi")', "code_fragment"),
    ("for i in range(10):", EXACT, 0.85, "for i in range(10):", "code_fragment"),
    ("if err != nil", EXACT, 0.85, "if err != nil", "code_fragment"),
    ("raise MarkupError", EXACT, 0.85, "raise MarkupError", "code_fragment"),  # its raise sites, not the class first
    ("grep isObject", EXACT, 0.90, "isObject", "grep_command"),  # every line, not the definition first
    ("rg TODO", EXACT, 0.90, "TODO", "grep_command"),
    ("grep -r foo", UND, 0.40, None, "fallback"),
    ("throw new Error", EXACT, 0.85, "throw new Error", "code_fragment"),
    # capacitor's pasted lines: rg -F lists 13 and 9; they had been JSObject's definitions and a guess
    ("new JSObject()", EXACT, 0.85, "new JSObject()", "code_fragment"),
    ("await fetchData()", EXACT, 0.85, "await fetchData()", "code_fragment"),
    ("public static final String", EXACT, 0.85, "public static final String", "code_fragment"),
    ("private static final long serialVersionUID", EXACT, 0.85, "private static final long serialVersionUID",
     "code_fragment"),
    ("return value", UND, 0.40, None, "fallback"),  # a keyword before a plain word: prose
    ("new features", UND, 0.40, None, "fallback"),
    # postcss 8.5.34: a type's keyword and its one-word name had been a question about meaning (rg -F: 15, 13, 3 lines)
    ("new Error", EXACT, 0.85, "new Error", "code_fragment"),
    ("extends Node", EXACT, 0.85, "extends Node", "code_fragment"),
    ("new Input", EXACT, 0.85, "new Input", "code_fragment"),
    ("instanceof Container", EXACT, 0.85, "instanceof Container", "code_fragment"),
    ("implements Serializable", EXACT, 0.85, "implements Serializable", "code_fragment"),
    ("default export", UND, 0.40, None, "fallback"),
    ("impl Display for Error", EXACT, 0.85, "impl Display for Error", "code_fragment"),  # the block, not the trait
    ("impl<T> Context<T, E> for Result<T, E> {", EXACT, 0.85, "impl<T> Context<T, E> for Result<T, E> {",
     "code_fragment"),
    ("impl Error", DEF, 0.95, "Error", "definition_keyword"),
    ("Error::msg", DEF, 0.80, "Error::msg", "identifier"),  # a path of names, no "error:" marker
    ("Warning::new", DEF, 0.80, "Warning::new", "identifier"),
    ("404", EXACT, 0.85, "404", "code_fragment"),  # a magic number: its lines, not code about meaning
    ("0xFF", EXACT, 0.85, "0xFF", "code_fragment"),  # not the name xFF
    ("3.14", EXACT, 0.85, "3.14", "code_fragment"),
    ("1e9", EXACT, 0.85, "1e9", "code_fragment"),
    ("%s", EXACT, 0.85, "%s", "code_fragment"),  # a format verb
    ("%d:%d", EXACT, 0.85, "%d:%d", "code_fragment"),
    ("x % 2", EXACT, 0.85, "x % 2", "code_fragment"),
    ("#define", EXACT, 0.85, "#define", "code_fragment"),  # a preprocessor directive
    ("$", EXACT, 0.85, "$", "code_fragment"),  # no letter: the character, as "@" is (it had been a question)
    ("$$", EXACT, 0.85, "$$", "code_fragment"),
    ("$foo", DEF, 0.80, "$foo", "identifier"),  # a variable's name still
    ("100%", UND, 0.40, None, "fallback"),  # prose's percent
    ("50% of the time", UND, 0.40, None, "fallback"),
    ("md5", UND, 0.40, None, "fallback"),
    ("how to raise MarkupError", EXACT, 0.85, "MarkupError", "error_token"),
    ("std::filesystem path formatting support", DEF, 0.60, "std::filesystem", "identifier_in_phrase"),
    ("Alias for `get(key)`.", EXACT, 0.90, "get(key)", "quoted_literal"),
    ("how does f(x) work", UND, 0.75, None, "question"),
    ("read/write lock", UND, 0.40, None, "fallback"),
    # rule 5: identifiers
    ("parse_config", DEF, 0.80, "parse_config", "identifier"),
    ("parseConfig", DEF, 0.80, "parseConfig", "identifier"),
    ("HTTPServer", DEF, 0.80, "HTTPServer", "identifier"),
    ("Config.load", DEF, 0.80, "Config.load", "identifier"),
    ("std::vector", DEF, 0.80, "std::vector", "identifier"),
    ("`tokenize`", DEF, 0.80, "tokenize", "identifier"),
    ("load()", DEF, 0.80, "load", "identifier"),
    ("MAX_RETRIES", DEF, 0.80, "MAX_RETRIES", "identifier"),
    ("self.parse_args()", DEF, 0.80, "parse_args", "identifier"),  # no qualified name holds the receiver
    ("$this->save", DEF, 0.80, "save", "identifier"),
    ("who calls this.render", REFS, 0.90, "render", "references_phrase"),
    ("parse_config tests", DEF, 0.70, "parse_config", "identifier_in_phrase"),
    ("TokenStream in the lexer module", DEF, 0.60, "TokenStream", "identifier_in_phrase"),
    # rule 6: questions (an identifier inside a question is its target)
    ("how does authentication work", UND, 0.75, None, "question"),
    ("why is the cache invalidated twice", UND, 0.75, None, "question"),
    ("whats the purpose of BaseRetrying.begin", UND, 0.75, "BaseRetrying.begin", "question"),  # not a docstring
    ("explain the indexing pipeline", UND, 0.75, None, "question"),
    ("architecture overview", UND, 0.75, None, "question"),
    ("what does parse_config return", UND, 0.75, "parse_config", "question"),
    ("how does TokenStream buffer input", UND, 0.75, "TokenStream", "question"),
    ("walk me through the request lifecycle", UND, 0.75, None, "question"),
    ("HOW are plugins loaded", UND, 0.75, None, "question"),
    # rule 7 and ambiguous fallbacks: English that only looks like a keyword or a name
    ("tokenizer", UND, 0.40, None, "fallback"),
    ("Config", UND, 0.40, None, "fallback"),
    ("type of the cache key", UND, 0.40, None, "fallback"),
    ("class hierarchy", UND, 0.40, None, "fallback"),
    ("import cycle detection", UND, 0.40, None, "fallback"),
    ("let me see the retry logic", UND, 0.40, None, "fallback"),
    ("error handling in the parser", UND, 0.40, None, "fallback"),
    ("what's the user's role", UND, 0.75, None, "question"),
    ("database connection pooling", UND, 0.40, None, "fallback"),
    ("config.py", DEF, 0.95, "config.py", "location"),  # a file; where the index has none, a fallback
    ("e.g. retries", UND, 0.40, None, "fallback"),
    ("https://example.com/api/v1", EXACT, 0.90, "https://example.com/api/v1", "url"),  # the string, not its words
    ("code that uses a cache", UND, 0.40, None, "fallback"),
    ("find the function that parses dates", UND, 0.40, None, "fallback"),
    ("how is the impact score computed", UND, 0.75, None, "question"),
    ("impact parse_config", IMP, 0.90, "parse_config", "impact_phrase"),
    ("", UND, 0.40, None, "empty"),
    ("   \n\t ", UND, 0.40, None, "empty"),
]


def _confusion(rows: list[tuple[str, str]]) -> str:
    """Render a confusion matrix of (expected, predicted) pairs."""
    counts = Counter(rows)
    short = dict(zip(INTENTS, ("def", "refs", "underst", "similar", "impact", "exact"), strict=True))
    lines = ["expected \\ predicted".ljust(22) + " ".join(short[p].rjust(7) for p in INTENTS)]
    for expected in INTENTS:
        cells = " ".join(str(counts[(expected, p)] or ".").rjust(7) for p in INTENTS)
        lines.append(expected.ljust(22) + cells)
    return "\n".join(lines)


def test_table_is_large_and_covers_every_rule_and_intent() -> None:
    assert len(TABLE) >= 60
    rules = {row[4] for row in TABLE}
    assert rules >= {
        "code_snippet", "definition_keyword", "references_phrase", "impact_phrase", "similar_phrase",
        "definition_phrase", "quoted_literal", "error_token", "code_fragment", "identifier", "identifier_in_phrase",
        "question", "fallback", "empty",
    }
    assert {row[1] for row in TABLE} == set(INTENTS)


def test_classifier_agrees_with_the_whole_table() -> None:
    results = [(row, classify(row[0])) for row in TABLE]
    print("\n" + _confusion([(row[1], got.name) for row, got in results]))
    wrong = [
        f"{row[0]!r}: expected {row[1]} {row[2]} {row[3]!r} [{row[4]}], got {got}"
        for row, got in results
        if (got.name, got.confidence, got.target, got.rule) != row[1:]
    ]
    print(f"accuracy {len(TABLE) - len(wrong)}/{len(TABLE)}")
    assert not wrong, "\n".join(wrong)


def test_definition_phrasings_reach_the_direct_threshold() -> None:
    for row in TABLE:
        if row[4] in ("definition_phrase", "definition_keyword"):
            assert classify(row[0]).confidence >= 0.85, row[0]


def test_confidences_stay_in_the_seed_ranges() -> None:
    ranges = {
        "definition_keyword": (0.95, 0.95), "references_phrase": (0.90, 0.90),
        "impact_phrase": (0.90, 0.90), "quoted_literal": (0.85, 0.90), "error_token": (0.85, 0.90),
        "identifier": (0.60, 0.80), "identifier_in_phrase": (0.60, 0.80), "question": (0.75, 0.75),
        "fallback": (0.40, 0.40),
    }
    for query, *_ in TABLE:
        got = classify(query)
        low, high = ranges.get(got.rule, (0.0, 1.0))
        assert low <= got.confidence <= high, got


def test_classification_is_fast() -> None:
    queries = [row[0] for row in TABLE] * 20
    start = time.perf_counter()
    for query in queries:
        classify(query)
    per_query_ms = (time.perf_counter() - start) * 1000 / len(queries)
    print(f"\nclassify: {per_query_ms:.3f} ms per query over {len(queries)} queries")
    assert per_query_ms < 2.0


@pytest.mark.parametrize(
    "huge",
    [
        "a" * 100_000,
        "'" + "a" * 100_000,
        '"' * 100_000,
        "` " * 50_000,
        "where is " + "x " * 50_000,
        "Aa" * 50_000,
        "a_" * 50_000,
        "a." * 50_000,
        "(" * 100_000,
        ("x = f(y)\n" * 10_000),
    ],
    ids=["letters", "open-quote", "quotes", "backticks", "where", "camel", "snake", "dots", "parens", "code"],
)
def test_huge_inputs_classify_quickly(huge: str) -> None:
    start = time.perf_counter()
    got = classify(huge)
    elapsed_ms = (time.perf_counter() - start) * 1000
    print(f"\n{len(huge)} chars -> {got.name} [{got.rule}] in {elapsed_ms:.2f} ms")
    assert got.name in INTENTS
    assert elapsed_ms < 250  # loose: a backtracking blow-up would take seconds, not milliseconds


def test_intent_is_a_readable_hashable_value() -> None:
    got = classify("who calls parse_config")
    assert str(got) == "find_references 0.90 target='parse_config' [references_phrase]"
    assert {got: 1}[Intent("find_references", 0.90, "parse_config", "references_phrase")] == 1
    assert got.to_dict() == {
        "intent": "find_references",
        "confidence": 0.90,
        "target": "parse_config",
        "rule": "references_phrase",
    }
    assert str(classify("")) == "understand_code 0.40 [empty]"
    with pytest.raises(AttributeError):
        got.name = "x"  # type: ignore[misc]


def test_override_keeps_the_target_and_rejects_unknown_intents() -> None:
    chosen = override(classify("who calls parse_config"), "impact_analysis")
    assert chosen == Intent("impact_analysis", 1.0, "parse_config", "override")
    with pytest.raises(ValueError, match="find_definition"):
        override(chosen, "find_everything")


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("parse_config", True), ("_private", True), ("__init__", True), ("parseConfig", True),
        ("ParseConfig", True), ("HTTPServer", True), ("os.path.join", True), ("std::vector", True),
        ("load()", True), ("$http", True), ("Config", False), ("config", False), ("API", False),
        ("config.py", False), ("e.g", False), ("_", False), ("$5", False),
    ],
)
def test_identifier_shapes(token: str, expected: bool) -> None:
    assert is_identifier(token) is expected


# ---------------------------------------------------------------------------------------------
# Weight profiles.

SPEC_WEIGHTS = """
| find_definition | 0.2 | 0.1 | 0.6 | 0.1 |
| find_references | 0.1 | 0.2 | 0.2 | 0.5 |
| understand_code | 0.5 | 0.2 | 0.2 | 0.1 |
| find_similar | 0.4 | 0.3 | 0.2 | 0.1 |
| impact_analysis | 0.1 | 0.1 | 0.1 | 0.7 |
| exact_match | 0.0 | 0.9 | 0.1 | 0.0 |
"""
"""The SPEC's weight table, copied verbatim (semantic, text, structural, graph)."""


def test_weights_are_exactly_the_spec_table() -> None:
    rows = [line.strip("| ").split(" | ") for line in SPEC_WEIGHTS.strip().splitlines()]
    assert [row[0] for row in rows] == list(INTENTS) == list(WEIGHTS)
    for name, *numbers in rows:
        expected = dict(zip(MODALITIES, map(float, numbers), strict=True))
        assert WEIGHTS[name].as_dict() == expected, name
        assert weights_for(name) is WEIGHTS[name]
        assert sum(expected.values()) == pytest.approx(1.0)


def test_dominant_modality_of_each_profile() -> None:
    dominant = {name: weights.dominant() for name, weights in WEIGHTS.items()}
    assert dominant == {
        "find_definition": "structural", "find_references": "graph", "understand_code": "semantic",
        "find_similar": "semantic", "impact_analysis": "graph", "exact_match": "text",
    }
    assert Weights(0.5, 0.5, 0.0, 0.0).dominant() == "semantic"  # a tie goes to display order


def test_weights_are_read_only_and_printable() -> None:
    with pytest.raises(TypeError):
        WEIGHTS["exact_match"] = Weights(1, 0, 0, 0)  # type: ignore[index]
    assert str(WEIGHTS["exact_match"]) == "semantic=0 text=0.9 structural=0.1 graph=0"
    assert WEIGHTS["exact_match"].get("colour") == 0.0
    with pytest.raises(ValueError, match="unknown intent"):
        weights_for("nope")


def test_intent_and_fusion_are_headless() -> None:
    code = (
        "import sys, maguyva_tui.core.intent, maguyva_tui.core.fusion; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(("query", "expected"), [
    (TRACE, (EXACT, 0.85, "KeyError", "error_token")),
    ("config.py", (UND, 0.40, None, "fallback")),
    ("src/main.rs:10:5", (UND, 0.40, None, "fallback")),
])
def test_places_the_index_does_not_hold_are_read_by_the_other_rules(query: str, expected: tuple[object, ...]) -> None:
    """What the search asks again when the index holds none of a question's places."""
    got = classify(query, places=False)
    assert (got.name, got.confidence, got.target, got.rule) == expected


@pytest.mark.parametrize("query", ["TODO", "FIXME:", "XXX ", "HACK"])  # " XXX ": an indented string, as typed
def test_a_lone_comment_tag_is_every_comment_that_holds_it(query: str) -> None:
    got = classify(query)
    assert (got.name, got.target, got.rule) == (EXACT, query.strip().rstrip(":"), "comment_marker")


@pytest.mark.parametrize("query", ["todo", "TODO list handling", "Todo", "TODOS"])
def test_a_tag_in_other_words_or_case_is_not_one(query: str) -> None:
    assert classify(query).rule != "comment_marker"


def test_a_kind_noun_before_the_target_is_read_without_a_pattern_per_target() -> None:
    """The same kinds as the per-target pattern, which cost 0.4 ms a question (issue 19's literal page)."""
    from maguyva_tui.core.intent import keyword_kinds

    assert keyword_kinds("go to the method parse_config", "parse_config") == keyword_kinds("method x", "x") != ()
    assert keyword_kinds("the class `Foo` here", "Foo") == keyword_kinds("class Foo")
    assert keyword_kinds("the method parse_config_all", "parse_config") == ()
    assert keyword_kinds("the method parse_config.x", "parse_config") == ()
    assert keyword_kinds("the METHOD Parse_Config", "parse_config") != ()


@pytest.mark.parametrize("query", [
    "A pure-Python implementation of Gob's Algorithm (2006).",
    "implementation of Dijkstra’s shortest path",
    "the definition of Python's data model",
])
def test_a_possessive_after_definition_of_is_english_not_a_name(query: str) -> None:
    # boltons' gobs_program: "implementation of Gob's Algorithm" was a definition question about
    # a symbol `Gob` (structural weight 0.6), and the function described fell to 7th
    intent = classify(query)
    assert intent.name != "find_definition" and intent.target is None


def test_a_name_after_definition_of_is_still_one() -> None:
    assert (classify("implementation of parse_config").name, classify("implementation of parse_config").target) == (
        "find_definition", "parse_config")
    assert classify("the definition of Context").target == "Context"


@pytest.mark.parametrize(("query", "target"), [
    ('"\\"name\\""', '\\"name\\"'),  # a string literal pasted with its escapes: as its source writes it
    ('find "say \\"hi\\"" here', 'say \\"hi\\"'),
    ('"C:\\"', "C:\\"),  # a path's backslash before the closing quote escapes nothing
    ('"a\\\\"', "a\\\\"),
])
def test_a_quoted_literal_keeps_its_escaped_quotes(query: str, target: str) -> None:
    """``"\\"name\\""`` asks for ``\\"name\\"``, not the lone backslash before ``name`` (every
    line holding one); the code-fragment reading is skipped as the search skips it when no line
    holds the whole with its quotes."""
    intent = classify(query, skip=frozenset({"code_fragment"}))
    assert (intent.rule, intent.target) == ("quoted_literal", target)


@pytest.mark.parametrize(("text", "target"), [
    ("RuntimeError: __call__() called before outcome was set", "RuntimeError"),
    ("TypeError: Cannot read properties of undefined (reading 'type')", "TypeError"),
    ("error: expected ';' before '}'", "error: expected ';' before '}'"),
])
def test_error_output_whose_message_no_line_holds_is_read_again_as_its_error(text: str, target: str) -> None:
    again = classify(text, skip=frozenset({"error_message"}))
    assert (again.name, again.target, again.rule) == (EXACT, target, "error_token")
