"""A workspace whose every repository's index holds no file says so of each, as one such repository
says it ("the index holds no file (an empty folder?)"); it had said "nothing related was found
either", as if the repositories had been searched (found by an outside tester: ``maguyva search
toArr --repo empty --repo empty2``, two freshly made folders)."""

from __future__ import annotations

from pathlib import Path

from maguyva_tui.core.workspace import SearchRequest, open_workspace
from tests.core.test_test_modules import NameProvider
from tests.trees import write_tree


def test_a_workspace_of_empty_repositories_says_each_holds_no_file(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    binary = tmp_path / "blobs"
    binary.mkdir()
    (binary / "data.bin").write_bytes(b"\x00\x01\x02" * 100)
    workspace = open_workspace([empty, binary], tmp_path / "ix", provider=NameProvider(), static=False)
    try:
        for question in ("who calls toArr", '"zzqq"'):
            failed = workspace.search(SearchRequest(question, 5)).result.lookup_failed
            assert failed is not None and failed.message.endswith(
                "; blobs: the index holds no file: 1 skipped (binary); empty: the index holds no file (an empty folder?)"), failed
    finally:
        workspace.close()


def test_a_workspace_holding_some_file_says_nothing_of_an_empty_one(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    lib = write_tree(tmp_path / "lib", {"lib/a.py": "def parse():\n    return 1\n"})
    workspace = open_workspace([empty, lib], tmp_path / "ix", provider=NameProvider(), static=False)
    try:
        failed = workspace.search(SearchRequest('"zzqq"', 5)).result.lookup_failed
        assert failed is not None and "holds no file" not in failed.message
    finally:
        workspace.close()
