"""The token index's trigrams of its names (issue 19.1): which tokens hold a literal, told without a
scan of the names, and a rare identifier's files read from them alone (no trigram of the files
asked, none of the large files its trigrams admit read); a file holding the literal only inside a
run too long to be a token is still read; an index written without them answers as before."""

from __future__ import annotations

import copy
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store import tokens as tokens_module
from maguyva_tui.core.store.format import current_generation
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.store.tokens import GRAM_PARTS, MAX_TOKEN_BYTES, TokenIndex
from tests.core.test_text_tokens import WORDS, _write_repo

LONG = b"q" * MAX_TOKEN_BYTES + b"zeta_rare" + b"q" * 8
"""A run too long to be a token, holding ``zeta_rare``: the index leaves it out."""


def _page(text: TextRetriever, literal: str, limit: int | None) -> list[tuple[str, int, str, bool]]:
    return [(m.path, m.line, m.match_type, m.definition) for m in text.literal_lines(literal, "sensitive", limit)]


@pytest.fixture(scope="module")
def indexed(tmp_path_factory: pytest.TempPathFactory) -> tuple[TextRetriever, TextRetriever, TextRetriever]:
    """The engine over a generated repository (with a long run in one file and ``zeta_rare`` whole
    in 40 others), with the names' trigrams, without them (as an older index) and without tokens."""
    root = tmp_path_factory.mktemp("repo")
    _write_repo(root, 5)
    (root / "long.py").write_bytes(b"x = '" + LONG + b"'\nself.add(x)\n")
    for i in range(40):
        (root / f"z{i:02d}.py").write_text(f"zeta_rare = {i}\nprint(zeta_rare)\n" if i % 2 else f"def zeta_rare_{i}(): pass\n")
    snapshot = Snapshot.load(update_index(root, tmp_path_factory.mktemp("index"))[0].folder)
    older = copy.copy(snapshot)
    assert snapshot.tokens is not None and snapshot.tokens.grams is not None
    older.tokens = TokenIndex(snapshot.tokens._blob, snapshot.tokens._offsets, snapshot.tokens.starts,
                              snapshot.tokens.docs)
    bare = copy.copy(snapshot)
    bare.tokens = None
    return TextRetriever(snapshot), TextRetriever(older), TextRetriever(bare)


NEEDLES = st.one_of(st.sampled_from(WORDS).flatmap(lambda w: st.tuples(st.just(w), st.integers(0, len(w)),
                                                                       st.integers(0, len(w)))).map(
    lambda t: t[0][min(t[1], t[2]) : max(t[1], t[2])]), st.text("abdegilrstwxz_$", min_size=1, max_size=6))


@settings(max_examples=200, deadline=None)
@given(needle=NEEDLES, most=st.sampled_from([1, 3, 1 << 20]))
def test_the_names_trigrams_find_what_a_scan_of_the_names_finds(
    indexed: tuple[TextRetriever, TextRetriever, TextRetriever], needle: str, most: int
) -> None:
    """``containing`` from the trigrams: the same documents and best matches as from a scan of
    the names, the documents of long runs added at a word boundary at best."""
    tokens, older = indexed[0].snapshot.tokens, indexed[1].snapshot.tokens
    assert tokens is not None and older is not None and tokens.grams is not None
    data = needle.encode()
    if not data or not data.replace(b"_", b"a").replace(b"$", b"a").isalnum():
        return
    found, scanned = tokens.containing(data, 1 << 20), older.containing(data, 1 << 20)
    assert found is not None and scanned is not None
    expected = dict(zip(scanned[0].tolist(), scanned[1].tolist()))
    for doc in tokens.grams[3].tolist():
        expected[doc] = max(expected.get(doc, 0), 2)
    assert dict(zip(found[0].tolist(), found[1].tolist())) == expected
    assert found[0].tolist() == sorted(expected)
    if len(data) >= 3 and tokens.containing(data, most) is None:  # too many, counted where found
        assert len(tokens._gram_occurrences(data)) > most


def test_a_literal_held_only_inside_a_long_run_is_listed(indexed: tuple[TextRetriever, TextRetriever, TextRetriever]) -> None:
    """``zeta_rare`` is whole in 20 files, at the edge of longer names in 20, inside a long run in
    one (no token holds it there): every page lists that file's line, as the engine without tokens."""
    text, older, bare = indexed
    every = _page(bare, "zeta_rare", None)
    assert ("long.py", 1, "substring", False) in every
    for limit in (None, 1, 20, 40, 41, len(every) - 1, len(every), 500):
        assert _page(text, "zeta_rare", limit) == every[:limit], limit


def test_a_rare_identifiers_page_reads_only_the_files_holding_it(
    indexed: tuple[TextRetriever, TextRetriever, TextRetriever], monkeypatch: pytest.MonkeyPatch
) -> None:
    text, older, bare = indexed
    expected = {literal: _page(bare, literal, 100) for literal in ("widget_count", "rewidget", "draw", "itself")}
    read: list[int] = []
    rows = TextRetriever._literal_rows

    def spy(self: TextRetriever, files: object, chosen: np.ndarray, *args: object) -> tuple[np.ndarray, ...]:
        read.extend(chosen.tolist())
        return rows(self, files, chosen, *args)  # type: ignore[arg-type]

    def no_trigrams(*args: object) -> None:
        raise AssertionError("the trigrams were asked")

    monkeypatch.setattr(TextRetriever, "_literal_rows", spy)
    monkeypatch.setattr(TextRetriever, "candidate_files", no_trigrams)
    paths = text._files().paths
    for literal, page in expected.items():
        read.clear()
        assert _page(text, literal, 100) == page, literal
        holding = {i for i, path in enumerate(paths) if literal.encode() in text.snapshot.raw(path)}
        assert set(read) <= holding | set(text._files().at_docs(np.asarray(text.snapshot.tokens.grams[3], np.int64)).tolist())  # type: ignore[union-attr]
    monkeypatch.undo()
    for literal, page in expected.items():
        assert _page(older, literal, 100) == page  # an older index: its trigrams asked, as before


def test_an_index_without_the_names_trigrams_is_read_as_before(tmp_path: Path) -> None:
    """The parts are optional: removed, the index loads without them and answers alike; an update
    of it carries none (which files hold long runs it cannot tell); a fresh build has them again,
    and an update of that carries the long runs of the files it keeps."""
    root = tmp_path / "repo"
    root.mkdir()
    _write_repo(root, 3, files=12)
    (root / "long.py").write_bytes(b"y = '" + LONG + b"'\n")
    snapshot = update_index(root, tmp_path / "index")[0]
    gen = current_generation(snapshot.folder)
    assert gen is not None and snapshot.tokens is not None and snapshot.tokens.grams is not None
    long_doc = snapshot.files["long.py"].doc_id
    assert snapshot.tokens.grams[3].tolist() == [long_doc]
    with_grams = TextRetriever(Snapshot.load(snapshot.folder))
    pages = {w: _page(with_grams, w, 5) for w in ("widget", "idge", "zeta_rare", "self")}
    for name in GRAM_PARTS:
        (gen / f"{name}.npy").unlink()
    older = Snapshot.load(snapshot.folder)
    assert older.tokens is not None and older.tokens.grams is None
    assert {w: _page(TextRetriever(older), w, 5) for w in pages} == pages
    (root / "m000.py").write_text("widget = 1\n")
    updated = update_index(root, tmp_path / "index")[0]
    assert updated.tokens is not None and updated.tokens.grams is None
    rebuilt = update_index(root, tmp_path / "fresh")[0]
    (root / "m001.py").write_text("self.widget = 2\n")
    kept = update_index(root, tmp_path / "fresh")[0]
    assert rebuilt.tokens is not None and kept.tokens is not None and kept.tokens.grams is not None
    assert kept.tokens.grams[3].tolist() == [kept.files["long.py"].doc_id]


def test_damaged_trigrams_of_the_names_are_refused(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    _write_repo(root, 4, files=6)
    snapshot = update_index(root, tmp_path / "index")[0]
    gen = current_generation(snapshot.folder)
    assert gen is not None
    np.save(gen / "tokens_gram_starts.npy", np.array([0, 5], np.int64))
    with pytest.raises(Exception, match="corrupt"):
        TokenIndex.load(gen)


@settings(max_examples=100, deadline=None)
@given(names=st.lists(st.text("ab_$\0", min_size=1, max_size=7).map(lambda t: t.replace("\0", "")).filter(bool),
                      max_size=30), piece=st.sampled_from([1, 2, 5, 1 << 20]))
def test_the_names_trigrams_are_every_trigram_inside_a_name(names: list[str], piece: int) -> None:
    """Each trigram inside one name (none across a NUL), with every place it starts, sorted by
    trigram then place, whatever the slices it is made in."""
    blob = b"".join(name.encode() + b"\0" for name in sorted(set(names)))
    expected = sorted((blob[i : i + 3], i) for i in range(len(blob) - 2) if b"\0" not in blob[i : i + 3])
    shipped = tokens_module.GRAM_SLICE
    tokens_module.GRAM_SLICE = piece
    try:
        grams, starts, positions, long_docs = tokens_module.name_grams(blob, np.array([3, 9], np.uint32))
    finally:
        tokens_module.GRAM_SLICE = shipped
    codes = [int.from_bytes(gram, "big") for gram, _ in expected]
    assert np.repeat(grams, np.diff(starts)).tolist() == codes and positions.tolist() == [i for _, i in expected]
    assert len(set(grams.tolist())) == len(grams) and long_docs.tolist() == [3, 9]
