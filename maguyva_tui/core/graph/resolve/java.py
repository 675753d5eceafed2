"""Java: a package is a directory, a class is named by its package path, a bare call is a method."""

from __future__ import annotations

import posixpath

from maguyva_tui.core.graph.resolve.base import AMBIGUOUS, EXTERNAL, UNRESOLVED, Language, Lookup
from maguyva_tui.core.graph.tables import FileIndex, symbol_id

JDK_ELEMENT_METHODS = frozenset({
    "get", "getFirst", "getLast", "next", "previous", "peek", "peekFirst", "peekLast", "poll", "pollFirst",
    "pollLast", "pop", "element", "first", "last", "floor", "ceiling", "higher", "lower", "remove", "removeFirst",
    "removeLast", "take", "firstElement", "lastElement", "elementAt", "orElse", "orElseGet", "orElseThrow",
    "getOrDefault", "put", "putIfAbsent", "computeIfAbsent", "computeIfPresent", "compute", "merge", "replace",
    "getValue", "getAndSet", "getAndUpdate", "updateAndGet", "getAndAccumulate", "accumulateAndGet", "getPlain",
    "getOpaque", "getAcquire", "join", "getNow", "resultNow"})
"""The methods of the JDK's containers (``names.JAVA_SEQUENCES``, ``JAVA_MAPPINGS``) that give one element,
a mapping's one value (``routes.get(i)``, ``it.next()``, ``compressor.orElseThrow()``, ``map.get(k)``, an
entry's ``getValue()``, an ``AtomicReference``'s ``getAndSet(v)``), read by ``resolver.jdk_result``. Their
other methods are the JDK's (external)."""
JDK_SAME_ELEMENTS = frozenset({
    "iterator", "listIterator", "descendingIterator", "stream", "parallelStream", "filter", "sorted", "distinct",
    "limit", "skip", "takeWhile", "dropWhile", "subList", "headSet", "tailSet", "subSet", "descendingSet",
    "reversed", "entrySet", "headMap", "tailMap", "subMap", "descendingMap", "or", "min", "max", "findFirst",
    "findAny"})
"""The methods of the JDK's containers that give the same elements held another way (``xs.stream()``,
``xs.iterator()``, ``s.filter(...)``, a stream's ``findFirst()``'s ``Optional``); a mapping's ``entrySet()``
gives its entries, each read as the mapping (``getKey()``, ``getValue()``)."""
JDK_KEY_METHODS = frozenset({"getKey", "firstKey", "lastKey", "floorKey", "ceilingKey", "higherKey", "lowerKey"})
"""The methods of a JDK mapping (or of its entry, read as the mapping) that give one of its keys."""
JDK_KEY_SETS = frozenset({"keySet", "navigableKeySet", "descendingKeySet"})
"""The methods of a JDK mapping that give its keys."""


JDK_ELEMENT_CALLBACKS = frozenset({
    "forEach", "forEachOrdered", "forEachRemaining", "filter", "map", "flatMap", "mapToInt", "mapToLong",
    "mapToDouble", "mapToObj", "anyMatch", "allMatch", "noneMatch", "removeIf", "ifPresent", "ifPresentOrElse",
    "peek", "takeWhile", "dropWhile", "replaceAll", "updateAndGet", "getAndUpdate", "thenAccept", "thenApply",
    "thenCompose", "whenComplete", "handle", "thenAcceptAsync", "thenApplyAsync", "thenComposeAsync",
    "whenCompleteAsync", "handleAsync"})
"""The methods of the JDK's containers (and streams, ``Optional``) whose callback's first parameter is an
element (``routes.forEach(r -> ...)``, ``s.filter(c -> ...)``, ``held.ifPresent(h -> ...)``, a future's
``whenComplete((result, error) -> ...)``); of a mapping's
entries, an entry, read as the mapping (``map.entrySet().stream().filter(e -> ...)``)."""
JDK_COMPARING = frozenset({"sorted", "sort", "min", "max", "reduce"})
"""The methods whose callback, their first argument, takes two elements (a comparator, ``reduce``'s
accumulator; ``reduce(identity, (a, b) -> ...)`` is left: its three-argument form's ``a`` is no element)."""
JDK_KEYED_CALLBACKS: dict[str, dict[tuple[int, int], bool]] = {
    "forEach": {(0, 1): False}, "replaceAll": {(0, 0): True, (0, 1): False}, "computeIfAbsent": {(1, 0): True},
    "computeIfPresent": {(1, 0): True, (1, 1): False}, "compute": {(1, 0): True, (1, 1): False},
    "merge": {(2, 0): False, (2, 1): False}}
"""The methods of a JDK mapping whose callback takes its keys (``True``) or values (``False``), by (argument,
parameter): ``map.forEach((k, v) -> ...)``'s ``v`` is a value (its ``k`` left unknown: an entry set's
``forEach(e -> ...)`` is written alike)."""


JAVA_PRIMITIVES = frozenset({"void", "boolean", "byte", "char", "short", "int", "long", "float", "double"})
"""Java's primitive types (and ``void``): a value of one has no members."""


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
        """Resolve a class of a package, or a static member of a class (``a.b.C`` + ``m``)."""
        paths = r.touch(f"java:{package}.{name}")
        if paths:
            return r.member(paths[0], name) if len(paths) == 1 else AMBIGUOUS
        paths = r.touch("java:" + package)
        if len(paths) == 1:
            cls = r.member(paths[0], package.rpartition(".")[2])
            return r.member(cls, name)
        return AMBIGUOUS if paths else EXTERNAL


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
