"""The fuzzy tier's names (a lone word's letters in order in a name) are found by trying its
pattern once in each name that may hold every letter, not by scanning every name from every
place of the first letter: the same names, a workspace's every shard asks it again."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from maguyva_tui.core.retrievers import structural
from maguyva_tui.core.retrievers.structural import StructuralRetriever, _fuzzy_from_start, _fuzzy_pattern
from maguyva_tui.core.store.definitions import Definitions, build_definitions
from maguyva_tui.core.types import Query
from tests.core.test_structural_lone_word import indexed_engines
from tests.core.test_structural_shared_work import _module

NAMES = ["session", "Session", "sessionmaker", "make_session", "s_e_s_s_i_o_n", "sesion", "noisses", "serve_sun",
         "sea_shore_lion", "ssssss", "éssion", "s\u00e9ssion_é", "a.b.c", "_private", "Matrix", "MutableDenseMatrix",
         "matrix_multiply_elementwise", "x", "expand", "expand_mul", "e_x_p", "p0", "P@ss"]


def _table(names: list[str]) -> Definitions:
    rows = np.arange(len(names))
    return build_definitions(names, rows, np.zeros(len(names), np.int64), rows + 1)


def _keys(names: list[str]) -> list[str]:
    """Keys of the fuzzy tier: words, scrambles and every other letter of the names, misses too."""
    rng = random.Random(7)
    folded = [n.casefold() for n in names if n.isascii()]
    keys = ["session", "ssn", "sesion", "eee", "zzz", "a.b", "a_b", "mtx", "p@s", "expnd", "s" * 7, "qqq"]
    keys += [n for n in folded if len(n) >= 3] + [n[::2] for n in folded if len(n) >= 6]
    keys += ["".join(rng.sample(n, min(len(n), 4))) for n in folded if len(n) >= 3]
    return keys


def test_names_in_order_are_the_fuzzy_patterns_matches() -> None:
    table = _table(NAMES)
    for key in _keys(NAMES):
        pattern = _fuzzy_pattern(key)
        expected = table.matching(pattern)
        found = table.holding_in_order(key.encode(), _fuzzy_from_start(key))
        assert found.dtype == expected.dtype and found.tolist() == expected.tolist(), key


def test_a_key_no_name_can_hold_tries_no_name() -> None:
    table = _table(NAMES)
    tried: list[int] = []

    class Counting:
        def match(self, *args: object) -> re.Match[bytes] | None:
            tried.append(1)
            return None

    assert table.holding_in_order(b"zqj", Counting()).tolist() == []  # type: ignore[arg-type]
    assert tried == []
    assert table.holding_in_order(b"", _fuzzy_from_start("s")).tolist() == []


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> tuple[StructuralRetriever, StructuralRetriever]:
    return indexed_engines(tmp_path_factory, _module, "fuzzy")


@pytest.mark.parametrize("text", ["sesion", "ssn", "Session", "srvsn"])
def test_a_lone_words_fuzzy_tier_scans_no_name_with_its_pattern(
        engines: tuple[StructuralRetriever, StructuralRetriever], text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page is the engine's over every symbol; no fuzzy pattern goes through the scan of every name."""
    eager, mapped = engines
    scanned: list[bytes] = []
    original = Definitions.matching

    def recording(self: Definitions, pattern: re.Pattern[bytes], *rest: bytes | None) -> np.ndarray:
        scanned.append(pattern.pattern)
        return original(self, pattern, *rest)

    monkeypatch.setattr(Definitions, "matching", recording)
    query = Query(text, target=text)
    assert mapped.search(query, 50) == eager.search(query, 50)
    assert not [p for p in scanned if p in structural._FUZZY_KEYS]


def test_a_lead_letters_runs_of_names_are_bisected_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pattern anchored to a name's start and its lead letter searches a few runs of the sorted
    names; their bounds are bisected on the first question only, and the names are the same."""
    from maguyva_tui.core.retrievers.structural import _key_pattern, _lead

    table = _table(NAMES)
    pattern = _key_pattern("session")
    expected = table.matching(pattern).tolist()  # no lead: every name searched
    bisected: list[bytes] = []
    bisect = Definitions._bisect

    def counted(self: Definitions, needle: bytes) -> int:
        bisected.append(needle)
        return bisect(self, needle)

    monkeypatch.setattr(Definitions, "_bisect", counted)
    assert [table.matching(pattern, _lead(pattern)).tolist() for _ in range(3)] == [expected] * 3
    assert 0 < len(bisected) == len(set(bisected)) <= 7
