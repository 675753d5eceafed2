"""The structural engine over a stored generation asked a word outside ASCII: the same answer as the
engine over every symbol, without making every symbol when no name holds one of its letters."""

from __future__ import annotations

import pytest

from maguyva_tui.core.retrievers.structural import MappedStructural, StructuralRetriever
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.types import Query

SOURCE = """\
def café_menu(order):
    return order


class Straße:
    def naïve_bayes(self):
        return 1


def cafe_latte():
    return 2


def safe_cafe(value):
    return value


class İstanbul:
    pass


ñandú = 3
"""


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> tuple[StructuralRetriever, MappedStructural]:
    from maguyva_tui.core.indexer import update_index

    root = tmp_path_factory.mktemp("accents") / "repo"
    root.mkdir()
    (root / "menu.py").write_text(SOURCE, encoding="utf-8")
    for number in range(12):
        (root / f"mod_{number:02d}.py").write_text(f"def helper_{number}(value):\n    return value\n")
    snapshot, _ = update_index(root, tmp_path_factory.mktemp("index"))
    opened = Snapshot.load(snapshot.folder)
    mapped = StructuralRetriever.of(opened)
    assert isinstance(mapped, MappedStructural)
    return StructuralRetriever(opened.symbols), mapped


QUESTIONS = ["café", "café_menu", "Café", "cafémenu", "naïve", "naïve_bayes", "Straße", "strasse", "ñandú",
             "İstanbul", "istanbul", "crème", "zürich", "résumé helper", "how is the café menu ordered",
             "the naïve bayes of Straße", "çafe", "helper_3", "cafe"]


@pytest.mark.parametrize("question", QUESTIONS)
@pytest.mark.parametrize("limit", [1, 5, 40])
def test_a_word_outside_ascii_is_answered_as_the_engine_over_every_symbol(
        engines: tuple[StructuralRetriever, MappedStructural], question: str, limit: int) -> None:
    every, mapped = engines
    assert mapped.search(Query(question), limit) == every.search(Query(question), limit)


@pytest.mark.parametrize("question", ["crème", "zürich", "çafe", "crème helper",
                                      "how is the crème served"])
def test_a_letter_no_name_holds_makes_no_symbol_beyond_the_page(
        engines: tuple[StructuralRetriever, MappedStructural], question: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Before, any letter outside ASCII made every symbol of the repository (1.7 s on sympy)."""
    _, mapped = engines

    def every() -> None:
        raise AssertionError("every symbol made")

    monkeypatch.setattr(mapped, "_every", every)
    mapped.search(Query(question), 20)
