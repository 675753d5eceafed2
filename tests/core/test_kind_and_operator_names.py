"""A symbol named by a kind's word (Ruby's ``def function``, a class ``Function``) or by an
operator's symbol (``def ~``, ``def []=``) is what a question naming it asks for, where the index
defines it so spelled; the same sentences about some function, or over a repository that defines
no such name, stay questions about meaning (sequel: "where is function defined" had found no target)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import unnamed_subject

SQL = """module Sequel
  module SQL
    class Function
      def initialize(name, *args)
        @name = name
        @args = args
      end
    end

    class Op
      def function(name, *args)
        Function.new(name, self, *args)
      end

      def ~
        invert
      end

      def &(other)
        both(other)
      end

      def **(power)
        raise_to(power)
      end

      def []=(key, value)
        store(key, value)
      end

      def <=>(other)
        compare(other)
      end

      def ==(other)
        equal(other)
      end

      def invert
        negate(self)
      end
    end
  end
end
"""


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("rb")
    (root / "lib").mkdir()
    (root / "lib" / "sql.rb").write_text(SQL)
    (root / "lib" / "parse.py").write_text(
        "def parse_header(text):\n    '''Parse the function header line.'''\n    return text.split(':')\n"
    )
    engine = Engine(root, tmp_path_factory.mktemp("index"), static=True)
    engine.search("invert")  # the engines' first question pays for opening them, here
    yield engine
    engine.close()


@pytest.mark.parametrize(("question", "target", "first"), [
    ("where is function defined", "function", "Sequel.SQL.Op.function"),
    ("where is Function defined", "Function", "Sequel.SQL.Function"),
    ("where is the Function class defined", "Function", "Sequel.SQL.Function"),
    ("where is `function` defined?", "function", "Sequel.SQL.Op.function"),
    ("where is ~ defined", "~", "Sequel.SQL.Op.~"),
    ("where is & defined", "&", "Sequel.SQL.Op.&"),
    ("where is ** defined", "**", "Sequel.SQL.Op.**"),
    ("where is []= defined", "[]=", "Sequel.SQL.Op.[]="),
    ("where is <=> defined", "<=>", "Sequel.SQL.Op.<=>"),
    ("where is == defined", "==", "Sequel.SQL.Op.=="),
    ("~", "~", "Sequel.SQL.Op.~"),
    ("[]=", "[]=", "Sequel.SQL.Op.[]="),
    ("`**`", "**", "Sequel.SQL.Op.**"),
])
def test_a_name_the_rules_read_as_none_is_the_definition_asked_for(
    engine: Engine, question: str, target: str, first: str
) -> None:
    result = engine.search(question, limit=5)
    assert (result.intent, result.target) == ("find_definition", target)
    assert result.results[0].symbol == first


@pytest.mark.parametrize("question", [
    "where is the function defined",  # some function: a sentence
    "where is it defined",
    "where is class defined",  # no symbol is named class here
    "where is ! defined",  # nor !
])
def test_a_kind_s_word_the_index_does_not_define_as_spelled_stays_no_name(engine: Engine, question: str) -> None:
    assert engine.search(question, limit=5).target is None


def test_a_sentence_about_a_function_keeps_its_own_target(engine: Engine) -> None:
    result = engine.search("where is the function that parses the header defined", limit=5)
    assert result.target != "function"


@pytest.mark.parametrize(("question", "first"), [
    ("Op#==", "Sequel.SQL.Op.=="),
    ("SQL::Op#[]=", "Sequel.SQL.Op.[]="),
    ("Op.<=>", "Sequel.SQL.Op.<=>"),
    ("`Sequel::SQL::Op#~`", "Sequel.SQL.Op.~"),
    ("where is Op#== defined", "Sequel.SQL.Op.=="),
    ("go to SQL::Op#[]=", "Sequel.SQL.Op.[]="),
])
def test_an_operator_named_through_its_class_is_its_definition(engine: Engine, question: str, first: str) -> None:
    """tty-prompt 0.23.1's ``Choices#<<`` and ``Choice#==``, as Ruby's documentation writes a
    method: they had listed code related to "Choices" (no line holds them as typed), then the
    class ``Choices`` first, where ``def <<`` was asked for."""
    result = engine.search(question, limit=5)
    assert result.intent == "find_definition" and result.target == first
    assert [r.symbol for r in result.results] == [first]


def test_the_callers_of_an_operator_named_through_its_class_are_its_own(engine: Engine) -> None:
    """"who calls Choices#<<" had listed the constructions of the class ``Choices``."""
    result = engine.search("who calls Op#<=>", limit=5)
    assert (result.intent, result.target) == ("find_references", "Sequel.SQL.Op.<=>")


def test_an_operator_of_a_class_the_index_does_not_define_names_no_definition(engine: Engine) -> None:
    assert engine.search("Nope#==", limit=5).intent != "find_definition"
    assert engine.search("Op#>>", limit=5).intent != "find_definition"


def test_an_operator_the_index_does_not_define_names_no_definition(engine: Engine) -> None:
    assert engine.search("!=", limit=5).intent != "find_definition"


@pytest.mark.parametrize(("question", "word"), [
    ("where is function defined", "function"),
    ("Where is Method declared?", "Method"),
    ("where is the `type` defined", "type"),
    ("where is the function defined", None),
    ("where is parse defined", None),
    ("where is it defined", None),
    ("where is the function that parses X defined", None),
    ("where is []= defined", "[]="),
    ("where is -@ implemented", "-@"),
])
def test_the_subject_the_index_may_define(question: str, word: str | None) -> None:
    assert unnamed_subject(question) == word
