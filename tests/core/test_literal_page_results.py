"""A page's results made from items one engine found (every one of the direct path, issue 19) with
none of the lists and sets a blend's need: the same results, field by field, as the general making,
for direct and blended questions alike."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from maguyva_tui.core import search as search_module
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.types import Ranked
from tests.conftest import FIXTURE
from tests.core.test_engine import CountingProvider


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("results") / "polyglot"
    shutil.copytree(FIXTURE, root, symlinks=True)
    made = Engine(root, tmp_path_factory.mktemp("results-index"), provider=CountingProvider())
    made.refresh(semantic=False)
    yield made
    made.close()


def test_one_votes_result_is_the_general_one(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[Ranked] = []
    page = search_module._page

    def both(generation: Any, items: Any, run: Any, focus: Any = None) -> tuple[Ranked, ...]:
        fast = page(generation, items, run, focus)  # a one-vote item made in _page's own loop
        for item, result in zip(items, fast, strict=True):
            if len(item.contributions) != 1 or item.contributions[0][1] is None:
                continue
            shown = search_module._displayed(generation, item)
            general = search_module._votes(item, shown, (result.start_line, result.end_line, result.snippet), run.lists)
            for field in fields(Ranked):
                assert getattr(result, field.name) == getattr(general, field.name), field.name
                assert type(getattr(result, field.name)) is type(getattr(general, field.name)), field.name
            assert result.to_json() == general.to_json()
            made.append(result)
        return fast

    monkeypatch.setattr(search_module, "_page", both)
    asked = [("self", "text"), ("def", "text"), ("return", "text"), ("Config", None), ("parse config", None),
             ("who calls load", None), ('"not found"', None), ("Config", "structural"), ("load", "graph")]
    for text, modality in asked:
        for limit in (3, 50):
            engine.search(text, limit=limit, modality=modality)
    assert len(made) > 50
    assert any(len(r.match_lines) == 1 for r in made)
