"""A rare identifier's tokens found without numpy's per-call costs (issue 19): a needle whose rarest
trigram is at a few places among the names has them checked one by one, and a needle held by one
token has that token's files read as written, with no sort or merge. The documents and their best
matches are those of a plain scan of every token, whichever way they are found."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.store import tokens as tokens_module
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.store.tokens import TokenIndex
from tests.core.test_literal_token_grams import LONG
from tests.core.test_text_tokens import WORDS, _write_repo


@pytest.fixture(scope="module")
def tokens(tmp_path_factory: pytest.TempPathFactory) -> TokenIndex:
    """The token index of a generated repository with a long run and a few rare names."""
    root = tmp_path_factory.mktemp("repo")
    _write_repo(root, 17)
    (root / "long.py").write_bytes(b"x = '" + LONG + b"'\nself.add(x)\n")
    (root / "rare.py").write_text("def only_here_once(): pass\nonly_here_once()\nmy_only_here_oncer = 1\n")
    snapshot = Snapshot.load(update_index(root, tmp_path_factory.mktemp("index"))[0].folder)
    assert snapshot.tokens is not None and snapshot.tokens.grams is not None
    return snapshot.tokens


def _scanned(tokens: TokenIndex, needle: bytes) -> dict[int, int]:
    """Each document holding a token that holds the needle, with its best match, by a scan."""
    best: dict[int, int] = {}
    for t, name in enumerate(tokens.names()):
        if needle in name:
            tier = 3 if name == needle else 2 if name.startswith(needle) or name.endswith(needle) else 1
            for doc in tokens.docs[tokens.starts[t] : tokens.starts[t + 1]].tolist():
                best[doc] = max(best.get(doc, 0), tier)
    assert tokens.grams is not None
    for doc in tokens.grams[3].tolist():
        best[doc] = max(best.get(doc, 0), 2)
    return best


NEEDLES = st.one_of(
    st.sampled_from([*WORDS, "only_here_once", "here_on", "only_here_oncer", "zeta_rare"]).flatmap(
        lambda w: st.tuples(st.just(w), st.integers(0, len(w)), st.integers(0, len(w)))
    ).map(lambda t: t[0][min(t[1], t[2]) : max(t[1], t[2])]),
    st.text("abdegilnorstwxz_$", min_size=3, max_size=8),
)


@settings(max_examples=300, deadline=None)
@given(needle=NEEDLES, few=st.sampled_from([0, tokens_module.FEW_PLACES, 1 << 20]))
def test_the_files_holding_a_needle_are_those_of_a_scan(tokens: TokenIndex, needle: str, few: int) -> None:
    data = needle.encode()
    if len(data) < 3:
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tokens_module, "FEW_PLACES", few)
        found = tokens.containing(data, 1 << 20)
    assert found is not None
    assert dict(zip(found[0].tolist(), found[1].tolist())) == _scanned(tokens, data)
    assert found[0].tolist() == sorted(found[0].tolist())


def test_one_tokens_files_are_read_as_written(tokens: TokenIndex) -> None:
    inside = tokens._holders(tokens._gram_occurrences(b"y_only_here_once"), 16, b"y_only_here_once")
    assert inside is not None and inside[1].tolist() == [1]  # inside my_only_here_oncer alone
    whole = tokens._holders(tokens._gram_occurrences(b"only_here_oncer"), 15, b"only_here_oncer")
    assert whole is not None and whole[1].tolist() == [2]  # at its edge
    t = tokens.find(b"self")
    assert t is not None and int(tokens.starts[t + 1] - tokens.starts[t]) > 1
    damaged = copy.copy(tokens)
    docs = np.array(tokens.docs)
    row = slice(int(tokens.starts[t]), int(tokens.starts[t + 1]))
    docs[row] = docs[row][::-1]  # a token's documents no longer increasing: damage, the trigrams answer
    damaged.docs = docs
    assert damaged._one_holder(t, 4, b"self") is None
    assert damaged.containing(b"self", 1 << 20) is None


def test_the_last_token_found_is_not_sought_again(tokens: TokenIndex, monkeypatch: pytest.MonkeyPatch) -> None:
    sought: list[bytes] = []
    seek = tokens_module.find_sorted

    def spy(blob: bytes, offsets: np.ndarray, needle: bytes) -> int | None:
        sought.append(needle)
        return seek(blob, offsets, needle)

    monkeypatch.setattr(tokens_module, "find_sorted", spy)
    names = tokens.names()
    for needle in [b"draw", b"self", b"self", b"self", b"nothing_here", b"nothing_here", b"self", b"", b"", b"add"]:
        t = tokens.find(needle)
        assert t == (names.index(needle) if needle in names else None), needle
    assert sought == [b"draw", b"self", b"nothing_here", b"self", b"", b"", b"add"]  # the empty one: no memo



@pytest.mark.parametrize("needle", ["only_here_once", "here_on", "only_here_oncer", "y_only", "zeta_rare", "self",
                                    "add", "_on", "ere", "xyz_none", *WORDS[:6]])
def test_a_needles_places_in_the_names_are_every_occurrence_and_searched_unconverted(
        tokens: TokenIndex, needle: str) -> None:
    """Where a needle starts in the names is every place ``bytes.find`` finds it; its trigrams are
    searched as the stored trigrams' type (a search of wider values converted each stored one)."""
    data = needle.encode()
    names = bytes(tokens._blob)
    expected, i = [], names.find(data)
    while i >= 0:
        expected.append(i)
        i = names.find(data, i + 1)
    assert tokens.grams is not None
    searched: list[np.dtype[np.generic]] = []
    real = np.searchsorted

    def spy(a: np.ndarray, v: np.ndarray, *args: object, **kwargs: object) -> np.ndarray:
        searched.append(np.asarray(v).dtype)
        return real(a, v, *args, **kwargs)  # type: ignore[call-overload,no-any-return]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tokens_module.np, "searchsorted", spy)
        found = tokens._gram_occurrences(data).tolist()
    assert found == expected
    assert searched == [tokens.grams[0].dtype]
