"""Fuzzy matching for the "go to file or symbol" jump (headless, no ``textual``)."""

from __future__ import annotations

import re
import threading
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from itertools import groupby
from typing import TypeAlias

MAX_SCORED = 4000
"""Candidates scored in detail after the cheap subsequence filter; the rest are dropped."""

_BOUNDARY = frozenset("/._-: ")

_AT_LINE = re.compile(r"(.*?\S):(\d+)(?::\d+)?:?")
"""A place as the results, ``grep -n``, compilers and tracebacks write it: ``path:line``, with a
column or a last colon (``shortcuts.py:65:12:``) after it."""

_FRAME = re.compile(r'File "(.+)", line (\d+)(?:, in .*)?')
"""A Python traceback's frame line: ``File "/srv/app/pkg/a.py", line 30, in load``."""


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


def line_count(text: str) -> int:
    """Lines of a file's text (a last line without its newline counts; an empty file has one)."""
    return max(text.count("\n") + (not text.endswith("\n")), 1)


def followed(target: Target, before: str, after: str) -> Target:
    """The place ``target`` of a file's text ``before`` in its new text ``after``: its lines where
    the edit moved them (lines added above a symbol gone to), a changed line where its
    replacement stands, within the new file (a ``path:line`` label says the new line)."""
    old, new = before.splitlines(), after.splitlines()
    index, line = target.line - 1, target.line
    if target.detail or label_line(target) is not None:  # a file's own target stays at its top
        for _tag, i1, i2, j1, j2 in SequenceMatcher(None, old, new).get_opcodes():
            if i1 <= index < i2:  # kept, or changed: the line of the change standing in its place
                line = j1 + min(index - i1, max(j2 - j1 - 1, 0)) + 1
                break
    line = max(min(line, len(new)), 1)
    end = max(min(target.end_line + line - target.line, len(new)), line)
    label = target.label if label_line(target) is None else f"{target.label.rpartition(':')[0]}:{line}"
    return replace(target, label=label, line=line, end_line=end)


def label_line(target: Target) -> int | None:
    """The line a file's ``path:line`` target names in its label (``None``: a symbol, or a file's top)."""
    if target.detail or not target.label.endswith(f":{target.line}"):
        return None
    return target.line


def target_place(target: Target) -> tuple[str, int, int] | None:
    """A symbol target's chunk (its path as shown, its lines); ``None`` for a file."""
    return (target.path, target.line, target.end_line) if target.detail else None


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


GAPPED_CEILING = 100.0
"""What a match with gaps (a subsequence) approaches and never reaches: a match without gaps scores
from 100 on. Its runs add up with the query's length (``django/shortcuts.py`` scored 178 in
``django/contrib/sites/shortcuts.py``, 133 in itself), so a long path typed whole had listed two
other files above its own."""

GAPPED_HALF = 50.0
"""The raw score of a match with gaps that scores half the ceiling (the mapping keeps their order)."""


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
    raw = total - len(label) * 0.05
    return raw if raw <= 0 else GAPPED_CEILING * raw / (raw + GAPPED_HALF)


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
    return Finder(candidates).rank(query, limit)


Order: TypeAlias = Callable[[list[Target]], list[Target]]
"""What orders targets that score alike: the real definitions of a name before its tests', examples',
vendored copies' and templates' (:meth:`~maguyva_tui.app.source.Source.real_first`)."""


NARROWED_KEPT = 8
"""Queries whose matches a ``Finder`` keeps, to narrow the next query's search to them."""


class Finder:
    """The go-to's candidates with their lower-cased texts, read once; each query searches only the
    matches of an earlier query that every match of it must match too (``zzq`` before ``zzqx``), as
    fzf narrows. Over 155,000 files and symbols every keystroke had lowered and matched them all
    again, 0.5 s each when nothing matched. Safe to call from several threads. ``order``: what
    orders targets of one score (else their order in ``candidates``, symbols in path order: serde's
    template ``Serialize`` of ``private/doc.rs`` had been listed above ``ser/mod.rs``'s trait)."""

    def __init__(self, candidates: Sequence[Target], order: Order | None = None,
                 lines: Callable[[str], int | None] | None = None) -> None:
        """``lines``: how many lines a file holds (``None``: unknown), read for the files a
        ``path:line`` matches, so that only those holding the line are offered."""
        self.candidates = candidates
        self.order = order
        self.lines = lines
        self._counts: dict[str, int | None] = {}
        self._texts: tuple[list[str], list[str]] | None = None
        self._matched: dict[tuple[str, ...], Sequence[int]] = {}
        self._lock = threading.Lock()

    def rank(self, query: str, limit: int = 50) -> list[Target]:
        """Return the best ``limit`` targets for ``query``, best first (see ``rank``); ``path:line``
        (as a result row, ``grep -n`` or a traceback writes it) lists the files the path matches,
        each at that line (it had matched nothing: no file or symbol holds ``:65``)."""
        text = query.strip()
        place = _FRAME.fullmatch(text) or _AT_LINE.fullmatch(text)
        if place is not None:
            line = max(int(place[2]), 1)
            for path in _tails(place[1]):  # /srv/app/pkg/a.py, printed elsewhere: the longest tail held
                files = [t for t in self._rank(path, limit * 4) if not t.detail][:limit]
                if files:
                    return self._at_line(files, line)
        return self._rank(query, limit)

    def _at_line(self, files: list[Target], line: int) -> list[Target]:
        """The files that hold ``line``, each at it; where none does, each at its last line, said
        so (``emitter.py:1045`` had offered a 104-line test_emitter.py:1045, opened at its end)."""
        counts = [self._count(t.path) for t in files]
        holding = [t for t, n in zip(files, counts) if n is None or n >= line]
        if holding:
            return [replace(t, label=f"{t.label}:{line}", line=line, end_line=line) for t in holding]
        return [replace(t, label=f"{t.label}:{n}  line {line} is past its end ({n:,} lines)", line=n, end_line=n)
                for t, n in zip(files, counts) if n is not None]

    def _count(self, path: str) -> int | None:
        """Lines of a file (``None``: unknown), read once."""
        if self.lines is None:
            return None
        if path not in self._counts:
            self._counts[path] = self.lines(path)
        return self._counts[path]

    def _rank(self, query: str, limit: int) -> list[Target]:
        query = query.strip().lower()
        if not query:
            return list(self.candidates[:limit])
        terms = tuple(query.split())
        labels, lines = self.prepare()
        matched = self._matching(terms, lines)
        if len(terms) > 1:
            scored = [(sum(score(term, lines[i]) for term in terms), i) for i in matched[:MAX_SCORED]]
            return self._best(scored, limit)  # fzf's words apart: each term matches somewhere, in either order
        pattern = _pattern(query)
        named = [i for i in matched if pattern.match(labels[i])][:MAX_SCORED]
        found = self._best([(score(query, labels[i], not self.candidates[i].detail), i) for i in named], limit)
        if len(found) < limit:  # matched through the path: after every name's own match
            kept = set(named)
            wider = [i for i in matched if self.candidates[i].detail and i not in kept][:MAX_SCORED]
            found += self._best([(score(query, lines[i]), i) for i in wider], limit - len(found))
        return found

    def _best(self, scored: list[tuple[float, int]], limit: int) -> list[Target]:
        """The ``limit`` best-scored candidates of those matched, best first; those of one score in
        their order in ``candidates``, or as :attr:`order` puts them (read for the ones shown and any
        scoring as the last shown, no more)."""
        ranked = sorted((x for x in scored if x[0] > 0), key=lambda x: (-x[0], x[1]))
        if self.order is None or len(ranked) < 2:
            return [self.candidates[i] for _, i in ranked[:limit]]
        last = ranked[min(limit, len(ranked)) - 1][0]
        shown = [x for x in ranked if x[0] >= last]  # a prefix: the ones shown and their ties past the cut
        out: list[Target] = []
        for _, alike in groupby(shown, key=lambda x: x[0]):
            group = [self.candidates[i] for _, i in alike]
            out += self.order(group) if len(group) > 1 else group
        return out[:limit]

    def prepare(self) -> tuple[list[str], list[str]]:
        """Each candidate's label and ``path symbol`` line (a file's path), lower-cased, once."""
        with self._lock:
            if self._texts is None:
                labels = [t.label.lower() for t in self.candidates]
                lines = [_line(t) if t.detail else label for t, label in zip(self.candidates, labels)]
                self._texts = (labels, lines)
            return self._texts

    def _matching(self, terms: tuple[str, ...], lines: list[str]) -> Sequence[int]:
        """The indices of the candidates whose line each of ``terms`` matches, in order, searched
        within the fewest matches kept of queries that these terms narrow."""
        with self._lock:
            if (known := self._matched.get(terms)) is not None:
                return known
            wider = [seen for key, seen in self._matched.items() if _narrows(terms, key)]
        found: Sequence[int] = min(wider, key=len) if wider else range(len(lines))
        for term in sorted(terms, key=len, reverse=True):  # the longest term first: it keeps the fewest
            if len(term) == 1:
                found = array("l", [i for i in found if term in lines[i]])
            else:
                match = _pattern(term).match
                found = array("l", [i for i in found if match(lines[i])])
        found = array("l", found)
        with self._lock:
            self._matched[terms] = found
            while len(self._matched) > NARROWED_KEPT:
                del self._matched[next(iter(self._matched))]
        return found


def _tails(path: str) -> list[str]:
    """A path, then each shorter tail of it down to its file's name: an absolute path, or one a
    traceback printed on another machine, names a file of the repository by a tail (it had matched
    nothing, its leading folders being in no file's path)."""
    parts = [part for part in path.replace("\\", "/").split("/") if part]
    return [path, *("/".join(parts[i:]) for i in range(1, len(parts)))]


def _narrows(terms: tuple[str, ...], earlier: tuple[str, ...]) -> bool:
    """Whether every line that ``terms`` match also matches ``earlier``: each earlier term is a
    subsequence of one of the terms."""
    return all(any(_subsequence(old, new) for new in terms) for old in earlier)


def _subsequence(part: str, whole: str) -> bool:
    """Whether ``part``'s characters occur in ``whole`` in order."""
    rest = iter(whole)
    return all(ch in rest for ch in part)


def _line(target: Target) -> str:
    """What fzf would read for a symbol: its file's path, then its name (lower-cased)."""
    return f"{target.path} {target.label}".lower()
