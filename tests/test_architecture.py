"""The import rules of pyproject.toml's ``[tool.importlinter]``, one test per contract.

``make imports`` (``lint-imports``) checks the same contracts in one go; here each is a test of its own,
so a broken rule names itself and prints import-linter's account of it (the chain, or the circle and
the imports that would break it).
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
CONTRACTS = [c["id"] for c in tomllib.loads(PYPROJECT.read_text("utf-8"))["tool"]["importlinter"]["contracts"]]

def lint(contract: str) -> subprocess.CompletedProcess[str]:
    """Run ``lint-imports`` on one contract in a fresh process, without the cache."""
    code = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"
    args = [sys.executable, "-c", code, "--no-logo", "--no-cache", "--contract", contract, str(PYPROJECT)]
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize("contract", CONTRACTS)
def test_import_contract_is_kept(contract: str) -> None:
    done = lint(contract)
    assert "Could not" not in done.stderr, done.stderr
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_contract_is_tested() -> None:
    assert len(CONTRACTS) == len(set(CONTRACTS)) >= 4


HEAVY_FOR_A_SEARCH = ("networkx", "scipy", "textual", "rich")
"""Modules a search on an existing index never needs at start-up (issue 19.2): the graph's
networkx view and PageRank's sparse matrices (1.1 s of imports on a loaded machine), the UI."""


def test_the_search_path_imports_nothing_it_does_not_need() -> None:
    code = (
        "import sys, maguyva_tui.cli, maguyva_tui.core.engine, maguyva_tui.core.search; "
        f"print(' '.join(m for m in {HEAVY_FOR_A_SEARCH!r} if m in sys.modules))"
    )
    found = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    assert found.stdout.split() == []
