"""Boundaries: results stay inside the root, ignored and skipped files never reach the index, the
Voyage API key never reaches a log, an index file or a message, and the user is told before code
first leaves the machine.

The Voyage provider runs against fakes only: in process through the client injection its own
tests use, and through the real command line with a stub ``voyageai`` package first on
``PYTHONPATH`` (it records each request and answers or fails as told; nothing leaves the machine).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from maguyva_tui.core.embed.codes import pack
from maguyva_tui.core.embed.provider import ProviderError
from maguyva_tui.core.embed.voyage import UPLOAD_NOTICE, VoyageProvider
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.types import QueryError
from tests.conftest import FIXTURE
from tests.hardening import repos
from tests.hardening.conftest import FakeProvider, cli
from tests.hardening.figures import record

KEY = "pa-HARDENING-" + "k3y" * 12
"""A fake Voyage API key, long and distinctive so that any leak of it is found."""

QUERIES = ["secret", "TOKEN", "password", "how does the config loader read files", "parse_config",
           "who calls parse_config", "what breaks if I change parse_config", '"ECONNREFUSED"', "escape", "../",
           "code similar to load", "MKRO", "value"]


# -- results stay inside the root ----------------------------------------------------------------


@pytest.fixture(scope="module")
def fenced(tmp_path_factory: pytest.TempPathFactory) -> repos.Planted:
    """The fixture repository plus links out of it, a link inside it, ignored, binary and huge files
    (made once for the module: the tests below only index and ask)."""
    tmp_path = tmp_path_factory.mktemp("fenced")
    root = tmp_path / "repo"
    shutil.copytree(FIXTURE, root, symlinks=True)
    plan = repos.Planted(root)
    marks = repos._Counter()
    repos.outside(plan, tmp_path / "elsewhere", marks)
    repos.write(tmp_path / "elsewhere", "secret_config.py", "def parse_config():\n    password = 'hunter2'\n")
    os.symlink(root / "links" / "target.py", root / "links" / "alias.py")
    repos.ignored(plan, marks)
    repos.binaries(plan, marks)
    huge = marks("H")
    repos.write(root, "big.py", f"HUGE = '{huge}'\n" + "x = 1\n" * 200_000)
    plan.forbid(huge, "too large")
    return plan


def _inside(root: Path, path: str) -> bool:
    if path.startswith("/") or "\\" in path or ".." in path.split("/"):
        return False
    real = (root / path).resolve()
    return real.is_relative_to(root.resolve()) and real.is_file()


@pytest.fixture(scope="module")
def fenced_index(fenced: repos.Planted, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Engine, Path]]:
    """The fenced repository indexed and embedded (a fake model) once, and its index folder."""
    base = tmp_path_factory.mktemp("fenced-index")
    engine = Engine(fenced.root, base, provider=FakeProvider())
    engine.refresh()
    engine.embed_pending()
    yield engine, base
    engine.close()


@pytest.mark.slow
def test_results_never_point_outside_the_root(fenced: repos.Planted, fenced_index: tuple[Engine, Path]) -> None:
    engine, _ = fenced_index
    seen = 0
    for query in QUERIES + list(fenced.absent):
        for kwargs in ({}, {"preset": "thorough"}, {"modality": "text"}, {"modality": "structural"},
                       {"modality": "semantic"}, {"modality": "graph"}, {"regex": True, "modality": "text"}):
            try:
                result = engine.search(query, limit=100, **kwargs).to_json()
            except QueryError:
                continue
            for r in result["results"]:
                assert _inside(fenced.root, r["path"]), (query, kwargs, r["path"])
                seen += 1
    for mark in fenced.absent:
        assert not engine.search(mark, modality="text").to_json()["results"], mark
    assert not engine.search("hunter2", modality="text").to_json()["results"]
    assert all(_inside(fenced.root, path) for path in engine.snapshot.files)
    record("boundaries", "ci", results_checked_inside_root=seen)


@pytest.mark.slow  # over 3 s on 2 cores: the slow pass (.ci/run) runs it
def test_the_command_line_never_names_a_path_outside_the_root(fenced: repos.Planted) -> None:
    for query in ("hunter2", "secret", "parse_config", repos.marker("O", 1)):
        proc = cli("search", query, "--repo", str(fenced.root), "--json", "--limit", "100")
        assert proc.returncode == 0, proc.stderr
        results = json.loads(proc.stdout)["results"]
        assert all(_inside(fenced.root, r["path"]) for r in results), [r["path"] for r in results]
        assert "elsewhere" not in json.dumps(results) and "hunter2" not in json.dumps(results)


# -- ignored and skipped files never reach the index ---------------------------------------------


def _index_bytes(base: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(base.rglob("*")) if p.is_file())


def test_ignored_and_skipped_files_never_reach_the_index(fenced: repos.Planted,
                                                         fenced_index: tuple[Engine, Path]) -> None:
    engine, base = fenced_index  # everything written to the index folder, searches' records too
    stored = _index_bytes(base)
    leaked = [mark for mark in fenced.absent if mark.encode() in stored]
    assert not leaked, [(m, fenced.absent[m]) for m in leaked]
    assert b"hunter2" not in stored
    forbidden_paths = ("debug.log", "ignored_dir/", "build/", "pkg/secret.txt", "pkg/x.snap", ".git/", "bin/",
                       "big.py", "links/escape")
    assert not [p for p in engine.snapshot.files if p.startswith(forbidden_paths)]
    record("boundaries", "ci", forbidden_markers_checked=len(fenced.absent), index_bytes_scanned=len(stored))


def test_a_file_ignored_later_leaves_the_index(tmp_path: Path) -> None:
    """Indexed once, then ignored, made binary, grown too large or moved out: gone from every generation."""
    root = tmp_path / "repo"
    marks = {name: repos.marker("T", i) for i, name in enumerate(["later_ignored.py", "later_binary.py",
                                                                   "later_huge.py", "later_moved.py"])}
    for name, mark in marks.items():
        repos.write(root, name, f"M = '{mark}'\n")
    repos.write(root, "keep.py", "keep = 1\n")
    base = tmp_path / "index"
    update_index(root, base)
    repos.write(root, ".gitignore", "later_ignored.py\n")
    repos.write(root, "later_binary.py", b"\x00\x01" + marks["later_binary.py"].encode())
    repos.write(root, "later_huge.py", f"M = '{marks['later_huge.py']}'\n" + "y" * (2 << 20))
    (root / "later_moved.py").rename(tmp_path / "moved_out.py")
    os.symlink(tmp_path / "moved_out.py", root / "later_moved.py")
    for _ in range(3):  # old generations are kept for readers until two newer ones exist
        repos.write(root, "keep.py", f"keep = {_}\n")
        snap, _summary = update_index(root, base)
    assert sorted(snap.files) == [".gitignore", "keep.py"]
    stored = _index_bytes(index_folder(root, base))
    assert not [name for name, mark in marks.items() if mark.encode() in stored]


# -- the Voyage API key ----------------------------------------------------------------------------


class FakeVoyage:
    """Answers like ``voyageai.Client.embed``; fails with messages that quote the key when told to."""

    def __init__(self, failures: list[BaseException] | None = None) -> None:
        self.failures = list(failures or [])
        self.calls = 0

    def embed(self, texts: list[str], **options: Any) -> Any:
        self.calls += 1
        if self.failures:
            raise self.failures.pop(0)
        dim = options["output_dimension"]
        if options["output_dtype"] == "ubinary":
            rows: list[Any] = [pack(np.random.default_rng(len(t)).standard_normal(dim)).tolist() for t in texts]
        else:
            rows = [np.random.default_rng(len(t)).standard_normal(dim).tolist() for t in texts]
        return types.SimpleNamespace(embeddings=rows, total_tokens=len(texts))


class Unauthorized(Exception):
    http_status = 401


class RateLimited(Exception):
    http_status = 429


def test_the_key_never_reaches_logs_index_files_or_messages(tmp_path: Path, caplog: pytest.LogCaptureFixture,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "repo"
    shutil.copytree(FIXTURE, root, symlinks=True)
    base = tmp_path / "index"
    failures: list[BaseException] = [RateLimited(f"429 for key {KEY}"), ConnectionError(f"reset (key={KEY})")]
    client = FakeVoyage(failures)
    notices: list[str] = []
    provider = VoyageProvider(client, dimension=256, notice=notices.append, sleep=lambda s: None, secret=KEY)
    engine = Engine(root, base, provider=provider)
    messages: list[str] = []
    with caplog.at_level(logging.DEBUG):
        engine.refresh()
        engine.embed_pending()
        results = [engine.search(q).to_json() for q in QUERIES if q != "../"]
        client.failures = [Unauthorized(f"Provided API key is invalid: {KEY}")]
        with pytest.raises(ProviderError) as rejected:
            provider.embed_documents(["def leak(): pass"])
        messages.append(str(rejected.value))
        client.failures = [ValueError(f"bad request, key {KEY}")] * 3
        messages.append(json.dumps(engine.search("how is the key used, again?").to_json()))
        client.failures = [RuntimeError(f"{KEY}")] * 3
        with pytest.raises(ProviderError) as fatal:
            provider.embed_query("another question")
        messages.append(str(fatal.value))
    out = capsys.readouterr()
    texts = [caplog.text, out.out, out.err, repr(provider), repr(engine.provider), *notices, *messages,
             *(json.dumps(r) for r in results)]
    assert not [t[:200] for t in texts if KEY in t]
    assert "***" in caplog.text, "the retried errors were logged, with the key masked"
    stored = _index_bytes(base)
    assert KEY.encode() not in stored and len(stored) > 0
    record("boundaries", "ci", key_checks=len(texts) + 1, key_leaks=0, provider_failures_injected=7)


STUB = '''
"""A stand-in for the voyageai SDK: records requests, answers or fails as STUB_VOYAGE_MODE says."""
import json, os, sys, types, random


class AuthenticationError(Exception):
    http_status = 401


class Client:
    def __init__(self, api_key=None, max_retries=0, timeout=None, **kwargs):
        self.api_key = api_key

    def embed(self, texts, model=None, input_type=None, output_dtype=None, output_dimension=None, truncation=True):
        sys.stderr.write("STUB-SEND %d %s\\n" % (len(texts), input_type))
        sys.stderr.flush()
        mode = os.environ.get("STUB_VOYAGE_MODE", "ok")
        if mode == "auth":
            raise AuthenticationError("Provided API key is invalid: " + self.api_key)
        if mode == "fatal":
            raise ValueError("request rejected for api_key=" + self.api_key)
        rng = random.Random(len(texts))
        if output_dtype == "ubinary":
            rows = [[rng.randrange(256) for _ in range(output_dimension // 8)] for _ in texts]
        else:
            rows = [[rng.uniform(-1, 1) for _ in range(output_dimension)] for _ in texts]
        return types.SimpleNamespace(embeddings=rows, total_tokens=len(texts))
'''


@pytest.fixture
def stub_env(tmp_path: Path) -> dict[str, str]:
    """An environment whose ``voyageai`` is the stub and whose VOYAGE_API_KEY is the fake key."""
    stub = tmp_path / "stub"
    repos.write(stub, "voyageai/__init__.py", STUB)
    env = dict(os.environ, VOYAGE_API_KEY=KEY, PYTHONPATH=os.pathsep.join([str(stub), *sys.path]))
    env.pop("MAGUYVA_DEBUG", None)
    return env


# A rejected key ("auth") puts the key in the provider's error: the default run checks that one;
# a good key and a fatal failure (retried with real sleeps, 15 s) run under -m slow.
@pytest.mark.parametrize("mode", [pytest.param("ok", marks=pytest.mark.slow), "auth",
                                  pytest.param("fatal", marks=pytest.mark.slow)])
@pytest.mark.slow  # over 4 s each on 2 cores: run by .ci/run's slow pass
def test_the_key_never_reaches_the_command_line_output_or_the_index(tmp_path: Path, stub_env: dict[str, str],
                                                                     mode: str) -> None:
    root = tmp_path / "repo"
    shutil.copytree(FIXTURE, root, symlinks=True)
    env = dict(stub_env, STUB_VOYAGE_MODE=mode)
    runs = [cli("index", str(root), "--embed", "full", env=env), cli("index", str(root), "--json", "--embed", "full", env=env),
            cli("search", "how does the config loader read files", "--repo", str(root), "--json", env=env),
            cli("search", "--batch", "-", "--repo", str(root), env=env,
                stdin='{"query": "how are files read"}\n{"query": "parse_config"}\n')]
    assert "STUB-SEND" in runs[0].stderr, "the stub must have been used"
    for proc in runs:
        assert KEY not in proc.stdout and KEY not in proc.stderr, (mode, proc.args[3], proc.stderr[-300:])
        assert "Traceback" not in proc.stderr
    if mode == "ok":
        assert all(proc.returncode == 0 for proc in runs), [p.stderr[-300:] for p in runs]
    stored = _index_bytes(Path(os.environ["MAGUYVA_INDEX_DIR"]))
    assert KEY.encode() not in stored and len(stored) > 0
    record("boundaries", "ci", key_checks=len(runs) * 2 + 1)


@pytest.mark.slow  # 2-4 s (an index process and the model): the default run stays under 5 minutes
@pytest.mark.parametrize("json_flag", [False, True], ids=["text", "json"])
def test_the_user_is_told_before_code_first_leaves(tmp_path: Path, stub_env: dict[str, str], json_flag: bool) -> None:
    """maguyva_tui/cli.py _index used to print engine.notices only after refresh() and
    embed_pending() had returned, after every chunk was sent, and never with --json. Fixed in
    69e4754: notices reach stderr the moment they arise. UPLOAD_NOTICE must come before the first
    request the (stub) SDK receives."""
    root = tmp_path / "repo"
    shutil.copytree(FIXTURE, root, symlinks=True)
    proc = cli("index", str(root), "--embed", "full", *(["--json"] if json_flag else []), env=stub_env)
    assert proc.returncode == 0, proc.stderr
    first_send = proc.stderr.find("STUB-SEND")
    told = proc.stderr.find(UPLOAD_NOTICE[:40])
    assert first_send >= 0 and 0 <= told < first_send, proc.stderr[:600]


@pytest.mark.slow  # 2-4 s (an index process and the model): the default run stays under 5 minutes
def test_a_rejected_key_falls_back_to_the_local_model_and_says_so(tmp_path: Path, stub_env: dict[str, str]) -> None:
    """maguyva_tui/core/engine.py Engine.use_local_model set ``_provider_notice`` but never called
    ``self.notice``, so `maguyva index` (text output) embedded everything with the local model after
    Voyage answered 401 and printed only the upload notice: the user believed Voyage did the work.
    Fixed in 7e1dea0: the fallback is announced at once."""
    root = tmp_path / "repo"
    repos.write(root, "a.py", "def read_files(paths):\n    return [open(p).read() for p in paths]\n")
    proc = cli("index", str(root), "--embed", "full", env=dict(stub_env, STUB_VOYAGE_MODE="auth"))
    assert proc.returncode == 0, proc.stderr
    assert "STUB-SEND" in proc.stderr and "using the local model" in proc.stderr, proc.stderr
