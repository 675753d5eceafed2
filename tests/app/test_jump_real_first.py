"""Every list of a name's definitions a user picks from puts the real definitions first, through one
function (``core.definition_order.real_first``): the explorer's go-to, ``Engine.definitions`` (MCP's
``find_definition``), and ``maguyva graph``'s definitions. The go-to had listed symbols of one name
in path order: serde's template ``Serialize`` of ``private/doc.rs`` (a macro's template of a name
defined elsewhere) above ``ser/mod.rs``'s trait, a helper class of ``tests/`` above the package's
own, a Rust ``#[test]`` function of ``src/a.rs`` above ``src/z.rs``'s ``encode``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import OptionList

from maguyva_tui.app.fuzzy import Finder, Target
from maguyva_tui.app.screens.jump import JumpScreen
from maguyva_tui.core import fusion
from maguyva_tui.core.definition_order import aside_factor, ordered_by_aside, real_first
from maguyva_tui.core.engine import Engine
from maguyva_tui.graph_command import graph_answer
from maguyva_tui.mcp.answers import definition_answer
from tests.app.conftest import SIZE, ready, wait_for
from tests.core.test_macro_templates import DOC, SER

FILES = {
    "src/private/doc.rs": DOC,
    "src/ser/mod.rs": SER,
    "src/a.rs": "#[test]\nfn encode() {\n    assert!(true);\n}\n",
    "src/z.rs": "pub fn encode() -> u8 {\n    0\n}\n",
    "tests/helpers.py": "class Widget:\n    pass\n\n\ndef one():\n    return Widget()\n\n\ndef two():\n    return Widget()\n",
    "zlib/widget.py": "class Widget:\n    pass\n",
    "zlib/use.py": "from zlib.widget import Widget\n\n\ndef make():\n    return Widget()\n",
}


class _Generation:
    """What the order reads of a generation: test code marked in a source file, shadowed templates."""

    def in_test_code(self, key: tuple[str, int, int]) -> bool:
        return key == ("src/a.rs", 1, 4)

    def shadowed_templates(self) -> frozenset[tuple[str, int, int]]:
        return frozenset({("src/private/doc.rs", 5, 7)})


def test_a_definitions_factor_is_the_searchs_demotion_of_its_chunk() -> None:
    generation = _Generation()
    assert aside_factor(generation, ("src/z.rs", 1, 3)) == 1.0
    assert aside_factor(generation, ("src/a.rs", 1, 4)) == fusion.SECONDARY_DEMOTION  # #[test] in src/
    assert aside_factor(generation, ("tests/helpers.py", 1, 2)) == fusion.SECONDARY_DEMOTION
    assert aside_factor(generation, ("src/private/doc.rs", 5, 7)) == fusion.DEMOTION  # the template
    assert aside_factor(generation, ("vendor/tests/x.py", 1, 2)) == fusion.DEMOTION * fusion.SECONDARY_DEMOTION
    assert aside_factor(object(), ("src/a.rs", 1, 4)) == 1.0  # a view that cannot tell: by path alone


def test_the_real_definitions_come_first_each_group_in_its_order() -> None:
    places = [("src/a.rs", 1, 4), ("src/private/doc.rs", 5, 7), None, ("src/z.rs", 1, 3), ("src/b.rs", 1, 1)]
    assert real_first(_Generation(), places, lambda p: p) == [
        None, ("src/z.rs", 1, 3), ("src/b.rs", 1, 1), ("src/a.rs", 1, 4), ("src/private/doc.rs", 5, 7)]
    assert ordered_by_aside(["c", "b", "a"], lambda x: 1.0) == ["c", "b", "a"]


def _symbol(path: str, line: int, end: int, label: str = "Serialize") -> Target:
    return Target(label, path, line, end, f"trait  {path}:{line}")


def test_go_to_orders_the_matches_of_one_score_as_it_is_told() -> None:
    """Go-to's matches of one score had kept their order in the candidates (symbols in path order)."""
    template, real = _symbol("src/private/doc.rs", 5, 7), _symbol("src/ser/mod.rs", 2, 4)
    longer = _symbol("src/ser/mod.rs", 9, 9, "SerializeMap")
    candidates = [Target("src/a.rs", "src/a.rs", 1, 1), template, longer, real]
    order = lambda found: real_first(_Generation(), found, lambda t: (t.path, t.line, t.end_line))  # noqa: E731
    assert Finder(candidates).rank("Serialize", 3) == [template, real, longer]  # unordered: path order
    assert Finder(candidates, order).rank("Serialize", 3) == [real, template, longer]
    assert Finder(candidates, order).rank("Serialize", 1) == [real]  # the tie at the cut is read whole


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("real-first") / "mixed"
    for name, text in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


@pytest.fixture(scope="module")
def engine(repo: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    built = Engine(repo, tmp_path_factory.mktemp("real-first-index"), static=False)
    try:
        yield built
    finally:
        built.close()


@pytest.mark.slow  # an index of the repository above
def test_definitions_and_find_definition_list_the_real_ones_first(engine: Engine) -> None:
    """The test helper ``Widget`` of ``tests/`` and the ``#[test] fn encode`` of ``src/a.rs`` had been
    listed first (path order), as they still are by a question that asks for tests."""
    for name, first in [("Widget", "zlib/widget.py"), ("encode", "src/z.rs"), ("Serialize", "src/ser/mod.rs")]:
        assert [d.symbol.path for d in engine.definitions(name).entries if d.symbol][0] == first, name
        assert definition_answer(engine, name, None, False, 10)["definitions"][0]["path"] == first, name


@pytest.mark.slow  # an index of the repository above
def test_graph_lists_the_real_definition_first_the_more_central_test_helper_after(engine: Engine) -> None:
    """The test helper's ``Widget``, constructed twice, had been listed first as the more central."""
    answer = graph_answer(engine, "callers", "Widget", None, 10)
    assert answer["definitions"] == ["zlib/widget.py::Widget", "tests/helpers.py::Widget"]
    assert answer["notes"][0].endswith("templates last: zlib/widget.py::Widget, tests/helpers.py::Widget")


@pytest.mark.anyio
@pytest.mark.slow  # the explorer on the repository above: about 2 s
async def test_go_to_lists_the_real_definition_first(repo: Path, tmp_path: Path) -> None:
    from maguyva_tui.app import MaguyvaApp

    app = MaguyvaApp(Engine(repo, tmp_path / "index"), watch=False, embed=False)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        for typed, first in [("Serialize", "src/ser/mod.rs:2"), ("Widget", "zlib/widget.py:1"), ("encode", "src/z.rs:1")]:
            await pilot.press("ctrl+g")
            await wait_for(pilot, lambda: isinstance(app.screen, JumpScreen))
            app.screen.query_one("#jump-input").value = typed
            options = app.screen.query_one("#jump-list", OptionList)
            await wait_for(pilot, lambda o=options, t=typed: o.option_count and t in str(o.get_option_at_index(0).prompt))
            assert first in str(options.get_option_at_index(0).prompt), typed
            await pilot.press("escape")
            await wait_for(pilot, lambda: not isinstance(app.screen, JumpScreen))
