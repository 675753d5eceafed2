"""The static tier's crowding dimension: a chunk among many like it comes less near every question."""

from __future__ import annotations

import numpy as np
import pytest

from maguyva_tui.core.embed import static
from maguyva_tui.core.embed.codes import cosine
from maguyva_tui.core.embed.provider import ProviderError
from maguyva_tui.core.embed.static import Fit, StaticModel


@pytest.fixture(scope="module")
def model() -> StaticModel:
    try:
        return StaticModel.load()
    except ProviderError as error:
        pytest.skip(str(error))


def _texts() -> list[str]:
    crowd = [f"src/io/f{i}.py function read_{i}\ndef read_{i}(path):\n    with open(path) as f:\n        return f.read()"
             for i in range(12)]
    alone = ["src/net/tls.py function verify_certificate\ndef verify_certificate(cert, host):\n"
             "    return match_hostname(cert.subject, host) and not cert.expired"]
    return crowd + alone


def test_fit_samples_references_rounded_to_float16(model: StaticModel, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(static, "HUB_REFERENCES", 5)
    texts = _texts()
    fit = model.fit(texts)
    assert fit.references.shape == (5, model.dim)
    assert np.array_equal(fit.references, fit.references.astype(np.float16).astype(np.float32))
    assert np.allclose(np.linalg.norm(fit.references, axis=1), 1.0, atol=1e-2)
    again = model.fit(texts)
    assert fit.sha256() == again.sha256()  # a fixed sample: the same fit every time


def test_a_crowded_chunk_carries_more_crowding_than_a_lone_one(model: StaticModel) -> None:
    texts = _texts()
    provider = model.provider(model.fit(texts))
    assert provider.hub and provider.dim == model.dim + 1 and provider.id.endswith(f":{model.dim + 1}")
    vectors = provider.embed_documents(texts)
    crowding = vectors[:, -1]
    assert crowding[:12].min() > crowding[12] >= 0.0
    assert np.allclose(np.linalg.norm(vectors[:, :-1], axis=1), 1.0, atol=1e-5)


def test_the_retrievers_cosine_divides_by_the_crowding(model: StaticModel) -> None:
    texts = _texts()
    provider = model.provider(model.fit(texts))
    vectors = provider.embed_documents(texts)
    query = provider.embed_query("read a file")
    assert query.shape == (model.dim + 1,) and query[-1] == 0.0
    plain = vectors[:, :-1] @ query[:-1]
    expected = plain / np.sqrt(1.0 + (static.HUB_SCALE * vectors[:, -1]) ** 2)
    assert np.allclose(cosine(vectors, query), expected, atol=1e-5)


def test_bare_weights_give_no_crowding_dimension(model: StaticModel) -> None:
    provider = model.provider(model.fit_weights(_texts()))
    assert not provider.hub and provider.dim == model.dim
    assert provider.embed_documents(_texts()[:1]).shape == (1, model.dim)


def test_too_few_references_measure_no_crowding(model: StaticModel) -> None:
    fit = Fit(model.weights, np.zeros((1, model.dim), np.float32))
    vectors = model.provider(fit).embed_documents(_texts())
    assert not vectors[:, -1].any()


def test_references_of_the_wrong_width_are_refused(model: StaticModel) -> None:
    with pytest.raises(ProviderError, match="references"):
        model.provider(Fit(model.weights, np.zeros((3, model.dim + 2), np.float32)))
