"""What a user could do without maguyva: ``rg``, and BM25 over identifier-split tokens.

- ``rg``: the matching lines in ripgrep's own order (files sorted by path with ``--sort path``,
  which also makes the order deterministic; lines in file order). It is given what a user would
  grep for: the symbol's bare name as a whole word, or the literal as a fixed string. It has no
  answer to a sentence.
- BM25 (Okapi, Lucene's ``k1``/``b``) ranks the engine's own chunks, so its results have the same
  granularity as the product's; text is split into identifier parts
  (``parseHTTPConfig_v2`` -> parse, http, config, v, 2).
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from bench.eval.metrics import Span

BM25_K1 = 1.2  # Lucene's default term-frequency saturation
BM25_B = 0.75  # Lucene's default length normalisation
_WORD = re.compile(r"[A-Za-z0-9]+")
_PART = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")


def tokens(text: str) -> list[str]:
    """Split into lowercased identifier parts."""
    return [p.lower() for word in _WORD.findall(text) for p in _PART.findall(word)]


class BM25Index:
    """Okapi BM25 over identifier-split tokens of a fixed list of documents."""

    def __init__(self, documents: Sequence[str]) -> None:
        self.docs = [Counter(tokens(d)) for d in documents]
        self.lengths = np.array([sum(c.values()) for c in self.docs], np.float64)
        self.average = float(self.lengths.mean()) if len(self.docs) else 0.0
        self.postings: dict[str, list[tuple[int, int]]] = {}
        for i, counts in enumerate(self.docs):
            for term, tf in counts.items():
                self.postings.setdefault(term, []).append((i, tf))

    def rank(self, query: str, limit: int) -> list[int]:
        """Return the indices of the best ``limit`` documents, best first (ties by index)."""
        n = len(self.docs)
        scores = np.zeros(n)
        for term in set(tokens(query)):
            posting = self.postings.get(term, [])
            idf = math.log(1 + (n - len(posting) + 0.5) / (len(posting) + 0.5))
            for i, tf in posting:
                norm = tf + BM25_K1 * (1 - BM25_B + BM25_B * self.lengths[i] / self.average)
                scores[i] += idf * tf * (BM25_K1 + 1) / norm
        order = np.lexsort((np.arange(n), -scores))
        return [int(i) for i in order[:limit] if scores[i] > 0]


class BM25(BM25Index):
    """BM25 over a fixed list of chunks, answering with their spans."""

    def __init__(self, spans: Sequence[Span], texts: Sequence[str]) -> None:
        super().__init__(texts)
        self.spans = list(spans)

    def search(self, query: str, limit: int) -> list[Span]:
        """Return the best ``limit`` chunks for the query, best first (ties by position)."""
        return [self.spans[i] for i in self.rank(query, limit)]


def rg_available() -> bool:
    """Tell whether ripgrep is on the path."""
    return shutil.which("rg") is not None


def rg(root: Path, needle: str, limit: int, word: bool) -> list[Span]:
    """Return ripgrep's matching lines (fixed string, case-sensitive), at most ``limit``."""
    cmd = ["rg", "--no-config", "-n", "--no-heading", "--sort", "path", "-F", "-e", needle]
    if word:
        cmd.insert(-2, "-w")
    out = subprocess.run(cmd, cwd=root, capture_output=True, text=True, check=False).stdout
    spans: list[Span] = []
    for row in out.splitlines():
        path, _, rest = row.partition(":")
        number, _, _ = rest.partition(":")
        if number.isdigit():
            spans.append((Path(path).as_posix().removeprefix("./"), int(number), int(number)))
            if len(spans) == limit:
                break
    return spans
