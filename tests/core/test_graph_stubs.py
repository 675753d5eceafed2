"""A Python module and its ``.pyi`` stub are one module: calls through either import resolve."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine

HEADERS = """class Headers:
    def __init__(self, items=None):
        self.items = list(items or [])

    def add(self, key, value):
        self.items.append((key, value))
"""

STUB = """class Headers:
    def __init__(self, items: list[tuple[str, str]] | None = ...) -> None: ...
    def add(self, key: str, value: str) -> None: ...
"""

APP = """from pkg.ds import Headers
from pkg.ds.headers import Headers as H


def make():
    h = Headers()
    h.add("a", "b")
    return H([("c", "d")])
"""


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """werkzeug's shape: a package whose module has a stub beside it, used from another module."""
    root = tmp_path / "repo"
    (root / "pkg" / "ds").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "ds" / "__init__.py").write_text("from .headers import Headers\n")
    (root / "pkg" / "ds" / "headers.py").write_text(HEADERS)
    (root / "pkg" / "ds" / "headers.pyi").write_text(STUB)
    (root / "pkg" / "app.py").write_text(APP)
    return root


def test_callers_of_a_class_with_a_stub_are_its_call_sites(repo: Path, tmp_path: Path) -> None:
    engine = Engine(repo, tmp_path / "index")
    answer = engine.callers("Headers", 50)
    assert {(s.path, s.line) for s in answer.entries} == {("pkg/app.py", 6), ("pkg/app.py", 8)}
    method = engine.callers("Headers.add", 50)
    assert [(s.path, s.line) for s in method.entries] == [("pkg/app.py", 7)]


def test_impact_of_a_class_with_a_stub_reaches_its_users(repo: Path, tmp_path: Path) -> None:
    engine = Engine(repo, tmp_path / "index")
    impact = engine.impact("Headers", 2, 50)
    assert "make" in {e.symbol for e in impact.entries}


def test_a_stub_alone_still_answers(repo: Path, tmp_path: Path) -> None:
    """A compiled module's stub is all there is: calls resolve to the stub's definitions."""
    (repo / "pkg" / "ds" / "headers.py").unlink()
    engine = Engine(repo, tmp_path / "index")
    assert {(s.path, s.line) for s in engine.callers("Headers", 50).entries} == {("pkg/app.py", 6), ("pkg/app.py", 8)}
