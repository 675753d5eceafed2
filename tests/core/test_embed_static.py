"""The static tier: derivation, its cache, tokenisation and the provider."""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.embed import static
from maguyva_tui.core.embed.provider import Provider, ProviderError
from maguyva_tui.core.embed.static import (
    STATIC_VERSION,
    StaticModel,
    StaticProvider,
    load_weights,
    save_weights,
    static_cache_dir,
)
from maguyva_tui.core.embed.transformer import TokenBatch

SUBSET = np.arange(1990, 2790)  # 800 ordinary words: enough rows for a 64-dimensional PCA


@pytest.fixture(scope="session")
def model() -> StaticModel:
    """The real model, derived once per session into the session's model cache."""
    try:
        return StaticModel.load()
    except ProviderError as error:
        pytest.skip(str(error))


@pytest.fixture(scope="module")
def encoder():
    try:
        return static.load_encoder()
    except ProviderError as error:
        pytest.skip(str(error))


def _stub_derive(calls: list[int]):
    def derive(**_: object) -> static.Derivation:
        calls.append(1)
        rng = np.random.default_rng(0)
        return static.Derivation(rng.standard_normal((30522, 8)).astype(np.float32), np.zeros(384), np.eye(384)[:, :8])

    return derive


def test_cache_dir_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(static.CACHE_ENV, str(tmp_path / "m"))
    assert static_cache_dir() == tmp_path / "m"
    monkeypatch.delenv(static.CACHE_ENV)
    assert static_cache_dir().name == "models"


def test_special_ids_match_the_vocabulary() -> None:
    vocab = static.load_tokenizer().get_vocab()
    assert (vocab["[CLS]"], vocab["[SEP]"]) == (static._CLS, static._SEP)


def test_fixed_length_pass_matches_the_encoder(encoder) -> None:
    ids = np.array([2000, 2023, 5310, 19204, 3231])
    out = static.token_outputs(encoder, ids)
    reference = encoder.encode(TokenBatch.of([np.array([101, i, 102]) for i in ids]))
    mean = out["mean"] / np.linalg.norm(out["mean"], axis=1, keepdims=True)
    assert np.abs(mean - reference).max() < 1e-5


@pytest.mark.slow  # over 4 s each on 2 cores: run by .ci/run's slow pass
def test_derivation_is_deterministic() -> None:
    first = static.derive(token_ids=SUBSET, dim=64)
    second = static.derive(token_ids=SUBSET, dim=64)
    assert first.vectors.shape == (len(SUBSET), 64) and first.vectors.dtype == np.float32
    assert first.components.shape == (384, 64)
    for a, b in ((first.vectors, second.vectors), (first.mean, second.mean), (first.components, second.components)):
        assert a.tobytes() == b.tobytes()
    assert first.sha256() == second.sha256()


def test_pca_components_have_a_fixed_sign() -> None:
    raw = np.random.default_rng(1).standard_normal((300, 16)).astype(np.float32)
    projected = static.pca(raw, 8)
    reversed_rows = static.pca(raw[::-1].copy(), 8)[::-1]  # the same data in another order: the same signs
    assert np.allclose(projected, reversed_rows, atol=1e-5)
    assert projected[:, 0].var() >= projected[:, 7].var()


def test_cache_is_written_once_and_reused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(static, "derive", _stub_derive(calls))
    first = StaticModel.load(tmp_path)
    second = StaticModel.load(tmp_path)
    assert calls == [1]
    assert first.vectors.tobytes() == second.vectors.tobytes()
    assert second.basis is not None and second.basis.components.shape == (384, 8)
    assert [p.name for p in tmp_path.iterdir()] == [static.cache_name()]


def test_damaged_cache_is_derived_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(static, "derive", _stub_derive(calls))
    StaticModel.load(tmp_path)
    path = tmp_path / static.cache_name()
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF  # one flipped byte inside the vectors
    path.write_bytes(bytes(data))
    assert static.read_cache(path) is None
    StaticModel.load(tmp_path)
    assert calls == [1, 1]
    assert static.read_cache(path) is not None
    path.write_bytes(b"not a zip file")
    StaticModel.load(tmp_path)
    assert calls == [1, 1, 1]


def test_cache_of_another_version_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(static, "derive", _stub_derive(calls))
    StaticModel.load(tmp_path)
    old = tmp_path / static.cache_name()
    monkeypatch.setattr(static, "TABLE_VERSION", static.TABLE_VERSION + 1)
    assert static.read_cache(old) is None  # its recorded version no longer matches
    new = tmp_path / static.cache_name()
    new.write_bytes(old.read_bytes())  # even under the new name
    assert static.read_cache(new) is None
    StaticModel.load(tmp_path)
    assert calls == [1, 1]


def test_weights_round_trip_and_damage(tmp_path: Path) -> None:
    references = np.random.default_rng(0).standard_normal((5, 8)).astype(np.float16).astype(np.float32)
    fit = static.Fit(np.linspace(0, 1, 30522, dtype=np.float32), references, references[:3] * 2)
    path = tmp_path / "w.npz"
    assert load_weights(path) is None
    save_weights(path, fit)
    loaded = load_weights(path)
    assert loaded is not None and np.array_equal(loaded.weights, fit.weights)
    assert np.array_equal(loaded.references, references) and loaded.sha256() == fit.sha256()
    assert loaded.prose is not None and np.array_equal(loaded.prose, references[:3] * 2)
    save_weights(path, static.Fit(fit.weights, references))  # no prose: none read back
    again = load_weights(path)
    assert again is not None and again.prose is not None and again.prose.shape == (0, 8)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    assert load_weights(path) is None


def test_identifiers_split_into_words() -> None:
    assert static._word_text(b"parseHTTPServerConfig", True) == "parse HTTP Server Config"
    assert static._word_text(b"utf8Encode2x", True) == "utf 8 Encode 2 x"
    assert static._word_text(b"parseHTTPServer", False) == "parseHTTPServer"


def test_wordpiece_matches_the_tokenizer() -> None:
    tokenizer = static.load_tokenizer()
    words = [b"parseHTTPServerConfig", b"utf8", b"x" * 101, b"a" * 100, b"zzqxj", b"Request", b"__init__",
             b"caf\xc3\xa9", b"\x01abc", b"0x1F", b"tokenization", b"ab\xff"]
    for split in (True, False):
        texts = [static._word_text(w, split) for w in words]
        expected = [e.ids for e in tokenizer.encode_batch_fast(texts, add_special_tokens=False)]
        assert static._WordTable(tokenizer, split)._encode(texts) == expected


def test_provider_satisfies_the_protocol(model: StaticModel) -> None:
    provider = model.provider()
    assert isinstance(provider, Provider) and isinstance(provider, StaticProvider)
    assert provider.dim == model.dim == static.DIM
    assert provider.id.startswith(f"static:minilm-m2v-v{STATIC_VERSION}:w") and provider.id.endswith(f":{model.dim}")
    assert provider.stores_floats is True


def test_documents_are_unit_rows_and_queries_match(model: StaticModel) -> None:
    provider = model.provider()
    texts = ["def read_file(path):\n    return open(path).read()", "class HTTPAdapter(BaseAdapter):", "", "+-*/"]
    vectors = provider.embed_documents(texts)
    assert vectors.shape == (4, model.dim) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors[:2], axis=1), 1.0, atol=1e-5)
    assert not vectors[2:].any()  # no words: a zero row
    query = provider.embed_query(texts[0])
    assert query.shape == (model.dim,) and query.dtype == np.float32
    assert np.allclose(query, vectors[0], atol=1e-6)
    assert provider.embed_documents([]).shape == (0, model.dim)


def test_documents_in_a_batch_equal_documents_alone(model: StaticModel) -> None:
    provider = model.provider()
    texts = ["send the request", "café naïve", "getURL for the session", "x" * 50]
    batch = provider.embed_documents(texts)
    alone = np.vstack([provider.embed_documents([t]) for t in texts])
    assert np.allclose(batch, alone, atol=1e-6)


def test_meaning_is_kept(model: StaticModel) -> None:
    provider = model.provider()
    docs = provider.embed_documents(["def read_file(path): return open(path).read()",
                                     "def send_request(url, headers): return session.post(url, headers=headers)"])
    query = provider.embed_query("open a file and read its contents")
    assert docs[0] @ query > docs[1] @ query


def test_different_weights_give_a_different_id(model: StaticModel) -> None:
    texts = ["def get(url): return request('get', url)", "class Session: pass", "def get_session(): pass"]
    fitted = model.fit_weights(texts)
    assert fitted.shape == model.weights.shape and fitted.dtype == np.float32
    assert model.provider(fitted).id != model.provider().id
    assert model.provider(model.weights.copy()).id == model.provider().id
    with pytest.raises(ProviderError):
        model.provider(np.ones(3, np.float32))


def test_fitted_weights_favour_rare_tokens(model: StaticModel) -> None:
    assert np.array_equal(model.fit_weights([]), model.weights)  # no corpus: the fixed weights
    texts = ["def get(self): return self.value", "def put(self, value): self.value = value", "class Store: pass"]
    fitted = model.fit_weights(texts)
    vocab = static.load_tokenizer().get_vocab()
    ratio = fitted / model.weights
    assert ratio[vocab["self"]] < ratio[vocab["store"]]  # in two chunks of three against one
    assert ratio[vocab["store"]] < ratio[vocab["banana"]]  # in none


class Counted(list[str]):
    """Texts that count how many are read: a fit on a sequence reads only its samples and one pass."""

    def __init__(self, texts: list[str]) -> None:
        super().__init__(texts)
        self.read = 0

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        self.read += 1
        return super().__getitem__(index)

    def __iter__(self):  # type: ignore[no-untyped-def]
        for text in super().__iter__():
            self.read += 1
            yield text


def test_a_fit_on_a_sequence_samples_the_texts_a_fit_on_a_list_would(model: StaticModel,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(static, "FIT_SAMPLE", 7)
    monkeypatch.setattr(static, "HUB_REFERENCES", 5)
    words = ["read", "write", "socket", "parser", "token", "cache", "config", "session", "adapter", "stream"]
    texts = [f"src/m{i}.py function f{i}\ndef f{i}(x):\n    \"\"\"Return the {words[i % 10]} of {words[(i * 3) % 10]} "
             f"for x.\"\"\"\n    return {words[(i * 7) % 10]}(x)" for i in range(23)]
    lazy = Counted(texts)
    fitted, listed = model.fit(lazy), model.fit(iter(texts))
    assert np.array_equal(fitted.weights, listed.weights)
    assert np.array_equal(fitted.weights, model.fit_weights(random.Random(0).sample(texts, 7)))  # as sampled before
    assert np.array_equal(fitted.references, listed.references)
    assert np.array_equal(np.asarray(fitted.prose), np.asarray(listed.prose)) and fitted.prose is not None
    assert lazy.read == 7 + 5 + len(texts)  # the two samples, then one pass for the prose blocks



class ReadInBatches(list[str]):
    """Texts like ``ChunkTexts``: a read of one text costs a read of its whole file, so a sample is read at once."""

    def __init__(self, texts: list[str]) -> None:
        super().__init__(texts)
        self.batches: list[int] = []

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        raise AssertionError("a text read alone")

    def texts(self, positions: Iterable[int]) -> list[str]:
        found = [list.__getitem__(self, i) for i in positions]
        self.batches.append(len(found))
        return found


def test_a_fit_reads_its_samples_in_one_read_each_where_the_texts_read_many_at_once(
        model: StaticModel, monkeypatch: pytest.MonkeyPatch) -> None:
    """A 1 MiB file of 65,000 one-line functions had been decoded and split once per sampled chunk (over 5 min)."""
    monkeypatch.setattr(static, "FIT_SAMPLE", 7)
    monkeypatch.setattr(static, "HUB_REFERENCES", 5)
    texts = [f"def f{i}(x):\n    return g{i % 4}(x)" for i in range(23)]
    batched = ReadInBatches(texts)
    fitted, listed = model.fit(batched), model.fit(iter(texts))
    assert batched.batches == [7, 5]
    assert np.array_equal(fitted.weights, listed.weights) and np.array_equal(fitted.references, listed.references)

@pytest.mark.slow  # about 4 s on 2 cores: run by .ci/run's slow pass
def test_refine_pulls_chunks_towards_the_transformer(model: StaticModel) -> None:
    texts = ["def read_file(path): return open(path).read()", "class HTTPAdapter(BaseAdapter): pass",
             "def send(self, request, timeout=None): return self.session.send(request)", "+-*/"] * 3
    targets = np.random.default_rng(2).standard_normal((len(texts), 384)).astype(np.float32)
    targets /= np.linalg.norm(targets, axis=1, keepdims=True)
    refined = model.refine(texts, targets)
    assert refined.dim == model.dim and refined.refined is not None and model.refined is None
    assert refined.provider().id != model.provider().id and "-r" in refined.provider().id
    assert model.refine(texts, targets).provider().id == refined.provider().id  # deterministic

    def closeness(m: StaticModel) -> float:
        assert m.basis is not None
        mapped = (targets[:3].astype(np.float64) - m.basis.mean) @ m.basis.components  # scale aside, a direction
        docs = m.provider().embed_documents(texts[:3])
        mapped /= np.linalg.norm(mapped, axis=1, keepdims=True)
        return float((docs * mapped).sum(axis=1).mean())

    assert closeness(refined) > closeness(model)
    untouched = static.load_tokenizer().get_vocab()["banana"]
    assert np.array_equal(refined.vectors[untouched], model.vectors[untouched])  # tokens it never saw stay
    with pytest.raises(ValueError):
        model.refine(texts, targets[:2])
