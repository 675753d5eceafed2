"""Name resolution that prefers honesty to guessing.

A name written at a site (``parse_config``, ``self.load``, ``cfg.ConfigLoader``) is looked up in
this order: the receiver (``self``/``this``/``cls``/``Self``/``super``: the enclosing class and its
bases), a local binding (a local of unknown type makes the site *unresolved*, never a global of
the same name), a definition nested in an enclosing scope, a top-level definition of the same file,
an imported name (aliases, re-exports followed), a wildcard import, then per language: the same
package (Go and Java: the same directory), the crate's modules (Rust), a unique definition among
the linked C/C++ files. Built-ins and names bound by imports from outside the repository are
*external*. Several candidates make a site *ambiguous*. Every other site is *unresolved*. In
Python, a parameter pytest fills is the value of the fixture of its name (``parsing/facts/fixtures.py``), and a
property read on the way (``style.color.get_truecolor``) is what its getter returns.

A target is a symbol id (``path::qualname``), a file path (a module), ``gopkg:dir``/``jpkg:a.b``
(a package), or one of the sentinels below. Every table the resolver reads is recorded as a key
in ``deps`` so an update knows which files to resolve again.

What does not depend on the file asking (a module's member, what calling a function returns, a
module as one file imports it, the modules a file's wildcard imports reach and a name looked up
through them) is memoized for the resolver's lifetime with the keys it read, so a hit records them
too; and with how deep it went, so a hit is only taken where computing it again could not have run
into ``MAX_DEPTH`` (the answer is always the one a fresh lookup gives).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from maguyva_tui.core.graph import modules as mod
from maguyva_tui.core.graph.builtins import BUILTINS
from maguyva_tui.core.graph.tables import CLASS_KINDS, FUNCTION_KINDS, FileIndex, split_id, symbol_id
from maguyva_tui.core.parsing.facts.bindings import RETURN
from maguyva_tui.core.parsing.facts.fixtures import FIXTURE, PYTEST_FIXTURES
from maguyva_tui.core.types import Import

if TYPE_CHECKING:
    from maguyva_tui.core.graph.symbols import LinkNames

_T = TypeVar("_T")

EXTERNAL = "<external>"
"""Defined outside the repository (a built-in or an imported library)."""
UNRESOLVED = "<unresolved>"
"""No binding found, or a receiver whose type is unknown."""
AMBIGUOUS = "<ambiguous>"
"""Several definitions could be meant; none is picked."""
SENTINELS = frozenset({EXTERNAL, UNRESOLVED, AMBIGUOUS})

RECEIVERS = frozenset({"self", "this", "cls", "Self"})
"""Names that denote the enclosing class (``self``/``super`` in Rust may also name a module)."""
IMPLICIT_MEMBERS = frozenset({"java", "cpp"})
"""Languages where a bare name inside a method may be a member of the class."""
CROSS_FILE_METHODS = frozenset({"go", "rust", "cpp"})
"""Languages whose methods may be defined in another file than their type."""
INFERRED_TYPES = frozenset({"auto", "var", "let", "const", "_"})
"""Declared types that say the compiler infers it: as unknown as no type."""
ALIASED_KINDS = CLASS_KINDS | FUNCTION_KINDS | {"module"}
"""What a binding's type may name without being called: a type, or what an alias stands for (a
variable, a type alias is neither: calling a local declared as one calls no symbol)."""
VALUE_KINDS = frozenset({"variable", "constant"})
"""Symbol kinds that hold a value: a member lookup goes through their declared type."""
MAX_DEPTH = 12  # deep enough for re-export chains and class hierarchies, short of any cycle
MAX_STEPS = 1_000
"""Nested lookups one site may take: a site that needs more is left unresolved. Cycles of
imports that each offer several ways to one name (eight modules importing ``x`` from the seven
others) would otherwise branch at every level, exponentially; no site of the repositories
measured takes more than 27 (brotli)."""
HEADER_SUFFIXES = (".h", ".hh", ".hpp", ".hxx")
CLOSED_WILDCARDS = frozenset({"python", "java", "rust"})
"""Languages where a name bound nowhere else can only come from a wildcard import: when one of
those is outside the repository (``from os.path import *``, ``import java.util.*``,
``use pyo3::prelude::*``), the name is external. C/C++ includes are not closed: a macro may come
from anywhere."""
TYPE_PARAMETER = re.compile(r"[A-Z][0-9]?")
"""A name shaped like a generic's type parameter (``T``, ``K2``): never taken from a wildcard."""
RUST_DEREF = frozenset({"Box", "Rc", "Arc"})
"""Rust smart pointers: a method called on one is usually the pointee's (``Deref``), whose type
the declared type no longer names, so the call stays unresolved rather than external."""


class Files(Protocol):
    """Path to a file's tables, ``None`` for a file the graph does not hold."""

    def get(self, path: str) -> FileIndex | None:
        """Return one file's tables."""


def is_symbol(target: str) -> bool:
    """Tell whether a target is a symbol node id."""
    return "::" in target


class Resolver:
    """Resolve names against a snapshot of every file's tables."""

    def __init__(
        self,
        files: Files,
        table: mod.ModuleTable,
        bases: Mapping[str, list[str]],
        names: Callable[[], LinkNames],
        packages: set[str],
    ) -> None:
        self.files = files
        self.table = table
        self.bases = bases
        self.names = names
        """The cross-file name tables (built on first use: only C, C++, Go and Rust read them)."""
        self.packages = packages
        """Directories that hold an ``__init__.py``."""
        self.deps: set[str] = set()
        self.depth = 0
        self.steps = 0
        """Nested lookups the current site has taken (``MAX_STEPS``)."""
        self.peak = 0
        """The deepest ``depth`` reached since the current memoized lookup began."""
        self.cut = False
        """Whether a lookup since the current memoized one began stopped at ``MAX_DEPTH``."""
        self.memo: dict[tuple[Any, ...], tuple[Any, frozenset[str], int]] = {}
        """Lookup to (answer, keys read, depth it reached beyond where it started)."""

    def start_file(self) -> None:
        """Start recording the keys one file's resolution reads."""
        self.deps = set()

    def _memoized(self, key: tuple[Any, ...], compute: Callable[..., _T], *args: Any) -> _T:
        """Answer a lookup that does not depend on the file asking, from the memo when valid."""
        hit = self.memo.get(key)
        if hit is not None and self.depth + hit[2] <= MAX_DEPTH:
            self.deps.update(hit[1])
            self.peak = max(self.peak, self.depth + hit[2])
            answer: _T = hit[0]
            return answer
        outer_deps, outer_peak, outer_cut = self.deps, self.peak, self.cut
        start = self.depth
        self.deps, self.peak, self.cut = set(), start, False
        try:
            found = compute(*args)
        finally:
            inner, peak, cut = self.deps, self.peak, self.cut
            outer_deps |= inner
            self.deps, self.peak, self.cut = outer_deps, max(outer_peak, peak), outer_cut or cut
        if not cut:
            self.memo[key] = (found, frozenset(inner), peak - start)
        return found

    def _deeper(self) -> bool:
        """Go one level deeper; tell (and remember) when that is past ``MAX_DEPTH`` or past the
        ``MAX_STEPS`` one site may take."""
        self.steps += 1
        if self.depth > MAX_DEPTH or self.steps > MAX_STEPS:
            self.cut = True
            return False
        self.depth += 1
        self.peak = max(self.peak, self.depth)
        return True

    # -- tables, each read recorded ------------------------------------------------------------
    def touch(self, key: str) -> tuple[str, ...]:
        """Read the module table and remember the key."""
        self.deps.add(key)
        return self.table.get(key, ())

    def file(self, path: str) -> FileIndex | None:
        """Read one file's tables and remember it."""
        self.deps.add("file:" + path)
        return self.files.get(path)

    # -- entry points ------------------------------------------------------------------------------
    def resolve(self, index: FileIndex, scope: str | None, name: str, call: bool = False) -> str:
        """Resolve a dotted name written in a scope of a file (``call``: the name is called)."""
        if not self.depth:
            self.steps = 0
        written = name.split(".")
        parts = [p.removesuffix("()") for p in written]
        if parts[0] == "?" or not parts[0] or written[-1].endswith("()"):
            return UNRESOLVED  # an unknown receiver, or calling what a call returned
        target, used = self.head(index, scope, parts, call)
        if written[used - 1].endswith("()"):
            target = self.result(target)
        for i in range(used, len(parts)):
            if target in SENTINELS:
                if target == EXTERNAL and index.language == "rust" and self.crate_method(parts[i:]):
                    # maybe the crate's own trait, implemented for a foreign type: the method
                    # when one trait of the crate alone declares it, else unknown
                    trait = self.trait_method(parts[i]) if i == len(parts) - 1 else None
                    return trait if trait is not None else UNRESOLVED
                break
            target = self.member(target, parts[i])
            if written[i].endswith("()") or (i < len(parts) - 1 and self.is_property(target)):
                target = self.result(target)  # a property read on the way is its getter's result
        return target

    def is_property(self, target: str) -> bool:
        """Tell whether a target is a Python method decorated with ``@property``."""
        if not is_symbol(target):
            return False
        path, qualname = split_id(target)
        index = self.file(path)
        return index is not None and qualname in index.properties

    def crate_method(self, names: list[str]) -> bool:
        """Tell whether the crate defines a method of one of these names that a value of a foreign
        type may have: one declared by a trait, or one of an ``impl`` for a type defined elsewhere
        (``impl SchemaDict for Bound<PyDict>`` gives ``Bound`` its ``get_as``)."""
        self.deps.add("glob:rust")
        tables = self.names()
        open_methods: set[str] | None = tables.derived.get("rust-open-methods")
        if open_methods is None:
            open_methods = tables.derived["rust-open-methods"] = set()
            for qualname, nodes in tables.qualnames.get("rust", {}).items():
                owner, _, method = qualname.rpartition(".")
                if owner and "." not in owner and any(self.foreign_owner(node, owner) for node in nodes):
                    open_methods.add(method)
        return any(name in open_methods for name in names)

    def trait_method(self, name: str) -> str | None:
        """Return the method of this name that one trait of the crate declares, when exactly one
        does (``SchemaDict::get_as``, called on pyo3's ``Bound<PyDict>`` the crate extends)."""
        self.deps.add("glob:rust")
        tables = self.names()
        trait_methods: dict[str, list[str]] | None = tables.derived.get("rust-trait-methods")
        if trait_methods is None:
            trait_methods = tables.derived["rust-trait-methods"] = {}
            for qualname, nodes in tables.qualnames.get("rust", {}).items():
                owner, _, method = qualname.rpartition(".")
                for node in nodes if owner and "." not in owner else ():
                    index = self.files.get(split_id(node)[0])
                    if index is not None and index.defs.get(owner) == "trait":
                        trait_methods.setdefault(method, []).append(node)
        found = trait_methods.get(name, ())
        return found[0] if len(found) == 1 else None

    def foreign_owner(self, node: str, owner: str) -> bool:
        """Tell whether a method's owner is a trait, or a type its file does not define."""
        index = self.files.get(split_id(node)[0])
        if index is None or index.defs.get(split_id(node)[1]) not in FUNCTION_KINDS:
            return False
        return index.defs.get(owner) not in CLASS_KINDS - {"trait"}

    def result(self, target: str) -> str:
        """Type what calling a target returns: an instance of a class, or a function's return type."""
        kind = self.kind(target)
        if kind in CLASS_KINDS or target == EXTERNAL:
            return target
        if kind not in FUNCTION_KINDS:
            return UNRESOLVED
        return self._memoized(("result", target), self._result, target)

    def _result(self, target: str) -> str:
        """Type what calling a function returns, without the memo."""
        if self.depth > MAX_DEPTH:
            self.cut = True
            return UNRESOLVED
        path, qualname = split_id(target)
        index = self.file(path)
        returned = index.locals.get(qualname, {}).get(RETURN) if index is not None else None
        if returned is None or not self._deeper():
            return UNRESOLVED
        try:
            return self.instance(index, returned, qualname)  # type: ignore[arg-type]
        finally:
            self.depth -= 1

    def resolve_import(self, index: FileIndex, imp: Import) -> str:
        """Resolve what one import binds."""
        if not self.depth:
            self.steps = 0
        module = self.module(index, imp.module)
        if imp.name is None or imp.name == "*" or module in SENTINELS:
            return module
        if module == index.path and index.language == "python":  # ``from . import utils`` in an __init__
            return self.submodule(index, imp.name)
        return self.member(module, imp.name)

    def enclosing_class(self, index: FileIndex, scope: str | None) -> str | None:
        """Return the class symbol enclosing a scope, looking outside the file for receivers."""
        own = index.enclosing_class(scope)
        if own is not None:
            return symbol_id(index.path, own)
        parent = scope.rpartition(".")[0] if scope else ""
        if not parent:
            return None
        target = self.resolve(index, None, parent)
        return target if self.kind(target) in CLASS_KINDS else None

    # -- the first segments --------------------------------------------------------------------
    def head(self, index: FileIndex, scope: str | None, parts: list[str], call: bool = False) -> tuple[str, int]:
        """Resolve the leading segment(s) of a name; return the target and how many were used."""
        first = parts[0]
        if first in RECEIVERS or first == "super":
            receiver = self.receiver(index, scope, parts)
            if receiver is not None:
                return receiver
        # a Java method is called by its bare name: a local or field of that name is another thing
        java_method = call and len(parts) == 1 and index.language == "java"
        local = None if java_method else self.local(index, scope, first)
        if local is not None:
            return local, 1
        nested = self.nested(index, scope, first)
        if nested is not None:
            return nested, 1
        if first in index.defs:
            return symbol_id(index.path, first), 1
        dotted = self.dotted_import(index, parts)
        if dotted is not None:
            return dotted
        target = self.outside(index, first, scope)
        if target in (UNRESOLVED, EXTERNAL) and index.language == "java" and len(parts) > 1:
            qualified, used = self.java_qualified(parts)  # bound nowhere: a package (``bsh.util.Util``)
            if qualified not in SENTINELS or target == UNRESOLVED:
                return qualified, used
        return target, 1

    def receiver(self, index: FileIndex, scope: str | None, parts: list[str]) -> tuple[str, int] | None:
        """Resolve ``self``, ``this``, ``cls``, ``Self`` and ``super``; ``None`` to look further."""
        first = parts[0]
        if index.language == "rust" and first in ("self", "super"):
            if first == "self" and len(parts) > 1:
                cls = self.enclosing_class(index, scope)
                if cls is not None and self.member(cls, parts[1]) not in SENTINELS:
                    return cls, 1
            return self.rust_path(index, parts)
        cls = self.enclosing_class(index, scope)
        if cls is None:
            return (EXTERNAL, 1) if first == "super" and index.language == "python" else None
        if first != "super":
            return cls, 1
        if len(parts) == 1:  # python super() is the built-in; elsewhere it calls the base constructor
            bases = self.bases.get(cls, ())
            return (bases[0] if bases and index.language != "python" else EXTERNAL), 1
        return self.in_bases(cls, parts[1]), 2

    def local(self, index: FileIndex, scope: str | None, name: str) -> str | None:
        """Resolve a name bound locally (or a field, where members are implicit) to its type."""
        start = scope
        while scope:
            bound = index.locals.get(scope)
            if bound is not None and name in bound:
                return self.instance(index, bound[name], scope)
            scope = scope.rpartition(".")[0]
        if index.language in IMPLICIT_MEMBERS:
            owner = index.enclosing_class(start)
            fields = index.attrs.get(owner or "")
            if fields is not None and name in fields:
                return self.instance(index, fields[name])
        return None

    def instance(self, index: FileIndex, typed: str, scope: str | None = None) -> str:
        """Resolve what a binding's type names: a declared type, the name an alias stands for,
        or, written ``make()``, what calling a name gives (an instance, a function's return type)."""
        if not typed or typed in INFERRED_TYPES:
            return UNRESOLVED
        if typed.startswith(FIXTURE):
            return self.fixture(index, scope, typed[len(FIXTURE):])
        if index.language == "rust" and typed.partition(".")[0] in RUST_DEREF:
            return UNRESOLVED
        if not self._deeper():
            return UNRESOLVED
        try:
            called = typed.endswith("()")
            target = self.resolve(index, scope, typed.removesuffix("()"))
            if target in SENTINELS:
                return target
            if called or self.is_property(target):  # ``color = style.color``: the property's value
                return self.result(target)
            kind = self.kind(target)  # a class, or what an alias stands for: a function, a module
            return target if kind is None or kind in ALIASED_KINDS else UNRESOLVED
        finally:
            self.depth -= 1

    def fixture(self, index: FileIndex, scope: str | None, name: str) -> str:
        """Resolve the value pytest passes a test or fixture (at ``scope``) for a parameter: what
        the fixture of that name returns or yields. The fixture is looked up as pytest does: in
        the test's class, in its module, then in each ``conftest.py`` from its folder up; a fixture
        that requests its own name gets the one it overrides. pytest's own fixtures are external."""
        return self._memoized(("fixture", index.path, scope, name), self._fixture, index, scope, name)

    def _fixture(self, index: FileIndex, scope: str | None, name: str) -> str:
        """Resolve a fixture's value, without the memo."""
        owner = scope.rpartition(".")[0] if scope else ""
        found = None
        defined = index.fixtures.get(name, ())
        for wanted in (owner, ""):  # the class's own fixtures override the module's
            found = next((q for q in defined if q != scope and q.rpartition(".")[0] == wanted), None)
            if found is not None or not owner:
                break
        path = index.path
        folder = posixpath.dirname(path)
        while found is None:
            conftest = posixpath.join(folder, "conftest.py")
            other = self.file(conftest) if conftest != path else None
            if other is not None:
                found = next((q for q in other.fixtures.get(name, ()) if "." not in q), None)
                if found is not None:
                    path = conftest
                    break
            if not folder:
                break
            folder = posixpath.dirname(folder)
        if found is None:
            return EXTERNAL if name in PYTEST_FIXTURES else UNRESOLVED
        return self.result(symbol_id(path, found))

    def nested(self, index: FileIndex, scope: str | None, name: str) -> str | None:
        """Resolve a definition nested in an enclosing scope (or a member, where implicit)."""
        implicit = index.language in IMPLICIT_MEMBERS
        start = scope
        while scope:
            is_class = index.defs.get(scope) in CLASS_KINDS
            if not is_class or implicit:
                qualname = f"{scope}.{name}"
                if qualname in index.defs:
                    return symbol_id(index.path, qualname)
            scope = scope.rpartition(".")[0]
        if implicit and start:
            cls = self.enclosing_class(index, start)
            found = self.member(cls, name) if cls is not None else UNRESOLVED
            return found if found not in SENTINELS else None
        return None

    def dotted_import(self, index: FileIndex, parts: list[str]) -> tuple[str, int] | None:
        """Resolve Python ``import a.b`` bindings used as ``a.b.f``."""
        for used in range(len(parts), 1, -1):
            imports = index.imports.get(".".join(parts[:used]))
            if imports:
                return self.first_import(index, imports), used
        return None

    def outside(self, index: FileIndex, name: str, scope: str | None = None) -> str:
        """Resolve a name not defined in the file: imports, wildcards, package, built-ins."""
        imports = index.imports.get(name)
        if imports:
            return self.first_import(index, imports)
        if index.language == "python" and name in index.dotted_heads:
            return self.module(index, name)  # ``import a.b`` binds ``a`` too
        from_outside = False
        if index.wildcards:
            found, from_outside = self._memoized(("wildcards", index.path, name), self.wildcard_name, index, name)
            if found not in SENTINELS:
                return found
        packaged = self.package(index, name, scope)
        if packaged is not None:
            return packaged
        family = mod.family(index.language)
        if name in BUILTINS.get(family, ()):
            return EXTERNAL
        if family == "c" and self.presumed_library(index, name, scope):
            return EXTERNAL  # a lower-case function defined nowhere in the repository: a system library
        if from_outside and index.language in CLOSED_WILDCARDS and not TYPE_PARAMETER.fullmatch(name):
            return EXTERNAL
        if index.language == "java" and self.inherited_from_outside(index, scope, name):
            return EXTERNAL
        return UNRESOLVED

    def wildcard_name(self, index: FileIndex, name: str) -> tuple[str, bool]:
        """Resolve a name through a file's own wildcard imports, in written order; tell too whether
        one of them reached outside the repository. Memoized per file and name: a C++ file calls
        the same names many times, and each went through every include again."""
        from_outside = False
        for imp in index.wildcards:
            module = self.module(index, imp.module)
            found = self.member(module, name) if module not in SENTINELS else module
            if found not in SENTINELS:
                return found, from_outside
            from_outside = from_outside or found == EXTERNAL
        return UNRESOLVED, from_outside

    def inherited_from_outside(self, index: FileIndex, scope: str | None, name: str) -> bool:
        """Tell whether a bare Java name, found nowhere, is a member an enclosing class inherits
        from outside the repository (``getMessage()`` in a subclass of ``Exception``)."""
        cls = index.enclosing_class(scope)
        while cls is not None:
            if self.member(symbol_id(index.path, cls), name) == EXTERNAL:
                return True
            cls = index.enclosing_class(cls.rpartition(".")[0])
        return False

    def presumed_library(self, index: FileIndex, name: str, scope: str | None) -> bool:
        """Tell whether a C/C++ name defined nowhere here comes from a system header, not a member."""
        if not name[:1].islower() or not any(i.module.startswith("<") for i in index.wildcards):
            return False
        return index.language == "c" or self.enclosing_class(index, scope) is None

    def first_import(self, index: FileIndex, imports: list[Import]) -> str:
        """Resolve a name bound by several imports: the first that lands in the repository."""
        fallback = UNRESOLVED
        for imp in imports:
            target = self.resolve_import(index, imp)
            if target not in SENTINELS:
                return target
            if fallback == UNRESOLVED:
                fallback = target
        return fallback

    # -- language-specific lookups --------------------------------------------------------------
    def package(self, index: FileIndex, name: str, scope: str | None = None) -> str | None:
        """Resolve a name through the language's implicit namespace, ``None`` when it has none."""
        language = index.language
        if language in ("go", "java"):
            return self.in_directory(index, name)
        if language == "rust":
            root, current = mod.rust_module(index.path)
            here = current.split(".") if current else []
            return self.rust_module(root, here + [name]) or self.rust_module(root, [name])
        if language in mod.C_FAMILY:
            return self.linked(index, name, scope)
        return None

    def in_directory(self, index: FileIndex, name: str) -> str | None:
        """Resolve a top-level name defined by another file of the same directory."""
        found = []
        for path in self.touch("dir:" + posixpath.dirname(index.path)):
            other = self.files.get(path)
            if path != index.path and other is not None and other.language == index.language:
                if name in other.defs:
                    found.append(symbol_id(path, name))
        return _unique(found)

    def linked(self, index: FileIndex, name: str, scope: str | None = None) -> str | None:
        """Resolve a C/C++ name defined once among all C/C++ files (definitions before headers).

        In C++ the enclosing namespaces and classes of the scope are looked in first, innermost
        first (``f()`` inside ``namespace sp { ... }`` is ``sp.f`` from any file), then the top level."""
        self.deps.add("glob:c")
        names = self.names()
        if scope and index.language == "cpp":
            qualnames = names.qualnames.get("c", {})
            prefix = scope
            while prefix:
                qualname = f"{prefix}.{name}"
                if qualnames.get(qualname):
                    return self.c_target(qualname, qualnames[qualname])
                prefix = prefix.rpartition(".")[0]
        found = names.tops.get("c", {}).get(name)
        return self.c_target(name, found) if found else None

    def c_target(self, qualname: str, nodes: list[str]) -> str | None:
        """Choose among the C/C++ definitions of one qualified name: a namespace opened by several
        files is the ``cns:`` target (its members are looked up across files); otherwise the one
        definition, those of source files before headers' (a file may define it twice, #if/#else)."""
        found = list(dict.fromkeys(nodes))
        definitions = [t for t in found if self.kind(t) != "module"]
        if found and not definitions:
            return "cns:" + qualname
        sources = [t for t in definitions if not split_id(t)[0].endswith(HEADER_SUFFIXES)]
        return _unique(sources or definitions)

    def namespace_member(self, qualname: str, name: str) -> str:
        """Resolve a member of a C++ namespace from whichever files define it."""
        self.deps.add("glob:c")
        inner = f"{qualname}.{name}"
        found = self.names().qualnames.get("c", {}).get(inner)
        return (self.c_target(inner, found) if found else None) or UNRESOLVED

    def rust_path(self, index: FileIndex, parts: list[str]) -> tuple[str, int]:
        """Resolve the module prefix of a Rust path (``crate``, ``self``, ``super``, a module name)."""
        root, current = mod.rust_module(index.path)
        here = current.split(".") if current else []
        if parts[0] == "crate":
            base, used = [], 1
        elif parts[0] in ("self", "super"):
            base, used = here, 0
            while used < len(parts) and parts[used] in ("self", "super"):
                base = base[:-1] if parts[used] == "super" else base
                used += 1
        else:
            candidates = [c for c in (here + [parts[0]], [parts[0]]) if self.rust_module(root, c)]
            if not candidates:
                return UNRESOLVED, 1
            base, used = candidates[0], 1
        target = self.rust_module(root, base)
        if target is None:
            return UNRESOLVED, used
        while used < len(parts):
            deeper = self.rust_module(root, base + [parts[used]])
            if deeper is None:
                break
            base, target, used = base + [parts[used]], deeper, used + 1
        return target, used

    def rust_module(self, root: str, parts: list[str]) -> str | None:
        """Return the file of a Rust module of one crate."""
        paths = self.touch(f"rs:{root}|{'.'.join(parts)}")
        return paths[0] if len(paths) == 1 else None

    # -- modules -------------------------------------------------------------------------------
    def module(self, index: FileIndex, written: str) -> str:
        """Resolve a module as an import writes it to a file, a package or a sentinel (memoized)."""
        return self._memoized(("module", index.path, written), self.find_module, index, written)

    def find_module(self, index: FileIndex, written: str) -> str:
        """Resolve a module as an import writes it, without the memo."""
        language = index.language
        if language == "python":
            return self.python_module(index, written)
        if language in mod.JS_FAMILY:
            return self.js_module(index, written)
        if language == "go":
            return self.go_package(written)
        if language == "rust":
            return self.rust_use(index, written.split("::"))
        if language == "java":
            return self.java_package(written)
        if language in mod.C_FAMILY:
            return self.include(index, written)
        return UNRESOLVED

    def python_module(self, index: FileIndex, written: str) -> str:
        """Resolve an absolute or relative Python module."""
        absolute = written
        if written.startswith("."):
            packages = self.python_packages()
            absolute = mod.relative_python(written, index.path, packages) or ""
            if not absolute and written.strip("."):
                return UNRESOLVED
        paths = self.touch("py:" + absolute)
        if not paths:
            return UNRESOLVED if written.startswith(".") else EXTERNAL
        if len(paths) == 1:
            return paths[0]
        near = [p for p in paths if _same_root(p, index.path, absolute)]
        return near[0] if len(near) == 1 else AMBIGUOUS

    def python_packages(self) -> set[str]:
        """Return the directories that hold an ``__init__.py``."""
        return self.packages

    def js_module(self, index: FileIndex, written: str) -> str:
        """Resolve a relative JavaScript/TypeScript specifier; bare ones are packages."""
        if not written:
            return index.path
        if not written.startswith("."):
            return EXTERNAL
        for candidate in mod.js_candidates(written, index.path):
            if self.touch("file:" + candidate):
                return candidate
        return UNRESOLVED

    def rust_use(self, index: FileIndex, parts: list[str]) -> str:
        """Resolve the module part of a Rust ``use``; a path outside the crate is external."""
        target, used = self.rust_path(index, parts)
        if target == UNRESOLVED:
            return UNRESOLVED if parts[0] in ("crate", "self", "super") else EXTERNAL
        for part in parts[used:]:
            target = self.member(target, part)
        return target

    def go_package(self, written: str) -> str:
        """Resolve a Go import path to the directory whose path ends like it."""
        parts = written.split("/")
        shortest = 1 if "." in parts[0] else len(parts)  # standard library paths have no dot
        for size in range(len(parts), shortest - 1, -1):
            paths = self.touch("go:" + "/".join(parts[-size:]))
            directories = {posixpath.dirname(p) for p in paths}
            if len(directories) == 1:
                return "gopkg:" + directories.pop()
            if directories:
                return AMBIGUOUS
        return EXTERNAL

    def java_qualified(self, parts: list[str]) -> tuple[str, int]:
        """Resolve a Java name qualified by its package (``java.io.File``, ``bsh.util.Util.f``).

        The longest prefix naming a class of the repository wins; with none, a name written like
        a package path (``java.io.Serializable``: lower-case segments, then a capitalized one) is
        external; anything else (an unknown variable's field) stays unresolved."""
        for used in range(len(parts), 1, -1):
            paths = self.touch("java:" + ".".join(parts[:used]))
            if paths:
                if len(paths) > 1:
                    return AMBIGUOUS, used
                return self.member(paths[0], parts[used - 1]), used
        packages = 0
        while packages < len(parts) and parts[packages][:1].islower():
            packages += 1
        if 2 <= packages < len(parts) and parts[packages][:1].isupper():
            return EXTERNAL, len(parts)
        return UNRESOLVED, 1

    def java_package(self, written: str) -> str:
        """Resolve a Java package or class prefix to a package target (checked on member lookup)."""
        return "jpkg:" + written

    def include(self, index: FileIndex, written: str) -> str:
        """Resolve ``#include``: beside the file first, then a unique file ending like it."""
        system = written.startswith("<")
        bare = written.strip("<>")
        if not system:
            for candidate in mod.include_candidates(bare, index.path):
                if self.touch("file:" + candidate):
                    return candidate
        paths = self.touch("inc:" + bare)
        if len(paths) == 1:
            return paths[0]
        return AMBIGUOUS if paths else EXTERNAL

    # -- members -------------------------------------------------------------------------------
    def member(self, target: str, name: str) -> str:
        """Resolve ``target.name`` (memoized)."""
        if target in SENTINELS:
            return target
        return self._memoized(("member", target, name), self._member, target, name)

    def _member(self, target: str, name: str) -> str:
        """Resolve ``target.name`` without the memo."""
        if not self._deeper():
            return UNRESOLVED
        try:
            if target.startswith("gopkg:"):
                return self.go_member(target[6:], name)
            if target.startswith("jpkg:"):
                return self.java_member(target[5:], name)
            if target.startswith("cns:"):
                return self.namespace_member(target[4:], name)
            if is_symbol(target):
                return self.symbol_member(target, name)
            return self.module_member(target, name)
        finally:
            self.depth -= 1

    def symbol_member(self, target: str, name: str, inherited: bool = True) -> str:
        """Resolve a member of a class (its own, its attributes' types, with ``inherited`` its
        bases') or a nested name."""
        path, qualname = split_id(target)
        index = self.file(path)
        if index is None:
            return UNRESOLVED
        if index.language == "cpp" and index.defs.get(qualname) == "module":
            return self.namespace_member(qualname, name)  # a namespace is open: any file adds to it
        if qualname in index.globals and index.defs.get(qualname) in VALUE_KINDS and index.globals[qualname]:
            return self.member(self.instance(index, index.globals[qualname]), name)  # app = Flask(); app.route
        inner = f"{qualname}.{name}"
        kind = index.defs.get(inner)
        if kind is not None and kind not in VALUE_KINDS:
            return symbol_id(path, inner)
        attrs = index.attrs.get(qualname)
        if attrs is not None and attrs.get(name):
            return self.instance(index, attrs[name], qualname)  # ``self.make_config()``: self is this class
        if kind is not None:
            return symbol_id(path, inner)
        elsewhere = self.method_elsewhere(index, inner)
        if elsewhere is not None:
            return elsewhere
        if attrs is not None and name in attrs:
            return UNRESOLVED  # an attribute of unknown type
        if index.language == "rust" and index.defs.get(qualname) == "enum" and name[:1].isupper():
            return UNRESOLVED  # a variant: not a definition the graph holds, nor a trait's member
        if inherited and index.defs.get(qualname) in CLASS_KINDS:
            return self.in_bases(target, name)
        return UNRESOLVED

    def method_elsewhere(self, index: FileIndex, qualname: str) -> str | None:
        """Find a method defined in another file than its type (Go package, Rust crate, C++)."""
        if index.language not in CROSS_FILE_METHODS:
            return None
        family = mod.family(index.language)
        if family == "go":
            self.deps.add("dir:" + posixpath.dirname(index.path))
        else:
            self.deps.add("glob:" + family)
        found = list(dict.fromkeys(self.names().qualnames.get(family, {}).get(qualname, ())))
        if family == "go":
            directory = posixpath.dirname(index.path)
            found = [t for t in found if posixpath.dirname(split_id(t)[0]) == directory]
        return _unique(found)

    def in_bases(self, cls: str, name: str) -> str:
        """Resolve a member inherited from the bases of a class: depth first, in the order the
        bases are written, each class once.

        A hierarchy can have cycles (code that does not run, or two classes of one name in two
        files): followed as nested lookups cut at ``MAX_DEPTH``, and so never memoized, six
        classes deriving from one another took exponential time."""
        outcome = UNRESOLVED
        seen = {cls}
        stack = list(reversed(self.bases.get(cls, ())))
        while stack:
            base = stack.pop()
            if base == EXTERNAL:
                outcome = EXTERNAL
                continue
            if base in SENTINELS or base in seen:
                continue
            seen.add(base)
            if is_symbol(base):
                found = self.symbol_member(base, name, inherited=False)
                stack.extend(reversed(self.bases.get(base, ())))
            else:
                found = self.member(base, name)
            if found not in SENTINELS:
                return found
            if found == EXTERNAL:
                outcome = EXTERNAL
        return outcome

    def module_member(self, path: str, name: str) -> str:
        """Resolve a name exported by a module file (definitions, re-exports, submodules)."""
        index = self.file(path)
        if index is None:
            return UNRESOLVED
        if name in index.defs:
            return symbol_id(path, name)
        imports = index.imports.get(name)
        if imports:
            return self.first_import(index, imports)
        if index.wildcards:
            found = self._memoized(("starred", path, name), self.starred, index, name)
            if found not in SENTINELS:
                return found
        return self.submodule(index, name)

    def starred(self, index: FileIndex, name: str) -> str:
        """Resolve a name a module reaches through its wildcard imports (``from m import *``,
        ``export * from``, ``#include``), the nearest module first (``wildcard_closure``)."""
        for target, other in self._memoized(("closure", index.path), self.wildcard_closure, index):
            if other is None:  # a package or namespace target (Go, Java, C++)
                found = self.member(target, name)
            elif name in other.defs:
                return symbol_id(target, name)
            else:
                named = other.imports.get(name)
                found = self.first_import(other, named) if named else self.submodule(other, name)
            if found not in SENTINELS:
                return found
        return UNRESOLVED

    def wildcard_closure(self, index: FileIndex) -> tuple[tuple[str, FileIndex | None], ...]:
        """Return every module a file reaches through wildcard imports, breadth first: each
        target with its tables (``None`` for a package or namespace, which is not followed).

        Wildcards form cycles (two barrels re-exporting each other, headers including each other
        behind include guards), so each module is read once. Following them as nested lookups,
        cut at ``MAX_DEPTH`` and so never memoized, took exponential time: eight JavaScript files
        re-exporting one another, or sentencepiece's headers, never finished. Computed once per
        file (memoized), not once per name looked up: a C++ file's names went through the same
        hundred includes one by one, and resolving them was most of sentencepiece's graph."""
        seen = {index.path}
        queue = [index]
        out: list[tuple[str, FileIndex | None]] = []
        for current in queue:
            for imp in current.wildcards:
                target = self.module(current, imp.module)
                if target in SENTINELS or target in seen:
                    continue
                seen.add(target)
                other = self.file(target)
                out.append((target, other))
                if other is not None:
                    queue.append(other)
        return tuple(out)

    def submodule(self, index: FileIndex, name: str) -> str:
        """Resolve a child module of a Python package or a Rust module."""
        if index.language == "python" and posixpath.basename(index.path) in mod.PY_INIT:
            packages = self.python_packages()
            paths = self.touch(f"py:{mod.python_module(index.path, packages)}.{name}")
            return paths[0] if len(paths) == 1 else UNRESOLVED
        if index.language == "rust":
            root, current = mod.rust_module(index.path)
            found = self.rust_module(root, (current.split(".") if current else []) + [name])
            return found or UNRESOLVED
        return UNRESOLVED

    def go_member(self, directory: str, name: str) -> str:
        """Resolve a top-level name of a Go package."""
        found = []
        for path in self.touch("dir:" + directory):
            other = self.files.get(path)
            if other is not None and other.language == "go" and name in other.defs:
                found.append(symbol_id(path, name))
        return _unique(found) or UNRESOLVED

    def java_member(self, package: str, name: str) -> str:
        """Resolve a class of a Java package, or a static member of a class (``a.b.C`` + ``m``)."""
        paths = self.touch(f"java:{package}.{name}")
        if paths:
            return self.member(paths[0], name) if len(paths) == 1 else AMBIGUOUS
        paths = self.touch("java:" + package)
        if len(paths) == 1:
            cls = self.member(paths[0], package.rpartition(".")[2])
            return self.member(cls, name)
        return AMBIGUOUS if paths else EXTERNAL

    def kind(self, target: str) -> str | None:
        """Return the symbol kind of a target, ``None`` when it is not a symbol."""
        if not is_symbol(target):
            return None
        path, qualname = split_id(target)
        index = self.files.get(path)
        return index.defs.get(qualname) if index is not None else None


def _unique(found: list[str]) -> str | None:
    """Return the one candidate, ``AMBIGUOUS`` for several, ``None`` for none."""
    if len(found) == 1:
        return found[0]
    return AMBIGUOUS if found else None


def _same_root(path: str, importer: str, module: str) -> bool:
    """Tell whether a module file sits under the same source root as the importing file."""
    depth = module.count(".") + 1 + (1 if posixpath.basename(path) in mod.PY_INIT else 0)
    root = "/".join(path.split("/")[:-depth])
    return not root or importer.startswith(root + "/")
