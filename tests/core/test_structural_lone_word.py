"""The structural engine over a stored generation, asked a word that most names hold, makes only
the symbols its page can hold and answers as the engine over every symbol does."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from maguyva_tui.core.intent import classify
from maguyva_tui.core.retrievers.structural import MappedStructural, StructuralRetriever
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.types import Query

FOLDERS = ("app/core", "app", "app/deep/er/still", "vendor/lib", "third_party", "gen")


def _module(number: int) -> str:
    """Names holding ``helper`` in every tier, of several kinds, lengths and nestings."""
    return "\n".join(["#"] * (number * 5 % 7) + [  # lines that do not follow the paths' order
        f"class Helper{number}:", "    def helper(self):", "        return 1", "",
        f"    def helper_{number % 7}(self):", "        return 2", "",  # nested, before the function
        "from app import helper_1, helper as helping",
        f"from app.x import helper_{9 - number % 3}, helper_{3 + number % 5}",  # tied but for the name
        f"HELPER_{'ABCDEFGH'[number % 8]} = 1",  # short, but a variable
        f"def helper_{number}(value):", "    return value", "",
        f"def helper_{number % 3}(value):", "    return value", "",
        "def helper(value):", "    return value", "",
        "def Help_Er(value):", "    return value", "",
        f"def helpers_{number}(value):", "    return value", "",
        f"def my_helper_{number % 5}(value):", "    return value", "",
        f"def héllo_helper_{number}(value):", "    return value", "",
        f"def h_e_l_p_x_e_r_{number}(value):", "    return value", "",
        f"HELPER_{number} = 1", f"helper_value_{number} = 2", "",
        "    class HelperInner:", "        def helper_x(self):", "            return 3", "",
        f"class HelperClass{number % 4}:", "    helper_field = 1", "",
    ])


def indexed_engines(tmp_path_factory: pytest.TempPathFactory, module: Callable[[int], str], label: str
                    ) -> tuple[StructuralRetriever, StructuralRetriever]:
    """The eager engine over every symbol and the mapped one, over 36 files of ``module(number)`` in
    several folders (some vendored, one generated) where the order inside a tier decides the page."""
    from maguyva_tui.core.indexer import update_index

    root = tmp_path_factory.mktemp(label) / "repo"
    for number in range(36):
        folder = root / FOLDERS[number % len(FOLDERS)]
        folder.mkdir(parents=True, exist_ok=True)
        name = f"mod_{number}_pb2.py" if number % 11 == 0 else f"mod_{number:02d}.py"
        (folder / name).write_text(module(number), encoding="utf-8")
    snapshot, _ = update_index(root, tmp_path_factory.mktemp("index"))
    opened = Snapshot.load(snapshot.folder)
    return StructuralRetriever(opened.symbols), StructuralRetriever.of(opened)


def assert_pages_as_every_symbol(eager: StructuralRetriever, mapped: StructuralRetriever, text: str,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The mapped engine's page equals the eager one's for every kind filter and limit, with the
    page's first rows made as few as can be (so that the order, not the slack, decides)."""
    monkeypatch.setattr("maguyva_tui.core.retrievers.structural.PAGE_ROWS_FACTOR", 1)
    monkeypatch.setattr("maguyva_tui.core.retrievers.structural.PAGE_ROWS_EXTRA", 0)  # the order decides
    monkeypatch.setattr("maguyva_tui.core.retrievers.structural.PAGE_ROWS_GROWTH", 2)
    assert isinstance(mapped, MappedStructural)
    intent = classify(text)
    for kinds in ((), ("function",), ("method", "class"), ("variable", "constant"), ("import",), ("nothing",)):
        for limit in (1, 2, 7, 20, 50, 200, 5000):
            query = Query(text, target=intent.target, intent=intent.name, kinds=kinds)
            assert mapped.search(query, limit) == eager.search(query, limit), (kinds, limit)


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> tuple[StructuralRetriever, StructuralRetriever]:
    return indexed_engines(tmp_path_factory, _module, "lone")

QUESTIONS = ["helper", "def helper", "Helper", "helper_1", "helper_x", "HelperClass", "help_er", "helpers",
             "helper value", "my_helper", "h_e_l_p_x_e_r_3", "class Helper", "hlpr", "helpme", "x", "élan",
             "héllo_helper_2", "who calls helper_3", "app.core.mod_06.helper", "Helper4.helper", "hc", "helperInner"]
"""Lone words that most names hold, names of one tier or another, qualified names, a word no
name holds whole (only fuzzy matches: every candidate made) and one not in ASCII."""


@pytest.mark.parametrize("text", QUESTIONS)
def test_a_page_is_the_engine_over_every_symbol(engines: tuple[StructuralRetriever, StructuralRetriever],
                                                text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert_pages_as_every_symbol(*engines, text, monkeypatch)


def test_a_word_most_names_hold_makes_only_the_symbols_of_its_page(
    engines: tuple[StructuralRetriever, StructuralRetriever], monkeypatch: pytest.MonkeyPatch
) -> None:
    eager, mapped = engines
    assert isinstance(mapped, MappedStructural)
    monkeypatch.setattr("maguyva_tui.core.retrievers.structural.PAGE_ROWS_EXTRA", 8)
    made: list[int] = []
    at = MappedStructural._symbols_at

    def counting(self: MappedStructural, rows: object) -> list[object]:
        found = at(self, rows)  # type: ignore[arg-type]
        made.append(len(found))
        return found  # type: ignore[return-value]

    monkeypatch.setattr(MappedStructural, "_symbols_at", counting)
    monkeypatch.setattr("maguyva_tui.core.store.snapshot.SymbolColumns.named", None)  # no other way to make them
    query = Query("helper", target="helper", intent="find_definition")
    assert mapped.search(query, 5) == eager.search(query, 5)
    holding = sum(1 for symbol in eager._symbols if "helper" in symbol.name.lower())
    assert holding > 500
    assert 0 < sum(made) < holding / 3, made  # the 110 of the first three tiers, the page and its ties


def test_the_keys_read_from_the_columns_order_the_symbols_as_the_engine_does(
    engines: tuple[StructuralRetriever, StructuralRetriever]
) -> None:
    import numpy as np

    from maguyva_tui.core.retrievers.structural import _KEYS, _order

    _, mapped = engines
    assert isinstance(mapped, MappedStructural)
    rows = np.arange(len(mapped), dtype=np.int64)
    symbols = mapped._symbols_at(rows)
    keys = mapped._rank_keys(rows)
    assert any(not symbol.name.isascii() for symbol in symbols)  # its length in characters, not bytes
    assert any(symbol.path.startswith("vendor/") for symbol in symbols)
    expected = sorted(range(len(symbols)), key=lambda i: _order(symbols[i])[:_KEYS])
    assert np.lexsort(keys[::-1]).tolist() == expected
    for key, field in zip(keys[:4] + keys[5:], (0, 1, 2, 3, 5)):  # the path: by its place in path order
        assert key.tolist() == [_order(symbol)[field] for symbol in symbols]


def test_the_name_words_counted_at_once_are_those_counted_one_name_at_a_time(
    engines: tuple[StructuralRetriever, StructuralRetriever]
) -> None:
    import math
    from collections import defaultdict

    import numpy as np

    from maguyva_tui.core.retrievers.structural import KIND_RANK, NameStats, name_stems

    _, mapped = engines
    assert isinstance(mapped, MappedStructural)
    table = mapped._table
    rows = mapped._symbols_at(np.arange(len(table), dtype=np.int64))
    ids = np.asarray(table.column(0), np.int64).tolist()
    owners: dict[int, int] = defaultdict(int)
    every: dict[int, int] = defaultdict(int)
    for symbol, name_id in zip(rows, ids):
        every[name_id] += 1
        owners[name_id] += KIND_RANK.get(symbol.kind, 0) == 0
    named = {name_id: symbol.name for symbol, name_id in zip(rows, ids)}
    counts: dict[str, int] = defaultdict(int)
    held: dict[str, list[int]] = defaultdict(list)
    stems_of = {}
    for name_id in sorted(i for i in owners if owners[i]):
        stems_of[name_id] = set(name_stems(named[name_id]))
        for stem in stems_of[name_id]:
            counts[stem] += owners[name_id]
            held[stem].append(name_id)
    counted = sum(every[i] for i in stems_of)
    idf = {stem: math.log(1 + counted / n) for stem, n in counts.items()}
    assert any(not named[i].isascii() for i in stems_of) and any(len(s) > 2 for s in stems_of.values())
    stats = NameStats.of(table)
    assert stats._counted == counted
    assert [s.decode() for s in stats._stems.tolist()] == sorted(counts)
    assert stats._counts.tolist() == [counts[s] for s in sorted(counts)]
    assert stats._names.tolist() == sorted(stems_of)
    assert stats._weights.tolist() == [max(math.fsum(idf[s] for s in stems_of[i]), 1e-9) for i in sorted(stems_of)]
    for stem in counts:
        assert stats.posting(stem)[0].tolist() == held[stem]


def test_names_holding_a_literal_are_found_in_numpy_as_the_pattern_finds_them() -> None:
    import re

    import numpy as np

    from maguyva_tui.core.store.definitions import build_definitions

    names = ["hel", "per_x", "helper", "a_helper_helper", "helpe", "xhelperx", "héllo_helper", "zz9", "9", "helper9"]
    table = build_definitions(names, np.arange(len(names)), np.zeros(len(names), np.int64),
                              np.ones(len(names), np.int64))
    for needle in (b"helper", b"9", b"per", b"zz9", b"hel", b"x", b"nothing", b"lperx"):
        found = table.matching(re.compile(needle))
        assert found.tolist() == table.matching(re.compile(b"(?:" + needle + b")")).tolist()  # the regex's way
        assert [table.name(n) for n in found.tolist()] == sorted(n for n in names if needle.decode() in n)
