"""A BERT encoder in numpy, for packed (unpadded) batches of token ids.

All tokens of a batch live in one ``(tokens, hidden)`` matrix, so every dense layer is a single
GEMM with no padding waste; attention, the only step that mixes tokens, runs per sequence.
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

LAYER_NORM_EPS = 1e-12  # from the model's config.json
HEADS = 12  # from the model's config.json
_SQRT_HALF = np.float32(1.0 / math.sqrt(2.0))
_TANH_C = np.float32(math.sqrt(2.0 / math.pi))
_ERF_P = np.float32(0.3275911)  # Abramowitz & Stegun 7.1.26: erf to 1.5e-7, below float32 resolution near 1
_ERF_A = tuple(np.float32(a) for a in (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429))
_GELU_BLOCK = 256  # rows per pass: the temporaries stay in cache (1.2x faster than whole-matrix passes)


@dataclass(frozen=True, slots=True, eq=False)
class TokenBatch:
    """Token ids of several sequences, concatenated, with where each one starts."""

    ids: npt.NDArray[np.int64]
    positions: npt.NDArray[np.int64]
    starts: npt.NDArray[np.int64]
    lengths: npt.NDArray[np.int64]

    @classmethod
    def of(cls, sequences: Sequence[npt.NDArray[np.int64]]) -> TokenBatch:
        """Pack a list of token id arrays into one batch."""
        lengths = np.array([len(s) for s in sequences], np.int64)
        starts = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
        ids = np.concatenate(sequences).astype(np.int64)
        positions = np.concatenate([np.arange(n) for n in lengths]).astype(np.int64)
        return cls(ids, positions, starts, lengths)


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
        x = self.words[batch.ids] + self.positions[batch.positions] + self.token_type
        x = layer_norm(x, *self.embed_norm)
        for layer in self.layers:
            x = self._layer(layer, x, batch)
        pooled = np.add.reduceat(x, batch.starts, axis=0) / batch.lengths[:, None].astype(F32)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        unit: Matrix = (pooled / np.maximum(norms, F32(1e-12))).astype(F32)
        return unit

    def _layer(self, layer: Layer, x: Matrix, batch: TokenBatch) -> Matrix:
        qkv = x @ layer.qkv
        qkv += layer.qkv_bias
        context = attention(qkv, batch)
        h = context @ layer.attn_out
        h += layer.attn_out_bias
        h += x
        x = layer_norm(h, *layer.attn_norm)
        h = x @ layer.mlp_in
        h += layer.mlp_in_bias
        h = gelu_tanh(h) if self.approximate_gelu else gelu(h)
        out = h @ layer.mlp_out
        out += layer.mlp_out_bias
        out += x
        return layer_norm(out, *layer.out_norm)


def attention(qkv: Matrix, batch: TokenBatch) -> Matrix:
    """Multi-head self-attention of every sequence over itself, on packed ``q|k|v`` rows."""
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


def layer_norm(x: Matrix, weight: Matrix, bias: Matrix) -> Matrix:
    """Normalise each row to zero mean and unit variance, then scale and shift."""
    mean = x.mean(axis=-1, keepdims=True)
    centred: Matrix = x - mean
    var = np.mean(centred * centred, axis=-1, keepdims=True)
    centred /= np.sqrt(var + F32(LAYER_NORM_EPS))
    centred *= weight
    centred += bias
    return centred


def gelu(x: Matrix) -> Matrix:
    """GELU with the error function, ``x * Phi(x)``, to float32 precision (in place, by row blocks)."""
    for start in range(0, len(x), _GELU_BLOCK):
        _gelu_block(x[start : start + _GELU_BLOCK])
    return x


def _gelu_block(x: Matrix) -> None:
    """``Phi(x) = 1 - erfc(|x|/sqrt2)/2`` for ``x >= 0``, ``erfc(|x|/sqrt2)/2`` below: no cancellation."""
    z = np.abs(x)
    z *= _SQRT_HALF
    t = z * _ERF_P
    t += F32(1.0)
    np.reciprocal(t, out=t)
    poly = _ERF_A[4] * t
    for a in _ERF_A[3::-1]:
        poly += a
        poly *= t
    z *= z
    np.negative(z, out=z)
    np.exp(z, out=z)
    poly *= z
    poly *= F32(0.5)
    np.subtract(F32(1.0), poly, out=poly, where=x >= 0)
    x *= poly


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
