"""Fuzzy matching for the "go to file or symbol" jump (headless, no ``textual``)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

MAX_SCORED = 4000
"""Candidates scored in detail after the cheap subsequence filter; the rest are dropped."""

_BOUNDARY = frozenset("/._-: ")


@dataclass(frozen=True, slots=True)
class Target:
    """Something to jump to: a file (line 1) or a symbol's definition."""

    label: str
    """What is matched and shown (``app/config.py`` or ``ConfigLoader.load``)."""
    path: str
    line: int
    end_line: int
    detail: str = ""
    """The kind and place of a symbol, empty for a file."""


def targets(files: Iterable[str], symbols: Iterable[object], prefix: str = "") -> list[Target]:
    """Return every file and symbol of a snapshot as jump targets (files first), each path written
    after ``prefix`` (a workspace's ``repo/``)."""
    out = [Target(prefix + path, prefix + path, 1, 1) for path in sorted(files)]
    for s in symbols:
        qualname = getattr(s, "qualname", "") or getattr(s, "name", "")
        path, start = prefix + getattr(s, "path", ""), int(getattr(s, "start_line", 1))
        detail = f"{getattr(s, 'kind', '')}  {path}:{start}"
        out.append(Target(qualname, path, start, int(getattr(s, "end_line", start)), detail))
    return out


def _pattern(query: str) -> re.Pattern[str]:
    """A pattern whose ``match`` tells whether ``query`` is a subsequence of a text: each letter
    skips the text up to the first of it (``[^s]*s[^t]*t``), so a text without the subsequence fails
    in one pass, where ``s.*?t.*?`` searched from every ``s`` with backtracking (the go-to box's
    matching through paths tests most symbols' lines, and fails on nearly all)."""
    return re.compile("".join(f"[^{re.escape(c)}]*{re.escape(c)}" for c in query), re.DOTALL)


WHOLE_NAME = 25.0
"""What a match that is a whole name adds: the file's name less its extension (``tokenize`` for
``parso/python/tokenize.py``), a symbol's own name (``Parser.parse`` for ``parse``)."""

NAME_END = 15.0
"""What a match ending a name adds (``test_tokenize.py``, ``DiffParser._diff_tokenize``)."""


def score(query: str, label: str, file: bool = False) -> float:
    """Return how well ``label`` (a ``file``'s path, else a symbol's name) matches ``query`` (both
    lower-cased); 0 when it does not."""
    if not query:
        return 1.0
    if query in label:
        at = label.index(query)
        starts_word = at == 0 or label[at - 1] in _BOUNDARY
        return 100.0 + (20.0 if starts_word else 0.0) + _name_end(query, label, file) - len(label) * 0.1
    total, pos, run = 0.0, 0, 0
    for ch in query:
        found = label.find(ch, pos)
        if found < 0:
            return 0.0
        run = run + 1 if found == pos and pos else 0
        total += 1.0 + run * 2.0 + (3.0 if found == 0 or label[found - 1] in _BOUNDARY else 0.0)
        pos = found + 1
    return total - len(label) * 0.05


def _name_end(query: str, label: str, file: bool) -> float:
    """What ``query`` found inside ``label`` adds for ending a name, or being one whole."""
    if file:
        base = label.rpartition("/")[2]
        stem = base.rpartition(".")[0] or base
        whole, ends = query in (stem, base), stem.endswith(query) or label.endswith(query)
    else:
        whole, ends = label.rpartition(".")[2] == query, label.endswith(query)
    return WHOLE_NAME if whole else NAME_END if ends else 0.0


def rank(query: str, candidates: Sequence[Target], limit: int = 50) -> list[Target]:
    """Return the best ``limit`` targets for a query, best first (all of the first ones when empty).

    As fzf over ``path symbol`` lines: a symbol also matches through its file's path (``modelDiffLevel``
    finds ``DiffLevel`` of ``deepdiff/model.py``), listed after the targets the query matches by their
    own names; words apart each match somewhere (``model difflevel``), in either order."""
    query = query.strip().lower()
    if not query:
        return list(candidates[:limit])
    terms = query.split()
    if len(terms) > 1:
        return _rank_words(terms, candidates, limit)
    pattern = _pattern(query)
    kept = [t for t in candidates if pattern.match(t.label.lower())][:MAX_SCORED]
    scored = sorted(
        ((score(query, t.label.lower(), not t.detail), i, t) for i, t in enumerate(kept)),
        key=lambda x: (-x[0], x[1]),
    )
    found = [t for s, _, t in scored[:limit] if s > 0]
    if len(found) < limit:  # matched through the path: after every name's own match
        named = {id(t) for t in kept}
        found += _rank_lines(query, pattern, [t for t in candidates if t.detail and id(t) not in named],
                             limit - len(found))
    return found


def _rank_lines(query: str, pattern: re.Pattern[str], symbols: Sequence[Target], limit: int) -> list[Target]:
    """The symbols whose ``path symbol`` line ``pattern`` matches, best first."""
    wider = [(t, line) for t in symbols if pattern.match(line := _line(t))][:MAX_SCORED]
    scored = sorted(((score(query, line), i, t) for i, (t, line) in enumerate(wider)), key=lambda x: (-x[0], x[1]))
    return [t for s, _, t in scored[:limit] if s > 0]


def _line(target: Target) -> str:
    """What fzf would read for a symbol: its file's path, then its name (lower-cased)."""
    return f"{target.path} {target.label}".lower()


def _rank_words(terms: list[str], candidates: Sequence[Target], limit: int) -> list[Target]:
    """Rank the targets whose ``path symbol`` line each of ``terms`` matches (fzf's words apart)."""
    patterns = [_pattern(term) for term in terms]
    scored: list[tuple[float, int, Target]] = []
    for i, t in enumerate(candidates):
        where = _line(t) if t.detail else t.label.lower()
        if all(p.match(where) for p in patterns):
            scored.append((sum(score(term, where) for term in terms), i, t))
            if len(scored) >= MAX_SCORED:
                break
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [t for s, _, t in scored if s > 0][:limit]
