"""The command line refuses what it cannot use in one line, and says no more than it must: a batch
line refused for its length is not echoed whole; a path that is no folder is refused, not waited on."""

from __future__ import annotations

import argparse
import json
from typing import Any

from maguyva_tui.cli import BATCH_ECHO_CHARS, _batch_one
from maguyva_tui.core.types import QueryError

_ARGS = argparse.Namespace(limit=20, modality=None, regex=False, ignore_case=False, smart_case=False,
                           intent=None, preset="default", depth=None)


def _refuse(text: str, options: dict[str, Any]) -> dict[str, Any]:
    raise QueryError(f"query too long ({len(text)} characters; the limit is 65536)")


def test_a_batch_line_refused_for_its_length_echoes_its_query_cut_with_its_length() -> None:
    line = json.dumps({"query": "x" * 1_000_000}).encode()
    out = _batch_one(_refuse, _ARGS, line, 3)
    assert out["query"] == "x" * BATCH_ECHO_CHARS + "…" and out["query_chars"] == 1_000_000
    assert out["error"] == "line 3: query too long (1000000 characters; the limit is 65536)"
    assert len(json.dumps(out)) < 2 * BATCH_ECHO_CHARS


def test_a_short_refused_query_is_echoed_whole() -> None:
    out = _batch_one(_refuse, _ARGS, b'{"query": "short"}', 1)
    assert out == {"query": "short", "error": "line 1: query too long (5 characters; the limit is 65536)",
                   "results": []}
