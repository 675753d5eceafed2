"""MCP's ``search`` says a quoted phrase's text match in words of a phrase ("whole words"), where
its ``why`` had said "whole identifier" of "Brazilian postal" in a docstring."""

from __future__ import annotations

import pytest

pytest.importorskip("mcp")

from maguyva_tui.core.engine import Engine  # noqa: E402
from maguyva_tui.mcp.answers import search_answer  # noqa: E402
from tests.core.small_repo import indexed  # noqa: E402

FILES = {"v.py": 'def postal(code):\n    """Validate a Brazilian postal code."""\n    return code\n'}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, FILES)


def test_mcp_why_says_whole_words(engine: Engine) -> None:
    out = search_answer(engine, '"Brazilian postal"', limit=5)
    assert out["results"][0]["why"] == {"text": "whole words"}


def test_mcp_why_of_an_identifier_unchanged(engine: Engine) -> None:
    out = search_answer(engine, '"postal"', limit=5)
    assert out["results"][0]["why"]["text"].startswith("whole identifier")
