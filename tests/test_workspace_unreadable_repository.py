"""A workspace one of whose repositories its user may not read answers from the others and names
that one missing, in one line. Found by an outside tester (linkify-it-py 2.0.3 made unreadable, in
a workspace of six with pyee, mri, sade, uc-micro-py and an app): ``maguyva search LinkifyIt
--workspace ws.txt``, ``--json`` and the MCP server over it ended in "internal error:
PermissionError: [Errno 13] Permission denied: '.../linkify-it-py-2.0.3/.git'" before any
repository was searched (the workspace's check for a folder above a git repository looked at the
folder's ``.git``), where a repository deleted was named missing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from maguyva_tui.core.workspace.listing import distinct_roots
from tests.conftest import FIXTURE, REPO


def test_a_folder_whose_git_cannot_be_looked_at_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app, locked = tmp_path / "app", tmp_path / "locked"
    (app / ".git").mkdir(parents=True)
    locked.mkdir()
    real = Path.stat

    def stat(self: Path, *, follow_symlinks: bool = True) -> os.stat_result:
        if locked in self.parents:  # as the kernel answers a folder without read and search permission
            raise PermissionError(13, "Permission denied", str(self))
        return real(self, follow_symlinks=follow_symlinks)

    monkeypatch.setattr(Path, "stat", stat)
    assert distinct_roots([app, locked]) == [app, locked]


def _without_reading_rights() -> list[str] | None:
    """The command prefix that runs a process unable to read a folder made unreadable: none for a
    user other than root; for root, ``setpriv`` dropping the capabilities that read every file."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    return None if setpriv is None else [setpriv, "--bounding-set", "-dac_override,-dac_read_search"]


@pytest.mark.slow  # a maguyva process indexing two repositories: about 4 s on 2 cores
def test_an_unreadable_repository_is_named_missing_and_the_others_answer(tmp_path: Path) -> None:
    prefix = _without_reading_rights()
    if prefix is None:
        pytest.skip("root without setpriv reads every folder")
    service, locked = tmp_path / "service", tmp_path / "locked"
    shutil.copytree(FIXTURE / "app", service)
    shutil.copytree(FIXTURE / "web", locked)
    (service / ".git").mkdir()
    env = {**os.environ, "MAGUYVA_INDEX_DIR": str(tmp_path / "ix")}
    locked.chmod(0)
    try:
        done = subprocess.run([*prefix, sys.executable, "-m", "maguyva_tui", "search", "parse_config", "--json",
                               "--repo", str(service), "--repo", str(locked)],
                              capture_output=True, text=True, timeout=120, env=env, cwd=REPO)
    finally:
        locked.chmod(0o755)
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    answer = json.loads(done.stdout)
    assert [m["repo"] for m in answer["missing"]] == ["locked"] and "Permission denied" in answer["missing"][0]["reason"]
    assert answer["results"] and {r["repo"] for r in answer["results"]} == {"service"}
    assert done.stderr.splitlines() == [f"maguyva: skipped locked: {answer['missing'][0]['reason']}"]
