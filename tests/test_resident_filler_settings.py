"""What keeps a resident server from filling the transformer tier: ``MAGUYVA_SERVER_FILL=0``, a
Voyage key (a background process never spends API calls unasked), the local model missing."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from maguyva_tui.core.embed import provider
from maguyva_tui.core.types import MissingPackage
from maguyva_tui.resident import place
from maguyva_tui.resident.filler import FILL_ENV, Filler, fill_blocked


def test_the_settings_that_turn_the_model_off_keep_the_filler_from_starting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(FILL_ENV, raising=False)
    monkeypatch.delenv(provider.VOYAGE_KEY_ENV, raising=False)
    monkeypatch.setattr(provider, "missing_local_package", lambda: None)
    assert fill_blocked() is None
    monkeypatch.setenv(FILL_ENV, "0")
    assert fill_blocked() == f"{FILL_ENV}=0"
    monkeypatch.setenv(FILL_ENV, "1")
    monkeypatch.setenv(provider.VOYAGE_KEY_ENV, "pa-secret")
    blocked = fill_blocked()
    assert blocked is not None and "VOYAGE_API_KEY" in blocked and "pa-secret" not in blocked
    monkeypatch.delenv(provider.VOYAGE_KEY_ENV)
    monkeypatch.setattr(provider, "missing_local_package", lambda: MissingPackage("no tokenizers"))
    assert fill_blocked() == "no tokenizers"


def test_the_fill_setting_is_no_part_of_which_server_answers() -> None:
    """A shell with MAGUYVA_SERVER_FILL=0 asks the same server as one without (it changes no answer)."""
    assert place.relevant_env({FILL_ENV: "0", "MAGUYVA_X": "1"}) == {"MAGUYVA_X": "1"}


def _state(pid: int) -> str:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads a process's state in /proc")
def test_a_filler_is_paused_while_searches_come_and_stopped_with_the_server(tmp_path: Path) -> None:
    """A filler at the lowest priority still slowed the server's round trip beside it (caches, a
    hyperthread): it is stopped where it is while searches come, and goes on after."""
    lines: list[str] = []
    filler = Filler(str(tmp_path), "", lines.append)
    filler._child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    pid = filler._child.pid
    filler.pause()
    filler.pause()  # once: a flag's test
    _until(lambda: _state(pid) == "T")
    filler.resume()
    _until(lambda: _state(pid) != "T")
    filler.pause()
    filler.stop(wait=5)  # a paused child told to stop goes on and ends
    assert filler._child is None and not filler.running
    assert not Path(f"/proc/{pid}").exists() or _state(pid) in ("Z", "X")


def _until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 5
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


@pytest.mark.parametrize(("code", "again"), [(4, True), (3, False), (0, False)])
def test_a_filler_that_found_another_process_filling_is_started_again_later(code: int, again: bool) -> None:
    """A filler that found the explorer filling had been settled on its generation for good: once
    the explorer quit midway, the server never filled the rest until the index changed."""
    filler = Filler("/r", "", lambda _line: None)
    filler._child = subprocess.Popen([sys.executable, "-c", f"raise SystemExit({code})"])
    filler._child_generation = "g-1"
    filler._child.wait(10)
    assert not filler.running
    assert filler.wanted("g-1", lambda: 0.5) is again


def test_server_status_names_another_process_that_fills() -> None:
    """While the explorer filled, server status had said only the coverage, as if nothing filled."""
    from maguyva_tui.resident.command import _semantic_lines

    tiers = {"static": 1.0, "transformer": 0.25}
    assert _semantic_lines({"semantic_tiers": tiers, "filling": False, "filled_by": 42}) == [
        "  semantic static 100%, transformer 25%; another process fills the transformer tier (pid 42)"]
    assert _semantic_lines({"semantic_tiers": tiers, "filling": False}) == ["  semantic static 100%, transformer 25%"]
