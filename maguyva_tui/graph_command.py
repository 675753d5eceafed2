"""``maguyva graph callers|callees|impact|subtypes|overrides|importers NAME``: the graph's direct
answers in the search schema (``importers``: NAME is a module or file, ``pkg.mod``, ``config.h``)."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import Any

from maguyva_tui.core.answers import (
    DEFAULT_DEPTH,
    Callee,
    GraphAnswer,
    ImpactEntry,
    Site,
    Subtype,
    from_root,
    no_name,
    symbol_as_meant,
)
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.types import QueryError, echo
from maguyva_tui.terminal import printable


def graph_answer(engine: Engine, action: str, name: str, depth: int | None, limit: int) -> dict[str, Any]:
    """Answer one graph question and return the JSON result."""
    started = time.perf_counter()
    typed = name
    name = (from_root(engine.root, name.strip().strip("\"'`<>")) if action == "importers"  # ./utils, <lib/x.h>
            else symbol_as_meant(name, engine.root))  # Flask. or `parse()` as MCP's tools read them
    if not name:  # '::' or '()' had been "empty name", as if nothing had been typed
        raise QueryError(no_name(typed.strip()))  # as MCP's tools say it
    if limit < 1:
        raise QueryError("--limit must be at least 1")
    if depth is not None and depth < 1:
        raise QueryError("--depth must be a whole number of at least 1")
    said: list[str] = []  # src/a.py:120: the definition holding the line, as MCP's impact and find_references read it
    if action != "importers" and (placed := engine.place_name(name)).refused:
        raise QueryError(printable(placed.refused))
    if action != "importers" and placed.said:
        said, name, typed = [placed.said], placed.name, placed.name
    answer = _ask(engine, action, name, depth, limit)
    of_symbol = of_module = False
    if not answer.known and action == "callers":  # a module, file or folder: the lines importing it, as MCP's
        module = from_root(engine.root, typed.strip().strip("\"'`<>"))  # find_references lists them (graph
        imported = engine.importers(module, limit) if module else answer  # impact knew it, callers had said
        if imported.known:  # "unknown symbol 'pkg.mod': no definition of it in the graph")
            answer, name, of_module = imported, module, True
    if not answer.known and action == "importers":  # a class or function: the lines importing it by name
        answer, of_symbol = engine.symbol_importers(name, limit), True
        if not answer.known and answer.missing:  # ../setup.py, /etc/passwd: as callers and impact say it
            raise QueryError(printable(answer.missing))
        if not answer.known:
            raise QueryError(f"no module, file or symbol named {echo(name)!r} in the repository (a module as imports "
                             "write it: pkg.mod, pkg/mod.py, config.h, ./utils; or a class or function)")
    if not answer.known and answer.missing:  # src/x.py: no such file or folder, the close paths
        raise QueryError(printable(answer.missing))
    if not answer.known:
        close = f"; close names: {printable(', '.join(answer.suggestions))}" if answer.suggestions else ""
        raise QueryError(f"unknown symbol {echo(name)!r}: no definition of it in the graph"
                         f"{answer.unreadable_said}{close}{printable(answer.unindexed_said)}")
    more = engine.callers_notes(name) if action == "callers" else (  # one key, as MCP's: a lone "note" had
        engine.impact_notes(name) if action == "impact" else ())  # stood beside "notes", described nowhere
    return {
        "query": f"{action} {name}",
        "action": action,
        "definitions": list(answer.nodes),
        "notes": said + ([_module(name, answer)] if of_module else answer_notes(action, name, answer, more, of_symbol)),
        "results": answer.results_json(),
        "total": answer.total,
        **({"truncated": f"showing {len(answer.entries)} of {answer.total}; raise --limit to see more"}
           if answer.truncated else {}),  # as MCP's listings say it: the cut had been silent
        "elapsed_ms": round((time.perf_counter() - started) * 1000, 3),
    }


def answer_notes(
    action: str, name: str, answer: GraphAnswer[Any], more: Sequence[str] = (), of_symbol: bool = False
) -> list[str]:
    """The notes on a graph answer: the sentence on what it stands for, then ``more`` (the engine's
    notes on it), else what an empty answer says; MCP's ``impact`` says the same of an empty answer."""
    notes = [said for said in (_note(action, name, answer, of_symbol),) if said] + list(more)
    return notes or [said for said in (_nothing(action, name, answer),) if said]


def _note(action: str, name: str, answer: GraphAnswer[Any], of_symbol: bool) -> str | None:
    """The sentence on what the answer stands for, if any: a definition asked for its importers, a
    name of several files or definitions, a question of the wrong kind for the name."""
    if of_symbol:
        return _symbol(name, answer.total)
    if answer.kept:  # dacite/core.py::is_optional, defined in dacite/types.py: the callers in core.py
        return answer.kept
    if action == "importers":
        return _files(name, answer.nodes)
    if not answer.total:  # the wrong kind's pointer first; "all are used" had stood over no result
        return _files_of(name, answer) or _other_action(action, name, answer) or _several_unused(action, answer.nodes)
    return _files_of(name, answer) or _several(answer.nodes) or _other_action(action, name, answer)


_NOTHING: dict[str, str] = {
    "callers": "nothing in the graph calls {name}",
    "impact": "nothing in the graph depends on {name}",
    "callees": "the graph ties no call in {name} to a definition of the repository",
    "subtypes": "nothing in the graph extends or implements {name}",
    "overrides": "nothing in the graph overrides {name}",
    "importers": "no line of the repository imports {name}",
}
"""What an empty answer about a name the graph knows says, in the words a search's notice uses."""


def _nothing(action: str, name: str, answer: GraphAnswer[Any]) -> str | None:
    """Say that the graph holds nothing for a name it knows, where no other note speaks of the
    empty list: "0 results" alone had not told a leaf from a question the graph could not answer,
    while ``maguyva search "who calls X"`` said "nothing in the graph calls X"."""
    return None if answer.total else _NOTHING[action].format(name=echo(name))


def _ask(
    engine: Engine, action: str, name: str, depth: int | None, limit: int
) -> GraphAnswer[Site] | GraphAnswer[Callee] | GraphAnswer[ImpactEntry] | GraphAnswer[Subtype]:
    if action == "callers":
        return engine.callers(name, limit)
    if action == "impact":
        return engine.impact(name, depth or DEFAULT_DEPTH, limit)
    if action == "subtypes":
        return engine.subtypes(name, limit)
    if action == "overrides":
        return engine.overrides(name, limit)
    if action == "importers":
        return engine.importers(name, limit)
    return engine.callees(name, limit)


def _files(name: str, files: tuple[str, ...]) -> str | None:
    """Say so when a module or file name names several files (the lines importing each are listed)."""
    if len(files) < 2:
        return None
    return f"{echo(name)} names {len(files)} files; the lines importing each are listed: " + ", ".join(files)


def _module(name: str, answer: GraphAnswer[Any]) -> str:
    """Say that a name asked for its callers is a module, file or folder, whose importing lines are
    listed (no call names a module), and how to ask what depends on it."""
    shown = echo(name)
    files = len(answer.definitions)
    what = f"a folder of {files} files" if answer.folder else f"{files} files" if files > 1 else "a module or file"
    listed = (("the lines importing them from outside it are listed" if answer.folder else
               "the lines importing each are listed") if files > 1 else "the lines importing it are listed")
    said = listed if answer.total else "no line of the repository imports it"
    return f"{shown} is {what}, not a function: {said} (`maguyva graph impact {shown}` lists what depends on it)"


def _symbol(name: str, total: int) -> str:
    """Say that a name asked for its importers is a definition, not a module, as a search's "who
    imports NAME" says it, and how to ask for its call sites."""
    shown = echo(name)
    said = f"listing the lines importing {shown}" if total else f"no line imports {shown} by name"
    return f"{said}, a definition, not a module (`maguyva graph callers {shown}` lists its call sites)"


def _files_of(name: str, answer: GraphAnswer[Any]) -> str | None:
    """Say which files a folder (or a file name several files have) stands for in an impact answer:
    "2 definitions match; all are used" had read as if something used them, over no result."""
    files = [d.node for d in answer.definitions if d.symbol is None and "::" not in d.node]
    if len(files) < 2 or len(files) != len(answer.definitions):
        return None
    shown = ", ".join(files[:FILES_SHOWN]) + (f", ... ({len(files)} in all)" if len(files) > FILES_SHOWN else "")
    said = "nothing outside them depends on them" if not answer.total else "listing what depends on any of them"
    return f"{name} is {len(files)} files ({shown}); {said}"


FILES_SHOWN = 4
"""Files a folder's note names at most."""


def _several(definitions: tuple[str, ...]) -> str | None:
    """Say so when a name has several definitions (all are used), in the answer's order: the real
    definitions first, most central first in each group (``answers.real_first``)."""
    if len(definitions) < 2:
        return None
    return (f"{len(definitions)} definitions match; all are used, most central first, tests, examples, "
            "vendored copies and templates last: " + ", ".join(definitions))


_NONE_OF: dict[str, str] = {
    "impact": "nothing in the graph depends on any of them",
    "callees": "the graph ties no call in any of them to a definition of the repository",
    "subtypes": "nothing in the graph extends or implements any of them",
    "overrides": "nothing in the graph overrides any of them",
}
"""What an empty answer about a name of several definitions says, as ``_NOTHING`` says it of one."""


def _several_unused(action: str, definitions: tuple[str, ...]) -> str | None:
    """Say that none of a name's several definitions has what was asked: "2 definitions match; all
    are used" alone had read as if something used them, over "0 results" (simplejson 3.19.3's
    ``graph impact py_scanstring``, one in C and one in Python)."""
    if len(definitions) < 2 or action == "callers":  # the callers' own note says it: "no call reaches any of the 2 ..."
        return None
    return f"{len(definitions)} definitions match; {_NONE_OF[action]}: " + ", ".join(definitions)


def _other_action(action: str, name: str, answer: GraphAnswer[Any]) -> str | None:
    """Point to the other question when a name of the wrong kind found nothing: a method has no
    subtypes but may have overrides, a type no overrides but may have subtypes, and a type nothing
    constructs (a base class, an interface) its subtypes and importers."""
    kinds = {d.symbol.kind for d in answer.definitions if d.symbol is not None}
    if answer.total or not kinds:
        return None
    if action in ("subtypes", "overrides") and _top_level_functions(answer):  # typeguard's check_type_internal
        return (f"{name} is a function, not a type or a method: nothing is built on it or overrides it "
                f"(`maguyva graph callers {name}` lists its call sites)")  # had offered overrides, always empty
    if action == "subtypes" and kinds <= {"method", "function"}:
        return f"{name} is a {' or '.join(sorted(kinds))}, not a type: `maguyva graph overrides {name}` lists what overrides it"
    if action == "overrides" and not kinds & {"method", "function"}:
        return f"{name} is not a method: `maguyva graph subtypes {name}` lists the types built on it"
    if action == "callers" and kinds <= _TYPE_KINDS:  # bidict's BidictBase: "0 results", not a word more
        return (f"nothing calls or constructs {name}: `maguyva graph subtypes {name}` lists the types built on it, "
                f"`maguyva graph importers {name}` the lines importing it")
    return None


def _top_level_functions(answer: GraphAnswer[Any]) -> bool:
    """Whether every definition is a function outside any class (or any function): none can be overridden."""
    symbols = [d.symbol for d in answer.definitions]
    return all(s is not None and s.kind == "function" and "." not in s.qualname for s in symbols)


_TYPE_KINDS = frozenset({"class", "struct", "interface", "trait", "enum", "type"})
"""The kinds of a type, whose callers are its constructions: none may mean a base or an interface."""


def print_graph(result: dict[str, Any]) -> None:
    """Print a graph answer for a person; names from the repository are shown, never obeyed. The
    notes go to stderr, one ``maguyva: ...`` line each, as ``maguyva search`` prints its notices:
    stdout is the list alone (``| wc -l``, ``| head``)."""
    for i, r in enumerate(result["results"], 1):
        depth = f"  depth {r['depth']}" if "depth" in r else ""
        symbol = f"  {r['symbol']}" if r.get("symbol") else ""
        reason = r["modalities"]["graph"]["reason"]
        print(printable(f"{i:3}. {r['path']}:{r['start_line']}{symbol}{depth}  ({reason})"))
    count = len(result["results"])
    print(f"{count} result{'' if count == 1 else 's'} in {result['elapsed_ms']:.1f} ms")
    for said in [*result.get("notes", ()), result.get("truncated")]:
        if said:
            print(f"maguyva: {printable(said)}", file=sys.stderr)
