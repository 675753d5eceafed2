"""The order every list of a name's definitions a user picks from takes: the real definitions first.

A search lists the package's own definitions before the others by demoting them (:mod:`~maguyva_tui.core.fusion`):
vendored, built or generated code (:func:`~maguyva_tui.core.paths.is_demoted`), tests, examples and docs
(:func:`~maguyva_tui.core.paths.is_secondary`, and test code its own code marks inside a source file:
``Generation.in_test_code``), and a macro's template of a name defined elsewhere (``Generation.shadowed_templates``).
:func:`real_first` orders a list of definitions by the same factors, keeping the list's own order
among equals, so that ``find_definition``, ``maguyva graph``'s definitions, the go-to box and the
search agree on which comes first (serde's ``trait Serialize`` of ``ser/mod.rs`` before the one
``private/doc.rs``'s template writes, which path order had put first).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from maguyva_tui.core.fusion import ChunkKey, secondary_demotion, template_demotion, test_code_demotion
from maguyva_tui.core.types import Symbol

T = TypeVar("T")


def aside_factor(generation: object, key: ChunkKey) -> float:
    """The factor a search's demotions multiply a definition's chunk by when the question does not
    ask for tests or examples: 1 for the package's own code, below for the code set aside. A
    ``generation`` that cannot tell test code or templates (a workspace's view) is read by path alone."""
    factor = secondary_demotion(key[0])
    in_test_code: Callable[[ChunkKey], bool] | None = getattr(generation, "in_test_code", None)
    if in_test_code is not None:
        factor *= test_code_demotion(in_test_code)(key)
    shadowed: Callable[[], frozenset[ChunkKey]] | None = getattr(generation, "shadowed_templates", None)
    if shadowed is not None:
        factor *= template_demotion(shadowed().__contains__, key)
    return factor


def real_first(generation: object, found: Iterable[T], place: Callable[[T], ChunkKey | None]) -> list[T]:
    """``found`` with the real definitions first (:func:`aside_factor`, highest first), each group
    in its given order; ``place`` gives an item's chunk, ``None`` for one that is no definition (a
    file), which stays among the real ones."""
    return ordered_by_aside(found, lambda item: 1.0 if (key := place(item)) is None else aside_factor(generation, key))


def ordered_by_aside(found: Iterable[T], factor: Callable[[T], float]) -> list[T]:
    """:func:`real_first` with each item's :func:`aside_factor` told by ``factor`` (items of several
    repositories, each read on its own generation)."""
    items = list(found)
    factors = [factor(item) for item in items]
    if all(f == 1.0 for f in factors):
        return items
    order = sorted(range(len(items)), key=lambda i: -factors[i])  # stable: the given order among equals
    return [items[i] for i in order]


def symbol_place(symbol: Symbol) -> ChunkKey:
    """A symbol's chunk: its file and lines."""
    return (symbol.path, symbol.start_line, symbol.end_line)
