"""``maguyva search`` of "who calls X" or "what breaks if I change X" cut by ``--limit`` names the
graph command that counts the whole list ("showing 50 of 60"), where it had said only "raise
--limit or narrow the query"; a question no graph command counts so (what X calls) says as before."""

from __future__ import annotations

import pytest

from maguyva_tui import cli
from maguyva_tui.core.engine import Engine
from tests.core.small_repo import indexed, many_callers

CALLERS = 30
FILES = many_callers(CALLERS)


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, FILES)


def _cut(engine: Engine, query: str) -> str | None:
    return cli._searched(engine, query, limit=5, modality=None, regex=False, case="smart", intent=None,
                         preset="default", depth=None)[1]


def test_who_calls_names_graph_callers(engine: Engine) -> None:
    assert _cut(engine, "who calls target") == (
        "showing the first 5; more match: raise --limit (`maguyva graph callers target` says how many)")


def test_impact_names_graph_impact(engine: Engine) -> None:
    assert _cut(engine, "what breaks if I change target") == (
        "showing the first 5; more match: raise --limit (`maguyva graph impact target` says how many)")


def test_what_it_calls_says_as_before(engine: Engine) -> None:
    assert _cut(engine, "what does busy call") == "showing the first 5; more match: raise --limit or narrow the query"
