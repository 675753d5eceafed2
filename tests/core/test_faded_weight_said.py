"""When the blend counts an engine's votes at less than its plan's weight (the text engine's word
votes where its first answer lies outside the semantic engine's first files, ``fusion.TEXT_DISSENT``),
the result says so: ``faded`` in the JSON and MCP's search answer, a ``faded`` line in
``--explain``'s header and in the explorer's panel. The votes had shown text 0.1 under a weight of 0.2 without a word of why."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest

from maguyva_tui.core import fusion
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.explain import header_text
from maguyva_tui.mcp.answers import search_answer
from tests.core.test_engine import FIXTURE, CountingProvider

FADES = "where do we log the server errors"
"""A plain question whose text engine's first answer (``c/config.c``) the semantic engine's first
five files do not hold, over the fixture with :class:`CountingProvider`'s vectors."""
AGREES = "how does the config loader read files"


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("faded") / "polyglot"
    shutil.copytree(FIXTURE, root, symlinks=True)
    e = Engine(root, tmp_path_factory.mktemp("faded-index"), provider=CountingProvider())
    e.refresh()
    e.embed_pending()
    yield e
    e.close()


def _text_weights(result: object) -> set[float]:
    return {round(vote.weight, 6) for r in result.results  # type: ignore[attr-defined]
            for name, vote in r.votes if name == "text" and vote is not None}


def test_a_faded_engine_is_said_with_its_factor_and_why(engine: Engine) -> None:
    result = engine.search(FADES)
    why = "its first answer, c/config.c, lies in none of the semantic engine's first 5 files"
    assert result.faded == (("text", fusion.TEXT_DISSENT, why),)
    assert _text_weights(result) == {round(result.weight("text") * fusion.TEXT_DISSENT, 6)}  # each vote's weight: the one used
    assert result.to_json()["faded"] == {"text": {"factor": 0.5, "why": why}}
    assert f"faded       text 0.2 × 0.5 = 0.1: {why}" in header_text(result).splitlines()
    assert search_answer(engine, FADES, limit=5)["faded"] == {"text": {"factor": 0.5, "why": why}}  # MCP's search too


def test_an_engine_counted_in_full_is_not_said_faded(engine: Engine) -> None:
    result = engine.search(AGREES)
    assert result.faded == ()
    assert _text_weights(result) == {round(result.weight("text"), 6)}
    assert result.to_json()["faded"] == {}
    assert "faded" not in header_text(result)
    assert "faded" not in search_answer(engine, AGREES, limit=5)  # left out when empty, as MCP leaves notices


def test_a_literal_is_never_faded(engine: Engine) -> None:
    assert engine.search('"ECONNREFUSED"').faded == ()
