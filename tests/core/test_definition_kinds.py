"""A definition keyword asks for a kind: ``class Option`` is the class, not the method ``option``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import keyword_kinds


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("kinds")
    (root / "lib").mkdir()
    (root / "lib" / "option.js").write_text(
        "class Option {\n  constructor(flags) {\n    this.flags = flags;\n  }\n}\n\nmodule.exports = { Option };\n"
    )
    (root / "lib" / "command.js").write_text(
        "class Command {\n  option(flags) {\n    return this.flags;\n  }\n\n"
        "  requiredOption(flags) {\n    return this.option(flags);\n  }\n}\n\nmodule.exports = { Command };\n"
    )
    (root / "tool.py").write_text(
        "class Parser:\n    pass\n\n\ndef parser(text):\n    return Parser()\n\n\ndef helper(text):\n    return text\n"
    )
    (root / "sorted.py").write_text(
        "class SortedKeyList:\n    def bisect_left(self, value):\n        return value\n\n\n"
        "def get_value(x):\n    return x\n\n\ndef getValue(x):\n    return x\n"
    )
    (root / "timeouts.py").write_text("class Timeout:\n    pass\n\n\ndef time_out(seconds):\n    return seconds\n")
    (root / "requests.py").write_text("class Request:\n    pass\n\n\nclass Client:\n    def request(self, url):\n        return url\n")
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    yield e
    e.close()


def _listed(engine: Engine, question: str) -> list[tuple[str, str]]:
    return [(r["path"], r["symbol"]) for r in engine.search(question, limit=10).to_json()["results"]]


@pytest.mark.parametrize("question", ["class Option", "class option", "export class Option {"])
def test_a_class_keyword_lists_the_class_and_no_method_of_that_name(engine: Engine, question: str) -> None:
    listed = _listed(engine, question)
    assert listed[0] == ("lib/option.js", "Option")
    assert all(symbol != "Command.option" for _, symbol in listed), listed


def test_a_function_keyword_lists_the_function_and_not_the_class(engine: Engine) -> None:
    listed = _listed(engine, "def parser")
    assert listed[0] == ("tool.py", "parser")
    assert ("tool.py", "Parser") not in listed
    assert _listed(engine, "class parser")[0] == ("tool.py", "Parser")


def test_a_keyword_naming_no_symbol_of_its_kind_keeps_the_nearest_answer(engine: Engine) -> None:
    """``class helper`` where ``helper`` is a function: the function, not an empty page."""
    assert _listed(engine, "class helper")[0] == ("tool.py", "helper")


@pytest.mark.parametrize(("question", "written", "symbol"), [
    ("class sortedkeylist", "sortedkeylist", "SortedKeyList"),
    ("class sorted_key_list", "sorted_key_list", "SortedKeyList"),
    ("class command", "command", "Command"),  # only its first letter: "class" had read as English
    ("def bisectleft", "bisectleft", "SortedKeyList.bisect_left"),
])
def test_a_keyword_and_a_name_in_another_case_is_the_one_definition_so_spelled(
    engine: Engine, question: str, written: str, symbol: str
) -> None:
    """``class sortedkeylist`` had read as a vague question ("class" is English) and ranked by
    meaning; the one class whose name it spells, case and underscores aside, is its answer."""
    result = engine.search(question).to_json()
    assert result["results"][0]["symbol"] == symbol
    assert result["intent"] == "find_definition" and result["query"] == question
    assert any(n.startswith(f"read {written} as {symbol.rpartition('.')[2]}:") for n in result["notices"])


def test_a_function_keyword_and_a_class_s_name_as_typed_is_that_class(engine: Engine) -> None:
    """``def Timeout`` over the class ``Timeout`` and a function ``time_out``: it had read as
    ``time_out``, "the one function name it spells", the class as typed left out."""
    result = engine.search("def Timeout").to_json()
    assert result["results"][0]["symbol"] == "Timeout"
    assert not any(n.startswith("read Timeout as") for n in result["notices"])
    assert engine.search("def timeout").to_json()["results"][0]["symbol"] == "time_out"  # no class as typed


def test_a_function_keyword_and_a_class_s_name_as_typed_is_that_class_beside_a_method_of_its_lower_case(
    engine: Engine,
) -> None:
    """``def Request`` over WebOb's class ``Request`` and a method ``request``: the kinds asked had
    been taken from ``request`` (the name with its first letter's case changed), so the page listed
    the method and names sharing its words, and never the class the question spells."""
    listed = _listed(engine, "def Request")
    assert listed[0] == ("requests.py", "Request")
    assert _listed(engine, "def request")[0] == ("requests.py", "Client.request")  # no class as typed
    assert _listed(engine, "class request")[0] == ("requests.py", "Request")


def test_a_keyword_and_a_name_spelling_several_definitions_is_not_respelled(engine: Engine) -> None:
    """``def getvalue`` over ``get_value`` and ``getValue``: which one is the person's to say."""
    result = engine.search("def getvalue").to_json()
    assert not any(n.startswith("read getvalue as") for n in result["notices"])


def test_the_kinds_asked_are_shown_in_the_parsed_query(engine: Engine) -> None:
    assert "kinds=class" in engine.search("class Option").to_json()["parsed"]
    assert "kinds" not in engine.search("Option").to_json()["parsed"]


@pytest.mark.parametrize(("text", "kinds"), [
    ("pub fn main", ("function", "method")),
    ("func (r *R) Load", ("function", "method")),
    ("struct Foo {", ("struct", "class")),
    ("export default class Foo", ("class", "struct")),
    ("interface Shape", ("interface", "trait")),
    ("import os", ()),
    ("how does class work", ()),
])
def test_each_keyword_s_kinds(text: str, kinds: tuple[str, ...]) -> None:
    found = keyword_kinds(text)
    assert set(kinds) <= set(found) and bool(found) == bool(kinds)


@pytest.mark.parametrize("word", ["zzqx", "café"])
def test_a_lone_word_no_line_holds_is_said_to_be_missing(engine: Engine, word: str) -> None:
    """The page is the nearest code in meaning; the answer says the word itself is nowhere."""
    result = engine.search(word).to_json()
    assert result["rule"] == "fallback"
    clause = "showing related code, none of which holds it" if result["results"] else "nothing related was found either"  # an empty page
    assert result["lookup_failed"]["message"] == f'no line holds "{word}"; {clause}'


def test_a_lone_word_no_line_holds_offers_the_names_spelled_like_it(engine: Engine) -> None:
    """A class's name mistyped (Cerberus's ``Valdiator``) reads as a word, not a name: the answer
    said no line holds it, and offered no ``Validator`` as a symbol's lookup would."""
    failed = engine.search("Comand").to_json()["lookup_failed"]
    assert failed["message"].endswith("; close names: Command") and failed["suggestions"] == ["Command"]


def test_a_lone_word_some_line_holds_is_not_said_missing(engine: Engine) -> None:
    assert engine.search("flags").to_json()["lookup_failed"] is None  # a word of the code, not a name
    assert engine.search("FLAGS").to_json()["lookup_failed"] is None  # in any case


def test_a_lone_word_the_text_page_lists_is_not_looked_for_again(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    """A word the text engine has just listed lines of is held: no second look through the files
    (a frequent word's own check cost up to 37 µs on sympy); one it lists nothing of still is."""
    generation = engine.parts().generation
    asked: list[str] = []
    holds = generation.text.holds_literal
    monkeypatch.setattr(generation.text, "holds_literal", lambda literal, case="sensitive": asked.append(literal) or holds(literal, case))
    assert engine.search("flags", modality="text").to_json()["lookup_failed"] is None
    assert asked == []
    assert engine.search("FLAGS", modality="text").to_json()["lookup_failed"] is None  # listed in no case as typed
    assert asked == ["FLAGS"]


@pytest.mark.parametrize("question", ["who calls", "impact of"])
def test_a_graph_question_naming_no_symbol_says_so(engine: Engine, question: str) -> None:
    notices = engine.search(question).to_json()["notices"]
    assert any(n.startswith(f'"{question}" names no symbol') for n in notices), notices


@pytest.mark.parametrize(("question", "expected", "left_out"), [
    ("find the method option", ("lib/command.js", "Command.option"), ("lib/option.js", "Option")),
    ("where is the class option defined", ("lib/option.js", "Option"), ("lib/command.js", "Command.option")),
    ("go to the function parser", ("tool.py", "parser"), ("tool.py", "Parser")),
])
def test_a_kind_named_before_the_target_in_a_phrase_is_asked_for(
        engine: Engine, question: str, expected: tuple[str, str], left_out: tuple[str, str]) -> None:
    listed = _listed(engine, question)
    assert listed[0] == expected and left_out not in listed, listed


def test_an_index_without_its_symbol_table_yet_asks_every_kind() -> None:
    """While the structural engine is still being built, ``class Option`` is not held up by it."""
    from maguyva_tui.core.intent import classify
    from maguyva_tui.core.search import SearchRequest, _asked_kinds

    class Building:
        missing = ("structural",)

        @property
        def structural(self) -> None:
            raise AssertionError("the symbol table was asked for")

    building: Any = Building()
    assert _asked_kinds(building, classify("class Option"), SearchRequest("class Option")) == ()
