"""The chunk of a line, as a generation finds it for a page's hits (issue 19.1: a frequent literal's
page asks about a few large files many times), is what ``smallest_chunk_at`` says: scanned at first,
painted once a file is asked about often, dropped past the budget, for chunks nested, overlapping,
tied, reversed or starting before line 1."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core import generation
from maguyva_tui.core.generation import CHUNK_MAP_AFTER, ChunkLocator
from maguyva_tui.core.parsing.chunks import smallest_chunk_at
from maguyva_tui.core.types import Chunk


class _Facts:
    def __init__(self, files: dict[str, Sequence[Chunk]]) -> None:
        self.files = files

    def chunks(self, path: str) -> Sequence[Chunk]:
        return self.files.get(path, ())


class _Snapshot:
    """What the locator reads of a snapshot: its facts' chunks by path."""

    def __init__(self, files: dict[str, Sequence[Chunk]]) -> None:
        self.facts = _Facts(files)


def _chunk(path: str, start: int, size: int, kind: str, name: int) -> Chunk:
    return Chunk(path, start, start + size, kind, None if kind == "window" else f"f{name}", "python")


CHUNKS = st.lists(
    st.tuples(st.integers(-2, 40), st.integers(-2, 25), st.sampled_from(["window", "function", "class", "method"])),
    max_size=30,
)


@settings(max_examples=80, deadline=None)
@given(CHUNKS, st.lists(st.integers(-3, 70), min_size=1, max_size=3 * CHUNK_MAP_AFTER))
def test_every_answer_is_smallest_chunk_ats(spec: list[tuple[int, int, str]], lines: list[int]) -> None:
    chunks = tuple(_chunk("a.py", start, size, kind, i) for i, (start, size, kind) in enumerate(spec))
    locator = ChunkLocator(_Snapshot({"a.py": chunks}))  # type: ignore[arg-type]
    for line in lines + list(range(-3, 70)) * 2:  # scanned, then painted (when every chunk starts at 1 or later)
        assert locator.at("a.py", line) is smallest_chunk_at(chunks, line), line


def test_a_file_asked_often_is_painted_and_answered_the_same() -> None:
    chunks = tuple(_chunk("big.py", start, 30, "window", start) for start in range(1, 300, 20)) + tuple(
        _chunk("big.py", start, 5, "function", start) for start in range(3, 300, 7))
    locator = ChunkLocator(_Snapshot({"big.py": chunks}))  # type: ignore[arg-type]
    for line in range(1, 330):
        assert locator.at("big.py", line) is smallest_chunk_at(chunks, line)
    assert "big.py" in locator._maps
    assert locator.at("unknown.py", 3) is None


def test_painted_files_stay_under_their_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(generation, "CHUNK_MAPS_KEPT_LINES", 100)
    files = {f"f{i}.py": (_chunk(f"f{i}.py", 1, 60, "function", i),) for i in range(4)}
    locator = ChunkLocator(_Snapshot(files))  # type: ignore[arg-type]
    for path, chunks in files.items():
        for line in range(1, 70):
            assert locator.at(path, line) is smallest_chunk_at(chunks, line)
    assert list(locator._maps) == ["f3.py"] and locator._lines == 62


def test_a_pages_lines_asked_again_are_answered_from_the_last_ask(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fusion asks the chunks of the first lines the text engine just asked (a page's
    centralities): the same chunks, not looked up again; other lines are looked up."""
    chunks = tuple(_chunk("a.py", start, 4, "function", start) for start in range(1, 60, 5))
    locator = ChunkLocator(_Snapshot({"a.py": chunks, "b.py": chunks}))  # type: ignore[arg-type]
    places = [("a.py", line) for line in range(1, 40, 3)] + [("b.py", 7)]
    first = locator.at_many(places)
    looked: list[int] = []
    found = locator._located
    monkeypatch.setattr(locator, "_located", lambda asked: looked.append(len(asked)) or found(asked))
    assert locator.at_many(places[:5]) == first[:5] and all(a is b for a, b in zip(locator.at_many(places), first))
    assert looked == []
    assert locator.at_many([("b.py", 9), ("a.py", 1)]) == [smallest_chunk_at(chunks, 9), smallest_chunk_at(chunks, 1)]
    assert looked == [2]
