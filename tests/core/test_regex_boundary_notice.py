"""A regex's ``\\b`` is RE2's, which counts ASCII word characters only where rg counts every
script's: a search that holds one says so in one notice (its lines may differ from rg's there)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.retrievers.perl_classes import BOUNDARY_NOTICE, boundary_notice
from tests.fakes import FakeProvider


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("repo")
    (root / "größe.py").write_text("größe = 1\nmaße = größe * 2\n", encoding="utf-8")
    e = Engine(root, tmp_path_factory.mktemp("index"), provider=FakeProvider(), static=False)
    e.refresh()
    return e


def test_a_word_boundary_in_a_regex_gets_a_notice(engine: Engine) -> None:
    result = engine.search(r"\bgröße\b", regex=True, modality="text")
    assert [n for n in result.notices if n == BOUNDARY_NOTICE] == [BOUNDARY_NOTICE] and "\n" not in BOUNDARY_NOTICE


@pytest.mark.parametrize("text", [r"\w+e\b", r"gr\Bö"])
def test_each_boundary_is_told(engine: Engine, text: str) -> None:
    assert BOUNDARY_NOTICE in engine.search(text, regex=True, modality="text").notices


@pytest.mark.parametrize(("text", "regex"), [(r"\w+ße", True), (r"\Q\b\E", True), (r"\\b", True),
                                             (r"\bgröße\b", False), (r"\bparse\b", True), (r"\Bars", True)])
def test_no_boundary_no_notice(engine: Engine, text: str, regex: bool) -> None:
    assert BOUNDARY_NOTICE not in engine.search(text, regex=regex, modality="text").notices


def test_a_boundary_is_read_outside_classes_and_quotes_only() -> None:
    assert [bool(boundary_notice(p)) for p in [r"é\\\b", r"[^]]é\b", r"[]\bé]", r"\Qé\E\B"]] == [True, True, False, True]


def test_an_ascii_pattern_of_no_unicode_class_gets_no_notice() -> None:
    """``\\bparse\\b`` matches as rg's does beside every ASCII character: a notice on each such
    search would say nothing; a letter outside ASCII or a class that reads one gets it."""
    assert [bool(boundary_notice(p)) for p in [r"\bparse\b", r"\Bars", r"\w+\b", r"\p{L}\b", r"\bgröße"]] == [
        False, False, True, True, True]
