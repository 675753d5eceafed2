"""A member named through a class that inherits it: ``Flask.route`` is ``Scaffold.route``.

Documentation names a method by the class a reader uses (``Flask.route``, ``Session.get``), while
the code defines it once in a base class (``class Scaffold: def route``) that the class inherits
through others (``Flask(App)``, ``App(Scaffold)``). No symbol is named ``Flask.route``, so the
question was answered "no symbol named Flask.route" beside code resembling its words. The graph
knows each class's bases (its ``inherit`` references, resolved); :func:`inherited` walks them
breadth first from the named class, nearest first as a method resolution order looks, and returns
the first base's definitions of the member.
"""

from __future__ import annotations

import posixpath
from collections import deque
from typing import Any, Final

from maguyva_tui.core.names import qualifier_parts
from maguyva_tui.core.store.facts import imports_of
from maguyva_tui.core.types import Symbol

TYPE_KINDS: Final = frozenset({"class", "struct", "interface", "trait", "enum"})
"""The kinds a qualifier may name that are no namespace to leave out (a C++ namespace and a Ruby
module are indexed as modules: those may be left out)."""

MAX_BASES: Final = 256
"""Base classes looked through at most for one name (a deep or wide hierarchy stops there)."""


def inherited(generation: Any, name: str) -> list[Symbol]:
    """The definitions of ``Owner.member`` that ``Owner`` inherits from its nearest base that
    defines it; empty when ``name`` is not qualified, when ``Owner`` defines it itself or is no
    class of this index, or while the graph is not built yet."""
    parts = qualifier_parts(name)
    if len(parts) < 2 or "graph" in getattr(generation, "missing", ()):
        return []
    owner, member = ".".join(parts[:-1]), parts[-1]
    structural = generation.structural
    classes = [s for s in structural.lookup(owner) if s.kind in ("class", "struct", "interface", "trait", "module")]
    if not classes or any(s.qualname == f"{c.qualname}.{member}" for c in classes
                          for s in structural.lookup(f"{c.qualname}.{member}")):
        return []  # it defines the member itself: C++'s Square::area overriding geo.Base.area in namespace geo
    graph = getattr(getattr(generation, "snapshot", None), "graph", None)  # a workspace's view has none
    bases = getattr(graph, "bases", None) if graph is not None else None
    if not bases:
        return []
    from maguyva_tui.core.graph.tables import split_id, symbol_id  # here: a question that reads no graph never loads it

    queue = deque(symbol_id(c.path, c.qualname) for c in classes)
    seen = set(queue)
    while queue and len(seen) <= MAX_BASES:
        for base in bases.get(queue.popleft(), ()):
            if base in seen:
                continue
            seen.add(base)
            path, qualname = split_id(base)
            if not qualname:
                continue  # a base outside the repository (``<external>``) or a file
            found = [s for s in structural.lookup(f"{qualname}.{member}") if s.path == path]
            if found:
                return found
            queue.append(base)
    return []


def namespaced(generation: Any, name: str) -> list[Symbol]:
    """The definitions of a qualified name written with namespaces the symbol table leaves out, or
    without those it keeps: ``fmt::format_to`` is ``format_to`` where ``fmt`` is a namespace (or a
    macro opening one), ``Shape::area`` is ``geometry.Shape.area`` where ``namespace geometry``
    holds ``Shape``. Of the definitions named as its last part, those whose qualified name ends with
    the longest tail of the written parts; a part is dropped from the front only in a name written
    with ``::`` (a dotted one names modules: ``os.path.join`` is not the repository's ``join``), and
    only when no class of the index bears its name (``Buffer::nothing`` is not ``nothing``), and
    never a capitalised part before a Rust definition: Rust names its modules and crates in lower
    case, so ``Config::new`` is a type's ``new`` (another crate's, where the index defines no
    ``Config``), not ``Server::new``, as it had been read. Empty when none matches."""
    parts = qualifier_parts(name)
    if len(parts) < 2:
        return []
    structural = generation.structural
    named = [s for s in structural.lookup(parts[-1]) if s.name == parts[-1]]
    for start in range(len(parts) if "::" in name else 1):  # ``os.path.join`` names a module, no namespace
        if start and any(s.kind in TYPE_KINDS for s in structural.lookup(parts[start - 1])):
            return []  # a class that does not hold the rest: no namespace to leave out
        tail = parts[start:]
        found = [s for s in named if qualifier_parts(s.qualname)[-len(tail):] == tail
                 and not (start and s.language == "rust" and any(p[:1].isupper() for p in parts[:start]))]
        if found:
            return found
    return []


def owner_in_other_case(generation: Any, name: str) -> list[Symbol]:
    """The definitions of ``Owner.member`` where the index defines no ``Owner`` but one owner
    spelled so in another case has the member: Go's ``Decoder.decode`` is hcl's ``decoder.decode``
    (an unexported type, named with a capital as prose names it), where the question had only
    offered it among close names. Empty when the owner is defined as written, when no owner or
    several owners spelled alike in other cases (``DECODER``, ``decoder``) have the member."""
    parts = qualifier_parts(name)
    if len(parts) < 2 or not all(p.isidentifier() for p in parts):
        return []
    owner, member = parts[:-1], parts[-1]
    structural = generation.structural
    if structural.lookup(".".join(owner)):
        return []
    folded = [p.casefold() for p in owner]
    by_owner: dict[tuple[str, ...], list[Symbol]] = {}
    for symbol in structural.lookup(member):
        theirs = qualifier_parts(symbol.qualname)
        if symbol.name == member and len(theirs) > len(owner) and theirs[-1] == member:
            spelled = tuple(theirs[-len(owner) - 1:-1])
            if [p.casefold() for p in spelled] == folded:
                by_owner.setdefault(spelled, []).append(symbol)
    return next(iter(by_owner.values())) if len(by_owner) == 1 else []


def on_unknown_receiver(generation: Any, name: str) -> list[Symbol]:
    """The methods named as the last part of ``receiver.member`` when the receiver is a variable
    the index defines nothing by (koa's ``ctx.throw``: ``ctx`` is a parameter everywhere, the
    method is ``proto.throw`` of ``lib/context.js``): a lower-case name, never a class, a module or
    any other definition of this index, nor a name some file imports (Go's ``http`` in
    ``http.Handler`` is a package, not ``Route.Handler``'s receiver). Only methods (a definition
    with an owner): a name written ``x.array`` is not the repository's top-level ``array``. Empty
    when none matches, and in a workspace's view (no one table of imports to ask)."""
    parts = qualifier_parts(name)
    if len(parts) != 2 or "::" in name or not parts[0][:1].islower() or not parts[0].isidentifier():
        return []
    facts = getattr(getattr(generation, "snapshot", None), "facts", None)
    if facts is None or facts.imports_local(parts[0]):
        return []  # a module or package imported under that name (Go's ``http.Handler``, ``np.array``)
    structural = generation.structural
    if structural.lookup(parts[0]):
        return []
    return [s for s in structural.lookup(parts[1]) if s.name == parts[1] and len(qualifier_parts(s.qualname)) > 1]


def go_module_member(generation: Any, name: str) -> list[Symbol]:
    """The top-level definitions of ``package.Name`` where ``package`` is the root package of a Go
    module of the repository, named as its ``go.mod`` declares it (``logrus.WithField`` is
    ``WithField`` of logrus' ``exported.go``, whose folder, the repository's root, has no name a
    path could give it: the answer had said that no symbol so named is defined here, another
    package's name). Empty for any other name, and in a workspace's view (no facts to read)."""
    parts = qualifier_parts(name)
    facts = getattr(getattr(generation, "snapshot", None), "facts", None)
    if len(parts) != 2 or "::" in name or facts is None:
        return []
    package, member = parts
    # a parser's module, which no other search imports
    from maguyva_tui.core.parsing.facts.marks import GO_MOD, GO_MODULE_LOCAL, go_package_name

    found = []
    for symbol in generation.structural.lookup(member):
        if symbol.language != "go" or symbol.qualname != member:
            continue
        module_file = posixpath.join(posixpath.dirname(symbol.path), GO_MOD)
        if module_file in facts and any(i.local == GO_MODULE_LOCAL and go_package_name(i.module) == package
                                        for i in imports_of(facts, module_file)):
            found.append(symbol)
    return found


def aliased(generation: Any, name: str) -> list[Symbol]:
    """The definitions a name stands for where no definition bears it but an import binds one
    under it: ``from ._lexer import _Lexer as Lexer`` makes ``Lexer`` the package's name for
    ``_Lexer``, and "who calls Lexer" had said no symbol is named so. Each import is read as the
    graph resolved it (its import site on that line), so only definitions of this repository are
    found; empty for any other name, while the graph is not built, and in a workspace's view (no
    one table of imports to ask). A Python name written through its module (``to_thread.run_sync``,
    ``trio.to_thread.run_sync``, bound by ``from ._threads import to_thread_run_sync as run_sync``
    in ``trio/to_thread.py``) is the name that module's file binds."""
    parts = qualifier_parts(name)
    facts = getattr(getattr(generation, "snapshot", None), "facts", None)
    if not parts or "::" in name or not all(p.isidentifier() for p in parts) or facts is None:
        return []
    if "graph" in getattr(generation, "missing", ()) or not hasattr(facts, "importing_as"):
        return []
    *module, name = parts
    paths = [path for path in facts.importing_as(name)  # trio's to_thread.run_sync: the name as its module's file binds it
             if not module or _python_module(path).endswith("." + ".".join(module))]
    graph = getattr(generation.snapshot, "graph", None) if paths else None  # no import binds it: the graph stays unread
    if graph is None:  # (100,000 files: 0.4-0.6 s of a misspelled or partial word that no import binds)
        return []
    from maguyva_tui.core.graph.tables import split_id  # here: a question that reads no graph never loads it

    found: dict[str, Symbol] = {}
    for path in paths:
        imports = imports_of(facts, path)
        for imp in imports:
            if imp.local != name or imp.name in (None, "*", name):
                continue
            alone = sum(1 for i in imports if i.line == imp.line) == 1
            for site in graph.sites_out.get(path, ()):
                symbol = graph.symbols.get(site.target) if site.kind == "import" and site.line == imp.line else None
                if symbol is not None and (alone or split_id(site.target)[1].rpartition(".")[2] == imp.name):
                    found.setdefault(site.target, symbol)
    return list(found.values())


def namespace_member(generation: Any, name: str) -> list[Symbol]:
    """The top-level definitions of ``Namespace.member`` where a file binds ``Namespace`` to a whole
    module of the repository, as the graph resolved its import (``import * as P from './patterns'``,
    or ts-pattern's ``export { Pattern as P }`` of such an import): ``P.when`` is ``when`` of
    ``src/patterns.ts``, the definition the graph ties ``P.when(...)`` calls to, where the answer had
    said that no symbol is named so. Empty for any other name, while the graph is not built, and in a
    workspace's view."""
    parts = qualifier_parts(name)
    facts = getattr(getattr(generation, "snapshot", None), "facts", None)
    graph = getattr(getattr(generation, "snapshot", None), "graph", None)
    if len(parts) != 2 or "::" in name or not all(p.isidentifier() for p in parts) or facts is None or graph is None:
        return []
    if "graph" in getattr(generation, "missing", ()) or not hasattr(facts, "importing_as"):
        return []
    from maguyva_tui.core.graph.tables import symbol_id  # here: a question that reads no graph never loads it

    bound, member = parts
    found: dict[str, Symbol] = {}
    for path in facts.importing_as(bound):
        lines = {imp.line for imp in facts[path].imports if imp.local == bound}
        for site in graph.sites_out.get(path, ()):
            if site.kind != "import" or site.line not in lines or "::" in site.target:
                continue  # a module is a file's node; a symbol's node holds ``::``
            symbol = graph.symbols.get(symbol_id(site.target, member))
            if symbol is not None:
                found.setdefault(symbol_id(site.target, member), symbol)
    return list(found.values())


def _python_module(path: str) -> str:
    """A Python file's module as its dotted path, with a dot before it (``src/trio/to_thread.py``:
    ``.src.trio.to_thread``; a package's ``__init__.py`` is the package's)."""
    stem = path.rsplit(".", 1)[0] if path.endswith((".py", ".pyi")) else ""
    return "." + stem.removesuffix("/__init__").replace("/", ".") if stem else ""
