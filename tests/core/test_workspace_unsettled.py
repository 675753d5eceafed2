"""A shard of this process hands the merge its hits alone: the :class:`Found` of a hit (its chunk,
its centrality) is made only for the hits that enter the workspace's list (issue 21's first
target: a question over 8 repositories made 150-480, most dropped by the merge)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.types import Hit, Query
from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard
from maguyva_tui.core.workspace import shard as shard_module
from maguyva_tui.core.workspace.shard import Found, Unsettled
from tests.core.workspace_shards import shards_of


def test_an_unsettled_list_reads_each_hit_as_its_own_chunk() -> None:
    hits = [Hit("a.py", 3, 3, 2.0, None, None, "python", "whole identifier"), Hit("b.py", 1, 9, 0.5)]
    found = Unsettled(hits)
    assert len(found) == 2 and found.hits == tuple(hits)
    assert found[1] == Found(hits[1], ("b.py", 1, 9), 0.0) and found[-1] == found[1]
    assert found[:1] == (Found(hits[0], ("a.py", 3, 3), 0.0),) and list(found) == [found[0], found[1]]
    with pytest.raises(IndexError):
        found[2]


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Shard]]:
    yield from shards_of(tmp_path_factory.mktemp("unsettled"))


def test_a_list_asked_unsettled_makes_no_found(shards: list[Shard], monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[object] = []
    new_found = shard_module._new_found
    monkeypatch.setattr(shard_module, "_new_found", lambda *args: made.append(args) or new_found(*args))
    listed = 0
    for shard in shards:
        token = shard.begin().token
        answer = shard.search(token, "text", Query("config", target="config"), 30, 5.0, 5_000, settle=False)
        assert isinstance(answer.found, Unsettled) and not answer.settled
        listed += len(answer.found)
        assert shard.settle(token, answer.found.hits[:1]) == tuple(
            Found(h, shard.generation_of(token).locate(h), shard.generation_of(token).snapshot.centrality.at(
                *shard.generation_of(token).locate(h))) for h in answer.found.hits[:1])
    assert listed > 10 and len(made) <= len(shards)  # the one hit each settled above


@pytest.mark.parametrize("text", ["parse", '"config"', "who calls parse_config", "how does the config loader read files"])
def test_only_the_hits_the_merge_keeps_are_settled(shards: list[Shard], text: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from maguyva_tui.core.workspace import coordinator as coordinator_module

    made: list[object] = []
    new_found = shard_module._new_found
    monkeypatch.setattr(shard_module, "_new_found", lambda *args: made.append(args) or new_found(*args))
    listed: list[int] = []
    merge = coordinator_module.merge_lists
    monkeypatch.setattr(coordinator_module, "merge_lists", lambda name, lists, cut, *group: listed.append(
        sum(len(items) for _, items in lists)) or merge(name, lists, min(cut, 2), *group))  # a list cut short
    coordinator = Coordinator(shards)
    try:
        answer = coordinator.search(SearchRequest(text))
    finally:
        coordinator.close(shards=False)
    assert answer.result.results
    assert len(made) <= 2 * len(listed) < sum(listed)  # the hits the merge dropped were never made a Found
