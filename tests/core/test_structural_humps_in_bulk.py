"""The camel-hump tier of a lone word told from the names in bulk (``_lone_tiers``) when every
name is lowercase ASCII (letters, digits, underscores: the names of a Python repository, where
the initials of all of them are read from one array): the same tiers as the engine's, name by name."""

from __future__ import annotations

import pytest

from maguyva_tui.core.retrievers.structural import StructuralRetriever, _lone_tiers
from maguyva_tui.core.types import Symbol

NAMES = sorted({
    "helper_1", "hl_per", "h_l_p_e_r", "h_l_p", "h_l", "h", "hlp2er3", "h2lp", "_h_l_p_e_r_", "__hlp__", "hl9p",
    "hs_1", "hs", "h_s", "http_helper_server", "h_t_t_p", "hlper", "help", "p_c_t", "pct_2", "x_h_l_p", "a1b2c3",
    "a_1_b", "ab", "a", "b_a", "h1", "h_1", "h__l__p", "hlp_er_ver", "h_lper", "hl_p_e", "z9", "mtx_1", "m_t_x",
})
"""Lowercase names: runs of letters and digits, leading and doubled underscores, short and one-letter."""


@pytest.mark.parametrize("term", ["hlper", "hlp", "hs", "hl", "pct", "ab", "a1b", "h1", "mtx", "htp", "hSt", "hlpe"])
def test_lowercase_names_hump_tiers_are_the_engines(term: str) -> None:
    assert all(name.islower() or name.strip("_0123456789") == "" for name in NAMES)
    told = _lone_tiers(term, NAMES, 5).tolist()
    for name, tier in zip(NAMES, told):
        engine = StructuralRetriever([Symbol(name, name, "function", "a.py", 1, 1, "python")])
        ranked = engine._ranked([term], None, 1)
        truth = ranked[0][1] if ranked else 7  # no tier
        assert tier == min(truth, 6), (name, term, truth, tier)
