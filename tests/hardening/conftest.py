"""Shared pieces of the hardening suite: the two scales, running the CLI, a fake embedding model."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest

from tests.fakes import FakeProvider as BaseFakeProvider

SCALES = [pytest.param("ci", id="ci"), pytest.param("full", id="full", marks=pytest.mark.slow)]
"""Every measured test runs small by default and at the issue's full size under ``-m slow``."""


def cli(*args: str, stdin: str | None = None, timeout: float = 300, env: dict[str, str] | None = None,
        ) -> subprocess.CompletedProcess[str]:
    """Run ``maguyva`` as a user runs it, in a fresh process."""
    return subprocess.run([sys.executable, "-m", "maguyva_tui", *args], capture_output=True, text=True,
                          input=stdin, timeout=timeout, env=env, check=False)


@dataclass
class Watch:
    """Wall-clock and process CPU seconds of a block (CPU time stays honest on a busy shared machine)."""

    wall: float = 0.0
    cpu: float = 0.0


@contextmanager
def stopwatch() -> Iterator[Watch]:
    """Time a block by the wall clock and by this process's CPU time (every thread of it)."""
    watch = Watch()
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        yield watch
    finally:
        watch.wall, watch.cpu = time.perf_counter() - wall, time.process_time() - cpu


def batch_lines(queries: list[dict[str, Any]]) -> str:
    """Render queries as the JSON lines ``maguyva search --batch`` reads."""
    return "".join(json.dumps(q) + "\n" for q in queries)


class FakeProvider(BaseFakeProvider):
    """Vectors seeded by a text's first 64 characters and its length."""

    id = "test:hardening:64"

    def seed(self, text: str) -> int:
        return sum(map(ord, text[:64])) + len(text)
