"""A rare name's page reads its files only as far as its lines (issue 19: a literal's first
question decompressed each matching file whole, though only the text up to a match numbers its
line): the blocks after a file's last match are left compressed, and every line and snippet is
the one the file holds, a line that runs on into the next block shown whole."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.store import texts
from tests.core.test_engine import CountingProvider

_FILLER = "".join(f"def helper_{n}(value):\n    return value * {n} + {n % 7}\n\n" for n in range(1600))


def _straddling(name: str) -> str:
    """A file whose line naming ``name`` starts in its first block and ends in its second."""
    head = "".join(f"x_{n} = {n}\n" for n in range(500))
    size = texts.cut(len(head) + 200 + len(_FILLER))[0]
    head = head[: head.rfind("\n", 0, size - 120) + 1]  # the long line begins 120 bytes before the block's end
    return head + f"result = {name}(" + ", ".join(f"arg_{n}" for n in range(20)) + ")\n" + _FILLER


_FILES = {
    "pkg/big.py": "import os\n\n\ndef zebra_quux_first():\n    return os.sep\n\n" + _FILLER,
    "pkg/straddle.py": _straddling("walrus_thing_call"),
    "pkg/last.py": _FILLER + "ending = narwhal_unended_tail",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("read-in-part") / "repo"
    for name, text in _FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    made = Engine(root, tmp_path_factory.mktemp("read-in-part-index"), provider=CountingProvider())
    made.refresh(semantic=False)
    yield made
    made.close()


def _lines(path: str, name: str) -> list[tuple[int, str]]:
    return [(n, line) for n, line in enumerate(_FILES[path].split("\n"), 1) if name in line]


@pytest.mark.parametrize(("path", "name"), [("pkg/big.py", "zebra_quux_first"), ("pkg/straddle.py", "walrus_thing_call"),
                                            ("pkg/last.py", "narwhal_unended_tail")])
def test_a_rare_names_lines_and_snippets_are_the_files(engine: Engine, path: str, name: str) -> None:
    found = engine.search(name, modality="text", limit=100)
    assert [(r.path, r.start_line, r.snippet) for r in found.results] == [(path, n, line) for n, line in
                                                                          _lines(path, name)]


def test_the_blocks_after_a_rare_names_line_stay_compressed(engine: Engine) -> None:
    snapshot = engine.generation.snapshot
    packed = snapshot.packed_texts
    assert packed is not None
    entry = snapshot.files["pkg/big.py"]
    first, end = packed.blocks(entry.offset, entry.offset + entry.length)
    assert end - first > 10
    assert not any(packed._filled[first + 2 : end])  # before the question: none read
    engine.search("zebra_quux_first", modality="text", limit=100)
    assert packed._filled[first] and not any(packed._filled[first + 2 : end])
