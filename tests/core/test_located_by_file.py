"""A page's lines come by file: their chunks are read off each painted file's map looked up once for
the lines of that file that follow (issue 19: a frequent literal's hundred lines each looked up
their file's map), and every line still gets the chunk ``smallest_chunk_at`` finds, whatever the
order of the lines, their files painted or not, a line before the first or past the last."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.generation import CHUNK_MAP_AFTER, ChunkLocator
from maguyva_tui.core.parsing.chunks import smallest_chunk_at
from maguyva_tui.core.store.facts import FactsTable
from tests.core.test_literal_chunk_columns import _Snapshot
from tests.trees import stored_polyglot


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    made = stored_polyglot(tmp_path_factory, "located")
    yield made
    made.close()


class _CountedMaps(OrderedDict[str, Any]):
    asked = 0

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        type(self).asked += 1
        return super().get(key, default)


def test_a_pages_painted_files_are_looked_up_once_each(engine: Engine) -> None:
    snapshot = engine.snapshot
    paths = sorted(p for p in snapshot.files if snapshot.line_count(p) > CHUNK_MAP_AFTER + 4)[:3]
    assert len(paths) >= 2
    locator = ChunkLocator(_Snapshot(FactsTable(snapshot.facts.rows)))  # type: ignore[arg-type]
    assert locator._stored() is not None
    page = [(path, line) for path in paths for line in range(1, snapshot.line_count(path) + 1)]
    locator.at_many(page)  # every file asked past CHUNK_MAP_AFTER lines: painted
    assert all(path in locator._maps for path in paths)
    locator._maps = maps = _CountedMaps(locator._maps)
    asked = [(path, line) for path in paths for line in range(1, snapshot.line_count(path) + 3, 2)]
    asked += [(paths[0], 3), (paths[0], 5)]  # the first file again, after the others
    expected = [smallest_chunk_at(snapshot.facts.chunks(path), line) for path, line in asked]
    _CountedMaps.asked = 0
    assert locator.at_many(asked) == expected
    assert _CountedMaps.asked == len(paths) + 1  # each run of one file's lines: one look-up
    assert maps is locator._maps
    edges = [(paths[1], -1), (paths[1], 0), ("no/such/file.py", 2), (paths[1], 1), (paths[2], 10**6)]
    assert locator.at_many(edges) == [smallest_chunk_at(snapshot.facts.chunks(path), line) if path in snapshot.files
                                      else None for path, line in edges]


def test_lines_in_any_order_get_their_chunks(engine: Engine) -> None:
    snapshot = engine.snapshot
    paths = sorted(snapshot.files)
    locator = ChunkLocator(_Snapshot(FactsTable(snapshot.facts.rows)))  # type: ignore[arg-type]
    for turn in range(3):  # files painted as they are asked more
        asked = [(paths[(k * 7 + turn) % len(paths)], (k * 13) % 60 - 2) for k in range(400)]
        expected = [smallest_chunk_at(snapshot.facts.chunks(path), line) for path, line in asked]
        assert locator.at_many(asked) == expected
