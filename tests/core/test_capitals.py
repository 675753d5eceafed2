"""A question typed in capitals (caps lock on) asks for the names it spells in lower case.

Found by an outside tester: ``WHO CALLS VALIDATE`` read its phrase as any case, but looked for a
symbol named ``VALIDATE``: "no symbol named VALIDATE", exit status 2, and related code.
"""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine

CODE = '''\
MAX_SIZE = 3


def send(data):
    return data


def dup():
    return 1


class Dup:
    pass


class ConnectionState:
    def process_event(self, event):
        return send(event)


def caller():
    send(MAX_SIZE)
    return ConnectionState().process_event(dup())
'''


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("repo")
    (root / "conn.py").write_text(CODE, encoding="utf-8")
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    return e


@pytest.mark.parametrize(("question", "target", "read"), [
    ("WHO CALLS SEND", "send", "read SEND as send"),
    ("WHO CALLS CONNECTIONSTATE.PROCESS_EVENT", "ConnectionState.process_event",
     "read CONNECTIONSTATE as ConnectionState, PROCESS_EVENT as process_event"),
])
def test_a_question_in_capitals_asks_for_the_name_in_its_case(engine: Engine, question: str, target: str,
                                                                read: str) -> None:
    result = engine.search(question, modality=None)
    assert (result.query, result.intent, result.target, result.lookup_failed) == (question, "find_references", target,
                                                                                   None)
    assert any(notice.startswith(read) for notice in result.notices), result.notices
    assert result.results and all(r.path == "conn.py" for r in result.results)


def test_a_question_about_a_name_in_capitals_is_its_definition(engine: Engine) -> None:
    result = engine.search("WHAT DOES SEND DO")
    assert (result.intent, result.target, result.results[0].start_line) == ("find_definition", "send", 4)


@pytest.mark.parametrize("question", ["SEND", "WHO CALLS MAX_SIZE", "WHO CALLS DUP", 'FIND "SEND"'])
def test_a_lone_word_a_name_defined_as_typed_or_in_two_cases_keeps_its_case(engine: Engine, question: str) -> None:
    """A lone word may be a constant; ``MAX_SIZE`` is one; ``DUP`` is ``dup`` and ``Dup``; a quote is a string."""
    result = engine.search(question)
    assert not any("typed in capitals" in notice for notice in result.notices), result.notices
