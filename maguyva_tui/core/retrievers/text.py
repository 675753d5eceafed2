"""The text engine: trigram candidates, verified against the stored text, one hit per line.

Literal and regex searches are exact: every (file, line) that matches is found, and nothing
else, as ``rg -F`` / ``rg`` would report it. Verification runs on UTF-8 bytes with ``re2``
(linear time whatever the pattern) or ``bytes.find`` for case-sensitive literals.

Ranking inside the list is deterministic: whole-identifier matches, then word-boundary
matches, then substrings; within each, definition lines before mentions; then path and line.
A limited search of one identifier is served from the token index
(:mod:`~maguyva_tui.core.store.tokens`, which files hold each whole identifier): the files holding
it whole are read in that order, each until the page is full, and the files holding it only inside
longer names are never read for such a page; the page is always the whole list's first lines.
In a blend (``Query.word_votes``), free-text questions with no literal hit fall back to term
matching: lines scored by the summed rarity of the question's words they contain. Alone, the
engine lists exactly the lines holding the literal, as rg does.

In a blended search a question in plain words (at least :data:`PHRASE_WORDS` content words besides
its target: "session management", "extract the cookies from the response into a CookieJar") votes
by chunk instead of by line (:meth:`TextRetriever.sentence_hits`), with or without embeddings: BM25
of its words over every chunk's contents, both tokenized the code-aware way
(:mod:`~maguyva_tui.core.bm25`: identifiers split into words, stemmed), so of two sibling functions
of a file the one whose body holds the words ranks first. A chunk votes only where that evidence is
strong: it must hold at least :data:`MIN_BODY_STEMS` of the sentence's words, so a chunk that
shares one word with it (``AfterValidator`` for "after validation") is no vote.
"""

from __future__ import annotations

import math
import re
import threading
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import accumulate
from typing import NamedTuple, TypeAlias, overload

import numpy as np
import re2

from maguyva_tui.core import fusion
from maguyva_tui.core.bm25 import ChunkIndex, question_stems
from maguyva_tui.core.chunk_words import open_index
from maguyva_tui.core.fusion import demotion_for, secondary_demotion
from maguyva_tui.core.names import ASCII_NAME as _WORDS
from maguyva_tui.core.names import is_code_like
from maguyva_tui.core.parsing.chunks import smallest_chunk_at
from maguyva_tui.core.paths import path_kinds
from maguyva_tui.core.results import FileNewlines, file_newlines
from maguyva_tui.core.retrievers.like import like_hits
from maguyva_tui.core.retrievers.perl_classes import perl_class
from maguyva_tui.core.retrievers.structural import is_sentence
from maguyva_tui.core.similar import similar_target
from maguyva_tui.core.stopwords import TEXT_QUESTION as STOP_WORDS
from maguyva_tui.core.store.arrays import unique, unique_inverse
from maguyva_tui.core.store.definitions import Definitions, build_definitions
from maguyva_tui.core.store.facts_files import StoredRows
from maguyva_tui.core.store.file_table import DOC, LANGUAGE, LENGTH, OFFSET, FileTable
from maguyva_tui.core.store.place_blocks import block_size, resolve, resolve_held
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.store.tokens import IDENT_BYTES, MAX_TOKEN_BYTES, is_token
from maguyva_tui.core.trigram.plan import TQ, evaluate, literal_plan, regex_plan, string_query
from maguyva_tui.core.types import Chunk, Hit, Query, QueryError, check_stage, fast_constructor

MATCH_TIERS: dict[str, float] = {"whole identifier": 3.0, "word boundary": 2.0, "substring": 1.0}
"""Base score per match type: a whole-identifier match outranks any partial one."""

DEFINITION_BONUS = 0.5
"""Added when the line defines a symbol the match names: definitions before mentions."""

MAX_QUERY_BYTES = 64 * 1024
"""Longer queries are refused: nothing in a code base is worth a 64 KiB needle."""

TERM_LINES_PER_FILE = 3
"""Lines kept per file in term matching: fusion keeps one chunk per file, a few give it choice."""

MAX_ERROR_CHARS = 200
"""re2 quotes the pattern in its message; a long pattern must not make a long message."""

MAX_TERMS = 32
"""Words of a question looked up at most (the first ones): a pasted page must not cost a scan per word."""

TERM_MIN_LENGTH = 3
"""Words shorter than a trigram cannot use the index and say little in a question."""

SENTENCE_CHUNKS_PER_FILE = TERM_LINES_PER_FILE
"""Chunks of one file a sentence votes for at most, its best ones: a file's every function holding
a common word would push other files' functions down the list."""

MIN_BODY_STEMS = 2
"""A chunk votes for a sentence only when it holds at least this many of its words (all of them
when it has fewer): one word in common, however rare, is no evidence of what the sentence means
(``AfterValidator`` for "after validation"). Chosen on bench.nl_quality's half A, in the default
blend (static tier): 1 word -> NDCG@10 0.778 on semble's questions, docstring MRR@10 0.432; 2
words -> 0.786, 0.431; a share of the sentence's idf instead: 0.2 -> 0.782, 0.435, 0.35 -> 0.785,
0.414 (and alone, any share cost more than it saved)."""

PHRASE_WORDS = 2
"""Content words from which a question in plain words votes by chunk (a sentence, or a phrase:
"session management", "how are routes registered"); the structural engine asks for
:data:`~maguyva_tui.core.retrievers.structural.SENTENCE_WORDS` before it stops matching names by
their spelling, since two plain words often spell one (``parse config``)."""

_IDENT = IDENT_BYTES
"""An identifier's bytes, as the token index reads them: one definition of a whole identifier."""

_IDENTIFIERS = re.compile(rb"[A-Za-z0-9_$]+")
"""A run of :data:`_IDENT` bytes: a whole identifier, as the token index cuts the text."""
if frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$") != _IDENT:
    raise TypeError("the token index's identifier bytes changed: update text._IDENTIFIERS")

INNER_TOKENS_CROSSED = 4
"""A literal's inner identifiers whose files are crossed to prove none holds it, the rarest first
(each a search of the next's documents for those left): a sentence's rarest few decide."""

READ_BATCH = 8
"""Files a limited literal search reads before it first checks whether the page is settled (the
batch doubles each time): small enough that a frequent identifier stops after a few files, large
enough that the check costs little beside the reading."""

ENOUGH_CANDIDATES = 8
"""Candidate files below which a literal's trigrams are no longer intersected: reading a few more
files costs less than decoding the postings of a long identifier's every trigram."""

MAX_TOKENS_HOLDING = 4096
"""Occurrences of a literal among the tokens past which the token index no longer lists its files
(a letter or two, in most tokens of the repository: gathering their rows costs more than the
trigrams' candidates; sympy's tokens hold ``add`` about 600 times)."""

TOKEN_INDEX_FROM = 4 * READ_BATCH
"""Candidate files from which a limited search of one identifier is read by the token index: the
files holding it whole first, each until the page is full, else (the page needs partial matches)
each file's best match from the tokens before any is read. Fewer are read as they are, at once:
a rare name's few files cost less than a pass over the tokens, or than reading them twice when
their whole matches do not fill the page."""

LISTED_SHARE = 8
"""A literal held whole by at least one file in this many is placed in the listing order of every
file (made once per engine), not by sorting its files (:meth:`TextRetriever._listed_page`): that
order costs at most this many times what ordering its own files does, once."""

PLACED_ROWS = TOKEN_INDEX_FROM
"""Files (rows of the tokens holding a literal) up to which a limited search of one identifier is
listed from the token index's places, no file read (:meth:`TextRetriever._placed_listing`): a rare
name's lines, each file otherwise read whole to find them (sympy: 0.1-0.2 ms of such a page's 0.5)."""

FEW_PLACED = 128
"""Places up to which a few tokens' places are gathered as Python lists, not in numpy."""

FEW_SPANS = 8
"""Matches up to which :meth:`TextRetriever._span_rows` ranks a line's matches in Python
(:func:`_few_rows`), not by numpy's steps on arrays of so few."""
MANY_SPANS = 4096
"""Matches of a literal in one file past which only those that can be a line's best are kept
(:meth:`_Matcher.line_firsts`), not a tuple for each (a 1 MiB line: a million)."""
COUNTED_MATCHES = 8
"""Matches in a file a page has not shown up to which their lines are numbered by counting newlines
(:func:`_counted_lines`, a step in Python per match); past it, every newline of the file is found
at once and kept (a long list of lines in one file)."""

FEW_SITE_PLACES = 64
"""Places of a token in one file up to which its definition sites there are found as Python lists
(:func:`_few_site_places`), not in numpy."""

PLACED_MOST = 4096
"""Places of the tokens holding a literal past which its files are read as before (each place is a
line of some file, gathered and ranked together)."""

PER_FILE_NEWLINES = 64
"""Files with matches from which an exhaustive list (no limit) builds the newline index of the
whole stored text (once per process, 30 MB read on sympy) rather than read each file's own
newlines; a limited search always reads its files' own."""

DEFINERS_KEPT = 256
"""Names whose defining files a text engine remembers (its generation's table never changes)."""

NAME_CHECK_BYTES = 256
"""About the bytes of the defined names one ``find`` scans in the time it takes to search one name
on its own (sympy: 0.44 MB of names in 0.3-0.6 ms; a name alone about 1 µs): the names defined in
the files a literal is found inside longer names in are searched one by one while fewer than the
names' bytes over this, else every name once."""

FEW_NAMES = 4
FEW_SITES = 64
"""Names, and their definition sites, up to which a literal's sites are read as Python lists (its own
name's handful: a dozen numpy steps on so few cost 15-25 µs of every page)."""

_NAME_PARTS = re.compile(r"[\w$]+")


@dataclass(frozen=True, slots=True)
class LineMatch:
    """One matching line of one file."""

    path: str
    line: int
    match_type: str
    definition: bool
    start: int
    """Byte offset of the first match in the file."""

    @property
    def score(self) -> float:
        """The rank key: match type first, definitions second."""
        return MATCH_TIERS[self.match_type] + (DEFINITION_BONUS if self.definition else 0.0)


@dataclass(frozen=True, slots=True)
class _Definitions:
    """Every defined name of a snapshot, case-folded and sorted, with the sites defining each
    (:class:`~maguyva_tui.core.store.definitions.Definitions`: written at index time and mapped, or
    made in memory for a build not yet written), the paths its file positions index and the
    reader of its spelling ids (the names as written)."""

    table: Definitions
    paths: list[str]
    spellings: Callable[[np.ndarray], list[str | None]]

    def paths_defining(self, name: str, exact_case: bool = True) -> set[str]:
        """The files that define this name: exactly (case and all), or any name that case-folds
        to the same."""
        found = self.table.find(name.casefold())
        if found is None:
            return set()
        rows = self.table.rows(found)
        files = rows[:, 0].tolist()
        if not exact_case:
            return {self.paths[f] for f in files}
        return {self.paths[f] for f, spelled in zip(files, self.spellings(rows[:, 2])) if spelled == name}

    def sites(self, name: int) -> list[tuple[str, int]]:
        """Where one name (by position) is defined: (path, line) pairs."""
        rows = self.table.rows(name)
        return [(self.paths[f], ln) for f, ln in zip(rows[:, 0].tolist(), rows[:, 1].tolist())]


class _Defined:
    """Where a literal's names are defined, as sorted keys ``file << 32 | line`` (a file's position
    in path order, a 1-based line). A line defining one of the literal's own identifiers
    (``exact``) is a definition whatever its match; a line defining a longer name that holds the
    literal (``holding``: ``expand_mul``) only for a match inside a name, since a whole-word
    ``expand`` on the line ``def expand_mul(x): return expand(x)`` mentions ``expand``, it does not
    define it. So only the files of ``exact`` can hold a whole-identifier definition, the best
    line there is: they are the ones a limited search reads first. The names holding the literal
    are looked for when a match inside a name is first found (a rare identifier's matches are
    mostly whole: a search of every defined name saved)."""

    __slots__ = ("_among", "_at_lines", "_covered", "_holding", "_holding_keys", "_some", "exact_keys", "paths")

    def __init__(self, paths: list[str], exact_keys: np.ndarray, holding: Callable[[], np.ndarray],
                 among: Callable[[np.ndarray], np.ndarray | None] | None = None,
                 at_lines: Callable[[np.ndarray], np.ndarray] | None = None) -> None:
        self.paths = paths
        self._at_lines = at_lines
        """Whether each of some keys' lines defines a name holding the literal, from the sites on
        those lines alone (``None``: from :meth:`holding_keys_in`)."""
        self.exact_keys = exact_keys
        self._holding = holding
        self._holding_keys: np.ndarray | None = None
        self._among = among
        """The keys of ``holding`` in some files (positions, sorted), ``None`` when they define too
        many names to search one by one."""
        self._covered: np.ndarray | None = None
        self._some: np.ndarray | None = None

    @property
    def holding_keys(self) -> np.ndarray:
        """The keys of the lines defining a longer name that holds the literal."""
        if self._holding_keys is None:
            self._holding_keys = self._holding()
        return self._holding_keys

    def holding_keys_in(self, files: np.ndarray) -> np.ndarray:
        """:attr:`holding_keys`, or those of its keys in these files (positions in path order, sorted,
        each once) and in the files asked before: the same answer for any line of them. The names
        defined in a few files are searched one by one (a rare identifier found inside a longer
        name in a file or two: every defined name searched cost 0.3-0.6 ms of its 3 ms on sympy)."""
        if self._holding_keys is not None or self._among is None:
            return self.holding_keys
        covered = self._covered
        new = files if covered is None else files[~_members(files, covered)]
        if len(new):
            found = self._among(new)
            if found is None:
                return self.holding_keys
            self._covered = new if covered is None else np.sort(np.concatenate((covered, new)))
            self._some = found if self._some is None else np.sort(np.concatenate((self._some, found)))
        return self._some if self._some is not None else np.zeros(0, np.int64)

    def holding_at(self, keys: np.ndarray) -> np.ndarray:
        """Whether each key's line (``file << 32 | line``, files at their positions, sorted by
        file) defines a longer name that holds the literal: :attr:`holding_keys`' members, from
        the names defined on those lines (a rare identifier's few lines inside longer names: every
        name defined in their files was searched, 50-80 µs of its page on sympy)."""
        if self._holding_keys is not None or self._at_lines is None:
            files = unique(keys >> 32)
            return _members(keys, self.holding_keys_in(files))
        return self._at_lines(keys)

    @property
    def exact_files(self) -> np.ndarray:
        """The positions of the files that define one of the literal's own identifiers, sorted."""
        return unique(self.exact_keys >> 32)

    @property
    def exact(self) -> dict[str, set[int]]:
        """``exact`` as lines by path."""
        return _lines_by_path(self.paths, self.exact_keys)

    @property
    def holding(self) -> dict[str, set[int]]:
        """``holding`` as lines by path."""
        return _lines_by_path(self.paths, self.holding_keys)


def _literal_matcher(literal: str, case: str) -> _Matcher:
    """What finds a literal in a file's bytes, in the case asked."""
    data = _check(literal)
    if _insensitive(literal, case):
        options = _options(case_sensitive=False, literal=True)
        return _Matcher(None, _compile(literal, options), data.lower() if data.isascii() else None)
    return _Matcher(data, None)


def _site_keys(table: Definitions, names: list[int], positions: np.ndarray | None) -> np.ndarray:
    """The sorted keys ``file << 32 | line`` of every site that defines one of these names
    (positions in the table), its files put at their positions in path order (``positions``; a
    file with none is left out)."""
    if not names:
        return np.zeros(0, np.int64)
    bounds = table.bounds
    if len(names) <= FEW_NAMES:  # a literal's own name or two: its sites read as lists (a numpy step each cost more)
        spans = [(int(bounds[n]), int(bounds[n + 1])) for n in names]
        if sum(hi - lo for lo, hi in spans) <= FEW_SITES:
            found = set()
            for lo, hi in spans:
                for file, line in table.sites[lo:hi, :2].tolist():
                    at_file = file if positions is None else int(positions[file])
                    if at_file >= 0:
                        found.add((at_file << 32) | line)
            return np.array(sorted(found), np.int64)
    at = np.array(names, np.int64)
    starts = np.asarray(bounds[at], np.int64)
    counts = np.asarray(bounds[at + 1], np.int64) - starts
    rows = np.repeat(starts - (np.cumsum(counts) - counts), counts) + np.arange(int(counts.sum()))
    sites = np.asarray(table.sites[rows], np.int64)
    files = sites[:, 0] if positions is None else positions[sites[:, 0]]
    kept = files >= 0
    return unique((files[kept] << 32) | sites[kept, 1])


def _sites_by_file(table: Definitions, positions: np.ndarray | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every definition site's file (its position in path order; -1 for a file not listed), sorted,
    the name (a position in the table) it defines and its line: the names of a few files found by
    bisection, and those defined on some lines (sympy: 43,000 sites, 2 ms once per engine)."""
    bounds = np.asarray(table.bounds, np.int64)
    names = np.repeat(np.arange(len(bounds) - 1, dtype=np.int64), np.diff(bounds))
    sites = np.asarray(table.sites[:, :2], np.int64)
    files = sites[:, 0]
    if positions is not None:
        files = positions[files]
    order = np.argsort(files, kind="stable")
    return files[order], names[order], sites[order, 1]


def _lines_by_path(paths: list[str], keys: np.ndarray) -> dict[str, set[int]]:
    out: dict[str, set[int]] = {}
    for key in keys.tolist():
        out.setdefault(paths[key >> 32], set()).add(key & 0xFFFFFFFF)
    return out


class _Files:
    """A snapshot's files as columns in path order, made once per engine: a literal's candidates
    are document ids turned into positions, offsets and lengths read from arrays, and each file's
    demotion factor and centrality computed once per process (on first use), not once per
    candidate of every question (1,500 entries, demotions and centralities made per frequent
    literal on sympy: 20-50 ms)."""

    def __init__(self, snapshot: Snapshot) -> None:
        files = snapshot.manifest.files
        if isinstance(files, FileTable):
            self.paths: list[str] = files.paths
            docs = files.table[:, DOC]
            self.offsets = np.ascontiguousarray(files.table[:, OFFSET])
            self.lengths = np.ascontiguousarray(files.table[:, LENGTH])
        else:
            entries = sorted(files, key=lambda e: e.path)
            self.paths = [e.path for e in entries]
            docs = np.array([e.doc_id for e in entries], np.int64)
            self.offsets = np.array([e.offset for e in entries], np.int64)
            self.lengths = np.array([e.length for e in entries], np.int64)
        self.docs = np.asarray(docs, np.int64)
        """Each file's document id, in path order."""
        self._languages: tuple[np.ndarray, list[str | None]] | None = None
        """Each file's language id, in path order, and the names of the ids: read off the file table
        (where the snapshot's entries are that table's), not an entry made per file (5 µs)."""
        names = getattr(files, "_languages", None)
        if isinstance(files, FileTable) and getattr(snapshot.files, "table", None) is files and isinstance(names, list):
            self._languages = (files.table[:, LANGUAGE], names)
        order = np.argsort(docs, kind="stable")
        self._docs = np.asarray(docs, np.int64)[order]
        self._doc_positions = order.astype(np.int64)
        self._docs_are_positions = bool((self.docs == np.arange(len(self.docs))).all())
        """Whether each file's document id is its position (an index built whole numbers its
        documents in path order): a literal's documents are then its files' positions, no search."""
        self._snapshot = snapshot
        self._factors: dict[Callable[[str], float], np.ndarray] = {}
        self._listings: dict[Callable[[str], float], tuple[np.ndarray, np.ndarray]] = {}
        self._central: np.ndarray | None = None
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self.paths)

    def of_docs(self, docs: np.ndarray) -> np.ndarray:
        """The positions of these document ids, sorted (ids of no listed file left out)."""
        at = np.searchsorted(self._docs, docs)
        inside = at < len(self._docs)
        at, docs = at[inside], docs[inside]
        return np.sort(self._doc_positions[at[self._docs[at] == docs]])

    def at_docs(self, docs: np.ndarray) -> np.ndarray:
        """The position of each document id, in their order (-1 for an id no listed file has)."""
        if self._docs_are_positions:  # a frequent literal's thousands of documents: no bisection of each
            out = np.array(docs, np.int64)
            if len(out) and (int(out.min()) < 0 or int(out.max()) >= len(self._docs)):
                out[(out < 0) | (out >= len(self._docs))] = -1
            return out
        at = np.minimum(np.searchsorted(self._docs, docs), max(len(self._docs) - 1, 0))
        if not len(self._docs):
            return np.full(len(docs), -1, np.int64)
        return np.where(self._docs[at] == docs, self._doc_positions[at], -1)

    def position(self, path: str) -> int | None:
        """A path's position, ``None`` when it is not listed."""
        i = bisect_left(self.paths, path)
        return i if i < len(self.paths) and self.paths[i] == path else None

    def language(self, path: str) -> str | None:
        """A listed file's language, as its entry says."""
        i = self.position(path) if self._languages is not None else None
        if i is None:
            return self._snapshot.files[path].language
        ids, names = self._languages  # type: ignore[misc]
        return names[int(ids[i])]

    def listing(self, demote: Callable[[str], float]) -> tuple[np.ndarray, np.ndarray]:
        """Every file in the listing order (:meth:`TextRetriever._file_order`: by ``demote``'s factor,
        then centrality, then path) and each file's place in it, made once per ``demote`` (sympy:
        1,542 factors and centralities, 3-5 ms): what orders the files of one literal is the same
        order read among them (two sorts of 1,400 files per frequent identifier's page)."""
        with self._lock:
            found = self._listings.get(demote)
        if found is None:
            every = np.arange(len(self.paths))
            factors, central = self.factors(demote, every), self.central(every)
            order = np.lexsort((every, -central, -factors))
            place = np.empty(len(order), np.int64)
            place[order] = every
            found = (order, place)
            with self._lock:
                if len(self._listings) >= 8:
                    self._listings.clear()
                self._listings[demote] = found
        return found

    def factors(self, demote: Callable[[str], float], positions: np.ndarray) -> np.ndarray:
        """Every file's factor by ``demote``, filled in (at least) at these positions."""
        with self._lock:
            found = self._factors.get(demote)
            if found is None:
                if len(self._factors) >= 8:  # a caller making a new function per question: keep a few
                    self._factors.clear()
                found = self._factors[demote] = np.full(len(self.paths), np.nan)
        missing = positions[np.isnan(found[positions])]
        if len(missing):
            found[missing] = _factors(demote, [self.paths[i] for i in missing.tolist()])
        return found

    def central(self, positions: np.ndarray) -> np.ndarray:
        """Every file's own centrality, filled in (at least) at these positions (0 for a file the
        table does not hold)."""
        with self._lock:
            if self._central is None:
                self._central = np.full(len(self.paths), np.nan)
            found = self._central
        missing = positions[np.isnan(found[positions])]
        if len(missing):
            value = self._snapshot.centrality.file_value
            found[missing] = [value(self.paths[i]) for i in missing.tolist()]
        return found


def _factors(demote: Callable[[str], float], paths: list[str]) -> list[float] | np.ndarray:
    """``demote`` of each path; fusion's two factors from the paths' kinds told together
    (:func:`~maguyva_tui.core.paths.path_kinds`), as they multiply them (100,000 paths one by
    one: 0.4-0.5 s of CPU)."""
    if demote is not secondary_demotion and demote is not demotion_for:
        return [demote(path) for path in paths]
    demoted, secondary = path_kinds(paths)
    factor = np.where(demoted, fusion.DEMOTION, 1.0)
    return factor * np.where(secondary, fusion.SECONDARY_DEMOTION, 1.0) if demote is secondary_demotion else factor


def _demotion(kinds: tuple[str, ...]) -> Callable[[str], float] | None:
    """The factor by which a literal listing orders files (``Query.demote``): fusion's own, so
    the direct path's order and the engine's agree."""
    if not kinds:
        return None
    return secondary_demotion if "secondary" in kinds else demotion_for


def _settled_lines(
    parts: list[tuple[np.ndarray, ...]], factors: np.ndarray, rank: np.ndarray, next_file: int, best: int
) -> int:
    """How many of the lines read so far no unread line can outrank: a page of ``limit`` is decided
    once they are at least ``limit``. Every file not read comes at or
    after ``next_file`` in the reading order (its factor, then ``best``, the best key a line of it
    can have: 7, a whole-identifier definition, in a file that defines one of the literal's own
    names, else 6, a whole-identifier mention; then ``rank``), so each of its lines ranks after
    the lines of a higher factor, and, of its own factor, after the lines of a better key and the
    lines of ``best``'s key in files listed before it."""
    settled, bar, place = 0, factors[next_file], rank[next_file]
    for own, _lines, tiers, defs, _starts in parts:
        key, factor = tiers * 2 + defs, factors[own]
        ahead = (factor > bar) | ((factor == bar) & ((key > best) | ((key == best) & (rank[own] < place))))
        settled += int(np.count_nonzero(ahead))
    return settled


def _next_batch(batch: int, done: int, settled: int, limit: int) -> int:
    """How many files a limited literal search reads next, ``done`` read and ``settled`` of their
    lines decided (:func:`_settled_lines`): twice the last batch, or fewer where the lines decided
    so far, at their rate a file read, say the page needs fewer, never under :data:`READ_BATCH`.
    Only the reading's cost depends on it: the page is the exhaustive list's first ``limit`` lines
    however the files are batched (a frequent substring, ``cin``, read a last batch of 32 files,
    1.6 MB, where a dozen decided its page; a 1.5 margin on the estimate read more files, in as
    many batches)."""
    doubled = batch * 2
    if not settled:
        return doubled
    wanted = math.ceil((limit - settled) * done / settled)
    return max(READ_BATCH, min(doubled, wanted))


@dataclass(frozen=True, slots=True)
class _FileMatches:
    """The matching lines of one file as parallel arrays."""

    lines: np.ndarray
    tiers: np.ndarray
    definitions: np.ndarray
    starts: np.ndarray


_NO_ROWS = tuple(np.zeros(0, dtype) for dtype in (np.int64, np.int64, np.int64, bool, np.int64))
"""No matching line, as :meth:`TextRetriever._literal_rows` gives its columns."""

_new_line = fast_constructor(LineMatch)
_new_hit = fast_constructor(Hit)
"""``LineMatch(...)`` and ``Hit(...)`` without the frozen dataclass's ``__init__``: a page makes one
of each per line, a whole list one per matching line."""


class _Lines(Sequence[LineMatch]):
    """Ranked matching lines as columns (:func:`_ranked`), a :class:`LineMatch` made only when one
    is read: the engine's own page makes its hits from the columns (:meth:`TextRetriever._hits`),
    no line object in between (a frequent literal's hundred lines: 30-40 µs)."""

    __slots__ = ("defs", "lines", "paths", "starts", "tiers")

    def __init__(self, paths: list[str], lines: list[int], tiers: list[int], defs: list[bool],
                 starts: list[int]) -> None:
        self.paths, self.lines, self.tiers, self.defs, self.starts = paths, lines, tiers, defs, starts
        """Per line: its file's path, its number (1-based), its tier (3 whole identifier, 2 word
        boundary, 1 substring), whether it defines the literal's name, its first match's offset."""

    def __len__(self) -> int:
        return len(self.paths)

    @overload
    def __getitem__(self, index: int) -> LineMatch: ...

    @overload
    def __getitem__(self, index: slice) -> _Lines: ...

    def __getitem__(self, index: int | slice) -> LineMatch | _Lines:
        if isinstance(index, slice):
            return _Lines(self.paths[index], self.lines[index], self.tiers[index], self.defs[index],
                          self.starts[index])
        return _new_line(self.paths[index], self.lines[index], _TIER_NAMES[self.tiers[index]], self.defs[index],
                         self.starts[index])

    def __iter__(self) -> Iterator[LineMatch]:
        for path, line, tier, definition, start in zip(self.paths, self.lines, self.tiers, self.defs, self.starts):
            yield _new_line(path, line, _TIER_NAMES[tier], definition, start)

_ODD_FOLDS = (b"k", b"s")
"""The only ASCII letters that re2 folds to something beyond ASCII: ``k`` to the Kelvin sign
(U+212A), ``s`` to the long s (U+017F) (every code point tried, both cases)."""

_ODD_BYTES = ("\u212a".encode(), "\u017f".encode())


class _Inner(NamedTuple):
    """What the token index says of a literal's inner identifiers (:meth:`TextRetriever._inner_held`)."""

    docs: np.ndarray
    """The documents holding every one of them (the rarest ones), sorted."""
    t: int
    """The rarest one's token id (-1 for one no file holds)."""
    token: bytes


PLACE_BYTES = 1_024
"""Bytes of a file read whole in about the time one place of a token is checked (:meth:`TextRetriever._placed_holds`:
0.5-0.75 us a place, 0.5 ns a byte, measured on sympy's packages)."""


class _Matcher:
    """Find the next match at or after a byte offset. A case-insensitive literal of ASCII
    (``lowered``) is found with ``bytes.find`` in a file's text with its ASCII letters lowered: a
    loop of re2 calls, one per occurrence, took most of a frequent word's time (``and``, ``num``);
    a file holding a Kelvin sign or a long s, which re2 folds to ``k`` and ``s``, is read with re2."""

    def __init__(self, needle: bytes | None, regex: re2._Regexp | None, lowered: bytes | None = None) -> None:
        self.needle = needle
        self.regex = regex
        self.lowered = lowered
        self._odd = lowered is not None and any(c in lowered for c in _ODD_FOLDS)

    def find(self, data: bytes, pos: int) -> tuple[int, int] | None:
        if self.needle is not None:
            i = data.find(self.needle, pos)
            return None if i < 0 else (i, i + len(self.needle))
        assert self.regex is not None
        span = self.regex._regexp.Match(re2._Anchor.UNANCHORED, data, pos, len(data))[0]
        return None if span[0] < 0 else span

    def holds(self, blob: bytes, lo: int, hi: int) -> bool:
        """Whether ``blob[lo:hi]`` holds an occurrence of the literal."""
        if self.needle is not None:
            return blob.find(self.needle, lo, hi) >= 0
        return bool(self.spans_between(blob, lo, hi))

    def line_firsts(self, blob: bytes, lo: int, hi: int) -> np.ndarray:
        """The starts, as offsets into ``blob``, of the occurrences inside ``blob[lo:hi]`` that a
        line's row can come from: the first of each tier (:func:`_tiers_within`) on each line, the
        rest never being a line's best. Found with numpy over the file's bytes, for a file that
        :meth:`spans_between` found too many in (a 1 MiB line of ``y``: ``yyyy`` 1,048,000 times,
        a tuple each, 291 MB for a page of one line)."""
        needle = self.needle if self.needle is not None else self.lowered
        assert needle is not None
        arr = np.frombuffer(blob, np.uint8)
        window = arr[lo:hi] if self.needle is not None else np.frombuffer(blob[lo:hi].lower(), np.uint8)
        starts = np.flatnonzero(window[: max(len(window) - len(needle) + 1, 0)] == needle[0])
        for k in range(1, len(needle)):
            starts = starts[window[starts + k] == needle[k]]
        starts += lo
        tiers = _tiers_within(arr, starts, starts + len(needle), lo, hi)  # type: ignore[arg-type]
        lines = np.searchsorted(np.flatnonzero(arr[lo:hi] == 10) + lo, starts)
        keep = np.zeros(len(starts), bool)
        for tier in (1, 2, 3):
            at = np.flatnonzero(tiers == tier)
            first = np.ones(len(at), bool)
            first[1:] = lines[at[1:]] != lines[at[:-1]]
            keep[at[first]] = True
        return starts[keep]

    def spans_between(self, blob: bytes, lo: int, hi: int, most: int | None = None) -> list[tuple[int, int]] | None:
        """Every occurrence of a literal inside ``blob[lo:hi]``, as offsets into ``blob``; ``None``
        past ``most`` of them where they are found as bytes (:meth:`line_firsts` then)."""
        out: list[tuple[int, int]] = []
        if self.needle is not None:
            n = len(self.needle)
            i = blob.find(self.needle, lo, hi)
            while i >= 0:
                if most is not None and len(out) >= most:
                    return None
                out.append((i, i + n))
                i = blob.find(self.needle, i + 1, hi)
            return out
        if self.lowered is not None:
            text = blob[lo:hi]
            if not (self._odd and any(odd in text for odd in _ODD_BYTES)):
                n, low, needle = len(self.lowered), text.lower(), self.lowered
                i = low.find(needle)
                while i >= 0:
                    if most is not None and len(out) >= most:
                        return None
                    out.append((lo + i, lo + i + n))
                    i = low.find(needle, i + 1)
                return out
        assert self.regex is not None  # a literal compiled case-insensitively: no anchors to mislead
        pos = lo
        while pos < hi:
            span = self.regex._regexp.Match(re2._Anchor.UNANCHORED, blob, pos, hi)[0]
            if span[0] < 0:
                break
            out.append((span[0], span[1]))
            pos = span[0] + 1
        return out

    def spans(self, data: bytes) -> tuple[np.ndarray, np.ndarray]:
        """Start and end offsets of matches: every occurrence of a literal, the first match of
        each line for a pattern (grep reads a pattern line by line)."""
        starts: list[int] = []
        ends: list[int] = []
        if self.needle is not None:
            n = len(self.needle)
            i = data.find(self.needle)
            while i >= 0:
                starts.append(i)
                i = data.find(self.needle, i + 1)
            return np.array(starts, np.int64), np.array(starts, np.int64) + n
        pos = 0
        while pos <= len(data):
            found = self.find(data, pos)
            if found is None:
                break
            starts.append(found[0])
            ends.append(found[1])
            line_end = data.find(b"\n", found[0])
            if line_end < 0:
                break
            pos = line_end + 1
        return np.array(starts, np.int64), np.array(ends, np.int64)


class _Kept:
    """What a text engine makes on first use and keeps, one object shared by its shallow copies (a
    workspace's view of it for one question, with the workspace's idf: each made its own files'
    columns, 0.5 ms of a sentence per repository)."""

    __slots__ = ("columns", "definers", "definitions", "languages", "long_runs", "positions", "sites_by_file")

    def __init__(self) -> None:
        self.columns: _Files | None = None
        self.languages: dict[str, str | None] = {}
        """Each listed file's language (a file's entry is made from the mapped table when asked:
        5 µs, for each of a page's dozens of files in every question)."""
        self.definitions: _Definitions | None = None
        self.positions: tuple[np.ndarray | None] | None = None
        """The table of defined names' files at their positions in path order, once compared."""
        self.definers: dict[str, frozenset[str]] = {}
        """The files defining each name asked last (:meth:`TextRetriever.definers`)."""
        self.long_runs: tuple[bytes, list[tuple[int, int, bytes]], bytes, list[int]] | None = None
        """The files of the token index's long runs (their positions' bytes), the runs in them
        (:meth:`TextRetriever._long_runs`), and the runs joined by newlines with where each starts
        there (:meth:`TextRetriever._in_long_runs`)."""
        self.sites_by_file: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
        """Every definition site's file (a position in path order), sorted, the name it defines and
        its line (:func:`_sites_by_file`)."""


def _each_chunk_at(chunk_at: Callable[[str, int], Chunk | None], places: list[tuple[str, int]]) -> list[Chunk | None]:
    return [chunk_at(path, line) for path, line in places]


class TextRetriever:
    """Literal, regex and term search over a snapshot's trigram index."""

    name = "text"

    def __init__(self, snapshot: Snapshot, chunk_at: Callable[[str, int], Chunk | None] | None = None,
                 chunks_at: Callable[[list[tuple[str, int]]], list[Chunk | None]] | None = None) -> None:
        self.snapshot = snapshot
        self._chunk_at = chunk_at or partial(enclosing_chunk, snapshot)
        """The chunk holding a line (the generation's, which remembers it: fusion asks again for the
        same lines, to find each hit's centrality)."""
        self._chunks_at = chunks_at or partial(_each_chunk_at, self._chunk_at)
        """The chunks holding some lines, ``(path, line)`` pairs (the generation's finds a file's
        lines together). Never a method of this engine: the cycle would keep the snapshot, and so
        its generation on disk (``holds.py``), until the garbage collector next ran."""
        self._kept = _Kept()
        self._chunk_index: ChunkIndex | None = None
        self._index_lock = threading.Lock()

    def search(self, query: Query, limit: int) -> list[Hit]:
        """Return matching lines, best first; in a blend (``word_votes``) free text falls back to
        term matching, alone the lines holding the literal are all there is, as with rg.

        The query's ``max_files`` bounds the work for a blended search: only the most promising candidate
        files are verified (those defining the literal, then the most central). Without it the
        list is exhaustive, as ``--modality text`` and exact-match questions need.
        Its ``code_words_only`` keeps plain English words out of term matching (when the semantic
        engine answers for meaning, their line matches only vote for the wrong chunks). A question
        in plain words (:data:`PHRASE_WORDS` content words) votes by chunk instead
        (:meth:`sentence_hits`), where its words pick the function. Unless
        ``literal_first`` (an exact-match question: the literal is what was asked), a name the
        sentence mentions is one of its words, not a literal to list first: the sentence
        describes a function that works with it ("build a :class:`Response` from a urllib3
        response").
        """
        max_files, code_words_only = query.max_files, query.code_words_only
        if query.regex:
            return self._hits(self.regex_lines(query.text, query.case, limit, max_files, _demotion(query.demote)),
                              "regex ")
        target = similar_target(query)  # "similar to X": X's body words, not the lines naming X
        like = like_hits(self.snapshot, self.chunk_index, target, limit) if target else None
        if like is not None:
            return like
        sentence = (query.word_votes or code_words_only) and is_sentence(query.text, query.target, PHRASE_WORDS)
        literal = query.text if sentence and not query.literal_first else (query.target or query.text)
        matches = self._scan_literal(_literal_matcher(literal, query.case), literal, limit, max_files,
                                     _demotion(query.demote))  # literal_lines, its lines left as columns
        hits = self._hits(matches[:limit])
        if len(hits) >= limit or not (query.word_votes or code_words_only):  # the latter says how a blend votes
            return hits[:limit]  # alone, the engine is literal: exactly rg's lines
        found: list[Hit] = []
        if sentence:
            found = self.sentence_hits(query.text, limit)
        elif query.target is None and len(_WORDS.findall(query.text)) > 1:
            found = self.term_hits(query.text, limit, max_files, code_words_only)
        seen = {(h.path, h.start_line) for h in hits}
        hits += [h for h in found if (h.path, h.start_line) not in seen]
        return hits[:limit]

    def literal_lines(
        self,
        literal: str,
        case: str = "sensitive",
        limit: int | None = None,
        max_files: int | None = None,
        demote: Callable[[str], float] | None = None,
    ) -> list[LineMatch]:
        """Every line containing the literal, ranked (the best ``limit`` when given; files of a
        lower ``demote`` factor after the others)."""
        matcher = _literal_matcher(literal, case)
        return list(self._scan_literal(matcher, literal, limit, max_files, demote))

    def holds_literal(self, literal: str, case: str = "sensitive") -> bool:
        """Whether some line holds the literal (:meth:`literal_lines` finds one), the candidate files
        read only until one does (a lone word that 98,000 files hold ranked them all to say so).
        A literal that is one identifier some file holds whole is held in either case, as the
        token index says (one bisection: no trigram asked, no file read; a lone English word, asked
        each time in any case, read its candidates until one held it). The matcher is made only
        when the token index cannot say (a case-insensitive one is an re2 compile)."""
        needle = _check(literal)
        tokens = self.snapshot.tokens
        if tokens is not None and is_token(needle) and len(tokens.documents(needle)):
            return True
        matcher = _literal_matcher(literal, case)
        return self._any_holds(self._files(), self.candidate_files(literal_plan(literal)), matcher)

    def regex_lines(
        self,
        pattern: str,
        case: str = "sensitive",
        limit: int | None = None,
        max_files: int | None = None,
        demote: Callable[[str], float] | None = None,
    ) -> list[LineMatch]:
        """Every line matching the regex (line by line, as rg reads it), ranked."""
        _check(pattern)
        options = _options(case_sensitive=not _insensitive(pattern, case), literal=False)
        options.never_nl = True  # a class (\s, [^a], dot) never takes a line break: rg's lines
        compiled = _compile_bounded("(?m)" + _per_line(pattern), options)
        return list(self._scan(regex_plan(pattern), _Matcher(None, compiled), None, limit, max_files, demote))

    def candidates(self, plan: TQ) -> list[str]:
        """Paths of the documents the plan admits, in path order."""
        paths = self._files().paths
        return [paths[i] for i in self.candidate_files(plan).tolist()]

    def candidate_files(self, plan: TQ) -> np.ndarray:
        """Positions (in path order) of the documents the plan admits, sorted: a conjunction of
        trigrams stops narrowing at :data:`ENOUGH_CANDIDATES` (the verification reads them)."""
        docs = np.frombuffer(evaluate(plan, self.snapshot.trigrams, ENOUGH_CANDIDATES).to_array(), np.uint32)
        return self._files().of_docs(docs.astype(np.int64))

    def _files(self) -> _Files:
        """The snapshot's files as columns, made on first use and kept."""
        kept = self._kept
        found = kept.columns
        if found is None:
            with self._index_lock:
                if kept.columns is None:
                    kept.columns = _Files(self.snapshot)
                found = kept.columns
        return found

    def _scan(
        self,
        plan: TQ,
        matcher: _Matcher,
        literal: str | None,
        limit: int | None = None,
        max_files: int | None = None,
        demote: Callable[[str], float] | None = None,
    ) -> Sequence[LineMatch]:
        """Rank the matching lines of every candidate file; only the top ``limit`` become objects."""
        files = self._files()
        chosen = self._promising(files, self.candidate_files(plan), literal, max_files)
        found: list[tuple[int, _FileMatches]] = []
        for index in chosen.tolist():
            check_stage()  # every line of every file (a regex of .*: 40 s on Django): a newer question gives it up here
            arrays = self._file_arrays(files.paths[index], matcher)
            if arrays is not None:
                found.append((index, arrays))
        if not found:
            return []
        own = np.concatenate([np.full(len(a.lines), i, np.int64) for i, a in found])
        lines = np.concatenate([a.lines for _, a in found])
        tiers = np.concatenate([a.tiers for _, a in found])
        defs = np.concatenate([a.definitions for _, a in found])
        starts = np.concatenate([a.starts for _, a in found])
        factors, rank = self._file_order(files, chosen, demote)
        return _ranked(files.paths, own, lines, tiers, defs, starts, limit, factors, rank)

    def _scan_literal(
        self,
        matcher: _Matcher,
        literal: str,
        limit: int | None,
        max_files: int | None,
        demote: Callable[[str], float] | None = None,
    ) -> Sequence[LineMatch]:
        """Rank a literal's matching lines: one find loop per candidate file, then array work over
        every match together (no per-file array set-up). ``demote`` gives a file's factor (1 for
        the package's own code, less for what is listed after it: vendored code; examples, tests
        and docs on the direct path): lines of a higher factor come first, whatever their tier.

        With a ``limit``, reading stops as soon as no unread file can change the page. Files are
        read by factor, then those that define one of the literal's own identifiers
        (:class:`_Defined`) before the others, then in their listing order (``rank``), in batches
        that double. A line of an unread file then ranks after every line of a higher factor, and,
        of its own factor, after every line of a better key than its file can hold (a definition
        of the literal's own name only where the file defines one) and every line of that key in
        an earlier file: once those fill the page, the rest is proven unable to enter it (a
        definition in a test file is no reason to read it before the package's own code). A
        frequent identifier (``self``, ``expand``) fills a page from its first few files; the
        answer is the exhaustive list's first ``limit`` lines.

        A case-sensitive identifier with many candidates asks the token index first: when the files
        holding it whole fill the page, they alone are read (:meth:`_whole_page`); else each file's
        best match comes from the tokens (a file holding it only inside longer names is a word
        boundary at best, a file holding no token with it is no candidate), which bounds the reading
        the same way, closer. The trigrams are planned only when they are asked for candidates (the
        token index answers for most identifiers without them).
        """
        inner = self._inner_held(matcher)
        if inner is not None and not len(inner.docs):
            return []  # no trigram asked, no file read (a sentence tried whole, on every shard of a workspace)
        files = self._files()
        placed = None
        if inner is not None:  # the files holding its inner identifiers, read around the rarest one's places
            at = files.at_docs(inner.docs)
            placed = self._placed_holds(files, at[at >= 0], matcher, inner)
            if placed is False:
                return []  # none holds it: no trigram asked (a sentence's on most shards of a workspace: 0.1-0.2 ms)
        token = self._token(matcher) if limit is not None and max_files is None else None
        tried = token is not None and limit is not None and self._token_page(files, token, literal, limit, demote)
        if isinstance(tried, (list, _Lines)):
            return tried
        if token is not None and limit is not None:
            listed = self._placed_listing(files, matcher, token, literal, limit, demote)
            if listed is not None:
                return listed
        held = self._held(files, matcher) if max_files is None else None
        if held is not None:  # the files holding it, told by the tokens: no trigram asked, no other file read
            chosen = np.flatnonzero(held)
            if not len(chosen):
                return []
        else:
            chosen = self._promising(files, self.candidate_files(literal_plan(literal)), literal, max_files)
            if not len(chosen) or (placed is None and self._none_holds(files, chosen, inner, matcher)):
                return []  # candidates none holding it (a sentence's): no definitions looked up, nothing ordered
        factors, rank = self._file_order(files, chosen, demote)
        defined = self._defined_lines(literal)
        exact = _members(chosen, defined.exact_files)
        best = np.where(exact, 7, 6)
        needle = self._token(matcher) if len(chosen) > TOKEN_INDEX_FROM else None
        if needle is not None and limit is not None and tried is not None:  # not yet found unable to fill it
            first = np.where(self._whole_files(files, needle)[chosen], best, 5)
            order = np.lexsort((rank[chosen], -first, -factors[chosen]))
            page = self._whole_page(files, chosen[order], first[order], factors, rank, needle, defined, limit)
            if page is not None:
                return page
        tiers = held if held is not None else self._token_tiers(files, needle) if needle is not None else None
        if tiers is not None:  # each file's best line: a whole identifier where the token is, else its tier,
            # a definition only where the file defines the literal's name or (inside a longer name) one holding it
            tier = tiers[chosen]
            holds = tier > 0  # the others are the trigrams' false candidates: no line of theirs matches
            chosen, tier, exact, best = chosen[holds], tier[holds], exact[holds], best[holds]
            if not len(chosen):
                return []
            inside = tier < 3
            ordered = limit is not None and len(chosen) > READ_BATCH  # else all are read at once, in any order
            if ordered and bool(inside.any()):  # the names holding it are looked up only for a match inside one
                defines = exact | _members(chosen, defined.holding_keys_in(unique(chosen[inside])) >> 32)
                best = np.where(tier == 3, best, tier * 2 + defines)
        elif needle is not None and limit is not None and len(chosen) > READ_BATCH:
            # too many names hold it for their tiers (``helpe`` in helper_0 ... helper_97999): a file
            # the token index does not list as holding it whole has no whole-identifier line, so its
            # best is a word boundary in a definition (5); bounded at 6, every one of 98,000 files
            # was read for a page its first 24 settle
            best = np.where(self._whole_files(files, needle)[chosen], best, np.minimum(best, 5))
        order = np.lexsort((rank[chosen], -best, -factors[chosen]))
        queue, best = chosen[order], best[order]
        parts: list[tuple[np.ndarray, ...]] = []
        done, batch = 0, READ_BATCH
        while done < len(queue):
            some = queue if limit is None else queue[done : done + batch]
            parts.append(self._literal_rows(files, some, matcher, defined, limit is None))
            done += len(some)
            if limit is None or done >= len(queue):
                break
            settled = _settled_lines(parts, factors, rank, int(queue[done]), int(best[done]))
            if settled >= limit:
                break
            batch = _next_batch(batch, done, settled, limit)
        found = [part for part in parts if len(part[0])]
        if not found:
            return []
        own, lines, tiers, defs, starts = (np.concatenate([part[k] for part in found]) for k in range(5))
        return _ranked(files.paths, own, lines, tiers, defs, starts, limit, factors, rank)

    def _token_page(
        self, files: _Files, needle: bytes, literal: str, limit: int, demote: Callable[[str], float] | None
    ) -> Sequence[LineMatch] | bool | None:
        """The page of a literal held whole by many files, read from those files alone, before the
        trigrams are asked for candidates (:meth:`_whole_page`): ``None`` when the files holding
        it whole cannot fill the page, ``False`` when this cannot answer (few files hold it whole,
        or none of them is of the first factor, 1, so a file holding it only inside longer names
        could rank above them: a factor never exceeds 1).

        It is the page :meth:`_scan_literal` reads through the candidates: the files of the first
        factor holding it whole, in the same relative order (each file's place in the listing
        order is compared only with the others'), read the same way; the candidates that hold it
        only inside longer names are never read for such a page."""
        tokens = self.snapshot.tokens
        assert tokens is not None
        t = tokens.find(needle)
        if t is None or int(tokens.starts[t + 1]) - int(tokens.starts[t]) <= TOKEN_INDEX_FROM:
            return False  # few files hold it whole (fewer still listed): no need to place them
        at = files.at_docs(np.asarray(tokens.documents(needle), np.int64))
        held = at[at >= 0]
        if len(held) <= TOKEN_INDEX_FROM:
            return False
        if demote is not None and len(held) * LISTED_SHARE >= len(files):
            return self._listed_page(files, held, needle, literal, limit, demote)
        whole = np.sort(held)
        factors, rank = self._file_order(files, whole, demote)
        if float(factors[whole].max()) < 1.0:
            return False
        defined = self._defined_lines(literal)
        best = np.where(_members(whole, defined.exact_files), 7, 6)
        order = np.lexsort((rank[whole], -best, -factors[whole]))
        return self._whole_page(files, whole[order], best[order], factors, rank, needle, defined, limit)

    def _listed_page(
        self, files: _Files, held: np.ndarray, needle: bytes, literal: str, limit: int, demote: Callable[[str], float]
    ) -> Sequence[LineMatch] | bool | None:
        """:meth:`_token_page` of a literal held whole by a large share of the files, read in the
        listing order of every file (:meth:`_Files.listing`, made once per engine and ``demote``):
        the files holding it picked from it in order, no sort of them; the first factor's files,
        those defining one of its names first, are those :meth:`_whole_page` reads."""
        order, place = files.listing(demote)
        factors = files.factors(demote, held)
        mask = np.zeros(len(files), bool)
        mask[held] = True
        listed = order[mask[order]]  # the files holding it, by factor, then centrality, then path
        top = factors[listed[0]]
        if float(top) < 1.0:
            return False
        group = listed[: int(np.searchsorted(-factors[listed], -top, "right"))]  # the first factor's
        defined = self._defined_lines(literal)
        defines = _members(group, defined.exact_files)
        queue = np.concatenate((group[defines], group[~defines]))
        best = np.where(np.arange(len(queue)) < int(np.count_nonzero(defines)), 7, 6)
        return self._whole_page(files, queue, best, factors, place, needle, defined, limit)

    def _placed_listing(
        self, files: _Files, matcher: _Matcher, needle: bytes, literal: str, limit: int,
        demote: Callable[[str], float] | None
    ) -> Sequence[LineMatch] | None:
        """A limited search of one identifier that few files hold, listed from the token index's
        places (:meth:`~maguyva_tui.core.store.tokens.TokenIndex.row_places`), no file read: every
        occurrence of an identifier lies in one token, so the tokens holding it (found by the names'
        trigrams), their places in each file holding them and where it lies in each give every
        line holding it; the files holding a run too long to be a token are read. The lines are
        those :meth:`_literal_rows` finds reading the files, ranked the same way (the first of a
        line's best matches: a token's first place on a line is where its best match there starts).
        ``None`` where this cannot answer (an index without places or the names' trigrams, a short
        literal, more than :data:`PLACED_ROWS` files, more places than the page has lines or than
        :data:`PLACED_MOST`, places that do not hold up: damage): the files are read (in order, until
        the page is settled: each file placed is a file numbered whole, its newlines found)."""
        tokens = self.snapshot.tokens
        if tokens is None or tokens.places is None or tokens.grams is None or len(needle) < 3:
            return None
        found = tokens._gram_occurrences(needle)  # where it starts in the names
        if len(found) > MAX_TOKENS_HOLDING:
            return None
        offsets = tokens._offsets  # searched in its own type: an int64 copy of every token's offset cost 13 µs
        ids = unique(np.searchsorted(offsets, found.astype(offsets.dtype, copy=False), side="right") - 1)
        long_files = files.at_docs(np.asarray(tokens.grams[3], np.int64))
        if bool((long_files < 0).any()):
            return None  # a document no file has: damage, the trigrams answer
        n = len(needle)
        few = self._few_placed(files, ids, needle, limit)
        if few is None:
            return None
        if isinstance(few, tuple):
            span_files, pos = np.array(few[0], np.int64), np.array(few[1], np.int64)
        else:
            placed = self._placed_spans(files, ids, needle, limit)
            if placed is None:
                return None
            span_files, pos = placed
        read = self._in_long_runs(files, long_files, needle)
        if read:  # inside a run too long to be a token
            span_files = np.concatenate((span_files, np.array([f for f, _ in read], np.int64)))
            pos = np.concatenate((pos, np.array([s for _, s in read], np.int64)))
        if not len(pos):
            return []
        chosen = unique(span_files)
        at = np.searchsorted(chosen, span_files)
        order = np.lexsort((pos, at))
        at, pos = at[order], pos[order]
        factors, rank = self._file_order(files, chosen, demote)
        own, lines, tiers, defs, starts = self._span_rows(files, chosen, at, pos, pos + n, self._defined_lines(literal),
                                                          False)
        return _ranked(files.paths, own, lines, tiers, defs, starts, limit, factors, rank)

    def _few_placed(self, files: _Files, ids: np.ndarray, needle: bytes,
                    limit: int) -> tuple[list[int], list[int]] | bool | None:
        """:meth:`_placed_spans` of a few tokens' few places, as Python lists (their numpy steps,
        some forty, cost more than the places: a rare name's page); ``False`` past
        :data:`FEW_PLACED` places or :data:`FEW_NAMES` tokens (numpy then)."""
        tokens = self.snapshot.tokens
        assert tokens is not None and tokens.places is not None
        if len(ids) > FEW_NAMES:
            return False
        starts = tokens.starts
        rows: list[int] = []
        owners: list[int] = []
        for j, t in enumerate(ids.tolist()):
            a, b = int(starts[t]), int(starts[t + 1])
            rows.extend(range(a, b))
            owners.extend([j] * (b - a))
            if len(rows) > PLACED_ROWS:
                return None
        if not rows:
            return [], []
        at_docs, place_counts, places = tokens.places
        index = np.array(rows, np.int64)
        firsts, counts = at_docs[index].tolist(), place_counts[index].tolist()
        if min(counts) <= 0 or min(firsts) < 0 or max(f + c for f, c in zip(firsts, counts)) > len(places):
            return None  # a file the tokens say holds it with no places, or places outside them: damage
        total = sum(counts)
        if total > min(PLACED_MOST, limit):
            return None  # more lines than the page shows: read as before
        if total > FEW_PLACED:
            return False
        row_files = files.at_docs(np.asarray(tokens.docs[index], np.int64)).tolist()
        if min(row_files) < 0:
            return None  # a document no file has: damage
        names = [tokens.name(t) for t in ids.tolist()]
        shifts = [_occurrences(name, needle) for name in names]
        blob, n, offsets, lengths = self.snapshot.blob(), len(needle), files.offsets, files.lengths
        ensure = self.snapshot.ensure
        span_files: list[int] = []
        pos: list[int] = []
        for file, first, count, owner in zip(row_files, firsts, counts, owners):
            lo = int(offsets[file])
            hi, last = lo + int(lengths[file]), -1
            found = resolve(blob, ensure, lo, hi - lo, names[owner], tokens.place_blocks(first, count))
            if found is None:
                return None  # the blocks do not hold the row's places: damage
            for place in found:
                if place <= last:
                    return None  # a row's places not increasing, as they are written: damage
                last = place
                for i in shifts[owner]:
                    start = lo + place + i
                    ensure(start, start + n)
                    if start + n > hi or blob[start : start + n] != needle:
                        return None  # a place where the literal is not: damage
                    span_files.append(file)
                    pos.append(start)
        return span_files, pos

    def _placed_spans(self, files: _Files, ids: np.ndarray, needle: bytes,
                      limit: int) -> tuple[np.ndarray, np.ndarray] | None:
        """Every occurrence of ``needle`` in the tokens ``ids`` (those holding it) from their places:
        each occurrence's file (a position) and start in the stored texts, a line's first place of a
        token standing for its occurrences there; ``None`` past :data:`PLACED_ROWS` rows or the
        page's lines, or where the places do not hold up (damage)."""
        tokens = self.snapshot.tokens
        assert tokens is not None and tokens.places is not None
        first_rows = np.asarray(tokens.starts[ids], np.int64)
        row_counts = np.asarray(tokens.starts[ids + 1], np.int64) - first_rows
        total_rows = int(row_counts.sum())
        if total_rows > PLACED_ROWS:
            return None
        rows = np.repeat(first_rows - np.cumsum(row_counts) + row_counts, row_counts) + np.arange(total_rows)
        at_docs, place_counts, places = tokens.places
        firsts = np.asarray(at_docs[rows], np.int64)
        counts = np.asarray(place_counts[rows], np.int64)
        if total_rows and (int(counts.min()) <= 0 or int(firsts.min()) < 0 or int((firsts + counts).max()) > len(places)):
            return None  # a file the tokens say holds it with no places, or places outside them: damage
        total = int(counts.sum())
        if total > min(PLACED_MOST, limit):
            return None  # more lines than the page shows: read as before, the files in order until it is settled
        row_files = files.at_docs(np.asarray(tokens.docs[rows], np.int64))
        if bool((row_files < 0).any()):
            return None  # a document no file has: damage, the trigrams answer
        names = [tokens.name(t) for t in ids.tolist()]
        shifts = [_occurrences(name, needle) for name in names]  # where it lies in each token
        per_token = np.fromiter(map(len, shifts), np.int64, len(shifts))
        place_rows = np.repeat(np.arange(total_rows), counts)  # each place's row
        blob, ensure, found_at = self.snapshot.blob(), self.snapshot.ensure, []
        for file, first, count, owner in zip(row_files.tolist(), firsts.tolist(), counts.tolist(),
                                              np.repeat(np.arange(len(ids)), row_counts).tolist()):
            found = resolve(blob, ensure, int(files.offsets[file]), int(files.lengths[file]), names[owner],
                            tokens.place_blocks(first, count))
            if found is None:
                return None  # the blocks do not hold the row's places: damage
            found_at.extend(found)
        place_at = np.array(found_at, np.int64)
        if total > 1 and bool(((np.diff(place_at) <= 0) & (place_rows[1:] == place_rows[:-1])).any()):
            return None  # a row's places not increasing, as they are written: damage
        token_of = np.repeat(np.arange(len(ids)), row_counts)[place_rows]  # each place's token
        k = per_token[token_of]
        flat = np.fromiter((i for where in shifts for i in where), np.int64, int(per_token.sum()))
        shift_first = np.cumsum(per_token) - per_token
        spans = int(k.sum())
        shift = flat[np.repeat(shift_first[token_of], k) + np.arange(spans) - np.repeat(np.cumsum(k) - k, k)]
        span_files = np.repeat(row_files[place_rows], k)
        n = len(needle)
        pos = files.offsets[span_files] + np.repeat(place_at, k) + shift
        if spans and (bool((pos + n > files.offsets[span_files] + files.lengths[span_files]).any()) or bool(
                (pos < files.offsets[span_files]).any())):
            return None
        self.snapshot.ensure_spans(pos, pos + n)
        arr = np.frombuffer(self.snapshot.blob(), np.uint8)
        if spans and not bool((arr[pos[:, None] + np.arange(n)] == np.frombuffer(needle, np.uint8)).all()):
            return None  # a place where the literal is not: damage
        return span_files, pos

    def _long_runs(self, files: _Files, positions: np.ndarray) -> list[tuple[int, int, bytes]]:
        """The runs of identifier bytes too long to be tokens (:data:`MAX_TOKEN_BYTES`) in these files
        (positions; the token index's documents of long runs), each with its file and its offset in
        the stored texts: found once per engine (sympy: four files, 0.1 MB read for every rare
        identifier's page)."""
        return self._runs_found(files, positions)[1]

    def _in_long_runs(self, files: _Files, positions: np.ndarray, needle: bytes) -> list[tuple[int, int]]:
        """The places of ``needle`` inside each run of :meth:`_long_runs` that can be its line's best
        match, its first and its last (its file, its offset in the stored texts), run after run: the
        runs searched as one text, a needle held across the newline between two left out (sympy's
        23 runs, a find each, were 19 µs of every rare name's page)."""
        _, runs, joined, starts = self._runs_found(files, positions)
        out: list[tuple[int, int]] = []
        n = len(needle)
        i = joined.find(needle)
        while i >= 0:
            r = bisect_right(starts, i) - 1
            end = starts[r] + len(runs[r][2])
            if i + n > end:
                i = joined.find(needle, i + 1)
                continue
            out.append((runs[r][0], runs[r][1] + i - starts[r]))
            # a run is one line's identifier: those between its first and last match are inside
            # it on both sides, never its line's best (a 1 MiB run of y: "yyyy" a million times)
            last = joined.rfind(needle, i + 1, end)
            if last >= 0:
                out.append((runs[r][0], runs[r][1] + last - starts[r]))
            i = joined.find(needle, end)
        return out

    def _runs_found(self, files: _Files, positions: np.ndarray) -> tuple[bytes, list[tuple[int, int, bytes]], bytes,
                                                                        list[int]]:
        """:attr:`_Kept.long_runs` of these positions, found once per engine."""
        kept = self._kept
        key = positions.tobytes()
        found = kept.long_runs
        if found is None or found[0] != key:
            blob = self.snapshot.blob()
            runs: list[tuple[int, int, bytes]] = []
            for f in unique(positions).tolist():
                lo, hi = int(files.offsets[f]), int(files.offsets[f] + files.lengths[f])
                if hi <= lo:
                    continue
                self.snapshot.ensure(lo, hi)
                inside = _IDENT_TABLE[np.frombuffer(blob, np.uint8, count=hi - lo, offset=lo)].view(np.int8)
                edges = np.flatnonzero(np.diff(inside, prepend=np.int8(0), append=np.int8(0)))
                starts, ends = edges[0::2], edges[1::2]
                long = ends - starts > MAX_TOKEN_BYTES
                runs.extend((f, lo + a, bytes(blob[lo + a : lo + b]))
                            for a, b in zip(starts[long].tolist(), ends[long].tolist()))
            begins = list(accumulate((len(run) + 1 for _, _, run in runs[:-1]), initial=0)) if runs else []
            found = kept.long_runs = (key, runs, b"\n".join(run for _, _, run in runs), begins)
        return found

    def _inner_held(self, matcher: _Matcher) -> _Inner | None:
        """The documents that may hold a case-sensitive literal, as the token index tells: those
        holding every identifier inside it (an edge of the literal on each side, so a whole
        identifier wherever the literal is; the :data:`INNER_TOKENS_CROSSED` rarest), sorted;
        empty when none does (no file holds the literal), ``None`` when the index cannot tell. A
        sentence asked as a literal ("solve a system of linear equations") is held by no file of
        most repositories; its trigrams were planned and intersected, and the few files they
        admitted read, to say so."""
        needle, tokens = matcher.needle, self.snapshot.tokens
        if needle is None or tokens is None:
            return None  # case-insensitive (the index keeps case), or no token index written
        inner = _kept_inner_tokens(needle)
        if not inner:
            return None
        spans = []
        for token in inner:
            t = tokens.find(token)
            if t is None:
                return _Inner(np.zeros(0, np.int64), -1, token)
            spans.append((int(tokens.starts[t]), int(tokens.starts[t + 1]), t, token))
        spans.sort(key=lambda span: span[1] - span[0])
        held = np.asarray(tokens.docs[spans[0][0] : spans[0][1]], np.int64)
        for lo, hi, _, _ in spans[1:INNER_TOKENS_CROSSED]:
            if not len(held):
                break
            docs = np.asarray(tokens.docs[lo:hi], np.int64)
            at = np.minimum(np.searchsorted(docs, held), len(docs) - 1)
            held = held[docs[at] == held]
        return _Inner(held, spans[0][2], spans[0][3])

    def _token(self, matcher: _Matcher) -> bytes | None:
        """The literal's bytes when the token index can answer for it: a case-sensitive literal
        that is one identifier (``None`` otherwise, or when no token index was written)."""
        needle = matcher.needle
        return needle if self.snapshot.tokens is not None and needle is not None and is_token(needle) else None

    def _held(self, files: _Files, matcher: _Matcher) -> np.ndarray | None:
        """Each file's best match of a literal by position (:meth:`_token_tiers`: 0 where it holds
        none) when the token index tells exactly which files hold it without a scan of its names
        (:meth:`~maguyva_tui.core.store.tokens.TokenIndex.exact`: a case-sensitive identifier of
        three bytes or more), else ``None``: the trigrams' candidates are read. A rare identifier's
        trigrams admit the large files holding them all apart (sympy: 0.4-3.6 MB read for one to
        seven files holding it)."""
        needle = self._token(matcher)
        if needle is None or len(needle) < 3 or not self.snapshot.tokens.exact():  # type: ignore[union-attr]
            return None
        return self._token_tiers(files, needle)

    def _whole_files(self, files: _Files, needle: bytes) -> np.ndarray:
        """Which files (a mask by position) hold ``needle`` (a token) as a whole identifier, from
        the token index: one bisection, no file read."""
        assert self.snapshot.tokens is not None
        mask = np.zeros(len(files), bool)
        at = files.at_docs(np.asarray(self.snapshot.tokens.documents(needle), np.int64))
        mask[at[at >= 0]] = True
        return mask

    def _token_tiers(self, files: _Files, needle: bytes) -> np.ndarray | None:
        """Each file's best match of ``needle`` (a token), by position: 3 a whole identifier, 2 a
        word boundary, 1 inside a longer name, 0 none; from the token index's names (one pass
        over them), no file read. ``None`` when too many tokens hold it (a letter or two)."""
        assert self.snapshot.tokens is not None
        found = self.snapshot.tokens.containing(needle, MAX_TOKENS_HOLDING)
        if found is None:
            return None
        docs, best = found
        at = files.at_docs(docs)
        if bool((at < 0).any()):
            return None  # a document no file has: a damaged token index, the trigrams answer
        tiers = np.zeros(len(files), np.int64)
        tiers[at] = best
        return tiers

    def _whole_page(
        self, files: _Files, queue: np.ndarray, best: np.ndarray, factors: np.ndarray, rank: np.ndarray, needle: bytes,
        defined: _Defined, limit: int
    ) -> Sequence[LineMatch] | None:
        """A page of ``limit`` lines read from the files that hold the literal as a whole
        identifier (the token index's), or ``None`` when they cannot fill it.

        ``queue`` is the reading order: by factor, then the files defining one of the literal's
        own names that hold it whole (``best`` 7), then the other files holding it whole (6), then
        those holding it only inside longer names (5, never read here). A whole-identifier line of
        the first factor ranks before every other line of the list but those like it: the lines
        that define one of the literal's names (key 7) first, then the mentions (key 6) by their
        file's place (``rank``) and line. So the definition sites alone are read in the defining
        files, then the files holding it are read in their listing order, each only until the page
        has its lines; once it has ``limit``, no line unread can enter it. A match inside a longer
        name is passed over, never ranked."""
        first = int(np.count_nonzero(factors[queue] == factors[queue[0]]))
        group, keys = queue[:first], best[:first]
        holders = group[keys >= 6]
        if not len(holders):
            return None
        blob, offsets, lengths = self.snapshot.blob(), files.offsets, files.lengths
        ensure = self.snapshot.ensure
        sites = _lines_by_position(defined.exact_keys, group[keys == 7])
        places = self._places(files, needle)
        own: list[int] = []
        lines: list[int] = []
        starts: list[int] = []
        shown = file_newlines(self.snapshot)
        for index, site_lines in sites.items():  # the definitions: before every mention of the factor
            offset = int(offsets[index])
            held = places(index, None, site_lines) if shown is not None and shown.kept(files.paths[index]) is None \
                else None  # a file not shown yet: its newlines counted to its last place, not found whole
            if held is None:
                newlines = self._newlines(files.paths[index], offset, int(lengths[index]))
                held = places(index, newlines, site_lines)
            if held is None:
                ensure(offset, offset + int(lengths[index]))
                held = _whole_at(blob, offset, offset + int(lengths[index]), needle, newlines, site_lines)
            for line, start in held:
                own.append(index)
                lines.append(line)
                starts.append(start)
        defining = len(own)
        ordered = holders[np.argsort(rank[holders], kind="stable")]
        placed_page = self._placed_page(files, needle, ordered, limit - defining, defining, sites)
        if placed_page is not None:
            if len(placed_page[0]) < limit - defining:
                return None  # the whole identifiers of the first factor do not fill the page
            own.extend(placed_page[0])
            lines.extend(placed_page[1])
            starts.extend(placed_page[2])
        else:
            for index in ordered.tolist():
                if len(own) >= limit:
                    break
                offset, length = int(offsets[index]), int(lengths[index])
                ensure(offset, offset + length)
                found = _whole_lines(blob, offset, offset + length, needle,
                                     self._newlines(files.paths[index], offset, length), limit - len(own),
                                     frozenset(sites.get(index, ())))
                own.extend([index] * len(found[0]))
                lines.extend(found[0])
                starts.extend(found[1])
            else:
                if len(own) < limit:
                    return None  # the whole identifiers of the first factor do not fill the page
        at = np.array(own, np.int64)
        defs = np.arange(len(at)) < defining
        return _ranked(files.paths, at, np.array(lines, np.int64), np.full(len(at), 3, np.int64), defs,
                       np.array(starts, np.int64), limit, factors, rank)

    def _placed_page(
        self, files: _Files, needle: bytes, ordered: np.ndarray, need: int, defining: int, sites: dict[int, list[int]]
    ) -> tuple[list[int], list[int], list[int]] | None:
        """The first ``need`` whole-identifier lines of some files (positions, in reading order)
        outside their definition ``sites``, as file positions, lines (0-based) and first offsets,
        from the token index's places: every file's rows found at once, only as many places taken
        from each as the page could use (``need``, and the ``defining`` site lines it may skip),
        checked together; fewer lines when the files hold fewer. ``None`` where the index has no
        places or they do not hold up (damage): the files are read."""
        tokens = self.snapshot.tokens
        t = tokens.find(needle) if tokens is not None and tokens.places is not None else None
        if t is None or need <= 0:
            return ([], [], []) if need <= 0 else None
        ordered = ordered[: need + defining]  # each file gives at least a line: the page's files are among these
        rows = tokens.place_rows(t, files.docs[ordered])  # type: ignore[union-attr]
        if rows is None or not bool((rows[1] > 0).all()):
            return None  # a file the tokens say holds it with no places: damage
        firsts, counts = rows
        if int(counts.sum()) - defining < need:
            return [], [], []  # they cannot fill the page: nothing to check
        takes = np.minimum(counts, need + defining)  # a file gives the page at most that many lines
        k = min(int(np.searchsorted(np.cumsum(takes), need + defining)) + 1, len(ordered))
        firsts, takes, chosen = firsts[:k], takes[:k], ordered[:k]
        bounds = np.cumsum(takes)
        self.snapshot.ensure_spans(files.offsets[chosen], files.offsets[chosen] + files.lengths[chosen])
        blob, found_at = self.snapshot.blob(), []
        rows_blocks = tokens.place_rows_blocks(firsts, takes)  # type: ignore[union-attr]
        file_offsets, file_lengths = files.offsets[chosen].tolist(), files.lengths[chosen].tolist()
        for file_offset, file_length, blocks in zip(file_offsets, file_lengths, rows_blocks):
            got = resolve_held(blob, file_offset, file_length, needle, blocks)
            if got is None:
                return None  # the blocks do not hold the row's places: damage
            found_at.extend(got)
        at = np.array(found_at, np.int64)
        owner = np.repeat(np.arange(k), takes)
        lo, length = files.offsets[chosen][owner], files.lengths[chosen][owner]
        n = len(needle)
        ends = at + n
        arr = np.frombuffer(self.snapshot.blob(), np.uint8)
        step = np.diff(at)
        if (bool((ends > length).any()) or bool(((step <= 0) & (owner[1:] == owner[:-1])).any())
                or not bool((arr[(lo + at)[:, None] + np.arange(n)] == np.frombuffer(needle, np.uint8)).all())):
            return None
        before = np.where(at > 0, _IDENT_TABLE[arr[np.maximum(lo + at - 1, 0)]], False)
        after = np.where(ends < length, _IDENT_TABLE[arr[np.minimum(lo + ends, len(arr) - 1)]], False)
        if bool((before | after).any()):
            return None
        paths = files.paths
        last, first = bounds.tolist(), (bounds - takes).tolist()  # each file's rows of ``at``
        shown = file_newlines(self.snapshot)
        found = np.concatenate([  # each file's places numbered by its own newlines, checked together below
            (shown.of(paths[index])[2] if shown is not None else self._newlines(paths[index], file_offsets[j],
                                                                                 file_lengths[j])).searchsorted(
                at[first[j] : last[j]])
            for j, index in enumerate(chosen.tolist())])
        if len(found) > 1 and bool(((np.diff(found) <= 0) & (owner[1:] == owner[:-1])).any()):
            return None  # two places on one line: damage
        keep = np.ones(len(found), bool)
        for j, index in enumerate(chosen.tolist()):
            skip = sites.get(index)
            if skip:
                keep[first[j] : last[j]] = ~_members(found[first[j] : last[j]], np.asarray(skip, np.int64))  # the sites' lines
        kept = np.flatnonzero(keep)[:need]
        return chosen[owner[kept]].tolist(), found[kept].tolist(), at[kept].tolist()

    def _places(self, files: _Files, needle: bytes) -> _SitePlaces:
        """What tells, for a file (its position), its newline offsets and some of its lines (0-based,
        increasing: definition sites), those holding ``needle`` (a token) as a whole identifier,
        each with the offset of the first such match on it (:func:`_whole_at`'s answer),
        from the token index's places (:meth:`~maguyva_tui.core.store.tokens.TokenIndex.row_places`:
        the file is not read); ``None`` where the index holds none for it, or they do not hold up:
        not increasing, outside the file, not the needle as a whole identifier, two on one line
        (damage): the file is read. Without newline offsets (``None``), a file of a few places has
        them counted and its site lines noted for their snippets; ``None`` for one of many."""
        tokens = self.snapshot.tokens
        t = tokens.find(needle) if tokens is not None and tokens.places is not None else None
        if t is None:
            return _no_places
        assert tokens is not None and tokens.places is not None
        blob = self.snapshot.blob()
        ensure = self.snapshot.ensure
        arr = np.frombuffer(blob, np.uint8)
        kept = file_newlines(self.snapshot)
        docs, offsets, lengths = files.docs, files.offsets, files.lengths
        first_row = int(tokens.starts[t])
        row_docs = tokens.docs[first_row : int(tokens.starts[t + 1])]
        row_counts = tokens.places[1]

        def placed(index: int, newlines: np.ndarray | None, site_lines: list[int]) -> list[tuple[int, int]] | None:
            doc = int(docs[index])
            i = int(row_docs.searchsorted(doc))
            if i >= len(row_docs) or int(row_docs[i]) != doc:
                return None
            lo, length = int(offsets[index]), int(lengths[index])
            if newlines is not None:
                ensure(lo, lo + length)  # the sites' lines read (finding a name's places again in their blocks
                return _whole_at(blob, lo, lo + length, needle, newlines, site_lines)  # costs more)
            if int(row_counts[first_row + i]) > FEW_SITE_PLACES:
                return None  # many places: numbered from the file's newlines
            blocks = tokens.row_places(t, doc)
            if not blocks:
                return None
            ensure(lo, lo + length)
            if len(blocks) * SCAN_BYTES_A_PLACE > (blocks[-1] + 1) * block_size(length):
                return _site_lines_read(blob, arr, lo, length, needle, blocks[-1], site_lines, kept, files.paths[index])
            found = resolve_held(blob, lo, length, needle, blocks)  # a few places in a long text: found again
            if found is None:
                return None  # the blocks do not hold the row's places: damage
            return _few_site_places(blob, lo, length, needle, found, newlines, site_lines, kept, files.paths[index])

        return placed

    def _newlines(self, path: str, offset: int, length: int) -> np.ndarray:
        """A file's newline offsets (in it), kept per snapshot with those its results' snippets read
        (:func:`~maguyva_tui.core.results.file_newlines`: a page's files are the ones it shows, so
        their lines are numbered from one pass over each, not counted again between matches)."""
        kept = file_newlines(self.snapshot)
        if kept is not None:
            return kept.offsets(path)
        self.snapshot.ensure(offset, offset + length)
        return np.flatnonzero(np.frombuffer(self.snapshot.blob(), np.uint8, count=length, offset=offset) == 10)

    def _none_holds(self, files: _Files, chosen: np.ndarray, inner: _Inner | None, matcher: _Matcher) -> bool:
        """Whether no candidate file (positions in path order) holds a match, where that is cheap to
        tell: only the files holding the literal's inner identifiers (``inner``, when the token
        index tells) can, and only on the lines holding the rarest of them (:meth:`_placed_holds`);
        else :data:`ENOUGH_CANDIDATES` files at most are read (``False`` for more: reading them
        for the page tells)."""
        few = len(chosen) <= ENOUGH_CANDIDATES
        if inner is not None:
            chosen = chosen[_members(files.docs[chosen], inner.docs)]
            if not len(chosen):
                return True  # a file lacking an identifier the literal holds whole cannot hold it
            placed = self._placed_holds(files, chosen, matcher, inner)
            if placed is not None:
                return not placed
        return few and not self._any_holds(files, chosen, matcher)

    def _placed_holds(self, files: _Files, chosen: np.ndarray, matcher: _Matcher, inner: _Inner) -> bool | None:
        """Whether one of some files holding every inner identifier of a case-sensitive literal
        holds the literal, read only around the token index's places of the rarest one (its first
        whole occurrence on each line holding it): the literal holds it whole wherever it occurs,
        on one line, starting at most its last place in the literal before one of those places.
        A sentence asked whole ("print an expression as latex") read its candidates whole on
        every shard of a workspace (0.4-0.7 ms on a sympy package, for none). ``None`` when reading
        the files whole costs less (a place costs about as much as :data:`PLACE_BYTES` bytes read)
        or the index cannot tell (no places, a literal over lines, a file's row damaged)."""
        needle, tokens = matcher.needle, self.snapshot.tokens
        if needle is None or tokens is None or tokens.places is None or b"\n" in needle or inner.t < 0:
            return None
        rows = tokens.place_rows(inner.t, np.asarray(files.docs[chosen], np.int64))
        if rows is None or not bool(rows[1].all()):
            return None  # a file whose row names no place of it (damage): its text is read
        offsets, lengths = files.offsets[chosen], files.lengths[chosen]
        if int(rows[1].sum()) * PLACE_BYTES >= int(lengths.sum()):
            return None
        blob, back = self.snapshot.blob(), needle.rfind(inner.token)
        for offset, length, first, count in zip(offsets.tolist(), lengths.tolist(), rows[0].tolist(), rows[1].tolist()):
            end = offset + length
            self.snapshot.ensure(offset, end)
            found = resolve_held(blob, offset, length, inner.token, tokens.place_blocks(first, count))
            if found is None:
                return None  # the blocks do not hold the row's places: damage, its text is read
            for place in found:
                line_end = blob.find(b"\n", offset + place, end)
                if blob.find(needle, max(offset, offset + place - back), end if line_end < 0 else line_end) >= 0:
                    return True
        return False

    def _any_holds(self, files: _Files, chosen: np.ndarray, matcher: _Matcher) -> bool:
        """Whether one of some files (positions in path order) holds a match."""
        blob = self.snapshot.blob()
        offsets, lengths = files.offsets[chosen].tolist(), files.lengths[chosen].tolist()
        ensure = self.snapshot.ensure
        for offset, length in zip(offsets, lengths):
            ensure(offset, offset + length)
            if matcher.holds(blob, offset, offset + length):
                return True
        return False

    def _file_order(
        self, files: _Files, chosen: np.ndarray, demote: Callable[[str], float] | None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Each file's factor and its place in the listing order, by position (read only at the
        ``chosen`` ones): path order; with ``demote`` (the direct path), by factor, then the file's
        centrality (the package's central modules before its leaves, a README after the code it
        documents), then path."""
        if demote is None:
            return np.ones(len(files)), np.arange(len(files))
        factors = files.factors(demote, chosen)
        central = files.central(chosen)
        order = np.lexsort((chosen, -central[chosen], -factors[chosen]))
        rank = np.zeros(len(files), np.int64)
        rank[chosen[order]] = np.arange(len(chosen))
        return factors, rank

    def _literal_rows(
        self, files: _Files, chosen: np.ndarray, matcher: _Matcher, defined: _Defined, every: bool
    ) -> tuple[np.ndarray, ...]:
        """The matching lines of some files (positions in path order) as columns: file, 0-based
        line, match tier, definition flag, byte offset in the file; one row per line (``every``:
        the search lists every line, not a page)."""
        blob = self.snapshot.blob()
        starts: list[int] = []
        ends: list[int] = []
        owners: list[int] = []
        offsets, lengths = files.offsets[chosen], files.lengths[chosen]
        ensure = self.snapshot.ensure
        for k, (offset, length) in enumerate(zip(offsets.tolist(), lengths.tolist())):
            ensure(offset, offset + length)
            found = matcher.spans_between(blob, offset, offset + length, MANY_SPANS)
            if found is None:  # thousands in one file: those that can be a line's best
                firsts = matcher.line_firsts(blob, offset, offset + length).tolist()
                width = len(matcher.needle if matcher.needle is not None else matcher.lowered or b"")
                found = [(s, s + width) for s in firsts]
            starts.extend(s for s, _ in found)
            ends.extend(e for _, e in found)
            owners.extend([k] * len(found))
        if not starts:
            return _NO_ROWS
        return self._span_rows(files, chosen, np.array(owners, np.int64), np.array(starts, np.int64),
                               np.array(ends, np.int64), defined, every)

    def _span_rows(
        self, files: _Files, chosen: np.ndarray, at: np.ndarray, pos: np.ndarray, end: np.ndarray, defined: _Defined,
        every: bool
    ) -> tuple[np.ndarray, ...]:
        """:meth:`_literal_rows` of matches found: each match's file (``at``, increasing, indexes
        ``chosen``, positions in path order), its start and end in the stored texts; one row per
        line, its best match (the first of the best tier)."""
        offsets, lengths = files.offsets[chosen], files.lengths[chosen]
        own = chosen[at]
        lo, hi = offsets[at], offsets[at] + lengths[at]
        read = unique(at)
        if every or self.snapshot.has_newlines():
            self.snapshot.ensure_spans(offsets[read], offsets[read] + lengths[read])  # the lines around the matches
        else:  # a page: a file of a few matches only around each (the bytes that tier it; its line is numbered
            # from the blocks' newline counts, its bounds read as they are noted), one of more is numbered whole
            # and read whole (a rare name's one line in a 100 KB file had the blocks before it decompressed)
            firsts = np.flatnonzero(np.append(True, at[1:] != at[:-1]))  # each file's first match (``at`` increases)
            many = np.diff(np.append(firsts, len(at))) > COUNTED_MATCHES
            self.snapshot.ensure_spans(lo[firsts[many]], hi[firsts[many]])
            few = ~np.repeat(many, np.diff(np.append(firsts, len(at))))
            self.snapshot.ensure_spans(np.maximum(lo[few], pos[few] - 1), np.minimum(hi[few], end[few] + 1))
        arr = np.frombuffer(self.snapshot.blob(), np.uint8)
        lines = self._line_numbers(arr, pos, lo, at, offsets, lengths, every, [files.paths[i] for i in chosen.tolist()])
        if len(pos) <= FEW_SPANS:
            own, lines, tiers, pos, lo = _few_rows(self.snapshot.blob(), own, lines, pos, end, lo, hi)
            return self._with_definitions(own, lines, tiers, pos, lo, defined)
        tiers = _tiers_within(arr, pos, end, lo, hi)
        order = np.lexsort((-tiers, lines, own))
        own, lines, tiers, pos, lo = own[order], lines[order], tiers[order], pos[order], lo[order]
        keep = np.ones(len(lines), bool)
        keep[1:] = (lines[1:] != lines[:-1]) | (own[1:] != own[:-1])
        own, lines, tiers, pos, lo = own[keep], lines[keep], tiers[keep], pos[keep], lo[keep]
        return self._with_definitions(own, lines, tiers, pos, lo, defined)

    @staticmethod
    def _with_definitions(own: np.ndarray, lines: np.ndarray, tiers: np.ndarray, pos: np.ndarray, lo: np.ndarray,
                          defined: _Defined) -> tuple[np.ndarray, ...]:
        """:meth:`_span_rows` of its lines' rows: each one's definition flag added, its match's
        offset in its file."""
        key = (own << 32) | (lines + 1)
        defs = _members(key, defined.exact_keys)
        inside = tiers < 3
        if inside.any():
            defs[inside] |= defined.holding_at(key[inside])
        return own, lines, tiers, defs, pos - lo

    def _line_numbers(
        self, arr: np.ndarray, pos: np.ndarray, lo: np.ndarray, at: np.ndarray, offsets: np.ndarray,
        lengths: np.ndarray, every: bool, paths: list[str]
    ) -> np.ndarray:
        """The 0-based line of each match (``pos``, in files starting at ``lo``; ``at``, in
        increasing order, indexes ``offsets``, ``lengths`` and ``paths``, the files'): from the whole
        text's newline index once a search has built it, or when ``every`` line is listed of many
        files, else from the matching files' own newlines (a limited search reads a few files, not
        30 MB: building the index inside one took 0.5 s of CPU at load 12): a file's first
        :data:`COUNTED_MATCHES` matches counted, else all its newlines found once and kept for the
        page's snippets (:func:`~maguyva_tui.core.results.file_newlines`: they had been found up to
        its last match and dropped, and the page found them again, the whole file's); found up to
        the last match only where none are kept, or for a list of ``every`` line (not a page: no
        file's newlines kept for snippets it may never show)."""
        change = np.flatnonzero(at[1:] != at[:-1]) + 1
        if self.snapshot.has_newlines() or (every and len(change) >= PER_FILE_NEWLINES):
            newlines = self.snapshot.newlines()
            return np.searchsorted(newlines, pos) - np.searchsorted(newlines, lo)
        kept = file_newlines(self.snapshot)
        lines = np.empty(len(pos), np.int64)
        for first, end in zip([0, *change.tolist()], [*change.tolist(), len(at)]):
            k = int(at[first])
            offset, length = int(offsets[k]), int(lengths[k])
            own_newlines = None if kept is None else kept.kept(paths[k])
            if own_newlines is None and kept is not None and not every and end - first <= COUNTED_MATCHES:
                lines[first:end] = _counted_lines(offset, length, pos[first:end].tolist(), kept, paths[k],
                                                  self.snapshot.newlines_before, self.snapshot.line_at)
                continue
            if own_newlines is None and kept is not None and not every:  # a page shows its lines: found once, kept
                own_newlines = kept.offsets(paths[k])
            elif own_newlines is None:
                last = int(pos[end - 1]) - offset  # newlines after the file's last match are not counted
                self.snapshot.ensure(offset, offset + min(last, length))
                own_newlines = np.flatnonzero(arr[offset : offset + min(last, length)] == 10)
            lines[first:end] = np.searchsorted(own_newlines, pos[first:end] - offset)
        return lines

    def definers(self, name: str) -> set[str]:
        """The files that define a symbol of exactly this bare name, from the table of defined
        names (no symbol table built: a direct answer asks before its engine runs), remembered for
        the last :data:`DEFINERS_KEPT` names (a question asks twice: is it a symbol, and does only
        a test define it; 50 µs each)."""
        kept = self._kept.definers
        found = kept.get(name)
        if found is None:
            found = frozenset(self._definition_table().paths_defining(name))
            if len(kept) >= DEFINERS_KEPT:
                kept.clear()
            kept[name] = found
        return set(found)

    def _defined_lines(self, literal: str) -> _Defined:
        """The lines (1-based), by file, that define a name the literal names, compared
        case-folded: one of the literal's own identifiers (``expand``; ``request`` for
        ``Session.request``), or a name holding the literal (``expand_mul`` for ``expand``)."""
        table, files = self._definition_table(), self._files()
        needle = literal.casefold()
        exact = {n for n in map(table.table.find, _NAME_PARTS.findall(needle)) if n is not None}
        positions = self._definition_positions(table, files)

        def holding() -> np.ndarray:
            names = table.table.holding(needle) - exact if "\n" not in needle else set()
            return _site_keys(table.table, sorted(names), positions)

        def among(at: np.ndarray) -> np.ndarray | None:
            if "\n" in needle:
                return np.zeros(0, np.int64)
            names = self._names_defined_in(table, positions, at)
            if len(names) * NAME_CHECK_BYTES > table.table.bytes_of_names():
                return None  # many names: one scan of them all costs less
            held = table.table.holding_among(needle, names)
            held = held[~_members(held, np.array(sorted(exact), np.int64))]
            keys = _site_keys(table.table, held.tolist(), positions)
            kept: np.ndarray = keys[_members(keys >> 32, at)]
            return kept

        def at_lines(keys: np.ndarray) -> np.ndarray:
            out = np.zeros(len(keys), bool)
            if "\n" in needle or not len(keys):
                return out
            site_files, site_names, site_lines = self._site_columns(table, positions)
            lo = np.searchsorted(site_files, keys >> 32, "left")
            counts = np.searchsorted(site_files, keys >> 32, "right") - lo  # the sites of each key's file
            total = int(counts.sum())
            if not total:
                return out
            rows = np.repeat(lo - np.cumsum(counts) + counts, counts) + np.arange(total)
            owner = np.repeat(np.arange(len(keys)), counts)
            on_line = site_lines[rows] == (keys & 0xFFFFFFFF)[owner]
            rows, owner = rows[on_line], owner[on_line]
            if not len(rows):
                return out
            names = site_names[rows]
            held = table.table.holding_among(needle, unique(names))
            held = held[~_members(held, np.array(sorted(exact), np.int64))]
            out[owner[_members(names, held)]] = True
            return out

        return _Defined(files.paths, _site_keys(table.table, sorted(exact), positions), holding, among, at_lines)

    def _names_defined_in(self, table: _Definitions, positions: np.ndarray | None, at: np.ndarray) -> np.ndarray:
        """The names (positions in the table, sorted, each once) defined in these files (positions
        in path order), from every site's file sorted once per engine."""
        files, names, _ = self._site_columns(table, positions)
        lo, hi = np.searchsorted(files, at, "left"), np.searchsorted(files, at, "right")
        counts = hi - lo
        rows = np.repeat(lo - (np.cumsum(counts) - counts), counts) + np.arange(int(counts.sum()))
        return unique(names[rows])

    def _site_columns(self, table: _Definitions, positions: np.ndarray | None) -> tuple[np.ndarray, ...]:
        """Every definition site's file (its position in path order), sorted, the name it defines
        and its line (:func:`_sites_by_file`), made once per engine."""
        kept = self._kept
        if kept.sites_by_file is None:
            with self._index_lock:
                if kept.sites_by_file is None:
                    kept.sites_by_file = _sites_by_file(table.table, positions)
        return kept.sites_by_file

    def _definition_positions(self, table: _Definitions, files: _Files) -> np.ndarray | None:
        """Each file of the table of defined names at its position in path order (``None``: the
        same), worked out once (the two lists of paths compared in every question cost 0.1 ms
        on sympy, more as the repository grows)."""
        kept = self._kept
        if kept.positions is None:
            if table.paths is files.paths or table.paths == files.paths:
                kept.positions = (None,)
            else:
                found = (files.position(p) for p in table.paths)
                kept.positions = (np.fromiter((-1 if i is None else i for i in found), np.int64, len(table.paths)),)
        return kept.positions[0]

    def _definition_table(self) -> _Definitions:
        """Every defined name (case-folded) and where it is defined: the table the index wrote
        (mapped, looked up by bisection), or, for a build in memory, made from its rows."""
        kept = self._kept
        with self._index_lock:
            if kept.definitions is None:
                rows = self.snapshot.facts.rows
                if isinstance(rows, StoredRows):
                    kept.definitions = _Definitions(rows.definitions(), rows.paths, rows.spellings)
                else:
                    paths = list(rows)
                    at = {p: i for i, p in enumerate(paths)}
                    found = [(row[0], at[path], row[7] or row[3]) for path, row in self.snapshot.facts.symbol_rows()]
                    names = list(dict.fromkeys(n for n, _, _ in found))
                    position = {n: i for i, n in enumerate(names)}
                    of_row = np.array([position[n] for n, _, _ in found], np.int64)
                    files = np.array([f for _, f, _ in found], np.int64)
                    lines = np.array([ln for _, _, ln in found], np.int64)
                    table = build_definitions(names, of_row, files, lines)
                    kept.definitions = _Definitions(table, paths, lambda ids: [names[i] for i in ids.tolist()])
            return kept.definitions

    def _promising(self, files: _Files, chosen: np.ndarray, literal: str | None, budget: int | None) -> np.ndarray:
        """Keep the files most worth verifying when the work is bounded, in path order."""
        if budget is None or len(chosen) <= budget:
            return chosen
        definers = self._definition_table().paths_defining(literal, exact_case=False) if literal else set()
        value = self.snapshot.centrality.at_first_line(files.paths, chosen)  # 98,000 files one by one: 1.6 s
        other = np.fromiter((files.paths[i] not in definers for i in chosen.tolist()), bool, len(chosen))
        order = np.lexsort((chosen, -value, other))  # the definers, then the central, then path order
        return np.sort(chosen[order[:budget]])

    def _file_arrays(self, path: str, matcher: _Matcher) -> _FileMatches | None:
        """One entry per matching line (0-based), its best match type and whether it defines the literal."""
        data = self.snapshot.raw(path)
        starts, ends = matcher.spans(data)
        if not len(starts):
            return None
        past_end = not data or data.endswith(b"\n")  # an empty match there starts no line at all
        keep = ~((starts == len(data)) & past_end)
        starts, ends = starts[keep], ends[keep]
        if not len(starts):
            return None
        arr = np.frombuffer(data, np.uint8)
        lines = np.searchsorted(np.flatnonzero(arr == 10), starts)  # an empty match at a "\n" ends its line
        tiers = _tiers(arr, starts, ends)
        order = np.lexsort((-tiers, lines))
        lines, tiers, starts = lines[order], tiers[order], starts[order]
        first = np.ones(len(lines), bool)
        first[1:] = lines[1:] != lines[:-1]
        lines, tiers, starts = lines[first], tiers[first], starts[first]
        defs = _definition_lines(self.snapshot, path)
        definitions = np.isin(lines + 1, np.fromiter(defs, np.int64, len(defs))) if defs else np.zeros(len(lines), bool)
        return _FileMatches(lines, tiers, definitions, starts)

    def term_hits(
        self, text: str, limit: int, max_files: int | None = None, code_words_only: bool = False
    ) -> list[Hit]:
        """Lines holding the question's rarer words, scored by summed inverse document frequency."""
        found = [w for w in _WORDS.findall(text) if len(w) >= TERM_MIN_LENGTH]
        if code_words_only:
            found = [w for w in found if is_code_like(w)]
        words = dict.fromkeys(w.lower() for w in found)
        terms = sorted([w for w in words if w not in STOP_WORDS][:MAX_TERMS])
        n_docs = max(len(self.snapshot.trigrams.live), 1)
        weights: dict[str, float] = {}
        docs_by_term: dict[str, list[str]] = {}
        for term in terms:
            paths = self.candidates(string_query(term))
            if paths:
                docs_by_term[term] = paths
                weights[term] = math.log(1 + n_docs / len(paths))
        chosen = self._term_files(docs_by_term, weights, max_files)
        matchers = {t: _Matcher(None, _compile(t, _options(case_sensitive=False, literal=True))) for t in docs_by_term}
        files: dict[str, list[str]] = {}
        for term, paths in docs_by_term.items():
            for path in paths:
                if chosen is None or path in chosen:
                    files.setdefault(path, []).append(term)
        ranked: list[tuple[float, str, int, tuple[str, ...]]] = []
        for path, file_terms in files.items():
            ranked.extend(self._term_lines(path, file_terms, matchers, weights))
        ranked.sort(key=lambda r: (-r[0], r[1], r[2]))
        return [self._line_hit(path, line, score, "terms " + "+".join(found)) for score, path, line, found in ranked[:limit]]

    def _term_lines(
        self, path: str, terms: list[str], matchers: dict[str, _Matcher], weights: dict[str, float]
    ) -> list[tuple[float, str, int, tuple[str, ...]]]:
        """The best lines of one file by the summed weight of the terms each holds."""
        per_term = {}
        for term in terms:
            arrays = self._file_arrays(path, matchers[term])
            if arrays is not None:
                per_term[term] = arrays.lines
        if not per_term:
            return []
        lines = np.concatenate(list(per_term.values()))
        scores = np.concatenate([np.full(len(v), weights[t]) for t, v in per_term.items()])
        distinct, inverse = unique_inverse(lines)
        totals = np.bincount(inverse, weights=scores)
        best = np.argsort(-totals, kind="stable")[:TERM_LINES_PER_FILE]
        out = []
        for i in best.tolist():
            line = int(distinct[i])
            found = tuple(t for t, v in per_term.items() if line in v)
            out.append((float(totals[i]), path, line + 1, found))
        return out

    def _term_files(
        self, docs_by_term: dict[str, list[str]], weights: dict[str, float], budget: int | None
    ) -> set[str] | None:
        """Under a budget, the files whose candidate terms weigh most (trigram evidence, unverified)."""
        if budget is None:
            return None
        weight: dict[str, float] = {}
        for term, paths in docs_by_term.items():
            for path in paths:
                weight[path] = weight.get(path, 0.0) + weights[term]
        return set(sorted(weight, key=lambda p: (-weight[p], p))[:budget])

    def sentence_hits(self, text: str, limit: int, max_files: int | None = None) -> list[Hit]:
        """Chunks whose contents hold a sentence's words, by BM25 (:mod:`~maguyva_tui.core.bm25`),
        at most :data:`SENTENCE_CHUNKS_PER_FILE` of one file, each holding at least
        :data:`MIN_BODY_STEMS` of the sentence's words. A hit spans its whole chunk. The index
        answers for every chunk at once, so ``max_files`` bounds nothing here."""
        index = self.chunk_index()
        chunks, scores, held = index.page(body_stems(text), limit, SENTENCE_CHUNKS_PER_FILE, MIN_BODY_STEMS)
        languages = self._kept.languages  # each file's read once per engine, as a line hit's (an entry made
        reasons: dict[tuple[str, ...], str] = {}  # per hit cost 5 µs: a sentence's 150 hits over a workspace's shards)
        out = []
        for chunk, score, stems in zip(chunks, scores, held):
            try:
                language = languages[chunk.path]
            except KeyError:
                language = languages.setdefault(chunk.path, self._files().language(chunk.path))
            try:
                reason = reasons[stems]
            except KeyError:
                reason = reasons[stems] = "body words " + "+".join(stems)
            out.append(_new_hit(chunk.path, chunk.start_line, chunk.end_line, score, chunk.symbol, chunk.kind,
                                language, reason))
        return out

    def chunk_index(self) -> ChunkIndex:
        """The BM25 index of this generation's chunks, opened (or built) on first use and kept."""
        with self._index_lock:
            if self._chunk_index is None:
                self._chunk_index = open_index(self.snapshot)
            return self._chunk_index

    def _hits(self, matches: Sequence[LineMatch], lead: str = "") -> list[Hit]:
        """The hits of matching lines, each in its enclosing chunk (asked of ``chunks_at`` for them
        all at once, which remembers them for fusion's centrality), each file's language read once
        per engine; lines as columns (:class:`_Lines`) read as such."""
        if isinstance(matches, _Lines):
            return self._column_hits(matches, lead)
        languages = self._kept.languages
        chunks = self._chunks_at([(m.path, m.line) for m in matches])
        reasons: dict[tuple[str, bool], tuple[str, float]] = {}  # a page's few kinds of line, each made once
        out = []
        for m, chunk in zip(matches, chunks):
            path, line = m.path, m.line
            try:
                language = languages[path]
            except KeyError:
                language = languages.setdefault(path, self._files().language(path))
            kind = (m.match_type, m.definition)
            try:
                reason, score = reasons[kind]
            except KeyError:
                reason, score = reasons[kind] = (lead + kind[0] + (", definition" if kind[1] else ""), m.score)
            out.append(_new_hit(path, line, line, score, chunk.symbol if chunk else None,
                                chunk.kind if chunk else None, language, reason))
        return out

    def _column_hits(self, matches: _Lines, lead: str) -> list[Hit]:
        """:meth:`_hits` of lines as columns: the same hits, no :class:`LineMatch` made."""
        languages = self._kept.languages
        paths, lines = matches.paths, matches.lines
        chunks = self._chunks_at(list(zip(paths, lines)))
        reasons: dict[tuple[int, bool], tuple[str, float]] = {}  # a page's few kinds of line, each made once
        out = []
        for path, line, tier, definition, chunk in zip(paths, lines, matches.tiers, matches.defs, chunks):
            try:
                language = languages[path]
            except KeyError:
                language = languages.setdefault(path, self._files().language(path))
            try:
                reason, score = reasons[tier, definition]
            except KeyError:
                name = _TIER_NAMES[tier]  # LineMatch's match type, reason and score, written out
                reason, score = reasons[tier, definition] = (
                    lead + name + (", definition" if definition else ""),
                    MATCH_TIERS[name] + (DEFINITION_BONUS if definition else 0.0))
            out.append(_new_hit(path, line, line, score, chunk.symbol if chunk else None,
                                chunk.kind if chunk else None, language, reason))
        return out

    def _line_hit(self, path: str, line: int, score: float, reason: str) -> Hit:
        chunk = self._chunk_at(path, line)
        entry = self.snapshot.files[path]
        symbol = chunk.symbol if chunk else None
        kind = chunk.kind if chunk else None
        return Hit(path, line, line, score, symbol, kind, entry.language, reason)


def body_stems(text: str) -> tuple[str, ...]:
    """A sentence's content words as the chunk index counts them, in order: every identifier or
    word split into subtokens (``CookieJar`` -> cookie, jar: the things a function works with are in
    its body), English function words and question words left out, stemmed (``cookies`` ->
    ``cooki``)."""
    return question_stems(text, STOP_WORDS)


def enclosing_chunk(snapshot: Snapshot, path: str, line: int) -> Chunk | None:
    """Return the smallest definition chunk holding a line, else the smallest window."""
    return smallest_chunk_at(snapshot.facts.chunks(path), line)


def _inner_tokens(needle: bytes) -> list[bytes]:
    """The identifiers of a literal that touch neither of its ends (each distinct, at most
    :data:`~maguyva_tui.core.store.tokens.MAX_TOKEN_BYTES` long: the token index holds no longer
    one): wherever the literal occurs, each is a whole identifier of the text."""
    found = [m for m in _IDENTIFIERS.finditer(needle) if m.start() > 0 and m.end() < len(needle)]
    return list(dict.fromkeys(m.group() for m in found if m.end() - m.start() <= MAX_TOKEN_BYTES))


@lru_cache(maxsize=256)
def _kept_inner_tokens(needle: bytes) -> tuple[bytes, ...]:
    """:func:`_inner_tokens`, kept for the last literals (a sentence tried whole on every shard of
    a workspace: 5 us a shard)."""
    return tuple(_inner_tokens(needle))


def _occurrences(text: bytes, needle: bytes) -> list[int]:
    """Where ``needle`` starts in ``text``, overlapping occurrences too (as a scan of a file finds them)."""
    out = []
    i = text.find(needle)
    while i >= 0:
        out.append(i)
        i = text.find(needle, i + 1)
    return out


def _first_whole(blob: bytes, lo: int, hi: int, needle: bytes) -> int:
    """The offset (in ``blob``) of the first occurrence of ``needle``, one identifier, as a whole
    identifier inside ``blob[lo:hi]`` (its edges count as boundaries), else -1. No whole match
    starts inside a longer name, so an occurrence there is stepped over whole."""
    n = len(needle)
    i = blob.find(needle, lo, hi)
    while i >= 0:
        end = i + n
        if (i == lo or blob[i - 1] not in _IDENT) and (end == hi or blob[end] not in _IDENT):
            return i
        i = blob.find(needle, end, hi)
    return -1


def _whole_lines(blob: bytes, lo: int, hi: int, needle: bytes, newlines: np.ndarray, cap: int | None = None,
                 skip: frozenset[int] = frozenset()) -> tuple[list[int], list[int]]:
    """The lines (0-based) of a text, ``blob[lo:hi]`` with its newlines at ``newlines`` (offsets in
    it, increasing), that hold ``needle``, one identifier, as a whole identifier, and the offset (in
    the text) of each one's first such match; lines in ``skip`` left out; with ``cap``, the first
    ``cap`` of them. A line is left once it has one; its number is found from ``newlines`` once
    the matches are known (the text is read once, never counted between matches)."""
    want = None if cap is None else cap + len(skip)  # enough to keep ``cap`` once ``skip``'s are out
    found: list[int] = []
    n, start = len(needle), lo  # ``start``: where the line being searched begins
    i = blob.find(needle, lo, hi)
    while i >= 0:  # _first_whole's loop, written out: a call per line cost a quarter of a page's reading
        end = i + n
        if (i == start or blob[i - 1] not in _IDENT) and (end == hi or blob[end] not in _IDENT):
            found.append(i - lo)
            if len(found) == want:
                break
            start = blob.find(b"\n", end, hi) + 1
            if not start:
                break
            i = blob.find(needle, start, hi)
        else:
            i = blob.find(needle, end, hi)
    lines = np.searchsorted(newlines, found).tolist() if found else []
    if skip:
        kept = [(line, start) for line, start in zip(lines, found) if line not in skip]
        lines, found = [line for line, _ in kept], [start for _, start in kept]
    return lines[:cap], found[:cap]


_SitePlaces: TypeAlias = Callable[[int, np.ndarray | None, list[int]], list[tuple[int, int]] | None]
"""A file's definition-site lines holding a token whole, each with its first offset, from the places."""


def _no_places(index: int, newlines: np.ndarray | None, lines: list[int]) -> None:
    """No places for any file (an index written without them): every file is read."""
    return None


def _whole_at(blob: bytes, lo: int, hi: int, needle: bytes, newlines: np.ndarray,
              lines: list[int]) -> list[tuple[int, int]]:
    """Which of some lines (0-based, increasing) of a text, ``blob[lo:hi]`` with its newlines at
    ``newlines``, hold ``needle`` as a whole identifier, each with the offset (in the text) of its
    first whole match."""
    out = []
    count = len(newlines)
    for line in lines:
        if line < 0 or line > count:
            continue  # no line of the file (a damaged table's site)
        start = lo + (0 if line == 0 else int(newlines[line - 1]) + 1)
        end = lo + int(newlines[line]) if line < count else hi
        found = _first_whole(blob, start, end, needle) if start < end else -1
        if found >= 0:
            out.append((line, found - lo))
    return out


def _counted_lines(offset: int, length: int, pos: list[int], kept: FileNewlines | None, path: str,
                   newlines_before: Callable[[int], int],
                   line_at: Callable[[int, int, int], tuple[int, int]]) -> list[int]:
    """The 0-based line of each match of a file (``pos``, increasing, in the stored texts), the
    newlines before it counted from the stored texts' table (:meth:`Snapshot.newlines_before`:
    those of the blocks before its own, its own read up to it), each line's bounds noted for its
    snippet with ``kept`` (:meth:`~maguyva_tui.core.results.FileNewlines.note`; :meth:`Snapshot.line_at`):
    a file a page first shows is not searched whole for its newlines (a rare name's page shows a
    line or two of each of a dozen files), nor read from its start: only the blocks its matches'
    lines span are decompressed (a rare name's one line in the middle of a 40 KB file: one
    block, where the five up to it were)."""
    first = newlines_before(offset)
    out: list[int] = []
    end = offset + length
    for at in pos:
        count = newlines_before(at) - first
        out.append(count)
        if kept is not None:
            kept.note(path, count + 1, *line_at(offset, end, at))
    return out


def _held_lines(blob: bytes, offset: int, pos: list[int]) -> list[int]:
    """The 0-based line of each of some offsets (``pos``, increasing) of a text at ``offset``
    held in :meth:`Snapshot.blob` up to the last of them, its newlines counted up to it."""
    newline = np.frombuffer(blob, np.uint8, pos[-1] - offset, offset) == 10
    out: list[int] = []
    count, before = 0, offset
    for at in pos:
        count += int(np.count_nonzero(newline[before - offset : at - offset]))
        before = at
        out.append(count)
    return out


SCAN_BYTES_A_PLACE = 4096
"""Bytes of a text searched for newlines in about the time one place is found again in its block
(:func:`~maguyva_tui.core.store.place_blocks.resolve_held`): a defining file's site lines are
numbered by its newlines (:func:`_site_lines_read`) where its places are more, else from them."""

SITE_SCAN_BYTES = 16384
"""Bytes of a file searched for newlines at a time by :func:`_site_lines_read` (3 µs), up to its
last definition site's line."""


def _site_lines_read(blob: bytes, arr: np.ndarray, lo: int, length: int, needle: bytes, last_block: int,
                     site_lines: list[int], kept: FileNewlines | None, path: str) -> list[tuple[int, int]]:
    """What :meth:`TextRetriever._places` tells of a file of a few places, the last in block
    ``last_block``, without its newlines: they are counted up to that block's end (no line holding
    the needle starts past it), the site lines read (:func:`_whole_at`) and each found one's bounds
    noted in ``kept`` for its snippet (finding every place again in its block cost a microsecond a
    place: ``args``'s 11 defining files, 266 places, a sixth of its page)."""
    limit, need = min(length, (last_block + 1) * block_size(length)), site_lines[-1] if site_lines else 0
    parts, count, at = [], 0, 0
    while count < need and at < limit:  # only as far as the last site line's start
        step = min(limit, at + SITE_SCAN_BYTES)
        part = np.flatnonzero(arr[lo + at : lo + step] == 10)
        parts.append(part + at)
        count += len(part)
        at = step
    newlines = np.concatenate(parts) if len(parts) > 1 else parts[0] if parts else np.zeros(0, np.int64)
    count, end = len(newlines), lo + length
    found: list[tuple[int, int]] = []
    for line in site_lines:
        if line < 0 or line > count:
            continue  # starts past the last place's block: no place on it
        start = lo if line == 0 else lo + int(newlines[line - 1]) + 1
        stop = blob.find(b"\n", start, end)
        stop = end if stop < 0 else stop
        at = _first_whole(blob, start, stop, needle) if start < stop else -1
        if at >= 0:
            found.append((line, at - lo))
            if kept is not None:
                kept.note(path, line + 1, start, stop)
    return found


def _few_site_places(blob: bytes, lo: int, length: int, needle: bytes, at: list[int], newlines: np.ndarray | None,
                     site_lines: list[int], kept: FileNewlines | None = None,
                     path: str = "") -> list[tuple[int, int]] | None:
    """What :meth:`TextRetriever._places` tells of a file whose row holds a few places (``at``,
    offsets in the file), as Python lists: the same checks, a numpy step only to number them (a
    frequent name's definition sites are in dozens of files, a few places each: fifteen numpy steps
    a file cost 20 µs, ``expand``'s 16 files and ``Add``'s 31 most of their page). Without the
    file's ``newlines`` they are counted up to its last place, and each site line's bounds noted
    in ``kept`` for its snippet (:func:`_held_lines`: ``expand``'s defining files are large,
    finding each one's every newline was a third of its page)."""
    n = len(needle)
    if not at or at[0] < 0 or at[-1] + n > length or any(b <= a for a, b in zip(at, at[1:])):
        return None
    if newlines is None:
        lines = _held_lines(blob, lo, [lo + a for a in at])
    else:
        lines = newlines.searchsorted(at).tolist()
    if any(b <= a for a, b in zip(lines, lines[1:])):
        return None
    ident = _IDENT_LIST
    for a in at:
        start = lo + a
        if blob[start : start + n] != needle or (a > 0 and ident[blob[start - 1]]) or (
                a + n < length and ident[blob[start + n]]):
            return None  # every place is checked: one missing from the sites' lines is no damage
    sites = set(site_lines)
    found = [(line, a) for line, a in zip(lines, at) if line in sites]
    if newlines is None and kept is not None:
        end = lo + length
        for line, a in found:
            stop = blob.find(b"\n", lo + a, end)
            kept.note(path, line + 1, blob.rfind(b"\n", lo, lo + a) + 1 or lo, end if stop < 0 else stop)
    return found


def _lines_by_position(keys: np.ndarray, positions: np.ndarray) -> dict[int, list[int]]:
    """The lines (0-based, increasing) of keys ``file << 32 | line`` (1-based) in these files, by file."""
    out: dict[int, list[int]] = {}
    if not len(positions):
        return out
    for key in keys[_members(keys >> 32, np.sort(positions))].tolist():
        out.setdefault(key >> 32, []).append((key & 0xFFFFFFFF) - 1)
    return out


def _members(values: np.ndarray, ordered: np.ndarray) -> np.ndarray:
    """``np.isin(values, ordered)`` for a sorted array (the definition sites' keys, files and lines
    packed in an int64): one bisection per value; ``np.isin`` sorts both over so wide a range
    (0.6 ms for a hundred keys against two thousand, 10 µs here)."""
    if not len(ordered):
        return np.zeros(len(values), bool)
    at = np.searchsorted(ordered, values)
    found: np.ndarray = ordered[np.minimum(at, len(ordered) - 1)] == values
    return found


def _definition_lines(snapshot: Snapshot, path: str) -> set[int]:
    """Lines of a file where any symbol is defined (read from the raw rows): what a regex's match
    on a line counts as a definition, since a pattern names no symbol of its own."""
    row = snapshot.facts.rows.get(path)
    if row is None or not row[2]:
        return set()
    return {symbol[7] or symbol[3] for symbol in row[2]}  # name_line, else start_line


_IDENT_TABLE = np.zeros(256, bool)
_IDENT_TABLE[list(_IDENT)] = True
_IDENT_LIST: list[bool] = _IDENT_TABLE.tolist()
"""Whether each byte is an identifier's, by its value (read a byte at a time from Python)."""
_TIER_NAMES = {3: "whole identifier", 2: "word boundary", 1: "substring"}


def _tiers(arr: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Classify matches by the characters on each side of their two edges: 3 whole identifier,
    2 word boundary, 1 substring. An edge is a boundary when either side of it is not an
    identifier character."""
    n = len(arr)
    empty = starts == ends
    inner_first = _IDENT_TABLE[arr[np.minimum(starts, n - 1)]] if n else np.zeros(len(starts), bool)
    inner_last = _IDENT_TABLE[arr[np.clip(ends - 1, 0, n - 1)]] if n else np.zeros(len(starts), bool)
    outer_before = np.where(starts > 0, _IDENT_TABLE[arr[np.clip(starts - 1, 0, n - 1)]], False) if n else np.zeros(len(starts), bool)
    outer_after = np.where(ends < n, _IDENT_TABLE[arr[np.clip(ends, 0, n - 1)]], False) if n else np.zeros(len(starts), bool)
    before = empty | ~outer_before | ~inner_first
    after = empty | ~outer_after | ~inner_last
    return np.where(before & after, 3, np.where(before | after, 2, 1)).astype(np.int64)


def _few_ranked(paths: list[str], files: np.ndarray, lines: np.ndarray, tiers: np.ndarray, defs: np.ndarray,
                starts: np.ndarray, limit: int | None, factors: np.ndarray | None,
                rank: np.ndarray | None) -> _Lines:
    """:func:`_ranked` of a few lines, sorted in Python by the same keys (a stable sort, as
    ``np.lexsort`` is: lines of equal keys keep their order)."""
    owners, numbers, kinds, defining, offsets = files.tolist(), lines.tolist(), tiers.tolist(), defs.tolist(), \
        starts.tolist()
    place = owners if rank is None else rank[files].tolist()
    factor = [0.0] * len(owners) if factors is None else factors[files].tolist()
    order = sorted(range(len(owners)), key=lambda k: (-factor[k], -(kinds[k] * 2 + defining[k]), place[k], numbers[k]))
    if limit is not None:
        order = order[:limit]
    return _Lines([paths[owners[k]] for k in order], [numbers[k] + 1 for k in order], [kinds[k] for k in order],
                  [defining[k] for k in order], [offsets[k] for k in order])


def _few_rows(blob: bytes, own: np.ndarray, lines: np.ndarray, pos: np.ndarray, end: np.ndarray, lo: np.ndarray,
              hi: np.ndarray) -> tuple[np.ndarray, ...]:
    """The rows :meth:`TextRetriever._span_rows` keeps of a few matches (file, line, tier, start,
    file's start: one a line, its best match, the first of the best tier), as it finds them
    with numpy (:func:`_tiers_within`, a sort, the first of each line), in Python: a rare name's
    handful of matches, where each of those twenty numpy steps costs more than the rows."""
    ident, last = _IDENT_LIST, len(blob) - 1
    rows = []
    for k, (p, e, a, b) in enumerate(zip(pos.tolist(), end.tolist(), lo.tolist(), hi.tolist())):
        before = p > a and ident[blob[max(p - 1, 0)]] and ident[blob[p]]
        after = e < b and ident[blob[min(e, last)]] and ident[blob[e - 1]]
        rows.append((3 - bool(before) - bool(after), k))
    owners, numbers = own.tolist(), lines.tolist()
    rows.sort(key=lambda row: (owners[row[1]], numbers[row[1]], -row[0]))  # stable, as lexsort is
    kept = [row for j, row in enumerate(rows) if not j or (owners[row[1]], numbers[row[1]]) != (
        owners[rows[j - 1][1]], numbers[rows[j - 1][1]])]
    at = np.array([k for _, k in kept], np.int64)
    return own[at], lines[at], np.array([tier for tier, _ in kept], np.int64), pos[at], lo[at]


def _tiers_within(arr: np.ndarray, starts: np.ndarray, ends: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """``_tiers`` for matches inside files of one blob: nothing outside a file counts as a neighbour."""
    joined_before = (starts > lo) & _IDENT_TABLE[arr[np.maximum(starts - 1, 0)]] & _IDENT_TABLE[arr[starts]]
    joined_after = (ends < hi) & _IDENT_TABLE[arr[np.minimum(ends, len(arr) - 1)]] & _IDENT_TABLE[arr[ends - 1]]
    tiers: np.ndarray = 3 - joined_before.astype(np.int64) - joined_after  # a bounded end lifts it a tier
    return tiers


def _check(query: str) -> bytes:
    """Refuse queries that cannot be searched, with a message for the user."""
    if not query or not query.strip():
        raise QueryError("empty query")
    data = query.encode("utf-8", errors="surrogatepass")
    if len(data) > MAX_QUERY_BYTES:
        raise QueryError(f"query too long ({len(data)} bytes; the limit is {MAX_QUERY_BYTES})")
    return data


def _insensitive(query: str, case: str) -> bool:
    """Decide case sensitivity; smart case is insensitive unless the query has a capital."""
    if case == "insensitive":
        return True
    if case == "smart":
        return query == query.lower()
    return False


def _options(case_sensitive: bool, literal: bool) -> re2.Options:
    options = re2.Options()
    options.log_errors = False
    options.case_sensitive = case_sensitive
    options.literal = literal
    options.max_mem = 64 << 20
    options.never_capture = True  # only whole-match spans are read; groups cost re2 seconds per line when nested
    return options


_LINE_ANCHORS = {"A": "^", "z": "$"}
"""Text anchors as rg reads them, applying the pattern to each line: the line's start and end."""


def _per_line(pattern: str) -> str:
    """Rewrite ``\\A`` and ``\\z`` (outside classes and ``\\Q...\\E``) as the line anchors they are to
    rg, since the engine matches a whole file in multi-line mode, and ``\\w``, ``\\d``, ``\\s`` and
    their negations as the Unicode classes they are to rg (:mod:`perl_classes`)."""
    out: list[str] = []
    in_class = quoted = False
    i = 0
    while i < len(pattern):
        token = _regex_token(pattern, i, in_class, quoted)
        i += len(token)
        if quoted:
            quoted = token != "\\E"
        elif token == "\\Q":
            quoted = True
        elif token[1:] in _LINE_ANCHORS and token[:1] == "\\" and not in_class:
            token = _LINE_ANCHORS[token[1:]]
        elif token[:1] == "\\" and (spelled := perl_class(token[1:], in_class)) is not None:
            token = spelled
        elif token[:1] == "[" and not in_class:
            in_class = True
        elif token == "]":
            in_class = False
        out.append(token)
    return "".join(out)


def _regex_token(pattern: str, i: int, in_class: bool, quoted: bool) -> str:
    """One token of a pattern: an escape, a class opening (with a leading ``^`` or ``]``), a
    POSIX class inside a class, or one character."""
    if pattern[i] == "\\":
        return pattern[i : i + 2]
    if quoted or pattern[i] != "[":
        return pattern[i]
    if in_class:
        end = pattern.find(":]", i + 2) if pattern[i + 1 : i + 2] == ":" else -1
        return pattern[i : end + 2] if end > 0 else "["
    end = i + 1 + (pattern[i + 1 : i + 2] == "^")
    return pattern[i : end + (pattern[end : end + 1] == "]")]


_UNSUPPORTED = (
    ("invalid perl operator: (?=", "lookahead (?=...)"),
    ("invalid perl operator: (?!", "lookahead (?!...)"),
    ("invalid perl operator: (?<=", "lookbehind (?<=...)"),
    ("invalid perl operator: (?<!", "lookbehind (?<!...)"),
    ("invalid perl operator: (?>", "atomic group (?>...)"),
    ("bad repetition operator: ++", "possessive repetition ++"),
    ("bad repetition operator: *+", "possessive repetition *+"),
    ("bad repetition operator: ?+", "possessive repetition ?+"),
)
"""RE2's words for Perl syntax it does not have, and what to call it in a one-line message."""


def _unsupported(detail: str, pattern: str) -> str | None:
    """Name the Perl-only construct RE2 refused, if that is why it refused the pattern."""
    for prefix, name in _UNSUPPORTED:
        if detail.startswith(prefix):
            return name
    if detail.startswith("invalid perl operator: (?P") and "(?P=" in pattern:
        return "backreference (?P=name)"
    escape = detail.removeprefix("invalid escape sequence: \\")
    if escape != detail and escape[:1] in "123456789kg":
        return f"escape \\{escape[:1]} (a backreference)"
    return None


PROBE_MEM = 4 << 20
r"""The memory a regex is first compiled in (:func:`_compile_bounded`): its program is then at most
about 130,000 instructions, compiled in well under a tenth of a second; ``\w{50}`` takes 70,000."""
TOO_LARGE = ("the regex is too large to search quickly (a class as wide as \\w or \\pL repeated many times): "
             "use a smaller count, {1,50}, or a narrower class, [a-z]")
"""Why a regex whose program is over :data:`PROBE_MEM` is refused."""


def _compile_bounded(pattern: str, options: re2.Options) -> re2._Regexp:
    r""":func:`_compile` of a user's regex, refused in one line when its program is too large to
    compile at once: re2 builds a class as wide as ``\pL`` (hundreds of UTF-8 ranges) once per
    repeat, and ``\pL{1000}\pL{1000}\pL{1000}`` had compiled for 3-5 s (within its 64 MB) on every
    keystroke that reached it. A first compile in :data:`PROBE_MEM` fails fast on such a pattern
    (0.02-0.1 s); one that fits is compiled again in the full memory, which the matching's automaton
    uses (a small program compiles in a millisecond or two)."""
    probe = re2.Options()
    for name in ("log_errors", "case_sensitive", "literal", "never_capture", "never_nl"):
        setattr(probe, name, getattr(options, name))
    probe.max_mem = PROBE_MEM
    try:
        re2.compile(pattern, probe)
    except Exception as exc:  # noqa: BLE001 - re2 raises its own error type; _compile below says the others
        detail = exc.args[0] if exc.args else str(exc)
        if b"pattern too large" in (detail if isinstance(detail, bytes) else str(detail).encode()):
            raise QueryError(TOO_LARGE) from None
    return _compile(pattern, options)


def _compile(pattern: str, options: re2.Options) -> re2._Regexp:
    """Compile with re2, turning its error into a one-line message."""
    try:
        return re2.compile(pattern, options)
    except UnicodeEncodeError as exc:  # a lone surrogate: re2 reads UTF-8, and it is no text
        stray = pattern[exc.start:exc.end].encode("unicode_escape").decode("ascii")
        raise QueryError(f"the query holds {stray}, a lone surrogate that is not text; "
                         "it cannot be searched") from None
    except Exception as exc:  # re2 raises its own error type with bytes arguments
        detail = exc.args[0] if exc.args else str(exc)
        if isinstance(detail, bytes):
            detail = detail.decode("utf-8", errors="replace")
        detail = " ".join(str(detail).replace("(?m)", "", 1).split())
        construct = _unsupported(detail, pattern)
        if construct is not None:
            raise QueryError(f"invalid regex: {construct} is not supported (RE2 syntax)") from None
        if len(detail) > MAX_ERROR_CHARS:
            detail = detail[: MAX_ERROR_CHARS - 1] + "…"
        raise QueryError(f"invalid regex: {detail}") from None


def _ranked(paths: list[str], files: np.ndarray, lines: np.ndarray, tiers: np.ndarray, defs: np.ndarray,
            starts: np.ndarray, limit: int | None, factors: np.ndarray | None = None,
            rank: np.ndarray | None = None) -> _Lines:
    """Order matching lines (one per row of these columns: file position, 0-based line, match
    tier, definition flag, byte offset) by their file's factor when given, then tier, then
    definitions, then the file's place (``rank``, else its path) and line; only the top
    ``limit`` become objects; a few lines (:data:`FEW_SPANS`) are ordered in Python, as stably
    (a rare name's: numpy's dozen steps on so few cost more)."""
    if len(files) <= FEW_SPANS:
        return _few_ranked(paths, files, lines, tiers, defs, starts, limit, factors, rank)
    place = files if rank is None else rank[files]
    keys = [lines, place, -(tiers * 2 + defs)] + ([] if factors is None else [-factors[files]])
    order = np.lexsort(tuple(keys))
    if limit is not None:
        order = order[:limit]
    return _Lines(list(map(paths.__getitem__, files[order].tolist())), (lines[order] + 1).tolist(),
                  tiers[order].tolist(), defs[order].tolist(), starts[order].tolist())
