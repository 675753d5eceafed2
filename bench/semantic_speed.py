"""Speed of the semantic modality: query embedding, Hamming top-k, and the transformer against its limit.

    python -m bench.semantic_speed                          # everything below, flask's chunks
    python -m bench.semantic_speed --corpus requests --chunks 320 --rounds 5
    python -m bench.semantic_speed --threads                # worker and BLAS thread counts instead

The transformer race embeds the same real chunks (a fixed sample of a pinned corpus's index, in
calls of ``progressive.BATCH_SIZE`` chunks as the index fills) with today's code (``BASELINE``,
read from git history, 256 tokens) and the current code at 256 tokens and at ``MAX_TOKENS``.
Settings take turns within each round, and each round first times the machine's sustained GEMM
rate on the model's shapes, so a ratio compares figures measured minutes apart at most, under
the same load. Ratios are medians of per-round ratios. Timings vary with load; on a shared
machine only the ratios travel.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from bench.corpora import CACHE, corpus
from bench.transformer_limit import BASELINE, DENSE_FLOPS_PER_TOKEN, baseline_provider, gemm_ceiling, model_flops
from maguyva_tui.core.embed.codes import as_words, hamming, top_k
from maguyva_tui.core.embed.minilm import MAX_TOKENS, MODEL_MAX_TOKENS, WORKERS, MiniLMProvider
from maguyva_tui.core.embed.progressive import BATCH_SIZE

CORPUS = "flask"  # 2,230 chunks, Python and prose: a typical small repository
CHUNKS = 320  # chunks embedded per setting and round: about 10 s each on 2 idle cores
ROUNDS = 5  # rounds of the race; each setting runs once per round
GEMM_PROBE_SECONDS = 0.25  # per shape, at the start of every round
SEED = 20261201
HAMMING_ROWS = 100_000  # the target: top-k over 100k codes in <= 5 ms
HAMMING_K = 100  # candidates handed to float rescoring
REPEATS = 30  # timed runs per measurement; the median is reported
QUERY_TEMPLATES = (
    "how does {} work",
    "where is the {} configured",
    "function that validates the {}",
    "retry the {} request after a timeout",
    "parse the {} from a string",
)
QUERY_WORDS = ("session", "cookie", "header", "url", "template", "option", "command", "proxy", "encoding", "stream")


@dataclass(frozen=True, slots=True)
class Timing:
    """Median and 95th percentile of repeated runs, in milliseconds."""

    median_ms: float
    p95_ms: float

    def __str__(self) -> str:
        return f"{self.median_ms:.2f} ms (p95 {self.p95_ms:.2f} ms)"


def timed(run: Callable[[int], object], repeats: int = REPEATS) -> Timing:
    """Time ``run(i)`` for ``i`` in ``range(repeats)`` after one warm-up call."""
    run(-1)
    samples = []
    for i in range(repeats):
        start = time.perf_counter()
        run(i)
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return Timing(statistics.median(samples), samples[int(0.95 * (len(samples) - 1))])


def distinct_queries(count: int) -> list[str]:
    """Return ``count`` different short questions (different texts, so no cache helps)."""
    phrases = [t.format(w) for t in QUERY_TEMPLATES for w in QUERY_WORDS]
    return [phrases[i % len(phrases)] + (f" {i}" if i >= len(phrases) else "") for i in range(count)]


def query_latency(provider: MiniLMProvider, repeats: int = REPEATS) -> Timing:
    """Time embedding one new query (never a cached one)."""
    queries = distinct_queries(repeats + 1)
    return timed(lambda i: provider.embed_query(queries[i]), repeats)


def hamming_latency(rows: int = HAMMING_ROWS, dim: int = 384, k: int = HAMMING_K) -> Timing:
    """Time Hamming distances plus top-k over ``rows`` random codes of ``dim`` bits."""
    rng = np.random.default_rng(0)
    words = as_words(rng.integers(0, 256, (rows, dim // 8), dtype=np.uint8))
    queries = [as_words(rng.integers(0, 256, dim // 8, dtype=np.uint8)) for _ in range(REPEATS + 1)]
    return timed(lambda i: top_k(hamming(words, queries[i]), k))


def throughput(provider: MiniLMProvider, texts: Sequence[str]) -> float:
    """Return documents embedded per second over ``texts``."""
    start = time.perf_counter()
    provider.embed_documents(texts)
    return len(texts) / (time.perf_counter() - start)


def speed_rows(provider: MiniLMProvider) -> list[tuple[str, str]]:
    """Measure the query-time figures; return ``(measure, value)`` rows."""
    return [
        ("query embedding, MiniLM (target <= 15 ms)", str(query_latency(provider))),
        (f"Hamming top-{HAMMING_K}, {HAMMING_ROWS:,} codes x 384 bits (target <= 5 ms)", str(hamming_latency())),
        (f"Hamming top-{HAMMING_K}, {HAMMING_ROWS:,} codes x 1024 bits (Voyage)", str(hamming_latency(dim=1024))),
    ]


def corpus_chunks(name: str, count: int) -> list[str]:
    """Return a fixed sample of the texts a corpus's chunks are embedded as (its index is built once)."""
    from maguyva_tui.core.engine import Engine

    engine = Engine(corpus(name), CACHE / "semantic-speed-index")
    if not engine.open_existing():
        engine.refresh()
    texts = [item.text for item in engine.embedding_items()]
    engine.close()
    return random.Random(SEED).sample(texts, min(count, len(texts)))


@dataclass(frozen=True, slots=True)
class Setting:
    """One way of embedding documents, raced against the others."""

    name: str
    provider: Any
    """A ``MiniLMProvider``, today's or the current one."""


def embed_seconds(provider: Any, texts: Sequence[str], call: int = BATCH_SIZE) -> tuple[float, float]:
    """Time embedding ``texts`` in calls of ``call`` texts, as ``embed_pending`` makes them: wall and CPU seconds."""
    start, cpu = time.perf_counter(), time.process_time()
    for first in range(0, len(texts), call):
        provider.embed_documents(texts[first : first + call])
    return time.perf_counter() - start, time.process_time() - cpu


def race(settings: Sequence[Setting], texts: Sequence[str], rounds: int, workers: int) -> list[dict[str, Any]]:
    """Embed ``texts`` with each setting once per round, in turns; a GEMM probe opens every round."""
    for setting in settings:
        setting.provider.load()
        setting.provider.embed_documents(texts[:BATCH_SIZE])  # warm up
    seconds: dict[str, list[tuple[float, float]]] = {s.name: [] for s in settings}
    ceilings = []
    for number in range(rounds):
        ceilings.append(gemm_ceiling(workers, GEMM_PROBE_SECONDS))
        turn = list(settings[number % len(settings) :]) + list(settings[: number % len(settings)])
        for setting in turn:
            seconds[setting.name].append(embed_seconds(setting.provider, texts))
    wall_ceiling = np.array([c.gflops for c in ceilings])
    cpu_ceiling = np.array([c.cpu_gflops for c in ceilings])
    reference = np.array([wall for wall, _ in seconds[settings[0].name]])
    rows = []
    for setting in settings:
        counts = setting.provider.token_counts(texts)
        flops = model_flops(counts)
        wall = np.array([w for w, _ in seconds[setting.name]])
        cpu = np.array([c for _, c in seconds[setting.name]])
        rows.append({
            "setting": setting.name,
            "chunks/s": len(texts) / float(np.median(wall)),
            "ratio": float(np.median(reference / wall)),
            "ratio range": (float(np.min(reference / wall)), float(np.max(reference / wall))),
            "tokens/chunk": float(np.mean(counts)),
            "tokens/s": sum(counts) / float(np.median(wall)),
            "GFLOP/chunk": flops / len(texts) / 1e9,
            "GFLOP/s": flops / float(np.median(wall)) / 1e9,
            "ceiling GFLOP/s": float(np.median(wall_ceiling)),
            "of ceiling": float(np.median(flops / wall / 1e9 / wall_ceiling)),
            "of ceiling, CPU time": float(np.median(flops / cpu / 1e9 / cpu_ceiling)),
            "ceiling chunks/s": float(np.median(wall_ceiling)) * 1e9 * len(texts) / flops,
        })
    return rows


def transformer_settings() -> list[Setting]:
    """Today's code and settings first (the race's reference), then the current code at 256 and at ``MAX_TOKENS``."""
    settings = []
    try:
        settings.append(Setting(f"today: {BASELINE[:7]}, {MODEL_MAX_TOKENS} tokens", baseline_provider()))
    except Exception as error:  # no git, or a copy without history: race the current code alone
        print(f"(today's code could not be read from git: {error})")
    settings.append(Setting(f"current code, {MODEL_MAX_TOKENS} tokens", MiniLMProvider(max_tokens=MODEL_MAX_TOKENS)))
    if MAX_TOKENS != MODEL_MAX_TOKENS:
        settings.append(Setting(f"current code, {MAX_TOKENS} tokens (default)", MiniLMProvider()))
    return settings


def thread_settings() -> list[Setting]:
    """The current code with each worker count x BLAS threads worth trying on this machine."""
    pairs = [(1, 1), (WORKERS, 1), (1, WORKERS), (WORKERS + 1, 1), (2 * WORKERS, 1)]
    return [Setting(f"{w} workers x {b} BLAS threads", MiniLMProvider(workers=w, blas_threads=b))
            for w, b in dict.fromkeys(pairs)]


def print_race(rows: list[dict[str, Any]], texts: Sequence[str], name: str, rounds: int) -> None:
    """Print the race as a markdown table."""
    print(f"\n{len(texts)} chunks of {name}, calls of {BATCH_SIZE}, {rounds} rounds, {WORKERS} workers; "
          f"dense layers {DENSE_FLOPS_PER_TOKEN / 1e6:.1f} MFLOP/token, attention on top\n")
    columns = ["setting", "chunks/s", "ratio (range over rounds)", "tokens/chunk", "tokens/s", "GFLOP/chunk", "GFLOP/s",
               "ceiling GFLOP/s", "of ceiling", "of ceiling, CPU time", "ceiling chunks/s"]
    print("| " + " | ".join(columns) + " |\n|" + "---|" * len(columns))
    for row in rows:
        low, high = row["ratio range"]
        cells = [row["setting"], f"{row['chunks/s']:.1f}", f"{row['ratio']:.2f}x ({low:.2f}-{high:.2f})",
                 f"{row['tokens/chunk']:.0f}",
                 f"{row['tokens/s']:.0f}", f"{row['GFLOP/chunk']:.2f}", f"{row['GFLOP/s']:.1f}",
                 f"{row['ceiling GFLOP/s']:.1f}", f"{row['of ceiling']:.0%}", f"{row['of ceiling, CPU time']:.0%}",
                 f"{row['ceiling chunks/s']:.1f}"]
        print("| " + " | ".join(cells) + " |")


def gemm_rows(workers: int) -> list[tuple[str, str]]:
    """Measure the GEMM ceiling once at length; return ``(measure, value)`` rows."""
    ceiling = gemm_ceiling(workers)
    rows = [(f"GEMM {shape}, {workers} threads x 1 BLAS", f"{rate:.1f} GFLOP/s") for shape, rate in ceiling.shapes.items()]
    return rows + [("GEMM ceiling, one layer's four products", f"{ceiling.gflops:.1f} GFLOP/s "
                    f"({ceiling.cpu_gflops / workers:.1f} per CPU-second of one thread)")]


def main(argv: list[str] | None = None) -> None:
    """Print the speed tables."""
    parser = argparse.ArgumentParser(prog="python -m bench.semantic_speed", description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default=CORPUS)
    parser.add_argument("--chunks", type=int, default=CHUNKS)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--threads", action="store_true", help="race worker and BLAS thread counts instead")
    args = parser.parse_args(argv)
    provider = MiniLMProvider()
    start = time.perf_counter()
    provider.load()
    rows = [("model load (sha256 check included)", f"{(time.perf_counter() - start) * 1000:.0f} ms")]
    texts = corpus_chunks(args.corpus, args.chunks)
    settings = thread_settings() if args.threads else transformer_settings()
    print_race(race(settings, texts, args.rounds, WORKERS), texts, args.corpus, args.rounds)
    for setting in settings:
        rows.append((f"query embedding, {setting.name}", str(query_latency(setting.provider))))
    rows += speed_rows(provider)[1:] + gemm_rows(WORKERS)
    print("\n| measure | value |\n|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")


if __name__ == "__main__":
    main()
