"""The entry point (``maguyva_tui.__main__._main``) running a test's own command line."""

from __future__ import annotations

import sys
import types
from collections.abc import Callable

import pytest

import maguyva_tui.__main__ as entry


def run_as_cli(monkeypatch: pytest.MonkeyPatch, main: Callable[[list[str]], int]) -> None:
    """Have ``entry._main`` run ``main`` as the command line (a stand-in for ``maguyva_tui.cli``),
    no resident server asked and the process's fast exit stubbed: what the entry point sets up
    around a command is what the test reads."""
    cli = types.ModuleType("maguyva_tui.cli")
    cli.main = main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "maguyva_tui.cli", cli)
    monkeypatch.setenv("MAGUYVA_NO_SERVER", "1")
    monkeypatch.setattr(entry, "_exit_now", lambda status: None)
