"""The arithmetic limit of the MiniLM forward pass on this machine, and today's code to race against.

- ``gemm_ceiling``: sustained float32 GEMM GFLOP/s with numpy on the model's own matrix shapes,
  one thread per worker with single-threaded BLAS, as the encoder runs them.
- ``model_flops``: multiply-adds (x2) of the dense layers and of attention for given token counts.
- ``baseline_provider``: the provider as it was before the speed work (commit ``BASELINE``), loaded
  from git history, so old and new run on the same chunks in the same process.
"""

from __future__ import annotations

import subprocess
import sys
import time
import types
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

HIDDEN, INNER, LAYERS = 384, 1536, 6  # all-MiniLM-L6-v2's config.json
DENSE_SHAPES = ((HIDDEN, 3 * HIDDEN), (HIDDEN, HIDDEN), (HIDDEN, INNER), (INNER, HIDDEN))
"""``(in, out)`` of each layer's dense products: q|k|v, attention output, MLP in, MLP out."""
DENSE_FLOPS_PER_TOKEN = LAYERS * sum(2 * a * b for a, b in DENSE_SHAPES)  # 21.2 MFLOP
ATTENTION_FLOPS_PER_PAIR = LAYERS * 2 * 2 * HIDDEN  # q.k and p.v, all heads, per (query, key) pair
GEMM_ROWS = 2048  # rows of the timed products: a full batch (BATCH_TOKENS)
GEMM_SECONDS = 1.5  # time spent per shape and thread count

BASELINE = "8d76d26ca92d41571bf3310fad55d9add737114d"
"""The last commit of ``minilm.py`` and ``transformer.py`` before length grouping and balanced batches."""
_ROOT = Path(__file__).resolve().parents[1]


def model_flops(token_counts: Sequence[int]) -> float:
    """Return the FLOPs of encoding texts of these token counts (dense layers plus attention)."""
    n = np.asarray(token_counts, np.float64)
    return float(DENSE_FLOPS_PER_TOKEN * n.sum() + ATTENTION_FLOPS_PER_PAIR * (n * n).sum())


@dataclass(frozen=True, slots=True)
class Ceiling:
    """Sustained GEMM rates on the model's shapes, all threads together."""

    gflops: float
    """Per second of wall time, over one layer's four products (FLOP-weighted, as a layer runs them)."""
    cpu_gflops: float
    """Per second of CPU time (all threads): what the cores do while they run, whatever the load."""
    shapes: dict[str, float]
    """Wall-time rate of each product."""


def gemm_ceiling(workers: int, seconds: float = GEMM_SECONDS) -> Ceiling:
    """Measure sustained GEMM GFLOP/s on the model's shapes with ``workers`` threads at once (~``seconds`` each)."""
    from threadpoolctl import threadpool_limits

    rng = np.random.default_rng(0)
    rates: dict[str, float] = {}
    layer_seconds = cpu_seconds = all_flops = 0.0
    with threadpool_limits(limits=1, user_api="blas"), ThreadPoolExecutor(workers) as pool:
        for a, b in DENSE_SHAPES:
            x = rng.standard_normal((GEMM_ROWS, a), dtype=np.float32)
            w = rng.standard_normal((a, b), dtype=np.float32)
            outs = [np.empty((GEMM_ROWS, b), np.float32) for _ in range(workers)]
            flops = 2.0 * GEMM_ROWS * a * b
            reps = max(2, int(seconds * 60e9 / flops))
            list(pool.map(lambda o, x=x, w=w: np.matmul(x, w, out=o), outs))  # warm up
            start, cpu = time.perf_counter(), time.process_time()
            list(pool.map(lambda o, x=x, w=w, n=reps: [np.matmul(x, w, out=o) for _ in range(n)], outs))
            rate = flops * reps * workers / (time.perf_counter() - start)
            cpu_seconds += time.process_time() - cpu
            all_flops += flops * reps * workers
            rates[f"({GEMM_ROWS}x{a})@({a}x{b})"] = rate / 1e9
            layer_seconds += 2.0 * a * b / rate
    wall = sum(2.0 * a * b for a, b in DENSE_SHAPES) / layer_seconds / 1e9
    return Ceiling(wall, all_flops / cpu_seconds / 1e9, rates)


@contextmanager
def _modules(replacements: dict[str, types.ModuleType]) -> Iterator[None]:
    saved = {name: sys.modules.get(name) for name in replacements}
    sys.modules.update(replacements)
    try:
        yield
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


def _source(path: str) -> str:
    return subprocess.run(["git", "show", f"{BASELINE}:{path}"], cwd=_ROOT, capture_output=True, text=True,
                          check=True).stdout


def baseline_provider() -> Any:
    """Return ``MiniLMProvider()`` as of ``BASELINE``, read from git history (raises if git cannot)."""
    modules: dict[str, types.ModuleType] = {}
    for name in ("transformer", "minilm"):
        dotted = f"maguyva_tui.core.embed.{name}"
        module = types.ModuleType(dotted)
        module.__file__ = f"<{BASELINE[:7]}:{name}.py>"
        modules[dotted] = module
        with _modules(modules):  # the old minilm imports the old transformer
            exec(compile(_source(f"maguyva_tui/core/embed/{name}.py"), module.__file__, "exec"), module.__dict__)
    return modules["maguyva_tui.core.embed.minilm"].MiniLMProvider()
