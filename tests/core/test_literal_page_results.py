"""A page's results made from items one engine found (every one of the direct path, issue 19) with
none of the lists and sets a blend's need: the same results, field by field, as the general making,
for direct and blended questions alike; the text engine's own order made into results without
fused items (``search._text_page``): the same results as fusing and paging them."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import fields
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

    def both(generation: Any, items: Any, run: Any, focus: Any = None, *rest: Any) -> tuple[Ranked, ...]:
        fast = page(generation, items, run, focus, *rest)  # a one-vote item made in _page's own loop
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
    monkeypatch.setattr(search_module, "_text_alone", lambda *args: None)  # the text engine's pages fused too
    asked = [("self", "text"), ("def", "text"), ("return", "text"), ("Config", None), ("parse config", None),
             ("who calls load", None), ('"not found"', None), ("Config", "structural"), ("load", "graph")]
    for text, modality in asked:
        for limit in (3, 50):
            engine.search(text, limit=limit, modality=modality)
    assert len(made) > 50
    assert any(len(r.match_lines) == 1 for r in made)


def test_text_page_is_the_fused_one(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = [("self", "text", "sensitive"), ("def", "text", "sensitive"), ("return", "text", "sensitive"),
             ("CONFIG", "text", "insensitive"), ("load(", "text", "sensitive"), ('"not found"', None, "sensitive"),
             ("fn ", "text", "sensitive"), ("nothing holds this", "text", "sensitive")]
    fast_pages = 0
    made = search_module._text_page

    def counted(*args: Any) -> tuple[Ranked, ...]:
        nonlocal fast_pages
        fast_pages += 1
        return made(*args)

    monkeypatch.setattr(search_module, "_text_page", counted)
    fast = {(t, m, c, n): engine.search(t, limit=n, modality=m, case=c) for t, m, c in asked for n in (1, 3, 50, 10**7)}
    assert fast_pages >= 20
    monkeypatch.setattr(search_module, "_text_alone", lambda *args: None)
    for (text, modality, case, limit), result in fast.items():
        fused = engine.search(text, limit=limit, modality=modality, case=case)
        assert len(result.results) == len(fused.results), text
        for mine, theirs in zip(result.results, fused.results, strict=True):
            for field in fields(Ranked):
                assert getattr(mine, field.name) == getattr(theirs, field.name), (text, field.name)
                assert type(getattr(mine, field.name)) is type(getattr(theirs, field.name)), (text, field.name)
            assert mine.to_json() == theirs.to_json()
    assert any(len(r.results) > 10 for r in fast.values())


def test_lines_as_columns_make_the_hits_their_line_objects_make(engine: Engine) -> None:
    from maguyva_tui.core.retrievers.text import _Lines, _literal_matcher

    text = engine.generation.text
    columns_seen = 0
    for literal, case in (("self", "sensitive"), ("def", "sensitive"), ("CONFIG", "insensitive"), ("load(", "sensitive"),
                          ("return", "sensitive"), ("nothing holds this", "sensitive")):
        for limit in (1, 3, 50, None):
            lines = text._scan_literal(_literal_matcher(literal, case), literal, limit, None, None)
            listed = text.literal_lines(literal, case, limit)
            assert type(listed) is list and listed == list(lines)  # the public list: the line objects
            if isinstance(lines, _Lines):
                columns_seen += 1
                assert [lines[i] for i in range(len(lines))] == listed
                assert list(lines[1:]) == listed[1:]
            assert text._hits(lines) == text._hits(list(lines))
            assert text._hits(lines, "regex ") == text._hits(list(lines), "regex ")
    assert columns_seen >= 10
