"""A lone word's page is ranked straight from the symbols its candidate rows make, each one's tier
told from the names, with no small engine built over them to rank them again: the same page (tiers,
order, scores, reasons) as the engine over every symbol, for every kind filter and limit."""

from __future__ import annotations

import pytest

from maguyva_tui.core.retrievers.structural import MappedStructural, StructuralRetriever
from maguyva_tui.core.types import Query
from tests.core.test_structural_lone_word import assert_pages_as_every_symbol, indexed_engines


def _module(number: int) -> str:
    """Names of every tier for ``parse_config`` and ``parseconf``: exact, qualname, case, separators,
    subtokens, prefix, camel humps, fuzzy, in several kinds."""
    return "\n".join([
        f"class ParseConfig{number % 3}:", "    def parse_config(self):", "        return 1", "",
        "def parse_config(value):", "    return value", "",
        f"def ParseConfig_{number % 2}(value):", "    return value", "",
        "def parseconfig(value):", "    return value", "",
        "def PARSE_CONFIG(value):", "    return value", "",
        f"def config_parse_{number}(value):", "    return value", "",
        f"def parse_configuration_{number % 4}(value):", "    return value", "",
        f"def pre_and_conf_{number % 5}(value):", "    return value", "",
        f"PARSE_CONFIG_{number} = 1",
        f"def other_{number}(value):", "    return value", "",
    ])


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> tuple[StructuralRetriever, StructuralRetriever]:
    return indexed_engines(tmp_path_factory, _module, "ranked")


@pytest.mark.parametrize("text", ["parse_config", "ParseConfig", "parseconfig", "parseconf", "prsconf", "PaCo",
                                  "config", "pcfg", "Parse_Config_1"])
def test_a_lone_words_page_is_the_engines_over_every_symbol(
        engines: tuple[StructuralRetriever, StructuralRetriever], text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    eager, mapped = engines
    assert_pages_as_every_symbol(eager, mapped, text, monkeypatch)


@pytest.mark.parametrize("text", ["parseconf", "prsconf"])
def test_a_lone_words_page_builds_no_engine_over_its_candidates(
        engines: tuple[StructuralRetriever, StructuralRetriever], text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    eager, mapped = engines
    built: list[int] = []
    original = StructuralRetriever.__init__

    def counted(self: StructuralRetriever, *args: object, **kwargs: object) -> None:
        built.append(1)
        original(self, *args, **kwargs)  # type: ignore[arg-type]

    query = Query(text, target=text)
    expected = eager.search(query, 50)
    monkeypatch.setattr(StructuralRetriever, "__init__", counted)
    made: list[int] = []
    symbols_at = MappedStructural._symbols_at
    monkeypatch.setattr(MappedStructural, "_symbols_at", lambda self, rows: made.append(1) or symbols_at(self, rows))
    assert mapped.search(query, 50) == expected
    assert made and not built  # the page was made from its candidates' symbols, no engine over them


@pytest.mark.parametrize("text", ["prsconf", "parseconf", "pconf"])
def test_a_lone_words_page_makes_the_symbols_of_its_page_only(
        engines: tuple[StructuralRetriever, StructuralRetriever], text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Of the hundreds of candidate rows taken and ordered by their columns, only the first five
    (no two tie on every column here) and the last row taken (the page's bound) are made: all the
    rows taken were (277 symbols for a page of 5)."""
    eager, mapped = engines
    query = Query(text, target=text)
    expected = eager.search(query, 5)
    made: list[int] = []
    symbols_at = MappedStructural._symbols_at
    monkeypatch.setattr(MappedStructural, "_symbols_at", lambda self, rows: made.append(len(rows)) or symbols_at(self, rows))
    assert mapped.search(query, 5) == expected
    assert 0 < sum(made) <= 5 + 2


def test_names_are_measured_in_characters_and_dots_from_their_bytes() -> None:
    """The columns' order reads each name's length in characters and each qualname's dots from
    their UTF-8 bytes (an id repeated, an id of no string: 0 and 0)."""
    import numpy as np

    from maguyva_tui.core.retrievers.structural import _measures
    from maguyva_tui.core.store.arrays import Strings, strings_blob

    texts = ["parse", "Config.parse", "éé.ü", "a.b.c.d", "", "日本語"]
    strings = Strings(*strings_blob(texts))
    ids = np.array([1, 2, 3, 3, 4, 5, 6, 0, 99, 2], np.int64)
    length, dots = _measures(strings, ids)
    wanted = [texts[i - 1] if 0 < i <= len(texts) else "" for i in ids.tolist()]
    assert length.tolist() == [len(t) for t in wanted]
    assert dots.tolist() == [t.count(".") for t in wanted]
    assert [a.tolist() for a in _measures(strings, np.zeros(0, np.int64))] == [[], []]


def test_names_holding_a_character_class_are_told_byte_by_byte_when_ascii(monkeypatch: pytest.MonkeyPatch) -> None:
    """Which names hold an uppercase letter (or another character no lowercase name has) is told
    from the ASCII names' bytes, the same names the pattern's matches name; other names by the pattern."""
    import random
    import re

    import numpy as np

    from maguyva_tui.core.retrievers import structural

    rng = random.Random(5)
    for _ in range(500):
        names = ["".join(rng.choice("aAzZ09_.-$ bXé") for _ in range(rng.randint(0, 9))) for _ in range(rng.randint(1, 9))]
        joined, ends = "\0".join(names), structural._name_ends(names)
        for pattern in (structural._NOT_LOWER, structural._NOT_PLAIN):
            starts = np.fromiter(map(re.Match.start, pattern.finditer(joined)), np.int64)
            assert structural._names_at(ends, pattern, joined) == set(np.searchsorted(ends, starts).tolist())
    told = dict(structural._CLASSES)
    told[structural._NOT_LOWER] = np.ones(128, bool)  # every byte, even a lowercase one: the table is read
    monkeypatch.setattr(structural, "_CLASSES", told)
    names = ["abc", "def"]
    assert structural._names_at(structural._name_ends(names), structural._NOT_LOWER, "\0".join(names)) == {0, 1}


@pytest.mark.parametrize("text", ["prsconf", "parseconf"])
def test_a_question_paged_from_its_names_builds_the_patterns_of_its_words_once(
        engines: tuple[StructuralRetriever, StructuralRetriever], text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The patterns over every tier are the page's to build (once); before, the search built them
    for each group of words first, to tell whether they are ASCII, then the page again."""
    from maguyva_tui.core.retrievers import structural

    eager, mapped = engines
    query = Query(text, target=text)
    expected = eager.search(query, 50)
    built: list[int] = []
    original = structural._term_patterns
    monkeypatch.setattr(structural, "_term_patterns", lambda *args, **kwargs: built.append(1) or original(*args, **kwargs))
    assert mapped.search(query, 50) == expected
    assert len(built) == 1
