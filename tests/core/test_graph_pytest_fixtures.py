"""pytest fixtures: a test's parameter is the value of the fixture of that name, looked up as pytest
does (the test's class, its module, then each ``conftest.py`` up the folders), and nothing else is.
"""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.types import FileFacts
from tests.core.test_graph_update import shape

APP = """
class Flask:
    def route(self, rule):
        return rule

    def test_client(self):
        return Client()

class Client:
    def get(self, url):
        return url

class Blueprint:
    def route(self, rule):
        return rule
"""

CONFTEST = """
import pytest
from app import Flask, Blueprint

@pytest.fixture
def app():
    app = Flask()
    return app

@pytest.fixture
def client(app):
    return app.test_client()

@pytest.fixture(name="bp")
def make_blueprint():
    yield Blueprint()

@pytest.fixture
def value():
    return Flask()
"""

TESTS = """
import pytest

def test_routes(app, client, bp):
    app.route("/")
    client.get("/")
    bp.route("/x")

@pytest.mark.parametrize("value", [1, 2])
def test_parametrized(value):
    value.route("/")

def helper(app):
    app.route("/")

def test_outer(app):
    def test_inner(app):
        app.route("/")

class TestViews:
    def test_method(self, app):
        app.route("/")

class Views:
    def test_method(self, app):
        app.route("/")

def test_builtin(monkeypatch):
    monkeypatch.setattr("a", "b")

def test_unknown(nothing):
    nothing.route("/")
"""


def facts(files: dict[str, str]) -> dict[str, FileFacts]:
    return {path: analyze(path, dedent(text)) for path, text in files.items()}


def graph(files: dict[str, str] | None = None) -> CodeGraph:
    return build_graph(facts(files or {"app.py": APP, "tests/conftest.py": CONFTEST, "tests/test_views.py": TESTS}))


def sites(g: CodeGraph, name: str) -> list[tuple[str, int, str | None]]:
    return sorted((s.path, s.line, s.caller) for s in callers(g, name).sites)


def outcomes(g: CodeGraph, path: str) -> dict[tuple[int, str], str]:
    return {(x.line, x.name): x.outcome for x in g.loose.get(path, ())}


def test_a_test_parameter_is_the_conftest_fixture_value() -> None:
    g = graph()
    assert ("tests/test_views.py", 5, "test_routes") in sites(g, "Flask.route")


def test_a_fixture_parameter_is_a_fixture_too() -> None:
    # client(app) returns app.test_client(): a Client
    assert sites(graph(), "Client.get") == [("tests/test_views.py", 6, "test_routes")]


def test_a_generator_fixture_registered_under_another_name_yields_its_value() -> None:
    assert sites(graph(), "Blueprint.route") == [("tests/test_views.py", 7, "test_routes")]


def test_a_method_of_a_test_class_gets_fixtures_and_other_classes_do_not() -> None:
    lines = {line for path, line, _ in sites(graph(), "Flask.route") if path == "tests/test_views.py"}
    assert 22 in lines  # TestViews.test_method
    assert 26 not in lines  # Views is not collected by pytest


def test_only_what_pytest_calls_gets_fixtures() -> None:
    lines = {line for path, line, _ in sites(graph(), "Flask.route") if path == "tests/test_views.py"}
    assert 14 not in lines  # helper(app): called by the test author, with anything
    assert 18 not in lines  # a function nested in a test is not collected
    assert lines == {5, 22}


def test_a_parametrized_name_is_a_value_not_the_fixture() -> None:
    g = graph()
    assert ("tests/test_views.py", 11, "test_parametrized") not in sites(g, "Flask.route")
    assert outcomes(g, "tests/test_views.py")[11, "value.route"] == "unresolved"


def test_pytest_builtin_fixtures_are_external_and_unknown_ones_unresolved() -> None:
    found = outcomes(graph(), "tests/test_views.py")
    assert found[29, "monkeypatch.setattr"] == "external"
    assert found[32, "nothing.route"] == "unresolved"


def test_the_module_fixture_overrides_the_conftest_one_and_may_request_it() -> None:
    module = """
    import pytest
    from app import Blueprint

    @pytest.fixture
    def app(app):
        app.route("/setup")
        return Blueprint()

    def test_overridden(app):
        app.route("/")
    """
    g = graph({"app.py": APP, "tests/conftest.py": CONFTEST, "tests/test_override.py": module})
    assert ("tests/test_override.py", 7, "app") in sites(g, "Flask.route")  # the conftest's app
    assert sites(g, "Blueprint.route") == [("tests/test_override.py", 11, "test_overridden")]


def test_the_nearest_conftest_wins_and_files_outside_tests_get_nothing() -> None:
    inner = """
    import pytest
    from app import Blueprint

    @pytest.fixture
    def app():
        return Blueprint()
    """
    files = {"app.py": APP, "tests/conftest.py": CONFTEST, "tests/api/conftest.py": inner,
             "tests/api/test_api.py": "def test_api(app):\n    app.route('/')\n",
             "tests/other.py": "def test_not_collected(app):\n    app.route('/')\n"}
    g = graph(files)
    assert sites(g, "Blueprint.route") == [("tests/api/test_api.py", 2, "test_api")]
    assert [s for s in sites(g, "Flask.route") if s[0] != "tests/conftest.py"] == []


def test_adding_a_conftest_later_resolves_the_tests_that_need_it() -> None:
    files = {"app.py": APP, "tests/test_views.py": TESTS}
    g = graph(files)
    assert [s for s in sites(g, "Flask.route") if s[0] == "tests/test_views.py"] == []
    g.update(facts({"tests/conftest.py": CONFTEST}), ())
    assert ("tests/test_views.py", 5, "test_routes") in sites(g, "Flask.route")
    assert shape(g) == shape(graph({**files, "tests/conftest.py": CONFTEST}))
    g.update(facts({"tests/conftest.py": CONFTEST.replace("name=\"bp\"", "name=\"blueprint\"")}), ())
    assert sites(g, "Blueprint.route") == []  # bp is no fixture any more
    g.update({}, ["tests/conftest.py"])
    assert [s for s in sites(g, "Flask.route") if s[0] == "tests/test_views.py"] == []
    assert shape(g) == shape(graph(files))


def test_fixtures_that_request_each_other_leave_their_sites_unresolved() -> None:
    conftest = """
    import pytest

    @pytest.fixture
    def first(second):
        return second

    @pytest.fixture
    def second(first):
        return first
    """
    g = graph({"tests/conftest.py": conftest, "tests/test_loop.py": "def test_loop(first):\n    first.run()\n"})
    assert outcomes(g, "tests/test_loop.py") == {(2, "first.run"): "unresolved"}
