"""``maguyva index`` and the semantic tiers, run as a user runs it: the static tier covers every
chunk before the command returns, the transformer only when asked (``--embed full``), progress
on stderr also when it is not a terminal, and each phase's time in the summary."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

import pytest

from maguyva_tui.cli import PROGRESS_QUIET_S, _ProgressLines
from tests.conftest import Runner
from tests.test_cli import run, search_json


def index_json(repo: Path, *args: str, runner: Runner = run) -> tuple[dict, str]:
    proc = runner("index", str(repo), "--json", *args)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout), proc.stderr


@pytest.mark.slow  # 2-4 s (an index process and the model): the default run stays under 5 minutes
def test_index_covers_every_chunk_with_the_static_tier_and_never_runs_the_transformer(polyglot: Path,
                                                                                       here: Runner) -> None:
    summary, _ = index_json(polyglot)
    assert summary["semantic_coverage"] == 1.0
    assert summary["semantic_tiers"] == {"static": 1.0, "transformer": 0.0}
    assert summary["embedded"]["static"]["new"] == summary["embedded"]["chunks"] > 0
    assert "transformer" not in summary["embedded"] and "transformer" not in summary["phases"]
    assert {"index", "static"} <= set(summary["phases"]) and summary["seconds"] >= sum(summary["phases"].values())
    again, _ = index_json(polyglot, runner=here)  # nothing new: nothing embedded again
    assert again["embedded"]["static"]["new"] == 0 and again["semantic_coverage"] == 1.0


def test_a_plain_question_after_index_ranks_by_the_static_tier_and_says_the_transformer_is_partial(
    indexed_polyglot: Path,
) -> None:
    """The session's copy of the fixture is as ``maguyva index`` left it."""
    result = search_json(indexed_polyglot, "how does the config loader read files", "--preset", "quick")
    assert result["semantic_coverage"] == 1.0 and result["semantic_tiers"] == {"static": 1.0, "transformer": 0.0}
    assert result["results"] and "static cosine" in result["results"][0]["modalities"]["semantic"]["reason"]
    assert [n for n in result["notices"] if "transformer tier covers 0%" in n]


@pytest.mark.slow  # 2-4 s (an index process and the model): the default run stays under 5 minutes
def test_embed_full_fills_the_transformer_tier_with_progress_lines_on_a_piped_stderr(indexed_polyglot: Path) -> None:
    summary, stderr = index_json(indexed_polyglot, "--embed", "full")  # the static tier is there already
    assert summary["semantic_tiers"] == {"static": 1.0, "transformer": 1.0}
    assert summary["embedded"]["transformer"]["new"] > 0 and summary["phases"]["transformer"] > 0
    lines = [line for line in stderr.splitlines() if line.startswith("maguyva: transformer")]
    if summary["phases"]["transformer"] >= PROGRESS_QUIET_S + 0.5:  # a run over a second narrates itself;
        assert lines  # a quicker one may say nothing (a fast machine), which is no failure
    if lines:
        assert lines[-1].rstrip().endswith(f"({summary['embedded']['chunks']:,}/{summary['embedded']['chunks']:,})")
    assert "\r" not in stderr  # whole lines, not a terminal's spinner


def test_no_semantic_builds_no_tier_and_the_summary_times_each_phase(polyglot: Path, here: Runner) -> None:
    proc = run("index", str(polyglot), "--no-semantic")
    assert proc.returncode == 0, proc.stderr
    assert "  semantic " not in proc.stdout and "seconds" in proc.stdout and "(index " in proc.stdout
    proc = here("index", str(polyglot))
    assert proc.returncode == 0, proc.stderr
    assert "semantic static 100%" in proc.stdout and "transformer 0%" in proc.stdout
    seconds = next(line for line in proc.stdout.splitlines() if line.strip().startswith("seconds"))
    assert "index " in seconds and "static " in seconds


def test_progress_lines_wait_a_second_then_come_every_few_per_cent() -> None:
    now = [0.0]
    out = io.StringIO()
    lines = _ProgressLines(out, clock=lambda: now[0])
    lines("walk", 0, 0)
    lines("static", 50, 100)
    assert out.getvalue() == ""  # a quick run says nothing
    now[0] = PROGRESS_QUIET_S + 0.1
    for done in range(0, 1001):
        lines("transformer", done, 1000)
    written = out.getvalue().splitlines()
    assert written[0] == "maguyva: transformer    0% (0/1,000)" and written[-1].endswith("100% (1,000/1,000)")
    assert len(written) == 21  # every 5 %
    lines("graph", 0, 0)
    lines("graph", 0, 0)
    assert out.getvalue().splitlines()[-1] == "maguyva: graph        ..."
    assert len(out.getvalue().splitlines()) == 22


def test_index_embed_full_waiting_for_a_resident_servers_filler_says_how_to_stop_it(tmp_path: Path,
                                                                                   monkeypatch: Any) -> None:
    """It had said only that another process fills and that it waits: not which, nor that
    `maguyva server stop` ends the wait."""
    from maguyva_tui import cli
    from maguyva_tui.core.store.lock import fill_holder, fill_lock

    folder = tmp_path / "idx"
    assert fill_holder(folder) is None
    with fill_lock(folder) as held:
        assert held and fill_holder(folder) == os.getpid()  # the holder is named in the lock file
    monkeypatch.setattr(cli, "_command_line", lambda pid: f"/usr/bin/python3 -m maguyva_tui.resident.filler /r 0 {pid}")
    text = cli._filler_text(4321, Path("/src/my repo"), None)
    assert "a resident server's filler (pid 4321)" in text
    assert "`maguyva server stop --repo '/src/my repo'` stops it" in text
    assert "--index-dir /tmp/i`" in cli._filler_text(4321, Path("/r"), "/tmp/i")
    monkeypatch.setattr(cli, "_command_line", lambda pid: "python -m maguyva_tui.mcp")
    assert "another process (pid 7) fills" in cli._filler_text(7, Path("/r"), None)
    monkeypatch.setattr(cli, "_command_line", lambda pid: "")
    assert cli._filler_text(None, Path("/r"), None).startswith("another process fills")


def test_a_phase_begun_in_the_quiet_second_is_said_from_its_start() -> None:
    """simplejson 3.19.3 at load 12: the parse step's first line had been ``57% (32/56)``, its 0%
    call having come in the quiet second, where every later step's first line was 0%."""
    now = [0.0]
    out = io.StringIO()
    lines = _ProgressLines(out, clock=lambda: now[0])
    lines("walk", 0, 0)
    lines("parse", 0, 56)
    now[0] = PROGRESS_QUIET_S + 0.1
    lines("parse", 32, 56)
    lines("parse", 56, 56)
    lines("write", 0, 0)
    assert out.getvalue().splitlines() == ["maguyva: parse          0% (0/56)", "maguyva: parse         57% (32/56)",
                                           "maguyva: parse        100% (56/56)", "maguyva: write        ..."]
