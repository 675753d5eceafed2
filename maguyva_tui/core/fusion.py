"""Blend the engines' ranked lists by weighted reciprocal rank fusion, keeping every number shown.

A pure module: ranked lists and weights in, a fused list out, no engine, no I/O.

What runs is decided before (:mod:`maguyva_tui.core.plan`); this module only does the arithmetic.

- :func:`fuse` merges the lists. For an item at 0-based ``rank`` in a modality's list::

      contribution = weight / (k + rank + 1) * boost        # boost already inside, see below
      boost        = min(1 + 0.3 * ln(1 + centrality), 1.5)
      score        = (sum of the contributions, left to right in display order
                      + file credit) * demotion
      file credit  = sum over engines of  sum_j FILE_DECAY ** j * c_j   (j = 1, 2, ...)

  where ``c_1 >= c_2 >= ...`` are one engine's contributions to the file's *other* chunks, so
  the explanation re-derives the score exactly, and the list is sorted by that very score.
- Items are identified by a chunk key ``(path, start_line, end_line)``; a ``locate`` callback maps
  a hit to the chunk that encloses it, so a text engine's line hit merges into the definition a
  structural engine returned. Then the best chunk per file is kept and shown: the chunk the
  engines' votes favour most before the centrality boost, unless the leading engine's own first
  chunk of the file is nearly as favoured (see :func:`_best_per_file`). The file's other chunks
  are credited, each engine's at a decaying share, so that a file many of whose functions match
  outranks one with a single lucky window, and one engine's many windows of a long file add at
  most ``FILE_DECAY / (1 - FILE_DECAY)`` of its best one. The other chunks are then listed on
  their own scores, below the file's shown chunk (:data:`SIBLING_SHARE`: a question may mean a
  function the engines rank second in its file); those not listed are counted (``folded``).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final, TypeAlias

from maguyva_tui.core.intent import Weights
from maguyva_tui.core.paths import is_demoted, is_secondary
from maguyva_tui.core.types import DECLARATION_NOTE, KIND_RANK, MACRO_NOTE, MODALITIES, Hit, fast_constructor

ChunkKey: TypeAlias = tuple[str, int, int]
"""``(path, start_line, end_line)``: an item's identity across modalities."""

BOOST_SLOPE: Final = 0.3  # seed: boost = 1 + 0.3 * ln(1 + centrality)
BOOST_CAP: Final = 1.5  # seed: a hub may gain half again, never more, so relevance still leads
DEMOTION: Final = 0.5  # halves vendored/built/generated code: still findable, never above own code
SECONDARY_DEMOTION: Final = 0.5
"""Examples, tests and docs when the question does not ask for them (:func:`secondary_demotion`):
on the direct path an example's subclass ``Response`` or an example's call site is listed after
the package's own, the way vendored code is; in a blend a test that spells the question's words
(``TestTreeWildcardConflictEx`` for "radix tree path matching") or an example's logger for
"request logging middleware" ranks below the code it exercises. Chosen for the blend on half A
of ``bench.nl_quality`` (``python -m bench.nl.diagnose --half A``): semble NDCG@10 0.842 at 1
(none), 0.850 at 0.85, 0.854 at 0.7 and 0.5; both folds of its repositories pick 0.5; the
docstring questions (never a test's function) do not move. Held out, half B (``--half B
--variants ";fusion.SECONDARY_DEMOTION=1"``): NDCG@10 0.839 at 1 -> 0.847, docstring MRR@10 0.485
-> 0.500 and Hit@10 0.767 -> 0.797 (a test's function no longer takes the answer's place)."""
FILE_DECAY: Final = 0.5
"""Each further chunk of a file that an engine found adds this share of the one before it (the
first other chunk half its contribution, the next a quarter, ...): a file's matching chunks are
evidence, a geometric share keeps one engine's many windows of a long file from drowning the
other engines' votes. 0 ranks a file by its best chunk alone. Chosen on half A of
``bench.nl_quality`` (``bench.blend_page``): semble's NDCG@10 (a file's rank) 0.795 at 0, 0.828 at
0.25, 0.846 at 0.5 and 0.6, 0.836 at 0.75 with both semantic tiers (0.714, 0.751, 0.774, 0.776,
0.769 on the static tier alone); the docstring questions (a function's rank) pay a little for it,
MRR@10 0.498 at 0, 0.483 at 0.5 with both tiers (0.421, 0.425 static): a long file's siblings
lift it over a short file whose one function was asked for. With k = 40 a chunk at an engine's
rank 80 still adds half what its first adds, so any file with four chunks anywhere in the lists
gets about its best chunk's worth again. Crediting only an engine's first n hits (half A, ``python
-m bench.nl.diagnose``): semble NDCG@10 0.851 at every depth -> 0.848, 0.846, 0.836, 0.823 at n =
40, 20, 10, 3, docstring MRR@10 0.537 -> 0.543, 0.554, 0.554, 0.581: semble's relevant files are
the ones with many chunks deep in the lists. Each engine's best chunk of a file at full weight
and the rest decayed (the file's score then whichever chunk shows it): 0.848 and 0.524."""


# ---------------------------------------------------------------------------------------------
# Boost and demotion.

PATH_KINDS_KEPT: Final = 8192
"""Paths whose kinds (demoted, secondary) are remembered: a page's few dozen files, many pages'."""


def boost_for(centrality: float) -> float:
    """Return the graph importance boost: ``min(1 + 0.3 ln(1 + centrality), 1.5)``, 1 at 0."""
    return min(1.0 + BOOST_SLOPE * math.log(1.0 + max(centrality, 0.0)), BOOST_CAP)


def demotion_for(path: str) -> float:
    """Return the factor a path's score is multiplied by: :data:`DEMOTION` or 1."""
    return DEMOTION if _path_kinds(path)[0] else 1.0


def secondary_demotion(path: str) -> float:
    """Return :func:`demotion_for`, and :data:`SECONDARY_DEMOTION` for examples, tests and docs
    (:func:`~maguyva_tui.core.paths.is_secondary`): the factor, direct or blended, when the
    question does not ask for them."""
    demoted, secondary = _path_kinds(path)
    return (DEMOTION if demoted else 1.0) * (SECONDARY_DEMOTION if secondary else 1.0)


@functools.lru_cache(maxsize=PATH_KINDS_KEPT)
def _path_kinds(path: str) -> tuple[bool, bool]:
    """Whether a path is demoted and whether it is secondary, remembered (the factors are read
    afresh, so a benchmark may vary them): a page's files are asked again in every question,
    each reading its folders and name against two tables (a frequent literal's page: 0.2 ms)."""
    return is_demoted(path), is_secondary(path)


DEMOTION_KINDS: Final = ("vendored", "secondary", "template", "window")
"""The kinds a demotion names (:func:`demotion_kinds`): vendored, built or generated code
(:func:`~maguyva_tui.core.paths.is_demoted`); a test, example or doc the question did not ask for
(:func:`~maguyva_tui.core.paths.is_secondary`); a definition a macro's template writes whose name
is also defined outside any template (:func:`template_demotion`); a line window in the blend of a
question that describes one function (``fuse``'s ``windows``, ``plan.ONE_FUNCTION_WINDOW``)."""


def demotion_kinds(path: str, factor: float, template: bool = False, window: float = 1.0) -> tuple[str, ...]:
    """Name the kinds (:data:`DEMOTION_KINDS`) that multiplied a result's score by ``factor``;
    none at 1. A vendored test demoted once is vendored alone (the question asked for tests); a
    factor below its path's (and its template's) is a test's, its own code saying so where its
    path does not (``fuse``'s ``code_demotion``: a Rust ``#[cfg(test)]`` module);
    ``template``: the result is a template's definition, demoted as such (:func:`template_demotion`).
    ``window``: the factor a line window took (``fuse``'s ``windows``), 1 where none.
    The JSON's ``demoted_as`` and the explanation's words (``explain.demotion_why``)."""
    if window < 1.0:
        return (*demotion_kinds(path, factor / window, template), "window")
    if template:
        return (*demotion_kinds(path, factor / DEMOTION), "template")
    if factor >= 1.0:
        return ()
    demoted = _path_kinds(path)[0]
    made = DEMOTION if demoted else 1.0
    if factor < made and not math.isclose(made, factor):
        return ("vendored", "secondary") if demoted else ("secondary",)
    return ("vendored",) if demoted else ()


def template_demotion(templates: Callable[[ChunkKey], bool] | None, key: ChunkKey) -> float:
    """Return :data:`DEMOTION` for a chunk that ``templates`` says is a definition a macro's
    template writes and that is also defined outside any template (serde's hidden
    ``__private_serialize!`` writes ``trait Serialize``: the real one, in ``ser/mod.rs``, first),
    else 1: halved as generated code is, still found, never above the real definition's peers."""
    return DEMOTION if templates is not None and templates(key) else 1.0


def test_code_demotion(in_test_code: Callable[[ChunkKey], bool]) -> Callable[[ChunkKey], float]:
    """Return the factor a chunk's own code adds to its path's (``fuse``'s ``code_demotion``):
    :data:`SECONDARY_DEMOTION` for the test code ``in_test_code`` tells in a file whose path is no
    test's (a Rust ``#[cfg(test)] mod tests`` inside ``src/``), as a test file's chunks have, else 1."""

    def factor(key: ChunkKey) -> float:
        return SECONDARY_DEMOTION if not _path_kinds(key[0])[1] and in_test_code(key) else 1.0

    return factor


def no_demotion(path: str) -> float:
    """Return 1 for every path: nothing demoted."""
    return 1.0


def no_centrality(hit: Hit) -> float:
    """Return 0 for every hit: no graph, no boost."""
    return 0.0


def span_of(hit: Hit) -> ChunkKey:
    """Return a hit's own span as its identity (the default ``locate``)."""
    return (hit.path, hit.start_line, hit.end_line)


# ---------------------------------------------------------------------------------------------
# The fused values.


@dataclass(frozen=True, slots=True)
class Contribution:
    """One modality's part in one fused item."""

    rank: int
    """0-based position in that modality's list (the best one when several hits merged)."""
    score: float
    """The engine's own score for that hit."""
    weight: float
    contribution: float
    """``weight / (k + rank + 1) * boost``: the boost is already inside."""

    def to_dict(self) -> dict[str, float | int]:
        """Return the JSON shape ``{"rank", "score", "weight", "contribution"}``."""
        return {
            "rank": self.rank,
            "score": self.score,
            "weight": self.weight,
            "contribution": self.contribution,
        }


@dataclass(frozen=True, slots=True)
class Fused:
    """One result of the fused list with every number that ranked it."""

    hit: Hit
    """The representative hit: the one spanning the whole chunk if any, else the top contributor."""
    key: ChunkKey
    """The chunk the item stands for (what ``locate`` returned)."""
    score: float
    """The number the list is sorted by: ``sum(contributions) * demotion``."""
    contributions: tuple[tuple[str, Contribution | None], ...]
    """Per modality that ran, in display order; ``None`` where that engine did not find it."""
    centrality: float
    boost: float
    demotion: float
    folded: int = 0
    """How many other chunks of the same file were folded into this one."""
    credits: tuple[tuple[str, float], ...] = ()
    """Per engine that found other chunks of this file, in display order: what they add to the
    score (``sum_j FILE_DECAY ** j * c_j`` over its contributions to them, best first)."""
    file_credit: float = 0.0
    """The sum of :attr:`credits`, left to right: the term added to the contributions."""
    copies: tuple[ChunkKey, ...] = ()
    """Near-copies of this chunk's code elsewhere, folded into it (see :mod:`~maguyva_tui.core.duplicates`)."""
    lift: float = 1.0
    """:data:`CONFIDENT_LIFT` when this is the confident first answer of the leading engine (its
    first hit's score stands :data:`CONFIDENT_GAP` above its second's), else 1: a factor of the score."""
    name_lift: float = 1.0
    """``1 + NAME_LIFT * share`` when the file's name says ``share`` of a question's words
    (:data:`NAME_LIFT`), else 1: a factor of the score."""
    name_words: tuple[str, ...] = ()
    """The question's words (stemmed) the file's name says."""
    quoted_lift: float = 1.0
    """``1 + QUOTED_LIFT * share`` when this chunk's code spells ``share`` of the names a question
    quotes as code (:data:`QUOTED_LIFT`), else 1: a factor of the score."""
    quoted_names: tuple[str, ...] = ()
    """The quoted names this chunk's code spells, in the question's order."""
    signature: float = 0.0
    """The signature vote (:func:`signature_vote`): ``SIGNATURE_WEIGHT / (SIGNATURE_K + rank + 1)``,
    added to the score after its factors; 0 without one."""
    signature_rank: int = -1
    """The item's 0-based rank by its signature's cosine among the first :data:`SIGNATURE_TOP`; -1 without a vote."""
    signature_cosine: float = 0.0
    """The cosine of the question with the item's signature (kind, name, first line) it was ranked by."""

    def contribution(self, modality: str) -> Contribution | None:
        """Return one modality's contribution, ``None`` when not found or not run."""
        for name, part in self.contributions:  # one per modality: no dict made per call (fusion asks thousands)
            if name == modality:
                return part
        return None

    def rederived_score(self) -> float:
        """Recompute the score from the stored numbers, in the same order as :func:`fuse`."""
        return _score(self.contributions, self.file_credit, self.demotion, self.lift, self.name_lift,
                      self.quoted_lift) + self.signature

    def to_dict(self) -> dict[str, object]:
        """Return the JSON explanation of this result; the numbers are the ones used for ranking."""
        return {
            "path": self.hit.path,
            "start_line": self.hit.start_line,
            "end_line": self.hit.end_line,
            "symbol": self.hit.symbol,
            "kind": self.hit.kind,
            "score": self.score,
            "modalities": {m: (c.to_dict() if c else None) for m, c in self.contributions},
            "centrality": self.centrality,
            "boost": self.boost,
            "demotion": self.demotion,
            "folded": self.folded,
            "file_credit": self.file_credit,
            "file_credits": dict(self.credits),
            "copies": [{"path": p, "start_line": s, "end_line": e} for p, s, e in self.copies],
            **({"lift": self.lift} if self.lift != 1.0 else {}),
            **({"name_lift": self.name_lift, "name_words": list(self.name_words)} if self.name_lift != 1.0 else {}),
            **({"quoted_lift": self.quoted_lift, "quoted_names": list(self.quoted_names)}
               if self.quoted_lift != 1.0 else {}),
            **({"signature": self.signature, "signature_rank": self.signature_rank,
                "signature_cosine": self.signature_cosine} if self.signature else {}),
        }


_new_fused = fast_constructor(Fused)
_new_contribution = fast_constructor(Contribution)
"""``Fused(...)`` and ``Contribution(...)`` without the frozen dataclass's ``__init__``: the direct
path makes one of each per hit, a page's hundred, a whole list's every line."""


def _score(parts: Sequence[tuple[str, Contribution | None]], credit: float, demotion: float,
           lift: float = 1.0, name_lift: float = 1.0, quoted_lift: float = 1.0) -> float:
    """The score: the contributions summed left to right, plus the file credit, times the demotion
    (times the lift of a confident first answer, the file name's lift, the quoted names' lift)."""
    total = (sum(c.contribution for _, c in parts if c is not None) + credit) * demotion
    if lift != 1.0:
        total *= lift
    if name_lift != 1.0:
        total *= name_lift
    return total * quoted_lift if quoted_lift != 1.0 else total


# ---------------------------------------------------------------------------------------------
# Fusion.

WeightsLike: TypeAlias = Mapping[str, float] | Weights


def _weight(weights: WeightsLike, modality: str) -> float:
    """Return one modality's weight from a ``Weights`` or a plain mapping (0 when absent)."""
    if type(weights) is dict:  # the weights fuse resolved once: no abstract-class check per item
        return float(weights.get(modality, 0.0))
    return float(weights.get(modality, 0.0) if isinstance(weights, Mapping) else weights.get(modality))


def _display_order(lists: Mapping[str, Sequence[Hit]]) -> tuple[str, ...]:
    """Return the modalities that ran: the known ones in display order, then any others sorted."""
    return tuple(m for m in MODALITIES if m in lists) + tuple(sorted(set(lists) - set(MODALITIES)))


def _collect(
    lists: Mapping[str, Sequence[Hit]], order: tuple[str, ...], locate: Callable[[Hit], ChunkKey]
) -> dict[ChunkKey, dict[str, tuple[int, Hit]]]:
    """Group hits by chunk; within one modality keep the best (first) rank for a chunk."""
    found: dict[ChunkKey, dict[str, tuple[int, Hit]]] = {}
    for modality in order:
        for rank, hit in enumerate(lists[modality]):
            found.setdefault(locate(hit), {}).setdefault(modality, (rank, hit))
    return found


def _representative(
    key: ChunkKey, per: Mapping[str, tuple[int, Hit]], weights: WeightsLike, k: int, order: tuple[str, ...]
) -> Hit:
    """Pick the hit that shows the item: one spanning the whole chunk first, then the top contributor."""
    if len(per) == 1:  # one engine found it (most items): its hit
        return next(iter(per.values()))[1]

    def preference(modality: str) -> tuple[bool, float, int]:
        rank, hit = per[modality]
        return (span_of(hit) != key, -_weight(weights, modality) / (k + rank + 1), order.index(modality))

    return per[min(per, key=preference)][1]


def _fuse_one(
    key: ChunkKey,
    per: Mapping[str, tuple[int, Hit]],
    order: tuple[str, ...],
    weights: WeightsLike,
    k: int,
    centrality: Callable[[Hit], float],
    demotion: Callable[[str], float],
    templates: Callable[[ChunkKey], bool] | None = None,
    code_demotion: Callable[[ChunkKey], float] | None = None,
    windows: float = 1.0,
) -> Fused:
    """Score one chunk from the modalities that found it; a line window's score times ``windows``."""
    hit = _representative(key, per, weights, k, order)
    central = max(float(centrality(hit)), 0.0)
    boost = boost_for(central)
    parts: list[tuple[str, Contribution | None]] = []
    for modality in order:
        if modality not in per:
            parts.append((modality, None))
            continue
        rank, own = per[modality]
        weight = _weight(weights, modality)
        parts.append((modality, _new_contribution(rank, own.score, weight, weight / (k + rank + 1) * boost)))
    factor = float(demotion(key[0])) * template_demotion(templates, key)
    if code_demotion is not None:
        factor *= code_demotion(key)
    if windows != 1.0 and hit.kind == "window":
        factor *= windows
    return _new_fused(hit, key, _score(parts, 0.0, factor), tuple(parts), central, boost, factor)


def _order_key(item: Fused) -> tuple[float, str, int, int]:
    """Sort by score, best first; ties by path, then line, so the order never depends on chance."""
    return (-item.score, item.key[0], item.key[1], item.key[2])


def _relevance(item: Fused) -> float:
    """What the engines said of an item, before the centrality boost and any lift: its
    contributions over the boost (every contribution carries the same one), demoted like the score."""
    return item.score / item.boost / item.lift


SIBLING_SHARE: Final = 0.5
"""A file's other chunk is listed as a result of its own, on its own score (without the file
credit, so it ranks below its file's shown chunk unless a far greater boost lifts it), when the
engines rank it at least this share as relevant as the file's shown chunk; weaker ones are folded
into it, as the seed's dedup to the best chunk per file folds every one (infinite: one chunk per
file). A question may ask for one function of a file whose other function the engines rank
first (boltons: "creates a directory and any parent directories" -> ``mkdir_p``, the semantic
engine's first choice, behind ``AtomicSaver.setup`` of the same file). Measured on half A of
``bench.nl_quality`` (``python -m bench.nl.diagnose``): docstring Hit@10 0.588 at infinity, 0.693
at 0.9, 0.739 at 0.7, 0.771 at 0.5, 0.791 at 0 (MRR@10 0.506, 0.548 at 0.5, 0.550 at 0); semble's
NDCG@10 0.839 -> 0.837 either way. Both folds of half A's repositories pick 0, but 0 lists every
chunk of every file the engines touch and folds none, which undoes the seed's dedup; 0.5 keeps
nine tenths of the gain and folds the chunks less than half as relevant (held out, half B:
Hit@10 0.590 -> 0.800, MRR@10 0.484 -> 0.514, at 0 0.820 and 0.519; NDCG@10 0.831 -> 0.827).
Carrying a share of the file's credit with a sibling cost semble 0.01-0.07 for at most 0.02 of
docstring MRR@10. Carrying all of it only for a sibling that some engine ranks among its first n
hits (a function the semantic engine puts 2nd, behind its file's shown chunk, sinks below every
other file's credited chunk): half A semble NDCG@10 0.851 -> 0.841, 0.835, 0.829, 0.815 at n = 1,
2, 3, 5, docstring MRR@10 0.537 -> 0.565, 0.578, 0.580, 0.578; each fold's pick loses 0.011-0.013
of NDCG@10 on the other fold, and the plain-English questions are the ones that pay."""

NAME_LIFT = 0.5
"""A question in plain words that a file's name answers in part ("utility helpers for path
detection" and gin's ``utils.go``, "quantization of model weights" and ``quantization.py``): each
item of the file has its score multiplied by ``1 + NAME_LIFT * share``, ``share`` the part of the
question's content words (stemmed) that the file's name, less its extension, says. What a
repository's authors called a file is evidence no engine reads: the semantic engine sees the path
among a chunk's code, BM25 and the structural engine read the code and the names defined in it.
Measured on half A of ``bench.nl_quality`` (``python -m bench.nl.diagnose --half A --variants
";fusion.NAME_LIFT=0;..."``; semble's NDCG@10 with its two folds, then docstring MRR@10): 0
(before) 0.872 (0.853 / 0.898), 0.614; 0.3 0.877 (0.854 / 0.907), 0.613; **0.5** 0.879 (0.856 /
0.911), 0.612; 0.7 0.877 (0.855 / 0.906), 0.610; each fold picks 0.5 and loses nothing by it on
the other. semble's Hit@1 0.809 -> 0.828. A share of the page's best score added instead (0.1 to
1.0) peaked at 0.878, the parent folder's name counted too at 0.877. The docstring questions (a
function whose file is named for something else) lost 0.002, and ``bench.evaluate``'s natural
language MRR@10 0.632 -> 0.628, until a question that describes one function was left out (it
ranks functions, not files: ``search.NAMED_FILES_INTENT``). A limit of 4 content words instead
gave 0.877 (0.860 / 0.901), and the folds disagreed on it."""

NAME_RARITY = 1.0
"""A word that many files' names say is little evidence for any one of them: in :data:`NAME_LIFT`'s
share each word the file's name says counts ``1 / n ** NAME_RARITY``, ``n`` the index's files
whose names say it (fmtlib's "how dynamic format arguments are stored and accessed": ``format``,
which ``format.h`` and ``format-inl.h`` both say, had lifted ``format.h`` by 1.10 over ``core.h``,
where the arguments are stored; now 1.05, and ``core.h`` is first). A name that alone says a word
(``quantization.py``) is lifted as before. The names are counted once per generation of the index
(:func:`~maguyva_tui.core.search.files_saying`); a workspace's view counts none, its words whole.
Chosen on half A of ``bench.nl_quality`` (``python -m bench.nl.diagnose --half A --variants
";fusion.NAME_RARITY=0.5;..."``; semble NDCG@10 with its two folds of repositories): 0 (before)
0.8734 (0.8535 / 0.9005); 0.5 0.8763 (0.8566 / 0.9032); 0.75 and **1** 0.8773 (0.8596 / 0.9015);
1.5 0.8751 (0.8589 / 0.8972); 2 and 4 0.8750 (0.8589 / 0.8968); both folds pick 0.75 (1 ties it),
each gaining on the other; 1 reads simplest: a word's evidence shared among the files that say
it. semble Hit@1 0.809 -> 0.823. The docstring questions do not count a file's name
(``search.NAMED_FILES_INTENT``): unchanged. NAME_LIFT raised with it (0.7 at 0.5, 1 at 1) gave
back the gain on the second fold."""

QUOTED_LIFT = 1.0
"""A sentence that quotes names as code ("Group values in the *src* iterable by the value returned
by *key*", "Same as :meth:`dump`, except ...", "Perform validation on ``value``"): each item
whose code spells some of them, as identifiers, has its score multiplied by ``1 + QUOTED_LIFT *
share``, ``share`` the part of the quoted names it spells (:func:`~maguyva_tui.core.intent.quoted_names`).
A writer quotes what the code spells: a parameter, the method this one wraps, the class it
returns; the engines read those words as any other of the sentence's. Measured on half A of
``bench.nl_quality`` (``python -m bench.nl.diagnose --half A --variants ";fusion.QUOTED_LIFT=0;..."``;
docstring MRR@10 and Hit@10): 0 (before) 0.617, 0.834; 0.5 0.639, 0.846; **1** 0.640, 0.854; 2 and 4
0.642, 0.854; the docstring questions' two folds (even, odd) pick 0.5 and 4, each gaining on the
other (0.619 -> 0.631, 0.615 -> 0.640). semble's questions quote nothing there: unchanged. Held
out, half B: MRR@10 0.571 -> 0.575, Hit@10 0.827 -> 0.823. Lifting before each file's chunk is
chosen gave 0.645 and Hit@10 0.846; weighting each name by its rarity 0.639-0.644."""

QUOTED_READ = 50
"""The items, best first, whose code is read for the quoted names (:data:`QUOTED_LIFT`): a page's
most (``plan.MAX_PREFIX_LIMIT``), whatever the page asked, so that a shorter page is still the
first part of a longer one. Beyond it, at most doubled, an item would rarely reach a page: reading
the code of every item the engines listed costs a call each on a cluster's shards."""

LEAD_MARGIN = 0.1
"""Within a file, the leading engine's own first chunk stands unless the blend prefers another by
more than this share. RRF with k = 40 flattens an engine's ranks (its 1st and 5th chunk differ by
10 %), so a smaller lead in the blend is one weak vote, not evidence (measured: see the README).
Always showing the leading engine's first chunk (1) does not help the docstring questions either
(half A: MRR@10 0.537 -> 0.525, semble NDCG@10 0.851 -> 0.847): what hides a function is the other
files' credit, not which chunk shows its own. Showing a file by the leading engine's first hit of
the whole list, when that falls in it (static tier v7): semble NDCG@10 0.859 -> 0.861, docstring
MRR@10 0.552 -> 0.546 (the file then ranks by a chunk with fewer votes)."""


def _best_per_file(
    items: Sequence[Fused], lead: str | None = None, decay: float = FILE_DECAY, siblings: float = math.inf
) -> list[Fused]:
    """Show each file by one item, crediting it for the others: the chunk the
    engines together rank most relevant (the blend of their votes, without the boost: centrality
    says how much a symbol is used, not which function of a file the question describes), unless
    the leading engine's first chunk of that file is within :data:`LEAD_MARGIN` of it. The file
    then ranks by that chunk's own score, boost included, plus the file credit of its other chunks
    (:func:`_credits`), so the explanation still re-derives it. A sibling whose relevance is at
    least ``siblings`` times the shown chunk's is listed too, on its own score (see
    :data:`SIBLING_SHARE`); at infinity, none is."""
    best: dict[str, Fused] = {}
    first: dict[str, tuple[int, Fused]] = {}
    members: dict[str, list[Fused]] = {}
    for item in sorted(items, key=lambda i: (-_relevance(i), *_order_key(i))):
        path = item.key[0]
        members.setdefault(path, []).append(item)
        best.setdefault(path, item)
        part = item.contribution(lead) if lead else None
        if part is not None and (path not in first or part.rank < first[path][0]):
            first[path] = (part.rank, item)
    for path, (_, item) in first.items():
        if _relevance(item) >= (1 - LEAD_MARGIN) * _relevance(best[path]):
            best[path] = item
    for item in items:  # the leading engine's confident first answer shows its file
        if item.lift != 1.0:
            best[item.key[0]] = item
    out: list[Fused] = []
    for path, item in best.items():
        others = [o for o in members[path] if o is not item]
        listed = [o for o in others if _relevance(o) >= siblings * _relevance(item)]
        out.append(_with_file(item, others, decay, folded=len(others) - len(listed)))
        out += listed
    return out


def _credits(shown: Fused, others: Sequence[Fused], decay: float) -> tuple[tuple[str, float], ...]:
    """Per engine, what the file's other chunks add: its contributions to them, best first, the
    j-th (from 1) worth ``decay ** j`` of itself; engines that found none are left out."""
    out = []
    for modality, _ in shown.contributions:
        parts = sorted((c.contribution for o in others if (c := o.contribution(modality)) is not None), reverse=True)
        credit = sum(part * decay ** (j + 1) for j, part in enumerate(parts))
        if credit > 0.0:
            out.append((modality, credit))
    return tuple(out)


def _with_file(shown: Fused, others: Sequence[Fused], decay: float, folded: int) -> Fused:
    """The file's shown chunk with the others credited and ``folded`` of them counted, its score re-summed."""
    credits = _credits(shown, others, decay)
    credit = sum((c for _, c in credits), 0.0)  # a float with no credit too: the JSON's file_credit had been 0
    score = _score(shown.contributions, credit, shown.demotion, shown.lift, shown.name_lift,
                   shown.quoted_lift) + shown.signature
    return _new_fused(hit=shown.hit, key=shown.key, score=score, contributions=shown.contributions,  # replace() costs
                      centrality=shown.centrality, boost=shown.boost, demotion=shown.demotion, folded=folded,  # 3x, per
                      credits=credits, file_credit=credit, copies=shown.copies, lift=shown.lift,  # file shown
                      name_lift=shown.name_lift, name_words=shown.name_words,
                      quoted_lift=shown.quoted_lift, quoted_names=shown.quoted_names, signature=shown.signature,
                      signature_rank=shown.signature_rank, signature_cosine=shown.signature_cosine)


def _leading(order: tuple[str, ...], weights: WeightsLike) -> str | None:
    """The engine with the strictly greatest weight among those that ran, if there is one."""
    ranked = sorted(order, key=lambda m: -_weight(weights, m))
    if not ranked or (len(ranked) > 1 and _weight(weights, ranked[0]) == _weight(weights, ranked[1])):
        return None
    return ranked[0]


CONFIDENT_ENGINES: Final = ("semantic",)
"""Engines whose score is a similarity on a fixed scale (the semantic engine's z-scored cosine),
so that the gap between its first and second hit means something; a structural tier or a text
match class does not."""
CONFIDENT_GAP: Final = 1.0
"""The leading engine's first hit is a confident answer when its score stands this far above its
second hit's (the semantic engine's scores are z-scores of cosines: 1.0 is a standard deviation of
the similarities it proposed). RRF keeps only ranks, so a clear first answer and the first of many
alike both count ``weight / (k + 1)``; a file whose many chunks each match a little, or another
engine's vote for a sibling, outranked it. Chosen on half A of ``bench.nl_quality`` (the engines'
lists dumped once, the blend re-run per setting), with :data:`CONFIDENT_LIFT` 2: semble NDCG@10
0.866 (none) -> 0.870, 0.873, 0.872, 0.872 at a gap of 0.75, 1, 1.25, 1.5; docstring MRR@10 0.550
-> 0.571, 0.565, 0.558, 0.555 (0.5: 0.864 and 0.562, a quarter of the questions). Both folds of the
docstring questions gain at every gap; of semble's, one loses one question (chi) at each, the other
gains 0.011-0.016. Moving the answer to the top of the page instead of lifting its score: 0.872 and
0.567 at 1."""
CONFIDENT_LIFT: Final = 2.0
"""The factor a confident first answer's score is multiplied by (see :data:`CONFIDENT_GAP`), file
credit included; it also shows its file, whatever chunk the blend preferred there. A demoted
answer (vendored, a test or example the question does not ask for, a macro's template) is not
lifted: the lift would undo the demotion, which keeps it below the package's own code (goldmark's
``_tools/`` generator, outside the Go build, had stood first for "unicode case folding for link
labels" by its lift; half A of ``bench.nl_quality``: not one question moves). Half A at a gap
of 1: 1.25 -> semble 0.870, docstring 0.556; 1.5 -> 0.871, 0.563; 2 -> 0.873, 0.565; 4 and more the
same as 2 (the answer is then first)."""

CONFIDENT_MIN_HITS: Final = 20
"""The fewest hits of the leading engine's list for its first hit to count as confident: its scores
are normalised by the spread of what it proposed, and among a handful of chunks (a small
repository) that spread is mostly the first hit's own distance from the rest, so any first hit
stands apart. On half A of ``bench.nl_quality`` every blended list held 108 or more."""


OwnLists: TypeAlias = Callable[[str, Sequence[Hit]], Iterable[tuple[Sequence[Hit], int]]]
"""An engine's name and list -> the lists a confident first answer is judged in, each in its own
order with the length its engine listed: a workspace's merged list parted by repository
(``coordinator._View.own_lists``); one repository's list is its own."""


def _confident(lists: Mapping[str, Sequence[Hit]], lead: str | None,
               locate: Callable[[Hit], ChunkKey], parts: OwnLists | None = None) -> frozenset[ChunkKey]:
    """The chunk of the leading engine's first hit when its score stands :data:`CONFIDENT_GAP`
    or more above its second hit's (a clear answer, not one of many alike) in a list of at least
    :data:`CONFIDENT_MIN_HITS`; with ``parts``, the first hit of each part so judged (a semantic
    score is a z-score within its own repository's proposals: a workspace's first two hits, two
    repositories' clear answers, had stood 0.4 apart and lifted neither)."""
    if lead not in CONFIDENT_ENGINES or CONFIDENT_LIFT == 1.0:
        return frozenset()
    hits = lists.get(lead, ()) if lead else ()
    judged = parts(lead, hits) if parts is not None else ((hits, len(hits)),)
    return frozenset(locate(own[0]) for own, listed in judged
                     if listed >= CONFIDENT_MIN_HITS and len(own) > 1 and own[0].score - own[1].score >= CONFIDENT_GAP)


def _lifted(item: Fused) -> Fused:
    """An item with the confident answer's lift in its score."""
    return replace(item, lift=CONFIDENT_LIFT, score=_score(item.contributions, 0.0, item.demotion, CONFIDENT_LIFT))


def fuse(
    lists: Mapping[str, Sequence[Hit]],
    weights: WeightsLike,
    k: int,
    centrality: Callable[[Hit], float] = no_centrality,
    demotion: Callable[[str], float] = demotion_for,
    locate: Callable[[Hit], ChunkKey] = span_of,
    dedup_per_file: bool = True,
    file_decay: float | None = None,
    siblings: float | None = None,
    named: NamedFiles | None = None,
    quoted: QuotedNames | None = None,
    parts: OwnLists | None = None,
    templates: Callable[[ChunkKey], bool] | None = None,
    code_demotion: Callable[[ChunkKey], float] | None = None,
    windows: float = 1.0,
) -> list[Fused]:
    """Fuse ranked lists (best first, keyed by modality) by weighted RRF; return them best first:
    with ``dedup_per_file``, each file's best chunk credited for its other chunks at ``file_decay``
    (:data:`FILE_DECAY` when not given), those at least ``siblings`` (:data:`SIBLING_SHARE` when not
    given) as relevant listed after it on their own scores, the rest folded into it. With
    ``named`` (a question in plain words), the items of a file whose name says some of its words
    are lifted by :data:`NAME_LIFT` times their share; with ``quoted`` (names a sentence quotes as
    code), the items whose code spells some of them by :data:`QUOTED_LIFT` times their share.
    ``parts`` parts the leading engine's list into the lists its confident first answers are
    judged in (:data:`OwnLists`: a workspace's repositories).
    ``templates`` tells the chunks demoted as a template's definitions (:func:`template_demotion`),
    ``code_demotion`` the factor a chunk's own code adds to its path's (test code in a source file),
    ``windows`` the factor of a line window (code outside any definition: ``plan.ONE_FUNCTION_WINDOW``
    when the question describes one function)."""
    if k < 0:
        raise ValueError(f"RRF k must be >= 0, got {k}")
    order = _display_order(lists)
    found = _collect(lists, order, locate)
    demotion = functools.lru_cache(maxsize=None)(demotion)  # a file's chunks share its path's factor
    resolved = {m: _weight(weights, m) for m in order}  # the same numbers, read once, not per item
    if "text" in resolved:
        resolved["text"] *= text_dissent(lists)
    items = [_fuse_one(key, per, order, resolved, k, centrality, demotion, templates, code_demotion, windows)
             for key, per in found.items()]
    confident = _confident(lists, _leading(order, weights), locate, parts)
    if confident:  # demoted code stays below the code it was demoted under: its clear answer lifts nothing
        items = [_lifted(i) if i.key in confident and i.demotion == 1.0 else i for i in items]
    if dedup_per_file:
        decay = FILE_DECAY if file_decay is None else file_decay
        items = _best_per_file(items, _leading(order, weights), decay, SIBLING_SHARE if siblings is None else siblings)
    if named is not None and named.words and NAME_LIFT:
        items = _named(items, named)
    if quoted is not None and quoted.names and QUOTED_LIFT:
        items = _quoted(items, quoted)
    return sorted(items, key=_order_key)


WORD_VOTES: Final = ("body words", "terms")
"""The reasons of the text engine's word votes (a sentence's words counted in a chunk, BM25), as
against the lines a literal matched (``workspace.merge.WORD_VOTES``)."""

AGREE_FILES: Final = 5
"""The semantic engine's first files among which the text engine's first word vote must fall for
its votes to count in full (:data:`TEXT_DISSENT`)."""

TEXT_DISSENT: Final = 0.5
"""The text engine's weight in a blend when its list is word votes (:data:`WORD_VOTES`: a question
in plain words) and its first chunk lies in none of the semantic engine's first
:data:`AGREE_FILES` files: the words it counts are common ones that a file of another topic holds
too (model2vec's "how subword token weights are aggregated" or monolog's "how log handlers are
registered and invoked by Logger", whose BM25 first is a file the meaning of the question does not
reach), and its votes for that file's chunks had lifted them over the semantic engine's answers.
Where it agrees, its votes count in full: the two engines read the question alike. A literal's
lines (the first hit no word vote) count in full. The weight shown in each text contribution is
the one used. Chosen on half A of ``bench.nl_quality`` (``python -m bench.nl.diagnose --half A``;
semble NDCG@10 with its two folds of repositories, docstring MRR@10 with its two folds by position):
1 (before) 0.871 (0.850 / 0.899), 0.673 (0.689 / 0.658); **0.5** 0.873 (0.853 / 0.901), 0.674
(0.689 / 0.659); 0.25 0.873 (0.852 / 0.901), 0.674 (0.689 / 0.659); 0 0.874 (0.851 / 0.904), 0.676
(0.693 / 0.659), with the first five files (three: 0.872 (0.851 / 0.901), 0.673; four: 0.874
(0.854 / 0.901), 0.673; six and eight: 0.871 (0.850 / 0.900), 0.674). Every value from 0 to 0.5
gains on every fold; 0 leads 0.5 by one docstring question (boltons' ``mkdir_p``) and silences the
text engine outright, 0.5 keeps its say. Plain-English NDCG@10 0.851 -> 0.854, semble Hit@1 0.805
-> 0.809; docstring Hit@10 unchanged. Judged by the first chunk alone (not its file) it lost 0.001-0.006
on one fold of each; the same rule for the structural engine's name words, or the text engine's
votes scaled by their BM25 score over its first's, or faded where its first and tenth scores stand
close, did not hold on both folds (see the journal)."""


DISSENT_WHY: Final = "its first answer, {path}, lies in none of the semantic engine's first " f"{AGREE_FILES} files"
"""Why the text engine's votes count :data:`TEXT_DISSENT` of its weight, as the explanation says it
(``path``: the text engine's first answer's)."""


def text_dissent(lists: Mapping[str, Sequence[Hit]]) -> float:
    """The factor of the text engine's weight in a blend of these lists: :data:`TEXT_DISSENT` when
    its first hit is a word vote whose file is none of the semantic engine's first
    :data:`AGREE_FILES` files, else 1 (no semantic list, a literal's lines, agreement)."""
    words = lists.get("text") or ()
    meaning = lists.get("semantic") or ()
    if not words or not meaning or not words[0].reason.startswith(WORD_VOTES):
        return 1.0
    files: dict[str, None] = {}
    for hit in meaning:
        if hit.path == words[0].path:
            return 1.0
        files[hit.path] = None
        if len(files) == AGREE_FILES:
            break
    return TEXT_DISSENT


@dataclass(frozen=True, slots=True)
class NamedFiles:
    """A question's content words and how a file's name is read alike (:data:`NAME_LIFT`)."""

    words: frozenset[str]
    name_words: Callable[[str], frozenset[str]]
    """A path's file name, less its extension, as words of the same kind."""
    files_saying: Callable[[str], int] | None = None
    """How many of the index's files have a name that says a word (:data:`NAME_RARITY`); ``None``:
    each word counts whole."""

    def share(self, words: Sequence[str]) -> float:
        """The part of the question's words that ``words`` (said by one file's name) make: each word
        divided among the files whose names say it (:data:`NAME_RARITY`)."""
        if self.files_saying is None:
            return len(words) / len(self.words)
        return sum(math.pow(max(self.files_saying(w), 1), -NAME_RARITY) for w in words) / len(self.words)

    def said(self, path: str) -> tuple[str, ...]:
        """The question's words a file's name says, sorted."""
        return tuple(sorted(self.words.intersection(self.name_words(path))))


def _named(items: list[Fused], named: NamedFiles) -> list[Fused]:
    """Lift the items of the files whose names say some of the question's words (:data:`NAME_LIFT`)."""
    said: dict[str, tuple[str, ...]] = {}
    out = []
    for item in items:
        path = item.key[0]
        words = said.get(path)
        if words is None:
            words = said[path] = named.said(path)
        if words:
            lift = 1.0 + NAME_LIFT * named.share(words)
            item = replace(item, name_lift=lift, name_words=words,
                           score=_score(item.contributions, item.file_credit, item.demotion, item.lift, lift))
        out.append(item)
    return out


@dataclass(frozen=True, slots=True)
class QuotedNames:
    """The names a question quotes as code, and how a chunk's code is read for them (:data:`QUOTED_LIFT`)."""

    names: tuple[str, ...]
    spelled: Callable[[ChunkKey], frozenset[str]]
    """The identifiers a chunk's code spells (its lines, as the index holds them)."""
    ahead: Callable[[Sequence[ChunkKey]], None] | None = None
    """Told first the chunks whose code will be read (a cluster's shards fetch them in one call)."""

    def said(self, key: ChunkKey) -> tuple[str, ...]:
        """The quoted names a chunk's code spells, in the question's order."""
        spelled = self.spelled(key)
        return tuple(name for name in self.names if name in spelled)


def _quoted(items: list[Fused], quoted: QuotedNames) -> list[Fused]:
    """Lift the items whose code spells some of the names the question quotes (:data:`QUOTED_LIFT`),
    of the first :data:`QUOTED_READ` by score: the code of those only is read."""
    asked = len(quoted.names)
    items = sorted(items, key=_order_key)
    out = items[QUOTED_READ:]
    if quoted.ahead is not None:
        quoted.ahead([item.key for item in items[:QUOTED_READ]])
    for item in items[:QUOTED_READ]:
        names = quoted.said(item.key)
        if names:
            lift = 1.0 + QUOTED_LIFT * len(names) / asked
            item = replace(item, quoted_lift=lift, quoted_names=names,
                           score=_score(item.contributions, item.file_credit, item.demotion, item.lift,
                                        item.name_lift, lift))
        out.append(item)
    return out


def direct(
    modality: str,
    hits: Sequence[Hit],
    weight: float,
    k: int,
    centrality: Callable[[Hit], float] = no_centrality,
    demotion: Callable[[str], float] = no_demotion,
    templates: Callable[[ChunkKey], bool] | None = None,
    code_demotion: Callable[[ChunkKey], float] | None = None,
) -> list[Fused]:
    """Wrap the dominant engine's own list for the direct path: every hit, in the engine's order
    but for ties and demoted paths, with the blend's centrality and demotion.

    The rule, and why: the engine's score says how well a hit matches (an exact name above a
    prefix, a definition line above a mention), so a better *match class* (:func:`tie_class`) is
    never overturned by centrality; inside one class the engine's order is arbitrary (path, line),
    so the more central hit comes first. Demotion goes first of all, as in the blend, where a
    demoted hit is never above own code: vendored copies, and (with :func:`secondary_demotion`)
    examples, tests and docs, come after the package's own code. The score is the position's
    RRF term times the demotion, no boost: a boost would let a central hit of a worse class score
    above a better one, and the list would no longer be sorted by its scores. The text engine's
    ties stay in its order: it ranks its own lines by the same demotion (``Query.demote``), then
    by its file's centrality, then path and line, reads files in that order and stops once no
    unread file can enter the page, so its page is already this order's first lines (a re-sort
    by each line's own centrality would need every line of every file read). ``rank`` is the
    position in this order (the explanation's ``weight / (k + rank + 1)``), ``centrality`` the
    real one. ``templates`` tells the hits demoted as a template's definitions (:func:`template_demotion`),
    ``code_demotion`` the factor a hit's own code adds to its path's (:func:`fuse`)."""
    factors: dict[str, float] = {}  # a file's hits share its path's factor
    found = []
    for hit in hits:
        factor = factors.get(hit.path)
        if factor is None:
            factor = factors[hit.path] = float(demotion(hit.path))
        if templates is not None and templates((hit.path, hit.start_line, hit.end_line)):
            factor *= DEMOTION
        if code_demotion is not None:
            factor *= code_demotion((hit.path, hit.start_line, hit.end_line))
        central = float(centrality(hit))
        found.append((hit, 0.0 if 0.0 > central else central, factor))  # max(central, 0.0), as max reads it
    order = _direct_order(modality, found)
    items = []
    new_contribution, new_fused = _new_contribution, _new_fused
    for rank, (hit, central, factor) in enumerate(found if order is None else map(found.__getitem__, order)):
        contribution = weight / (k + rank + 1)
        parts = ((modality, new_contribution(rank, hit.score, weight, contribution)),)
        score = (0 + contribution + 0.0) * factor  # _score(parts, 0.0, factor), its sum of one written out
        items.append(new_fused(hit, (hit.path, hit.start_line, hit.end_line), score, parts, central, 1.0, factor))
    return items


def _direct_order(modality: str, found: list[tuple[Hit, float, float]]) -> list[int] | None:
    """The positions of :func:`direct`'s hits in its order, ``None`` when that is theirs already
    (the text engine's page, whose lines it ordered by demotion then match class: told in one pass)."""
    if modality == "text":  # its ties stay in its order: sorted already when demotion, then score, never rise
        previous = (math.inf, math.inf)
        for hit, _, factor in found:
            here = (factor, hit.score)
            if here > previous:
                break
            previous = here
        else:
            return None
    ties = modality != "text"  # the text engine orders its own ties, by file (see below)
    keys = [(-factor, -tie_class(modality, hit), -central if ties else 0.0, i) for i, (hit, central, factor) in
            enumerate(found)]
    return sorted(range(len(found)), key=keys.__getitem__)


_LAST_KIND: Final = max(KIND_RANK.values())

METHOD_RANK: Final = 2.5
"""Where a method stands among :data:`~maguyva_tui.core.types.KIND_RANK`'s kinds: a type's member,
after the types, functions, modules and variables of its name at the top of a file, before the
fields and the imports. A lone name asks for what it spells at the top of a file, not a member that
happens to share it: gin's ``Render`` interface and ``String`` struct were listed after
``Context.Render`` and ``Context.String``, methods of a more central file; flask's ``session`` (the
proxy in ``globals.py``) after the property ``RequestContext.session`` when a method ranked with
the functions."""

DECLARATION_RANK: Final = 2.6
"""Where a method declared without a body stands (:data:`~maguyva_tui.core.types.DECLARATION_NOTE`:
an interface's, a trait's, an abstract one, a pure virtual): after the methods of its name with a
body, before the fields (a function declared without one, a TypeScript overload's or ``declare``'s
signature, stands as a macro does, :data:`MACRO_RANK`). Echo's ``Render`` had been the line of
``type Renderer interface`` in the more central ``echo.go``, before ``(*context).Render``; universal-ctags
counts it no ``func``. An order, not a weight: any value between :data:`METHOD_RANK` and
:data:`FIELD_RANK` lists alike."""

FIELD_RANK: Final = 2.75
"""Where a variable or constant inside another definition (its qualified name dotted: a class's
field, ``Scaffold.name``) stands: after the methods. Among members the method is the definition to
read, the field's line an annotation or a default (flask's property ``App.name`` after the class
attribute ``Scaffold.name`` when a method followed every variable)."""


MACRO_RANK: Final = 0.5
"""Where a C or C++ function-like macro stands among :data:`~maguyva_tui.core.types.KIND_RANK`'s
kinds (:data:`~maguyva_tui.core.types.MACRO_NOTE`): after the functions of its name, before the
modules. The graph gives a header's ``#define`` the calls its name's callers make, so centrality
had listed libuv's ``#define uv__inotify_read(loop, w, events) UNREACHABLE()`` (the stub of the
platforms without inotify) before the function in ``unix/linux.c``. An order, not a weight: any
value between 0 and 1 lists alike."""


def kind_class(kind: str | None, qualname: str | None = None, macro: bool = False,
               declaration: bool = False) -> float:
    """The part of a structural hit's class its kind makes, below one (a tier's unit): the structural
    engine's own order inside a tier (:data:`~maguyva_tui.core.types.KIND_RANK`: types and
    functions, then modules, then variables and constants, then imports), members after what the
    top of a file defines (:data:`METHOD_RANK`, :data:`FIELD_RANK`), a function-like macro after the
    functions of its tier (:data:`MACRO_RANK`), a method declared without a body after the methods
    with one (:data:`DECLARATION_RANK`; a function so declared as a macro), which centrality does not
    overturn. marshmallow's ``post_load`` was the ``TypedDict`` field ``_BaseFieldKwargs.post_load``
    of the more central ``fields.py`` before the decorator."""
    rank: float = METHOD_RANK if kind == "method" else KIND_RANK.get(kind or "", 0)
    if kind in ("variable", "constant") and qualname and "." in qualname:
        rank = FIELD_RANK
    elif macro and rank == 0:
        rank = MACRO_RANK
    elif declaration and kind == "method":
        rank = DECLARATION_RANK
    elif declaration and rank == 0:
        rank = MACRO_RANK
    return (_LAST_KIND - rank) / (_LAST_KIND + 1)


def tie_class(modality: str, hit: Hit) -> float:
    """Return the part of an engine's score that says how well a hit matches; hits with equal
    classes are ties the direct path breaks by centrality. The structural engine scores a match
    tier plus a fraction below one that only keeps its own order inside the tier (``len(TIERS) -
    tier + 1 / (2 + rank)``), an impact answer the hops left plus the dependent's centrality
    squashed below one: their whole part is the class. Every call site of a name (a property's
    reads too) is one class (the graph scores it by its caller's centrality, the tie-break itself).
    Any other score is its own class (a text match tier, a similarity)."""
    if modality == "graph" and hit.kind in ("call", "read"):  # a read of a property runs it as a call does
        return 0.0
    tiered = modality == "structural" and not hit.reason.startswith("name words")  # a sentence's: a real score
    if tiered:  # the engine's kind order inside a tier is no tie: a function before a field of its name
        return float(math.floor(hit.score)) + kind_class(hit.kind, hit.symbol, hit.reason.endswith(MACRO_NOTE),
                                                         hit.reason.endswith(DECLARATION_NOTE))
    if modality == "graph" and hit.depth is not None:
        return float(math.floor(hit.score))
    return hit.score


# ---------------------------------------------------------------------------------------------
# The signature vote.

SIGNATURE_WEIGHT = 0.2
"""The weight of the signature vote (:func:`signature_vote`), an RRF term like an engine's; the
``thorough`` preset's alone (``search.SIGNATURE_PRESETS``): it ranks better but costs too much at
question time for ``default``. Measured on half A of ``bench.nl_quality``
(``python -m bench.nl.diagnose --half A --variants ...``; its docstring questions, MRR@10; semble's
questions and symbol Hit@1 unchanged by every setting: none reads as one function), the vote
embedding with MiniLM (``search.SIGNATURE_MODEL``): none 0.674 (boltons 0.699, marshmallow 0.672,
pyparsing 0.650); at ``SIGNATURE_K`` 20 and the first 10, weight 0.1 0.677, 0.2 0.682 (0.709, 0.674,
0.659), 0.3 0.683, 0.4 0.685, 0.5 0.684, 0.6 0.682 (marshmallow 0.656), 0.8 0.673; the first 5
alike. Every weight up to 0.4 at k 20 gains on all three repositories; the folds overshoot: leaving
repositories out, {boltons, pyparsing} pick 0.6 (marshmallow 0.672 -> 0.656), marshmallow picks 0.8
with the first 5 (boltons and pyparsing 0.675 -> 0.681); over k 10, 20, 40 at 0.2, {boltons,
pyparsing} pick k 10 (marshmallow 0.656), marshmallow k 20 at 0.3 (0.675 -> 0.685). At 0.2, k 20
(the thirty-third session's prior) ``bench.evaluate``'s natural language 0.645 -> 0.650 (requests
0.767 -> 0.769, flask 0.595 -> 0.601, click 0.572 -> 0.580), the other intents unchanged. But ten
signatures through MiniLM cost 90-140 ms a question on two shared cores (a question's own, not yet
kept: 0.1 ms once kept), where the explorer's keystroke-to-results p90 is 44 ms: the vectors would
have to be made as the transformer tier fills (new index data). The static tier's table instead
(``search.SIGNATURE_MODEL`` 0: 0.6 ms a question on sympy) ranks worse: 0.678, and natural
language 0.645 -> 0.640 (click 0.572 -> 0.561)."""

SIGNATURE_TOP = 10
"""How many of the blend's first items the signature vote ranks (the rest keep their scores)."""

SIGNATURE_K = 20
"""The signature vote's RRF constant: ``SIGNATURE_WEIGHT / (SIGNATURE_K + rank + 1)``."""


def signature_vote(items: list[Fused], cosines: Callable[[Sequence[Fused]], Sequence[float]]) -> list[Fused]:
    """A question describing one function: the blend's first :data:`SIGNATURE_TOP` items re-ranked
    among themselves by one more vote, their signatures' (kind, name and first line) cosines with
    the question (``cosines``, one per item given), each adding ``SIGNATURE_WEIGHT / (SIGNATURE_K +
    rank + 1)`` to its score. It only reorders what the blend found: an item below the first
    :data:`SIGNATURE_TOP` gains nothing and stays below them (each of them only gains)."""
    top = min(SIGNATURE_TOP, len(items))
    if top < 2 or SIGNATURE_WEIGHT <= 0.0:
        return items
    head = items[:top]
    found = [float(c) for c in cosines(head)]
    order = sorted(range(top), key=lambda j: (-found[j], j))  # ties keep the blend's order
    voted = list(head)
    for rank, j in enumerate(order):
        item = head[j]
        term = SIGNATURE_WEIGHT / (SIGNATURE_K + rank + 1)
        voted[j] = replace(item, score=item.score + term, signature=term, signature_rank=rank,
                           signature_cosine=found[j])
    return sorted(voted, key=_order_key) + items[top:]
