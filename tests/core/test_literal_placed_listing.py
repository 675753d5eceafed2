"""A limited search of an identifier that few files hold is listed from the token index's places
(issue 19.1): every line holding it, whole or inside longer names or inside a run too long to be a
token, found without reading a file, ranked as the lines read from the files are; damaged places
are not trusted (the files are read, the page is the same)."""

from __future__ import annotations

import copy
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers import text as text_module
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store.format import current_generation
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.store.tokens import MAX_TOKEN_BYTES
from maguyva_tui.core.types import Query
from tests.core.test_text_tokens import _write_repo

LITERALS = ["widget", "self", "add", "draw", "Widget", "$widget", "widget$", "rewidget", "widget_count", "w1dget",
            "drawer", "itself", "idge", "elf", "ddr", "ewidge", "dget_c", "qqq", "qwidget", "aaa", "nothing_here"]
"""Whole names, names inside longer ones (at an edge or not), overlapping (``aaa`` in ``aaaa``), in
a long run (``qqq``, ``qwidget``) and none."""


def _page(text: TextRetriever, literal: str, limit: int | None, demote: object = None) -> list[tuple[object, ...]]:
    return [(m.path, m.line, m.match_type, m.definition, m.start)
            for m in text.literal_lines(literal, "sensitive", limit, demote=demote)]  # type: ignore[arg-type]


def _read(snapshot: Snapshot) -> TextRetriever:
    """The engine without places: every file read, as before them."""
    older = copy.copy(snapshot)
    assert snapshot.tokens is not None
    older.tokens = copy.copy(snapshot.tokens)
    older.tokens.places = None
    return TextRetriever(older)


def _tests_last(path: str) -> float:
    return 0.5 if path.startswith("tests/") else 1.0


@pytest.fixture(scope="module")
def snapshot(tmp_path_factory: pytest.TempPathFactory) -> Snapshot:
    root = tmp_path_factory.mktemp("repo")
    _write_repo(root, 5, files=24)
    run = b"q" * (MAX_TOKEN_BYTES + 3)
    (root / "long.py").write_bytes(b"x = '" + run + b"widget' + widget\nwidget(self)\r\ny = aaaa\n" + run + b"\n")
    (root / "pkg" / "twice.py").write_bytes(b"def widget_count(self): return self.widget_count + itself\n"
                                            b"aaaa = aaa\n# widget widget_count rewidget\n")
    return Snapshot.load(update_index(root, tmp_path_factory.mktemp("index"))[0].folder)


def test_a_few_files_lines_are_listed_from_the_places_without_reading(snapshot: Snapshot,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    expected = {(w, n, d): _page(_read(snapshot), w, None, d)[:n]
                for w in LITERALS for n in (1, 4, 100) for d in (None, _tests_last)}
    listed: list[str] = []
    shipped = TextRetriever._placed_listing

    def counted(self: TextRetriever, *args: object) -> object:
        found = shipped(self, *args)  # type: ignore[arg-type]
        if found is not None:
            listed.append(str(args[3]))
        return found

    def no_read(*args: object, **kwargs: object) -> None:
        raise AssertionError("a file was read")

    monkeypatch.setattr(TextRetriever, "_placed_listing", counted)
    text = TextRetriever(snapshot)
    monkeypatch.setattr(text_module._Matcher, "spans_between", no_read)
    monkeypatch.setattr(TextRetriever, "_literal_rows", no_read)
    got = {}
    for w, n, d in expected:
        try:
            got[w, n, d] = _page(text, w, n, d)
        except AssertionError:  # a page of many files, read as before: not what this test is about
            monkeypatch.undo()
            got[w, n, d] = _page(TextRetriever(snapshot), w, n, d)
            monkeypatch.setattr(TextRetriever, "_placed_listing", counted)
            monkeypatch.setattr(text_module._Matcher, "spans_between", no_read)
            monkeypatch.setattr(TextRetriever, "_literal_rows", no_read)
    assert got == expected
    assert {"ewidge", "dget_c", "qqq", "qwidget", "aaa", "rewidget", "widget_count", "nothing_here"} <= set(listed)


@pytest.mark.parametrize("few", [0, 128])
def test_the_listing_is_the_page_read_from_the_files(snapshot: Snapshot, monkeypatch: pytest.MonkeyPatch,
                                                     few: int) -> None:
    monkeypatch.setattr(text_module, "FEW_PLACED", few)  # the places gathered in numpy, or as lists
    for literal in LITERALS:
        for demote in (None, _tests_last):
            every = _page(_read(snapshot), literal, None, demote)
            for limit in (1, 2, 5, len(every) + 1):
                assert _page(TextRetriever(snapshot), literal, limit, demote) == every[:limit], (literal, limit)


def test_a_long_runs_line_is_listed(snapshot: Snapshot) -> None:
    assert _page(TextRetriever(snapshot), "qqq", 10) == [("long.py", 1, "word boundary", False, 5),
                                                         ("long.py", 4, "word boundary", False, 176)]
    assert [m[:3] for m in _page(TextRetriever(snapshot), "qwidget", 10)] == [("long.py", 1, "word boundary")]


def test_a_needle_in_the_long_runs_is_found_in_them_as_one_text_as_run_by_run(snapshot: Snapshot) -> None:
    """The long runs are searched as one text: of each run's places (overlapping ones too) as a
    search of each run finds them, its first and its last (those between are inside the run on
    both sides, never its line's best), none across the newline joining two."""
    text = TextRetriever(snapshot)
    files = text._files()
    assert snapshot.tokens is not None and snapshot.tokens.grams is not None
    positions = files.at_docs(np.asarray(snapshot.tokens.grams[3], np.int64))
    runs = text._long_runs(files, positions)
    assert len(runs) == 2
    for needle in (b"qqq", b"qwidget", b"q" * (MAX_TOKEN_BYTES + 3), b"t\nqq", b"et\nq", b"widget", b"nothing"):
        found = [(f, start, text_module._occurrences(run, needle)) for f, start, run in runs]
        expected = [(f, start + i) for f, start, places in found for i in sorted({*places[:1], *places[-1:]})]
        assert text._in_long_runs(files, positions, needle) == expected, needle
    assert {f for f, _ in text._in_long_runs(files, positions, b"qqq")} == {runs[0][0]} and \
        len(text._in_long_runs(files, positions, b"qqq")) == 4  # two runs, first and last: of 2 * (MAX_TOKEN_BYTES + 1)


def test_damaged_places_are_not_trusted(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    _write_repo(root, 9, files=12)
    (root / "few.py").write_text("def gadget_x(gadget):\n    return gadget + regadget\n")
    snapshot = update_index(root, tmp_path / "index")[0]
    gen = current_generation(snapshot.folder)
    assert gen is not None
    words = ("gadget", "adge", "widget_count", "rewidget")
    expected = {w: _page(TextRetriever(Snapshot.load(snapshot.folder)), w, 50) for w in words}
    places = np.load(gen / "tokens_place_blocks.npy")
    for damaged in (places ^ np.uint8(0x11), places[::-1].copy(), np.zeros_like(places), np.full_like(places, 0xFF)):
        np.save(gen / "tokens_place_blocks.npy", damaged)
        for few in (0, 128):  # numpy, lists
            text_module.FEW_PLACED = few
            try:
                assert {w: _page(TextRetriever(Snapshot.load(snapshot.folder)), w, 50) for w in words} == expected
            finally:
                text_module.FEW_PLACED = 128


def test_a_line_defining_a_name_holding_the_literal_is_told_by_its_own_sites(snapshot: Snapshot) -> None:
    """Whether a line inside a longer name defines one holding the literal is read from the names
    defined on that line alone: what the keys of every such name's sites say."""
    text = TextRetriever(snapshot)
    files = len(text._files())
    lines = np.arange(1, 40, dtype=np.int64)
    keys = ((np.repeat(np.arange(files, dtype=np.int64), len(lines)) << 32) | np.tile(lines, files))
    for literal in [*LITERALS, "Widget_Count", "a\nb"]:
        every = text._defined_lines(literal).holding_keys
        got = text._defined_lines(literal).holding_at(keys)
        assert got.tolist() == np.isin(keys, every).tolist(), literal
    assert bool(text._defined_lines("idge").holding_at(keys).any())  # rewidget, widget_count: defined here


def test_a_files_language_is_read_off_the_table_as_its_entry_says(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    for name, body in {"a.py": "widget = 1\n", "b.js": "let widget = 1;\n", "c.md": "# widget\n", "d.txt": "widget\n",
                       "e.go": "package e\nvar widget = 1\n", "f": "widget\n"}.items():
        (root / name).write_text(body)
    snapshot = Snapshot.load(update_index(root, tmp_path / "index")[0].folder)
    text = TextRetriever(snapshot)
    files = text._files()
    assert files._languages is not None  # the table's column, not an entry per file
    assert {p: files.language(p) for p in files.paths} == {p: snapshot.files[p].language for p in files.paths}
    assert len({files.language(p) for p in files.paths}) >= 3
    assert {h.path: h.language for h in text.search(_query("widget"), 10)} == {
        p: snapshot.files[p].language for p in files.paths}


def _query(text: str) -> Query:
    return Query(text, target=text)


def test_a_frequent_names_files_taken_in_the_listing_order_give_the_sorted_page(
        snapshot: Snapshot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A literal held whole by many files has them picked out of every file's listing order (made
    once per engine): the page its files sorted one question at a time give."""
    monkeypatch.setattr(text_module, "TOKEN_INDEX_FROM", 0)  # the small repository's names read by the tokens
    listed: list[str] = []
    shipped = TextRetriever._listed_page

    def counted(self: TextRetriever, *args: object) -> object:
        listed.append(str(args[3]))
        return shipped(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(TextRetriever, "_listed_page", counted)
    for literal in LITERALS:
        for demote in (_tests_last, lambda path: 0.5 if path.endswith("0.py") else 1.0):
            for limit in (1, 3, 10, 100):
                monkeypatch.setattr(text_module, "LISTED_SHARE", 0)
                sorted_page = _page(TextRetriever(snapshot), literal, limit, demote)
                monkeypatch.setattr(text_module, "LISTED_SHARE", 8)
                assert _page(TextRetriever(snapshot), literal, limit, demote) == sorted_page, (literal, limit)
    assert {"widget", "self", "add"} <= set(listed)
