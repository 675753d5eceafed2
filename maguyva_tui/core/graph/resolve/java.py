"""Java: a package is a directory, a class is named by its package path, a bare call is a method."""

from __future__ import annotations

import posixpath

from maguyva_tui.core.graph.resolve.base import AMBIGUOUS, EXTERNAL, SENTINELS, UNRESOLVED, Language, Lookup
from maguyva_tui.core.graph.tables import FileIndex, symbol_id


class Java(Language):
    """Resolution rules of Java."""

    implicit_members = True
    plain_names = frozenset({"self", "cls", "Self"})  # only this and super are Java's
    closed_wildcards = True
    bare_calls_are_methods = True
    package_before_wildcards = True  # args4j's spi.OptionHandler: Setter is spi's, not org.kohsuke.args4j.*'s
    constructors_named_as_class = True
    target_prefix = "jpkg:"

    def package(self, r: Lookup, index: FileIndex, name: str, scope: str | None) -> str | None:
        """Resolve a name defined by another file of the same package: of its directory, else the
        class of that name in the same package under another source root (a test in
        ``src/test/java/a/b`` uses ``src/main/java/a/b``'s classes without importing them)."""
        found = r.in_directory(index, name)
        return found if found is not None else _in_twin_package(r, index.path, name)

    def presumed_external(self, r: Lookup, index: FileIndex, name: str, scope: str | None) -> bool:
        """Tell whether a bare name, found nowhere, is a member an enclosing class inherits from
        outside the repository (``getMessage()`` in a subclass of ``Exception``)."""
        cls = index.enclosing_class(scope)
        while cls is not None:
            if r.member(symbol_id(index.path, cls), name) == EXTERNAL:
                return True
            cls = index.enclosing_class(cls.rpartition(".")[0])
        return False

    def qualified(self, r: Lookup, parts: list[str]) -> tuple[str, int] | None:
        """Resolve a name qualified by its package (``java.io.File``, ``bsh.util.Util.f``).

        The longest prefix naming a class of the repository wins; with none, a name written like
        a package path (``java.io.Serializable``: lower-case segments, then a capitalized one) is
        external; anything else (an unknown variable's field) stays unresolved."""
        for used in range(len(parts), 1, -1):
            paths = r.touch("java:" + ".".join(parts[:used]))
            if paths:
                if len(paths) > 1:
                    return AMBIGUOUS, used
                return r.member(paths[0], parts[used - 1]), used
        packages = 0
        while packages < len(parts) and parts[packages][:1].islower():
            packages += 1
        if 2 <= packages < len(parts) and parts[packages][:1].isupper():
            return EXTERNAL, len(parts)
        return UNRESOLVED, 1

    def find_module(self, r: Lookup, index: FileIndex, written: str) -> str:
        """Resolve a package or class prefix to a package target (checked on member lookup)."""
        return "jpkg:" + written

    def package_member(self, r: Lookup, package: str, name: str) -> str:
        """Resolve a class of a package, or a static member of a class (``a.b.C`` + ``m``), also of a
        nested class (``a.b.C.Resolution`` + ``unresolved``: junit's ``import static
        ...SelectorResolver.Resolution.unresolved``, which had been read as a package outside)."""
        paths = r.touch(f"java:{package}.{name}")
        if paths:
            return r.member(paths[0], name) if len(paths) == 1 else AMBIGUOUS
        parts = package.split(".")
        for used in range(len(parts), 1, -1):  # a nested class's: ``import static a.Resolver.Resolution.unresolved``
            paths = r.touch("java:" + ".".join(parts[:used]))
            if len(paths) > 1:
                return AMBIGUOUS
            if paths:
                found = r.member(paths[0], parts[used - 1])
                for nested in [*parts[used:], name]:
                    found = r.member(found, nested) if found not in SENTINELS else found
                return found
            if used < len(parts) and not parts[used - 1][:1].isupper():
                break  # a package's name: no class holds the rest
        return EXTERNAL


def _in_twin_package(r: Lookup, path: str, name: str) -> str | None:
    """Resolve ``name`` as the class of its file (``Name.java``) in a folder that ends as this
    file's own does, the longest such ending first; at least two folders (``org.jsoup``): a
    package of one name would meet any folder so named."""
    if not name[:1].isupper():  # a class's name, as Java writes them (a package's own Module shadows java.lang's)
        return None
    folders = posixpath.dirname(path).split("/")
    for start in range(1, len(folders) - 1):
        paths = r.touch("java:" + ".".join([*folders[start:], name]))
        if paths:
            return r.member(paths[0], name) if len(paths) == 1 else AMBIGUOUS
    return None
