"""An input/output error from a read is said as a failed read of its file: every ``OSError`` naming
no file (EIO) had been said as "could not write the output", a ``core.excludesFile =
/proc/self/mem`` that refused reading too (before 5e11695 skipped it)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from maguyva_tui import cli
from maguyva_tui.core import ignore
from maguyva_tui.io_failure import failed_file
from maguyva_tui.resident import command

MEM = Path("/proc/self/mem")


def _refusing_read(path: Path, *args: object, **kwargs: object) -> None:
    """An exclude file read as before 5e11695: the read's EIO not caught."""
    fd = os.open(MEM, os.O_RDONLY)
    with os.fdopen(fd, "rb") as handle:
        handle.read(16)


@pytest.mark.skipif(not os.access(MEM, os.R_OK), reason="needs Linux's /proc/self/mem")
def test_a_failed_read_names_its_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", "")
    monkeypatch.delenv("MAGUYVA_DEBUG", raising=False)
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "a.py").write_text("x = 1\n")
    (repo / ".gitignore").write_text("b.py\n")
    monkeypatch.setattr(ignore, "_read", lambda path, *a, **k: _refusing_read(MEM))
    code = cli.main(["index", str(repo), "--no-semantic", "--index-dir", str(tmp_path / "idx")])
    assert (code, capsys.readouterr().err) == (1, f"maguyva: error: could not read {MEM}: Input/output error\n")
    try:
        _refusing_read(MEM)
    except OSError as exc:
        cli._refused_for_a_failure(exc, "q")  # a --json search's answer to it
    assert f"could not read {MEM}: Input/output error" in capsys.readouterr().out


@pytest.mark.skipif(not os.access(MEM, os.R_OK), reason="needs Linux's /proc/self/mem")
def test_the_resident_servers_command_names_it_too(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(command, "_main", lambda argv: _refusing_read(MEM))
    assert (command.main([]), capsys.readouterr().err) == (1, f"maguyva: error: could not read {MEM}: Input/output error\n")


def test_a_failed_write_of_a_file_names_it(tmp_path: Path) -> None:
    written = tmp_path / "out.bin"
    try:
        with written.open("wb") as handle:
            handle.flush()
            raise OSError(errno.ENOSPC, "No space left on device")
    except OSError as exc:
        failed = failed_file(exc)
    assert failed is not None and failed.said("No space left on device") == f"could not write {written}: No space left on device"


def test_a_failed_write_of_the_output_names_none() -> None:
    try:
        raise OSError(errno.EIO, "Input/output error")
    except OSError as exc:
        assert failed_file(exc) is None and cli.unwritable_output(exc)
