"""What a repository of a workspace pays for a question it has nothing for (issue 21's first target).

A workspace asks every shard each engine's list; a shard that holds nothing for the question
still pays its engine's fixed cost, once per question and repository. These tests keep that cost
from being paid twice.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.retrievers.structural import MappedStructural
from maguyva_tui.core.types import Query
from tests.conftest import FIXTURE
from tests.fakes import FakeProvider


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    base = tmp_path_factory.mktemp("costs")
    shutil.copytree(FIXTURE, base / "poly")
    built = Engine(Path(base / "poly"), base / "indexes", provider=FakeProvider(), static=False)
    built.refresh()
    built.close()
    made = Engine(Path(base / "poly"), base / "indexes", provider=FakeProvider(), static=False)
    made.refresh()  # the stored index, opened: its symbols' table is read, not made (MappedStructural)
    yield made
    made.close()


@pytest.mark.parametrize("word", ["simplify", "ConfigLoader", "parse_config", "zzqx"])
def test_a_lone_name_is_looked_for_once(engine: Engine, word: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A lone word is the question's target and its text: the structural engine looks its names
    up once, not again for the text when the target found nothing (a shard of a workspace that
    has no such name paid the look-up twice), and the list is the same."""
    structural = engine.parts().generation.retriever("structural")
    assert isinstance(structural, MappedStructural)
    query = Query(word, target=word, intent="find_definition")
    expected = structural.search(query, 50)
    asked: list[tuple[str, ...]] = []
    page = MappedStructural._page

    def counted(self: MappedStructural, words: list[str], *args: object) -> object:
        asked.append(tuple(words))
        return page(self, words, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(MappedStructural, "_page", counted)
    assert structural.search(query, 50) == expected
    assert len(asked) == len(set(asked)) == 1


def test_a_target_inside_a_phrase_still_falls_back_to_the_phrase(engine: Engine,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """When the phrase's words differ from its target's, a target that finds nothing still lets the
    phrase's words be looked up."""
    structural = engine.parts().generation.retriever("structural")
    assert isinstance(structural, MappedStructural)
    asked: list[tuple[str, ...]] = []
    page = MappedStructural._page

    def counted(self: MappedStructural, words: list[str], *args: object) -> object:
        asked.append(tuple(words))
        return page(self, words, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(MappedStructural, "_page", counted)
    structural.search(Query("zzqx parse_config", target="zzqx", intent="find_definition"), 50)
    assert asked[0] == ("zzqx",) and len(asked) == 2
