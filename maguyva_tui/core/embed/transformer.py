"""A BERT encoder in numpy, for packed (unpadded) batches of token ids.

All tokens of a batch live in one ``(tokens, hidden)`` matrix, so every dense layer is a single
GEMM with no padding waste, at the BLAS's full rate. Attention, the only step that mixes tokens,
runs on groups of sequences of one length (``group_sequences``), nearly equal lengths padded and
masked only as far as padding pays (measured: a call per sequence costs little beside its scores,
so wide padding lost). The softmax skips the max shift that real scores never need, checking the
row sums instead. Activations live in buffers allocated once per batch and reused by every
layer, and the GELU runs in cache-sized row blocks with scratch of its own: fresh temporaries,
not arithmetic, were half its cost. What remains beside the GEMMs is mostly ``exp`` (numpy's
float32 exp costs 10 multiplies here): in the softmax and in the GELU.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

F32 = np.float32
Matrix: TypeAlias = npt.NDArray[np.float32]
"""A float32 array: activations ``(tokens, width)``, weights ``(in, out)`` or a bias ``(out,)``."""
Indices: TypeAlias = npt.NDArray[np.int64]

LAYER_NORM_EPS = 1e-12  # from the model's config.json
HEADS = 12  # from the model's config.json
_TANH_C = np.float32(math.sqrt(2.0 / math.pi))
_ERF_P = 0.3275911  # Abramowitz & Stegun 7.1.26: erf to 1.5e-7, below float32 resolution near 1
_ERF_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)
_GELU_P = np.float32(_ERF_P / math.sqrt(2.0))  # t = 1 / (1 + p |x| / sqrt 2)
_GELU_A = tuple(np.float32(a / 2) for a in _ERF_A)  # halved: GELU = relu(x) - |x| erfc(|x|/sqrt2) / 2
_GELU_BLOCK = 64  # rows per pass: 64 x 1536 floats per scratch stay in L2 (2.5x the whole-matrix speed)
PAD_CELLS = 64  # score cells (per head) that padding one sequence may add; more cost more than a call saves
GROUP_CELLS = 1 << 16  # score cells (per head) of one group, padding included: its scores stay in L2/L3
_SUM_LOW = F32(1e-30)  # unshifted row sums above this: the largest term is a normal float, full precision
_SUM_HIGH = F32(1e30)  # and below this: no term overflowed, nor can the product with v (|v| < 1e8)


@dataclass(frozen=True, slots=True, eq=False)
class Group:
    """Sequences whose attention is computed together, padded to ``width`` tokens."""

    members: Indices
    """The sequences of the group, by their index in the batch."""
    start: int
    """The first packed row, when the sequences are adjacent and all ``width`` long (``rows`` is None)."""
    count: int
    width: int
    rows: Indices | None
    """``(count, width)`` packed row of every slot; a padding slot repeats the sequence's last token."""
    valid: npt.NDArray[np.bool_] | None
    """``(count, width)``: which slots are real tokens."""
    mask: Matrix | None
    """``(count, 1, 1, width)``: 0 on real keys, -inf on padding, added to the scores."""


@dataclass(frozen=True, slots=True, eq=False)
class TokenBatch:
    """Token ids of several sequences, concatenated, with where each one starts."""

    ids: Indices
    positions: Indices
    starts: Indices
    lengths: Indices
    groups: tuple[Group, ...]

    @classmethod
    def of(cls, sequences: Sequence[Indices]) -> TokenBatch:
        """Pack a list of token id arrays into one batch."""
        lengths = np.array([len(s) for s in sequences], np.int64)
        starts = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
        ids = np.concatenate(sequences).astype(np.int64)
        positions = np.concatenate([np.arange(n) for n in lengths]).astype(np.int64)
        return cls(ids, positions, starts, lengths, group_sequences(starts, lengths))


def group_sequences(
    starts: Indices, lengths: Indices, pad_cells: int = PAD_CELLS, group_cells: int = GROUP_CELLS
) -> tuple[Group, ...]:
    """Group sequences, longest first, for attention: padding a member may add ``pad_cells`` score cells at most."""
    order = sorted(range(len(lengths)), key=lambda i: -int(lengths[i]))
    groups: list[Group] = []
    i = 0
    while i < len(order):
        width = int(lengths[order[i]])
        j = i + 1
        while (
            j < len(order)
            and (j - i + 1) * width * width <= group_cells
            and width * width - int(lengths[order[j]]) ** 2 <= pad_cells
        ):
            j += 1
        groups.append(_group(order[i:j], [int(starts[k]) for k in order[i:j]], [int(lengths[k]) for k in order[i:j]]))
        i = j
    return tuple(groups)


def _group(members: list[int], starts: list[int], lengths: list[int]) -> Group:
    width = lengths[0]
    index = np.array(members, np.int64)
    adjacent = all(n == width for n in lengths) and all(b - a == width for a, b in zip(starts, starts[1:]))
    if adjacent:
        return Group(index, starts[0], len(starts), width, None, None, None)
    slots = np.arange(width)
    lens = np.array(lengths, np.int64)[:, None]
    rows = np.array(starts, np.int64)[:, None] + np.minimum(slots, lens - 1)
    valid = slots < lens
    mask = np.where(valid, F32(0), F32(-np.inf)).astype(F32)[:, None, None, :]
    return Group(index, -1, len(starts), width, rows, valid, mask)


@dataclass(frozen=True, slots=True, eq=False)
class Layer:
    """One encoder layer's weights, linear weights transposed to ``(in, out)``."""

    qkv: Matrix
    qkv_bias: Matrix
    attn_out: Matrix
    attn_out_bias: Matrix
    attn_norm: tuple[Matrix, Matrix]
    mlp_in: Matrix
    mlp_in_bias: Matrix
    mlp_out: Matrix
    mlp_out_bias: Matrix
    out_norm: tuple[Matrix, Matrix]


class _Buffers:
    """The activations of one batch, allocated once and overwritten by every layer."""

    def __init__(self, tokens: int, hidden: int, inner: int) -> None:
        self.qkv = np.empty((tokens, 3 * hidden), F32)
        self.context = np.empty((tokens, hidden), F32)
        self.sum = np.empty((tokens, hidden), F32)
        self.inner = np.empty((tokens, inner), F32)


@dataclass(frozen=True, slots=True, eq=False)
class Encoder:
    """The BERT encoder: embeddings, layers, mean pooling and L2 normalisation."""

    words: Matrix
    positions: Matrix
    token_type: Matrix
    embed_norm: tuple[Matrix, Matrix]
    layers: tuple[Layer, ...]
    approximate_gelu: bool = False

    @classmethod
    def from_weights(cls, w: Mapping[str, npt.NDArray[np.float32]], approximate_gelu: bool = False) -> Encoder:
        """Build an encoder from a Hugging Face BertModel state dict."""
        count = len({k.split(".")[2] for k in w if k.startswith("encoder.layer.")})
        layers = tuple(_layer(w, f"encoder.layer.{i}.") for i in range(count))
        return cls(
            words=_f32(w["embeddings.word_embeddings.weight"]),
            positions=_f32(w["embeddings.position_embeddings.weight"]),
            token_type=_f32(w["embeddings.token_type_embeddings.weight"][0]),
            embed_norm=_norm(w, "embeddings.LayerNorm."),
            layers=layers,
            approximate_gelu=approximate_gelu,
        )

    def encode(self, batch: TokenBatch) -> Matrix:
        """Return one unit vector per sequence of the batch."""
        x = self.words[batch.ids]
        x += self.positions[batch.positions]
        x += self.token_type
        x = layer_norm(x, *self.embed_norm, out=x)
        buffers = _Buffers(len(x), x.shape[1], self.layers[0].mlp_in.shape[1]) if self.layers else None
        for layer in self.layers:
            self._layer(layer, x, batch, buffers)  # type: ignore[arg-type]
        pooled = np.add.reduceat(x, batch.starts, axis=0) / batch.lengths[:, None].astype(F32)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        unit: Matrix = (pooled / np.maximum(norms, F32(1e-12))).astype(F32)
        return unit

    def _layer(self, layer: Layer, x: Matrix, batch: TokenBatch, b: _Buffers) -> None:
        """Run one layer, leaving its output in ``x``."""
        np.matmul(x, layer.qkv, out=b.qkv)
        b.qkv += layer.qkv_bias
        attention(b.qkv, batch, out=b.context)
        np.matmul(b.context, layer.attn_out, out=b.sum)
        b.sum += layer.attn_out_bias
        b.sum += x
        layer_norm(b.sum, *layer.attn_norm, out=x)
        np.matmul(x, layer.mlp_in, out=b.inner)
        if self.approximate_gelu:
            b.inner += layer.mlp_in_bias
            gelu_tanh(b.inner)
        else:
            gelu(b.inner, layer.mlp_in_bias)
        np.matmul(b.inner, layer.mlp_out, out=b.sum)
        b.sum += layer.mlp_out_bias
        b.sum += x
        layer_norm(b.sum, *layer.out_norm, out=x)


def attention(qkv: Matrix, batch: TokenBatch, out: Matrix | None = None) -> Matrix:
    """Multi-head self-attention of every sequence over itself, on packed ``q|k|v`` rows, group by group.

    The ``q`` columns of ``qkv`` are scaled in place (a pass over them, not over the scores).
    """
    tokens, hidden = qkv.shape[0], qkv.shape[1] // 3
    head = hidden // HEADS
    out = np.empty((tokens, hidden), F32) if out is None else out
    qkv[:, :hidden] *= F32(1.0 / math.sqrt(head))
    ones = np.ones((int(batch.lengths.max()), 1), F32)
    for g in batch.groups:
        rows = qkv[g.start : g.start + g.count * g.width] if g.rows is None else qkv[g.rows]
        q, k, v = rows.reshape(g.count, g.width, 3, HEADS, head).transpose(2, 0, 3, 1, 4)
        context = _softmax_product(q, k, v, g.mask, ones[: g.width], shift=False)
        if context is None:  # a score beyond exp's range: again, each row shifted by its maximum
            context = _softmax_product(q, k, v, g.mask, ones[: g.width], shift=True)
            assert context is not None
        merged = context.transpose(0, 2, 1, 3)  # (count, width, heads, head)
        if g.rows is None:
            out[g.start : g.start + g.count * g.width].reshape(g.count, g.width, HEADS, head)[...] = merged
        else:
            out[g.rows[g.valid]] = merged[g.valid].reshape(-1, hidden)
    return out


def _softmax_product(
    q: Matrix, k: Matrix, v: Matrix, mask: Matrix | None, ones: Matrix, shift: bool
) -> Matrix | None:
    """Return ``softmax(q k^T) v``, or ``None`` when unshifted scores leave exp's safe range.

    Scores of this model stay well inside float32's exp range, so the usual max shift (a pass to
    find each row's maximum, one to subtract it) is skipped, and the row sums, which are needed
    anyway, show when it should not have been.
    """
    scores = q @ k.transpose(0, 1, 3, 2)  # (count, heads, width, width)
    if mask is not None:
        scores += mask
    if shift:
        scores -= scores.max(axis=-1, keepdims=True)
    with np.errstate(over="ignore"):  # an overflow is seen below and answered by shifting
        np.exp(scores, out=scores)
        sums = scores @ ones  # row sums by a product: 3x faster than a sum on the last axis
    if not shift and not (sums.min() >= _SUM_LOW and sums.max() <= _SUM_HIGH):
        return None
    context: Matrix = np.matmul(scores, v)  # normalised after the product: width x head values, not width x width
    context /= sums
    return context


def attention_per_sequence(qkv: Matrix, batch: TokenBatch) -> Matrix:
    """Attention one sequence at a time, the plain way: the reference ``attention`` is tested against."""
    hidden = qkv.shape[1] // 3
    head = hidden // HEADS
    scale = F32(1.0 / math.sqrt(head))
    out = np.empty((qkv.shape[0], hidden), F32)
    for start, length in zip(batch.starts.tolist(), batch.lengths.tolist()):
        rows = qkv[start : start + length].reshape(length, 3, HEADS, head).transpose(1, 2, 0, 3)
        q, k, v = rows[0], rows[1], rows[2]
        scores = q @ k.transpose(0, 2, 1)
        scores *= scale
        scores -= scores.max(axis=-1, keepdims=True)
        np.exp(scores, out=scores)
        scores /= scores.sum(axis=-1, keepdims=True)
        out[start : start + length] = (scores @ v).transpose(1, 0, 2).reshape(length, hidden)
    return out


def layer_norm(x: Matrix, weight: Matrix, bias: Matrix, out: Matrix | None = None) -> Matrix:
    """Normalise each row to zero mean and unit variance, then scale and shift (into ``out`` if given)."""
    mean = x.mean(axis=-1, keepdims=True)
    centred: Matrix = np.subtract(x, mean, out=out)
    square = centred * centred
    var = square.mean(axis=-1, keepdims=True)
    var += F32(LAYER_NORM_EPS)
    np.sqrt(var, out=var)
    centred /= var
    centred *= weight
    centred += bias
    return centred


def gelu(x: Matrix, bias: Matrix | None = None) -> Matrix:
    """GELU with the error function, ``x * Phi(x)``, to float32 precision, after adding ``bias`` (in place)."""
    rows, cols = x.shape
    block = min(rows, _GELU_BLOCK)
    a, t, e = (np.empty((block, cols), F32) for _ in range(3))
    for start in range(0, rows, block):
        xb = x[start : start + block]
        n = len(xb)
        if bias is not None:
            xb += bias
        _gelu_block(xb, a[:n], t[:n], e[:n])
    return x


def _gelu_block(x: Matrix, a: Matrix, t: Matrix, e: Matrix) -> None:
    """``x Phi(x) = relu(x) - |x| erfc(|x|/sqrt2)/2``, erfc by A&S 7.1.26: no cancellation, no branch."""
    np.abs(x, out=a)
    np.multiply(a, _GELU_P, out=t)
    t += F32(1.0)
    np.reciprocal(t, out=t)
    np.multiply(x, x, out=e)
    e *= F32(-0.5)
    np.exp(e, out=e)
    e *= a  # |x| exp(-x^2/2)
    np.multiply(t, _GELU_A[4], out=a)  # the polynomial, in a's place
    for c in _GELU_A[3::-1]:
        a += c
        a *= t
    a *= e
    np.maximum(x, F32(0.0), out=x)
    x -= a


def gelu_tanh(x: Matrix) -> Matrix:
    """The tanh approximation of GELU: faster, within about 1e-3 of the exact one (in place)."""
    t = x * x
    t *= F32(0.044715)
    t += F32(1.0)
    t *= x
    t *= _TANH_C
    np.tanh(t, out=t)
    t += F32(1.0)
    t *= F32(0.5)
    x *= t
    return x


def _f32(a: npt.NDArray[np.float32]) -> Matrix:
    return np.ascontiguousarray(a, dtype=F32)


def _norm(w: Mapping[str, npt.NDArray[np.float32]], prefix: str) -> tuple[Matrix, Matrix]:
    return _f32(w[prefix + "weight"]), _f32(w[prefix + "bias"])


def _linear(w: Mapping[str, npt.NDArray[np.float32]], prefix: str) -> tuple[Matrix, Matrix]:
    """Return a linear layer's weight transposed to ``(in, out)`` and its bias."""
    return _f32(w[prefix + "weight"].T), _f32(w[prefix + "bias"])


def _layer(w: Mapping[str, npt.NDArray[np.float32]], p: str) -> Layer:
    parts = [_linear(w, f"{p}attention.self.{name}.") for name in ("query", "key", "value")]
    attn_out, attn_out_bias = _linear(w, p + "attention.output.dense.")
    mlp_in, mlp_in_bias = _linear(w, p + "intermediate.dense.")
    mlp_out, mlp_out_bias = _linear(w, p + "output.dense.")
    return Layer(
        qkv=_f32(np.concatenate([m for m, _ in parts], axis=1)),
        qkv_bias=_f32(np.concatenate([b for _, b in parts])),
        attn_out=attn_out,
        attn_out_bias=attn_out_bias,
        attn_norm=_norm(w, p + "attention.output.LayerNorm."),
        mlp_in=mlp_in,
        mlp_in_bias=mlp_in_bias,
        mlp_out=mlp_out,
        mlp_out_bias=mlp_out_bias,
        out_norm=_norm(w, p + "output.LayerNorm."),
    )
