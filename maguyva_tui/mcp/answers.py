"""Compact answers for agents: what the engine found, small enough to keep in a context window.

Every answer is a plain JSON-able dict. Locations read ``"path"`` plus ``"lines": "12-21"``
(1-based, inclusive); snippets are cut to a few short lines; per-engine ranks are 1-based (1 = that
engine's best) and ``null`` when an engine that ran did not find the result. Errors an agent can
fix (an unknown symbol, an empty question) raise ``AnswerError`` with a message that says what to do.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeAlias, TypeVar

from maguyva_tui.core.answers import (
    Definition,
    GraphAnswer,
    Site,
    from_root,
    go_package_folder,
    graph_question,
    no_name,
    slashed,
    symbol_as_meant,
)
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.explain import asks_phrase, text_reason
from maguyva_tui.core.types import SNIPPET_LINES, Ranked, SearchResult
from maguyva_tui.graph_command import answer_notes

LINE_CHARS = 160
"""A longer line is cut here, shorter than a terminal's cut (``SNIPPET_LINE_CHARS``, 240): one minified
line must not flood an agent's context, where every character costs."""
MATCH_LINES = 3
"""Matching lines shown per result when they fall outside its snippet."""
SOURCE_LINES = 60
"""The most lines of a definition's source that find_definition returns."""
A = TypeVar("A", bound=GraphAnswer[Any])
LineReader: TypeAlias = Callable[[str, int, int], list[str]]
"""Lines ``start..end`` (1-based, inclusive) of an indexed file, of one generation of the index."""

ECHO_CHARS = 200
"""A name or question said back to the agent is cut here: it sent it, and a megabyte of it costs its context."""
SCORE_DIGITS = 4  # fused scores are small (≈ weight / (k + rank)); four significant digits tell them apart
MAX_RESULTS = 50
"""The search tool's largest limit (the server's ``MAX_SEARCH_RESULTS``)."""
MAX_LISTED = 200
"""The most references or dependents one ``find_references`` or ``impact`` call returns."""


class AnswerError(Exception):
    """A question the engine cannot answer as asked; the message says why and what to try."""


def echo(text: str) -> str:
    """Return what the agent sent, to say back: cut to ``ECHO_CHARS`` with an ellipsis."""
    return text if len(text) <= ECHO_CHARS else text[: ECHO_CHARS - 1] + "…"


def lines(start: int, end: int) -> str:
    """Write a line span the way an agent cites it: ``"12-21"``, or ``"12"`` for one line."""
    return str(start) if end <= start else f"{start}-{end}"


def trim(text: str, max_lines: int = SNIPPET_LINES) -> str:
    """Dedent, keep the first lines, and cut each to a readable width."""
    rows = [row.removesuffix("\r") for row in text.removesuffix("\n").split("\n")[:max_lines]]  # CRLF's \r dropped
    kept = textwrap.dedent("\n".join(rows)).split("\n")  # a \r or \f within a line stays there: splitlines broke it
    return "\n".join(line if len(line) <= LINE_CHARS else line[: LINE_CHARS - 1] + "…" for line in kept)


def _round(value: float) -> float:
    return float(f"{value:.{SCORE_DIGITS}g}")


# -- search ----------------------------------------------------------------------------------------

def search_answer(engine: Engine, query: str, **options: Any) -> dict[str, Any]:
    """Search (``options`` as ``Engine.search`` takes them) and shrink the result to what an agent
    needs; every line shown, in the snippet or beyond it, comes from the generation that ranked it."""
    parts = engine.parts()
    limit = options.get("limit")
    if not isinstance(limit, int):
        return compact(engine.search(query, parts=parts, **options), parts.generation.snapshot.lines)
    result = engine.search(query, parts=parts, **{**options, "limit": limit + 1})  # one more: was the list cut?
    cut = len(result.results) > limit
    out = compact(replace(result, results=result.results[:limit]), parts.generation.snapshot.lines)
    if cut and result.lists_whole:
        out["truncated"] = truncated_notice(limit, result)
    return out


WHOLE_LISTS = {"callers": "find_references", "impact": "impact"}
"""The tool that lists a graph question's answer longer than a search may (up to 200)."""


def truncated_notice(limit: int, result: SearchResult | None = None) -> str:
    """What ``truncated`` says of a whole list the limit cut (one engine's, answering alone); of
    "who calls X" or "what breaks if I change X" cut at the search's most, the tool that lists more
    (a search of 120 callers had said only "narrow the query")."""
    tool = WHOLE_LISTS.get(graph_question(result) or "") if result is not None and limit >= MAX_RESULTS else None
    if tool is not None and result is not None and result.target:
        return (f"showing the first {limit}; more match: {tool} with name {json.dumps(result.target, ensure_ascii=False)} "
                f"lists up to {MAX_LISTED}")
    return (f"showing the first {limit}; more match: "
            + ("narrow the query" if limit >= MAX_RESULTS else f"raise limit (at most {MAX_RESULTS}) or narrow the query"))


def compact(result: SearchResult, read: LineReader) -> dict[str, Any]:
    """The explanation header and compact hits of a result, lines beyond a snippet read with ``read``."""
    run = result.modalities_run
    out: dict[str, Any] = {
        "query": echo(result.query),
        "intent": result.intent,
        "confidence": result.confidence,
        "rule": result.rule,
        "target": result.target,
        "fusion_strategy": result.fusion_strategy,
        "preset": result.preset,
        "engines_run": list(run),
        "weights": {m: w for m, w in result.weights if m in run},
    }
    if result.faded:  # an engine the blend counted at less than its weight, and why (as --json says it)
        out["faded"] = {name: {"factor": factor, "why": why} for name, factor, why in result.faded}
    tiers = dict(result.semantic_tiers)
    if "semantic" in run and (result.semantic_coverage < 1.0 or min(tiers.values(), default=1.0) < 1.0):
        out["semantic_coverage"] = round(result.semantic_coverage, 2)
        out["semantic_tiers"] = {tier: round(value, 2) for tier, value in tiers.items()}
    if result.notices:
        out["notices"] = list(result.notices)
    if result.lookup_failed:  # the results are related code, not the symbol or string asked for
        out["lookup_failed"] = result.lookup_failed.to_json()
    phrase = asks_phrase(result)
    out["results"] = [_search_hit(r, read, phrase) for r in result.results]
    return out


def _search_hit(r: Ranked, read: LineReader, phrase: bool = False) -> dict[str, Any]:
    hit: dict[str, Any] = {"path": r.path, "lines": lines(r.start_line, r.end_line)}
    if r.symbol:
        hit["symbol"] = r.symbol
    if r.kind:  # a call or import outside any definition too (its symbol null): it had said neither
        hit["kind"] = r.kind
    hit["score"] = _round(r.score)
    if r.demoted_as:  # as the CLI's --json says it (``Ranked.to_json``): why a test or vendored file ranks lower
        hit["demoted_as"] = list(r.demoted_as)
    hit["ranks"] = {m: (v.rank + 1 if v else None) for m, v in r.votes}
    hit["why"] = {m: text_reason(v.reason, phrase and m == "text") for m, v in r.votes if v and v.reason}
    if r.depth is not None:
        hit["depth"] = r.depth
    hit["snippet"] = trim(r.snippet or "")
    matches = _match_lines(read, r)
    if matches:
        hit["matches"] = matches
    return hit


def _match_lines(read: LineReader, r: Ranked) -> list[str]:
    """The matching lines that the snippet does not already show, as ``"44: text"``."""
    shown_end = r.start_line + SNIPPET_LINES - 1
    wanted = [n for n in r.match_lines if n > shown_end][:MATCH_LINES]
    return [f"{n}: {_line(read, r.path, n)}" for n in wanted]


# -- definitions -----------------------------------------------------------------------------------

def definition_answer(engine: Engine, name: str, kind: str | None, with_source: bool, limit: int) -> dict[str, Any]:
    """Every definition of a name (bare, qualified or dotted tail), best first; a place with a line,
    the definition holding it (:func:`at_place`), the note saying which; a line in no definition is
    refused saying so. A place had been "no indexed file or folder is src/a.py:40", which
    find_references and impact read."""
    name, said = at_place(engine, name)
    if said and "::" not in name:  # the file, no definition of it: nothing to show as one
        raise AnswerError(f"{said.partition(';')[0]} of {name}: read the file, or search it")
    return _placed(_definition_answer(engine, name, kind, with_source, limit), said)


def _definition_answer(engine: Engine, name: str, kind: str | None, with_source: bool, limit: int) -> dict[str, Any]:
    name = _symbol_name(name, engine.root)
    answer = engine.definitions(name, (kind,) if kind else ())
    if not answer.known and answer.missing:  # /etc/passwd: as find_references and impact say it
        raise AnswerError(f"in {engine.root}, {answer.missing}.")
    if not answer.known:
        what = f"{kind} named" if kind else "definition of"
        said = _module_said(engine, name) if kind in (None, "module") else ""
        if said:
            raise AnswerError(f"{echo(name)!r} is no symbol defined in {engine.root} but {said}")
        raise AnswerError(f"no {what} {echo(name)!r} in the index of {engine.root}{answer.unreadable_said}."
                          f"{_other_kinds(engine, name, kind) or _suggest(answer)}")
    items = [_definition(answer, d, with_source) for d in answer.entries[:limit]]
    return {"symbol": echo(name), **_listing("definitions", items, answer.total)}


MODULE_FILES_SAID = 3
"""The files of a module a refused find_definition names at most."""


def _module_said(engine: Engine, name: str) -> str:
    """What a name no symbol has but a module, file or folder of the repository has is, and which
    tools answer it (``pyasn1.codec.ber.decoder``: the file pyasn1/codec/ber/decoder.py); empty for
    any other name. It had offered the close names Decoder and decode, as if nothing had that name."""
    return module_said(engine.importers(name, 1).nodes)


def module_said(files: Sequence[str]) -> str:
    """What the files a module, file or folder name has make it, and which tools answer it (empty
    for none): one repository's, or a workspace's files named with their repositories."""
    if not files:
        return ""
    shown = ", ".join(files[:MODULE_FILES_SAID]) + (f" and {len(files) - MODULE_FILES_SAID} more"
                                                     if len(files) > MODULE_FILES_SAID else "")
    what = f"a module or file: {shown}" if len(files) == 1 else f"a module, file or folder of {len(files)} files: {shown}"
    return f"{what} (find_references lists the lines importing it, impact what depends on it)."


def _other_kinds(engine: Engine, name: str, kind: str | None) -> str:
    """A sentence naming the kinds a name is defined as when none is ``kind`` (a Rust struct asked
    for as a class), where the close names alone had read as if nothing of the name were defined."""
    if not kind:
        return ""
    found = [d.symbol for d in engine.definitions(name).entries if d.symbol is not None]
    if not found:
        return ""
    kinds = sorted({s.kind for s in found})
    first = found[0]
    return (f" {echo(name)} is defined as {' and '.join(kinds)} ({first.path}:{first.start_line}); "
            f"ask with kind {kinds[0]}, or without kind.")


def source_cut(path: str, start: int, end: int) -> str:
    """What ``source_truncated`` says of a definition longer than ``SOURCE_LINES``: which lines the
    source shows and which to read for the rest (it had been ``true``, naming neither)."""
    shown = start + SOURCE_LINES - 1
    return (f"showing lines {start}-{shown} of {start}-{end}; "
            f"read {path} lines {lines(shown + 1, end)} for the rest")


def _definition(answer: GraphAnswer[Definition], d: Definition, with_source: bool) -> dict[str, Any]:
    s = d.symbol
    assert s is not None, "a definition found by name has its symbol"
    item: dict[str, Any] = {"path": s.path, "lines": lines(s.start_line, s.end_line), "symbol": s.qualname,
                            "kind": s.kind, "language": s.language, "signature": trim(s.signature, 1)}
    if with_source:
        text = "\n".join(answer.lines(s.path, s.start_line, s.end_line))
        item["source"] = trim(text, SOURCE_LINES)
        if s.end_line - s.start_line + 1 > SOURCE_LINES:
            item["source_truncated"] = source_cut(s.path, s.start_line, s.end_line)
    return item


# -- references and impact -------------------------------------------------------------------------

NO_RESOLVED_USES = ("no resolved uses; dynamic calls (getattr, callbacks, reflection) are not tracked: "
                    "try search with the quoted name for textual mentions")
"""The first of ``notes`` when the graph resolved no use of the name."""


def other_kinds_said(name: str, kind: str, counts: dict[str, int]) -> str | None:
    """The note of a ``kind`` of use the name has none of, where it has uses of other kinds (``no
    inherit use of Visitor; it has 3 resolved uses of other kinds (call 2, import 1): leave kind out
    to list them``); ``None`` where it has none of any kind. "no resolved uses" had stood alone, and an
    agent read it as nothing using the name."""
    total = sum(counts.values())
    if not total:
        return None
    each = ", ".join(f"{k} {n}" for k, n in counts.items())
    return (f"no {kind} use of {echo(name)}; it has {total} resolved {'use' if total == 1 else 'uses'} of other "
            f"kinds ({each}): leave kind out to list them")


def _none_of_kind(engine: Engine, name: str, kind: str | None) -> str:
    """The first note of an empty list of references: what other kinds of use the name has, where
    ``kind`` filtered them all out, else :data:`NO_RESOLVED_USES`."""
    if kind is None:
        return NO_RESOLVED_USES
    return other_kinds_said(name, kind, dict(engine.references(name, (), 1).counts)) or NO_RESOLVED_USES


def at_place(engine: Engine, name: str) -> tuple[str, str | None]:
    """The name to ask about, and the sentence saying which definition a place with a line stood
    for (:meth:`Engine.place_name`); a place of no one line of one file is refused, as is a name
    that reads as none (first: that refusal says what the name was read as)."""
    cleaned = _symbol_name(name, engine.root)
    found = engine.place_name(cleaned)
    if found.refused:
        raise AnswerError(found.refused)
    return (found.name, found.said) if found.said else (name, None)


def _placed(out: dict[str, Any], said: str | None) -> dict[str, Any]:
    """An answer with the sentence saying which definition a place stood for first in its notes."""
    if said:
        out["notes"] = [said, *out.get("notes", ())]
    return out


def references_answer(engine: Engine, name: str, kind: str | None, limit: int) -> dict[str, Any]:
    """Every resolved use of a symbol's definitions: calls, subclasses, type uses, imports; a place
    with a line, of the definition holding it (:func:`at_place`)."""
    name, said = at_place(engine, name)
    return _placed(_references(engine, name, kind, limit), said)


def _references(engine: Engine, name: str, kind: str | None, limit: int) -> dict[str, Any]:
    written, name = name, _symbol_name(name, engine.root)
    found = engine.references(name, (kind,) if kind else (), limit)
    if not found.known and kind in (None, "import"):  # a module or file: pkg.mod, config.h, ./utils
        module = from_root(engine.root, slashed(written.strip().strip("\"'`<>")))
        imported = engine.importers(module, limit) if module else found
        if imported.known:
            return _importers(imported, module)
    answer = _known(engine, found)
    several = len(answer.definitions) > 1
    items = [_reference(answer, s, several) for s in answer.entries]
    out = {"symbol": echo(name), "definitions": [_where(answer, d) for d in answer.definitions], "counts": dict(answer.counts),
           **_listing("references", items, answer.total)}
    notes = [answer.kept] if answer.kept else [] if answer.total else [_none_of_kind(engine, name, kind)]
    notes += engine.callers_notes(name) if kind in (None, "call") else ()
    if notes:  # one key for what the list leaves out: a lone "note" beside "notes" had been described nowhere
        out["notes"] = notes
    return out


def _importers(answer: GraphAnswer[Site], module: str) -> dict[str, Any]:
    """The lines importing a module or file that no symbol is named as: its files are the
    definitions, each line's target the file it reaches when the name names several."""
    package = go_package_folder(answer.nodes)  # a Go package's lines import it whole, no one file of it
    several = len(answer.definitions) > 1 and package is None
    items = [_reference(answer, s, several) for s in answer.entries]
    out = {"symbol": echo(module), "module": True,
           "definitions": [{"node": d.node, "path": d.node, "kind": "file"} for d in answer.definitions],
           "counts": dict(answer.counts), **_listing("references", items, answer.total)}
    folder = answer.folder
    if not answer.total:  # first: "the lines importing each are listed" had stood over an empty list
        said = f"no line of the repository imports {echo(module)}" + (" from outside it" if folder else "")
    elif folder:
        said = (f"{echo(module)} is a folder of {len(answer.definitions)} files; the lines importing them "
                "from outside it are listed")
    elif package is not None:
        said = (f"{echo(module)} is the Go package of {package + '/' if package else 'the root folder'} "
                f"({len(answer.definitions)} files); the lines importing it are listed")
    elif several:
        said = f"{echo(module)} names {len(answer.definitions)} files; the lines importing each are listed"
    else:
        return out
    out["notes"] = [said]
    return out


def _reference(answer: GraphAnswer[Site], site: Site, several: bool) -> dict[str, Any]:
    item: dict[str, Any] = {"path": site.path, "line": site.line, "kind": site.kind, "in": site.caller,
                            "text": _line(answer.lines, site.path, site.line)}
    if several:
        item["target"] = site.target
    if site.overload:  # which of an overloaded method's bodies the call's argument count fits
        item["overload"] = site.overload
    return item


def impact_answer(engine: Engine, name: str, depth: int, limit: int) -> dict[str, Any]:
    """Everything that depends on a symbol within ``depth`` edges, nearest first, then most central;
    a place with a line, on the definition holding it (:func:`at_place`)."""
    name, said = at_place(engine, name)
    return _placed(_impact(engine, name, depth, limit), said)


def _impact(engine: Engine, name: str, depth: int, limit: int) -> dict[str, Any]:
    name = _symbol_name(name, engine.root)
    answer = _known(engine, engine.impact(name, depth, limit))
    items = [
        {"path": d.path, "lines": lines(d.start_line, d.end_line), "symbol": d.symbol, "kind": d.kind,
         "depth": d.depth, "via": d.via, "edge": d.edge}
        for d in answer.entries
    ]
    out = {"symbol": echo(name), "definitions": [_where(answer, d) for d in answer.definitions], "max_depth": depth,
           "by_depth": {str(k): v for k, v in answer.by_depth},
           **_listing("dependents", items, answer.total)}
    notes = list(engine.impact_notes(name))  # the calls naming it the graph could not tie, as the search says them
    if not answer.total:  # as `maguyva graph impact` says it: no note at all had stood over an empty list
        notes = answer_notes("impact", name, answer, notes)
    if notes:
        out["notes"] = notes
    return out


def _known(engine: Engine, answer: A) -> A:
    """The answer itself; ``AnswerError`` when nothing of its name is defined."""
    if not answer.known and answer.missing:  # a path: no such file or folder here, the close paths
        raise AnswerError(f"in {engine.root}, {answer.missing}.")  # "close paths: a, b in /r" read as if in /r
    if not answer.known:
        unindexed = f" {echo(answer.unindexed_said.removeprefix('; '))}." if answer.unindexed else ""  # a path as it is
        raise AnswerError(f"unknown symbol {echo(answer.name)!r}: nothing of that name is defined in {engine.root}"
                          f"{answer.unreadable_said}."  # a file without read permission may define it, as graph says
                          f"{unindexed}{_still_named(engine, answer.name)}{_suggest(answer)}")
    return answer


def _still_named(engine: Engine, name: str) -> str:
    """A sentence saying that lines still name an unknown symbol, and how to list them: an agent
    that has deleted a definition asks who still uses it, and had read "nothing of that name" as
    nothing left to fix (urllib3's ``make_headers``: 3 imports and a call left behind)."""
    try:
        named = engine.spells_whole(name)
    except (OSError, ValueError):  # the index moved under the question: the error stands alone
        return ""
    if not named:
        return ""
    return (f" Lines still name it (an import, a call into another package, or what a deleted definition left): "
            f"search {json.dumps(echo(name), ensure_ascii=False)} lists them.")


def _where(answer: GraphAnswer[Any], d: Definition) -> dict[str, Any]:
    s = d.symbol
    if s is None:  # a file (impact of a module or path) names itself
        return {"node": d.node} if "::" in d.node else {"node": d.node, "path": d.node, "kind": "file"}
    item: dict[str, Any] = {"node": d.node, "path": s.path, "lines": lines(s.start_line, s.end_line), "kind": s.kind}
    spans = answer.spans(d)
    if len(spans) > 1:  # overloads: their uses are the node's, not only the first's
        item["spans"] = [lines(o.start_line, o.end_line) for o in spans]
    return item


# -- shared ----------------------------------------------------------------------------------------

def _symbol_name(name: str, root: Path | None = None) -> str:
    """The name an agent meant (:func:`~maguyva_tui.core.names.symbol_as_meant`: ``Flask.``,
    ```parse()```, a path through the repository's root), which every tool then reads alike; an
    empty one is refused."""
    cleaned = symbol_as_meant(name, root)
    if not cleaned:
        raise AnswerError(no_name(name.strip()))
    return cleaned


def _suggest(answer: GraphAnswer[Any]) -> str:
    """A sentence naming close symbols, or advice when there are none."""
    if answer.suggestions:
        return " Closest names: " + ", ".join(answer.suggestions) + "."
    return " Use the search tool to look for it by description or as quoted text."


def _line(read: LineReader, path: str, number: int) -> str:
    """One stripped line of an indexed file, cut to width; empty when it cannot be read."""
    try:
        found = read(path, number, number)
    except (OSError, KeyError, ValueError):
        return ""
    return trim(found[0].strip(), 1) if found else ""


def _listing(key: str, items: list[dict[str, Any]], total: int) -> dict[str, Any]:
    """A list with its total, saying so when the limit cut it."""
    out: dict[str, Any] = {"total": total, key: items}
    if total > len(items):
        out["truncated"] = f"showing {len(items)} of {total}; raise limit to see more"
    return out
