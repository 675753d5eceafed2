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
    with pytest.raises(ProviderError, match="prose references"):
        model.provider(Fit(model.weights, np.zeros((3, model.dim), np.float32), np.zeros((3, 2), np.float32)))


def test_prose_blocks_are_the_comments_and_docstrings_on_one_line() -> None:
    texts = ['src/a.py function load\ndef load(path):\n    """Read the settings file\n    at a path."""\n'
             "    # fall back to the defaults\n    # when it is missing\n    x = 1  # short\n",
             "src/a.c function main\n#include <stdio.h>\n// Parse the command line flags\nint main() {}\n"
             "/* Free every buffer\n * before exit */\n",
             "src/b.py function dup\n# fall back to the defaults when it is missing\n"]
    assert static.prose_blocks(texts) == [
        "Read the settings file at a path.", "fall back to the defaults when it is missing",
        "Free every buffer before exit", "Parse the command line flags"]


def test_a_chunk_crowded_among_prose_scores_lower_than_an_equally_similar_lone_one(
    model: StaticModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two chunks equally near a question, apart from each other and from the code references; comments
    # like the first one abound in the repository, none like the second.
    rng = np.random.default_rng(0)
    q, u, v = np.linalg.qr(rng.standard_normal((model.dim, 3)))[0].T.astype(np.float32)
    chunks = np.vstack([q + u, q + v]) / np.sqrt(2.0)
    code = rng.standard_normal((20, model.dim)).astype(np.float32)
    code -= (code @ np.vstack([q, u, v]).T) @ np.vstack([q, u, v])  # orthogonal to both chunks
    prose = u + 0.3 * rng.standard_normal((20, model.dim)).astype(np.float32) / np.sqrt(model.dim)
    unit = lambda rows: (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)  # noqa: E731
    provider = model.provider(Fit(model.weights, unit(code), unit(prose)))
    assert provider.id != model.provider(Fit(model.weights, unit(code))).id  # the prose names the provider
    query = np.append(q, np.float32(0.0))
    scores = cosine(np.hstack([chunks, static.HUB_SCALE * provider.crowding(chunks)[:, None]]), query)
    assert scores[0] < scores[1] - 0.05
    crowding = provider.crowding(chunks)
    assert crowding[0] > 0.5 > 0.05 > crowding[1]
    monkeypatch.setattr(static, "PROSE_SCALE", 0.0)  # the code side alone cannot tell them apart
    assert np.allclose(provider.crowding(chunks), 0.0, atol=1e-5)


def test_fit_samples_the_prose_blocks_as_references(model: StaticModel, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(static, "HUB_REFERENCES", 2)
    texts = [f"src/a.py function f{i}\ndef f{i}():\n    # {words}\n    pass"
             for i, words in enumerate(["open the socket now", "close every open file", "parse the header line"])]
    fit = model.fit(texts)
    assert fit.prose is not None and fit.prose.shape == (2, model.dim)
    assert np.array_equal(fit.prose, fit.prose.astype(np.float16).astype(np.float32))
    assert fit.sha256() == model.fit(texts).sha256()
