"""Decide what runs for a question: the engines, the weights that rank them, how much each returns.

One rule, in one place: the *effective* weights (the intent's profile, or the user's what-if
profile) both pick the engines and rank their lists, so the weights a result reports are the ones
that chose what ran. A plan is one of:

- ``direct``: an ordinary question the classifier is sure of (confidence ≥ 0.85, a target) goes
  to the dominant engine alone, which lists every answer (every call site, every occurrence);
- ``single``: the user named one engine (``--modality``);
- ``fused`` / ``semantic_only``: the preset's engines whose weight is above zero, each asked for
  more than the page so that agreement below the page can still lift a result.

When a lone engine finds nothing, :func:`blended` is the plan tried next.

A question that describes one function (the classifier's ``function_description`` rule, "Return the
value for a key") is blended with no file credit (:data:`ONE_FUNCTION_DECAY`): the function the
engines rank first is shown first, not the file with the most matching chunks.

**The limit cuts, it never ranks.** What each engine is asked for does not depend on the page
asked for, up to :data:`MAX_PREFIX_LIMIT` results: every limit up to it ranks the same list and
cuts it, so the page for ``--limit 10`` is the first 10 of the ``--limit 50`` page. A longer page
asks every engine for more (:data:`OVERFETCH` times the limit) and may then rank differently from
a short one (agreement further down the lists can lift a result).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from maguyva_tui.core.intent import FUNCTION_RULE, Intent, Weights, weights_for
from maguyva_tui.core.types import MODALITIES, PRESET_ENGINES, PRESET_NAMES

DEFAULT_K: Final = 40  # seed: default preset
THOROUGH_K: Final = 60  # seed: thorough preset; a flatter curve gives lower-ranked agreement more say
DIRECT_CONFIDENCE: Final = 0.85  # seed: at or above this an ordinary query skips fusion

MAX_PREFIX_LIMIT: Final = 50
"""The longest page whose ranking is that of every shorter one: the explorer's and the MCP
server's page (a limit up to it is a cut of one list, see the module's docstring)."""
PROBE: Final = 1
"""The result past the page that the front ends ask for (the CLI, the explorer, the MCP server, a
workspace: ``limit + 1``) to learn whether the limit cut the list. It is not part of the page, so
it fetches as the page does: a page of :data:`MAX_PREFIX_LIMIT` asked with it had fetched 153 hits
an engine where a page of 10 fetched 150, and ranked otherwise (``--limit 10`` was not the first
part of ``--limit 50`` in a blend)."""
OVERFETCH: Final = 3
"""Each engine of a blend returns this many times the page, so that agreement between engines
below the visible page can still lift a result."""
MIN_FETCH: Final = OVERFETCH * MAX_PREFIX_LIMIT
"""What each engine of a blend returns for any page up to :data:`MAX_PREFIX_LIMIT`, and a lone
engine at least: the same lists, whatever the limit, so the limit only cuts."""

ONE_FUNCTION_DECAY: Final = 0.0
"""The file credit's decay (``fusion.FILE_DECAY``, 0.5 otherwise) when the question describes one
function: each chunk ranks on its own votes. A long file's many matching chunks say it is about
the question's topic; they do not say which of its functions a docstring describes, and they lift
its sibling over the function asked for in a short file. Chosen on half A of ``bench.nl_quality``
(the engines' lists dumped once, the blend re-run): docstring MRR@10 0.550 -> 0.582 at 0, 0.564 at
0.25 (Hit@10 0.779 -> 0.810, 0.818), both halves of its questions gaining at 0 (0.557 -> 0.579,
0.543 -> 0.585); 117 of its 253 questions read as one function's description, none of semble's
215 (unchanged). Without any credit for every question, semble's NDCG@10 falls 0.866 -> 0.787."""

ONE_FUNCTION_WINDOW: Final = 0.5
"""A line window's factor in the blend (code outside any definition: a module's imports, its
top-level statements) when the question describes one function: the classifier read it as one
function's description, and a window is no function, so it ranks below the functions the engines
rank nearly as high (it stays listed: a module-level constant a statement describes is in one).
pyparsing's "Implementation of ``^`` operator - returns :class:`Or`" had listed ``__init__.py``'s
export list first, ``ParserElement.__xor__`` second; boltons' "A passthrough to the wrapped
socket's type." a window of ``socketutils.py`` first. Chosen on half A of ``bench.nl_quality`` (its docstring questions;
none of semble's reads as one function's description), docstring MRR@10 by repository (boltons /
marshmallow / pyparsing): 1 (before) 0.685 / 0.663 / 0.636 (0.661), 0.9 0.688 / 0.663 / 0.643,
0.7 0.688 / 0.663 / 0.647, **0.5** 0.689 / 0.663 / 0.647 (0.667), 0 the same as 0.5: no
repository lower at any factor, each pair of repositories picks 0.5 or below and the third does
not fall by it."""

ONE_FUNCTION_K: Final = 20
"""RRF's ``k`` (:data:`DEFAULT_K` otherwise) when the question describes one function: a steeper
curve, so that an engine's first few chunks stand further apart from its next ones. Such a
question asks which of a few close functions is meant, and at 40 a chunk the semantic engine puts
1st and one it puts 4th differ by 7 %, less than one weak vote of the text engine (boltons'
"Creates a directory and any parent directories ...": ``AtomicSaver.setup``, its 2nd, holding
"raise", "error" and "exists", and two more above ``mkdir_p``, its 1st, 4th; now 2nd).
Chosen on half A of ``bench.nl_quality`` (its docstring questions; none of semble's reads as one
function's description), docstring MRR@10 and Hit@10 (boltons / marshmallow / pyparsing, all):
40 (before) 0.689 / 0.671 / 0.647, 0.669, 0.858; 60 0.680 / 0.671 / 0.638, 0.662, 0.858; 30
0.690 / 0.671 / 0.645, 0.668, 0.854; **20** 0.693 / 0.672 / 0.650, 0.672, 0.858; 10 0.696 / 0.672
/ 0.650, 0.673, 0.850; 5 0.697 / 0.670 / 0.625, 0.663, 0.846. 10 loses Hit@10 (the questions'
other target, 0.846 for the semantic engine alone); among the values that keep it, each pair of
repositories picks 20 and the third gains by it."""

ALONE: Final = ("direct", "single")
"""Strategies where one engine's own list is the answer."""


@dataclass(frozen=True, slots=True)
class Preset:
    """A named choice of modalities and RRF ``k``."""

    name: str
    modalities: tuple[str, ...]
    k: int
    strategy: str
    """What a non-direct plan on this preset says: ``"fused"`` or ``"semantic_only"``."""


QUICK: Final = Preset("quick", PRESET_ENGINES["quick"], DEFAULT_K, "semantic_only")
"""Meaning only, no fusion: the fastest answer (``k`` only scales the shown contributions)."""
DEFAULT: Final = Preset("default", PRESET_ENGINES["default"], DEFAULT_K, "fused")
"""Three engines fused; the graph still supplies centrality and the direct path."""
THOROUGH: Final = Preset("thorough", PRESET_ENGINES["thorough"], THOROUGH_K, "fused")
"""All four engines fused."""

PRESETS: Final[Mapping[str, Preset]] = MappingProxyType({p.name: p for p in (QUICK, DEFAULT, THOROUGH)})
"""Presets by name, in :data:`~maguyva_tui.core.types.PRESET_NAMES` order."""
assert tuple(PRESETS) == PRESET_NAMES


def preset_for(name: str) -> Preset:
    """Return a preset by name; raise ``ValueError`` naming the valid ones."""
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}") from None


@dataclass(frozen=True, slots=True)
class Plan:
    """What runs for one query, and how its lists are combined."""

    intent: str
    confidence: float
    weights: Weights
    """The effective profile: the intent's, or the what-if that replaced it. It chose the engines."""
    strategy: str
    """``"direct"``, ``"single"``, ``"fused"`` or ``"semantic_only"`` (the JSON's ``fusion_strategy``)."""
    modalities: tuple[str, ...]
    """The engines to run, in display order; exactly one when alone."""
    preset: str
    k: int
    fetch: int = MIN_FETCH
    """Hits asked of each engine: the same for every page up to :data:`MAX_PREFIX_LIMIT`."""
    file_decay: float | None = None
    """The blend's file credit decay: :data:`ONE_FUNCTION_DECAY` for a question describing one
    function, ``None`` for the blend's own (``fusion.FILE_DECAY``)."""
    windows: float = 1.0
    """A line window's factor in the blend: :data:`ONE_FUNCTION_WINDOW` for a question describing
    one function, else 1."""

    @property
    def alone(self) -> bool:
        """Tell whether one engine's own list is the answer (no fusion, no boost)."""
        return self.strategy in ALONE

    def to_dict(self) -> dict[str, object]:
        """Return the plan half of the JSON explanation."""
        return {
            "intent": self.intent,
            "confidence": self.confidence,
            "weights": self.weights.as_dict(),
            "fusion_strategy": self.strategy,
            "modalities": list(self.modalities),
            "preset": self.preset,
            "k": self.k,
        }


def plan(
    intent: Intent,
    preset: Preset | str = DEFAULT,
    ordinary: bool = True,
    *,
    weights: Weights | None = None,
    modality: str | None = None,
    limit: int = 20,
) -> Plan:
    """Decide the engines: the one asked for, the dominant one alone when sure and ordinary, else
    the preset's engines that the effective weights (``weights``, else the intent's) give a say."""
    chosen = preset_for(preset) if isinstance(preset, str) else preset
    effective = weights or weights_for(intent.name)
    alone, blend = fetch_for(limit)

    one_function = intent.rule == FUNCTION_RULE
    decay = ONE_FUNCTION_DECAY if one_function else None
    windows = ONE_FUNCTION_WINDOW if one_function else 1.0
    k = ONE_FUNCTION_K if one_function else chosen.k

    def make(strategy: str, modalities: tuple[str, ...], fetch: int) -> Plan:
        return Plan(intent.name, intent.confidence, effective, strategy, modalities, chosen.name, k, fetch,
                    decay, windows)

    if modality is not None:
        return make("single", (modality,), alone)
    if intent.confidence >= DIRECT_CONFIDENCE and ordinary:
        return make("direct", (effective.dominant(),), alone)
    weighted = tuple(m for m in chosen.modalities if effective.get(m) > 0)  # weight 0: never run
    if not weighted:  # quick preset on exact_match: the embedding model is not called
        return make("direct", (effective.dominant(),), alone)
    return make(chosen.strategy, weighted, blend)


def fetch_for(limit: int) -> tuple[int, int]:
    """Return what a lone engine and each engine of a blend are asked for, for a page of ``limit``:
    the same for every limit up to :data:`MAX_PREFIX_LIMIT` and its :data:`PROBE` (so the limit
    only cuts the list), :data:`OVERFETCH` times the page for a blend beyond it."""
    if limit <= MAX_PREFIX_LIMIT + PROBE:
        return MAX_PREFIX_LIMIT + PROBE, MIN_FETCH
    return limit, limit * OVERFETCH


def plan_request(
    intent: Intent,
    preset: str,
    limit: int,
    weights: Weights | None = None,
    modality: str | None = None,
) -> Plan:
    """Plan a request: an ordinary question (no what-if, no engine named, a target) may go direct.
    An exact match the user chose (``--intent exact_match``) is every occurrence of the whole
    query, target or not: the text engine alone, as for a quoted string."""
    chosen_exact = intent.rule == "override" and intent.name == "exact_match"
    ordinary = weights is None and modality is None and (intent.target is not None or chosen_exact)
    return plan(intent, preset, ordinary, weights=weights, modality=modality, limit=limit)


def blended(first: Plan, intent: Intent) -> Plan | None:
    """Return the blend to try when a lone engine found nothing; ``None`` when that is the same engine.
    It fetches as a blend of the same page would (a lone engine's fetch is at least the page)."""
    limit = first.fetch
    again = plan(intent, first.preset, ordinary=False, weights=first.weights, limit=limit)
    if again.alone and again.modalities == first.modalities:
        return None
    return again


def with_weights(intent: Intent, weights: Mapping[str, float] | None) -> Weights | None:
    """Return a what-if profile over the intent's, each modality not named keeping its weight."""
    if weights is None:
        return None
    base = weights_for(intent.name)
    return Weights(**{m: float(weights.get(m, base.get(m))) for m in MODALITIES})

