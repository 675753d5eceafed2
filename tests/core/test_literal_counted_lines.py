"""A rare literal's lines numbered by counting newlines up to its matches, each line's bounds noted
for its snippet (issue 19.1): a page shows a line or two of each file it first reads without
finding every newline of the file, and its results are those the file's newlines give, snippets
included (a line ending in ``\\r\\n``, a last line without a newline, a line cut around the match);
a file of many matches has its newlines found at once, as before."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.results import SNIPPET_LINE_CHARS, cut_line, file_newlines
from maguyva_tui.core.retrievers.text import COUNTED_MATCHES
from tests.core.test_engine import CountingProvider

NAME = "quux_frobnicate"
FILES = {
    "a.py": f"import os\n\ndef {NAME}(x):\n    return x\n",
    "b.py": f"from a import {NAME}\r\n\r\nvalue = {NAME}(1)\r\n",
    "c.py": f"# {NAME} without a newline at the end\nprint({NAME}(2))",
    "d.py": "x = 1\n" * 50 + "y = '" + "z" * 400 + f"' + {NAME}(3)\n" + "w = 2\n" * 20,
    "e.py": f"{NAME}\n",
    "f.py": "".join(f"v{i} = {NAME}({i})\n" for i in range(COUNTED_MATCHES + 4)),
}
COUNTED = [path for path in FILES if path != "f.py"]
"""The files of a few matches each (f.py's many are numbered from its newlines, found whole)."""


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("counted") / "repo"
    root.mkdir()
    for name, text in FILES.items():
        (root / name).write_bytes(text.encode())
    made = Engine(root, tmp_path_factory.mktemp("counted-index"), provider=CountingProvider())
    made.refresh(semantic=False)
    yield made
    made.close()


def _expected(path: str, line: int) -> str:
    text = FILES[path].split("\n")[line - 1]
    text = text[:-1] if text.endswith("\r") else text
    return text if len(text) <= SNIPPET_LINE_CHARS else cut_line(text, NAME)


def test_a_rare_names_page_is_numbered_and_shown_without_each_files_newlines(engine: Engine) -> None:
    result = engine.search(NAME, modality="text", limit=40)
    shown = {(r.path, r.start_line): r.snippet for r in result.results}
    truth = {(path, i + 1) for path, text in FILES.items() for i, line in enumerate(text.split("\n")) if NAME in line}
    assert set(shown) == truth
    for (path, line), text in shown.items():
        assert text == _expected(path, line), (path, line)
    newlines = file_newlines(engine.snapshot)
    assert newlines is not None
    assert [path for path in FILES if newlines.kept(path) is not None] == ["f.py"]  # the others' not found whole
    assert {key for key in newlines.noted if key[0] in FILES} == {key for key in truth if key[0] in COUNTED}
