"""MCP's ``search`` of "who calls X" or "what breaks if I change X" cut at its most (50) says which
tool lists more (``find_references``/``impact``, up to 200), where it had said only "narrow the
query"; a question no such tool answers (what X calls) still says "narrow the query"."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

pytest.importorskip("mcp")

from maguyva_tui.core.engine import Engine  # noqa: E402
from maguyva_tui.mcp.answers import search_answer  # noqa: E402
from maguyva_tui.mcp.server import build_server  # noqa: E402
from maguyva_tui.mcp.service import RepoService  # noqa: E402
from tests.core.small_repo import indexed, many_callers  # noqa: E402
from tests.core.test_failed_lookup import FirstWordProvider  # noqa: E402

CALLERS = 60
FILES = many_callers(CALLERS)


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, FILES)


def test_who_calls_cut_at_fifty_names_find_references(engine: Engine) -> None:
    out = search_answer(engine, "who calls target", limit=50)
    assert len(out["results"]) == 50
    assert out["truncated"] == 'showing the first 50; more match: find_references with name "target" lists up to 200'


def test_impact_cut_at_fifty_names_impact(engine: Engine) -> None:
    out = search_answer(engine, "what breaks if I change target", limit=50)
    assert out["truncated"] == 'showing the first 50; more match: impact with name "target" lists up to 200'


def test_what_it_calls_still_says_narrow(engine: Engine) -> None:
    out = search_answer(engine, "what does busy call", limit=50)
    assert out["truncated"] == "showing the first 50; more match: narrow the query"


def test_below_the_most_says_raise_limit(engine: Engine) -> None:
    out = search_answer(engine, "who calls target", limit=10)
    assert out["truncated"] == "showing the first 10; more match: raise limit (at most 50) or narrow the query"


def test_the_search_description_says_so(tmp_path: Path) -> None:
    service = RepoService(Engine(tmp_path, tmp_path / "ix", provider=FirstWordProvider(), static=False), embed=False)
    search = next(t for t in anyio.run(build_server(service).list_tools) if t.name == "search")
    words = " ".join((search.description or "").split())
    assert "callers or dependents cut at 50 name find_references or impact, which list up to 200" in words
