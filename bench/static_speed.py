"""Speed of the static tier against MiniLM on the same chunks, in the same run.

The chunks are a real repository's embedding texts (what the index embeds). The static tier embeds
all of them, first with an empty word table (as at the first index of a repository) and again
with a warm one; MiniLM embeds a fixed sample of the same chunks. Query latency is over distinct
new questions (no cache helps). CPU rates count process time: on a shared machine they move less
than wall-clock ones.

    python -m bench.static_speed              # requests
    python -m bench.static_speed flask        # another pinned corpus
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench.corpora import corpus
from bench.semantic_speed import distinct_queries
from maguyva_tui.core.embed.minilm import MiniLMProvider
from maguyva_tui.core.embed.static import StaticModel
from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.semantic_index import embedding_items

MINILM_SAMPLE = 48  # chunks MiniLM embeds: seconds on 2 cores, enough for a rate
QUERIES = 300  # distinct questions timed one by one
REPEATS = 3  # static passes over the corpus; the best is reported


def chunk_texts(name: str) -> list[str]:
    """Index a pinned corpus in a temporary folder and return its chunks' embedding texts."""
    with tempfile.TemporaryDirectory() as tmp:
        snapshot, _ = update_index(corpus(name), base=Path(tmp))
        return [item.text for item in embedding_items(snapshot)]


def timed(run: Callable[[], object]) -> tuple[float, float]:
    """Return the wall-clock and process seconds of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return time.perf_counter() - wall, time.process_time() - cpu


def main(name: str) -> None:
    """Print the static tier's rates, MiniLM's on a sample, their ratio and query latency."""
    texts = chunk_texts(name)
    load_s, _ = timed(lambda: StaticModel.load())
    model = StaticModel.load()
    fit_s, _ = timed(lambda: model.fit_weights(texts))
    provider = model.provider(model.fit_weights(texts))
    cold = timed(lambda: provider.embed_documents(texts))
    warm = min((timed(lambda: provider.embed_documents(texts)) for _ in range(REPEATS)), key=lambda t: t[0])
    sample = random.Random(0).sample(texts, min(MINILM_SAMPLE, len(texts)))
    minilm = MiniLMProvider()
    minilm.load()
    minilm.embed_documents(sample[:2])
    transformer = timed(lambda: minilm.embed_documents(sample))
    latencies = []
    for query in distinct_queries(QUERIES + 1)[1:]:
        start = time.perf_counter()
        provider.embed_query(query)
        latencies.append((time.perf_counter() - start) * 1000)
    latencies.sort()
    n, m = len(texts), len(sample)
    print(f"corpus {name}: {n} chunks, {sum(map(len, texts)) / n:.0f} characters each on average\n")
    print("| measure | wall clock | CPU time |\n|---|---|---|")
    print(f"| static, first pass (word table empty) | {n / cold[0]:,.0f} chunks/s | {n / cold[1]:,.0f} chunks/s |")
    print(f"| static, warm (best of {REPEATS}) | {n / warm[0]:,.0f} chunks/s | {n / warm[1]:,.0f} chunks/s |")
    print(f"| MiniLM ({m} chunks) | {m / transformer[0]:,.1f} chunks/s | {m / transformer[1]:,.1f} chunks/s |")
    print(f"| static first pass / MiniLM | {transformer[0] / m * n / cold[0]:,.0f}x | |")
    print(f"| static warm / MiniLM | {transformer[0] / m * n / warm[0]:,.0f}x | |")
    print(f"| query (new text each time) | median {statistics.median(latencies):.3f} ms, "
          f"p99 {latencies[int(0.99 * (len(latencies) - 1))]:.3f} ms | |")
    print(f"| repository SIF weights (fit_weights) | {fit_s * 1000:.0f} ms | |")
    print(f"| model load from the cache | {load_s * 1000:.0f} ms | |")


if __name__ == "__main__":
    started = time.perf_counter()
    main(sys.argv[1] if len(sys.argv) > 1 else "requests")
    print(f"\n({time.perf_counter() - started:.0f} s in all)")
