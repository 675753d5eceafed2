"""A lone word over a workspace of this process: each shard's structural list is asked down to the
prefix tier only (the fuzzy tier's patterns are most of a page on a repository without the word),
and the whole lists of the shards cut so are asked only when the merged list needs them. The
answer is the one the whole lists give, either way."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.retrievers import structural
from maguyva_tui.core.types import Query
from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard
from maguyva_tui.core.workspace import coordinator as coordinator_module
from tests.conftest import FIXTURE
from tests.fakes import FakeProvider

MANY = 60
"""Functions whose names hold ``parse_config`` in one repository: more than a page (50) of the
subtokens tier, so the other shards' lists need nothing below the prefix tier."""


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Shard]]:
    """Three repositories, each index built, then opened from disk as a later process opens it
    (its structural engine reads the stored table: the engine whose pages are cut)."""
    base = tmp_path_factory.mktemp("prefix")
    many = base / "many"
    many.mkdir()
    (many / "parsers.py").write_text("".join(f"def parse_config_{n}(text):\n    return text[{n}:]\n\n\n"
                                             for n in range(MANY)))
    shutil.copytree(FIXTURE, base / "poly")
    shutil.copytree(FIXTURE / "app", base / "app")
    out = []
    for name in ("many", "poly", "app"):
        built = Engine(base / name, base / "indexes", provider=FakeProvider(), static=False)
        built.refresh()
        built.close()
        out.append(Shard(name, Engine(base / name, base / "indexes", provider=FakeProvider(), static=False)))
    yield out
    for shard in out:
        shard.close()


def _answer(shards: list[Shard], text: str) -> dict[str, Any]:
    coordinator = Coordinator(shards)
    try:
        out = coordinator.search(SearchRequest(text)).to_json()
    finally:
        coordinator.close(shards=False)
    out.pop("elapsed_ms")
    out.pop("timings_ms")
    return out


def _wholes(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The shards whose whole lists are asked again, per ask (recorded)."""
    asked: list[list[str]] = []
    whole = coordinator_module._View.whole

    def spy(self: Any, name: str, query: Query, limit: int, stats: Any, shards: list[Shard]) -> Any:
        asked.append([shard.label for shard in shards])
        return whole(self, name, query, limit, stats, shards)

    monkeypatch.setattr(coordinator_module._View, "whole", spy)
    return asked


@pytest.mark.parametrize("text", ["parse_config", "parse_confg", "ConfigLoader", "config", "load", "prse", "zzqqx"])
def test_a_lone_word_answers_as_the_whole_lists_do(shards: list[Shard], monkeypatch: pytest.MonkeyPatch,
                                                   text: str) -> None:
    cut = _answer(shards, text)
    start = Shard.start
    monkeypatch.setattr(Shard, "start", lambda self, *args: start(self, *args[:7]))  # no prefix: every list whole
    assert _answer(shards, text) == cut


def test_whole_lists_are_not_asked_when_the_page_is_full_above_the_cut(shards: list[Shard],
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    asked = _wholes(monkeypatch)
    answer = _answer(shards, "parse_config")
    assert answer["modalities_run"] == ["structural"] and answer["results"]
    assert asked == []


def test_whole_lists_are_asked_when_the_page_needs_a_lower_tier(shards: list[Shard],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    asked = _wholes(monkeypatch)
    answer = _answer(shards, "load")  # a few names hold it whole; reload and Reloadable only in the fuzzy tier
    assert answer["modalities_run"] == ["structural"]
    assert asked and asked[0]
    reasons = [r["modalities"]["structural"]["reason"] for r in answer["results"]]
    assert "exact name" in reasons and any(reason.startswith("fuzzy") for reason in reasons)


def test_a_page_cut_at_the_prefix_tier_begins_the_whole_page(shards: list[Shard]) -> None:
    cut_any = False
    for shard in shards:
        retriever = shard.engine.generation.structural
        for word in ("parse_config", "parse_confg", "config", "Config", "prse", "zzqqx"):
            query = Query(word, target=word, intent="find_definition")
            whole = retriever.search(query, 50)
            with structural.prefix_tiers_only() as ceiling:
                cut = retriever.search(query, 50)
            if not ceiling.cut:
                assert cut == whole
                continue
            cut_any = True
            assert cut == whole[: len(cut)] and len(cut) < 50
            assert all(hit.score > structural.BELOW_PREFIX_SCORE for hit in cut)
            assert all(hit.score <= structural.BELOW_PREFIX_SCORE for hit in whole[len(cut):])
    assert cut_any
