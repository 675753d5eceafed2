"""The MCP server over several repositories: each its own live index, answered as one.

``maguyva mcp --repo A --repo B`` (or ``--workspace FILE``) serves a :class:`WorkspaceService`:
one :class:`~maguyva_tui.mcp.service.RepoService` per repository (opened, refreshed before a
question when its disk moved, embedded behind, as for one repository), and the core's workspace
:class:`~maguyva_tui.core.workspace.Coordinator` over those with an index. Every answer names each
result's ``repo`` (paths are relative to it), lists the repositories it searched and those it
could not (``missing``, with why: still indexing, unreadable, failed).

``search`` is the workspace search of the core: one classification, each engine's lists merged
over the repositories, the fusion of one repository. ``find_definition``, ``find_references`` and
``impact`` ask each repository's own graph and merge the lists (definitions and dependents by their
place in each repository's list, references calls first then by place). Each repository's graph
leaves a use of another package untied: those naming the definition through an import of the
defining repository's package are listed too, as the workspace search lists them.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from maguyva_tui.core.answers import Definition, GraphAnswer, ImpactEntry, from_root, slashed, unreadable_in
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.types import Hit, QueryError

# core.workspace imports distinct_roots and labels_for without listing them in __all__ yet (to be
# added there, then this ignore goes).
from maguyva_tui.core.workspace import (
    FOREIGN_LISTED,
    Coordinator,
    Missing,
    SearchRequest,
    Shard,
    distinct_roots,
    dotted_modules,
    foreign_callers,
    foreign_note,
    labels_for,
    module_importers,
    module_note,
    nested_roots,
    own_note,
    reasons,
    untied_elsewhere,
    untied_unless_listed,
)
from maguyva_tui.mcp.answers import (
    AnswerError,
    _definition,
    _importers,
    _listing,
    _other_kinds,
    _reference,
    _still_named,
    _suggest,
    _symbol_name,
    _where,
    compact,
    echo,
    lines,
    module_said,
    other_kinds_said,
    truncated_notice,
)
from maguyva_tui.mcp.service import READY_WAIT_S, RepoService, Unavailable

CROSS_REPO_NOTE = ("each repository's graph is its own: a use from another repository of the workspace is "
                   "listed where it names the definition through an import of the defining repository's package; "
                   "search the quoted name for other textual mentions there")
T = TypeVar("T")


class WorkspaceService:
    """Several repositories' live indexes, answering the tools' questions as one workspace."""

    def __init__(self, services: dict[str, RepoService], missing: Sequence[Missing] = (),
                 ready_wait_s: float = READY_WAIT_S, clock: Callable[[], float] = time.monotonic) -> None:
        self.services = dict(sorted(services.items()))
        self.missing = {m.label: m for m in missing}
        """Repositories that could not be opened at all, by label."""
        self.ready_wait_s = ready_wait_s
        self._clock = clock
        self._shards = {label: Shard(label, s.engine) for label, s in self.services.items()}
        nested = nested_roots([(label, str(s.engine.root)) for label, s in self.services.items()])
        self._shadowed: dict[str, tuple[str, ...]] = {}
        """Per repository holding another of the workspace, that one's folder in it: its files are
        answered by the inner repository only (they had been listed twice, once through each)."""
        for outer, _, folder in nested:
            self._shadowed[outer] = (*self._shadowed.get(outer, ()), folder)
        self._nested_notices = [f"{inner} is inside {outer} ({folder}): its files are answered once, as {inner}'s"
                                for outer, inner, folder in nested]
        self._lock = threading.Lock()
        self._coordinator: tuple[object, Coordinator] | None = None

    @classmethod
    def open(cls, roots: Sequence[Path], index_base: Path | None = None, *, provider: object = None,
             embed: bool = True, ready_wait_s: float = READY_WAIT_S) -> WorkspaceService:
        """Open a service per folder (each once, named as ``search --repo`` names them); a folder
        that is missing or cannot be read is named missing. ``QueryError`` when none opens."""
        folders = distinct_roots(list(roots))
        if not folders:
            raise QueryError("a workspace needs at least one repository")
        labels = labels_for(folders)
        services: dict[str, RepoService] = {}
        missing: list[Missing] = []
        for root in folders:
            try:
                engine = Engine(root, index_base, provider=provider)
            except (OSError, ValueError) as exc:
                missing.append(Missing(labels[root], str(root), str(exc) or type(exc).__name__))
                continue
            provider = provider if provider is not None else engine.provider  # one model for all
            services[labels[root]] = RepoService(engine, embed=embed)
        if not services:
            raise QueryError(f"no repository of the workspace can be opened: {reasons(missing)}")
        return cls(services, missing, ready_wait_s)

    @property
    def labels(self) -> list[str]:
        """Every repository's name, those that could not be opened too."""
        return sorted([*self.services, *self.missing])

    def start(self) -> None:
        """Open, refresh and embed every repository in the background."""
        for service in self.services.values():
            service.start()

    def close(self) -> None:
        """Stop every repository's background work."""
        with self._lock:
            if self._coordinator is not None:
                self._coordinator[1].close(shards=False)
                self._coordinator = None
        for service in self.services.values():
            service.close()

    # -- a question ------------------------------------------------------------------------------

    def ready(self) -> tuple[dict[str, Engine], list[Missing]]:
        """The repositories that answer now, each as fresh as its disk, and those that do not and
        why. As on one repository, a question waits up to ``ready_wait_s`` for first indexes (all
        of them, one deadline); then those with an index answer, the others are named missing.
        ``Unavailable`` when none has one."""
        deadline = self._clock() + self.ready_wait_s
        for service in self.services.values():
            service.wait_ready(max(deadline - self._clock(), 0.0))
        engines: dict[str, Engine] = {}
        absent = list(self.missing.values())
        started = self._clock() + max((s.startup_wait_s for s in self.services.values()), default=0.0)
        for label, service in self.services.items():
            if service.status.has_index:
                service.wait_started(max(started - self._clock(), 0.0))  # files changed while no server ran
                service.refresh_if_stale()
            gone = _unreadable(service.root)
            if gone:  # deleted, renamed or unreadable since its index: not answered from it, as search says it
                absent.append(Missing(label, str(service.root), gone))
            elif service.status.has_index:
                engines[label] = service.engine
            else:
                why = service.status.failure or service._still_indexing()
                absent.append(Missing(label, str(service.root), why))
        absent.sort(key=lambda m: m.label)
        if not engines:
            raise Unavailable("no repository of the workspace can be searched yet: "
                              + "; ".join(f"{m.label}: {m.reason}" for m in absent))
        return engines, absent

    def coordinator(self, engines: dict[str, Engine], absent: Sequence[Missing]) -> Coordinator:
        """The coordinator over the repositories that answer now (made again when they change)."""
        key = (tuple(engines), tuple((m.label, m.reason) for m in absent))
        with self._lock:
            if self._coordinator is None or self._coordinator[0] != key:
                if self._coordinator is not None:
                    self._coordinator[1].close(shards=False)
                self._coordinator = (key, Coordinator([self._shards[label] for label in engines], absent))
            return self._coordinator[1]

    # -- the tools' answers ---------------------------------------------------------------------

    def search(self, query: str, **options: Any) -> dict[str, Any]:
        """Search every repository as one (``options`` as ``Engine.search`` takes them); each result
        with its ``repo``."""
        engines, absent = self.ready()
        request = SearchRequest(query, options.get("limit", 20), None, options.get("regex", False),
                                options.get("case", "sensitive"), options.get("intent"),
                                options.get("preset", "default"))
        found, more = self.coordinator(engines, absent).search_page(request)
        places = {f"{repo}/{r.path}": (repo, r.path) for r, repo in zip(found.result.results, found.repos)}

        def read(path: str, start: int, end: int) -> list[str]:
            repo, local = places[path]
            return engines[repo].source_lines(local, start, end)

        out = compact(found.display(), read)
        out["results"] = [{"repo": repo, **hit, "path": hit["path"][len(repo) + 1:]}
                          for hit, repo in zip(out["results"], found.repos)]
        if more and found.result.lists_whole:  # as one repository's search says it
            out["truncated"] = truncated_notice(request.limit, found.result)
        return {**out, **self._workspace(engines, absent)}

    def definitions(self, name: str, kind: str | None, with_source: bool, limit: int) -> dict[str, Any]:
        """Every definition of a name in every repository, best first in each, merged by place; a
        place with a line, the definition holding it in the one repository with that file (:meth:`_at_place`)."""
        engines, absent = self.ready()
        name, place = self._at_place(engines, name)
        if place is not None and "::" not in name:  # the file, no definition of it: as one repository says it
            raise AnswerError(f"{place[1].partition(';')[0]} of {name}: read the file, or search it")
        name, only = self._in_repository(engines, name) if place is None else (name, place[0])
        name = _symbol_name(name)
        answers = {label: self._once(label, e.definitions(name, (kind,) if kind else ()), targets=False)
                   for label, e in engines.items() if only is None or label == only}
        if not any(a.known for a in answers.values()) and kind in (None, "module"):  # pkg.mod: as on one repository
            files = [f"{label}/{f}" for label, e in engines.items() if only is None or label == only
                     for f in e.importers(name, 1).nodes]
            if said := module_said(files):  # it had offered close names, as if nothing had the name
                raise AnswerError(f"{echo(name)!r} is no symbol defined in any repository of the workspace but {said}")
        known = self._known(name, answers, absent, f"{kind} named" if kind else "definition of", kind=kind)
        items = _by_place({label: [{"repo": label, **_definition(a, d, with_source)} for d in a.entries[:limit]]
                           for label, a in known.items()})[:limit]
        return {"symbol": echo(name), **_listing("definitions", items, sum(a.total for a in known.values())),
                **({"notes": [place[1]]} if place else {}), **self._workspace(engines, absent)}

    def references(self, name: str, kind: str | None, limit: int) -> dict[str, Any]:
        """Every resolved use of a name's definitions, in each repository that defines it; a place
        with a line, of the definition holding it in the one repository with that file (:meth:`_at_place`)."""
        engines, absent = self.ready()
        name, place = self._at_place(engines, name)
        name, only = self._in_repository(engines, name) if place is None else (name, place[0])
        written, name = name, _symbol_name(name)
        answers = self._each(engines, absent, lambda e: e.references(name, (kind,) if kind else (), limit))
        answers = {label: self._once(label, a) for label, a in answers.items() if only is None or label == only}
        if not any(a.known for a in answers.values()) and kind in (None, "import"):  # a module, file or folder
            module = self._module_references(engines, absent, slashed(written.strip().strip("\"'`<>")), limit, place,
                                             only)
            if module is not None:  # as on one repository: it had been "no symbol named 'pkg.mod' in any ..."
                return module
        known = self._known(name, answers, absent, "symbol named", uses=True)
        several = sum(len(a.definitions) for a in known.values()) > 1
        items = [{"repo": label, **_reference(a, s, several)} for label, a in known.items() for s in a.entries]
        foreign = self._foreign(engines, known, name, FOREIGN_LISTED, ("call",) if kind in (None, "call") else ())
        items += [{"repo": label, "path": hit.path, "line": hit.start_line, "kind": "call", "in": hit.symbol,
                   "text": _text(engines[label], hit.path, hit.start_line)}
                  for label, hits in foreign.items() for hit in hits]
        items.sort(key=lambda r: (r["kind"] != "call", r["repo"], r["path"], r["line"]))
        total = sum(a.total for a in known.values()) + sum(map(len, foreign.values()))
        counts = _summed(known, "counts")
        if foreign:
            counts["call"] = counts.get("call", 0) + sum(map(len, foreign.values()))
        out = {"symbol": echo(name), "definitions": _definitions(known), "counts": counts,
               **_listing("references", items[:limit], total)}
        others = self._other_kinds(engines, known, name, kind) if not total else None
        out["notes"] = [*(place or ())[1:], *((others, CROSS_REPO_NOTE) if others else (
            CROSS_REPO_NOTE if total else ("no resolved uses; dynamic calls (getattr, callbacks, reflection) are not "
                                           f"tracked, and {CROSS_REPO_NOTE}"),))]
        out["notes"] += [foreign_note(label, hits, name) for label, hits in foreign.items()]
        if kind in (None, "call"):  # each repository's, named by it as in notices
            out["notes"] += [f"{label}: {n}" for label in known for n in engines[label].callers_notes(name)
                             if own_note(self._shadowed.get(label, ()), n)]  # not of a repository inside it
            out["notes"] += self._elsewhere(engines, known, name)
        out["notes"] = untied_unless_listed(out["notes"], out["notes"])  # the untied calls listed: not said unlisted
        return {**out, **self._workspace(engines, absent)}

    @staticmethod
    def _other_kinds(engines: dict[str, Engine], known: dict[str, GraphAnswer[Any]], name: str,
                     kind: str | None) -> str | None:
        """The note of a ``kind`` of use none of the repositories defining the name has, where they
        have uses of other kinds (:func:`~maguyva_tui.mcp.answers.other_kinds_said`); ``None`` otherwise."""
        if kind is None:
            return None
        counts: dict[str, int] = {}
        for label in known:
            for each, n in engines[label].references(name, (), 1).counts:
                counts[each] = counts.get(each, 0) + n
        return other_kinds_said(name, kind, counts)

    def _module_references(self, engines: dict[str, Engine], absent: list[Missing], module: str,
                           limit: int, place: tuple[str, str] | None = None, only: str | None = None,
                           ) -> dict[str, Any] | None:
        """The lines importing a module, file or folder (``pkg.mod``, ``pkg/mod.py``) in each
        repository that has it, as one repository's find_references lists them (``module`` true,
        its files as definitions); ``None`` when no repository has it. A file a place with a line
        named (``place``: its repository, the sentence saying so), or a path written through one
        repository's root or label (``only``), is that repository's alone."""
        if not module:
            return None
        only = place[0] if place is not None else only
        answers = self._each(engines, absent, lambda e: e.importers(from_root(e.root, module), limit))
        known = {label: self._once(label, a) for label, a in answers.items() if a.known and (only is None or label == only)}
        if not known:
            return None
        each = {label: _importers(a, module) for label, a in known.items()}  # each as on one repository
        items = [{"repo": label, **item} for label, one in each.items() for item in one["references"]]
        names = dotted_modules(module, [d.node for a in known.values() for d in a.definitions]) or (module,)
        outside = {label: hits for label, e in engines.items() if label not in known  # pyee/base.py: as pyee.base
                   and (hits := list({(h.path, h.start_line): h for name in names for h in e.outside_importers(name)}.values()))}
        items += [{"repo": label, "path": hit.path, "line": hit.start_line, "kind": "import", "in": None,
                   "text": _text(engines[label], hit.path, hit.start_line)} for label, hits in outside.items() for hit in hits]
        items.sort(key=lambda r: (r["repo"], r["path"], r["line"]))  # another repository's own lines too (cssselect2's
        counts = _summed(known, "counts")  # from tinycss2.nth import parse_nth had been left out, the search listing it)
        if outside:
            counts["import"] = counts.get("import", 0) + sum(map(len, outside.values()))
        out = {"symbol": echo(module), "module": True,
               "definitions": [{"repo": label, "node": d.node, "path": d.node, "kind": "file"}
                               for label, a in known.items() for d in a.definitions],
               "counts": counts,
               **_listing("references", items[:limit], sum(a.total for a in known.values()) + sum(map(len, outside.values())))}
        said = [f"{label}: {note}" for label, one in each.items() for note in one.get("notes", ())]
        said += [f"{label}: {len(hits)} {'lines import' if len(hits) > 1 else 'line imports'} {echo(module)} as another "
                 "repository's module, which its graph leaves untied" for label, hits in outside.items()]
        out["notes"] = [*(place or ())[1:], CROSS_REPO_NOTE, *said]
        return {**out, **self._workspace(engines, absent)}

    def impact(self, name: str, depth: int, limit: int) -> dict[str, Any]:
        """Everything that depends on a name within ``depth`` edges, in each repository that
        defines it: nearest first, then by place in each repository's list (most central first)."""
        engines, absent = self.ready()
        name, place = self._at_place(engines, name)
        name, only = self._in_repository(engines, name) if place is None else (name, place[0])
        name = _symbol_name(name)
        answers = self._each(engines, absent, lambda e: e.impact(name, depth, limit))
        answers = {label: self._once(label, a) for label, a in answers.items() if only is None or label == only}
        known = self._known(name, answers, absent, "symbol named", uses=True)
        each = {label: [_dependent(label, d) for d in a.entries] for label, a in known.items()}
        uses = ("call", "inherit")
        foreign = self._foreign(engines, known, name, FOREIGN_LISTED, uses, depth)  # all counted, a page listed
        for label, hits in foreign.items():  # another repository's uses through an import of the package
            each.setdefault(label, []).extend(_foreign_dependent(label, hit, name) for hit in hits)
        modules = self._module_importers(engines, known, name, depth, limit)
        for label, (imports, dependents) in modules.items():  # a module: another repository's lines importing it
            each.setdefault(label, []).extend(_module_dependent(label, hit, name) for hit in (*imports, *dependents))
        items = sorted(_by_place(each), key=lambda d: int(d["depth"]))[:limit]  # stable: place kept within a depth
        by_depth = _summed(known, "by_depth")
        for hits in (*foreign.values(), *(imports + dependents for imports, dependents in modules.values())):
            for hit in hits:
                by_depth[hit.depth or 1] = by_depth.get(hit.depth or 1, 0) + 1
        total = sum(a.total for a in known.values()) + sum(map(len, foreign.values())) \
            + sum(len(imports) + len(dependents) for imports, dependents in modules.values())
        out = {"symbol": echo(name), "definitions": _definitions(known), "max_depth": depth,
               "by_depth": {str(k): v for k, v in sorted(by_depth.items())},
               **_listing("dependents", items, total), "notes": [*(place or ())[1:], CROSS_REPO_NOTE, *(foreign_note(label, hits, name, uses) for label, hits in foreign.items())]}
        out["notes"] += [module_note(label, imports, dependents, echo(name)) for label, (imports, dependents) in modules.items()]
        # each repository's calls naming it that its graph could not tie, as the search says them
        out["notes"] += [f"{label}: {n}" for label in known for n in engines[label].impact_notes(name)
                         if own_note(self._shadowed.get(label, ()), n)]
        out["notes"] += self._elsewhere(engines, known, name)
        out["notes"] = untied_unless_listed(out["notes"], out["notes"])
        return {**out, **self._workspace(engines, absent)}

    @staticmethod
    def _at_place(engines: dict[str, Engine], name: str) -> tuple[str, tuple[str, str] | None]:
        """The name to ask about for a place with a line (``src/pkg/a.py:40``, or ``repo/src/pkg/a.py:40``
        as this server's results write it), as one repository's tools read it (``answers.at_place``):
        the definition holding the line in the one repository with that file, and that repository
        with the sentence saying so (its answer alone is kept; a twin file's in another repository is
        not that line); the name itself and ``None`` for any other name. A place of several
        repositories' files, of several files of one, or past its file's end is refused in one line.
        The workspace tools had refused every place ("no indexed file or folder is src/a.py:40")."""
        placed: dict[str, Any] = {}  # each a PlaceName
        refused: dict[str, str] = {}
        for label, engine in engines.items():
            found = engine.place_name(_symbol_name(name, engine.root))
            if found.refused:
                refused[label] = found.refused
            elif found.said:
                placed[label] = found
        written = name.strip()
        chosen = [label for label in {**placed, **refused} if written.startswith(f"{label}/")]  # repo/path:line
        if len(chosen) == 1:
            placed = {k: v for k, v in placed.items() if k in chosen}
            refused = {k: v for k, v in refused.items() if k in chosen}
        if len(placed) == 1 and not refused:
            ((label, found),) = placed.items()
            return found.name, (label, f"{label}: {found.said}")
        if len(placed) + len(refused) > 1:
            files = sorted({*placed, *refused})
            raise AnswerError(f"{echo(written)} could be a file of {len(files)} repositories of the workspace "
                              f"({', '.join(files)}): write its repository first ({files[0]}/...)")
        if refused:
            ((label, said),) = refused.items()
            raise AnswerError(f"{label}: {said}")
        return name, None

    def _elsewhere(self, engines: dict[str, Engine], known: dict[str, GraphAnswer[Any]], name: str) -> list[str]:
        """Each other repository's calls of a method so named that its graph could not resolve, in
        files importing a defining repository's package, said as the workspace search says them
        (``untied_elsewhere``), less those of a repository inside it."""
        defined = [(label, d.symbol.path) for label, a in known.items() for d in a.definitions if d.symbol is not None]
        said = untied_elsewhere({label: e.generation for label, e in engines.items()}, defined, name)
        return [n for n in said if own_note(self._shadowed.get(n.partition(": ")[0], ()), n.partition(": ")[2])]

    @staticmethod
    def _in_repository(engines: dict[str, Engine], name: str) -> tuple[str, str | None]:
        """A name written through one repository's absolute root (``/ws/lib/src/a.py::f``, as an
        agent's file tools write paths) or as this server's results write its files
        (``lib/src/a.py::f``, where ``src/a.py`` is lib's and ``lib/src/a.py`` is not) read as that
        repository's (``src/a.py::f``), and its label; the name itself and ``None`` for any other.
        The tools had asked every repository the name as written ("no indexed file or folder is
        /ws/lib/src/a.py"; "... is lib/src/a.py; close paths: lib/src/a.py")."""
        written = name.strip()
        for label, engine in sorted(engines.items(), key=lambda held: len(held[1].root.as_posix()), reverse=True):
            top = engine.root.as_posix().rstrip("/") + "/"
            if written.startswith(top) and len(written) > len(top):  # a repository inside another: its own first
                return from_root(engine.root, written), label
        for label in sorted((label for label in engines if written.startswith(label + "/")), key=len, reverse=True):
            rest = written[len(label) + 1:]
            files = engines[label].generation.snapshot.files
            if _has_path(files, rest.partition("::")[0]) and not _has_path(files, written.partition("::")[0]):
                return rest, label
        return name, None

    def _foreign(self, engines: dict[str, Engine], known: dict[str, GraphAnswer[Any]], name: str, limit: int,
                 uses: tuple[str, ...], depth: int = 1) -> dict[str, list[Hit]]:
        """Per repository, its uses of a name another repository of the workspace defines, made
        through an import of that repository's package, as the workspace search lists them
        (``foreign_callers``), less those in a repository inside it."""
        defined = [(label, d.symbol.path) for label, a in known.items() for d in a.definitions if d.symbol is not None]
        found = foreign_callers({label: e.generation for label, e in engines.items()}, defined, name, limit, uses, depth)
        kept = {label: [h for h in hits if not str(h.path).startswith(self._shadowed.get(label, ()))]
                for label, hits in found.items()}
        return {label: hits for label, hits in kept.items() if hits}

    def _module_importers(self, engines: dict[str, Engine], known: dict[str, GraphAnswer[Any]], name: str, depth: int,
                          limit: int) -> dict[str, tuple[list[Hit], list[Hit]]]:
        """Where the name is a module or file (every definition a file), each other repository's
        lines importing it by name and what depends on the importing files within the depth, as
        the workspace search lists them (``module_importers``), less those in a repository inside
        it; none for a symbol."""
        if not known or any(d.symbol is not None for a in known.values() for d in a.definitions):
            return {}
        names = dotted_modules(name, [d.node for a in known.values() for d in a.definitions])  # pyee/base.py: pyee.base
        found = module_importers({label: e.generation for label, e in engines.items()}, list(known), name, depth, limit,
                                 names)
        kept = {label: tuple([h for h in hits if not str(h.path).startswith(self._shadowed.get(label, ()))]
                             for hits in pair) for label, pair in found.items()}
        return {label: (imports, dependents) for label, (imports, dependents) in kept.items() if imports}

    def _once(self, label: str, answer: GraphAnswer[T], targets: bool = True) -> GraphAnswer[T]:
        """A repository's answer less what lies in a repository of the workspace inside it (that
        one answers for it): its entries there, their counts too, and unless ``targets`` (the
        definitions its own uses resolve to, which name what they are uses of) its definitions there."""
        folders = self._shadowed.get(label)
        if not folders:
            return answer

        def kept(item: Any) -> bool:
            symbol = getattr(item, "symbol", None)
            path = symbol.path if isinstance(item, Definition) and symbol is not None else getattr(item, "path", "")
            return not str(path).startswith(folders)

        entries = tuple(e for e in answer.entries if kept(e))
        gone = [e for e in answer.entries if not kept(e)]
        counts = dict(answer.counts)
        for e in gone:
            kind = getattr(e, "kind", None)
            if kind in counts:
                counts[kind] -= 1
        depths = dict(answer.by_depth)
        for e in gone:
            depth = getattr(e, "depth", None)
            if depth in depths:
                depths[depth] -= 1
        definitions = answer.definitions if targets else tuple(d for d in answer.definitions if kept(d))
        return replace(answer, definitions=definitions, entries=entries,
                       total=answer.total - len(gone),
                       counts=tuple((k, n) for k, n in counts.items() if n > 0) if answer.counts else (),
                       by_depth=tuple((k, n) for k, n in depths.items() if n > 0) if answer.by_depth else ())

    @staticmethod
    def _each(engines: dict[str, Engine], absent: list[Missing],
              ask: Callable[[Engine], GraphAnswer[T]]) -> dict[str, GraphAnswer[T]]:
        """Ask each repository's graph; one whose graph a first build has not made yet is added to
        ``absent`` (``QueryError`` when that leaves none)."""
        answers: dict[str, GraphAnswer[T]] = {}
        for label, engine in engines.items():
            try:
                answers[label] = ask(engine)
            except QueryError as exc:
                absent.append(Missing(label, str(engine.root), str(exc)))
        absent.sort(key=lambda m: m.label)
        if not answers:
            raise QueryError("; ".join(f"{m.label}: {m.reason}" for m in absent))
        return answers

    def _known(self, name: str, answers: dict[str, GraphAnswer[T]], absent: Sequence[Missing],
               what: str, kind: str | None = None, uses: bool = False) -> dict[str, GraphAnswer[T]]:
        """The repositories where a name is defined; ``AnswerError`` naming close names when none,
        with what one repository's answer says besides (:func:`_known_said`)."""
        known = {label: a for label, a in answers.items() if a.known}
        if known:
            return known
        unsearched = f" ({', '.join(m.label for m in absent)} not searched)" if absent else ""
        missing = {label: a.missing for label, a in answers.items()}
        if missing and all(missing.values()):  # /etc/passwd, ../x.py::f: a path no repository has, as one repository
            split = {label: m.partition(CLOSE_PATHS) for label, m in missing.items()}  # says it (it had been
            heads = {head for head, _, _ in split.values()}  # "no symbol named '/etc/passwd'")
            near = [f"{label}/{p}" for label, (_, _, paths) in split.items() if paths for p in paths.split(", ")]
            told = (heads.pop() + (CLOSE_PATHS + ", ".join(near) if near else "") if len(heads) == 1
                    else "; ".join(f"{label}: {m}" for label, m in missing.items()))
            raise AnswerError(f"in the workspace's repositories ({', '.join(answers)}){unsearched}, {told}.")
        close = dict.fromkeys(s for a in answers.values() for s in a.suggestions)
        hint = _suggest(GraphAnswer(name, (), (), 0, suggestions=tuple(close)))
        unread = unreadable_in({label: self.services[label].engine.generation.snapshot for label in answers
                                if label in self.services})  # as one repository says its unread paths
        engines = {label: self.services[label].engine for label in answers if label in self.services}
        raise AnswerError(f"no {what} {echo(name)!r} in any repository of the workspace: "
                          f"{', '.join(answers)}{unsearched}{unread}.{_known_said(engines, answers, name, kind, uses) or hint}")

    def _workspace(self, engines: dict[str, Engine], absent: Sequence[Missing]) -> dict[str, Any]:
        """What every answer says of the workspace: the repositories searched, and those not; in
        ``notices``, each searched one whose refresh failed (deleted, unreadable), answered from its
        old index."""
        left_out = {m.label for m in absent}
        out: dict[str, Any] = {"repos": [label for label in engines if label not in left_out]}
        if absent:
            out["missing"] = [m.to_json() for m in absent]
        notices = [f"{label}: {failure}; answered from the index as it was" for label in out["repos"]
                   if (failure := self.services[label].status.failure)]  # could not be read again: may lag it
        notices += [f"{label}: {lag}" for label in out["repos"] if (lag := self.services[label].lag_notice())]
        notices += self._nested_notices
        if notices:
            out["notices"] = notices
        return out


CLOSE_PATHS = "; close paths: "
"""How a missing path's line goes on to the paths close to it (``path_missing``)."""


def _known_said(engines: dict[str, Engine], answers: dict[str, GraphAnswer[T]], name: str, kind: str | None,
                uses: bool) -> str:
    """What one repository's answer to a name it does not define says besides its close names, said
    over the workspace: the kinds the name is defined as where none is ``kind`` (find_definition);
    the files left out for their size that hold it, and that lines still name it (find_references,
    impact), each then followed by the close names. The workspace had said the close names alone:
    "no function named 'Emitter'" where Emitter is a class, "no symbol named 'BigThing'" where
    lib/big.py, over 1 MiB, defines it."""
    close = dict.fromkeys(s for a in answers.values() for s in a.suggestions)
    hint = _suggest(GraphAnswer(name, (), (), 0, suggestions=tuple(close)))
    for label, engine in engines.items():
        other = _other_kinds(engine, name, kind)
        if other:  # its first definition's place written repo/path, as this server's results write it
            return other.replace(" (", f" ({label}/", 1)
    if not uses:
        return ""
    big = tuple(f"{label}/{path}" for label, answer in answers.items() for path in answer.unindexed)
    unindexed = f" {echo(GraphAnswer(name, (), (), 0, unindexed=big).unindexed_said.removeprefix('; '))}." if big else ""
    named = next((said for engine in engines.values() if (said := _still_named(engine, name))), "")
    return f"{unindexed}{named}{hint}" if unindexed or named else ""


def _unreadable(root: Path) -> str | None:
    """Why a repository's folder can no longer be read (deleted, renamed, no permission), as
    ``maguyva search --repo`` names it missing; ``None`` when it can."""
    if not root.is_dir():
        return f"{root}: no such directory"
    try:
        with os.scandir(root):
            return None
    except OSError as exc:
        return f"{root}: cannot read the repository ({exc.strerror})"


def _has_path(files: Iterable[str], path: str) -> bool:
    """Whether a repository's indexed files hold a file or folder of this path."""
    folder = path.rstrip("/") + "/"
    return bool(path) and any(f == path or f.startswith(folder) for f in files)


def _by_place(lists: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Merge per-repository lists, each best first: every list's first, then every list's second..."""
    longest = max((len(items) for items in lists.values()), default=0)
    return [items[i] for i in range(longest) for items in lists.values() if i < len(items)]


def _definitions(known: dict[str, GraphAnswer[Any]]) -> list[dict[str, Any]]:
    return [{"repo": label, **_where(a, d)} for label, a in known.items() for d in a.definitions]


def _summed(known: dict[str, GraphAnswer[Any]], field: str) -> dict[Any, int]:
    """Per key, the sum over the repositories of a count pairs field (``counts``, ``by_depth``)."""
    out: dict[Any, int] = {}
    for answer in known.values():
        for key, n in getattr(answer, field):
            out[key] = out.get(key, 0) + n
    return out


def _text(engine: Engine, path: str, line: int) -> str:
    try:
        found = engine.source_lines(path, line, line)
    except (OSError, KeyError, ValueError):
        return ""
    return found[0].strip() if found else ""


def _foreign_dependent(label: str, hit: Hit, name: str) -> dict[str, Any]:
    return {"repo": label, "path": hit.path, "lines": lines(hit.start_line, hit.end_line), "symbol": hit.symbol,
            "kind": "call", "depth": hit.depth or 1, "edge": "call",
            "via": name if hit.depth == 1 else hit.reason.removeprefix("depends on ").partition(",")[0]}


def _module_dependent(label: str, hit: Hit, module: str) -> dict[str, Any]:
    """A line importing another repository's module (depth 1), or what depends on its file."""
    imports = hit.depth == 1
    return {"repo": label, "path": hit.path, "lines": lines(hit.start_line, hit.end_line), "symbol": hit.symbol,
            "kind": "import" if imports else "call", "depth": hit.depth or 1, "edge": "import" if imports else "call",
            "via": module if imports else hit.reason.removeprefix("depends on ").partition(",")[0]}


def _dependent(label: str, d: ImpactEntry) -> dict[str, Any]:
    return {"repo": label, "path": d.path, "lines": lines(d.start_line, d.end_line), "symbol": d.symbol,
            "kind": d.kind, "depth": d.depth, "via": d.via, "edge": d.edge}
