"""The structural engine: definitions looked up by name, best match kind first.

A query's names (its target, else the identifiers of its text less stop words) are matched
against every symbol in seven tiers, each strictly above the next::

    exact name > exact qualname > same name ignoring case and separators > all subtokens
    > prefix > camel hump > fuzzy subsequence

The qualname tier also takes a module-qualified name: the file's stem or dotted path before the
qualname (``config.parse_config``, ``app.config.ConfigLoader.load``). Inside a tier, types and
functions come before modules, then variables; then shorter names, shallower nesting, path and
line. Every table is built once, so a search costs a few dictionary probes and, only when the
better tiers leave room, a bisect, a numpy slice, or a character-mask filter over distinct names.

A sentence (at least :data:`SENTENCE_WORDS` content words besides the target: "utility method to
list all the domains in the jar") names no symbol, it describes one; its tiers would match only by
accident (a prefix of ``utility``, a fuzzy ``domains``). It is ranked by *name words* instead: by
how much of a definition's name the sentence spells, and how rare those words are among all names.
Each name stem weighs its idf over the symbol table; a definition that owns a chunk scores::

    covered idf * covered idf / name idf       (the covered weight times the share covered)

so ``list_domains`` (both words said) ranks first, and ``AfterValidator`` for "after validation"
(one word of two, ``validator`` unsaid) or ``ModelConfigData`` for "model data" does not vote
unless at least :data:`MIN_NAME_COVERAGE` of its name's weight is said, nor ``Middlewares`` for
"request logging middleware" (one word of the sentence's three: :data:`MIN_NAME_STEMS`). Only the names scoring at
least :data:`WORDS_KEPT` of the best one are returned: in a blend a vote for the wrong chunk costs
more than no vote. The postings are built at load.

A sentence that names a symbol ("validate the data using TypeAdapter") is about it: the target's
definitions come first (exact name, qualified name, or the same name but for case), the names its
other words make after them.
"""

from __future__ import annotations

import math
import os
import re
import tempfile
import threading
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import repeat
from pathlib import Path
from typing import TYPE_CHECKING, Final, TypeAlias

import numpy as np
import re2

from maguyva_tui.core.names import (
    ASCII_PART_PATTERN,
    hump_initials,
    hump_segments,
    identifiers_in,
    is_code_like,
    is_operator_method,
    matches_humps,
    normalize,
    qualifier_parts,
    split_identifier,
    word_stem,
)
from maguyva_tui.core.parsing.trait_impls import plain_qualname
from maguyva_tui.core.path_names import split as split_in_file
from maguyva_tui.core.paths import DEMOTED_DIRS, is_demoted
from maguyva_tui.core.similar import (
    definitions,
    module_names,
    name_parts,
    name_similarity,
    pattern,
    sibling_score,
    similar_target,
    source_spans,
)
from maguyva_tui.core.stopwords import ENGLISH as SENTENCE_STOP_WORDS
from maguyva_tui.core.stopwords import SYMBOL_QUESTION as STOP_WORDS
from maguyva_tui.core.store.arrays import Strings, unique, unique_inverse
from maguyva_tui.core.store.facts_files import SCHEMAS
from maguyva_tui.core.store.format import FILE_MODE
from maguyva_tui.core.store.npz import mapped_npz, save_npz
from maguyva_tui.core.store.records import decode_records
from maguyva_tui.core.types import (
    DECLARATION_NOTE,
    KIND_RANK,
    MACRO_NOTE,
    Hit,
    Query,
    Symbol,
    check_stage,
    stored_symbol,
)

if TYPE_CHECKING:
    from maguyva_tui.core.store.snapshot import Snapshot, SymbolColumns

TIERS: tuple[str, ...] = (
    "exact name",
    "exact qualname",
    "case-insensitive",
    "subtokens",
    "prefix",
    "camel-hump",
    "fuzzy",
)
"""Match kinds, best first; a hit's score is ``len(TIERS) - tier`` plus a fraction below one."""

SENTENCE_WORDS = 3
"""Content words besides the target from which a question is a sentence, ranked by name words."""

WORDS_KEPT = 0.8
"""A sentence's hits scoring under this share of the best one are left out (precision first)."""

MIN_NAME_COVERAGE = 0.5
"""A name is matched by a sentence only when the sentence says at least this share of its weight
(the summed idf of its stems): ``ModelConfigData`` for "model data" only if ``config`` weighs
less than the words said. Chosen on bench.nl_quality's half A, in the default blend (static
tier), with :data:`WORDS_KEPT`: NDCG@10 on semble's questions / docstring MRR@10 0.778 / 0.432 at
(0.5, 0.8), 0.774 / 0.425 at (0.6, 0.8), 0.774 / 0.422 at (0.5, 0.65), 0.782 / 0.414 at (0.34,
0.5); BM25 over name stems as before: 0.772 / 0.432 at 0.8, 0.784 / 0.404 at 0.5."""

MIN_NAME_STEMS = 2
"""A sentence's name-word match must say at least this many of its words (all of them when it has
fewer): a name that shares one word with a sentence of several (``Middlewares`` for "request
logging middleware", ``URL.path`` for "augment a path by modifying its components") says little
of which definition the sentence describes, the way a chunk sharing one word with it is no text
vote (``text.MIN_BODY_STEMS``). Only the sentence's words some name holds are counted. On half A
of ``bench.nl_quality`` (``python -m bench.nl.diagnose``) the single-word votes were right at
rank 1 for 28 of 138 docstring questions (20 %, against 60 % for two words or more), yet in the
blend the rule moves little: semble NDCG@10 0.849 at 1, 0.850 at 2, docstring MRR@10 0.539 and
0.540 (the two folds split): a weak vote, but a wrong one."""

TARGET_TIERS = 3
"""The tiers that find a sentence's target (exact name, qualified name, case-insensitive): a
target that only prefixes or fuzzily matches a name is no definition of it."""

MAX_SIBLING_NAMES = 200
"""Distinct names scored as a "similar to X" question's siblings at most, those sharing most of
X's parts first: a one-part name (``get``) shares its part with thousands of names."""

MIN_PREFIX = 2  # a one-letter prefix matches a good share of all names and says little
MIN_FUZZY = 3  # shorter subsequences match nearly every name
MAX_INITIALS = 5  # a longer all-lowercase word is a word, not camel-hump initials

SYMBOLS_A_SLICE = 2048
"""Symbols made at once from the stored table before the search's checkpoint is asked again."""

_MAX_CHAR = "\U0010ffff"  # sorts after every character: key + _MAX_CHAR bounds the keys starting with key
_NONE = np.zeros(0, dtype=np.int64)

_CHAR_BITS = {c: bit for bit, c in enumerate("abcdefghijklmnopqrstuvwxyz0123456789")}
_HASHED_BASE = len(_CHAR_BITS)  # other characters share the remaining bits: a prefilter only


@dataclass(frozen=True, slots=True)
class _Terms:
    """The names a query asks about, in the forms the tiers compare."""

    singles: tuple[str, ...]
    """Terms matched on their own: the only term, or the code-like ones of several."""
    joined: str
    """All terms normalized and joined (``parse config`` -> ``parseconfig``), for several terms."""
    subtokens: tuple[str, ...]
    """Every subtoken of every term, without repeats."""


MAX_QUERY_WORDS = 32
"""Identifiers of a question looked up at most: a pasted page must not cost a lookup per word."""


QUESTIONS_KEPT = 256
"""Questions whose terms and patterns are kept (:func:`_terms_of`, :func:`_key_pattern`, ...): a
workspace's every shard, and each of the structural engine's passes, asks them again."""
KEPT_TEXT = 1_000  # characters of a question kept at most by text (a pasted page is worked out again)


def query_terms(text: str) -> list[str]:
    """Return the identifiers of a question less stop words (all of them if only stop words)."""
    return list(_query_terms(text) if len(text) <= KEPT_TEXT else _query_terms.__wrapped__(text))


def target_terms(target: str) -> list[str]:
    """:func:`query_terms` of a question's target, a name's closing ``!`` or ``?`` kept on its last
    word: a target so spelled is a name the index defines (Ruby's ``save!``, not ``save``); an
    operator's symbol (Ruby's ``def ~``, ``def []=``) is its own term, which no identifier spells."""
    parts = qualifier_parts(target)
    if is_operator_method(target) or (len(parts) > 1 and is_operator_method(parts[-1])):
        return [target]  # Choices.<<: identifiers_in had kept Choices alone, and its class came first
    terms = query_terms(target)
    if target[-1:] in ("!", "?") and terms and target[:-1].endswith(terms[-1]):
        terms[-1] += target[-1]
    return terms


@lru_cache(maxsize=QUESTIONS_KEPT)
def _query_terms(text: str) -> tuple[str, ...]:
    """:func:`query_terms`, kept by question (each shard of a workspace asks it twice or more)."""
    words = list(dict.fromkeys(identifiers_in(text)))[:MAX_QUERY_WORDS]
    kept = [word for word in words if word.lower() not in STOP_WORDS]
    return tuple(kept or words)


def _terms(words: Sequence[str]) -> _Terms:
    kept = sum(map(len, words)) <= KEPT_TEXT  # a pasted identifier is worked out again
    return (_terms_of if kept else _terms_of.__wrapped__)(tuple(words))


@lru_cache(maxsize=QUESTIONS_KEPT)
def _terms_of(words: tuple[str, ...]) -> _Terms:
    singles = tuple(words) if len(words) == 1 else tuple(w for w in words if is_code_like(w))
    joined = "".join(normalize(word) for word in words) if len(words) > 1 else ""
    subtokens = tuple(dict.fromkeys(tok for word in words for tok in split_identifier(word)))
    return _Terms(singles, joined, subtokens)


_demoted_path = lru_cache(maxsize=8192)(is_demoted)
""":func:`is_demoted`, kept by path: the symbols a question makes on each shard are ordered by it
(a path's folders split and matched, a symbol each)."""


def _order(symbol: Symbol) -> tuple[bool, int, int, int, str, int, str]:
    """Order inside a tier: the repository's own code before vendored, built or generated copies
    (``src/Observable.ts`` before ``dist/esm/Observable.js``), then kind rank, shorter name,
    shallower nesting, path, line."""
    depth = symbol.qualname.count(".")
    return (_demoted_path(symbol.path), KIND_RANK.get(symbol.kind, 0), len(symbol.name), depth, symbol.path,
            symbol.start_line, symbol.qualname)


Group: TypeAlias = "tuple[Sequence[int] | np.ndarray, str]"
"""Candidates of one tier that share a reason: symbol indices (ascending rank) and the reason."""


class StructuralRetriever:
    """Find definitions by name: exact, qualified, case-insensitive, subtokens, prefix, humps, fuzzy."""

    name = "structural"

    def __init__(self, symbols: Sequence[Symbol], stats: NameStats | None = None) -> None:
        """``stats``: the name words' counts over the whole repository when ``symbols`` are only the
        ones a question can match (:class:`MappedStructural`); else counted over ``symbols``."""
        self._stats = stats
        self._symbols: tuple[Symbol, ...] = tuple(sorted(symbols, key=_order))
        check_stage()  # thousands of symbols sorted (a partial word's round): a newer question gives it up here
        self._kind_codes = {kind: code for code, kind in enumerate(sorted({s.kind for s in self._symbols}))}
        self._kinds = np.array([self._kind_codes[s.kind] for s in self._symbols], dtype=np.int16)
        self._by_name = _group((s.name, i) for i, s in enumerate(self._symbols))
        self._described: Callable[[Sequence[str], Sequence[str], int], list[Hit]] | None = None
        """What ranks a sentence's name words in this one's place (:meth:`MappedStructural.described`,
        over every name of the repository: this one holds only the names the question's terms match)."""
        # Every other table is built on first use: a lone word checked against the symbol table, an
        # exact name looked up, needs only the names (sympy: 43,000 symbols, seconds for them all).

    @classmethod
    def of(cls, snapshot: Snapshot) -> StructuralRetriever:
        """The structural engine of a generation: over its stored symbols when it has them (only
        the symbols a question names are made), else over every symbol."""
        table = snapshot.stored_symbols()
        if table is None:
            return cls(snapshot.symbols)
        return MappedStructural(table, snapshot.generation)

    @cached_property
    def _by_qualname(self) -> dict[str, list[int]]:
        return _group((q, i) for i, s in enumerate(self._symbols) for q in _qualnames(s))

    @cached_property
    def _by_module_path(self) -> dict[str, list[int]]:
        return _group(
            (f"{module}.{q}", i) for i, s in enumerate(self._symbols) for module in module_names(s.path)
            for q in _qualnames(s)
        )

    @cached_property
    def _by_package_path(self) -> dict[str, list[int]]:
        """Symbols by ``package.qualname`` for each package holding their module (:func:`package_names`)."""
        return _group(
            (f"{package}.{q}", i) for i, s in enumerate(self._symbols) for package in package_names(s.path)
            for q in _qualnames(s)
        )

    @cached_property
    def _by_norm(self) -> dict[str, list[int]]:
        return _merge((normalize(name), ids) for name, ids in self._by_name.items())

    @cached_property
    def _by_token(self) -> dict[str, np.ndarray]:
        return {token: np.array(ids, dtype=np.int64) for token, ids in _merge(
            (token, ids) for name, ids in self._by_name.items() for token in set(split_identifier(name))
        ).items()}

    @cached_property
    def _norms(self) -> list[str]:
        return sorted(self._by_norm)

    @cached_property
    def _longest(self) -> int:
        return max((len(n) for n in self._norms), default=0)

    @cached_property
    def _norm_ids(self) -> np.ndarray:
        return np.array([i for norm in self._norms for i in self._by_norm[norm]], dtype=np.int64)

    @cached_property
    def _norm_starts(self) -> np.ndarray:
        return np.cumsum([0] + [len(self._by_norm[norm]) for norm in self._norms])

    @cached_property
    def _word_tables(self) -> tuple[dict[str, np.ndarray], dict[str, float], np.ndarray]:
        return _name_word_tables(self._symbols, self._by_name, self._stats)

    @property
    def _word_ids(self) -> dict[str, np.ndarray]:
        return self._word_tables[0]

    @property
    def _word_idf(self) -> dict[str, float]:
        return self._word_tables[1]

    @property
    def _name_weight(self) -> np.ndarray:
        return self._word_tables[2]

    @cached_property
    def _humps(self) -> list[tuple[str, str]]:
        """Every name by its camel-hump initials, sorted for prefix bisection (built on first use)."""
        return sorted((hump_initials(name), name) for name in self._by_name)

    @cached_property
    def _char_masks(self) -> np.ndarray:
        """The character mask of every normalized name, in ``_norms`` order (built on first use)."""
        return np.array([_char_mask(norm) for norm in self._norms], dtype=np.uint64)

    def __len__(self) -> int:
        return len(self._symbols)

    def names(self) -> set[str]:
        """Every distinct name a symbol has, as written."""
        return set(self._by_name)

    def lookup(self, name: str, kinds: Sequence[str] = ()) -> list[Symbol]:
        """Return the definitions of a name as written: bare, qualified or module-qualified, best first."""
        dotted = ".".join(qualifier_parts(name))
        ids = self._by_name.get(name)
        if not ids and "." not in dotted:  # a qualified name has a dot; a bare one is its own qualname
            ids = self._by_name.get(dotted, [])
        elif not ids:  # the qualified tables are built on the first qualified lookup, not on a miss
            ids = self._by_qualname.get(dotted) or self._by_module_path.get(dotted) or self._by_package_path.get(dotted, [])
        found = [self._symbols[i] for i in ids if not kinds or self._symbols[i].kind in kinds]
        if any(map(is_stand_in, found)):  # after the definitions with a body, as the search lists them
            found.sort(key=_stand_in_order)  # stable: the engine's order otherwise
        return found

    def search(self, query: Query, limit: int) -> list[Hit]:
        """Return at most ``limit`` definitions matching the query's names, best first (no fuzzy
        guesses after a name matched as spelled: :func:`without_guesses`)."""
        return macros_after_functions(without_guesses(self._searched(query, limit)))

    def _searched(self, query: Query, limit: int) -> list[Hit]:
        """:meth:`search`'s page, guesses kept."""
        if limit <= 0:
            return []
        target = similar_target(query)
        sources = definitions(self.lookup(target, query.kinds)) if target else []
        if sources:
            return self.siblings(sources, limit)
        if is_sentence(query.text, query.target):
            named = self._search(target_terms(query.target), query.kinds, limit, TARGET_TIERS) if query.target else []
            described = self._sentence(sentence_stems(query.text), query.kinds, limit)
            return _unique(named + described)[:limit]
        hits: list[Hit] = []
        if query.target:
            hits = self._search(target_terms(query.target), query.kinds, limit)
        hits = hits or self._search(query_terms(query.text), query.kinds, limit)
        if hits or query.target:
            return hits
        # a short question in plain words that no name spells ("how are redirects resolved"):
        # its words may still make a name up, once stemmed (resolve_redirects)
        return self._sentence(sentence_stems(query.text), query.kinds, limit)

    def siblings(self, sources: Sequence[Symbol], limit: int) -> list[Hit]:
        """Definitions like the first of ``sources`` by name and shape (:mod:`~maguyva_tui.core.similar`),
        best first, none of ``sources`` among them: the same kind of thing, named with X's parts."""
        source = sources[0]
        parts = name_parts(source.name)
        excluded = source_spans(sources)
        names = {name for part in set(parts) for name in self._names_by_part.get(part, ())}
        alike = [(name, name_similarity(parts, name_parts(name))) for name in names]
        scored: list[tuple[float, int]] = []
        for name, _ in sorted(alike, key=lambda pair: (-pair[1], pair[0]))[:MAX_SIBLING_NAMES]:
            for i in self._by_name[name]:
                other = self._symbols[i]
                score = sibling_score(source, other, parts)
                if score is not None and not excluded.holds(other.path, other.start_line, other.end_line):
                    scored.append((score, i))
        scored.sort(key=lambda pair: (-pair[0], pair[1]))
        hits = []
        for score, i in scored[:limit]:
            other = self._symbols[i]
            shape = f"name {pattern(parts, name_parts(other.name))}"
            hits.append(_hit(other, score, f"like {source.name}: {shape}, score {score:.2f}"))
        return hits

    @cached_property
    def _names_by_part(self) -> dict[str, list[str]]:
        """Every distinct name by each of its parts (built on first use)."""
        found: dict[str, list[str]] = defaultdict(list)
        for name in self._by_name:
            for part in set(name_parts(name)):
                found[part].append(name)
        return dict(found)

    def _sentence(self, stems: Sequence[str], kinds: Sequence[str], limit: int) -> list[Hit]:
        """Rank definitions by how much of their names' weight a sentence's stems cover; keep the best."""
        if self._described is not None:
            return self._described(stems, kinds, limit)
        found = [(self._word_ids[s], self._word_idf[s]) for s in dict.fromkeys(stems) if s in self._word_ids]
        if not found:
            return []
        ids = np.concatenate([posting for posting, _ in found])
        weights = np.concatenate([np.full(len(posting), idf) for posting, idf in found])
        ids, inverse = unique_inverse(ids)
        covered = np.bincount(inverse, weights=weights)
        said = np.bincount(inverse)
        share = covered / self._name_weight[ids]
        keep = (share >= MIN_NAME_COVERAGE - 1e-9) & (said >= min(MIN_NAME_STEMS, len(found)))
        ids, scores = ids[keep], (covered * share)[keep]
        if kinds:
            allowed = np.array([self._kind_codes[k] for k in kinds if k in self._kind_codes], dtype=np.int16)
            keep = np.isin(self._kinds[ids], allowed)
            ids, scores = ids[keep], scores[keep]
        if not len(ids):
            return []
        keep = scores >= WORDS_KEPT * scores.max()
        ids, scores = ids[keep], scores[keep]
        wanted = set(stems)
        hits = []
        for j in np.lexsort((ids, -scores))[:limit].tolist():
            symbol = self._symbols[int(ids[j])]
            matched = [s for s in dict.fromkeys(name_stems(symbol.name)) if s in wanted]
            hits.append(_hit(symbol, float(scores[j]), "name words " + "+".join(matched)))
        return hits

    def _search(self, words: Sequence[str], kinds: Sequence[str], limit: int, tiers: int = len(TIERS)) -> list[Hit]:
        """Match names tier by tier (the first ``tiers`` of them), best first."""
        if not words:
            return []
        allowed = np.array([self._kind_codes[k] for k in kinds if k in self._kind_codes], dtype=np.int16)
        if kinds and not len(allowed):
            return []
        return [_hit(self._symbols[i], len(TIERS) - tier + 1 / (2 + rank), reason)
                for i, tier, rank, reason in self._ranked(words, allowed if kinds else None, limit, tiers)]

    def _ranked(self, words: Sequence[str], allowed: np.ndarray | None, limit: int,
                tiers: int = len(TIERS), held: Container[int] | None = None) -> list[tuple[int, int, int, str]]:
        """:meth:`_search`'s page as ``(symbol index, tier, rank in the tier, reason)``; ``allowed``:
        the kind codes kept (``None``: every kind); ``held``: the only tiers some symbol is best
        matched in (known from the names: :func:`_lone_tiers`), the others not searched."""
        ranked: list[tuple[int, int, int, str]] = []
        seen: set[int] = set()
        for tier, groups in self._tiers(_terms(words), held):
            if tier >= tiers:
                break
            best = self._best(groups, allowed, limit - len(ranked) + len(seen))
            for rank, i in enumerate(i for i in sorted(best) if i not in seen):
                seen.add(i)
                ranked.append((i, tier, rank, best[i]))
                if len(ranked) == limit:
                    return ranked
        return ranked

    def _best(self, groups: list[Group], allowed: np.ndarray | None, budget: int) -> dict[int, str]:
        """Return the ``budget`` best-ranked candidates of a tier's groups with their reasons."""
        best: dict[int, str] = {}
        for ids, reason in groups:
            array = np.asarray(ids, dtype=np.int64)
            if allowed is not None:
                array = array[np.isin(self._kinds[array], allowed)]
            if len(array) > budget:
                array = np.partition(array, budget - 1)[:budget]
            for i in array.tolist():
                best.setdefault(i, reason)
        return best

    def _tiers(self, terms: _Terms, held: Container[int] | None = None) -> Iterator[tuple[int, list[Group]]]:
        """Yield each tier's candidate groups, lazily: later tiers cost more and often are not needed
        (those not ``held``, when given, yield none: each table a tier builds costs a few symbols'
        worth of Python, a workspace's every shard pays for it)."""
        tiers: tuple[Callable[[], list[Group]], ...] = (
            lambda: [(self._by_name.get(t, []), "exact name") for t in terms.singles],
            lambda: self._qualified(terms),
            lambda: self._insensitive(terms),
            lambda: self._all_subtokens(terms.subtokens),
            lambda: [self._prefixed(key) for key in self._keys(terms) if len(key) >= MIN_PREFIX],
            lambda: [self._camel_humps(term) for term in terms.singles],
            lambda: [self._fuzzy(key) for key in self._keys(terms) if len(key) >= MIN_FUZZY],
        )
        for tier, groups in enumerate(tiers):
            check_stage()  # a tier's tables cost tens of milliseconds on a partial word: a newer question gives it up
            yield tier, groups() if held is None or tier in held else []

    def _qualified(self, terms: _Terms) -> list[Group]:
        """Symbols whose qualified name is a term, or whose module path and qualified name are."""
        qualified = {".".join(qualifier_parts(t)) for t in terms.singles}
        groups: list[Group] = [(self._by_qualname.get(q, []), "exact qualname") for q in qualified]
        # a module path's key is always "module.qualname": a name without a dot builds no table for it
        dotted = [q for q in qualified if "." in q]
        groups += [(self._by_module_path.get(q, []), f"module path {q}") for q in dotted]
        return groups + [(self._by_package_path.get(q, []), f"package path {q}") for q in dotted
                         if not self._by_module_path.get(q)]

    def _keys(self, terms: _Terms) -> list[str]:
        """The terms' keys (normalized; all of them joined) that some name may start with or hold."""
        keys = [normalize(t) for t in terms.singles] + ([terms.joined] if terms.joined else [])
        return [key for key in keys if len(key) <= self._longest]  # no name holds a longer key

    def _insensitive(self, terms: _Terms) -> list[Group]:
        """Names equal to a term but for case (``configloader``) or separators (``parse config``)."""
        groups: list[Group] = []
        for term in [*terms.singles, *([terms.joined] if terms.joined else [])]:
            names = dict.fromkeys(self._symbols[i].name for i in self._by_norm.get(normalize(term), ()))
            for name in names:
                same_case = term != terms.joined and name.lower() == term.lower()
                reason = "case-insensitive name" if same_case else "same words " + "+".join(split_identifier(name))
                groups.append((self._by_name[name], reason))
        return groups

    def _all_subtokens(self, tokens: Sequence[str]) -> list[Group]:
        arrays = sorted((self._by_token.get(token, _NONE) for token in tokens), key=len)
        if not arrays:
            return []
        ids = arrays[0]
        for other in arrays[1:]:
            ids = np.intersect1d(ids, other, assume_unique=True)
        return [(ids, "subtokens " + "+".join(tokens))]

    def _prefixed(self, key: str) -> Group:
        """Every symbol whose normalized name starts with the key: one contiguous run of norms."""
        first = bisect_left(self._norms, key)
        last = bisect_left(self._norms, key + _MAX_CHAR)
        return self._norm_ids[self._norm_starts[first] : self._norm_starts[last]], f"prefix {key}"

    def _camel_humps(self, term: str) -> Group:
        segments = _hump_query(term)
        if len(segments) < 2:
            return [], ""
        initials = "".join(segment[0] for segment in segments)
        ids: list[int] = []
        at = bisect_left(self._humps, (initials, ""))
        while at < len(self._humps) and self._humps[at][0].startswith(initials):
            name = self._humps[at][1]
            if matches_humps(segments, split_identifier(name)):
                ids.extend(self._by_name[name])
            at += 1
        return ids, f"camel-hump {term}"

    def _fuzzy(self, key: str) -> Group:
        """Names holding the key's characters in order; a bit mask of characters filters first."""
        wanted = np.uint64(_char_mask(key))
        pattern = _subsequence(key)
        ids: list[int] = []
        for index in np.flatnonzero((self._char_masks & wanted) == wanted).tolist():
            if pattern.match(self._norms[index]):
                ids.extend(self._by_norm[self._norms[index]])
        return ids, f"fuzzy {key}"


SPELLED_SCORE: Final = len(TIERS) - TARGET_TIERS + 1
"""A hit scoring above this matched a name as spelled (exact name, qualified name, or the same name
but for case or separators: the first :data:`TARGET_TIERS` tiers)."""


def without_guesses(hits: list[Hit]) -> list[Hit]:
    """A page without the fuzzy tier's scattered letters when some name matched as spelled: the
    letters of ``cut_line`` in order in ``_counted_lines`` or ``CHUNK_MAPS_KEPT_LINES`` guess at a
    name the question did not spell, and it spelled one. A name holding the key whole stays
    (``reload`` for ``load``), and a misspelling, a partial name or initials keep every guess."""
    if not any(hit.score > SPELLED_SCORE for hit in hits):
        return hits
    return [hit for hit in hits if not hit.reason.startswith("fuzzy ")
            or hit.reason[len("fuzzy "):] in normalize((hit.symbol or "").rpartition(".")[2])]


STAND_INS: Final = (MACRO_NOTE, DECLARATION_NOTE)
"""The reasons' endings of a definition that stands in for one with a body: a function-like macro,
a declaration without a body."""


def macros_after_functions(hits: list[Hit]) -> list[Hit]:
    """A page with each C or C++ function-like macro after the functions and types of its tier
    (:data:`~maguyva_tui.core.types.MACRO_NOTE`), and each declaration without a body (an
    interface's method) after the functions and methods with one
    (:data:`~maguyva_tui.core.types.DECLARATION_NOTE`), the rest of the order as it
    was: a name defined by a function and by a ``#define`` is read in the function's body (libuv's
    ``uv__iou_fs_read_or_write`` in ``unix/linux.c``, not the ``#define ... 0`` that
    ``unix/internal.h`` holds for the platforms without it)."""
    if not any(hit.reason.endswith(STAND_INS) for hit in hits):
        return hits
    out: list[Hit] = []
    run: list[Hit] = []
    for hit in hits:
        if run and not _same_tier(run[0], hit):
            out.extend(sorted(run, key=_macro_order))
            run = []
        run.append(hit)
    out.extend(sorted(run, key=_macro_order))
    return out


def _same_tier(first: Hit, hit: Hit) -> bool:
    """Whether two hits of a page were matched in the same tier (a sentence's name words and a
    sibling's likeness are real scores: each is a tier of its own)."""
    tiered = not first.reason.startswith(("name words", "like ")) and not hit.reason.startswith(("name words", "like "))
    return tiered and math.floor(first.score) == math.floor(hit.score)


def _macro_order(hit: Hit) -> tuple[bool, float]:
    """Where a hit stands in its tier: the engine's order (demoted paths, then kinds), a macro
    after the kinds ranked first (types and functions)."""
    rank = KIND_RANK.get(hit.kind or "", 0)
    return _demoted_path(hit.path), 0.5 if rank == 0 and hit.reason.endswith(STAND_INS) else float(rank)


def is_macro(symbol: Symbol) -> bool:
    """Whether a C or C++ function is a function-like macro (its first line a ``#define``; a Rust
    function's may be an attribute, ``#[inline]``)."""
    return symbol.kind == "function" and symbol.language in ("c", "cpp") and symbol.signature.startswith("#")


def _stand_in_order(symbol: Symbol) -> tuple[bool, int, bool]:
    """:func:`_order`'s first keys, then a declaration without a body or a function-like macro after
    the definitions with a body (``find_definition Render``: ``(*context).Render`` before the
    interface's ``Renderer.Render``; libuv's function before the ``#define`` that stubs it)."""
    return _demoted_path(symbol.path), KIND_RANK.get(symbol.kind, 0), is_stand_in(symbol)


def is_stand_in(symbol: Symbol) -> bool:
    """Whether a definition stands in for one with a body: a declaration without a body
    (``Symbol.declaration``) or a function-like macro."""
    return symbol.declaration or is_macro(symbol)


def name_stems(name: str) -> tuple[str, ...]:
    """Return a name's subtokens stemmed (``list_domains`` -> ``list``, ``domain``)."""
    return tuple(word_stem(token) for token in split_identifier(name))


def is_sentence(text: str, target: str | None = None, least: int = SENTENCE_WORDS) -> bool:
    """Whether a question describes a symbol rather than names one: at least ``least`` content
    words besides its target (:data:`SENTENCE_WORDS`: "what breaks if I change X" has two,
    "extract the cookies from the response into a CookieJar" three)."""
    return (_is_sentence if len(text) <= KEPT_TEXT else _is_sentence.__wrapped__)(text, target, least)


@lru_cache(maxsize=QUESTIONS_KEPT)
def _is_sentence(text: str, target: str | None, least: int) -> bool:
    """:func:`is_sentence`, kept by question (each shard of a workspace asks it twice or more). A
    name written through its file (``lib/css-syntax-error.js::CssSyntaxError.setMessage``) counts
    as the name: its path's words describe no symbol (postcss's class ``CssSyntaxError``, its name
    spelling css and syntax, had ranked above the method asked for)."""
    if ":" in text:
        text = " ".join(written[1] if (written := split_in_file(word)) is not None else word for word in text.split())
    words = {w.lower() for w in identifiers_in(text)[:MAX_QUERY_WORDS] if len(w) > 1}
    words -= SENTENCE_STOP_WORDS | {(target or "").lower()}
    return len(words) >= least


def sentence_stems(text: str) -> tuple[str, ...]:
    """Return the distinct stems of a sentence's plain words, in order (stop words and one-letter
    words left out). The code-like identifiers it mentions (``CookieJar``, ``status_code``) are
    left out too: a sentence describing a function names the things it works with that way,
    while its own name is made of the plain words ("extract the cookies ... into a CookieJar")."""
    return (_sentence_stems if len(text) <= KEPT_TEXT else _sentence_stems.__wrapped__)(text)


@lru_cache(maxsize=QUESTIONS_KEPT)
def _sentence_stems(text: str) -> tuple[str, ...]:
    """:func:`sentence_stems`, kept by question."""
    words = (w for w in identifiers_in(text)[:MAX_QUERY_WORDS] if not is_code_like(w))
    tokens = (t for word in words for t in split_identifier(word))
    return tuple(dict.fromkeys(word_stem(t) for t in tokens if len(t) > 1 and t not in SENTENCE_STOP_WORDS))


def _name_word_tables(
    symbols: Sequence[Symbol], by_name: dict[str, list[int]], stats: NameStats | None = None
) -> tuple[dict[str, np.ndarray], dict[str, float], np.ndarray]:
    """Postings from each name stem to the definitions owning a chunk (kind rank 0) whose name
    holds it, each stem's idf over those definitions, and each one's name weight (its stems' idf
    summed; 1 for the others, which no posting reaches). With ``stats``, the idf is the whole
    repository's (``symbols`` are then a question's candidates, every owner of its stems among them)."""
    postings: dict[str, list[int]] = defaultdict(list)
    stems_of: dict[str, set[str]] = {}
    for name, ids in by_name.items():
        owners = [i for i in ids if KIND_RANK.get(symbols[i].kind, 0) == 0]
        if not owners:
            continue
        stems = stems_of[name] = set(name_stems(name))
        for stem in stems:
            postings[stem].extend(owners)
    if stats is None:
        counted = sum(len(ids) for name, ids in by_name.items() if name in stems_of)
        idf = {stem: math.log(1 + counted / len(owners)) for stem, owners in postings.items()}
    else:
        idf = stats.idf(postings)
    weight = np.ones(len(symbols))
    for name, stems in stems_of.items():
        owners = [i for i in by_name[name] if KIND_RANK.get(symbols[i].kind, 0) == 0]
        weight[owners] = max(math.fsum(idf[stem] for stem in stems), 1e-9)  # exact: a set's order follows the hash seed
    arrays = {stem: np.array(sorted(owners), dtype=np.int64) for stem, owners in postings.items()}
    return arrays, idf, weight


def _unique(hits: Sequence[Hit]) -> list[Hit]:
    """The hits without repeats of one definition, first kept."""
    seen: set[tuple[str, int, str | None]] = set()
    out = []
    for hit in hits:
        key = (hit.path, hit.start_line, hit.symbol)
        if key not in seen:
            seen.add(key)
            out.append(hit)
    return out


def _merge(pairs: Iterable[tuple[str, list[int]]]) -> dict[str, list[int]]:
    """Merge index lists by key, each merged list sorted (ascending rank)."""
    merged: dict[str, list[int]] = defaultdict(list)
    for key, ids in pairs:
        merged[key].extend(ids)
    for ids in merged.values():
        ids.sort()
    return dict(merged)


@lru_cache(maxsize=8192)
def package_names(path: str) -> tuple[str, ...]:
    """The packages a file's module lies in: each module name's dotted heads, less the names the
    module itself goes by (``src/flask/app.py``: ``flask``, ``src`` and ``src.flask``; Go's
    ``binding/json.go``: ``binding``). A package's name qualifies what its modules define, as a
    user writes it (``flask.Flask``, re-exported by the package's ``__init__``; Go's
    ``binding.JSON``), where the module's own path (``flask.app.Flask``) was the only one read; a
    Go test file's folder with ``_test`` too (``spew/common_test.go``: ``spew_test``, the external
    test package a goroutine trace names it by)."""
    own = module_names(path)
    heads = (".".join(parts[:i]) for parts in (name.split(".") for name in own) for i in range(1, len(parts)))
    packages = tuple(dict.fromkeys(head for head in heads if head not in own))
    if path.endswith("_test.go") and packages:  # Go's external test package beside the folder's: spew_test
        return (*packages, f"{packages[0]}_test")  # a trace's spew_test.testFailed had found no definition
    return packages


def _group(pairs: Iterable[tuple[str, int]]) -> dict[str, list[int]]:
    """Group symbol indices by key; indices stay in ascending (rank) order."""
    groups: dict[str, list[int]] = defaultdict(list)
    for key, index in pairs:
        groups[key].append(index)
    return dict(groups)


def _hump_query(term: str) -> tuple[str, ...]:
    """Return a term's camel-hump segments; a short lowercase word is read as initials (``pc``)."""
    segments = hump_segments(term)
    if len(segments) == 1 and segments[0].isalpha() and 2 <= len(segments[0]) <= MAX_INITIALS:
        return tuple(segments[0])
    return segments


def _char_mask(text: str) -> int:
    """Return a 64-bit set of a text's characters: one bit per letter and digit, others hashed."""
    mask = 0
    for char in set(text):
        mask |= 1 << _CHAR_BITS.get(char, _HASHED_BASE + ord(char) % (64 - _HASHED_BASE))
    return mask


def _subsequence(key: str) -> re.Pattern[str]:
    """Match a text holding ``key``'s characters in order; possessive steps never backtrack."""
    return re.compile("".join(f"[^{re.escape(c)}]*+{re.escape(c)}" for c in key))


def _hit(symbol: Symbol, score: float, reason: str) -> Hit:
    if is_macro(symbol):
        reason += MACRO_NOTE
    elif symbol.declaration:
        reason += DECLARATION_NOTE
    return Hit(
        path=symbol.path,
        start_line=symbol.start_line,
        end_line=symbol.end_line,
        score=score,
        symbol=symbol.qualname,
        kind=symbol.kind,
        language=symbol.language,
        reason=reason,
    )


# -- the structural engine over a stored generation: only the symbols a question can match are made

NAME_STATS = "names-stems.npz"
"""In a generation: every name stem's count of owning definitions and the count they are weighed
against (:func:`_name_word_tables`'s idf over the whole repository), counted by the build that
writes the generation (:func:`keep_name_stats`); a generation without them (written before they
were, or a damaged copy) has them counted on the first question that ranks by name words, and kept
(a repository of 330,000 names: 0.7-1.3 s of that question's CPU, once a generation)."""

_SEP_ONCE = rb"[^0-9a-z\x00]*+"
""":data:`_SEP` without backtracking, for a name matched whole (:func:`_near_patterns`)."""

SUBTOKEN_TIER = TIERS.index("subtokens")
"""The last tier whose page :meth:`MappedStructural._page` settles from a few symbols."""

_KEYS = 6
"""The fields of :func:`_order` that :meth:`MappedStructural._rank_keys` reads from the columns."""


class Ceiling:
    """A lone word's page asked down to the prefix tier only (:func:`prefix_tiers_only`): whether
    the lower tiers (camel humps, fuzzy) were left out of a page they may have added to."""

    __slots__ = ("cut",)

    def __init__(self) -> None:
        self.cut = False


_CEILING: ContextVar[Ceiling | None] = ContextVar("structural_ceiling", default=None)

BELOW_PREFIX_SCORE: Final = len(TIERS) - (SUBTOKEN_TIER + 2) + 0.5
"""The highest score a hit of a tier below the prefix one can have (``len(TIERS) - tier + 1 / (2 +
rank)``): a page cut by :func:`prefix_tiers_only` lists every hit scoring above it."""


@contextmanager
def prefix_tiers_only(ceiling: Ceiling | None = None) -> Iterator[Ceiling]:
    """Within the block (this thread), a lone word's page (:meth:`MappedStructural._lone_page`)
    that the tiers down to the prefix one do not fill is not completed from the tiers below
    (whose fuzzy patterns are most of a page's work on a repository without the word): it lists
    the hits of those tiers only, a prefix of the whole page, and says so (``Ceiling.cut``). A
    workspace asks each of its shards so, and asks the whole page of those that were cut only
    when the merged list needs it (``workspace/coordinator.py``). ``ceiling``: the record to
    say it in (a new one by default)."""
    ceiling = ceiling if ceiling is not None else Ceiling()
    token = _CEILING.set(ceiling)
    try:
        yield ceiling
    finally:
        _CEILING.reset(token)


PAGE_ROWS_FACTOR = 4
PAGE_ROWS_EXTRA = 256  # symbols of the subtokens tier made first for a page: its own, and those its kind filter drops
PAGE_ROWS_GROWTH = 8  # made again with this many times more when the page is not settled

_DEMOTED_HINTS = (*sorted(DEMOTED_DIRS), "_pb2", ".pb.", "generated", ".min.")
"""What every demoted ASCII path holds once lowercased (:func:`~maguyva_tui.core.paths.is_demoted` decides)."""


@lru_cache(maxsize=1)
def _hints() -> re2._Regexp:
    """Any of :data:`_DEMOTED_HINTS` in any case, over ASCII bytes (one DFA pass; compiled on first use)."""
    options = re2.Options()
    options.encoding = re2.Options.Encoding.LATIN1
    options.case_sensitive = False
    return re2.compile("|".join(map(re.escape, _DEMOTED_HINTS)).encode(), options)


_SEP = rb"[^0-9a-z\x00]*"
"""Between a key's characters in a case-folded name: separators (and, to be safe, any byte that
is not an ASCII letter or digit: a candidate is always checked again as the eager tables would)."""


class NameStats:
    """Name stems with their counts of owning definitions, sorted (found by binary search), and
    how many definitions the idf is counted against; with each stem's posting (the string ids of
    the names owning a definition that hold it) and each such name's weight (its stems' idf summed),
    so that a sentence ranks every name without making a symbol (:meth:`MappedStructural.described`)."""

    def __init__(self, stems: np.ndarray, counts: np.ndarray, counted: int, starts: np.ndarray | None = None,
                 postings: np.ndarray | None = None, names: np.ndarray | None = None,
                 weights: np.ndarray | None = None) -> None:
        self._stems = stems
        self._counts = counts
        self._counted = counted
        self._starts = np.zeros(len(stems) + 1, np.int64) if starts is None else starts
        """Stem ``i``'s names are ``postings[starts[i]:starts[i + 1]]``, ascending."""
        self._postings = np.zeros(0, _ID) if postings is None else postings
        self._names = np.zeros(0, _ID) if names is None else names
        """The string ids of the names owning a definition, ascending."""
        self._weights = np.zeros(0) if weights is None else weights
        """Each of ``names``' weight: its stems' idf summed exactly (``math.fsum``), at least 1e-9."""

    def idf(self, stems: Iterable[str]) -> dict[str, float]:
        """Each stem's idf over the repository (a stem no definition owns, as if one did)."""
        wanted = list(stems)
        if not wanted:
            return {}
        keys = np.array([stem.encode("utf-8", "surrogatepass") for stem in wanted], dtype=self._stems.dtype)
        at = np.minimum(np.searchsorted(self._stems, keys), max(len(self._stems) - 1, 0))
        found = self._stems[at] == keys if len(self._stems) else np.zeros(len(keys), bool)
        counts = np.where(found, self._counts[at] if len(self._counts) else 0, 1)
        return {stem: math.log(1 + self._counted / int(n)) for stem, n in zip(wanted, counts.tolist())}

    def posting(self, stem: str) -> tuple[np.ndarray, float]:
        """The string ids of the names holding a stem (ascending; none for a stem no name holds)
        and its idf."""
        key = stem.encode("utf-8", "surrogatepass")
        at = int(np.searchsorted(self._stems, key)) if len(self._stems) and len(key) <= self._stems.itemsize else -1
        if at < 0 or at >= len(self._stems) or self._stems[at] != key:
            return np.zeros(0, np.int64), self.idf([stem])[stem]
        found = np.asarray(self._postings[int(self._starts[at]) : int(self._starts[at + 1])], np.int64)
        return found, math.log(1 + self._counted / int(self._counts[at]))

    def postings(self, stems: Sequence[str]) -> list[tuple[str, np.ndarray, float]]:
        """:meth:`posting` of each stem some name holds, in order, ``(stem, names, idf)``: the stems
        found by one search of the sorted stems (a sentence's words, on every shard of a workspace,
        cost a bisection each)."""
        if not len(self._stems):
            return []
        width = self._stems.itemsize
        asked = [(stem, key) for stem in stems if len(key := stem.encode("utf-8", "surrogatepass")) <= width]
        if not asked:
            return []
        keys = np.array([key for _, key in asked], dtype=self._stems.dtype)
        at = np.searchsorted(self._stems, keys)
        inside = at < len(self._stems)
        held = np.zeros(len(keys), bool)
        held[inside] = self._stems[at[inside]] == keys[inside]
        out = []
        for (stem, _), i, found in zip(asked, at.tolist(), held.tolist()):
            if found:
                names = np.asarray(self._postings[int(self._starts[i]) : int(self._starts[i + 1])], np.int64)
                if len(names):
                    out.append((stem, names, math.log(1 + self._counted / int(self._counts[i]))))
        return out

    def weights(self, names: np.ndarray) -> np.ndarray | None:
        """The weights of names owning a definition (string ids from :meth:`posting`); ``None`` when
        one has none (a damaged file: counted again)."""
        at = np.minimum(np.searchsorted(self._names, names), max(len(self._names) - 1, 0))
        if len(names) and not (len(self._names) and bool((self._names[at] == names).all())):
            return None
        return np.asarray(self._weights[at], np.float64)

    @classmethod
    def of(cls, table: SymbolColumns) -> NameStats:
        """Count every name's stems over the stored symbols (a pass over the distinct names)."""
        names_col = np.asarray(table.column(0), np.int64)
        kinds_col = np.asarray(table.column(2), np.int64)
        kind_ids = unique(kinds_col)
        owner_kinds = [k for k, kind in zip(kind_ids.tolist(), table.words(kind_ids)) if KIND_RANK.get(kind or "", 0) == 0]
        owner_rows = np.isin(kinds_col, owner_kinds)
        owners = np.bincount(names_col[owner_rows], minlength=1)
        every = np.bincount(names_col, minlength=len(owners))
        ids = np.flatnonzero(owners[: len(every)] > 0)
        owned = owners[ids]
        spelled = _picked(table.strings, ids)  # the names alone decoded, not every string of the table
        name_at, flat = _name_parts(spelled if spelled is not None else [word or "" for word in table.words(ids)])
        stem_of = {token: token if token.isdigit() else word_stem(token) for token in set(flat)}  # digits: their own stem
        ordered = sorted(set(stem_of.values()))
        place = {stem: i for i, stem in enumerate(ordered)}
        token_ids = {token: place[stem] for token, stem in stem_of.items()}
        stem_ids = np.fromiter(map(token_ids.__getitem__, flat), np.int64, len(flat))
        pairs = unique(name_at * max(len(ordered), 1) + stem_ids)  # each name's stems once, by name then stem
        pair_name, pair_stem = np.divmod(pairs, max(len(ordered), 1))
        counts = np.bincount(pair_stem, weights=owned[pair_name], minlength=len(ordered)).astype(np.int64)
        counted = int(every[ids].sum())
        idf = [math.log(1 + counted / count) for count in counts.tolist()]  # as :meth:`idf` reads it back
        by_stem = np.argsort(pair_stem, kind="stable")  # each stem's names ascending
        starts = np.concatenate([[0], np.cumsum(np.bincount(pair_stem, minlength=len(ordered)))]).astype(np.int64)
        encoded = [stem.encode("utf-8", "surrogatepass") for stem in ordered]
        width = max((len(e) for e in encoded), default=1)
        return cls(np.array(encoded, dtype=f"S{max(width, 1)}"), counts, counted, starts,
                   ids[pair_name[by_stem]].astype(_ID), ids.astype(_ID), _name_weights(pair_name, pair_stem, idf, len(ids)))

    def save(self, path: Path) -> None:
        """Write the counts (atomically; a failure is silent: they are counted again)."""
        try:
            fd, tmp = tempfile.mkstemp(prefix=f"{path.name}.", suffix=".tmp", dir=path.parent)
            try:
                with os.fdopen(fd, "wb") as handle:
                    os.fchmod(handle.fileno(), FILE_MODE)
                    save_npz(handle, {"stems": self._stems, "counts": self._counts,  # larger members packed
                                      "counted": np.array([self._counted], np.int64), "starts": self._starts,
                                      "postings": self._postings, "names": self._names, "weights": self._weights})
                os.replace(tmp, path)
            finally:
                Path(tmp).unlink(missing_ok=True)
        except OSError:
            return

    @classmethod
    def load(cls, path: Path) -> NameStats | None:
        """Read counts written by :meth:`save`; ``None`` when absent or not as written."""
        try:  # mapped: a question reads its stems' postings and their names' weights, not all of them
            archive = {name: np.asarray(array) for name, array in mapped_npz(path).items()}  # plain views of
            # the map: a memmap's every slice and gather ran its __array_finalize__ (12 us a stem's posting)
            stems, counts, counted = archive["stems"], archive["counts"], archive["counted"]
            starts, postings = archive["starts"], archive["postings"]
            names, weights = archive["names"], archive["weights"]
        except Exception:  # noqa: BLE001 - absent, cut, replaced, of an earlier layout: counted again
            return None
        if (stems.dtype.kind != "S" or stems.ndim != 1 or counts.shape != stems.shape or counted.shape != (1,)
                or (len(stems) > 1 and not bool((stems[:-1] < stems[1:]).all())) or (counts < 1).any()
                or int(counted[0]) < 0 or not _postings_fit(starts, postings, names, weights, len(stems))):
            return None
        return cls(stems, np.asarray(counts, np.int64), int(counted[0]), starts, postings, names, weights)


_ID = np.int32
"""The stored string ids of names (a string table holds fewer than 2**31)."""


def keep_name_stats(generation: Path, table: SymbolColumns) -> None:
    """Count a generation's name words over its stored symbols and keep them there, as the first
    question ranking by name words would (a build does it, so that no question pays for it)."""
    NameStats.of(table).save(generation / NAME_STATS)


def _postings_fit(starts: np.ndarray, postings: np.ndarray, names: np.ndarray, weights: np.ndarray, stems: int) -> bool:
    """Whether stored postings and weights agree in shape and order (a damaged file is counted
    again; a posting naming no weighed name is found when read: :meth:`NameStats.weights`)."""
    if (starts.dtype != np.int64 or postings.dtype != _ID or names.dtype != _ID
            or weights.dtype != np.float64 or starts.shape != (stems + 1,) or postings.ndim != 1
            or names.ndim != 1 or weights.shape != names.shape):
        return False
    if int(starts[0]) != 0 or int(starts[-1]) != len(postings) or (np.diff(starts) < 0).any():
        return False
    return len(names) < 2 or bool((names[:-1] < names[1:]).all())


def _qualnames(symbol: Symbol) -> tuple[str, ...]:
    """The qualified names a symbol answers to: its own, and a Rust method named apart by its
    trait impl (``Bytes.eq (impl PartialEq<str>)``) its plain one too (``parsing/trait_impls.py``)."""
    plain = plain_qualname(symbol.qualname)
    return (symbol.qualname,) if plain == symbol.qualname else (symbol.qualname, plain)


class MappedStructural(StructuralRetriever):
    """The structural engine of a stored generation: each question makes only the symbols whose
    names it can match (found in the mapped table of defined names, case-folded) and asks a
    :class:`StructuralRetriever` over them, which answers as it would over every symbol: its tiers
    compare a symbol with the question alone, and the name words' idf is the repository's
    (:class:`NameStats`). A repository of 378,000 symbols made each of them an object and every
    table over them in each process (24 s of a plain question's CPU). Its own tables stay empty:
    every question goes through :meth:`lookup`, :meth:`search` or :meth:`siblings`."""

    def __init__(self, table: SymbolColumns, generation: Path | None) -> None:
        super().__init__(())
        self._table = table
        self._generation = generation
        self._stats: NameStats | None = None
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._table)

    def names(self) -> set[str]:
        """Every distinct name a symbol has, as written: decoded from the names' string ids, no
        symbol made (100,000 files: 478,000 symbols made one by one took 10 s)."""
        words = self._table.words(unique(self._name_column))
        return {word for word in words if word}

    def _distinct_names(self) -> np.ndarray:
        """The distinct string ids of the symbols' names, ascending: read off the rows sorted by
        name when a page has sorted them (:attr:`_names_sorted`), else sorted again (a misspelled
        lone word's close names after its page: 380,000 rows, 18 ms -> 1 ms)."""
        made = self.__dict__.get("_names_sorted")  # the cached_property's value, when made
        if made is None:
            return unique(self._name_column)
        names: np.ndarray = made[1]
        return names[np.concatenate([[True], names[1:] != names[:-1]])] if len(names) else names

    def names_headed(self, head: str, shortest: int = 0, longest: int | None = None) -> list[str]:
        """The distinct names (as :meth:`names`) whose first letter or digit, lowercased, may be
        ``head`` and whose normalized length may be ``shortest`` to ``longest``: those so read from
        their bytes, and those that only decoding tells (the first letter not an ASCII one; a byte
        not an ASCII letter, digit or underscore); only they are decoded (100,000 files: decoding
        the string table's 776,000 strings for its 333,000 names, then grouping them, took 0.8-1.5 s
        of a misspelled name)."""
        strings = self._table.strings
        ids = self._distinct_names()
        ids = ids[(ids > 0) & (ids <= len(strings))]  # a damaged id reads as "", which names() leaves out
        initials = strings.initials(ids)
        wanted = ord(head) if len(head) == 1 and head.isascii() else 0
        ids = ids[(initials == wanted) | (initials == 0)]
        if longest is not None:
            lengths = strings.plain_lengths(ids)
            ids = ids[(lengths < 0) | ((lengths >= shortest) & (lengths <= longest))]
        return [word for word in strings.pick(ids, bulk=False) if word]

    def stats(self, fresh: bool = False) -> NameStats:
        """The name words' counts: read from the generation, else (or when ``fresh``) counted and
        kept there."""
        with self._lock:
            if self._stats is None or fresh:
                path = None if self._generation is None else self._generation / NAME_STATS
                found = None if path is None or fresh else NameStats.load(path)
                if found is None:
                    found = NameStats.of(self._table)
                    if path is not None:
                        found.save(path)
                self._stats = found
            return self._stats

    def lookup(self, name: str, kinds: Sequence[str] = ()) -> list[Symbol]:
        """:meth:`StructuralRetriever.lookup`, over the symbols bearing the name's last part."""
        return self._over(_exact_keys([name]), []).lookup(name, kinds)

    def _searched(self, query: Query, limit: int) -> list[Hit]:
        """:meth:`StructuralRetriever.search`, over the symbols the question can match."""
        if limit <= 0:
            return []
        # the target's terms and the text's are matched as two questions (as the full engine asks
        # them), not as one: joined, "aaa" and "aaa" made a key "aaaaaa" that missed total_area
        groups = [target_terms(query.target) if query.target else [], query_terms(query.text)]
        table = self._table.definitions
        sentence = is_sentence(query.text, query.target)
        # a sentence's own words are matched by name words alone (``described``), not tier by tier
        matched = groups[:1] if sentence else groups
        # a word spelled with a letter no name holds matches no name in any tier: it needs no pattern
        spelled = [[t for t in group if _spellable(t, table.occurrences)] for group in matched]
        target = similar_target(query)
        said = sentence_stems(query.text)
        stems = [stem for stem in said if _spellable(stem, table.occurrences)]
        if not all(t.isascii() for t in [*(t for group in spelled for t in group), *stems]):
            check_stage()
            return StructuralRetriever(self._every(), self.stats()).search(query, limit)  # not ASCII: no shortcut
        if sentence and not target and not query.target:
            # a sentence naming no symbol is ranked by its name words alone (the engine over the names
            # its words match reads none of them): no name looked up, no symbol made but the page's
            # (each shard of a workspace made the symbols named like the sentence's words: 0.1 ms)
            check_stage()
            return _unique(self.described(said, query.kinds, limit))[:limit]
        terms = [term for group in groups for term in group]
        exact = _exact_keys(terms + ([target] if target else []))
        if not target and not sentence:
            paged = self._paged(query, limit)
            if paged is not None:
                return paged
        # the terms' patterns (a term outside ASCII has none: the full engine answered it above)
        patterns = [p for group in spelled for p in _term_patterns(group, table.occurrences, self._longest_name) or []]
        spellings: list[np.ndarray] = []
        if target:
            sources = definitions(self._over(exact, []).lookup(target, query.kinds))
            if sources:
                spellings.append(self._likely_siblings(sources[0].name))
        check_stage()
        retriever = self._over(exact, patterns, None, spellings)  # the names the terms match
        retriever._described = self.described  # a sentence's name words: over the stored postings
        return retriever.search(query, limit)

    def _paged(self, query: Query, limit: int) -> list[Hit] | None:
        """:meth:`StructuralRetriever.search` of a question that names symbols (no sentence, no
        "similar to"), making only the symbols its page can hold (:meth:`_page`); ``None`` when a
        page is not settled so (the symbols of every name the question matches are then made)."""
        hits: list[Hit] | None = []
        named = target_terms(query.target) if query.target else None
        if named is not None:
            hits = self._page(named, query.kinds, limit)
        if hits == [] and query_terms(query.text) != named:  # the same words would find nothing again (a
            hits = self._page(query_terms(query.text), query.kinds, limit)  # workspace's shards without the name paid twice)
        if hits is None or hits or query.target:
            return hits
        return self.described(sentence_stems(query.text), query.kinds, limit)

    def _page(self, words: Sequence[str], kinds: Sequence[str], limit: int) -> list[Hit] | None:
        """:meth:`StructuralRetriever._search` over every symbol, from the few that can be on its
        page: every symbol of a name the first three tiers may match (exact name, qualified name,
        the same name but for case or separators: a few names), and of the names the subtokens
        tier may match only the first by :func:`_order`, ranked in numpy from the table's columns
        (:meth:`_rank_keys`). A page that this settles is full and ends in one of those tiers:
        the symbols left out are of the subtokens tier or below, after the last one made. ``None``
        when it ends lower (prefix, camel humps, fuzzy: the caller makes every candidate).
        ``helper``, in 98,000 names of a 100,000-file repository: 98,000 symbols made, sorted and
        grouped for a page of 50 (2.5 s)."""
        if not words:
            return []
        matched: dict[bytes, np.ndarray] = {}  # the names a pattern matches, for both passes
        if _lone(words) and not self._may_fill_subtokens(words[0]):
            hits = self._lone_page(words[0], kinds, limit, matched)  # each settles the page as the engine's
            if hits is not None:
                return hits
            check_stage()
            return self._near_page(words, kinds, limit, matched)
        hits = self._near_page(words, kinds, limit, matched)
        if hits is None and _lone(words):
            check_stage()
            return self._lone_page(words[0], kinds, limit, matched)
        return hits

    def _may_fill_subtokens(self, term: str) -> bool:
        """Whether a lone word's page may be settled by its first four tiers (:meth:`_near_page`
        first, then :meth:`_lone_page`): some case-folded name holds each of its subtokens where a
        run of its kind ends (not followed by a letter, or a digit for a number). Else no name but
        a camel-case one holds them all, and :meth:`_lone_page`, which tells every tier from the
        names, is asked first: ``helpe``, whose 98,000 names ``helper_N`` the subtokens tier's pass
        ranked and made a page of, to find none of them there (0.05-0.08 s). Either order gives
        the same page; only the work differs."""
        table = self._table.definitions
        for token in split_identifier(term):
            after = rb"(?![0-9])" if token.isdigit() else rb"(?![a-z])"
            if not table.holds_bytes(re.escape(token.lower().encode()) + after):
                return False
        return True

    def _matching(self, pattern: re.Pattern[bytes], matched: dict[bytes, np.ndarray]) -> np.ndarray:
        """The positions of the names a pattern matches (:meth:`Definitions.matching`), found once
        a question (its rarest subtoken's pattern and its prefix's are asked again by later passes)."""
        found = matched.get(pattern.pattern)
        if found is None:
            table = self._table.definitions
            key = _FUZZY_KEYS.get(pattern.pattern)
            if key is not None:  # the fuzzy tier's: tried once in each name that may hold the key's letters
                found = table.holding_in_order(key.encode(), _fuzzy_from_start(key))
            else:
                found = table.matching(pattern, _lead(pattern), _key_start(pattern))
            matched[pattern.pattern] = found
        return found

    @cached_property
    def _name_column(self) -> np.ndarray:
        """Each symbol's name (its string id), as ``int64``, copied out of the mapped table once per
        generation: read in place, every question copied it again, once per step (every eighth
        int32 of the rows), on every shard of a workspace."""
        return np.array(self._table.column(0), np.int64)

    @cached_property
    def _kind_column(self) -> np.ndarray:
        """Each symbol's kind (its string id), as ``int64``, copied out once (as :attr:`_name_column`)."""
        return np.array(self._table.column(2), np.int64)

    @cached_property
    def _names_sorted(self) -> tuple[np.ndarray, np.ndarray]:
        """The rows in the order of their names (stable: rows ascending within a name) and the
        names in that order: the rows of some names are found by a search of these
        (:meth:`_rows_named`), not by comparing every row with them."""
        order = np.argsort(self._name_column, kind="stable")
        return order, self._name_column[order]

    def _rows_named(self, names: np.ndarray) -> np.ndarray:
        """The rows (ascending) whose name is one of ``names`` (string ids, sorted, distinct):
        ``np.flatnonzero(np.isin(names_column, names))``, from the rows sorted by name."""
        order, sorted_names = self._names_sorted
        lo = np.searchsorted(sorted_names, names, "left")
        counts = np.searchsorted(sorted_names, names, "right") - lo
        total = int(counts.sum())
        if not total:
            return np.zeros(0, np.int64)
        firsts = np.repeat(lo - (np.cumsum(counts) - counts), counts)
        return np.sort(order[firsts + np.arange(total)])

    @cached_property
    def _longest_name(self) -> int:
        """The length of the longest defined name (:meth:`Definitions.longest`, a pass over its offsets)."""
        return self._table.definitions.longest()

    def _near_page(self, words: Sequence[str], kinds: Sequence[str], limit: int,
                   matched: dict[bytes, np.ndarray]) -> list[Hit] | None:
        """:meth:`_page` settled by the first four tiers (its description)."""
        table = self._table.definitions
        near = _near_patterns(words, table.occurrences, self._longest_name)
        if near is None or near[1] is None:
            return None
        column = self._name_column
        rows = self._rows_named(table.spellings_of(self._matching(near[1], matched)))
        size = PAGE_ROWS_FACTOR * limit + PAGE_ROWS_EXTRA
        if len(rows) <= size:  # a few candidates: every one is made as cheaply
            return None
        found = [n for n in (table.find(key) for key in _exact_keys(words)) if n is not None]
        named = unique(np.concatenate([np.array(found, np.int64)] + [self._matching(p, matched) for p in near[0]]))
        close = np.zeros(len(column), bool)
        close[self._rows_named(table.spellings_of(named))] = True
        rows = rows[~close[rows]]
        if kinds and len(rows):
            rows = rows[np.isin(self._kind_column[rows], self._kind_ids(kinds))]
        fields = self._key_fields(rows)
        while True:
            check_stage()  # each round makes more symbols (a partial word: hundreds of milliseconds in all)
            at, keys = _leading(fields, len(rows), size)  # the rows a full order's first ``size`` end in, ties closed
            taken = len(at)
            symbols = self._symbols_at(np.sort(np.concatenate([np.flatnonzero(close), rows[at]])))
            retriever = StructuralRetriever(symbols)
            allowed = np.array([retriever._kind_codes[k] for k in kinds if k in retriever._kind_codes], np.int16)
            ranked = [] if kinds and not len(allowed) else retriever._ranked(words, allowed if kinds else None, limit)
            whole = taken == len(rows)
            if len(ranked) == limit and ranked[-1][1] <= SUBTOKEN_TIER:
                last = retriever._symbols[ranked[-1][0]]
                if whole or ranked[-1][1] < SUBTOKEN_TIER or _order(last)[:_KEYS] <= self._bound(rows[at[_last(keys)]]):
                    return [_hit(retriever._symbols[i], len(TIERS) - tier + 1 / (2 + rank), reason)
                            for i, tier, rank, reason in ranked]
            if whole or not any(tier == SUBTOKEN_TIER for _, tier, _, _ in ranked):
                return None  # no candidate taken holds every subtoken: they may be rare among them ("helpe" in helper_1)
            size *= PAGE_ROWS_GROWTH

    def _lone_page(self, term: str, kinds: Sequence[str], limit: int,
                   matched: dict[bytes, np.ndarray]) -> list[Hit] | None:
        """:meth:`_page` of a lone word whose page the first four tiers do not settle (``helpe``, a
        prefix of 98,000 names of a 100,000-file repository; ``hlper``, a misspelling): each name's
        tier is told from the names alone (:func:`_lone_tiers`), every candidate ranked in numpy by
        it, then by :func:`_order` from the columns, and only the first are made and asked, as in
        :meth:`_page`. First over the names that the tiers down to the prefix one can match (when
        they are enough to fill the page), then over every name a tier matches. ``helpe`` made
        every one of its 98,000 symbols, sorted and grouped them (3-4 s)."""
        table = self._table.definitions
        patterns = _term_patterns([term], table.occurrences, self._longest_name)
        if patterns is None:
            return None
        exact = [n for n in (table.find(key) for key in _exact_keys([term])) if n is not None]
        column = self._name_column
        size = PAGE_ROWS_FACTOR * limit + PAGE_ROWS_EXTRA
        ceiling = _CEILING.get()
        for told, found in ((SUBTOKEN_TIER + 1, _prefix_patterns(term, table.occurrences, self._longest_name)),
                            (len(TIERS) - 1, patterns)):
            check_stage()
            every = found is patterns  # the names of every tier: rows left out of these match none
            positions = unique(np.concatenate([np.array(exact, np.int64), *(self._matching(p, matched) for p in found)]))
            ids = table.spellings_of(positions)
            if every and not len(ids):
                return []  # no name matches in any tier (a workspace's shards without the word)
            rows = self._rows_named(ids)
            if kinds and len(rows):
                rows = rows[np.isin(self._kind_column[rows], self._kind_ids(kinds))]
            if not every and len(rows) < limit and ceiling is None:
                continue  # fewer candidates than the page: these tiers cannot fill it (none told)
            names = _picked(self._table.strings, ids)
            if names is None:
                return None  # a name the bulk passes cannot join: every candidate is made
            tier = _lone_tiers(term, names, told)[np.searchsorted(ids, column[rows])]
            spelled = ids[np.fromiter(map(term.__eq__, names), bool, len(names))]  # a qualname spelled as the word
            tier[np.isin(np.asarray(self._table.column(1)[rows], np.int64), spelled) & (tier > 1)] = 1  # the rows' alone
            if every:  # every tier told: the rows of no tier are no candidates
                rows, tier = rows[tier <= told], tier[tier <= told]
            elif np.count_nonzero(tier <= told) < limit:
                if ceiling is not None:  # asked down to this tier only: its hits, the tiers below left out
                    return self._cut_page(term, kinds, limit, rows[tier <= told], tier[tier <= told], size, told,
                                          ceiling)
                continue  # these tiers cannot fill the page
            lengths = _lengths(names)[np.searchsorted(ids, column[rows])]  # the names' lengths, read from them
            hits = self._settled(term, kinds, limit, rows, [tier.__getitem__, *self._key_fields(rows, lengths)], size,
                                 told, every)
            if hits is not None:
                return hits
            if not every and ceiling is not None:
                return self._cut_page(term, kinds, limit, rows[tier <= told], tier[tier <= told], size, told, ceiling)
        return None

    def _cut_page(self, term: str, kinds: Sequence[str], limit: int, rows: np.ndarray, tier: np.ndarray,
                  size: int, told: int, ceiling: Ceiling) -> list[Hit] | None:
        """The page of a lone word's rows of the tiers down to ``told`` (every such row), as the
        whole page begins (its rows ranked by tier first); said cut when it is not full."""
        hits = self._settled(term, kinds, limit, rows, [tier.__getitem__, *self._key_fields(rows)], size, told, True)
        if hits is not None and len(hits) < limit:
            ceiling.cut = True
        return hits

    def _settled(self, term: str, kinds: Sequence[str], limit: int, rows: np.ndarray, fields: list[Field],
                 size: int, ceiling: int, every: bool) -> list[Hit] | None:
        """The page of a lone word made from the first rows by the keys ``fields`` read (a tier told
        from the names, then :func:`_order`'s first fields), more while it is not settled: full,
        ending at most in tier ``ceiling`` (the symbols of no row rank below it), and every row left
        out ranking after its last hit. With ``every`` (the rows are every name's that matches), all
        rows made settle it. ``None`` when these rows cannot settle it. Only the rows that can be
        first are ordered, each later key read only for the rows tying on the keys before it
        (:func:`_leading`): ``helpe``'s 98,000 rows had all been read and sorted on every key."""
        while True:
            check_stage()
            taken_at, keys = _leading(fields, len(rows), size)
            taken = len(taken_at)
            order = np.lexsort(keys[::-1]) if taken else np.zeros(0, np.int64)  # over the rows taken
            # the page is the first ``limit`` rows taken by tier and all of _order, whose fields the
            # keys are but its last: only those and the rows tying with the last of them on every
            # key are made (of 456 taken, 50 on the page), in row order (the rows ascend)
            head = order[keys[0][order] <= ceiling]  # the rows of a tier down to the ceiling lead the order
            at = np.sort(head[:_tie_closed(keys, head, limit)])
            symbols = self._symbols_at(rows[taken_at[at]])
            ranked = _lone_ranked(term, symbols, keys[0][at].tolist(), kinds, limit, ceiling)
            page = [_hit(symbol, len(TIERS) - tier + 1 / (2 + rank), reason) for symbol, tier, rank, reason in ranked]
            whole = taken == len(rows)
            if whole and every:
                return page
            if len(ranked) == limit and ranked[-1][1] <= ceiling:
                if whole:
                    return page
                last = order[taken - 1]
                if (ranked[-1][1], *_order(ranked[-1][0])[:_KEYS]) <= (int(keys[0][last]), *self._bound(rows[taken_at[last]])):
                    return page
            if whole or int(keys[0][order[taken - 1]]) > ceiling:
                return None  # more rows of these rank after the ones a page would need
            size *= PAGE_ROWS_GROWTH

    def _bound(self, row: int) -> tuple[object, ...]:
        """The first :data:`_KEYS` fields of :func:`_order` of the symbol at a row."""
        return _order(self._symbols_at(np.array([row], np.int64))[0])[:_KEYS]

    def _kind_ids(self, kinds: Sequence[str]) -> np.ndarray:
        """The string ids of the kinds named (those some symbol has)."""
        kind_ids = unique(self._kind_column)
        return np.array([k for k, kind in zip(kind_ids.tolist(), self._table.words(kind_ids)) if kind in kinds], np.int64)

    def _rank_keys(self, rows: np.ndarray) -> list[np.ndarray]:
        """The first :data:`_KEYS` fields of :func:`_order` of the symbols at ``rows``, read from
        the table's columns (the path by its place in path order)."""
        every = np.arange(len(rows), dtype=np.int64)
        return [field(every) for field in self._key_fields(rows)]

    def _key_fields(self, rows: np.ndarray, lengths: np.ndarray | None = None) -> list[Field]:
        """The fields of :meth:`_rank_keys`, each read for the positions (in ``rows``) asked: a
        partial word's page orders only the rows that can lead it (:func:`_leading`). ``lengths``:
        the rows' names' lengths where known."""
        table = self._table
        path_rank = self._path_rank
        ends = np.asarray(table.ends, np.int64)

        def files(at: np.ndarray) -> np.ndarray:
            found: np.ndarray = np.searchsorted(ends, rows[at], side="right")  # an array: ``at`` is one
            return found

        def kind_rank(at: np.ndarray) -> np.ndarray:
            kind_ids, kind_of = unique_inverse(self._kind_column[rows[at]])
            return np.array([KIND_RANK.get(kind or "", 0) for kind in table.words(kind_ids)], np.int64)[kind_of]

        def length(at: np.ndarray) -> np.ndarray:
            return lengths[at] if lengths is not None else _measures(table.strings, self._name_column[rows[at]])[0]

        def depth(at: np.ndarray) -> np.ndarray:  # the rows' cells, not the column
            return _measures(table.strings, np.asarray(table.column(1)[rows[at]], np.int64))[1]

        return [lambda at: self._files_demoted(files(at)).astype(np.int64), kind_rank, length, depth,
                lambda at: path_rank[files(at)], lambda at: np.asarray(table.column(3)[rows[at]], np.int64)]

    @cached_property
    def _path_rank(self) -> np.ndarray:
        """Each file's place in path order."""
        paths = self._table.paths
        if sorted(paths) == paths:  # stored in path order (one pass: a sorted list is a single run)
            return np.arange(len(paths), dtype=np.int64)
        rank = np.empty(len(paths), np.int64)
        rank[sorted(range(len(paths)), key=paths.__getitem__)] = np.arange(len(paths))
        return rank

    @cached_property
    def _demotion(self) -> tuple[np.ndarray, np.ndarray, list[bool]]:
        """Per file, whether :meth:`_files_demoted` has told it yet and what it told; and whether
        it has told every file."""
        count = len(self._table.paths)
        return np.zeros(count, bool), np.zeros(count, bool), [count == 0]

    def _files_demoted(self, files: np.ndarray) -> np.ndarray:
        """Whether each of these files (positions in the table's paths) is demoted
        (:func:`is_demoted`), told once a file and only for the files a question's candidates lie
        in (every path of 100,000 files took 33 ms of each structural question, ``def helper_31337``
        asks of one), or of every file at once when they are most of them (``helper``'s 98,000
        names: the ranking asks again and again)."""
        known, demoted, every = self._demotion
        if not every[0]:
            asked = np.zeros(len(known), bool)
            asked[files] = True
            unknown = np.flatnonzero(asked & ~known)  # each file once, ascending (np.unique sorted 98,000: 44 ms)
            paths = self._table.paths
            if 2 * len(unknown) > len(paths):
                demoted[:] = _demoted(paths)
                every[0] = True  # after the values: a reader that finds a file told reads its value
            elif len(unknown):
                demoted[unknown] = _demoted([paths[i] for i in unknown.tolist()])
                known[unknown] = True
        told: np.ndarray = demoted[files]
        return told

    def _symbols_at(self, rows: np.ndarray) -> list[Symbol]:
        """The symbols at rows of the table (ascending), as :meth:`SymbolColumns.named` makes them;
        many are made in slices, the search's checkpoint asked between them (:func:`check_stage`:
        a partial word's round made thousands, 20-40 ms, with no way to give it up)."""
        if len(rows) > SYMBOLS_A_SLICE:
            made: list[Symbol] = []
            for at in range(0, len(rows), SYMBOLS_A_SLICE):
                check_stage()
                made += self._symbols_at(rows[at : at + SYMBOLS_A_SLICE])
            return made
        table = self._table
        records = decode_records(table.table[rows], SCHEMAS[2], table.strings)
        files = np.searchsorted(table.ends, rows, side="right").tolist()
        return [stored_symbol(table.paths[f], r) for f, r in zip(files, records)]

    def described(self, stems: Sequence[str], kinds: Sequence[str], limit: int, fresh: bool = False) -> list[Hit]:
        """:meth:`StructuralRetriever._sentence` over every definition of the repository, from the
        name words' postings and weights kept with their counts (:class:`NameStats`): only the
        definitions that can be on the page are made (a question with a stem in 8,300 names of a
        100,000-file repository made each, and every table over them: 0.3 s)."""
        stats = self.stats(fresh)
        found = stats.postings(list(dict.fromkeys(stems)))
        if not found:
            return []
        names = np.concatenate([posting for _, posting, _ in found])
        weights = np.concatenate([np.full(len(posting), idf) for _, posting, idf in found])
        names, inverse = unique_inverse(names)
        covered = np.bincount(inverse, weights=weights)  # in the stems' order, as the engine over every symbol adds them
        said = np.bincount(inverse)
        weighed = stats.weights(names)
        if weighed is None:  # the kept counts are damaged: counted again (counted here, they are whole)
            return [] if fresh else self.described(stems, kinds, limit, fresh=True)
        share = covered / weighed
        keep = (share >= MIN_NAME_COVERAGE - 1e-9) & (said >= min(MIN_NAME_STEMS, len(found)))
        if not keep.any():
            return []  # no name says enough of the sentence (most shards of a workspace: 100 us each before)
        names, scores = names[keep], (covered * share)[keep]
        rows = self._rows_named(names)
        row_names = self._name_column[rows]
        kind_ids, kind_of = unique_inverse(self._kind_column[rows])
        allowed = np.array([KIND_RANK.get(kind or "", 0) == 0 and (not kinds or kind in kinds)
                            for kind in self._table.words(kind_ids)], bool)  # per kind id (np.isin: 30 us)
        row_scores = scores[np.searchsorted(names, row_names[allowed[kind_of]])]
        if not len(row_scores):
            return []
        best = names[scores >= WORDS_KEPT * row_scores.max()]
        score_of = dict(zip(names.tolist(), scores.tolist()))
        wanted = set(stems)
        chosen = [(symbol, score_of[name]) for symbol, name in self._named_with_ids(best)
                  if KIND_RANK.get(symbol.kind, 0) == 0 and (not kinds or symbol.kind in kinds)]
        chosen.sort(key=lambda pair: (-pair[1], _order(pair[0])))
        hits = []
        for symbol, score in chosen[:limit]:
            matched = [s for s in dict.fromkeys(name_stems(symbol.name)) if s in wanted]
            hits.append(_hit(symbol, score, "name words " + "+".join(matched)))
        return hits

    def _named_with_ids(self, names: np.ndarray) -> list[tuple[Symbol, int]]:
        """The symbols named with these string ids, each with its name's id."""
        symbols = self._table.named(names)
        return list(zip(symbols, self._name_column[self._rows_named(names)].tolist()))  # named lists them in row order too

    def siblings(self, sources: Sequence[Symbol], limit: int) -> list[Hit]:
        """:meth:`StructuralRetriever.siblings`, over the symbols of the names most like the first source's."""
        if not sources:
            return []
        return self._over([], [], spellings=[self._likely_siblings(sources[0].name)]).siblings(sources, limit)

    def _likely_siblings(self, source: str) -> np.ndarray:
        """The spelling ids of the names :meth:`StructuralRetriever.siblings` scores for a source
        name: those sharing one of its parts, the :data:`MAX_SIBLING_NAMES` most alike (a part such
        as ``helper`` is in 98,000 names of a 100,000-file repository: names are compared, no
        symbol is made)."""
        parts = name_parts(source)
        if not all(part.isascii() for part in parts):
            return unique(self._name_column)
        table = self._table.definitions
        positions = [table.matching(re.compile(re.escape(part.encode()))) for part in set(parts)]
        ids = table.spellings_of(unique(np.concatenate(positions)) if positions else np.zeros(0, np.int64))
        wanted = set(parts)
        alike = [(name, i, name_similarity(parts, name_parts(name))) for name, i in zip(self._table.words(ids), ids.tolist())
                 if name and wanted.intersection(name_parts(name))]
        alike.sort(key=lambda item: (-item[2], item[0]))
        return np.array([i for _, i, _ in alike[:MAX_SIBLING_NAMES]], np.int64)

    def _over(self, exact: Iterable[str], patterns: list[re.Pattern[bytes]], stats: NameStats | None = None,
              spellings: Sequence[np.ndarray] = ()) -> StructuralRetriever:
        """A retriever over the symbols named one of ``exact`` (case-folded), matched by a pattern,
        or with one of the ``spellings`` (string ids)."""
        table = self._table.definitions
        found = [n for n in (table.find(key) for key in set(exact)) if n is not None]
        distinct = {(p.pattern, p.flags): p for p in patterns}.values()  # a target and a text often make the same
        arrays = [np.array(found, np.int64)] + [table.matching(p, _lead(p), _key_start(p)) for p in distinct]
        positions = unique(np.concatenate(arrays))
        ids = unique(np.concatenate([table.spellings_of(positions), *spellings]))
        return StructuralRetriever(self._table.named(ids), stats)

    def _every(self) -> list[Symbol]:
        """Every symbol (a question no pattern can narrow)."""
        return self._table.named(unique(self._name_column))


def _lead(pattern: re.Pattern[bytes]) -> bytes | None:
    """The letter or digit a pattern anchored to a name's start needs first, after separators only
    (the prefix and camel-hump patterns of :func:`_term_patterns`); ``None`` for any other."""
    head = b"\x00" + _SEP
    source = pattern.pattern
    if not source.startswith(head) or len(source) <= len(head):
        return None
    first = source[len(head) : len(head) + 1]
    return first if first.isdigit() or first.islower() else None


def _exact_keys(names: Iterable[str]) -> list[str]:
    """The case-folded names whose symbols a lookup of ``names`` may return: each name, its last
    part (a qualified name's symbols are named so), its parts."""
    keys: set[str] = set()
    for name in names:
        name = name.strip().strip("`").removesuffix("()")
        parts = qualifier_parts(name)
        keys.update(n.casefold() for n in [name, *parts] if n)
    return list(keys)


def _spellable(term: str, count: Callable[[bytes], int]) -> bool:
    """Whether some name may match a question's term (or stem) in a tier the patterns stand for:
    ``False`` when a letter outside ASCII that every such tier needs (in the term's key, and in its
    camel-hump segments) occurs in no case-folded name (``café`` in sympy). Every tier but the exact
    and qualified ones (found by their keys, not by patterns) needs each letter of the key, up to
    case, and the names are stored case-folded letter by letter: such a term matches no name, and a
    term outside ASCII made every symbol (1.7 s on sympy) to find none."""
    if term.isascii():  # its key too (a question's every word, on every shard of a workspace: 2 us each)
        return True
    key = normalize(term)
    if key.isascii():
        return True
    humps = "".join(_hump_query(term)).lower()
    return all(count(letter.casefold().encode("utf-8", "surrogatepass")) > 0
               for letter in set(key) if not letter.isascii() and letter in humps)


def _term_patterns(terms: Sequence[str], count: Callable[[bytes], int],
                   longest: int | None = None) -> list[re.Pattern[bytes]] | None:
    """Patterns over the case-folded names covering every tier's matches of the question's terms
    (``None`` when a term is not ASCII: no pattern is then sure to cover its matches); ``count``
    tells how often a string occurs among the names. A key, subtoken or term longer than the
    ``longest`` name can match none (every tier needs all of its letters in one name), so it makes
    no pattern (a million-character name asked for compiled a million-step pattern)."""
    if not terms:
        return []
    if not all(term.isascii() for term in terms):
        return None
    keys, tokens, humps = _question_parts(tuple(terms))
    def fits(text: str) -> bool:
        return longest is None or len(text) <= longest

    patterns: list[re.Pattern[bytes]] = []
    for key in filter(fits, keys):  # exact, case-insensitive and prefix tiers: the key's characters from a
        if key:  # name's start; fuzzy: the key's characters in order anywhere in one name
            patterns.append(_key_pattern(key))
        if len(key) >= MIN_FUZZY:
            patterns.append(_fuzzy_pattern(key))
    if tokens and all(fits(t) for t in tokens):  # subtokens: the names holding the rarest are enough
        # (the others are checked again); one longer than every name: no name holds them all
        patterns.append(_rarest(tokens, count))
    # camel humps: the segments in order, the first at the start
    return patterns + [_hump_pattern(segments) for segments in humps if fits("".join(segments))]


def _question_parts(terms: tuple[str, ...]) -> tuple[list[str], tuple[str, ...], list[tuple[str, ...]]]:
    """What :func:`_term_patterns` makes of the terms alone, whatever the names: their keys, their
    subtokens and their camel-hump segments (of two or more)."""
    found = _terms(terms)
    keys = [normalize(t) for t in found.singles] + ([found.joined] if found.joined else [])
    humps = [segments for segments in map(_hump_query, found.singles) if len(segments) >= 2]
    return keys, tuple(t for t in found.subtokens if t), humps


@lru_cache(maxsize=QUESTIONS_KEPT)
def _key_pattern(key: str) -> re.Pattern[bytes]:
    """The names starting with a key but for separators (exact, case-insensitive, prefix tiers)."""
    return re.compile(_key_source(key))


def _key_source(key: str) -> bytes:
    """The source of :func:`_key_pattern`: the key's characters from a name's start, separators between."""
    return b"\x00" + _SEP + _SEP.join(re.escape(c.encode()) for c in key)


def _key_start(pattern: re.Pattern[bytes]) -> bytes | None:
    """The key of a :func:`_key_pattern` (its UTF-8 bytes), ``None`` for any other pattern: every
    name starting with those bytes matches it, no separator between, so
    :meth:`~maguyva_tui.core.store.definitions.Definitions.matching` takes them as one run of the
    sorted names, unsearched."""
    source = pattern.pattern
    head = b"\x00" + _SEP
    if not source.startswith(head) or len(source) == len(head):
        return None
    key = "".join(re.sub(rb"\\(.)", rb"\1", piece, flags=re.S).decode("utf-8", "surrogatepass")
                  for piece in source[len(head):].split(_SEP))
    return key.encode("utf-8", "surrogatepass") if _key_source(key) == source else None


@lru_cache(maxsize=QUESTIONS_KEPT)
def _fuzzy_pattern(key: str) -> re.Pattern[bytes]:
    """The names holding a key's characters in order (fuzzy tier)."""
    pattern = re.compile(re.escape(key[0].encode()) + b"".join(
        rb"[^\x00" + re.escape(c.encode()) + rb"]*+" + re.escape(c.encode()) for c in key[1:]))
    if key.isascii() and "\x00" not in key:  # it matches only inside one name: name by name is the same
        if len(_FUZZY_KEYS) >= 4 * QUESTIONS_KEPT:
            _FUZZY_KEYS.clear()
        _FUZZY_KEYS[pattern.pattern] = key
    return pattern


_FUZZY_KEYS: dict[bytes, str] = {}
"""The key of each fuzzy pattern made lately, by its source (:meth:`MappedStructural._matching`
finds its names by :meth:`~maguyva_tui.core.store.definitions.Definitions.holding_in_order`)."""


@lru_cache(maxsize=QUESTIONS_KEPT)
def _fuzzy_from_start(key: str) -> re.Pattern[bytes]:
    """:func:`_fuzzy_pattern` matched from a name's start, once: the key's first letter at its
    first place in the name, each next letter at its first place after (a subsequence is found so
    or not at all; a search tries every place of the first letter)."""
    return re.compile(rb"[^\x00" + re.escape(key[0].encode()) + rb"]*+" + _fuzzy_pattern(key).pattern)


@lru_cache(maxsize=QUESTIONS_KEPT)
def _hump_pattern(segments: tuple[str, ...]) -> re.Pattern[bytes]:
    """The names holding camel-hump segments in order, the first at the start. Each later segment is
    taken at its first place after the one before, in an atomic group (the earliest end leaves the
    most room, so a name matches so or not at all): lazy gaps that could backtrack took time
    exponential in the segments ("AaAaAaAaAaAaAaAaAaAaAaAaB" against a name of 60 a's: minutes)."""
    head, *rest = (re.escape(seg.encode()) for seg in segments)
    return re.compile(b"\x00" + _SEP + head + b"".join(rb"(?>[^\x00]*?" + seg + b")" for seg in rest))


@lru_cache(maxsize=QUESTIONS_KEPT)
def _literal(token: str) -> re.Pattern[bytes]:
    """The names holding a subtoken."""
    return re.compile(re.escape(token.encode()))


def _rarest(tokens: Sequence[str], count: Callable[[bytes], int]) -> re.Pattern[bytes]:
    """The pattern of the subtoken fewest names hold (the longest of those as rare)."""
    return _literal(min(tokens, key=lambda t: (count(t.encode()), -len(t))))


def _near_patterns(terms: Sequence[str], count: Callable[[bytes], int],
                   longest: int) -> tuple[list[re.Pattern[bytes]], re.Pattern[bytes] | None] | None:
    """Patterns over the case-folded names for :meth:`MappedStructural._page`: those of the names
    equal to a term's key but for separators (with the names of the exact keys, every name of the
    first three tiers), and the one of the names holding the rarest subtoken (every name of the
    subtokens tier; ``None`` when no name can hold them all). ``None`` when a term is not ASCII."""
    if not all(term.isascii() for term in terms):
        return None
    found = _terms(terms)
    keys = {key for key in [normalize(t) for t in found.singles] + ([found.joined] if found.joined else [])
            if len(key) <= longest}
    whole = [_whole_pattern(key) for key in sorted(keys)]
    tokens = [t for t in found.subtokens if t]
    if not tokens or any(len(t) > longest for t in tokens):
        return whole, None
    return whole, _rarest(tokens, count)


@lru_cache(maxsize=QUESTIONS_KEPT)
def _whole_pattern(key: str) -> re.Pattern[bytes]:
    """The names equal to a key but for separators (:func:`_near_patterns`)."""
    return re.compile(b"\x00" + _SEP_ONCE + b"".join(re.escape(c.encode()) + _SEP_ONCE for c in key) + b"(?=\x00)")


def _name_weights(pair_name: np.ndarray, pair_stem: np.ndarray, idf: list[float], names: int) -> np.ndarray:
    """Each name's weight, its stems' idf summed exactly (``math.fsum``; at least 1e-9), from the
    (name, stem) pairs sorted by name: one or two stems in numpy (one addition is exact to the
    last bit, as ``fsum`` is), more one name at a time."""
    held = np.bincount(pair_name, minlength=names)
    first = np.concatenate([[0], np.cumsum(held)[:-1]]).astype(np.int64)
    of = np.asarray(idf, np.float64)
    weights = np.zeros(names, np.float64)
    one, two = np.flatnonzero(held == 1), np.flatnonzero(held == 2)
    weights[one] = of[pair_stem[first[one]]]
    weights[two] = of[pair_stem[first[two]]] + of[pair_stem[first[two] + 1]]
    many = np.flatnonzero(held > 2)
    each = of[pair_stem].tolist()
    weights[many] = [math.fsum(each[at : at + size]) for at, size in zip(first[many].tolist(), held[many].tolist())]
    return np.maximum(weights, 1e-9)


def _name_parts(names: list[str]) -> tuple[np.ndarray, list[str]]:
    """Every part of every name (:func:`~maguyva_tui.core.names.split_identifier`), with the index
    of its name: the ASCII names by one pass over them all (a part never spans an underscore or
    the NUL between two names, so the splitting pattern finds each name's parts in the names
    joined), the others one by one (330,000 names one by one: 2 s; the 50,000 of them not in
    lowercase one by one: 1 s)."""
    joined = "\0".join(names)
    others: set[int] = set()
    if not joined.isascii():
        others = set(np.searchsorted(_name_ends(names), np.fromiter(
            map(re.Match.start, _NOT_ASCII.finditer(joined)), np.int64), side="right").tolist())
        joined = "\0".join("" if i in others else name for i, name in enumerate(names))
    found = _PARTS.findall(joined)
    ends = np.fromiter(map("\0".__eq__, found), bool, len(found))
    name_at = np.cumsum(ends)[~ends]
    parts = list(filter("\0".__ne__, found))
    flat = "\1".join(parts).lower().split("\1") if parts else []  # ASCII: lowered together as one by one
    if not others:
        return name_at, flat
    split = split_identifier.__wrapped__  # every name once: its cache would only churn
    extra = [(i, part) for i in sorted(others) for part in split(names[i])]
    return (np.concatenate([name_at, np.array([i for i, _ in extra], np.int64)]),
            flat + [part for _, part in extra])


def _name_ends(names: list[str]) -> np.ndarray:
    """Where each name ends in the names joined by NULs (the position of its NUL)."""
    return np.cumsum(np.fromiter(map(len, names), np.int64, len(names)) + 1) - 1


_PARTS = re.compile(ASCII_PART_PATTERN + r"|\0")
"""A name's parts (:data:`~maguyva_tui.core.names.ASCII_PART_PATTERN`) or the NUL that ends it, in
ASCII names joined."""
_NOT_ASCII = re.compile(r"[^\x00-\x7f]")
_NOT_LOWER = re.compile(r"[^a-z0-9_\0]")
"""A name of lowercase ASCII letters, digits and underscores has no other character: its parts
are its runs of letters and of digits (:func:`~maguyva_tui.core.names.split_identifier`)."""


def _demoted(paths: Sequence[str]) -> np.ndarray:
    """:func:`is_demoted` of each path, asked only of the paths holding one of :data:`_DEMOTED_HINTS`
    in any case (found in one pass over them all: :func:`_hints`; a pass a hint cost 100,000 paths
    24 ms) and of those not in ASCII (100,000 paths one by one: 0.3 s)."""
    text = "\0".join(paths)
    pieces = paths if text.isascii() else [path if path.isascii() else "" for path in paths]
    if pieces is not paths:
        text = "\0".join(pieces)
    asked = set() if pieces is paths else {i for i, piece in enumerate(pieces) if not piece and paths[i]}
    at = [match.start() for match in _hints().finditer(text.encode("ascii"))]
    if at:  # a hint holds no NUL: each match lies in one path, and every path holding a hint has one
        starts = np.cumsum(np.fromiter(map(len, pieces), np.int64, len(pieces)) + 1)
        asked.update(np.searchsorted(starts, np.array(at, np.int64), side="right").tolist())
    demoted = np.zeros(len(paths), bool)
    for i in asked:
        demoted[i] = is_demoted(paths[i])
    return demoted


_HUMP_TIER = TIERS.index("camel-hump")
_FUZZY_TIER = TIERS.index("fuzzy")


def _prefix_patterns(term: str, count: Callable[[bytes], int], longest: int) -> list[re.Pattern[bytes]]:
    """The patterns of :func:`_term_patterns` for a lone word's first five tiers: the names
    starting with its key but for separators (exact, case-insensitive, prefix) and those holding
    its rarest subtoken."""
    found = _terms((term,))
    key = normalize(term)
    patterns = [_key_pattern(key)] if key and len(key) <= longest else []
    tokens = [t for t in found.subtokens if t]
    if tokens and all(len(t) <= longest for t in tokens):
        patterns.append(_rarest(tokens, count))
    return patterns


def _picked(strings: Strings, ids: np.ndarray) -> list[str] | None:
    """:meth:`Strings.pick` of many string ids at once: their bytes gathered in numpy and decoded
    together (98,000 names one by one: 0.17 s); ``None`` when an id names no string, a string
    holds a NUL or its bytes do not decode (names that the bulk passes cannot join)."""
    offsets = np.asarray(strings._offsets, np.int64)
    if not len(ids) or int(ids.min()) < 1 or int(ids.max()) >= len(offsets):
        return None if len(ids) else []
    starts = offsets[ids - 1]
    sizes = offsets[ids] - starts  # each string's bytes and the NUL after it
    at = np.repeat(starts - np.cumsum(sizes) + sizes, sizes) + np.arange(int(sizes.sum()))
    try:
        parts = np.frombuffer(strings._blob, np.uint8)[at].tobytes().decode("utf-8", "surrogatepass").split("\0")
    except UnicodeDecodeError:
        return None
    return parts[:-1] if len(parts) == len(ids) + 1 else None


def _lone(words: Sequence[str]) -> bool:
    """Whether a question's words are one ASCII name, unqualified, with subtokens
    (:meth:`MappedStructural._lone_page`)."""
    return (len(words) == 1 and words[0].isascii() and qualifier_parts(words[0]) == [words[0]]
            and bool(split_identifier(words[0])))


def _lone_tiers(term: str, names: list[str], exact: int) -> np.ndarray:
    """The best tier in which each name matches a lone word, told from the name alone, as
    :meth:`StructuralRetriever._tiers` finds it, for the tiers down to ``exact``; a name of none
    of those gets ``exact + 1`` (it may match in a lower tier, or not at all). The exact
    qualname tier is the exact name's, for a word without a dot. In bulk: the names of ASCII
    letters, digits and underscores are normalized together, the subtokens and hump initials of
    those in lowercase read from their runs of letters and digits; the others one by one."""
    spelled = names
    count = len(spelled)
    joined = "\0".join(spelled)
    ends = _name_ends(spelled)
    norms = joined.replace("_", "").lower().split("\0")
    for i in _names_at(ends, _NOT_PLAIN, joined):
        norms[i] = normalize(spelled[i])
    lower = np.ones(count, bool)  # names of lowercase letters, digits and underscores: subtokens are runs
    lower[list(_names_at(ends, _NOT_LOWER, joined))] = False
    key = normalize(term)
    found: list[tuple[int, np.ndarray]] = [(0, np.fromiter(map(term.__eq__, spelled), bool, count)),
                                           (2, np.fromiter(map(key.__eq__, norms), bool, count)),
                                           (SUBTOKEN_TIER, _all_held(term, spelled, norms, joined, ends, lower))]
    if len(key) >= MIN_PREFIX:
        found.append((SUBTOKEN_TIER + 1, np.fromiter(map(str.startswith, norms, repeat(key)), bool, count)))
    if exact >= _HUMP_TIER:
        found.append((_HUMP_TIER, _humped(term, spelled, norms, lower, joined)))
    if exact >= _FUZZY_TIER and len(key) >= MIN_FUZZY:
        found.append((_FUZZY_TIER, np.fromiter(map(bool, map(_subsequence(key).match, norms)), bool, count)))
    tier = np.full(count, exact + 1, np.int8)
    for level, hit in reversed(found):  # the best tier last, so it stands
        if level <= exact:
            tier[hit] = level
    return tier


def _lone_ranked(term: str, symbols: Sequence[Symbol], tiers: Sequence[int], kinds: Sequence[str], limit: int,
                 ceiling: int) -> list[tuple[Symbol, int, int, str]]:
    """:meth:`StructuralRetriever._ranked` of a lone word (:func:`_lone`) over ``symbols``, each
    of whose best tier, down to ``ceiling``, is known (``tiers``, told by :func:`_lone_tiers`; a
    symbol of a tier below is on no page): ``(symbol, tier, rank in the tier, reason)``, by tier,
    then :func:`_order`, then as given, each tier's reason as its table gives it. A small engine
    built over the symbols to rank them cost a third of a lone word's page (its tables, each
    name's letters for the fuzzy tier), on every shard of a workspace."""
    key = normalize(term)
    reasons = {0: "exact name", 1: "exact qualname", SUBTOKEN_TIER: "subtokens " + "+".join(_terms([term]).subtokens),
               SUBTOKEN_TIER + 1: f"prefix {key}", _HUMP_TIER: f"camel-hump {term}", _FUZZY_TIER: f"fuzzy {key}"}
    ranked: list[tuple[Symbol, int, int, str]] = []
    rank, last = 0, -1
    for i in sorted(range(len(symbols)), key=lambda i: (tiers[i], _order(symbols[i]))):
        tier, symbol = tiers[i], symbols[i]
        if tier > ceiling or len(ranked) == limit:
            break
        if kinds and symbol.kind not in kinds:
            continue
        rank, last = (rank + 1 if tier == last else 0), tier
        ranked.append((symbol, tier, rank, reasons.get(tier) or _insensitive_reason(term, symbol.name)))
    return ranked


def _insensitive_reason(term: str, name: str) -> str:
    """The reason :meth:`StructuralRetriever._insensitive` gives a name equal to a lone word's key."""
    return "case-insensitive name" if name.lower() == term.lower() else "same words " + "+".join(split_identifier(name))


def _names_at(ends: np.ndarray, pattern: re.Pattern[str], joined: str) -> set[int]:
    """The names (indices) in which a one-character pattern occurs, in names joined by NULs (a
    character class of :data:`_CLASSES` over ASCII names: told in numpy, byte by byte; a match
    object each uppercase letter of CamelCase names cost ~1 ms a shard for 185 of sympy's)."""
    outside = _CLASSES.get(pattern)
    if outside is not None and joined.isascii():
        found = np.flatnonzero(outside[np.frombuffer(joined.encode("ascii"), np.uint8)])
    else:
        found = np.fromiter(map(re.Match.start, pattern.finditer(joined)), np.int64)
    return set(np.searchsorted(ends, found).tolist())


def _outside(pattern: re.Pattern[str]) -> np.ndarray:
    """Per ASCII byte, whether a one-character pattern matches it."""
    return np.array([pattern.fullmatch(chr(byte)) is not None for byte in range(128)], bool)


def _all_held(term: str, names: list[str], norms: list[str], joined: str, ends: np.ndarray,
              lower: np.ndarray) -> np.ndarray:
    """Which names hold every subtoken of a word among theirs
    (:meth:`StructuralRetriever._all_subtokens`): a lowercase name's subtokens are its runs of
    letters and of digits, found by one search a subtoken over them all; the others are split one
    by one (only those holding every subtoken's letters)."""
    tokens = tuple(dict.fromkeys(split_identifier(term)))
    out = np.zeros(len(names), bool)
    if not tokens:
        return out
    held = np.zeros(len(names), np.int64)
    for token in tokens:
        run = "0-9" if token.isdigit() else "a-z"
        boundary = re.compile(f"(?<![{run}]){re.escape(token)}(?![{run}])")
        held[list(_names_at(ends, boundary, joined))] += 1
    out[lower & (held == len(tokens))] = True
    wanted = set(tokens)
    for i in np.flatnonzero(~lower).tolist():
        if all(token in norms[i] for token in tokens):
            out[i] = wanted.issubset(split_identifier(names[i]))
    return out


def _humped(term: str, names: list[str], norms: list[str], lower: np.ndarray, joined: str | None = None) -> np.ndarray:
    """Which names match a term's camel humps (:meth:`StructuralRetriever._camel_humps`): their
    humps' initials start with the term's, each segment starting a subtoken in order. A lowercase
    name's initials are the first characters of its runs of letters and digits, read in numpy."""
    segments = _hump_query(term)
    out = np.zeros(len(names), bool)
    if len(segments) < 2:
        return out
    initials = "".join(segment[0] for segment in segments)
    asked = np.flatnonzero(~lower).tolist()
    plain = np.flatnonzero(lower)
    if len(plain) and initials.isascii() and "\0" not in initials:
        text = joined if joined is not None and len(plain) == len(names) else "\0".join(names[i] for i in plain.tolist())
        raw = np.frombuffer((text + "\0").encode("ascii"), np.uint8)
        kind = np.zeros(len(raw) + 1, np.uint8)  # 1 a letter, 2 a digit, 0 else; a byte each, after a 0
        kind[1:] = ((raw - np.uint8(97)) < 26).view(np.uint8) + 2 * ((raw - np.uint8(48)) < 10).view(np.uint8)
        mark = (kind[1:] != kind[:-1]) & (kind[1:] > 0)  # the first byte of each run
        want = np.frombuffer(initials.encode("ascii"), np.uint8)
        # each name's initials after a NUL, in one array (padded): a name is asked when the bytes
        # after its NUL are the term's initials (one gather a letter of them, among the names left)
        seq = np.concatenate([np.zeros(1, np.uint8), raw[mark | (raw == 0)], np.zeros(len(want), np.uint8)])
        heads = np.flatnonzero(seq == 0)[: len(plain)]
        held = np.arange(len(plain))
        for at, byte in enumerate(want.tolist()):
            held = held[seq[heads[held] + 1 + at] == byte]
        asked += plain[held].tolist()
    else:
        asked += plain.tolist()
    for i in asked:
        if norms[i].startswith(segments[0]) and all(segment in norms[i] for segment in segments[1:]):
            parts = split_identifier(names[i])
            out[i] = hump_initials(names[i]).startswith(initials) and matches_humps(segments, parts)
    return out


_NOT_PLAIN = re.compile(r"[^A-Za-z0-9_\0]")
"""A character that :func:`~maguyva_tui.core.names.normalize` does not merely drop or lowercase."""
_CLASSES: dict[re.Pattern[str], np.ndarray] = {p: _outside(p) for p in (_NOT_LOWER, _NOT_PLAIN)}
"""The one-character patterns :func:`_names_at` tells byte by byte in ASCII names."""


def _tie_closed(keys: list[np.ndarray], order: np.ndarray, size: int) -> int:
    """How many of the rows in ``order`` to take for the first ``size``: more while they tie with
    the last taken on every key (the rows left out then rank strictly after every row taken)."""
    if size >= len(order):
        return len(order)
    rest = order[size:]
    last = order[size - 1]
    differ = np.zeros(len(rest), bool)
    for key in keys:
        differ |= key[rest] != key[last]
    after = np.flatnonzero(differ)
    return size + (int(after[0]) if len(after) else len(rest))


Field: TypeAlias = Callable[[np.ndarray], np.ndarray]
"""A sort key of some rows, read for the positions (among them) asked."""


def _leading(fields: Sequence[Field], count: int, size: int) -> tuple[np.ndarray, list[np.ndarray]]:
    """The positions (ascending) of the ``count`` rows that a stable sort by ``fields`` puts first,
    ``size`` of them and every row tying with the last of those on every key (what
    :func:`_tie_closed` takes), with their keys: each key is read only for the rows tying on the
    keys before it at the ``size``-th row's values (a partial word's 98,000 rows sorted by six
    keys, each key read for every row, to take 456 of them)."""
    every = np.arange(count, dtype=np.int64)
    if size >= count:
        return every, [field(every) for field in fields]
    sure, tied, need = [], every, size  # rows before the size-th by the keys read so far; those tying with it
    for field in fields:
        if len(tied) <= need:
            break  # every row tying so far is taken
        values = field(tied)
        bound = _nth(values, need)
        before = values < bound
        sure.append(tied[before])
        need -= int(np.count_nonzero(before))
        tied = tied[values == bound]
    taken = np.sort(np.concatenate([*sure, tied]))
    return taken, [field(taken) for field in fields]


def _nth(values: np.ndarray, n: int) -> int:
    """The ``n``-th smallest of some integers (1-based): by counts where they span a narrow range
    (a flag, a kind's rank, a name's length: a partition of 98,000 of them, most equal, took 5 ms)."""
    low, high = int(values.min()), int(values.max())
    if high - low <= len(values):
        return low + int(np.searchsorted(np.cumsum(np.bincount(np.asarray(values, np.int64) - low)), n))
    return int(np.partition(values, n - 1)[n - 1])


def _last(keys: list[np.ndarray]) -> int:
    """The index of the last of some rows in a stable sort by ``keys``."""
    return int(np.lexsort(keys[::-1])[-1])


def _lengths(names: list[str]) -> np.ndarray:
    """The length in characters of each name (as :func:`_measures` counts them from the bytes)."""
    return np.fromiter(map(len, names), np.int64, len(names))


def _measures(strings: Strings, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The length in characters and the count of dots of each string id's string (0 for an id
    that names none), counted over their UTF-8 bytes (none decoded; a repeated id's bytes read
    again, cheaper for a page's few hundred than finding the distinct ones first), counted by
    integer bincounts of the places of continuation bytes and dots."""
    offsets = np.asarray(strings._offsets, np.int64)
    inside = (ids > 0) & (ids < len(offsets))
    last = np.where(inside, ids, 1)
    starts = np.where(inside, offsets[last - 1], 0)
    sizes = np.where(inside, offsets[last] - 1 - starts, 0)
    ends = np.cumsum(sizes)
    labels = np.repeat(np.arange(len(ids)), sizes)
    raw = np.frombuffer(strings._blob, np.uint8)[np.repeat(starts - ends + sizes, sizes) + np.arange(len(labels))]
    follow = np.bincount(labels[(raw & 0xC0) == 0x80], minlength=len(ids))
    return sizes - follow, np.bincount(labels[raw == ord(".")], minlength=len(ids))


def _stem_key(stem: str) -> str:
    """What every name spelling a stem holds: the stem, less a final ``i`` that stands for ``y``."""
    return stem[:-1] if stem.endswith("i") else stem
