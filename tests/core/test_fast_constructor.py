"""``types.fast_constructor`` (issue 19: a page makes a hundred hits, items and results): its values
are the constructor's, field by field, defaults and keywords included, still frozen and hashable;
a class it cannot make safely is refused."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from maguyva_tui.core.fusion import Contribution, Fused
from maguyva_tui.core.retrievers.text import LineMatch
from maguyva_tui.core.types import Chunk, Hit, Ranked, Vote, fast_constructor

HIT = Hit("pkg/a.py", 3, 3, 2.5, "f", "function", "python", "whole identifier")
CASES = [
    (Hit, ("pkg/a.py", 3, 4, 1.5), {"reason": "x", "depth": 2}),
    (Chunk, ("pkg/a.py", 3, 9, "function"), {"symbol": "C.f", "language": "python"}),
    (Vote, (0, 3.5, 0.7, 0.01), {"reason": "whole identifier"}),
    (LineMatch, ("pkg/a.py", 7, "word boundary", True, 120), {}),
    (Contribution, (4, 2.5, 0.7, 0.7 / 45), {}),
    (Fused, (HIT, ("pkg/a.py", 3, 3), 0.12, (("text", Contribution(0, 3.5, 0.7, 0.01)),), 0.25, 1.0, 0.5), {}),
    (Ranked, ("pkg/a.py", 1, 2, "f", "function", "python", 0.3, "def f():", (("text", None),)),
     {"match_lines": (1,), "lift": 2.0, "copies": (("b.py", 1, 2),)}),
]


@pytest.mark.parametrize("change_class", [True, False])
@pytest.mark.parametrize(("cls", "args", "kwargs"), CASES, ids=[c[0].__name__ for c in CASES])
def test_the_values_are_the_constructors(cls: type, args: tuple, kwargs: dict, change_class: bool) -> None:
    make = fast_constructor(cls, change_class)
    names = [f.name for f in dataclasses.fields(cls)]
    for a, k in ((args, kwargs), (args, {}), ((), dict(zip(names, args)) | kwargs)):
        made, built = make(*a, **k), cls(*a, **k)
        assert type(made) is cls and made == built and hash(made) == hash(built) and repr(made) == repr(built)
        for name in names:
            assert getattr(made, name) == getattr(built, name), name
        assert pickle.loads(pickle.dumps(made)) == built
        assert dataclasses.replace(made) == built
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, names[0], None)


def test_missing_or_unknown_arguments_fail_as_the_constructor_does() -> None:
    make = fast_constructor(Hit)
    with pytest.raises(TypeError):
        make("a.py", 1, 1)
    with pytest.raises(TypeError):
        make("a.py", 1, 1, 0.5, colour="red")


def test_a_class_it_cannot_make_safely_is_refused() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        x: int

        def __post_init__(self) -> None:
            assert self.x >= 0

    @dataclasses.dataclass(frozen=True, slots=True)
    class Listed:
        xs: list[int] = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(frozen=True)
    class Plain:
        x: int

    for cls in (Checked, Listed, Plain):
        with pytest.raises(TypeError):
            fast_constructor(cls)
