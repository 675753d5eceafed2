"""A sentence that names no symbol is ranked by the structural engine over a stored generation
from its name words alone (no name looked up, no symbol made but the page's), found with one
search of the sorted stems and the rows sorted by name: the same page as the engine over every
symbol."""

from __future__ import annotations

import numpy as np
import pytest

from maguyva_tui.core.intent import classify
from maguyva_tui.core.retrievers.structural import MappedStructural, StructuralRetriever
from maguyva_tui.core.types import Query
from tests.core.test_structural_lone_word import _module, indexed_engines

SENTENCES = ["how is the helper value computed", "return the value of a helper", "the helpers of my class",
             "how are inner helpers named", "helping the value along", "nothing here matches at all",
             "how does the héllo helper work"]
"""Sentences whose stems many names hold, few, none, and one outside ASCII (the full engine's)."""


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> tuple[StructuralRetriever, StructuralRetriever]:
    return indexed_engines(tmp_path_factory, _module, "sentence")


@pytest.mark.parametrize("text", SENTENCES)
def test_a_sentence_page_is_the_engine_over_every_symbol(
    engines: tuple[StructuralRetriever, StructuralRetriever], text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    eager, mapped = engines
    assert isinstance(mapped, MappedStructural)
    intent = classify(text)
    assert intent.target is None
    if text.isascii():  # no name is looked up for it: the engine over the matched names is never made
        monkeypatch.setattr(MappedStructural, "_over", lambda *_: pytest.fail("a name looked up"))
    for kinds in ((), ("function",), ("method", "class"), ("nothing",)):
        for limit in (1, 3, 20, 500):
            query = Query(text, target=None, intent=intent.name, kinds=kinds)
            assert mapped.search(query, limit) == eager.search(query, limit), (kinds, limit)


def test_a_sentence_with_a_target_still_looks_its_name_up(
    engines: tuple[StructuralRetriever, StructuralRetriever]
) -> None:
    eager, mapped = engines
    query = Query("how is the helper value computed", target="helper_3", intent="find_definition")
    found = mapped.search(query, 20)
    assert found == eager.search(query, 20)
    assert any(hit.symbol == "helper_3" for hit in found)


def test_the_rows_of_some_names_are_those_holding_them(engines: tuple[StructuralRetriever, StructuralRetriever]) -> None:
    _, mapped = engines
    assert isinstance(mapped, MappedStructural)
    column = np.asarray(mapped._table.column(0), np.int64)
    distinct = np.unique(column)
    rng = np.random.default_rng(7)
    assert len(distinct) > 50
    for size in (0, 1, 2, 5, 40, len(distinct)):
        names = np.sort(rng.choice(distinct, size, replace=False))
        names = np.concatenate([names, [int(distinct.max()) + 1]]) if size % 2 else names  # a name no row has
        assert mapped._rows_named(names).tolist() == np.flatnonzero(np.isin(column, names)).tolist(), size


def test_the_stems_postings_are_found_together_as_one_by_one(
    engines: tuple[StructuralRetriever, StructuralRetriever]
) -> None:
    _, mapped = engines
    assert isinstance(mapped, MappedStructural)
    stats = mapped.stats()
    stored = [s.decode() for s in stats._stems.tolist()]
    asked = [*stored, "zzzz", "", "a" * (stats._stems.itemsize + 3), stored[0] + "x", "héllo", "0"]
    one_by_one = [(stem, *stats.posting(stem)) for stem in asked]
    expected = [(stem, names.tolist(), idf) for stem, names, idf in one_by_one if len(names)]
    together = [(stem, names.tolist(), idf) for stem, names, idf in stats.postings(asked)]
    assert together == expected
    assert len(expected) > 10 and not {"zzzz", "", asked[-4]} & {stem for stem, _, _ in together}
