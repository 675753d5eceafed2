"""A search's refresh leaves the static tier's weights unread (issue 19: 1.1 MB and the model's
code, ``embed/static.py``, on sympy: 8-15 ms of every search process, a literal never embedding
with them); the first question by meaning reads them back, and refits and fills the tier there
where they cannot be read, as the refresh had done before it answered."""

from __future__ import annotations

from pathlib import Path

import pytest

import maguyva_tui.core.embed.static as static
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.semantic_index import STATIC_WEIGHTS, semantic_folder
from tests.fakes import FakeProvider


class FirstWord(FakeProvider):
    id = "test:first-word:64"

    def seed(self, text: str) -> int:
        return sum(map(ord, text.split()[0])) if text.split() else 0


def test_a_literal_leaves_the_weights_unread_and_a_question_by_meaning_reads_them(
    polyglot: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Engine(polyglot, provider=FirstWord()).refresh()
    reads: list[Path] = []
    real = static.load_weights
    monkeypatch.setattr(static, "load_weights", lambda path: reads.append(path) or real(path))
    again = Engine(polyglot, provider=FirstWord())  # a new `maguyva search` process's
    literal = again.search('"parse_config"')
    assert literal.results and literal.semantic_tiers == (("static", 1.0), ("transformer", 0.0))
    assert reads == []  # the tier current and complete as recorded: its weights left for a question by meaning
    meant = again.search("how does the config loader read files", preset="quick").to_json()
    assert meant["results"] and all("static cosine" in r["modalities"]["semantic"]["reason"] for r in meant["results"])
    assert len(reads) == 2  # checked, then read by the tier's provider: as a refresh and the provider had read them
    again.search("how does the server start", preset="quick")
    assert len(reads) == 2  # not again for each question


def test_damaged_weights_are_refitted_by_the_first_question_by_meaning_not_by_a_literal(
    polyglot: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built = Engine(polyglot, provider=FirstWord())
    built.refresh()
    weights = semantic_folder(built.snapshot) / STATIC_WEIGHTS
    fitted = built.static_store().provider_id
    weights.write_bytes(b"damaged")  # a cut write, a disk error
    again = Engine(polyglot, provider=FirstWord())
    literal = again.search('"parse_config"')
    assert literal.results and weights.read_bytes() == b"damaged"  # neither read nor refitted for a literal
    meant = again.search("how does the config loader read files", preset="quick").to_json()
    assert static.load_weights(weights) is not None  # read, found damaged, refitted and saved before ranking
    assert again.static_store().provider_id == fitted  # the same chunks: the same fit, its store kept
    assert meant["results"] and all("static cosine" in r["modalities"]["semantic"]["reason"] for r in meant["results"])
    assert again._static_error is None
