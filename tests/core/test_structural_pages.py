"""The structural engine over a stored generation makes only the definitions a page can hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.intent import classify
from maguyva_tui.core.retrievers.structural import NAME_STATS, MappedStructural, StructuralRetriever
from maguyva_tui.core.store.snapshot import Snapshot, SymbolColumns
from maguyva_tui.core.types import Query

WORDS = ("payment", "total", "invoice", "order", "render", "cache", "token", "stream")


def _module(number: int) -> str:
    """Functions named with one or two of :data:`WORDS` and a number, as a big repository's."""
    lines = []
    for i in range(40):
        first, second = WORDS[(number + i) % len(WORDS)], WORDS[(number * 3 + i * 5) % len(WORDS)]
        lines += [f"def {first}_{second}_{number}_{i}(value):", "    return value", ""]
        lines += [f"def {first}_{number}_{i}(value):", "    return value", ""]
    lines += ["def total_payment(value):", "    return value", "", "class PaymentTotal:", "    pass", ""]
    return "\n".join(lines)


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> tuple[StructuralRetriever, StructuralRetriever]:
    """The eager engine over every symbol of a repository of many similar names, and the mapped one."""
    from maguyva_tui.core.indexer import update_index

    root = tmp_path_factory.mktemp("names") / "repo"
    root.mkdir()
    for number in range(12):
        (root / f"mod_{number}.py").write_text(_module(number))
    snapshot, _ = update_index(root, tmp_path_factory.mktemp("index"))
    opened = Snapshot.load(snapshot.folder)
    return StructuralRetriever(opened.symbols), StructuralRetriever.of(opened)


SENTENCES = ["how are payments totalled", "how is the payment total of an invoice rendered",
             "render the token stream cache", "the function that renders an invoice for the order",
             "how are payments streamed to the cache of tokens"]
"""Questions ranked by name words (no name spells their terms): hundreds of definitions hold
their stems, a few can be on a page."""


@pytest.mark.parametrize("text", SENTENCES)
def test_a_sentence_makes_only_the_definitions_its_page_can_hold(
    engines: tuple[StructuralRetriever, StructuralRetriever], text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    eager, mapped = engines
    assert isinstance(mapped, MappedStructural)
    made: list[int] = []
    named = SymbolColumns.named

    def counting(self: SymbolColumns, spellings: object) -> list[object]:
        found = named(self, spellings)  # type: ignore[arg-type]
        made.append(len(found))
        return found  # type: ignore[return-value]

    monkeypatch.setattr(SymbolColumns, "named", counting)
    intent = classify(text)
    for kinds in ((), ("function",), ("class",)):
        for limit in (3, 20):
            query = Query(text, target=intent.target, intent=intent.name, kinds=kinds)
            assert mapped.search(query, limit) == eager.search(query, limit)
    holding = sum(1 for symbol in eager._symbols if "payment" in symbol.name.lower())
    assert holding > 150  # a stem held by hundreds of definitions: each used to be made for every question
    assert max(made, default=0) < holding / 4, made  # those tied at the page's lowest score are made, no more


def test_postings_that_disagree_with_the_weights_are_counted_again(
    engines: tuple[StructuralRetriever, StructuralRetriever], tmp_path: Path
) -> None:
    import numpy as np

    eager, mapped = engines
    assert isinstance(mapped, MappedStructural)
    question = Query("how is the payment total of an invoice rendered")
    expected = eager.search(question, 10)
    assert expected
    assert mapped._generation is not None
    kept = mapped._generation / NAME_STATS
    mapped.stats()
    assert kept.exists()
    with np.load(kept) as archive:
        arrays = {name: archive[name] for name in archive.files}
    arrays["names"] = arrays["names"] + 1  # still ascending, but no posting's name has its weight
    with open(kept, "wb") as handle:
        np.savez(handle, **arrays)
    mapped._stats = None
    assert mapped.search(question, 10) == expected


def test_a_pattern_anchored_to_a_name_start_searches_only_the_names_it_can_start() -> None:
    import re

    import numpy as np

    from maguyva_tui.core.store.definitions import build_definitions

    names = ["helper_1", "__helper_2", "_h_e_l_p", "help", "ahelper", "zhelper", "héllo", "h", "9help", "$help",
             "~helper", "helper\u00e9", "\u00e9helper", "hhh", "ih", "{h", "0h", ":help", "`help", "help_me_now"]
    table = build_definitions(names, np.arange(len(names)), np.zeros(len(names), np.int64),
                              np.ones(len(names), np.int64))
    sep = rb"[^0-9a-z\x00]*"
    for key in ("help", "h", "hel", "0h", "9", "he"):
        pattern = re.compile(b"\x00" + sep + sep.join(re.escape(c.encode()) for c in key))
        lead = key[0].encode()
        assert table.matching(pattern, lead).tolist() == table.matching(pattern).tolist()
        assert len(table.matching(pattern, lead))
    hump = re.compile(b"\x00" + sep + rb"[^\x00]*?".join([b"help", b"now"]))
    assert table.matching(hump, b"h").tolist() == table.matching(hump).tolist() != []
