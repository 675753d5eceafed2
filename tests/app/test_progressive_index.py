"""A repository never indexed: the first results come from the text and structural engines while
the graph and the semantic tier are still being built, the status line says which engines answer,
and the results refresh as the others join, the selected row staying selected."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from maguyva_tui.app import MaguyvaApp
from maguyva_tui.app.widgets.results import ResultsTable
from maguyva_tui.app.widgets.status import StatusLine, build_forms
from maguyva_tui.core import indexer, semantic_index
from maguyva_tui.core.engine import Engine
from tests.app.conftest import SIZE, wait_for

GATE_S = 300.0
"""A held step goes on by itself after this long, so that a test that fails before its ``finally``
sets the gates never hangs (well past the test's own waits: a gate that opened by itself under load
let the semantic tier finish before the test looked for it)."""


def _held(gate: threading.Event, step: Callable[..., Any]) -> Callable[..., Any]:
    """The same step, started only once ``gate`` is set: a build phase the test slows down."""

    def wait_then(*args: Any, **kwargs: Any) -> Any:
        gate.wait(GATE_S)
        return step(*args, **kwargs)

    return wait_then


def test_a_searchable_first_build_says_what_answers_and_which_step_is_still_going() -> None:
    assert build_forms("indexing", "graph", ("text", "structural")) == (
        "searchable (text, structure) · 4/5: call graph", "searchable · 4/5: call graph")
    assert build_forms("indexing", "static", ("text", "structural", "graph"))[0] == (
        "searchable (text, structure, graph) · 5/5: semantic index")
    assert build_forms("indexing", "parse", ("text", "structural", "graph", "semantic")) == ("indexing 2/5: parsing",)


@pytest.mark.slow
@pytest.mark.anyio
async def test_first_results_come_before_the_graph_and_the_semantic_tier(
    polyglot: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    graph_gate, static_gate = threading.Event(), threading.Event()
    monkeypatch.setattr(indexer, "centrality_table", _held(graph_gate, indexer.centrality_table))
    # the static tier is filled by embed_table (read at each fill): held, the semantic engine waits
    monkeypatch.setattr(semantic_index, "embed_table", _held(static_gate, semantic_index.embed_table))
    # the question is in the box before any engine is ready
    app = MaguyvaApp(Engine(polyglot, tmp_path / "index"), watch=False, embed=False, query="parse_config")
    try:
        async with app.run_test(size=SIZE) as pilot:
            status = app.query_one(StatusLine)
            table = app.query_one(ResultsTable)

            def shown(notice: str) -> bool:
                answer = app.answer
                return answer is not None and bool(answer.rows) and app.shown_seq == app.seq and any(
                    notice in n for n in answer.notices
                )

            await wait_for(pilot, lambda: shown("the graph and semantic engines are not ready yet"))
            # whole, or (the notice keeping its room) in the short form that names only what is ready
            assert status.drawn().state in ("searchable (text, structure) · 4/5: call graph", "searchable · 4/5: call graph")
            assert not graph_gate.is_set()  # the graph really is still being built
            paths = [row.path for row in app.answer.rows]  # type: ignore[union-attr]
            assert {"app/config.py", "rust/lib.rs", "c/config.c"} <= set(paths)
            table.focus()
            await pilot.press("down")
            chosen = table.current_row()
            assert chosen is not None and table.cursor_row == 1

            graph_gate.set()  # the graph finishes, the question is asked again (15 s was short under load)
            await wait_for(pilot, lambda: shown("the semantic engine is not ready yet"), timeout=60)
            assert status.drawn().state in ("searchable (text, structure, graph) · 5/5: semantic index",
                                           "searchable · 5/5: semantic index")
            assert not static_gate.is_set()
            assert table.current_row().key == chosen.key  # type: ignore[union-attr]

            static_gate.set()
            await wait_for(pilot, lambda: not app.query_one(StatusLine).has_class("-indexing"), timeout=60)
            await wait_for(pilot, lambda: app.shown_seq == app.seq and app.answer is not None)
            assert "files" in status.drawn().state  # what the index holds: it is complete
            assert not any(n.startswith("still indexing") for n in app.answer.notices)  # type: ignore[union-attr]
            assert table.current_row().key == chosen.key  # type: ignore[union-attr]
    finally:
        graph_gate.set()
        static_gate.set()


@pytest.mark.slow  # 50 rows and a dozen key presses: about 10 s on a loaded machine
@pytest.mark.anyio
async def test_the_selected_row_keeps_its_place_on_screen_when_an_engine_joins(
    polyglot: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    graph_gate = threading.Event()
    monkeypatch.setattr(indexer, "centrality_table", _held(graph_gate, indexer.centrality_table))
    engine = Engine(polyglot, tmp_path / "index", static=False)
    app = MaguyvaApp(engine, watch=False, embed=False, query='"e"')  # a line per match: 50 rows
    try:
        async with app.run_test(size=(130, 24)) as pilot:
            table = app.query_one(ResultsTable)
            await wait_for(pilot, lambda: app.answer is not None and app.shown_seq == app.seq)
            assert len(app.answer.rows) > table.scrollable_content_region.height  # type: ignore[union-attr]
            table.focus()
            await pilot.press(*["down"] * 12)
            await pilot.pause()
            assert table.scroll_y > 0
            chosen, place = table.current_row(), table.cursor_row - round(table.scroll_y)
            before = app.seq

            graph_gate.set()
            await wait_for(pilot, lambda: app.seq > before and app.shown_seq == app.seq and app.index_ready)
            await wait_for(pilot, lambda: not app.query_one(StatusLine).has_class("-indexing"))
            await wait_for(pilot, lambda: app.shown_seq == app.seq)
            await pilot.pause(0.1)
            assert table.current_row().key == chosen.key  # type: ignore[union-attr]
            assert table.cursor_row - round(table.scroll_y) == place
    finally:
        graph_gate.set()
