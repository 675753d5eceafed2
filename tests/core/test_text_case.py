"""A case-insensitive literal finds every line that re2 (and rg -i) finds, however it is read: an
ASCII literal is found in each file's text with its ASCII letters lowered, except in a file that
holds a Kelvin sign or a long s, which case-fold to ``k`` and ``s`` (issue 19: the fast path must
never change an answer)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers.text import TextRetriever

KELVIN, LONG_S = "\u212a", "\u017f"

FILES = {
    "odd.py": f"STACK = 1\nstack()\n{LONG_S}tack = 2\n{KELVIN}eep = 1\nStacK.keep\n",
    "plain.py": "KEEP = stack\nx = 'StAcK'\n# nothing\nkeepstacks\n",
    "other.py": "def unrelated():\n    return None\n",
}


def _expected(root: Path, literal: str) -> list[tuple[str, int]]:
    """Every (file, line) whose line holds the literal, by Python's own Unicode case folding."""
    pattern = re.compile(re.escape(literal), re.IGNORECASE)
    return sorted((path.name, n) for path in root.iterdir() if path.is_file()
                  for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1) if pattern.search(line))


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, TextRetriever]:
    root = tmp_path_factory.mktemp("case")
    rng = random.Random(19)
    alphabet = ["k", "K", "s", "S", "t", "a", "c", "e", "p", "_", " ", "\n", KELVIN, LONG_S, "é"]
    for name, body in FILES.items():
        (root / name).write_text(body, encoding="utf-8")
    for i in range(6):  # random text over the letters that fold oddly, half the files without odd ones
        letters = alphabet if i % 2 else alphabet[:-3]
        (root / f"r{i}.txt").write_text("".join(rng.choice(letters) for _ in range(3000)), encoding="utf-8")
    return root, TextRetriever(update_index(root, tmp_path_factory.mktemp("index"))[0])


@pytest.mark.parametrize("literal", ["stack", "STACK", "keep", "kee", "sta", "k", "s", "tack = ", "é", "ke_s"])
def test_insensitive_literals_find_what_unicode_case_folding_finds(repo: tuple[Path, TextRetriever], literal: str) -> None:
    root, text = repo
    found = sorted((m.path, m.line) for m in text.literal_lines(literal, "insensitive"))
    assert found == _expected(root, literal)


def test_a_kelvin_sign_and_a_long_s_are_found(repo: tuple[Path, TextRetriever]) -> None:
    _root, text = repo
    lines = {(m.path, m.line) for m in text.literal_lines("stack", "insensitive")}
    assert ("odd.py", 3) in lines  # ſtack
    assert ("odd.py", 4) in {(m.path, m.line) for m in text.literal_lines("keep", "insensitive")}  # Keep
