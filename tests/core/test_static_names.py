"""How much a token counts in the static tier: occurrences saturate (``TF_POWER``), a chunk's symbol
name counts ``NAME_WEIGHT`` more (its first line names it; its qualifier ``QUALIFIER_WEIGHT``), a
window's path ``PATH_WEIGHT`` more."""

from __future__ import annotations

import numpy as np
import pytest

from maguyva_tui.core.embed import static
from maguyva_tui.core.embed.provider import ProviderError
from maguyva_tui.core.embed.static import StaticModel, names, window_paths


@pytest.fixture(scope="module")
def model() -> StaticModel:
    try:
        return StaticModel.load()
    except ProviderError as error:
        pytest.skip(str(error))


def test_a_symbol_chunk_gives_its_name() -> None:
    text = "src/pkg/api.py function get_session\ndef get_session():\n    return Session()"
    assert names([text, "src/pkg/api.py method Client.get\n    pass"]) == ["get_session", "Client.get"]


def test_texts_without_a_symbol_have_no_name() -> None:
    texts = ["src/pkg/api.py\nx = 1",  # a window: its first line is the path alone
             "def read_file(path):\n    return open(path).read()",  # no header at all
             "my dir/file name.py\nbody",  # a path with spaces: no kind among its words
             "open a file and read it"]  # a query (one line)
    assert names(texts) == ["", "", "", ""]


def test_a_window_gives_its_path_without_the_extension() -> None:
    texts = ["src/pkg/cookies.py\nimport os",  # a window: the path alone
             "Makefile.am\nall: build",
             "src/.hidden\nx = 1",  # a dot file keeps its name
             "src/pkg/api.py function get_session\ndef get_session(): ...",  # a symbol: its name, not its path
             "my dir/file name.py\nbody",  # a path with spaces: not told from a sentence
             "open a file and read it",  # a query (one line)
             "src/pkg/cookies.py"]  # a path alone, no body
    assert window_paths(texts) == ["src/pkg/cookies", "Makefile", "src/.hidden", "", "", "", ""]


def _count(model: StaticModel, text: str, word: str) -> float:
    (token,) = model._words.token_ids([word])[0].tolist()
    return float(model.counts([text])[0, token])


def test_occurrences_saturate_and_the_name_counts_more(model: StaticModel, monkeypatch: pytest.MonkeyPatch) -> None:
    text = "src/auth.py method load\n    token = token or token + token"  # "token" 4 times, "load" once
    monkeypatch.setattr(static, "TF_POWER", 0.5)
    monkeypatch.setattr(static, "NAME_WEIGHT", 3)
    assert _count(model, text, "token") == pytest.approx(2.0)
    assert _count(model, text, "load") == pytest.approx(1.0 + 3)
    monkeypatch.setattr(static, "TF_POWER", 1.0)
    monkeypatch.setattr(static, "NAME_WEIGHT", 0)
    assert _count(model, text, "token") == pytest.approx(4.0) and _count(model, text, "load") == pytest.approx(1.0)


def test_a_methods_class_counts_less_than_its_own_name(model: StaticModel, monkeypatch: pytest.MonkeyPatch) -> None:
    text = "src/jar/cookies.py method Jar.clear\n    self.cookies = {}"  # the first line is counted as text too
    monkeypatch.setattr(static, "TF_POWER", 1.0)
    monkeypatch.setattr(static, "NAME_WEIGHT", 5)
    monkeypatch.setattr(static, "QUALIFIER_WEIGHT", 1.0)
    assert _count(model, text, "clear") == pytest.approx(1.0 + 5)
    assert _count(model, text, "jar") == pytest.approx(2.0 + 1)  # the path's folder and the qualifier
    nested = "src/a.py method Outer.Inner.clear\n    pass"
    assert _count(model, nested, "outer") == pytest.approx(1.0 + 1) and _count(model, nested, "inner") == 2.0
    assert _count(model, nested, "clear") == pytest.approx(1.0 + 5)
    monkeypatch.setattr(static, "QUALIFIER_WEIGHT", 5.0)  # v6: the whole name alike
    assert _count(model, nested, "outer") == pytest.approx(1.0 + 5)


def test_a_windows_path_counts_more(model: StaticModel, monkeypatch: pytest.MonkeyPatch) -> None:
    text = "src/jar/cookies.go\nimport os\nfrom .utils import quote"
    monkeypatch.setattr(static, "TF_POWER", 0.5)
    monkeypatch.setattr(static, "PATH_WEIGHT", 4)
    assert _count(model, text, "cookies") == pytest.approx(1.0 + 4)
    assert _count(model, text, "import") == pytest.approx(2.0**0.5)  # the body: not the path
    assert _count(model, text, "jar") == pytest.approx(1.0 + 4)  # its folders too
    assert _count(model, text, "go") == pytest.approx(1.0)  # the extension is not the file's name
    named = "src/jar/cookies.py function quote\n    return value"
    assert _count(model, named, "cookies") == pytest.approx(1.0)  # a symbol's chunk is named by the symbol
    monkeypatch.setattr(static, "PATH_WEIGHT", 0)
    assert _count(model, text, "cookies") == pytest.approx(1.0)


def test_the_provider_embeds_the_counts(model: StaticModel, monkeypatch: pytest.MonkeyPatch) -> None:
    text = "src/auth.py method refresh_token\n        self.expires = now() + ttl"
    provider = model.provider()
    monkeypatch.setattr(static, "NAME_WEIGHT", 0)
    plain = provider.embed_documents([text])
    monkeypatch.setattr(static, "NAME_WEIGHT", 6)
    weighted = provider.embed_documents([text])
    expected = static._unit(np.asarray(model.counts([text]) @ provider._table, np.float32))
    assert np.allclose(weighted, expected, atol=1e-6) and not np.allclose(weighted, plain, atol=1e-3)
    query = provider.embed_query("refresh the token")
    assert float(weighted[0] @ query) > float(plain[0] @ query)


def test_a_query_saturates_like_a_document(model: StaticModel) -> None:
    provider = model.provider()
    query = "parse parse parse the header"
    (document,) = provider.embed_documents([query])  # one line: no name, the same counts
    assert np.allclose(provider.embed_query(query), document, atol=1e-6)
