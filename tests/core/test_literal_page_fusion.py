"""The direct path's items, made without the dataclass's ``__init__`` (issue 19.1: a page of a
frequent literal makes one per hit), equal those the constructor makes, field by field, and the
direct list keeps its order and scores."""

from __future__ import annotations

from dataclasses import fields

import pytest

from maguyva_tui.core import fusion
from maguyva_tui.core.fusion import Contribution, Fused, _new_fused, _score, direct, secondary_demotion
from maguyva_tui.core.types import Hit


def test_an_item_made_fast_equals_the_constructors() -> None:
    hit = Hit("pkg/a.py", 3, 3, 2.5, "f", "function", "python", "whole identifier")
    parts = (("text", Contribution(4, 2.5, 0.7, 0.7 / 45)),)
    made = _new_fused(hit, ("pkg/a.py", 3, 3), 0.123, parts, 0.25, 1.0, 0.5)
    built = Fused(hit, ("pkg/a.py", 3, 3), 0.123, parts, 0.25, 1.0, 0.5)
    assert made == built and hash(made) == hash(built)
    for field in fields(Fused):
        assert getattr(made, field.name) == getattr(built, field.name), field.name
    assert set(Fused.__slots__) == {field.name for field in fields(Fused)}


def test_direct_scores_are_the_blends_arithmetic() -> None:
    hits = [Hit(f"{folder}/m{i}.py", i + 1, i + 1, 3.0 - (i % 3), reason="x") for i, folder in
            enumerate(["pkg", "tests", "pkg", "docs", "pkg", "pkg"])]
    central = {h.path: 0.1 * i for i, h in enumerate(hits)}
    items = direct("text", hits, 0.8, 40, centrality=lambda h: central[h.path], demotion=secondary_demotion)
    assert [item.hit for item in items] == sorted(hits, key=lambda h: (-secondary_demotion(h.path), -h.score))
    for rank, item in enumerate(items):
        part = item.contributions[0][1]
        assert part == Contribution(rank, item.hit.score, 0.8, 0.8 / (40 + rank + 1))
        assert item.score == _score(item.contributions, 0.0, item.demotion) == item.rederived_score()
        assert item.key == fusion.span_of(item.hit) and item.boost == 1.0
        assert item.centrality == central[item.hit.path]


def test_the_demotions_read_their_factors_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    paths = ["pkg/core.py", "tests/test_core.py", "vendor/lib.py", "docs/vendor/x.py"]
    before = [(fusion.demotion_for(p), secondary_demotion(p)) for p in paths]
    assert before == [(1.0, 1.0), (1.0, 0.5), (0.5, 0.5), (0.5, 0.25)]
    monkeypatch.setattr(fusion, "SECONDARY_DEMOTION", 0.8)  # a benchmark's variant, after the paths were read
    monkeypatch.setattr(fusion, "DEMOTION", 0.25)
    assert [(fusion.demotion_for(p), secondary_demotion(p)) for p in paths] == [(1.0, 1.0), (1.0, 0.8), (0.25, 0.25),
                                                                                 (0.25, 0.25 * 0.8)]
