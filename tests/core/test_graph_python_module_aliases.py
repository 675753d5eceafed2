"""Python: a module-level name bound once to a class or function of the project (wtforms'
``email = Email``, ``length = Length``; ``alias = module.Target``) stands for it, as jedi reads it:
``email()`` in the module, imported (``from validators import email``) or through the module
(``validators.email()``) calls ``Email``, so ``callers Email`` lists it (wtforms' tests' 4 calls of
``email()`` had been missing). A name bound twice, or to a call's result, stays a variable."""

from __future__ import annotations

from maguyva_tui.core.graph import queries as q
from tests.core.test_graph_resolve import call_targets, graph_of

VALIDATORS = """\
import helpers


class Email:
    def __init__(self, message=None):
        self.message = message

    def check(self, value):
        return value


def make_length(low):
    return low


email = Email
length = make_length
joined = helpers.join
made = Email()
twice = Email
twice = make_length


def own_use():
    return email()
"""

HELPERS = """\
def join(parts):
    return parts
"""

USE = """\
from validators import email, length, joined, made, twice
import validators


def form():
    checker = email("bad address")
    checker.check(1)
    length(3)
    validators.email()
    joined([])
    made()
    twice()
"""


def _graph():
    return graph_of({"validators.py": VALIDATORS, "helpers.py": HELPERS, "use.py": USE})


def test_a_module_alias_calls_what_it_names_here_imported_and_through_its_module() -> None:
    graph = _graph()
    email = call_targets(graph, "use.py", 6)
    assert email and all(t.startswith("validators.py::Email") for t in email)
    assert call_targets(graph, "use.py", 7) == {"validators.py::Email.check"}
    assert call_targets(graph, "use.py", 8) == {"validators.py::make_length"}
    assert call_targets(graph, "use.py", 9) == email
    assert call_targets(graph, "use.py", 10) == {"helpers.py::join"}
    assert call_targets(graph, "validators.py", 25) == email


def test_callers_of_the_class_list_the_alias_calls() -> None:
    graph = _graph()
    lines = {(s.path, s.line) for s in q.callers(graph, "validators.py::Email").sites if s.kind != "read"}
    assert {("use.py", 6), ("use.py", 9), ("validators.py", 25)} <= lines


def test_a_name_bound_twice_or_to_a_call_result_stays_a_variable() -> None:
    graph = _graph()
    assert not any(t.startswith("validators.py::Email") for t in call_targets(graph, "use.py", 11))
    assert not any(t.startswith(("validators.py::Email", "validators.py::make_length"))
                   for t in call_targets(graph, "use.py", 12))
