"""A module over a workspace, where another repository imports it (a library and its user, the
shape of hpack 4.0.0 and h2 4.1.0): its dotted name alone is its file, as in the library alone;
"what breaks if I change lib.codec" also lists the user's lines importing it and what depends on
the importing file there; and a failed lookup's line names a file as a result row does. Found by
an outside tester: the name alone had said "no symbol named hpack.hpack is defined here (an
import, at h2-4.1.0\\x00/src/h2/connection.py:18)" and exited 2, and the impact had stopped at
hpack's own files."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.workspace import SearchRequest, open_workspace
from tests.fakes import FakeProvider
from tests.trees import write_tree

pytestmark = pytest.mark.slow  # two or three repositories indexed (about a second)

LIB = {"lib/__init__.py": "", "lib/codec.py": "def encode(x):\n    return x\n",
       "lib/other.py": "def unrelated():\n    return 0\n"}
APP = {
    "app/__init__.py": "",
    "app/conn.py": "from lib.codec import encode\n\n\ndef send(x):\n    return encode(x)\n",
    "app/client.py": "from app.conn import send\n\n\ndef request():\n    return send(1)\n",
    "app/plain.py": "from lib.other import unrelated\n\n\ndef idle():\n    return unrelated()\n",
}
OTHER = {"other/x.py": "def f():\n    return 1\n"}


def _rows(answer) -> list[tuple[str, str, int]]:
    return [(repo, r.path, r.start_line) for r, repo in zip(answer.result.results, answer.repos)]


def test_a_module_named_alone_is_its_file_and_its_impact_crosses_repositories(tmp_path: Path) -> None:
    roots = [write_tree(tmp_path / "lib", LIB), write_tree(tmp_path / "app", APP)]
    coordinator = open_workspace(roots, tmp_path / "ix", provider=FakeProvider(), static=False)
    try:
        alone = coordinator.search(SearchRequest("lib.codec"))
        impact = coordinator.search(SearchRequest("what breaks if I change lib.codec", limit=50))
    finally:
        coordinator.close()
    assert alone.result.lookup_failed is None
    assert _rows(alone) == [("lib", "lib/codec.py", 1)]
    assert "lib.codec names no symbol; showing the file lib/lib/codec.py" in alone.result.notices
    rows = _rows(impact)
    assert ("app", "app/conn.py", 1) in rows  # the import line
    assert ("app", "app/client.py", 4) in rows  # request() calls send, in the importing file
    assert not any(path == "app/plain.py" for _, path, _ in rows)  # imports another module of lib
    assert any(n.startswith("app: 1 line imports lib.codec as another repository's module") for n in impact.result.notices)


def test_a_failed_lookup_names_a_file_as_a_result_row_does(tmp_path: Path) -> None:
    roots = [write_tree(tmp_path / "app", APP), write_tree(tmp_path / "other", OTHER)]
    coordinator = open_workspace(roots, tmp_path / "ix", provider=FakeProvider(), static=False)
    try:
        answer = coordinator.search(SearchRequest("lib.codec"))
    finally:
        coordinator.close()
    failed = answer.result.lookup_failed
    assert failed is not None and "\x00" not in failed.message
    assert "at app/app/conn.py:1" in failed.message
