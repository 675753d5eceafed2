"""A ``--batch`` line takes the MCP tool's ``ignore_case`` beside its own ``case``: the line had
answered '"ignore_case" is no batch key; ignored' and searched case-sensitively."""

from __future__ import annotations

import argparse
from typing import Any

import pytest

from maguyva_tui.cli import _batch_one


def _case_of(line: bytes, ignore_case: bool = False) -> Any:
    """The case a batch line is searched with (its error, when it has one), and its notices."""
    args = argparse.Namespace(limit=20, modality=None, regex=False, ignore_case=ignore_case, smart_case=False,
                              intent=None, preset="default", depth=None)
    asked: list[dict[str, Any]] = []

    def answer(text: str, options: dict[str, Any]) -> dict[str, Any]:
        asked.append(options)
        return {"query": text, "results": []}

    out = _batch_one(answer, args, line, 1)
    return out.get("error") or asked[0]["case"], out.get("notices", [])


@pytest.mark.parametrize(("line", "case"), [
    (b'{"query": "x", "ignore_case": true}', "insensitive"),
    (b'{"query": "x", "ignore_case": false}', "sensitive"),
    (b'{"query": "x", "case": "smart"}', "smart"),
    (b'{"query": "x", "case": "insensitive", "ignore_case": true}', "insensitive"),
    (b'{"query": "x", "ignore_case": null}', "sensitive"),
])
def test_ignore_case_is_a_batch_key_as_the_mcp_tool_spells_it(line: bytes, case: str) -> None:
    assert _case_of(line) == (case, [])


def test_a_line_saying_two_cases_or_a_word_for_a_flag_is_its_error() -> None:
    said, _ = _case_of(b'{"query": "x", "case": "smart", "ignore_case": true}')
    assert said == 'line 1: "case": "smart" and "ignore_case": true disagree: send one of them'
    said, _ = _case_of(b'{"query": "x", "ignore_case": "yes"}')
    assert said == 'line 1: "ignore_case" must be true or false, not "yes"'
    assert _case_of(b'{"query": "x", "ignore_case": false}', ignore_case=True)[0] == "sensitive"  # the line's word
    assert _case_of(b'{"query": "x"}', ignore_case=True)[0] == "insensitive"  # else the command line's -i


def test_an_unknown_case_names_the_cases_there_are() -> None:
    """``"case": "INSENSITIVE"`` had been "unknown case mode 'INSENSITIVE'" alone, where an unknown
    preset or modality lists the choices."""
    from maguyva_tui.core.search import SearchRequest
    from maguyva_tui.core.types import QueryError

    with pytest.raises(QueryError, match=r"unknown case mode 'INSENSITIVE' \(choose from sensitive, insensitive, smart\)"):
        SearchRequest("x", case="INSENSITIVE").validate()
