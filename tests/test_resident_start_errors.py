"""``maguyva server start`` that fails says why in its one line (``resident/command.py``): a
runtime folder that is not the user's private one names what is wrong with it, and a server that
exited before it was ready quotes its log's error; both had said only "could not start a server in
FOLDER" or "see LOG", leaving the user to guess or to open the log."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from maguyva_tui.resident import client, command, place


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """A private folder with a short path (a Unix socket's path holds about 100 bytes)."""
    folder = Path(tempfile.mkdtemp(prefix="mr-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_a_runtime_folder_open_to_others_is_named_with_its_mode(short_dir: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    folder = short_dir / "open"
    folder.mkdir()
    os.chmod(folder, 0o755)
    assert command._start(str(folder), str(folder / "x.sock"), "/repo", "") == 1
    err = capsys.readouterr().err
    assert err == f"maguyva: error: could not start a server in {folder}: other users can open it (mode 755; chmod 700 it)\n"


def test_a_runtime_folder_that_is_a_link_or_a_file_says_so(short_dir: Path) -> None:
    (short_dir / "real").mkdir(mode=0o700)
    (short_dir / "link").symlink_to(short_dir / "real")
    (short_dir / "file").write_text("")
    assert place.not_private(str(short_dir / "link")) == "it is a symbolic link"
    assert place.not_private(str(short_dir / "file")) == "it is not a folder"
    assert place.not_private(str(short_dir / "real")) == ""


def test_a_server_that_exits_before_it_is_ready_quotes_its_logs_error(short_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = str(short_dir / "x.sock")
    log = short_dir / "x.log"

    monkeypatch.setattr(client, "spawn", lambda *args, **kwargs: SimpleNamespace(poll=lambda: 1))  # exits at once
    log.write_text("2026-01-01 00:00:00 maguyva server 1: serving\n"
                   "maguyva: error: cannot listen: [Errno 21] Is a directory: 'x.lock'\n")
    assert command._start(str(short_dir), path, "/repo", "") == 1
    assert capsys.readouterr().err == ("maguyva: error: the server exited before it was ready: cannot listen: "
                                       f"[Errno 21] Is a directory: 'x.lock'; see {log}\n")
    log.write_text("a line that says no error\n")
    assert command._start(str(short_dir), path, "/repo", "") == 1
    assert capsys.readouterr().err == f"maguyva: error: the server exited before it was ready; see {log}\n"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/dev/full, and the server is Linux only")
def test_status_printed_to_a_full_device_is_one_line_not_a_traceback(short_dir: Path) -> None:
    """``maguyva server status > /dev/full`` had ended in a traceback (OSError: No space left on device)."""
    env = {**os.environ, "XDG_RUNTIME_DIR": str(short_dir)}
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-c", "import sys; from maguyva_tui.resident.command import main; "
                               "sys.exit(main(['status', '--repo', sys.argv[1]]))", str(short_dir)],
                              stdout=full, stderr=subprocess.PIPE, text=True, env=env, timeout=60)
    assert (proc.returncode, proc.stderr) == (1, "maguyva: error: could not write the output: No space left on device\n")
