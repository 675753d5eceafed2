"""What the callers (and callees) of a name leave out, said with the answer instead of a page that reads as complete.

- Calls the graph could not tie to a definition. "who calls ServeHTTP" on gin lists the six calls
  the graph resolves to ``Engine.ServeHTTP``, all in tests; ``h.ServeHTTP(c.Writer, c.Request)`` in
  ``utils.go`` calls it through ``http.Handler``, an interface of another package, and no static
  graph can tie that call to one definition. The answer says how many calls name it untied (the
  graph keeps them: :func:`~maguyva_tui.core.graph.queries.untied_calls`), where the first in the
  repository's own code is, and what to search to list every line.
- Several definitions of the name: ``create_app`` in three example apps. The answer lists the
  callers of every one, each call's reason naming the one it calls, and says where they are and
  how to ask for one (``who calls examples/tutorial/flaskr/__init__.py::create_app``); or that no
  call reaches any of them, where the graph alone had found nothing and said only that.
- Overloads: one node stands for a Java or C++ method's several bodies; the answer says so, and
  each call its argument count (:mod:`~maguyva_tui.core.overloads`).
- Other definitions of a bare name. "who calls render" on rich reads ``render`` as the top-level
  function of ``rich/markup.py`` (:func:`~maguyva_tui.core.graph.queries.definitions`), while 21
  other definitions are named ``render``; the answer names the first few and how to ask for one.
- What a name calls: the calls of a name several definitions share (a C function written once per
  platform), which the graph ties to none (:func:`callees_notes`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeAlias, cast

from maguyva_tui.core.generation import Generation
from maguyva_tui.core.lazy_pattern import lazy
from maguyva_tui.core.paths import is_secondary
from maguyva_tui.core.types import Hit
from maguyva_tui.core.value_uses import value_uses_note

if TYPE_CHECKING:
    from maguyva_tui.core.graph.model import CodeGraph

log = logging.getLogger(__name__)


DECLARATION_LINES = 3
"""Lines a class's declaration may run below its definition's first (decorators, a long base list):
a base named further down is inside something larger, and shown by its own line."""

NAMESAKES_SHOWN = 3
"""Other definitions of a bare name named in its note at most (then "..." and how many)."""

PROPERTY_DECORATOR = lazy(r"\s*@(?:[\w.]*\.)?(?:property|cached_property)\b\s*$")
"""A Python decorator that makes a method read as an attribute: ``@property``, ``@functools.cached_property``."""

LineReader: TypeAlias = Callable[[str, int], str]
"""Reads one line of a file (path, 1-based line) of the generation answering; "" when it cannot."""

CALLEES_SHOWN = 6
"""Callees a callees note names at most (then "and N more")."""

DEFINITIONS_SHOWN = 4
"""Places of a name's several definitions its note names at most (then "..." and how many)."""


def callers_notes(generation: Generation, name: str) -> tuple[str, ...]:
    """What the callers of ``name`` leave out, one line each: the other definitions a bare name
    also names when it was read as a top-level one (``render``: the function, not the 21 methods
    named ``render``), and the calls naming it that the graph tied to no definition. Empty when
    there is nothing to say, the name has no definition, or the graph is not ready. A workspace's
    view, which holds no one graph, gives each repository's own lines, each named by it. A
    property's note (which reads the graph lists) is said first."""
    each = getattr(generation, "callers_notes", None)  # a workspace's view: its shards answer
    if each is not None:
        return tuple(each(name))
    graph = None if "graph" in generation.missing else getattr(generation.snapshot, "graph", None)
    if graph is None:
        return ()
    from maguyva_tui.core.graph import queries

    try:
        said = _notes(graph, name, _line_reader(generation))
        defined = queries.definitions(graph, name)
        first = tuple(n for n in (_property(generation, graph, defined), _routed(generation, graph, defined),
                                  value_uses_note(generation, graph, defined)) if n)
        return (*first, *said)
    except (OSError, ValueError, KeyError, IndexError) as exc:  # a damaged graph: the answer stands without it
        log.debug("no word on what the callers of %s leave out: %s", name, exc)
        return ()


def impact_notes(generation: Generation, name: str) -> tuple[str, ...]:
    """What the impact of ``name`` leaves out: the calls naming it that the graph tied to no
    definition, whose callers may depend on it as much as those listed ("what breaks if I change
    token_next_by" on sqlparse listed the 6 methods the graph ties, not the 40 calls on parameters
    of unknown type in its filters and grouping). Empty when there is nothing to say, the name has
    no definition, or the graph is not ready. A workspace's view, which holds no one graph, gives
    each repository's own lines, each named by it (it had said nothing)."""
    each = getattr(generation, "impact_notes", None)  # a workspace's view: its shards answer
    if each is not None:
        return tuple(each(name))
    graph = None if "graph" in generation.missing else getattr(generation.snapshot, "graph", None)
    if graph is None:
        return ()
    from maguyva_tui.core.graph import queries

    try:
        defined = queries.definitions(graph, name)
        untied = _untied(graph, name, defined, ", so the code making {them} is not listed, though it may depend on {bare}",
                         _line_reader(generation)) if defined else None
        read = _property(generation, graph, defined)
        bases = _through_bases(graph, defined, BASE_IMPACT_TAIL) if defined else None
    except (OSError, ValueError, KeyError, IndexError) as exc:  # a damaged graph: the answer stands without it
        log.debug("no word on what the impact of %s leaves out: %s", name, exc)
        return ()
    return tuple(n for n in (read, untied, bases) if n)


def callees_notes(generation: Generation, name: str) -> tuple[str, ...]:
    """What the callees of ``name`` leave out: the calls of a name that several definitions share,
    which the graph ties to none of them (libuv's ``uv_run`` calls ``uv__io_poll``, defined once
    per platform in seven files: "what does uv_run call" had listed eight callees and said nothing
    of it). One line, each name with its first line and how many define it. Empty when there are
    none, the name has no definition, or the graph is not ready (a workspace's view: no one graph)."""
    graph = None if "graph" in generation.missing else getattr(getattr(generation, "snapshot", None), "graph", None)
    if graph is None:
        return ()
    from maguyva_tui.core.graph import queries
    from maguyva_tui.core.graph.tables import split_id

    try:
        shared: dict[str, tuple[str, int]] = {}
        for caller in queries.definitions(graph, name):
            for call in queries.callees(graph, caller).unresolved:
                if call.outcome == "ambiguous":
                    shared.setdefault(call.name, (split_id(caller)[0], call.line))
        counts = {callee: len(queries.definitions(graph, callee)) for callee in shared}
    except (OSError, ValueError, KeyError, IndexError) as exc:  # a damaged graph: the answer stands without it
        log.debug("no word on what the callees of %s leave out: %s", name, exc)
        return ()
    said = [f"{callee} ({path}:{line}, {counts[callee]} definitions)" if counts[callee] > 1 else f"{callee} ({path}:{line})"
            for callee, (path, line) in sorted(shared.items(), key=lambda pair: pair[1])]
    if not said:
        return ()
    shown = ", ".join(said[:CALLEES_SHOWN]) + (f", and {len(said) - CALLEES_SHOWN} more" if len(said) > CALLEES_SHOWN else "")
    first = min(shared, key=shared.__getitem__)
    return (f"{name} also calls names that several definitions share, which the graph ties to none of them, so they "
            f'are not listed: {shown}; ask "{first}" for its definitions',)


def untied_callers(generation: Generation, name: str, limit: int) -> tuple[list[Hit], tuple[str, ...]] | None:
    """When the graph ties no call to ``name`` but some calls name it on receivers it could not
    resolve (koa's ``ctx.onerror(err)``: ``ctx`` is a parameter of unknown type), those call
    sites as the graph's list (the repository's own code first, then in path and line order), each
    shown in its caller, and a line saying what they are; ``None`` when there are none, the name
    has no definition, or the graph is not ready. A workspace's view, which holds no one graph,
    gives each repository's sites and line, each line named by it (its answer had been a blend)."""
    each = getattr(generation, "untied_callers", None)  # a workspace's view: its shards answer
    if each is not None:
        return cast("tuple[list[Hit], tuple[str, ...]] | None", each(name, limit))
    graph = None if "graph" in generation.missing else getattr(generation.snapshot, "graph", None)
    if graph is None:
        return None
    from maguyva_tui.core.graph import queries
    from maguyva_tui.core.graph.sites import NEW

    try:
        defined = queries.definitions(graph, name)
        built = _constructs(graph, name, defined)
        methods = bool(defined) and _members(graph, defined)
        if built is not None:  # a constructor: the constructions naming its class
            untied = queries.untied_calls(graph, built[0], kind=NEW)
        else:
            untied = queries.untied_calls(graph, name, members_only=methods,
                                          owned_by=queries.owners(graph, defined)) if defined else []
    except (OSError, ValueError, KeyError, IndexError) as exc:  # a damaged graph: the answer stands without it
        log.debug("no untied calls of %s: %s", name, exc)
        return None
    if not untied:
        return None
    bare = built[0] if built is not None else name.replace("::", ".").rpartition(".")[2] or name
    call = "a construction" if built is not None else "a call"
    ordered = sorted(untied, key=lambda site: is_secondary(site[0]))  # stable: path and line order within each
    hits = []
    for rank, (path, line) in enumerate(ordered[:limit]):
        chunk = generation.chunk_at(path, line)
        hits.append(Hit(path, line, line, 1.0 / (1 + rank), chunk.symbol if chunk is not None else None, "call",
                        graph.languages.get(path), f"names {bare}: {call} the graph could not tie to a definition"))
    if built is not None:
        made = "the construction that names it" if len(untied) == 1 else f"the {len(untied)} constructions that name it"
        return hits, (f"the graph tied no construction to {bare}; listing {made} (of another package's {bare}, "
                      f"or one it could not resolve): they may construct another {bare}",)
    calls = "the call that names it" if len(untied) == 1 else f"the {len(untied)} calls that name it"
    several = _places(graph, defined)
    if not methods and len(several) > 1:  # C's uv__io_poll: one definition per platform, each built alone
        return hits, (f"the graph tied no call to {bare}: {len(several)} files define it ({_shown(several)}) "
                      f"and a call does not say which; listing {calls}",)
    if not methods:  # a bare call: fmt's format_error_code(out, ...), found by its argument's namespace
        return hits, (f"the graph tied no call to {bare}; listing {calls}, which it could not resolve (a name "
                      "it took for another library's, or one C++ finds by its arguments' namespace): they may "
                      f"call another {bare}",)
    return hits, (f"the graph tied no call to {bare}; listing {calls} on a receiver it could not resolve "
                  "(of unknown type, through an interface or into another package): they may call another "
                  f"{bare}",)


def _places(graph: CodeGraph, defined: tuple[str, ...]) -> list[str]:
    """Each definition's place (``path:line``) that the graph's symbols know, in the order given."""
    symbols = graph.symbols
    return [f"{symbols[node].path}:{symbols[node].start_line}" for node in defined if node in symbols]


def _shown(places: list[str]) -> str:
    """The first :data:`DEFINITIONS_SHOWN` places, then how many in all."""
    return ", ".join(places[:DEFINITIONS_SHOWN]) + (f", ... ({len(places):,} in all)" if len(places) > DEFINITIONS_SHOWN else "")


def untied_subtypes(generation: Generation, name: str, limit: int) -> tuple[list[Hit], str] | None:
    """The classes that name ``name`` as a base the graph could not tie to a definition (PSR-7's
    ``final class Stream implements StreamInterface``, an interface of another package that no file
    defines), each shown by its definition, the repository's own code first, and a line saying what
    they are; ``None`` when there are none or the graph is not ready."""
    graph = None if "graph" in generation.missing else getattr(generation.snapshot, "graph", None)
    if graph is None:
        return None
    from maguyva_tui.core.graph import queries
    from maguyva_tui.core.graph.sites import INHERIT

    try:
        sites = queries.untied_calls(graph, name, kind=INHERIT)
    except (OSError, ValueError, KeyError, IndexError) as exc:  # a damaged graph: the answer stands without it
        log.debug("no untied bases of %s: %s", name, exc)
        return None
    bare = name.replace("::", ".").replace("\\", ".").rpartition(".")[2] or name
    hits: list[Hit] = []
    seen: set[tuple[str, int, int]] = set()
    for path, line in sorted(sites, key=lambda site: is_secondary(site[0])):
        chunk = generation.chunk_at(path, line)
        if chunk is not None and line - chunk.start_line > DECLARATION_LINES:
            chunk = None  # the site is inside a larger definition (Rust's impl in a mod): its own line
        start, end = (chunk.start_line, chunk.end_line) if chunk is not None else (line, line)
        if (path, start, end) in seen:
            continue
        seen.add((path, start, end))
        hits.append(Hit(path, start, end, 1.0 / (1 + len(hits)), chunk.symbol if chunk is not None else None,
                        chunk.kind if chunk is not None else None, graph.languages.get(path),
                        f"names {bare} as a base the graph could not tie to a definition"))
    if not hits:
        return None
    them = "the definition that names it" if len(hits) == 1 else f"the {len(hits)} definitions that name it"
    return hits[:limit], (f"the graph holds no definition of {bare} as a base (another package's, or not "
                          f"resolved); listing {them} as a base")


def _line_reader(generation: Generation) -> LineReader:
    """Read one line of a file of the generation's snapshot ("" for a file or line it lacks)."""
    snapshot = generation.snapshot

    def line_of(path: str, line: int) -> str:
        try:
            found = snapshot.lines(path, line, line)
        except (OSError, KeyError, ValueError, UnicodeError):
            return ""
        return found[0] if found else ""
    return line_of


def _notes(graph: CodeGraph, name: str, line_of: LineReader | None = None) -> tuple[str, ...]:
    from maguyva_tui.core.graph import queries  # here: a question that reads no graph never loads it

    defined = queries.definitions(graph, name)
    if not defined:
        return ()
    others = _namesakes(graph, name, defined)
    several = _several(graph, name, defined, top_level=bool(others))
    namesakes = None if not others else _others_too(name, others) if several else _read_as(name, defined, others)
    notes = [several, _overloaded(graph, defined), namesakes, _through_bases(graph, defined),
             _untied(graph, name, defined, line_of=line_of)]
    return tuple(n for n in notes if n)


BASE_CALLERS_TAIL = "made through that type, they may run it and are not listed here; ask \"who calls {target}\" for them"
"""How the callers' answer ends the notice of the calls reaching a base's method."""
BASE_IMPACT_TAIL = ("made through that type, they may run it: the code making them may depend on it too and is not "
                    "listed; ask \"what breaks if I change {target}\" for it")
"""How the impact's answer ends it (hamcrest's "what breaks if I change IsArray.matchesSafely" had
said nothing depends on it, where ``TypeSafeMatcher.matches`` runs it through its base)."""


def base_reached(generation: Generation, name: str) -> str | None:
    """The base's method, by its qualified name, whose calls may run ``name``, an override or
    implementation the graph ties no call to (``TypeSafeMatcher.matchesSafely`` for hamcrest's
    ``IsArray.matchesSafely``); ``None`` where none is, or the graph is not ready. The graph's
    empty answer says it, where "nothing in the graph depends on IsArray.matchesSafely" had stood
    above the note saying ``TypeSafeMatcher.matches`` runs it through its base."""
    graph = None if "graph" in generation.missing else getattr(generation.snapshot, "graph", None)
    if graph is None:
        return None
    from maguyva_tui.core.graph import queries
    from maguyva_tui.core.graph.tables import split_id

    defined = queries.definitions(graph, name)
    found = _reached_bases(graph, defined)[0] if defined else {}
    reached = {node: count for node, count in found.items() if count}
    return split_id(max(reached.items(), key=lambda item: item[1])[0])[1] if reached else None


def _through_bases(graph: CodeGraph, defined: tuple[str, ...], tail: str = BASE_CALLERS_TAIL) -> str | None:
    """The calls tied to the method a base class or interface declares that a listed method
    overrides or implements: they may run it, and are that method's callers, not its own
    (tsyringe's 96 ``container.resolve(...)`` on a ``DependencyContainer``, the interface that
    ``InternalDependencyContainer`` implements: its callers had read as the class's own 10)."""
    from maguyva_tui.core.graph.tables import split_id

    found, below = _reached_bases(graph, defined)
    reached = {node: count for node, count in found.items() if count}
    if not reached:
        return None
    node, count = max(reached.items(), key=lambda item: item[1])
    path, qualname = split_id(node)
    calls = "1 call reaches" if count == 1 else f"{count} calls reach"
    others = f" (and {len(reached) - 1} more base methods)" if len(reached) > 1 else ""
    return (f"{below[node]} overrides or implements {qualname}, which {calls}{others}: "
            + tail.format(target=f"{path}::{qualname}"))


def _reached_bases(graph: CodeGraph, defined: tuple[str, ...]) -> tuple[dict[str, int], dict[str, str]]:
    """The base methods the listed methods override or implement, each with the calls tied to it,
    and the listed method's qualified name below each."""
    from maguyva_tui.core.graph import queries
    from maguyva_tui.core.graph.tables import split_id

    found: dict[str, int] = {}
    below: dict[str, str] = {}
    for node in defined:
        cls, dot, method = node.rpartition(".")
        constructors = queries.CONSTRUCTORS.get(graph.languages.get(split_id(node)[0]) or "", frozenset())
        if not dot or not split_id(cls)[1] or method in constructors:
            continue  # constructing a base runs none of its subclasses' constructors
        queue, seen = list(graph.bases.get(cls, ())), {cls}
        for base in queue:
            if base in seen:
                continue
            seen.add(base)
            declared = f"{base}.{method}"
            if declared in graph.symbols and declared not in found and declared not in defined:
                found[declared] = len(queries.callers(graph, declared).sites)
                below[declared] = split_id(node)[1]
            queue.extend(graph.bases.get(base, ()))
        for declared in _go_interfaces(graph, node, method):
            if declared not in found and declared not in defined:
                found[declared] = len(queries.callers(graph, declared).sites)
                below[declared] = split_id(node)[1]
    return found, below


def _go_interfaces(graph: CodeGraph, node: str, method: str) -> list[str]:
    """The methods named ``method`` of the Go interfaces that the type of the method ``node``
    implements implicitly (it has a method of each of their methods' names: ``GraphRetriever``'s
    reading), which no base of the graph records: slog's ``TextHandler.Handle`` of ``Handler.Handle``."""
    from maguyva_tui.core.graph.tables import split_id
    from maguyva_tui.core.retrievers.graph import GraphRetriever

    symbol = graph.symbols.get(node)
    if symbol is None or symbol.language != "go" or symbol.qualname.count(".") != 1:
        return []
    place = (symbol.path.rpartition("/")[0], symbol.qualname.partition(".")[0])
    retriever: GraphRetriever | None = None
    out = []
    for candidate in sorted(graph.named(method)):
        owner = candidate.rpartition(".")[0]
        interface = graph.symbols.get(owner)
        if interface is None or interface.kind != "interface" or interface.language != "go":
            continue
        retriever = retriever or GraphRetriever(graph, None)
        implementers = retriever._go_implementers(owner, retriever._go_members(owner))
        if any((split_id(t)[0].rpartition("/")[0], split_id(t)[1]) == place for t in implementers):
            out.append(candidate)
    return out


def _property(generation: Generation, graph: CodeGraph, defined: tuple[str, ...]) -> str | None:
    """A Python property (``@property def size``, ``@cached_property``): reading ``b.size`` runs
    it, and the graph lists a read only where it knows the receiver's class (``b: Base``,
    ``self``), so the answer says where the rest are. Its decorators are the lines of its
    definition above its name."""
    from maguyva_tui.core.parsing.facts.marks import PROPERTY_CALL

    for node in defined:
        symbol = graph.symbols.get(node)
        if symbol is None or symbol.language != "python":
            continue
        made = symbol.kind == "variable" and PROPERTY_CALL.match(symbol.signature or "") is not None
        if not made and symbol.name_line <= symbol.start_line:
            continue
        above = () if made else generation.snapshot.lines(symbol.path, symbol.start_line, symbol.name_line - 1)
        if made or any(PROPERTY_DECORATOR.match(line) for line in above):
            qualname, bare = symbol.qualname, symbol.name
            return (f"{qualname} is a property: reading it (.{bare}) runs it; the graph lists the reads whose "
                    f'receiver\'s class it knows, and search ".{bare}" lists every line naming it')
    return None


def _routed(generation: Generation, graph: CodeGraph, defined: tuple[str, ...]) -> str | None:
    """The calls tied to a Java or C++ method by name whose argument count none of its overloads
    takes: they run the base's method that takes it, and are listed there, not here (commons-text's
    18 one-argument calls tied to ``OctalUnescaper.translate`` run ``CharSequenceTranslator.translate``)."""
    from maguyva_tui.core.graph.tables import split_id
    from maguyva_tui.core.overloads import routed_away

    found = routed_away(generation.snapshot.raw, graph, defined)
    if not found:
        return None
    node, base, count = found[0]
    calls = "1 call" if count == 1 else f"{count} calls"
    return (f"{calls} of {split_id(node)[1]} {'passes' if count == 1 else 'pass'} an argument count none of its "
            "definitions takes: "
            f"{'it runs' if count == 1 else 'they run'} {split_id(base)[1]}, which its class inherits "
            f"({split_id(base)[0]}), and {'is' if count == 1 else 'are'} listed under it")


def _overloaded(graph: CodeGraph, defined: tuple[str, ...]) -> str | None:
    """A Java or C++ method defined several times in one class (javapoet's four
    ``CodeWriter.emit``): the graph ties a call to the name, so the calls of every one are listed,
    each saying the overloads its argument count fits."""
    from maguyva_tui.core.graph.tables import split_id
    from maguyva_tui.core.overloads import overloads

    for node in defined:
        same = overloads(graph, node)
        if same:
            path, qualname = split_id(node)
            lines = ", ".join(str(s.start_line) for s in same)
            return (f"{qualname} is overloaded: {len(same)} definitions in {path} (lines {lines}); the calls "
                    "of all are listed, each with the overloads its argument count fits")
    return None


def _several(graph: CodeGraph, name: str, defined: tuple[str, ...], top_level: bool) -> str | None:
    """A name with several definitions (``create_app`` in three files, ``helper`` defined twice):
    each by its place, whether any call reaches them (each call's reason names the one it calls),
    and how to ask for one (``who calls path::name``). ``top_level`` when others share the name
    inside classes or functions (their own line names them): these are the top-level ones."""
    from maguyva_tui.core.graph import queries
    from maguyva_tui.core.graph.tables import CLASS_KINDS, TYPE_USES, UNCALLED_KINDS, split_id

    placed = [node for node in defined if node in graph.symbols]
    if len(placed) < 2:
        return None
    shown = _shown(_places(graph, defined))
    path, qualname = split_id(placed[0])
    ask = f'ask "who calls {path}::{qualname}" for one'
    kind = "top-level definitions" if top_level else "definitions"
    if not len(queries.call_positions(graph, placed)):
        if all(graph.symbols[node].kind in UNCALLED_KINDS for node in placed) or (  # listed: their uses
                all(graph.symbols[node].kind in CLASS_KINDS for node in placed)
                and any(s.kind in TYPE_USES for node in placed for s in graph.sites_in.get(node, ()))):
            return f"{name} has {len(placed)} {kind} ({shown}), none called: the uses of all are listed; {ask}"
        return f"no call reaches any of the {len(placed)} {kind} of {name} ({shown}); {ask}"
    return f"{name} has {len(placed)} {kind} ({shown}): each call is labelled with the one it calls; {ask}"


def _namesakes(graph: CodeGraph, name: str, defined: tuple[str, ...]) -> list[str]:
    """The qualified names of the other definitions sharing a bare name read as its top-level
    definitions (``Logger.emit`` beside the function ``emit``), most central first; empty for a
    qualified name, or one read otherwise."""
    from maguyva_tui.core.graph.tables import split_id

    if "." in name or "::" in name or any(split_id(node)[1] != name for node in defined):
        return []
    others = sorted(graph.named(name) - set(defined), key=lambda n: (-graph.node_centrality(n), n))
    return [split_id(node)[1] for node in others]


def _read_as(name: str, defined: tuple[str, ...], others: list[str]) -> str:
    """A bare name read as its one top-level definition, while others share it."""
    from maguyva_tui.core.graph.tables import split_id

    count = "1 other definition shares" if len(others) == 1 else f"{len(others)} other definitions share"
    where = split_id(defined[0])[0] + (f" and {len(defined) - 1} more files" if len(defined) > 1 else "")
    return (f"{name} is read as the top-level {name} of {where}; {count} the name "
            f'({_named(others)}): ask "who calls {others[0]}" for one of them')


def _others_too(name: str, others: list[str]) -> str:
    """The definitions sharing a name inside classes or functions, beside its several top-level
    ones (whose own line names their places: this one does not repeat them)."""
    count = ("1 more definition of " + name + " is inside a class or function and is" if len(others) == 1 else
             f"{len(others)} more definitions of {name} are inside classes or functions and are")
    return f'{count} not followed ({_named(others)}): ask "who calls {others[0]}" for one of them'


def _named(others: list[str]) -> str:
    """The first :data:`NAMESAKES_SHOWN` qualified names, then "..." when there are more."""
    return ", ".join(others[:NAMESAKES_SHOWN]) + (", ..." if len(others) > NAMESAKES_SHOWN else "")


def _untied(graph: CodeGraph, name: str, defined: tuple[str, ...], aside: str = "",
            line_of: LineReader | None = None) -> str | None:
    """The calls naming ``name`` that the graph tied to no definition (``aside``: what that
    leaves out of the answer, said before where the first is; ``{them}`` and ``{bare}`` in it
    are the calls and the name), and the search that lists their lines, as those lines spell
    them where ``line_of`` reads them (:func:`_spelled`)."""
    from maguyva_tui.core.graph import queries
    from maguyva_tui.core.graph.sites import NEW

    built = _constructs(graph, name, defined)
    if built is not None:
        bare, called = built
        untied = queries.untied_calls(graph, bare, kind=NEW)
        made = "construction names" if len(untied) == 1 else "constructions name"
        why = "another package's class of its name, or one it could not resolve"
    else:
        methods = _members(graph, defined)
        untied = queries.untied_calls(graph, name, members_only=methods, owned_by=queries.owners(graph, defined))
        bare = name.replace("::", ".").rpartition(".")[2] or name
        called, made = f".{bare}(" if methods else f"{bare}(", "call names" if len(untied) == 1 else "calls name"
        why = "through an interface, on a receiver of unknown type, or into another package"
    if not untied:
        return None
    path, line = next(((p, n) for p, n in untied if not is_secondary(p)), untied[0])  # the repository's own code first
    calls = f"1 more {made}" if len(untied) == 1 else f"{len(untied)} more {made}"
    them = "it" if len(untied) == 1 else "them"
    spelled: str | None = called
    if line_of is not None and built is None:
        spelled = _spelled(line_of, untied, bare, methods)
    lines = "its line does" if len(untied) == 1 else "their lines do"
    search = (f'; search "{spelled}" lists every line' if spelled else
              f" ({lines} not spell {bare}: a super call, or a call written over several lines)")
    return (f"{calls} {bare} but the graph could not tie {them} to a definition ({why})"
            f"{aside.format(them=them, bare=bare)}: first {path}:{line}{search}")


def _members(graph: CodeGraph, defined: tuple[str, ...]) -> bool:
    """Whether every definition is a type's member, called on a receiver (``x.get(``): a dotted
    name that is no function. A function under a C++ namespace (fmt's ``detail.format_error_code``)
    or inside another function is called by its bare name, and fmt's one call of it
    (``format_error_code(out, error_code, message)``, found by argument-dependent lookup, which
    the graph does not do) had been neither listed nor counted: only calls on a receiver were."""
    from maguyva_tui.core.graph.tables import split_id

    for node in defined:
        symbol = graph.symbols.get(node)
        if "." not in split_id(node)[1] or (symbol is not None and symbol.kind == "function"):
            return False
    return True


SPELLINGS = (".", "->", "::")
"""What a call writes between its receiver and a method's name, tried in this order (``x.get(``,
``$c->get(``, ``parent::get(``) for the search that lists the calls' lines."""


def _spelled(line_of: LineReader, untied: list[tuple[str, int]], bare: str, methods: bool) -> str | None:
    """The most precise search every untied call's line holds: ``.get(`` where each is written so,
    else ``->get(`` (PHP), ``grep .perform`` (Ruby's calls without brackets: a bare ``.perform``
    reads as a question, not a literal), ``get(`` or ``grep get``. The hint had been ``.get(``
    whatever the language: PHP-DI's 3 untied ``$container->get(`` and httparty's 127 ``.perform``
    were lines it did not list. A line that does not hold the name (a call spread over lines, a
    Ruby ``super``) says nothing; ``None`` when no line holds it (roda's ``empty_path?``, whose one
    untied call is ``super``: no search lists it)."""
    tails = (f"{bare}(", bare)
    heads = SPELLINGS if methods else ()
    candidates = [f"{a}{t}" for t in tails for a in heads] + list(tails)
    held = [line for line in (line_of(path, line) for path, line in untied) if bare in line]
    if not held:
        return None
    found = next((c for c in candidates if all(c in line for line in held)), tails[-1])
    return found if found.endswith("(") else f"grep {found}"  # a code fragment is a literal; a name is not


def _constructs(graph: CodeGraph, name: str, defined: tuple[str, ...]) -> tuple[str, str] | None:
    """For a constructor whose class is built by a ``new`` site (Java's ``Helper.Helper``, Ruby's
    ``Foo.new``) or such a class (whose callers are its constructions), the class's name as its constructions write it and what to search for them
    (``Helper(``, ``Foo.new``): its untied callers are the constructions naming the class,
    not the calls naming ``constructor`` or ``initialize`` (``x.constructor(``); ``None`` for
    any other name."""
    from maguyva_tui.core.graph import queries
    from maguyva_tui.core.graph.tables import split_id

    classes = [*queries.constructed(graph, defined), *queries.implicit_constructor(graph, name, defined), *defined]
    classes = [c for c in classes if (s := graph.symbols.get(c)) is not None and s.kind in queries.CONSTRUCTED_KINDS
               and s.language in queries.BUILT_BY_NEW]
    if not classes:
        return None
    bare = split_id(classes[0])[1].rpartition(".")[2]
    return bare, f"{bare}.new" if graph.symbols[classes[0]].language == "ruby" else f"{bare}("  # new Expr\\Error( too


_FOREIGN_TOLD = lazy(r"(?P<n>[\d,]+) (?P<what>calls?|uses?|definitions?) .*? through an import of another repository's "
                    r"package, .*\(first (?P<first>[^)\s]+)\)$")
"""A workspace's line saying a repository's uses of another's name are listed (``foreign_uses``)."""
_UNTIED_TOLD = lazy(r"(?P<n>[\d,]+) more calls? names? \S+ but the graph could not tie .*: first (?P<first>\S+);")
"""A repository's line saying calls naming a name are not listed, its graph leaving them untied."""


def untied_unless_listed(notices: Sequence[str], told: Sequence[str]) -> list[str]:
    """The notices less a repository's line saying its calls of another repository's name are
    untied and not listed where the workspace lists them, through its import of that package (the
    same repository, the same first line, no more calls than listed; any dependents): "who calls
    echo" over flask and click had said both that flask's 18 calls are listed and that "18 more
    calls name echo but the graph could not tie them", first the same line."""
    listed: dict[tuple[str, str], tuple[str, int]] = {}
    for line in told:
        label, _, rest = line.partition(": ")
        if (found := _FOREIGN_TOLD.search(rest)) is not None:
            listed[(label, found["first"])] = (found["what"], int(found["n"].replace(",", "")))
    kept: list[str] = []
    for line in notices:
        label, _, rest = line.partition(": ")
        untied = _UNTIED_TOLD.search(rest)
        said = listed.get((label, untied["first"])) if untied is not None else None
        if untied is not None and said is not None and (
                said[0].startswith("definition") or int(untied["n"].replace(",", "")) <= said[1]):
            continue
        kept.append(line)
    return kept
