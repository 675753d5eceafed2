"""The numpy encoder's fast paths against their plain forms: grouped attention, block GELU, packing."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.special import ndtr

from maguyva_tui.core.embed import transformer
from maguyva_tui.core.embed.transformer import (
    GROUP_CELLS,
    PAD_CELLS,
    TokenBatch,
    attention,
    attention_per_sequence,
    gelu,
)

HIDDEN = 384


def _batch(lengths: list[int]) -> TokenBatch:
    return TokenBatch.of([np.full(n, 1000 + n, np.int64) for n in lengths])


@pytest.mark.parametrize(
    "lengths",
    [[1], [7], [5, 5, 5], [256, 256, 255, 200, 64, 63, 3, 2, 1], [30, 2, 17, 30, 9, 30], list(range(1, 40))],
)
def test_groups_cover_every_sequence_once_within_the_padding_budget(lengths: list[int]) -> None:
    batch = _batch(lengths)
    seen: list[int] = []
    for group in batch.groups:
        assert [lengths[i] for i in group.members] == sorted((lengths[i] for i in group.members), reverse=True)
        if group.rows is None:
            starts = list(range(group.start, group.start + group.count * group.width, group.width))
            assert all(lengths[batch.starts.tolist().index(s)] == group.width for s in starts)
        else:
            assert group.valid is not None and group.mask is not None
            starts = group.rows[:, 0].tolist()
            for row, valid in zip(group.rows, group.valid):
                n = int(valid.sum())
                assert group.width**2 - n**2 <= PAD_CELLS
                assert row[:n].tolist() == list(range(row[0], row[0] + n)) and (row[n:] == row[n - 1]).all()
        assert group.count == 1 or group.count * group.width**2 <= GROUP_CELLS
        assert [batch.starts.tolist().index(s) for s in starts] == group.members.tolist()
        seen += group.members.tolist()
    assert sorted(seen) == list(range(len(lengths)))


def test_equal_lengths_share_one_unpadded_group() -> None:
    (group,) = _batch([40, 40, 40, 40]).groups
    assert group.rows is None and (group.start, group.count, group.width) == (0, 4, 40)


@pytest.mark.parametrize("magnitude", [pytest.param(0.3, marks=pytest.mark.slow), 5.0])  # exp of small scores is safe; of large ones, shifted
def test_grouped_attention_matches_one_sequence_at_a_time(magnitude: float, monkeypatch) -> None:
    lengths = [256, 250, 129, 128, 128, 128, 64, 40, 33, 20, 20, 9, 8, 8, 3, 1]
    batch = _batch(lengths)
    qkv = np.random.default_rng(0).standard_normal((int(batch.lengths.sum()), 3 * HIDDEN)) * magnitude
    qkv = qkv.astype(np.float32)
    unshifted = transformer._softmax_product
    outcomes: list[bool] = []

    def counting(*args, **kwargs):
        result = unshifted(*args, **kwargs)
        outcomes.append(result is not None)
        return result

    monkeypatch.setattr(transformer, "_softmax_product", counting)
    expected = attention_per_sequence(qkv, batch)
    got = attention(qkv.copy(), batch)
    assert np.isfinite(got).all()
    assert all(outcomes) == (magnitude < 1)  # large scores fell back to the shifted softmax
    # Scores of about magnitude**2 * 10 carry rounding of that times 6e-8 into a sharp softmax.
    np.testing.assert_allclose(got, expected, atol=2e-5 * magnitude**2, rtol=1e-5)


def test_gelu_is_exact_to_float32() -> None:
    x = np.concatenate([np.linspace(-12, 12, 20001), [0.0, -0.0, 1e-30, -1e-30, 40, -40]]).astype(np.float32)
    rows = x[: 26 * 769].reshape(26, 769)  # fewer rows than a block, an odd width
    bias = np.linspace(-1, 1, 769).astype(np.float32)
    for block in (rows, np.tile(x[:4000], 50).reshape(200, 1000)):  # one partial block, several
        wide = block.astype(np.float64)
        expected = wide * ndtr(wide)
        got = gelu(block.copy())
        assert np.abs(got - expected).max() <= 2e-7 * np.maximum(1.0, np.abs(wide)).max()
        assert np.abs(got - expected).max() <= 4e-7
    shifted = (rows.astype(np.float64) + bias.astype(np.float32)).astype(np.float32).astype(np.float64)
    np.testing.assert_allclose(gelu(rows.copy(), bias), shifted * ndtr(shifted), atol=4e-7)


@pytest.mark.slow
def test_packing_does_not_change_a_sequence_s_vector() -> None:
    from maguyva_tui.core.embed.minilm import model_dir
    from maguyva_tui.core.embed.provider import ProviderError

    try:
        folder = model_dir()
    except ProviderError as error:
        pytest.skip(str(error))
    from safetensors.numpy import load_file

    encoder = transformer.Encoder.from_weights(load_file(str(folder / "model.safetensors")))
    rng = np.random.default_rng(3)
    sequences = [np.concatenate([[101], rng.integers(1000, 20000, n - 2), [102]]) for n in (3, 40, 40, 97, 128, 7)]
    together = encoder.encode(TokenBatch.of(sequences))
    alone = np.stack([encoder.encode(TokenBatch.of([s]))[0] for s in sequences])
    np.testing.assert_allclose(together, alone, atol=1e-6)
