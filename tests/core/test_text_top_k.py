"""A limited literal search stops reading early and never changes the answer (issue 19.1).

The text engine reads the files that define a name the literal names first, then the others in
path order, and stops once no unread file can change the page. Its page must be the exhaustive
ranked list's first ``limit`` lines whatever the limit, with definitions found in the last path,
whole identifiers after substrings in path order, and names that merely share letters with the
literal."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers import text as text_module
from maguyva_tui.core.retrievers.text import READ_BATCH, TextRetriever, _next_batch
from maguyva_tui.core.store.facts_files import StoredRows
from maguyva_tui.core.store.snapshot import Snapshot

FILES = 3 * READ_BATCH + 5  # enough mentions that a small page settles before the last batch


@pytest.fixture(scope="module")
def text(tmp_path_factory: pytest.TempPathFactory) -> TextRetriever:
    root = tmp_path_factory.mktemp("repo")
    for i in range(FILES):
        # early paths hold the literal only inside longer names (substring and word-boundary tiers)
        body = "x = rewidgets + widget_count\n" if i < 4 else f"use(widget)\nwidget.draw({i})\n"
        (root / f"m{i:03d}.py").write_text(body)
    (root / "zz").mkdir()
    (root / "zz" / "last.py").write_text("class Widget:\n    pass\n\n\ndef widget():\n    return Widget()\n")
    (root / "zz" / "e.py").write_text("e = widget()\n")  # defines `e`: a name the literal does not name
    (root / "zz" / "qual.py").write_text("def draw(w):\n    return w\n\nwidget.draw(1)\n")
    (root / "zz" / "mul.py").write_text("def widget_mul(x): return widget(x)\n\n\ndef rewidget():\n    pass\n")
    return TextRetriever(update_index(root, tmp_path_factory.mktemp("index"))[0])


@pytest.fixture(scope="module")
def stored(text: TextRetriever) -> TextRetriever:
    """The same index opened from disk, as a later command opens it (its symbols read as columns)."""
    return TextRetriever(Snapshot.load(text.snapshot.folder))


def _page(
    text: TextRetriever, literal: str, limit: int | None, case: str = "sensitive", demote: Callable[[str], float] | None = None
) -> list[tuple[str, int, str, bool]]:
    return [(m.path, m.line, m.match_type, m.definition) for m in text.literal_lines(literal, case, limit, demote=demote)]


def _tests_last(path: str) -> float:
    """A demotion like the direct path's: m000-m009 and zz/ are 'tests', listed after the rest."""
    return 0.5 if path.startswith(("m00", "zz/")) else 1.0


def test_the_definition_in_the_last_path_heads_even_a_one_line_page(text: TextRetriever) -> None:
    assert _page(text, "widget", 1) == [("zz/last.py", 5, "whole identifier", True)]


def test_a_line_that_defines_another_name_is_no_definition(text: TextRetriever) -> None:
    every = {(p, ln): d for p, ln, _t, d in _page(text, "widget", None)}
    assert every[("zz/e.py", 1)] is False
    draws = {(p, ln): d for p, ln, _t, d in _page(text, "draw", None)}
    assert draws[("zz/qual.py", 1)] is True and draws[("zz/qual.py", 4)] is False


@pytest.mark.parametrize("literal", ["widget", "Widget", "draw", "idget", "widget.draw", "rewidgets"])
@pytest.mark.parametrize("case", ["sensitive", "insensitive"])
def test_every_page_is_the_exhaustive_lists_first_lines(text: TextRetriever, literal: str, case: str) -> None:
    every = _page(text, literal, None, case)
    assert every, literal
    for limit in (1, 2, 5, 17, 40, len(every), len(every) + 3):
        assert _page(text, literal, limit, case) == every[:limit], (literal, case, limit)


@settings(max_examples=40, deadline=None)
@given(limit=st.integers(min_value=1, max_value=80), literal=st.sampled_from(["widget", "w", "get", "draw(", "e = "]))
def test_any_limit_gives_a_prefix(text: TextRetriever, limit: int, literal: str) -> None:
    assert _page(text, literal, limit) == _page(text, literal, None)[:limit]


def test_line_numbers_agree_from_each_files_newlines_and_from_the_whole_texts(
    text: TextRetriever, monkeypatch: pytest.MonkeyPatch
) -> None:
    own = [_page(text, w, None) for w in ("widget", "draw", "e = ")]
    monkeypatch.setattr(text_module, "PER_FILE_NEWLINES", 0)  # the whole text's newline index
    assert [_page(text, w, None) for w in ("widget", "draw", "e = ")] == own
    assert text.snapshot.has_newlines()


@pytest.mark.parametrize("literal", ["widget", "Widget", "draw", "e = ", "rewidgets"])
def test_an_index_opened_from_disk_ranks_alike(text: TextRetriever, stored: TextRetriever, literal: str) -> None:
    assert isinstance(stored.snapshot.facts.rows, StoredRows) and not isinstance(text.snapshot.facts.rows, StoredRows)
    for limit in (1, 3, None):
        assert _page(stored, literal, limit) == _page(text, literal, limit)


@pytest.mark.parametrize("literal", ["widget", "draw", "get"])
def test_a_demoted_file_comes_after_the_others_whatever_its_tier_and_pages_stay_prefixes(
    text: TextRetriever, literal: str
) -> None:
    every = _page(text, literal, None, demote=_tests_last)
    factors = [_tests_last(p) for p, *_ in every]
    assert factors == sorted(factors, reverse=True) and set(factors) == {1.0, 0.5}
    assert sorted(every) == sorted(_page(text, literal, None))  # the same lines, in another order
    for limit in (1, 2, 5, 9, 17, 33):
        assert _page(text, literal, limit, demote=_tests_last) == every[:limit], (literal, limit)


def test_a_line_defining_a_longer_name_defines_the_literal_only_where_the_match_is_inside_that_name(
    text: TextRetriever,
) -> None:
    lines = {(p, ln): (t, d) for p, ln, t, d in _page(text, "widget", None)}
    assert lines[("zz/mul.py", 1)] == ("whole identifier", False)  # it calls widget, it defines widget_mul
    assert lines[("zz/mul.py", 4)] == ("word boundary", True)  # rewidget holds the literal: a definition
    assert _page(text, "widget_mul", None)[0] == ("zz/mul.py", 1, "whole identifier", True)


def test_the_next_batch_is_what_the_lines_decided_so_far_say_the_page_needs() -> None:
    assert _next_batch(8, 8, 0, 100) == 16  # nothing decided yet: doubled
    assert _next_batch(16, 24, 60, 100) == 16  # 40 lines more at 2.5 a file: 16 files
    assert _next_batch(16, 24, 96, 100) == READ_BATCH  # a file would do: never under a batch
    assert _next_batch(16, 24, 12, 100) == 32  # 176 files at that rate: never over twice the last batch
