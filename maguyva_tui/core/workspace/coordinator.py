"""One question over a workspace: the search of one repository, on a view of every shard.

The coordinator does not orchestrate a search of its own: it hands
:func:`~maguyva_tui.core.search.search` (the very function that answers on one repository) a
*view* of the workspace that reads like one generation of one index. So the intent is classified
once for the workspace, with the same rules (a lone word that names a symbol in any shard grounds
as on one repository: the view's ``knows_symbol`` asks every shard), one plan is made, and the
same weighted RRF, boost, demotion, one-chunk-per-file and copy folding rank the merged lists
(:func:`~maguyva_tui.core.fusion.fuse`, :func:`~maguyva_tui.core.duplicates.fold_copies`): there
is no second fusion to drift from the first.

What the view does:

- **open**: every shard's index is opened in parallel; a repository that cannot be (gone,
  unreadable, an index that cannot be written) is *missing*: the answer names it, the others answer;
- **an engine's list**: each shard runs that engine within the deadline and the file budget
  (:meth:`~maguyva_tui.core.workspace.shard.Shard.search`), the text engine's BM25 on the
  workspace's idf; the lists merge into one per engine (:mod:`~maguyva_tui.core.workspace.merge`,
  where the rule and each engine's comparability are written down);
- **paths**: while the search runs, a path is qualified by its repository (the label, a NUL, then
  ``/path``: every folder and file name of the path stays a component of its own, so the demotion
  of vendored code, tests and docs reads it as on one repository, and two repositories'
  ``README.md`` stay two files); the answer splits them again into ``repo`` and ``path``;
- **chunks, lines, symbols**: asked of the shard a path belongs to, on the generation the question
  started on.

Round trips (what a cluster's shard pays per call): the question starts on every far shard with
what it will ask next (:class:`~maguyva_tui.core.workspace.shard.Ask`: whether its words name
symbols, its target's symbols, its stems' chunk counts, and the lone engine a symbol question
will most likely run, :func:`_foreseen`), so grounding, the demotion's definers, the workspace
idf and a symbol question's list cost no call of their own (a shard in this process is asked as
search goes: a call there costs microseconds); a step's engines are asked
of a far shard in one call (:meth:`_View.expect`); every shard's calls of one step run side by
side, and those of the shards one process holds travel as one call (:func:`fan_out`); before
copy folding and the page read the results' lines, the view fetches them in one call per shard
(:meth:`_View.prefetch`: the code of the definitions among the first results, and the page's
first lines; a shard in this process reads lines as they are asked). Bringing every hit's code
with the engines' call instead saves that step but costs more than it (:data:`CODE_AHEAD`).
What was fetched ahead is matched exactly (a list by its engine, query and limit): a guess that
was wrong costs a call, never a different answer.

The semantic coverage a result reports is the mean over the shards; whether the text engine of
a blend lets plain words vote follows each shard's own coverage (on one shard, as alone).
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, fields, replace
from functools import partial
from operator import attrgetter
from pathlib import Path
from typing import Any, Final, Generic, TypeAlias, TypeVar, cast

from maguyva_tui.core.code_tests import TEST_LANGUAGES, holds
from maguyva_tui.core.duplicates import COPY_SCAN, Signature, signature, twin_paths
from maguyva_tui.core.foreign_calls import DEPTH, FOREIGN_LISTED, module_note, package_of
from maguyva_tui.core.fusion import ChunkKey, Fused
from maguyva_tui.core.generation import Generation
from maguyva_tui.core.intent import LITERAL_RULES, Intent, classify, keyword_kinds, override, quoted_names
from maguyva_tui.core.locations import LOCATION_RULE, chunks_over
from maguyva_tui.core.locations import parse as parse_places
from maguyva_tui.core.parsing.languages import language_for
from maguyva_tui.core.path_names import files_defining, in_path
from maguyva_tui.core.path_names import split as split_in_file
from maguyva_tui.core.paths import is_secondary
from maguyva_tui.core.plan import plan_request, with_weights
from maguyva_tui.core.retrievers.text import LineMatch, body_stems
from maguyva_tui.core.search import (
    ASKS_ASIDE,
    CONF_KNOWN_SYMBOL,
    LITERAL_INTENTS,
    ImportLines,
    Parts,
    SearchRequest,
    aside_key,
    aside_keys,
    engine_query,
    foreign_uses_asked,
    grounding_word,
    lists_callers,
    own_aside_words,
    search,
)
from maguyva_tui.core.similar import module_names
from maguyva_tui.core.store.facts import part_length
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.types import (
    Chunk,
    Hit,
    IndexUpdate,
    Query,
    QueryError,
    Ranked,
    Retriever,
    SearchResult,
    Symbol,
    fast_constructor,
)
from maguyva_tui.core.workspace.merge import graph_groups, merge_lists
from maguyva_tui.core.workspace.shard import (
    Ask,
    Begun,
    Found,
    Lanes,
    Running,
    Shard,
    ShardList,
    Unsettled,
    Want,
    WordStats,
    WordTable,
)

_T = TypeVar("_T")

SHARD_DEADLINE_S: Final = 5.0
"""Seconds one engine may run on one shard for one question (Zoekt's per-shard wall-time budget):
a warm question on one repository takes milliseconds to a few hundred; a list still running at
five seconds is left out, and the answer says so. Not yet measured on a large workspace (issue 21.4)."""
SHARD_MAX_FILES: Final = 5_000
"""Candidate files a shard's text engine verifies at most when it would list every occurrence
(Zoekt caps each shard's matches): the definers of the literal first, then the most central. Every
match of a verified file is ranked, so the files bound the work; a blend verifies 60 already."""

PREFETCH_CODE: Final = 2 * COPY_SCAN
"""Results whose definitions' code a workspace fetches ahead for copy folding, which reads up to
:data:`~maguyva_tui.core.duplicates.COPY_SCAN` kept ones: twice that, as the copies it folds
lengthen its scan (a definition past it is read when asked, one round trip of its own)."""
CODE_AHEAD = False
"""Whether a blend's engines' call to a far shard brings the code of every hit's definition (copy
folding compares them), saving the third round trip. Off: measured over 2 worker processes
holding the 8 repositories of ``bench.workspace_speed`` (7 blends x 5 rounds, interleaved, load
14), p50 211 ms with it, 158 ms without: the lists' hits are 4-8x the results copy folding reads
(0.9 MB of code for ``who calls expand``), and reading them cost more than a round trip (a pipe's
fraction of a millisecond, Ray's 4 ms)."""
SEP: Final = "\x00"
"""Ends a repository's label in a qualified path (and stands for ``/`` inside one): no path holds it."""


def qualify(label: str, path: str) -> str:
    """A path as fusion sees it in a workspace: the label (its ``/`` as NUL), a NUL, ``/``, the path."""
    return f"{label.replace('/', SEP)}{SEP}/{path}"


def nested_roots(roots: Sequence[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """Each repository (label, root) inside another's folder: ``(outer, inner, folder)``, the
    folder as a path in the outer one ending ``/`` (the innermost outer one where several hold it)."""
    resolved = [(label, _resolved(root)) for label, root in roots]
    out = []
    for inner, inside in resolved:
        holders = [(label, root) for label, root in resolved if root != inside and root in inside.parents]
        if holders:
            outer, root = max(holders, key=lambda held: len(held[1].parts))
            out.append((outer, inner, inside.relative_to(root).as_posix() + "/"))
    return sorted(out)


def held_inside(snapshot: Snapshot, folders: Sequence[str]) -> tuple[int, int, int]:
    """The files, symbols and chunks of a repository's index under ``folders`` (another repository
    of the workspace, each ending ``/``): a workspace's figures count those files once, as the inner
    repository's (tinydb-4.8.0 with tinydb-4.8.0/tinydb had read 35 files, 17 of them twice)."""
    prefixes = tuple(folders)
    files = symbols = chunks = 0
    if not prefixes:
        return 0, 0, 0
    rows = snapshot.facts.rows
    for path in snapshot.files:
        if path.startswith(prefixes):
            files += 1
            row = rows.get(path)
            if row is not None:
                chunks += part_length(row, 1)
                symbols += part_length(row, 2)
    return files, symbols, chunks


def _resolved(root: str) -> Path:
    try:
        return Path(root).resolve()
    except (OSError, RuntimeError):
        return Path(root)


def _packages(defined: Sequence[tuple[str, str]], label: str) -> tuple[str, ...]:
    """The package names the files defining a name in repositories other than ``label``'s may be
    imported by: their folders' names, their own names less the extension
    (``src/wrapt/decorators.py``: src, wrapt, decorators), and their repository's folder's name
    (an npm package's: ``import { parse } from "lib"`` of lib's ``src/index.js``)."""
    return tuple(sorted({part for other, path in defined if other != label
                         for part in (*path.split("/")[:-1], path.rpartition("/")[2].partition(".")[0],
                                      other.rpartition("/")[2])
                         if part}))


def _uses(count: int, uses: tuple[str, ...]) -> str:
    """``1 call names``, ``N calls name``, ``1 class extends``, ``N uses name``."""
    if any(use.startswith(DEPTH) for use in uses):
        return "1 definition depends on" if count == 1 else f"{count} definitions depend on"
    if uses == ("inherit",):
        return "1 class extends" if count == 1 else f"{count} classes extend"
    noun = "call" if uses == ("call",) else "use"
    return f"1 {noun} names" if count == 1 else f"{count} {noun}s name"


def split(path: str) -> tuple[str, str]:
    """Return ``(label, path)`` of a qualified path (``("", path)`` for a plain one)."""
    head, found, local = path.partition(SEP + "/")
    return (head.replace(SEP, "/"), local) if found else ("", path)


@dataclass(frozen=True, slots=True)
class Missing:
    """A repository of the workspace that did not answer."""

    label: str
    root: str
    reason: str

    def to_json(self) -> dict[str, str]:
        """Return ``{"repo", "root", "reason"}``."""
        return {"repo": self.label, "root": self.root, "reason": self.reason}


MAX_REASONS = 3
"""The most repositories a refusal names with their reasons: a file that lists no folders read as a
workspace (a Python file given to --workspace) had named each of its lines, a screen of text."""


def reasons(missing: Iterable[Missing]) -> str:
    """Why repositories did not answer, in one line: the first :data:`MAX_REASONS`, then how many more."""
    said = [m.reason if m.root in m.reason or m.reason.startswith(f"{m.label}:") else f"{m.label}: {m.reason}"
            for m in missing]  # a reason that names no repository (a worker process gone) is given its name
    more = len(said) - MAX_REASONS
    return "; ".join(said[:MAX_REASONS]) + (f"; and {more} more" if more > 0 else "")


@dataclass(frozen=True, slots=True)
class WorkspaceResult:
    """A search over several repositories: the one-repository result, and each result's repository."""

    result: SearchResult
    """Paths relative to each result's repository; notices name the repository they concern."""
    repos: tuple[str, ...]
    """Per result, its repository's label."""
    copy_repos: tuple[tuple[str, ...], ...]
    """Per result, the repository of each of its folded copies."""
    searched: tuple[tuple[str, str], ...]
    """``(label, root)`` of each repository that answered, by label."""
    missing: tuple[Missing, ...] = ()
    capped: tuple[str, ...] = ()
    """Why some list is incomplete (a deadline, a file budget), one line each; empty: nothing was cut."""

    def to_json(self) -> dict[str, Any]:
        """The one-repository JSON, each result (and copy) with its ``repo``, and the workspace:
        ``repos`` searched, ``missing``, ``capped`` (a flag) and ``capped_because``."""
        out = self.result.to_json()
        for item, repo, copy_repos in zip(out["results"], self.repos, self.copy_repos):
            item["repo"] = repo
            for copied, where in zip(item["copies"], copy_repos):
                copied["repo"] = where
        out["repos"] = [{"repo": label, "root": root} for label, root in self.searched]
        out["missing"] = [m.to_json() for m in self.missing]
        out["capped"] = bool(self.capped)
        out["capped_because"] = list(self.capped)
        return out

    def first(self, limit: int) -> WorkspaceResult:
        """The answer less its results past the first ``limit`` (and their repositories)."""
        return replace(self, result=replace(self.result, results=self.result.results[:limit]),
                       repos=self.repos[:limit], copy_repos=self.copy_repos[:limit])

    def display(self) -> SearchResult:
        """The result with each path shown as ``repo/path``, its folded copies' too: what a person
        reads (``--explain``'s ``also in`` had named a copy in another repository by its path there alone)."""
        shown = tuple(replace(r, path=f"{repo}/{r.path}",
                              copies=tuple((f"{where}/{p}", s, e) for (p, s, e), where in zip(r.copies, copy_repos)))
                      for r, repo, copy_repos in zip(self.result.results, self.repos, self.copy_repos))
        return replace(self.result, results=shown)


class Coordinator:
    """Answer questions over shards, as one repository answers them."""

    def __init__(self, shards: Iterable[Shard], missing: Iterable[Missing] = (),
                 deadline_s: float = SHARD_DEADLINE_S, max_files: int = SHARD_MAX_FILES,
                 notices: Iterable[str] = ()) -> None:
        self.shards = sorted(shards, key=lambda s: s.label)
        self.notices = list(notices)
        """Messages every answer carries (the transformer provider's fallback, a nested repository)."""
        self.shadowed: dict[str, tuple[str, ...]] = {}
        """Per repository holding another of the workspace in a folder, that folder's path in it
        (``sub/``): its files are answered by the inner repository only (:meth:`_shadow`)."""
        self._shadow()
        self.missing = sorted(missing, key=lambda m: m.label)
        self.deadline_s = deadline_s
        self.max_files = max_files
        workers = max(len(self.shards), 1)
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="maguyva-workspace")
        """Where search runs the engines side by side (one task per engine, as on one repository)."""
        self._fan = ThreadPoolExecutor(max_workers=4 * workers, thread_name_prefix="maguyva-shard")
        """Where an engine's calls to the shards run side by side."""
        self._tables: dict[str, tuple[WordTable, dict[str, int]]] = {}
        """Per far shard, its word counts (:class:`WordTable`, as sent, and as a table) of the
        generation it last started a question on: a sentence's workspace idf is summed here, and
        its blend's lists are asked with the question's start (:meth:`_foreseen_blend`)."""
        self._coverage: float | None = None
        """The mean semantic coverage the last question started with (what a foreseen blend's
        text query reads, as search reads it then)."""
        self.updated: IndexUpdate | None = None
        """What opening the shards did to their indexes (:meth:`open`): the next answer says it,
        as a search of one repository says what it updated first (a workspace's had said "in
        33.6 ms" of a 2.2 s command), and leaves it here no more."""
        self._anchor: _View | None = None
        """The first question's view of the shards' current generations, kept alive: a later
        view of the same generations equals it, so what a module keeps per generation while it
        lives (``lookup``: every symbol name by initial, for a missed name's close names) is
        made once for the workspace, as for one repository, not once per question."""

    def open(self) -> list[Shard]:
        """Open every shard's index in parallel; those that fail become :attr:`missing`. What the
        opening did to the indexes (:attr:`updated`) is said by the next answer."""
        started = time.perf_counter()
        opened = zip(self.shards, fan_out(self._fan, [(s, "open", ()) for s in self.shards]))
        alive, updates, failed = [], [], []
        for shard, future in opened:
            try:
                updates.append(future.result())
                alive.append(shard)
            except (OSError, ValueError) as exc:  # gone, unreadable, an index that cannot be written
                self.missing.append(Missing(shard.label, shard.root, str(exc) or type(exc).__name__))
                failed.append(shard)
        kept = {id(getattr(shard, "host", shard)) for shard in alive}
        for shard in failed:  # a far shard's close ends its process: kept while it holds a shard that opened
            if id(getattr(shard, "host", shard)) not in kept:  # (--workers 2 had lost every other repository of it)
                shard.close()
        self.shards = alive
        self.missing.sort(key=lambda m: m.label)
        self._shadow()
        self.updated = _joined([u for u in updates if u is not None], started)
        return alive

    def _shadow(self) -> None:
        """Find the repositories inside another one of the workspace: each is said once, and its
        files are left out of the outer one's answers (they had been answered twice, once through each)."""
        nested = nested_roots([(s.label, s.root) for s in self.shards])
        self.shadowed = {}
        for outer, inner, folder in nested:
            self.shadowed.setdefault(outer, ())
            self.shadowed[outer] += (folder,)
            said = f"{inner} is inside {outer} ({folder}): its files are answered once, as {inner}'s"
            if said not in self.notices:
                self.notices.append(said)

    def answers(self, label: str, path: str) -> bool:
        """Whether a repository answers for one of its files (not one of a repository inside it)."""
        folders = self.shadowed.get(label)
        return not folders or not path.startswith(folders)

    def answers_note(self, label: str, note: str) -> bool:
        """Whether a repository's note is its own to say: not one whose every place (``path:line``)
        lies in a repository inside it, which says it of its own files (a vendored mri's "toArr has
        2 definitions (vendor/mri/lib/index.js:1, ...)" had been said under both names)."""
        return own_note(self.shadowed.get(label, ()), note)

    def search(self, req: SearchRequest) -> WorkspaceResult:
        """Answer one request over the workspace, with every number that ranked each result; its
        time is the whole question's, the far shards' lists asked ahead too. A path written through
        a repository's absolute root is read as the workspace writes that repository's files
        (:func:`through_roots`), as one repository reads it from its root."""
        started = time.perf_counter()
        written = self._through_roots(req)
        if written is None:
            return self._search(req, started)
        answer = self._search(replace(req, text=written), started)
        return replace(answer, result=replace(answer.result, query=req.text))

    def _named_repositories(self, req: SearchRequest) -> frozenset[str] | None:
        """The repositories a question naming places names them in, where it writes every place as
        the workspace's results show it (``sade/lib/index.js:3``); ``None`` for any other question.
        Each repository reads a place by the longest tail of it that it holds, as a trace printed
        on another machine: ``sade/lib/index.js`` had listed mri's ``lib/index.js`` before sade's."""
        labels = sorted((shard.label for shard in self.shards), key=len, reverse=True)
        if req.regex or (req.intent or "find_definition") != "find_definition" or not any(
                label + "/" in req.text for label in labels) or classify(req.text).rule != LOCATION_RULE:
            return None
        named = [next((label for label in labels if place.path.startswith(label + "/")), None)
                 for place in parse_places(req.text)]
        return frozenset(n for n in named if n is not None) if named and None not in named else None

    def _through_roots(self, req: SearchRequest) -> str | None:
        """The question with its paths through a repository's root read as ``label/path``; ``None``
        when it writes none, or is a regex or a string to find as typed (``"/home/u/repo/build"``)."""
        if req.regex or req.intent == "exact_match":
            return None
        written = through_roots(req.text, [(shard.label, shard.root) for shard in self.shards])
        if written == req.text:
            return None
        intent = classify(req.text)
        return None if intent.rule in LITERAL_RULES or intent.name == "exact_match" else written

    def _search(self, req: SearchRequest, started: float) -> WorkspaceResult:
        """:meth:`search`, begun at ``started`` (``perf_counter``): with --workers or on Ray the
        shards answer while the question begins (:meth:`_begin`), so the fusion's own time, which
        the answer had said ("in 0.7 ms" of a 20 ms question), leaves out what it waited for."""
        req.validate()
        ask = self._ask(req) if any(shard.far for shard in self.shards) else Ask(page=req.limit)  # only far shards are asked ahead
        begun, dropped = self._begin(ask)
        view = _View(self, begun, ask)
        view.named = self._named_repositories(req)
        self._learn(begun, view)
        if view != self._anchor:  # the first view of these generations: what is kept per generation is kept for it
            self._anchor = view
        mean = sum(b.coverage for b in begun.values()) / max(len(begun), 1)
        missing = sorted([*self.missing, *dropped], key=lambda m: m.label)
        told = [*self.notices, *(f"{m.label}: not searched ({m.reason})" for m in missing)]
        told += [f"{label}: {n}" for label, b in begun.items() for n in b.notices]
        parts = Parts(cast(Generation, view), lambda: mean, tuple(told), self._pool)
        result = search(req, parts)
        gone = [Missing(s.label, s.root, s.gone) for s in view.each_shard() if s.gone is not None]
        if gone and len(gone) < len(begun):
            # a shard lost mid-question (a cluster's actor): ask the others again, so that nothing
            # it said at the start (a grounding, its idf counts) shapes the answer; it is missing now
            return self._search(req, started)
        if gone:  # every shard lost: named missing, their results left out
            missing = sorted([*missing, *gone], key=lambda m: m.label)
            lost = {m.label for m in gone}
            result = replace(result, results=tuple(r for r in result.results if split(r.path)[0] not in lost))
        if self.shadowed:  # whatever a view's lists let through: a nested repository's file once
            result = replace(result, results=tuple(r for r in result.results if self.answers(*split(r.path))))
        capped = sorted(view.capped)  # the shards answer in any order; the answer does not
        later = sorted(view.failed) + capped + [f"{m.label}: not searched ({m.reason})" for m in gone]
        if "semantic" in result.modalities_run:
            later += [f"{label}: {b.tier_notice}" for label, b in begun.items() if b.tier_notice]
        notices = tuple(view.shown(n) for n in (*result.notices, *later))
        if result.lookup_failed is not None:  # its message names paths too ("an import, at repo/path:18")
            result = replace(result, lookup_failed=replace(result.lookup_failed, message=view.shown(result.lookup_failed.message)))
        results, repos, copy_repos = [], [], []
        for ranked in result.results:
            label, path = split(ranked.path)
            copies = [(*split(p), s, e) for p, s, e in ranked.copies]
            results.append(_moved(ranked, path, tuple((p, s, e) for _, p, s, e in copies)))
            repos.append(label)
            copy_repos.append(tuple(where for where, _, _, _ in copies))
        update, self.updated = self.updated, None
        result = replace(result, results=tuple(results), notices=notices, semantic_tiers=_mean_tiers(list(begun.values())),
                         index_update=update or result.index_update,
                         elapsed_ms=round((time.perf_counter() - started) * 1000, 3))
        searched = tuple((s.label, s.root) for s in self.shards if s.label in begun and s.gone is None)
        return WorkspaceResult(result, tuple(repos), tuple(copy_repos), searched, tuple(missing), tuple(capped))

    def search_page(self, req: SearchRequest) -> tuple[WorkspaceResult, bool]:
        """Answer a request as :meth:`search` does, and tell whether more results lay past its
        limit (one more is asked): a front end says when the limit cut a whole list, as for one
        repository (``truncated``), where a workspace's answer had been silent."""
        if not isinstance(req.limit, int) or req.limit < 1:  # refused by search, as given
            return self.search(req), False
        answer = self.search(replace(req, limit=req.limit + 1))
        if len(answer.result.results) <= req.limit:
            return answer, False
        return answer.first(req.limit), True

    def _ask(self, req: SearchRequest) -> Ask:
        """What a request will ask every shard once it has started (see :class:`Ask`): the lone
        word search grounds, the target the classifier reads (grounding, the definers the
        direct path's demotion reads, a missing symbol, a "similar to" name), a sentence's stems."""
        if req.regex:
            return Ask()
        intent = classify(req.text)
        intent = override(intent, req.intent) if req.intent else intent
        word = req.text.strip().strip("`").removesuffix("()")
        names = [word] if word and len(word.split()) == 1 else []
        if intent.target:  # as the classifier read it, and as "similar to" strips it
            names += [intent.target, intent.target.strip().strip("`").removesuffix("()")]
        again, skipped = intent, frozenset[str]()
        while again.rule in LITERAL_RULES and not req.intent:  # read again without that reading when no
            skipped |= {again.rule}                             # line holds it (search.search)
            again = classify(req.text, skip=skipped)
            names += [t for t in [again.target] if t]
        names = list(dict.fromkeys(n for n in names if n))
        # a sentence's quoted names (``Settings``, *key*): their definitions decide which chunks the
        # quoted-code lift reads (search.quoted_code), looked up with the start, not after it
        looked = list(dict.fromkeys([*names, *quoted_names(req.text)]))
        stems = body_stems(req.text) if len(self.shards) > 1 else ()
        foreseen, limit = _foreseen(req, intent)
        tables = len(self.shards) > 1 and all(shard.far for shard in self.shards)
        known = tuple((label, table.generation) for label, (table, _) in sorted(self._tables.items())) if tables else ()
        blend = self._foreseen_blend(req, intent) if tables and not foreseen else None
        stats = None
        if blend is not None:
            foreseen, limit, stats = blend
        code = limit if blend is not None and CODE_AHEAD else 0  # as expect asks a blend's engines
        the_plan = plan_request(intent, req.preset, req.limit, with_weights(intent, req.weights), req.modality)
        callers = (intent.target,) if intent.target and lists_callers(intent, the_plan, req) else ()
        impacts = (intent.target,) if intent.target and intent.name == "impact_analysis" and not req.regex else ()
        uses = foreign_uses_asked(intent, the_plan, req) if len(self.shards) > 1 else ()
        foreign = ((intent.target, uses),) if intent.target and uses else ()
        aside = aside_keys(req.text)  # which words of tests, examples or docs name own code (search.asks_aside)
        return Ask(tuple(names), tuple(looked), stems, foreseen, limit, self.deadline_s, self.max_files, req.limit,
                   stats, known, tables, code, callers, impacts, foreign, aside)

    def _foreseen_blend(self, req: SearchRequest, intent: Intent,
                        ) -> tuple[tuple[tuple[str, Query], ...], int, WordStats | None] | None:
        """A sentence's blend, as :func:`~maguyva_tui.core.search.search` will most likely ask
        its engines (each engine's query, the fetch) and, for its text engine, the workspace's
        counts of its stems summed from every shard's :class:`WordTable`; ``None`` for another
        question, or while some shard's counts are not known. A cluster's shards run the blend
        with the question's start, on the generation their counts are of (:attr:`Ask.known`):
        one round trip instead of two (the counts, then the lists). Lists asked otherwise after
        all, or counts that turn out other than the shards' own (a shard moved to a new
        generation), are not used (:class:`_View`): a wrong guess costs a call, never an answer."""
        coverage = self._coverage
        if req.regex or req.intent or req.modality or coverage is None:
            return None
        if grounding_word(req.text, intent) is not None:  # a lone word may name a symbol: search grounds it first
            return None
        if intent.name == "find_definition" and intent.target and keyword_kinds(req.text, intent.target):
            return None  # the kinds asked for depend on the index's symbols (search._asked_kinds)
        tables = [self._tables.get(shard.label) for shard in self.shards]
        if any(table is None for table in tables):
            return None
        the_plan = plan_request(intent, req.preset, req.limit, with_weights(intent, req.weights), req.modality)
        if the_plan.alone:
            return None
        query = Query(req.text, regex=req.regex, case=req.case, target=intent.target, intent=intent.name, depth=req.depth)
        # the demotion as for a target defined in the package's own code (search._direct_demotion)
        query = replace(query, demote=_foreseen_demote(query.text))
        queries = tuple((m, engine_query(m, query, True, lambda: coverage)) for m in the_plan.modalities)
        text = dict(queries).get("text")
        stems = body_stems(text.text) if text is not None and text.word_votes else ()
        stats = None
        if stems:
            stats = _total([table.stats(stems, counts)
                            for table, counts in cast("list[tuple[WordTable, dict[str, int]]]", tables)])
        return queries, the_plan.fetch, stats

    def _learn(self, begun: Mapping[str, Begun], view: _View) -> None:
        """Keep what a question's start told of the shards: their word counts (new generations'),
        the mean coverage; forget every shard's counts when a foreseen blend's were not theirs."""
        for label, started in begun.items():
            if started.table is not None:
                self._tables[label] = (started.table, started.table.table())
        if view.misforeseen:
            self._tables.clear()
        self._coverage = sum(b.coverage for b in begun.values()) / max(len(begun), 1)

    def _begin(self, ask: Ask) -> tuple[dict[str, Begun], list[Missing]]:
        """Start a question on every shard, asking ``ask`` of the far ones; one that cannot start
        (its index gone meanwhile) is missing from this answer; none at all is an error."""
        # a shard in this process is asked as search goes (measured: answering ahead cost it 2-3 ms
        # a question over 8 repositories, for names and counts some questions never read)
        started = zip(self.shards, fan_out(self._fan, [(shard, "begin", (ask if shard.far else None,))
                                                       for shard in self.shards]))
        begun: dict[str, Begun] = {}
        dropped: list[Missing] = []
        for shard, future in started:
            try:
                begun[shard.label] = future.result()
            except (OSError, ValueError) as exc:
                dropped.append(Missing(shard.label, shard.root, str(exc) or type(exc).__name__))
        if not begun:
            raise QueryError(f"no repository of the workspace can be searched: "
                             f"{reasons([*self.missing, *dropped]) or 'it lists none'}")
        return begun, dropped

    def close(self, shards: bool = True) -> None:
        """Stop the coordinator's threads, and the shards' unless ``shards`` is off (shards shared
        with another coordinator)."""
        for shard in self.shards if shards else ():
            shard.close()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._fan.shutdown(wait=False, cancel_futures=True)


class _View:
    """One question's view of the workspace, read as :func:`~maguyva_tui.core.search.search`
    reads one generation: engines, centrality, chunks, lines and symbols, paths qualified."""

    collects = True
    """A blend's engines are started on every shard at once (:meth:`expect`), each engine's
    list then only waited for and merged: search runs the engines one after another in its own
    thread (handing each to a thread of the pool, only to wait there, cost a blend's every engine
    a hand-off)."""

    def __init__(self, coordinator: Coordinator, begun: dict[str, Begun], ask: Ask) -> None:
        self._coordinator = coordinator
        self._shards = {s.label: s for s in coordinator.shards if s.label in begun}
        self._begun = begun
        self._found: dict[Hit, tuple[tuple[str, int, int], float]] = {}
        """Per qualified hit, the chunk it stands for (qualified) and that chunk's centrality, as its shard said."""
        self._tests: dict[str, tuple[tuple[int, int], ...]] = {}
        """Per qualified file of a far shard, its test code's spans, as the shard told them with its
        lists (``ShardList.tests``) or asked (:meth:`test_code_spans`)."""
        self._templates: set[ChunkKey] = set()
        """The far shards' shadowed templates (qualified) in their lists' files, told with the lists
        (``ShardList.templates``)."""
        self._lengths: dict[str, dict[str, int]] = {}
        """Per engine, how many hits each shard listed (before the merge cut the workspace's list):
        a confident first answer is judged in its own repository's list (:meth:`own_lists`)."""
        self._batches: dict[tuple[str, str, Query, int], Future[tuple[ShardList, ...]]] = {}
        """Per far shard, engine, query and limit: the call asking every engine of a step at once
        (or the question's start, for the lists it foresaw)."""
        self._batch_at: dict[tuple[str, str, Query, int], int] = {}
        self._here_batches: dict[tuple[str, str, Query, int],
                                 tuple[Future[tuple[ShardList, ...]], int, float, Lanes]] = {}
        """Per shard of this process, engine, query and limit: the task running a blend's every
        engine on that shard (:meth:`Shard.start_all`), the list's place in it, its start, and
        the lanes running it."""
        self._page = ask.page
        self._asked_at: dict[tuple[str, Query, int], float] = {}
        """When each engine's lists were asked of the shards of this process (the deadline counts from it)."""
        self._stats: dict[tuple[str, ...], WordStats] = {}
        """The workspace's counts per question's stems (the question's generations do not change)."""
        self.misforeseen = ask.stats is not None and _summed(begun, ask.stems) != ask.stats
        """Whether the question's start ran a blend's lists on counts other than the shards' own
        (a shard on another generation than the coordinator's counts): those lists are not used."""
        for label, started in begun.items():
            if self.misforeseen:
                break
            if started.lists and len(started.lists) == len(ask.searches):
                answered: Future[tuple[ShardList, ...]] = Future()
                answered.set_result(started.lists)
                for at, (name, query) in enumerate(ask.searches):
                    self._batches[(label, name, query, ask.limit)] = answered
                    self._batch_at[(label, name, query, ask.limit)] = at
        self._twins: frozenset[str] = frozenset()
        """The files copy folding found copied whole in their repository (:meth:`twin_files`)."""
        self._lock = threading.Lock()
        self.named: frozenset[str] | None = None
        """The repositories the question's places are written in (``sade/lib/index.js:3``): the
        only ones whose lists are read; ``None``: every repository's (:meth:`Coordinator._named_repositories`)."""
        self._skipped: dict[str, tuple[int, int]] | None = None
        """Per repository, the files its index left out and the paths it could not read (:meth:`skipped_by_repository`)."""
        self.capped: list[str] = []
        self.failed: list[str] = []
        self.snapshot = _Lines(self)
        self.structural = _Symbols(self)
        self.text = _Literals(self)
        self.missing = tuple(sorted({m for b in begun.values() for m in b.missing}))
        self._identity = tuple((label, shard.generation_of(begun[label].token) if _here(shard) else (begun[label].token,))
                               for label, shard in self._shards.items())
        """Per shard, the generation the question reads (a far shard's: the question's token)."""
        self._generations: dict[str, Generation] = {label: cast(Generation, held) for (label, held), shard in
                                                    zip(self._identity, self._shards.values()) if _here(shard)}
        """Per shard of this process, the generation the question reads (:meth:`here`)."""

    def __eq__(self, other: object) -> bool:
        """Whether another view reads the same generations of the same shards (a shard in another
        process: the same question's)."""
        return isinstance(other, _View) and other._identity == self._identity

    def __hash__(self) -> int:
        return hash(self._identity)

    def shard(self, path: str) -> tuple[Shard, int, str]:
        """The shard a qualified path belongs to, the question's token there and the local path."""
        label, local = split(path)
        return self._shards[label], self._begun[label].token, local

    def here(self, label: str) -> Generation | None:
        """The generation the question reads on a shard of this process (``None`` for one in
        another process): its lines and chunks are read there directly, as the shard would
        read them (copy folding and the page read 100-150 excerpts a blend, each through the
        shard's call and its lock)."""
        return self._generations.get(label)

    def token(self, label: str) -> int:
        """The question's token on a shard."""
        return self._begun[label].token

    def each_shard(self) -> list[Shard]:
        """Every shard the question started on, by label."""
        return list(self._shards.values())

    def each(self) -> list[tuple[Shard, int]]:
        """Every shard and the question's token there, by label."""
        return [(shard, self._begun[label].token) for label, shard in self._shards.items()]

    def listed(self, label: str, answer: ShardList) -> list[tuple[Hit, Found | None]]:
        """A shard's list as the merge reads it (:func:`_listed`), less the files of a repository
        inside it; none from a repository the question's places do not name (:attr:`named`)."""
        if self.named is not None and label not in self.named:
            return []
        answers = self._coordinator.answers
        listed = _listed(answer)
        return [item for item in listed if answers(label, item[0].path)] if label in self._coordinator.shadowed else listed

    def own_lists(self, name: str, hits: Sequence[Hit]) -> list[tuple[list[Hit], int]]:
        """An engine's merged list parted by repository, each part in its shard's own order with
        the length that shard listed (``fusion.OwnLists``): a semantic score is a z-score within
        its shard's proposals, so a clear first answer is one within its repository's list, as
        that repository alone judges it, not against another repository's first answer."""
        parts: dict[str, list[Hit]] = {}
        for hit in hits:
            parts.setdefault(split(hit.path)[0], []).append(hit)
        lengths = self._lengths.get(name, {})
        return [(own, lengths.get(label, len(own))) for label, own in parts.items()]

    def test_code_spans(self, path: str) -> tuple[tuple[int, int], ...]:
        """The spans of a file's (qualified) test code, as its repository's own search reads them
        (:meth:`~maguyva_tui.core.generation.Generation.test_code_spans`): search's fusion demotes
        a test module's chunks in a workspace as in the repository alone (a workspace's lists had
        kept a Rust ``#[cfg(test)] mod tests`` undemoted). A far shard's files come with its lists."""
        label, local = split(path)
        generation = self.here(label)
        if generation is not None:
            return generation.test_code_spans(local)
        if language_for(local) not in TEST_LANGUAGES:
            return ()
        with self._lock:
            told = self._tests.get(path)
        if told is None:  # a definer's file: told with the question's start (``Answers.tests``)
            told = dict(self._begun[label].answers.tests).get(local) if label in self._begun else None
        if told is None:
            shard, token, local = self.shard(path)
            told = shard.test_code_spans(token, local)
            with self._lock:
                self._tests[path] = told
        return told

    def in_test_code(self, key: ChunkKey) -> bool:
        """Whether a chunk (qualified) lies in test code its own code marks (:meth:`test_code_spans`)."""
        spans = self.test_code_spans(key[0])
        return bool(spans) and holds(spans, key[1], key[2])

    def shadowed_templates(self) -> frozenset[ChunkKey]:
        """The chunks (qualified) a macro's template writes of a name its repository also defines
        outside any template, as each repository's own search demotes them
        (:meth:`~maguyva_tui.core.generation.Generation.shadowed_templates`): a workspace had kept
        serde's ``__private_serialize!`` ``trait Serialize`` second for ``Serialize``, which serde
        alone lists below its real one. A far shard tells those of its lists' files with them."""
        with self._lock:
            found = set(self._templates)
        for label, generation in self._generations.items():
            prefix = qualify(label, "")
            found.update((prefix + path, start, end) for path, start, end in generation.shadowed_templates())
        return frozenset(found)

    def own_aside_words(self, text: str, target: str | None) -> frozenset[int]:
        """The places of a question's words of tests, examples or docs that name some repository's
        own code, each judged as that repository's own search judges it
        (:func:`~maguyva_tui.core.search.own_aside_words`; a far shard's answered with the question's
        start when it was asked then): a workspace had read faraday's "how does the test adapter
        stub requests" as asking for tests, where faraday alone reads ``lib/faraday/adapter/test.rb``."""
        key = aside_key(text, target)
        own: set[int] = set()
        asked = []
        for shard, token in self.each():
            generation = self.here(shard.label)
            if generation is not None:
                own.update(own_aside_words(generation, *key))
                continue
            told = dict(self._begun[shard.label].answers.aside).get(key)
            if told is None:
                asked.append((shard, "own_aside_words", (token, *key)))
            else:
                own.update(told)
        for future in fan_out(self._coordinator._fan, asked) if asked else ():
            own.update(future.result())
        return frozenset(own)

    def shown(self, text: str) -> str:
        """A message with qualified paths written ``repo/path``."""
        for label in self._shards:
            text = text.replace(qualify(label, ""), f"{label}/")
        return text

    def files_defining(self, target: str) -> tuple[str, frozenset[str], str | None] | None:
        """A definition question's ``path::name`` as one repository reads it
        (:func:`~maguyva_tui.core.path_names.files_defining`: a path ends the file in its
        repository, as it ends the qualified path), and ``repo/path::name``, the file as a result
        row shows it, as that repository's file where the path as written ends none."""
        read = files_defining(self.structural.lookup, target)
        if read is None or read[2] is None:
            return read
        for label in sorted(self._shards, key=len, reverse=True):
            if target.startswith(label + "/"):
                again = files_defining(self.structural.lookup, target[len(label) + 1:])
                files = frozenset(f for f in again[1] if f.startswith(qualify(label, ""))) if again else frozenset()
                if again is not None and again[2] is None and files:
                    return again[0], files, None
        return read

    def knows_symbol(self, name: str) -> bool:
        """Tell whether a word is exactly a symbol's name in any repository of the workspace
        (answered at the question's start when it was asked then)."""
        told = [dict(self._begun[label].answers.known).get(name) for label in self._shards]
        if all(t is not None for t in told):
            return any(told)
        fan = self._coordinator._fan  # side by side: a cluster's shards answer in one round trip
        return any(f.result() for f in fan_out(fan, [(shard, "knows_symbol", (token, name)) for shard, token in self.each()]))

    def spells_whole(self, name: str) -> bool:
        """Whether some line of some repository spells a name, each of its parts a whole identifier,
        as each repository's token index tells (a substring, ``g_e`` in ``config_entry``, is not:
        a workspace of one repository had answered otherwise than the repository)."""
        fan = self._coordinator._fan
        return any(f.result() for f in fan_out(fan, [(shard, "spells_whole", (token, name)) for shard, token in self.each()]))

    def module_files(self, written: str) -> tuple[str, ...]:
        """The files (qualified) a module as written names in every repository, as each one's
        imports are resolved (:meth:`Shard.module_files`), in the repositories' order: the view
        holds no one graph, and a module's dotted name alone over a workspace had been read as a
        symbol no repository defines."""
        each = self.each()
        asked = fan_out(self._coordinator._fan, [(shard, "module_files", (token, written)) for shard, token in each])
        answers = self._coordinator.answers  # a repository inside another answers for its own files
        return tuple(qualify(shard.label, path) for (shard, _), future in zip(each, asked)
                     for path in future.result() or () if answers(shard.label, path))

    def place_chunk(self, path: str, line: int) -> Chunk | None:
        """The definition holding a line (else its window) of a file written as a result row shows
        it (``repo/path``), its path so written; ``None`` for a path of no repository here."""
        for label in sorted(self._shards, key=len, reverse=True):
            if path.startswith(label + "/"):
                chunk = self.chunk_at(qualify(label, path[len(label) + 1:]), line)
                return None if chunk is None else replace(chunk, path=path)
        return None

    def place_chunks(self, path: str, line: int, last: int) -> list[Chunk]:
        """The definitions (else windows) lines ``line`` to ``last`` of a file written as a result
        row shows it (``repo/path``) hold, in their order, as one repository's :func:`chunks_over`
        lists them; empty for a path of no repository here. A graph question over a range of
        several definitions is then not asked of the first alone, as in one repository."""
        for label in sorted(self._shards, key=len, reverse=True):
            if path.startswith(label + "/"):
                local = qualify(label, path[len(label) + 1:])
                last = min(last, self.snapshot.line_count(local))
                return [replace(c, path=path) for c in chunks_over(self, local, line, last)]
        return []

    def folder_files(self, folder: str, limit: int) -> tuple[list[str], list[str], int]:
        """The indexed files under a folder written as a result row shows one (``repo/src/pkg``:
        that repository's; ``src/pkg``: every repository's), those directly in it first, at most
        ``limit``: each as the view keys it and as its results write it, and how many there are.
        A folder over a workspace had been read as a missing file or as its words."""
        return self._files_asked("folder_files", folder, limit)

    def glob_files(self, written: str, limit: int) -> tuple[list[str], list[str], int]:
        """The indexed files a pattern of paths matches (``**/*.py``: every repository's;
        ``repo/src/*.py``: that repository's ``src/*.py``), shallowest first, at most ``limit``: each
        as the view keys it and as its results write it, and how many there are over all. A
        pattern over a workspace had been read as one missing file ("no indexed file is /*.py")."""
        return self._files_asked("glob_files", written, limit)

    def _files_asked(self, method: str, written: str, limit: int) -> tuple[list[str], list[str], int]:
        """Each repository's files that its ``method`` (``folder_files``, ``glob_files``) lists for
        ``written`` (``repo/...``: that repository's alone, asked of the rest), shallowest first, at
        most ``limit``: each as the view keys it and as its results write it, and the count over all."""
        labels = [label for label in self._shards if written.startswith(label + "/")]
        inside = max(labels, key=len) if labels else None
        each = [(shard, token) for shard, token in self.each() if inside is None or shard.label == inside]
        local = written[len(inside) + 1:] if inside is not None else written
        asked = fan_out(self._coordinator._fan, [(shard, method, (token, local, limit)) for shard, token in each])
        found: list[tuple[int, str, int, str]] = []
        count = 0
        for at, ((shard, _), future) in enumerate(zip(each, asked)):
            shown, many = future.result() or ((), 0)
            count += many
            found += [(path.count("/"), path, at, shard.label) for path in shown]
        found.sort()
        kept = found[:limit]
        return ([qualify(label, path) for _, path, _, label in kept], [f"{label}/{path}" for _, path, _, label in kept],
                count)

    def skipped_by_repository(self) -> dict[str, tuple[int, int]]:
        """Per repository whose index left files out for their size or whose walk could not read
        some path, how many of each (:meth:`Shard.skipped`), asked once a question: a miss over a
        workspace says them as one repository's miss does, naming the repositories."""
        with self._lock:
            if self._skipped is not None:
                return self._skipped
        each = self.each()
        asked = fan_out(self._coordinator._fan, [(shard, "skipped", (token,)) for shard, token in each])
        found = {shard.label: (told[0], told[1]) for (shard, _), future in zip(each, asked)
                 if any(told := tuple(future.result() or (0, 0)))}
        with self._lock:
            self._skipped = found
        return found

    def file_names(self, stem: str) -> list[str]:
        """The names of every repository's files that are ``stem`` and an extension (``rich_utils.py``),
        sorted, as one repository reads them (:meth:`Shard.file_names`): a lone word naming a file
        over a workspace had not been sent to it, the view holding no one table of paths."""
        asked = fan_out(self._coordinator._fan, [(shard, "file_names", (token, stem)) for shard, token in self.each()])
        return sorted({name for future in asked for name in future.result() or ()})

    def definers(self, name: str) -> set[str]:
        """The files (qualified) defining a name, in every shard, as one repository reads them
        (:meth:`Shard.definers`: no symbol made; answered at the question's start when it was
        asked then). Building each shard's symbols of the name to read their paths cost a symbol
        question 1-2 ms over 8 repositories (10 at load 3)."""
        told = [dict(self._begun[label].answers.definers).get(name) for label in self._shards]
        if all(t is not None for t in told):
            found = [(shard, t or ()) for (shard, _), t in zip(self.each(), told)]
        else:
            each = self.each()
            asked = fan_out(self._coordinator._fan, [(shard, "definers", (token, name)) for shard, token in each])
            found = [(shard, future.result()) for (shard, _), future in zip(each, asked)]
        return {qualify(shard.label, path) for shard, paths in found for path in paths}

    def callers_notes(self, name: str) -> tuple[str, ...]:
        """What the callers of a name leave out, each repository's own lines (several
        definitions and where, calls its graph could not tie, other definitions sharing a bare
        name) named by it, ``label: line``, as the workspace names a repository in its notices:
        the view holds no one graph, and a note speaks of one repository's graph and paths
        (answered at the question's start when it was asked then); then each other repository's
        calls of a method so named that its graph could not resolve (:meth:`_elsewhere`)."""
        return (*self._notes("callers_notes", name), *self._elsewhere(name))

    def impact_notes(self, name: str) -> tuple[str, ...]:
        """What the impact of a name leaves out, each repository's own lines (the calls naming it
        its graph could not tie) named by it, as :meth:`callers_notes` says them (answered at the
        question's start when it was asked then); a workspace's impact answer had said none."""
        return (*self._notes("impact_notes", name), *self._elsewhere(name))

    def _elsewhere(self, name: str) -> tuple[str, ...]:
        """Of each repository defining nothing of a name, the calls of a method so named on a
        receiver its graph could not resolve, in files importing the package of a repository that
        defines it (:meth:`Shard.untied_elsewhere`), named by it: an app's ``self.emit(...)`` in a
        class built on pyee's ``EventEmitter``, which "who calls emit" had passed over in silence."""
        written = split_in_file(name)
        asked_as = written[1] if written is not None else name  # Session.get: its calls listed are not said again
        bare = asked_as.replace("::", ".").rpartition(".")[2]
        defined = [split(path) for path in self.definers(bare)] if bare.isidentifier() else []
        definers = {label for label, _ in defined}
        each = [(shard, token, packages) for shard, token in self.each()
                if shard.label not in definers and (packages := _packages(defined, shard.label))]
        if not each:
            return ()
        asked = fan_out(self._coordinator._fan, [(shard, "untied_elsewhere", (token, asked_as, packages))
                                                 for shard, token, packages in each])
        answers = self._coordinator.answers_note
        return tuple(f"{shard.label}: {note}" for (shard, _, _), future in zip(each, asked)
                     if (note := future.result()) and answers(shard.label, note))

    def _notes(self, method: str, name: str) -> tuple[str, ...]:
        """Each shard's lines of ``method`` (``callers_notes``, ``impact_notes``) for a name, as
        told with the question's start or asked now, named by its repository."""
        each = self.each()
        field = "callers" if method == "callers_notes" else "impacts"
        told = [dict(getattr(self._begun[shard.label].answers, field)).get(name) for shard, _ in each]
        if any(t is None for t in told):
            asked = fan_out(self._coordinator._fan, [(shard, method, (token, name)) for shard, token in each])
            told = [future.result() for future in asked]
        answers = self._coordinator.answers_note
        return tuple(f"{shard.label}: {note}" for (shard, _), notes in zip(each, told) for note in notes or ()
                     if answers(shard.label, note))

    def untied_callers(self, name: str, limit: int) -> tuple[list[Hit], tuple[str, ...]] | None:
        """The calls naming a name that no repository's graph tied to a definition, as each
        repository's search lists them (:meth:`Shard.untied_callers`), paths qualified: every
        repository's own code first, then in the repositories' order; and each one's line saying
        what they are, named by it. ``None`` when none has such calls. The view holds no one graph,
        and "who calls handle" over a workspace had blended the engines where each repository
        alone lists those calls."""
        each = self.each()
        asked = fan_out(self._coordinator._fan, [(shard, "untied_callers", (token, name, limit)) for shard, token in each])
        found = [(shard.label, answer) for (shard, _), future in zip(each, asked)
                 if (answer := future.result()) is not None]
        if not found:
            return None
        hits = [(is_secondary(hit.path), _with_path(hit, qualify(label, hit.path))) for label, (listed, _) in found
                for hit in listed]
        hits.sort(key=lambda kept: kept[0])  # stable: each repository's order within, own code first
        ranked = [replace(hit, score=1.0 / (1 + rank)) for rank, (_, hit) in enumerate(hits[:limit])]
        answers = self._coordinator.answers_note
        return ranked, tuple(f"{label}: {line}" for label, (_, lines) in found for line in lines if answers(label, line))

    def foreign_uses(self, name: str, limit: int, uses: tuple[str, ...] = ("call",)) -> tuple[list[Hit], tuple[str, ...]]:
        """The calls (``uses``: ``"call"``) or subclasses (``"inherit"``) of each repository naming
        a name through an import of another repository's package that defines it
        (``wrapt.decorator`` in deprecated, through ``import wrapt``; ``class Signal(FrozenList)``
        in aiosignal: :meth:`Shard.foreign_uses`), paths qualified, each repository's own code
        first, and a line per repository saying what they are. Each repository's graph leaves a
        use of another package untied, and "who calls wrapt.decorator" over wrapt and deprecated
        had listed wrapt's callers alone."""
        depth = next((int(use[len(DEPTH):]) for use in uses if use.startswith(DEPTH) and use[len(DEPTH):].isdigit()), 0)
        if depth and (files := self._module_of(name)):  # what breaks if I change hpack.hpack: a module
            return self._module_uses(name, files, depth, limit)
        written = split_in_file(name)  # lib/cache.py::cached: that file's, used as cached
        if written is not None:
            name = written[1]
        bare = name.replace("::", ".").rpartition(".")[2]
        defined = [split(path) for path in self.definers(bare)] if bare else []
        if written is not None:
            defined = [(label, path) for label, path in defined if in_path(f"{label}/{path}", written[0])]
        packages = {shard.label: _packages(defined, shard.label) for shard, _ in self.each()}
        if not any(packages.values()):
            return [], ()
        told = [dict(self._begun[shard.label].answers.foreign).get(name) for shard, _ in self.each()]
        if any(t is None for t in told):
            each = self.each()
            asked = fan_out(self._coordinator._fan, [(shard, "foreign_uses", (token, name, None, FOREIGN_LISTED, uses))
                                                     for shard, token in each])
            told = [tuple(future.result()) for future in asked]
        answers = self._coordinator.answers  # a repository inside another answers for its own files
        found = [(shard.label, kept) for (shard, _), uses_of in zip(self.each(), told)
                 if (kept := [hit for module, hit in uses_of or ()
                              if package_of(module) in packages[shard.label] and answers(shard.label, hit.path)])]
        hits = [_with_path(hit, qualify(label, hit.path)) for label, listed in found for hit in listed]
        said = tuple(f"{label}: {_uses(len(listed), uses)} {bare} through an import of another repository's package, "
                     f"which {label}'s graph leaves untied; listed with the graph's (first {listed[0].path}:"
                     f"{listed[0].start_line})" for label, listed in found)
        return hits[:limit], said

    def _module_of(self, name: str) -> tuple[str, ...]:
        """The files (qualified) of the workspace a name no repository defines a symbol of names as
        a module (``hpack.hpack``, ``src/hpack/hpack.py``); none for a symbol's name."""
        if not name or "::" in name or self.knows_symbol(name):
            return ()
        return self.module_files(name)

    def _module_uses(self, module: str, files: tuple[str, ...], depth: int, limit: int
                     ) -> tuple[list[Hit], tuple[str, ...]]:
        """What an impact question of a module lists past its own repositories' graphs: each other
        repository's lines importing it by name and what depends on the importing files within the
        depth (:meth:`Shard.module_uses`), paths qualified, in the repositories' order, and a line
        per repository saying what they are. Each repository's graph is its own, and "what breaks
        if I change hpack.hpack" over hpack and h2 had listed hpack's dependents alone."""
        holding = {split(path)[0] for path in files}
        each = [(shard, token) for shard, token in self.each() if shard.label not in holding]
        modules = dotted_modules(module, [split(path)[1] for path in files]) or (module,)  # lib/emitter.py: lib.emitter
        asked = fan_out(self._coordinator._fan, [(shard, "module_uses", (token, one, depth, FOREIGN_LISTED))
                                                 for shard, token in each for one in modules])
        answers = self._coordinator.answers
        hits: list[Hit] = []
        said = []
        told: dict[str, tuple[list[Hit], list[Hit]]] = {}
        for (shard, _), future in zip([pair for pair in each for _ in modules], asked):
            lines, dependents = future.result() or ([], [])
            kept = told.setdefault(shard.label, ([], []))
            kept[0].extend(hit for hit in lines if (hit.path, hit.start_line) not in {(h.path, h.start_line) for h in kept[0]})
            kept[1].extend(hit for hit in dependents if (hit.path, hit.start_line) not in {(h.path, h.start_line) for h in kept[1]})
        for shard, _ in each:
            lines, dependents = told.get(shard.label, ([], []))
            lines = [hit for hit in lines if answers(shard.label, hit.path)]
            if not lines:
                continue
            dependents = [hit for hit in dependents if answers(shard.label, hit.path)]
            hits += [_with_path(hit, qualify(shard.label, hit.path)) for hit in (*lines, *dependents)]
            said.append(module_note(shard.label, lines, dependents, module))
        return hits[:limit], tuple(said)

    def import_lines(self, written: str) -> ImportLines | None:
        """The lines importing a module (or file) as written, each repository's own, as its search
        lists them (:meth:`Shard.import_lines`), paths qualified, in the repositories' order:
        where the module names files of some repository, their import lines and every other
        repository's lines importing it by its written name (a library's consumers: their graphs
        leave it unresolved); else the lines importing definitions of that name; ``None`` when
        none answers. The view holds no one graph, and "who imports X" over a workspace had read
        X as a symbol and shown related code."""
        each = self.each()
        outside = len(each) > 1  # a workspace of one repository answers as the repository
        asked = fan_out(self._coordinator._fan, [(shard, "import_lines", (token, written, outside))
                                                 for shard, token in each])
        found = [(shard.label, answer) for (shard, _), future in zip(each, asked)
                 if (answer := future.result()) is not None]
        if any(not answer.by_symbol for _, answer in found):  # a module of the workspace
            files = tuple(qualify(label, f) for label, answer in found for f in answer.files)
            chosen = [(label, answer.outside if answer.by_symbol else answer.hits) for label, answer in found]
            dotted = dotted_modules(written, [split(path)[1] for path in files])
            if dotted:  # lib/emitter.py: the lines of the other repositories importing lib.emitter
                more = self._outside_lines(dotted, {split(path)[0] for path in files})
                chosen = [(label, (*listed, *more.pop(label, ()))) for label, listed in chosen] + list(more.items())
        else:
            defined = {split(path)[0] for path in self.definers(written)} if any(a.members for _, a in found) else set()
            chosen = [(label, answer.hits + (answer.members if defined - {label} else ())) for label, answer in found]
            files = ()
        hits = [_with_path(hit, qualify(label, hit.path)) for label, listed in chosen for hit in listed]
        if not hits and not files:
            return None
        ranked = tuple(replace(hit, score=1.0 / (1 + i)) for i, hit in enumerate(hits))
        return ImportLines(files, ranked, by_symbol=not files)

    def _outside_lines(self, modules: Sequence[str], holding: set[str]) -> dict[str, tuple[Hit, ...]]:
        """Per repository not in ``holding``, its lines importing one of ``modules`` by name as
        another repository's (:meth:`Shard.import_lines`), each line once, in path and line order."""
        each = [(shard, token) for shard, token in self.each() if shard.label not in holding]
        asked = fan_out(self._coordinator._fan, [(shard, "import_lines", (token, module, True))
                                                 for shard, token in each for module in modules])
        found: dict[str, dict[tuple[str, int], Hit]] = {}
        for (shard, _), future in zip([pair for pair in each for _ in modules], asked):
            answer = future.result()
            for hit in answer.outside if answer is not None and answer.by_symbol else ():
                found.setdefault(shard.label, {}).setdefault((hit.path, hit.start_line), hit)
        return {label: tuple(hits[key] for key in sorted(hits)) for label, hits in found.items()}

    def retriever(self, name: str) -> Retriever:
        """One engine over every shard, its lists merged."""
        return _Merged(self, name)

    def centrality(self, hit: Hit) -> float:
        """The centrality of the chunk a hit points at, as its shard said."""
        found = self._found.get(hit)
        return found[1] if found is not None else 0.0

    def locate(self, hit: Hit) -> tuple[str, int, int]:
        """The chunk a hit stands for, as its shard said, qualified (when the hit was recorded:
        fusion asks it of every hit of every list)."""
        found = self._found.get(hit)
        return found[0] if found is not None else (hit.path, hit.start_line, hit.end_line)

    def chunk_at(self, path: str, line: int) -> Chunk | None:
        """The smallest definition holding a line, else its window (qualified)."""
        label, local = split(path)
        generation = self.here(label)
        if generation is not None:
            chunk = generation.chunk_at(local, line)
        else:
            shard, token, local = self.shard(path)
            chunk = shard.chunk_at(token, local, line)
        return None if chunk is None else _new_chunk(path, *_CHUNK_REST(chunk))  # replace(chunk, path=path), 1/5 of its cost

    def stats(self, query: Query) -> WordStats | None:
        """The workspace's chunk counts for a sentence's stems (several shards; one's are its own)."""
        if len(self._shards) < 2 or not query.word_votes:
            return None
        stems = body_stems(query.text)
        if not stems:
            return None
        with self._lock:  # a blend asks them when its engines start (expect), then its text engine again
            kept = self._stats.get(stems)
        if kept is not None:
            return kept
        total = _summed(self._begun, stems)  # told at the question's start
        if total is None:
            fan = self._coordinator._fan
            total = _total([f.result() for f in fan_out(fan, [(shard, "word_stats", (token, stems))
                                                              for shard, token in self.each()])])
        with self._lock:
            self._stats[stems] = total
        return total

    def keep(self, answer: ShardList) -> None:
        """Record why a shard's list was capped or failed."""
        with self._lock:
            if answer.capped:
                self.capped.append(answer.capped)
            if answer.failed:
                self.failed.append(answer.failed)

    def expect(self, queries: Mapping[str, Query], limit: int) -> None:
        """Ask every far shard (a cluster's) for each of these engines' lists in one round trip,
        started now; each engine's :meth:`_Merged.search` then takes its list from that call. A
        lone engine's call brings its hits' first lines too: its page reads no other lines.
        A blend's engines start on each shard of this process as one task (:meth:`Shard.start_all`)."""
        far = [(shard, token) for shard, token in self.each() if shard.far]
        here = [(shard, token) for shard, token in self.each() if _here(shard)] if len(queries) > 1 else []
        if not (far or here) or not queries:
            return
        asks = tuple(queries.items())
        stats = self.stats(queries["text"]) if "text" in queries else None
        coordinator = self._coordinator
        if here:
            self._start_here(here, asks, limit, stats)
        if not far:
            return
        with self._lock:  # those foreseen were answered with the question's start
            wanted = [(shard, token) for shard, token in far
                      if not all((shard.label, name, query, limit) in self._batches for name, query in asks)]
        heads = self._page if len(asks) == 1 else 0
        code = limit if len(asks) > 1 and CODE_AHEAD else 0  # a blend: every hit's definition, for copy folding
        futures = fan_out(coordinator._fan, [(shard, "searches", (token, asks, limit, coordinator.deadline_s,
                                                                  coordinator.max_files, stats, heads, code))
                                             for shard, token in wanted])
        with self._lock:
            for (shard, _), future in zip(wanted, futures):
                for at, (name, query) in enumerate(asks):
                    self._batches[(shard.label, name, query, limit)] = cast("Future[tuple[ShardList, ...]]", future)
                    self._batch_at[(shard.label, name, query, limit)] = at  # (a far shard's call: a future of the pool)

    def _start_here(self, here: Sequence[tuple[Shard, int]], asks: tuple[tuple[str, Query], ...], limit: int,
                    stats: WordStats | None) -> None:
        """Start every engine's list on each shard of this process, one task per shard, the tasks
        run in a few lanes (:class:`Lanes`; a shard that cannot start them is asked again by each
        engine, which then says why)."""
        coordinator = self._coordinator
        started = time.perf_counter()
        lanes = Lanes(coordinator._fan)
        for shard, token in here:
            try:
                future = shard.start_all(token, asks, limit, coordinator.deadline_s, coordinator.max_files, stats,
                                         started, lanes)
            except Exception:  # noqa: BLE001 - each engine's own call raises it again, as without the task
                continue
            with self._lock:
                for at, (name, query) in enumerate(asks):
                    self._here_batches[(shard.label, name, query, limit)] = (future, at, started, lanes)
        lanes.open()

    def _from_here(self, shard: Shard, name: str,
                   found: tuple[Future[tuple[ShardList, ...]], int, float, Lanes]) -> Answered[ShardList]:
        """One engine's list of a shard's task (:meth:`_start_here`), waited for no longer than
        the deadline from its start: a task still running then leaves the engine's list out."""
        future, at, started, lanes = found
        deadline_s = self._coordinator.deadline_s
        done = lanes.wait(future, max(deadline_s - (time.perf_counter() - started), 0.0))
        try:
            return Answered(future.result()[at] if done else shard.late(name, deadline_s))
        except Exception as exc:  # noqa: BLE001 - the caller's result() raises it, as for a call on the pool
            return Answered(error=exc)

    def asked(self, name: str, query: Query, limit: int, stats: WordStats | None) -> list[tuple[Shard, Outcome[ShardList]]]:
        """One engine's list on every shard: from the call :meth:`expect` made, else asked now
        (side by side, a host's shards in one round trip)."""
        out: list[tuple[Shard, Outcome[ShardList] | None]] = []
        with self._lock:
            mine = [(shard, self._here_batches.pop((shard.label, name, query, limit), None)) for shard, _ in self.each()]
            for shard, _ in self.each():
                key = (shard.label, name, query, limit)
                batch, at = self._batches.pop(key, None), self._batch_at.pop(key, 0)
                out.append((shard, None if batch is None else _item(batch, at)))
        out = [(shard, self._from_here(shard, name, found) if found is not None else future)
               for (shard, future), (_, found) in zip(out, mine)]
        coordinator = self._coordinator
        tokens = dict((shard.label, token) for shard, token in self.each())
        now = [shard for shard, future in out if future is None]
        here = [shard for shard in now if _here(shard)]
        with self._lock:
            self._asked_at[(name, query, limit)] = time.perf_counter()
        prefix = name == "structural" and len(self._shards) > 1  # the whole list of a shard only where the merge needs it
        started: dict[str, Outcome[ShardList]] = dict(zip([s.label for s in here], _search_here(
            here, tokens, name, query, limit, stats, coordinator, prefix)))
        far = [shard for shard in now if not _here(shard)]
        started.update(zip([s.label for s in far], fan_out(coordinator._fan, [
            (shard, "search", (tokens[shard.label], name, query, limit, coordinator.deadline_s, coordinator.max_files,
                               stats, *(() if shard.far else (False,)))) for shard in far])))  # settled after the merge
        return [(shard, future if future is not None else started[shard.label]) for shard, future in out]

    def whole(self, name: str, query: Query, limit: int, stats: WordStats | None,
              shards: Sequence[Shard]) -> dict[str, ShardList]:
        """The whole lists of shards (of this process) whose lists :meth:`asked` cut at a tier,
        within the deadline from that first ask."""
        with self._lock:
            first = self._asked_at.get((name, query, limit))
        tokens = {shard.label: token for shard, token in self.each()}
        again = _search_here(shards, tokens, name, query, limit, stats, self._coordinator, started=first)
        return {shard.label: answer.result() for shard, answer in zip(shards, again)}

    def prefetch_chunks(self, keys: Sequence[tuple[str, int, int]]) -> None:
        """Fetch ahead, one call per far shard side by side, the whole code of these chunks
        (qualified keys): what the quoted names' lift reads of the first items of a blend
        (``fusion.QUOTED_READ``), a call each otherwise. A shard in this process fetches nothing."""
        self._fetch_ahead((qualified, start, end, start, True, False) for qualified, start, end in keys)

    def prefetch(self, items: Sequence[Fused], code: bool) -> None:
        """Fetch ahead, one call per shard side by side, the lines the page will read of these
        results (the first lines of each chunk and at each hit) and, with ``code``, the code of
        the first :data:`PREFETCH_CODE` that are definitions, which copy folding compares. A
        shard in this process fetches nothing; what was not fetched is read as it is asked for."""
        def wants() -> Iterator[tuple[str, int, int, int, bool | None, bool]]:
            for item in items[:PREFETCH_CODE] if code else items:
                hit, (qualified, start, end) = item.hit, item.key
                spans = hit.symbol is not None and (hit.start_line, hit.end_line) == (start, end)
                whole = code and (spans or None)  # a line hit's code is read when its chunk is a definition
                yield qualified, start, end, hit.start_line, whole, code  # its signature, not its code

        self._fetch_ahead(wants(), self._candidates(items) if code else {})

    def _candidates(self, items: Sequence[Fused]) -> dict[str, tuple[str, ...]]:
        """Per repository, the distinct files of these results (local paths, in order)."""
        out: dict[str, dict[str, None]] = {}
        for item in items:
            label, local = split(item.key[0])
            out.setdefault(label, {})[local] = None
        return {label: tuple(paths) for label, paths in out.items()}

    def repository(self, path: str) -> str:
        """The repository a qualified path is in (copy folding keeps a window of a file copied
        whole to the twins of its own repository)."""
        return split(path)[0]

    def twin_files(self, items: Sequence[Fused]) -> frozenset[str]:
        """The results' files (qualified) whose whole text another result's file of the same
        repository holds too, as each repository alone finds them
        (:func:`~maguyva_tui.core.duplicates.twin_paths`); identical files of two repositories are
        none (their windows are not compared: each repository's copy is listed). A far shard
        found its own when its code was fetched ahead (:meth:`prefetch`)."""
        out: list[str] = []
        for label, paths in self._candidates(items).items():
            if len(paths) < 2 or label not in self._shards:
                continue
            generation = self.here(label)
            if generation is not None:
                found = twin_paths(generation.snapshot.files, paths)
            else:
                found = self._shards[label].twin_files(self._begun[label].token, paths)
            out += [qualify(label, path) for path in found]
        self._twins = frozenset(out)
        return self._twins

    def code_signature(self, key: tuple[str, int, int], code: Callable[[], str]) -> Signature | None:
        """The signature copy folding compares a result's chunk by (``key``, qualified): as a far
        shard signed it when its lines were fetched ahead (:attr:`Want.signed`), else of ``code``
        (the chunk's code, as search reads it), as :func:`~maguyva_tui.core.duplicates.signature`."""
        label, path = split(key[0])
        signed = getattr(self._shards.get(label), "signature", None)  # a far shard's
        if signed is not None:
            try:
                found = cast("Signature | None", signed(self._begun[label].token, path, key[1], key[2]))
                if found is not None or key[0] not in self._twins:
                    return found
            except KeyError:  # not fetched ahead (past PREFETCH_CODE): read, then signed here
                pass  # (a twin's window signed as none: signed with the lists, its twins not known then)
        return signature(code())

    def _fetch_ahead(self, wants: Iterable[tuple[str, int, int, int, bool | None, bool]],
                     candidates: Mapping[str, tuple[str, ...]] | None = None) -> None:
        """Send each far shard, side by side, the lines it is to fetch ahead (``(qualified path,
        chunk start, chunk end, hit start, whole, signed)``, as :class:`Want`) and, for copy
        folding, its files among ``candidates`` (per repository, every result's file): it finds
        their twins (:meth:`twin_files`) and signs their windows; in this process a shard reads
        its lines as they are asked for: nothing to fetch."""
        far = {label for label, shard in self._shards.items() if shard.far}
        if not far:
            return
        wanted: dict[str, list[Want]] = {}
        for qualified, start, end, hit_start, whole, signed in wants:
            label, path = split(qualified)
            if label in far:
                wanted.setdefault(label, []).append(Want(path, start, end, hit_start, whole, signed))
        paths = {label: found for label, found in (candidates or {}).items() if label in far and len(found) > 1}
        fan = self._coordinator._fan
        for future in fan_out(fan, [(self._shards[label], "prefetch", (self._begun[label].token, wanted.get(label, []),
                                                                       *((paths[label],) if label in paths else ())))
                                    for label in self._shards if label in wanted or label in paths]):
            future.result()


class _Merged:
    """One engine over the workspace: every shard's list, merged (the ``Retriever`` protocol)."""

    def __init__(self, view: _View, name: str) -> None:
        self.name = name
        self._view = view

    def search(self, query: Query, limit: int) -> list[Hit]:
        """Each shard's list for the query, within the deadline and the budget, merged."""
        view = self._view
        stats = view.stats(query) if self.name == "text" else None
        calls = view.asked(self.name, query, limit, stats)
        answers = [(shard, future.result()) for shard, future in calls]
        _listed = view.listed
        group = graph_groups(query) if self.name == "graph" else None  # its callers: own code before vendored
        merged = merge_lists(self.name, [(shard.label, _listed(shard.label, answer)) for shard, answer in answers],
                             limit, group)
        cut = [(shard, answer.cut_below) for shard, answer in answers if answer.cut_below is not None]
        if cut and not _settles(merged, limit, max(below for _, below in cut)):
            # a list cut at a tier may lack hits the merged list needs: those shards' whole lists
            again = view.whole(self.name, query, limit, stats, [shard for shard, _ in cut])
            answers = [(shard, again.get(shard.label, answer)) for shard, answer in answers]
            merged = merge_lists(self.name, [(shard.label, _listed(shard.label, answer)) for shard, answer in answers],
                                 limit, group)
        view._lengths[self.name] = {shard.label: _count(answer) for shard, answer in answers}
        tests = {qualify(shard.label, path): spans for shard, answer in answers for path, spans in answer.tests}
        if tests:  # each far shard's files' test code, told with its list (``ShardList.tests``)
            with view._lock:
                view._tests.update(tests)
        templates = [(qualify(shard.label, path), start, end) for shard, answer in answers
                     for path, start, end in answer.templates]
        if templates:  # each far shard's shadowed templates in its list's files (``ShardList.templates``)
            with view._lock:
                view._templates.update(templates)
        for _, answer in answers:
            view.keep(answer)
        kept: dict[str, list[Hit]] = {}  # per shard that left its hits unsettled, those of the workspace's list
        for label, hit, found in merged:
            if found is None:
                kept.setdefault(label, []).append(hit)
        shards = view._shards  # a shard in this process locates only the hits of the workspace's list
        told: dict[str, Iterator[tuple[ChunkKey, float]]] = {
            label: iter(shards[label].located(view.token(label), hits)) for label, hits in kept.items()}
        prefixes = {label: qualify(label, "") for label in shards}
        out = []
        with view._lock:  # each hit's chunk and centrality kept for fusion (a hit kept already keeps the first)
            remembered = view._found
            for label, hit, found in merged:  # each hit qualified, with its chunk (qualified) and centrality, for fusion
                (path, start, end), centrality = next(told[label]) if found is None else (found.key, found.centrality)
                prefix = prefixes[label]
                local = hit.path
                qualified = _new_hit(prefix + local, *_HIT_REST(hit))  # _with_path, inlined: up to 150 hits an engine
                out.append(qualified)
                remembered.setdefault(qualified, ((qualified.path if path == local else prefix + path, start, end),
                                                  centrality))
        return out


def _listed(answer: ShardList) -> list[tuple[Hit, Found | None]]:
    """A shard's list as the merge reads it: each hit, with its :class:`Found` when settled (a hit
    not settled has none yet: :meth:`Shard.settle` makes those the merge keeps)."""
    if isinstance(answer.found, Unsettled):
        return [(hit, None) for hit in answer.found.hits]
    return [(f.hit, f) for f in answer.found]


def _count(answer: ShardList) -> int:
    """How many hits a shard listed, settled or not."""
    return len(answer.found.hits) if isinstance(answer.found, Unsettled) else len(answer.found)


def _settles(merged: Sequence[tuple[str, Hit, Any]], limit: int, below: float) -> bool:
    """Whether a merged list of lists cut at a score (``below``: every hit above it listed, in
    the whole list's order) is the merge of the whole lists: full, and each of its hits scoring
    above what any list left out (a hit left out would only come after them; a k-way merge takes
    the greatest head, and every head taken here is greater than any hit a cut list left out)."""
    return len(merged) >= limit and all(hit.score > below for _, hit, _ in merged)


class _Lines:
    """The lines of the workspace's files, as a snapshot gives them (qualified paths)."""

    def __init__(self, view: _View) -> None:
        self._view = view

    def lines(self, path: str, start: int, end: int) -> list[str]:
        """Lines ``start..end`` (1-based, inclusive) of a file."""
        label, local = split(path)
        generation = self._view.here(label)
        if generation is not None:  # as Shard.lines reads them
            return generation.snapshot.lines(local, start, end)
        shard, token, local = self._view.shard(path)
        return shard.lines(token, local, start, end)

    def line_count(self, path: str) -> int:
        """The number of lines of a file."""
        label, local = split(path)
        generation = self._view.here(label)
        if generation is not None:  # as Shard.line_count reads it
            return generation.snapshot.line_count(local)
        shard, token, local = self._view.shard(path)
        return shard.line_count(token, local)

    def skipped_by_repository(self) -> dict[str, tuple[int, int]]:
        """Per repository with any, its files left out for their size and paths not read, as a
        manifest's ``skipped`` says them (:meth:`_View.skipped_by_repository`)."""
        return self._view.skipped_by_repository()

    def big_files(self, name: str | None, text: str | None, case: str) -> tuple[str, ...]:
        """Every repository's files left out for their size that hold a name (as a word) or a text,
        written ``repo/path`` (:meth:`Shard.big_files`), in the repositories' order: a missed name
        or string over a workspace had not said which big file holds it, as one repository says."""
        each = self._view.each()
        asked = fan_out(self._view._coordinator._fan, [(shard, "big_files", (token, name, text, case))
                                                       for shard, token in each])
        return tuple(f"{shard.label}/{path}" for (shard, _), future in zip(each, asked) for path in future.result() or ())

    def nothing_indexed(self) -> dict[str, str | None]:
        """Per repository, that its index holds no file and why (``None`` where it holds some),
        read on a question that found nothing: a workspace of empty folders had said "nothing
        related was found either", where one such repository says its index holds no file."""
        each = self._view.each()
        asked = fan_out(self._view._coordinator._fan, [(shard, "nothing_indexed", (token,)) for shard, token in each])
        return {shard.label: future.result() for (shard, _), future in zip(each, asked)}

    @property
    def symbols(self) -> list[Symbol]:
        """Every symbol of every repository (read on a question's miss, for the close names)."""
        answers = self._view._coordinator.answers
        return [replace(s, path=qualify(shard.label, s.path)) for shard, token in self._view.each()
                for s in shard.symbols(token) if answers(shard.label, s.path)]


class _Literals:
    """The workspace's lines holding a literal, as the text engine lists them (qualified paths)."""

    def __init__(self, view: _View) -> None:
        self._view = view

    def literal_lines(self, literal: str, case: str = "sensitive", limit: int | None = None) -> list[LineMatch]:
        """Lines holding a literal, repository by repository, at most ``limit`` (every shard asked
        side by side for ``limit``, the lists joined in label order and cut)."""
        fan = self._view._coordinator._fan
        each = self._view.each()
        asked = list(zip([s for s, _ in each], fan_out(fan, [(shard, "literal_lines", (token, literal, case, limit))
                                                           for shard, token in each])))
        out: list[LineMatch] = []
        for shard, future in asked:
            out += [replace(m, path=qualify(shard.label, m.path)) for m in future.result()
                    if self._view._coordinator.answers(shard.label, m.path)]
        return out if limit is None else out[:limit]

    def holds_literal(self, literal: str, case: str = "sensitive") -> bool:
        """Whether some line of some repository holds a literal: each shard of this process asked
        in turn until one does (its text engine reads candidate files only until one holds it,
        where ranking every line holding it to keep the best cost a lone word 1-2 ms a shard),
        the far ones side by side for their best line."""
        each = self._view.each()
        if any(shard.holds_literal(token, literal, case) for shard, token in each if _here(shard)):
            return True
        far = [(shard, token) for shard, token in each if not _here(shard)]
        asked = fan_out(self._view._coordinator._fan, [(shard, "literal_lines", (token, literal, case, 1))
                                                       for shard, token in far])
        return any(bool(future.result()) for future in asked)


class _Symbols:
    """The workspace's symbol table, as the structural engine looks a name up (qualified paths)."""

    def __init__(self, view: _View) -> None:
        self._view = view

    def lookup(self, name: str, kinds: Sequence[str] = ()) -> list[Symbol]:
        """Every repository's symbols of a name, repository by repository (answered at the
        question's start when it was asked then)."""
        view = self._view
        told = [dict(view._begun[label].answers.symbols).get(name) for label in view._shards]
        if all(t is not None for t in told):
            found = [(shard, list(t or ())) for (shard, _), t in zip(view.each(), told)]
        else:
            fan = view._coordinator._fan  # side by side, kept in label order
            each = view.each()
            asked = list(zip([s for s, _ in each], fan_out(fan, [(shard, "lookup", (token, name)) for shard, token in each])))
            found = [(shard, future.result()) for shard, future in asked]
        answers = view._coordinator.answers
        return [replace(s, path=qualify(shard.label, s.path)) for shard, symbols in found for s in symbols
                if (not kinds or s.kind in kinds) and answers(shard.label, s.path)]

    def names(self) -> set[str]:
        """Every distinct name a symbol of any repository has (read on a question's miss, for the
        close names): each shard's names only (:meth:`Shard.names`), side by side, no symbol made
        or sent."""
        each = self._view.each()
        asked = fan_out(self._view._coordinator._fan, [(shard, "names", (token,)) for shard, token in each])
        return set().union(*(future.result() for future in asked))


_new_hit = fast_constructor(Hit)
HIT_FIELDS: Final = tuple(f.name for f in fields(Hit))
"""Hit's fields in its constructor's order, ``path`` first (checked below)."""
if HIT_FIELDS[0] != "path":
    raise TypeError("Hit's first field is no longer its path: update coordinator._with_path")


_HIT_REST = attrgetter(*HIT_FIELDS[1:])
"""Every field of a hit but its path, as one tuple read in C."""

_new_chunk = fast_constructor(Chunk)
CHUNK_FIELDS: Final = tuple(f.name for f in fields(Chunk))
if CHUNK_FIELDS[0] != "path":
    raise TypeError("Chunk's first field is no longer its path: update coordinator._View.chunk_at")
_CHUNK_REST = attrgetter(*CHUNK_FIELDS[1:])
"""Every field of a chunk but its path (copy folding asks a fused list's line hits for their
chunks, 40-50 a blend, each qualified)."""

_new_ranked = fast_constructor(Ranked)
RANKED_FIELDS: Final = tuple(f.name for f in fields(Ranked))
if RANKED_FIELDS[0] != "path":
    raise TypeError("Ranked's first field is no longer its path: update coordinator._moved")
_RANKED_ALL = attrgetter(*RANKED_FIELDS)
_COPIES_AT: Final = RANKED_FIELDS.index("copies")


def _moved(ranked: Ranked, path: str, copies: tuple[tuple[str, int, int], ...]) -> Ranked:
    """``replace(ranked, path=path, copies=copies)``, made without its ``__init__`` (a page's
    every result is given its path in its repository: 19 fields, 10 us each through replace)."""
    values = list(_RANKED_ALL(ranked))
    values[0], values[_COPIES_AT] = path, copies
    return _new_ranked(*values)


def _with_path(hit: Hit, path: str) -> Hit:
    """The hit at another path (``replace(hit, path=...)``, made without its ``__init__``: a
    workspace qualifies every merged hit, up to 150 an engine, at 1/5 of replace's cost)."""
    return _new_hit(path, *_HIT_REST(hit))


def _foreseen(req: SearchRequest, intent: Intent) -> tuple[tuple[tuple[str, Query], ...], int]:
    """The lone engine, its query and its fetch, that :func:`~maguyva_tui.core.search.search`
    will most likely run for a question naming a symbol (a lone word grounded, as when some
    repository defines it; the definers in the package's own code), built as it builds them; none
    for a blend. A cluster's shards run it with the question's start: one round trip instead of
    two when it was foreseen right, nothing used when not (the lists are matched by query)."""
    if req.regex:
        return (), 0
    word = grounding_word(req.text, intent)
    if not (req.intent or req.modality) and word is not None:
        intent = Intent("find_definition", CONF_KNOWN_SYMBOL, word, "known_symbol")
    the_plan = plan_request(intent, req.preset, req.limit, with_weights(intent, req.weights), req.modality)
    if not the_plan.alone or not intent.target:
        return (), 0
    query = Query(req.text, regex=req.regex, case=req.case, target=intent.target, intent=intent.name, depth=req.depth)
    query = replace(query, demote=_foreseen_demote(query.text), literal_first=intent.name in LITERAL_INTENTS)
    return ((the_plan.modalities[0], query),), the_plan.fetch


def _foreseen_demote(text: str) -> tuple[str, ...]:
    """The demotion a foreseen list is asked with (``Query.demote``), guessed before any shard has
    answered: a word of tests, examples or docs read as asking for them. The search itself then
    reads :func:`~maguyva_tui.core.search.asks_aside` as one repository does, each shard judging
    the words against its own code with the question's start (:attr:`Ask.aside`); where it reads
    otherwise (faraday's "test adapter", a name of its code) the foreseen lists are not used and
    are asked again, one call more, never another answer."""
    return ("vendored",) if ASKS_ASIDE.search(text) else ("vendored", "secondary")


class Answered(Generic[_T]):
    """A call's answer (or its error) already in hand, read as a future's (:meth:`result`): a
    :class:`~concurrent.futures.Future` made and set for each call on a shard of this process
    cost a lock and a condition (3 us; about 40 a blend over 8 repositories)."""

    __slots__ = ("_error", "_value")

    def __init__(self, value: _T | None = None, error: BaseException | None = None) -> None:
        self._value = value
        self._error = error

    def result(self, timeout: float | None = None) -> _T:
        """The answer, or the call's error raised."""
        if self._error is not None:
            raise self._error
        return cast(_T, self._value)


Outcome: TypeAlias = "Future[_T] | Answered[_T] | Pending[_T]"
"""A call on a shard: started elsewhere (a future), made already in this thread, or sent to a
cluster's host (pending)."""


def _here(shard: Shard) -> bool:
    """Whether a shard answers in this process (no round trip, no host holding it)."""
    return not shard.far and getattr(shard, "host", None) is None


def _search_here(shards: Sequence[Shard], tokens: Mapping[str, int], name: str, query: Query, limit: int,
                 stats: WordStats | None, coordinator: Coordinator, prefix: bool = False,
                 started: float | None = None) -> list[Answered[ShardList]]:
    """One engine's list on each shard of this process: every shard's search started in a few
    lanes (:class:`Lanes`: a lone engine over 8 repositories woke 8 threads), then each waited
    for here, all within one deadline from the first start, the hits' chunks left to
    :meth:`Shard.settle` after the merge. Measured against a thread of the
    coordinator's per shard waiting for each (8 repositories of ``bench.workspace_speed``, load 7-12): CPU per
    question down about a tenth, the same lists. With ``prefix``, a lone word's structural lists
    are asked down to the prefix tier only (:meth:`Shard.start`); ``started``: when the deadline
    began (a list asked again whole), else now."""
    started = time.perf_counter() if started is None else started
    runs: list[Running | BaseException] = []
    lanes = Lanes(coordinator._fan)
    for shard in shards:
        try:
            runs.append(shard.start(tokens[shard.label], name, query, limit, coordinator.max_files, stats, lanes,
                                    prefix))
        except Exception as exc:  # noqa: BLE001 - the caller's result() raises it, as for a call on the pool
            runs.append(exc)
    lanes.open()
    out: list[Answered[ShardList]] = []
    for shard, run in zip(shards, runs):
        try:
            if isinstance(run, BaseException):
                raise run
            out.append(Answered(shard.finish(run, coordinator.deadline_s, started, settle=False)))
        except Exception as exc:  # noqa: BLE001 - as above
            out.append(Answered(error=exc))
    return out


def _joined(updates: Sequence[IndexUpdate], started: float) -> IndexUpdate | None:
    """What opening a workspace did to its indexes, as one repository's search says it: the files
    parsed or removed in all, the wall time of the opening (side by side: not their sum), and
    indexed from scratch only when every repository that changed was; ``None`` where none changed."""
    if not updates:
        return None
    return IndexUpdate(sum(u.files for u in updates), round((time.perf_counter() - started) * 1000, 3),
                       all(u.built for u in updates))


_NOTE_PLACES: Final = re.compile(r"([^\s(),;:\"'`]+):\d+")
"""A place a note names (``vendor/mri/lib/index.js:1``), its path."""


def dotted_modules(written: str, paths: Sequence[str]) -> tuple[str, ...]:
    """The dotted names another repository imports a Python module by that is written as its file's
    path (``lib/emitter.py``, or ``src/pydash/arrays.py``): each of the files' (``paths``, each from
    its repository's root) module names of two parts or more (``lib.emitter``; ``pydash.arrays``,
    ``src.pydash.arrays``), else its own (``pyee`` of ``pyee/__init__.py``); none for a name written
    dotted, or another language's file (an npm package is imported by its own name, not its path)."""
    if "/" not in written and not written.endswith((".py", ".pyi")):
        return ()
    found: dict[str, None] = {}
    for local in paths:
        if not local.endswith((".py", ".pyi")):
            continue
        names = module_names(local)
        found.update(dict.fromkeys([n for n in names if "." in n] or list(names[-1:])))
    return tuple(found)


def own_note(folders: tuple[str, ...], note: str) -> bool:
    """Whether a note of a repository holding repositories of the workspace in ``folders`` is its
    own: not one whose every place lies in them (:meth:`Coordinator.answers_note`)."""
    places = _NOTE_PLACES.findall(note) if folders else ()
    return not places or not all(path.startswith(folders) for path in places)


def through_roots(text: str, roots: Sequence[tuple[str, str]]) -> str:
    """A question with each path written through a repository's absolute root (``who calls
    /home/u/ws/lib/src/a.py::f``, as an agent's file tools write it) read as the workspace writes
    that repository's files (``lib/src/a.py::f``), a repository inside another read as its own (the
    longest root first), as one repository reads such a path from its root
    (:func:`~maguyva_tui.core.path_names.through_root`): over a workspace the question had been
    asked of every graph as written ("nothing in the graph depends on /home/u/ws/lib/src/a.py").
    A root alone stays."""
    for label, root in sorted(roots, key=lambda held: len(held[1]), reverse=True):
        top = root.rstrip("/") + "/"
        if top != "/" and top in text:
            to = (label + "/").replace("\\", "\\\\")  # a replacement's backslashes are its escapes
            text = re.sub(rf"(?<![^\s\"'`(\[<]){re.escape(top)}(?=[^\s\"'`)\]>])", to, text)
    return text


def fan_out(pool: ThreadPoolExecutor, calls: Sequence[tuple[Shard, str, tuple[Any, ...]]]) -> list[Outcome[Any]]:
    """Start each ``(shard, method, args)`` call side by side on ``pool``; the calls of shards
    one host holds (a cluster's process holding several repositories: a shard's ``host``) travel
    together, one round trip per host (``host.together``). A shard in this process is called
    as it is, in this thread (:func:`_inline`). Return each call's future (or answer), in order."""
    out: list[Outcome[Any] | None] = [None] * len(calls)
    hosts: dict[int, list[int]] = {}
    for at, (shard, _, _) in enumerate(calls):
        host = getattr(shard, "host", None)
        if host is not None:
            hosts.setdefault(id(host), []).append(at)
    for ats in hosts.values():
        host = calls[ats[0]][0].host  # type: ignore[attr-defined]
        send = getattr(host, "send", None)
        if send is not None or len(ats) > 1:  # a cluster's host sends now, its answer read by the first to ask
            batch = send([calls[at] for at in ats]) if send is not None else pool.submit(host.together, [
                calls[at] for at in ats])
            for k, at in enumerate(ats):
                out[at] = _outcome(batch, k)
    return [future if future is not None else _called(shard, method, args) if _inline(shard, method)
            else pool.submit(getattr(shard, method), *args) for future, (shard, method, args) in zip(out, calls)]


SIDE_BY_SIDE: Final = frozenset({"open"})
"""Calls :func:`fan_out` starts on the pool even for a shard of this process: opening an index
(a build, seconds) is worth a thread per shard; every other call of a question is microseconds
to a millisecond of Python, which one interpreter runs one at a time whatever the thread, and
handing each to a pool thread and back cost more than the call (8 shards x 3-4 calls a question)."""


def _inline(shard: Shard, method: str) -> bool:
    """Whether a call on a shard runs in the caller's thread: a shard of this process whose
    index is open (a first ``begin`` may build it: that one goes to the pool, side by side)."""
    if not _here(shard) or method in SIDE_BY_SIDE:
        return False
    return method != "begin" or shard.opened


def _called(shard: Shard, method: str, args: tuple[Any, ...]) -> Answered[Any]:
    """A call made now, in this thread: its answer (or its error), read as a future's."""
    try:
        return Answered(getattr(shard, method)(*args))
    except Exception as exc:  # noqa: BLE001 - the caller's result() raises it, as for a call on the pool
        return Answered(error=exc)


class Pending(Generic[_T]):
    """A call sent already whose answer the first reader waits for, in its own thread (read as a
    future's, :meth:`result`): a cluster's host sends a step's call as it is made and the engine
    that needs the answer waits for it, no pool thread sending it and waiting in between (a
    question over two actors made six such hand-offs, each waking a thread on a busy core)."""

    __slots__ = ("_error", "_get", "_lock", "_value")

    def __init__(self, get: Callable[[], _T]) -> None:
        self._get: Callable[[], _T] | None = get
        self._lock = threading.Lock()
        self._value: _T | None = None
        self._error: BaseException | None = None

    def result(self, timeout: float | None = None) -> _T:
        """The answer (waited for by the first caller; the others wait for it), or its error raised."""
        with self._lock:
            get, self._get = self._get, None
            if get is not None:
                try:
                    self._value = get()
                except BaseException as exc:  # noqa: BLE001 - every reader raises it, as a future's result()
                    self._error = exc
        if self._error is not None:
            raise self._error
        return cast(_T, self._value)


def _outcome(batch: Future[list[tuple[bool, Any]]] | Pending[list[tuple[bool, Any]]], at: int) -> Outcome[Any]:
    """A future of one call of a host's answer to several (``(True, answer)`` or ``(False, error)``)."""
    if isinstance(batch, Pending):
        return Pending(partial(_answer_at, batch, at))
    out: Future[Any] = Future()

    def done(whole: Future[list[tuple[bool, Any]]]) -> None:
        try:
            ok, value = whole.result()[at]
        except BaseException as exc:  # noqa: BLE001 - the caller's result() raises it, as for one call
            out.set_exception(exc)
            return
        if ok:
            out.set_result(value)
        else:
            out.set_exception(value)

    batch.add_done_callback(done)
    return out


def _answer_at(batch: Pending[list[tuple[bool, Any]]], at: int) -> Any:
    """One call's answer of a host's answer to several, or its error raised."""
    ok, value = batch.result()[at]
    if not ok:
        raise value
    return value


def _item(batch: Future[tuple[ShardList, ...]] | Pending[tuple[ShardList, ...]], at: int) -> Outcome[ShardList]:
    """A future of one list of a batched call's answer."""
    if isinstance(batch, Pending):
        return Pending(lambda: batch.result()[at])
    out: Future[ShardList] = Future()

    def done(whole: Future[tuple[ShardList, ...]]) -> None:
        try:
            out.set_result(whole.result()[at])
        except BaseException as exc:  # noqa: BLE001 - the caller's result() raises it, as for one call
            out.set_exception(exc)

    batch.add_done_callback(done)
    return out


def _summed(begun: Mapping[str, Begun], stems: tuple[str, ...]) -> WordStats | None:
    """The workspace's counts of a sentence's stems, summed from every shard's answer at the
    question's start, by label; ``None`` when some shard did not answer them."""
    told = [begun[label].answers.stats for label in sorted(begun)]
    if not told or any(t is None or tuple(s for s, _ in t.df) != stems for t in told):
        return None
    return _total(cast("list[WordStats]", told))


def _total(counts: Sequence[WordStats]) -> WordStats:
    """Several shards' counts summed, in their order."""
    return sum(counts[1:], counts[0])


def _mean_tiers(answers: Sequence[Begun]) -> tuple[tuple[str, float], ...]:
    """Each semantic tier's coverage, averaged over the shards (a shard's own on one)."""
    if not answers:
        return ()
    names = [name for name, _ in answers[0].tiers]
    return tuple((name, sum(dict(a.tiers).get(name, 0.0) for a in answers) / len(answers)) for name in names)
