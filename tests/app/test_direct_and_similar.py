"""The explorer's direct answers and 'similar to X', as a person sees them (issues 20.3 and 20.4)."""

from __future__ import annotations

import pytest

from maguyva_tui.app.widgets.results import ResultsTable
from tests.app.conftest import SIZE, ask

pytestmark = pytest.mark.anyio


async def test_an_exact_string_lists_the_code_before_the_docs_that_quote_it(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, '"ECONNREFUSED"')
        rows = [r.result for r in app.answer.rows]
        paths = [r.path for r in rows]
        assert "README.md" in paths and paths[0] != "README.md"
        docs = [i for i, p in enumerate(paths) if p == "README.md"]
        assert all(i > j for i in docs for j, p in enumerate(paths) if p != "README.md")  # code, then docs
        assert {r.demotion for r in rows if r.path == "README.md"} == {0.5}
        assert app.query_one(ResultsTable).row_count == len(rows)


async def test_similar_to_x_leaves_x_out_and_says_so(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "similar to parse_config")
        rows = [r.result for r in app.answer.rows]
        assert rows and not any(r.symbol == "parse_config" and r.path == "app/config.py" for r in rows)
        assert any(n.startswith("excluding parse_config itself") for n in app.answer.notices)
