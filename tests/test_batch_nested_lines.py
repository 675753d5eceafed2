"""A batch line nested past Python's stack is refused in its own answer, and the run goes on.

``maguyva search --batch -`` with a line of 10,000 ``{"query": `` had answered "internal error in
maguyva: RecursionError"; a line whose ``id`` held a thousand nested lists ended the whole run,
"internal error: RecursionError", every later line unanswered."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tests.conftest import Runner


def _answers(here: Runner, repo: Path, *lines: str) -> list[dict]:
    proc = here("search", "--batch", "-", "--repo", str(repo), stdin="".join(f"{line}\n" for line in lines))
    assert proc.returncode == 0 and "internal error" not in proc.stderr, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_a_line_nested_too_deeply_to_read_is_refused_and_the_next_answered(indexed_polyglot: Path,
                                                                           here: Runner) -> None:
    deep, good = '{"query": ' * 10_000, '{"query": "parse_config", "limit": 1}'
    first, second = _answers(here, indexed_polyglot, deep, good)
    assert first["error"] == 'line 1: nested too deeply to read; each line must be a JSON object with a "query" string'
    assert second["results"][0]["symbol"] == "parse_config"


def test_an_id_nested_too_deeply_to_carry_back_is_refused_and_the_next_answered(indexed_polyglot: Path,
                                                                                here: Runner) -> None:
    deep_id = '{"query": "parse_config", "limit": 1, "id": ' + "[" * 900 + "]" * 900 + "}"
    first, second = _answers(here, indexed_polyglot, deep_id, '{"query": "parse_config", "limit": 1, "id": [[7]]}')
    assert first["query"] == "parse_config" and "nested too deeply to carry back" in first["error"]
    assert second["id"] == [[7]] and second["results"][0]["symbol"] == "parse_config"


def test_an_id_is_refused_past_the_same_depth_whatever_room_the_stack_has(indexed_polyglot: Path,
                                                                           here: Runner) -> None:
    """The refusal had come from Python's recursion limit: under a test runner's worker (more room)
    an id of 900 nested lists was carried back where a process refused it."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(20_000)
    try:
        deep, deepest_kept = "[" * 900 + "]" * 900, "[" * 100 + "]" * 100
        lines = [f'{{"query": "parse_config", "limit": 1, "id": {deep}}}',
                 f'{{"query": "parse_config", "limit": 1, "id": {deepest_kept}}}']
        first, second = _answers(here, indexed_polyglot, *lines)
    finally:
        sys.setrecursionlimit(limit)
    assert "nested too deeply to carry back" in first["error"]
    assert "error" not in second and second["results"][0]["symbol"] == "parse_config"
