"""The JDK's containers as the resolver reads them: which of their methods give an element, a key or the
same elements, and which pass one to a callback. Its own module, holding data alone, so that the
resolver reads it without importing Java's rules (a Go repository's update imports no other
language's: tests/core/test_update_imports.py)."""

from __future__ import annotations

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
