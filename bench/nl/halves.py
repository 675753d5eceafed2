"""Two fixed halves of the repositories, A and B: constants are chosen on one, reported on the other.

The rule, deterministic and balanced by language: group the repositories by (benchmark,
language), the groups in name order and the repositories by name within each group; deal them
alternately to A and B, the alternation carrying on from one group to the next. Every group is
then split evenly (an odd one gives its extra repository to whichever half is due), and the two
halves differ in size by at most one. The held-out repositories (fastapi, pydantic) are never
dealt: they belong to neither half.
"""

from __future__ import annotations

from collections.abc import Iterable

from bench.nl.repos import HELD_OUT

HALVES = ("A", "B")


def split(repositories: Iterable[tuple[str, str, str]]) -> dict[str, str]:
    """Return each repository's half from (benchmark, language, name) triples."""
    ordered = sorted({r for r in repositories if r[2] not in HELD_OUT})
    return {name: HALVES[i % 2] for i, (_, _, name) in enumerate(ordered)}
