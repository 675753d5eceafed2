"""A library's submodule imported as a name (``from css import nth``) over a workspace: "who imports
css.nth" lists that line, and "who calls parse_nth" the call ``nth.parse_nth(...)`` made through it,
as they list ``from css.nth import parse_nth`` and ``import css.nth`` then ``css.nth.parse_nth(...)``.
Found by an outside tester (a workspace of tinycss2 1.2.1 and cssselect2 0.7.0's shape): both had
left the line out, the submodule read as a member of the package."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.workspace import SearchRequest, open_workspace
from tests.fakes import FakeProvider
from tests.trees import write_tree

pytestmark = pytest.mark.slow  # two repositories indexed (about a second)

LIB = {"css/__init__.py": "", "css/nth.py": "def parse_nth(text):\n    return text\n"}
APP = {
    "app/select.py": "from css.nth import parse_nth\n",
    "app/other.py": "from css import nth\n\n\ndef f():\n    return nth.parse_nth(1)\n",
    "app/third.py": "import css.nth\n\n\ndef g():\n    return css.nth.parse_nth(2)\n",
    "app/unrelated.py": "from os import path\n\n\ndef h():\n    return path.parse_nth(3)\n",
}


def test_a_submodule_imported_as_a_name_is_an_import_and_its_calls_are_calls(tmp_path: Path) -> None:
    roots = [write_tree(tmp_path / "lib", LIB), write_tree(tmp_path / "app", APP)]
    coordinator = open_workspace(roots, tmp_path / "ix", provider=FakeProvider(), static=False)
    try:
        imports = coordinator.search(SearchRequest("who imports css.nth"))
        calls = coordinator.search(SearchRequest("who calls parse_nth"))
    finally:
        coordinator.close()
    listed = [(repo, r.path, r.start_line) for r, repo in zip(imports.result.results, imports.repos)]
    assert listed == [("app", "app/other.py", 1), ("app", "app/select.py", 1), ("app", "app/third.py", 1)]
    called = [(repo, r.path, r.start_line, r.symbol) for r, repo in zip(calls.result.results, calls.repos)]
    assert called == [("app", "app/other.py", 5, "f"), ("app", "app/third.py", 5, "g")]  # not os.path's
