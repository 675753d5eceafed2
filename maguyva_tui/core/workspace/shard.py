"""One repository's index answering for a workspace: the seam a Ray actor will take over.

A :class:`Shard` holds one repository's :class:`~maguyva_tui.core.engine.Engine` and answers the
coordinator's calls, each taking and returning plain frozen values (hits, chunks, symbols, lines,
tuples; never an index, a generation or a callback), so that a process or an actor holding the
shard can answer the same calls:

- :meth:`Shard.open`: bring the index up to date (or open it), as a search on the repository would,
  and say what it updated (:class:`~maguyva_tui.core.types.IndexUpdate`);
- :meth:`Shard.begin`: capture the generation one question reads from start to end (a token
  names it in the later calls; a refresh meanwhile changes nothing in that question's answer),
  and answer at once what the question will ask next (:class:`Ask`: whether its words name
  symbols, the symbols of its target, its stems' chunk counts): one round trip instead of three;
- :meth:`Shard.word_stats`: how many chunks the index holds and how many hold each of a question's
  stems (the workspace sums them: one idf for every shard's BM25 scores);
- :meth:`Shard.search`: one engine's list, with its scores, every hit's chunk and centrality,
  within a deadline and a file budget (a capped list says why);
- :meth:`Shard.chunk_at`, :meth:`Shard.lines`, :meth:`Shard.line_count`, :meth:`Shard.lookup`,
  :meth:`Shard.knows_symbol`, :meth:`Shard.definers`: what fusion and the page read of a result's
  repository; :meth:`Shard.names`: its symbols' names, for a missed name's close names;
  :meth:`Shard.excerpts` reads the lines of many results in one call (a remote shard fetches a
  page's lines with it ahead of fusion, :meth:`Shard.prefetch` is where it would).
"""

from __future__ import annotations

import copy
import math
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, wait
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Final, TypeVar, cast, overload
from weakref import WeakKeyDictionary

import numpy as np

from maguyva_tui.core.bm25 import ChunkIndex
from maguyva_tui.core.code_tests import TEST_LANGUAGES
from maguyva_tui.core.duplicates import SIGNATURES_KEPT, signature, twin_paths
from maguyva_tui.core.engine import Engine, _update
from maguyva_tui.core.folder_question import folder_files
from maguyva_tui.core.foreign_calls import FOREIGN_LISTED, foreign_uses
from maguyva_tui.core.fusion import ChunkKey
from maguyva_tui.core.generation import Generation
from maguyva_tui.core.locations import asks_places, file_names, placed
from maguyva_tui.core.lookup import nothing_indexed, unread
from maguyva_tui.core.other_calls import callers_notes, impact_notes, untied_callers
from maguyva_tui.core.parsing.languages import language_for
from maguyva_tui.core.path_names import split as split_in_file
from maguyva_tui.core.paths import is_secondary
from maguyva_tui.core.results import file_newlines
from maguyva_tui.core.retrievers.structural import BELOW_PREFIX_SCORE, Ceiling, prefix_tiers_only
from maguyva_tui.core.retrievers.text import LineMatch, TextRetriever
from maguyva_tui.core.search import (
    GRAPH_INTENTS,
    SEMANTIC_STANDS_IN,
    ImportLines,
    Parts,
    dotted_module_files,
    glob_files,
    import_lines,
    module_uses,
    own_aside_words,
    spelled_whole,
)
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.trigram.plan import literal_plan, regex_plan
from maguyva_tui.core.types import (
    SNIPPET_LINES,
    Chunk,
    Hit,
    IndexUpdate,
    Query,
    QueryError,
    Symbol,
    fast_constructor,
    pickled_by_fields,
)
from maguyva_tui.core.unread_files import big_files_holding, big_files_holding_text

EXCERPT_LINES: Final = 2_000
"""Lines of one chunk fetched ahead with a page (a definition longer than this is read whole when
copy folding compares it, one round trip of its own)."""
SHARD_TASKS_AT_ONCE: Final = 2
"""Shard searches of this process that run at once (a blend's task per shard, or one engine's
search); the others wait their turn. The interpreter runs one thread at a time anyway, and eight
shards' threads handing it to each other (numpy lets it go on each larger call, and a waiting
thread wakes on another core) cost CPU of their own: on an idle 2-core machine, the p50 of the
bench's questions over 8 repositories (``bench.workspace_speed``) was 10.6 ms (11.8 ms of CPU)
eight at a time, 9.5 ms (10.7) two at a time; on a loaded one, the same either way."""
SHARD_TURN_WAIT_S: Final = 0.05
"""How long a shard search waits for its turn before it runs anyway: shards slow past it (an index
being opened, a long scan) hold the others back that long at most, so the deadline still leaves
out only the shards that outlast it."""
_TURNS = threading.BoundedSemaphore(SHARD_TASKS_AT_ONCE)

_R = TypeVar("_R")

HELD_GENERATIONS = 8
"""Generations a shard keeps for questions in flight (one each): a question older than eight newer
ones (search as you type) has been superseded; asked for, it is told to ask again."""


class ShardGone(OSError):
    """A shard that stopped answering (its process died, or it passed a deadline): the
    coordinator names its repository among the missing ones and the others answer."""


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Found:
    """One hit of one engine on one shard, with what fusion needs to know of it."""

    hit: Hit
    """Its path is relative to the shard's repository."""
    key: ChunkKey
    """The chunk it stands for (the generation's ``locate``): line hits merge into definitions."""
    centrality: float
    """The centrality of that chunk, on the repository-size-free scale of ``store/centrality.py``."""


_new_found = fast_constructor(Found)
"""Makes a :class:`Found` without its ``__init__``: a shard's every hit is one (632 hits for one
question over 8 repositories), most of them dropped by the merge."""


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class WordStats:
    """Chunk counts of a shard (or a workspace, summed) for a question's stems: what BM25's idf reads."""

    chunks: int
    """Chunks in the index."""
    df: tuple[tuple[str, int], ...]
    """Per stem, the chunks holding it."""

    def __add__(self, other: WordStats) -> WordStats:
        """Sum two shards' counts (a stem either lacks counts 0)."""
        mine, theirs = dict(self.df), dict(other.df)
        stems = dict.fromkeys([*mine, *theirs])
        return WordStats(self.chunks + other.chunks, tuple((s, mine.get(s, 0) + theirs.get(s, 0)) for s in stems))

    def idf(self, stem: str) -> float:
        """BM25's idf of a stem over these chunks, as :meth:`~maguyva_tui.core.bm25.ChunkIndex.idf` reads it."""
        return _idf(self.chunks, dict(self.df).get(stem, 0))

    def idfs(self) -> Callable[[str], float]:
        """:meth:`idf`, its counts made a table once (a shard's BM25 asks each stem's, twice)."""
        table = dict(self.df)
        return lambda stem: _idf(self.chunks, table.get(stem, 0))


def _idf(chunks: int, df: int) -> float:
    """BM25's idf of a stem that ``df`` of ``chunks`` chunks hold (0 for none)."""
    if df <= 0:
        return 0.0
    return math.log(1 + (chunks - df + 0.5) / (df + 0.5))


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class WordTable:
    """Every stem of a shard's generation and the chunks holding each: what :meth:`Shard.word_stats`
    answers for any question's stems, sent once per generation to a cluster's coordinator, which
    then sums a sentence's counts over the shards itself and asks its engines' lists with the
    question's start (:attr:`Ask.stats`): a round trip a sentence fewer."""

    generation: str
    """The generation counted (its folder)."""
    chunks: int
    stems: str
    """The stems, newline-separated, in the order of :attr:`counts`."""
    counts: bytes
    """Each stem's count, a little-endian ``int64`` each."""

    def stats(self, stems: Sequence[str], counts: Mapping[str, int]) -> WordStats:
        """:meth:`Shard.word_stats` of these stems, read off ``counts`` (:meth:`table`)."""
        return WordStats(self.chunks, tuple((s, counts.get(s, 0)) for s in stems))

    def table(self) -> dict[str, int]:
        """Each stem's count (those of no chunk left out)."""
        counts = np.frombuffer(self.counts, "<i8").tolist()
        return {stem: count for stem, count in zip(self.stems.split("\n"), counts) if count > 0}


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Ask:
    """What a question will ask every shard right after it starts, answered with its start."""

    words: tuple[str, ...] = ()
    """Words to tell whether they name a symbol (the lone word to ground, the target)."""
    names: tuple[str, ...] = ()
    """Names whose symbols to look up (the target's definers, a "similar to" name)."""
    stems: tuple[str, ...] = ()
    """A sentence's stems, for the workspace's BM25 idf (:class:`WordStats`)."""
    searches: tuple[tuple[str, Query], ...] = ()
    """Engines' lists the question will most likely ask (a symbol question's lone engine), run
    with its start (:meth:`Shard.searches`); a list it does not ask for after all is not used."""
    limit: int = 0
    deadline_s: float = 0.0
    max_files: int = 0
    """The ``limit``, deadline and file budget of :attr:`searches`."""
    page: int = 0
    """Results on the question's page: a remote shard sends the first lines of its lists' first
    ``page`` hits with them (a lone engine's page is drawn from each shard's head)."""
    stats: WordStats | None = None
    """The workspace's counts of a sentence's stems that :attr:`searches` (a blend's engines) are
    run with, summed by the coordinator from every shard's :class:`WordTable` of the generation
    :attr:`known` names: a shard on another generation runs none of them (its lists would not be
    those the question asks once it knows every shard's counts)."""
    known: tuple[tuple[str, str], ...] = ()
    """Per shard's label, the generation whose :class:`WordTable` the coordinator holds."""
    tables: bool = False
    """Whether a shard on a generation :attr:`known` does not name sends its :class:`WordTable`."""
    code: int = 0
    """A foreseen blend's lists come with the code of the definitions among their first ``code``
    hits (``coordinator.CODE_AHEAD``, as :meth:`_View.expect` asks them)."""
    callers: tuple[str, ...] = ()
    """Names whose callers' notes to say (a "who calls" question's target: :meth:`Shard.callers_notes`)."""
    impacts: tuple[str, ...] = ()
    """Names whose impact's notes to say (a "what breaks if I change" question's target:
    :meth:`Shard.impact_notes`)."""
    foreign: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Names whose uses through another package's import to list, and which uses (a "who calls",
    "subclasses of" or "what breaks if I change" question's target: :meth:`Shard.foreign_uses`)."""
    aside: tuple[tuple[str, str | None], ...] = ()
    """Questions (text, target) whose words of tests, examples or docs to judge: which of them
    name the repository's own code (:meth:`Shard.own_aside_words`)."""


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Answers:
    """A shard's answers to an :class:`Ask`, as :meth:`Shard.knows_symbol`, :meth:`Shard.lookup`
    and :meth:`Shard.word_stats` would give them on the question's generation."""

    known: tuple[tuple[str, bool], ...] = ()
    symbols: tuple[tuple[str, tuple[Symbol, ...]], ...] = ()
    stats: WordStats | None = None
    definers: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Per name of :attr:`Ask.names`, the files defining it (:meth:`Shard.definers`)."""
    callers: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Per name of :attr:`Ask.callers`, what its callers leave out (:meth:`Shard.callers_notes`)."""
    impacts: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Per name of :attr:`Ask.impacts`, what its impact leaves out (:meth:`Shard.impact_notes`)."""
    foreign: tuple[tuple[str, tuple[tuple[str, Hit], ...]], ...] = ()
    """Per name of :attr:`Ask.foreign`, its uses through another package's import, each with its
    module (:meth:`Shard.foreign_uses`, of any package: the coordinator keeps the workspace's)."""
    aside: tuple[tuple[tuple[str, str | None], tuple[int, ...]], ...] = ()
    """Per question of :attr:`Ask.aside`, the places of its aside words naming own code (:meth:`Shard.own_aside_words`)."""
    tests: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = ()
    """Per file of :attr:`definers` in a language whose code marks its tests (``code_tests.TEST_LANGUAGES``),
    its test code's spans (:meth:`Shard.test_code_spans`): whether a name only test code defines is
    read with the question's start, not in a round trip of its own."""


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Want:
    """The lines one result will need of its file: its chunk's, and its own line's first ones."""

    path: str
    key_start: int
    key_end: int
    """The chunk the result stands for (its code is compared for copies; its snippet may start it)."""
    hit_start: int
    """The hit's own first line (a line hit's snippet starts there)."""
    whole: bool | None = False
    """Whether the chunk's code is read whole (copy folding compares a definition's code):
    ``False``, its first lines only; ``None``, when the chunk is a definition (a line hit's)."""
    signed: bool = False
    """Whether a chunk read whole is wanted for copy folding only: the shard sends its code's
    MinHash signature (:func:`~maguyva_tui.core.duplicates.signature`, 512 bytes) and its first
    lines, not its code (a blend's first 200 results' definitions were 60-280 KiB of code a
    question over 8 repositories, sent past the size Ray passes inline)."""


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Excerpt:
    """Some lines of one file, as :meth:`Shard.lines` splits them, and its line count."""

    path: str
    count: int
    spans: tuple[tuple[int, int, tuple[str, ...]], ...]
    """``(start, end, lines)``: what ``lines(path, start, end)`` returned (fewer lines at the end of the file)."""
    signatures: tuple[tuple[int, int, bytes | None], ...] = ()
    """``(start, end, signature)`` of each chunk wanted :attr:`Want.signed`: the signature of its
    code as copy folding reads it (little-endian ``uint64`` bins), ``None`` where folding compares
    nothing (a window of lines, a chunk too small)."""


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Begun:
    """What a shard says when a question starts on it."""

    token: int
    """Names the generation the question reads, in every later call for it."""
    coverage: float
    """The fraction of the shard's chunks the semantic engine can rank."""
    tiers: tuple[tuple[str, float], ...]
    """Each semantic tier's coverage."""
    notices: tuple[str, ...]
    """The engine's messages for every result (a provider fallback, a rebuilt index)."""
    tier_notice: str | None
    """One line when the semantic engine cannot rank every chunk, or not with the transformer."""
    missing: tuple[str, ...] = ()
    """Engines a first build has not made ready yet."""
    answers: Answers = Answers()
    """The answers to what the question asked with its start."""
    lists: tuple[ShardList, ...] = ()
    """The lists of the ask's :attr:`Ask.searches`, in its order."""
    table: WordTable | None = None
    """The shard's word counts, when the ask wanted them (:attr:`Ask.tables`) and its generation
    is not the one the coordinator knows."""


class Unsettled(Sequence[Found]):
    """A list's hits whose chunks and centrality are not known yet (:attr:`ShardList.settled`),
    each read as a :class:`Found` of its own lines only when asked: the merge reads the hits, and
    :meth:`Shard.settle` makes the Found of those that enter the workspace's list (a question
    over 8 repositories made 150-480 Founds, most of them dropped by the merge)."""

    __slots__ = ("hits",)

    def __init__(self, hits: Sequence[Hit]) -> None:
        self.hits = tuple(hits)

    def __len__(self) -> int:
        return len(self.hits)

    @overload
    def __getitem__(self, at: int) -> Found: ...

    @overload
    def __getitem__(self, at: slice) -> tuple[Found, ...]: ...

    def __getitem__(self, at: int | slice) -> Found | tuple[Found, ...]:
        if isinstance(at, slice):
            return tuple(_unsettled(h) for h in self.hits[at])
        return _unsettled(self.hits[at])


def _unsettled(hit: Hit) -> Found:
    """A hit as its own chunk, of no centrality: what a list says of a hit it has not settled."""
    return _new_found(hit, (hit.path, hit.start_line, hit.end_line), 0.0)


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class ShardList:
    """One engine's list on one shard, and what cut it short if anything did."""

    found: Sequence[Found]
    """Best first, as the engine ranked it (a tuple; :class:`Unsettled` while not :attr:`settled`)."""
    capped: str | None = None
    """Why the list is incomplete (a deadline passed, a file budget spent), or ``None``."""
    failed: str | None = None
    """Why the engine failed on this shard, or ``None``."""
    settled: bool = True
    """Whether each hit's chunk and centrality are in its :class:`Found`; when not (a shard in
    this process asked for its list only), :meth:`Shard.settle` gives them for the hits that
    enter the workspace's list: most of a shard's list never does."""
    cut_below: float | None = None
    """A list asked down to the prefix tier only (:meth:`Shard.start`'s ``prefix``) that lower
    tiers may have added to: it holds every hit of the whole list scoring above this, in the
    whole list's order, and none below. ``None``: the whole list."""
    tests: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = ()
    """Per file of a settled list in a language whose code marks its tests (Rust), its test code's
    spans (:meth:`Shard.test_code_spans`): fusion demotes a test module's chunks in a workspace as
    the repository alone does, and a far shard tells them with its list, not a round trip a file."""
    templates: tuple[ChunkKey, ...] = ()
    """The chunks of a settled list's files that a macro's template writes of a name the repository
    also defines outside any template (:meth:`~maguyva_tui.core.generation.Generation.shadowed_templates`):
    fusion demotes them in a workspace as the repository alone does, told with the list."""


@dataclass(frozen=True, slots=True)
class Running:
    """One engine's search started on one shard (:meth:`Shard.start`), not waited for yet."""

    token: int
    name: str
    future: Future[list[Hit]]
    capped: str | None
    """Why its list will be incomplete (a file budget), or ``None``."""
    lanes: Lanes | None = None
    """The lanes running it (:class:`Lanes`), ``None`` when it runs on the shard's pool."""
    ceiling: Ceiling | None = None
    """Whether the list was cut at the prefix tier, once it has ended (``prefix``), or ``None``."""


class Shard:
    """One repository of a workspace, its own index and engines."""

    far = False
    """Whether each call is a round trip to another process (a cluster's shard: the coordinator
    then asks every engine's list in one call, :meth:`searches`); in this process each engine's
    list is asked as its engine's thread reaches it, so each engine's time is its own."""

    def __init__(self, label: str, engine: Engine) -> None:
        self.label = label
        """The repository's name in answers (unique in its workspace)."""
        self.engine = engine
        self.gone: str | None = None
        """Why the shard stopped answering mid-question (an actor's; a shard in this process never does)."""
        self._held: OrderedDict[int, Parts] = OrderedDict()
        self._stem_ids: dict[int, dict[str, int | None]] = {}
        """Per question (token), the ids its stems have in the BM25 index, looked up once by
        :meth:`word_stats` and read again by the text engine's search (each a bisection over the
        index's stems: a sentence's stems cost a shard 0.2-1 ms per lookup)."""
        self._names: WeakKeyDictionary[Generation, frozenset[str]] = WeakKeyDictionary()
        """Per generation, its symbols' names (:meth:`names`)."""
        self._signed: WeakKeyDictionary[Generation, dict[tuple[str, int, int], bytes | None]] = WeakKeyDictionary()
        """Per generation, the signatures of definitions' code sent for copy folding (:meth:`_signature`)."""
        self._lock = threading.Lock()
        self._next = 0

    @property
    def root(self) -> str:
        """The repository's root folder."""
        return str(self.engine.root)

    @property
    def opened(self) -> bool:
        """Whether the engine holds a generation already (a question's start then opens nothing)."""
        return self.engine._generation is not None

    def open(self) -> IndexUpdate | None:
        """Open the repository's index, building or updating it as a search on it alone would, and
        say what that did to it, as that search's answer does (``None``: nothing, or it was open)."""
        if self.engine._generation is not None:
            return None
        started = time.perf_counter()
        return _update(self.engine.refresh(semantic=None), started)

    def begin(self, ask: Ask | None = None) -> Begun:
        """Capture the generation a question reads from start to end; say what it covers, and
        answer ``ask`` on it."""
        begun, runs = self.started(ask)
        if not runs or ask is None:
            return begun
        lists = self.searches(begun.token, ask.searches, ask.limit, ask.deadline_s, ask.max_files, ask.stats)
        return replace(begun, lists=lists)

    def started(self, ask: Ask | None = None) -> tuple[Begun, bool]:
        """:meth:`begin` without running the ask's lists, and whether they are to be run (a blend's,
        on counts of another generation than this shard's, are not)."""
        parts = self.engine.parts()
        generation = parts.generation
        found = self.engine.coverage(generation)
        with self._lock:
            self._next += 1
            self._held[self._next] = parts
            while len(self._held) > HELD_GENERATIONS:
                old, _ = self._held.popitem(last=False)
                self._stem_ids.pop(old, None)
            token = self._next
        missing = tuple(getattr(generation, "missing", ()))
        answers = self._answer(token, ask) if ask is not None else Answers()
        folder = getattr(generation.snapshot, "generation", None)
        counted = str(folder) if folder is not None else None
        assumed = dict(ask.known).get(self.label) if ask is not None else None
        runs = ask is not None and bool(ask.searches) and (
            ask.stats is None or (counted is not None and counted == assumed))
        table = None
        if ask is not None and ask.tables and counted is not None and counted != assumed:
            table = self.word_table(token)
        return Begun(token, found.any, found.tiers(), parts.notices, self.engine.tier_notice(generation), missing,
                     answers, (), table), runs

    def settled(self, token: int, answer: ShardList) -> ShardList:
        """A list with each hit's chunk and centrality (:meth:`settle`), as :meth:`search` gives it."""
        if answer.settled:
            return answer
        hits = cast(Unsettled, answer.found).hits
        return replace(answer, found=self.settle(token, hits), settled=True, tests=self._tests_of(token, hits),
                       templates=self._templates_of(token, hits))

    def word_table(self, token: int) -> WordTable | None:
        """Every stem of the question's generation and its chunk count (``None``: the text engine
        is not ready, or its index cannot list its stems, or the generation has no folder)."""
        generation = self._parts(token).generation
        folder = getattr(generation.snapshot, "generation", None)
        if folder is None or "text" in generation.missing:
            return None
        index = generation.text.chunk_index()
        found = index.frequencies()
        if found is None:
            return None
        stems, counts = found
        return WordTable(str(folder), index.size, "\n".join(stems), counts.astype("<i8").tobytes())

    def _answer(self, token: int, ask: Ask) -> Answers:
        """Answer what a question asks with its start (nothing while an engine it reads is not
        ready: the question then asks as it goes, and is told as it would be)."""
        generation = self._parts(token).generation
        if "structural" in generation.missing:
            return Answers()
        known = tuple((w, self.knows_symbol(token, w)) for w in ask.words)
        symbols = tuple((n, tuple(self.lookup(token, n))) for n in ask.names)
        stats = self.word_stats(token, ask.stems) if ask.stems and "text" not in generation.missing else None
        definers = tuple((n, self.definers(token, n)) for n in ask.names)
        callers = tuple((n, self.callers_notes(token, n)) for n in ask.callers)
        impacts = tuple((n, self.impact_notes(token, n)) for n in ask.impacts)
        foreign = tuple((n, tuple(self.foreign_uses(token, n, None, FOREIGN_LISTED, uses))) for n, uses in ask.foreign)
        aside = tuple((asked, self.own_aside_words(token, *asked)) for asked in ask.aside)
        marked = sorted({path for _, paths in definers for path in paths if language_for(path) in TEST_LANGUAGES})
        tests = tuple((path, generation.test_code_spans(path)) for path in marked)
        return Answers(known, symbols, stats, definers, callers, impacts, foreign, aside, tests)

    def word_stats(self, token: int, stems: Sequence[str]) -> WordStats:
        """The index's chunk count and each stem's chunk count, for a workspace-wide idf (the
        stems' ids are kept for the question's text search, which looks them up again)."""
        index = self._parts(token).generation.text.chunk_index()
        ids = {s: _stem_id(index, s) for s in stems}
        with self._lock:
            if token in self._held:
                self._stem_ids.setdefault(token, {}).update(ids)
        return WordStats(index.size, tuple((s, _postings(index, ids[s])) for s in stems))

    def search(self, token: int, name: str, query: Query, limit: int, deadline_s: float, max_files: int,
               stats: WordStats | None = None, settle: bool = True) -> ShardList:
        """One engine's list on this shard: at most ``deadline_s`` seconds of its work (an engine
        still running then is left out, and the list says so), an exhaustive text search bounded
        to ``max_files`` candidate files, BM25 by the workspace's idf when ``stats`` is given. In
        a blend, whether plain words vote in the text engine follows this shard's own semantic
        coverage (a repository not embedded yet is matched by its words). Without ``settle``,
        the hits' chunks and centrality are left to :meth:`settle`."""
        return self.searches(token, ((name, query),), limit, deadline_s, max_files, stats, settle=settle)[0]

    def searches(self, token: int, asks: Sequence[tuple[str, Query]], limit: int, deadline_s: float,
                 max_files: int, stats: WordStats | None = None, heads: int = 0, code: int = 0,
                 settle: bool = True) -> tuple[ShardList, ...]:
        """Several engines' lists (``(engine, query)`` each) as :meth:`search` gives each, the
        engines side by side, each within ``deadline_s`` of the call: what a remote shard answers
        in one round trip (``heads``, ``code``: a remote shard's first hits' first lines and code
        come with it; here lines are read as they are asked for)."""
        started = time.perf_counter()
        runs = [self.start(token, name, query, limit, max_files, stats) for name, query in asks]
        return tuple(self.finish(run, deadline_s, started, settle) for run in runs)

    def start(self, token: int, name: str, query: Query, limit: int, max_files: int,
              stats: WordStats | None = None, lanes: Lanes | None = None, prefix: bool = False) -> Running:
        """Start one engine's search on the shard's pool (or among ``lanes``' tasks), as
        :meth:`search` runs it, without waiting for it (:meth:`finish` does): a workspace in this
        process starts every shard's search so, then waits for each, with no thread of its own
        per shard to wait in. With ``prefix``, a lone word's structural list is asked down to
        the prefix tier only (:func:`~maguyva_tui.core.retrievers.structural.prefix_tiers_only`;
        the list then says where it was cut, :attr:`ShardList.cut_below`)."""
        ceiling = Ceiling() if prefix and name == "structural" else None
        future, capped = self._start(token, name, query, limit, max_files, stats, lanes, ceiling)
        return Running(token, name, future, capped, lanes, ceiling)

    def finish(self, run: Running, deadline_s: float, started: float, settle: bool = True) -> ShardList:
        """The list of a search :meth:`start` started, or empty if it has not ended ``deadline_s``
        after ``started`` (``settle``: each hit's chunk and centrality with it)."""
        return self._finish(run.token, run.name, run.future, run.capped, deadline_s, started, settle, run.lanes,
                            run.ceiling)

    def _start(self, token: int, name: str, query: Query, limit: int, max_files: int,
               stats: WordStats | None, lanes: Lanes | None = None, ceiling: Ceiling | None = None
               ) -> tuple[Future[list[Hit]], str | None]:
        """Start one engine's search on the shard's pool (or among ``lanes``' tasks); say why its
        list will be capped if it will (``ceiling``: the search runs within it)."""
        search, query, capped = self._prepared(token, name, query, max_files, stats)
        if search is None:  # listed already
            return _done((placed(self._parts(token).generation, query.text) or [])[:limit]), None
        if ceiling is not None:
            search = _within(ceiling, search)
        if lanes is not None:
            return lanes.add(_in_turn, search, query, limit), capped
        return self._parts(token).pool.submit(_in_turn, search, query, limit), capped

    def _prepared(self, token: int, name: str, query: Query, max_files: int, stats: WordStats | None
                  ) -> tuple[Callable[[Query, int], list[Hit]] | None, Query, str | None]:
        """One engine's search as this shard runs it: the engine's ``search`` (``None`` for a
        question naming places, which the generation lists as one repository does:
        ``locations.py``), the query it is asked, and why its list will be capped if it will."""
        parts = self._parts(token)
        generation = parts.generation
        capped = None
        if name == "text":
            query, capped = self._budget(generation.text, query, max_files)
            if query.word_votes:  # plain words vote where this shard's semantic engine cannot stand in
                query = _code_words_only(query, parts.coverage() >= SEMANTIC_STANDS_IN)
        if name == "structural" and asks_places(query.intent, query.target, query.text):
            return None, query, None
        if name == "graph":
            query = _graph_target(generation, query, self.label)
        if name != "text" or stats is None:
            retriever = generation.retriever(name)
        else:
            with self._lock:
                ids = dict(self._stem_ids.get(token, {}))
            retriever = _with_idf(generation.text, stats, ids)
        return retriever.search, query, capped

    def start_all(self, token: int, asks: Sequence[tuple[str, Query]], limit: int, deadline_s: float,
                  max_files: int, stats: WordStats | None, started: float, lanes: Lanes | None = None
                  ) -> Future[tuple[ShardList, ...]]:
        """Start several engines' lists (``(engine, query)`` each) as one task on the shard's
        pool (or among ``lanes``' tasks), the engines one after another in that task, each hit
        left to :meth:`settle`: what a blend asks of a shard of this process. One task per shard
        and question, not one per engine: each hand-off to a thread costs more than a small
        shard's search (a blend over 8 repositories paid 24 of them, 0.7-1 ms of CPU). A list
        that ends more than ``deadline_s`` after ``started`` is left out, as :meth:`finish`
        leaves it (the caller waits no longer than that for the task)."""
        args = (token, tuple(asks), limit, deadline_s, max_files, stats, started)
        if lanes is not None:
            return lanes.add(self._run_all, *args)
        return self._parts(token).pool.submit(self._run_all, *args)

    def _run_all(self, token: int, asks: tuple[tuple[str, Query], ...], limit: int, deadline_s: float,
                 max_files: int, stats: WordStats | None, started: float) -> tuple[ShardList, ...]:
        return _in_turn(self._run_each, token, asks, limit, deadline_s, max_files, stats, started)

    def _run_each(self, token: int, asks: tuple[tuple[str, Query], ...], limit: int, deadline_s: float,
                  max_files: int, stats: WordStats | None, started: float) -> tuple[ShardList, ...]:
        """The engines' lists of :meth:`start_all`'s task, one after another, in the task's turn."""
        out = []
        for name, query in asks:
            try:
                search, query, capped = self._prepared(token, name, query, max_files, stats)
                hits = (search(query, limit) if search is not None
                        else (placed(self._parts(token).generation, query.text) or [])[:limit])
            except QueryError:
                raise
            except Exception as exc:  # noqa: BLE001 - one engine failing on one shard must not sink the others
                out.append(ShardList((), None, f"{self.label}: the {name} engine failed: {exc}"))
                continue
            if time.perf_counter() - started > deadline_s:
                out.append(self.late(name, deadline_s))
            else:
                out.append(ShardList(Unsettled(hits), capped, settled=False))
        return tuple(out)

    def late(self, name: str, deadline_s: float) -> ShardList:
        """The list of an engine that passed the deadline: empty, and saying so."""
        return ShardList((), f"{self.label}: the {name} engine passed the {deadline_s:g} s deadline; its list is left out")

    def _finish(self, token: int, name: str, future: Future[list[Hit]], capped: str | None, deadline_s: float,
                started: float, settle: bool = True, lanes: Lanes | None = None, ceiling: Ceiling | None = None
                ) -> ShardList:
        """One engine's list once its search ends, or empty if it has not ended ``deadline_s``
        after ``started`` (``settle``: each hit's chunk and centrality with it; ``ceiling``: where
        the search ran within, said as the list's ``cut_below``)."""
        left = max(deadline_s - (time.perf_counter() - started), 0.0)
        done = lanes.wait(future, left) if lanes is not None else bool(wait([future], timeout=left)[0])
        if not done:
            return self.late(name, deadline_s)
        try:
            hits = future.result()
        except QueryError:
            raise
        except Exception as exc:  # noqa: BLE001 - one engine failing on one shard must not sink the others
            return ShardList((), None, f"{self.label}: the {name} engine failed: {exc}")
        below = BELOW_PREFIX_SCORE if ceiling is not None and ceiling.cut else None
        if not settle:
            return ShardList(Unsettled(hits), capped, settled=False, cut_below=below)
        return ShardList(self.settle(token, hits), capped, cut_below=below, tests=self._tests_of(token, hits),
                         templates=self._templates_of(token, hits))

    def settle(self, token: int, hits: Sequence[Hit]) -> tuple[Found, ...]:
        """Each hit with the chunk it stands for and that chunk's centrality."""
        return tuple(_new_found(hit, key, centrality) for hit, (key, centrality) in zip(hits, self.located(token, hits)))

    def _tests_of(self, token: int, hits: Sequence[Hit]) -> tuple[tuple[str, tuple[tuple[int, int], ...]], ...]:
        """:attr:`ShardList.tests` of a list's hits: each of their files in a language that marks
        its tests in its code, with its test code's spans."""
        generation = self._parts(token).generation
        paths = dict.fromkeys(hit.path for hit in hits if language_for(hit.path) in TEST_LANGUAGES)
        return tuple((path, generation.test_code_spans(path)) for path in paths)

    def _templates_of(self, token: int, hits: Sequence[Hit]) -> tuple[ChunkKey, ...]:
        """:attr:`ShardList.templates` of a list's hits: the shadowed templates of their files."""
        shadowed = self._parts(token).generation.shadowed_templates()
        if not shadowed:
            return ()
        paths = {hit.path for hit in hits}
        return tuple(sorted(key for key in shadowed if key[0] in paths))

    def shadowed_templates(self, token: int) -> frozenset[ChunkKey]:
        """The repository's chunks of templates of names defined outside any template too, as its
        own search demotes them (:meth:`~maguyva_tui.core.generation.Generation.shadowed_templates`)."""
        return self._parts(token).generation.shadowed_templates()

    def own_aside_words(self, token: int, text: str, target: str | None) -> tuple[int, ...]:
        """The places of a question's words of tests, examples or docs that name this repository's
        own code, as its own search reads them (:func:`~maguyva_tui.core.search.own_aside_words`)."""
        return tuple(sorted(own_aside_words(self._parts(token).generation, text, target)))

    def test_code_spans(self, token: int, path: str) -> tuple[tuple[int, int], ...]:
        """The spans of a file's test code, as the repository's own search reads them
        (:meth:`~maguyva_tui.core.generation.Generation.test_code_spans`)."""
        return self._parts(token).generation.test_code_spans(path)

    def located(self, token: int, hits: Sequence[Hit]) -> list[tuple[ChunkKey, float]]:
        """What :meth:`settle` says of each hit, the chunk and its centrality, without a :class:`Found`."""
        return self._parts(token).generation.located(hits)

    def generation_of(self, token: int) -> Generation:
        """The generation a question reads."""
        return self._parts(token).generation

    def knows_symbol(self, token: int, word: str) -> bool:
        """Tell whether a word is exactly the name of a symbol in this repository."""
        return self._parts(token).generation.knows_symbol(word)

    def definers(self, token: int, name: str) -> tuple[str, ...]:
        """The files defining a name, as one repository's search reads them
        (:meth:`~maguyva_tui.core.generation.Generation.definers`: a bare name from the text
        engine's table of defined names, no symbol made), sorted."""
        return tuple(sorted(self._parts(token).generation.definers(name)))

    def callers_notes(self, token: int, name: str) -> tuple[str, ...]:
        """What the callers of a name leave out in this repository, one line each, as its own
        search says them (:func:`~maguyva_tui.core.other_calls.callers_notes`), after the
        definition a name written with its module was read as (:func:`_graph_target`)."""
        return self._graph_notes(token, name, callers_notes)

    def impact_notes(self, token: int, name: str) -> tuple[str, ...]:
        """What the impact of a name leaves out in this repository, one line each, as its own
        search says them (:func:`~maguyva_tui.core.other_calls.impact_notes`), as
        :meth:`callers_notes` reads the name."""
        return self._graph_notes(token, name, impact_notes)

    def _graph_notes(self, token: int, name: str, notes: Callable[[Generation, str], tuple[str, ...]]
                     ) -> tuple[str, ...]:
        """``notes`` of the name as this shard's graph is asked it (:func:`_graph_target`), after
        the definition it was read as when that is not the name as written."""
        generation = self._parts(token).generation
        asked = _graph_target(generation, Query(name, target=name, intent=GRAPH_INTENTS[0]), self.label).target or name
        if asked == name:
            return notes(generation, name)
        from maguyva_tui.core.graph.tables import split_id  # here: a question that reads no graph never loads it

        path, qualname = split_id(asked)
        if not qualname:  # a file written as the workspace shows it (LABEL/path): the same file, nothing to say
            return notes(generation, asked)
        return (f"{name} is {qualname} of {path}", *notes(generation, asked))

    def untied_elsewhere(self, token: int, name: str, packages: tuple[str, ...]) -> str | None:
        """Where this repository defines nothing of a name but calls a method so named on receivers
        its graph could not resolve, in files importing one of ``packages`` (of the repositories
        defining it), the line saying so (:func:`untied_elsewhere_said`); ``None`` otherwise."""
        return untied_elsewhere_said(self._parts(token).generation, name, self.label, packages)

    def untied_callers(self, token: int, name: str, limit: int) -> tuple[list[Hit], tuple[str, ...]] | None:
        """The calls of this repository naming a name that its graph tied to no definition, when
        it tied none, and the line saying what they are, as its own search lists them
        (:func:`~maguyva_tui.core.other_calls.untied_callers`); ``None`` when it has none."""
        return untied_callers(self._parts(token).generation, name, limit)

    def foreign_uses(self, token: int, name: str, packages: tuple[str, ...] | None, limit: int,
                     uses: tuple[str, ...]) -> list[tuple[str, Hit]]:
        """The calls or base classes (``uses``) of this repository naming a name through an
        import of another package (one of ``packages``; any: ``None``), each with its module, as
        its graph leaves them untied (:func:`~maguyva_tui.core.foreign_calls.foreign_uses`)."""
        return foreign_uses(self._parts(token).generation, name, packages, limit, uses)

    def module_uses(self, token: int, module: str, depth: int, limit: int) -> tuple[list[Hit], list[Hit]]:
        """This repository's lines importing another repository's module by name, and what depends
        on the importing files within ``depth - 1`` more edges
        (:func:`~maguyva_tui.core.search.module_uses`)."""
        return module_uses(self._parts(token).generation, module, depth, limit)

    def import_lines(self, token: int, written: str, outside: bool = False) -> ImportLines | None:
        """The lines of this repository importing a module (or file) as written, or a definition
        of that name (with ``outside``, also the module by its name when it is another
        repository's), as its own search lists them (:func:`~maguyva_tui.core.search.import_lines`)."""
        generation = self._parts(token).generation
        return import_lines(generation, _own_file(generation, written, self.label), outside)

    def module_files(self, token: int, written: str) -> tuple[str, ...]:
        """The files of this repository a module as written names, as its imports are resolved
        (:func:`~maguyva_tui.core.search.dotted_module_files`); none without a graph."""
        generation = self._parts(token).generation
        return dotted_module_files(generation, _own_file(generation, written, self.label))

    def file_names(self, token: int, stem: str) -> tuple[str, ...]:
        """The names of this repository's files that are ``stem`` and an extension (``rich_utils.py``),
        as one repository reads them (:func:`~maguyva_tui.core.locations.file_names`)."""
        return tuple(file_names(self._parts(token).generation, stem) or ())

    def folder_files(self, token: int, folder: str, limit: int) -> tuple[tuple[str, ...], int]:
        """The indexed files under a folder of this repository, those directly in it first, at most
        ``limit``, and how many there are (:func:`~maguyva_tui.core.folder_question.folder_files`;
        none for a file's path or a folder holding none)."""
        shown, count = folder_files(folder, self._parts(token).generation.snapshot.files, limit)
        return tuple(shown), count

    def glob_files(self, token: int, written: str, limit: int) -> tuple[tuple[str, ...], int]:
        """The indexed files of this repository a pattern of paths matches (``**/*.py``), shallowest
        first, at most ``limit``, and how many there are (:func:`~maguyva_tui.core.search.glob_files`)."""
        matched = glob_files(written, self._parts(token).generation.snapshot.files)
        return tuple(matched[:limit]), len(matched)

    def big_files(self, token: int, name: str | None, text: str | None, case: str) -> tuple[str, ...]:
        """This repository's files left out for their size that hold a name as a word (``name``) or
        a text (:func:`~maguyva_tui.core.unread_files.big_files_holding`, ``..._text``), by path."""
        snapshot = self._parts(token).generation.snapshot
        if name is not None:
            return big_files_holding(snapshot, name)
        return big_files_holding_text(snapshot, text or "", case)

    def nothing_indexed(self, token: int) -> str | None:
        """That this repository's index holds no file, and why (:func:`~maguyva_tui.core.lookup.nothing_indexed`);
        ``None`` where it holds some."""
        return nothing_indexed(self._parts(token).generation)

    def skipped(self, token: int) -> tuple[int, int]:
        """How many files this repository's index left out for their size and how many paths its
        walk could not read (:func:`~maguyva_tui.core.lookup.unread`), as its own misses say them."""
        too_big, unreadable = unread(self._parts(token).generation)
        return too_big, unreadable

    def names(self, token: int) -> frozenset[str]:
        """Every distinct name a symbol of the repository has, as written (a missed name's close
        names), read as one repository reads them (``structural.names()``: no symbol made) and
        kept for the generation: a workspace's view is new with every question."""
        generation = self._parts(token).generation
        with self._lock:
            found = self._names.get(generation)
        if found is None:
            found = frozenset(generation.structural.names())
            with self._lock:
                self._names[generation] = found
        return found

    def lookup(self, token: int, name: str) -> list[Symbol]:
        """The symbols of a name, as the structural engine's table finds them."""
        return self._parts(token).generation.structural.lookup(name)

    def symbols(self, token: int) -> list[Symbol]:
        """Every symbol of the repository (read on a question's miss, for the close names)."""
        return list(self._parts(token).generation.snapshot.symbols)

    def literal_lines(self, token: int, literal: str, case: str, limit: int | None) -> list[LineMatch]:
        """The best lines holding a literal, as the text engine ranks them."""
        return self._parts(token).generation.text.literal_lines(literal, case, limit)

    def holds_literal(self, token: int, literal: str, case: str) -> bool:
        """Whether some line holds a literal (what :meth:`literal_lines` would find one of), the
        candidate files read only until one does."""
        return bool(self._parts(token).generation.text.holds_literal(literal, case))

    def chunk_at(self, token: int, path: str, line: int) -> Chunk | None:
        """The smallest definition holding a line of a file, else its window."""
        return self._parts(token).generation.chunk_at(path, line)

    def spells_whole(self, token: int, name: str) -> bool:
        """Whether some line of the repository spells a name, each of its parts a whole identifier
        (as one repository's search decides whether a name no symbol has is used here)."""
        return spelled_whole(self._parts(token).generation, name)

    def chunks_at(self, token: int, places: Sequence[tuple[str, int]]) -> list[Chunk | None]:
        """:meth:`chunk_at` of each ``(path, line)``, found together (a cluster shard's answer
        says the chunk of each line hit of its lists: 75 calls a list, one by one)."""
        return self._parts(token).generation.chunks_at(places)

    def lines(self, token: int, path: str, start: int, end: int) -> list[str]:
        """Lines ``start..end`` (1-based, inclusive) of a file, as the index holds them."""
        return self._parts(token).generation.snapshot.lines(path, start, end)

    def line_count(self, token: int, path: str) -> int:
        """The number of lines of a file."""
        return self._parts(token).generation.snapshot.line_count(path)

    def excerpts(self, token: int, wants: Sequence[Want], twins: frozenset[str] = frozenset()) -> tuple[Excerpt, ...]:
        """The lines a page of results will read, file by file: each result's chunk (up to
        :data:`EXCERPT_LINES` of it) and the first snippet lines at its hit, with each file's line
        count (what a remote shard fetches ahead of fusion, in one round trip). A chunk wanted
        signed is signed when it is a definition, or any chunk of a file of ``twins`` (a window
        of a file copied whole: search compares those)."""
        generation = self._parts(token).generation
        snapshot = generation.snapshot
        spans: dict[str, dict[tuple[int, int], None]] = {}
        signed: dict[str, list[tuple[int, int, bytes | None]]] = {}
        for want in wants:
            ranges = spans.setdefault(want.path, {})
            key_start, hit_start = max(want.key_start, 1), max(want.hit_start, 1)
            whole = want.whole if want.whole is not None else self._defines(token, want)
            if want.signed:
                whole = whole or want.path in twins
                code = self._signature(generation, want.path, want.key_start, want.key_end) if whole else None
                signed.setdefault(want.path, []).append((want.key_start, want.key_end, code))
                whole = False
            key_end = min(want.key_end, key_start + EXCERPT_LINES - 1) if whole else key_start + SNIPPET_LINES - 1
            ranges[(key_start, max(key_start, key_end))] = None
            ranges[(hit_start, hit_start + SNIPPET_LINES - 1)] = None
        return tuple(_excerpt(snapshot, path, _merged(ranges), tuple(signed.get(path, ())))
                     for path, ranges in spans.items())

    def _signature(self, generation: Generation, path: str, start: int, end: int) -> bytes | None:
        """The signature copy folding computes of a definition's code (its lines joined, as
        ``search`` reads them), kept per generation for the next questions (the same definitions
        come back question after question, as :func:`~maguyva_tui.core.duplicates.signature` keeps
        them by code in the coordinator)."""
        with self._lock:
            kept = self._signed.get(generation)
            if kept is None:
                kept = self._signed[generation] = {}
            elif len(kept) >= SIGNATURES_KEPT:
                kept.clear()
        try:
            return kept[(path, start, end)]
        except KeyError:
            pass
        snapshot = generation.snapshot
        newlines = file_newlines(snapshot) if start >= 1 else None  # the same lines, found faster
        lines = newlines.lines(path, start, end) if newlines is not None else snapshot.lines(path, start, end)
        found = signature("\n".join(lines))
        code = None if found is None else found.astype("<u8").tobytes()
        kept[(path, start, end)] = code
        return code

    def _defines(self, token: int, want: Want) -> bool:
        """Whether a wanted chunk is a definition (its code is then compared for copies)."""
        chunk = self.chunk_at(token, want.path, want.key_start)
        return chunk is not None and chunk.symbol is not None and (chunk.start_line, chunk.end_line) == (
            want.key_start, want.key_end)

    def twin_files(self, token: int, paths: Sequence[str]) -> frozenset[str]:
        """The ``paths`` whose whole text another of them has too (a search's candidates' files,
        :func:`~maguyva_tui.core.duplicates.twin_paths`)."""
        return twin_paths(self._parts(token).generation.snapshot.files, paths)

    def folded_excerpts(self, token: int, wants: Sequence[Want], paths: Sequence[str],
                        ) -> tuple[tuple[Excerpt, ...], frozenset[str]]:
        """:meth:`excerpts` for copy folding, given every candidate's file (``paths``): the twins
        among them (:meth:`twin_files`), whose windows are signed, and the excerpts."""
        twins = self.twin_files(token, paths)
        return self.excerpts(token, wants, twins), twins

    def prefetch(self, token: int, wants: Sequence[Want], paths: Sequence[str] = ()) -> None:
        """Nothing to fetch ahead: a shard in this process reads lines as they are asked for."""

    def close(self) -> None:
        """Stop the engine's threads."""
        self.engine.close()

    def _parts(self, token: int) -> Parts:
        with self._lock:
            found = self._held.get(token)
        if found is None:
            raise QueryError(f"{self.label}: {HELD_GENERATIONS} newer questions came since this one was asked; ask it again")
        return found

    def _budget(self, text: TextRetriever, query: Query, max_files: int) -> tuple[Query, str | None]:
        """Bound an exhaustive text search (no ``max_files``: alone, every occurrence) to
        ``max_files`` candidate files, the definers and most central first, and say so when that
        leaves some out. A blend's text search is bounded already."""
        if query.max_files is not None or len(text.snapshot.files) <= max_files:
            return query, None  # bounded already, or no more files than the budget: nothing to count
        literal = query.target or query.text
        try:
            plan = regex_plan(query.text) if query.regex else literal_plan(literal)
            candidates = len(text.candidates(plan))
        except Exception:  # noqa: BLE001 - a bad pattern is the engine's to report, in its words
            return query, None
        if candidates <= max_files:
            return query, None
        why = (f"{self.label}: the text engine verified {max_files:,} of {candidates:,} candidate files "
               "(those defining the literal, then the most central)")
        return replace(query, max_files=max_files), why


def _excerpt(snapshot: Snapshot, path: str, ranges: list[tuple[int, int]],
             signatures: tuple[tuple[int, int, bytes | None], ...] = ()) -> Excerpt:
    """A file's line count and its lines in ``ranges`` (sorted, 1-based), as ``snapshot.lines``
    gives them: each range decoded from the stored text between its newlines (found once per file
    and kept, :class:`~maguyva_tui.core.results.FileNewlines`); a snapshot without stored text, its
    text split only as far as the last range (a page's files are many, and splitting each whole,
    through the snapshot's cache of a few, cost as much as the search)."""
    newlines = file_newlines(snapshot)
    if newlines is not None:
        found = newlines.of(path)
        return Excerpt(path, found[3], tuple((a, b, tuple(newlines.between(found, a, b))) for a, b in ranges), signatures)
    text = snapshot.text(path)
    head = text.split("\n", ranges[-1][1]) if ranges else []
    if "\r" not in text:  # most files: the lines as split (stripping each line cost 2 us a line)
        return Excerpt(path, snapshot.line_count(path), tuple((a, b, tuple(head[a - 1:b])) for a, b in ranges),
                       signatures)
    return Excerpt(path, snapshot.line_count(path), tuple(
        (a, b, tuple(line[:-1] if line.endswith("\r") else line for line in head[a - 1:b])) for a, b in ranges),
        signatures)


def _merged(ranges: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Line ranges (inclusive) with overlapping or touching ones joined, in order."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(ranges):
        if out and start <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


@lru_cache(maxsize=64)
def _graph_target(generation: Generation, query: Query, label: str = "") -> Query:
    """The query a references or impact question asks this shard's graph: its target as this
    repository's own search asks it (:func:`~maguyva_tui.core.answers.graph_name`: a name written
    with its module, ``wrapt.decorator``, is the one definition the module re-exports, its node).
    The workspace's view reads no one repository's names, and its graph had found nothing for
    ``who calls wrapt.decorator`` where the repository alone lists the callers. A name written
    through its file as the workspace shows the file, ``LABEL/path::name``, is read without this
    repository's label when the path with it names no file (it had found nothing: "nothing in the
    graph calls jfunc/jaraco/functools/__init__.py::method_cache")."""
    if query.regex or not query.target or query.intent not in GRAPH_INTENTS or "graph" in generation.missing:
        return query
    from maguyva_tui.core.answers import graph_name  # here: a question that reads no graph never loads it

    named = graph_name(generation, query.target)
    if named == query.target and label and (written := split_in_file(query.target)) is not None \
            and written[0].startswith(label + "/") and not _defined(generation, named):
        local = graph_name(generation, f"{written[0][len(label) + 1:]}::{written[1]}")
        named = local if _defined(generation, local) else named
    elif named == query.target:
        named = _own_file(generation, query.target, label)  # a file as a result row shows it (pyee/pyee/base.py)
    return query if named == query.target else replace(query, target=named)


def untied_elsewhere_said(generation: Generation, name: str, label: str, packages: tuple[str, ...]) -> str | None:
    """Where this repository defines nothing of a name but calls a method so named on receivers its
    graph could not resolve, in files importing one of ``packages`` (another repository's, which
    defines it: ``self.emit(...)`` in a class built on pyee's ``EventEmitter``), the line saying
    so; ``None`` otherwise. Its own graph says nothing of them (the name has no definition here),
    and a workspace asked "who calls emit" had listed pyee's callers without a word of the app's."""
    graph = None if "graph" in generation.missing else generation.snapshot.graph
    facts = getattr(generation.snapshot, "facts", None)
    bare = name.replace("::", ".").rpartition(".")[2]
    if graph is None or facts is None or not bare.isidentifier() or not packages:
        return None
    from maguyva_tui.core.foreign_calls import package_of
    from maguyva_tui.core.graph import queries  # here: a question that reads no graph never loads it

    def imports_one(path: str) -> bool:  # a module of another package (not a relative import) among them
        return path in facts and any(imp.module and not imp.module.startswith(".") and package_of(imp.module)
                                     in packages for imp in facts[path].imports)
    try:
        if queries.definitions(graph, name) or queries.definitions(graph, bare):
            return None
        untied = [site for site in queries.untied_calls(graph, bare, members_only=True) if imports_one(site[0])]
        listed = {(hit.path, hit.start_line) for _, hit in foreign_uses(generation, name, packages, FOREIGN_LISTED)
                  } if untied else set()
        untied = [site for site in untied if site not in listed]  # Session().get(...): listed among the callers
    except (OSError, ValueError, KeyError, IndexError):  # a damaged graph: nothing said of it
        return None
    if not untied:
        return None
    path, line = sorted(untied, key=lambda site: is_secondary(site[0]))[0]  # stable: path and line order within
    calls = "1 call names" if len(untied) == 1 else f"{len(untied):,} calls name"
    return (f"{calls} {bare} on a receiver {label}'s graph could not resolve (an instance of another repository's "
            f"class, or of unknown type), not listed: first {path}:{line}; search \".{bare}(\" lists every line")


def _own_file(generation: Generation, written: str, label: str) -> str:
    """A file or folder written as the workspace shows this repository's (``LABEL/path``), read
    without the label where only the path without it is one of this repository: "who imports
    pyee-12.1.1/pyee/base.py" had found nothing ("nothing in the graph calls ...")."""
    if not label or not written.startswith(label + "/") or "::" in written or "graph" in generation.missing:
        return written
    from maguyva_tui.core.graph import queries  # here: a question that reads no graph never loads it

    graph = generation.snapshot.graph
    local = written[len(label) + 1:]
    if graph is None or not local or queries.file_nodes(graph, written) or not queries.file_nodes(graph, local):
        return written
    return local


def _defined(generation: Generation, name: str) -> bool:
    """Whether this repository's graph holds a definition of a name as it asks it."""
    from maguyva_tui.core.graph import queries  # here: a question that reads no graph never loads it

    graph = generation.snapshot.graph
    return graph is not None and bool(queries.definitions(graph, name))


def _code_words_only(query: Query, only: bool) -> Query:
    """The query with ``code_words_only`` set so, made once for every shard that asks it
    (``dataclasses.replace`` of a query: 20 us, on each shard of a workspace)."""
    return query if query.code_words_only == only else replace(query, code_words_only=only)


def _stem_id(index: ChunkIndex, stem: str) -> int | None:
    """A stem's id in a BM25 index, as its searches look it up (``None``: no chunk holds it)."""
    return index._vocabulary(stem)


def _postings(index: ChunkIndex, sid: int | None) -> int:
    """The chunks holding a stem of this id, as :meth:`~maguyva_tui.core.bm25.ChunkIndex.idf` counts them."""
    offsets = index._offsets
    if sid is None or sid + 1 >= len(offsets):
        return 0
    return int(offsets[sid + 1] - offsets[sid])


def _with_idf(text: TextRetriever, stats: WordStats, ids: Mapping[str, int | None]) -> TextRetriever:
    """The text engine of a generation, its BM25 index reading the workspace's idf and the stem
    ids :meth:`Shard.word_stats` looked up for the question: a shallow copy of each, sharing their
    arrays and caches (copying them is microseconds per question)."""
    index = copy.copy(text.chunk_index())
    index.idf = stats.idfs()  # type: ignore[assignment]  # the instance's idf shadows the method ChunkIndex.search calls
    if ids:
        vocabulary = index._vocabulary
        index._vocabulary = lambda stem: ids[stem] if stem in ids else vocabulary(stem)
    view = copy.copy(text)
    view._chunk_index = index  # chunk_index() returns it without opening another
    return view


def _in_turn(work: Callable[..., _R], *args: Any) -> _R:
    """Do a shard's search in its turn (:data:`SHARD_TASKS_AT_ONCE`), or once
    :data:`SHARD_TURN_WAIT_S` has passed without one."""
    turns = _TURNS  # read once: the turn given back is the one taken
    turn = turns.acquire(timeout=SHARD_TURN_WAIT_S)
    try:
        return work(*args)
    finally:
        if turn:
            turns.release()


class Lanes:
    """The shard tasks of one step of a question, run by at most :data:`SHARD_TASKS_AT_ONCE`
    threads (lanes), each taking the next task when its last one ends: a blend over 8
    repositories handed 8 tasks to 8 threads, 6 of them waiting for a turn at once, and each
    hand-off (a thread woken, the interpreter passed over) cost more CPU than a small shard's
    search. A task still waiting :data:`SHARD_TURN_WAIT_S` after the caller started waiting for
    one (:meth:`wait`) gets a lane of its own, so shards stuck in their tasks hold the others back
    that long at most, as a turn does (:func:`_in_turn`).

    The caller reads every task's answer (each engine's list of every shard), so it waits for
    them all at once: woken once, when the last ends, not once per task it finds unfinished (up
    to 8 a step, each a thread woken and the interpreter passed back)."""

    def __init__(self, pool: Executor) -> None:
        self._pool = pool
        self._waiting: deque[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = deque()
        self._left = 0
        """Tasks added and not ended yet."""
        self._count = threading.Lock()
        self._ended = threading.Event()
        """Set when every task added has ended."""

    def add(self, work: Callable[..., _R], *args: Any) -> Future[_R]:
        """A task to run in a lane (none starts before :meth:`open`)."""
        future: Future[_R] = Future()
        self._waiting.append((future, work, args))
        self._left += 1
        return future

    def open(self, lanes: int = SHARD_TASKS_AT_ONCE) -> None:
        """Start that many lanes (fewer for fewer tasks), taking the tasks in the order added."""
        for _ in range(min(lanes, len(self._waiting))):
            self._pool.submit(self._lane)

    def wait(self, future: Future[Any], timeout: float) -> bool:
        """Wait for a task at most ``timeout`` seconds; whether it ended. The wait lasts until
        every task has ended (or the task has, when a slice of it ends: others may be stuck), in
        slices of :data:`SHARD_TURN_WAIT_S`; each slice that finds tasks not started opens a lane
        for them."""
        if future.done():  # a blend's later engines find their shards' tasks ended: no waiter set up (5-10 us)
            return True
        ends = time.perf_counter() + timeout
        while True:
            left = ends - time.perf_counter()
            self._ended.wait(max(min(left, SHARD_TURN_WAIT_S), 0.0))
            if future.done():
                return True
            if left <= SHARD_TURN_WAIT_S:
                return False
            if self._waiting:
                self.open(1)

    def _lane(self) -> None:
        while True:
            try:
                future, work, args = self._waiting.popleft()
            except IndexError:
                return
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(work(*args))
                except BaseException as exc:  # noqa: BLE001 - the waiter's result() raises it, as for a call on a pool
                    future.set_exception(exc)
            with self._count:
                self._left -= 1
                if not self._left:
                    self._ended.set()


def _within(ceiling: Ceiling, search: Callable[[Query, int], list[Hit]]) -> Callable[[Query, int], list[Hit]]:
    """A structural search run within a ceiling (:func:`~maguyva_tui.core.retrievers.structural.prefix_tiers_only`)."""
    def run(query: Query, limit: int) -> list[Hit]:
        with prefix_tiers_only(ceiling):
            return search(query, limit)
    return run


def _done(hits: list[Hit]) -> Future[list[Hit]]:
    """A list already made, as a started search's future."""
    future: Future[list[Hit]] = Future()
    future.set_result(hits)
    return future
