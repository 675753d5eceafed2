"""The static semantic tier: one vector per vocabulary token, derived from MiniLM (model2vec style).

Derivation, once per machine at first use: every WordPiece token of MiniLM's vocabulary goes
alone through our numpy encoder as ``[CLS] t [SEP]`` (a vectorised fixed-length pass: about 35
CPU-seconds for the 30,522 tokens), the token's own output is kept, centred and reduced by PCA
(float64, sign-fixed components, so two derivations give the same bytes). The vectors (as
float16) and the PCA basis are cached on disk, versioned and checksummed, and memory-mapped by every
process: a question reads and weights only its own tokens' rows (``CACHE_FORMAT``).

Embedding a chunk is a weighted mean of its tokens' vectors: text is split into words on
whitespace and punctuation (bytes, ``translate`` and ``split``: C speed), each distinct word is
tokenised once (identifiers split into words first: ``parseHTTPServer`` -> ``parse http server``)
and remembered, and the weighted sum is one sparse product. A token that occurs ``c`` times counts
``c ** TF_POWER`` times, and a chunk's symbol name (on the first line of its text) ``NAME_WEIGHT``
more (the qualifier before its last dot, a method's class, ``QUALIFIER_WEIGHT`` more); a window of a
file (no symbol) is named by its path, which counts ``PATH_WEIGHT`` more (v7).
A document's vector ends with one more dimension, its crowding (``HUB_SCALE``): how close it sits to
its nearest neighbours among reference chunks sampled from the repository at fit time, and among the
repository's comment and docstring blocks as stand-in questions (``PROSE_SCALE``, v8), so that the
retriever's cosine lowers the chunks that come near every question.

v7 and v6 against v4: the static tier alone against MiniLM alone on issue 16's questions, through the
real engine (``python -m bench.nl_quality --modes "static tier,model tier"``; ratio of means; each
version's constants chosen on half A with ``python -m bench.static_nl --half A --set NAME=...``, half
B read once after; v7: a window named by its path, a method's class weighed less than its own name;
v8: the crowding measured among the repository's prose as well):

================  ==================  ==================  ==================  ==================
static / MiniLM   semble A (215 q)    semble B (190 q)    docstring A (253)   docstring B (300)
================  ==================  ==================  ==================  ==================
v4                0.892               0.907               0.787               0.831
v6                0.950               0.935               0.909               0.858
v7                1.001               0.970               0.941               0.892
v8                0.969               0.962               0.961               0.924
================  ==================  ==================  ==================  ==================

Defaults, chosen on docstring -> function retrieval over requests, flask and click (669
questions, ``python -m bench.static_quality``; MiniLM alone: MRR@10 0.490, Hit@10 0.752; the
rows below the default were measured with the name counted once, v3):

====================================================  =======  ======  ==========
static variant (one change from the default)          MRR@10   Hit@10  x MiniLM
====================================================  =======  ======  ==========
v4: own output, PCA 256, fitted weights, name x8      0.436    0.676   0.89
name counted once (``NAME_REPEAT`` 1; v3)             0.364    0.622   0.74
pooling: mean of the three outputs                    0.323    0.549   0.66
sequence: the token alone (3x cheaper to derive)      0.244    0.435   0.50
PCA 128 / 384                                         0.331    0.570   0.68 / 0.75
first principal component removed                     0.368    0.622   0.75
weights: plain / Zipf only / SIF of repo counts       0.291 / 0.348 / 0.296
identifiers not split                                 0.364    0.617   0.74
tokenlearn-static-model 0.1.1 (PyPI, no licence)      0.119    0.257   0.24
====================================================  =======  ======  ==========

PCA 384 and the removed component gain less than the noise between repositories; 256 dimensions
keep the sparse product a third cheaper. Splitting identifiers costs nothing at run time.

``refine`` fits the token vectors towards the transformer's vectors of the chunks it has embedded
(ridge towards the derived vectors, conjugate gradients, through the cached PCA basis). Judged on
the questions whose answer the transformer has not embedded, ranked over every chunk:

=============================  ==========  ================  ================  ================
transformer has embedded        questions   MiniLM            static            refined
=============================  ==========  ================  ================  ================
25% of the chunks               478         0.474 / 0.745     0.357 / 0.603     0.378 / 0.636
50% of the chunks               319         0.446 / 0.734     0.339 / 0.577     0.381 / 0.633
all of them (all questions)     669         0.490 / 0.752     0.364 / 0.622     0.431 / 0.710
=============================  ==========  ================  ================  ================

(MRR@10 / Hit@10.) Speed (``python -m bench.static_speed``): see its docstring for the command;
embedding runs at 20-45k chunks/s of CPU on one core, a query in 0.06-0.15 ms.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import string
import sys
import tempfile
import threading
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from itertools import chain, repeat
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Final, NamedTuple, Protocol, TypeAlias, overload, runtime_checkable

import numpy as np
import numpy.typing as npt

from maguyva_tui.core.embed.base import ProviderError
from maguyva_tui.core.embed.minilm import MODEL_SHA256, model_dir, single_threaded_blas, verify_digest
from maguyva_tui.core.embed.static_version import STATIC_VERSION as STATIC_VERSION  # read alone by a search
from maguyva_tui.core.embed.store import Rows, npz_member
from maguyva_tui.core.embed.transformer import HEADS, Encoder, Layer, gelu, layer_norm
from maguyva_tui.core.lazy_pattern import lazy
from maguyva_tui.core.store.arrays import read_members, unique, unique_inverse
from maguyva_tui.core.store.format import make_private_dir
from maguyva_tui.core.store.vouched import vouch, vouched
from maguyva_tui.core.types import SYMBOL_KINDS

if TYPE_CHECKING:
    from scipy.sparse import csr_matrix

TABLE_VERSION = 5
"""Bump when the derivation of the token table changes: a cached table of another version is derived
again (35 CPU-seconds), so a change of weighting alone does not cost that."""
CACHE_ENV = "MAGUYVA_MODEL_CACHE"
"""Environment variable that moves the cache of derived models."""
DIM = 256  # PCA dimension
SEQUENCE = "cls_sep"  # each token is encoded as "[CLS] t [SEP]" ("cls_sep") or alone ("alone")
POOLING = "token"  # the token's own output ("mean": the mean of the [CLS] t [SEP] outputs)
DROP_COMPONENTS = 0  # leading principal components removed ("all but the top")
ZIPF_A = 2e-4
"""Fixed weights ``a / (a + p(id))``, ``p`` from a Zipf law over ids: a larger ``a`` flattens the weights
of common tokens. Half A of ``bench.static_nl`` (the static tier alone; semble NDCG@10 / docstring
MRR@10 as a ratio to MiniLM's). Without the crowding, ``NAME_WEIGHT`` 3, at ``TF_POWER`` 0.5: 1e-5:
0.893 / 0.809, 1e-4: 0.953 / 0.850, 3e-4: 0.954 / 0.842; at ``TF_POWER`` 1: 0.884 / 0.746, 0.921 /
0.781, 0.927 / 0.769. With it (the default), ``NAME_WEIGHT`` 5: 1e-4: 0.946 / 0.904, 2e-4: 0.947 /
0.912, 3e-4: 0.943 / 0.903. (v4 kept 1e-5, chosen on requests, flask and click with every occurrence
counted.)"""
TF_POWER = 0.5
"""A token that occurs ``c`` times in a text counts ``c ** TF_POWER`` times (v4: ``c``): a body that
repeats ``self``, ``node`` or a local variable no longer drowns the rest. Half A of ``bench.static_nl``
without the crowding (semble / docstring x MiniLM; ``ZIPF_A`` 1e-4, ``NAME_WEIGHT`` 3): 0.3: 0.930 /
0.834, 0.5: 0.953 / 0.850, 0.7: 0.940 / 0.850, 1: 0.921 / 0.781."""
IDF_POWER = 0.5  # fitted weights: the fixed ones times idf ** 0.5 over the repository's chunks (1.0 measured)
DERIVE_BATCH = 512  # vocabulary tokens per forward batch: temporaries stay small, GEMMs stay efficient
DERIVE_WORKERS = 2  # threads over batches, BLAS single-threaded (as for MiniLM)
WORD_CACHE_LIMIT = 1_000_000  # distinct words remembered before the cache starts over
PARALLEL_WORDS = 64  # new words from which the tokenizer's parallel batch beats one call per word
WORDPIECE_MAX_CHARS = 100  # BERT's max_input_chars_per_word: a longer word is [UNK]
FIT_SAMPLE = 8192  # chunks fit_weights counts in, at most (a fixed sample): idf needs no more
HUB_REFERENCES = 1024
"""Chunks of the repository ``fit`` keeps as references (a fixed sample, float16): a chunk's crowding is
measured against them. Each chunk costs 1024 x 256 multiply-adds more, about a quarter of its embedding
(requests, load about 9: 19,800 chunks per CPU-second with the crowding, 26,100 without). Half A of
``bench.static_nl`` (semble / docstring x MiniLM), ``NAME_WEIGHT`` 5 and ``ZIPF_A`` 2e-4: 512: 0.946 /
0.908, 768: 0.945 / 0.912, 1024: 0.947 / 0.912; ``NAME_WEIGHT`` 3 and ``ZIPF_A`` 1e-4: 512: 0.931 /
0.897, 1024: 0.937 / 0.899, 2048: 0.928 / 0.900. Measured in the leading 128 or 64 principal
dimensions only (a quarter of the product at 64): 0.942 / 0.901, 0.944 / 0.886."""
HUB_NEIGHBOURS = 10
"""A chunk's crowding is the mean cosine of its ``HUB_NEIGHBOURS`` nearest references after the nearest
(which is the chunk itself when it is one of them, so every chunk is measured alike). Half A, as
above: 5: 0.937 / 0.889, 10: 0.937 / 0.899, 20: 0.939 / 0.893."""
HUB_SCALE = 1.0
"""A document's extra dimension holds ``HUB_SCALE`` times its crowding ``r`` and a query's holds 0, so the
cosine the retriever computes is the plain one divided by ``sqrt(1 + (HUB_SCALE * r) ** 2)``: a chunk that
sits among many like it (file preambles, a family of similar methods, generic glue) stops coming near
every question, the hubness that static embeddings suffer from (the cure CSLS brings to word
translation, made multiplicative so that it lives in the vectors). Half A of ``bench.static_nl``
(semble / docstring x MiniLM; ``NAME_WEIGHT`` 5, ``ZIPF_A`` 2e-4): none: 0.947 / 0.834, 0.7: 0.954 /
0.899, 1.0: 0.947 / 0.912, 1.4: 0.935 / 0.896. Tried in the same probe and dropped: an additive
penalty, and one by closeness to the repository's mean chunk (both lost on both sets)."""
PROSE_SCALE = 1.4
"""A chunk's crowding is measured among the repository's prose as well (v8): its mean cosine with its
``HUB_NEIGHBOURS`` nearest among ``HUB_REFERENCES`` of the comment and docstring blocks of the chunks
(:func:`prose_blocks`, sampled at fit time), as CSLS measures a translation's neighbourhood among the
*queries*: the blocks stand in for the questions a repository is asked, so a chunk that comes near many
of them comes near every question. The two crowdings are two coordinates a query holds 0 in, folded into
the one stored: ``r = sqrt(r_code ** 2 + (PROSE_SCALE * r_prose) ** 2)``, so the retriever's cosine divides
by ``sqrt(1 + r_code ** 2 + (PROSE_SCALE * r_prose) ** 2)``. Half A of ``bench.static_nl`` (semble /
docstring x MiniLM), chosen by the larger of the two benchmarks' minimum: 0 (v7): 1.002 / 0.942, 0.5:
0.990 / 0.944, 0.7: 0.986 / 0.946, 1: 0.980 / 0.958, 1.2: 0.966 / 0.958, 1.4: 0.967 / 0.968, 1.7: 0.965 /
0.953, 2: 0.963 / 0.949, 3: 0.951 / 0.930; at ``HUB_SCALE`` 1.2: 1.4: 0.962 / 0.953, 2: 0.954 / 0.966;
with 512 references on each side (v7's cost): 0.961 / 0.969. Measured and not taken: the prose side in
place of the code side (0.977 / 0.922), their mean (0.995 / 0.936; a quarter prose: 0.998 / 0.947), blocks
of six words or more (0.978 / 0.917 alone), and the code side alone scaled up (``HUB_SCALE`` 1.2: 0.992 /
0.942, 1.4: 0.991 / 0.961, 1.7: 0.986 / 0.949, 2: 0.984 / 0.945). Cost, against v7 interleaved in one
run (CPU time, load about 7-10): embedding a chunk 1.10x on requests (462 prose blocks), 1.21x on libuv
(1,024 of 1,402), one more product with the references; the fit 1.7-1.9x (0.21 -> 0.37 s on libuv); a
question none (it holds 0 there)."""
PROSE_MIN_WORDS = 3  # a comment or docstring block of fewer words is no stand-in question
REFINE_SAMPLE = 4096  # texts refine fits on, at most: 20 gradient steps over them take seconds
REFINE_DAMP = 0.2  # ridge strength towards the derived vectors: 0.02, 0.05, 0.1, 0.2, 0.3 measured
REFINE_ITERATIONS = 20  # conjugate-gradient steps: 10, 20 and 40 measured equal at this damping
SMALL_BATCH = 8
"""Texts embedded with numpy alone (:meth:`StaticModel.small_counts`, :meth:`StaticProvider._weigh_small`),
not scipy's sparse product, at most; up to ``TEXT_BLOCK`` while ``scipy.sparse`` is not imported (an
update's few changed chunks). CPU per batch against scipy's, scipy imported (requests / gojq chunks):
1 text 0.58 / 0.52x, 4: 0.76 / 0.69x, 16: 1.15 / 1.00x, 64: 1.49 / 1.46x, 1,024: 2.06 / 2.02x (51 ms
against 25 ms on requests, and 135 ms to import scipy.sparse)."""
TEXT_BLOCK = 1024  # texts split and looked up at once: the word lists stay in cache, not hundreds of MB
NAME_WEIGHT = 5
"""How much more a chunk's symbol name counts (the name on its first line, ``path kind name``, as
``semantic_index.embedding_text`` writes it; each of its tokens ``NAME_WEIGHT`` on top of its count in
the text): a question in words describes what a function is named for, while most of a body's tokens
are plumbing. Half A of ``bench.static_nl`` (semble / docstring x MiniLM), with the crowding and
``ZIPF_A`` 2e-4: 3: 0.933 / 0.887, 4: 0.938 / 0.899, 5: 0.947 / 0.912, 6: 0.941 / 0.895, 8: 0.935 /
0.865; without the crowding (``ZIPF_A`` 1e-4): 0: 0.886 / 0.672, 2: 0.941 / 0.833, 3: 0.953 / 0.850,
4: 0.952 / 0.852, 6: 0.941 / 0.828. (v4 counted the name 8 times in all, ``NAME_REPEAT``.)"""
QUALIFIER_WEIGHT = 1.0
"""How much more the qualifier of a symbol's name counts (``Schema`` in ``Schema.dump``: the class or module
before the last dot), in place of ``NAME_WEIGHT``: a question about a method says what the method does,
while its class is shared by all its siblings, so weighed as the name it made a class's methods one
family that came near each other's questions. Half A of ``bench.static_nl`` (semble / docstring x
MiniLM): 5 (v6, the whole name alike): 1.007 / 0.916, 2.5: 1.006 / 0.925, 2: 1.005 / 0.934, 1.5: 1.002 /
0.928, 1: 1.002 / 0.942, 0.5: 0.994 / 0.935, 0: 0.984 / 0.930 (per repository at 1: boltons 1.003,
marshmallow 0.920, pyparsing 0.894 x MiniLM, from 1.003 / 0.881 / 0.848). 1: the qualifier counts as one
more occurrence, the method's own name as a name."""
PATH_WEIGHT = 5
"""How much more a window's path counts (a chunk that is no symbol: a file's preamble, imports, a module's
prose; its first line is the path alone; the extension is dropped): a file is named for what it holds
as a function is, and without it a window is the plain mean of whatever it lists (``__all__``, imports,
module prose), so it came near every question. Half A of ``bench.static_nl`` (semble / docstring x
MiniLM): 0 (v6): 0.947 / 0.912, 2: 0.985 / 0.915, 3: 0.998 / 0.916, 5: 1.007 / 0.916, 8: 1.010 / 0.925,
12: 1.010 / 0.932, 20: 1.010 / 0.936, 50: 0.997 / 0.944. The default is the name's weight, not the sweep's
best: semble's questions level off from 8, and past that the docstring questions gain only because their
answers are never windows (a heavier path pushes every window away). The path counted for a symbol's
chunk too, on top of its name, lost (1: 1.004 / 0.897, 2: 1.007 / 0.866)."""

Vectors: TypeAlias = npt.NDArray[np.float32]
"""A ``(rows, dim)`` float32 array."""
Weights: TypeAlias = npt.NDArray[np.float32]
"""One float32 weight per vocabulary token."""
Table: TypeAlias = npt.NDArray[np.float16]
"""The token table as cached and read: ``(vocabulary, dim)`` float16, memory-mapped."""


class Basis(NamedTuple):
    """A PCA: the mean subtracted and the components projected on."""

    mean: npt.NDArray[np.float64]
    """``(hidden,)``"""
    components: npt.NDArray[np.float64]
    """``(hidden, dim)``, one component per column."""


@dataclass(frozen=True, slots=True, eq=False)
class Derivation:
    """Token vectors derived from MiniLM and the PCA they were projected with (what the cache holds)."""

    vectors: Vectors | Table
    """float32 as derived; float16, mapped from the file, as :func:`read_cache` reads it."""
    mean: npt.NDArray[np.float64]
    components: npt.NDArray[np.float64]
    rows: Rows | None = None
    """The table's rows read from the cache file where asked (:func:`read_cache`), else ``None``."""

    def sha256(self) -> str:
        """The checksum of all three arrays."""
        parts = "".join(array_sha256(a) for a in (self.vectors, self.mean, self.components))
        return hashlib.sha256(parts.encode()).hexdigest()

@dataclass(frozen=True, slots=True, eq=False)
class Fit:
    """What the static tier fits on one repository (saved beside its index)."""

    weights: Weights
    """One weight per vocabulary token."""
    references: Vectors
    """``(m, dim)`` unit rows: a fixed sample of the repository's chunks, embedded with ``weights`` and
    rounded to float16, against which a chunk's crowding is measured (``(0, dim)``: none)."""
    prose: Vectors | None = None
    """``(m, dim)`` unit rows, float16-rounded: a fixed sample of the repository's comment and docstring
    blocks, the crowding's prose side (``PROSE_SCALE``; ``None`` or ``(0, dim)``: none)."""

    def sha256(self) -> str:
        """The checksum of the three arrays (two: a fit without prose checks as before)."""
        parts = array_sha256(self.weights) + array_sha256(self.references)
        if self.prose is not None and len(self.prose):
            parts += array_sha256(self.prose)
        return hashlib.sha256(parts.encode()).hexdigest()


class Counts(NamedTuple):
    """:meth:`StaticModel.counts` as plain arrays (CSR): each row's token ids ascending, none twice, no zero."""

    data: npt.NDArray[np.float32]
    indices: npt.NDArray[np.int64]
    indptr: npt.NDArray[np.int64]
    shape: tuple[int, int]


_PUNCTUATION = string.punctuation.encode()
_TO_SPACE = bytes.maketrans(_PUNCTUATION + b"\0", b" " * (len(_PUNCTUATION) + 1))  # NUL too: it separates texts
_SEPARATOR = b"\0"
_JOIN = b" \0 "
_IDENTIFIER_PART = lazy(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+|[^\W\d_]+")
_SPECIAL = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")


def static_cache_dir() -> Path:
    """Return where derived models are cached (``$MAGUYVA_MODEL_CACHE`` or the user cache)."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("maguyva")) / "models"



@runtime_checkable
class ReadsMany(Protocol):
    """Texts that are cheaper read many at once than one by one (``ChunkTexts``: a read makes each
    file's chunks and splits its lines once for every position asked)."""

    def texts(self, positions: Iterable[int]) -> list[str]:
        """The texts at ``positions``, in that order."""
        ...


def _sampled(documents: Sequence[str], positions: list[int]) -> list[str]:
    """The texts at ``positions``, in that order, in one read where ``documents`` reads many at once
    (read one by one, a sample of 8,192 of a 1 MiB file's 65,000 one-line functions had decoded all of
    its chunks and split all of its lines 8,192 times: over five minutes of a build)."""
    if isinstance(documents, ReadsMany):
        return documents.texts(positions)
    return [documents[i] for i in positions]


def own_text(text: str) -> str:
    """What the static tier counts of a chunk's text: the text without the comment lines between a
    symbol's name line and its code, the doc comment ``semantic_index.embedding_text`` writes above a
    method (:func:`~maguyva_tui.core.doc_comments.doc_comment`, from inside its class, impl, trait or
    interface) for the transformer. A window (its first line a path) and a text whose code follows its
    name line are returned as they are.

    A mean of token vectors is swamped by a comment a transformer reads past: serde's ``Deserializer``
    has some 30 methods whose summaries say "Hint that the `Deserialize` type is expecting...", so they
    all came near the questions about the trait ``Deserialize``, and the summaries, counted once more
    in the fit (idf, references, prose blocks), crowded the rest. Half A of ``bench.nl_quality``, the
    static tier alone (semble NDCG@10 / docstring MRR@10): the summaries counted (ede7f65) 0.713 / 0.521,
    serde 0.412; not counted 0.727 / 0.524, serde 0.515 (as before ede7f65, vector for vector); counted
    at a tenth, a quarter, half or all of their tokens' weight, the fit on the own texts: 0.727 /
    0.524, 0.725 / 0.522, 0.723 / 0.522, 0.719 / 0.522 (a weight chosen leaving each repository out
    in turn: 0.1 for 15 of 16, the left-out mean 0.6932 against 0.6933 at 0). The transformer's text
    keeps the summary (php-nette-utils MRR 0.538 -> 0.769)."""
    newline = text.find("\n")
    if newline < 0 or not _DOC_LINE.match(text, newline + 1):  # most texts: code under the name line
        return text
    parts = text[:newline].rsplit(" ", 2)
    if len(parts) != 3 or parts[1] not in _KINDS:
        return text
    lines = text[newline + 1 :].split("\n")
    skipped = 1
    while skipped < len(lines) and _DOC_LINE.match(lines[skipped]):
        skipped += 1
    return text[: newline + 1] + "\n".join(lines[skipped:])


_DOC_LINE = lazy(r"[ \t]*(?:/\*|\*|#(?![!\[]|\s*(?:include|define|if|ifdef|ifndef|endif|else|elif|pragma|undef"
                 r"|error|import)\b)|//|--(?!-)|;;)")
"""A comment line (not C's preprocessor lines nor Rust's attributes, as :data:`_COMMENT_LINE`)."""


class _OwnTexts(Sequence[str]):
    """Chunk texts as the static tier counts them (:func:`own_text`), made where they are read (a
    :class:`ReadsMany` sequence is still read many at once)."""

    def __init__(self, texts: Sequence[str]) -> None:
        self._texts = texts

    def __len__(self) -> int:
        return len(self._texts)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [own_text(t) for t in self._texts[index]]
        return own_text(self._texts[index])

    def __iter__(self) -> Iterator[str]:
        return map(own_text, self._texts)

    def texts(self, positions: Iterable[int]) -> list[str]:
        """The texts at ``positions``, in that order, read as ``_sampled`` reads them."""
        return [own_text(t) for t in _sampled(self._texts, list(positions))]


class StaticModel:
    """Token vectors derived from MiniLM; immutable."""

    def __init__(
        self,
        vectors: Vectors | Table,
        weights: Weights,
        tokenizer: object,
        split_identifiers: bool = True,
        basis: Basis | None = None,
        rows: Rows | None = None,
    ) -> None:
        self.vectors = vectors
        """The token table: float16 mapped from the cache as :meth:`load` gives it, float32 in memory for
        a refined model; a question reads its own tokens' rows (``rows``), never the whole table."""
        self.vectors.flags.writeable = False
        self.rows = rows if rows is not None else Rows(vectors)
        """The table's rows read where asked: from the cache file, when mapped from one (faults on the
        map would make the pages around each row resident too)."""
        self.weights = weights
        self.weights.flags.writeable = False
        self.dim = int(vectors.shape[1])
        self.split_identifiers = split_identifiers
        self.basis = basis
        """The PCA the vectors were projected with (``refine`` maps the transformer's vectors through it)."""
        self.refined: str | None = None
        """A digest of the vectors when ``refine`` made them (it names the provider), else ``None``."""
        self._words = _WordTable(tokenizer, split_identifiers)

    @classmethod
    def load(
        cls, cache_dir: Path | None = None, on_progress: Callable[[int, int], None] | None = None
    ) -> StaticModel:
        """Load from the on-disk cache (its token table mapped, never copied), deriving (and caching)
        at first use; verify version and checksum; a damaged or stale cache is re-derived, one of the
        previous layout converted."""
        path = (cache_dir or static_cache_dir()) / cache_name()
        derived = read_cache(path)
        if derived is None:
            derived = _read_layout_1(path.with_name(cache_name(1))) or derive(on_progress=on_progress)
            write_cache(path, derived)
            derived = read_cache(path) or Derivation(  # a cache that cannot be written: the same table, in memory
                np.ascontiguousarray(derived.vectors, np.float16), derived.mean, derived.components)
        basis = Basis(derived.mean, derived.components)
        tokenizer = _LazyTokenizer(model_dir() / "tokenizer.json")
        return cls(derived.vectors, zipf_weights(len(derived.vectors)), tokenizer, basis=basis, rows=derived.rows)

    def fit_weights(self, texts: Iterable[str]) -> Weights:
        """Per-token weights for a repository: the fixed Zipf weights times the square root of each token's
        inverse document frequency over ``texts`` (measured better than either alone, and than SIF from
        the repository's own token counts)."""
        from scipy.sparse import csr_matrix

        documents = texts if isinstance(texts, Sequence) else list(texts)
        if len(documents) > FIT_SAMPLE:  # the sample of positions is random.sample's of the texts themselves
            documents = _sampled(documents, random.Random(0).sample(range(len(documents)), FIT_SAMPLE))
        ids, indptr = self._words.token_ids(documents)
        present = csr_matrix((np.ones(len(ids), np.float32), ids, indptr), shape=(len(documents), len(self.vectors)))
        present.sum_duplicates()
        frequency = np.bincount(present.indices, minlength=len(self.vectors))
        idf = np.log((len(documents) + 1) / (frequency + 1)) + 1.0
        weights: Weights = (self.weights * idf**IDF_POWER).astype(np.float32)
        return weights

    def fit(self, texts: Iterable[str]) -> Fit:
        """Fit the static tier on a repository's chunk texts: :meth:`fit_weights`, and ``HUB_REFERENCES``
        of them (a fixed sample) embedded as references, and as many of their comment and docstring blocks
        as the crowding's prose side. A sequence of texts is read where sampled and iterated once (for
        the blocks), never listed: it may make its texts as they are read."""
        documents = _OwnTexts(texts if isinstance(texts, Sequence) else list(texts))
        weights = self.fit_weights(documents)
        rows = list(range(len(documents)))
        if len(documents) > HUB_REFERENCES:
            rows = sorted(random.Random(1).sample(rows, HUB_REFERENCES))
        provider = StaticProvider(self, weights)
        plain = provider.embed_plain(_sampled(documents, rows))
        references = plain[np.linalg.norm(plain, axis=1) > 0].astype(np.float16).astype(np.float32)
        blocks = prose_blocks(documents)
        if len(blocks) > HUB_REFERENCES:
            blocks = [blocks[i] for i in sorted(random.Random(1).sample(range(len(blocks)), HUB_REFERENCES))]
        prose = provider.embed_plain(blocks)
        prose = prose[np.linalg.norm(prose, axis=1) > 0].astype(np.float16).astype(np.float32)
        return Fit(weights, np.ascontiguousarray(references.reshape(-1, self.dim)),
                   np.ascontiguousarray(prose.reshape(-1, self.dim)))

    def refine(
        self, texts: Sequence[str], vectors: npt.NDArray[np.float32], weights: Weights | None = None
    ) -> StaticModel:
        """Return a model whose token vectors are fitted so that each text's weighted mean of tokens comes
        closer to the transformer's vector of it (``vectors``, unit rows in MiniLM's space), by ridge
        regression towards the derived vectors; pass the weights the provider will use (the fixed ones
        by default). At most ``REFINE_SAMPLE`` texts are used (a fixed sample)."""
        if self.basis is None:
            raise ProviderError("this static model keeps no PCA basis, so it cannot be refined")
        if len(texts) != len(vectors):
            raise ValueError(f"{len(texts)} texts but {len(vectors)} vectors")
        rows = np.arange(len(texts))
        if len(rows) > REFINE_SAMPLE:
            rows = np.sort(np.asarray(random.Random(0).sample(range(len(texts)), REFINE_SAMPLE)))
        means, kept = self._mean_rows([texts[i] for i in rows.tolist()], self.weights if weights is None else weights)
        base = means @ self.vectors.astype(np.float64)
        scale = float(np.median(np.linalg.norm(base @ self.basis.components.T + self.basis.mean, axis=1)))
        target = (scale * np.asarray(vectors, np.float64)[rows[kept]] - self.basis.mean) @ self.basis.components
        used = np.unique(means.indices)
        refined = self.vectors.astype(np.float64)
        refined[used] += ridge(means[:, used], target - base, REFINE_DAMP, REFINE_ITERATIONS)
        model = StaticModel(refined.astype(np.float32), self.weights, self._words.tokenizer, self.split_identifiers,
                            self.basis)
        model._words = self._words  # the same tokenisation: share the words it has learnt
        model.refined = array_sha256(model.vectors)[:8]
        return model

    def _mean_rows(self, texts: Sequence[str], weights: Weights) -> tuple[csr_matrix, npt.NDArray[np.bool_]]:
        """Each text's weighted mean of tokens as a sparse row (float64), and which texts have tokens."""
        from scipy.sparse import csr_matrix, diags

        rows = self.counts(texts).astype(np.float64)
        rows.data *= weights[rows.indices]
        sums = np.asarray(rows.sum(axis=1)).ravel()
        kept = sums > 0
        return csr_matrix(diags(1.0 / sums[kept]) @ rows[kept]), kept

    def counts(self, texts: Sequence[str]) -> csr_matrix:
        """How much each token counts in each text, a sparse ``(texts, vocabulary)`` float32 matrix: its
        occurrences to the power ``TF_POWER``, plus ``NAME_WEIGHT`` for each token of a chunk's symbol name
        (``QUALIFIER_WEIGHT`` for its qualifier's, ``PATH_WEIGHT`` for each of a window's path)."""
        from scipy.sparse import csr_matrix

        shape = (len(texts), len(self.vectors))
        ids, indptr = self._words.token_ids(texts)
        counts = csr_matrix((np.ones(len(ids), np.float32), ids, indptr), shape=shape)
        counts.sum_duplicates()
        if TF_POWER != 1.0:
            np.power(counts.data, np.float32(TF_POWER), out=counts.data)
        parts, row_weight = _name_parts(texts)
        if not row_weight.any():
            return counts
        ids, indptr = self._words.token_ids(parts)
        lengths = np.diff(indptr)
        rows = np.repeat(np.arange(len(parts)) // 2, lengths)
        extra = csr_matrix((np.repeat(row_weight, lengths), (rows, ids)), shape=shape)
        total: csr_matrix = counts + extra
        return total

    def small_counts(self, texts: Sequence[str]) -> Counts:
        """:meth:`counts` with numpy alone, the same entries bit for bit, for a few texts (an update's
        changed chunks): importing ``scipy.sparse`` costs 0.135 s of CPU, most of a small update's
        embedding. Sorting keys of ``(text, token)`` costs more than scipy's per-row sort on a big batch."""
        size = len(self.vectors)
        ids, indptr = self._words.token_ids(texts)
        keys = np.sort(np.repeat(np.arange(len(texts), dtype=np.int64) * size, np.diff(indptr)) + ids)
        starts = _run_starts(keys)
        data = np.diff(starts, append=len(keys)).astype(np.float32)  # scipy sums the ones in float32: the same whole numbers
        keys = keys[starts]
        if TF_POWER != 1.0:
            np.power(data, np.float32(TF_POWER), out=data)
        parts, row_weight = _name_parts(texts)
        if row_weight.any():
            ids, indptr = self._words.token_ids(parts)
            lengths = np.diff(indptr)
            extra_keys = np.repeat(np.arange(len(parts), dtype=np.int64) // 2 * size, lengths) + ids
            order = np.argsort(extra_keys, kind="stable")
            starts = _run_starts(extra_keys[order])
            named = extra_keys[order][starts]
            extra = np.add.reduceat(np.repeat(row_weight, lengths)[order], starts) if len(order) else row_weight[:0]
            union = unique(np.concatenate([keys, named]))
            total = np.zeros(len(union), np.float32)
            total[np.searchsorted(union, keys)] = data
            total[np.searchsorted(union, named)] += extra  # scipy's counts + extra: one float32 sum
            kept = total != 0  # as scipy's sum drops the zeros it makes
            keys, data = union[kept], total[kept]
        rows = np.searchsorted(keys // size, np.arange(len(texts) + 1))
        return Counts(data, keys % size, rows.astype(np.int64), (len(texts), size))

    def provider(self, weights: Weights | Fit | None = None) -> StaticProvider:
        """Return the embedding provider of this model with a repository's :class:`Fit` (its crowding in an
        extra dimension), or with bare ``weights`` (the model's fixed ones by default; no extra dimension)."""
        if isinstance(weights, Fit):
            return StaticProvider(self, weights.weights, weights.references, weights.prose)
        return StaticProvider(self, self.weights if weights is None else np.asarray(weights, np.float32))


class StaticProvider:
    """A static model with one set of token weights; satisfies the ``Provider`` protocol."""

    stores_floats = True
    int8_floats = True
    """Where a store keeps its whole vectors (``VectorStore.for_provider``: the benchmarks), as int8
    (:func:`~maguyva_tui.core.embed.store.quantize`): half the bytes of float16 at no measured cost to
    its ranking. An index's static store keeps none (``semantic_index.open_static_store``): a question
    makes its candidates' vectors again (:meth:`remake`), int8-rounded alike."""

    def __init__(self, model: StaticModel, weights: Weights, references: Vectors | None = None,
                 prose: Vectors | None = None) -> None:
        if weights.shape != (len(model.vectors),):
            raise ProviderError(f"static weights have shape {weights.shape}, expected ({len(model.vectors)},)")
        for name, given in (("references", references), ("prose references", prose)):
            if given is not None and (given.ndim != 2 or given.shape[1] != model.dim):
                raise ProviderError(f"static {name} have shape {given.shape}, expected (m, {model.dim})")
        digest = hashlib.sha256(np.ascontiguousarray(weights, np.float32).tobytes()).hexdigest()
        refined = f"-r{model.refined}" if model.refined else ""
        self.hub = references is not None
        """Whether the vectors carry the crowding dimension (the last one; a query's is 0)."""
        hub = ""
        if references is not None:
            hub = f":h{array_sha256(references)[:8]}"
            hub += f"p{array_sha256(prose)[:8]}" if prose is not None and len(prose) else ""
        self.dim = model.dim + (1 if self.hub else 0)
        self.id = f"static:minilm-m2v-v{STATIC_VERSION}{refined}:w{digest[:8]}{hub}:{self.dim}"
        self._model = model
        self._weights = weights
        self._weighted: Vectors | None = None
        self._weighting = threading.Lock()
        self._references = np.zeros((0, model.dim), np.float32) if references is None else references
        self._prose = np.zeros((0, model.dim), np.float32) if prose is None else prose

    @property
    def _table(self) -> Vectors:
        """The whole token table times the weights (float32), made on the first document embedded and
        kept: a question weights only its own tokens' rows (:meth:`rows`)."""
        table = self._weighted
        if table is None:
            with self._weighting:
                if self._weighted is None:
                    self._weighted = np.ascontiguousarray(self._model.vectors * self._weights[:, None], np.float32)
                table = self._weighted
        return table

    def rows(self, ids: npt.NDArray[np.int64]) -> Vectors:
        """The weighted vectors of some tokens, the same float32 products as :attr:`_table`'s rows,
        without making the table (a question reads a few dozen rows of the mapped one)."""
        table = self._weighted
        if table is not None:
            return table[ids]
        rows: Vectors = self._model.rows[ids].astype(np.float32) * self._weights[ids, None]
        return rows

    def embed_documents(self, texts: Sequence[str]) -> Vectors:
        """Embed texts into a ``(len(texts), dim)`` float32 array: unit rows, then each one's crowding when
        the provider has references (zero rows for texts without words)."""
        plain = self.embed_plain(texts)
        if not self.hub:
            return plain
        return np.hstack([plain, (HUB_SCALE * self.crowding(plain))[:, None]]).astype(np.float32)

    def remake(self, texts: Sequence[str], last: npt.NDArray[np.float32]) -> Vectors:
        """:meth:`embed_documents` of texts whose vectors' last component is known (``last``, one
        column: each one's crowding as a store kept it): the same vectors, bit for bit, without
        measuring the crowding again."""
        plain = self.embed_plain(texts)
        if not self.hub:
            return plain
        return np.hstack([plain, np.asarray(last, np.float32).reshape(len(plain), 1)]).astype(np.float32)

    def embed_plain(self, texts: Sequence[str]) -> Vectors:
        """Embed texts into a ``(len(texts), model dim)`` float32 array of unit rows, without the crowding;
        a chunk's text as :func:`own_text` gives it."""
        texts = [own_text(t) for t in texts]
        out = np.zeros((len(texts), self._model.dim), np.float32)
        if len(texts) <= SMALL_BATCH or (len(texts) <= TEXT_BLOCK and "scipy.sparse" not in sys.modules):
            out[:] = self._weigh_small(self._model.small_counts(texts))
            return _unit(out)
        for start in range(0, len(texts), TEXT_BLOCK):  # blocks keep the token arrays small
            block = texts[start : start + TEXT_BLOCK]
            out[start : start + len(block)] = self._weigh(self._model.counts(block))
        return _unit(out)

    def _weigh(self, counts: csr_matrix) -> Vectors:
        """``counts @ _table``, bit for bit, from the weighted rows of the tokens ``counts`` uses
        alone (each row's terms summed in the same order): the whole weighted table is 31 MB of
        float32 that a fill made and held to its end (most of its rise over the build's peak)."""
        from scipy.sparse import csr_matrix

        if self._weighted is not None:
            product: Vectors = counts @ self._weighted
            return product
        present = np.zeros(counts.shape[1], bool)
        present[counts.indices] = True
        used = np.flatnonzero(present)
        column = np.cumsum(present, dtype=np.int32) - 1  # a token's column among those used
        local = csr_matrix((counts.data, column[counts.indices], counts.indptr), shape=(counts.shape[0], len(used)))
        rows = np.multiply(self._model.vectors[used], self._weights[used, None], dtype=np.float32)  # _table's products
        product = local @ rows
        return product

    def _weigh_small(self, counts: Counts) -> Vectors:
        """:meth:`_weigh` with numpy alone, bit for bit: scipy's product starts each row at 0 and adds its
        terms (each a float32 product, no fused multiply-add) one by one in the order of their token ids.
        ``add.reduce`` over the rows of a C-ordered block adds them in that order too (row after row, each
        a vector add over the 256 columns; pairwise summation is for a reduction along contiguous memory),
        while ``reduceat`` did not (it differed on most of requests' chunks), and ``accumulate``, in order
        by definition, cost 40 times as much; adding each sum to 0 gives scipy's zeros (+0, never -0)."""
        used, column = unique_inverse(counts.indices)  # np.unique's first call imports numpy.ma (27 ms)
        rows = np.multiply(self._model.vectors[used], self._weights[used, None], dtype=np.float32)  # _table's products
        out = np.zeros((counts.shape[0], rows.shape[1]), np.float32)
        for row, (start, end) in enumerate(zip(counts.indptr[:-1].tolist(), counts.indptr[1:].tolist())):
            if end > start:  # one text's terms at a time: a block's would be 77 MB on 1,024 of requests' chunks
                terms = rows[column[start:end]]
                terms *= counts.data[start:end, None]
                out[row] += np.add.reduce(terms, axis=0)
        return out

    def crowding(self, plain: Vectors) -> npt.NDArray[np.float32]:
        """Each unit row's crowding: ``sqrt(r_code ** 2 + (PROSE_SCALE * r_prose) ** 2)``, each side the mean
        cosine with its nearest references of that side (:meth:`_crowding`)."""
        code = self._crowding(plain, self._references)
        if len(self._prose) < 2 or PROSE_SCALE == 0:
            return code
        prose = PROSE_SCALE * self._crowding(plain, self._prose)
        out: npt.NDArray[np.float32] = np.sqrt(code * code + prose * prose).astype(np.float32)
        return out

    def _crowding(self, plain: Vectors, references: Vectors) -> npt.NDArray[np.float32]:
        """Each unit row's mean cosine with its ``HUB_NEIGHBOURS`` nearest references after the nearest
        (0 with fewer than two references; never below 0)."""
        m = len(references)
        out = np.zeros(len(plain), np.float32)
        if m < 2:
            return out
        k = min(HUB_NEIGHBOURS + 1, m)
        for start in range(0, len(plain), TEXT_BLOCK):
            cosines = plain[start : start + TEXT_BLOCK] @ references.T
            nearest = np.partition(cosines, m - k, axis=1)[:, m - k :]
            out[start : start + len(cosines)] = (nearest.sum(axis=1) - nearest.max(axis=1)) / (k - 1)
        crowding: npt.NDArray[np.float32] = np.maximum(out, 0.0)
        return crowding

    def embed_query(self, text: str) -> Vectors:
        """Embed one query into a ``(dim,)`` float32 unit vector."""
        ids, _ = self._model._words.token_ids([text])
        if TF_POWER != 1.0:  # the same saturation as a document's (a query has no symbol name)
            unique, counts = np.unique(ids, return_counts=True)
            weights = (counts ** TF_POWER).astype(np.float32)
            vector: Vectors = _unit((weights @ self.rows(unique)).astype(np.float32)[None, :])[0]
        else:
            vector = _unit(self.rows(ids).sum(axis=0, dtype=np.float32)[None, :])[0]
        return np.append(vector, np.float32(0.0)) if self.hub else vector


class _Words:
    """One generation of the word table: words to indices, and each word's token ids (CSR, grown by doubling)."""

    def __init__(self) -> None:
        self.index: dict[bytes, int] = {_SEPARATOR: 0}  # word 0, the separator between texts, has no tokens
        self._starts = np.zeros(1024, np.int32)  # int32: half the bytes of a table a fill fills (240,000
        self._tokens = np.zeros(4096, np.int32)  # words on 150 MB of sdists), ids and offsets far below 2**31
        self.size = 1
        self.arrays = (self._starts[:2], self._tokens[:0])
        """Published views: ``starts`` (one more than the words) and ``tokens``; never a row half written."""

    def append(self, token_ids: list[list[int]]) -> None:
        """Add the token ids of new words (indices ``size`` onwards) and publish the longer views."""
        used = int(self._starts[self.size])
        flat = np.fromiter(chain.from_iterable(token_ids), np.int64)
        ends = used + np.cumsum(np.fromiter(map(len, token_ids), np.int64, len(token_ids)))
        self._starts = _room(self._starts, self.size + 1 + len(token_ids))
        self._tokens = _room(self._tokens, used + len(flat))
        self._tokens[used : used + len(flat)] = flat
        self._starts[self.size + 1 : self.size + 1 + len(token_ids)] = ends
        self.size += len(token_ids)
        self.arrays = (self._starts[: self.size + 1], self._tokens[: used + len(flat)])


def _room(array: npt.NDArray[np.int32], needed: int) -> npt.NDArray[np.int32]:
    """Return ``array``, or a copy twice as long when it is too short (views already handed out stay valid)."""
    if needed <= len(array):
        return array
    grown = np.zeros(max(needed, 2 * len(array)), array.dtype)
    grown[: len(array)] = array
    return grown


class _WordTable:
    """Words (bytes between whitespace and punctuation) to WordPiece ids, each word tokenised once.

    Readers take no lock: a word enters ``index`` only after the arrays that cover it are published,
    and a full table is replaced by a new one, never cleared in place.
    """

    def __init__(self, tokenizer: object, split_identifiers: bool) -> None:
        self.tokenizer = tokenizer
        self._split = split_identifiers
        self._lock = threading.Lock()
        self._words = _Words()
        self._pieces = _WordPiece(tokenizer.get_vocab())  # type: ignore[attr-defined]

    def token_ids(self, texts: Sequence[str]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Return every text's token ids, concatenated, and the CSR row pointer of the texts."""
        if len(texts) <= TEXT_BLOCK:
            return self._block(texts)
        parts = [self._block(texts[i : i + TEXT_BLOCK]) for i in range(0, len(texts), TEXT_BLOCK)]
        offsets = np.cumsum([0] + [len(ids) for ids, _ in parts])
        indptr = np.concatenate([[0]] + [pointers[1:] + offset for (_, pointers), offset in zip(parts, offsets)])
        return np.concatenate([ids for ids, _ in parts]), indptr.astype(np.int64)

    def _block(self, texts: Sequence[str]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        if not texts:
            return np.zeros(0, np.int64), np.zeros(1, np.int64)
        data = _JOIN.join([t.encode("utf-8", "surrogatepass").translate(_TO_SPACE) for t in texts])
        words = data.split()  # one C call for the whole block; separators mark where each text ends
        table, index = self._lookup(words)
        starts, tokens = table.arrays
        begin = starts[index]
        lengths = starts[index + 1] - begin
        word_ends = np.cumsum(lengths)
        total = int(word_ends[-1]) if len(word_ends) else 0
        ids = tokens[np.repeat(begin - word_ends + lengths, lengths) + np.arange(total)].astype(np.int64)
        indptr = np.concatenate([[0], word_ends[index == 0], [total]]).astype(np.int64)
        return ids, indptr

    def _lookup(self, words: list[bytes]) -> tuple[_Words, npt.NDArray[np.int64]]:
        """Each word's index in the table, learning the words it lacks."""
        table = self._words
        index = np.fromiter(map(table.index.get, words, repeat(-1)), np.int64, len(words))
        missing = np.flatnonzero(index < 0)
        while len(missing):  # twice at most: a table that was full starts over empty
            absent = [words[i] for i in missing.tolist()]
            with self._lock:
                learned = self._learn(set(absent))
            if learned is table:
                index[missing] = np.fromiter(map(table.index.get, absent, repeat(-1)), np.int64, len(absent))
            else:  # another table now: look every word up again
                table = learned
                index = np.fromiter(map(table.index.get, words, repeat(-1)), np.int64, len(words))
            missing = np.flatnonzero(index < 0)
        return table, index

    def _learn(self, new: set[bytes]) -> _Words:
        """Tokenise new words into the current table (a fresh one when full); return that table."""
        table = self._words
        if len(table.index) > 1 and len(table.index) + len(new) > WORD_CACHE_LIMIT:
            table = self._words = _Words()
        ordered = sorted(w for w in new if w not in table.index)
        texts = [_word_text(w, self._split) for w in ordered]
        first = table.size
        table.append(self._encode(texts))
        table.index.update(zip(ordered, range(first, first + len(ordered))))  # after the arrays that cover them
        return table

    def _encode(self, texts: list[str]) -> list[list[int]]:
        """WordPiece ids of each text, made here as the tokenizer makes them (:meth:`_WordPiece.unicode_ids`
        beyond ASCII), but for texts holding a character whose handling is not reproduced: the tokenizer's."""
        pieces = self._pieces
        ids: list[list[int] | None] = [pieces.ascii_ids(t) for t in texts]
        ids = [pieces.unicode_ids(t) if found is None else found for t, found in zip(texts, ids)]
        rest = [i for i, found in enumerate(ids) if found is None]
        if rest:
            tokenizer = self.tokenizer
            others = [texts[i] for i in rest]
            if len(others) < PARALLEL_WORDS:
                encode = tokenizer.encode  # type: ignore[attr-defined]
                encoded = [encode(t, add_special_tokens=False).ids for t in others]
            else:
                batch = tokenizer.encode_batch_fast(others, add_special_tokens=False)  # type: ignore[attr-defined]
                encoded = [e.ids for e in batch]
            for i, found in zip(rest, encoded):
                ids[i] = found
        return ids  # type: ignore[return-value]


class _WordPiece:
    """BERT's greedy longest-match WordPiece (and, for words beyond ASCII, its normaliser and pre-tokeniser):
    the tokenizer's ids, 3x cheaper per word, without loading the ``tokenizers`` library."""

    def __init__(self, vocab: dict[str, int]) -> None:
        self._vocab = vocab
        self._unknown = vocab["[UNK]"]
        self._longest = max(len(piece.removeprefix("##")) for piece in vocab)  # no longer match exists
        self._parts: dict[str, list[int]] = {}

    def ascii_ids(self, text: str) -> list[int] | None:
        """The ids of space-separated ASCII letters and digits, or ``None`` for any other text."""
        if not text.isascii():
            return None
        ids: list[int] = []
        for part in text.split():
            if not part.isalnum():
                return None
            found = self._parts.get(part)
            if found is None:
                found = self._parts[part] = self._pieces(part.lower())
            ids.extend(found)
        if len(self._parts) > WORD_CACHE_LIMIT:
            self._parts.clear()
        return ids

    def unicode_ids(self, text: str) -> list[int] | None:
        """The ids of a text as MiniLM's tokenizer gives them (BERT's normaliser: accents stripped by NFD,
        lower case; its pre-tokeniser: whitespace, each punctuation character alone; WordPiece), or
        ``None`` for a text holding a character whose handling is not reproduced here (a control or
        format character, whitespace other than a blank, a CJK ideograph, U+FFFD, or one that Unicode 3.2
        had not assigned or put in another category: the tokenizer's tables and Python's are of other
        Unicode versions, and disagreed on 1,365 later characters), which the tokenizer reads. Loading
        it (the ``tokenizers`` library) cost a process 36 ms the first time a question's
        candidates held a word such as ``x⋅y`` or ``Gröbner`` (15 of 22 plain-English questions on
        sympy). The same ids as the tokenizer's: every character to U+30000 alone and between letters,
        and the 551,884 words beyond ASCII of sympy and the benchmark's repositories."""
        for char in text:
            if char != " " and (char == "\ufffd" or _cjk(char) or _OLD_UNICODE.category(char)[0] in "CZ"
                                or _OLD_UNICODE.category(char) != unicodedata.category(char)):
                return None
        folded = "".join(c.lower() for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn")
        ids: list[int] = []
        for word in folded.split(" "):
            start = 0
            for at, char in enumerate(word):
                if char in _ASCII_PUNCTUATION or unicodedata.category(char)[0] == "P":  # alone, a token of its own
                    if at > start:
                        ids.extend(self._word(word[start:at]))
                    ids.extend(self._word(char))
                    start = at + 1
            if start < len(word):
                ids.extend(self._word(word[start:]))
        if len(self._parts) > WORD_CACHE_LIMIT:
            self._parts.clear()
        return ids

    def _word(self, word: str) -> list[int]:
        found = self._parts.get(word)
        if found is None:
            found = self._parts[word] = self._pieces(word)
        return found

    def _pieces(self, word: str) -> list[int]:
        if len(word) > WORDPIECE_MAX_CHARS:
            return [self._unknown]
        pieces: list[int] = []
        start = 0
        while start < len(word):
            for end in range(min(len(word), start + self._longest), start, -1):
                found = self._vocab.get(word[start:end] if start == 0 else "##" + word[start:end])
                if found is not None:
                    break
            else:
                return [self._unknown]
            pieces.append(found)
            start = end
        return pieces


_KINDS = frozenset(SYMBOL_KINDS)
_ASCII_PUNCTUATION = frozenset(string.punctuation)
_OLD_UNICODE = unicodedata.ucd_3_2_0


def _cjk(char: str) -> bool:
    """Whether a character is one of the CJK ideographs BERT's normaliser sets apart with blanks."""
    code = ord(char)
    return (0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or 0x20000 <= code <= 0x2A6DF
            or 0x2A700 <= code <= 0x2B73F or 0x2B740 <= code <= 0x2B81F or 0x2B820 <= code <= 0x2CEAF
            or 0xF900 <= code <= 0xFAFF or 0x2F800 <= code <= 0x2FA1F)


def names(texts: Sequence[str]) -> list[str]:
    """Each chunk text's symbol name, from its first line ``path kind name``; ``""`` for a text whose
    first line names no symbol (a window of a file, a query)."""
    return [label if is_name else "" for label, is_name in _labels(texts)]


def window_paths(texts: Sequence[str]) -> list[str]:
    """Each window's path without its extension, from its first line (the path alone, as
    ``semantic_index.embedding_text`` writes it for a chunk that is no symbol: ``src/pkg/cookies.py`` ->
    ``src/pkg/cookies``); ``""`` for a symbol's chunk and for a text whose first line is no path (a query,
    a path with spaces)."""
    return [label if not is_name else "" for label, is_name in _labels(texts)]


def _name_parts(texts: Sequence[str]) -> tuple[list[str], Weights]:
    """Each text's own name (or a window's path), then its name's qualifier, and how much more each
    part's tokens count (``NAME_WEIGHT`` or ``PATH_WEIGHT``, ``QUALIFIER_WEIGHT``; 0 for an empty part)."""
    parts: list[str] = []
    weights: list[float] = []
    for label, is_name in _labels(texts):
        qualifier, dot, own = label.rpartition(".") if is_name else ("", "", label)
        parts += (own, qualifier)
        weights += ((NAME_WEIGHT if is_name else PATH_WEIGHT) if own else 0.0, QUALIFIER_WEIGHT if dot else 0.0)
    return parts, np.array(weights, np.float32)


def _labels(texts: Sequence[str]) -> list[tuple[str, bool]]:
    """What each text is named for, in one pass over the first lines: ``(name, True)`` for a symbol's
    chunk, ``(path without extension, False)`` for a window, ``("", False)`` for any other text."""
    out: list[tuple[str, bool]] = []
    append = out.append
    for text in texts:
        head, newline, _ = text.partition("\n")
        words = head.split()
        if not newline or not words:
            append(("", False))
        elif len(words) == 1:
            if words[0] != head or ("/" not in head and "." not in head):
                append(("", False))  # padded, or one word that is no path
                continue
            directory, slash, base = head.rpartition("/")
            stem = base.rpartition(".")[0] if "." in base.lstrip(".") else base
            append((directory + slash + stem, False))
        else:
            parts = head.rsplit(" ", 2)
            append((parts[2], True) if len(parts) == 3 and parts[1] in _KINDS else ("", False))
    return out


_DOCSTRING = lazy(r'"""(.*?)"""|\'\'\'(.*?)\'\'\'|/\*(.*?)\*/', re.S)
_COMMENT_LINE = lazy(r"^\s*(?:#(?![!\[]|\s*(?:include|define|if|ifdef|ifndef|endif|else|elif|pragma|undef|error|import)\b)"
                     r"|//[/!]?|--(?!-)|;;)(.*)$", re.M)


def prose_blocks(texts: Sequence[str]) -> list[str]:
    """The distinct comment and docstring blocks of chunk texts (after each one's first line, its name),
    each joined on one line (so it is embedded as a question is) and of ``PROSE_MIN_WORDS`` words or more:
    triple-quoted strings and ``/* */`` comments, and runs of consecutive line comments (``#``, ``//``,
    ``--``, ``;;``; not C's preprocessor lines nor Rust's attributes)."""
    seen: dict[str, None] = {}
    for text in texts:
        body = text.partition("\n")[2]
        for match in _DOCSTRING.finditer(body):
            block = " ".join(" ".join(g for g in match.groups() if g).replace("*", " ").split())
            if len(block.split()) >= PROSE_MIN_WORDS:
                seen.setdefault(block, None)
        run: list[str] = []
        last = -2
        for match in _COMMENT_LINE.finditer(body):
            line = body.count("\n", 0, match.start())
            if line != last + 1 and run:
                block = " ".join(" ".join(run).split())
                if len(block.split()) >= PROSE_MIN_WORDS:
                    seen.setdefault(block, None)
                run = []
            run.append(match.group(1))
            last = line
        block = " ".join(" ".join(run).split())
        if len(block.split()) >= PROSE_MIN_WORDS:
            seen.setdefault(block, None)
    return list(seen)


def _word_text(word: bytes, split: bool) -> str:
    """The text a word is tokenised as: identifier parts separated by spaces when ``split``."""
    if word.isalpha() and word.islower():  # most words: ASCII, lower case, nothing to split
        return word.decode("ascii")
    text = word.decode("utf-8", "replace")
    return " ".join(_IDENTIFIER_PART.findall(text)) if split else text


def _run_starts(ordered: npt.NDArray[np.int64]) -> npt.NDArray[np.intp]:
    """Where each run of equal values of a sorted array starts."""
    if not len(ordered):
        return np.zeros(0, np.intp)
    return np.flatnonzero(np.concatenate([[True], ordered[1:] != ordered[:-1]]))


def _unit(rows: Vectors) -> Vectors:
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    unit: Vectors = (rows / np.maximum(norms, np.float32(1e-12))).astype(np.float32)
    return unit


def zipf_weights(size: int, a: float = ZIPF_A) -> Weights:
    """SIF weights from a Zipf law over vocabulary ids (model2vec's estimate: id order is frequency order)."""
    inv_rank = 1.0 / np.arange(2, size + 2, dtype=np.float64)
    proba = inv_rank / inv_rank.sum()
    weights: Weights = (a / (a + proba)).astype(np.float32)
    return weights


# -- tokenizer and encoder -------------------------------------------------------------------------


def load_tokenizer() -> object:
    """Return MiniLM's tokenizer without padding or truncation."""
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.no_truncation()
    return tokenizer


VOCAB_SHA256: Final = "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3"
"""SHA-256 of the model package's ``vocab.txt``: the same tokens, in id order, as its ``tokenizer.json``
(checked by a test); another file (another package) is not trusted to match and is not read."""


def _listed_vocab(path: Path) -> dict[str, int] | None:
    """The vocabulary of a ``vocab.txt`` whose digest is :data:`VOCAB_SHA256`, else ``None``."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if hashlib.sha256(data).hexdigest() != VOCAB_SHA256:
        return None
    tokens = data.decode("utf-8").split("\n")
    if tokens and tokens[-1] == "":
        tokens.pop()
    return dict(zip(tokens, range(len(tokens))))


class _LazyTokenizer:
    """MiniLM's tokenizer, loaded where a word needs it: the word table tokenises ASCII words itself
    from the vocabulary, read here from ``tokenizer.json`` alone (3.6 MB), so that a question in
    plain words never loads the ``tokenizers`` library and its tokenizer (13 MB of a process)."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._lock = threading.Lock()
        self._tokenizer: object | None = None

    def get_vocab(self) -> dict[str, int]:
        """Token to id, as ``Tokenizer.get_vocab`` gives it (the added tokens are in a WordPiece
        vocabulary already): from the package's ``vocab.txt`` where it is the one this model ships
        (its digest; one token a line, its id its line's number: 5–6 ms of CPU where parsing the
        3.6 MB JSON took 9–11 ms of a new process's first plain question), else from ``tokenizer.json``, else
        from the loaded tokenizer for a file of another kind."""
        listed = _listed_vocab(self._path.with_name("vocab.txt"))
        if listed is not None:
            return listed
        try:
            data = json.loads(self._path.read_text("utf-8"))
            model = data["model"]
            if model["type"] == "WordPiece" and isinstance(model["vocab"], dict):
                vocab: dict[str, int] = model["vocab"]  # the parsed file's own dict: not copied
                for added in data.get("added_tokens", ()):
                    vocab.setdefault(added["content"], added["id"])
                return vocab
        except (OSError, ValueError, KeyError, TypeError):
            pass
        return self.loaded().get_vocab()  # type: ignore[attr-defined,no-any-return]

    def loaded(self) -> object:
        """The tokenizer itself (loaded once)."""
        with self._lock:
            if self._tokenizer is None:
                self._tokenizer = load_tokenizer()
            return self._tokenizer

    def __getattr__(self, name: str) -> object:  # encode, encode_batch_fast, ...: the tokenizer's own
        if name.startswith("_"):  # never for this object's own state (copy, pickle, a half-made object)
            raise AttributeError(name)
        return getattr(self.loaded(), name)


def load_encoder() -> Encoder:
    """Verify and load MiniLM's weights."""
    from safetensors.numpy import load_file

    path = model_dir() / "model.safetensors"
    if not path.is_file():
        raise ProviderError(f"the local model weights are missing ({path})")
    verify_digest(path, MODEL_SHA256)
    return Encoder.from_weights(load_file(str(path)))


# -- derivation ------------------------------------------------------------------------------------


def derive(
    token_ids: Sequence[int] | None = None,
    dim: int = DIM,
    pooling: str = POOLING,
    drop: int = DROP_COMPONENTS,
    on_progress: Callable[[int, int], None] | None = None,
    sequence: str = SEQUENCE,
) -> Derivation:
    """Derive the token vectors (of ``token_ids``, all the vocabulary by default): forward pass, pooling, PCA."""
    encoder = load_encoder()
    ids = np.arange(len(encoder.words)) if token_ids is None else np.asarray(token_ids, np.int64)
    raw = token_outputs(encoder, ids, on_progress, sequence, pooling)[pooling]
    basis = pca_basis(raw, dim, drop, fit_rows=real_tokens(ids))
    return Derivation(project(raw, basis), basis.mean, basis.components)


def token_outputs(
    encoder: Encoder,
    ids: npt.NDArray[np.int64],
    on_progress: Callable[[int, int], None] | None = None,
    sequence: str = SEQUENCE,
    pooling: str | None = None,
) -> dict[str, Vectors]:
    """Run every token id through the encoder, as ``[CLS] t [SEP]`` (``sequence="cls_sep"``) or alone;
    return the token's own output (``"token"``) and the mean of the outputs (``"mean"``), or only ``pooling``."""
    middle = 1 if sequence == "cls_sep" else 0
    keep = middle if pooling == "token" else None  # the last layer then runs its dense part on one row in three
    batches = [ids[i : i + DERIVE_BATCH] for i in range(0, len(ids), DERIVE_BATCH)]
    kinds = ("token", "mean") if pooling is None else (pooling,)
    out = {kind: np.empty((len(ids), encoder.words.shape[1]), np.float32) for kind in kinds}
    done = 0
    with single_threaded_blas(), ThreadPoolExecutor(DERIVE_WORKERS, thread_name_prefix="static") as pool:
        results = pool.map(lambda batch: _forward(encoder, batch, sequence, keep), batches)
        for start, last in zip(range(0, len(ids), DERIVE_BATCH), results):
            rows = slice(start, start + len(last))
            if "token" in out:
                out["token"][rows] = last[:, 0 if keep is not None else middle]
            if "mean" in out:
                out["mean"][rows] = last.mean(axis=1)
            done += len(last)
            if on_progress is not None:
                on_progress(done, len(ids))
    return out


def _forward(encoder: Encoder, ids: npt.NDArray[np.int64], sequence: str, keep: int | None) -> Vectors:
    """Encode each id as a sequence of its own, all at once; return the last layer's ``(n, length, hidden)``
    (``(n, 1, hidden)``: only position ``keep``)."""
    if sequence == "cls_sep":
        seq = np.stack([np.full(len(ids), _CLS), ids, np.full(len(ids), _SEP)], axis=1)
    else:
        seq = ids[:, None]
    n, length = seq.shape
    hidden = encoder.words.shape[1]
    x = encoder.words[seq] + encoder.positions[:length] + encoder.token_type
    x = layer_norm(x.reshape(n * length, hidden), *encoder.embed_norm)
    last = len(encoder.layers) - 1
    for i, layer in enumerate(encoder.layers):
        x = _fixed_layer(layer, x, n, length, keep if i == last else None)
    return x.reshape(n, -1, hidden)


def _fixed_layer(layer: Layer, x: Vectors, n: int, length: int, keep: int | None = None) -> Vectors:
    """One encoder layer over ``n`` sequences of the same short length: attention by einsum, no loop;
    with ``keep``, only that position's outputs (its attention still sees the whole sequence)."""
    hidden = x.shape[1]
    head = hidden // HEADS
    qkv = x @ layer.qkv
    qkv += layer.qkv_bias
    q, k, v = qkv.reshape(n, length, 3, HEADS, head).transpose(2, 0, 3, 1, 4)  # each (n, heads, length, head)
    if keep is not None:
        q = q[:, :, keep : keep + 1]
        x = np.ascontiguousarray(x.reshape(n, length, hidden)[:, keep])
    scores = np.einsum("nhid,nhjd->nhij", q, k)
    scores *= np.float32(1.0 / np.sqrt(head))
    scores -= scores.max(axis=-1, keepdims=True)
    np.exp(scores, out=scores)
    scores /= scores.sum(axis=-1, keepdims=True)
    context = np.einsum("nhij,nhjd->nihd", scores, v).reshape(len(x), hidden)
    h = context @ layer.attn_out
    h += layer.attn_out_bias
    h += x
    x = layer_norm(h, *layer.attn_norm)
    h = x @ layer.mlp_in
    h += layer.mlp_in_bias
    h = gelu(h)
    out = h @ layer.mlp_out
    out += layer.mlp_out_bias
    out += x
    return layer_norm(out, *layer.out_norm)


_CLS, _SEP = 101, 102  # MiniLM's [CLS] and [SEP] ids (checked against the vocabulary in the tests)


def real_tokens(ids: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    """Which ids are real tokens (not ``[unusedN]`` or special): the rows PCA is fitted on."""
    vocab = load_tokenizer().get_vocab()  # type: ignore[attr-defined]
    names = {i: t for t, i in vocab.items()}
    return np.array([not names.get(int(i), "[").startswith("[") for i in ids], bool)


def pca(raw: Vectors, dim: int, drop: int = 0, fit_rows: npt.NDArray[np.bool_] | None = None) -> Vectors:
    """Centre and project onto the leading principal components (float64, eigh, sign-fixed), skipping ``drop``."""
    return project(raw, pca_basis(raw, dim, drop, fit_rows))


def pca_basis(raw: Vectors, dim: int, drop: int = 0, fit_rows: npt.NDArray[np.bool_] | None = None) -> Basis:
    """The mean and the leading principal components of ``raw`` (of its ``fit_rows``), each component's
    largest entry positive so that the same data always gives the same signs."""
    fit = raw.astype(np.float64) if fit_rows is None or not fit_rows.any() else raw[fit_rows].astype(np.float64)
    mean = fit.mean(axis=0)
    centred = fit - mean
    values, vectors = np.linalg.eigh(centred.T @ centred / len(fit))
    components = vectors[:, np.argsort(-values, kind="stable")[drop : drop + dim]]
    signs = np.sign(components[np.abs(components).argmax(axis=0), np.arange(components.shape[1])])
    components *= np.where(signs == 0, 1.0, signs)
    return Basis(mean, np.ascontiguousarray(components))


def project(raw: Vectors, basis: Basis) -> Vectors:
    """Centre ``raw`` and project it onto the basis, as float32."""
    return np.ascontiguousarray((raw.astype(np.float64) - basis.mean) @ basis.components, np.float32)


def ridge(rows: csr_matrix, targets: npt.NDArray[np.float64], damp: float, iterations: int) -> npt.NDArray[np.float64]:
    """Solve ``min |rows @ x - targets|^2 + damp^2 |x|^2`` for every target column at once (conjugate
    gradients on the normal equations, ``iterations`` steps)."""
    transposed = rows.T.tocsr()
    residual = transposed @ targets
    solution = np.zeros_like(residual)
    direction = residual.copy()
    norms = (residual * residual).sum(axis=0)
    for _ in range(iterations):
        product = transposed @ (rows @ direction) + damp * damp * direction
        step = norms / np.maximum((direction * product).sum(axis=0), 1e-300)
        solution += step * direction
        residual -= step * product
        new_norms = (residual * residual).sum(axis=0)
        direction = residual + (new_norms / np.maximum(norms, 1e-300)) * direction
        norms = new_norms
    result: npt.NDArray[np.float64] = solution
    return result


# -- the on-disk cache -----------------------------------------------------------------------------


CACHE_FORMAT = 2
"""Bump when the cache file's layout changes. 2: the token table as float16 (each query's cosines
within 1e-4 of float32's: :func:`read_cache`), memory-mapped by every process that reads it, so a
question touches only its own tokens' rows; 1: float32, read whole (converted once, never derived
again)."""


def cache_name(layout: int = CACHE_FORMAT) -> str:
    """The cache file of the current derivation (in the layout ``layout``; 1 had no suffix)."""
    suffix = "" if layout == 1 else f"-f{layout}"
    return f"minilm-static-v{TABLE_VERSION}-{MODEL_SHA256[:12]}{suffix}.npz"


def _meta(layout: int = CACHE_FORMAT) -> dict[str, object]:
    meta: dict[str, object] = {"version": TABLE_VERSION, "source_sha256": MODEL_SHA256, "dim": DIM,
                               "sequence": SEQUENCE, "pooling": POOLING, "drop": DROP_COMPONENTS}
    return meta if layout == 1 else {**meta, "format": layout}


def array_sha256(array: npt.NDArray[np.generic]) -> str:
    """Return the sha256 of an array's dtype, shape and bytes."""
    digest = hashlib.sha256(f"{array.dtype.str}{array.shape}".encode())
    digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()


def _mapped_sha256(handle: BinaryIO, array: np.memmap) -> str:
    """:func:`array_sha256` of an array mapped from ``handle``, read from the file a block at a time:
    hashing through the map would make every page of it resident."""
    digest = hashlib.sha256(f"{array.dtype.str}{array.shape}".encode())
    done, size = 0, array.nbytes
    handle.seek(array.offset)
    while done < size:
        got = handle.read(min(1 << 20, size - done))
        if not got:
            raise ValueError("the token table is cut short")
        digest.update(got)
        done += len(got)
    return digest.hexdigest()


def read_cache(path: Path) -> Derivation | None:
    """Return the cached derivation, its arrays memory-mapped read-only (the token table float16: a
    question reads its own rows; the PCA only ``refine`` reads), or ``None`` when the file is missing,
    damaged, of another derivation or of another layout. The checksum is read from the file, not
    through the maps.

    Rounding the table to float16 moves a chunk's vector by at most 3e-7 in cosine and a question's
    cosines by at most 7.5e-5 (sympy, 10,061 chunks, 10 questions: the same top 10 for each), below
    the float16 rounding of the stored chunk vectors themselves."""
    try:
        with open(path, "rb") as handle:
            vectors, mean, components = (npz_member(handle, name) for name in ("vectors", "mean", "components"))
            handle.seek(0)
            meta = json.loads(bytes(read_members(handle, ("meta",))["meta"]).decode("utf-8"))
            if (vectors.dtype != np.float16 or vectors.ndim != 2 or mean.dtype != np.float64
                    or components.dtype != np.float64 or meta != {**_meta(), "sha256": meta.get("sha256")}):
                return None
            if not vouched([path], str(meta["sha256"])):  # hashed by an earlier process, not written since
                digest = hashlib.sha256("".join(
                    _mapped_sha256(handle, a) if isinstance(a, np.memmap) else array_sha256(a)
                    for a in (vectors, mean, components)).encode()).hexdigest()
                if digest != meta["sha256"]:
                    return None
                vouch([path], digest)
            rows = Rows(vectors, handle)
    except Exception:  # any damage (truncated zip, bad JSON, missing member) means: derive again
        return None
    return Derivation(vectors, mean, components, rows)


def _read_layout_1(path: Path) -> Derivation | None:
    """A cache of layout 1 (float32, read whole), or ``None``; only to convert it once."""
    try:
        data = read_members(path, ("meta", "vectors", "mean", "components"))
        meta = json.loads(bytes(data["meta"]).decode("utf-8"))
        derived = Derivation(np.array(data["vectors"], np.float32), np.array(data["mean"], np.float64),
                             np.array(data["components"], np.float64))
    except Exception:
        return None
    return derived if meta == {**_meta(1), "sha256": derived.sha256()} else None


def write_cache(path: Path, derived: Derivation) -> None:
    """Write a derivation, its token table rounded to float16, with its checksum atomically (temporary
    file, fsync, rename); failures are ignored."""
    rounded = Derivation(np.ascontiguousarray(derived.vectors, np.float16), derived.mean, derived.components)
    meta = json.dumps({**_meta(), "sha256": rounded.sha256()}).encode("utf-8")
    _atomic_npz(path, vectors=rounded.vectors, mean=rounded.mean, components=rounded.components,
                meta=np.frombuffer(meta, np.uint8))


def _atomic_npz(path: Path, **arrays: npt.NDArray[np.generic]) -> bool:
    """Save arrays as an uncompressed ``.npz`` (so that its members can be mapped) under a temporary
    name, fsync, rename; ``False`` when it cannot be written."""
    try:
        make_private_dir(path.parent)  # another user could plant a model in a folder made with the umask (0777 under umask 0)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError:
        return False  # a read-only cache: the model still works, derived again next time
    try:
        with os.fdopen(fd, "wb") as handle:
            np.savez(handle, **arrays)  # type: ignore[arg-type]
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
        return True
    except OSError:
        Path(tmp).unlink(missing_ok=True)
        return False


def save_weights(path: Path, fit: Fit) -> None:
    """Save a repository's fit (token weights and references) with its checksum, atomically."""
    weights = np.ascontiguousarray(fit.weights, np.float32)
    references = np.ascontiguousarray(fit.references, np.float16)  # rounded at fit time: reads back the same
    prose = np.ascontiguousarray(fit.references[:0] if fit.prose is None else fit.prose, np.float16)
    saved = Fit(weights, references.astype(np.float32), prose.astype(np.float32))
    meta = json.dumps({"version": STATIC_VERSION, "sha256": saved.sha256()}).encode("utf-8")
    if not _atomic_npz(Path(path), weights=weights, references=references, prose=prose,
                       meta=np.frombuffer(meta, np.uint8)):
        raise ProviderError(f"cannot write the static weights to {path}")


def load_weights(path: Path) -> Fit | None:
    """Return a saved fit, or ``None`` when missing, damaged or of another version."""
    try:
        data = read_members(path, ("meta", "weights", "references", "prose"))
        meta = json.loads(bytes(data["meta"]).decode("utf-8"))
        fit = Fit(np.array(data["weights"], np.float32), np.array(data["references"], np.float32),
                  np.array(data["prose"], np.float32))
        if not (isinstance(meta, dict) and meta == {"version": STATIC_VERSION, "sha256": meta.get("sha256")}
                and fit.weights.ndim == 1 and fit.references.ndim == 2 and fit.prose is not None and fit.prose.ndim == 2):
            return None
        if not vouched([Path(path)], str(meta["sha256"])):  # hashed by an earlier process, not written since
            if fit.sha256() != meta["sha256"]:
                return None
            vouch([Path(path)], meta["sha256"])
    except Exception:
        return None
    return fit
