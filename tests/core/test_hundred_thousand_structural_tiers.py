"""The structural engine over a stored generation, asked a lone word whose page ends in the prefix,
camel-hump or fuzzy tier (``helpe``, ``hlper`` on a repository where most names hold ``helper``):
it makes only the symbols its page can hold and answers as the engine over every symbol does."""

from __future__ import annotations

import pytest

from maguyva_tui.core.retrievers.structural import MappedStructural, StructuralRetriever, _lone_tiers
from maguyva_tui.core.types import Query
from tests.core.test_structural_lone_word import assert_pages_as_every_symbol, indexed_engines


def _module(number: int) -> str:
    """Names that a prefix, the humps or a misspelling of ``helper`` match, of several kinds,
    lengths, nestings and spellings (snake, camel, upper, acronyms, digits, not ASCII)."""
    return "\n".join(["#"] * (number * 3 % 5) + [
        f"class HelperStore{number}:", "    def help_er(self):", "        return 1", "",
        f"    def helper_{number % 7}(self):", "        return 2", "",
        "from app import helper_1, helpe as helping",
        f"HELPER_{'ABCDEFGH'[number % 8]} = 1",
        f"def helper_{number}(value):", "    return value", "",
        f"def helperStore_{number % 3}(value):", "    return value", "",
        f"def hs_{number % 4}(value):", "    return value", "",
        "def helpe(value):", "    return value", "",
        "def HELPe(value):", "    return value", "",
        f"def HTTPHelperServer{number % 5}(value):", "    return value", "",
        f"def helpme_{number}(value):", "    return value", "",
        f"def hélper_{number}(value):", "    return value", "",
        f"def h_l_p_e_r_{number}(value):", "    return value", "",
        f"def hlp2er{number % 6}(value):", "    return value", "",
        f"HELPERS_{number} = 1", f"helper_value_{number} = 2", "",
        "    class HeLpInner:", "        def help(self):", "            return 3", "",
    ])


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> tuple[StructuralRetriever, StructuralRetriever]:
    """The eager engine over every symbol and the mapped one."""
    return indexed_engines(tmp_path_factory, _module, "tiers")

QUESTIONS = ["helpe", "help", "he", "hlper", "hlpr", "hs", "HS", "hSt", "helperSt", "HelperS", "hhs", "helpers",
             "HELPE", "Help_E", "h2", "hlp2", "elper", "xyzzy", "he_l", "helpe_1", "HTTP", "HTTPHelp"]
"""Prefixes, hump initials, misspellings and partial spellings of names most of the repository holds."""


@pytest.mark.parametrize("text", QUESTIONS)
def test_a_lone_word_page_is_the_engine_over_every_symbol(engines: tuple[StructuralRetriever, StructuralRetriever],
                                                          text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert_pages_as_every_symbol(*engines, text, monkeypatch)


@pytest.mark.parametrize("text", ["helperst", "hlper", "hSt", "help_e"])
def test_a_prefix_or_a_misspelling_makes_only_the_symbols_of_its_page(
    engines: tuple[StructuralRetriever, StructuralRetriever], text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    eager, mapped = engines
    assert isinstance(mapped, MappedStructural)
    monkeypatch.setattr("maguyva_tui.core.retrievers.structural.PAGE_ROWS_FACTOR", 1)
    monkeypatch.setattr("maguyva_tui.core.retrievers.structural.PAGE_ROWS_EXTRA", 0)
    query = Query(text, intent="understand_code")
    matched = len(eager.search(query, 10**6))
    made: list[int] = []
    at = MappedStructural._symbols_at

    def counting(self: MappedStructural, rows: object) -> list[object]:
        found = at(self, rows)  # type: ignore[arg-type]
        made.append(len(found))
        return found  # type: ignore[return-value]

    monkeypatch.setattr(MappedStructural, "_symbols_at", counting)
    monkeypatch.setattr("maguyva_tui.core.store.snapshot.SymbolColumns.named", None)  # no other way to make them
    page = mapped.search(query, 5)
    assert page == eager.search(query, 5)
    assert len(page) == 5
    assert matched > 60
    assert 0 < sum(made) < matched / 2, (made, matched)


@pytest.mark.parametrize("term", ["helpe", "help", "hlper", "hs", "hSt", "HelperS", "h2", "elper", "HTTPHelp"])
def test_the_tiers_told_from_the_names_are_the_engines(engines: tuple[StructuralRetriever, StructuralRetriever],
                                                      term: str) -> None:
    eager, _ = engines
    names = sorted(eager.names())
    for exact in (4, 5):
        told = _lone_tiers(term, names, exact).tolist()
        for name, tier in zip(names, told):
            engine = StructuralRetriever([s for s in eager._symbols if s.name == name][:1])
            ranked = engine._ranked([term], None, 1)
            truth = ranked[0][1] if ranked else 7  # no tier
            assert tier == min(truth, exact + 1), (name, exact, truth, tier)


@pytest.mark.parametrize(("text", "near_first"), [("hlper", False), ("helperst", False), ("HELPERST", False),
                                                  ("helper", True), ("helpe", True), ("hlp2", True)])
def test_a_word_no_name_holds_as_a_whole_subtoken_is_paged_from_its_names_first(
    engines: tuple[StructuralRetriever, StructuralRetriever], text: str, near_first: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``helperst``, held by many names but ending none of their runs (``helperStore_1``): the
    subtokens tier's pass, which ranked and made their symbols to find none in its tier, is not
    run first; ``helpe``, a name here, is. The page is the engine's either way."""
    eager, mapped = engines
    assert isinstance(mapped, MappedStructural)
    passes: list[str] = []
    near, lone = MappedStructural._near_page, MappedStructural._lone_page
    monkeypatch.setattr(MappedStructural, "_near_page", lambda self, *a: passes.append("near") or near(self, *a))
    monkeypatch.setattr(MappedStructural, "_lone_page", lambda self, *a: passes.append("lone") or lone(self, *a))
    query = Query(text, intent="understand_code")
    assert mapped.search(query, 5) == eager.search(query, 5)
    assert passes[0] == ("near" if near_first else "lone"), passes


def test_close_names_read_the_distinct_names_off_a_page_s_sorted_rows(
    engines: tuple[StructuralRetriever, StructuralRetriever],
) -> None:
    """The names a misspelled word's close names look at are the same before and after a page
    sorted the rows by name (they are then read off those rows, not sorted again)."""
    _, mapped = engines
    assert isinstance(mapped, MappedStructural)
    mapped.__dict__.pop("_names_sorted", None)  # as in a fresh process
    before = {head: mapped.names_headed(head, 3, 7) for head in "hx"}
    mapped.search(Query("hlper", intent="understand_code"), 5)
    assert "_names_sorted" in mapped.__dict__
    assert {head: mapped.names_headed(head, 3, 7) for head in "hx"} == before
    assert before["h"]
    assert mapped._distinct_names().tolist() == sorted(set(mapped._name_column.tolist()))
