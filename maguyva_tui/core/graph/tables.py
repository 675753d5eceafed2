"""Per-file lookup tables the resolver reads: definitions, imports, local bindings, attributes.

A file comes in as a ``Source``: its facts as plain rows, read straight from the index's stored
rows (``FactsTable.rows``, the layout of ``store/facts.py``) or flattened from ``FileFacts``, so
that building or updating the graph never makes a ``Reference`` object per site.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, TypeAlias

import numpy as np

from maguyva_tui.core.graph.constructor_functions import agree, constructor_of
from maguyva_tui.core.parsing.facts.fixtures import MARK
from maguyva_tui.core.parsing.facts.marks import (
    BLOCK,
    DECORATED,
    GENERIC,
    INSTANCE,
    NULL,
    PROPERTY,
    UNION_TYPE,
    UNKNOWN_ATTRIBUTE,
    UNTYPED,
    USING_NAMESPACE,
    WILDCARD,
)
from maguyva_tui.core.store.facts import RefRow
from maguyva_tui.core.store.records import StoredRecords, decode_records
from maguyva_tui.core.types import FILE_LOCAL_FLAG, FileFacts, Import, Symbol

CLASS_KINDS: frozenset[str] = frozenset({"class", "struct", "interface", "trait", "enum", "type"})
"""Symbol kinds that have members and bases."""

UNCALLED_KINDS: frozenset[str] = frozenset({"interface", "type"})
"""Kinds no code calls or constructs (a TypeScript interface or type alias): who uses one asks for
its type uses, its implementations and its imports, not its calls."""
TYPE_USES: tuple[str, ...] = ("inherit", "ref", "import")
"""The sites that use a type no code calls, in the order they are listed."""

FUNCTION_KINDS: frozenset[str] = frozenset({"function", "method"})
"""Symbol kinds whose bindings are local variables."""

KIND_PRIORITY: dict[str, int] = {"class": 0, "struct": 0, "interface": 0, "trait": 0, "enum": 0,
                                 "function": 1, "method": 1, "type": 2, "module": 3}
"""Which kind a qualname keeps when a file defines it twice (a class beats its type alias)."""


SymbolRow: TypeAlias = tuple[Any, ...]
"""(name, qualname, kind, start_line, end_line, language, signature, name_line, flags)."""

_REF_ROW = attrgetter("kind", "name", "line", "scope")


@dataclass(frozen=True, slots=True)
class Source:
    """One file's facts as the graph reads them."""

    path: str
    language: str | None
    symbols: Sequence[Symbol] | Sequence[SymbolRow]
    """In the order the file defines them (the first of two equal-priority definitions wins)."""
    references: Sequence[RefRow]
    imports: Sequence[Import]


def source_of(path: str, facts: FileFacts) -> Source:
    """Flatten a file's facts."""
    return Source(path, facts.language, facts.symbols, list(map(_REF_ROW, facts.references)), facts.imports)


def source_of_row(path: str, row: tuple[Any, ...]) -> Source:
    """Read a file's stored row: (language, chunks, symbols, references, imports)."""
    language, _, symbols, references, imports = row
    return Source(path, language, symbols, references, [Import(path, *imp) for imp in imports])


def read_source(facts: Mapping[str, FileFacts], path: str) -> Source:
    """Return a file's facts from a mapping, from its stored rows when it has them (no decoding)."""
    rows = getattr(facts, "rows", None)
    if isinstance(rows, Mapping) and path in rows:
        return source_of_row(path, rows[path])
    return source_of(path, facts[path])


def of_kind(references: Sequence[RefRow], kind: str, *, keep: bool = True) -> Sequence[RefRow]:
    """Return the references of one kind (``keep=False``: of every other kind), in written order;
    of stored rows only those are decoded, chosen by their kind column (a file's tables read its
    ``local`` records, its bases its ``inherit`` ones, its sites every other one)."""
    if not isinstance(references, StoredRecords):
        return [ref for ref in references if (ref[0] == kind) == keep]
    table = references.table[references.start : references.end]
    kinds = references.strings.pick(table[:, 0])
    wanted = [i for i, found in enumerate(kinds) if (found == kind) == keep]
    if len(wanted) == len(kinds):
        return decode_records(table, references.schema, references.strings)
    return decode_records(table[np.asarray(wanted, dtype=np.int64)], references.schema, references.strings)


SEPARATOR = "::"
"""Between a symbol id's path and its qualname. A qualname may hold it (C++'s
``basic_data<T>::pow10_significands``), and so may a path (a file named ``a::b.py``): a path is
written escaped in a symbol id (:func:`escape_path`), so that an id splits at its first one."""
ESCAPED_IN_PATHS = ("%3A", "%25")
"""What ``:`` and ``%`` become in the path of a symbol id when the path holds ``:`` or one of these
(a path without, nearly every one, is written as it is: ids stay plain to read, and stored ones keep)."""


def escape_path(path: str) -> str:
    """Write a path as a symbol id holds it: ``%`` as ``%25`` and ``:`` as ``%3A`` when it holds
    ``:`` or an escape (so that the one text never reads both ways), else as it is."""
    if ":" not in path and not any(e in path for e in ESCAPED_IN_PATHS):
        return path
    return path.replace("%", "%25").replace(":", "%3A")


def unescape_path(written: str) -> str:
    """Read a path written by :func:`escape_path`."""
    if not any(e in written for e in ESCAPED_IN_PATHS):
        return written
    return re.sub("%3A|%25", lambda m: ":" if m.group() == "%3A" else "%", written)


def symbol_id(path: str, qualname: str) -> str:
    """Return the graph node id of a symbol."""
    return f"{escape_path(path)}{SEPARATOR}{qualname}"


def split_id(node: str) -> tuple[str, str]:
    """Split a symbol node id into (path, qualname); a file node gives (path, "") when its path
    holds no ``::`` (a file id is its path as it is: to tell ``a::b.py`` from a symbol ``b.py`` of
    a file ``a``, ask the graph which nodes are files)."""
    path, separator, qualname = node.partition(SEPARATOR)
    return (unescape_path(path), qualname) if separator else (node, "")


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
    fixtures: dict[str, list[str]] = field(default_factory=dict)
    """pytest fixture name to the qualnames of the functions that define it (``parsing/facts/fixtures.py``)."""
    properties: set[str] = field(default_factory=set)
    """Qualnames of the methods that are properties: reading one gives what it returns."""
    decorated: dict[str, str] = field(default_factory=dict)
    """Qualname of a function to the decorator written bare above it first (``@curry``): the
    function's name holds what that decorator made of it."""
    instance_members: set[str] = field(default_factory=set)
    """Qualnames of the JavaScript methods an instance holds, not its class or constructor
    function (``js_members.py``): ``Foo.m(...)`` on ``Foo`` itself does not call one."""
    scoped_imports: dict[str, dict[str, list[Import]]] = field(default_factory=dict)
    """Rust: qualname of a function to the names a ``use`` written in its body binds there (and
    in the items nested in it), before any item of an enclosing scope of that name."""
    file_local: frozenset[str] = frozenset()
    """C/C++: qualnames whose every definition here is file-local (``Symbol.file_local``: ``static``,
    an anonymous namespace's, a ``#define``), seen only where this file is compiled or included."""

    def enclosing_class(self, scope: str | None) -> str | None:
        """Return the qualname of the innermost class in this file enclosing a scope."""
        while scope:
            if self.defs.get(scope) in CLASS_KINDS:
                return scope
            scope = scope.rpartition(".")[0]
        return None


def index_file(source: Source) -> FileIndex:
    """Build the lookup tables of one file from its facts."""
    index = FileIndex(source.path, source.language or "")
    defs = index.defs
    for qualname, kind in _definitions(source.symbols):
        old = defs.get(qualname)
        if old is None or KIND_PRIORITY.get(kind, 9) < KIND_PRIORITY.get(old, 9):
            defs[qualname] = kind
    if index.language in ("c", "cpp"):
        index.file_local = _file_local(source.symbols)
    imports: dict[str, list[Import]] = defaultdict(list)
    scoped = _using_scopes(source.symbols, source.imports) if index.language == "cpp" else {}
    for imp in source.imports:
        if imp.line in scoped and imp.module.startswith(USING_NAMESPACE):  # filed under its scope
            index.scoped_imports.setdefault(scoped[imp.line], {}).setdefault(imp.local or WILDCARD, []).append(imp)
        elif imp.local == WILDCARD:
            index.wildcards.append(imp)
        elif imp.local:
            imports[imp.local].append(imp)
    index.imports = dict(imports)
    index.dotted_heads = {local.partition(".")[0] for local in imports if "." in local}
    if index.language in SCOPED_IMPORTS and source.imports:
        index.scoped_imports = _scoped_imports(source.symbols, source.imports)
    for _, name, _, scope in of_kind(source.references, "local"):
        _add_local(index, scope or "", name)
    for fields in index.attrs.values():  # an attribute set to nothing alone is untyped
        for name in [n for n, typed in fields.items() if typed == NULL]:
            fields[name] = UNTYPED
    return index


def _using_scopes(symbols: Sequence[Symbol] | Sequence[SymbolRow], imports: Sequence[Import]) -> dict[int, str]:
    """Return the line of each C++ ``using namespace`` (or ``using a::Widget;``, a name of one)
    written inside a namespace or a function to the innermost one's qualname: the names it brings
    are seen there alone (one at the top of the file is a wildcard import like an ``#include``, or
    an import of the one name)."""
    lines = [imp.line for imp in imports if imp.module.startswith(USING_NAMESPACE)]
    if not lines:
        return {}
    spans = [row for row in map(_symbol_row, symbols) if row[2] in FUNCTION_KINDS or row[2] == "module"]
    found: dict[int, str] = {}
    for line in lines:
        around = [row for row in spans if row[3] <= line <= row[4]]
        if around:
            found[line] = max(around, key=lambda row: (row[3], -row[4]))[1]
    return found


SCOPED_IMPORTS = frozenset({"rust", "javascript", "typescript", "tsx"})
"""Languages binding names inside a function's body that the resolver looks up there first: a Rust
``use``, a JavaScript object's members (``const api = { setState }``: ``api.setState`` is
``setState``)."""


def _scoped_imports(symbols: Sequence[Symbol] | Sequence[SymbolRow],
                    imports: Sequence[Import]) -> dict[str, dict[str, list[Import]]]:
    """File each import written inside a function's body under the innermost such function, in
    one sweep over both in line order: nom's test ``fn take_while1() { use
    crate::bytes::streaming::take_while1; fn f(..) { take_while1(..)(i) } }`` calls the function
    it imports, where the call had been tied to the test itself."""
    spans = sorted((row[3], -row[4], row[1]) for row in map(_symbol_row, symbols) if row[2] in FUNCTION_KINDS)
    scoped: dict[str, dict[str, list[Import]]] = {}
    open_: list[tuple[int, str]] = []  # the end and qualname of the functions open, innermost last
    at = 0
    for imp in sorted((i for i in imports if i.local and i.local != WILDCARD), key=attrgetter("line")):
        while at < len(spans) and spans[at][0] <= imp.line:
            start, negative_end, qualname = spans[at]
            while open_ and open_[-1][0] < start:
                open_.pop()
            open_.append((-negative_end, qualname))
            at += 1
        while open_ and open_[-1][0] < imp.line:
            open_.pop()
        if open_:
            scoped.setdefault(open_[-1][1], {}).setdefault(imp.local, []).append(imp)
    return scoped


def _symbol_row(symbol: Symbol | SymbolRow) -> tuple[Any, ...]:
    """Return (name, qualname, kind, start_line, end_line) of a symbol, object or row."""
    if isinstance(symbol, Symbol):
        return symbol.name, symbol.qualname, symbol.kind, symbol.start_line, symbol.end_line
    return tuple(symbol[:5])


def _file_local(symbols: Sequence[Symbol] | Sequence[SymbolRow]) -> frozenset[str]:
    """Return the qualnames whose every definition is file-local (one ``#if`` branch's ``static``
    beside another's extern definition is not), objects or rows."""
    flagged: set[str] = set()
    seen: set[str] = set()
    for symbol in symbols:
        qualname, local = ((symbol.qualname, symbol.file_local) if isinstance(symbol, Symbol)
                           else (symbol[1], bool(symbol[8] & FILE_LOCAL_FLAG)))
        if local and qualname not in seen:
            flagged.add(qualname)
        elif not local:
            flagged.discard(qualname)
        seen.add(qualname)
    return frozenset(flagged)


def _definitions(symbols: Sequence[Symbol] | Sequence[SymbolRow]) -> Iterator[tuple[str, str]]:
    """Yield (qualname, kind) of every symbol, objects or rows."""
    for symbol in symbols:
        if isinstance(symbol, Symbol):
            yield symbol.qualname, symbol.kind
        else:
            yield symbol[1], symbol[2]


def _add_local(index: FileIndex, scope: str, written: str) -> None:
    """File one ``local`` record as a function local or a class attribute."""
    name, _, typed = written.partition(":")
    if name == MARK:
        index.fixtures.setdefault(typed, []).append(scope)
        return
    if name == PROPERTY:
        index.properties.add(scope)
        return
    if name == DECORATED:
        index.decorated[scope] = typed
        return
    if name == INSTANCE:
        index.instance_members.add(scope)
        return
    if name.startswith(("self.", UNKNOWN_ATTRIBUTE)):
        _add_self(index, scope, name, typed)
        return
    if name.startswith(GENERIC):  # a Rust impl block's bound type parameter: its methods' local
        bound = index.locals.setdefault(scope, {})
        parameter = name[len(GENERIC):]
        known = bound.get(parameter)  # two blocks binding it differently (Chain's impl Buf, impl BufMut): either
        bound[parameter] = typed if not known else UNION_TYPE.join(dict.fromkeys([*known.split(UNION_TYPE), typed]))
        return
    if index.defs.get(scope) in CLASS_KINDS:
        _add_attribute(index.attrs.setdefault(scope, {}), name, typed)
        return
    typed = UNTYPED if typed == NULL else typed
    if not scope:
        index.globals.setdefault(name, typed)
    else:
        index.locals.setdefault(scope, {})[name] = typed


def _add_self(index: FileIndex, scope: str, name: str, typed: str) -> None:
    """File an attribute set on ``self``/``this`` under its class, or under the JavaScript
    constructor function whose methods set it (``constructor_functions.py``), where the bindings
    of no known type (``this.x`` records) count too."""
    owner = index.enclosing_class(scope)
    unknown = name.startswith(UNKNOWN_ATTRIBUTE)
    if owner is not None and not unknown:
        # ``self._wheres = self._wheres.replace_table(...) if self._wheres else None``: typed by
        # itself, which tells nothing; the attribute's other bindings type it
        own = typed.startswith(name) and typed[len(name):len(name) + 1] in (".", "(", "[")
        _add_attribute(index.attrs.setdefault(owner, {}), name[5:], UNTYPED if own else typed)
        return
    constructor = constructor_of(index.defs, scope) if owner is None and index.language in OBJECT_LANGUAGES else None
    if constructor is not None:
        agree(index.attrs.setdefault(constructor, {}), name[5:], UNTYPED if unknown else typed)


OBJECT_LANGUAGES = frozenset({"javascript", "typescript", "tsx"})
"""Languages with constructor functions (``function Foo() {}``, ``Foo.prototype.bar = function``)."""


def _add_attribute(fields: dict[str, str], name: str, typed: str) -> None:
    """Type an attribute by its first binding, one to no value (``self.conn = None`` in
    ``__init__``, ``@client = nil``, a class's ``conn = None``) giving way to the next: the
    attribute had stayed untyped, and every call on it had reached nothing. A binding whose value
    tells no type gives way to a later one that does (pypika's ``self._insert_table = new_table if
    ... else self._insert_table`` in ``replace_table`` above ``into``'s ``... else Table(table)``)."""
    if fields.get(name, NULL) in (NULL, UNTYPED):
        fields[name] = typed


def seen_by_readers(index: FileIndex) -> tuple[Any, ...]:
    """What another file's resolution can read of a file's tables: every table of ``FileIndex``,
    in its order, each import without the line it is written at, and the locals of a block
    (``A.f.{12}``, named by its line) left out unless a definition lies in it: another file's
    lookups start at a definition and walk out, never into a block, and read no import's line (a
    line added above the imports moves them all). Two files' values are equal when no reader of
    one would resolve anything otherwise from the other."""
    seen = [_lineless(getattr(index, f.name)) for f in dataclasses.fields(FileIndex)]
    if any(BLOCK in scope for scope in index.locals):
        holding = {d.rsplit(".", i)[0] for d in index.defs if BLOCK in d for i in range(1, d.count(".") + 1)}
        seen[[f.name for f in dataclasses.fields(FileIndex)].index("locals")] = [
            (scope, _lineless(bound)) for scope, bound in index.locals.items()
            if not scope.rpartition(".")[2].startswith(BLOCK) or scope in holding]
    return tuple(seen)


def _lineless(value: Any) -> Any:
    """A table's value as readers compare it: imports without their line, mappings as their
    items in order (a lookup may take the first match)."""
    if isinstance(value, Import):
        return value.path, value.local, value.module, value.name
    if isinstance(value, dict):
        return [(key, _lineless(item)) for key, item in value.items()]
    if isinstance(value, list):
        return [_lineless(item) for item in value]
    return value


def member_pairs(index: FileIndex) -> Iterator[tuple[str, str]]:
    """Yield (method, class) node ids for every function defined inside a class of the file."""
    for qualname, kind in index.defs.items():
        if kind in FUNCTION_KINDS:
            owner = index.enclosing_class(qualname.rpartition(".")[0])
            if owner is not None:
                yield symbol_id(index.path, qualname), symbol_id(index.path, owner)


class DirectoryNames:
    """Each directory's top-level names (no dot: a class, a function, not a method), per language,
    to the files of the directory that define them: what a Go, Java or PHP name resolves to in its
    own package. Made once per directory from its files' tables and kept until a file of the
    directory is forgotten: a lookup had read every file of the directory (a one-line edit of joda's
    DateTime.java relinked 160 files of its package, each of 24,000 lookups reading its 70 files'
    tables: 6 of the update's 10 s went there)."""

    __slots__ = ("_made",)

    def __init__(self) -> None:
        self._made: dict[str, dict[str | None, tuple[tuple[str, ...], dict[str, list[str]]]]] = {}
        """Directory to language to (the paths it was made from, name to paths in their order)."""

    def names(self, files: Callable[[str], FileIndex | None], directory: str, language: str | None,
              paths: tuple[str, ...]) -> Mapping[str, list[str]]:
        """Each top-level name the files ``paths`` of ``directory`` in ``language`` define, to
        those files in the order of ``paths`` (``files``: a path's tables, ``None`` for none);
        made again where the directory's paths are not the ones it was made from."""
        by_language = self._made.setdefault(directory, {})
        made = by_language.get(language)
        if made is not None and (made[0] is paths or made[0] == paths):
            return made[1]
        names: dict[str, list[str]] = {}
        for path in paths:
            index = files(path)
            if index is not None and index.language == language:
                for name in index.defs:
                    if "." not in name:
                        names.setdefault(name, []).append(path)
        by_language[language] = (paths, names)
        return names

    def forget(self, path: str) -> None:
        """Forget the names of a file's directory (the file changed, came or went)."""
        self._made.pop(posixpath.dirname(path), None)

    def clear(self) -> None:
        """Forget every directory's names."""
        self._made.clear()


class IndexCache:
    """Path to ``FileIndex``, each built from the file's facts on first use (and kept, or within
    ``limit``), and each directory's top-level names (``directories``), made from those."""

    __slots__ = ("_built", "_source_of", "directories", "limit")

    def __init__(self, source_of: Callable[[str], Source | None]) -> None:
        self._source_of = source_of
        self._built: OrderedDict[str, FileIndex] = OrderedDict()
        self.directories = DirectoryNames()
        """What a file's tables hold about its directory, forgotten with the file (``pop``):
        a table let go for ``limit`` is made again the same, and leaves them true."""
        self.limit: int | None = None
        """The most tables kept, the one read longest ago let go first (``None``: every file's).
        A file's tables are made from its facts alone, so one made again is the same: a graph
        built to be written keeps a few thousand (every file's held 151 MB on a 450 MB corpus,
        and once let go left the process as scattered holes, not memory handed back)."""

    def get(self, path: str, default: FileIndex | None = None) -> FileIndex | None:
        """Return the tables of a file, ``default`` for a file the graph does not hold."""
        built = self._built
        index = built.get(path)
        if index is None:
            source = self._source_of(path)
            if source is None:
                return default
            index = built[path] = index_file(source)
            if self.limit is not None and len(built) > self.limit:
                built.popitem(last=False)
        elif self.limit is not None:
            built.move_to_end(path)
        return index

    def built(self, path: str) -> FileIndex | None:
        """Return a file's tables when they are made and kept, without making them."""
        return self._built.get(path)

    def __getitem__(self, path: str) -> FileIndex:
        index = self.get(path)
        if index is None:
            raise KeyError(path)
        return index

    def __contains__(self, path: object) -> bool:
        return isinstance(path, str) and self.get(path) is not None

    def pop(self, path: str) -> None:
        """Forget the tables of a file, and its directory's names."""
        self._built.pop(path, None)
        self.directories.forget(path)

    def clear(self) -> None:
        """Forget every file's tables."""
        self._built.clear()
        self.directories.clear()
