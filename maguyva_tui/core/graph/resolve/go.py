"""Go: a package is a directory, imported by its module path (a `go.mod` of the repository) or by a path its directory's path ends with."""

from __future__ import annotations

import posixpath

from maguyva_tui.core.graph.modules import GO_MODULES
from maguyva_tui.core.graph.resolve.base import AMBIGUOUS, EXTERNAL, SENTINELS, UNRESOLVED, Language, Lookup, unique
from maguyva_tui.core.graph.tables import FileIndex, split_id, symbol_id
from maguyva_tui.core.parsing.facts.marks import GO_MODULE_LOCAL


class Go(Language):
    """Resolution rules of Go."""

    target_prefix = "gopkg:"
    nested_scopes = False
    function_values = True  # http.HandleFunc("/", handler): handler is used, passed as a value

    def package(self, r: Lookup, index: FileIndex, name: str, scope: str | None) -> str | None:
        """Resolve a name defined by another file of the same package (directory)."""
        return r.in_directory(index, name)

    def find_module(self, r: Lookup, index: FileIndex, written: str) -> str:
        """Resolve an import path: under a ``go.mod`` of the repository whose module path begins it,
        as Go finds it (the module's root package too, which no folder's path ends like:
        ``github.com/BurntSushi/toml`` from its ``toml_test`` files); else to the directory whose
        path ends like it."""
        found = _in_module(r, written)
        if found is not None:
            return found
        parts = written.split("/")
        shortest = 1 if "." in parts[0] else len(parts)  # standard library paths have no dot
        for size in range(len(parts), shortest - 1, -1):
            paths = r.touch("go:" + "/".join(parts[-size:]))
            directories = {posixpath.dirname(p) for p in paths}
            if len(directories) == 1:
                return "gopkg:" + directories.pop()
            if directories:
                return AMBIGUOUS
        return EXTERNAL

    def package_member(self, r: Lookup, package: str, name: str) -> str:
        """Resolve a top-level name of a package (``package``: its directory)."""
        found = []
        for path in r.touch("dir:" + package):
            other = r.files.get(path)
            if other is not None and other.language == "go" and name in other.defs:
                found.append(symbol_id(path, name))
        return unique(found) or UNRESOLVED

    def method_elsewhere(self, r: Lookup, index: FileIndex, qualname: str) -> str | None:
        """Find a method defined by another file of the package than its type; else, for a type
        declared as a slice, map or channel of another (gobwas/glob's ``type Matchers []Matcher``),
        the element type's method: what is called on a value ranged or indexed from it (``for _,
        m := range self.Matchers { m.Match(s) }``), which the graph reads as the container's type,
        as it reads ``[]Matcher`` as ``Matcher``."""
        directory = posixpath.dirname(index.path)
        r.deps.add("dir:" + directory)
        found = r.methods_named("go", qualname)
        own = unique([t for t in found if posixpath.dirname(split_id(t)[0]) == directory])
        if own is not None:
            return own
        owner, _, name = qualname.rpartition(".")
        element = index.globals.get(owner) if owner and index.defs.get(owner) == "type" else None
        if not element or element == owner:
            return None
        target = r.resolve(index, None, element)
        return None if target in SENTINELS else r.member(target, name)


def _in_module(r: Lookup, written: str) -> str | None:
    """The package an import path names under one of the repository's ``go.mod`` files (the
    longest module path that begins it), when that folder holds Go files; ``None`` otherwise."""
    best: tuple[int, str] | None = None
    for mod in r.touch(GO_MODULES):
        module_file = r.file(mod)
        if module_file is None:
            continue
        for imp in module_file.imports.get(GO_MODULE_LOCAL, ()):
            root = imp.module
            if written != root and not written.startswith(root + "/"):
                continue
            rest = written[len(root):].strip("/")
            folder = posixpath.join(posixpath.dirname(mod), rest) if rest else posixpath.dirname(mod)
            if best is None or len(root) > best[0]:
                best = (len(root), folder)
    if best is None or not any(p.endswith(".go") for p in r.touch("dir:" + best[1])):
        return None
    return "gopkg:" + best[1]
