"""Calls and subclasses of another repository's definition, for a workspace.

Each repository's graph is its own: a call of ``wrapt.decorator`` in deprecated, through
``import wrapt``, is a call into another package there, tied to no definition. Asked of a
workspace that also holds wrapt, "who calls wrapt.decorator" lists wrapt's own callers and
these: the calls of a repository that name the definition through an import of a module this
repository does not hold, whose package is the defining repository's (a folder or file of the
definition's path is named as the import's first part)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from typing import Final

from maguyva_tui.core.generation import Generation
from maguyva_tui.core.paths import is_secondary
from maguyva_tui.core.types import FileFacts, Hit, QueryError

REASON = "names {bare} through {module}, another repository's package"
"""A foreign use's reason, as the engine's own reasons read."""
FOREIGN_LISTED: Final = 1000
"""Uses one repository lists at most: more than any page shows (a workspace's question asks them
with its start, before it knows its page's fetch)."""
DEPTH: Final = "depth:"
"""A use written ``depth:N`` also asks what depends on the definitions holding the uses, within
``N - 1`` more edges (an impact question's depth: the uses are its first)."""
USES: Final = {"call": ("CALL", "NEW"), "inherit": ("INHERIT",)}
"""The graph's site kinds each use asked for stands for: a call (or a construction), a base class."""


def foreign_uses(generation: Generation, name: str, packages: Collection[str] | None, limit: int,
                 uses: tuple[str, ...] = ("call",)) -> list[tuple[str, Hit]]:
    """The calls (``uses``: ``"call"``) or base classes (``"inherit"``) of this repository naming
    ``name`` (``wrapt.decorator``, or ``FrozenList``) through an import of a module it does not
    hold whose first part is one of ``packages`` (any: ``None``) (``import wrapt`` then ``wrapt.decorator(...)``;
    ``from frozenlist import FrozenList`` then ``class Signal(FrozenList)``): its own code first,
    then in path and line order, each shown in its definition. Empty when there are none or the
    graph is not ready. A name written with its module is used through that module only. Each
    use comes with the module it is made through."""
    graph = None if "graph" in generation.missing else getattr(generation.snapshot, "graph", None)
    facts = getattr(generation.snapshot, "facts", None)
    if graph is None or facts is None or packages is not None and not packages:
        return []
    from maguyva_tui.core.graph import queries
    from maguyva_tui.core.graph.resolve import SENTINELS, Resolver
    from maguyva_tui.core.graph.tables import FileIndex

    dotted = name.replace("::", ".")
    written_module, _, bare = dotted.rpartition(".")
    if not bare.isidentifier():
        return []
    from maguyva_tui.core.graph import sites as kinds

    aliased = _aliased(generation, bare, written_module, packages)
    try:
        sites = sorted({site for use in uses for kind in USES.get(use, ())
                        for written_name in (bare, *aliased)
                        for site in queries.untied_calls(graph, written_name, kind=getattr(kinds, kind))
                        if written_name == bare or site[0] in aliased[written_name]})
    except (OSError, ValueError, KeyError, IndexError):  # a damaged graph: no foreign call is listed
        return []
    resolver = Resolver(graph.indexes, graph.table, graph.inheritance.bases, graph.store.link_names, graph.packages)
    written: dict[str, tuple[re.Pattern[str], list[str]] | None] = {}
    held: dict[str, tuple[re.Pattern[str], list[str]] | None] = {}
    found = []
    for path, line in sites:
        if path not in written:
            language = graph.languages.get(path)
            own = FileIndex(path, language) if language is not None else None

            def foreign(module: str, own: FileIndex | None = own) -> bool:
                return own is not None and resolver.module(own, module) in SENTINELS
            written[path] = None if own is None or path not in facts else _call_pattern(
                facts[path], bare, written_module, packages, foreign)
            made = {} if own is None or path not in facts else _constructors(facts[path], written_module, packages,
                                                                             foreign)
            held[path] = (re.compile(rf"(?:{'|'.join(made)})\s*\("),
                          list(made.values())) if made else None
        call = written[path]
        text = generation.snapshot.lines(path, line, line) if call is not None else []
        if call is not None and text and (match := call[0].search(text[0])) is not None:
            found.append((path, line, call[1][int(match.lastgroup[1:]) if match.lastgroup else 0]))
        elif (instance := held[path]) is not None and text and (chunk := generation.chunk_at(path, line)) is not None \
                and chunk.start_line < line \
                and held_instance(generation.snapshot.lines(path, chunk.start_line, line - 1), text[0], bare, instance[0]):
            found.append((path, line, instance[1][0]))
    found.sort(key=lambda site: is_secondary(site[0]))  # stable: path and line order within each
    hits = []
    for rank, (path, line, module) in enumerate(found[:limit]):
        chunk = generation.chunk_at(path, line)
        hits.append((module, Hit(path, line, line, 1.0 / (1 + rank), chunk.symbol if chunk is not None else None,
                                 "call", graph.languages.get(path), REASON.format(bare=bare, module=module))))
    depth = next((int(use[len(DEPTH):]) for use in uses if use.startswith(DEPTH) and use[len(DEPTH):].isdigit()), 0)
    return hits + _dependents(generation, hits, bare, depth - 1, limit - len(hits)) if depth > 1 else hits


def _dependents(generation: Generation, hits: list[tuple[str, Hit]], bare: str, depth: int,
                limit: int) -> list[tuple[str, Hit]]:
    """What depends, in this repository, on the definitions holding its uses of another package's
    name, within ``depth`` more edges (deprecated's SphinxAdapter extends ClassicAdapter, which
    extends wrapt's AdapterFactory), nearest first, each once and none of the uses themselves."""
    from maguyva_tui.core.answers import impact
    from maguyva_tui.core.graph.tables import symbol_id

    seen = {(hit.path, hit.start_line) for _, hit in hits}
    out: list[tuple[str, Hit]] = []
    for module, hit in hits:
        if hit.symbol is None or limit <= len(out):
            continue
        try:
            entries = impact(generation, symbol_id(hit.path, hit.symbol), depth, limit).entries
        except (QueryError, OSError, ValueError, KeyError, IndexError):  # no graph, or a damaged one
            continue
        for entry in entries:
            if (entry.path, entry.start_line) not in seen:
                seen.add((entry.path, entry.start_line))
                out.append((module, Hit(entry.path, entry.start_line, entry.end_line, 1.0 / (1 + len(out)),
                                        entry.symbol, "call", entry.language,
                                        f"depends on {hit.symbol}, which names {bare} through {module}")))
    return sorted(out, key=lambda kept: is_secondary(kept[1].path))[:limit]


def module_note(label: str, lines: list[Hit], dependents: list[Hit], module: str) -> str:
    """What a repository's :func:`module_uses` are, one line named by it (the workspace search's
    notice and the MCP server's impact note alike)."""
    count = f"{len(lines)} line{'s' if len(lines) != 1 else ''} import{'s' if len(lines) == 1 else ''}"
    files = "their files" if len({hit.path for hit in lines}) != 1 else "its file"
    more = (f", with {len(dependents)} definition{'s' if len(dependents) != 1 else ''} depending on {files} "
            "within the depth") if dependents else ""
    return (f"{label}: {count} {module} as another repository's module, which {label}'s graph leaves untied; "
            f"listed{more} (first {lines[0].path}:{lines[0].start_line})")


def package_of(module: str) -> str:
    """The package a module as an import writes it belongs to: its first part (``wrapt`` of
    ``wrapt.decorators``, ``lodash`` of ``lodash/fp``), a scoped npm package's two
    (``@scope/pkg``)."""
    if module.startswith("@"):
        return "/".join(module.split("/")[:2])
    return re.split(r"[./:\\]", module, maxsplit=1)[0]


def _aliased(generation: Generation, bare: str, written_module: str,
             packages: Collection[str] | None) -> dict[str, set[str]]:
    """The other names this repository's files import ``bare`` of another package under, each
    with the files that do (flake8's ``from pycodestyle import bare_except as _bare_except``, a
    JavaScript ``import { atom as createAtom } from "lib"``): the files whose text holds ``bare``
    are read (an import writes it), none where the text index is missing."""
    text = getattr(generation, "text", None)
    facts = generation.snapshot.facts
    if text is None or "text" in generation.missing:
        return {}
    from maguyva_tui.core.trigram.plan import literal_plan

    found: dict[str, set[str]] = {}
    try:
        paths = text.candidates(literal_plan(bare))
    except (OSError, ValueError, KeyError, IndexError):  # a damaged text index: no alias is read
        return {}
    for path in paths:
        for imp in facts[path].imports if path in facts else ():
            if imp.name == bare and imp.local and imp.local != bare and imp.local.isidentifier() \
                    and _named(imp.module, written_module, packages):
                found.setdefault(imp.local, set()).add(path)
    return found


def _named(module: str, written_module: str, packages: Collection[str] | None) -> bool:
    """Whether an import's module may be the definition's: another package (not a relative
    import) among ``packages`` (any: ``None``), the module a name written with one names."""
    if not module or module.startswith(".") or packages is not None and package_of(module) not in packages:
        return False
    return not written_module or module == written_module or module.endswith("." + written_module)


def _call_pattern(facts: FileFacts, bare: str, written_module: str, packages: Collection[str] | None,
                  foreign: Callable[[str], bool]) -> tuple[re.Pattern[str], list[str]] | None:
    """How a line of this file writes a call of ``bare`` through another package's import (the
    module's local name then ``.bare``, or ``bare`` alone where the import binds it; the group
    ``mN`` matched names the Nth module), and those modules; ``None`` when no import binds one."""
    modules: dict[str, str] = {}
    for imp in facts.imports:
        module = imp.module
        if not _named(module, written_module, packages):
            continue
        # the module bound (its local name then .bare), or the member itself, perhaps under another name
        local = imp.local + "." + bare if imp.name is None and imp.local else imp.local if imp.name == bare else ""
        if local and local not in modules and foreign(module):
            modules[local] = module
    for imp in facts.imports:  # from css import nth, then nth.parse_nth(...): a submodule imported as a name
        sub = f"{imp.module}.{imp.name}" if imp.module and imp.name and imp.name != bare and imp.local else ""
        if sub and facts.language == "python" and _named(sub, written_module, packages) \
                and imp.local + "." + bare not in modules and foreign(imp.module):
            modules[imp.local + "." + bare] = sub
    made = _constructors(facts, written_module, packages, foreign)
    if not modules and not made:
        return None
    ways = [rf"(?P<m{i}>{re.escape(local)})(?!\w)" for i, local in enumerate(modules)]
    ways += [rf"(?P<m{i}>{local})\s*(?:\({ARGUMENTS}\)\s*)?\.{re.escape(bare)}\s*\("  # Session().get(, Session.load(
             for i, local in enumerate(made, len(modules))]
    return re.compile(rf"(?<![\w.])(?:{'|'.join(ways)})"), [*modules.values(), *made.values()]


ARGUMENTS: Final = r"(?:[^()]|\((?:[^()]|\([^()]*\))*\))*"
"""A call's arguments on one line, parentheses nested twice at most."""


def _constructors(facts: FileFacts, written_module: str, packages: Collection[str] | None,
                  foreign: Callable[[str], bool]) -> dict[str, str]:
    """The patterns of how this file writes a class of another package (``Session`` of ``from lib.client import
    Session``, ``client.Session`` of ``from lib import client``), each with its module: the
    class a method name is written with (``Session.get``: ``Session``), any name written as a
    class is (not ``DEFAULTS``) where the method is asked alone. A method called on an instance made of one is a call of it."""
    if facts.language != "python":
        return {}
    cls = written_module.rpartition(".")[2]
    made: dict[str, str] = {}
    for imp in facts.imports:
        module = imp.module
        if not module or module.startswith(".") or not imp.local \
                or packages is not None and package_of(module) not in packages:
            continue
        if imp.name is not None and (imp.name == cls or not cls and _class_like(imp.name)):
            local = re.escape(imp.local)
        else:  # a module bound (import lib.client as client, from lib import client): client.Session
            local = re.escape(f"{imp.local}.{cls}") if cls else re.escape(imp.local) + r"\.[A-Z][A-Z\d_]*[a-z]\w*"
        if local not in made and foreign(module):
            made[local] = module
    return made


def _class_like(name: str) -> bool:
    """Whether a name is written as a class is (``Session``), not as a constant (``DEFAULTS``)."""
    return name[:1].isupper() and not name.isupper()


def held_instance(lines: list[str], line: str, bare: str, call: re.Pattern[str]) -> bool:
    """Whether a line calls ``bare`` on a name the lines before it (its definition's) bound to an
    instance ``call`` makes (``s = Session()`` then ``s.get(...)``), not bound again since."""
    receiver = re.search(rf"(?<![\w.])(\w+)\s*\.{re.escape(bare)}\s*\(", line)
    if receiver is None:
        return False
    name = receiver.group(1)
    for before in reversed(lines):
        bound = re.match(rf"\s*{re.escape(name)}\s*=(?!=)\s*(.*)", before)
        if bound is not None:
            return call.match(bound.group(1)) is not None
    return False
