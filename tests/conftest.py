"""Shared fixtures: the polyglot fixture repository, private index folders, real corpora."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURE = REPO / "tests" / "fixtures" / "polyglot"
sys.path.insert(0, str(REPO))


@pytest.fixture(autouse=True)
def _private_index(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never touch the user's cache: every test gets its own index base."""
    monkeypatch.setenv("MAGUYVA_INDEX_DIR", str(tmp_path_factory.mktemp("indexes")))


@pytest.fixture
def polyglot(tmp_path: Path) -> Path:
    """A writable copy of the fixture repository."""
    target = tmp_path / "polyglot"
    shutil.copytree(FIXTURE, target, symlinks=True)
    return target


@pytest.fixture(scope="session")
def requests_repo() -> Path:
    """The pinned requests sdist, downloaded once and cached."""
    from bench.corpora import corpus

    try:
        return corpus("requests")
    except Exception as exc:  # no network and no cache: say so rather than fail obscurely
        pytest.skip(f"cannot fetch the pinned requests sdist: {exc}")
