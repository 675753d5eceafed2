"""What the explorer asks the engine, and the answer in a shape the widgets read.

Headless on purpose (no ``textual`` here): the request is a small frozen value, the answer keeps
the engine's typed :class:`~maguyva_tui.core.types.SearchResult` untouched so that every number
the UI shows is the number the ranking used.
"""

from __future__ import annotations

import shlex
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from maguyva_tui.core.answers import graph_question
from maguyva_tui.core.types import MODALITIES, Ranked, SearchResult, Vote, sought

if TYPE_CHECKING:
    from maguyva_tui.core.engine import Engine

RowKey: TypeAlias = tuple[str, int]
"""``(path, start_line)``: a result's identity when the list re-ranks."""

RESULT_LIMIT = 50
"""Results asked for: a screenful and a half, cheap to render on every keystroke."""


@dataclass(frozen=True, slots=True)
class Request:
    """One question with the user's overrides: what a keystroke or a what-if turns into."""

    text: str
    intent: str | None = None
    """The user's intent override; ``None`` lets the classifier decide."""
    preset: str = "default"
    weights: tuple[tuple[str, float], ...] | None = None
    """A what-if weight profile (modality, weight) replacing the intent's; ``None`` keeps it."""
    regex: bool = False
    case: str = "sensitive"
    seq: int = 0
    """Monotonic number; an answer for a lower one than the newest is stale and dropped."""

    def same_question(self, other: Request | None) -> bool:
        """Tell whether only the what-if knobs differ (then the list shows what moved)."""
        return other is not None and (self.text, self.regex, self.case) == (
            other.text,
            other.regex,
            other.case,
        )

    def with_(self, **changes: Any) -> Request:
        """Return a copy with some fields changed."""
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Row:
    """One result of the list (``result`` is the engine's own, every number as it ranked)."""

    result: Ranked

    @property
    def key(self) -> RowKey:
        """The identity used to find the same result after a re-rank."""
        return (self.path, self.start_line)

    @property
    def path(self) -> str:
        return self.result.path

    @property
    def start_line(self) -> int:
        return self.result.start_line

    @property
    def end_line(self) -> int:
        return self.result.end_line

    @property
    def hits(self) -> tuple[int, ...]:
        """The lines the engines matched on (``match_lines``)."""
        return self.result.match_lines

    @property
    def score(self) -> float:
        return self.result.score

    @property
    def demoted(self) -> bool:
        """True when the path was demoted (vendored, built, generated)."""
        return self.result.demotion < 1.0

    @property
    def folded(self) -> int:
        return self.result.folded

    def modality(self, name: str) -> Vote | None:
        """Return one engine's vote (rank, weight, contribution, reason), ``None`` when it did not find it."""
        return self.result.vote(name)


@dataclass(slots=True)
class Answer:
    """The engine's result with the question that asked it and the wall time it took."""

    request: Request
    result: SearchResult
    rows: list[Row] = field(default_factory=list)
    seconds: float = 0.0
    """Wall time of the call, measured here (``elapsed_ms`` is the engine's own)."""
    notices: list[str] = field(default_factory=list)
    read_text: Callable[[str], str] | None = None
    """A file's text as the generation that ranked this answer holds it (``None``: none known)."""
    more: bool = False
    """The list is one engine's whole list and the limit cut it: more match than are shown."""

    @classmethod
    def build(
        cls, request: Request, result: SearchResult, seconds: float, read_text: Callable[[str], str] | None = None,
        limit: int | None = None, repo: Path | None = None,
    ) -> Answer:
        """Wrap an engine result (and how to read the files of the generation it was ranked on);
        with ``limit``, the result was asked for one more: more than ``limit`` of a whole list is
        cut to it and said (``who calls X`` of 440 callers had read '50 results', as if all), with
        the command that counts the whole list where one does (``repo``: the repository asked)."""
        more = limit is not None and len(result.results) > limit
        if more:
            result = replace(result, results=result.results[:limit])
        notices = list(result.notices)
        more = more and result.lists_whole
        if more:
            notices.append(cut_notice(limit or 0, result, repo))
        return cls(request, result, [Row(r) for r in result.results], seconds, notices, read_text, more)

    def text(self, path: str) -> str:
        """A file's text from the generation that ranked this answer, so that the preview marks the
        lines the list shows even when a refresh landed since; ``KeyError`` when it is not there."""
        if self.read_text is None:
            raise KeyError(path)
        return self.read_text(path)

    @property
    def intent(self) -> str:
        return self.result.intent

    @property
    def confidence(self) -> float:
        return self.result.confidence

    @property
    def target(self) -> str | None:
        return self.result.target

    @property
    def sought(self) -> str | None:
        """What the preview scrolls sideways to on a result's line, as the snippets are cut around it."""
        return sought(self.result)

    @property
    def weights(self) -> dict[str, float]:
        """The weight profile that ranked this answer, in display order."""
        return dict(self.result.weights)

    @property
    def strategy(self) -> str:
        return self.result.fusion_strategy

    @property
    def preset(self) -> str:
        return self.result.preset

    @property
    def k(self) -> int:
        return self.result.k

    @property
    def timings(self) -> dict[str, float]:
        return dict(self.result.timings_ms)

    @property
    def coverage(self) -> float:
        return self.result.semantic_coverage

    @property
    def elapsed_ms(self) -> float:
        return self.result.elapsed_ms

    def ranks(self) -> dict[RowKey, int]:
        """Return each result's 0-based fused rank by identity."""
        return {row.key: i for i, row in enumerate(self.rows)}


def cut_notice(limit: int, result: SearchResult, repo: Path | None = None) -> str:
    """What the status line says of a whole list cut at ``limit``: of "who calls X" or "what breaks
    if I change X" in one repository, the graph command that counts and lists the whole list, as
    ``maguyva search`` says it (``--repo`` where the explorer's folder is not the current one's); the
    explorer has no more to show, and it had said "narrow the query", which no caller list allows."""
    asked = graph_question(result) if repo is not None else None
    if asked is None or not result.target:
        return f"showing the first {limit}; more match: narrow the query"
    here = Path.cwd().resolve()
    inside = here == repo or repo in here.parents  # where `maguyva graph` answers from this index
    where = "" if inside else f" --repo {shlex.quote(str(repo))}"
    return f"showing the first {limit}; more match: `maguyva graph {asked} {shlex.quote(result.target)}{where}` says how many"


def ask(engine: Engine, request: Request, limit: int = RESULT_LIMIT,
        cancelled: Callable[[], bool] | None = None) -> Answer:
    """Run one request and wrap the result; ``QueryError`` and engine failures propagate, and
    ``SearchCancelled`` when ``cancelled`` says yes between the search's stages."""
    weights = dict(request.weights) if request.weights is not None else None
    started = time.perf_counter()
    parts = engine.parts()  # one generation for the ranking and for the files the preview shows
    result = engine.search(request.text, limit=limit + 1, regex=request.regex, case=request.case,
                           intent=request.intent, preset=request.preset, weights=weights, parts=parts,
                           cancelled=cancelled)  # one more: was a whole list cut?
    return Answer.build(request, result, time.perf_counter() - started, parts.generation.snapshot.text, limit,
                        getattr(engine, "root", None))


def holding(rows: list[Row], path: str, line: int | None) -> int | None:
    """Return the index of the result that holds ``line`` of ``path`` (the narrowest, then the best
    ranked), or with ``line`` ``None`` (a whole file) the file's best-ranked result; ``None`` when
    no result is there."""
    found = [
        (0 if line is None else row.end_line - row.start_line, i)
        for i, row in enumerate(rows)
        if row.path == path and (line is None or row.start_line <= line <= row.end_line)
    ]
    return min(found)[1] if found else None


def same_results(before: Sequence[Row], after: Sequence[Row]) -> list[int | None]:
    """Return, for each row of ``after``, the row of ``before`` holding the same result: the one at
    the same place, else, where one row of each list alone holds a symbol of a file, that symbol's
    (an edit above it moved its lines: the cursor had gone back to the first row, and a what-if's
    marks had called it ``new``); ``None`` for a newcomer. A symbol several rows hold (two calls
    in one caller) is matched by its place alone: which one moved where is not known."""
    places: dict[RowKey, int] = {}
    for i, row in enumerate(before):
        places.setdefault(row.key, i)
    found = [places.get(row.key) for row in after]
    taken = {i for i in found if i is not None}
    was = _lone_names(before, taken)
    now = _lone_names(after, {j for j, i in enumerate(found) if i is not None})
    for name, j in now.items():
        if name in was:
            found[j] = was[name]
    return found


def same_result(before: Sequence[Row], after: Sequence[Row], at: int) -> int | None:
    """Return the row of ``after`` holding the result row ``at`` of ``before`` held (see
    :func:`same_results`), ``None`` when none does."""
    found = same_results(before, after)
    return found.index(at) if at in found else None


def _lone_names(rows: Sequence[Row], matched: set[int]) -> dict[tuple[str, str, str | None], int]:
    """Each symbol of a file that one row of ``rows`` alone holds, with that row, where the row is
    not among ``matched`` (found at its place already)."""
    named: dict[tuple[str, str, str | None], int | None] = {}
    for i, row in enumerate(rows):
        if row.result.symbol:
            name = (row.path, row.result.symbol, row.result.kind)
            named[name] = None if name in named else i
    return {name: i for name, i in named.items() if i is not None and i not in matched}


def moves(before: Answer | None, after: Answer) -> dict[RowKey, int | None]:
    """Return how far each result moved since ``before`` (positive: up), ``None`` for a newcomer; a
    result is found in ``before`` as the cursor finds it again (:func:`same_results`), so that one an
    edit on disk moved down its file (the watcher's refresh asking again) is not a newcomer."""
    if before is None:
        return {}
    found = same_results(before.rows, after.rows)
    return {row.key: None if was is None else was - rank for rank, (row, was) in enumerate(zip(after.rows, found, strict=True))}


def adjusted(weights: Mapping[str, float], modality: str, step: float) -> tuple[tuple[str, float], ...]:
    """Return a what-if profile with one modality's weight moved by ``step``, kept within 0..1."""
    changed = {m: float(weights.get(m, 0.0)) for m in MODALITIES}
    changed[modality] = round(min(max(changed[modality] + step, 0.0), 1.0), 2)
    return tuple(changed.items())
