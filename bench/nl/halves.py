"""Two fixed halves of the repositories, A and B: constants are chosen on one, reported on the other.

The rule, deterministic and balanced by language: group the repositories by (benchmark,
language), the groups in name order and the repositories by name within each group; deal them
alternately to A and B, the alternation carrying on from one group to the next. Every group is
then split evenly (an odd one gives its extra repository to whichever half is due), and the two
halves differ in size by at most one. The held-out repositories (fastapi, pydantic) are never
dealt: they belong to neither half. The repositories of :data:`~bench.nl.repos.GROUP_C`, added
after the halves were fixed, are not dealt either: they are group C, so A and B stay as they were.
"""

from __future__ import annotations

from collections.abc import Iterable

from bench.nl.repos import GROUP_C, HELD_OUT

HALVES = ("A", "B")
THIRD = "C"
GROUPS = (*HALVES, THIRD)
"""Every group a repository can be in: the two halves, then group C."""


def split(repositories: Iterable[tuple[str, str, str]]) -> dict[str, str]:
    """Return each repository's half (or group C) from (benchmark, language, name) triples."""
    given = {r for r in repositories if r[2] not in HELD_OUT}
    ordered = sorted(r for r in given if r[2] not in GROUP_C)
    found = {name: HALVES[i % 2] for i, (_, _, name) in enumerate(ordered)}
    return found | {name: THIRD for (_, _, name) in sorted(given) if name in GROUP_C}
