"""A regex whose program is too large to compile at once is refused in one line: re2 builds a class
as wide as ``\\pL`` or ``\\w`` (hundreds of UTF-8 ranges) once per repeat, and
``\\pL{1000}\\pL{1000}\\pL{1000}`` had compiled for 3-5 s (within re2's 64 MB) before a search typed
in the explorer or the command answered."""

from __future__ import annotations

import time

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.retrievers.text import TOO_LARGE
from maguyva_tui.core.types import QueryError
from tests.trees import indexed

FILES = {"src/words.py": "ÉCOLE = 'Straße'\nvalue = 'abcdefghijklmnopqrstuvwxyz'\n"}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "regex-too-large", FILES)


@pytest.mark.parametrize("pattern", [r"\pL{1000}\pL{1000}\pL{1000}", r"\w{1,1000}", r"(?i)\p{L}{1000}"])
def test_a_regex_too_large_to_compile_at_once_is_refused_at_once(engine: Engine, pattern: str) -> None:
    began = time.perf_counter()
    with pytest.raises(QueryError) as raised:
        engine.search(pattern, regex=True)
    assert str(raised.value) == TOO_LARGE
    assert "\n" not in TOO_LARGE
    assert time.perf_counter() - began < 1.0  # it had compiled for 1.5-5 s


@pytest.mark.parametrize(("pattern", "line"), [(r"\p{L}{3}\w+", 1), (r"\w{20}", 2), (r"[a-z]{26}", 2)])
def test_a_wide_class_repeated_a_little_is_searched(engine: Engine, pattern: str, line: int) -> None:
    found = engine.search(pattern, regex=True)
    assert [(r.path, r.start_line) for r in found.results][:1] == [("src/words.py", line)]
