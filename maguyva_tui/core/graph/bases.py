"""The base types of every class, resolved before any member lookup (which walks them).

A class's bases come from the ``inherit`` references of the file defining it, and in Rust from
every file with an ``impl Trait for Type``: each file's part is kept apart so that a changed or
removed file withdraws exactly what it declared.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from maguyva_tui.core.graph.resolve import Resolver
from maguyva_tui.core.graph.resolve.base import UNRESOLVED
from maguyva_tui.core.graph.resolve.languages import rules
from maguyva_tui.core.graph.tables import CLASS_KINDS, OBJECT_LANGUAGES, FileIndex, of_kind, symbol_id
from maguyva_tui.core.store.facts import RefRow

NAMESPACED = frozenset({"cpp"})
"""Languages whose bases are named as the class's namespace sees them: ``class Circle : public Shape``
inside ``namespace geometry`` extends ``geometry::Shape`` (looked up outside every namespace, it
stayed unresolved, so "subclasses of Shape" and ``Circle.area`` found nothing)."""

ENCLOSED = frozenset({"java", "python"})
"""Languages whose nested class names its bases as the class around it sees them, its sibling types
first: commons-lang's ``FastDatePrinter.PaddedNumberField implements NumberRule`` (``interface
NumberRule extends Rule``, all three nested) had no base, so ``mRule.estimateLength()`` reached
nothing. Python evaluates a class's bases in the scope around it: html5lib's ``getPhases`` defines
``class Phase`` and ``class InBodyPhase(Phase)`` in its body, whose ``self.processEndTag(...)`` had
reached nothing (the base looked up at module level only)."""


class Bases:
    """Class node to its base targets, in the order written, merged over the files declaring them."""

    __slots__ = ("bases", "parts", "sources")

    def __init__(self) -> None:
        self.bases: dict[str, list[str]] = {}
        self.parts: dict[str, dict[str, list[str]]] = {}
        """File to the bases its ``inherit`` references give each class."""
        self.sources: dict[str, set[str]] = {}
        """Class node to the files that declare some of its bases."""

    def resolve_file(self, resolver: Resolver, index: FileIndex, references: Sequence[RefRow]) -> bool:
        """Resolve one file's ``inherit`` references; tell whether its part changed."""
        new: dict[str, list[str]] = defaultdict(list)
        for _, name, _, scope in of_kind(references, "inherit"):
            if not scope:
                continue
            sub = _subtype(resolver, index, scope)
            if sub is not None:
                if rules(index.language).lexical_constants or index.language in ENCLOSED:  # Ruby: as the modules around the class see it
                    base = resolver.resolve(index, scope.rpartition(".")[0] or None, name)
                else:
                    base = resolver.resolve(index, None, name)
                if base == UNRESOLVED and index.language in NAMESPACED and "." in scope:
                    base = resolver.resolve(index, scope.rpartition(".")[0], name)  # as the class's namespace sees it
                new[sub].append(base)
        path = index.path
        old = self.parts.pop(path, {})
        if new:
            self.parts[path] = dict(new)
        for node in set(old) | set(new):
            self._merge(node, path, node in new)
        return dict(new) != old

    def withdraw(self, path: str) -> None:
        """Withdraw the bases a removed file declared."""
        for node in self.parts.pop(path, {}):
            self._merge(node, path, False)

    def _merge(self, node: str, path: str, contributes: bool) -> None:
        """Recompute the bases of one class from every file that declares some (Rust impls)."""
        sources = self.sources.setdefault(node, set())
        if contributes:
            sources.add(path)
        else:
            sources.discard(path)
        merged = [b for p in sorted(sources) for b in self.parts.get(p, {}).get(node, [])]
        if merged:
            self.bases[node] = merged
        else:
            self.bases.pop(node, None)
            self.sources.pop(node, None)


def _subtype(resolver: Resolver, index: FileIndex, scope: str) -> str | None:
    """Return the node of the class that inherits: the scope, or the Rust ``impl`` type, or a
    JavaScript constructor function (``Sub.prototype = new Base()``)."""
    kinds = SUBTYPE_KINDS if index.language in OBJECT_LANGUAGES else CLASS_KINDS
    if index.defs.get(scope) in kinds:
        return symbol_id(index.path, scope)
    target = resolver.resolve(index, None, scope)
    return target if resolver.kind(target) in kinds else None


SUBTYPE_KINDS = CLASS_KINDS | {"function"}
"""What may inherit in JavaScript: a class, and a constructor function given a base old style."""
