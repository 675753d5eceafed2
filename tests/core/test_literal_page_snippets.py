"""A result's snippet and line count read from the file's own newlines equal those of the whole
decoded text (issue 19.1: a page of a frequent literal no longer decodes and splits every file it
shows): CRLF endings, a last line without a newline, empty files, bytes that are not UTF-8, long
lines, every range of lines."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core import results
from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.results import FileNewlines, clamp_lines, cut_line, shown_lines, shown_page, snippet
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.types import SNIPPET_LINES, Hit

SLOT = 4096
"""The bytes of the file whose stored text each example replaces (an example fits in it)."""

TEXTS = {
    "crlf.py": b"def a():\r\n    return 1\r\n\r\nx = a()\r\n",
    "open_end.py": b"first\nsecond\nno newline at the end",
    "empty.py": b"",
    "one.py": b"\n",
    "long.py": b"x = '" + b"ab" * 400 + b"' + needle\n" + b"y\n",
    "utf8.py": "s = 'Straße — ü'\nt = '\u212a'\n".encode(),
}


@pytest.fixture(scope="module")
def snapshot(tmp_path_factory: pytest.TempPathFactory) -> Snapshot:
    root = tmp_path_factory.mktemp("repo")
    for name, data in TEXTS.items():
        (root / name).write_bytes(data)
    (root / "slot.py").write_bytes(b"#\n" * (SLOT // 2))
    return update_index(root, tmp_path_factory.mktemp("index"))[0]


def _with_slot(snapshot: Snapshot, data: bytes) -> Snapshot:
    """The snapshot with ``slot.py``'s stored bytes replaced by ``data`` (padded with newlines to
    its length), as a stored text nothing checked could hold."""
    entry = snapshot.files["slot.py"]
    blob = bytearray(snapshot.blob())
    blob[entry.offset : entry.offset + entry.length] = data.ljust(entry.length, b"\n")
    return Snapshot(snapshot.root, snapshot.folder, snapshot.manifest, bytes(blob), snapshot.facts,
                    snapshot.trigrams, snapshot.centrality)


def _same_everywhere(snapshot: Snapshot, path: str) -> None:
    lines = FileNewlines(snapshot)
    count = snapshot.line_count(path)
    assert lines.line_count(path) == count
    for start in range(1, count + 3):
        for end in range(start - 1, start + SNIPPET_LINES + 2):
            assert lines.lines(path, start, end) == snapshot.lines(path, start, end), (path, start, end)


@pytest.mark.parametrize("path", sorted(TEXTS))
def test_lines_and_counts_equal_the_whole_texts(snapshot: Snapshot, path: str) -> None:
    _same_everywhere(snapshot, path)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([b"\n", b"\r\n", b"\r", b"a", b"\xff", b"\xc3", b"\xc3\xa9", b"\xe2\x82", b"\xf0\x9f",
                                 b"\xed\xa0\x80", b"\x00", b" " * 300]), max_size=40).map(b"".join))
def test_any_bytes_read_as_the_whole_text_reads_them(snapshot: Snapshot, data: bytes) -> None:
    damaged = _with_slot(snapshot, data)
    entry = damaged.files["slot.py"]
    stored = damaged.blob()[entry.offset : entry.offset + entry.length]
    lines = FileNewlines(damaged)
    assert lines.line_count("slot.py") == damaged.line_count("slot.py")
    count = stored.count(b"\n") + 1
    for start in range(1, count + 2):
        end = start + SNIPPET_LINES - 1
        assert lines.lines("slot.py", start, end) == damaged.lines("slot.py", start, end), (data, start)


def test_snippets_and_clamps_equal_those_of_the_whole_text(snapshot: Snapshot) -> None:
    for path in TEXTS:
        last = max(snapshot.line_count(path), 1)
        for line in range(0, last + 3):
            hit = Hit(path, line, line + 2, 1.0)
            start, end = clamp_lines(snapshot, hit)
            whole_start = min(max(line, 1), last)
            assert (start, end) == (whole_start, min(max(line + 2, whole_start), last))
            expected = "\n".join(cut_line(text, "needle") for text in snapshot.lines(path, start, min(end, start + 3)))
            assert snippet(snapshot, path, start, end, "needle") == expected
    assert "needle" in snippet(snapshot, "long.py", 1, 1, "needle")  # cut around the match, as before


def test_shown_lines_are_the_clamp_and_the_snippet(snapshot: Snapshot) -> None:
    for path in [*TEXTS, "slot.py"]:
        last = max(snapshot.line_count(path), 1)
        for line in range(-1, last + 3):
            for span in (0, 1, 2, SNIPPET_LINES + 1):
                hit = Hit(path, line, line + span, 1.0)
                start, end = clamp_lines(snapshot, hit)
                assert shown_lines(snapshot, hit, "needle") == (start, end, snippet(snapshot, path, start, end, "needle"))
    far = _FarLines()
    assert shown_lines(far, Hit("x.py", 2, 9, 1.0)) == (2, 3, "two\nthree")  # type: ignore[arg-type]


def test_a_pages_snippets_are_each_hits_shown_lines(snapshot: Snapshot) -> None:
    """``shown_page`` (a page's snippets read together, a line decoded in place) gives each hit's
    ``shown_lines``: every file, line and span, in one page, repeated paths included."""
    hits = [Hit(path, line, line + span, 1.0) for path in [*TEXTS, "slot.py"]
            for line in range(-1, max(snapshot.line_count(path), 1) + 3) for span in (0, 1, 2, SNIPPET_LINES + 1)]
    for focus in ("needle", None):
        assert shown_page(snapshot, hits, focus) == [shown_lines(snapshot, hit, focus) for hit in hits]
    assert shown_page(snapshot, [], "needle") == []
    far = _FarLines()
    assert shown_page(far, [Hit("x.py", 2, 9, 1.0)]) == [(2, 3, "two\nthree")]  # type: ignore[arg-type]


def test_a_start_before_the_first_line_is_sliced_as_before(snapshot: Snapshot) -> None:
    assert snippet(snapshot, "crlf.py", 0, 2) == "\n".join(snapshot.lines("crlf.py", 0, 2))
    assert snippet(snapshot, "crlf.py", -1, 0) == "\n".join(snapshot.lines("crlf.py", -1, 0))


class _FarLines:
    """Lines from somewhere else (a workspace's shards): asked through ``lines`` and ``line_count``."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def lines(self, path: str, start: int, end: int) -> list[str]:
        self.asked.append("lines")
        return ["one", "two", "three"][start - 1 : end]

    def line_count(self, path: str) -> int:
        self.asked.append("line_count")
        return 3


def test_other_line_sources_are_asked_as_before() -> None:
    far = _FarLines()
    assert clamp_lines(far, Hit("x.py", 2, 9, 1.0)) == (2, 3)  # type: ignore[arg-type]
    assert snippet(far, "x.py", 2, 3) == "two\nthree"  # type: ignore[arg-type]
    assert far.asked == ["line_count", "lines"]


def test_kept_newlines_stay_under_their_budget(snapshot: Snapshot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(results, "NEWLINES_KEPT_BYTES", 1)
    lines = FileNewlines(snapshot)
    for path in sorted(TEXTS):
        assert lines.lines(path, 1, 2) == snapshot.lines(path, 1, 2)
    assert len(lines._kept) == 1  # only the last file's offsets are kept


def test_unknown_paths_fail_as_the_snapshot_fails(snapshot: Snapshot, tmp_path: Path) -> None:
    with pytest.raises(KeyError):
        snapshot.lines("missing.py", 1, 1)
    with pytest.raises(KeyError):
        snippet(snapshot, "missing.py", 1, 1)
