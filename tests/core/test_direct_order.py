"""The direct path's order: the text engine's list is kept when it is in order already (demotion,
then match class, never rising) and sorted the same way when it is not; other engines' ties go
to the more central hit. Checked against the rule written as one sort."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.fusion import direct, secondary_demotion, tie_class
from maguyva_tui.core.types import Hit

paths = st.sampled_from(["pkg/a.py", "pkg/b.py", "tests/test_a.py", "vendor/c.py", "docs/d.py"])
hits = st.lists(st.builds(Hit, path=paths, start_line=st.integers(1, 9), end_line=st.just(9),
                          score=st.sampled_from([0.0, 1.0, 2.5, 3.0, -1.0])), max_size=30)


def rule(modality: str, listed: list[Hit], central: dict[str, float]) -> list[Hit]:
    """The order as the docstring of :func:`direct` states it, by one stable sort."""
    ties = modality != "text"
    return [h for _, h in sorted(enumerate(listed), key=lambda p: (
        -secondary_demotion(p[1].path), -tie_class(modality, p[1]), -central[p[1].path] if ties else 0.0, p[0]))]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(listed=hits, modality=st.sampled_from(["text", "structural", "semantic"]),
       sort_first=st.booleans())
def test_direct_orders_as_its_rule_says(listed: list[Hit], modality: str, sort_first: bool) -> None:
    central = {"pkg/a.py": 0.5, "pkg/b.py": 2.0, "tests/test_a.py": 1.0, "vendor/c.py": 3.0, "docs/d.py": 0.0}
    if sort_first:  # the text engine's own page comes in order: kept as it is
        listed = rule(modality, listed, central)
    items = direct(modality, listed, 0.9, 40, centrality=lambda h: central[h.path], demotion=secondary_demotion)
    assert [item.hit for item in items] == rule(modality, listed, central)
    assert [item.contributions[0][1].rank for item in items] == list(range(len(listed)))  # type: ignore[union-attr]
    assert all(item.demotion == secondary_demotion(item.hit.path) for item in items)
