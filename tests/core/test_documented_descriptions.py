"""A docstring pasted as a question, in its reStructuredText markup or opening with a signature
line, describes one function.

A role (``:class:`FirstMatch```), double back-ticks (````|````) or a directive at the head
(``.. deprecated:: 3.0``) are a docstring's: nobody types them into a search box. Such a sentence
ranks functions (no file credit, ``plan.ONE_FUNCTION_DECAY``) whether or not it ends with a full
stop; without one it had been a topic, and a long file whose many functions share its words
outranked the one function it documents (pyparsing's "Implementation of ``|`` operator when left
operand is not a :class:`ParserElement`", half A of ``bench.nl_quality``). So does a signature
line and what the call does, as Python's own types document a method ("union(*others) -> return a
new set containing this set and others", boltons' ``IndexedSet``); a signature alone
(``parse(text) -> Config``) is still a line of code to find.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator

import numpy as np
import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import FUNCTION_RULE, classify
from maguyva_tui.core.plan import ONE_FUNCTION_DECAY, plan_request
from tests.fakes import FakeProvider


class WordsProvider(FakeProvider):
    """A text's vector: its words hashed into the dimensions (the cosine counts shared words)."""

    id = "test:words:64"

    def _vector(self, text: str) -> np.ndarray:
        v = np.zeros(self.dim, np.float32)
        for word in re.findall(r"[a-z]{3,}", text.lower()):
            v[zlib.crc32(word.encode()) % self.dim] += 1.0
        norm = np.linalg.norm(v)
        return v / norm if norm else v


GRAMMAR = '''
class Token:
    """A piece of a grammar."""

    def __init__(self, pattern):
        self.pattern = pattern

    def __or__(self, other):
        """Implementation of the | operator, which returns both alternatives, tried in order."""
        return FirstMatch([self, other])
'''

ALTERNATIVES = '''
class FirstMatch:
    """Alternatives of a grammar."""

    def __init__(self, choices):
        self.choices = list(choices)

    def first(self, text):
        """Return the first of the alternatives in order."""
        for choice in self.choices:
            if text.startswith(choice.pattern):
                return choice
        return None

    def names(self):
        """Names of the alternatives."""
        return [type(choice).__name__ for choice in self.choices]

    def append(self, other):
        """Implementation detail: add one of the alternatives, returns self."""
        self.choices.append(other)
        return self

    def count(self):
        """How many alternatives, in order."""
        return len(self.choices)
'''

PASTED = [
    "Implementation of ``|`` operator - returns the alternatives tried in order",
    ".. versionadded:: 3.0 Implementation of the | operator - returns the alternatives tried in order",
    "or_(other) -> return the alternatives tried in order",
]


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("documented") / "repo"
    root.mkdir()
    (root / "grammar.py").write_text(GRAMMAR)
    (root / "alternatives.py").write_text(ALTERNATIVES)
    e = Engine(root, tmp_path_factory.mktemp("documented-index"), provider=WordsProvider())
    e.refresh()
    e.embed_pending()
    yield e
    e.close()


@pytest.mark.parametrize("text", [*PASTED, "Identical to :meth:`Callpoint.from_tb`, but for a frame instead"])
def test_a_docstring_in_its_markup_asks_for_one_function_full_stop_or_not(text: str) -> None:
    for asked in (text, text + "."):
        intent = classify(asked)
        assert (intent.name, intent.rule) == ("understand_code", FUNCTION_RULE)
        assert plan_request(intent, "default", 10).file_decay == ONE_FUNCTION_DECAY


@pytest.mark.parametrize("text", PASTED)
def test_the_function_a_pasted_docstring_documents_comes_first(engine: Engine, text: str) -> None:
    result = engine.search(text, limit=5)
    first = result.results[0]
    assert (first.path, first.symbol) == ("grammar.py", "Token.__or__")
    assert all(r.file_credit == 0 for r in result.results)


@pytest.mark.parametrize("text", ["``x == 1``", "find ``x == 1``", ".. note", "routing in the grammar",
                                  "parse(text) -> Config", "how does parse(text) -> Config work"])
def test_a_quoted_search_or_a_topic_keeps_its_reading(text: str) -> None:
    assert classify(text).rule != FUNCTION_RULE
