"""Shared fixtures: the polyglot fixture repository, private index folders, real corpora."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURE = REPO / "tests" / "fixtures" / "polyglot"
sys.path.insert(0, str(REPO))


@pytest.fixture(autouse=True)
def _private_index(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never touch the user's cache or config: every test gets its own index base and config folder
    (platformdirs reads ``XDG_CONFIG_HOME``: the explorer's settings and user themes live there)."""
    monkeypatch.setenv("MAGUYVA_INDEX_DIR", str(tmp_path_factory.mktemp("indexes")))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("MAGUYVA_NO_SERVER", "1")  # no resident server is used or left behind (tests/test_resident_server.py starts its own)


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


@pytest.fixture(scope="session", autouse=True)
def _shared_model_cache(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Keep derived models (the static tier's, derived from MiniLM at first use) in pytest's cache
    folder for every test and the processes they start: derived once per checkout (re-derived when
    its version or checksum says so), never in the user's cache."""
    cache = getattr(request.config, "cache", None)
    folder = cache.mkdir("maguyva-models") if cache is not None else tmp_path_factory.mktemp("models")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MAGUYVA_MODEL_CACHE", str(folder))
        yield
