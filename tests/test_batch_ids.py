"""A ``--batch`` line's ``id`` comes back first in its answer, a refused line's too.

A script tagging its questions (``{"id": 7, "query": ...}``, as a CI job or an agent pairs what it sent
with what came back) had its id dropped and every answer noticed '"id" is no batch key; ignored'.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import pytest

from maguyva_tui.cli import _batch_one

ARGS = argparse.Namespace(limit=20, modality=None, regex=False, ignore_case=False, smart_case=False,
                          intent=None, preset="default", depth=None)


def _answer(text: str, options: dict[str, Any]) -> dict[str, Any]:
    return {"query": text, "results": [{"path": "a.py"}]}


@pytest.mark.parametrize(("line", "ident"), [
    (b'{"id": 7, "query": "x"}', 7),
    (b'{"query": "x", "id": "q-1"}\r\n', "q-1"),
    (b'\xef\xbb\xbf{"id": [1, {"k": null}], "query": "x"}', [1, {"k": None}]),
    (b'{"query": "x", "\\u0069d": null}', None),
])
def test_an_answered_line_carries_its_id_first_and_no_notice(line: bytes, ident: Any) -> None:
    out = _batch_one(_answer, ARGS, line, 1)
    assert next(iter(out)) == "id" and out["id"] == ident and out["results"] and "notices" not in out


@pytest.mark.parametrize("line", [
    b'{"id": 3, "query": "x", "limit": true}',
    b'{"id": 3, "query": 12}',
    b'{"id": 3, "query": "caf\xe9"}',  # invalid UTF-8: refused, its id still read
    b'{"id": 3, "query": "x", "regex": "yes"}',
])
def test_a_refused_line_carries_its_id_too(line: bytes) -> None:
    out = _batch_one(_answer, ARGS, line, 4)
    assert out["id"] == 3 and out["error"].startswith("line 4: ") and out["results"] == []


def test_a_line_without_an_id_is_answered_as_before() -> None:
    assert "id" not in _batch_one(_answer, ARGS, b'{"query": "x"}', 1)
    assert "id" not in _batch_one(_answer, ARGS, b'["id"]', 1)
    said = _batch_one(_answer, ARGS, b'{"query": "x", "regex": "yes"}', 2)["error"]
    assert said == 'line 2: "regex" must be true or false, not "yes"'


def test_a_bug_met_by_one_line_is_its_error_and_the_others_are_answered(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    """An exception no rule expects had ended the whole run: every later line went unanswered."""
    from maguyva_tui.cli import run_batch

    def answer(text: str, options: dict[str, Any]) -> dict[str, Any]:
        if text == "boom":
            raise KeyError("stray")
        return {"query": text, "results": []}

    monkeypatch.delenv("MAGUYVA_DEBUG", raising=False)
    batch = tmp_path / "q.jsonl"
    batch.write_text('{"id": 1, "query": "a"}\n{"id": 2, "query": "boom"}\n{"id": 3, "query": "c"}\n')
    status = run_batch(argparse.Namespace(**vars(ARGS), batch=str(batch)), answer)
    out, err = capsys.readouterr()
    answers = [json.loads(line) for line in out.splitlines()]
    assert status == 1 and [a["id"] for a in answers] == [1, 2, 3] and "error" not in answers[2]
    assert answers[1]["error"] == "line 2: internal error in maguyva: KeyError: 'stray'"
    assert err == "maguyva: line 2: internal error in maguyva: KeyError: 'stray' (MAGUYVA_DEBUG=1 shows more)\n"


@pytest.mark.parametrize(("line", "said"), [
    (b"not json", "line 17: not JSON (expecting value at column 1)"),
    (b'{"query": "x",}', "line 17: not JSON (expecting property name enclosed in double quotes at column 15)"),
])
def test_a_line_that_is_not_json_says_so_in_its_own_words(line: bytes, said: str) -> None:
    """It had said Python's own "line 17: Expecting value: line 1 column 1 (char 0)", two line
    numbers in one sentence and no word of what a line must be."""
    out = _batch_one(_answer, ARGS, line, 17)
    assert out["error"] == f'{said}; each line must be a JSON object with a "query" string' and out["results"] == []


@pytest.mark.parametrize("ident", [b"1e999", b"-1e999", b"NaN", b"[1, Infinity]", b'{"k": -Infinity}'])
def test_an_id_no_json_answer_can_carry_is_the_lines_error(ident: bytes) -> None:
    """``{"id": 1e999}`` had come back as ``"id": Infinity`` (``NaN`` as ``NaN``): a line serde_json,
    Go and ``jq`` refuse, where every JSON answer parses strictly."""
    out = _batch_one(_answer, ARGS, b'{"id": ' + ident + b', "query": "x"}', 2)
    json.dumps(out, allow_nan=False)  # strict JSON
    assert "id" not in out and out["results"] == [] and out["query"] == "x"
    assert out["error"].startswith('line 2: "id" holds a number no JSON answer can carry back')
