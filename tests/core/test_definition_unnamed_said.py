"""A definition question that names no symbol ("go to", "where is the class defined", "find the
class") says so in one line, as "who calls" alone does: it had shown code related to the words
"go" and "class" with no word that nothing was looked up; "where is  defined" and "find the
definition of" had asked for a symbol named ``defined`` and ``of``. ``--depth`` given to a question that is
not about impact is said unused (it had been ignored without a word)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.test_engine import CountingProvider

CODE = '''\
class Config:
    def load(self, path):
        return open(path).read()


def parse_config(text):
    return Config()
'''

SAID = "names no symbol to look up"


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("repo")
    (root / "config.py").write_text(CODE)
    found = Engine(root, provider=CountingProvider())
    found.refresh()
    return found


@pytest.mark.parametrize("question", ["go to", "where is the class defined", "find the class", "jump to",
                                      "where is  defined", "where is declared?", "find the definition of",
                                      "where is the definition of", "definition of", "show me the function for"])
def test_a_definition_question_without_a_name_says_so(engine: Engine, question: str) -> None:
    result = engine.search(question)
    said = [n for n in result.notices if SAID in n]
    assert said == [f'"{question}" names no symbol to look up (go to parse_config, where is Config defined); '
                    "showing related code"]


@pytest.mark.parametrize("question", ["go to parse_config", "where is Config defined", "config.py:2",
                                      "find the definition of parse_config", "definition of `load`"])
def test_a_named_definition_question_says_nothing_of_it(engine: Engine, question: str) -> None:
    result = engine.search(question)
    assert result.results and not any(SAID in n for n in result.notices)


DEPTH_SAID = "--depth applies to impact questions (impact of Config)"


@pytest.mark.parametrize(("question", "read_as"), [("who calls parse_config", "find references"),
                                                   ("parse_config", "find definition")])
def test_a_depth_given_to_another_question_is_said_unused(engine: Engine, question: str, read_as: str) -> None:
    said = [n for n in engine.search(question, depth=2).notices if n.startswith(DEPTH_SAID)]
    assert said == [f"{DEPTH_SAID}; this one is read as {read_as}: the depth is not used"]


def test_a_depth_given_to_an_impact_question_says_nothing_of_it(engine: Engine) -> None:
    assert not any(n.startswith(DEPTH_SAID) for n in engine.search("impact of parse_config", depth=2).notices)
