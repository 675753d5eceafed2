"""A prefix of many names (``helpe`` of 98,000 ``helper_N`` on a 100,000-file repository) costs
the structural engine work for the page it fills, not a step per name it matches, and answers as
the engine over every symbol does."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from maguyva_tui.core.retrievers import structural
from maguyva_tui.core.retrievers.structural import StructuralRetriever, _key_pattern, _key_start, _lead
from maguyva_tui.core.store import definitions
from maguyva_tui.core.store.definitions import build_definitions
from maguyva_tui.core.types import Query
from tests.core.test_structural_lone_word import _module, assert_pages_as_every_symbol, indexed_engines


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> tuple[StructuralRetriever, StructuralRetriever]:
    return indexed_engines(tmp_path_factory, _module, "prefix")


def _counting(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[int]:
    calls: list[int] = []
    original: Callable[..., Any] = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def test_a_prefix_takes_the_names_starting_with_it_as_one_run(
        engines: tuple[StructuralRetriever, StructuralRetriever], monkeypatch: pytest.MonkeyPatch) -> None:
    """``helpe`` starts some 160 names here: none of them is matched by the pattern one by one (a
    match object each, 161 before), only those spelled with separators inside the key (``help_er``)."""
    eager, mapped = engines
    table = mapped._table.definitions  # type: ignore[attr-defined]
    assert len(table.matching(re.compile(rb"\x00helpe"))) > 150
    matches = _counting(monkeypatch, definitions, "_END")
    for limit in (1, 7, 50):
        query = Query("helpe", target="helpe")
        assert mapped.search(query, limit) == eager.search(query, limit)
    assert 0 < len(matches) <= 3


def test_a_prefix_page_is_the_engine_over_every_symbol(
        engines: tuple[StructuralRetriever, StructuralRetriever], monkeypatch: pytest.MonkeyPatch) -> None:
    assert_pages_as_every_symbol(*engines, "helpe", monkeypatch)


@pytest.mark.parametrize("key", ["helpe", "help", "h", "helper", "helper1", "hel", "x.y", "é", "zz", "caf"])
def test_a_run_of_names_is_what_the_pattern_finds(key: str) -> None:
    names = ["h", "hel", "help", "help_e", "help_er", "helpe", "helpe.x", "helpeé", "helpe\x7f", "helpf", "helper",
             "helper_1", "helper1", "helpers", "hf", "-helpe", "x.y", "x.yz", "x_y", "xy", "é", "éa", "caf", "café",
             "cafe", "zz", "a", "_helper", "HELPER"]
    names = sorted({n.casefold() for n in names})
    table = build_definitions(names, np.arange(len(names)), np.zeros(len(names), np.int64),
                              np.ones(len(names), np.int64))
    pattern = _key_pattern(key)
    assert _key_start(pattern) == key.encode()
    wanted = [n for n in names if re.match(pattern, b"\x00" + n.encode())]
    for lead in (_lead(pattern), None):
        found = table.matching(pattern, lead, _key_start(pattern))
        assert [names[i] for i in found.tolist()] == wanted
        assert np.array_equal(found, table.matching(pattern, lead))


def test_only_a_key_pattern_names_a_run() -> None:
    assert _key_start(_key_pattern("help_e")) == b"help_e"
    for other in (structural._whole_pattern("helpe"), structural._fuzzy_pattern("helpe"), structural._literal("helpe"),
                  structural._hump_pattern(("he", "lp")), re.compile(rb"\x00helpe")):
        assert _key_start(other) is None


def test_a_prefix_page_reads_the_later_keys_of_the_rows_that_can_lead_it(
        engines: tuple[StructuralRetriever, StructuralRetriever], monkeypatch: pytest.MonkeyPatch) -> None:
    """``helpe``'s rows are ordered by tier, then by the fields of the symbols' order: a name's
    length is read from the names already decoded for the tiers, a qualified name's depth only for
    the rows tying with the page's last on the keys before it, not every row's."""
    eager, mapped = engines
    table = mapped._table.definitions  # type: ignore[attr-defined]
    names = len(table.matching(re.compile(rb"\x00helpe")))
    measured: list[int] = []
    original = structural._measures

    def counted(strings: Any, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        measured.append(len(ids))
        return original(strings, ids)

    monkeypatch.setattr(structural, "_measures", counted)
    monkeypatch.setattr(structural, "PAGE_ROWS_FACTOR", 1)
    monkeypatch.setattr(structural, "PAGE_ROWS_EXTRA", 0)  # the page's 3 rows taken first
    query = Query("helpe", target="helpe")
    assert mapped.search(query, 3) == eager.search(query, 3)
    assert names > 150
    assert 0 < sum(measured) < 100  # the ties' depths (47 here); before, each of 612 rows' two fields: 1,224


@pytest.mark.parametrize("seed", range(40))
def test_the_leading_rows_are_those_a_full_sort_takes(seed: int) -> None:
    rng = np.random.default_rng(seed)
    count = int(rng.integers(0, 300))
    keys = [rng.integers(0, int(rng.choice([1, 2, 5, 40, 10**6])) + 1, count).astype(np.int64) for _ in range(4)]
    read: list[int] = []

    def field(key: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
        return lambda at: read.append(len(at)) or key[at]

    for size in (1, 2, 7, 50, 299, 400):
        order = np.lexsort(keys[::-1]) if count else np.zeros(0, np.int64)
        taken = structural._tie_closed(keys, order, size)
        at, found = structural._leading([field(k) for k in keys], count, size)
        assert at.tolist() == sorted(order[:taken].tolist())
        assert all(np.array_equal(f, k[at]) for f, k in zip(found, keys))
        if count:
            assert at[structural._last(found)] == order[taken - 1]


def _last_of_all(number: int) -> str:
    """Names holding ``helper`` (sorting before ``h``), and in one file ``Help_Er``: "helper" but
    for case and separators, the last defined name of the repository once case-folded and sorted."""
    names = [f"a_helper_{number}_{i}" for i in range(12)] + (["Help_Er"] if number == 5 else [])
    return "\n".join(f"def {name}(v):\n    return v\n" for name in names)


def test_the_last_name_is_matched_whole(tmp_path_factory: pytest.TempPathFactory,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """``helper`` lists ``Help_Er`` first, as the engine over every symbol does: the stored table's
    search for the names equal to the word but for separators had stopped before the NUL after the
    last name, which it looks ahead to, and left it off the page."""
    eager, mapped = indexed_engines(tmp_path_factory, _last_of_all, "last")
    query = Query("helper", target="helper")
    assert [hit.symbol for hit in eager.search(query, 3)][0] == "Help_Er"
    assert_pages_as_every_symbol(eager, mapped, "helper", monkeypatch)


def test_the_last_name_of_all_is_matched_whole() -> None:
    names = ["a", "help_er"]
    table = build_definitions(names, np.arange(2), np.zeros(2, np.int64), np.ones(2, np.int64))
    pattern = structural._whole_pattern("helper")
    assert table.matching(pattern, _lead(pattern)).tolist() == table.matching(pattern).tolist() == [1]
