"""Speed of the static tier against MiniLM on the same chunks, in the same run.

The chunks are a real repository's embedding texts (what the index embeds). The static tier embeds
all of them as the first index of a repository does (fitting the weights, then embedding, with an
empty word table) and again with its words known (a later refresh); MiniLM embeds a fixed sample of the same chunks. Query latency is over distinct
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

from bench.corpora import bench_parser, corpus, corpus_name
from bench.semantic_speed import distinct_queries
from maguyva_tui.core.embed.minilm import MiniLMProvider
from maguyva_tui.core.embed.static import StaticModel
from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.semantic_index import embedding_items

MINILM_SAMPLE = 48  # chunks MiniLM embeds: seconds on 2 cores, enough for a rate
QUERIES = 300  # distinct questions timed one by one
REPEATS = 3  # embedding passes over the corpus; the best is reported


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
    import scipy.sparse  # noqa: F401  (imported once by any index; not part of a pass)

    load_s, _ = timed(lambda: StaticModel.load())
    model = StaticModel.load()  # a fresh word table: the first index of a repository
    first = timed(lambda: model.provider(model.fit(texts)).embed_documents(texts))
    provider = model.provider(model.fit(texts))
    warm = min((timed(lambda: provider.embed_documents(texts)) for _ in range(REPEATS)), key=lambda t: t[0])
    sample = random.Random(0).sample(texts, min(MINILM_SAMPLE, len(texts)))
    minilm = MiniLMProvider()
    minilm.load()
    minilm.embed_documents(sample[:2])
    transformer = timed(lambda: minilm.embed_documents(sample))
    latencies, cpu = [], []
    for query in distinct_queries(QUERIES + 1)[1:]:
        wall, process = timed(lambda query=query: provider.embed_query(query))
        latencies.append(wall * 1000)
        cpu.append(process * 1000)
    latencies.sort()
    cpu.sort()
    n, m = len(texts), len(sample)
    print(f"corpus {name}: {n} chunks, {sum(map(len, texts)) / n:.0f} characters each on average\n")
    print("| measure | wall clock | CPU time |\n|---|---|---|")
    print(f"| static, first index (fit + embed, word table empty) | {n / first[0]:,.0f} chunks/s "
          f"| {n / first[1]:,.0f} chunks/s |")
    print(f"| static, embed only (best of {REPEATS}) | {n / warm[0]:,.0f} chunks/s | {n / warm[1]:,.0f} chunks/s |")
    print(f"| MiniLM ({m} chunks) | {m / transformer[0]:,.1f} chunks/s | {m / transformer[1]:,.1f} chunks/s |")
    print(f"| static first index / MiniLM | {transformer[0] / m * n / first[0]:,.0f}x "
          f"| {transformer[1] / m * n / first[1]:,.0f}x |")
    print(f"| static embed only / MiniLM | {transformer[0] / m * n / warm[0]:,.0f}x "
          f"| {transformer[1] / m * n / warm[1]:,.0f}x |")
    print(f"| query (new text each time) | median {statistics.median(latencies):.3f} ms, "
          f"p99 {_p99(latencies):.3f} ms | median {statistics.median(cpu):.3f} ms, p99 {_p99(cpu):.3f} ms |")
    print(f"| model load from the cache | {load_s * 1000:.0f} ms | |")


def _p99(values: list[float]) -> float:
    return values[int(0.99 * (len(values) - 1))]


def arguments(argv: list[str]) -> str:
    """The corpus a command line names (``--help`` had ended in ``KeyError: '--help'``)."""
    parser = bench_parser("bench.static_speed", __doc__)
    parser.add_argument("name", nargs="?", default="requests", type=corpus_name,
                        help="a pinned corpus of bench/corpora.py (default: requests)")
    return str(parser.parse_args(argv).name)


if __name__ == "__main__":
    name = arguments(sys.argv[1:])
    started = time.perf_counter()
    main(name)
    print(f"\n({time.perf_counter() - started:.0f} s in all)")
