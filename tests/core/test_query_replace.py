"""A question's :class:`Query` changed without ``dataclasses.replace`` (issue 19: ``replace`` of a
13-field Query cost 10 µs, made twice a literal's question, and the result's ``parsed`` made a
third Query): :func:`types.fast_replacer`'s values are ``replace``'s, field by field; a literal's
question asks ``replace`` for no Query and prints the same ``parsed``."""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from maguyva_tui.core import search as search_module
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.types import Hit, Query, fast_replacer
from tests.conftest import FIXTURE
from tests.core.test_engine import CountingProvider

QUERY = Query("expand", regex=False, case="smart", target="expand", kinds=("function",), intent="find_definition",
              depth=3)
CHANGES = [{}, {"demote": ("vendored", "secondary")}, {"literal_first": False}, {"text": "x", "max_files": 40},
           {"target": None, "kinds": (), "word_votes": True, "code_words_only": True}]


@pytest.mark.parametrize("changes", CHANGES, ids=[",".join(c) or "none" for c in CHANGES])
def test_the_values_are_replaces(changes: dict[str, Any]) -> None:
    made, built = fast_replacer(Query)(QUERY, **changes), dataclasses.replace(QUERY, **changes)
    assert type(made) is Query and made == built and hash(made) == hash(built) and str(made) == str(built)
    for field in dataclasses.fields(Query):
        assert getattr(made, field.name) == getattr(built, field.name), field.name
    assert made is not QUERY
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.text = "y"  # type: ignore[misc]


def test_an_unknown_field_is_refused() -> None:
    with pytest.raises(TypeError):
        fast_replacer(Query)(QUERY, nope=1)
    with pytest.raises(TypeError):
        fast_replacer(Hit)(Hit("a.py", 1, 1, 1.0), depth=2, kinds=())


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("query-replace") / "polyglot"
    shutil.copytree(FIXTURE, root, symlinks=True)
    made = Engine(root, tmp_path_factory.mktemp("query-replace-index"), provider=CountingProvider())
    made.refresh(semantic=False)
    yield made
    made.close()


@pytest.mark.parametrize("modality", ["text", None])
def test_a_literal_question_replaces_no_query(engine: Engine, monkeypatch: pytest.MonkeyPatch,
                                              modality: str | None) -> None:
    replaced: list[object] = []
    real = search_module.replace

    def counted(value: Any, /, **changes: Any) -> Any:
        if isinstance(value, Query):
            replaced.append(value)
        return real(value, **changes)

    engine.search("def", modality=modality, limit=5)  # the generation opened
    monkeypatch.setattr(search_module, "replace", counted)
    result = engine.search("parse_config", modality=modality, limit=5)
    assert result.results and result.parsed == "(text 'parse_config' target='parse_config')"
    assert replaced == []
