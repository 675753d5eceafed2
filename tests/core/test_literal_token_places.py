"""The token index's places (issue 19.1): where each whole identifier first occurs on each line of
each file holding it, so that a frequent identifier's page is read without reading its files. The
places must be what a regular expression finds in the stored texts (built, carried over by an
update, removed, damaged), and every page read from them the one read from the files, offsets
included."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers import text as text_module
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store.format import current_generation
from maguyva_tui.core.store.place_blocks import resolve
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.store.tokens import MAX_TOKEN_BYTES, PLACE_PARTS, TokenIndex, file_places, file_tokens
from tests.core.test_text_tokens import _write_repo

IDENT = re.compile(rb"[A-Za-z0-9_$]+")
LITERALS = ["widget", "self", "add", "draw", "x", "Widget", "$widget", "widget$", "rewidget", "widget_count", "w1dget",
            "drawer", "itself", "Add", "nothing_here"]


def _truth(data: bytes) -> dict[bytes, list[int]]:
    """Each token of a text with the offset of its first occurrence on each line holding it, by
    a regular expression over the text's lines."""
    out: dict[bytes, list[int]] = {}
    at = 0
    for line in data.split(b"\n"):
        seen: set[bytes] = set()
        for match in IDENT.finditer(line):
            token = match.group()
            if len(token) <= MAX_TOKEN_BYTES and token not in seen:
                seen.add(token)
                out.setdefault(token, []).append(at + match.start())
        at += len(line) + 1
    return out


def _places(snapshot: Snapshot) -> dict[tuple[bytes, str], list[int]]:
    """Every (token, path) row of a snapshot's index with its places."""
    tokens = snapshot.tokens
    assert tokens is not None and tokens.places is not None
    path_of = {entry.doc_id: path for path, entry in snapshot.files.items()}
    out = {}
    for t in range(len(tokens)):
        for doc in tokens.docs[tokens.starts[t] : tokens.starts[t + 1]].tolist():
            blocks = tokens.row_places(t, doc)
            assert blocks is not None
            entry = snapshot.files[path_of[doc]]
            found = resolve(snapshot.blob(), snapshot.ensure, entry.offset, entry.length, tokens.name(t), blocks)
            assert found is not None
            out[tokens.name(t), path_of[doc]] = found
    return out


def _expected(snapshot: Snapshot) -> dict[tuple[bytes, str], list[int]]:
    return {(token, path): places for path in snapshot.files for token, places in _truth(snapshot.raw(path)).items()}


def _page(text: TextRetriever, literal: str, limit: int | None,
          demote: object = None) -> list[tuple[str, int, str, bool, int]]:
    return [(m.path, m.line, m.match_type, m.definition, m.start)
            for m in text.literal_lines(literal, "sensitive", limit, demote=demote)]  # type: ignore[arg-type]


def _without_places(snapshot: Snapshot) -> Snapshot:
    older = copy.copy(snapshot)
    assert snapshot.tokens is not None
    older.tokens = copy.copy(snapshot.tokens)
    older.tokens.places = None
    return older


def _tests_last(path: str) -> float:
    return 0.5 if path.startswith("tests/") else 1.0


@pytest.fixture(scope="module", params=[7, 13])
def repo(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> tuple[Path, Snapshot]:
    root = tmp_path_factory.mktemp("repo")
    _write_repo(root, request.param, files=60)
    (root / "long.py").write_bytes(b"x = '" + b"q" * (MAX_TOKEN_BYTES + 3) + b"' + widget\nwidget(widget)\r\n")
    return root, Snapshot.load(update_index(root, tmp_path_factory.mktemp("index"))[0].folder)


@pytest.fixture(scope="module", autouse=True)
def _every_search_asks_the_tokens() -> object:
    shipped = text_module.TOKEN_INDEX_FROM
    text_module.TOKEN_INDEX_FROM = 0
    yield
    text_module.TOKEN_INDEX_FROM = shipped


def test_a_files_places_are_each_tokens_first_occurrence_on_each_line() -> None:
    data = ("déf widget_1(x$y): widget widget\n\n  return rewidget+ω+widget\n# Widget\n".encode()
            + b"a" * (MAX_TOKEN_BYTES + 1) + b" widget")
    tokens, long_runs, places, counts = file_places(data)
    assert long_runs and sorted(tokens) == sorted(file_tokens(data))
    rows = np.split(places, np.cumsum(counts)[:-1].astype(np.int64))
    assert {t: r.tolist() for t, r in zip(tokens, rows)} == _truth(data)
    assert file_places(b"")[0] == [] and file_places(b" \n(")[0] == []


@settings(max_examples=200, deadline=None)
@given(text=st.text(st.sampled_from("ab_$\n .é"), max_size=60))
def test_any_texts_places_are_what_a_regex_finds(text: str) -> None:
    data = text.encode()
    tokens, _, places, counts = file_places(data)
    rows = np.split(places, np.cumsum(counts)[:-1].astype(np.int64)) if len(tokens) else []
    assert {t: r.tolist() for t, r in zip(tokens, rows)} == _truth(data)


def test_the_index_holds_every_tokens_places(repo: tuple[Path, Snapshot]) -> None:
    snapshot = repo[1]
    assert _places(snapshot) == _expected(snapshot)
    tokens = snapshot.tokens
    assert tokens is not None and tokens.row_places(0, 10**6) is None


def test_pages_read_from_the_places_are_those_read_from_the_files(repo: tuple[Path, Snapshot]) -> None:
    snapshot = repo[1]
    placed, read = TextRetriever(snapshot), TextRetriever(_without_places(snapshot))
    for literal in LITERALS:
        for demote in (None, _tests_last):
            every = _page(read, literal, None, demote)
            for limit in (1, 3, 7, 20, 50, len(every) + 1):
                assert _page(placed, literal, limit, demote) == every[:limit], (literal, limit)


@settings(max_examples=60, deadline=None)
@given(literal=st.sampled_from(LITERALS), limit=st.integers(min_value=1, max_value=120), demoted=st.booleans())
def test_any_limit_gives_the_same_page(repo: tuple[Path, Snapshot], literal: str, limit: int, demoted: bool) -> None:
    snapshot = repo[1]
    demote = _tests_last if demoted else None
    expected = _page(TextRetriever(_without_places(snapshot)), literal, None, demote)[:limit]
    assert _page(TextRetriever(snapshot), literal, limit, demote) == expected


def test_a_frequent_identifiers_page_reads_no_file(repo: tuple[Path, Snapshot],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    snapshot = repo[1]
    expected = {w: _page(TextRetriever(_without_places(snapshot)), w, 5) for w in ("widget", "self", "add")}

    def no_read(*args: object, **kwargs: object) -> None:
        raise AssertionError("a file was read")

    # A defining file's site lines are read (its text is held for them anyway): finding its every
    # place again in its blocks cost more. No file is searched whole.
    monkeypatch.setattr(text_module, "_whole_lines", no_read)
    monkeypatch.setattr(TextRetriever, "_literal_rows", no_read)
    assert {w: _page(TextRetriever(snapshot), w, 5) for w in expected} == expected


def test_an_update_carries_the_places_over(repo: tuple[Path, Snapshot], tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    _write_repo(root, 21, files=20)
    update_index(root, tmp_path / "index")
    (root / "m000.py").write_text("widget = 1\nself.widget(widget)\n")
    (root / "pkg" / "m001.py").unlink()
    (root / "new.py").write_text("def add(self):\n    return self.add\n")
    updated = Snapshot.load(update_index(root, tmp_path / "index")[0].folder)
    assert _places(updated) == _expected(updated)


def test_an_index_without_places_is_read_as_before(tmp_path: Path) -> None:
    """The parts are optional: removed, the index loads without them and answers alike; an update
    of it writes none (the rows it keeps have none); a fresh build has them again."""
    root = tmp_path / "repo"
    root.mkdir()
    _write_repo(root, 3, files=16)
    snapshot = update_index(root, tmp_path / "index")[0]
    gen = current_generation(snapshot.folder)
    assert gen is not None
    pages = {w: _page(TextRetriever(Snapshot.load(snapshot.folder)), w, 5) for w in ("widget", "self", "add")}
    for name in PLACE_PARTS:
        (gen / f"{name}.npy").unlink()
    older = Snapshot.load(snapshot.folder)
    assert older.tokens is not None and older.tokens.places is None
    assert {w: _page(TextRetriever(older), w, 5) for w in pages} == pages
    (root / "m000.py").write_text("widget = 1\n")
    updated = update_index(root, tmp_path / "index")[0]
    assert updated.tokens is not None and updated.tokens.places is None
    fresh = Snapshot.load(update_index(root, tmp_path / "fresh")[0].folder)
    assert _places(fresh) == _expected(fresh)


def test_damaged_places_are_refused_or_read_around(tmp_path: Path) -> None:
    """Parts of the wrong length are refused (the index is rebuilt); places that point elsewhere
    (a byte flipped) are not trusted: the file is read, the page is the same."""
    root = tmp_path / "repo"
    root.mkdir()
    _write_repo(root, 4, files=30)
    snapshot = update_index(root, tmp_path / "index")[0]
    gen = current_generation(snapshot.folder)
    assert gen is not None
    clean = Snapshot.load(snapshot.folder)
    expected = {(w, n): _page(TextRetriever(clean), w, n) for w in ("widget", "self", "add", "draw") for n in (3, 40)}
    places = np.load(gen / "tokens_place_blocks.npy")
    counts = np.load(gen / "tokens_place_counts.npy")
    np.save(gen / "tokens_place_blocks.npy", places ^ np.uint8(0x11))  # every place's block another
    assert {(w, n): _page(TextRetriever(Snapshot.load(snapshot.folder)), w, n) for w, n in expected} == expected
    np.save(gen / "tokens_place_blocks.npy", places[::-1].copy())  # blocks of other rows
    assert {(w, n): _page(TextRetriever(Snapshot.load(snapshot.folder)), w, n) for w, n in expected} == expected
    np.save(gen / "tokens_place_blocks.npy", places)
    np.save(gen / "tokens_place_counts.npy", counts + 1)  # counts that do not sum to the places: every row past the end
    assert {(w, n): _page(TextRetriever(Snapshot.load(snapshot.folder)), w, n) for w, n in expected} == expected
    shifted = counts.copy()
    shifted[0], shifted[-1] = shifted[0] + 1, shifted[-1] - 1  # the same sum: every row's places a place off
    np.save(gen / "tokens_place_counts.npy", shifted)
    assert {(w, n): _page(TextRetriever(Snapshot.load(snapshot.folder)), w, n) for w, n in expected} == expected
    np.save(gen / "tokens_place_counts.npy", counts[:-1].copy())
    with pytest.raises(Exception, match="corrupt"):
        TokenIndex.load(gen)


def test_whether_a_line_holds_a_word_is_told_by_the_tokens(repo: tuple[Path, Snapshot],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A lone word held whole by some file is held in either case, without a trigram asked or a
    file read; the others are read as before; the answer is always whether a line holds it."""
    text = TextRetriever(repo[1])
    words = [*LITERALS, "WIDGET", "wid", "idg", "Self", "no_such", "a b", "x$", "é"]
    expected = {(w, case): bool(text.literal_lines(w, case, 1)) for w in words for case in ("sensitive", "insensitive")}
    assert {(w, case): text.holds_literal(w, case) for w, case in expected} == expected

    def no_trigrams(*args: object) -> None:
        raise AssertionError("the trigrams were asked")

    monkeypatch.setattr(TextRetriever, "candidate_files", no_trigrams)
    for word in ("widget", "self", "Widget", "x"):
        assert text.holds_literal(word, "sensitive") and text.holds_literal(word, "insensitive")


@settings(max_examples=150, deadline=None)
@given(names=st.lists(st.text("abx_1", min_size=1, max_size=7), min_size=1, max_size=60),
       needle=st.text("abx_1", min_size=1, max_size=3), most=st.sampled_from([0, 1, 2, 256]))
def test_the_names_holding_a_literal_are_found_by_find_or_in_numpy(names: list[str], needle: str, most: int) -> None:
    """The defined names holding a literal (a rare identifier's, looked up for its matches inside
    longer names): found by ``bytes.find`` while few, in numpy past ``most``, the same set."""
    from maguyva_tui.core.store import definitions as definitions_module

    table = definitions_module.build_definitions(names, np.arange(len(names)), np.zeros(len(names), np.int64),
                                                 np.ones(len(names), np.int64))
    folded = sorted(set(names))
    shipped = definitions_module._HOLDING_BY_FIND
    definitions_module._HOLDING_BY_FIND = most
    try:
        assert table.holding(needle) == {i for i, n in enumerate(folded) if needle in n}
    finally:
        definitions_module._HOLDING_BY_FIND = shipped
