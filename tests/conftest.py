"""Shared fixtures: the polyglot fixture repository, private index folders, real corpora."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURE = REPO / "tests" / "fixtures" / "polyglot"
sys.path.insert(0, str(REPO))

Runner = Callable[..., "subprocess.CompletedProcess[str]"]
"""Runs ``maguyva ARGS`` (keyword ``stdin``: its input) and returns its exit status, stdout and stderr."""


def _fsync_skipped(fd: int) -> None:
    """``os.fsync`` in this process: the descriptor is checked (a bad one fails as before), the flush
    to the disk is skipped."""
    os.fstat(fd)


@pytest.fixture(scope="session", autouse=True)
def _no_fsync() -> Iterator[None]:
    """Skip fsync in the test process, as eatmydata does: no test here cuts the power, the one thing
    fsync guards against, and on a shared CI disk each one waits milliseconds (an index write makes
    dozens: the damage matrix alone waited tens of seconds). Every write still happens in the same
    order, through the same calls; ``maguyva`` processes the tests start keep their real fsync (the
    kill -9 tests of tests/hardening/test_crash_safety.py among them)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", _fsync_skipped)
        yield


@pytest.fixture(autouse=True)
def _private_index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Never touch the user's cache or config: every test gets its own index base and config folder
    (platformdirs reads ``XDG_CONFIG_HOME``: the explorer's settings and user themes live there).
    Set by a patch of its own, not the test's ``monkeypatch``: a test that undoes its patches
    half-way (``monkeypatch.undo()``, "space again") kept its private folders (it had indexed into
    the user's cache, and found there an index an older run had left: a notice no test expected)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MAGUYVA_INDEX_DIR", str(tmp_path_factory.mktemp("indexes")))
        patch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))  # stamps kept aside (``vouched.aside``)
        patch.setenv("MAGUYVA_NO_SERVER", "1")  # no resident server is used or left behind (tests/test_resident_server.py starts its own)
        yield


@pytest.fixture
def polyglot(tmp_path: Path) -> Path:
    """A writable copy of the fixture repository."""
    target = tmp_path / "polyglot"
    shutil.copytree(FIXTURE, target, symlinks=True)
    return target


def tree_state(root: Path) -> list[tuple[str, int, int]]:
    """Every file and folder under ``root`` with its size and modification time."""
    return sorted((p.relative_to(root).as_posix(), p.lstat().st_size, p.lstat().st_mtime_ns) for p in root.rglob("*"))


@pytest.fixture(scope="session")
def _polyglot_indexed_once(tmp_path_factory: pytest.TempPathFactory, _shared_model_cache: None) -> tuple[Path, Path]:
    """A copy of the fixture repository and the index folder that ``maguyva index`` made of it
    (the static tier, no transformer vectors), built once per session in a real process."""
    top = tmp_path_factory.mktemp("indexed-polyglot")
    root, base = top / "polyglot", top / "indexes"
    shutil.copytree(FIXTURE, root, symlinks=True)
    proc = subprocess.run([sys.executable, "-m", "maguyva_tui", "index", str(root), "--index-dir", str(base)],
                          capture_output=True, text=True, timeout=300, cwd=REPO,
                          env={**os.environ, "MAGUYVA_NO_SERVER": "1"})
    assert proc.returncode == 0, proc.stderr
    return root, base


@pytest.fixture
def indexed_polyglot(_polyglot_indexed_once: tuple[Path, Path], _private_index: None) -> Iterator[Path]:
    """The fixture repository as ``maguyva index`` left it, for a test that never writes to it:
    one copy shared by the session, its index copied into this test's own index folder
    (``$MAGUYVA_INDEX_DIR``), so a search reads that index instead of building one. Fails the
    test that changed the shared repository."""
    root, base = _polyglot_indexed_once
    shutil.copytree(base, os.environ["MAGUYVA_INDEX_DIR"], symlinks=True, dirs_exist_ok=True)
    before = tree_state(root)
    yield root
    assert tree_state(root) == before, "a test wrote to the shared indexed_polyglot: give it its own polyglot copy"


@pytest.fixture
def here(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Runner:
    """Run the command line in this process (``cli.main``): its exit status and what it printed, as
    a process run would give them, without a process start and its imports (a third of a second of
    CPU each). For tests of what the command answers, not of the process boundary: keep at least
    one real process per command."""
    from maguyva_tui import cli

    def call(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8"))
        capsys.readouterr()
        status = cli.main(list(args))
        out, err = capsys.readouterr()
        return subprocess.CompletedProcess(list(args), status, out, err)

    return call


@pytest.fixture(scope="session")
def requests_repo() -> Path:
    """The pinned requests sdist, downloaded once and cached."""
    from bench.corpora import corpus

    try:
        return corpus("requests")
    except Exception as exc:  # no network and no cache: say so rather than fail obscurely
        pytest.skip(f"cannot fetch the pinned requests sdist: {exc}")


@pytest.fixture(scope="session")
def _requests_indexed_once(requests_repo: Path, tmp_path_factory: pytest.TempPathFactory,
                           _shared_model_cache: None) -> Path:
    """The index folder of the pinned requests sdist (the static tier, no transformer vectors), built
    once per session."""
    from maguyva_tui.core.engine import Engine

    base = tmp_path_factory.mktemp("requests-index")
    engine = Engine(requests_repo, base)
    engine.refresh()
    engine.close()
    return base


@pytest.fixture(scope="module")
def requests_index(_requests_indexed_once: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the session's index of requests for a module: an engine opened on it finds the
    index up to date instead of building one; what the module writes there stays its own."""
    base = tmp_path_factory.mktemp("requests-index-copy")
    shutil.copytree(_requests_indexed_once, base, symlinks=True, dirs_exist_ok=True)
    return base


_DERIVING = pytest.StashKey["subprocess.Popen[bytes]"]()
"""The process deriving the static tier's table while the tests are collected (a fresh checkout)."""

DERIVE = """
import fcntl, os, sys
from pathlib import Path
with open(sys.argv[1], "w") as lock:
    fcntl.flock(lock, fcntl.LOCK_EX)  # another process of the run derives it: waited for, not done twice
    from maguyva_tui.core.embed.static import StaticModel, cache_name
    if not (Path(os.environ["MAGUYVA_MODEL_CACHE"]) / cache_name()).exists():
        StaticModel.load()
"""
"""Derives the static tier's table into ``$MAGUYVA_MODEL_CACHE`` unless it is there, one process at a
time (``pytest -n 2``: each worker starts one; the first derives it, the other waits and finds it)."""


@pytest.hookimpl(trylast=True)  # after the cache plugin's own configure
def pytest_configure(config: pytest.Config) -> None:
    """In a checkout whose cache holds no static table yet, derive it (about 25 CPU-seconds) in a
    process of its own while the tests are being collected, on the core collection leaves idle; the
    first test waits for it (``_shared_model_cache``), so no test ever derives it a second time."""
    cache = getattr(config, "cache", None)
    if cache is None or config.option.collectonly:
        return
    if getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput"):
        return  # pytest-xdist's controller runs no test: its workers derive it
    from maguyva_tui.core.embed.static import cache_name

    folder = cache.mkdir("maguyva-models")
    if not (folder / cache_name()).exists():
        config.stash[_DERIVING] = subprocess.Popen(
            [sys.executable, "-c", DERIVE, str(folder / ".deriving.lock")], cwd=REPO, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, env={**os.environ, "MAGUYVA_MODEL_CACHE": str(folder)})


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail a run that imported Ray while selecting no ``cluster`` test: Ray is an optional extra,
    imported only when a cluster is asked for, and the default run starts none."""
    if "ray" in sys.modules and not any(item.get_closest_marker("cluster") for item in session.items):
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line("ray was imported, though no test marked cluster ran", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_unconfigure(config: pytest.Config) -> None:
    """End a derivation no test waited for (a run that selected nothing, an interrupted one)."""
    deriving = config.stash.get(_DERIVING, None)
    if deriving is not None and deriving.poll() is None:
        deriving.kill()
        deriving.wait()


@pytest.fixture(scope="session", autouse=True)
def _shared_model_cache(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Keep derived models (the static tier's, derived from MiniLM at first use) in pytest's cache
    folder for every test and the processes they start: derived once per checkout (re-derived when
    its version or checksum says so), never in the user's cache. A derivation started at configure
    time is waited for here (if it failed, the first use derives again and says why)."""
    cache = getattr(request.config, "cache", None)
    folder = cache.mkdir("maguyva-models") if cache is not None else tmp_path_factory.mktemp("models")
    deriving = request.config.stash.get(_DERIVING, None)
    if deriving is not None:
        deriving.wait()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MAGUYVA_MODEL_CACHE", str(folder))
        yield
