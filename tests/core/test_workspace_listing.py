"""A workspace file that is endless, names a folder no path can be, or a user that does not exist, is
refused in one line; a folder name that is not UTF-8 is kept.

Found by an outside tester: ``--workspace /dev/zero`` read until the kernel killed the process;
``repos = ["a\\u0000b"]`` and ``repos = ["~nouser/x"]`` ended in "internal error: ValueError:
embedded null byte" and "RuntimeError: Could not determine home directory"; a folder list naming
``café`` in Latin-1 was refused as not UTF-8; ``repos = ["a", ""]`` said only that a list was expected.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from maguyva_tui.core.types import QueryError
from maguyva_tui.core.workspace.listing import MAX_FILE_BYTES, read_workspace


def test_an_endless_or_huge_file_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    with pytest.raises(QueryError, match=r"/dev/zero: a character device, not a workspace file"):  # unread
        read_workspace(Path("/dev/zero"))
    (tmp_path / "big.txt").write_text("one\n" * (MAX_FILE_BYTES // 4 + 1))
    with pytest.raises(QueryError, match="too long for a workspace file"):
        read_workspace(tmp_path / "big.txt")


@pytest.mark.parametrize(("listed", "said"), [
    ('repos = ["one\\u0000two"]', r"the entry 'one\\x00two' holds a NUL character, which no folder name can"),
    ('repos = ["~no_such_user_here/x"]', "the entry '~no_such_user_here/x' names a home folder that cannot be found"),
    ('repos = ["one", ""]', r'entry 2 of repos is empty; expected repos = \["path", ...\]'),
    ('repos = ["one", 2]', "entry 2 of repos is 2, not a string"),
])
def test_an_entry_that_names_no_folder_is_said_in_one_line(tmp_path: Path, listed: str, said: str) -> None:
    (tmp_path / "ws.toml").write_text(listed + "\n")
    with pytest.raises(QueryError, match=said):
        read_workspace(tmp_path / "ws.toml")


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS refuses file names that are not UTF-8")
def test_a_folder_named_in_latin1_is_listed_by_its_bytes(tmp_path: Path) -> None:
    (tmp_path / "ws.txt").write_bytes(b"caf\xe9\n")
    [folder] = read_workspace(tmp_path / "ws.txt")
    assert os.fsencode(folder) == os.fsencode(tmp_path) + b"/caf\xe9"


def test_a_comment_after_a_folder_is_not_part_of_its_name(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "a#b").mkdir()
    listing = tmp_path / "team.txt"
    listing.write_text("# the service\n\nlib   # the library\na#b\n\tlib\t# again\n")
    assert read_workspace(listing) == [tmp_path / "lib", tmp_path / "a#b", tmp_path / "lib"]


def test_a_refused_entry_is_quoted_short_its_stray_bytes_as_elsewhere(tmp_path: Path) -> None:
    """A line of a binary file, or a folder name that is not UTF-8, is quoted as every other message
    writes it: ``caf\\xe9``, cut after 80 characters (it had read ``caf\\udce9``, the line whole)."""
    (tmp_path / "ws.txt").write_bytes(b"caf\xe9\x00" + b"x" * 500 + b"\n")
    with pytest.raises(QueryError) as refused:
        read_workspace(tmp_path / "ws.txt")
    said = str(refused.value)
    assert "'caf\\xe9\\x00xxx" in said and "\\udc" not in said and "(505 characters)" in said and len(said) < 275, said


def test_a_binary_file_is_refused_as_one_not_as_too_many_repositories(tmp_path: Path) -> None:
    """``--workspace /usr/bin/ls`` had said "1612 repositories; a workspace holds at most 256": its
    lines were counted before any was read as a folder name."""
    binary = tmp_path / "tool"
    binary.write_bytes(b"\x7fELF\x02\x01\x01\x00" + b"\n\x00\x01".join([b"x"] * 2000))
    with pytest.raises(QueryError) as refused:
        read_workspace(binary)
    said = str(refused.value)
    assert "holds a NUL character" in said and "a binary file?" in said and "repositories" not in said, said
