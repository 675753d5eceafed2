"""What the explorer asks the engine, and the answer in a shape the widgets read.

Headless on purpose (no ``textual`` here): the request is a small frozen value, the answer keeps
the engine's JSON dict untouched so that every number the UI shows is the number the ranking used.
The engine grows in steps, so :func:`ask` passes only the keywords its ``search`` accepts and
:class:`Answer` reads every explanation field with a default.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeAlias

from maguyva_tui.core.types import MODALITIES

RowKey: TypeAlias = tuple[str, int]
"""``(path, start_line)``: a result's identity when the list re-ranks."""

RESULT_LIMIT = 50
"""Results asked for: a screenful and a half, cheap to render on every keystroke."""

PRESETS = ("quick", "default", "thorough")
"""The engine's presets, in the order the ``p`` key cycles them."""


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
    """One result, read defensively from the engine's dict (``raw`` keeps the dict itself)."""

    raw: Mapping[str, Any]

    @property
    def key(self) -> RowKey:
        """The identity used to find the same result after a re-rank."""
        return (self.path, self.start_line)

    @property
    def path(self) -> str:
        return str(self.raw.get("path", ""))

    @property
    def start_line(self) -> int:
        return int(self.raw.get("start_line") or 1)

    @property
    def end_line(self) -> int:
        return int(self.raw.get("end_line") or self.start_line)

    @property
    def hits(self) -> tuple[int, ...]:
        """The lines the engine matched on (``match_lines``), when it says."""
        lines = self.raw.get("match_lines") or ()
        return tuple(int(n) for n in lines if isinstance(n, int))

    @property
    def score(self) -> float:
        return float(self.raw.get("score") or 0.0)

    @property
    def demoted(self) -> bool:
        """True when the path was demoted (vendored, built, generated)."""
        return float(self.raw.get("demotion", 1.0) or 1.0) < 1.0

    @property
    def folded(self) -> int:
        return int(self.raw.get("folded") or 0)

    def modality(self, name: str) -> Mapping[str, Any] | None:
        """Return one engine's part (rank, weight, contribution, reason), ``None`` when it did not find it."""
        part = (self.raw.get("modalities") or {}).get(name)
        return part if isinstance(part, Mapping) else None


@dataclass(slots=True)
class Answer:
    """The engine's JSON result with the question read back; fields missing from the dict get defaults."""

    request: Request
    data: Mapping[str, Any]
    rows: list[Row] = field(default_factory=list)
    seconds: float = 0.0
    """Wall time of the call, measured here (the dict's ``elapsed_ms`` is the engine's own)."""
    notices: list[str] = field(default_factory=list)

    @classmethod
    def build(cls, request: Request, data: Mapping[str, Any], seconds: float) -> Answer:
        """Wrap an engine result."""
        rows = [Row(r) for r in data.get("results") or [] if isinstance(r, Mapping)]
        notices = [str(n) for n in data.get("notices") or []]
        return cls(request, data, rows, seconds, notices)

    @property
    def intent(self) -> str:
        return str(self.data.get("intent") or "")

    @property
    def confidence(self) -> float | None:
        value = self.data.get("confidence")
        return float(value) if isinstance(value, int | float) else None

    @property
    def target(self) -> str | None:
        value = self.data.get("target")
        return str(value) if value else None

    @property
    def weights(self) -> dict[str, float]:
        """The weight profile that ranked this answer, in display order (empty when unknown)."""
        given = self.data.get("weights") or {}
        return {m: float(given[m]) for m in MODALITIES if isinstance(given.get(m), int | float)}

    @property
    def strategy(self) -> str:
        return str(self.data.get("fusion_strategy") or "")

    @property
    def preset(self) -> str:
        return str(self.data.get("preset") or "")

    @property
    def k(self) -> int | None:
        value = self.data.get("k")
        return int(value) if isinstance(value, int | float) else None

    @property
    def timings(self) -> dict[str, float]:
        return {str(m): float(v) for m, v in (self.data.get("timings_ms") or {}).items()}

    @property
    def coverage(self) -> float | None:
        value = self.data.get("semantic_coverage")
        return float(value) if isinstance(value, int | float) else None

    def ranks(self) -> dict[RowKey, int]:
        """Return each result's 0-based fused rank by identity."""
        return {row.key: i for i, row in enumerate(self.rows)}


def supported_keywords(engine: Any) -> frozenset[str]:
    """Return the keyword arguments the engine's ``search`` accepts."""
    try:
        params = inspect.signature(engine.search).parameters
    except (TypeError, ValueError):
        return frozenset()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return frozenset({"limit", "regex", "case", "intent", "preset", "weights"})
    return frozenset(params)


def ask(engine: Any, request: Request, limit: int = RESULT_LIMIT) -> Answer:
    """Run one request and wrap the result; ``QueryError`` and engine failures propagate."""
    accepted = supported_keywords(engine)
    wanted: dict[str, Any] = {
        "limit": limit,
        "regex": request.regex,
        "case": request.case,
    }
    if request.intent:
        wanted["intent"] = request.intent
    if request.preset != "default":
        wanted["preset"] = request.preset
    if request.weights is not None:
        wanted["weights"] = dict(request.weights)
    kwargs = {k: v for k, v in wanted.items() if k in accepted}
    started = time.perf_counter()
    data = engine.search(request.text, **kwargs)
    answer = Answer.build(request, data, time.perf_counter() - started)
    ignored = sorted(set(wanted) - set(kwargs) - {"limit", "regex", "case"})
    if ignored:
        answer.notices.append(f"this engine ignores {', '.join(ignored)} (what-if needs the fused engine)")
    if "intent" not in data:
        _read_back_locally(answer)
    return answer


def _read_back_locally(answer: Answer) -> None:
    """Fill the read-back from the classifier when the engine returned no explanation (older engine)."""
    from maguyva_tui.core.fusion import plan
    from maguyva_tui.core.intent import classify, override

    request = answer.request
    intent = classify(request.text)
    if request.intent:
        intent = override(intent, request.intent)
    chosen = plan(intent, request.preset if request.preset in PRESETS else "default")
    filled = dict(answer.data)
    filled.update(chosen.to_dict())
    filled["target"] = intent.target
    answer.data = filled
    answer.notices.append("the engine gave no explanation: intent and weights are the classifier's reading")


def moves(before: Answer | None, after: Answer) -> dict[RowKey, int | None]:
    """Return how far each result moved since ``before`` (positive: up), ``None`` for a newcomer."""
    if before is None:
        return {}
    old = before.ranks()
    out: dict[RowKey, int | None] = {}
    for rank, row in enumerate(after.rows):
        was = old.get(row.key)
        out[row.key] = None if was is None else was - rank
    return out


def adjusted(weights: Mapping[str, float], modality: str, step: float) -> tuple[tuple[str, float], ...]:
    """Return a what-if profile with one modality's weight moved by ``step``, kept within 0..1."""
    changed = {m: float(weights.get(m, 0.0)) for m in MODALITIES}
    changed[modality] = round(min(max(changed[modality] + step, 0.0), 1.0), 2)
    return tuple(changed.items())
