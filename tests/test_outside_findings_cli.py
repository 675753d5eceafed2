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


@pytest.mark.slow  # 1.5-2.6 s each (a first index of the fixture): the unit test below runs by default
@pytest.mark.parametrize("args", [("search", "parse_config", "--json"), ("graph", "callers", "parse_config", "--json")])
def test_json_to_a_closed_stdout_is_dropped_not_an_internal_error(polyglot: Path, args: tuple[str, ...]) -> None:
    # `maguyva search x --json >&-`: _emit read sys.stdout.encoding of None
    proc = _run_closed(1, *args, "--repo", str(polyglot))
    assert b"internal error" not in proc.stderr and proc.returncode == 0, proc.stderr


@pytest.mark.slow  # 1.4-2.5 s each (a first index of the fixture): the unit test below runs by default
@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_output_a_terminal_cannot_encode_is_escaped_not_an_internal_error(polyglot: Path, encoding: str) -> None:
    # PYTHONIOENCODING=ascii (or a legacy Latin-1 locale): --explain's bars, or a snippet's "é",
    # stopped the output halfway with "internal error: UnicodeEncodeError"
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    proc = subprocess.run([sys.executable, "-m", "maguyva_tui", "search", "parse_config", "--explain", "--repo",
                           str(polyglot)], capture_output=True, cwd=REPO, timeout=300, check=False, env=env)
    assert proc.returncode == 0 and b"internal error" not in proc.stderr, proc.stderr
    assert b"intent      find_definition  \\u2588" in proc.stdout


def test_closed_streams_and_a_narrow_encoding_are_made_harmless_at_start(monkeypatch: pytest.MonkeyPatch) -> None:
    # what the two subprocess tests above check end to end, in process
    import io

    from maguyva_tui.cli import _closed_streams_to_devnull, _emit

    narrow = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdout", narrow)
    monkeypatch.setattr(sys, "stdin", None)
    _closed_streams_to_devnull()
    assert sys.stdin is not None and sys.stdin.read() == ""
    print("caf\u00e9 \u2588")
    narrow.flush()
    assert narrow.buffer.getvalue() == b"caf\\xe9 \\u2588\n"
    monkeypatch.setattr(sys, "stdout", None)
    _closed_streams_to_devnull()
    _emit({"path": "caf\udce9.py"})  # dropped, as the user asked, without an error


def test_the_resident_client_escapes_what_stdout_cannot_encode(monkeypatch: pytest.MonkeyPatch) -> None:
    # the same answer, printed by the client from a resident server's reply: a traceback
    import io

    from maguyva_tui.resident.client import emit

    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdout", out)
    assert emit({"out": [[1, "caf\u00e9 \u2588\n"], [1, None]], "code": 0}) == 0
    out.flush()
    assert out.buffer.getvalue() == b"caf\\xe9 \\u2588\n"


def test_an_empty_index_dir_is_refused_not_read_as_the_user_cache(polyglot: Path, tmp_path: Path) -> None:
    # `maguyva index . --index-dir "$UNSET"` wrote the index into the user cache the flag was meant to avoid
    cache = tmp_path / "cache"
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "MAGUYVA_INDEX_DIR": ""}
    proc = subprocess.run([sys.executable, "-m", "maguyva_tui", "index", str(polyglot), "--no-semantic", "--index-dir",
                           " "], capture_output=True, cwd=REPO, timeout=300, check=False, env=env)
    assert proc.returncode == 2 and b"--index-dir: an empty folder name" in proc.stderr, proc.stderr
    assert not cache.exists()


def test_a_batch_lines_null_options_are_the_command_lines_and_a_boolean_limit_is_refused() -> None:
    # {"limit": null} was "int() argument must be a string, a bytes-like object or a real number,
    # not 'NoneType'" and {"preset": null} an unknown preset; {"limit": true} searched for one result
    import argparse

    from maguyva_tui.cli import _batch_one

    args = argparse.Namespace(limit=20, modality=None, regex=False, ignore_case=False, smart_case=False, intent=None,
                              preset="default", depth=None)
    asked: list[dict[str, object]] = []

    def answer(text: str, options: dict[str, object]) -> dict[str, object]:
        asked.append(options)
        return {"query": text, "results": []}

    line = b'{"query": "x", "limit": null, "preset": null, "intent": null, "regex": null, "depth": null}'
    assert _batch_one(answer, args, line, 1) == {"query": "x", "results": []}
    assert asked == [{"limit": 20, "modality": None, "regex": False, "case": "sensitive", "intent": None,
                      "preset": "default", "depth": None}]
    refused = _batch_one(answer, args, b'{"query": "x", "limit": true}', 2)
    assert refused["error"] == 'line 2: "limit" must be a whole number, not true' and len(asked) == 1


def test_an_unrecognized_argument_of_escapes_is_shown_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    # argparse lists unrecognized arguments as they are: `maguyva search x "$NAME"` with a file
    # name of escape sequences cleared the screen or set the window title from the error line
    from maguyva_tui.cli import build_parser
    from maguyva_tui.resident.command import build_parser as server_parser

    for parser, argv in ((build_parser(), ["search", "x", "y\x1b[2J\x1b]0;t\x07"]),
                         (server_parser(), ["status", "y\x1b[2J\x1b]0;t\x07"])):
        with pytest.raises(SystemExit):
            parser.parse_args(argv)
        err = capsys.readouterr().err
        assert "\x1b" not in err and "\x07" not in err and "y\\x1b[2J\\x1b]0;t\\x07" in err


@pytest.mark.parametrize("args", [("graph", "callers", "x"), ("server", "status")])
def test_a_working_folder_deleted_under_the_shell_is_one_line(tmp_path: Path, args: tuple[str, ...]) -> None:
    # `cd build && rm -rf ../build && maguyva graph callers x`: "internal error: FileNotFoundError";
    # `maguyva server status`: a traceback
    gone = tmp_path / "gone"
    gone.mkdir()
    proc = subprocess.run([sys.executable, str(REPO / "bin" / "maguyva"), *args], capture_output=True, cwd=gone,
                          timeout=300, check=False, preexec_fn=lambda: os.rmdir(gone))
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.decode().splitlines() == [
        "maguyva: error: the current folder no longer exists (deleted or moved away): cd to a folder, or give the "
        "repository's path"]


@pytest.mark.parametrize("args", [("index", ""), ("index", ".", " "), ("search", "x", "--repo", ""),
                                  ("graph", "callers", "x", "--repo", ""), ("mcp", ""), ("mcp", "--repo", ""),
                                  ("",), ("--repo", ""), ("search", "x", "--workspace", "")])
def test_an_empty_repository_path_is_refused_not_read_as_the_current_folder(
        args: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # `maguyva index ""` indexed the current folder (Path("") is "."), as did --repo "" and the explorer's `maguyva ""`
    from maguyva_tui import cli

    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.py").write_text("A = 1\n")
    monkeypatch.setenv("MAGUYVA_INDEX_DIR", str(tmp_path / "indexes"))
    assert cli.main(list(args)) == 2
    err = capsys.readouterr().err
    assert err.startswith("maguyva: error: an empty ") and err.count("\n") == 1, err
    assert not (tmp_path / "indexes").exists()
