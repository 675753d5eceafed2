"""``maguyva index A B C`` and ``maguyva search QUERY --repo A --repo B`` / ``--workspace FILE``
(``--batch FILE`` too: one Coordinator, one line of JSON per question).

Several repositories, each with its own index (a shard), searched as one
(:mod:`maguyva_tui.core.workspace`): results carry their repository (``repo`` in the JSON,
``repo/path`` for a person), the explanation is the one of a single repository. A repository that
is missing or cannot be read is said on stderr in one line and listed in the JSON's ``missing``;
the others answer.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from maguyva_tui.core.explain import explain_text
from maguyva_tui.core.types import STALE_INDEX, IndexNotWritable, QueryError, UnreadableRepository, called_definition
from maguyva_tui.core.workspace import (
    SearchRequest,
    WorkspaceResult,
    connect,
    index_on_cluster,
    open_cluster_workspace,
    open_workspace,
    read_workspace,
    usable_cores,
)
from maguyva_tui.json_out import wire_safe
from maguyva_tui.terminal import after_update, printable, printable_lines
from maguyva_tui.working_folder import across_repositories

EXIT_SOME_MISSING = 2
"""``index`` over several repositories when one could not be indexed (the others were)."""
EXIT_USAGE = 2
"""A symbol no repository defines, as for one repository."""
EXIT_NOT_UPDATED = 1
"""An index that could not be written (as ``index`` of one repository)."""


def index_each(args: argparse.Namespace, index_one: Callable[[argparse.Namespace], int]) -> int:
    """Index every repository named, one after another, each into its own index; a repository
    that cannot be indexed is said in one line and the next goes on (with ``--json``, one line per
    repository in the order given, ``{"path", "error"}`` for that one). Return the worst status.
    With ``--ray``, each repository is a task of the cluster."""
    if args.ray:
        return _index_on_cluster(args)
    status = 0
    for number, path in enumerate(args.path):
        one = copy.copy(args)
        one.path = path
        if number and not args.json:
            print()
        try:
            status = max(status, index_one(one))
        except BrokenPipeError:  # the reader left (| head -1): not this repository's error, and nothing is read on
            raise
        except (NotADirectoryError, UnreadableRepository, IndexNotWritable, OSError) as exc:
            print(f"maguyva: error: {printable(str(exc))}", file=sys.stderr)
            if args.json:  # one line per repository, in the order given: this one's says why
                print(json.dumps(wire_safe({"path": path, "error": str(exc)})), flush=True)
            status = max(status, EXIT_SOME_MISSING)
    return status


def _index_on_cluster(args: argparse.Namespace) -> int:
    """Index the repositories as tasks of the Ray cluster (one each), into a folder every node
    reads; print what each gave in the order given. Return the worst status."""
    cluster = connect(args.ray)
    try:
        done = index_on_cluster(cluster, list(args.path), _index_base(args), semantic=not args.no_semantic,
                                full=args.embed == "full")
    finally:
        cluster.close()
    status = 0
    for one in done:
        if one.summary is None:
            print(f"maguyva: error: {printable(one.path)}: {printable(one.error or 'failed')}", file=sys.stderr)
            status = max(status, EXIT_SOME_MISSING)
        elif one.summary.get("stale_because"):
            status = max(status, EXIT_NOT_UPDATED)
        if args.json:
            print(json.dumps(wire_safe({"path": one.path, **one.summary} if one.summary is not None
                                       else {"path": one.path, "error": one.error})),
                  flush=True)
        elif one.summary is not None:
            s = one.summary
            print(printable(f"indexed {s.get('root', one.path)}: {s.get('files', 0)} files "
                            f"({s.get('parsed', 0)} parsed) in {s.get('seconds', 0.0)} s on the cluster"))
    shared = next((one.summary["shared_embedding"] for one in done if one.summary and "shared_embedding" in one.summary),
                  None)
    if shared and not args.json:
        print(f"transformer tier: {shared['distinct']:,} distinct chunks embedded once for {shared['keys']:,} "
              f"lacking across the repositories ({shared['copied']:,} vectors copied between them)")
    return status


def _index_base(args: argparse.Namespace) -> Path:
    """Where the cluster's indexes live: ``--index-dir``, else the default, as an absolute path
    every node is handed (on several machines, shared storage)."""
    if args.index_dir:
        return Path(args.index_dir).expanduser().resolve()
    from maguyva_tui.locations import default_index_base

    return default_index_base().resolve()


def roots_of(args: argparse.Namespace) -> list[Path]:
    """The repositories a search names: every ``--repo``, then the workspace file's (``.`` when
    neither is given)."""
    roots = [Path(r).expanduser() for r in args.repo or []]
    if args.workspace:
        roots += read_workspace(Path(args.workspace).expanduser())
    return roots or [Path(".")]


WORKERS_ENV = "MAGUYVA_WORKERS"
"""Worker processes holding a workspace's repositories when ``--workers`` is not given."""


def workers_of(args: argparse.Namespace) -> int:
    """The worker processes a workspace search asks for: ``--workers N`` (or ``$MAGUYVA_WORKERS``;
    ``auto``: one per usable core); 0, the default: the repositories answer in this process."""
    value = getattr(args, "workers", None)
    where = "--workers"  # a refusal names what to change: the option or the variable
    if value is None:
        value, where = os.environ.get(WORKERS_ENV) or 0, WORKERS_ENV
    if str(value).strip().lower() == "auto":
        return usable_cores()
    try:
        count = int(value)
    except ValueError:
        raise QueryError(f"{where} must be a whole number or 'auto', not {str(value)!r}") from None
    if count < 0:
        raise QueryError(f"{where} must be 0 or more, not {count}")
    return count


BatchAnswer = Callable[[str, dict[str, Any]], dict[str, Any]]
"""One batch question (its text and ``Engine.search``'s options) answered as ``search --json`` answers it."""


def search_workspace(args: argparse.Namespace, emit: Callable[[dict[str, Any]], None],
                     run_batch: Callable[[argparse.Namespace, BatchAnswer], int] | None = None) -> int:
    """Answer one question over the repositories named, and print it as ``search`` does for one;
    with ``--batch``, every question of the file, one line of JSON each (``run_batch`` reads them)."""
    if args.explain and (args.json or args.batch):
        raise QueryError(f"--explain does not go with {'--json' if args.json else '--batch'}: the JSON already "
                         "carries every number the explanation prints")
    if args.batch and run_batch is None:
        raise QueryError("--batch is not available here")
    if args.query is None and not args.batch:
        raise QueryError("search needs a QUERY")
    index_dir = Path(args.index_dir).expanduser() if args.index_dir else None
    workers = workers_of(args)
    if workers and args.ray:
        raise QueryError(f"--workers does not go with --ray: the cluster's actors hold the repositories "
                         f"(unset {WORKERS_ENV})")
    cluster = connect(args.ray) if args.ray else None
    try:
        coordinator = (open_workspace(roots_of(args), index_dir, workers=workers) if cluster is None
                       else open_cluster_workspace(cluster, roots_of(args), _index_base(args)))
    except BaseException:
        if cluster is not None:
            cluster.close()
        raise
    try:
        for missing in coordinator.missing if args.json or args.batch or args.explain else ():  # a page for a
            # person says it among its notices ("gone: not searched (why)"): once, where it had been said twice
            print(f"maguyva: skipped {printable(missing.label)}: {printable(missing.reason)}", file=sys.stderr)
        if args.batch and run_batch is not None:
            return run_batch(args, lambda text, options: _with_cut(*coordinator.search_page(_request(text, options))))
        query, read = (args.query, None) if args.regex else across_repositories(
            args.query, os.getcwd(), {os.path.realpath(s.root): s.label for s in coordinator.shards})
        request = SearchRequest(query, args.limit, args.modality, args.regex, _case(args), args.intent,
                                args.preset, None, args.depth)
        answer, more = coordinator.search_page(request)
        if read:  # ../README.md typed in a/src: read as a/README.md, as every path of the answer is written
            answer = replace(answer, result=replace(answer.result, notices=(read, *answer.result.notices)))
    finally:
        coordinator.close()
        if cluster is not None:
            cluster.close()
    cut = cut_notice(answer, more)
    if args.json:
        emit(_with_cut(answer, more))
    elif args.explain:
        print(printable_lines(explain_text(answer.display())))
    else:
        print_human(answer)
    if cut and not args.json:  # the JSON says it as "truncated", as search --json of one repository does
        print(f"maguyva: {cut}", file=sys.stderr)
    return _lookup_status(answer, quiet=args.json)


def cut_notice(answer: WorkspaceResult, more: bool) -> str | None:
    """The sentence saying the limit cut a whole list (``truncated``), as ``search`` on one
    repository says it; ``None`` when nothing was cut or the answer is a blend."""
    if not more or not answer.result.lists_whole:
        return None
    return f"showing the first {len(answer.result.results)}; more match: raise --limit or narrow the query"


def _with_cut(answer: WorkspaceResult, more: bool) -> dict[str, Any]:
    """The JSON answer with ``truncated`` when the limit cut its list (``search --json`` on one repository's field)."""
    out = answer.to_json()
    cut = cut_notice(answer, more)
    if cut:
        out["truncated"] = cut
    return out


def _request(text: str, options: dict[str, Any]) -> SearchRequest:
    """A batch line's question over the workspace, its options as ``Engine.search`` takes them."""
    return SearchRequest(text, options["limit"], options["modality"], options["regex"], options["case"],
                         options["intent"], options["preset"], None, options["depth"])


def _lookup_status(answer: WorkspaceResult, quiet: bool = False) -> int:
    """Say on stderr when the question's symbol or string is in no repository as asked, as
    ``search`` on one repository does; a symbol nothing defines is exit status 2. ``quiet``
    (``--json``, whose ``notices`` carry the message) says it only with that status."""
    failed = answer.result.lookup_failed
    if failed is None:
        return 0
    status = EXIT_USAGE if failed.kind == "symbol" else 0
    if status or not quiet:
        print(f"maguyva: {printable(failed.message)}", file=sys.stderr)
    return status


def print_human(answer: WorkspaceResult) -> None:
    """Print the results for a person, each as ``repo/path:line``; what cut the answer short on stderr."""
    for i, (r, repo) in enumerate(zip(answer.result.results, answer.repos), 1):
        symbol = f"  {r.symbol}" if r.symbol else ""
        print(printable(f"{i:3}. {repo}/{r.path}:{r.start_line}{symbol}  ({r.score:.4f})"))
        line = next((x for x in r.snippet.split("\n") if x.strip()), "")  # lines as the index counts them
        if line:
            print(f"      {printable(line.strip()[:120])}")
        called = called_definition(r)
        if called:  # a name with several definitions: the one this line calls, in the caller's repository
            print(printable(f"      -> calls {repo}/{called}"))
    for why in answer.capped:
        print(f"maguyva: capped: {printable(why)}", file=sys.stderr)
    searched, count = len(answer.searched), len(answer.result.results)
    stale = tuple(f"{label}: {STALE_INDEX}" for label, _ in answer.searched)  # a repository's index left unwritten
    tried = any(notice.startswith(stale) for notice in answer.result.notices)
    print(f"{count} result{'' if count == 1 else 's'} from {searched} repositor{'y' if searched == 1 else 'ies'} "
          f"in {answer.result.elapsed_ms:.1f} ms{after_update(answer.result.index_update, tried)}"
          + (" (capped)" if answer.capped else ""))
    if answer.result.lookup_failed is not None:  # its one line says what the page is (:func:`_lookup_status`),
        for gone in answer.missing:  # after the repositories not searched, which may hold what was not found
            print(f"maguyva: {printable(gone.label)}: not searched ({printable(gone.reason)})", file=sys.stderr)
        return
    tiers = ("semantic:", *(f"{label}: semantic:" for label, _ in answer.searched))  # a repository's notice: its label first
    for notice in answer.result.notices:  # as on one repository: what the answer read or left out, on stderr
        if not notice.startswith(tiers):  # the tier's coverage: the JSON and the explorer say it
            print(f"maguyva: {printable(notice)}", file=sys.stderr)


def _case(args: argparse.Namespace) -> str:
    if args.ignore_case:
        return "insensitive"
    return "smart" if args.smart_case else "sensitive"
