"""The static tier counts a chunk's symbol name ``NAME_REPEAT`` times (its first line names it)."""

from __future__ import annotations

import numpy as np
import pytest

from maguyva_tui.core.embed import static
from maguyva_tui.core.embed.provider import ProviderError
from maguyva_tui.core.embed.static import StaticModel, named


@pytest.fixture(scope="module")
def model() -> StaticModel:
    try:
        return StaticModel.load()
    except ProviderError as error:
        pytest.skip(str(error))


def test_a_symbol_chunk_counts_its_name_name_repeat_times(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(static, "NAME_REPEAT", 4)
    text = "src/pkg/api.py function get_session\ndef get_session():\n    return Session()"
    (out,) = named([text])
    assert out.startswith(text) and out.split().count("get_session") == 4  # the first line's and three more


def test_texts_without_a_symbol_are_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(static, "NAME_REPEAT", 4)
    texts = ["src/pkg/api.py\nx = 1",  # a window: its first line is the path alone
             "def read_file(path):\n    return open(path).read()",  # no header at all
             "my dir/file name.py\nbody",  # a path with spaces: no kind among its words
             "open a file and read it"]  # a query (one line)
    assert list(named(texts)) == texts


def test_the_provider_embeds_the_named_text(model: StaticModel, monkeypatch: pytest.MonkeyPatch) -> None:
    text = "src/auth.py method refresh_token\n        self.expires = now() + ttl"
    provider = model.provider()
    monkeypatch.setattr(static, "NAME_REPEAT", 1)
    plain = provider.embed_documents([text])
    spelled = provider.embed_documents([text + " refresh_token" * 5])
    monkeypatch.setattr(static, "NAME_REPEAT", 6)
    weighted = provider.embed_documents([text])
    assert np.allclose(weighted, spelled, atol=1e-6) and not np.allclose(weighted, plain, atol=1e-3)
    query = provider.embed_query("refresh the token")
    assert float(weighted[0] @ query) > float(plain[0] @ query)
