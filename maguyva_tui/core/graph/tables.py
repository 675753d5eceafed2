"""Per-file lookup tables the resolver reads: definitions, imports, local bindings, attributes."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from maguyva_tui.core.graph.imports import WILDCARD
from maguyva_tui.core.types import FileFacts, Import

CLASS_KINDS: frozenset[str] = frozenset({"class", "struct", "interface", "trait", "enum", "type"})
"""Symbol kinds that have members and bases."""

FUNCTION_KINDS: frozenset[str] = frozenset({"function", "method"})
"""Symbol kinds whose bindings are local variables."""

KIND_PRIORITY: dict[str, int] = {"class": 0, "struct": 0, "interface": 0, "trait": 0, "enum": 0,
                                 "function": 1, "method": 1, "type": 2, "module": 3}
"""Which kind a qualname keeps when a file defines it twice (a class beats its type alias)."""


def symbol_id(path: str, qualname: str) -> str:
    """Return the graph node id of a symbol."""
    return f"{path}::{qualname}"


def split_id(node: str) -> tuple[str, str]:
    """Split a symbol node id into (path, qualname); a file node gives (path, "")."""
    path, _, qualname = node.partition("::")
    return path, qualname


@dataclass(slots=True)
class FileIndex:
    """What the resolver needs to know about one file."""

    path: str
    language: str
    defs: dict[str, str] = field(default_factory=dict)
    """Qualname to symbol kind."""
    imports: dict[str, list[Import]] = field(default_factory=dict)
    """Bound local name to the imports that bind it (several for ``try: import`` fallbacks)."""
    wildcards: list[Import] = field(default_factory=list)
    locals: dict[str, dict[str, str]] = field(default_factory=dict)
    """Function scope qualname to local name to declared type (``""`` when unknown)."""
    dotted_heads: set[str] = field(default_factory=set)
    """First segments of Python ``import a.b`` bindings: ``a`` is bound too."""
    globals: dict[str, str] = field(default_factory=dict)
    """Module-level variable to the type it was declared with or assigned (``""`` when unknown)."""
    attrs: dict[str, dict[str, str]] = field(default_factory=dict)
    """Class qualname to attribute or field name to declared type (``""`` when unknown)."""

    def enclosing_class(self, scope: str | None) -> str | None:
        """Return the qualname of the innermost class in this file enclosing a scope."""
        while scope:
            if self.defs.get(scope) in CLASS_KINDS:
                return scope
            scope = scope.rpartition(".")[0]
        return None


def index_file(facts: FileFacts) -> FileIndex:
    """Build the lookup tables of one file from its facts."""
    index = FileIndex(facts.path, facts.language or "")
    for symbol in facts.symbols:
        old = index.defs.get(symbol.qualname)
        if old is None or KIND_PRIORITY.get(symbol.kind, 9) < KIND_PRIORITY.get(old, 9):
            index.defs[symbol.qualname] = symbol.kind
    imports: dict[str, list[Import]] = defaultdict(list)
    for imp in facts.imports:
        if imp.local == WILDCARD:
            index.wildcards.append(imp)
        elif imp.local:
            imports[imp.local].append(imp)
    index.imports = dict(imports)
    index.dotted_heads = {local.partition(".")[0] for local in imports if "." in local}
    for ref in facts.references:
        if ref.kind == "local":
            _add_local(index, ref.scope or "", ref.name)
    return index


def _add_local(index: FileIndex, scope: str, written: str) -> None:
    """File one ``local`` record as a function local or a class attribute."""
    name, _, typed = written.partition(":")
    if name.startswith("self."):
        owner = index.enclosing_class(scope)
        if owner is not None:
            index.attrs.setdefault(owner, {}).setdefault(name[5:], typed)
        return
    if not scope:
        index.globals.setdefault(name, typed)
    elif index.defs.get(scope) in CLASS_KINDS:
        index.attrs.setdefault(scope, {}).setdefault(name, typed)
    else:
        index.locals.setdefault(scope, {})[name] = typed


def member_pairs(index: FileIndex) -> Iterator[tuple[str, str]]:
    """Yield (method, class) node ids for every function defined inside a class of the file."""
    for qualname, kind in index.defs.items():
        if kind in FUNCTION_KINDS:
            owner = index.enclosing_class(qualname.rpartition(".")[0])
            if owner is not None:
                yield symbol_id(index.path, qualname), symbol_id(index.path, owner)


class IndexCache:
    """Path to ``FileIndex``, each built from the file's facts on first use."""

    __slots__ = ("_built", "_facts_of")

    def __init__(self, facts_of: Callable[[str], FileFacts | None]) -> None:
        self._facts_of = facts_of
        self._built: dict[str, FileIndex] = {}

    def get(self, path: str, default: FileIndex | None = None) -> FileIndex | None:
        """Return the tables of a file, ``default`` for a file the graph does not hold."""
        index = self._built.get(path)
        if index is None:
            facts = self._facts_of(path)
            if facts is None:
                return default
            index = self._built[path] = index_file(facts)
        return index

    def __getitem__(self, path: str) -> FileIndex:
        index = self.get(path)
        if index is None:
            raise KeyError(path)
        return index

    def __contains__(self, path: object) -> bool:
        return isinstance(path, str) and self.get(path) is not None

    def pop(self, path: str) -> None:
        """Forget the tables of a file."""
        self._built.pop(path, None)

    def clear(self) -> None:
        """Forget every file's tables."""
        self._built.clear()
