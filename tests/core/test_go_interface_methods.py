"""A Go name that an interface's method and a method with a body share: the method with a body, the
code that runs, comes first; the interface's line (no body, no ``func``) after it.

Echo 4.2.1's ``Render`` had been ``Render(io.Writer, string, interface{}, Context) error`` of
``type Renderer interface`` in ``echo.go`` (the more central file) before ``func (c *context)
Render(...)`` of ``context.go``; universal-ctags counts the interface's line a ``methodSpec``, the
method a ``func``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.fusion import kind_class, tie_class
from maguyva_tui.core.retrievers.structural import DECLARATION_NOTE, StructuralRetriever
from maguyva_tui.core.types import Hit, Query, Symbol

APP = (
    "package app\n\n"
    "import \"io\"\n\n"
    "type Renderer interface {\n\tRender(io.Writer, string) error\n}\n\n"
    "type App struct {\n\tRenderer Renderer\n}\n"
)
CONTEXT = (
    "package app\n\n"
    "type context struct {\n\tapp *App\n}\n\n"
    "func (c *context) Render(name string) error {\n\treturn c.app.Renderer.Render(nil, name)\n}\n"
)
USERS = "".join(f"package app\n\nfunc use{i}(a *App) *App {{\n\tvar r Renderer = a.Renderer\n\t_ = r\n\treturn a\n}}\n"
                for i in range(3))


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("go_iface")
    (root / "app.go").write_text(APP)
    (root / "context.go").write_text(CONTEXT)
    (root / "users.go").write_text(USERS)
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh(semantic=False)
    yield e
    e.close()


@pytest.mark.slow  # an index build (about 1 s under load)
@pytest.mark.parametrize("question", ["Render", "where is Render defined"])
def test_the_method_with_a_body_comes_before_the_interfaces(engine: Engine, question: str) -> None:
    listed = [(r.path, r.start_line) for r in engine.search(question, limit=10).results]
    assert listed.index(("context.go", 7)) < listed.index(("app.go", 6))


@pytest.mark.slow
def test_the_definitions_answer_lists_the_method_with_a_body_first(engine: Engine) -> None:
    listed = [(e.symbol.path, e.symbol.start_line) for e in engine.definitions("Render").entries]
    assert listed == [("context.go", 7), ("app.go", 6)]  # find_definition's order, and the go-to box's


def _method(path: str, line: int, qualname: str, signature: str) -> Symbol:
    return Symbol("Render", qualname, "method", path, line, line, "go", signature,
                  declaration=not signature.startswith("func"))


def test_the_engine_lists_the_method_with_a_body_first_within_its_tier() -> None:
    spec = _method("app.go", 6, "Renderer.Render", "Render(io.Writer, string) error")
    method = _method("context.go", 7, "context.Render", "func (c *context) Render(name string) error {")
    hits = StructuralRetriever([spec, method]).search(Query("Render", target="Render"), 10)
    assert [(h.path, h.start_line) for h in hits] == [("context.go", 7), ("app.go", 6)]
    assert hits[1].reason.endswith(DECLARATION_NOTE) and not hits[0].reason.endswith(DECLARATION_NOTE)


def test_only_a_declaration_is_noted() -> None:
    one_line = _method("a.go", 1, "T.Render", "func (t T) Render() error { return nil }")
    java = Symbol("render", "Renderer.render", "method", "A.java", 2, 2, "java", "void render();")
    for symbol in (one_line, java):
        (hit,) = StructuralRetriever([symbol]).search(Query(symbol.name, target=symbol.name), 10)
        assert not hit.reason.endswith(DECLARATION_NOTE)


def test_an_interfaces_method_ties_after_a_method_and_before_a_field() -> None:
    spec = Hit("app.go", 6, 6, 7.5, "Renderer.Render", "method", "go", "exact name" + DECLARATION_NOTE)
    method = Hit("context.go", 7, 9, 7.5, "context.Render", "method", "go", "exact name")
    field = Hit("app.go", 10, 10, 7.5, "App.Render", "variable", "go", "exact name")
    assert tie_class("structural", method) > tie_class("structural", spec) > tie_class("structural", field)
    assert kind_class("method") > kind_class("method", declaration=True) > kind_class("variable", "App.Render")


def test_a_names_definitions_list_the_method_with_a_body_first() -> None:
    spec = _method("app.go", 6, "Renderer.Render", "Render(io.Writer, string) error")
    method = _method("context.go", 7, "context.Render", "func (c *context) Render(name string) error {")
    assert [s.path for s in StructuralRetriever([spec, method]).lookup("Render")] == ["context.go", "app.go"]
