"""Load: thousands of queries through one ``maguyva search --batch`` process, memory held flat.

The repository is the polyglot fixture (embedded by the real local model) plus 300 generated
Python files, so the text engine's file cache turns over. The batch mixes every path: literals,
regexes, definitions, callers and impact, exact strings, blended questions (a few dozen repeated,
and a steady trickle of new ones that miss the query-vector cache and run the model) and bad
lines. The test reads the process's VmRSS (and its heap, RssAnon) from /proc every few answers: after
a warm-up that has taken every path once, neither may grow more than 10 % above where the warm-up
left it.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import FIXTURE
from tests.hardening import repos
from tests.hardening.conftest import SCALES, cli
from tests.hardening.figures import record

QUERIES = {"ci": 300, "full": 10_000}
"""Queries in the batch, by scale."""

WARMUP_SHARE = 0.2
"""The first fifth of the batch is warm-up: model loaded, every engine and cache built."""

RSS_TOLERANCE = 0.10
"""After warm-up, resident memory may move this much from its level at the end of warm-up."""

SAMPLE_EVERY = 10
"""Answers between two reads of VmRSS."""

GENERATED = 300
"""Generated files added to the fixture."""

QUESTIONS = [
    "how does the config loader read files", "where are errors handled", "how is the server started",
    "explain the retry logic", "how are requests parsed", "what does the cache do", "how is logging set up",
    "architecture of the web client", "why does connect fail", "how are values validated",
] * 4
"""Blended questions asked again and again (they stay in the query-vector cache)."""


@pytest.fixture(scope="module")
def load_repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The fixture plus generated files, indexed and embedded once through the CLI."""
    top = tmp_path_factory.mktemp("load")
    root, base = top / "repo", top / "index"
    shutil.copytree(FIXTURE, root, symlinks=True)
    proc = cli("index", str(root), "--index-dir", str(base), timeout=900)
    assert proc.returncode == 0, proc.stderr
    for i in range(GENERATED):
        callee = (i * 7 + 3) % GENERATED
        repos.write(root, f"gen/m{i // 50}/mod_{i:03d}.py", (
            f"from gen.m{callee // 50}.mod_{callee:03d} import func_{callee}\n\n\n"
            f"def func_{i}(value):\n"
            f'    """Compute the step {i} of the pipeline."""\n'
            f"    if value is None:\n"
            f'        raise ValueError("ERROR_{i:03d}: no value")\n'
            f"    return func_{callee}(value) + {i}\n\n\n"
            f"class Handler{i}:\n"
            f"    def handle_{i}(self, request):\n"
            f"        return func_{i}(request)\n"
        ))
    return root, base


def load_batch(count: int, seed: int = 42) -> list[str]:
    """Render the batch: every kind of question in turn, random arguments, a few bad lines."""
    rng = random.Random(seed)
    words = ["parse_config", "ConfigLoader", "server", "connect", "retry", "handler", "load"]

    def name() -> str:
        return rng.choice([f"func_{rng.randrange(GENERATED)}", f"Handler{rng.randrange(GENERATED)}", rng.choice(words)])

    kinds = [
        lambda: {"query": name(), "modality": "text"},
        lambda: {"query": f"ERROR_{rng.randrange(GENERATED):03d}", "modality": "text", "limit": 5},
        lambda: {"query": rf"func_{rng.randrange(30)}\d*\(", "regex": True},
        lambda: {"query": f"def {name()}"},
        lambda: {"query": f"where is {name()} defined"},
        lambda: {"query": f"who calls {name()}"},
        lambda: {"query": f"what breaks if I change {name()}", "depth": rng.randint(1, 4)},
        lambda: {"query": f'"ERROR_{rng.randrange(GENERATED):03d}"'},
        lambda: {"query": rng.choice(QUESTIONS)},
        lambda: {"query": rng.choice(QUESTIONS), "preset": rng.choice(["quick", "thorough"])},
        lambda: {"query": name(), "modality": rng.choice(["structural", "graph"])},
    ]
    lines = [json.dumps({"query": f"how does step {n} of the pipeline work"}) for n in range(3)]  # the model, early
    for i in range(3, count):
        if i % 40 == 7:
            lines.append(json.dumps({"query": f"how is value {i} computed in step {rng.randrange(999)}"}))  # a new vector
        elif i % 100 == 13:
            lines.append(rng.choice(['{"query": "a(b", "regex": true}', '{"query": ""}', "not json", '{"query": 5}']))
        else:
            lines.append(json.dumps(kinds[i % len(kinds)]()))
    return lines


MEMORY_FIELDS = ("VmRSS", "RssAnon", "RssFile")
"""Resident memory in all, the process's own heap, and mapped files (the index's memory maps)."""


def memory_kib(pid: int) -> dict[str, int]:
    """Read a process's resident memory (KiB) from /proc/<pid>/status."""
    found: dict[str, int] = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            name, _, rest = line.partition(":")
            if name in MEMORY_FIELDS:
                found[name] = int(rest.split()[0])
    return found


def run_batch(root: Path, base: Path, lines: list[str]) -> tuple[list[dict[str, Any]], list[tuple[int, dict[str, int]]], float]:
    """Feed the batch to one ``maguyva search --batch`` process; sample its memory every few answers."""
    args = [sys.executable, "-m", "maguyva_tui", "search", "--batch", "-", "--repo", str(root), "--index-dir", str(base)]
    started = time.perf_counter()
    proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None

    def feed() -> None:
        for line in lines:
            proc.stdin.write(line + "\n")  # type: ignore[union-attr]
        proc.stdin.close()  # type: ignore[union-attr]

    threading.Thread(target=feed, daemon=True).start()
    samples: list[tuple[int, dict[str, int]]] = []
    answers: list[dict[str, Any]] = []
    for raw in proc.stdout:
        answers.append(json.loads(raw))
        if len(answers) % SAMPLE_EVERY == 0 and proc.poll() is None:
            memory = memory_kib(proc.pid)
            if "VmRSS" in memory:  # not ended since: a process that has printed its last answer ends at once
                samples.append((len(answers), memory))
    proc.wait(timeout=60)
    assert proc.returncode == 0, proc.stderr.read()[-2000:]
    return answers, samples, time.perf_counter() - started


def growth(samples: list[tuple[int, dict[str, int]]], warmup: int, field: str) -> tuple[int, int, int, float]:
    """Return a field's level at the end of warm-up, its peak and last value after it, and the growth."""
    settled = [m[field] for n, m in samples if n >= warmup]
    baseline = settled[0]
    return baseline, max(settled), settled[-1], (max(settled) - baseline) / baseline


@pytest.mark.slow  # over 4 s each on 2 cores: run by .ci/run's slow pass
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads VmRSS from /proc (Linux)")
@pytest.mark.parametrize("scale", SCALES)
def test_rss_stays_flat_over_a_long_batch(load_repo: tuple[Path, Path], scale: str) -> None:
    """Memory may not grow by more than 10 % after warm-up. It may fall: the kernel takes back
    clean pages of the index's memory maps (RssFile) when other processes need them."""
    lines = load_batch(QUERIES[scale])
    answers, samples, elapsed = run_batch(*load_repo, lines)
    assert len(answers) == len(lines)
    errors = [a for a in answers if a.get("error")]
    assert len(errors) == sum(1 for i in range(3, len(lines)) if i % 100 == 13 and i % 40 != 7)
    warmup = int(len(lines) * WARMUP_SHARE)
    rss, rss_peak, rss_final, rss_growth = growth(samples, warmup, "VmRSS")
    anon, _, anon_final, anon_growth = growth(samples, warmup, "RssAnon")
    lowest = min(m["VmRSS"] for n, m in samples if n >= warmup)
    record("load", scale, queries=len(lines), errors_answered=len(errors), seconds=round(elapsed, 1),
           queries_per_second=round(len(lines) / elapsed, 1), rss_after_warmup_mib=round(rss / 1024, 1),
           rss_peak_mib=round(rss_peak / 1024, 1), rss_final_mib=round(rss_final / 1024, 1),
           rss_lowest_mib=round(lowest / 1024, 1), rss_growth_pct=round(rss_growth * 100, 2),
           anon_after_warmup_mib=round(anon / 1024, 1), anon_final_mib=round(anon_final / 1024, 1),
           anon_growth_pct=round(anon_growth * 100, 2), warmup_queries=warmup, samples=len(samples),
           rss_first_mib=round(samples[0][1]["VmRSS"] / 1024, 1))
    assert rss_growth <= RSS_TOLERANCE, f"RSS grew {rss_growth:.1%} after warm-up ({rss} -> {rss_peak} KiB)"
    assert anon_growth <= RSS_TOLERANCE, f"the heap grew {anon_growth:.1%} after warm-up ({anon} KiB)"
