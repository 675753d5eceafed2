"""Speed of the semantic modality: query embedding, Hamming top-k, document throughput.

    python -m bench.semantic_speed            # query latency and Hamming top-k over 100k codes

Timings are medians over repeated runs on the current machine; the figures vary with load.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from maguyva_tui.core.embed.codes import as_words, hamming, top_k
from maguyva_tui.core.embed.minilm import MiniLMProvider

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


def main() -> None:
    """Print the speed table."""
    provider = MiniLMProvider()
    start = time.perf_counter()
    provider.load()
    rows = [("model load (sha256 check included)", f"{(time.perf_counter() - start) * 1000:.0f} ms")]
    rows += speed_rows(provider)
    print("| measure | value |\n|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")


if __name__ == "__main__":
    main()
