"""The names' trigram positions in half their bytes (issue 19): ``tokens_gram_positions.npy`` keeps
each position's low 16 bits and the runs of their high halves (``store/low_halves.py``), as the token
places do. Names past 64 KiB must still be found exactly where they hold a literal: the positions
past 65,535 are where a literal's tokens are (sympy: 3.05 -> 2.48 MB)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from maguyva_tui.core.store.low_halves import LowHalves
from maguyva_tui.core.store.tokens import TokenBuilder, TokenIndex

PARTS = ("alpha", "beta", "gamma", "delta", "omega", "sigma", "kappa", "theta")


def _names(count: int) -> list[str]:
    rng = np.random.default_rng(3)
    return [f"{PARTS[i % 8]}_{int(rng.integers(0, 10**6))}_{PARTS[(i // 8) % 8]}" for i in range(count)]


def _holding(index: TokenIndex, needle: bytes) -> list[bytes]:
    found = index.containing(needle, 1 << 30)
    assert found is not None
    docs, _ = found
    return sorted({bytes(name) for name in index.names() if needle in name}) if len(docs) else []


def test_names_past_64_kib_are_found_from_positions_stored_in_half_their_bytes(tmp_path: Path) -> None:
    names = _names(4500)
    builder = TokenBuilder()
    for doc in range(3):
        builder.add(doc, "\n".join(f"{name} = {doc}" for name in names[doc::3]).encode())
    built = builder.finish()
    assert built.grams is not None and len(built._blob) > 1 << 16  # high halves 0 and 1 at least
    built.save(tmp_path)
    stored = np.load(tmp_path / "tokens_gram_positions.npy")
    assert stored.dtype == np.uint16 and (tmp_path / "tokens_gram_positions_highs.npy").exists()
    read = TokenIndex.load(tmp_path)
    assert read.grams is not None and isinstance(read.grams[2], LowHalves)
    assert np.array_equal(read.grams[2][0 : len(read.grams[2])], np.asarray(built.grams[2], np.uint32))
    for needle in (b"alpha_", b"_gamma", b"ta_9", b"kappa_12", names[-1].encode(), names[0].encode()[3:], b"zzz_"):
        assert np.array_equal(read._gram_occurrences(needle), built._gram_occurrences(needle))
        docs_read, docs_built = read.containing(needle, 1 << 30), built.containing(needle, 1 << 30)
        assert (docs_read is None) == (docs_built is None)
        if docs_read is not None and docs_built is not None:
            assert all(np.array_equal(a, b) for a, b in zip(docs_read, docs_built))
    last = names[-1].encode()
    assert read.containing(last, 1 << 30) is not None and _holding(read, last) == [last]
