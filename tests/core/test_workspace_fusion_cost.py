"""Fusion made without dataclass machinery per item (a workspace fuses every shard's hits merged:
up to 150 per engine, 3-4 engines a question): the values are those of the constructors."""

from __future__ import annotations

from dataclasses import fields, replace

from maguyva_tui.core import fusion
from maguyva_tui.core.fusion import Contribution, Fused
from maguyva_tui.core.types import Hit


def _fused(path: str, start: int, rank: int, **more: object) -> Fused:
    hit = Hit(path, start, start + 4, 2.0, "parse", "function", "python", "whole", 1)
    parts = (("semantic", None), ("text", Contribution(rank, 2.0, 0.2, 0.2 / (41 + rank))),
             ("structural", Contribution(rank + 1, 3.5, 0.6, 0.6 / (42 + rank))))
    made = Fused(hit, (path, start, start + 4), 0.0, parts, 0.3, 1.1, 0.9)
    return replace(made, score=made.rederived_score(), **more)


def test_a_file_shown_with_its_credit_is_the_item_replaced() -> None:
    shown = _fused("a.py", 1, 0, copies=(("b.py", 3, 7),), lift=2.0, name_lift=1.25, name_words=("a",),
                   quoted_lift=1.5, quoted_names=("parse",))
    others = [_fused("a.py", 10, 3), _fused("a.py", 20, 7)]
    made = fusion._with_file(shown, others, 0.5, folded=1)
    credits = fusion._credits(shown, others, 0.5)
    credit = sum(c for _, c in credits)
    expected = replace(shown, score=fusion._score(shown.contributions, credit, shown.demotion, shown.lift, 1.25, 1.5),
                       folded=1, credits=credits, file_credit=credit)
    assert type(made) is Fused and made == expected and hash(made) == hash(expected)
    # a field added to Fused must be carried by _with_file too (it names each one)
    assert [f.name for f in fields(Fused)] == ["hit", "key", "score", "contributions", "centrality", "boost",
                                               "demotion", "folded", "credits", "file_credit", "copies", "lift",
                                               "name_lift", "name_words", "quoted_lift", "quoted_names",
                                               "signature", "signature_rank", "signature_cosine"]


def test_a_fused_chunk_is_the_one_its_constructors_make() -> None:
    hit = Hit("a.py", 1, 5, 2.0, "parse", "function", "python", "whole", 1)
    per = {"text": (2, hit), "structural": (0, hit)}
    made = fusion._fuse_one(("a.py", 1, 5), per, ("semantic", "text", "structural"), {"text": 0.2, "structural": 0.6},
                            40, lambda _: 0.4, lambda _: 0.9)
    boost = fusion.boost_for(0.4)
    parts = (("semantic", None), ("text", Contribution(2, 2.0, 0.2, 0.2 / 43 * boost)),
             ("structural", Contribution(0, 2.0, 0.6, 0.6 / 41 * boost)))
    expected = Fused(hit, ("a.py", 1, 5), fusion._score(parts, 0.0, 0.9), parts, 0.4, boost, 0.9)
    assert type(made) is Fused and made == expected and hash(made) == hash(expected)
    assert all(type(c) is Contribution for _, c in made.contributions if c is not None)


def test_a_contribution_is_read_as_the_contributions_say() -> None:
    item = _fused("a.py", 1, 2)
    for modality in ("semantic", "text", "structural", "graph"):
        assert item.contribution(modality) == dict(item.contributions).get(modality)


def test_weights_resolved_once_fuse_as_given() -> None:
    """``fuse`` reads each engine's weight once into a plain dict; a ``Weights`` and its mapping fuse alike."""
    from maguyva_tui.core.intent import Weights

    hits = {"text": [Hit("a.py", 1, 5, 3.0), Hit("b.py", 2, 2, 2.0)],
            "structural": [Hit("b.py", 1, 9, 4.0, "b", "function"), Hit("a.py", 1, 5, 3.5, "a", "function")]}
    weights = Weights(semantic=0.2, text=0.1, structural=0.6, graph=0.1)
    assert fusion.fuse(hits, weights, 40) == fusion.fuse(hits, weights.as_dict(), 40)
