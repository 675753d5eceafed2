"""Uses of a name from another repository of a workspace, for callers that hold each repository's
engine rather than a :class:`~maguyva_tui.core.workspace.Coordinator` (the MCP server's graph tools).

Each repository's graph is its own: jaraco.text's ``from jaraco.functools import method_cache``
then ``method_cache(...)`` is tied to no definition there. :func:`foreign_callers` lists such uses
of a name another repository of the workspace defines, through an import of that repository's
package, as the workspace search lists them (:meth:`Coordinator`'s view ``foreign_uses``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from maguyva_tui.core.foreign_calls import DEPTH, foreign_uses
from maguyva_tui.core.generation import Generation
from maguyva_tui.core.path_names import split as split_in_file
from maguyva_tui.core.search import module_uses
from maguyva_tui.core.types import Hit, QueryError
from maguyva_tui.core.workspace.coordinator import _packages, _uses


def foreign_callers(generations: Mapping[str, Generation], defined: Sequence[tuple[str, str]], name: str,
                    limit: int, uses: tuple[str, ...] = ("call",), depth: int = 1) -> dict[str, list[Hit]]:
    """Per repository label, its uses (``uses``: ``"call"``, ``"inherit"``) of ``name`` made through
    an import of the package of another repository defining it (``defined``: ``(label, path)`` of each
    definition), own code first; with ``depth`` > 1 also what depends on the definitions holding
    them, within ``depth - 1`` more edges. Each hit's ``depth``: 1 for a use, 2 for what depends
    on one. A name written through its file (``lib/emitter.py::make``) is used as its name there
    (``make``), as the workspace search reads it: the MCP server's find_references had listed no
    other repository's call of it, where ``make`` alone listed them."""
    if len(generations) < 2 or not uses:
        return {}
    written = split_in_file(name)
    if written is not None:  # the definitions asked of are those of that file (``defined``)
        name = written[1]
    asked = (*uses, f"{DEPTH}{depth}") if depth > 1 else uses
    found: dict[str, list[Hit]] = {}
    for label, generation in generations.items():
        packages = _packages(defined, label)
        if not packages:
            continue
        try:
            listed = foreign_uses(generation, name, packages, limit, asked)
        except (QueryError, OSError, ValueError, KeyError, IndexError):  # no graph yet, or a damaged one
            continue
        if listed:
            found[label] = [replace(hit, depth=2 if hit.reason.startswith("depends on") else 1) for _, hit in listed]
    return found


def untied_elsewhere(generations: Mapping[str, Generation], defined: Sequence[tuple[str, str]],
                     name: str) -> list[str]:
    """Of each repository defining nothing of ``name`` (``defined``: ``(label, path)`` of each
    definition), the line saying how many calls of a method so named its graph could not resolve
    in files importing a defining repository's package, named by it, as the workspace search says
    them (:meth:`~maguyva_tui.core.workspace.shard.Shard.untied_elsewhere`)."""
    from maguyva_tui.core.workspace.shard import untied_elsewhere_said

    written = split_in_file(name)
    definers = {label for label, _ in defined}
    return [f"{label}: {note}" for label, generation in generations.items()
            if label not in definers and (packages := _packages(defined, label))
            and (note := untied_elsewhere_said(generation, written[1] if written is not None else name, label, packages))]


def foreign_note(label: str, hits: Sequence[Hit], name: str, uses: tuple[str, ...] = ("call",)) -> str:
    """What a repository's :func:`foreign_callers` are, as the workspace search says it."""
    direct = [h for h in hits if h.depth == 1] or list(hits)
    bare = name.replace("::", ".").rpartition(".")[2]
    return (f"{label}: {_uses(len(direct), uses)} {bare} through an import of another repository's package, "
            f"which {label}'s graph leaves untied; listed with the graph's (first {direct[0].path}:{direct[0].start_line})")


def module_importers(generations: Mapping[str, Generation], holding: Sequence[str], module: str, depth: int,
                     limit: int, names: Sequence[str] = ()) -> dict[str, tuple[list[Hit], list[Hit]]]:
    """Per repository label not among ``holding`` (those whose graph has the module), its lines
    importing ``module`` (or any of ``names``: a file's path imported by its dotted names,
    :func:`~maguyva_tui.core.workspace.coordinator.dotted_modules`) by name and what depends on
    the importing files within ``depth - 1`` more edges (:func:`~maguyva_tui.core.search.module_uses`),
    each once, as the workspace search lists them: the MCP server's impact of ``hpack.hpack`` over
    hpack and h2 had listed hpack's alone."""
    found: dict[str, tuple[list[Hit], list[Hit]]] = {}
    for label, generation in generations.items():
        if label in holding:
            continue
        lines: list[Hit] = []
        dependents: list[Hit] = []
        for name in names or (module,):
            try:
                more, deeper = module_uses(generation, name, depth, limit)
            except (QueryError, OSError, ValueError, KeyError, IndexError):  # no graph yet, or a damaged one
                break
            lines += [hit for hit in more if (hit.path, hit.start_line) not in {(h.path, h.start_line) for h in lines}]
            dependents += [hit for hit in deeper
                           if (hit.path, hit.start_line) not in {(h.path, h.start_line) for h in dependents}]
        if lines:
            found[label] = (lines, dependents)
    return found

