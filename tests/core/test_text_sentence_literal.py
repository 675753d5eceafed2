"""A literal of several words that no file holds is told so by the token index, without asking
its trigrams or reading a file: one of its inner identifiers (an edge of the literal on each side)
held whole by no file, or a few held by no file together. A blend tries each sentence whole as a
literal first, on every shard of a workspace: most hold it nowhere."""

from __future__ import annotations

import copy
import itertools
from pathlib import Path

import pytest

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers.text import TextRetriever, _inner_tokens
from maguyva_tui.core.store.snapshot import Snapshot
from tests.core.test_text_tokens import WORDS, _write_repo


def _engines(root: Path, index: Path) -> tuple[TextRetriever, TextRetriever]:
    """The engine over a repository with its token index, and without it."""
    snapshot = Snapshot.load(update_index(root, index)[0].folder)
    bare = copy.copy(snapshot)
    bare.tokens = None
    return TextRetriever(snapshot), TextRetriever(bare)


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[TextRetriever, TextRetriever]:
    root = tmp_path_factory.mktemp("generated")
    _write_repo(root, 13, files=60)
    return _engines(root, tmp_path_factory.mktemp("index"))


@pytest.fixture(scope="module")
def apart(tmp_path_factory: pytest.TempPathFactory) -> tuple[TextRetriever, TextRetriever]:
    """Two words held by two files, never by one; one file holding them in capitals together."""
    root = tmp_path_factory.mktemp("apart")
    (root / "one.py").write_text("# solve alpha beta here\nx = 1\n")
    (root / "two.py").write_text("# then gamma delta\n")
    (root / "three.py").write_text("# solve ALPHA gamma delta, loudly\n")
    return _engines(root, tmp_path_factory.mktemp("index"))


def _lines(text: TextRetriever, literal: str, case: str, limit: int | None, max_files: int | None
           ) -> list[tuple[str, int, str, bool]]:
    return [(m.path, m.line, m.match_type, m.definition)
            for m in text.literal_lines(literal, case, limit, max_files)]


def test_inner_identifiers_touch_neither_end() -> None:
    assert _inner_tokens(b"solve a system of linear equations") == [b"a", b"system", b"of", b"linear"]
    assert _inner_tokens(b"widget") == [] and _inner_tokens(b"a.b") == [] and _inner_tokens(b"") == []
    assert _inner_tokens(b"(x + x)") == [b"x"]  # each once
    assert _inner_tokens("é widget é".encode()) == [b"widget"]  # a byte outside ASCII is an edge, as the index cuts
    assert _inner_tokens(b"a " + b"b" * 129 + b" c") == []  # longer than the index holds


LITERALS = [" and ".join(pair) for pair in itertools.product(["widget", "self", "x", "draw"], repeat=2)] + [
    "widget and draw and x", "return widget(", "(x):", "s = 'widget-self'", "x and nothing and widget",
    "Widget and WIDGET", "def draw(x):\n    return", "widget-draw", "self.add = 1", "return self(draw)"]
"""Phrases of the generated repository's words: held by some files, by none, across lines."""


@pytest.mark.parametrize("case", ["sensitive", "smart", "insensitive"])
def test_a_phrase_is_listed_as_without_the_token_index(generated: tuple[TextRetriever, TextRetriever],
                                                       case: str) -> None:
    indexed, bare = generated
    found = 0
    for literal in [*LITERALS, *(w.join(["widget", " ", "self"]) for w in WORDS)]:
        for limit, max_files in ((None, None), (5, None), (5, 3), (50, 60)):
            expected = _lines(bare, literal, case, limit, max_files)
            assert _lines(indexed, literal, case, limit, max_files) == expected, (literal, limit, max_files)
            found += bool(expected)
    assert found > 20  # some phrases are held, many are not


def test_a_phrase_no_file_holds_asks_no_trigram(apart: tuple[TextRetriever, TextRetriever],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    indexed, bare = apart
    asked: list[str] = []
    monkeypatch.setattr(TextRetriever, "candidate_files", lambda self, plan: asked.append("trigrams") or  # type: ignore[func-returns-value]
                        pytest.fail("the trigrams asked"))
    for literal in ("solve alpha gamma delta", "x nothing here y", "solve alpha beta gamma delta"):
        for limit, max_files in ((None, None), (20, 60)):
            assert indexed.literal_lines(literal, "sensitive", limit, max_files) == []
    assert not asked
    monkeypatch.undo()
    assert _lines(bare, "solve alpha gamma delta", "sensitive", None, None) == []


def test_a_phrase_held_in_another_case_is_found_in_that_case(apart: tuple[TextRetriever, TextRetriever]) -> None:
    indexed, bare = apart
    for case in ("smart", "insensitive"):
        found = _lines(indexed, "solve alpha gamma delta", case, 20, 60)
        assert found == _lines(bare, "solve alpha gamma delta", case, 20, 60)
        assert [path for path, *_ in found] == ["three.py"]
    held = _lines(indexed, "solve alpha beta here", "sensitive", None, None)
    assert [path for path, *_ in held] == ["one.py"] and held == _lines(bare, "solve alpha beta here", "sensitive", None, None)


@pytest.fixture(scope="module")
def folded(tmp_path_factory: pytest.TempPathFactory) -> tuple[TextRetriever, TextRetriever]:
    """A file holding the phrase in capitals (a candidate of its case-folded trigrams) and one
    holding its inner words apart: neither holds it as asked."""
    root = tmp_path_factory.mktemp("folded")
    (root / "loud.py").write_text("# solve ALPHA gamma delta\n")
    (root / "apart.py").write_text("# alpha\n# gamma\n# solve delta\n")
    return _engines(root, tmp_path_factory.mktemp("index"))


def test_of_the_candidates_only_those_holding_its_inner_words_are_read(
    folded: tuple[TextRetriever, TextRetriever], monkeypatch: pytest.MonkeyPatch
) -> None:
    indexed, bare = folded
    from maguyva_tui.core.retrievers import text as text_module

    read: list[tuple[int, int]] = []
    holds = text_module._Matcher.holds
    monkeypatch.setattr(text_module._Matcher, "holds", lambda self, blob, lo, hi: read.append((lo, hi)) or holds(
        self, blob, lo, hi))
    assert _lines(bare, "solve alpha gamma delta", "sensitive", 20, 60) == []
    assert len(read) == 1  # the capitals' file, a candidate of the trigrams, read without the token index
    read.clear()
    assert _lines(indexed, "solve alpha gamma delta", "sensitive", 20, 60) == []
    assert read == []  # it holds "ALPHA", not "alpha": it cannot hold the phrase, and is not read
    assert [p for p, *_ in _lines(indexed, "solve alpha gamma delta", "insensitive", 20, 60)] == ["loud.py"]
