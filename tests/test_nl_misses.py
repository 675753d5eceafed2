"""Why the blend misses a docstring question's function (``python -m bench.nl.misses``): the counts
of what stands above the answer, read from saved records (nothing indexed or asked here)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bench.nl import misses

ANSWER = ["pkg/shell.py", 10, 12]


def _item(path: str, start: int, end: int, **votes: int) -> dict[str, Any]:
    return {"path": path, "start": start, "end": end, "symbol": None, "kind": "function", "score": 0.0,
            "demotion": 1.0, "lift": 1.0, "quoted_lift": 1.0, "name_lift": 1.0, "file_credit": 0.0,
            "votes": {m: {"rank": r - 1, "score": 0.0, "contribution": 0.2 / (20 + r), "reason": None}
                      for m, r in votes.items()}}


def _record(page: list[dict[str, Any]], alone: list[list[Any]]) -> dict[str, Any]:
    return {"repo": "r", "n": 0, "query": "q", "answer": ANSWER, "rule": "function_description", "k": 20,
            "faded": [], "page": page, "semantic_alone": alone,
            "engine_ranks": {"semantic": 1, "text": None, "structural": None}, "lists": {}}


def test_a_sibling_lifted_over_the_answer_by_a_text_vote_is_counted_as_such_and_as_a_loss(tmp_path: Path,
                                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    found = _record([_item(*ANSWER, semantic=1)], [ANSWER])
    sibling = _item("pkg/shell.py", 1, 8, semantic=2, text=1)
    lost = _record([sibling, _item(*ANSWER, semantic=1)], [ANSWER, ["pkg/shell.py", 1, 8]])
    saved = tmp_path / "misses.json"
    saved.write_text(json.dumps([found, lost]))
    assert misses.main(["--report", str(saved)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "questions 2; blend rank {'1': 1, '2-3': 1}; against semantic alone: 0 won, 1 lost"
    first = out.index("first result above the answer (relation, engine lifting it most):")
    assert out[first + 1].split() == ["1", "sibling", "/", "text"]
    lost_at = next(i for i, line in enumerate(out) if line.startswith("the 1 losses"))
    assert out[lost_at + 1].split() == ["1", "text", "vote", "1-3"]


def test_the_held_out_half_cannot_be_asked() -> None:
    with pytest.raises(SystemExit):
        misses.main(["--half", "B"])
