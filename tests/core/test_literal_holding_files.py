"""The defined names holding a literal, looked for only in the files it is found inside a name in
(issue 19): the names those few files define are searched one by one, not every defined name
(0.3-0.6 ms of a rare identifier's 3 ms on sympy). The keys and the pages are those of the scan
of every name."""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers import text as text_module
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store.definitions import Definitions
from maguyva_tui.core.store.snapshot import Snapshot
from tests.core.test_text_tokens import WORDS, _write_repo

LITERALS = [*WORDS, "idge", "raw", "elf", "dget_c", "WIDGET", "nothing_here", "x"]


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> tuple[TextRetriever, TextRetriever]:
    """The engine over a generated repository, with its token index and without it."""
    root = tmp_path_factory.mktemp("repo")
    _write_repo(root, 13, files=60)
    snapshot = Snapshot.load(update_index(root, tmp_path_factory.mktemp("index"))[0].folder)
    bare = copy.copy(snapshot)
    bare.tokens = None
    return TextRetriever(snapshot), TextRetriever(bare)


def _page(text: TextRetriever, literal: str, limit: int | None) -> list[tuple[str, int, str, bool, int]]:
    return [(m.path, m.line, m.match_type, m.definition, m.start) for m in text.literal_lines(literal, "sensitive", limit)]


def test_the_names_among_some_equal_those_of_the_scan(engines: tuple[TextRetriever, TextRetriever]) -> None:
    table = engines[0]._definition_table().table
    rng = random.Random(3)
    for literal in [*LITERALS, "", "a\0b", "wid\udc80get"]:
        folded = literal.casefold()
        every = table.holding(folded)
        for size in (0, 1, 3, len(table) // 2, len(table)):
            some = np.array(sorted(rng.sample(range(len(table)), size)), np.int64)
            got = table.holding_among(folded, some)
            assert got.tolist() == sorted(every & set(some.tolist())), (literal, size)


def test_the_keys_in_some_files_are_those_of_every_name(engines: tuple[TextRetriever, TextRetriever],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    text = engines[0]
    monkeypatch.setattr(text_module, "NAME_CHECK_BYTES", 0)  # every file's names searched one by one
    files = len(text._files())
    rng = random.Random(5)
    for literal in LITERALS:
        whole = text._defined_lines(literal).holding_keys
        defined = text._defined_lines(literal)
        asked: set[int] = set()
        for size in (1, 2, 5, files // 3):
            some = np.array(sorted(rng.sample(range(files), size)), np.int64)
            asked |= set(some.tolist())
            got = defined.holding_keys_in(some)
            want = [k for k in whole.tolist() if k >> 32 in asked]
            assert [k for k in got.tolist() if k >> 32 in asked] == want, (literal, size)
            assert all(k >> 32 in asked for k in got.tolist()), literal


@pytest.mark.parametrize("check", [0, 10**9])
def test_pages_are_the_same_whichever_names_are_searched(engines: tuple[TextRetriever, TextRetriever],
                                                         monkeypatch: pytest.MonkeyPatch, check: int) -> None:
    with_tokens, bare = engines
    expected = {(lit, limit): _page(bare, lit, limit) for lit in LITERALS for limit in (1, 3, 10, None)}
    monkeypatch.setattr(text_module, "NAME_CHECK_BYTES", check)
    for (literal, limit), want in expected.items():
        assert _page(with_tokens, literal, limit) == want, (literal, limit)
        assert _page(bare, literal, limit) == want, (literal, limit)


def test_a_literal_found_inside_names_of_a_few_files_scans_no_other_name(
        engines: tuple[TextRetriever, TextRetriever], monkeypatch: pytest.MonkeyPatch) -> None:
    with_tokens, bare = engines
    literals = ["idge", "dget_c", "elf", "raw"]
    expected = {lit: _page(bare, lit, 5) for lit in literals}
    assert any(m[2] != "whole identifier" for want in expected.values() for m in want)  # found inside names
    monkeypatch.setattr(text_module, "NAME_CHECK_BYTES", 0)

    def refuse(self: Definitions, needle: bytes) -> None:
        raise AssertionError("every defined name was scanned")

    monkeypatch.setattr(Definitions, "_holding_literal", refuse)
    for literal, want in expected.items():
        assert _page(with_tokens, literal, 5) == want, literal
        assert _page(bare, literal, 5) == want, literal


def test_files_read_at_once_ask_for_no_name_holding_it(tmp_path_factory: pytest.TempPathFactory,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A rare identifier whose few candidate files are read in one batch (here one file holding it
    whole and one holding a run too long to be a token, which may hold it inside) is ranked the
    same in any reading order: no defined name holding it is looked up unless a line holds it
    inside one."""
    root = tmp_path_factory.mktemp("repo")
    _write_repo(root, 3, files=20)
    (root / "long.py").write_bytes(b"x = '" + b"q" * 200 + b"'\ndef widget_long(): pass\n")
    (root / "rare.py").write_text("def only_here_once(): pass\nonly_here_once()\n")
    snapshot = Snapshot.load(update_index(root, tmp_path_factory.mktemp("index"))[0].folder)
    bare = copy.copy(snapshot)
    bare.tokens = None
    text, plain = TextRetriever(snapshot), TextRetriever(bare)
    asked: list[list[int]] = []
    keys_in = text_module._Defined.holding_keys_in

    def spy(self: text_module._Defined, files: np.ndarray) -> np.ndarray:
        asked.append(files.tolist())
        return keys_in(self, files)

    monkeypatch.setattr(text_module._Defined, "holding_keys_in", spy)
    for limit in (1, 2, 100, None):
        assert _page(text, "only_here_once", limit) == _page(plain, "only_here_once", limit)
    assert asked == []
