"""A sentence's text vote: by chunk, over the words of each function's body.

When the semantic engine stands in for meaning, a question that describes a function ("strip
the authorization header when redirected") makes the text engine score whole functions by the
sentence's words in their bodies, so of two siblings in one file the one that does what the
sentence says is the chunk the file is shown by.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.retrievers.text import TextRetriever, body_stems
from maguyva_tui.core.types import Query
from tests.core.test_engine import CountingProvider

SESSION = '''\
from urllib.parse import urlparse


def should_strip_auth(old_url, new_url):
    return urlparse(old_url).hostname != urlparse(new_url).hostname


def rebuild_auth(prepared, response):
    headers = prepared.headers
    if "Authorization" in headers and should_strip_auth(response.request.url, prepared.url):
        del headers["Authorization"]
    return headers


def rebuild_proxies(prepared, proxies):
    scheme = urlparse(prepared.url).scheme
    new_proxies = dict(proxies or {})
    new_proxies.setdefault(scheme, "http://localhost:3128")
    return new_proxies


class BaseAdapter:
    """The adapter base."""

    timeout = 30

    def close(self):
        self.pool.clear()
        self.manager = None
'''

SENTENCE = "Removes the Authorization header when a redirect leaves the host."


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "sessions.py").write_text(SESSION)
    (root / "other.py").write_text("def unrelated():\n    return 42\n")
    return root


@pytest.fixture
def engine(repo: Path) -> Engine:
    e = Engine(repo, provider=CountingProvider())
    e.refresh()
    e.embed_pending()
    return e


def _span(engine: Engine, symbol: str) -> tuple[int, int]:
    chunk = next(c for c in engine.snapshot.chunks() if c.symbol == symbol)
    return chunk.start_line, chunk.end_line


def test_body_stems_split_names_and_drop_function_words() -> None:
    assert body_stems("Extract the cookies from the response into a CookieJar") == (
        "extract", "cooki", "respons", "jar"
    )


def test_sentence_ranks_the_function_whose_body_holds_its_words(engine: Engine) -> None:
    text = TextRetriever(engine.snapshot)
    hits = text.search(Query(SENTENCE, code_words_only=True), 20)
    assert hits, "a sentence whose words are in a body gets a vote"
    first = hits[0]
    assert first.symbol == "rebuild_auth"
    assert (first.start_line, first.end_line) == _span(engine, "rebuild_auth")  # the whole chunk, one hit
    assert "rebuild_proxies" not in [h.symbol for h in hits]  # a sibling without the words gets none
    assert len({(h.path, h.start_line) for h in hits}) == len(hits)


def test_a_sentence_meets_the_abbreviations_code_spells(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "files.py").write_text(
        "import os\n\n\n"
        "def ensure_dir(dir_path, cfg):\n    os.makedirs(dir_path, mode=cfg.dir_mode, exist_ok=True)\n    return dir_path\n\n\n"
        "def ensure_file(file_path, cfg):\n    open(file_path, 'a').close()\n    os.chmod(file_path, cfg.file_mode)\n"
    )
    engine = Engine(root, provider=CountingProvider())
    engine.refresh()
    hits = TextRetriever(engine.snapshot).search(Query("Make sure the directory exists, with the configured mode.",
                                                       code_words_only=True), 20)
    assert [h.symbol for h in hits][:1] == ["ensure_dir"]  # dir, cfg: "directory", "configured"


def test_a_class_holding_methods_is_not_voted_for_its_name(engine: Engine) -> None:
    text = TextRetriever(engine.snapshot)
    hits = text.search(Query("Cleans up the adapter pool and its manager.", code_words_only=True), 20)
    assert [h.symbol for h in hits][:1] == ["BaseAdapter.close"]
    assert "BaseAdapter" not in [h.symbol for h in hits]


def test_a_blended_sentence_shows_the_file_by_that_function(engine: Engine) -> None:
    result = engine.search(SENTENCE).to_json()
    assert result["fusion_strategy"] == "fused"
    shown = [r for r in result["results"] if r["path"] == "sessions.py"]
    assert shown[0]["symbol"] == "rebuild_auth"  # the file is shown by that function; siblings follow
    assert result["results"][0]["symbol"] == "rebuild_auth"
    assert result["results"][0]["modalities"]["text"]["rank"] == 0


def test_an_exact_match_sentence_keeps_its_literal_first(engine: Engine) -> None:
    text = TextRetriever(engine.snapshot)
    query = Query('where is the string "Authorization" removed when a redirect leaves the host', target="Authorization",
                  code_words_only=True, literal_first=True)
    hits = text.search(query, 20)
    assert (hits[0].start_line, hits[0].end_line) == (10, 10)  # the literal's first line, as rg lists it
    assert {h.start_line for h in hits[:2]} == {10, 11}
