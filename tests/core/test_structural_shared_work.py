"""The structural engine over a stored generation does once what a question alone decides (its
patterns, its terms), skips a pass or a tier that cannot change its page, and answers as before: a
workspace's every shard asks each question again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from maguyva_tui.core.retrievers import structural
from maguyva_tui.core.retrievers.structural import MappedStructural, StructuralRetriever, _lone_tiers
from maguyva_tui.core.types import Query
from tests.core.test_structural_lone_word import assert_pages_as_every_symbol, indexed_engines


def _module(number: int) -> str:
    """A few names of each tier for ``session`` (exact, case, subtokens, prefix, humps, fuzzy)."""
    return "\n".join([
        f"class Session{number % 3}:", "    def session(self):", "        return 1", "",
        f"def make_session_{number}(value):", "    return value", "",
        f"def sessionmaker_{number % 4}(value):", "    return value", "",
        f"def SeSsIoN_{number}(value):", "    return value", "",
        f"def s_ession_{number % 2}(value):", "    return value", "",
        f"def serve_sun_{number}(value):", "    return value", "",
        f"def sea_shore_lion_{number % 5}(value):", "    return value", "",
        f"def other_{number}(value):", "    return value", "",
    ])


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> tuple[StructuralRetriever, StructuralRetriever]:
    return indexed_engines(tmp_path_factory, _module, "shared")


def _counting(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[int]:
    """Count the calls of ``owner.name`` (each call appends 1)."""
    calls: list[int] = []
    original: Callable[..., Any] = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


@pytest.mark.parametrize("text", ["session", "Session", "sessionmaker", "ssn", "sesion", "SeSsIoN_3", "zzqqx",
                                  "make session", "other"])
def test_a_page_is_still_the_engine_over_every_symbol(engines: tuple[StructuralRetriever, StructuralRetriever],
                                                      text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    eager, mapped = engines
    assert_pages_as_every_symbol(eager, mapped, text, monkeypatch)


def test_a_word_no_name_matches_tells_no_tier_and_makes_no_symbol(
        engines: tuple[StructuralRetriever, StructuralRetriever], monkeypatch: pytest.MonkeyPatch) -> None:
    _, mapped = engines
    told = _counting(monkeypatch, structural, "_lone_tiers")
    made = _counting(monkeypatch, MappedStructural, "_symbols_at")
    assert mapped.search(Query("zzqqx_absent", target="zzqqx_absent"), 50) == []
    assert (told, made) == ([], [])


def test_a_first_pass_that_cannot_fill_the_page_is_skipped(
        engines: tuple[StructuralRetriever, StructuralRetriever], monkeypatch: pytest.MonkeyPatch) -> None:
    """``sessionmaker`` starts four names, fewer than a page of 50: the pass over the names down to
    the prefix tier cannot fill it, only the pass over every tier tells the names' tiers."""
    eager, mapped = engines
    told = _counting(monkeypatch, structural, "_lone_tiers")
    query = Query("sessionmaker", target="sessionmaker")
    assert mapped.search(query, 50) == eager.search(query, 50)
    assert len(told) == 1


def test_tiers_no_candidate_is_best_matched_in_are_not_searched(
        engines: tuple[StructuralRetriever, StructuralRetriever], monkeypatch: pytest.MonkeyPatch) -> None:
    """``other``'s names are matched exactly or by subtokens: no fuzzy or camel-hump table is built."""
    eager, mapped = engines
    query = Query("other", target="other")
    expected = eager.search(query, 50)
    fuzzy = _counting(monkeypatch, StructuralRetriever, "_fuzzy")
    humps = _counting(monkeypatch, StructuralRetriever, "_camel_humps")
    assert mapped.search(query, 50) == expected
    assert (fuzzy, humps) == ([], [])


def test_a_questions_patterns_are_made_once_for_every_shard(
        engines: tuple[StructuralRetriever, StructuralRetriever]) -> None:
    _, mapped = engines
    structural._fuzzy_pattern.cache_clear()
    for _ in range(3):  # three shards, or three passes, asking the same word
        mapped.search(Query("sesion", target="sesion"), 50)
    info = structural._fuzzy_pattern.cache_info()
    assert info.misses == 1 and info.hits >= 2, info


NAMES = ["session", "Session", "SESSION", "se_ssion", "make_session", "sessionMaker", "SessionMaker2",
         "s_e_s_s_i_o_n", "sessions", "sea_shore_lion", "serve_sun", "SeSsIoN_3", "ses", "sessIon_x", "x_session",
         "s2n", "S2N_value", "sess_ion", "SessionSession", "snake_case_name", "CamelCaseName", "ccn", "cc_name",
         "HTTPSession", "http_session", "h2_session", "sesión", "a", "_", "__init__", "session_", "_session"]


@pytest.mark.parametrize("term", ["session", "Session", "sess", "ssn", "sesion", "sM", "SeMa", "ccn", "CCName",
                                  "s2n", "h2", "init", "x", "se", "SessionMaker", "ion", "HTTPS"])
def test_the_tiers_told_from_the_names_are_the_engines_down_to_fuzzy(term: str) -> None:
    """The tiers are skipped on the word of :func:`_lone_tiers`: what it tells for every tier is the
    tier the engine finds a lone name's symbol in (or none)."""
    from maguyva_tui.core.types import Symbol

    told = _lone_tiers(term, NAMES, len(structural.TIERS) - 1).tolist()
    for name, tier in zip(NAMES, told):
        symbol = Symbol(name, name, "function", "m.py", 1, 2, "python")
        ranked = StructuralRetriever([symbol])._ranked([term], None, 1)
        assert tier == (ranked[0][1] if ranked else len(structural.TIERS)), (name, term, tier, ranked)
