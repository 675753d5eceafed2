"""One question, end to end: classify, plan, run the engines in parallel, fuse, explain.

The data path: the classifier reads the question's intent and target (the index confirms a lone
word that names a symbol); the plan (:mod:`~maguyva_tui.core.plan`) picks the engines from the
effective weights; each engine runs in a thread with its time recorded, on one generation of the
index from start to end; weighted RRF blends the lists; the result carries every number that
ranked it, typed (:class:`~maguyva_tui.core.types.SearchResult`), JSON only at the edges.
"""

from __future__ import annotations

import math
import posixpath
import re
import time
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache, partial
from itertools import accumulate
from typing import Any, Final, TypeAlias, cast

from maguyva_tui.core.alone_empty import alone_empty
from maguyva_tui.core.bm25 import code_words
from maguyva_tui.core.code_tests import is_test_file, tests_asked
from maguyva_tui.core.duplicates import fold_copies, twin_paths
from maguyva_tui.core.folder_question import folder_candidate, folder_files, folder_said, folder_written
from maguyva_tui.core.folder_scope import closing_file, closing_place, kept_in, scope, unheld
from maguyva_tui.core.fusion import (
    DISSENT_WHY,
    ChunkKey,
    Fused,
    NamedFiles,
    QuotedNames,
    demotion_for,
    demotion_kinds,
    direct,
    fuse,
    no_demotion,
    secondary_demotion,
    signature_vote,
    test_code_demotion,
    text_dissent,
)
from maguyva_tui.core.generation import Generation
from maguyva_tui.core.inherited import (
    TYPE_KINDS,
    aliased,
    go_module_member,
    inherited,
    namespace_member,
    namespaced,
    on_unknown_receiver,
    owner_in_other_case,
)
from maguyva_tui.core.intent import (
    CONF_QUOTED,
    ERROR_MESSAGE_RULE,
    FUNCTION_RULE,
    INDENTED_RULE,
    KEYWORD_KINDS,
    LITERAL_RULES,
    MAX_CLASSIFY_CHARS,
    URL_RULE,
    Intent,
    asks_callees,
    asks_importers,
    asks_overrides,
    asks_subtypes,
    classify,
    impl_pattern,
    is_identifier,
    keyword_and_name,
    keyword_kinds,
    named_after_keyword,
    override,
    quoted_names,
    unnamed_subject,
    written_name,
)
from maguyva_tui.core.lazy_pattern import lazy
from maguyva_tui.core.locations import (
    LOCATION_RULE,
    asks_places,
    file_hits,
    file_names,
    go_package_folder,
    holds_package,
    link_path,
    placed,
    spaced_place,
    written_file_hits,
)
from maguyva_tui.core.locations import parse as parse_places
from maguyva_tui.core.lookup import (
    RELATED,
    SYMBOL_INTENTS,
    UNHELD,
    UNHELD_EITHER,
    as_shown,
    close_names,
    literal_found,
    missing_literal,
    missing_symbol,
    names_constructor,
    other_case_names,
    respelled_names,
    unmatched_regex,
    unread,
)
from maguyva_tui.core.member_phrase import member_named
from maguyva_tui.core.message_text import (
    anchored_texts,
    bare_value_texts,
    fixed_texts,
    has_runtime_value,
    with_unquoted,
)
from maguyva_tui.core.missing_paths import close_paths, holds, link_said, missing_path, names_path
from maguyva_tui.core.name_roles import UNKNOWN_ROLE, name_role
from maguyva_tui.core.names import (
    CODE_ABBREVIATIONS,
    OPERATOR_METHOD,
    QUALIFIED_NAME,
    QUESTION_NAME,
    is_operator_method,
    qualifier_parts,
    spelled,
    unhidden,
    word_stem,
)
from maguyva_tui.core.other_calls import (
    base_reached,
    callees_notes,
    callers_notes,
    impact_notes,
    untied_callers,
    untied_subtypes,
    untied_unless_listed,
)
from maguyva_tui.core.parsing.extensions import language_for
from maguyva_tui.core.path_names import (
    defining_in,
    elsewhere_in,
    files_defining,
    in_file,
    joined,
    normalised,
    outside_place,
    rooted_paths,
    split,
    through_root,
)
from maguyva_tui.core.paths import is_demoted, is_secondary
from maguyva_tui.core.place_questions import asked_at_place
from maguyva_tui.core.plan import Plan, blended, plan_request, with_weights
from maguyva_tui.core.results import shown_page
from maguyva_tui.core.retrievers.perl_classes import BOUNDARY_NOTICE, boundary_notice
from maguyva_tui.core.retrievers.text import MATCH_TIERS
from maguyva_tui.core.similar import SIMILAR_INTENT, bare_name, definitions, similar_target
from maguyva_tui.core.similar import notice as similar_notice
from maguyva_tui.core.types import (
    CASE_MODES,
    INTENTS,
    MODALITIES,
    PRESET_NAMES,
    Hit,
    LookupFailure,
    Query,
    QueryError,
    Ranked,
    SearchResult,
    Vote,
    checked_by,
    echo,
    fast_constructor,
    fast_replacer,
    lone_token,
)
from maguyva_tui.core.unread_files import big_files_holding_text

GROUNDED_RULES = ("identifier", "fallback")
GRAPH_INTENTS = ("find_references", "impact_analysis")
"""The intents the graph answers about a target directly."""
"""Classifier rules whose answer the index may confirm (a lone identifier, a lone plain word)."""

CONF_KNOWN_SYMBOL = 0.90
"""A lone word that is exactly a symbol's name: as sure as an explicit "where is X defined"."""

MAX_QUERY_CHARS = 64 * 1024
"""Longer questions are refused: nothing in a code base is worth a 64 KiB needle."""

LITERAL_INTENTS = ("exact_match",)
"""Intents whose target is the literal asked for (listed first by the text engine even in a sentence)."""

SEMANTIC_STANDS_IN = 0.5
"""Once half the chunks are embedded, meaning is the semantic engine's job in a blended search and
the text engine votes only with code-like words; before that, plain words are all there is."""

FUSED_TEXT_FILES = 60
"""Files the text engine verifies in a blended search (those defining the literal, then the most central)."""

ASKS_ASIDE = lazy(
    r"\b(?:tests?|testing|examples?|docs?|documentation|samples?|demos?|benchmarks?|conftest|fixtures?)\b", re.I
)
"""Words by which a question asks for examples, tests or docs: the direct path then leaves them where
the engine put them instead of after the package's own code."""


@dataclass(frozen=True, slots=True)
class SearchRequest:
    """Everything a caller may say about a search."""

    text: str
    limit: int = 20
    modality: str | None = None
    """Run this engine alone (``--modality``)."""
    regex: bool = False
    case: str = "sensitive"
    intent: str | None = None
    """Override the classifier."""
    preset: str = "default"
    weights: Mapping[str, float] | None = None
    """Override the weight profile (what-if); forces the fused path."""
    depth: int | None = None
    """Maximum depth for impact questions."""
    rooted: tuple[str, ...] = ()
    """The paths the question wrote through the repository's absolute root, as read from it (set by
    the search: :func:`~maguyva_tui.core.path_names.rooted_paths`): each is a path, never prose."""

    def validate(self) -> None:
        """Refuse requests that cannot run, with a message for the user."""
        if not self.text or not self.text.strip():
            raise QueryError("empty query")
        if len(self.text) > MAX_QUERY_CHARS:
            raise QueryError(f"query too long ({len(self.text)} characters; the limit is {MAX_QUERY_CHARS})")
        if self.depth is not None and (not isinstance(self.depth, int) or self.depth < 1):
            raise QueryError("--depth must be a whole number of at least 1")
        if self.limit < 1:
            raise QueryError("--limit must be at least 1")
        if self.case not in CASE_MODES:
            raise QueryError(f"unknown case mode {self.case!r} (choose from {', '.join(CASE_MODES)})")
        if self.preset not in PRESET_NAMES:
            raise QueryError(f"unknown preset {self.preset!r} (choose from {', '.join(PRESET_NAMES)})")
        if self.modality is not None and self.modality not in MODALITIES:
            raise QueryError(f"unknown modality {self.modality!r} (choose from {', '.join(MODALITIES)})")
        if self.regex and self.modality not in (None, "text"):  # its results had matched no line of the pattern
            raise QueryError(f"the {self.modality} engine does not read a regular expression: the text engine "
                             "matches it (leave the modality out, or choose text)")
        if self.intent is not None and self.intent not in INTENTS:
            raise QueryError(f"unknown intent {self.intent!r} (choose from {', '.join(INTENTS)})")
        if self.weights is not None and set(self.weights) - set(MODALITIES):
            raise QueryError(f"unknown modality in weights: {', '.join(sorted(set(self.weights) - set(MODALITIES)))}")


@dataclass(frozen=True, slots=True)
class Parts:
    """What one question reads, captured once when it starts."""

    generation: Generation
    """The index and its engines: every list, line and snippet of the answer comes from it."""
    coverage: Callable[[], float]
    """The fraction of this generation's chunks the semantic engine can rank."""
    notices: tuple[str, ...]
    """Messages every result carries (a provider fallback, a rebuilt index)."""
    pool: Executor
    """Where the engines run in parallel."""
    tiers: Callable[[], tuple[tuple[str, float], ...]] | None = None
    """Each semantic tier's share of the chunks where the caller reads them (an engine: those of
    the :attr:`coverage` the answer just read, not read again): the answer carries them, no copy of
    it made to add them."""


@dataclass(slots=True)
class _Run:
    """The engines' lists and timings for one question."""

    lists: dict[str, list[Hit]] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)


Checkpoint: TypeAlias = Callable[[], None]
"""Called between a search's stages; raising there abandons the search (a caller whose question
went stale: the explorer after a newer keystroke). It never changes an answer that completes."""


def search(req: SearchRequest, parts: Parts, checkpoint: Checkpoint | None = None, places: bool = True,
           skip: frozenset[str] = frozenset()) -> SearchResult:
    """Answer one request on one generation of the index, with every number that ranked it;
    ``checkpoint`` is called after the classification, each engine's list, and the fusion. A
    question that names places the index does not hold (a trace through the standard library
    only) is answered again as if it named none (``places`` off); a line of code or a quoted string
    that no line holds, in any case, is answered again with that reading skipped (``skip``): as the
    string it quotes (``find "a@b.org"``), else as a question about meaning (the related code, which
    the semantic engine finds and the exact-match weights never ask it for), saying that no line
    holds it."""
    started = time.perf_counter()
    req.validate()
    if not req.regex and (plain := unhidden(req.text)) != req.text.strip():  # a pasted BOM or zero-width space
        again = search(replace(req, text=plain), parts, checkpoint, places, skip)
        said = f"read without the invisible {', '.join(_hidden(req.text, plain))} at its ends"
        return replace(again, query=req.text, notices=(*again.notices, said),
                       elapsed_ms=round((time.perf_counter() - started) * 1000, 3))
    placed = _placed(parts.generation, req)
    if placed is not None:  # /home/u/repo/src/a.rs::Value read from the root; "in /etc" said to be outside it
        written, notice = placed
        rooted = rooted_paths(req.text, str(parts.generation.snapshot.root))
        again = search(replace(req, text=written, rooted=rooted), parts, checkpoint, places, skip)
        return replace(again, query=req.text, notices=(*again.notices, *([notice] if notice else ())),
                       elapsed_ms=round((time.perf_counter() - started) * 1000, 3))
    folder_asked = _folder_asked(parts.generation, req)
    if folder_asked is not None and req.text.strip() != f"./{folder_asked}":  # src/pkg/, where is src/pkg defined
        again = search(replace(req, text=f"./{folder_asked}"), parts, checkpoint, places, skip)
        return replace(again, query=req.text, elapsed_ms=round((time.perf_counter() - started) * 1000, 3))
    # "WHO CALLS SEND": who calls send, as typed in lower case; "class sortedkeylist": the one
    # class spelled so, SortedKeyList. Each is answered as the question it reads, with a notice.
    for reader in (_unshouted, _respelled, _member_phrase, _as_python_reads):
        reading = reader(parts.generation, req)
        if reading is not None:
            written, said = reading
            again = search(replace(req, text=written), parts, checkpoint, places, skip)
            return replace(again, query=req.text, notices=(*again.notices, said),
                           elapsed_ms=round((time.perf_counter() - started) * 1000, 3))
    tested = _tests_asked(parts.generation, req)
    if tested is not None:  # tests for from_dict: the lines of test files calling or naming it, first
        fetched = max(req.limit, TESTS_FETCHED)
        again = search(replace(req, text=f"references to {tested}", limit=fetched), parts, checkpoint, places, skip)
        if len(again.results) >= fetched and not any(_in_tests(parts.generation, r) for r in _graph_uses(again)):
            # sympy's Poly: its first 200 uses all in the library, its first test call the 374th ("no test code calls it")
            again = search(replace(req, text=f"references to {tested}", limit=max(req.limit, TESTS_FETCHED_MOST)),
                           parts, checkpoint, places, skip)
        spelled = partial(search, replace(req, text=tested, intent="exact_match", limit=TESTS_FETCHED), parts,
                          checkpoint, places, skip)  # asked where the graph knows no use in test code
        return replace(_tests_first(parts.generation, again, tested, req.limit, spelled), query=req.text,
                       elapsed_ms=round((time.perf_counter() - started) * 1000, 3))
    read = _pasted_line(parts.generation, _intent(req, places, skip), req)
    grounded = _ground(parts.generation, _spelled(parts.generation, read, req, places, skip), req)
    folder = None if req.regex or grounded.name not in ("find_definition", *GRAPH_INTENTS) else \
        scope(req.text, getattr(parts.generation.snapshot, "files", None))
    if folder is not None:  # who calls visit in app/cli: visit's callers there, not what imports the folder
        grounded = _named_before(parts.generation, req, grounded, folder)
    grounded = _named_in_file(parts.generation, req, grounded)  # who calls is_optional in core.py
    intent, inherited_notice, held_in = _in_file(parts.generation, grounded, req)
    folder = held_in or folder  # in dacite/core.py, which defines no is_optional: the callers in it
    within = None  # the files a definition question's name is written through
    if intent is grounded:
        intent, inherited_notice, within = _defined_in_file(parts.generation, grounded, req)
    if folder is not None and intent is grounded:  # where is cc_visit defined in cli: that folder's alone
        intent, inherited_notice, within = _defined_in_folder(parts.generation, grounded, folder)
    if intent is grounded:
        intent, inherited_notice = _through_bases(parts.generation, grounded, req)
    if checkpoint is not None:
        checkpoint()
    at = None if req.intent or req.regex or req.modality else asked_at_place(parts.generation, intent, req.text)
    if at is not None:  # what breaks if I change src/a.py:120: the definition holding that line
        again = search(replace(req, text=at[0]), parts, checkpoint, places, skip)
        return replace(again, query=req.text, notices=(*again.notices, at[1]),
                       elapsed_ms=round((time.perf_counter() - started) * 1000, 3))
    imported = _importers(parts.generation, req, intent)
    if imported is not None:  # "who imports pkg.mod", "which files include config.h": the import lines
        intent = imported[0]
    module = None if imported is not None else _module_file(parts.generation, intent, req)
    if module is not None:  # "rich_utils": no symbol, the file rich_utils.py (every one so named)
        again = search(replace(req, text=module), parts, checkpoint)
        if again.results:
            files = "file" if len({r.path for r in again.results}) == 1 else "files named"
            said = f"{echo(req.text.strip())} names no symbol; showing the {files} {module}"
            if module.rpartition("/")[2] == "__init__.py" and (alike := file_names(parts.generation, req.text.strip())):
                said += f", the package's; search {' or '.join(alike)} for the file{'s' if len(alike) > 1 else ''} so named"
            return replace(again, query=req.text, rule=MODULE_RULE, notices=(*again.notices, said),
                           elapsed_ms=round((time.perf_counter() - started) * 1000, 3))
    raising = _raise_sites(intent, req)
    unraised = None
    if raising is not None:  # "who raises PathAccessError": its raise and throw statements
        statement, error = raising
        again = search(replace(req, text=statement, regex=True, intent="exact_match"), parts, checkpoint, False)
        if again.results:
            said = f"showing the lines that raise or throw {error}"
            return replace(again, query=req.text, confidence=intent.confidence, target=error, rule=RAISES_RULE,
                           notices=(*again.notices, said), elapsed_ms=round((time.perf_counter() - started) * 1000, 3))
        unraised = f"no raise or throw statement names {error} (it may be raised through a variable); showing what names it"
    used = _used_not_defined(parts.generation, intent, req)
    if used is not None:  # "click.echo", "errors.New": no definition here, but lines that use it
        named = intent.target if intent.rule in _NAMING_RULES and intent.target else req.text  # a phrase: its name's
        again = search(replace(req, text=named, intent="exact_match"), parts, checkpoint, places, skip)
        if again.lookup_failed is not None and intent.target and intent.target != named:
            named = intent.target  # choices.map(&:name), which no line holds: the lines of choices.map, its name
            again = search(replace(req, text=named, intent="exact_match"), parts, checkpoint, places, skip)
        if again.results and again.lookup_failed is None:
            role = name_role(intent.target or named, again.results,  # what the lines say it is
                             getattr(parts.generation.snapshot, "raw", None))
            used = replace(used, message=used.message.replace(UNKNOWN_ROLE, role, 1))
            return replace(again, query=req.text, rule=USED_RULE, confidence=intent.confidence,
                           notices=(*again.notices, used.message),
                           lookup_failed=used, elapsed_ms=round((time.perf_counter() - started) * 1000, 3))
    the_plan = plan_request(intent, req.preset, req.limit, with_weights(intent, req.weights), req.modality)
    kinds = _asked_kinds(parts.generation, intent, req)
    query = Query(req.text, regex=req.regex, case=req.case, target=intent.target, kinds=kinds, intent=intent.name,
                  depth=req.depth)
    aside = _direct_demotion(parts.generation, query)  # the classifier's target says whose code it is
    query = _replace_query(query, demote=_DEMOTED_BY.get(aside, ("vendored",)), target=typed_target(req, intent))
    run = _run_engines(parts, the_plan, query, checkpoint)
    if req.regex and (bounded := boundary_notice(req.text)):
        run.notices.append(bounded)  # RE2's \b is ASCII, rg's Unicode: say so, as the lines may differ
    if imported is not None and the_plan.modalities == ("graph",):
        run.lists["graph"] = list(imported[1])
        run.notices.extend(imported[2])
    if within is not None and "structural" in run.lists:  # where is b.py::helper defined: b.py's helper alone
        run.lists["structural"] = [hit for hit in run.lists["structural"] if hit.path in within]
    if intent.rule == LOCATION_RULE and (past := _past_the_end(run.lists.get("structural") or ())):
        run.notices.append(past)  # src/a.py:500 of a file of 157 lines: its last definition, said so
    if intent.rule == LOCATION_RULE and not run.lists.get("structural") and (
            package := _go_package(parts.generation, req) or _folder_listed(parts.generation, req)
            or _glob_listed(parts.generation, req)):
        run.lists["structural"], said = package
        run.notices.append(said)
    if intent.rule == LOCATION_RULE and not run.lists.get("structural") and (
            spaced := spaced_place(parts.generation, req.text)):
        run.lists["structural"] = spaced  # src/日本 語/モジュール.py:1: a path of blanks, whole
        if past := _past_the_end(spaced):
            run.notices.append(past)
    if intent.rule == LOCATION_RULE and not run.lists.get("structural"):
        again = search(req, parts, checkpoint, places=False)
        if again.rule == URL_RULE and again.lookup_failed is not None:
            return again  # its one line says the file is not here and no line holds the link
        if again.rule == "quoted_literal" and again.results and written_name(again.target or "") is not None:
            return again  # "Whoops\Run" quoted: the lines holding the PHP name, no file's path
        said = _places_missing(req.text, getattr(parts.generation.snapshot, "root", None))  # the explorer's banner says it whole, as it says a missing symbol
        if again.lookup_failed is None and again.intent in SYMBOL_INTENTS and again.target:
            if written_name(req.text) is not None:  # League\Node\Node names a class, no file: nothing to say
                return again
            return replace(again, notices=(*again.notices, said))  # a name the index defines: answered
        missing = LookupFailure(_places_named(req.text), "place", said)  # first: the question named a file
        return replace(again, notices=(*again.notices, said), lookup_failed=missing)
    if inherited_notice:
        run.notices.append(inherited_notice)
    if unraised is not None:
        run.notices.append(unraised)
    failed = None
    if not req.regex and imported is None:
        failed = (missing_path(parts.generation, intent, req.rooted) or missing_symbol(parts.generation, intent, req.text)
                  or _missing_word(parts, intent, req, query, run.lists.get("text")))
    if intent.name in LITERAL_INTENTS and intent.target and not req.regex:
        the_plan, run, failed = _literal(parts, the_plan, query, run)
        if failed is not None and not failed.other_case and intent.rule == URL_RULE:
            failed = replace(failed, message=_url_missing(intent.target))  # and nothing else is searched
        pattern = impl_pattern(intent.target) if failed is not None and not failed.other_case else None
        if pattern is not None:  # impl Serialize for IndexMap: the code writes impl<K, V, S> ... IndexMap<K, V, S>
            generic = search(replace(req, text=pattern, regex=True, intent="exact_match"), parts, checkpoint, False)
            if generic.results:
                said = f'no line holds "{echo(intent.target)}" as written; showing the impl blocks with their generics'
                ours = (n for n in generic.notices if n != BOUNDARY_NOTICE)  # of our pattern's \b, not a regex asked for
                return replace(generic, query=req.text, notices=(*ours, said),
                               elapsed_ms=round((time.perf_counter() - started) * 1000, 3))
        if failed is not None and not failed.other_case and intent.rule in LITERAL_RULES and not req.intent:
            again = search(req, parts, checkpoint, places, skip | {intent.rule})
            if intent.rule == INDENTED_RULE:
                return again  # a stray blank before a question: the question, without a word of the blank
            if again.lookup_failed is not None and again.lookup_failed.kind == "symbol":
                return _neither(again, failed)  # "NOT_THERE": no line holds it, and nothing is named so
            if again.rule == "error_token" and again.target != intent.target:
                return _named_error(again, failed)  # raise RetryError: the lines naming RetryError, said so
            if again.lookup_failed is not None or again.intent in LITERAL_INTENTS:
                return again  # the string it quotes, found or not: its own answer says which
            failed = as_shown(failed, again.results, parts.generation)
            return replace(again, notices=(*again.notices, failed.message), lookup_failed=failed)
    if intent.rule == "error_token" and run.lists.get("text"):
        run.lists["text"] = _definers_first(parts.generation, intent, req.text, run.lists["text"])
    unnamed = failed is not None and failed.kind == "symbol"  # its "related code" is a blend's, not near names alone
    asks_callers = lists_callers(intent, the_plan, req)  # before a blend takes the graph's empty list's place
    listed_untied = False
    if _asks_subtypes(intent, the_plan, req) and not run.lists.get("graph"):
        bases = untied_subtypes(parts.generation, intent.target or "", the_plan.fetch)
        if bases is not None:  # "who implements StreamInterface", PSR-7's interface of another package
            run.lists["graph"], said = bases
            run.notices.append(said)
            if failed is not None and failed.kind == "symbol":
                failed = replace(failed, message=f"no symbol named {echo(intent.target or '')} is defined here; listing what "
                                                 "names it as a base")
            unnamed = False
    if not unnamed and not run.lists.get("graph") and asks_callers:
        untied = untied_callers(parts.generation, intent.target or "", the_plan.fetch)
        if untied is not None:  # "who calls onerror" where every call is ctx.onerror(err): those lines
            run.lists["graph"], told = untied
            run.notices.extend(told)
            listed_untied = True
    foreign = getattr(parts.generation, "foreign_uses", None)  # a workspace: other repositories' uses of it
    uses = foreign_uses_asked(intent, the_plan, req) if not unnamed else ()
    foreign_told: tuple[str, ...] = ()
    if foreign is not None and uses:
        run.lists["graph"], foreign_told = _with_foreign(run.lists.get("graph") or [],
                                                         *foreign(intent.target, the_plan.fetch, uses))
        run.notices.extend(foreign_told)
    if the_plan.strategy == "direct" and (unnamed or not run.lists.get(the_plan.modalities[0])) and not req.regex \
            and intent.rule != URL_RULE:  # a URL no line holds: its host and path are no words to blend
        blend = blended(the_plan, intent)
        if blend is not None:
            alone = the_plan.modalities[0]
            if not run.lists.get(alone):
                why = "is not ready yet" if alone in parts.generation.missing else "alone found nothing"
                held = (_graph_holds_none(parts.generation, intent, req)
                        if alone == "graph" and failed is None and why != "is not ready yet" else None)
                nothing = next((n for n in (imported[2] if imported is not None else ()) if n.startswith("no line ")), None)
                if nothing is not None and nothing in run.notices:  # import yaml: said once, with what is listed
                    run.notices[run.notices.index(nothing)] = f"{nothing}; showing related code instead"
                else:
                    run.notices.append(f"{held or f'the {alone} engine {why}'}; blending the engines instead")
            the_plan = blend
            run = _merge(run, _run_engines(parts, the_plan, query, checkpoint))
    if intent.name in ("find_references", "impact_analysis") and not intent.target:
        run.notices.append(f'"{echo(req.text.strip())}" names no symbol to follow through the graph (who calls '
                           "parse_config, impact of Config); showing related code")
    elif intent.name == "find_definition" and not intent.target and not req.regex and not parse_places(req.text):
        run.notices.append(f'"{echo(req.text.strip())}" names no symbol to look up (go to parse_config, where is '
                           "Config defined); showing related code")
    if req.depth is not None and intent.name != "impact_analysis":
        run.notices.append(f"--depth applies to impact questions (impact of Config); this one is read as "
                           f"{intent.name.replace('_', ' ')}: the depth is not used")
    if failed is None and not listed_untied and asks_callers:
        run.notices.extend(callers_notes(parts.generation, intent.target or ""))
    elif failed is None and intent.name == "impact_analysis" and intent.target and not req.regex:
        run.notices.extend(impact_notes(parts.generation, intent.target))
    elif failed is None and intent.name == "find_references" and intent.target and asks_callees(req.text) and not req.regex:
        run.notices.extend(callees_notes(parts.generation, intent.target))
    if foreign_told:
        run.notices = untied_unless_listed(run.notices, foreign_told)
    if intent.target and (intent.name in SYMBOL_INTENTS or intent.rule == "question") and not req.regex:
        run.notices.extend(_other_names(parts.generation, intent.target, req.text))
    target = similar_target(query)
    if target:  # "similar to X": the engines left X out, or X is no symbol and the words were searched
        run.notices.append(similar_notice(target, definitions(parts.generation.structural.lookup(target))))
    if folder is not None and intent.name in GRAPH_INTENTS and (kept := kept_in(folder, run.lists, intent.target)):
        run.notices.append(kept)  # who calls cc_visit in radon/cli: the call sites in its files alone
    own_order = _text_alone(parts.generation, the_plan, run, aside, req.limit)
    fused = _combine(parts.generation, the_plan, run, aside, req.text)[: req.limit] if own_order is None else []
    if checkpoint is not None:
        checkpoint()  # before the page's snippets are read
    _prefetch(parts.generation, fused, code=False)
    focus = None if req.regex else intent.target or lone_token(req.text)  # what a long line is cut around (types.sought)
    if own_order is None:
        page = _page(parts.generation, fused, run, focus, the_plan.windows)
    else:
        page = _text_page(parts.generation, own_order, the_plan.weights.get("text"), the_plan.k, focus)
    faded = _faded(the_plan, run) if own_order is None else ()
    failed = as_shown(failed, page, parts.generation) if failed is not None else None
    if failed is None and req.regex:
        failed = unmatched_regex(parts.generation, req.text, _ran(the_plan, run), page)
    if failed is None and not page and req.modality and not req.regex and (intent.target or intent.name not in GRAPH_INTENTS):
        empty = alone_empty(parts.generation, req.modality, req.text, intent.target, query, parts.coverage,  # why: one line
                            lambda: _graph_holds_none(parts.generation, intent, req) if intent.name in GRAPH_INTENTS else None)
        run.notices.extend([empty] if empty else [])
    return _new_result(  # SearchResult(...), each field set through object.__setattr__: 3 µs
        query=req.text,
        parsed=str(query),  # what it prints (text, regex, case, target, kinds) as asked: no Query made again
        intent=intent.name,
        confidence=intent.confidence,
        target=intent.target,
        rule=intent.rule,
        weights=tuple(the_plan.weights.as_dict().items()),
        fusion_strategy=the_plan.strategy,
        preset=the_plan.preset,
        k=the_plan.k,
        modalities_run=_ran(the_plan, run),
        timings_ms=tuple(run.timings.items()),
        semantic_coverage=parts.coverage(),
        semantic_tiers=parts.tiers() if parts.tiers is not None else (),
        notices=parts.notices + tuple(run.notices) + ((failed.message,) if failed else ()),
        results=page,
        elapsed_ms=round((time.perf_counter() - started) * 1000, 3),
        lookup_failed=failed,
        faded=faded,
    )


def _faded(the_plan: Plan, run: _Run) -> tuple[tuple[str, float, str], ...]:
    """The engines whose weight the blend multiplied (:attr:`SearchResult.faded`): the text engine's
    where its first word vote lies outside the semantic engine's first files (``fusion.text_dissent``)."""
    if the_plan.alone or "text" not in the_plan.modalities:
        return ()
    factor = text_dissent({m: run.lists.get(m, []) for m in the_plan.modalities})
    return (("text", factor, DISSENT_WHY.format(path=run.lists["text"][0].path)),) if factor != 1.0 else ()


_PAIRED = lazy(
    rf"(?<![\w$])`?(?P<a>{QUESTION_NAME})(?:\(\))?`?\s{{0,4}}(?:,|&|\band\b|\bor\b|\bvs\b\.?|\bversus\b)\s{{0,4}}"
    rf"`?(?P<b>{QUESTION_NAME})",
    re.I,
)
"""Two names a question joins ("who calls WithField and WithFields", "A vs B", "A, B"); a name is
tried from its first letter only, so a long word is read once."""
_ONE_WORD: Final = lazy(r"\w+")
"""A text of word characters alone (a lone identifier, as most literal searches are): no keyword,
kind's noun or join can be read in it (each needs a space or a mark), so :func:`_other_names` and
:func:`_asked_kinds` answer at once what their patterns would (``tests/core/test_lone_word_search.py``)."""


def _other_names(generation: Generation, target: str, text: str) -> list[str]:
    """Say which other symbol, joined to the target by "and", "or", "vs" or a comma, the answer
    leaves out: a question holds one target, and "who calls WithField and WithFields" had listed
    WithField's callers alone, "stop_after_attempt vs stop_after_delay" the first definition alone,
    without a word of the second."""
    text = text[:MAX_CLASSIFY_CHARS]
    if _ONE_WORD.fullmatch(text):
        return []  # a lone word joins no two names: each join is a mark, a space or a word apart
    written = {target.lower(), bare_name(target).lower()}
    others: list[str] = []
    for match in _PAIRED.finditer(text):
        a, b = match.group("a"), match.group("b")
        other = b if a.lower() in written else a if b.lower() in written else None
        if other and other.lower() not in written and other not in others and generation.knows_symbol(other):
            others.append(other)
    if not others:
        return []
    names = " and ".join(others)
    return [f"the question names {names} too; this answer follows {target} alone (ask about {names} on its own)"]


def _go_package(generation: Generation, req: SearchRequest) -> tuple[list[Hit], str] | None:
    """A Go package's import path typed alone (``github.com/spf13/cast/internal``, the module's root
    ``github.com/spf13/cast``), which no file's path is: its files, and what to say of them; ``None``
    for any other question. It had read as a missing file, then as the words of its path."""
    written = req.text.strip()
    if req.regex or "/" not in written or any(c.isspace() for c in written) or "graph" in generation.missing:
        return None
    graph = getattr(generation.snapshot, "graph", None)
    if graph is None:
        return None
    from maguyva_tui.core.graph.importers import module_files  # here: only such a question loads the graph

    files = module_files(graph, written)
    folder = posixpath.dirname(files[0]) if files else None
    if folder is None or not all(f.endswith(".go") and posixpath.dirname(f) == folder for f in files):
        return None
    hits = file_hits(generation, files)
    if not hits:
        return None
    where = f"{folder}/" if folder else "the repository's root"
    return hits, (f"{echo(written)} is the Go package in {where} ({len(files)} file{'s' if len(files) > 1 else ''}); "
                  f"`who imports {echo(written)}` lists the lines importing it")


_PAST_END = lazy(r"(?P<lines>lines? [\d-]+) of (?P<path>.+) \(past its last line, (?P<count>\d+)\)")
"""A place's reason where its line is past its file's end (:func:`~maguyva_tui.core.locations.placed`)."""


def _past_the_end(hits: Sequence[Hit]) -> str | None:
    """The line saying a place's line is past its file's end and what is shown instead (the
    file's last lines), for the first such place listed; ``None`` for none. "src/requests/api.py:500"
    (157 lines) had listed the file's last function without a word, and "who calls" it that
    function's place, as if the line were in it; the MCP tools refuse such a place."""
    for hit in hits:
        found = _PAST_END.fullmatch(hit.reason)
        if found is not None:
            count = int(found["count"])
            return (f"{found['lines']} of {found['path']} is past its end: it has {count:,} line{'s' if count != 1 else ''}; "
                    "showing its last lines")
    return None


def _folder_asked(generation: Generation, req: SearchRequest) -> str | None:
    """The folder a question names (:func:`~maguyva_tui.core.folder_question.folder_written`), for
    a question read by its words (no regex, no intent or modality typed); ``None`` otherwise."""
    files = getattr(generation.snapshot, "files", None)
    listing = getattr(generation, "folder_files", None)  # a workspace's view: each repository asked
    if files is None and listing is None or req.regex or req.intent or req.modality \
            or "/" not in req.text and "defined" not in req.text:
        return None
    intent = _intent(req)
    definition = intent.name == "find_definition" and intent.rule != LOCATION_RULE
    if not definition and intent.rule != LOCATION_RULE and not req.text.strip().endswith("/"):
        return None
    if files is not None:
        return folder_written(req.text, intent.target, definition, files, generation.knows_symbol)
    folder = folder_candidate(req.text, intent.target, definition, generation.knows_symbol)
    return folder if folder is not None and listing(folder, 1)[2] else None  # type: ignore[misc]


def _folder_listed(generation: Generation, req: SearchRequest) -> tuple[list[Hit], str] | None:
    """A folder typed as a place (``src/pkg``, ``./pkg``), which no file's path is: its files (each
    one's first chunk) and the line saying so; ``None`` for any other question."""
    files = getattr(generation.snapshot, "files", None)
    listing = getattr(generation, "folder_files", None)
    if files is None and listing is not None:  # a workspace's view: ``repo/src/pkg`` asked of each repository
        folder = folder_candidate(req.text, None, False, None)
        if folder is None:
            return None
        keys, written, count = listing(folder, max(req.limit, 1))
        hits = written_file_hits(generation, list(zip(keys, written)))
        return (hits, folder_said(folder, count)) if hits else None
    if files is None:
        return None
    folder = folder_written(req.text, None, False, files, None)
    if folder is None:
        return None
    shown, count = folder_files(folder, files, max(req.limit, 1))
    hits = file_hits(generation, shown)
    return (hits, folder_said(folder, count)) if hits else None


_GLOB_MARKS: Final = frozenset("*?[")
"""What makes a typed path a shell's pattern of paths (``**/*.go``, ``render/*.go``)."""


def _glob_listed(generation: Generation, req: SearchRequest) -> tuple[list[Hit], str] | None:
    """A pattern of paths typed as a place (``**/*.go``, ``render/*.go``, ``src/**/test_*.py``):
    the indexed files it matches, written from the top or any folder (``*`` within a folder,
    ``**`` across folders, as git reads them), shallowest first, and the line saying so; ``None`` for
    any other question. It had been read as a file: "no indexed file is /*.go". A workspace's
    view (no one table of paths) asks each repository (its ``glob_files``)."""
    files = getattr(generation.snapshot, "files", None)
    listing = getattr(generation, "glob_files", None)
    written = glob_written(req.text)
    if written is None:
        return None
    if files is None and listing is not None:  # a workspace's view: each repository's matches, labelled
        keys, shown, count = listing(written, max(req.limit, 1))
        hits = written_file_hits(generation, list(zip(keys, shown)))
    elif files is not None:
        matched = glob_files(written, files)
        hits, count = file_hits(generation, matched[: max(req.limit, 1)]), len(matched)
    else:
        return None
    said = f"{echo(written)} matches {count:,} indexed file{'s' if count != 1 else ''}, shallowest first"
    return (hits, said) if hits else None


def glob_written(text: str) -> str | None:
    """A question that is a pattern of paths (``**/*.go``, ``./render/*.go``) as matched, less its
    ``./``; ``None`` for any other question."""
    written = text.strip().removeprefix("./")
    if any(c.isspace() for c in written) or not _GLOB_MARKS & set(written) or "/" not in written \
            and "." not in written:
        return None
    return written


def glob_files(written: str, files: Iterable[str]) -> list[str]:
    """The paths of ``files`` a pattern of paths (:func:`glob_written`) matches, from the top or
    any folder, shallowest first (then by path). The pattern reads as git reads one (``pathspec``'s
    wildmatch): ``*`` stays inside a folder, ``**`` crosses them (``render/*.go`` had also listed
    ``render/deep/x.go``, as ``fnmatch`` reads it)."""
    from pathspec import PathSpec  # here: only such a question compiles a pattern
    from pathspec.patterns.gitignore.spec import GitIgnoreSpecPattern

    literal = "\\" + written if written[:1] in "!#" else written  # a leading ! or # is the pattern's, not git's
    spec = PathSpec.from_lines(GitIgnoreSpecPattern, ["/" + literal.removeprefix("/"), "**/" + literal.removeprefix("/")])
    return sorted((path for path in files if spec.match_file(path)), key=lambda path: (path.count("/"), path))


def _places_missing(text: str, root: object = None) -> str:
    """What to say when no place a question names is in the index and it was answered as if it
    named none: a typed path (``src/pkg/nothere.py``) had shown related code without a word that
    no such file is here; a symbolic link under ``root``, that it is one (:func:`link_said`)."""
    named = parse_places(text)
    linked = link_path(text.strip())
    if len(named) == 1 and linked is not None:
        return f"{_link_missing(linked)}; searching the link as written"
    if len(named) == 1 and (link := link_said(root, named[0].path)) is not None:
        return f"{link}; searching the question's words instead"
    if len(named) == 1:
        return f"no indexed file is {echo(named[0].path)}; searching the question's words instead"
    first = ", ".join(echo(place.path) for place in named[:PLACES_SHOWN]) + (", ..." if len(named) > PLACES_SHOWN else "")
    return f"none of the {len(named)} places it names is an indexed file ({first}); searching the question's words instead"


def _places_named(text: str) -> str:
    """The places a question names, as a failed lookup's target: the path (``path:line``), or
    several joined by blanks."""
    return " ".join(str(place) for place in parse_places(text)) or text.strip()


_HELD_CLAUSE = lazy(r"; .*? holds? it, not indexed \(over \d+ MiB\)")
"""The clause naming the big files that hold a missing string or name (:func:`unread_files.said`)."""


def _neither(again: SearchResult, literal: LookupFailure) -> SearchResult:
    """A quoted string no line holds, read again as a name nothing defines (``"NOT_THERE"``): one
    line says both, where the name's failure alone had hidden that the string was looked for."""
    named = again.lookup_failed
    assert named is not None
    said = f"no symbol named {echo(named.target)}"
    if not named.message.startswith(said):
        return again
    head, rest = literal.message.split(RELATED, 1)[0], named.message[len(said):]
    held = _HELD_CLAUSE.match(rest)  # "; big.min.js holds it, not indexed (over 1 MiB)": said once, at the end
    if held and head.endswith(held.group()):
        head = head[: -len(held.group())]
    if rest.startswith(" is defined here"):  # its lines listed: "..., and no symbol named X is defined here (...)"
        both = replace(named, message=f"{head}, and {named.message}")
    else:
        both = replace(named, message=f"{head} and no symbol is named {echo(named.target)}{rest}")
    notices = tuple(both.message if notice == named.message else notice for notice in again.notices)
    return replace(again, notices=notices, lookup_failed=both)


def _named_error(again: SearchResult, literal: LookupFailure) -> SearchResult:
    """A line of code or an error's message no line holds, read again as the error it names
    (``raise RetryError``, where the code raises it through a variable; ``RuntimeError: ...`` with
    a message formatted at run time): the answer says the line was looked for and which name it
    shows instead (it had shown RetryError's every mention, its definition first, without a word,
    as if they held what was typed)."""
    head = literal.message.split(RELATED, 1)[0]
    named = again.lookup_failed
    if named is None:
        said = f'{head}; showing the lines that hold "{echo(again.target or "")}"'
        return replace(again, notices=(*again.notices, said))
    alone = f'no line holds "{echo(named.target)}"'
    if named.kind != "literal" or named.other_case or not named.message.startswith(alone):
        return again
    if literal.target in named.target:  # panic: runtime error: ...: the whole line says it
        return again
    rest = named.message[len(alone):].replace(UNHELD, UNHELD_EITHER, 1)  # the related code holds neither
    both = replace(named, message=f'{head} nor "{echo(named.target)}"{rest}')
    notices = tuple(both.message if notice == named.message else notice for notice in again.notices)
    return replace(again, notices=notices, lookup_failed=both)


def _url_missing(url: str) -> str:
    """What to say when no line holds a URL asked for: and, for a forge's file link, that no
    indexed file is the one it names (the question was read as that place first)."""
    said = f'no line holds "{echo(url)}"'
    linked = link_path(url)
    return said if linked is None else f"{_link_missing(linked)}, and {said}"


def _link_missing(linked: str) -> str:
    """That no indexed file is the one a forge's link names, by its revision and path as written
    (:func:`~maguyva_tui.core.locations.link_path`): the revision's end is not read from the link
    (``feature/x`` had left ``x/src/nothere.py`` said as the file)."""
    return f"no indexed file is the one the link names (a tail of {echo(linked)}: its revision, then the file's path)"


PLACES_SHOWN = 3
"""Places a question names that its notice lists at most, when none of them is in the index."""


RAISES_RULE = "raise_sites"
"""The rule of a question about where an error is raised or thrown: the lines doing it."""
_RAISES = lazy(r"\b(?:rais(?:e|es|ed|ing)|throw(?:s|n|ing)?)\b", re.I)
_TYPED_RAISE = lazy(r"\s*(?:raise|throw)\b", re.I)
RAISES_WORDS = 8
"""A question about raising an error has at most this many words ("where is PathAccessError raised")."""


def _raise_sites(intent: Intent, req: SearchRequest) -> tuple[str, str] | None:
    """The pattern of the lines raising or throwing the error a short question asks about ("who
    raises PathAccessError", "where is CoalesceError thrown?", a raise statement no line holds as
    typed), and the error's name; ``None`` for any other question. Such a question had listed the
    error's every mention, its definition and imports first and glom's three raise sites nowhere
    in sight."""
    if req.intent or req.regex or req.modality or not intent.target or intent.rule == LOCATION_RULE:
        return None
    if len(req.text.split()) > RAISES_WORDS or not _RAISES.search(req.text) or _TYPED_RAISE.match(req.text):
        return None  # a raise statement typed is the string to find (no line holding it: its name's lines)
    name = bare_name(intent.target)
    if not re.fullmatch(r"[A-Za-z_$][\w$]*", name) or name.lower() in ("raise", "raised", "throw", "thrown"):
        return None
    return rf"(?:^|[;:{{}}])\s*(?:raise|throw)\s+(?:new\s+)?(?:[\w$]+(?:\.|::|\\))*{re.escape(name)}\b", name


USED_RULE = "used_not_defined"
"""The rule of a lone identifier the index defines nothing by while lines of the code spell it
(``click.echo``, ``errors.New``, koa's ``ctx.body``): an import, a builtin, another package's
name. Those lines are the answer, as ``rg -w`` gives them, and the answer says no definition is
here; before, "no symbol named X" and code related in meaning."""


_NAMING_RULES: Final = frozenset({"definition_phrase", "definition_keyword"})
"""The definition questions whose target, shaped like code (``CopyWebpackPlugin``, ``kindsDir``), is
answered as the lone identifier is when no symbol has that name: "where is CopyWebpackPlugin
defined" of textwrap's ``const CopyWebpackPlugin = require(...)`` had shown a CI workflow as related
code, the name typed alone its line. A plain word ("where is retry implemented") stays a question
about meaning."""


def _used_not_defined(generation: Generation, intent: Intent, req: SearchRequest) -> LookupFailure | None:
    """The failure to say when a lone identifier, or a definition question's code-shaped name (see
    :data:`_NAMING_RULES`), names no symbol of the index but some line holds it as written; ``None``
    otherwise (a symbol, a phrase, a misspelling no line holds)."""
    if req.regex or req.intent or req.modality or not intent.target:
        return None
    if intent.rule != "identifier" and not (intent.rule in _NAMING_RULES and is_identifier(intent.target)):
        return None
    if "structural" in generation.missing or generation.knows_symbol(intent.target):
        return None  # a symbol (or no table yet to tell): its own answer
    if not _spelled_whole(generation, intent.target):
        return None  # checked before the close names a failure offers: those cost a pass over the names
    failed = missing_symbol(generation, intent, req.text)
    if failed is None:
        return None
    close = f"; close names: {', '.join(failed.suggestions)}" if failed.suggestions else ""
    unindexed = failed.message.removeprefix(f"no symbol named {echo(intent.target)}").partition(RELATED)[0]  # big files
    said = (f"no symbol named {echo(intent.target)} is defined here ({UNKNOWN_ROLE}){unindexed}; "
            f"showing the lines that name it{close}")
    return replace(failed, message=said)


_NAME_PARTS = lazy(r"\.|::|->|\\")


def _spelled_whole(generation: Generation, name: str) -> bool:
    """Whether some line spells ``name`` with each of its parts a whole identifier (``click.echo``:
    ``click`` and ``echo``), as the token index tells without reading a file; a prefix typed so far
    (``get_comm``) is not (the names it begins are what the classifier's close names offer). A
    workspace's view asks each repository (``spells_whole``); without a token index, whether some
    line holds it at all."""
    ask = getattr(generation, "spells_whole", None)
    if ask is not None:
        return bool(ask(name))
    return spelled_whole(generation, name)


def spelled_whole(generation: Generation, name: str) -> bool:
    """:func:`_spelled_whole` on one repository's generation (what a workspace's shard answers)."""
    tokens = getattr(getattr(generation, "snapshot", None), "tokens", None)
    if tokens is None:
        return literal_found(generation, Query(name, target=name), "sensitive") is True
    from maguyva_tui.core.store.tokens import is_token

    parts = [p.encode("utf-8", "surrogatepass") for p in _NAME_PARTS.split(name)]
    if not all(is_token(p) and len(tokens.documents(p)) for p in parts):
        return False
    return literal_found(generation, Query(name, target=name), "sensitive") is True and _held_whole(generation, name)


def _held_whole(generation: Generation, name: str) -> bool:
    """Whether some line holds ``name`` with no identifier's character either side: fastify's
    ``opts.log``, which only ``opts.logger`` spelled, had been "used but not defined", its lines
    those of ``opts.logger``."""
    lines = getattr(generation.text, "regex_lines", None)
    if lines is None or len(name) > MAX_CLASSIFY_CHARS:
        return True
    return bool(lines(rf"(?:^|[^\w$]){re.escape(name)}(?:[^\w$]|$)", "sensitive", 1))


MODULE_RULE = "module_name"
"""The rule of a lone word that names no symbol but names a file, less its extension
(``rich_utils``, koa's ``application``): the file is what the word names, not code that
resembles it."""


def _module_file(generation: Generation, intent: Intent, req: SearchRequest) -> str | None:
    """The file name (``rich_utils.py``) a lone word names when no symbol has that name and the
    files so named share one extension; ``None`` otherwise."""
    if req.regex or req.intent or req.modality or intent.rule not in GROUNDED_RULES:
        return None
    word = grounding_word(req.text, intent)
    if word is None or word != req.text.strip() or not (word.isidentifier() or _DOTTED.fullmatch(word)) \
            or generation.knows_symbol(word):
        return None
    if not word.isidentifier():  # asteval.astutils: its one file, asteval/astutils.py
        return _dotted_module_file(generation, word)
    package = _package_init(generation, word)
    if package is not None:  # hpack: what import hpack loads, not hpack/hpack.py
        return package
    names = file_names(generation, word)
    return names[0] if names and len(names) == 1 else None


def _package_init(generation: Generation, word: str) -> str | None:
    """The one ``__init__.py`` of a Python package a lone word names as an import resolves it
    (one look-up of the graph's module key, asked only where some folder of that name holds an
    ``__init__.py``: a misspelled name leaves the graph unread); a workspace's view asks each
    repository (``module_files``)."""
    if getattr(generation, "module_files", None) is not None:
        package = _dotted_module_file(generation, word)
    else:
        if holds_package(generation, word) is False:  # no folder of that name holds an __init__.py
            return None
        graph = None if "graph" in generation.missing else getattr(getattr(generation, "snapshot", None), "graph", None)
        found = [p for p in graph.table.get("py:" + word) or () if p in graph.languages] if graph is not None else []
        package = found[0] if len(found) == 1 else None
    return package if package is not None and package.rpartition("/")[2] == "__init__.py" else None


_DOTTED = lazy(r"[^\W\d]\w*(?:\.[^\W\d]\w*)+")
"""A module's dotted name (``pkg.mod``): identifiers joined by dots."""


def _dotted_module_file(generation: Generation, written: str) -> str | None:
    """The one file a module's dotted name (or its dotted tail) names, as its imports are
    resolved; ``None`` for none or several. ``asteval.astutils`` had been "no symbol named
    asteval.astutils is defined here (an import)", exit status 2, where ``astutils`` listed the
    file. A workspace's view asks each repository (``module_files``: qualified paths) and writes
    the one found as a result row shows it (``repo/path``), which its search reads as that file:
    over hpack and h2, ``hpack.hpack`` had said "no symbol named hpack.hpack is defined here (an
    import, at h2/src/h2/connection.py:18)"."""
    ask = getattr(generation, "module_files", None)
    if ask is not None:  # a workspace's view
        found = ask(written)
        return generation.shown(found[0]) if len(found) == 1 else None  # type: ignore[attr-defined]
    files = dotted_module_files(generation, written)
    return files[0] if len(files) == 1 else None


def dotted_module_files(generation: Generation, written: str) -> tuple[str, ...]:
    """The files of one repository a module as written names, as its imports are resolved
    (:func:`~maguyva_tui.core.graph.importers.module_files`); none without a graph."""
    graph = None if "graph" in generation.missing else getattr(getattr(generation, "snapshot", None), "graph", None)
    if graph is None:
        return ()
    from maguyva_tui.core.graph.importers import module_files

    return module_files(graph, written)


IMPORTERS_RULE = "importers"
"""The rule of a question about the files that import a module or include a file of the
repository ("who imports pkg.mod", "which files include config.h", "importers of ./utils"):
answered by the import lines the graph resolves to it, where a module named as no symbol had
read as a missing symbol and shown related code."""
TESTS_RULE = "tests_of"
"""The rule of a question asking a name's tests (``tests for from_dict``): its uses, tests first."""


@dataclass(frozen=True)
class ImportLines:
    """One repository's (or a workspace's) answer to "who imports X", as plain values a shard
    in another process sends: the files the module names, and the import lines (one hit per
    importing line, ranked in order); with ``by_symbol``, no module is named so and the lines
    import a definition of that name. ``outside``: asked of a workspace's repository where the
    module names no file, its lines importing the module by its written name (another
    repository's library: :func:`~maguyva_tui.core.graph.importers.outside_import_lines`).
    ``members``: asked so where the name is no module, its lines importing a definition of that
    name from a module not its own (``from frozenlist import FrozenList`` in aiosignal:
    :func:`~maguyva_tui.core.graph.importers.outside_member_lines`), which the workspace lists
    where another repository defines the name."""

    files: tuple[str, ...]
    hits: tuple[Hit, ...]
    by_symbol: bool = False
    outside: tuple[Hit, ...] = ()
    members: tuple[Hit, ...] = ()


def import_lines(generation: Generation, written: str, outside: bool = False) -> ImportLines | None:
    """The lines importing the module (or file) ``written`` names in one repository, or, when it
    names none, the lines importing a definition of that name (and, with ``outside``, the lines
    importing it as another repository's module); ``None`` when there are none (or the
    repository has no graph)."""
    if "graph" in generation.missing or getattr(generation.snapshot, "graph", None) is None:
        return None
    from maguyva_tui.core.answers import importers  # here: a question that reads no graph never loads it

    answer = importers(generation, written, EVERY_IMPORT, stems=True)
    if not answer.known:
        found = _symbol_importers(generation, written)
        lines = _outside_importers(generation, written) if outside else ()
        members = _outside_members(generation, written) if outside else ()
        if not lines and not members:
            return found
        return ImportLines((), found.hits if found is not None else (), True, lines, members)
    hits = tuple(Hit(s.path, s.line, s.line, 1.0 / (1 + i), s.caller, "import", s.language, s.reason)
                 for i, s in enumerate(answer.entries))
    return ImportLines(tuple(answer.nodes), hits)


def module_uses(generation: Generation, module: str, depth: int, limit: int) -> tuple[list[Hit], list[Hit]]:
    """In a repository not holding ``module`` (another repository's, by its dotted name or path):
    its lines importing it by that name, as "who imports" lists them there
    (:func:`~maguyva_tui.core.search.import_lines`), and what depends on the importing files
    within ``depth - 1`` more edges, nearest first, each once, the repository's own code first.
    The repository's graph leaves such an import untied, and "what breaks if I change
    hpack.hpack" over hpack and h2 had stopped at hpack's own files (h2's connection.py imports
    it, and what calls into connection.py may break too)."""
    from maguyva_tui.core.answers import impact  # here: a question that reads no graph never loads it

    found = import_lines(generation, module, outside=True)
    if found is None or not found.by_symbol or not found.outside:
        return [], []
    lines = sorted(found.outside, key=lambda hit: is_secondary(hit.path))  # stable: path and line order within
    lines = [replace(hit, score=1.0 / (1 + rank), depth=1) for rank, hit in enumerate(lines[:limit])]
    seen = {(hit.path, hit.start_line) for hit in lines}
    out: list[Hit] = []
    for path in dict.fromkeys(hit.path for hit in lines) if depth > 1 else ():
        try:
            entries = impact(generation, path, depth - 1, limit).entries
        except (QueryError, OSError, ValueError, KeyError, IndexError):  # no graph, or a damaged one
            continue
        for entry in entries:
            if (entry.path, entry.start_line) not in seen:
                seen.add((entry.path, entry.start_line))
                out.append(Hit(entry.path, entry.start_line, entry.end_line, 1.0 / (1 + len(out)), entry.symbol,
                               "call", entry.language, f"depends on {path}, which imports {module}",
                               depth=entry.depth + 1))
    out.sort(key=lambda hit: (hit.depth or 0, is_secondary(hit.path)))  # nearest first, then own code first
    return lines, out[:max(limit - len(lines), 0)]


def _outside_importers(generation: Generation, written: str) -> tuple[Hit, ...]:
    """The lines importing ``written`` by name as a module this repository does not hold, looked
    for in the files whose text spells its last part (the text engine's trigrams say)."""
    from maguyva_tui.core.graph.importers import outside_import_lines, verb
    from maguyva_tui.core.trigram.plan import literal_plan

    snapshot = generation.snapshot
    tail = written.replace("/", ".").rstrip(".").rpartition(".")[2]
    if snapshot.facts is None or not tail:
        return ()
    near = sorted(generation.text.candidates(literal_plan(tail)))
    lines = outside_import_lines(snapshot.graph, written, snapshot.facts, near)
    return tuple(Hit(s.path, s.line, s.line, 1.0 / (1 + i), None, "import", s.language, f"{verb(s)} {written}")
                 for i, s in enumerate(lines))


def _outside_members(generation: Generation, written: str) -> tuple[Hit, ...]:
    """The lines importing a definition named ``written`` from a module this repository does not
    hold, looked for in the files whose text spells the name (the text engine's trigrams say)."""
    from maguyva_tui.core.graph.importers import outside_member_lines, verb
    from maguyva_tui.core.trigram.plan import literal_plan

    snapshot = generation.snapshot
    if snapshot.facts is None or not written.isidentifier():
        return ()
    near = sorted(generation.text.candidates(literal_plan(written)))
    lines = outside_member_lines(snapshot.graph, written, snapshot.facts, near)
    return tuple(Hit(s.path, s.line, s.line, 1.0 / (1 + i), None, "import", s.language, f"{verb(s)} {written} ({s.file})")
                 for i, s in enumerate(lines))


def _importers(generation: Generation, req: SearchRequest, asked: Intent | None = None) -> tuple[Intent, list[Hit], list[str]] | None:
    """Read an importers question whose module names files of the repository: its intent, the
    import lines (one hit per importing line, by file and line) and what to say with them;
    ``None`` for any other question, or a module that names no file here (a symbol named so is
    then asked about as before). A name that is a module and a symbol is read as the module
    (the question's verb asks who imports it) and the answer says how to ask for the symbol's
    callers; a file name that several files have lists the importers of each, and says so. A
    workspace's view answers through its shards (``import_lines``: each repository's own). A
    references question whose target is a path (``references to src/pkg/a.py``) asks the same."""
    if req.regex or req.modality not in (None, "graph") or req.intent not in (None, "find_references"):
        return None
    written = asks_importers(req.text) or _path_referenced(asked, req)
    called = None if written is not None else _module_called(generation, asked, req)
    written = written or called
    if written is None:
        return None
    of_shards = getattr(generation, "import_lines", None)  # a workspace: each repository's lines
    found = of_shards(written) if of_shards is not None else import_lines(generation, written)
    shown = echo(written)
    intent = Intent("find_references", CONF_IMPORTERS, written, IMPORTERS_RULE)
    if called is None and of_shards is None and (found is None or found.by_symbol and not found.hits):
        # "import yaml", "who imports typing": a library's module, imported by its name (they had
        # listed code fuzzily named like it)
        library = import_lines(generation, written, outside=True)
        if library is not None and library.outside:
            return intent, list(library.outside), [f"{shown} is no module of this repository: listing the "
                                                   f"lines importing it by that name"]
        if found is None and "/" not in written and asks_importers(req.text) == written \
                and not generation.knows_symbol(written):  # "import yaml" where nothing imports it
            # (it had listed the definitions fuzzily named like it, without a word)
            return intent, [], [f"no line imports {shown} (no module or file of this repository is named so, "
                                f"nor is a library imported by that name)"]
    if found is None or called is not None and found.by_symbol:  # who calls X of no module X: a missing symbol
        return None
    if called is not None:  # who calls pkg.mod: no call names a module, the lines importing it do
        said = (f"{shown} is a module or file, not a function: listing the lines importing it "
                f"(`what breaks if I change {shown}` lists what depends on it)")
        return intent, list(found.hits), [said]
    if found.by_symbol:
        said = f"listing the lines importing {shown} (`who calls {shown}` lists its call sites)"
        return intent, list(found.hits), [said]
    files = found.files
    notices = []
    if len(files) > 1 and go_package_folder(files) is None:  # a Go package's files are imported as one
        listed = ", ".join(files[:NAMED_FILES]) + (", ..." if len(files) > NAMED_FILES else "")
        notices.append(f"{shown} names {len(files)} files ({listed}); listing the lines importing each: "
                       f"name one by its path to ask for it alone")
    several = of_shards is not None and len(generation.each_shard()) > 1  # type: ignore[attr-defined]
    if not found.hits:
        where = "workspace" if several else "repository"
        notices.append(f"no line of the {where} imports {shown} ({', '.join(files[:NAMED_FILES])})")
    if generation.knows_symbol(written):
        notices.append(f"{shown} names a module and a symbol; listing the lines importing the module "
                       f"(`who calls {shown}` lists the symbol's call sites)")
    return intent, list(found.hits), notices


def _path_referenced(asked: Intent | None, req: SearchRequest) -> str | None:
    """The file or folder path a references question is about (``references to src/pkg/a.py``,
    ``where is src/pkg/a.py used``): its importers are its references, where the graph had looked
    for callers of a symbol of that name and found none."""
    if asked is None or asked.name != "find_references" or not asked.target or not names_path(asked.target):
        return None
    return None if asks_callees(req.text) or asks_subtypes(req.text) or asks_overrides(req.text) else asked.target


def _module_called(generation: Generation, asked: Intent | None, req: SearchRequest) -> str | None:
    """The module a callers question names by its dotted name (``who calls pkg.mod``) where no
    symbol is named so: its importers are its references, as ``maguyva graph callers pkg.mod`` and
    MCP's find_references list them, where the search had said "no symbol named pkg.mod"."""
    if asked is None or asked.name != "find_references" or not asked.target or "." not in asked.target:
        return None
    if asks_callees(req.text) or asks_subtypes(req.text) or asks_overrides(req.text):
        return None
    return None if generation.knows_symbol(asked.target) else asked.target


def _symbol_importers(generation: Generation, written: str) -> ImportLines | None:
    """"who imports Intent", of a name no module has but a definition does: the lines importing
    that definition (``from pkg.mod import Intent``), where the question had listed its call sites
    as "who calls" does; ``None`` when no line imports it by name (its callers are then listed)."""
    from maguyva_tui.core.graph import queries
    from maguyva_tui.core.graph.importers import symbol_import_lines, verb
    from maguyva_tui.core.import_names import named_line

    graph = generation.snapshot.graph
    lines = symbol_import_lines(graph, queries.definitions(graph, written))
    if not lines:
        return None
    bare = written.replace("::", ".").rpartition(".")[2] or written
    at = [named_line(generation.snapshot.lines, s.path, s.line, bare) for s in lines]  # import {\n  name: its line
    hits = tuple(Hit(s.path, at[i], at[i], 1.0 / (1 + i), None, "import", s.language, f"{verb(s)} {bare} ({s.file})")
                 for i, s in enumerate(lines))
    return ImportLines((), hits, by_symbol=True)


CONF_IMPORTERS = 0.90
"""As sure as a references question: the graph has resolved every line listed."""
EVERY_IMPORT = 1 << 20
"""Import lines an importers question lists before the page's limit cuts them (all)."""
NAMED_FILES = 4
"""Files an ambiguous file name's notice names at most."""


def foreign_uses_asked(intent: Intent, the_plan: Plan, req: SearchRequest) -> tuple[str, ...]:
    """What other repositories of a workspace may do with the question's target that the graph
    alone lists: call it (who calls), extend it (subclasses of), either (what breaks if I change);
    nothing for any other question."""
    if lists_callers(intent, the_plan, req):
        return ("call",)
    if _asks_subtypes(intent, the_plan, req):
        return ("inherit",)
    if intent.name == "impact_analysis" and intent.target and not req.regex and the_plan.modalities == ("graph",):
        from maguyva_tui.core.foreign_calls import DEPTH
        from maguyva_tui.core.graph.queries import DEFAULT_DEPTH  # here: a question that reads no graph never loads it

        return ("call", "inherit", f"{DEPTH}{req.depth or DEFAULT_DEPTH}")
    return ()


def _with_foreign(hits: list[Hit], foreign: list[Hit], said: tuple[str, ...]) -> tuple[list[Hit], tuple[str, ...]]:
    """A workspace's graph list, then the uses other repositories make of its target through an
    import of the defining repository's package (:func:`~maguyva_tui.core.foreign_calls.foreign_uses`),
    each scored below the graph's last: the direct path keeps each repository's own code above
    tests, so such a call comes before the tests calling the name."""
    if not foreign:
        return hits, ()
    floor = min((hit.score for hit in hits), default=1.0)
    return [*hits, *(replace(hit, score=floor / (2 + rank)) for rank, hit in enumerate(foreign))], said


def _graph_holds_none(generation: Generation, intent: Intent, req: SearchRequest) -> str | None:
    """What the graph's empty list says of a symbol it knows, in the question's terms ("nothing
    in the graph calls Flask.run"), where the page had said only that the graph engine found
    nothing (as if the name were unknown to it); ``None`` without a target. An override the
    calls to its base's method may run says so (:func:`~maguyva_tui.core.other_calls.base_reached`):
    "nothing in the graph depends on IsArray.matchesSafely" had stood above the note that
    ``TypeSafeMatcher.matches`` runs it."""
    if not intent.target:
        return None
    target = echo(intent.target)
    plain = not (asks_callees(req.text) or asks_overrides(req.text) or asks_subtypes(req.text))
    base = base_reached(generation, intent.target) if intent.name == "impact_analysis" or plain else None
    if base is not None:
        asked = "depends on" if intent.name == "impact_analysis" else "calls"
        return f"nothing in the graph {asked} {target} itself, only {echo(base)}, which it overrides or implements"
    if intent.name == "impact_analysis":
        return f"nothing in the graph depends on {target}"
    if asks_callees(req.text):
        return f"the graph ties no call in {target} to a definition of the repository"
    if asks_overrides(req.text):
        return f"nothing in the graph overrides {target}"
    if asks_subtypes(req.text):
        return f"nothing in the graph extends or implements {target}"
    return f"nothing in the graph calls {target}"


def _asks_subtypes(intent: Intent, the_plan: Plan, req: SearchRequest) -> bool:
    """Whether the graph alone lists what implements or extends the question's target."""
    return (intent.name == "find_references" and bool(intent.target) and not req.regex
            and the_plan.modalities == ("graph",) and asks_subtypes(req.text))


def lists_callers(intent: Intent, the_plan: Plan, req: SearchRequest) -> bool:
    """Whether the graph alone lists the call sites of the question's target (not what it calls,
    its overrides or its subtypes)."""
    if intent.name != "find_references" or not intent.target or req.regex or the_plan.modalities != ("graph",):
        return False
    if intent.rule == IMPORTERS_RULE:
        return False
    return not (asks_callees(req.text) or asks_overrides(req.text) or asks_subtypes(req.text))


_LONE_WORD = lazy(r"[^\W\d_][\w'-]{2,63}")


def _missing_word(parts: Parts, intent: Intent, req: SearchRequest, query: Query | None = None,
                  listed: list[Hit] | None = None) -> LookupFailure | None:
    """A lone word that no rule read as a name and no line holds in any case (``zzqx``, ``café``
    in a repository without it): the page is the nearest code in meaning, and the answer says so,
    as it does for a missing literal or symbol (before, the page came with no word of it). A word
    the text engine's list (``listed``, for ``query``) already shows on a line is held, not asked
    again (a frequent word's own look through the files: up to 37 µs on sympy)."""
    word = req.text.strip()
    if intent.rule != "fallback" or not _LONE_WORD.fullmatch(word):
        return None
    if listed and query is not None and _holds_word(query, listed[0], word):
        return None
    found = literal_found(parts.generation, Query(word, target=word), "insensitive")
    if found is not False:
        return None
    failed = missing_literal(word, False, unread(parts.generation))
    close = () if "structural" in parts.generation.missing else close_names(parts.generation, word)
    if not close:
        return failed  # a typed class name, Valdiator, had offered no Validator: only a symbol's lookup did
    return replace(failed, message=f"{failed.message}; close names: {', '.join(close)}", suggestions=close)


def _holds_word(query: Query, hit: Hit, word: str) -> bool:
    """Whether the text engine's first hit for ``query`` is a line holding ``word`` as written: a
    line listed for holding the query's literal in its own case (a literal match's reason), a
    literal that holds the word."""
    return (query.case == "sensitive" and not query.regex and word in query.text and word in (query.target or word)
            and hit.reason.partition(",")[0] in MATCH_TIERS)


def _asked_kinds(generation: Generation, intent: Intent, req: SearchRequest) -> tuple[str, ...]:
    """The symbol kinds a definition keyword asks for, when the index defines the target, as asked
    or with its first letter's case changed, as one of them: ``class Option`` (or ``class option``)
    lists the classes, not the method ``option`` as well; ``class echo`` where ``echo`` is a
    function, or ``def Missing``, keeps every kind (the nearest answer, not none), and so does
    ``def Request`` where ``Request`` is a class as typed (a method ``request`` beside it had taken
    the class off the page)."""
    if req.regex or intent.name != "find_definition" or not intent.target or "structural" in generation.missing:
        return ()  # no symbol table yet (an index still being built): every kind, as before
    if _ONE_WORD.fullmatch(req.text):
        return ()  # a lone word: no keyword or kind's noun before it (keyword_kinds would read none)
    kinds = keyword_kinds(req.text, intent.target)
    name = intent.target
    if "function" in kinds and not generation.structural.lookup(name, kinds) and any(
        s.kind in TYPE_KINDS and s.name == name for s in generation.structural.lookup(name)
    ):
        return ()  # as _respelled reads it: the class as typed, not a function spelled like it
    spellings = dict.fromkeys((name, name[:1].upper() + name[1:], name[:1].lower() + name[1:]))  # class option
    if not kinds or not any(generation.structural.lookup(n, kinds) for n in spellings):
        return ()
    return kinds


def _definers_first(generation: Generation, intent: Intent, text: str, hits: list[Hit]) -> list[Hit]:
    """The lines naming a lone error name (``HTTPError``) with the lines defining it first, the rest
    in their given order: the name is still a string to list, but the project's own type is what it
    names (Echo's ``binder.go`` embeds ``*HTTPError``, a field of that name, and sorted before
    ``echo.go`` defining the struct). A defining line is a file's first line naming it within a
    definition of it as a type or a function, else as anything; the other lines of a defining file
    keep their place (moving them all had filled zod's page for ``ZodError`` with 10 lines of
    ``v3/ZodError.ts``). A name the project does not define (``ValueError``) keeps its order."""
    lone = text.strip()
    if intent.target != lone or not lone.isidentifier() or not generation.knows_symbol(lone):
        return hits
    structural = getattr(generation, "structural", None)  # a workspace's view: the files defining it, by name
    found = structural.lookup(lone) if structural is not None else []
    spans = ([(s.path, s.start_line, s.end_line) for s in found if s.kind not in ("variable", "constant", "import")]
             or [(s.path, s.start_line, s.end_line) for s in found])
    if not spans:  # a view that tells only the files defining it: a file's first line naming it
        definers = generation.definers(lone)
        spans = [(path, 1, 1 << 30) for path in definers]
    first: set[int] = set()
    for path, start, end in spans:
        at = next((i for i, hit in enumerate(hits) if hit.path == path and start <= hit.start_line <= end), None)
        if at is not None:
            first.add(at)
    return [hits[i] for i in sorted(first)] + [hit for i, hit in enumerate(hits) if i not in first]


def _literal(parts: Parts, the_plan: Plan, query: Query, run: _Run) -> tuple[Plan, _Run, LookupFailure | None]:
    """Check that some line holds an exact-match question's string in the case asked; when none
    does but some hold it in another case, answer with those lines (the text engine alone) and say
    so; when none holds it at all, keep the related results and say that."""
    alone_text = the_plan.alone and the_plan.modalities == ("text",)
    if alone_text and run.lists.get("text"):
        return the_plan, run, None
    generation = parts.generation
    if literal_found(generation, query, query.case) is not False:
        return the_plan, run, None
    if query.case == "insensitive" or not literal_found(generation, query, "insensitive"):
        held = big_files_holding_text(getattr(generation, "snapshot", None), query.target or "", query.case)
        return the_plan, run, missing_literal(query.target or "", other_case=False, unread=unread(generation), held=held)
    other = replace(query, case="insensitive", literal_first=True)
    found = _run_engines(parts, replace(the_plan, strategy="direct", modalities=("text",)), other)
    found.notices = run.notices + found.notices
    return (replace(the_plan, strategy="direct", modalities=("text",)), found,
            missing_literal(query.target or "", True, unread(generation)))


SHOUTED_CHARS = 200
"""A question typed in capitals is read for names in another case up to this long (a longer text
is pasted, its capitals its own)."""
_WORD = lazy(r"(?<![\w$])(?:[^\W\d]|\$)[\w$]*")
"""A word of a question that may be a name, or a part of a dotted one."""


def _placed(generation: Generation, req: SearchRequest) -> tuple[str, str | None] | None:
    """A question naming a path through the repository's absolute root, read from the root (no
    notice: :func:`~maguyva_tui.core.path_names.through_root`), or a definition, reference or
    impact question closing on a place outside the root, asked without it and said so in one line
    (:func:`~maguyva_tui.core.path_names.outside_place`); ``None`` for any other question, a
    regex, a string to find as typed, or a workspace (each shard has its own root)."""
    root = getattr(generation.snapshot, "root", None)
    if root is None or req.regex or req.intent == "exact_match" or getattr(generation.snapshot, "files", None) is None:
        return None
    top = str(root)
    rooted = normalised(through_root(req.text, top), lambda path: holds(_file_paths(generation), path))
    outside = outside_place(rooted, top)
    closes = outside is None and closing_place(rooted) is not None  # in radon/cli, in nowhere_dir: looked up below
    if rooted == req.text and outside is None and not closes:
        return None
    intent = _intent(replace(req, intent=None))
    if intent.rule in LITERAL_RULES or intent.name == "exact_match":
        return None  # "/home/u/repo/build": a string as the file holds it
    if outside is None and closes and intent.name in ("find_definition", *GRAPH_INTENTS) and (
            missing := unheld(rooted, generation.snapshot.files, generation.knows_symbol,
                              lambda place: close_paths(_file_paths(generation), place))) is not None:
        return missing  # "who calls cc_visit in nowhere_dir": no indexed folder is nowhere_dir, said so
    if outside is None or intent.name not in ("find_definition", *GRAPH_INTENTS):
        return (rooted, None) if rooted != req.text else None
    return outside[0], f"{echo(outside[1])} is outside the repository ({top}): answered from the whole repository"


def _file_paths(generation: Generation) -> list[str]:
    """The indexed files' paths (a question naming a folder or a dotted path reads them)."""
    return list(generation.snapshot.files)


def _hidden(text: str, plain: str) -> list[str]:
    """The code points of the invisible characters around ``plain`` in ``text`` (``U+FEFF``), in order."""
    at = text.find(plain)
    edges = text[:at] + text[at + len(plain):]
    return list(dict.fromkeys(f"U+{ord(c):04X}" for c in edges if not c.isspace()))


def _unshouted(generation: Generation, req: SearchRequest) -> tuple[str, str] | None:
    """A question typed in capitals (``WHO CALLS SEND``, ``WHAT DOES NEXT_EVENT DO``, caps lock on)
    with each word the index defines in another case alone (``send``) and not as typed written so,
    and the notice that says so; ``None`` for any other question. ``SEND`` had been "no symbol
    named SEND", exit status 2, with related code. A lone word (``MAX_SIZE``), a quote and an
    option that reads the text as given (``--regex``, ``--intent``, ``--modality``) keep their case."""
    text = req.text
    if req.regex or req.intent or req.modality or len(text) > SHOUTED_CHARS or len(text.split()) < 2:
        return None
    if text != text.upper() or text == text.lower() or any(quote in text for quote in "'\"`"):
        return None
    read: list[str] = []

    def fold(match: re.Match[str]) -> str:
        word = match.group()
        if generation.knows_symbol(word):
            return word
        names = other_case_names(generation, word)
        if len(names) != 1:
            return word
        read.append(f"{word} as {names[0]}")
        return names[0]

    folded = _WORD.sub(fold, text)
    if not read or folded == text:
        return None
    return folded, f"read {', '.join(echo(r) for r in read)}: the question is typed in capitals"


_KIND_SAID: Final = {"def": "function", "fn": "function", "func": "function", "fun": "function", "const": "constant",
                     "let": "variable", "var": "variable", "mod": "module", "typedef": "type"}
"""The word a notice says for what a definition keyword asks (``def``: a function)."""


def _as_python_reads(generation: Generation, req: SearchRequest) -> tuple[str, str] | None:
    """A name typed as Python code writes it through a compatibility character (``µ_scale``, its
    MICRO SIGN), which the index stores as Python reads it, NFKC (``μ_scale``, GREEK MU:
    :func:`~maguyva_tui.core.names.spelled`): the question written with that name, and the notice
    that says so; ``None`` for any other question, a name the index holds as typed, or a string
    to find as typed (``--regex``, an exact search, ``--intent``, ``--modality``)."""
    if req.text.isascii() or req.regex or req.intent or req.modality or "structural" in generation.missing:
        return None
    intent = classify(req.text)
    name = intent.target
    if intent.name == "exact_match" or not name or (read := spelled(name, "python")) == name:
        return None
    if generation.knows_symbol(name) or not generation.knows_symbol(read):
        return None
    return spelled(req.text.strip(), "python"), f"read {echo(name)} as {echo(read)}, the name Python reads it as (NFKC)"


def _respelled(generation: Generation, req: SearchRequest) -> tuple[str, str] | None:
    """A definition keyword and a name the index defines as none of the keyword's kinds, while
    exactly one name of those kinds is it in another case or with other underscores: the question
    written with that name, and the notice that says so (``class sortedkeylist`` is ``class
    SortedKeyList``; it had read as a vague question, "class" being English, and ``def
    parseconfig`` as a missing symbol; ``class application`` over ``Application`` too, the index
    defining no ``application``). ``None`` for any other question, a name defined as typed, or
    several such names (``def getvalue`` over ``get_value`` and ``getValue``: which one is the
    person's to say)."""
    if req.regex or req.intent or req.modality or "structural" in generation.missing:
        return None
    asked = keyword_and_name(req.text.strip())
    if asked is None:
        return None
    keyword, name, start = asked
    kinds = KEYWORD_KINDS.get(keyword, ())
    if not kinds or generation.structural.lookup(name, kinds):
        return None
    if "function" in kinds and any(s.kind in TYPE_KINDS and s.name == name for s in generation.structural.lookup(name)):
        return None  # def Timeout, the class Timeout as typed: its definition, not a function timeout's
    found = [n for n in respelled_names(generation, name) if generation.structural.lookup(n, kinds)]
    if len(found) != 1:
        return None
    text = req.text.strip()
    said = f"read {echo(name)} as {echo(found[0])}: the one {_KIND_SAID.get(keyword, keyword)} name it spells, case and underscores aside"
    return text[:start] + found[0] + text[start + len(name):], said


def _member_phrase(generation: Generation, req: SearchRequest) -> tuple[str, str] | None:
    """A member named in English through its owner ("the Open method of the fenced code block
    parser") written as the one qualified name the index defines so (:func:`member_named`), and the
    notice that says so; ``None`` for any other question, or one read as typed (``--regex``,
    ``--intent``, ``--modality``)."""
    if req.regex or req.intent or req.modality or "structural" in generation.missing:
        return None
    return member_named(req.text.strip(), lambda: generation.structural)


TESTS_FETCHED: Final = 200
"""The uses of a name read first for a question asking its tests, the tests then put first."""
TESTS_FETCHED_MOST: Final = 20_000
"""The uses read at most when none of the first :data:`TESTS_FETCHED` is in test code and more
are (a name the library calls often: its tests come after, by the graph's order)."""


def _tests_asked(generation: Generation, req: SearchRequest) -> str | None:
    """The name a question asks the tests of (``tests for from_dict``: :func:`tests_asked`) where the
    index defines it; ``None`` for any other question, or one read as typed (``--regex``, ``--intent``,
    ``--modality``): it had been answered with the name's definition."""
    if req.regex or req.intent or req.modality:
        return None
    name = tests_asked(req.text.strip())
    return name if name is not None and generation.knows_symbol(name) else None


def _tests_first(generation: Generation, answer: SearchResult, name: str, limit: int,
                 spelled: Callable[[], SearchResult] | None = None) -> SearchResult:
    """The uses of ``name`` with those in test code first (a test file, or a test its code marks:
    :func:`~maguyva_tui.core.code_tests.is_test_file`), cut to ``limit``, and a line saying how many
    are; what else is listed follows them. Where the graph knows no use of it in test code, the lines
    of test code that spell it as a word (``spelled``: its exact search) come first instead: serde's
    ``#[serde(untagged)]`` and ``fn test_untagged_enum`` had been answered "no test code calls or
    names untagged" above a blend of its other lines."""
    uses = _graph_uses(answer)
    tests = [r for r in uses if _in_tests(generation, r)]
    if not tests and spelled is not None and (lines := _test_lines_spelling(generation, spelled(), name)):
        rest = [r for r in answer.results if not any(  # a chunk holding a line listed first is shown by it
            r.path == t.path and r.start_line <= t.start_line <= r.end_line for t in lines)]
        said = (f"{len(lines)} line{'s' if len(lines) > 1 else ''} of test code spell{'s' if len(lines) == 1 else ''} "
                f"{echo(name)} (the graph knows no call of it there): listed first")
        return replace(answer, results=tuple((lines + rest)[:limit]), rule=TESTS_RULE, notices=(said, *answer.notices))
    taken = {id(r) for r in tests}
    rest = [r for r in answer.results if id(r) not in taken]
    ordered = (tests + rest)[:limit]
    shown, others = echo(name), len(uses) - len(tests)
    if tests:
        said = (f"{len(tests):,} place{'s' if len(tests) > 1 else ''} in test code call{'s' if len(tests) == 1 else ''} "
                f"or name{'s' if len(tests) == 1 else ''} {shown}: listed first"
                + (f", then its {others:,} other use{'s' if others > 1 else ''}" if others else ""))
    else:
        said = f"no test code calls or names {shown}" + ("; listing its other uses" if others else "")
    return replace(answer, results=tuple(ordered), rule=TESTS_RULE, notices=(said, *answer.notices))


def _graph_uses(answer: SearchResult) -> list[Ranked]:
    """The results the graph voted for: a name's uses, not a blend's related code."""
    return [r for r in answer.results if dict(r.votes).get("graph") is not None]


def _in_tests(generation: Generation, result: Ranked) -> bool:
    """Whether a result lies in test code: a test file, or a test its code marks."""
    return is_test_file(result.path) or generation.in_test_code((result.path, result.start_line, result.end_line))


_SPELLED_AS_WORD = frozenset({"whole identifier", "word boundary"})
"""The text engine's tiers of a line that spells a name as a word."""


def _test_lines_spelling(generation: Generation, spelled: SearchResult, name: str) -> list[Ranked]:
    """The lines of an exact search that lie in test code and spell ``name`` as a word or as a
    part of a snake_case name (``untagged`` in ``test_untagged_enum``, not in ``untaggedness``)."""
    part = re.compile(rf"(?<![^\W_]){re.escape(name)}(?![^\W_])")
    out = []
    for result in spelled.results:
        vote = dict(result.votes).get("text")
        if vote is None or vote.reason is None or not _in_tests(generation, result):
            continue
        if vote.reason.partition(",")[0] in _SPELLED_AS_WORD or part.search(result.snippet):
            out.append(result)
    return out


def _intent(req: SearchRequest, places: bool = True, skip: frozenset[str] = frozenset()) -> Intent:
    if req.regex:
        return Intent("exact_match", 1.0, req.text, "regex flag")
    intent = classify(req.text, places, skip)
    return _chosen(intent, req) if req.intent else intent


_EXTRACTED_LITERALS = frozenset({"quoted_literal", "grep_command", URL_RULE, ERROR_MESSAGE_RULE, "error_token"})
"""The classifier's readings that take a string out of the question (a quote's inside, a grep
command's word, an error line's message): chosen exact, that string is still the one to find."""


def _chosen(intent: Intent, req: SearchRequest) -> Intent:
    """The intent the person chose (``--intent``) over the classifier's reading. Chosen exact, a
    one-line query is the string it types, blanks included, unless the classifier read a string
    out of it (``"x"``'s inside, ``grep x``'s word): ``self->ob_item --intent exact_match`` had
    searched the member's name the classifier saw in it, every line naming ``ob_item`` (bitarray's
    75 where ``rg -F`` finds 48)."""
    if not req.intent:
        return intent
    chosen = override(intent, req.intent)
    typed = req.text.strip("\r\n")
    if req.intent != "exact_match" or intent.rule in _EXTRACTED_LITERALS or "\n" in typed or "\r" in typed:
        return chosen
    return replace(chosen, target=typed)


PASTED_RULE = "pasted_line"
"""The rule of a question that some line holds as typed, quotes and all."""
PASTED_LINE_CHARS = 300
"""A pasted line is at most this long (a longer text is a snippet or prose, its quotes its needles)."""


def _pasted_line(generation: Generation, intent: Intent, req: SearchRequest) -> Intent:
    """Read a line that quotes a word inside it as the whole line when some line of code holds it
    as typed: a message pasted from the console (marked's ``extension level must be 'block' or
    'inline'``) is the string that raises it, where its first quote (``block``) had been the
    literal, every line holding the word; one no line holds whole, the text around its quoted value
    (:func:`_around_value`), as is an error's message (:func:`_message_around_value`)."""
    if req.intent or req.regex or req.modality:
        return intent
    if intent.rule == ERROR_MESSAGE_RULE and intent.target is not None:
        return _message_around_value(generation, intent, req)
    line = req.text.strip()
    if "\n" in line or len(line) > PASTED_LINE_CHARS:
        return intent
    if intent.rule in _SENTENCE_RULES:  # a message too long to be read as a quote: a sentence about its value
        quoted = MESSAGE_VALUE.search(line)
        if quoted is None and intent.rule == "question":  # "what does line 3 do": a question, not a message
            return intent
        value = quoted.group("v") if quoted is not None else None
        return _as_pasted(generation, intent, req, line, value, CONF_QUOTED)
    if intent.rule != "quoted_literal" or intent.target is None:
        return intent
    if not any(c.isalnum() for c in line.replace(intent.target, "", 1)):
        if len(line) == len(intent.target) + 2 or not literal_found(generation, Query(line, case=req.case, target=line),
                                                                    req.case):
            return intent  # "ConfigLoader": the quote is the whole question, its marks no part of the string
        return Intent("exact_match", intent.confidence, line, PASTED_RULE)  # "source map", as a JSON list holds it
    return _as_pasted(generation, intent, req, line, intent.target, intent.confidence)


_SENTENCE_RULES = ("fallback", "question", FUNCTION_RULE, "identifier_in_phrase")
"""The readings of a question about meaning: a pasted message of eight words or more that quotes
its value ("The environment variable 'FOO' has not been defined") had read as one, a sentence
whose quote is one of its words, where the line raising it holds the text around the value; as had
one that shows a number or a repr unquoted (construct's ``bytes object of wrong length, expected 3,
found 4``, strictyaml's ``YAML(1) not a mapping, cannot use .keys()``, the phrase around a name)."""


def _as_pasted(generation: Generation, intent: Intent, req: SearchRequest, line: str, value: str | None,
               confidence: float) -> Intent:
    """The line as typed when some line of code holds it, else the text around its quoted value
    (:func:`_around_value`) that one holds, else a text between the values it shows
    (:func:`fixed_texts`: ``member 'b' not found in {'a': 1}`` is ``' not found in``), else the
    intent unchanged. A line that shows no value is a sentence, as is one whose only values are in
    back-ticks: code a docstring names (each text around one had been looked up as a literal, a
    workspace's round trip per repository)."""
    if value is None and not has_runtime_value(line, backticks=False):
        bare = _code_text(generation, bare_value_texts(line), req.case) if intent.rule != "question" else None
        return intent if bare is None else Intent("exact_match", confidence, bare, PASTED_RULE)
    if literal_found(generation, Query(line, case=req.case, target=line), req.case):
        return Intent("exact_match", confidence, _raised_text(generation, line, value, req.case), PASTED_RULE)
    around = _held_text(generation, _fixed_in(line, value), req.case, bare_value_texts(line))
    return intent if around is None else Intent("exact_match", confidence, around, PASTED_RULE)


def _message_around_value(generation: Generation, intent: Intent, req: SearchRequest) -> Intent:
    """An error's message no line holds as printed, read as the text around its quoted value
    (:func:`_around_value`): httparty's ``UnsupportedURIScheme: 'ftp://x' Must be HTTP, HTTPS or
    Generic`` is ``' Must be HTTP, HTTPS or Generic``, the rest of the line raising it, where the
    error's name had been asked for instead."""
    message = intent.target or ""
    if "\n" in message:
        return _message_line(generation, intent, req)
    quoted = QUOTED_VALUE.search(message)
    value = quoted.group("v") if quoted is not None else None
    if literal_found(generation, Query(message, case=req.case, target=message), req.case):
        return replace(intent, target=_raised_text(generation, message, value, req.case))
    if not has_runtime_value(message):  # its value a bare word, if any (java.lang.IllegalStateException:
        bare = _code_text(generation, bare_value_texts(message), req.case)  # Unexpected Quote value: MINIMAL)
        return intent if bare is None else replace(intent, target=bare)
    around = _held_text(generation, _fixed_in(message, value), req.case, bare_value_texts(message))
    return intent if around is None else replace(intent, target=around)


def _message_line(generation: Generation, intent: Intent, req: SearchRequest) -> Intent:
    """An error's message printed over several lines, read as the line of it that some line of code
    holds, or the text around its values (:func:`_fixed_in`), its last line first: a message says
    where before what (construct's ``Error in path (building)`` / ``number 99 is out of range
    (min=0, max=7)`` is ``is out of range (min=``, strictyaml's ``while parsing a mapping`` /
    ``unexpected key not in schema 'a'``), where the text pasted whole had been a snippet of code,
    and code that looked like it the answer."""
    lines = list(dict.fromkeys(reversed((intent.target or "").splitlines())))
    for line in lines:
        quoted = QUOTED_VALUE.search(line)
        value = quoted.group("v") if quoted is not None else None
        for text in (line, *_fixed_in(line, value)):
            if len(text.split()) >= VALUE_PREFIX_WORDS and literal_found(
                    generation, Query(text, case=req.case, target=text), req.case):
                return replace(intent, target=_raised_text(generation, text, value, req.case) if text == line else text)
    return intent


def _raised_text(generation: Generation, message: str, value: str | None, case: str) -> str:
    """A message some line holds as printed, values and all, or, when only tests or docs hold it so
    (a test asserting it), the text between its values that the package's own code holds: the line
    raising it. construct's ``stream read less than specified amount, expected 1, found 0`` had
    listed the test that expects it, not the f-string in ``core.py`` that prints it."""
    if _in_code(generation, message, case) is not False:
        return message
    texts = _fixed_in(message, value) if has_runtime_value(message) else []
    return _code_text(generation, texts + bare_value_texts(message), case) or message


def _code_text(generation: Generation, texts: list[str], case: str) -> str | None:
    """The first of ``texts`` that a line of the package's own code holds (:func:`_in_code`)."""
    return next((text for text in texts if _in_code(generation, text, case)), None)


def _held_text(generation: Generation, texts: list[str], case: str, bare: list[str] | None = None) -> str | None:
    """The first of a message's fixed texts that a line of the package's own code holds, else the
    first of ``bare`` that one holds (:func:`bare_value_texts`: its texts should a word of it be an
    unquoted value), else the first fixed text any line holds (a test's or a doc's), else ``None``.
    A test asserting the message as
    printed holds the text with the value's quote beside it (jsonschema's ``' is a required
    property`` of ``'email' is a required property``), where the line raising it prints the quote
    through the value (``f"{property!r} is a required property"``): the test had been the answer."""
    first = None
    for text in texts:
        held, inside = _held_where(generation, text, case)
        if held and inside is not False:  # in code, or no ranked lines to tell code from tests
            return text
        first = first or (text if held else None)
    return (_code_text(generation, bare, case) if bare else None) or first


def _held_where(generation: Generation, text: str, case: str) -> tuple[bool, bool | None]:
    """Whether some line holds ``text``, and whether the first is the package's own code
    (:func:`_is_code`; ``None`` when the text index cannot rank them). The cheap question first: most
    texts looked for beside a placeholder are held by no line."""
    if not literal_found(generation, Query(text, case=case, target=text), case):
        return False, False
    lines = getattr(generation.text, "literal_lines", None)
    if "text" in generation.missing or lines is None:
        return True, None
    first = lines(text, case, 1, demote=_code_first)
    return bool(first), bool(first) and _is_code(first[0].path)


def _in_code(generation: Generation, text: str, case: str) -> bool | None:
    """Tell whether a line of the package's own code (:func:`_is_code`) holds ``text``; ``None``
    when the text index cannot say."""
    if "text" in generation.missing or getattr(generation.text, "literal_lines", None) is None:
        return None
    return _held_where(generation, text, case)[1]


def _is_code(path: str) -> bool:
    """Tell whether a file is the package's own program: no test, example or doc, nothing built or
    minified (joi's ``dist/joi-browser.min.js``), no text a parser cannot read (a ``PKG-INFO``, which
    copies the README)."""
    return language_for(path) is not None and not is_secondary(path) and not is_demoted(path)


def _code_first(path: str) -> float:
    """A file's rank factor that lists the lines of code (:func:`_is_code`) before any other's."""
    return 1.0 if _is_code(path) else 0.5


def _fixed_in(message: str, value: str | None) -> list[str]:
    """The texts of a pasted message to look for: beside the placeholders that printed its values
    (:func:`anchored_texts`: ``} was expected``), around its quoted value (:func:`_around_value`),
    then between all the values it shows (:func:`fixed_texts`), each also without the quotes at its
    ends (:func:`with_unquoted`): ``member 'b' not found in {'a': 1}`` and ``expected 3, found 4``
    had found no line, their values being several, or numbers."""
    around = _around_value(message, value) if value is not None else []
    return list(dict.fromkeys(anchored_texts(message) + with_unquoted(around + fixed_texts(message))))


QUOTED_VALUE = lazy(r"(?P<q>['\"`])(?P<v>[^'\"`\n]{1,200})(?P=q)")
"""A value quoted in a message (``'ftp://x'``, ``"FOO"``)."""

MESSAGE_VALUE = lazy(r"(?P<q>['\"])(?P<v>[^'\"`\n]{1,200})(?P=q)")
"""A value a sentence quotes as a message prints it: in single or double quotes. Back-ticks in a
sentence quote code, as a docstring's ``Settings`` does, not a value put in at run time (each
text around one had been looked up as a literal: a workspace's round trip per repository)."""

VALUE_PREFIX_WORDS = 3
"""Words a pasted message must hold before or after its quoted value for that text to be its
string: fewer (``key 'x'``) would be a word of any line."""


def _around_value(line: str, value: str) -> list[str]:
    """The texts of a pasted message around its quoted value, each with the quote beside it: up to
    the opening quote (``No entry or class found for '`` of ``No entry or class found for 'foo'``),
    then from the closing one (``' Must be HTTP, HTTPS or Generic`` of httparty's ``'ftp://x' Must
    be ...``). The value was put in at run time (PHP's ``'$id'``, Ruby's ``'#{uri}'``, Python's
    ``'{name}'``), so no line holds the message as printed, and the quote it stood in had been the
    literal, every line holding ``foo``. Only a text of :data:`VALUE_PREFIX_WORDS` words or more."""
    for quote in "'\"`":
        at = line.find(quote + value + quote)
        if at >= 0:
            end = at + len(value) + 1
            texts = (line[: at + 1].lstrip(), line[end:].rstrip())
            return [t for t in texts if len(t.strip(quote).split()) >= VALUE_PREFIX_WORDS]
    return []


def _ground(generation: Generation, intent: Intent, req: SearchRequest) -> Intent:
    """Let the index confirm a lone word: when it is the exact name of a symbol, the question is
    where that symbol is defined (``host``, ``Session``, ``parse_config``), asked with confidence.
    A phrase around an identifier the index does not define (``std::filesystem``, ``value``)
    describes code rather than names it: it is a question about meaning, the name one of its words."""
    if req.intent:
        return _overridden(generation, intent, req)
    if req.regex or req.modality:
        return intent
    defined = _defined_subject(generation, intent, req.text)
    if defined is not None:
        return defined
    named = (split(intent.target) or ("", intent.target))[1] if intent.target else None  # src/wrapt::FunctionWrapper
    if intent.rule == "identifier_in_phrase" and named and not generation.knows_symbol(named):
        return Intent("understand_code", intent.confidence, None, "unknown_identifier")
    if intent.rule == "question" or (intent.rule == "error_token" and len(req.text.split()) > 1):
        subject = question_subject(req.text)  # "what does TRPCError do" names the class, not a string to list
        if subject is not None and intent.target in (None, subject) and _names_definition(generation, subject):
            return Intent("find_definition", CONF_KNOWN_SYMBOL, subject, SUBJECT_RULE)
        if intent.rule == "question":
            return intent
    word = grounding_word(req.text, intent)
    if word is None or not _names_definition(generation, word):
        return intent
    return Intent("find_definition", CONF_KNOWN_SYMBOL, word, "known_symbol")


def _defined_subject(generation: Generation, intent: Intent, text: str) -> Intent | None:
    """A question about a name the rules read as none, which the index defines as spelled: a kind's
    word ("where is function defined" over Ruby's ``def function``, "where is Function defined" over
    a class ``Function``) or an operator's symbol ("where is ~ defined", ``~`` or `` `~` `` alone, over
    ``def ~``). They had found no target: a page of text about "defined", or the lines holding ``~``."""
    if intent.name == "find_definition" and intent.target is None:
        word = unnamed_subject(text)
        return replace(intent, target=word) if word is not None and generation.knows_symbol(word) else None
    lone = text.strip()
    code = intent.rule == "code_fragment" or (intent.rule == "quoted_literal" and lone[:1] == "`")  # not "**", a string
    lone = lone.strip("`")
    if code and intent.target == lone and is_operator_method(lone) and generation.knows_symbol(lone):
        return Intent("find_definition", CONF_KNOWN_SYMBOL, lone, "known_symbol")
    member = _OWNED_OPERATOR.fullmatch(lone)
    if member is not None and "structural" not in generation.missing:
        dotted = ".".join([*qualifier_parts(member.group("owner").replace("#", ".")), member.group("op")])
        if generation.knows_symbol(dotted) or namespaced(generation, dotted):
            return Intent("find_definition", CONF_KNOWN_SYMBOL, dotted, "known_symbol")
    if intent.target and intent.name in SYMBOL_INTENTS and "structural" not in generation.missing:
        asked = qualifier_parts(intent.target.replace("#", "."))
        for member in _OWNED_OPERATOR.finditer(text):  # "where is Choices#<< defined": its <<, not the class
            owner = qualifier_parts(member.group("owner").replace("#", "."))
            dotted = ".".join([*owner, member.group("op")])
            if owner == asked and (generation.knows_symbol(dotted) or namespaced(generation, dotted)):
                return replace(intent, target=dotted)
    return None


_OWNED_OPERATOR = lazy(rf"(?P<owner>{QUALIFIED_NAME})(?:#|\.|::)(?P<op>{OPERATOR_METHOD.pattern})")
"""An operator method named through its class, as Ruby's documentation writes it (``Choice#==``,
``Choices#<<``, ``Vector.+``): tty-prompt 0.23.1's ``Choices#<<`` had listed code related to
"Choices", no line holding it as typed; its ``def <<`` (``TTY.Prompt.Choices.<<``) is the answer."""


def _names_definition(generation: Generation, word: str) -> bool:
    """Tell whether the index defines a word, or an import binds it to a definition of the index
    under another name (``Lexer`` for ``_Lexer``: :func:`_aliased` reads it so)."""
    return generation.knows_symbol(word) or ("structural" not in generation.missing and bool(aliased(generation, word)))


def _overridden(generation: Generation, intent: Intent, req: SearchRequest) -> Intent:
    """A symbol intent the person chose (``--intent``) about the symbol the index confirms the
    question names, as the classifier's own reading would have confirmed it: ``Container --intent
    impact_analysis`` follows ``Container`` through the graph. A lone word the classifier leaves
    without a target (``Container`` may be English) had kept none under an override, and the answer
    said that "Container" names no symbol to follow."""
    if intent.target or req.regex or intent.name not in SYMBOL_INTENTS:
        return intent
    classified = _intent(replace(req, intent=None))
    word = question_subject(req.text) if classified.rule == "question" else grounding_word(req.text, classified)
    return replace(intent, target=word) if word is not None and generation.knows_symbol(word) else intent


SUFFIXED_RULE = "suffixed_name"
_SUFFIXED = lazy(rf"(?<![\w$])(?P<name>{QUESTION_NAME}[!?])(?![\w$!?])")
"""A name ending in ``!`` or ``?``, as Ruby spells them (``save!``, ``valid?``, ``Base#save!``)."""


def _spelled(generation: Generation, intent: Intent, req: SearchRequest, places: bool, skip: frozenset[str]) -> Intent:
    """Read a question's name as the index spells it, where the rules read it otherwise: a closing
    ``!`` or ``?`` kept (Ruby's ``save!`` is another method than ``save``; the rules read the mark
    as punctuation), a member named with ``#`` (Ruby's and Java's docs: ``ActiveRecord::Base#save``)
    as with a dot, which a class's bases or namespaces may then define (``Base#save!``:
    :func:`_through_bases`). A lone name so kept is where it is defined; in a question ("where is
    save!", "who calls save!"), the question's target. A string to find keeps its ``#``: ``"#
    type: ignore"`` had been searched as ``. type: ignore``, and no line held it."""
    if req.intent or req.regex or req.modality:
        return intent
    text = req.text.strip()
    target = intent.target
    if "!" in text or "?" in text:
        for match in _SUFFIXED.finditer(text):
            written = match.group("name")
            name = _as_defined(generation, written)
            if name is None and "#" in written and target == written[:-1]:
                return replace(intent, target=written.replace("#", "."))  # a member, as bases and namespaces read one
            if name is None and not _marked_name(generation, text, match):
                continue
            if name is None:
                name = written  # no definition either way: the name as written is what is missing
            elif match.span() == (0, len(text)):
                return Intent("find_definition", CONF_KNOWN_SYMBOL, name, SUFFIXED_RULE)
            if target is None:  # the mark stopped a rule ("where is save!"): ask again without it
                again = _intent(replace(req, text=text[: match.end() - 1] + text[match.end():]), places, skip)
                return replace(again, target=name) if again.target == written[:-1] else intent
            if target == written[:-1]:
                return replace(intent, target=name)
    if target and "#" in target and intent.name in SYMBOL_INTENTS and not generation.knows_symbol(target):
        return replace(intent, target=target.replace("#", "."))  # no name holds a #: a member, as above
    return intent


def _marked_name(generation: Generation, text: str, match: re.Match[str]) -> bool:
    """Whether a name's closing mark is part of the name though the index defines neither spelling:
    a ``!``, or a ``?`` that more words follow ("where is use_sessions? defined"), not the question's
    own mark ("who calls valid?"). The answer then says which name is missing, ``use_sessions?``,
    where it had said ``use_sessions`` and looked for that. A name the index defines without the
    mark is that name ("who calls save!" over Python's ``save``)."""
    written = match.group("name")
    if generation.knows_symbol(written[:-1]):
        return False
    return written.endswith("!") or bool(text[match.end():].strip())


def _as_defined(generation: Generation, name: str) -> str | None:
    """A name as the index defines it: as written, or its ``#`` members as ``.`` ones; ``None`` if neither."""
    if generation.knows_symbol(name):
        return name
    dotted = name.replace("#", ".")
    return dotted if dotted != name and generation.knows_symbol(dotted) else None


def _through_bases(generation: Generation, intent: Intent, req: SearchRequest) -> tuple[Intent, str | None]:
    """Read a member named through a class that inherits it as its definer's (``Flask.route`` is
    ``Scaffold.route``: :mod:`~maguyva_tui.core.inherited`), and say so; a lone name so read is
    a known symbol, as :func:`_ground` makes one."""
    target = intent.target
    if req.regex or not target or intent.name not in SYMBOL_INTENTS or intent.rule == LOCATION_RULE:
        return intent, None
    if "structural" in generation.missing:
        return intent, None
    if intent.name in GRAPH_INTENTS and getattr(generation.snapshot, "files", None) is None and split(target) is not None:
        # a workspace: each shard's graph reads a name written through its file as its own
        # (``_in_file``); read here as the bare name, every repository's callers had answered
        return intent, None
    if len(qualifier_parts(target)) < 2:
        return _aliased(generation, intent, req, target)
    if generation.knows_symbol(target):
        return _by_module(generation, intent, target)
    found = inherited(generation, target)
    said = f"{target} is inherited: {found[0].qualname} ({found[0].path}:{found[0].start_line})" if found else ""
    if not found and (found := namespaced(generation, target)):
        said = f"{target} read as {found[0].qualname}" + (f" ({found[0].path}:{found[0].start_line})" if len(found) == 1 else "")
    if not found and (found := go_module_member(generation, target)):
        said = (f"{target} read as {found[0].qualname} of the Go module's root package {qualifier_parts(target)[0]}"
                + (f" ({found[0].path}:{found[0].start_line})" if len(found) == 1 else ""))
    if not found and (found := aliased(generation, target)):
        said = f"{target} is imported as an alias of {found[0].qualname}" + (
            f" ({found[0].path}:{found[0].start_line})" if len(found) == 1 else "")
    if not found and (found := namespace_member(generation, target)):
        said = (f"{target} read as {found[0].qualname}: {qualifier_parts(target)[0]} is imported as a whole module"
                + (f" ({found[0].path}:{found[0].start_line})" if len(found) == 1 else ""))
    if not found and (found := owner_in_other_case(generation, target)):
        owner = ".".join(qualifier_parts(target)[:-1])
        theirs = found[0].qualname.rpartition(".")[0] or found[0].qualname
        said = (f"{target} read as {found[0].qualname}: the index defines no {owner}, but {theirs} in another case"
                + (f" ({found[0].path}:{found[0].start_line})" if len(found) == 1 else ""))
    receiver = False
    if not found and (found := on_unknown_receiver(generation, target)):
        receiver = True
        owner, member = qualifier_parts(target)
        said = (f"{target} read as {member}: the index defines no {owner}; "
                + (f"{found[0].qualname} ({found[0].path}:{found[0].start_line})" if len(found) == 1
                   else f"{len(found)} methods are named {member}"))
    if not found:
        return intent, None
    name = found[0].qualname if not receiver or len(found) == 1 else qualifier_parts(target)[-1]
    if intent.rule in GROUNDED_RULES and not req.intent and grounding_word(req.text, intent) == target:
        return Intent("find_definition", CONF_KNOWN_SYMBOL, name, "known_symbol"), said
    return Intent(intent.name, intent.confidence, name, intent.rule), said


def _aliased(generation: Generation, intent: Intent, req: SearchRequest, target: str) -> tuple[Intent, str | None]:
    """Read a lone name no definition bears but an import binds to one (``from ._lexer import
    _Lexer as Lexer``) as that definition, and say so; the same intent for any other name."""
    if generation.knows_symbol(target):
        return intent, None
    found = aliased(generation, target)
    if not found:
        return intent, None
    where = f" ({found[0].path}:{found[0].start_line})" if len(found) == 1 else ""
    said = f"{target} is imported as an alias of {found[0].qualname}{where}"
    name = found[0].qualname
    if intent.rule in GROUNDED_RULES and not req.intent and grounding_word(req.text, intent) == target:
        return Intent("find_definition", CONF_KNOWN_SYMBOL, name, "known_symbol"), said
    return Intent(intent.name, intent.confidence, name, intent.rule), said


def _in_file(generation: Generation, intent: Intent, req: SearchRequest) -> tuple[Intent, str | None, str | None]:
    """Give the graph a name written through its file (``who calls cli.py::locate_app``) as that
    file's definition, its node; with a notice when the path picks several definitions or none
    (:func:`~maguyva_tui.core.path_names.in_file`). A path naming indexed files that define no such
    name (``dacite/core.py::is_optional``, defined in ``dacite/types.py``) gives the name, a notice
    saying where it is defined, and the path: the answer is kept to what is located in those files,
    as a folder's is (``who calls visit in app/cli``). The same intent when the target is no such name."""
    if req.regex or not intent.target or intent.name not in GRAPH_INTENTS or "structural" in generation.missing:
        return intent, None, None
    files = getattr(generation.snapshot, "files", None)
    if files is None:  # a workspace: each shard reads its own paths
        return intent, None, None
    elsewhere = elsewhere_in(generation.structural.lookup, files, intent.target)
    if elsewhere is not None:
        name, path, held, places = elsewhere
        what = ("what depends on" if intent.name == "impact_analysis" else "what is called by" if asks_callees(req.text)
                else "callers of" if "call" in req.text.lower() else "references to")
        shown = ", ".join(held[:3]) + (", ..." if len(held) > 3 else "")
        where = held[0] if len(held) == 1 else f"the {len(held)} files ending {path} ({shown})"
        return (replace(intent, target=name), f"{what} {echo(name)} in {where} ({echo(name)} is defined in {places})",
                held[0] if len(held) == 1 else path)
    target, notice = in_file(generation.structural.lookup, intent.target)
    return (intent, None, None) if target is None else (replace(intent, target=target), notice, None)


def _named_in_file(generation: Generation, req: SearchRequest, intent: Intent) -> Intent:
    """A definition, callers, references or impact question closing on a lone file's name the index
    holds (``who calls is_optional in core.py``, ``where is isJust defined in maybe.ts``) read as the
    name written through that file (``core.py::is_optional``), as ``in dacite/core.py`` is read; the
    same intent otherwise (the file's name had been dropped without a word)."""
    if req.regex or intent.name not in ("find_definition", *GRAPH_INTENTS) or "::" in (intent.target or ""):
        return intent
    read = closing_file(req.text, getattr(generation.snapshot, "files", None))
    if read is None:
        return intent
    plain = _intent(replace(req, text=read[0]))
    if plain.name != intent.name or not plain.target or "::" in plain.target or "/" in plain.target \
            or not generation.knows_symbol(plain.target):
        return intent
    return replace(plain, target=joined(read[1], plain.target))


def _defined_in_file(generation: Generation, intent: Intent,
                     req: SearchRequest) -> tuple[Intent, str | None, frozenset[str] | None]:
    """Ask where a name written through its file (``where is b.py::helper defined``) is defined as
    the name, its definitions kept to the files the path ends (the structural engine's list is cut
    to them), as "who calls" reads it (:func:`_in_file`); with a notice when no such file defines
    it (every definition is listed). The same intent and no files for any other target."""
    if req.regex or not intent.target or intent.name != "find_definition" or "structural" in generation.missing:
        return intent, None, None
    # a workspace's view reads it with its labels (``repo/path::name`` too); it had read the name
    # bare: every repository's definitions
    finder = getattr(generation, "files_defining", None)
    read = files_defining(generation.structural.lookup, intent.target) if finder is None else finder(intent.target)
    if read is None:
        return intent, None, None
    name, files, said = read
    return replace(intent, target=name), said, files


def _named_before(generation: Generation, req: SearchRequest, intent: Intent, folder: str) -> Intent:
    """A callers, references or impact question read as about the folder it closes on (``who calls
    visit in app/cli``: a plain word before a path) read as about the name before it where the
    index defines that name, its answer then kept to the folder's files; the same intent otherwise
    (``who imports things in app/cli``: the folder)."""
    if intent.name not in GRAPH_INTENTS or (intent.target or "").removeprefix("./").rstrip("/") != folder:
        return intent
    read = closing_place(req.text)
    plain = _intent(replace(req, text=read[0])) if read is not None else None
    if plain is None or plain.name != intent.name or not plain.target or not generation.knows_symbol(plain.target):
        return intent
    return plain


def _defined_in_folder(generation: Generation, intent: Intent,
                       folder: str) -> tuple[Intent, str | None, frozenset[str] | None]:
    """:func:`_defined_in_file` for a definition question closing on an indexed folder written
    without its path's ``/`` (``where is cc_visit defined in cli``): its definitions in that
    folder's files; the same intent and no files for any other question."""
    target = intent.target
    if intent.name != "find_definition" or not target or "::" in target or "/" in target \
            or "structural" in generation.missing:
        return intent, None, None
    read = defining_in(generation.structural.lookup, folder, target)
    if read is None:
        return intent, None, None
    name, files, said = read
    return replace(intent, target=name), said, files


def _by_module(generation: Generation, intent: Intent, target: str) -> tuple[Intent, str | None]:
    """Give the graph a symbol named through its module (``flask.helpers.url_for``, as an agent
    writes it) as its node, ``path::qualname``: the graph finds names as their code qualifies them
    (``url_for``), and answered "no definition of it in the graph". Only where the name means one
    definition, in one repository (a workspace's shards each read names their own way)."""
    if intent.name not in GRAPH_INTENTS or getattr(generation.snapshot, "files", None) is None:
        return intent, None
    if names_constructor(generation, target):  # Attributes.Attributes: its class's constructions, not the class
        return intent, None
    found = {(s.path, s.qualname) for s in definitions(generation.structural.lookup(target))}
    if len(found) != 1 or ".".join(qualifier_parts(target)) == next(iter(found))[1]:
        return intent, None
    from maguyva_tui.core.graph.tables import symbol_id  # here: a question that reads no graph never loads it

    path, qualname = found.pop()
    return Intent(intent.name, intent.confidence, symbol_id(path, qualname), intent.rule), f"{target} is {qualname} of {path}"


SUBJECT_RULE = "question_about_symbol"
"""The rule of a question about one symbol the index defines ("what does Live do", "what is a
Segment", "explain Padding"): asked as where that symbol is defined, as the lone word is, so its
definition comes first and the blend of its words after."""

_SUBJECT_WORD = lazy(r"[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*){0,8}")
"""A word of a question, a qualified name whole (``Entry.Dup``, ``marked.use``: it had been two
words, and "what does Entry.Dup do" a blend where "what does AttemptManager do" is the definition)."""
_CONTRACTED = lazy(r"['\u2019]s\b")
"""A contraction's or a possessive's ``'s``, no word of the question."""
_SUBJECT_FILLERS = frozenset(
    "what whats how why does do did is are was were a an the this that explain explains describe tell me "
    "about work works working mean means meant for used use purpose of role job in code class function "
    "method type struct module here it its they them these those we our i my you your "
    "decorator interface enum trait constant variable property attribute field macro".split()
)
"""The words around a question's subject that say nothing of which symbol it is."""


def question_subject(text: str) -> str | None:
    """The one word a question asks about when every other word is a question's filler ("what
    does Live do" -> ``Live``, "explain Padding" -> ``Padding``), else ``None``; the index decides
    whether it names a symbol (a word outside the question's case-sensitive spelling never does)."""
    every = _SUBJECT_WORD.findall(_CONTRACTED.sub("", text))  # "what's wait_chain?": what, not what and s
    words = [w for w in every if w.lower() not in _SUBJECT_FILLERS]
    if not words:  # "what does Use do": a filler capitalised inside the question is a name (gorilla's Router.Use)
        words = [w for w in every[1:] if w[:1].isupper() and w.lower() in _SUBJECT_FILLERS]
    return words[0] if len(words) == 1 else None


def grounding_word(text: str, intent: Intent) -> str | None:
    """The word the index may confirm as a symbol's name: a lone identifier's target
    (``self.parse_args()`` names ``parse_args``), a lone plain word, or a plain word after a
    definition keyword that is also English (``class echo``: rule 1 leaves it, since "class
    hierarchy" is English; the index tells them apart)."""
    if intent.rule not in GROUNDED_RULES:
        return None
    if intent.rule == "identifier" and intent.target:
        word = intent.target
    else:
        word = named_after_keyword(text) or text.strip().strip("`").removesuffix("()")
    return word if word and len(word.split()) == 1 else None


def typed_target(req: SearchRequest, intent: Intent) -> str | None:
    """The target the engines are given: the classifier's, except with ``--modality text``, where
    the text engine alone lists the lines holding the question as typed, as rg does (``class
    Reader`` had listed every line naming Reader, ``import yaml`` every line naming yaml); a
    question wholly in one pair of quotes or backticks is its inside, as the classifier reads it."""
    if req.modality != "text" or req.regex:
        return intent.target
    typed = req.text.strip()
    for opening, closing in _ENCLOSING:
        if len(typed) > 2 and typed[0] == opening and typed[-1] == closing and typed[1:-1] == intent.target:
            return intent.target
    return req.text


_ENCLOSING: Final = (('"', '"'), ("'", "'"), ("`", "`"), ("\u201c", "\u201d"), ("\u2018", "\u2019"))
"""The quotes a question wholly enclosed in names its inside (``"connection refused"``)."""


def engine_query(name: str, query: Query, blend: bool, coverage: Callable[[], float]) -> Query:
    """Say to one engine what concerns it: in a blend the text engine verifies a bounded set of
    files (its list is one voice among several, while alone it must be exhaustive and literal),
    its words vote where no line holds the question, and once the semantic engine stands in for
    meaning (``coverage``: the share of chunks it ranks) a sentence votes there by chunk, its
    words picking the function. A workspace's coordinator foresees a blend's queries with it."""
    literal_first = query.intent in LITERAL_INTENTS
    if name != "text" or not blend:
        return _replace_query(query, literal_first=literal_first)
    code_words_only = coverage() >= SEMANTIC_STANDS_IN
    return _replace_query(
        query, max_files=FUSED_TEXT_FILES, code_words_only=code_words_only, literal_first=literal_first, word_votes=True,
        demote=(),  # in a blend, fusion demotes; the text engine's list is one vote in path order
    )


def _run_engines(parts: Parts, the_plan: Plan, query: Query, checkpoint: Checkpoint | None = None) -> _Run:
    run = _Run()
    blend = len(the_plan.modalities) > 1
    queries = {m: engine_query(m, query, blend, parts.coverage) for m in the_plan.modalities}
    expect = getattr(parts.generation, "expect", None)  # a workspace of far shards asks them all at once
    if expect is not None:
        expect(queries, the_plan.fetch)
    alone = len(queries) == 1  # one engine answers in this thread: the hand-off to the pool and back cost 5 ms a question under load
    alone = alone or bool(getattr(parts.generation, "collects", False))  # lists started already: each is only collected
    futures = {} if alone else {m: parts.pool.submit(_timed, parts.generation, m, queries[m], the_plan.fetch, checkpoint)
                                for m in queries}
    for name in queries:
        try:
            hits, ms = _timed(parts.generation, name, queries[name], the_plan.fetch, checkpoint) if alone else futures[name].result()
        except QueryError:
            raise
        except _GivenUp as given:  # the checkpoint said so inside an engine's stage: the search is given up
            for future in futures.values():
                future.cancel()
            raise given.cause from None
        except Exception as exc:  # one engine failing must not sink the others
            run.notices.append(f"the {name} engine failed: {exc}")
            hits, ms = [], 0.0
        run.lists[name] = hits
        run.timings[name] = ms
        if checkpoint is not None:
            try:
                checkpoint()
            except BaseException:
                for future in futures.values():
                    future.cancel()  # the engines not started yet are not run for nothing
                raise
    return run


def _merge(first: _Run, second: _Run) -> _Run:
    second.notices = first.notices + second.notices
    timings = dict(first.timings)  # in the order they ran: the first try's engine first
    for name, ms in second.timings.items():
        timings[name] = timings.get(name, 0.0) + ms
    second.timings = timings
    return second


def _ran(the_plan: Plan, run: _Run) -> tuple[str, ...]:
    """The engines that ran: any tried before the plan gave way to a blend (the graph's direct
    list of "who calls X", empty), then the plan's. ``timings_ms`` had named the graph where
    ``modalities_run`` left it out, and the explanation said "graph not run" beside its time."""
    return tuple(m for m in run.timings if m not in the_plan.modalities) + the_plan.modalities


class _GivenUp(Exception):
    """An engine's stage given up by its search's checkpoint (``cause``: what the checkpoint raised)."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__(cause)
        self.cause = cause


def _timed(generation: Generation, name: str, query: Query, fetch: int,
           checkpoint: Checkpoint | None = None) -> tuple[list[Hit], float]:
    started = time.perf_counter()
    places = placed(generation, query.text) if name == "structural" and _names_places(generation, query) else None
    if places is not None:
        hits = places[:fetch]
    elif checkpoint is None:
        hits = generation.retriever(name).search(query, fetch)
    else:
        raised: list[BaseException] = []

        def check() -> None:
            try:
                checkpoint()
            except BaseException as exc:
                raised.append(exc)
                raise

        try:
            with checked_by(check):  # an engine's long stage asks it too (check_stage)
                hits = generation.retriever(name).search(query, fetch)
        except BaseException as exc:
            if raised and exc is raised[-1]:
                raise _GivenUp(exc) from None
            raise
    return hits, round((time.perf_counter() - started) * 1000, 3)


def _names_places(generation: Generation, query: Query) -> bool:
    """Whether the structural engine lists the places a question names (:func:`asks_places`): not
    when its target is a symbol the index defines, though it reads as a file's name (Go's
    ``binding.JSON``, a type of the package ``binding``: no file ``binding.JSON`` held, the engine
    listed nothing)."""
    return asks_places(query.intent, query.target, query.text) and not generation.knows_symbol(query.target or "")


_DEMOTED_BY: dict[Callable[[str], float], tuple[str, ...]] = {
    secondary_demotion: ("vendored", "secondary"), demotion_for: ("vendored",), no_demotion: ()}
"""What the text engine alone lists after the package's own code, by the demotion :func:`_direct_demotion` chose."""


def _direct_demotion(generation: Generation, query: Query) -> Callable[[str], float]:
    """The demotion, direct or blended: examples, tests and docs after the package's own code
    (``fusion.SECONDARY_DEMOTION``), unless the question asks for them, in words ("the tests of X") or by naming a symbol defined only
    there (``def runserver`` where only the examples define it). A symbol defined only in vendored
    code (and perhaps examples or tests) demotes nothing: its vendored definition is the one there
    is (trpc's ``vendor/unpromise``: ``Unpromise`` was listed after a fuzzy ``CHUNK_VALUE_TYPE_PROMISE``
    of the package's own code, the lines importing it before the class)."""
    if asks_aside(generation, query):
        return demotion_for
    defined = generation.definers(query.target) if query.target and not query.regex else set()
    if defined and all(map(_set_aside, defined)):
        return no_demotion if any(map(is_demoted, defined)) else demotion_for
    if defined and query.target and _defined_in_tests(generation, query.target, defined):
        return demotion_for
    return secondary_demotion


_ASIDE_WORD: Final = lazy(ASKS_ASIDE.pattern.replace(r"\b", ""), re.I)
_NAME_WORD: Final = lazy(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")
"""A word of a name or a path as written: ``adapter``, ``test`` of ``adapter/test.rb``; ``Test``,
``Adapter`` of ``TestAdapter``."""


def asks_aside(generation: Generation, query: Query) -> bool:
    """Whether a question asks for examples, tests or docs (:data:`ASKS_ASIDE`): a word of them
    not spelled as a name in the package's own code with a word beside it (faraday's "how does
    the test adapter stub requests": ``lib/faraday/adapter/test.rb``, the library's own, where
    ``examples/client_test.rb`` and ``CHANGELOG.md`` had been listed second and third) nor the
    question's target defined there ("what does Test do"). A workspace's view judges each word in
    every repository (``own_aside_words``): a word names its own code where some repository's does."""
    if not ASKS_ASIDE.search(query.text):
        return False
    told = getattr(generation, "own_aside_words", None)  # a workspace's view: each repository's own
    own = told(query.text, query.target) if told is not None else own_aside_words(generation, query.text, query.target)
    return any(n not in own for n in _aside_places(query.text))


def own_aside_words(generation: Generation, text: str, target: str | None) -> frozenset[int]:
    """The places, among a question's words, of its words of tests, examples or docs that are
    part of a name of the package's own code (:func:`asks_aside`)."""
    words = _words(text)
    return frozenset(n for n in _aside_places(text) if _names_own_code(generation, target, words, n))


def aside_key(text: str, target: str | None) -> tuple[str, str | None]:
    """A question as :func:`own_aside_words` reads it: its target kept only where it is itself a
    word of tests, examples or docs (no other target changes what the words name)."""
    return text, target if target and _ASIDE_WORD.fullmatch(target) else None


def aside_keys(text: str) -> tuple[tuple[str, str | None], ...]:
    """The readings (:func:`aside_key`) a question's judgement may be asked in: with no target, and
    with each of its words of tests, examples or docs as its target ("what does Test do" grounds
    ``Test``); none where it has no such word."""
    if not ASKS_ASIDE.search(text):
        return ()
    words = _words(text)
    return tuple(dict.fromkeys([(text, None), *((text, words[n]) for n in _aside_places(text))]))


def _words(text: str) -> list[str]:
    """A question's words, as :func:`asks_aside` counts their places."""
    return re.findall(r"[A-Za-z0-9]+", text)


def _aside_places(text: str) -> list[int]:
    """The places of a question's words of tests, examples or docs among its words."""
    return [n for n, word in enumerate(_words(text)) if _ASIDE_WORD.fullmatch(word)]


def _names_own_code(generation: Generation, target: str | None, words: list[str], at: int) -> bool:
    """Whether the aside word ``words[at]`` is part of a name of the package's own code: the
    question's target, or with a word beside it (in either order) a defined name (``test_adapter``,
    ``TestAdapter``) or two words of a file's path (``adapter/test.rb``)."""
    word = words[at].lower()
    if target and target.lower() == word and any(map(_own, generation.definers(target))):
        return True
    beside = [words[n].lower() for n in (at - 1, at + 1) if 0 <= n < len(words)]
    pairs = [pair for other in beside for pair in ((word, other), (other, word))]
    for first, second in pairs:
        spellings = (f"{first}_{second}", first + second.title(), first.title() + second.title())
        if any(_own(path) for name in spellings for path in generation.definers(name)):
            return True
    files = generation.snapshot.files
    neighbours = {_stem(other) for other in beside}
    for path in files:
        if word in path.lower() and _own(path):
            parts = [w.lower() for w in _NAME_WORD.findall(re.sub(r"\.[^./]*$", "", path))]
            if any(parts[n] == word and _stem(parts[m]) in neighbours
                   for n in range(len(parts)) for m in (n - 1, n + 1) if 0 <= m < len(parts)):
                return True
    return False


SET_ASIDE_KEPT: Final = 8192
"""Paths whose :func:`_set_aside` is remembered (a question's definers, many questions')."""


@lru_cache(maxsize=SET_ASIDE_KEPT)
def _set_aside(path: str) -> bool:
    """Whether a path holds examples, tests, docs or vendored code (not :func:`_own`), remembered: a
    name's defining files are read by every question that names it (a frequent name's dozens)."""
    return is_secondary(path) or is_demoted(path)


def _own(path: str) -> bool:
    """Whether a path is the package's own code: no example, test or doc, nothing vendored."""
    return not is_secondary(path) and not is_demoted(path)


def _stem(word: str) -> str:
    """A word's stem as the index counts it (``adapters`` -> ``adapt``), else the word."""
    stems = code_words(word)
    return stems[0] if stems else word


def _defined_in_tests(generation: Generation, name: str, defined: set[str]) -> bool:
    """Whether every definition of a name outside test, example and vendored files lies in test code
    its own code marks (:meth:`~maguyva_tui.core.generation.Generation.in_test_code`: a helper of a
    Rust ``#[cfg(test)] mod tests``, asked for by name); its symbols are looked up only where each
    such file holds test code."""
    spans = getattr(generation, "test_code_spans", None)  # a workspace's view reads none
    own = {path for path in defined if not _set_aside(path)}
    if spans is None or not own or not all(map(spans, own)):
        return False
    places = [(s.path, s.start_line, s.end_line) for s in generation.structural.lookup(name) if s.path in own]
    return bool(places) and all(map(generation.in_test_code, places))


def _test_code_demotion(generation: Generation, aside: Callable[[str], float]) -> Callable[[ChunkKey], float] | None:
    """The factor a chunk's own code adds to its path's demotion: :data:`~maguyva_tui.core.fusion.SECONDARY_DEMOTION`
    for test code in a file whose path is no test's (a Rust ``#[cfg(test)]`` module, a ``#[test]``
    function), as a test file's chunks are, when the question does not ask for tests (``aside``:
    :func:`_direct_demotion`); ``None`` where nothing is (a workspace's view reads none)."""
    found = getattr(generation, "in_test_code", None)
    return test_code_demotion(found) if found is not None and aside is secondary_demotion else None


def _templates(generation: Generation) -> Callable[[ChunkKey], bool] | None:
    """Whether a chunk is demoted as a macro template's definition of a name defined elsewhere too
    (:meth:`~maguyva_tui.core.generation.Generation.shadowed_templates`); ``None`` where none is."""
    found = getattr(generation, "shadowed_templates", None)  # a workspace's view: each repository's own
    shadowed = found() if found is not None else frozenset()
    return shadowed.__contains__ if shadowed else None


def _combine(generation: Generation, the_plan: Plan, run: _Run, aside: Callable[[str], float], text: str) -> list[Fused]:
    """The whole ranked list, before the page is cut from it: one engine's own list when it
    answers alone (ties broken by centrality, demoted paths last, ``aside`` saying which), else
    the blend, demoted the same way: each file shown by its best chunk, the siblings nearly as
    relevant after it (``fusion.SIBLING_SHARE``), near-copies of a result's code folded under it;
    a question in plain words (``text``) lifts the files whose names say its words
    (``fusion.NAME_LIFT``) and the chunks whose code spells the names it quotes (``fusion.QUOTED_LIFT``)."""
    if the_plan.alone:
        name = the_plan.modalities[0]
        items = direct(name, run.lists.get(name, []), the_plan.weights.get(name), the_plan.k,
                       centrality=generation.centrality, demotion=aside, templates=_templates(generation),
                       # the text engine's lines keep its own order, by path (:func:`_text_alone`)
                       code_demotion=_test_code_demotion(generation, aside) if name != "text" else None)
        run.lists[name] = [item.hit for item in items]  # each vote's rank is its place in this order
        return items
    fused = fuse(
        {m: run.lists.get(m, []) for m in the_plan.modalities},
        the_plan.weights,
        the_plan.k,
        centrality=generation.centrality,
        demotion=aside,
        locate=generation.locate,
        dedup_per_file=the_plan.intent != SIMILAR_INTENT,  # X's siblings often share its file
        file_decay=the_plan.file_decay,
        named=named_files(text, files_saying(generation)) if names_count(the_plan) else None,
        quoted=quoted_code(generation, text) if quotes_count(the_plan) else None,
        parts=getattr(generation, "own_lists", None),  # a workspace's view: each repository's own list
        templates=_templates(generation),
        code_demotion=_test_code_demotion(generation, aside),
        windows=the_plan.windows,
    )
    _prefetch(generation, fused, code=True)
    twins = _twin_files(generation, fused)
    far = getattr(generation, "code_signature", None)  # a workspace's far shards sign their code where it is
    if far is None:
        folded = fold_copies(fused, lambda item: _code(generation, item, twins))
    else:
        home: Callable[[str], str] = getattr(generation, "repository", lambda path: "")  # a workspace view's

        def scope(item: Fused) -> tuple[str, bool]:
            path = item.key[0]
            return home(path), path in twins and _window(generation, item)

        folded = fold_copies(fused, lambda item: _code(generation, item, twins),
                             signed=lambda item: far(item.key, lambda: _code(generation, item, twins)), scope=scope)
    if (the_plan.file_decay is None or len(the_plan.modalities) < 2 or "semantic" not in the_plan.modalities
            or the_plan.preset not in SIGNATURE_PRESETS):
        return folded  # not a description of one function, one engine's list (``quick``), or a preset without the vote
    cosines = signature_cosines(generation, text)
    return folded if cosines is None else signature_vote(folded, cosines)


SIGNATURE_DEF = lazy(r"\s*(?:(?:export|public|private|protected|internal|static|abstract|async|pub(?:\([^)]*\))?|unsafe|"
                     r"override|virtual|final|inline|extern|const)\s+)*(?:def|class|func|fn|function|fun|sub|struct|"
                     r"interface|trait|impl|enum|module|type)\b")
"""A line that defines something, where a chunk's signature line is looked for (after decorators and comments)."""

SIGNATURE_LINES = 6
"""How many of a chunk's first lines are read for its signature line (a few decorators above it)."""


def signature_text(kind: str | None, symbol: str | None, path: str, lines: Sequence[str]) -> str:
    """What the signature vote compares with a question (``fusion.signature_vote``): the chunk's
    kind and name (its path without one), then its defining line, else its first line."""
    first = next((line.strip() for line in lines if SIGNATURE_DEF.match(line)),
                 next((line.strip() for line in lines if line.strip()), ""))
    return f"{kind or 'window'} {symbol or path}\n{first}"


SIGNATURE_PRESETS: Final = frozenset({"thorough"})
"""The presets whose blend the signature vote ranks again (``fusion.signature_vote``): the one that
spends more time for a better page (ten signatures through MiniLM, 90-140 ms a question not yet
seen), not ``default``, whose answer follows each keystroke in the explorer."""

SIGNATURE_MODEL = 1
"""Which tier's model the signature vote embeds with: 1, the transformer's (local MiniLM; only where
that tier has vectors, so the model is loaded and the question's vector made), else none; 0, the
static tier's table (no model runs)."""

SIGNATURES_KEPT = 4096
"""Signature vectors kept per process (by provider and text): a question's first results recur as
its words are typed and asked again, in the explorer and the server."""

_signed: dict[tuple[str, str], Any] = {}


def _signature_vectors(provider: Any, texts: list[str]) -> list[Any]:
    """Each text's vector by ``provider``, those not kept embedded in one batch and kept."""
    kept, tag = _signed, provider.id
    found = {t: v for t in dict.fromkeys(texts) if (v := kept.get((tag, t))) is not None}
    missing = [t for t in dict.fromkeys(texts) if t not in found]  # another question may clear it meanwhile
    if missing:
        made = provider.embed_documents(missing)
        if len(kept) + len(missing) > SIGNATURES_KEPT:
            kept.clear()
        for t, vector in zip(missing, made):
            found[t] = kept[(tag, t)] = vector
    return [found[t] for t in texts]


def signature_cosines(generation: Generation, text: str) -> Callable[[Sequence[Fused]], list[float]] | None:
    """The signature vote's cosines for a question (``fusion.signature_vote``), by the model
    :data:`SIGNATURE_MODEL` names; ``None`` without it (no semantic tier, a transformer tier without
    vectors yet or a remote one: its model is not run for this)."""
    found = getattr(generation, "retriever", None)
    semantic = found("semantic") if found is not None else None
    tiers = getattr(semantic, "tiers", semantic)
    tier = getattr(tiers, "model" if SIGNATURE_MODEL else "static", None)
    provider = getattr(tier, "provider", None)
    if provider is None or (SIGNATURE_MODEL and not str(provider.id).startswith("local:")):
        return None
    lines = generation.snapshot.lines

    def cosines(items: Sequence[Fused]) -> list[float]:
        texts = []
        for item in items:
            path, start, end = item.key
            hit = item.hit
            chunk = hit if (hit.start_line, hit.end_line) == (start, end) else generation.chunk_at(path, start)
            if chunk is not None and (chunk.start_line, chunk.end_line) != (start, end):
                chunk = None
            kind, symbol = (chunk.kind, chunk.symbol) if chunk is not None else ("window", None)
            texts.append(signature_text(kind, symbol, path, lines(path, start, min(end, start + SIGNATURE_LINES - 1))))
        if SIGNATURE_MODEL:
            vectors = _signature_vectors(provider, texts)
            query = provider.embed_query(text)  # made as the tier searched (its cache)
        else:
            vectors = list(provider.embed_plain(texts))
            query = provider.embed_query(text)[: len(vectors[0])]  # without the static tier's crowding dimension
        norm = math.sqrt(float(query @ query))
        if norm == 0.0:  # no word the model knows
            return [0.0] * len(texts)
        return [float(vector @ query) / norm for vector in vectors]

    return cosines


NAMED_FILES_INTENT = "understand_code"
"""The intent whose questions a file's name may answer in part (``fusion.NAME_LIFT``), in a blend
of engines: a question in plain words, not a name to define, a string to find, or a graph
question about a symbol; and not one engine's list (``quick``: the semantic engine's, whose own
order it would change: half A NDCG@10 0.868 -> 0.864); nor a description of one function, which
ranks functions, not files (half A docstring MRR@10 0.617 -> 0.616 with it, semble's questions
unchanged: none reads as one)."""


def names_count(the_plan: Plan) -> bool:
    """Whether a file's name counts (``NAMED_FILES_INTENT``): a blend, and not a question that
    describes one function (``plan.ONE_FUNCTION_DECAY``: functions ranked, not files)."""
    return the_plan.intent == NAMED_FILES_INTENT and len(the_plan.modalities) > 1 and the_plan.file_decay is None


def quotes_count(the_plan: Plan) -> bool:
    """Whether the names a question quotes as code count (``fusion.QUOTED_LIFT``): a blend for a
    question in plain words (``NAMED_FILES_INTENT``), one that describes one function included."""
    return the_plan.intent == NAMED_FILES_INTENT and len(the_plan.modalities) > 1


def quoted_code(generation: Generation, text: str) -> QuotedNames | None:
    """``fuse``'s ``quoted`` for a question: the names it quotes as code, and a chunk's code read
    for the identifiers it spells; ``None`` for a question that quotes none."""
    names = quoted_names(text)
    if not names:
        return None
    lines = generation.snapshot.lines
    nested = _defined_within(generation, names)

    def spelled(key: tuple[str, int, int]) -> frozenset[str]:
        path, start, end = key
        found = frozenset(_IDENTIFIER.findall("\n".join(lines(path, start, end))))
        inner = {name for name, s, e in nested.get(path, ()) if start <= s and e <= end and (s, e) != (start, end)}
        return found - inner if inner else found

    return QuotedNames(names, spelled, getattr(generation, "prefetch_chunks", None))  # a workspace's view fetches ahead


def _defined_within(generation: Generation, names: Sequence[str]) -> dict[str, list[tuple[str, int, int]]]:
    """The definitions of quoted names, by file: a chunk that holds one of them nested in it (the
    class around a quoted method) spells that name only by holding its definition, and is not
    lifted for it ("Extends ``ignore_whitespace`` defined in base class" had lifted pyparsing's
    2,200-line ``ParserElement`` above every ``ignore_whitespace``); a workspace's view without a
    symbol table lifts as before."""
    structural = getattr(generation, "structural", None)
    found: dict[str, list[tuple[str, int, int]]] = {}
    if structural is None or "structural" in getattr(generation, "missing", ()):
        return found
    for name in names:
        for symbol in structural.lookup(name):
            found.setdefault(symbol.path, []).append((name, symbol.start_line, symbol.end_line))
    return found


_IDENTIFIER = lazy(r"[A-Za-z_$][\w$]*")


def named_files(text: str, saying: Callable[[str], int] | None = None) -> NamedFiles | None:
    """``fuse``'s ``named`` for a question: its content words, stemmed as the chunk index counts
    them, and files' names read alike, ``saying`` how many files' names say a word
    (:func:`files_saying`); ``None`` for a question with none."""
    from maguyva_tui.core.retrievers.text import body_stems

    asked = frozenset(body_stems(text))
    return NamedFiles(asked, _name_stems, saying) if asked else None


_NAMES_COUNTED: list[tuple[object, _NamesSaying]] = []
"""The index's files' names, read for the words asked (:func:`files_saying`), for the last files
asked: a generation's, kept until a question on another."""

NAMES_READ: Final = 1_024
"""Files' names read at most for one word (:class:`_NamesSaying`): a word that more names hold is
counted as often as they spell it, unread (its share of a name's lift is under 0.1 % either way)."""


def files_saying(generation: Generation) -> Callable[[str], int] | None:
    """How many of a generation's files have a name that says a word (``fusion.NAME_RARITY``),
    counted for each word when first asked; ``None`` for a workspace's view (no files of its own to
    count: each word counts whole there, as before)."""
    files = getattr(getattr(generation, "snapshot", None), "files", None)
    if files is None:
        return None
    kept = _NAMES_COUNTED[:1]
    if kept and kept[0][0] is files:
        return kept[0][1]
    saying = _NamesSaying(files)
    _NAMES_COUNTED[:] = [(files, saying)]
    return saying


class _NamesSaying:
    """How many files' names say a stem, found by reading only the names that spell what the stem
    is made from (:func:`_spellings`), then each of them stemmed as :func:`_name_stems` stems it:
    stemming every name of 100,000 files had cost the first plain question of a process 1.0 s of
    CPU, where reading a word's few names costs about 2 ms."""

    def __init__(self, files: Iterable[str]) -> None:
        self._files = files
        self._read: tuple[list[str], str, list[int]] | None = None
        """The names, lowered less their extensions and joined, and where each starts: one value,
        set at once (questions on several threads read it)."""
        self._counted: dict[str, int] = {}

    def __call__(self, stem: str) -> int:
        found = self._counted.get(stem)
        if found is None:
            found = self._counted[stem] = self._count(stem)
        return found

    def _count(self, stem: str) -> int:
        read = self._read
        if read is None:
            names = [_bare_name(path) for path in self._files]
            lowered = [_unextended(name).lower() for name in names]  # one by one: lowering may change a length
            read = self._read = (names, "\n".join(lowered), list(accumulate((len(n) + 1 for n in lowered), initial=0)))
        names, lower, starts = read
        lines: set[int] = set()
        for spelling in _spellings(stem):
            at = lower.find(spelling)
            while at >= 0:
                line = bisect_right(starts, at) - 1
                lines.add(line)
                if len(lines) > NAMES_READ:
                    return sum(lower.count(spelled) for spelled in _spellings(stem))
                at = lower.find(spelling, starts[line + 1])
        return sum(1 for line in lines if stem in _name_stems(names[line]))


@lru_cache(maxsize=256)
def _spellings(stem: str) -> tuple[str, ...]:
    """What a name's run must hold, lowercased, to stem to ``stem`` (:func:`~maguyva_tui.core.names.word_stem`
    only cuts a word's end, but for a final ``y`` or ``ies`` it makes ``i``): the stem itself, for
    a stem ending in ``i`` the ``y`` and ``ie`` it may stand for, and the abbreviations read as a
    word of that stem (``fmt`` for ``format``)."""
    found = [stem]
    if stem.endswith("i"):
        found += [stem[:-1] + "y", stem[:-1] + "ie"]
    found += [short for short in CODE_ABBREVIATIONS if word_stem(short) == stem]
    return tuple(found)


def _bare_name(path: str) -> str:
    """A path's file name, its folders dropped (what :func:`_name_stems` reads of it)."""
    return path.rsplit("/", 1)[-1]


@lru_cache(maxsize=65536)
def _name_stems(path: str) -> frozenset[str]:
    """The stems of a file's name less its extension (``bsd-ifaddrs.c``: bsd, ifaddr), as
    :func:`~maguyva_tui.core.retrievers.text.body_stems` makes them; kept, as a page's paths come back."""
    return frozenset(word for piece in _NAME_PIECES.findall(_unextended(_bare_name(path))) for word in _piece_stems(piece))


def _unextended(name: str) -> str:
    """A file's name less its extension (``.bashrc`` is all name)."""
    return name.rsplit(".", 1)[0] if "." in name[1:] else name


_NAME_PIECES: Final = lazy(r"[A-Za-z0-9]+")
"""The runs of a file's name read as words: its other characters part them."""


@lru_cache(maxsize=65536)
def _piece_stems(piece: str) -> tuple[str, ...]:
    """One run of a file's name (:data:`_NAME_PIECES`) as stems, kept: the runs repeat across names
    (``test``, ``util``), so an index's names are counted (:func:`files_saying`) a run at a time,
    each stemmed once (the stems of a name made whole and of its runs one by one are the same: all
    15,824 file names of this repository and the benchmark's)."""
    from maguyva_tui.core.retrievers.text import body_stems

    return body_stems(piece)


def _prefetch(generation: Generation, items: list[Fused], code: bool) -> None:
    """Let a generation whose lines are far away (a workspace over a cluster's shards) fetch in
    one go the lines these results will read: their snippets, and with ``code`` their definitions'
    code, which copy folding compares. One generation of one index has nothing to do."""
    prefetch = getattr(generation, "prefetch", None)
    if prefetch is not None:
        prefetch(items, code)


def _code(generation: Generation, item: Fused, twins: frozenset[str] = frozenset()) -> str:
    """The code of a result's definition, as the index holds it; nothing for a window of lines: a
    file's first window is often a licence header or imports, alike in every file and no copy;
    unless its file is one of ``twins``, files whose whole text another candidate's file has too
    (``PKG-INFO`` and ``pkg.egg-info/PKG-INFO``, a vendored file copied as is): their windows are
    the same lines twice."""
    path, start, end = item.key
    if path not in twins and _window(generation, item):
        return ""
    return "\n".join(generation.snapshot.lines(path, start, end))


def _window(generation: Generation, item: Fused) -> bool:
    """Whether a result stands for a window of lines, no definition (a line hit whose chunk is none)."""
    path, start, end = item.key
    hit = item.hit
    if hit.symbol is not None and (hit.start_line, hit.end_line) == (start, end):
        return False
    chunk = generation.chunk_at(path, start)  # a line hit: which chunk?
    return chunk is None or chunk.symbol is None or (chunk.start_line, chunk.end_line) != (start, end)


def _twin_files(generation: Generation, fused: Sequence[Fused]) -> frozenset[str]:
    """The candidates' files whose whole text another candidate's file holds too (the same content
    hash): the list is every engine's, whatever the limit, so the page for a limit stays the first
    part of a longer one. A workspace's view finds them repository by repository (``twin_files``:
    identical files of two repositories are no twins, as neither repository alone has both)."""
    of_view = getattr(generation, "twin_files", None)
    if of_view is not None:
        return cast(frozenset[str], of_view(fused))
    return twin_paths(generation.snapshot.files, (item.key[0] for item in fused))


_new_ranked = fast_constructor(Ranked)
_new_result = fast_constructor(SearchResult)
_new_vote = fast_constructor(Vote)
_replace_query = fast_replacer(Query)
"""``replace`` of a :class:`Query`: a question made one three times (its demotion, each engine's own)."""

_Own: TypeAlias = tuple[list[Hit], dict[str, float]]
"""The direct path's page of text hits, in the engine's order, and each of their paths' demotion factors."""


def _text_alone(generation: Generation, the_plan: Plan, run: _Run, aside: Callable[[str], float],
                limit: int) -> _Own | None:
    """The text engine's page on the direct path, where :func:`~maguyva_tui.core.fusion.direct`
    would keep its order (demotion factor, then score, never rising: its lines come ordered), with
    each path's factor, no fused item made (a frequent literal's page: a hundred); ``None`` for any
    other plan or order, or a generation that fetches its lines from afar: the items are fused
    (:func:`_combine`) and paged (:func:`_page`) as for every other engine."""
    if not the_plan.alone or the_plan.modalities[0] != "text" or getattr(generation, "prefetch", None) is not None:
        return None
    hits = run.lists.get("text", [])
    factors: dict[str, float] = {}  # a file's hits share its path's factor
    last_factor = last_score = factor = math.inf
    path = None
    for hit in hits:
        if hit.path != path:  # a file's lines mostly come together: its factor read once for them
            path = hit.path
            found = factors.get(path)
            factor = factors[path] = float(aside(path)) if found is None else found
        score = hit.score
        if factor > last_factor or (factor == last_factor and score > last_score):
            return None  # direct would reorder them: (factor, score) rose
        last_factor, last_score = factor, score
    return hits[:limit], factors


def _text_page(generation: Generation, own: _Own, weight: float, k: int, focus: str | None) -> tuple[Ranked, ...]:
    """The results :func:`_page` makes of :func:`~maguyva_tui.core.fusion.direct`'s items for the
    text engine's own order (:func:`_text_alone`), made from its hits at once: each line shown as
    itself, its one vote the engine's own, its centrality (never below 0, as ``direct`` reads it)
    shown, its score the position's RRF term times its demotion, a demoted file's kinds named once."""
    hits, factors = own
    shown = shown_page(generation.snapshot, hits, focus)
    centrals = generation.centralities(hits)
    kinds: dict[str, tuple[str, ...]] = {}
    out = []
    new_ranked, new_vote = _new_ranked, _new_vote
    kept = _kept_votes(weight, k)
    rank = 0
    for hit, (start, end, text), found in zip(hits, shown, centrals):
        path = hit.path
        factor = factors[path]
        central = float(found)
        contribution = weight / (k + rank + 1)
        line = hit.start_line
        demoted = kinds.get(path) if factor < 1.0 else ()
        if demoted is None:
            demoted = kinds[path] = demotion_kinds(path, factor)
        score, reason, depth = hit.score, hit.reason, hit.depth
        key = (rank, score, reason, depth)
        votes = kept.get(key) if kept is not None and rank < VOTES_RANKED else None
        if votes is None:
            votes = (("text", new_vote(rank, score, weight, contribution, reason, depth)),)
            if kept is not None and rank < VOTES_RANKED and score.__class__ is float and score > 0.0:
                if len(kept) >= VOTES_KEPT:  # (1 and 1.0, -0.0 and 0.0 are not one vote: a float above 0 alone)
                    kept.clear()
                kept[key] = votes
        out.append(new_ranked(  # positional, in RANKED_FIELDS' order; direct's score: _score(parts, 0.0, factor)
            path, start, end, hit.symbol, hit.kind, hit.language, (0 + contribution + 0.0) * factor, text, votes,
            0.0 if 0.0 > central else central, 1.0, factor, 0, (line,) if line == hit.end_line else (), depth,
            0.0, (), (), 1.0, 1.0, (), 1.0, (), demoted,
        ))
        rank += 1
    return tuple(out)


VOTES_KEPT: Final = 2048
"""Text votes kept for later pages (:func:`_kept_votes`), forgotten all at once past this."""
VOTES_RANKED: Final = 200
"""The ranks whose text votes are kept: a page's (``--limit`` 20 or 100); a listing of every line
(a frequent literal's 40,000) makes its own past them, and had left the votes of ranks past 2,000
alone kept, none a later page asks for."""
_VOTES: dict[tuple[float, int], dict[tuple[int, float, str, int | None], tuple[tuple[str, Vote], ...]]] = {}


def _kept_votes(weight: float, k: int) -> dict[tuple[int, float, str, int | None], tuple[tuple[str, Vote], ...]] | None:
    """The text engine's votes already made for a page of this weight and ``k``, by rank, score,
    reason and depth: a vote is a value of them alone, and a literal's page repeats those of the
    pages before it (ranks 0 to 99 in a few match tiers), each made once (2.8 µs a result); ``None``
    for a weight that is no float (an integer weight's votes say 1, not 1.0: none are shared)."""
    if weight.__class__ is not float or k.__class__ is not int:
        return None
    found = _VOTES.get((weight, k))
    if found is None:
        if len(_VOTES) >= 8:  # a caller trying weights (what-if): keep a few
            _VOTES.clear()
        found = _VOTES[weight, k] = {}
    return found


def _page(generation: Generation, items: list[Fused], run: _Run, focus: str | None = None,
          windows: float = 1.0) -> tuple[Ranked, ...]:
    """Every result of a page: the location, then every number that ranked it and each engine's
    own reason; the snippets read together
    (:func:`~maguyva_tui.core.results.shown_page`: the newlines of each file asked for once), a
    line hit shown as itself without asking for its chunk (1-2 µs a result of a literal's page).
    An item one engine found (the direct path's every one) is made in this loop, without the lists
    and sets a blend needs (:func:`_votes`) or a call per result (a literal's page: a hundred).
    ``windows``: the factor the blend gave a line window (``Plan.windows``), named in ``demoted_as``."""
    shown = []
    for item in items:
        hit, key = item.hit, item.key
        shown.append(hit if key[1] == hit.start_line and key[2] == hit.end_line else _displayed(generation, item))
    lists = run.lists
    out = []
    templates = _templates(generation)
    new_ranked, new_vote = _new_ranked, _new_vote
    for item, hit_shown, (start, end, text) in zip(items, shown, shown_page(generation.snapshot, shown, focus)):
        contributions = item.contributions
        part = contributions[0][1] if len(contributions) == 1 else None
        if part is None:
            out.append(_votes(item, hit_shown, (start, end, text), lists, templates, windows))
            continue
        name = contributions[0][0]
        own = lists.get(name, ())
        rank = part.rank
        voter = own[rank] if rank < len(own) else None  # the engine's own hit: its reason and lines
        lines: tuple[int, ...]
        if voter is None:
            vote, lines = new_vote(rank, part.score, part.weight, part.contribution, None, None), ()
        else:
            vote = new_vote(rank, part.score, part.weight, part.contribution, voter.reason, voter.depth)
            lines = (voter.start_line,) if _matched_line(name, voter) else ()
        demotion = item.demotion
        template = demotion < 1.0 and templates is not None and templates(item.key)
        out.append(new_ranked(  # positional, in RANKED_FIELDS' order (checked below)
            hit_shown.path, start, end, hit_shown.symbol, hit_shown.kind, hit_shown.language, item.score, text,
            ((name, vote),), item.centrality, item.boost, demotion, item.folded, lines, hit_shown.depth,
            item.file_credit, item.credits, item.copies, item.lift, 1.0, (), 1.0, (),
            demotion_kinds(item.key[0], demotion, template, _window_factor(item, windows)) if demotion < 1.0 else (),
            item.signature, item.signature_rank, item.signature_cosine,
        ))
    return tuple(out)


def _window_factor(item: Fused, windows: float) -> float:
    """The factor the blend gave an item for being a line window (``fuse``'s ``windows``), else 1."""
    return windows if windows < 1.0 and item.hit.kind == "window" else 1.0


def _votes(item: Fused, shown: Hit, lines_shown: tuple[int, int, str], lists: Mapping[str, list[Hit]],
           templates: Callable[[ChunkKey], bool] | None = None, windows: float = 1.0) -> Ranked:
    """One result from its fused item, the hit it shows and that hit's lines and snippet: each
    engine's vote or its absence, the lines they matched on (``templates``: :func:`_templates`)."""
    votes: list[tuple[str, Vote | None]] = []
    match_lines: set[int] = set()
    for name, part in item.contributions:
        if part is None:
            votes.append((name, None))
            continue
        own = lists.get(name, ())
        hit = own[part.rank] if part.rank < len(own) else None
        if hit is not None and _matched_line(name, hit):
            match_lines.add(hit.start_line)
        votes.append((name, _new_vote(part.rank, part.score, part.weight, part.contribution,
                                      hit.reason if hit else None, hit.depth if hit else None)))
    lines = (*match_lines,) if len(match_lines) < 2 else tuple(sorted(match_lines))  # one engine: no sort
    start, end, text = lines_shown
    return _new_ranked(  # positional, in RANKED_FIELDS' order (checked below): 19 keywords cost 1 µs a result
        shown.path, start, end, shown.symbol, shown.kind, shown.language, item.score, text, (*votes,),
        item.centrality, item.boost, item.demotion, item.folded, lines, shown.depth, item.file_credit, item.credits,
        item.copies, item.lift, item.name_lift, item.name_words, item.quoted_lift, item.quoted_names,
        demotion_kinds(item.key[0], item.demotion, templates is not None and templates(item.key),
                       _window_factor(item, windows))
        if item.demotion < 1.0 else (),
        item.signature, item.signature_rank, item.signature_cosine,
    )


NEAR_REASONS: Final = ("fuzzy ", "camel-hump ")
"""The structural engine's reasons for a name that holds the query's letters, not its words (its
lower :data:`~maguyva_tui.core.retrievers.structural.TIERS`): a near match, whose line holds not what
was asked (libmaxminddb's ``search nBfr --intent exact_match``, "fuzzy nbfr", had named
``#define MMDB_UNKNOWN_DATABASE_FORMAT_ERROR (6)`` among its ``match_lines``)."""


def _matched_line(engine: str, hit: Hit) -> bool:
    """Whether an engine's hit names a line that holds what it matched: a one-line hit, not a near
    name (:data:`NEAR_REASONS`; its reason says it is one)."""
    return hit.start_line == hit.end_line and not (
        engine == "structural" and hit.reason is not None and hit.reason.startswith(NEAR_REASONS))


RANKED_FIELDS = ("path", "start_line", "end_line", "symbol", "kind", "language", "score", "snippet", "votes",
                 "centrality", "boost", "demotion", "folded", "match_lines", "depth", "file_credit", "file_credits",
                 "copies", "lift", "name_lift", "name_words", "quoted_lift", "quoted_names", "demoted_as",
                 "signature", "signature_rank", "signature_cosine")
"""The order :func:`_page` and :func:`_votes` pass a result's fields in; a :class:`Ranked` whose fields move is refused at import."""
if tuple(f.name for f in fields(Ranked)) != RANKED_FIELDS:
    raise TypeError("Ranked's fields moved: update search.RANKED_FIELDS and the calls in _page and _votes")


def _displayed(generation: Generation, item: Fused) -> Hit:
    """Point a fused item at the definition it stands for; a line in a plain window stays a line."""
    hit = item.hit
    path, start, end = item.key
    if (start, end) == (hit.start_line, hit.end_line):
        return hit
    chunk = generation.chunk_at(path, hit.start_line)
    if chunk is None or chunk.symbol is None or (chunk.start_line, chunk.end_line) != (start, end):
        return hit
    return replace(hit, start_line=start, end_line=end, symbol=chunk.symbol, kind=chunk.kind)
