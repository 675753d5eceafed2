"""A question with no word in it (``$``, ``#``, an emoji): nothing to rank by meaning.

The static tier embeds a question by its words; one with none was a zero vector, every chunk's
cosine 0.00, and the semantic engine listed the chunks in whatever order the ties fell: `maguyva
search '#'` on attrs showed ``optional`` of ``converters.py``, then a test class, each "static
cosine 0.00", as if they were related.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.embed.store import VectorStore, content_hash
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.retrievers.semantic import SemanticRetriever, TieredRetriever
from maguyva_tui.core.types import Chunk, Query
from tests.core.test_failed_lookup import FirstWordProvider
from tests.fakes import FakeProvider

SOURCES = {
    "converters.py": "def optional(converter):\n    '''Make a converter accept None.'''\n    return converter\n",
    "slots.py": "class Slotted:\n    '''A class with slots.'''\n    __slots__ = ('x', 'y')\n",
    "funcs.py": "def evolve(inst, **changes):\n    '''Copy an instance with some attributes changed.'''\n    return inst\n",
}


@pytest.fixture
def engine(tmp_path: Path) -> Engine:
    root = tmp_path / "repo"
    root.mkdir()
    for name, text in SOURCES.items():
        (root / name).write_text(text)
    e = Engine(root)
    e.refresh()
    return e


@pytest.mark.parametrize("question", ["#", "%", "🙂"])
def test_a_question_with_no_word_lists_nothing_by_meaning(engine: Engine, question: str) -> None:
    alone = engine.search(question, modality="semantic").to_json()["results"]
    assert alone == [], [(r["symbol"], r["modalities"]) for r in alone]
    blended = engine.search(question).to_json()["results"]
    assert not [r for r in blended if (r["modalities"].get("semantic") or {}).get("reason", "").endswith("cosine 0.00")]


def test_a_question_with_words_is_still_ranked_by_meaning(engine: Engine) -> None:
    results = engine.search("copy an instance with changed attributes", modality="semantic").results
    assert results and results[0].symbol == "evolve"


class ZeroProvider(FakeProvider):
    """Every text a random vector, a query with no letter the zero vector (as the static tier's)."""

    def seed(self, text: str) -> int:
        return len(text)

    def embed_query(self, text: str) -> np.ndarray:
        return self._vector(text) if any(c.isalnum() for c in text) else np.zeros(self.dim, np.float32)


def test_one_tier_and_both_tiers_propose_nothing_for_a_zero_query_vector(tmp_path: Path) -> None:
    texts = [f"def f{i}(): ..." for i in range(4)]
    chunks = [(Chunk(f"m{i}.py", 1, 1, "function", f"f{i}", "python"), content_hash(t)) for i, t in enumerate(texts)]
    provider = ZeroProvider()
    store = VectorStore.for_provider(tmp_path / "static", provider)
    store.add([h for _, h in chunks], provider.embed_documents(texts))
    tier = SemanticRetriever(provider, store, chunks)
    assert tier.search(Query("$"), 3) == []
    assert TieredRetriever(tier, None).search(Query("$"), 3) == []
    assert len(TieredRetriever(tier, None).search(Query("f1"), 3)) == 3


@pytest.fixture
def with_model(tmp_path: Path) -> Engine:
    """The same files with a transformer tier that embeds every text, a question of punctuation too."""
    root = tmp_path / "repo"
    root.mkdir()
    for name, text in {**SOURCES, "notes.py": "# why? because the spec says so\nANSWER = 42  # 50% of 84\n"}.items():
        (root / name).write_text(text)
    e = Engine(root, tmp_path / "index", provider=FirstWordProvider(), static=False)
    e.refresh()
    e.embed_pending()
    return e


@pytest.mark.parametrize(("question", "lines"), [("?", [("notes.py", 1)]), ("%", [("notes.py", 2)]),
                                                 ("#", [("notes.py", 1), ("notes.py", 2)])])
def test_a_question_of_punctuation_alone_lists_the_lines_holding_it(with_model: Engine, question: str,
                                                                    lines: list[tuple[str, int]]) -> None:
    # '?' had been a question about meaning: the model's nearest chunks first, whatever they held
    answer = with_model.search(question, limit=10)
    assert answer.intent == "exact_match" and answer.target == question
    assert [(r.path, line) for r in answer.results for line in r.match_lines] == lines


def test_a_question_of_symbols_no_line_holds_says_so(with_model: Engine) -> None:
    answer = with_model.search("→", limit=10)
    assert answer.lookup_failed is not None and 'no line holds "→"' in answer.lookup_failed.message
