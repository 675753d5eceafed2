"""The text engine's answer to "similar to X": the chunks whose bodies hold X's own rarer words.

X's call sites hold X's name, not X's kind of code. What two functions that do alike have in common
in their text is the vocabulary of their bodies: ``parse_options_header`` and ``parse_dict_header``
both speak of ``value``, ``quote``, ``unquote``, ``key``, ``header``. So the question is X's code
itself: its :data:`LIKE_STEMS` most telling stems (tf-idf over the chunks, stemmed the way the
chunk index counts them, :mod:`~maguyva_tui.core.bm25`) are scored by BM25 over every chunk, a
chunk voting only when it holds :data:`LIKE_MIN_STEMS` of them and defines the same kind of thing
as X (:data:`~maguyva_tui.core.similar.KIND_FAMILIES`), X's own chunks left out.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence

from maguyva_tui.core.bm25 import ChunkIndex, code_words
from maguyva_tui.core.paths import is_demoted
from maguyva_tui.core.similar import (
    MAX_SOURCES,
    bare_name,
    defines,
    definitions,
    named_after_last,
    same_family,
    source_spans,
)
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.types import Hit, Symbol

LIKE_STEMS = 16
"""X's stems a question scores with: the most telling ones by tf-idf (a long body's every word
would make every chunk like it; the first sixteen by weight name what it works with)."""

LIKE_MIN_STEMS = 4
"""A chunk votes only when it holds at least this many of X's stems (all of them when X has
fewer): one or two words in common (``value``, ``return``) are no likeness."""


LIKE_EXTRA = 200
"""Chunks asked of the index beyond the page: those inside X (its methods hold its words most of
all) and those of another kind (windows of prose, classes for a function) are dropped; the index
scores every chunk anyway, so asking for more costs little."""

LIKE_LOOKUPS = 128
"""X's distinct stems whose idf is looked up at most, the most frequent: a lookup in the stored
vocabulary costs about a millisecond (sympy's expand has 236 distinct stems: 250 ms for all, 70 ms
for 64, which moved click's prompt from 1st to 2nd for "similar to confirm" in bench.similar_siblings)."""

LIKE_MAX_LINES = 200
"""Lines of each of X's definitions read for its stems: a long class's first screens say what it
works with, and the cost stays bounded (sympy's 20 definitions of expand: 240 ms unbounded)."""


def sources_of(snapshot: Snapshot, target: str) -> list[Symbol]:
    """X's definitions in a snapshot, the repository's own code first (then path and line)."""
    bare = bare_name(target)
    found = definitions(s for s in snapshot.symbols if s.name == bare and defines(target, s.qualname, s.path))
    return sorted(found, key=lambda s: (is_demoted(s.path), s.path, s.start_line))


def like_hits(snapshot: Snapshot, chunk_index: Callable[[], ChunkIndex], target: str, limit: int) -> list[Hit] | None:
    """The chunks most like X's code by its body words, best first, none inside X; ``None`` when
    the index defines no X (the caller answers the question as it reads). The chunk index is
    opened only when X is known."""
    sources = sources_of(snapshot, target)
    if not sources:
        return None
    index = chunk_index()
    stems = telling_stems(_code(snapshot, sources[:MAX_SOURCES]), index)
    if not stems or limit <= 0:
        return []
    spans, kind = source_spans(sources), sources[0].kind
    found = index.search(stems, limit + LIKE_EXTRA, None, min(LIKE_MIN_STEMS, len(stems)))
    hits = []
    for match in found:
        chunk = match.chunk
        if not same_family(kind, chunk.kind) or spans.holds(chunk.path, chunk.start_line, chunk.end_line):
            continue  # code like a function is another function, not a window of a changelog or a class
        language = snapshot.files[chunk.path].language
        reason = f"like {target}: body words " + "+".join(match.stems[:6]) + ("+..." if len(match.stems) > 6 else "")
        hits.append(Hit(chunk.path, chunk.start_line, chunk.end_line, match.score, chunk.symbol, chunk.kind,
                        language, reason))
    return named_after_last(hits, target)[:limit]


def telling_stems(code: str, index: ChunkIndex) -> tuple[str, ...]:
    """The :data:`LIKE_STEMS` stems of a piece of code that say most about it: log-scaled count
    times idf over the chunks (a stem no chunk holds, or every chunk, says nothing), among its
    :data:`LIKE_LOOKUPS` most frequent (longer first on a tie)."""
    counts = Counter(code_words(code))
    looked_up = sorted(counts, key=lambda stem: (-counts[stem], -len(stem), stem))[:LIKE_LOOKUPS]
    weights = {stem: (1 + math.log(counts[stem])) * index.idf(stem) for stem in looked_up}
    ranked = sorted((stem for stem, w in weights.items() if w > 0), key=lambda stem: (-weights[stem], stem))
    return tuple(ranked[:LIKE_STEMS])


def _code(snapshot: Snapshot, sources: Sequence[Symbol]) -> str:
    """X's code: the first :data:`LIKE_MAX_LINES` lines of each of its definitions."""
    return "\n".join(line for s in sources
                     for line in snapshot.lines(s.path, s.start_line, min(s.end_line, s.start_line + LIKE_MAX_LINES - 1)))
