"""A member named through a class that inherits it (``Flask.route`` is ``Scaffold.route``).

Before, ``Flask.route`` was "no symbol named Flask.route" beside code resembling its words, and
``who calls Flask.route`` followed nothing; now the nearest base that defines the member answers,
and the answer says which.
"""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.test_failed_lookup import FirstWordProvider


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("repo")
    (root / "pkg").mkdir()
    (root / "pkg" / "base.py").write_text(
        "class Scaffold:\n    def route(self, rule):\n        return rule\n\n    def close(self):\n        return None\n"
    )
    (root / "pkg" / "middle.py").write_text(
        "from pkg.base import Scaffold\n\n\nclass App(Scaffold):\n    def close(self):\n        return 1\n"
    )
    (root / "pkg" / "top.py").write_text(
        "from pkg.middle import App\n\n\nclass Flask(App):\n    def serve(self):\n        return self.route('/')\n"
    )
    (root / "pkg" / "use.py").write_text(
        "from pkg.top import Flask\n\n\ndef make():\n    app = Flask()\n    return app.route('/x')\n"
    )
    (root / "web").mkdir()
    (root / "web" / "shapes.ts").write_text(
        "export class Shape {\n  area(): number {\n    return 0;\n  }\n}\n\n"
        "export class Square extends Shape {\n  side = 1;\n}\n"
    )
    e = Engine(root, tmp_path_factory.mktemp("index"), provider=FirstWordProvider(), static=False)
    e.refresh()
    e.embed_pending()
    return e


@pytest.mark.parametrize("question", ["Flask.route", "def Flask.route", "where is Flask.route defined"])
def test_an_inherited_member_is_its_definers(engine: Engine, question: str) -> None:
    answer = engine.search(question, limit=5)
    assert (answer.results[0].path, answer.results[0].symbol) == ("pkg/base.py", "Scaffold.route")
    assert answer.lookup_failed is None
    assert any(n.startswith("Flask.route is inherited: Scaffold.route") for n in answer.notices)


def test_the_nearest_base_that_defines_it_answers(engine: Engine) -> None:
    answer = engine.search("Flask.close", limit=5)
    assert (answer.results[0].path, answer.results[0].symbol) == ("pkg/middle.py", "App.close")


def test_references_follow_the_inherited_member(engine: Engine) -> None:
    through = engine.search("who calls Flask.route", limit=10)
    direct = engine.search("who calls Scaffold.route", limit=10)
    assert through.target == "Scaffold.route"
    assert [(r.path, r.start_line) for r in through.results] == [(r.path, r.start_line) for r in direct.results]
    assert through.results


def test_other_languages_inherit_too(engine: Engine) -> None:
    answer = engine.search("Square.area", limit=5)
    assert (answer.results[0].path, answer.results[0].symbol) == ("web/shapes.ts", "Shape.area")


def test_a_member_no_base_defines_is_still_missing(engine: Engine) -> None:
    answer = engine.search("Flask.nothing_here", limit=5)
    assert answer.lookup_failed is not None and "no symbol named Flask.nothing_here" in answer.lookup_failed.message
    own = engine.search("Flask.serve", limit=5)
    assert own.results[0].symbol == "Flask.serve" and not any("inherited" in n for n in own.notices)


def test_a_module_is_named_by_any_tail_of_its_path(tmp_path_factory: pytest.TempPathFactory) -> None:
    """A package under ``src/`` is imported as ``flask.helpers``, not ``src.flask.helpers``."""
    root = tmp_path_factory.mktemp("srclayout")
    (root / "src" / "flask").mkdir(parents=True)
    (root / "src" / "flask" / "helpers.py").write_text("def url_for(endpoint):\n    return endpoint\n")
    (root / "src" / "flask" / "__init__.py").write_text("")
    (root / "src" / "flask" / "views.py").write_text(
        "from flask.helpers import url_for\n\n\ndef index():\n    return url_for('index')\n")
    engine = Engine(root, tmp_path_factory.mktemp("index"), provider=FirstWordProvider(), static=False)
    engine.refresh()
    for question in ("flask.helpers.url_for", "helpers.url_for", "src.flask.helpers.url_for"):
        answer = engine.search(question, limit=5)
        assert (answer.results[0].path, answer.results[0].symbol) == ("src/flask/helpers.py", "url_for"), question
        assert answer.lookup_failed is None
    assert engine.search("other.helpers.url_for", limit=5).lookup_failed is not None
    for question in ("who calls flask.helpers.url_for", "impact of flask.helpers.url_for"):
        through = engine.search(question, limit=10)
        plain = engine.search(question.replace("flask.helpers.", ""), limit=10)
        assert through.target == "src/flask/helpers.py::url_for" and through.fusion_strategy == "direct", question
        assert [(r.path, r.start_line) for r in through.results] == [(r.path, r.start_line) for r in plain.results]
        assert through.results and through.results[0].path == "src/flask/views.py"


def test_the_graph_command_reads_inherited_members_too(engine: Engine) -> None:
    """``maguyva graph callers Flask.route`` and the MCP server's graph tools answer as for the base."""
    through, direct = engine.callers("Flask.route", 10), engine.callers("Scaffold.route", 10)
    assert through.known and [(s.path, s.line) for s in through.entries] == [(s.path, s.line) for s in direct.entries]
    assert through.entries and through.name == "Flask.route"
    assert engine.impact("Flask.route", 2, 10).entries
    assert not engine.callers("Flask.nothing_here", 10).known


def test_the_definition_tool_reads_inherited_members_too(engine: Engine) -> None:
    """MCP's find_definition of ``Flask.route`` had found nothing, where its references and impact
    followed it to ``Scaffold.route``."""
    answer = engine.definitions("Flask.route")
    assert [(d.symbol.path, d.symbol.qualname) for d in answer.entries if d.symbol] == [("pkg/base.py", "Scaffold.route")]
    assert not engine.definitions("Flask.route", ("class",)).entries
    assert not engine.definitions("Flask.nothing_here").entries
