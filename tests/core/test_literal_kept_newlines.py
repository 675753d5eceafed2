"""A file of many matches has its newlines found once (issue 19.1): the text engine numbers its lines
from the whole file's newlines and keeps them for the page's snippets, where it had found them up
to its last match, dropped them, and the page found the whole file's again. Its lines and snippets
are those the file's text gives (a CRLF line, lines after the last match, a last line without a
newline); a file of a few matches still has its lines counted and noted, its newlines not found."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.results import file_newlines
from maguyva_tui.core.retrievers.text import COUNTED_MATCHES
from maguyva_tui.core.types import Query
from tests.core.test_engine import CountingProvider

NAME = "zorblat_value"
_MANY = "".join(
    (f"v{i} = {NAME}({i})\r\n" if i % 4 == 0 else f"w{i} = {i}\n") for i in range(4 * (COUNTED_MATCHES + 6))
) + "".join(f"tail_{i} = {i}\n" for i in range(300)) + f"last = {NAME}(0) + 1"
FILES = {
    "many.py": _MANY,  # past the last match but one: 300 lines without it, then one without a newline
    "few.py": f"import os\n\n{NAME} = 3\nprint({NAME})\n" + "x = 1\n" * 40,
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("kept-newlines") / "repo"
    root.mkdir()
    for name, text in FILES.items():
        (root / name).write_bytes(text.encode())
    made = Engine(root, tmp_path_factory.mktemp("kept-newlines-index"), provider=CountingProvider())
    made.refresh(semantic=False)
    yield made
    made.close()


def _truth() -> dict[tuple[str, int], str]:
    out = {}
    for path, text in FILES.items():
        for i, line in enumerate(text.split("\n")):
            if NAME in line:
                out[(path, i + 1)] = line.removesuffix("\r")
    return out


def test_the_text_engine_keeps_a_many_match_files_newlines_for_its_page(engine: Engine) -> None:
    hits = engine.generation.text.search(Query(NAME, target=NAME), 1000)  # the engine's list, no page made
    assert {(h.path, h.start_line) for h in hits} == set(_truth())
    newlines = file_newlines(engine.snapshot)
    assert newlines is not None
    kept = newlines.kept("many.py")
    assert kept is not None  # found once, whole: the page's snippets read them (they had been dropped)
    whole = np.flatnonzero(np.frombuffer(FILES["many.py"].encode(), np.uint8) == 10)
    assert kept.tolist() == whole.tolist()  # every newline, those after the last match included
    assert newlines.kept("few.py") is None  # two matches: counted, not every newline found
    assert ("few.py", 3) in newlines.noted and ("few.py", 4) in newlines.noted


@pytest.mark.parametrize("limit", [5, 100, 10**7])
def test_the_pages_lines_and_snippets_are_the_files(engine: Engine, limit: int) -> None:
    result = engine.search(NAME, modality="text", limit=limit)
    truth = _truth()
    shown = [(r.path, r.start_line, r.end_line, r.snippet) for r in result.results]
    assert len(shown) == min(limit, len(truth))
    for path, start, end, text in shown:
        assert start == end and truth[(path, start)] == text, (path, start)
    whole = engine.search(NAME, modality="text", limit=10**7).results
    assert [(r.path, r.start_line) for r in result.results] == [(r.path, r.start_line) for r in whole][:limit]


def test_a_list_of_every_line_is_numbered_as_the_files_lines(engine: Engine) -> None:
    """Every line (no limit: no page shown from it) numbered up to each file's last match, as before."""
    lines = engine.generation.text.literal_lines(NAME)
    assert {(m.path, m.line) for m in lines} == set(_truth())
