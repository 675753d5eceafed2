"""The direct path ranks like the blend (issue 20.3): the package's own code before its examples,
tests and docs, ties broken by centrality, a better match never overturned, the real centrality
shown.

The tree reproduces werkzeug's shape: ``examples/`` subclass ``Response`` and call ``run_simple``,
which come before ``src/`` in path order (the engines' own tie-break).
"""

from __future__ import annotations

import math

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.fusion import direct, secondary_demotion, tie_class
from maguyva_tui.core.types import Hit

FILES = {
    "examples/coolmagic/utils.py": "from pkg.wrappers import Response as BaseResponse\n\n\n"
    "class Response(BaseResponse):\n    charset = 'utf-8'\n",
    "examples/shorty/utils.py": "from pkg.wrappers import Response as BaseResponse\n\n\n"
    "class Response(BaseResponse):\n    mimetype = 'text/html'\n",
    "examples/manage.py": "from pkg.serving import run_simple\n\n\n"
    "def runserver(port):\n    run_simple('localhost', port, None)\n\n\n"
    "def main():\n    runserver(5000)\n",
    "examples/upload.py": "from pkg.serving import run_simple\n\nrun_simple('localhost', 5000, None)\n",
    "tests/test_serving.py": "from pkg.serving import run_simple\n\n\n"
    "def test_port():\n    run_simple('127.0.0.1', 5000, None)\n",
    "src/pkg/__init__.py": "",
    "src/pkg/wrappers.py": "class Response:\n    def __init__(self, body):\n        self.body = body\n\n\n"
    "def make_response(body):\n    return Response(body)\n",
    "src/pkg/serving.py": "def run_simple(host, port, app):\n    return (host, port, app)\n",
    "vendor/unpromise/unpromise.py": "class Unpromise:\n    def __init__(self, inner):\n        self.inner = inner\n",
    "src/pkg/stream.py": "from unpromise import Unpromise\n\nCHUNK_VALUE_TYPE_PROMISE = 0\n\n\n"
    "def wrap(value):\n    return Unpromise(value)\n",
    "src/pkg/testapp.py": "from pkg.serving import run_simple\nfrom pkg.wrappers import Response, make_response\n\n\n"
    "def serve():\n    run_simple('localhost', 5000, make_response(Response('x')))\n\n\n"
    "def main():\n    serve()\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("shape")
    for name, text in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh(semantic=False)
    return e


def test_the_packages_own_class_comes_before_the_examples_subclasses(engine: Engine) -> None:
    result = engine.search("def Response")
    assert result.fusion_strategy == "direct"
    paths = [r.path for r in result.results if r.symbol == "Response"]
    assert paths[0] == "src/pkg/wrappers.py"
    assert set(paths[1:]) == {"examples/coolmagic/utils.py", "examples/shorty/utils.py"}
    first = result.results[0]
    assert first.demotion == 1.0 and first.centrality > 0.0  # the real centrality, as the blend sees it
    assert all(r.demotion == 0.5 for r in result.results if r.path.startswith("examples/"))


def test_the_packages_own_call_sites_come_before_the_examples_and_tests(engine: Engine) -> None:
    result = engine.search("who calls run_simple")
    assert result.fusion_strategy == "direct"
    paths = [r.path for r in result.results]
    assert paths[0] == "src/pkg/testapp.py"
    assert sorted(paths[1:]) == ["examples/manage.py", "examples/upload.py", "tests/test_serving.py"]
    assert any(r.centrality > 0.0 for r in result.results)


def test_the_explanation_rederives_each_direct_score(engine: Engine) -> None:
    result = engine.search("who calls run_simple")
    scores = [r.score for r in result.results]
    assert scores == sorted(scores, reverse=True)
    for place, r in enumerate(result.results):
        vote = r.vote("graph")
        assert vote is not None and vote.rank == place
        assert math.isclose(vote.contribution, vote.weight / (result.k + place + 1), rel_tol=1e-12)
        assert r.score == vote.contribution * r.demotion and r.boost == 1.0
        assert vote.reason == "calls run_simple" and r.match_lines == (r.start_line,)


def test_a_question_about_examples_leaves_them_where_the_engine_put_them(engine: Engine) -> None:
    asked = engine.search("where is Response defined in the examples", intent="find_definition")
    assert all(r.demotion == 1.0 for r in asked.results)


def test_a_name_defined_only_in_the_examples_is_not_demoted(engine: Engine) -> None:
    result = engine.search("def runserver")
    assert result.results[0].path == "examples/manage.py" and result.results[0].demotion == 1.0


def test_a_name_defined_only_in_vendored_code_is_not_demoted(engine: Engine) -> None:
    """trpc's shape: ``vendor/unpromise`` defines ``Unpromise``, the package's own code only names
    it (and a fuzzy match of the name): the vendored class is the definition there is."""
    for question in ("Unpromise", "def Unpromise"):
        result = engine.search(question)
        first = result.results[0]
        assert (first.path, first.symbol, first.demotion) == ("vendor/unpromise/unpromise.py", "Unpromise", 1.0), question


def _hit(path: str, score: float, kind: str = "class") -> Hit:
    return Hit(path, 1, 5, score, "Name", kind)


def test_centrality_breaks_ties_and_never_overturns_a_better_match() -> None:
    hits = [_hit("a.py", 7.5), _hit("b.py", 7.33), _hit("c.py", 3.5)]  # two exact names, then a prefix
    central = {"a.py": 0.1, "b.py": 2.0, "c.py": 50.0}
    items = direct("structural", hits, 0.6, 40, centrality=lambda h: central[h.path])
    assert [i.hit.path for i in items] == ["b.py", "a.py", "c.py"]
    assert [i.centrality for i in items] == [2.0, 0.1, 50.0]


def test_a_kind_the_engine_ranks_lower_is_no_tie_for_centrality() -> None:
    """marshmallow's shape: the decorator ``post_load`` and a ``TypedDict`` field of that name in a
    more central file, both exact names: the function first, as the structural engine orders a tier."""
    hits = [_hit("decorators.py", 7.5, "function"), _hit("fields.py", 7.33, "variable"), _hit("base.py", 7.25, "import")]
    central = {"decorators.py": 0.1, "fields.py": 2.0, "base.py": 9.0}
    items = direct("structural", hits, 0.6, 40, centrality=lambda h: central[h.path])
    assert [i.hit.path for i in items] == ["decorators.py", "fields.py", "base.py"]
    assert tie_class("structural", _hit("a.py", 7.5, "function")) == tie_class("structural", _hit("b.py", 7.2, "struct"))
    assert tie_class("structural", _hit("a.py", 7.5, "import")) > tie_class("structural", _hit("b.py", 6.9, "class"))


def test_a_lone_name_is_the_type_or_function_before_a_member_of_that_name() -> None:
    """gin's shape: ``Context.Render`` in the central ``context.go``, the interface ``Render`` and
    the package's function ``Bind`` elsewhere: the type and the function first; flask's: the proxy
    ``session`` in ``globals.py`` before the property ``RequestContext.session``. The methods come
    after every kind of the top of a file but imports."""
    hits = [_hit("context.go", 7.5, "method"), _hit("render.go", 7.33, "interface"), _hit("utils.go", 7.25, "function"),
            _hit("mod.go", 7.2, "module"), _hit("globals.py", 7.1, "variable"), _hit("uses.go", 7.0, "import")]
    central = {"context.go": 9.0, "render.go": 0.1, "utils.go": 0.2, "mod.go": 0.3, "globals.py": 0.4, "uses.go": 30.0}
    items = direct("structural", hits, 0.6, 40, centrality=lambda h: central[h.path])
    assert [i.hit.path for i in items] == ["utils.go", "render.go", "mod.go", "globals.py", "context.go", "uses.go"]


def test_a_method_comes_before_a_field_of_its_name() -> None:
    """flask's ``name``: the property ``App.name`` before the class attributes ``Scaffold.name`` and
    ``SeparatedPathType.name`` of more central files; a variable at the top of a file before both."""
    hits = [Hit("scaffold.py", 71, 71, 7.5, "Scaffold.name", "variable"), Hit("cli.py", 768, 768, 7.4, "Path.name", "variable"),
            Hit("app.py", 425, 440, 7.3, "App.name", "method"), Hit("globals.py", 3, 3, 7.2, "name", "variable")]
    central = {"scaffold.py": 5.0, "cli.py": 4.0, "app.py": 1.0, "globals.py": 0.5}
    items = direct("structural", hits, 0.6, 40, centrality=lambda h: central[h.path])
    assert [i.hit.path for i in items] == ["globals.py", "app.py", "scaffold.py", "cli.py"]


def test_demoted_paths_come_after_own_code_whatever_their_match() -> None:
    hits = [_hit("examples/a.py", 7.5), _hit("vendor/x/b.py", 7.4), _hit("src/c.py", 3.5)]
    items = direct("structural", hits, 0.6, 40, demotion=secondary_demotion)
    assert [i.hit.path for i in items] == ["src/c.py", "examples/a.py", "vendor/x/b.py"]
    assert [i.demotion for i in items] == [1.0, 0.5, 0.5]


def test_every_call_site_is_one_class_and_a_text_tier_is_its_own() -> None:
    assert tie_class("graph", Hit("a.py", 3, 3, 0.9, kind="call")) == tie_class("graph", Hit("b.py", 1, 1, 0.1, kind="call"))
    assert tie_class("text", Hit("a.py", 3, 3, 3.5)) != tie_class("text", Hit("a.py", 4, 4, 3.0))
    assert tie_class("structural", Hit("a.py", 3, 3, 7.5)) == tie_class("structural", Hit("b.py", 3, 3, 7.33))


def test_test_and_example_folders_are_read_without_their_underscores() -> None:
    """Jest's ``__tests__`` and Go's ``_examples`` (a leading underscore keeps it out of the build)
    hold tests and examples like ``tests/`` and ``examples/``; Python's ``_internal`` stays the
    package's own (Go's would not: ``go build`` ignores every ``_`` folder, ``paths.OWN_TOOLS_ASIDE``)."""
    hits = [_hit("web/__tests__/render.js", 7.5), _hit("_examples/main.go", 7.4), _hit("_internal/c.py", 3.5)]
    items = direct("structural", hits, 0.6, 40, demotion=secondary_demotion)
    assert [i.hit.path for i in items] == ["_internal/c.py", "web/__tests__/render.js", "_examples/main.go"]
    assert [i.demotion for i in items] == [1.0, 0.5, 0.5]
