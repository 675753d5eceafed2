"""C and C++: names link across every C/C++ file, ``#include`` finds files, C++ namespaces are open.

C and C++ share one namespace (``modules.family``: ``c``). A name defined nowhere else is looked
up among all their files, definitions before headers; in C++ the enclosing namespaces and classes
of the scope first, a bare name in a method may be a member, and a method may be defined in
another file than its class.
"""

from __future__ import annotations

from maguyva_tui.core.graph import modules as mod
from maguyva_tui.core.graph.resolve.base import (
    AMBIGUOUS,
    EXTERNAL,
    SENTINELS,
    UNRESOLVED,
    Language,
    Lookup,
    unique,
)
from maguyva_tui.core.graph.tables import FileIndex, split_id
from maguyva_tui.core.parsing.facts.marks import USING_NAMESPACE, WILDCARD

HEADER_SUFFIXES = (".h", ".hh", ".hpp", ".hxx")
SOURCE_SUFFIXES = (".c", ".cc", ".cpp", ".cxx", ".c++", ".cp")
"""A translation unit's own file: what it defines file-local (``static``) no other file sees (a
header's, or another file's it ``#include``s, is reached through the include)."""


class CLike(Language):
    """Resolution rules of C (``cpp=False``) and C++."""

    target_prefix = "cns:"

    def __init__(self, cpp: bool) -> None:
        self.cpp = cpp
        self.implicit_members = cpp
        self.constructors_named_as_class = cpp
        self.rooted_names = cpp
        self.held_members = cpp
        self.call_member = "operator()" if cpp else None  # commandHash_() of a LazyEdgeCommandHash
        self.typed_instances = cpp
        self.casts_look_called = not cpp

    def package(self, r: Lookup, index: FileIndex, name: str, scope: str | None) -> str | None:
        """Resolve a name defined once among all C/C++ files (definitions before headers); in C++
        the enclosing namespaces and classes of the scope first, innermost first (``f()`` inside
        ``namespace sp { ... }`` is ``sp.f`` from any file), then the top level."""
        r.deps.add("glob:c")
        names = r.names()
        if scope and self.cpp:
            qualnames = names.qualnames.get("c", {})
            prefix = scope
            while prefix:
                qualname = f"{prefix}.{name}"
                chosen = c_target(r, qualname, qualnames[qualname], index.path) if qualnames.get(qualname) else None
                if chosen is not None and not _constructor(r, qualnames, prefix, name):
                    return chosen
                used = using(r, prefix, name)
                if used is None and WILDCARD in index.scoped_imports.get(prefix, {}):
                    used = _used_namespaces(r, index, prefix, name)
                if used is not None:
                    return used
                prefix = prefix.rpartition(".")[0]
        found = names.tops.get("c", {}).get(name)
        return c_target(r, name, found, index.path) if found else None

    def presumed_external(self, r: Lookup, index: FileIndex, name: str, scope: str | None) -> bool:
        """Tell whether a name defined nowhere here comes from a system header, not a member:
        a lower-case function, in a file including one."""
        if not name[:1].islower() or not any(i.module.startswith("<") for i in index.wildcards):
            return False
        return not self.cpp or r.enclosing_class(index, scope) is None

    def find_module(self, r: Lookup, index: FileIndex, written: str) -> str:
        """Resolve ``#include``: beside the file first, then a unique file ending like it."""
        if written.startswith(USING_NAMESPACE):  # ``using namespace a::b;`` at the top of the file
            return namespace_named(r, None, written[len(USING_NAMESPACE):])
        system = written.startswith("<")
        bare = written.strip("<>")
        if not system:
            for candidate in mod.include_candidates(bare, index.path):
                if r.touch("file:" + candidate):
                    return candidate
        paths = r.touch("inc:" + bare)
        if len(paths) == 1:
            return paths[0]
        return AMBIGUOUS if paths else EXTERNAL

    def open_member(self, r: Lookup, index: FileIndex, qualname: str, name: str) -> str | None:
        """Resolve a member of a C++ namespace, which any file adds to."""
        if self.cpp and index.defs.get(qualname) == "module":
            return self.package_member(r, qualname, name)
        return None

    def package_member(self, r: Lookup, package: str, name: str) -> str:
        """Resolve a member of a C++ namespace from whichever files define it."""
        r.deps.add("glob:c")
        inner = f"{package}.{name}"
        found = r.names().qualnames.get("c", {}).get(inner)
        return (c_target(r, inner, found) if found else using(r, package, name)) or UNRESOLVED

    def method_elsewhere(self, r: Lookup, index: FileIndex, qualname: str) -> str | None:
        """Find a C++ method defined in another file than its class: a method before a test
        macro's function named as one (ninja's ``TEST(Lexer, Error)`` beside ``Lexer::Error``)."""
        if not self.cpp:
            return None
        r.deps.add("glob:c")
        found = r.methods_named("c", qualname)
        return unique([t for t in found if r.kind(t) == "method"] or found)

    def copy_called(self, r: Lookup, path: str, owner: str | None, name: str) -> str | None:
        """Choose among a C++ method's definitions where several source files define the one
        method a class declares (ninja's ``Lexer::Error`` in ``lexer.cc`` and in ``lexer.in.cc``,
        the re2c input it is generated from; a ``-posix.cc`` beside a ``-win32.cc``): the copy in
        the calling file (``EatWhitespace()`` in ``lexer.in.cc``'s ``Lexer::PeekToken``), else the
        one in the source file named as the class's header (``lexer.cc`` of ``lexer.h``), else
        the first by path. ``lexer_.Error(...)`` had reached none. A header's inline body, a
        function of another kind, or a class defined twice (two programs' ``Options``) is no such
        copy."""
        if not self.cpp or owner is None or "::" not in owner:
            return None
        r.deps.add("glob:c")
        header, qualname = split_id(owner)
        found = sorted(t for t in r.methods_named("c", f"{qualname}.{name}")
                       if r.kind(t) == "method" and not split_id(t)[0].endswith(HEADER_SUFFIXES))
        if len(found) < 2 or len(r.methods_named("c", qualname)) > 1:
            return None  # two classes of one name (two programs' Options): no guess
        stem = header.rpartition(".")[0]
        return next((t for t in found if split_id(t)[0] == path), None) or next(
            (t for t in found if split_id(t)[0].rpartition(".")[0] == stem), found[0])


def c_target(r: Lookup, qualname: str, nodes: list[str], here: str | None = None) -> str | None:
    """Choose among the definitions of one qualified name: a namespace opened by several files is
    the ``cns:`` target (its members are looked up across files); otherwise the one definition,
    those of source files before headers' (a file may define it twice, #if/#else).

    A source file's file-local definition (``static``, a ``#define``) is one only for the file
    calling (``here``) where that is the source file or a file it includes, however deeply: a
    header or an ``.inc`` is compiled within the source files that include it (cmark's
    ``case_fold_switch.inc`` calls the ``bufpush`` macro of ``utf8.c``, which includes it), and
    no other file sees it (zstd's ``FSE_readNCount`` of ``entropy_common.c`` beside four legacy
    decoders' ``static`` copies had been ambiguous from every other file)."""
    found = [t for t in dict.fromkeys(nodes) if _seen_from(r, t, here)]
    definitions = [t for t in found if r.kind(t) != "module"]
    if found and not definitions:
        return "cns:" + qualname
    sources = [t for t in definitions if not split_id(t)[0].endswith(HEADER_SUFFIXES)]
    return unique(sources or definitions)


def _seen_from(r: Lookup, target: str, here: str | None) -> bool:
    """Whether a file (``None``: one not known) sees a definition: any but a source file's
    file-local one, which its own file and the files it includes alone see."""
    path, qualname = split_id(target)
    if path == here or not path.lower().endswith(SOURCE_SUFFIXES):
        return True
    index = r.file(path)
    if index is None or qualname not in index.file_local:
        return True
    return here is not None and here in r.memoized(("c-included", path), _included, r, index)


def _included(r: Lookup, index: FileIndex) -> frozenset[str]:
    """Return the files a file's ``#include``s reach, however deeply."""
    seen = {index.path}
    queue = [index]
    for current in queue:
        for imp in current.wildcards:
            target = r.module(current, imp.module)
            other = r.file(target) if target not in SENTINELS and target not in seen else None
            if other is not None:
                seen.add(target)
                queue.append(other)
    return frozenset(seen)


def using(r: Lookup, namespace: str, name: str) -> str | None:
    """Resolve a name a using-declaration makes a member of a namespace (``using io::Reader;``
    in ``namespace grimoire``, in whichever file opens it): what it names, where it is written.
    marisa-trie declares ``grimoire::Reader reader;``, whose ``reader.open(...)`` had reached
    nothing. ``None`` where no file's using-declaration names it."""
    return r.memoized(("c-using", namespace, name), _using, r, namespace, name)


def _using(r: Lookup, namespace: str, name: str) -> str | None:
    found: list[str] = []
    for path, written in r.memoized(("c-usings", namespace), _usings, r, namespace).get(name, ()):
        index = r.file(path)
        target = r.resolve(index, namespace, written) if index is not None else UNRESOLVED
        if target not in SENTINELS and target not in found:
            found.append(target)
    return unique(found)


def _usings(r: Lookup, namespace: str) -> dict[str, list[tuple[str, str]]]:
    """Return the using-declarations of a namespace, by the name each binds: (file, name written)."""
    found: dict[str, list[tuple[str, str]]] = {}
    for node in dict.fromkeys(r.names().qualnames.get("c", {}).get(namespace, ())):
        path = split_id(node)[0]
        index = r.file(path) if r.kind(node) == "module" else None
        for name, written in index.locals.get(namespace, {}).items() if index is not None else ():
            if written.endswith("." + name):  # a namespace's variable is no using-declaration
                found.setdefault(name, []).append((path, written))
    return found


def namespace_named(r: Lookup, scope: str | None, dotted: str) -> str:
    """Resolve the namespace a ``using namespace`` names, from its scope outwards (``lib.detail``
    in ``namespace app`` is ``app.lib.detail`` before ``lib.detail``): a ``cns:`` target, or
    ``EXTERNAL`` where no file opens it (``std``)."""
    r.deps.add("glob:c")
    qualnames = r.names().qualnames.get("c", {})
    prefix = scope or ""
    while True:
        qualname = f"{prefix}.{dotted}" if prefix else dotted
        nodes = qualnames.get(qualname)
        if nodes and all(r.kind(t) == "module" for t in nodes):
            return "cns:" + qualname
        if not prefix:
            return EXTERNAL
        prefix = prefix.rpartition(".")[0]


def _used_namespaces(r: Lookup, index: FileIndex, scope: str, name: str) -> str | None:
    """Resolve a name through the ``using namespace`` directives written in one namespace or
    function of a file (``tables._using_scopes``), in written order."""
    for imp in index.scoped_imports[scope][WILDCARD]:
        namespace = namespace_named(r, scope, imp.module[len(USING_NAMESPACE):])
        found = r.member(namespace, name)
        if found not in SENTINELS:
            return found
    return None


def _constructor(r: Lookup, qualnames: dict[str, list[str]], owner: str, name: str) -> bool:
    """Tell whether ``owner.name`` is a class's constructor (``Foo::Foo``): the name is the
    class's own, not the constructor's (a namespace's function of its name is no constructor)."""
    if owner.rpartition(".")[2] != name:
        return False
    nodes = qualnames.get(owner, ())
    return not nodes or any(r.kind(t) != "module" for t in nodes)
