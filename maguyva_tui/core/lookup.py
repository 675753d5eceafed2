"""Say when a question's target is not in the index, instead of filling the page in silence.

A question about a symbol (``def zebra_unicorn_helper``, ``who calls no_such_symbol``, a lone
identifier) whose name no symbol has, or an exact string no line holds in the case asked, still
gets the engines' related results, but the answer says what it is showing: a
:class:`~maguyva_tui.core.types.LookupFailure` with one line for the user and the close names the
index knows. Decided against the symbol table and the trigram index of the question's generation,
in about a millisecond (close names only on a miss).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Final
from weakref import WeakKeyDictionary

from maguyva_tui.core import unread_files
from maguyva_tui.core.generation import Generation
from maguyva_tui.core.intent import Intent
from maguyva_tui.core.lazy_pattern import lazy
from maguyva_tui.core.locations import LOCATION_RULE, is_file_name
from maguyva_tui.core.names import normalize, qualifier_parts
from maguyva_tui.core.path_names import in_path, split
from maguyva_tui.core.types import LookupFailure, Query, echo
from maguyva_tui.core.walk import MAX_FILE_BYTES

SYMBOL_INTENTS: Final = ("find_definition", "find_references", "impact_analysis")
"""Intents whose target is a symbol's name: a name nothing defines is a failed lookup."""

CLOSE_NAMES: Final = 3
"""Close names offered at most: enough for a typo, few enough to read in one line."""

CLOSE_RATIO: Final = 0.8
"""How alike a name must be to be offered (difflib's ratio on the normalized names): one or two
letters off in a name of eight or more (``run_simpel`` -> ``run_simple``), not a shared prefix."""

LENGTH_SLACK: Final = 3
"""Names compared for closeness differ in length by at most this (a cheap filter before difflib)."""

_NAME: Final = lazy(r"(?:[^\W\d]|\$)[\w$]*(?:(?:\.|::|->)(?:[^\W\d]|\$)[\w$]*)*[!?]?")
"""A target that is a name (``parse_config``, ``Config.load``, ``ns::f``, Ruby's ``save!`` and
``valid?``), not words or a pattern."""

_MODULE_STATEMENT: Final = lazy(r"\s*(?:import|from|use|require|#include)\b")
"""``import os``: the question names a module, which the symbol table does not hold."""

_FIRST: Final = lazy(r"[^\W_]")
"""A name's first letter or digit: its normalized form starts with it, lowercased."""

_names: WeakKeyDictionary[Generation, dict[str, list[str]]] = WeakKeyDictionary()
"""Per generation: every distinct symbol name, by its normalized form's first letter (built on the
first miss)."""


def missing_symbol(generation: Generation, intent: Intent, text: str) -> LookupFailure | None:
    """Return the failure when a question about a symbol names one the index does not define
    (``None`` when it does, when the question names no symbol, or while the symbol table is still
    being built)."""
    target = intent.target
    if intent.name not in SYMBOL_INTENTS or not target or intent.rule == LOCATION_RULE:
        return None
    if not _NAME.fullmatch(target):  # a file's name (``app.py``) names no symbol
        return _missing_in_file(generation, target, text)
    if _MODULE_STATEMENT.match(text) or "structural" in generation.missing or generation.knows_symbol(target):
        return None
    if intent.name != "find_definition" and is_file_name(target):
        return None  # impact decorators.py: a file's, which missing_paths tells when no indexed file is
    if intent.name == "impact_analysis" and _names_module(generation, target):
        return None  # pkg.mod: what depends on the module, as maguyva graph impact and MCP's impact answer it
    if names_constructor(generation, target):  # Foo.new, Plain.Plain: the constructor its class runs
        return None
    if _defined_in_file(generation, target):  # widget.go::Parse, a root file's node, read as a dotted name
        return None
    close = close_names(generation, target)
    said = f"; close names: {', '.join(close)}" if close else ""
    unreadable_said = unread_files.unreadable_said(getattr(generation, "snapshot", None))
    unindexed = unread_files.said(unread_files.big_files_holding(getattr(generation, "snapshot", None), target))
    return LookupFailure(target, "symbol", f"no symbol named {echo(target)}{unreadable_said}{echo(unindexed)}{RELATED}{said}",
                         close)


def _names_module(generation: Generation, target: str) -> bool:
    """Whether the graph reads a dotted name as a module of the repository (``pkg.codec.decoder``):
    "what breaks if I change" it had said "no symbol named pkg.codec.decoder" and shown related code."""
    of_shards = getattr(generation, "import_lines", None)  # a workspace: a module of any repository (it had
    if of_shards is not None:  # said "no symbol named tinycss2.nth" where the repository alone answered)
        found = of_shards(target)
        return found is not None and not found.by_symbol
    graph = None if "graph" in generation.missing else getattr(generation.snapshot, "graph", None)
    if graph is None:
        return False
    from maguyva_tui.core.graph import queries  # here: only an unknown name's impact question loads the graph

    return bool(queries.file_nodes(graph, target))


def _missing_in_file(generation: Generation, target: str, text: str) -> LookupFailure | None:
    """The failure of a name written through its file (``pkg/a.py::nothere``) that no file defines,
    as of the bare name nothing defines: "nothing in the graph calls pkg/a.py::nothere", exit status
    0, had answered ``who calls`` (``where is ... defined``: nothing said), where ``maguyva graph`` and
    the MCP tools call it an unknown symbol. A name some file defines is :func:`~maguyva_tui.core.
    path_names.in_file`'s to tell (in another file: where it is), and a member whose own name some
    file defines may be inherited or reached through an alias: neither is said missing."""
    parts = split(target)
    if parts is None or not _NAME.fullmatch(parts[1]) or _MODULE_STATEMENT.match(text):
        return None
    name = parts[1]
    member = qualifier_parts(name)[-1]  # Sub.inherited, an alias's or a module's member: some file defines it
    if "structural" in generation.missing or generation.knows_symbol(member) or generation.structural.lookup(member):
        return None
    if names_constructor(generation, name):
        return None
    close = close_names(generation, name)
    said = f"; close names: {', '.join(close)}" if close else ""
    return LookupFailure(target, "symbol", f"no symbol named {echo(target)}{RELATED}{said}", close)


def _defined_in_file(generation: Generation, target: str) -> bool:
    """Whether ``path::name`` names a definition of that file: the graph's node id of a symbol in a
    file at the repository's root (``widget.go::Parse``, as ``who calls widget.Parse`` reads it),
    which has no ``/`` to tell it from a qualified name; "no symbol named widget.go::Parse" had
    dropped the graph's answer for a blend, for every function of a Go module's root package."""
    parts = split(target)
    if parts is None:
        return False
    path, name = parts
    return any(in_path(s.path, path) for s in generation.structural.lookup(name))


def names_constructor(generation: Generation, target: str) -> bool:
    """Tell whether a name no symbol is named is a constructor the graph answers for: Ruby's
    ``Foo.new`` (``Foo#initialize``), or one its class does not declare (Java's ``Plain.Plain``,
    TypeScript's ``Bare.constructor``), whose callers are its class's constructions."""
    graph = None if "graph" in generation.missing else getattr(generation.snapshot, "graph", None)
    owner, _, method = target.replace("::", ".").rpartition(".")
    if graph is None or not owner or method not in CONSTRUCTOR_WORDS and method != owner.rpartition(".")[2]:
        return False
    from maguyva_tui.core.graph import queries  # here: a question naming no constructor never loads the graph

    defined = queries.definitions(graph, target)
    return bool(queries.implicit_constructor(graph, target, defined) or (method == "new" and defined))


CONSTRUCTOR_WORDS: Final = frozenset({"new", "initialize", "constructor", "__construct", "__init__"})
"""The last words of a name that may name a constructor (Java's and C++'s are named as their class)."""


RELATED = "; showing related code"
"""The clause of a failure whose results are the nearest code instead."""
UNHELD = ", none of which holds it"
"""What a missing string's clause adds after :data:`RELATED`: the rows are the nearest code, and no
row is a match (zerolog's ``"no such literal string anywhere here"`` had listed chunks at cosine
0.23-0.28 under "showing related code", where ``rg`` prints nothing: they read as near matches)."""
UNHELD_EITHER = ", none of which holds either"
""":data:`UNHELD` after two strings no line holds (``no line holds "A" nor "B"``: it had said "holds it")."""
NOTHING_RELATED = "; nothing related was found either"
"""The clause that replaces it when no engine found anything (an emoji, ``--modality graph``)."""


def as_shown(failed: LookupFailure, results: Sequence[object], generation: Generation | None = None) -> LookupFailure:
    """Return the failure as the page bears it out: with no results, it does not say it shows
    related code (``no line holds "🚀"; showing related code`` had come over ``0 results``), and
    over an index of no file it says so, and why (:func:`nothing_indexed`)."""
    if results or RELATED not in failed.message:
        return failed
    empty = nothing_indexed(generation) if generation is not None else None
    message = failed.message.replace(f"{RELATED}{UNHELD}", RELATED, 1).replace(f"{RELATED}{UNHELD_EITHER}", RELATED, 1)
    return replace(failed, message=message.replace(RELATED, f"; {empty}" if empty else NOTHING_RELATED, 1))


def nothing_indexed(generation: Generation) -> str | None:
    """Say that the index holds no file, and how many the walk skipped and why (``the index holds
    no file: 2 skipped (binary)``); ``None`` when it holds some, or does not say (a far shard's).
    A folder of binary files alone had been answered "nothing related was found either", as if
    the repository had been searched. Over a workspace's view, where every repository's index
    holds no file, each one's line, named by it (``a: the index holds no file (an empty folder?)``);
    ``None`` where one holds some."""
    each = getattr(getattr(generation, "snapshot", None), "nothing_indexed", None)
    if callable(each):
        said: dict[str, str | None] = each()
        return "; ".join(f"{label}: {line}" for label, line in said.items()) if said and all(said.values()) else None
    manifest = getattr(getattr(generation, "snapshot", None), "manifest", None)
    files = getattr(manifest, "files", None)
    if manifest is None or files is None or len(files):
        return None
    skipped = {reason: n for reason, n in (getattr(manifest, "skipped", None) or {}).items() if n}
    if not skipped:
        return "the index holds no file (an empty folder?)"
    why = ", ".join(reason.replace("_", " ") for reason in sorted(skipped, key=lambda r: (-skipped[r], r)))
    return f"the index holds no file: {sum(skipped.values()):,} skipped ({why})"


class Unread(tuple[int, int]):
    """How many files the index left out for their size, and how many paths it could not read (a
    file or folder its user may not read: ``rg`` says "Permission denied" there); over a workspace,
    also the repositories with any (``where``, not part of the pair)."""

    where: tuple[str, ...]

    def __new__(cls, too_big: int, unreadable: int, where: tuple[str, ...] = ()) -> Unread:
        made = super().__new__(cls, (too_big, unreadable))
        made.where = where
        return made


def missing_literal(target: str, other_case: bool, unread: Unread | tuple[int, int] = (0, 0),
                    held: tuple[str, ...] = ()) -> LookupFailure:
    """Return the failure for a string no line holds in the case asked (``other_case``: some line
    holds it in another case, and the results are those lines); ``unread``: files the index left
    out for their size, which ``rg`` would still read, and paths it could not read (the answer then
    says no *indexed* line holds it, and what it did not read); ``held``: those big files that hold
    it (``; big.min.js holds it, not indexed (over 1 MiB)``)."""
    lines, unread_said = _unread_said(unread)
    unread_said += echo(unread_files.said(held))
    if other_case:
        message = f'{lines} holds "{echo(target)}" in this case{unread_said}; showing the lines that hold it in another case'
    else:
        message = f'{lines} holds "{echo(target)}"{unread_said}{RELATED}{UNHELD}'
    return LookupFailure(target, "literal", message, other_case=other_case)


def lines_said(unread: Unread) -> tuple[str, str]:
    """:func:`_unread_said`, for another module's sentence about a string no line holds."""
    return _unread_said(unread)


def _unread_said(unread: Unread | tuple[int, int]) -> tuple[str, str]:
    """"no line" or "no indexed line", and what the index did not read (`` (2 files over 1 MiB not
    indexed)``, over a workspace with its repositories: `` (1 unreadable path not indexed, in lib)``;
    else nothing)."""
    too_big, unreadable = unread[0], unread[1]
    said = []
    if too_big:
        said.append(f"{too_big:,} {'file' if too_big == 1 else 'files'} over {MAX_FILE_BYTES // (1024 * 1024)} MiB")
    if unreadable:
        said.append(f"{unreadable:,} unreadable {'path' if unreadable == 1 else 'paths'}")
    where = unread_files.where_said(unread.where if isinstance(unread, Unread) else ())
    return ("no indexed line", f" ({' and '.join(said)} not indexed{where})") if said else ("no line", "")


def unmatched_regex(generation: Generation, pattern: str, ran: Sequence[str], results: Sequence[object]) -> LookupFailure | None:
    """The failure of a regex the text engine ran and no line matches, said as a string no line
    holds is; ``None`` when some result came, the text engine did not run, or its index is not
    built yet. It had been said by ``maguyva search`` alone: a workspace's search and the MCP
    ``search`` answered a regex matching nothing with ``0 results`` and no word."""
    if results or "text" not in ran or "text" in getattr(generation, "missing", ()):
        return None
    lines, unread_said = _unread_said(unread(generation))
    empty = nothing_indexed(generation)
    said = f'{lines} matches the regex "{echo(pattern)}"{unread_said}{f"; {empty}" if empty else ""}'
    return LookupFailure(pattern, "literal", said)


def unread(generation: Generation) -> Unread:
    """How many files the index left out for their size and how many paths it could not read, from
    its manifest ((0, 0) where the generation does not say); over a workspace's view, summed over its
    repositories, with those that have any."""
    by_repository = unread_files.skipped_by_repository(getattr(generation, "snapshot", None))
    if by_repository is not None:
        return Unread(sum(big for big, _ in by_repository.values()), sum(n for _, n in by_repository.values()),
                      tuple(label for label, counts in by_repository.items() if any(counts)))
    manifest = getattr(getattr(generation, "snapshot", None), "manifest", None)
    found = getattr(manifest, "skipped", None)
    skipped = found if isinstance(found, dict) else {}
    too_big, unreadable = skipped.get("too_large", 0), skipped.get("unreadable", 0)
    return Unread(too_big if isinstance(too_big, int) else 0, unreadable if isinstance(unreadable, int) else 0)


def literal_found(generation: Generation, query: Query, case: str) -> bool | None:
    """Tell whether some line holds the question's literal in ``case`` (``None`` while the text
    index is still being built)."""
    if "text" in generation.missing or not query.target:
        return None
    holds = getattr(generation.text, "holds_literal", None)  # a far shard's engine may not say it alone
    if holds is not None:
        return bool(holds(query.target, case))  # the first file holding it answers (helper: not 98,000 ranked)
    return bool(generation.text.literal_lines(query.target, case, 1))


def close_names(generation: Generation, name: str) -> tuple[str, ...]:
    """Names the index defines that are spelled like ``name``: its case or separators changed
    (``parseConfig`` -> ``parse_config``), else a letter or two off, most alike first (then most
    alike as written: ``parse_confg`` offers ``parse_config`` before ``parseConfig``). A qualified
    name's own member under an owner spelled like its owner comes first (:func:`_close_members`)."""
    bare = re.split(r"\.|::|->", name)[-1]
    wanted = normalize(bare)
    if not wanted:
        return ()
    spelled_alike = _close_bare(generation, bare, wanted)
    members = _close_members(generation, name, [bare, *spelled_alike]) if len(qualifier_parts(name)) > 1 else []
    return tuple(dict.fromkeys([*members, *spelled_alike]))[:CLOSE_NAMES]


def _close_members(generation: Generation, name: str, members: Sequence[str]) -> list[str]:
    """``owner.member`` where ``name`` is ``Owner.member`` and no owner is spelled so: the
    definitions of ``members`` (the member asked first, then those spelled like it) whose owner
    is spelled as the one asked in another case or with other separators, else a letter or two off,
    written with the separators asked. Go's ``Decoder.decode`` had offered ``Decode, decoder,
    decodeInt``, not hcl's ``decoder.decode``, and ``Decoder.decodeStruct`` nothing: the member's
    own name was never offered, as it is the name asked."""
    asked = qualifier_parts(name)
    owner = normalize("".join(asked[:-1]))
    separator = next((s for s in (".", "::", "->") if s in name), ".")
    matcher = difflib.SequenceMatcher(None, "", owner)
    scored = []
    for rank, member in enumerate(members):
        for symbol in generation.structural.lookup(member):
            parts = qualifier_parts(symbol.qualname)
            if len(parts) < len(asked) or parts[-1] != member:
                continue
            theirs = normalize("".join(parts[-len(asked):-1]))
            matcher.set_seq1(theirs)
            if theirs == owner or matcher.ratio() >= CLOSE_RATIO:
                said = separator.join(parts[-len(asked):])
                scored.append((rank, -1.0 if theirs == owner else -matcher.ratio(), said))
    return [said for *_, said in sorted(scored)]


def _close_bare(generation: Generation, bare: str, wanted: str) -> list[str]:
    """:func:`close_names` of a bare name (``wanted``, normalized), the name itself left out."""
    matcher = difflib.SequenceMatcher(None, "", wanted)  # the second sequence is the one difflib indexes
    scored = []
    shortest = len(wanted) - LENGTH_SLACK
    for candidate in _initialed(generation, wanted[0], shortest, len(wanted) + LENGTH_SLACK):
        if candidate == bare or (len(candidate) < shortest and candidate.isascii()):
            continue  # an ASCII name normalizes to at most its own length: too short already
        norm = normalize(candidate)
        if abs(len(norm) - len(wanted)) > LENGTH_SLACK:
            continue
        matcher.set_seq1(norm)
        if norm == wanted or (matcher.real_quick_ratio() >= CLOSE_RATIO and matcher.quick_ratio() >= CLOSE_RATIO
                              and matcher.ratio() >= CLOSE_RATIO):
            spelled = difflib.SequenceMatcher(None, bare, candidate).ratio()  # parse_confg: parse_config first
            scored.append((-1.0 if norm == wanted else -matcher.ratio(), -spelled, candidate))
    return [candidate for *_, candidate in sorted(scored)]


def other_case_names(generation: Generation, word: str) -> tuple[str, ...]:
    """The symbol names spelled as ``word`` is in another case (``SEND``: ``send``, ``Send``), sorted;
    none while the symbol table is being built."""
    if "structural" in generation.missing:
        return ()
    head = _initial(word)
    if head is None:
        return ()
    folded = word.casefold()
    return tuple(sorted({name for name in _by_initial(generation).get(head, ())
                         if name != word and name.casefold() == folded}))


def respelled_names(generation: Generation, word: str) -> tuple[str, ...]:
    """The symbol names that are ``word`` in another case or with other underscores
    (``sortedkeylist``, ``sorted_key_list``: ``SortedKeyList``), sorted; none while the symbol
    table is being built."""
    if "structural" in generation.missing:
        return ()
    head = _initial(word)
    wanted = normalize(word)
    if head is None or not wanted:
        return ()
    return tuple(sorted({name for name in _by_initial(generation).get(head, ())
                         if name != word and normalize(name) == wanted}))


def _initial(name: str) -> str | None:
    """The group a name is kept in by :func:`_by_initial`: its first letter or digit, lowercased."""
    head = name.lstrip("_$")[:1]
    if not head.isalnum():
        first = _FIRST.search(name)
        if first is None:
            return None
        head = first.group()
    return head.lower()[0]


def _initialed(generation: Generation, head: str, shortest: int, longest: int) -> Sequence[str]:
    """:func:`_by_initial`'s group ``head``, or (in another order) those of its names that may
    normalize to ``shortest`` to ``longest`` letters where the structural engine reads that from
    the names' bytes (a stored index's: 100,000 files, a few hundred names decoded, where all
    333,000 had been grouped), unless the groups are made already."""
    headed = getattr(generation.structural, "names_headed", None)
    if headed is None or generation in _names:
        return _by_initial(generation).get(head, ())
    return [name for name in headed(head, shortest, longest) if _initial(name) == head]


def _by_initial(generation: Generation) -> dict[str, list[str]]:
    """Every distinct symbol name of a generation by the first letter of its normalized form (its
    first letter or digit, lowercased), read from the structural engine's names: no symbol is made,
    and a name is normalized only when a question's close names look at it (100,000 files:
    332,000 names; normalizing each and making every symbol took 10 s of a missed name)."""
    found = _names.get(generation)
    if found is None:
        groups: dict[str, list[str]] = {}
        for candidate in generation.structural.names():
            head = _initial(candidate)  # most names: a letter, after any underscores
            if head is not None:
                groups.setdefault(head, []).append(candidate)
        found = _names[generation] = groups
    return found
