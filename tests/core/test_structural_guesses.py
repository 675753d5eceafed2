"""A name asked as spelled lists its definition and the names holding it, not the fuzzy tier's
scattered letters (``cut_line``'s in ``_counted_lines``); a misspelling keeps its guesses. Through
the stored index, as a later process reads it, and the in-memory engine alike."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.retrievers.structural import StructuralRetriever, without_guesses
from maguyva_tui.core.types import Hit, Query, Symbol
from tests.fakes import FakeProvider

SOURCE = (
    "def cut_line(line):\n    return line[:80]\n\n\n"
    "def recut_line(line):\n    return cut_line(line)\n\n\n"
    "def _counted_lines(text):\n    return text.count('\\n')\n\n\n"
    "CHUNK_MAPS_KEPT_LINES = 4096\n"
)


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("repo")
    (root / "lines.py").write_text(SOURCE)
    index = tmp_path_factory.mktemp("index")
    Engine(root, index, provider=FakeProvider(), static=False).refresh()
    stored = Engine(root, index, provider=FakeProvider(), static=False)  # opened from disk: the mapped table
    stored.refresh()
    return stored


def _names(engine: Engine, text: str) -> list[str | None]:
    return [r.symbol for r in engine.search(text, modality="structural", limit=20).results]


def test_a_name_as_spelled_lists_no_scattered_letters(engine: Engine) -> None:
    assert _names(engine, "cut_line") == ["cut_line", "recut_line"]  # recut_line holds it whole


def test_a_misspelling_keeps_its_guesses(engine: Engine) -> None:
    assert "cut_line" in _names(engine, "cutlne")


def test_the_in_memory_engine_drops_them_too() -> None:
    symbols = [Symbol(n, n, "function", "lines.py", i + 1, i + 2, "python", f"def {n}():", i + 1)
               for i, n in enumerate(["cut_line", "recut_line", "_counted_lines"])]
    hits = StructuralRetriever(symbols).search(Query("cut_line", target="cut_line"), 10)
    assert [h.symbol for h in hits] == ["cut_line", "recut_line"]


def test_a_page_with_no_name_as_spelled_is_kept_whole() -> None:
    guesses = [Hit("a.py", 1, 2, 1.3, "_counted_lines", "function", "python", "fuzzy cutline")]
    assert without_guesses(guesses) == guesses
