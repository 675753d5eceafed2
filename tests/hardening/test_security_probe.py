"""An outside tester's security probe: crafted names, queries and files that must neither hang a
search nor reach past the repository (helper-129)."""

from __future__ import annotations

import itertools
import os
import re
import stat
import time
from pathlib import Path

import pytest

from maguyva_tui.core.retrievers.structural import _hump_pattern
from maguyva_tui.core.store import format as store_format
from maguyva_tui.core.store.format import IndexUnavailable, current_generation
from maguyva_tui.core.walk import WalkReport, walk


def _holds_in_order(name: bytes, segments: tuple[str, ...]) -> bool:
    """The oracle: the first segment after the name's leading separators, each next one later on."""
    body = name.lstrip(bytes(c for c in range(1, 128) if not chr(c).isalnum() or chr(c).isupper()))
    if not body.startswith(segments[0].encode()):
        return False
    at = len(segments[0])
    for seg in segments[1:]:
        found = body.find(seg.encode(), at)
        if found < 0:
            return False
        at = found + len(seg)
    return True


def test_a_camel_hump_question_against_a_long_repeated_name_answers_in_linear_time() -> None:
    segments = ("aa",) * 12 + ("b",)  # "AaAaAaAaAaAaAaAaAaAaAaAaB" read in humps
    names = b"\x00" + b"a" * 4000 + b"\x00"
    started = time.process_time()
    assert _hump_pattern(segments).search(names) is None
    assert time.process_time() - started < 0.5  # lazy gaps that backtracked: 1.5 s at 40 a's, minutes at 60


def test_the_camel_hump_pattern_matches_the_names_it_matched_before() -> None:
    for segments in [("a", "b"), ("ab", "b"), ("a", "a", "a"), ("b", "ab")]:
        pattern = _hump_pattern(segments)
        for letters in itertools.product("ab_", repeat=5):
            name = "".join(letters).encode()
            found = pattern.search(b"\x00" + name + b"\x00") is not None
            assert found == _holds_in_order(name, segments), (segments, name)
            lazy = re.compile(b"\x00" + rb"[^0-9a-z\x00]*" + rb"[^\x00]*?".join(s.encode() for s in segments))
            assert found == (lazy.search(b"\x00" + name + b"\x00") is not None), (segments, name)


def test_an_index_folder_another_user_made_is_never_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another user who made a repository's index folder first in a shared index base (``--index-dir
    /tmp/idx``) could make its generation say any file holds any text: it is refused, not answered from."""
    folder = tmp_path / "repo-0123456789"
    (folder / "g-1-1").mkdir(parents=True)
    (folder / "CURRENT").write_text("g-1-1\n", encoding="ascii")
    assert current_generation(folder) == folder / "g-1-1"
    owner = folder.stat().st_uid
    monkeypatch.setattr(store_format, "ADMIN_UID", owner)  # root's (an administrator's cache) is read
    monkeypatch.setattr(os, "geteuid", lambda: owner + 1)
    assert current_generation(folder) == folder / "g-1-1"
    monkeypatch.setattr(store_format, "ADMIN_UID", owner + 2)
    with pytest.raises(IndexUnavailable, match="another user's"):
        current_generation(folder)


def test_a_gitignore_line_of_many_stars_and_a_latin1_byte_walks_in_linear_time(tmp_path: Path) -> None:
    """re2 cannot read a pattern holding a byte that is not UTF-8; its fallback, Python's re, took
    26 s to decide one name of 30 a's against ``*a`` 25 times then ``b\\xff`` (a walk hung on it)."""
    (tmp_path / ".gitignore").write_bytes(b"*a" * 25 + b"b\xff\n")
    (tmp_path / ("a" * 60 + ".py")).write_text("KEPT = 1\n")
    ignored = os.fsdecode(b"a" * 30 + b"b\xff")
    (tmp_path / ignored).write_text("IGNORED = 1\n")
    started = time.process_time()
    walked = {candidate.path for candidate in walk(tmp_path, WalkReport())}
    assert time.process_time() - started < 2.0
    assert "a" * 60 + ".py" in walked and ignored not in walked


def _links_made_by(monkeypatch: pytest.MonkeyPatch, uid: int) -> None:
    """``os.lstat`` says every symbolic link is ``uid``'s (the test needs no second user)."""
    real = os.lstat

    def lstat(path: object, *args: object, **kwargs: object) -> os.stat_result:
        st = real(path, *args, **kwargs)  # type: ignore[arg-type]
        if not stat.S_ISLNK(st.st_mode):
            return st
        fields = list(st)
        fields[stat.ST_UID] = uid
        return os.stat_result(fields)

    monkeypatch.setattr(os, "lstat", lstat)


def test_a_link_another_user_made_in_a_shared_index_base_is_neither_written_through_nor_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another user who made a repository's index folder first in a shared index base (``--index-dir
    /tmp/idx``) as a link to a folder of ours (a home folder, a web folder, another repository's
    index) had had it closed to 0700 and written into, or read it as this repository's index."""
    ours = tmp_path / "public_html"
    (ours / "g-1-1").mkdir(parents=True)
    (ours / "CURRENT").write_text("g-1-1\n", encoding="ascii")
    ours.chmod(0o755)
    base = tmp_path / "idx"
    base.mkdir()
    link = base / "repo-0123456789"
    link.symlink_to(ours)
    me = os.geteuid()
    monkeypatch.setattr(store_format, "ADMIN_UID", me + 2)
    _links_made_by(monkeypatch, me)
    assert current_generation(link) == link / "g-1-1"  # a link of our own is followed
    _links_made_by(monkeypatch, me + 1)
    with pytest.raises(IndexUnavailable, match=f"another user's \\(uid {me + 1}\\)"):
        current_generation(link)
    with pytest.raises(PermissionError, match="a link another user made"):
        store_format.new_generation(link)
    assert stat.S_IMODE(ours.stat().st_mode) == 0o755 and sorted(p.name for p in ours.iterdir()) == ["CURRENT", "g-1-1"]
