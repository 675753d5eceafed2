"""The token places kept as the blocks of the stored texts holding them (issue 19: 4 bits a place,
where the offsets took 2.2 bytes: sympy's tokens_* 12.3 -> 7.6 MB). A row's places are found again
in its blocks: each block's first whole occurrences on their lines, however the lines and the
occurrences lie across the blocks' edges, with only the blocks asked for (and a neighbour's edge)
made to hold their text."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.store import place_blocks
from maguyva_tui.core.store.format import current_generation
from maguyva_tui.core.store.place_blocks import PlaceBlocks, block_size, encode, resolve, resolve_held
from tests.core.test_literal_token_places import _truth
from tests.core.test_text_tokens import _write_repo

HEAD = b"ab\n_a\n"
"""Another file's text before the one searched: offsets in the texts are not offsets in the file."""


class _Lazy:
    """Stored texts filled a block of the file at a time where asked (zeros elsewhere), as
    :class:`~maguyva_tui.core.store.texts.PackedTexts` fills its buffer."""

    def __init__(self, data: bytes) -> None:
        self.data, self.size = HEAD + data, block_size(len(data))
        self.blob = bytearray(len(HEAD)) + bytearray(len(data))
        self.asked: set[int] = set()

    def ensure(self, lo: int, hi: int) -> None:
        for b in range(max(lo - len(HEAD), 0) // self.size, -(-(hi - len(HEAD)) // self.size)):
            at = len(HEAD) + b * self.size
            self.blob[at : at + self.size] = self.data[at : at + self.size]
            self.asked.add(b)


def _check(data: bytes) -> None:
    for token, places in _truth(data).items():
        lazy = _Lazy(data)
        blocks = [p // lazy.size for p in places]
        assert resolve(lazy.blob, lazy.ensure, len(HEAD), len(data), token, blocks) == places, token
        assert max(lazy.asked) <= blocks[-1] + -(-len(token) // lazy.size)  # none past the last place's (and its end's)
        assert resolve(lazy.blob, lazy.ensure, len(HEAD), len(data), token, blocks + [blocks[-1]]) is None  # one too many
        whole = bytes(lazy.data)  # a file held whole: no block asked
        assert resolve_held(whole, len(HEAD), len(data), token, blocks) == places, token
        joined = b"a_" + data  # a file held whole after a name's end: its own first byte starts a name
        for count in {1, len(places) // 2, len(places)}:  # a row's first places, as a page takes them
            assert resolve_held(joined, 2, len(data), token, blocks[:count]) == places[:count], token
        assert resolve_held(joined, 2, len(data), token, blocks + [blocks[-1]]) is None  # one too many


@settings(max_examples=300, deadline=None)
@given(text=st.text(st.sampled_from("ab_$\n "), max_size=120))
def test_any_texts_places_are_found_again_in_their_blocks(text: str) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(place_blocks, "BLOCK_BYTES", 8)  # blocks of a few bytes: lines and tokens across their edges
        _check(text.encode())


def test_lines_and_tokens_across_blocks_edges(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(place_blocks, "BLOCK_BYTES", 8)
    for data in (b"abc abc abc abc abc abc\nabc", b"x" * 7 + b"abc abc\n" + b"y" * 30 + b" abc\nabc",
                 b"aaaaaaaaaaaaaaaaaaaaaaaaaaa aaaaaaaaaaaaaaaaa\n aaaaaaaaaaaaaaaaaaaaaaaaaaa",
                 b"ab ab\n" * 9 + b" " * 20 + b"ab"):
        _check(data)


@pytest.mark.parametrize("seed", [0, 1])
def test_steps_of_4_bits_and_the_jumps_read_back_every_row(seed: int) -> None:
    rng = np.random.default_rng(seed)
    counts = rng.integers(0, 300, 200)
    rows = [np.cumsum(rng.choice([0, 0, 0, 1, 2, 14, 15, 16, 900], c)) for c in counts]
    every = np.concatenate(rows)
    for size in (7, 1 << 20):  # slices of an odd size too
        codes, jumps = encode((every[i : i + size] for i in range(0, len(every), size)), counts, len(every))
        assert codes.dtype == np.uint8 and len(codes) == (len(every) + 1) // 2
        read = PlaceBlocks(codes, jumps, len(every))
        firsts = np.cumsum(counts) - counts
        assert all(read.row(int(f), int(c)) == r.tolist() for f, c, r in zip(firsts, counts, rows))
        assert read.rows(firsts, counts).tolist() == every.tolist()


def test_the_steps_are_the_same_bytes_however_the_places_are_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(2)
    counts = rng.integers(0, 120, 300)
    every = np.concatenate([np.cumsum(rng.choice([0, 0, 1, 15, 40], c)) for c in counts])
    whole = encode([every], counts, len(every))
    monkeypatch.setattr(place_blocks, "ENCODE_SLICE", 10)  # a build's slices stepped a piece at a time
    for size in (64, 7):
        cut = encode((every[i : i + size] for i in range(0, len(every), size)), counts, len(every))
        assert cut[0].tobytes() == whole[0].tobytes() and cut[1].tobytes() == whole[1].tobytes()
        assert cut[1].dtype == whole[1].dtype


def test_an_index_keeps_half_a_byte_a_place(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    _write_repo(root, 7, files=12)
    gen = current_generation(update_index(root, tmp_path / "index")[0].folder)
    assert gen is not None
    places = int(np.load(gen / "tokens_place_counts.npy").astype(np.int64).sum())
    assert not (gen / "tokens_places.npy").exists()
    assert (gen / "tokens_place_blocks.npy").stat().st_size - 128 == (places + 1) // 2
