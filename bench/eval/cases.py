"""Turn the oracles' ground truth into questions: one :class:`Case` per sampled subject.

Subjects are sampled with a fixed seed per repository and intent, so a rerun asks the same
questions. A symbol is named the shortest way that names it alone (``request`` when it is the
only definition so named, else ``Session.request``); symbols named neither way are skipped.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bench.eval import jedi_oracle, oracles
from bench.eval.jedi_oracle import Reference
from bench.eval.metrics import RECALL_AT, Truth
from bench.eval.oracles import Definition

INTENTS = ("find_definition", "exact_match", "find_references", "impact_analysis", "understand_code")
"""The intents evaluated, in report order (find_similar has no independent oracle)."""

RULE = {
    "find_definition": "definition",
    "exact_match": "span",
    "find_references": "span",
    "impact_analysis": "definition",
    "understand_code": "definition",
}
"""The matching rule of each intent (see :mod:`bench.eval.metrics`)."""

IMPACT_DEPTH = 3  # the product's default impact depth: the oracle follows as far
IMPACT_GRADES = {1: 3, 2: 2, 3: 1}  # a direct dependent matters most


@dataclass(frozen=True, slots=True)
class Case:
    """One question with its truth, and what the baselines are given."""

    intent: str
    subject: str
    """The symbol, the literal or the sentence the question is about."""
    kind: str
    """The subject's definition kind (for wordings like ``class X``); ``literal`` / ``sentence``."""
    truth: tuple[Truth, ...]
    grep: str | None
    """What ``rg`` is given (the bare name or the literal); ``None``: rg has no answer."""
    grep_word: bool
    bm25: str
    """What BM25 is given: the symbol's name parts, the literal or the sentence."""


@dataclass(frozen=True, slots=True)
class Caps:
    """How many questions of each intent one repository contributes at most."""

    find_definition: int = 100
    exact_match: int = 50
    find_references: int = 40
    impact_analysis: int = 30
    understand_code: int = 100

    def of(self, intent: str) -> int:
        """Return the cap of an intent."""
        return int(getattr(self, intent))


QUICK = Caps(25, 15, 15, 10, 25)
"""``--quick``: enough to see every mechanism at work in a minute."""


def _sample(items: list, cap: int, seed: str) -> list:
    """Return at most ``cap`` items, a fixed sample, in their original order."""
    if len(items) <= cap:
        return items
    chosen = set(random.Random(seed).sample(range(len(items)), cap))
    return [item for i, item in enumerate(items) if i in chosen]


def _def_truth(d: Definition, grade: int = 1) -> Truth:
    return Truth(d.path, d.line, d.first_line, grade)


def _bare(target: str) -> str:
    return target.rpartition(".")[2]


def definition_cases(defs: list[Definition], cap: int, seed: str) -> list[Case]:
    """"Where is X defined": every named class, function and method; truth is its definition."""
    named = oracles.unique_target(defs)
    eligible = [d for d in defs if d.kind != "nested" and d in named]
    return [Case("find_definition", named[d], d.kind, (_def_truth(d),), _bare(named[d]), True, named[d])
            for d in _sample(eligible, cap, seed)]


def exact_cases(texts: dict[str, str], cap: int, seed: str) -> list[Case]:
    """A quoted literal; truth is every line holding it (at most a page of them)."""
    cases = []
    for literal in oracles.string_literals(texts):
        sites = oracles.occurrences(texts, literal)
        if 1 <= len(sites) <= RECALL_AT:
            truth = tuple(Truth(p, n, n) for p, n in sites)
            cases.append(Case("exact_match", literal, "literal", truth, literal, False, literal))
    return _sample(cases, cap, seed)


def reference_cases(defs: list[Definition], refs: dict[str, list[Reference]], cap: int, seed: str) -> list[Case]:
    """"Who calls X" for symbols with one page of call sites or less; truth is jedi's call sites."""
    named = oracles.unique_target(defs)
    cases = []
    for d in defs:
        if d not in named or d.kind == "nested" or d.name.startswith("__"):
            continue
        sites = jedi_oracle.call_sites(refs.get(jedi_oracle.key_of(d), []))
        if 1 <= len(sites) <= RECALL_AT:
            truth = tuple(Truth(p, n, n) for p, n in sites)
            cases.append(Case("find_references", named[d], d.kind, truth, _bare(named[d]), True, named[d]))
    return _sample(cases, cap, seed)


def impact_cases(defs: list[Definition], refs: dict[str, list[Reference]], cap: int, seed: str) -> list[Case]:
    """"What breaks if I change X"; truth is jedi's transitive dependents, graded by depth."""
    named = oracles.unique_target(defs)
    cases = []
    for d in defs:
        if d not in named or d.kind == "nested" or d.name.startswith("__"):
            continue
        dependents = jedi_oracle.impact(d, defs, refs, IMPACT_DEPTH)
        if dependents:
            truth = tuple(_def_truth(dep, IMPACT_GRADES[depth])
                          for dep, depth in sorted(dependents.items(), key=lambda kv: (kv[1], kv[0].path, kv[0].line)))
            cases.append(Case("impact_analysis", named[d], d.kind, truth, _bare(named[d]), True, named[d]))
    return _sample(cases, cap, seed)


def language_cases(defs: list[Definition], cap: int, seed: str) -> list[Case]:
    """A docstring's first sentence; truth is the function it documented (docstring blanked)."""
    queries = oracles.docstring_queries(defs)
    cases = [Case("understand_code", sentence, "sentence", (_def_truth(d),), None, False, sentence)
             for d, sentence in queries.items()]
    return _sample(cases, cap, seed)
