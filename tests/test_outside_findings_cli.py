"""The command line's defects an outside tester found, each pinned by the test that caught it.

The other surfaces' findings (editor, MCP intake, resident server, the walk) are in
``tests/hardening/test_outside_findings.py``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO


def _run_closed(fd: int, *args: str) -> subprocess.CompletedProcess[bytes]:
    """``maguyva ARGS`` started with one standard descriptor closed (``<&-``, ``>&-``)."""
    return subprocess.run([sys.executable, "-m", "maguyva_tui", *args], stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE if fd != 1 else None, stderr=subprocess.PIPE, cwd=REPO,
                          timeout=300, check=False, preexec_fn=lambda: os.close(fd))


def test_a_batch_from_a_closed_stdin_reads_nothing_not_an_internal_error(polyglot: Path) -> None:
    # `maguyva search --batch - <&-` was "internal error: AttributeError: 'NoneType' object has no attribute 'buffer'"
    proc = _run_closed(0, "search", "--batch", "-", "--repo", str(polyglot))
    assert proc.returncode == 0 and proc.stderr == b"" and proc.stdout == b""


@pytest.mark.parametrize("args", [("search", "parse_config", "--json"),
                                  pytest.param(("graph", "callers", "parse_config", "--json"), marks=pytest.mark.slow)])
def test_json_to_a_closed_stdout_is_dropped_not_an_internal_error(polyglot: Path, args: tuple[str, ...]) -> None:
    # `maguyva search x --json >&-`: _emit read sys.stdout.encoding of None
    proc = _run_closed(1, *args, "--repo", str(polyglot))
    assert b"internal error" not in proc.stderr and proc.returncode == 0, proc.stderr
