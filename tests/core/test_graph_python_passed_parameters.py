"""A Python parameter written without a type is typed by what its callers pass (dramatiq's
``Worker(broker)`` then ``self.broker.emit_before(...)``; ``add_middleware(middleware)`` then
``middleware.after_declare_actor(...)``): only where every call the graph ties to the function
passes one and the same class, at its position or by its name. A caller passing another class, a
value of no known type or ``*args`` leaves it untyped: no guess between them."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

BROKER = """
class Broker:
    def emit_before(self) -> None:
        pass

    def add_middleware(self, middleware):
        middleware.after_declare()

    def add_twice(self, middleware):
        middleware.after_declare()


class Other:
    def emit_before(self) -> None:
        pass
"""

WORKER = """
from .broker import Broker, Other
from .middleware import Prometheus, Retries


class Worker:
    def __init__(self, broker, *, queues=None):
        self.broker = broker

    def start(self):
        self.broker.emit_before()


class Mixed:
    def __init__(self, broker):
        broker.emit_before()


class Unknown:
    def __init__(self, broker):
        broker.emit_before()


def main(args):
    broker = Broker()
    worker = Worker(broker)
    other = Worker(broker=Broker())
    broker.add_middleware(Prometheus())
    broker.add_twice(Prometheus())
    broker.add_twice(Retries())
    Mixed(Broker())
    Mixed(Other())
    Unknown(Broker())
    Unknown(*args)
"""

MIDDLEWARE = """
class Prometheus:
    def after_declare(self) -> None:
        pass


class Retries:
    def after_declare(self) -> None:
        pass
"""


def _graph():
    files = {"pkg/broker.py": BROKER, "pkg/worker.py": WORKER, "pkg/middleware.py": MIDDLEWARE,
             "pkg/__init__.py": ""}
    return build_graph({path: analyze(path, dedent(text)) for path, text in files.items()})


def test_a_parameter_every_caller_passes_one_class_is_that_class() -> None:
    g = _graph()
    emitted = sorted((s.path, s.caller, s.line) for s in callers(g, "Broker.emit_before").sites)
    assert emitted == [("pkg/worker.py", "Worker.start", 11)]  # self.broker, set from the parameter
    assert [(s.caller, s.line) for s in callers(g, "Prometheus.after_declare").sites] == [
        ("Broker.add_middleware", 7)]


def test_callers_that_disagree_or_pass_no_known_class_type_nothing() -> None:
    g = _graph()
    assert callers(g, "Retries.after_declare").sites == ()  # add_twice gets a Prometheus and a Retries
    assert callers(g, "Other.emit_before").sites == ()  # Mixed gets a Broker and an Other
    assert all(s.caller != "Unknown.__init__" for s in callers(g, "Broker.emit_before").sites)  # *args
