"""The command line: ``maguyva [PATH]``, ``index``, ``search``, ``graph``, ``mcp``.

Thin by design: every command is a few calls into the headless engine. Errors a user can cause
end as one line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import difflib
import errno
import json
import os
import re
import shlex
import sys
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, NoReturn, Protocol, TextIO, TypeGuard, cast

from maguyva_tui import __version__
from maguyva_tui.core.types import (
    INTENTS,
    MODALITIES,
    PRESET_NAMES,
    STALE_INDEX,
    IndexNotWritable,
    IndexUpdate,
    MissingPackage,
    QueryError,
    SearchResult,
    UnreadableRepository,
    called_definition,
    share,
)
from maguyva_tui.io_failure import failed_file
from maguyva_tui.json_out import needs_care, terminal_safe, wire_safe
from maguyva_tui.locations import default_index_base
from maguyva_tui.terminal import ArgumentParser, CommandParser, no_explorer_here, printable, printable_lines
from maguyva_tui.terminal import after_update as _after_update
from maguyva_tui.working_folder import from_working_folder

if TYPE_CHECKING:
    from maguyva_tui.core.engine import Coverage, Engine

COMMANDS = ("index", "search", "graph", "mcp", "server")
EMBED_CHOICES = ("static", "full")
"""What ``index --embed`` waits for: the static tier alone, or the transformer tier too."""
INDEX_DIR_HELP = ("where indexes live (default: the user cache, ~/.cache/maguyva/indexes on Linux; or "
                  "$MAGUYVA_INDEX_DIR); maguyva index prints a repository's folder and size")
"""``--index-dir``'s help: "the user cache" alone had left a new user asking where the index went."""
EXIT_USAGE = 2
"""Exit status for bad input (empty query, invalid regex, a path that is not a directory or cannot be read)."""
EXIT_NOT_UPDATED = 1
"""Exit status when the index could not be written (read-only, a full disk): ``index`` prints the
live index's summary and the notice says why; with no live index, one line says so."""
EXIT_MISSING_PACKAGE = 1
"""Exit status when a package the command needs is not installed (one line names it)."""
EXIT_OUTPUT = 1
"""Exit status when the output could not be written (``> /dev/full``): one line says why."""
WARM_ENGINE: ContextVar[Engine | None] = ContextVar("WARM_ENGINE", default=None)
"""The engine a command runs on in this context instead of opening one: a resident server's warm
engine (``maguyva_tui.resident``), set only after it checked the command names its repository."""
WARM_PARSER: ContextVar[argparse.ArgumentParser | None] = ContextVar("WARM_PARSER", default=None)
"""The parser a long-lived caller built once (a resident server: a build is 500 gettext look-ups,
2-25 ms); parsing never changes it."""
WARM_UPDATE: ContextVar[IndexUpdate | None] = ContextVar("WARM_UPDATE", default=None)
"""A wait for another build of the index in the refresh a resident server ran before the command,
said by the answer as the in-process command says its own: a search kept out 3 s had said "1 result
in 2.4 ms", where in process it says "(after waiting for another build of the index: 3.6 s)"."""
WARM_ARGS: ContextVar[tuple[list[str], argparse.Namespace] | None] = ContextVar("WARM_ARGS", default=None)
"""An argument list and what :data:`WARM_PARSER` made of it, read already by the caller (a resident
server parses a request to check it: 0.1 ms it need not pay twice); used for that list alone."""


class UserError(Exception):
    """An error caused by what the user asked; printed as one line."""


EXPLORER_USAGE = ("maguyva [PATH] [--theme NAME] [--no-watch] [--index-dir DIR]\n"
                  "       maguyva PATH PATH ... | --repo DIR --repo DIR ... | --workspace FILE [options]")
"""The bare command: the explorer on a repository, or on several searched as one."""

EXPLORER_HELP = """\
Code search that explains its ranking.

maguyva [PATH] opens the explorer on a repository (default: the current folder's): type a question,
a symbol, a "literal" or a regex and the list re-ranks as you type, each engine's own rank beside
the fused one. It indexes in the background; a repository seen before answers at once.
maguyva A B (or --repo A --repo B, --workspace FILE) searches several repositories as one: each
keeps its own index, and each result reads repo/path.

explorer keys:
  type                 search as you type (↑/↓ move the result cursor meanwhile)
  enter, esc           from the query box to the results; esc backs out of a panel
  e                    explain the selected result: every term of its score
  o                    open $EDITOR at the line
  g, ctrl+g            go to a file or symbol (fuzzy)
  i  p  w +/- 0        what-if: intent, preset, one engine's weight, reset
  ctrl+p               command palette: preset, intent, what-if, case, theme, reindex
  ?, F1                every key (? from an empty query box too)
  q, ctrl+c            quit (ctrl+c copies a selection, else clears a non-empty query first)
The theme and preset chosen are remembered between runs (settings.toml in the user's config
folder, beside themes/).

explorer options:
  PATH                 repository root (default: ., or the indexed folder above it that maguyva
                       search answers from); several (maguyva A B) are searched as one
  --repo DIR           a repository of a workspace (repeat it), as PATH
  --workspace FILE     the repositories a file lists (repos = [...] in a .toml, else one folder a line)
  --theme NAME         a theme for this run: maguyva-dark, maguyva-light, Textual's, a user theme
  --no-watch           do not re-index when files change on disk
  --index-dir DIR      where indexes live (default: the user cache, ~/.cache/maguyva/indexes on
                       Linux; or $MAGUYVA_INDEX_DIR); maguyva index prints its folder and size
"""
"""What ``maguyva --help`` says first: the explorer, then the commands argparse lists."""


GRAPH_ACTIONS = """\
Answer one question about a repository's dependency graph.

actions:
  callers    the lines that call NAME (or read it, where the graph knows the receiver)
  callees    the functions and methods NAME calls, the classes it constructs (new Foo())
  impact     what depends on NAME, nearest first, up to --depth edges away (default 3)
  subtypes   the types built on NAME, a class, interface or trait
  overrides  the methods that override or implement NAME, a method
  importers  the lines that import NAME, a module or file (or a class or function, by name)
"""
"""What ``maguyva graph --help`` says of its actions, one line each."""


INDEX_HELP = """\
Build or update the index of a repository (several: each its own index): the text, structural
and graph indexes and the static semantic tier, so every chunk is searchable by meaning when it
returns (--embed full also waits for the transformer tier). An unchanged file is reused; --rebuild
parses every file anew. maguyva search indexes first when needed: this builds one ahead of time,
and says where the index lives and what it holds.
"""
"""What ``maguyva index --help`` says first (it had listed its options alone)."""


SEARCH_HELP = """\
Search a repository (or several as one) with a question; maguyva reads what it asks and runs the
engines it needs (semantic, text, structural, graph), indexing the repository first when needed:
  maguyva search parse_config                    where a symbol is defined
  maguyva search "who calls parse_config"        its call sites (what breaks if I change X: impact)
  maguyva search '"ECONNREFUSED"'                every line holding a string
  maguyva search 'retr(y|ies)' --regex           every line a pattern matches
  maguyva search "how are retries handled"       code by meaning
--explain shows why each result ranked where it did; --json gives the same numbers to a script. A
symbol nothing defines is exit status 2 (the related code is still listed).
"""
"""What ``maguyva search --help`` says first (it had listed its options alone)."""


def build_parser() -> argparse.ArgumentParser:
    """Describe every subcommand and flag, after the explorer that the bare command opens."""
    parser = ArgumentParser(
        prog="maguyva",
        usage=f"{EXPLORER_USAGE}\n       maguyva {{{','.join(COMMANDS)}}} ... (maguyva COMMAND --help)",
        description=EXPLORER_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"maguyva {__version__}")
    # prog: a command's usage and error lines start "maguyva search", not the explorer's whole usage
    sub = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND", prog="maguyva")

    index = sub.add_parser("index", help="build or update the index of a repository",
                           description=INDEX_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    index.add_argument("path", nargs="*",
                       help="repository roots (default: ., or the indexed folder above it that maguyva search "
                            "answers from here); several are indexed one after another, each its own index")
    _common(index)
    index.add_argument("--no-semantic", action="store_true", help="no semantic tier: text, structural and graph only")
    index.add_argument("--embed", choices=EMBED_CHOICES,  # None: static, and told from one given with --no-semantic
                       help="static: the static tier covers every chunk in seconds (default); "
                            "full: wait for the transformer tier too (minutes)")
    index.add_argument("--rebuild", action="store_true",
                       help="parse every file anew instead of updating what changed (the semantic vectors are kept)")
    index.add_argument("--json", action="store_true", help="print the summary as JSON")
    _ray_option(index, "index each repository as a task on a Ray cluster")

    search = sub.add_parser("search", help="search a repository",
                            description=SEARCH_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    search.add_argument("query", nargs="?", help="the question, literal or pattern")
    search.add_argument("--repo", action="append",
                        help="repository root (default: ., or the nearest folder above it, up to the git "
                             "repository's top and below your home, that has an index: a search from repo/src "
                             "answers from repo's index, over the whole repository, and says so); repeat it to "
                             "search several repositories as one")
    search.add_argument("--workspace", metavar="FILE",
                        help="search the repositories a file lists (repos = [...] in a .toml, else one folder a line)")
    _common(search)
    _ray_option(search, "answer from actors on a Ray cluster, each holding some of the repositories")
    search.add_argument("--workers", metavar="N",
                        help="hold a workspace's repositories in N worker processes (auto: one per core; default 0: "
                             "this process; or $MAGUYVA_WORKERS): pays off over many questions (--batch), not one")
    search.add_argument("--json", action="store_true", help="print the JSON result")
    search.add_argument("--limit", type=int, default=20, help="results to return (default 20)")
    search.add_argument("--modality", choices=MODALITIES, help="use one engine alone")
    search.add_argument("--regex", action="store_true", help="read QUERY as a regular expression")
    case = search.add_mutually_exclusive_group()
    case.add_argument("-i", "--ignore-case", action="store_true", help="match case-insensitively")
    case.add_argument("-S", "--smart-case", action="store_true", help="insensitive unless QUERY has a capital")
    search.add_argument("--batch", metavar="FILE",
                        help="JSON lines of queries ('-' for stdin), each {\"query\": ...} with any of limit, intent, preset, "
                             "modality, regex, case or ignore_case, depth, id; over several repositories too, one line each")
    search.add_argument("--intent", choices=INTENTS, help="override the detected intent")
    search.add_argument("--preset", choices=PRESET_NAMES, default="default",
                        help="quick: semantic only; default: semantic+text+structural (k=40); thorough: all four (k=60); "
                             "a confident question (def X, who calls X, a \"literal\") runs its one engine whatever the preset")
    search.add_argument("--explain", action="store_true",
                        help="print why each result ranked where it did (not with --json or --batch: "
                             "their JSON carries the same numbers)")
    search.add_argument("--depth", type=int, help="maximum depth for impact questions (default 3)")

    mcp = sub.add_parser("mcp", help="serve a repository (or several as one) to coding agents over MCP (stdio)",
                         formatter_class=argparse.RawDescriptionHelpFormatter,  # the command stays one line
                         description="Serve a repository (or several as one) to a coding agent over the Model\n"
                                     "Context Protocol on stdio: four read-only tools, search, find_definition,\n"
                                     "find_references and impact. The agent's client starts it; Claude Code:\n"
                                     "  claude mcp add maguyva -- maguyva mcp /path/to/repo")
    mcp.add_argument("path", nargs="*", help="repository root (default: ., or the indexed folder above it, as search "
                                             "finds it); several are served as one workspace")
    _workspace_options(mcp)
    _common(mcp)
    server = sub.add_parser("server", add_help=False,
                            help="start, stop or show the resident search server of a repository (maguyva server --help)")
    server.add_argument("rest", nargs=argparse.REMAINDER)
    graph = sub.add_parser("graph", help="callers, callees, impact radius, subtypes or overrides of a symbol, "
                                         "importers of a module",
                           description=GRAPH_ACTIONS, formatter_class=argparse.RawDescriptionHelpFormatter)
    graph.add_argument("action", choices=("callers", "callees", "impact", "subtypes", "overrides", "importers"),
                       help="one of the actions above")
    graph.add_argument("name", help="a symbol: parse_config, ConfigLoader.load, path/to/file.py::Class.method; "
                                    "for importers a module or file: pkg.mod, pkg/mod.py, config.h, ./utils")
    graph.add_argument("--repo", action="append", default=[],
                       help="repository root (default: ., or the indexed folder above it, as search finds it)")
    graph.add_argument("--workspace", metavar="FILE", help=argparse.SUPPRESS)  # refused, saying what asks across several
    _common(graph)
    graph.add_argument("--depth", type=int, help="maximum depth for impact (default 3)")
    graph.add_argument("--limit", type=int, default=200, help="results to return (default 200)")
    graph.add_argument("--json", action="store_true", help="print the JSON result")
    for command, refusal in ((index, lambda said: {"path": None, "error": said}), (search, lambda said: refused(None, said)),
                             (graph, lambda said: refused(None, said))):  # each command's error object, as it refuses later
        cast(CommandParser, command).json_refusal = lambda said, refusal=refusal: _emit(refusal(said))
    return parser


def _workspace_options(parser: argparse.ArgumentParser, shown: bool = True) -> None:
    """``--repo`` (repeatable) and ``--workspace FILE``: several repositories searched as one."""
    parser.add_argument("--repo", action="append", default=[], metavar="DIR",
                        help="a repository of the workspace (repeat it)" if shown else argparse.SUPPRESS)
    parser.add_argument("--workspace", metavar="FILE",
                        help="the repositories a file lists (repos = [...] in a .toml, else one folder a line)"
                        if shown else argparse.SUPPRESS)


def _roots(args: argparse.Namespace) -> list[str] | None:
    """The repositories an explorer or server is asked for: the paths, every ``--repo``, then a
    workspace file's; ``None`` when that is one repository (or none: the current folder)."""
    roots = [*args.path, *args.repo]
    if args.workspace:
        from maguyva_tui.core.workspace import read_workspace

        roots += [str(p) for p in read_workspace(Path(args.workspace).expanduser())]
    return roots if len(roots) > 1 or args.workspace else None


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--index-dir", type=folder_arg,
                        help=INDEX_DIR_HELP)


def folder_arg(value: str) -> str:
    """An ``--index-dir`` as given; an empty one (``--index-dir "$UNSET"``) is refused, not read as
    "the default", which wrote the index into the user cache the flag was meant to avoid."""
    if not value.strip():
        raise argparse.ArgumentTypeError("an empty folder name (leave the option out for the default)")
    return value


def _ray_option(parser: argparse.ArgumentParser, does: str) -> None:
    """``--ray ADDRESS``, its help opening with what it *does* in this command (``index --help`` had
    said "index or search", the text both commands shared)."""
    parser.add_argument("--ray", metavar="ADDRESS", default=os.environ.get("RAY_ADDRESS") or None,
                        help=f"{does} (default: $RAY_ADDRESS; 'local' starts one here, its "
                             "ports on 127.0.0.1, open to other users of this machine but refusing any without its "
                             "token; a cluster given by address is its owner's to secure); --index-dir must then be "
                             "a folder every node reads (pip install 'maguyva-tui[cluster]')")


def main(argv: list[str] | None = None) -> int:
    """Run the command line and return the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        _closed_streams_to_devnull()
        status = _dispatch(argv)
        sys.stdout.flush()  # here, where a failure is said: at exit it had been dropped without a word
        return status
    except (UserError, QueryError, NotADirectoryError, UnreadableRepository) as exc:
        print(f"maguyva: error: {printable(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except IndexNotWritable as exc:
        print(f"maguyva: error: {printable(str(exc))}", file=sys.stderr)
        return EXIT_NOT_UPDATED
    except MissingPackage as exc:
        print(f"maguyva: error: {printable(str(exc))}", file=sys.stderr)
        return EXIT_MISSING_PACKAGE
    except KeyboardInterrupt:
        print(f"maguyva: {INTERRUPTED}", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # the last line of defence: no traceback reaches a user
        if os.environ.get("MAGUYVA_DEBUG"):
            raise
        failed = failed_file(exc)
        if failed is not None:  # a read or a write of a file, which names none: it had been "the output"
            print(f"maguyva: error: {printable(failed.said(getattr(exc, 'strerror', None)))}", file=sys.stderr)
            return 1
        if unwritable_output(exc):
            print(f"maguyva: error: could not write the output: {exc.strerror}", file=sys.stderr)
            return EXIT_OUTPUT
        if isinstance(exc, FileNotFoundError) and cwd_gone():
            print(f"maguyva: error: {CWD_GONE}", file=sys.stderr)
            return EXIT_USAGE
        print(f"maguyva: internal error: {type(exc).__name__}: {printable(str(exc))} (MAGUYVA_DEBUG=1 shows more)",
              file=sys.stderr)
        return 1


INTERRUPTED = "interrupted"
"""What Ctrl-C ends a command with: on stderr, and as the error of ``--json``'s one object (stdout had
been empty, which no JSON parser reads); the index keeps its last complete generation."""

OUTPUT_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})
"""Why stdout cannot be written (``> /dev/full``, a full disk or quota, a terminal gone); a closed
reader (EPIPE) is not an error."""


def unwritable_output(exc: BaseException) -> TypeGuard[OSError]:
    """Tell whether ``exc`` is a failed write of the output: an error a write raises, naming no
    file (each file the command opens is named in its error, or held where it failed:
    :func:`maguyva_tui.io_failure.failed_file`), where it had read as an internal error."""
    return isinstance(exc, OSError) and exc.errno in OUTPUT_ERRNOS and exc.filename is None and failed_file(exc) is None


CWD_GONE = "the current folder no longer exists (deleted or moved away): cd to a folder, or give the repository's path"


def cwd_gone() -> bool:
    """Tell whether the working folder was removed under the process (``os.getcwd`` fails)."""
    try:
        os.getcwd()
    except FileNotFoundError:
        return True
    return False


def _closed_streams_to_devnull() -> None:
    """Give a standard stream that was closed when the process started (``<&-``, ``>&-``: Python
    leaves it ``None``) the null device, so reading it finds nothing and writing it is dropped, as
    the user asked, rather than an internal error (``--batch -``, ``--json``, ``mcp``). The null
    device takes the lowest free descriptor, which is the closed stream's own."""
    for name, mode in (("stdin", "r"), ("stdout", "w"), ("stderr", "w")):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, mode, encoding="utf-8"))  # noqa: SIM115 - for the process's life
    tolerant_stdout()


def tolerant_stdout() -> None:
    """Let stdout write what its encoding cannot (a snippet's "é" or the explanation's bars on an
    ASCII or Latin-1 terminal: PYTHONIOENCODING, a legacy locale) as backslash escapes, as stderr
    does, rather than fail the command halfway through its output. Python gives stdout
    ``surrogateescape`` under the C locale without UTF-8 mode (``LC_ALL=C PYTHONUTF8=0``), which
    fails on such text as ``strict`` does."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None and getattr(sys.stdout, "errors", None) in ("strict", "surrogateescape"):
        reconfigure(errors="backslashreplace")


def _refuse_contradictions(args: argparse.Namespace) -> None:
    """Refuse search options that ask for two things at once, rather than do one of them without a
    word: a QUERY beside ``--batch`` (it had been dropped), an intent beside ``--regex`` (a regular
    expression is always an exact match: the intent had been ignored)."""
    if getattr(args, "batch", None) and args.query is not None:
        raise UserError(f"a QUERY and --batch do not go together: the questions are the lines of "
                        f"{'stdin' if args.batch == '-' else printable(args.batch)} (put {printable(args.query[:60])!r} "
                        "on a line of its own)")
    if getattr(args, "regex", False):
        _refuse_intent_with_regex(args.intent, f"--intent {args.intent}")
    if getattr(args, "batch", None):  # every line without its own would be refused, the run exiting 0: say it once
        if args.limit < 1:
            raise UserError("--limit must be at least 1")
        if args.depth is not None and args.depth < 1:
            raise UserError("--depth must be a whole number of at least 1")


def _refuse_intent_with_regex(intent: object, said: str) -> None:
    """Refuse an intent other than exact_match for a regular expression (its one intent); ``said``:
    the intent as it was given (one that names no intent is the engine's to refuse)."""
    if intent in INTENTS and intent != "exact_match":
        raise UserError(f"{said} does not go with a regular expression: every line it matches is "
                        "listed, an exact match (leave the intent out)")


def _refuse_empty_paths(args: argparse.Namespace) -> None:
    """Refuse an empty repository or workspace path (``maguyva index ""``, ``--repo "$UNSET"``) in
    one line: ``Path("")`` is the current folder, which was indexed or searched instead."""
    for name, what in (("path", "repository path"), ("repo", "repository path"), ("workspace", "workspace file name")):
        value = getattr(args, name, None)
        if any(not v.strip() for v in ([value] if isinstance(value, str) else value or ())):
            raise UserError(f"an empty {what} (leave it out for the current folder)" if name != "workspace"
                            else f"an empty {what}: name the file that lists the repositories")


def _refuse_index_contradictions(args: argparse.Namespace) -> None:
    if args.rebuild and args.ray:
        raise UserError("--rebuild runs on this machine only: leave out --ray (or remove the cluster's index folder)")
    if args.no_semantic and args.embed:  # --no-semantic had won without a word
        raise UserError(f"--no-semantic and --embed {args.embed} do not go together: --no-semantic builds no "
                        "semantic tier (leave one out)")


def _refused_in_json(args: argparse.Namespace, said: str) -> None:
    """Print a command's error object on stdout when it was asked for JSON (``--batch`` too: a run
    refused before its first line is one error object, ``"query": null``, where stdout had been empty)."""
    if not getattr(args, "json", False) and not getattr(args, "batch", None):
        return
    if args.command == "index":
        _emit({"path": None, "error": said})
    elif args.command == "search":
        _emit(refused(None if args.batch else args.query, said))
    elif args.command == "graph":
        _emit(refused(f"{args.action} {args.name}", said))


def _dispatch(argv: list[str]) -> int:
    if not argv or (argv[0] not in COMMANDS and argv[0] not in ("-h", "--help", "--version")):
        return _run_app(argv)
    parsed = WARM_ARGS.get()
    args = parsed[1] if parsed is not None and parsed[0] == argv else (WARM_PARSER.get() or build_parser()).parse_args(argv)
    try:
        _refuse_empty_paths(args)
        if args.command == "index":
            _refuse_index_contradictions(args)
    except UserError as exc:  # with --json, stdout had been empty: a script read no why
        _refused_in_json(args, str(exc))
        raise
    if args.command == "index":
        args.scope_notice = None
        if not args.path:  # the index search answers from here, not a second one of this folder alone
            args.path, args.scope_notice = _implied_index_path(args.index_dir)
            if args.scope_notice and (not args.json or args.ray):
                _tell(args.scope_notice)
        if len(args.path) > 1 or args.ray:
            from maguyva_tui.workspace_command import index_each

            return index_each(args, _index)
        args.path = args.path[0]
        if not args.json:
            return _index(args)
        try:
            return _index(args)
        except (NotADirectoryError, QueryError, UnreadableRepository, IndexNotWritable) as exc:
            _emit({"path": args.path, "error": str(exc)})  # as each of several paths gets: a script reads why
            raise
        except KeyboardInterrupt:  # Ctrl-C: stdout had been empty, not JSON
            _emit({"path": args.path, "error": INTERRUPTED})
            raise
    if args.command == "search":
        if not args.json and not args.batch:
            return _search_command(args)
        try:
            return _search_command(args)
        except (UserError, QueryError, NotADirectoryError, UnreadableRepository, IndexNotWritable, MissingPackage) as exc:
            # as a --batch line's: a script reads why; main says it on stderr. --batch: the run refused before its
            # first line (each line's own error is in its answer), one object, "query": null (stdout had been empty)
            _emit(refused(None if args.batch else args.query, str(exc)))
            raise
        except KeyboardInterrupt:
            if not args.batch:  # a batch's answered lines stand; the interrupted run says so on stderr
                _emit(refused(args.query, INTERRUPTED))
            raise
        except Exception as exc:  # a bug, or the index pulled from under the search: stdout had been empty
            if not args.batch:  # a batch answers a line's bug in that line's object
                _refused_for_a_failure(exc, args.query)
            raise
    if args.command == "graph":
        try:
            _imply_repo(args)
            return _graph(args)
        except (UserError, QueryError, NotADirectoryError, UnreadableRepository, IndexNotWritable) as exc:
            if args.json:  # as search --json: stdout had been empty, so a script parsing it read no why
                _emit(refused(f"{args.action} {args.name}", str(exc)))
            raise
        except KeyboardInterrupt:
            if args.json:
                _emit(refused(f"{args.action} {args.name}", INTERRUPTED))
            raise
        except Exception as exc:
            if args.json:
                _refused_for_a_failure(exc, f"{args.action} {args.name}")
            raise
    if args.command == "mcp":
        return _mcp(args)
    if args.command == "server":  # the maguyva command answers it before this module loads (resident imports us)
        raise UserError("run the server command as `maguyva server ...` (python -m maguyva_tui server ...)")
    raise UserError(f"unknown command {args.command}")


def _refused_for_a_failure(exc: Exception, query: str | None) -> None:
    """Print the error object of a ``--json`` command that ends in an error :func:`main` reports
    as an internal one (or as the working folder gone), so a script reads one JSON line as for any
    refusal; not for a failed write of the output (no line can carry it: :func:`main` says it)."""
    if isinstance(exc, OSError) and (isinstance(exc, BrokenPipeError) or unwritable_output(exc)):
        return
    gone = isinstance(exc, FileNotFoundError) and cwd_gone()
    failed = failed_file(exc)
    said = (CWD_GONE if gone else failed.said(getattr(exc, "strerror", None)) if failed is not None
            else f"{BATCH_INTERNAL}: {type(exc).__name__}: {exc}")
    _emit(refused(query, said))


def _search_command(args: argparse.Namespace) -> int:
    """Answer ``search``: over one repository, or several (``--repo A --repo B``, ``--workspace``, ``--ray``)."""
    _refuse_contradictions(args)
    if args.workspace or len(args.repo or ()) > 1 or args.ray:
        from maguyva_tui.workspace_command import search_workspace

        return search_workspace(args, _emit, run_batch)
    if args.workers is not None:  # one repository answers in this process; a bad count is still refused
        from maguyva_tui.workspace_command import workers_of

        workers_of(args)
    _imply_repo(args)
    args.repo = args.repo[0]
    return _search(args)


def refused(query: object, error: str) -> dict[str, Any]:
    """The JSON answer to a question refused (``search --json``, a ``--batch`` line): its query,
    cut after :data:`BATCH_ECHO_CHARS` with its length in ``query_chars``, the error, no results."""
    if not isinstance(query, str):
        return {"query": None, "error": error, "results": []}
    if len(query) > BATCH_ECHO_CHARS:  # a megabyte refused had come back whole
        return {"query": query[:BATCH_ECHO_CHARS] + "…", "query_chars": len(query), "error": error, "results": []}
    return {"query": query, "error": error, "results": []}


def _imply_repo(args: argparse.Namespace) -> None:
    """Set ``args.repo`` and ``args.scope`` (:func:`implied_repo`) unless a resident server did
    (it resolved them against the request's working folder)."""
    if not hasattr(args, "scope"):
        cwd = "" if args.repo else os.getcwd()  # a --repo needs no working folder (it may be gone)
        base = os.path.join(cwd, os.path.expanduser(args.index_dir)) if args.index_dir else str(default_index_base())
        args.repo, args.scope = implied_repo(args.repo, base, cwd)


def implied_repo(repo: list[str] | None, base: str, cwd: str,
                 held: Callable[[str, str], bool] | None = None) -> tuple[list[str], str | None]:
    """The repository ``search`` and ``graph`` answer from, and where the working folder ``cwd``
    lies in it when that is not its top: ``--repo`` as given; without it, the working folder,
    unless a folder above it, up to the git repository's top and below the home folder, has an
    index under ``base`` (:func:`~maguyva_tui.roots.enclosing_root`): a search from
    ``repo/src/pkg`` had indexed ``src/pkg`` alone, a second index of files the repository's
    already holds. A folder that index leaves out (ignored: ``node_modules/x``) is searched alone,
    as before. ``held``: :func:`~maguyva_tui.roots.holds`, or a caller's quicker answer to it (a
    resident server's)."""
    if repo:
        return repo, None
    from maguyva_tui.roots import implied_root

    root = implied_root(cwd, os.path.abspath(base), os.path.realpath(os.path.expanduser("~")), held)
    return (["."], None) if root == cwd else ([root], os.path.relpath(cwd, root))


def typed_in(args: argparse.Namespace) -> str | None:
    """Where the working folder lies in the one repository answering, from its top (``src``), for
    reading the paths a question writes from it (``../README.md``): the folder above found without
    ``--repo`` (``args.scope``), else the named ``--repo`` when the working folder is inside it and
    not its top; ``None`` otherwise (several repositories, a folder outside, a working folder gone).
    ``cd repo/src && maguyva search --repo .. ../README.md:1`` had said the file missing, where
    the same search without ``--repo`` found it."""
    if getattr(args, "scope", None):
        return cast("str", args.scope)
    repo = args.repo if isinstance(args.repo, list) else [args.repo]
    if len(repo) != 1 or not repo[0]:
        return None
    try:
        cwd = getattr(args, "typed_from", None) or os.getcwd()  # a resident server: the request's
        inside = os.path.relpath(os.path.realpath(cwd), os.path.realpath(os.path.join(cwd, repo[0])))
    except (OSError, ValueError):  # the working folder gone, or on another drive
        return None
    return None if inside == "." or inside == os.pardir or inside.startswith(os.pardir + os.sep) else inside


def scope_notice(root: str, scope: str, opened: str = "searched the index of",
                 alone: str = "--repo . indexes and searches") -> str:
    """What a search answered from an enclosing repository's index says once (``opened`` and
    ``alone``: the explorer's and the MCP server's words for it)."""
    return (f"{opened} {root}, the nearest indexed folder above {scope}: results come from the "
            f"whole repository, paths from its top ({alone} {scope} alone)")


def _implied_index_path(index_dir: str | None) -> tuple[list[str], str | None]:
    """What ``maguyva index`` given no PATH indexes: the repository ``search`` answers from here
    (:func:`implied_repo`), with the notice that says so when it is a folder above. From
    ``repo/src`` it had built a second index of ``src`` alone, which every later search from there
    answered from instead of the repository's."""
    cwd = os.getcwd()
    base = os.path.join(cwd, os.path.expanduser(index_dir)) if index_dir else str(default_index_base())
    [root], scope = implied_repo(None, base, cwd)
    if not scope:
        return [root], None
    return [root], (f"indexing {root}, the nearest indexed folder above {scope}, whose index maguyva search "
                    f"answers from here (maguyva index . indexes {scope} alone)")


def _one_root(args: argparse.Namespace, opened: str, alone: str) -> tuple[str, str | None]:
    """The repository the explorer or the MCP server opens: its PATH or ``--repo`` as given; given
    neither, the one ``search`` answers from here (:func:`implied_repo`: the working folder, or the
    indexed folder above it), with the notice that says so when it is above."""
    if args.path or args.repo:
        return (args.path or args.repo)[0], None
    cwd = os.getcwd()
    base = os.path.join(cwd, os.path.expanduser(args.index_dir)) if args.index_dir else str(default_index_base())
    [root], scope = implied_repo(None, base, cwd)
    return root, scope_notice(root, scope, opened, alone) if scope else None


def _mcp(args: argparse.Namespace) -> int:
    """Serve the repository (or the workspace) over MCP on stdio until the client disconnects."""
    roots = _roots(args)
    opened = None
    if roots is None:
        root, opened = _one_root(args, "serving", "maguyva mcp . serves")
        engine = _engine(root, args.index_dir)  # a bad path fails before the protocol
    else:
        from maguyva_tui.mcp.workspace import WorkspaceService

        service = WorkspaceService.open([Path(r) for r in roots], _index_base(args.index_dir))
    try:  # the SDK is imported only here, so the rest of maguyva works without it
        from maguyva_tui.mcp.server import serve, serve_workspace
    except ImportError as exc:
        raise UserError(f"the MCP server needs the mcp package, 2.x (pip install 'mcp>=2.0,<3'): {exc}") from None
    if roots is None:
        serve(engine, opened)
    else:
        serve_workspace(service)
    return 0


def _index_base(index_dir: str | None) -> Path | None:
    return Path(index_dir).expanduser() if index_dir else None


def _run_app(argv: list[str]) -> int:
    """Open the terminal UI: ``maguyva [PATH ...] [--repo DIR] [--workspace FILE] [--theme NAME]
    [--index-dir DIR]``; several repositories are searched as one."""
    _refuse_help_of_no_command(argv)
    args = _explorer_parser().parse_args(argv)
    _refuse_empty_paths(args)
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.app.settings import default_path
    from maguyva_tui.app.themes import load_user_themes
    from maguyva_tui.app.workspace import ExplorerWorkspace

    roots = _roots(args)
    opened = None
    if roots is None:
        root, opened = _one_root(args, "opened", "maguyva . opens")
        engine: Engine | ExplorerWorkspace = _engine(root, args.index_dir)
    else:
        engine = ExplorerWorkspace([Path(r) for r in roots], _index_base(args.index_dir))
    themes = load_user_themes()
    app = MaguyvaApp(engine, user_themes=themes, watch=not args.no_watch, settings_path=default_path(),
                     notices=[opened] if opened else [])
    if args.theme:
        if args.theme not in app.available_themes:
            names = ", ".join(sorted(app.available_themes))
            raise UserError(f"unknown theme {args.theme!r}; choose one of {names}")
        app.theme = args.theme
    refusal = no_explorer_here()  # last: a bad path or theme says its own error first
    if refusal is not None:
        raise UserError(refusal)
    import asyncio  # the explorer's alone: a search does not import it (0.06 s)

    loop = asyncio.new_event_loop()  # run on a loop of our own: asyncio.run would join the worker threads
    asyncio.set_event_loop(loop)
    app.run(loop=loop)
    _exit_now(app.return_code or 0)


def _explorer_parser(helps: bool = True) -> argparse.ArgumentParser:
    """The bare command's parser; without ``helps``, one that reads ``--help`` as any other unknown
    argument and raises on a bad one rather than printing it."""
    parser = ArgumentParser(prog="maguyva", usage=EXPLORER_USAGE, description=EXPLORER_HELP,
                            formatter_class=argparse.RawDescriptionHelpFormatter, add_help=False,
                            exit_on_error=helps)
    if helps:
        parser.add_argument("-h", "--help", action="help", help=argparse.SUPPRESS)
    parser.add_argument("path", nargs="*", help=argparse.SUPPRESS)
    _workspace_options(parser, shown=False)
    parser.add_argument("--theme", help=argparse.SUPPRESS)
    parser.add_argument("--no-watch", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--index-dir", type=folder_arg, help=argparse.SUPPRESS)
    return parser


def _refuse_help_of_no_command(argv: list[str]) -> None:
    """Refuse ``maguyva WORD --help`` where WORD is neither a command nor a path, in one line naming
    the commands (and the options spelled ``--WORD``): ``maguyva workspace --help`` had printed the
    explorer's help, as if it had been asked of the explorer on a folder named workspace."""
    if not {"-h", "--help"} & set(argv[:argv.index("--")] if "--" in argv else argv):
        return
    try:  # argparse's help action prints and exits while parsing: read the paths first
        paths = _explorer_parser(helps=False).parse_known_args(argv)[0].path
    except (SystemExit, argparse.ArgumentError):  # a bad option: the help as before
        return
    word = next((p for p in paths if p and not os.path.lexists(os.path.expanduser(p))), None)
    if word is None:
        return
    said = f"{printable(word)}: no command or folder of that name (commands: {', '.join(COMMANDS)}; maguyva COMMAND --help)"
    near = difflib.get_close_matches(word, COMMANDS, n=1, cutoff=0.75)
    if near:
        said += f"; did you mean maguyva {near[0]} --help?"
    option = f"--{word}"
    takers = ["maguyva"] * (option in _explorer_parser()._option_string_actions)
    takers += [name for name, taker in _command_parsers().items()
               if taker._option_string_actions.get(option, HIDDEN).help != argparse.SUPPRESS]
    if option.isprintable() and takers:
        said += f"; {option} is an option of {' and '.join(', '.join(takers).rsplit(', ', 1))}"
    raise UserError(said)


HIDDEN = argparse.Action([], "", help=argparse.SUPPRESS)
"""An option a parser does not take, as one it hides."""


def _command_parsers() -> dict[str, argparse.ArgumentParser]:
    """Each command's parser by its name (``maguyva search``: search's), as :func:`build_parser` makes it."""
    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {f"maguyva {name}": sub for name, sub in action.choices.items()}
    return {}


def _exit_now(status: int) -> NoReturn:
    """End the explorer's process without joining its worker threads, so quitting is instant.

    What they were doing is already saved or safely dropped: the settings are written when chosen,
    the app saved the vectors embedded so far when it closed (a batch half done is dropped), and a
    refresh cut short leaves the previous generation of the index live (the next run prunes the
    half-written one). Child processes (parsing workers) are ended first, so none outlives us.
    """
    import multiprocessing

    for child in multiprocessing.active_children():
        child.terminate()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(status)


def _engine(path: str, index_dir: str | None, notify: Callable[[str], None] | None = None,
            waiting: Callable[[str], None] | None = None) -> Engine:
    """The engine a command asks (a resident server's warm one, where it runs the command);
    ``waiting`` (a command at a terminal's: :func:`_tell_waiting`) is told at once when it waits
    for another process's build of the index: a first search behind a stopped ``maguyva index``
    had waited without a word."""
    warm = WARM_ENGINE.get()
    if warm is not None:
        return warm
    from maguyva_tui.core.engine import Engine

    return Engine(Path(path), Path(index_dir).expanduser() if index_dir else None, notify=notify,
                  waiting=waiting)


def _tell(message: str) -> None:
    """Print a notice on stderr the moment it arises (before code leaves the machine, say)."""
    print(f"maguyva: {printable(message)}", file=sys.stderr, flush=True)


def _tell_waiting(message: str) -> None:
    """Say on stderr, once, that a build waits for another process's build of the index, and how
    to stop waiting (the engine's other notices a search prints with its answer, not here)."""
    _tell(f"{message} (Ctrl-C stops waiting)")


def _index(args: argparse.Namespace) -> int:
    """Build or update the index, then the semantic tiers asked for; exit 1 when something could
    not be written (the notice says why)."""
    started = time.perf_counter()
    engine = _engine(args.path, args.index_dir, notify=_tell, waiting=_tell_waiting)
    # a bar redraws its line with \r: whole lines where that is not drawn (a log, TERM=dumb's Emacs shell)
    progress: _Progress = _ProgressBar() if sys.stderr.isatty() and os.environ.get("TERM") != "dumb" else _ProgressLines()
    summary = engine.refresh(progress, semantic=False, rebuild=args.rebuild, static_later=not args.no_semantic)
    status = EXIT_NOT_UPDATED if summary.stale_because else 0
    coverage: Coverage | None = None
    if not args.no_semantic:
        try:
            _embed(engine, summary, progress, args.embed == "full", args.index_dir)
        except OSError as exc:  # a read-only index, a full disk: the other engines answer
            _tell(f"the semantic vectors could not be written ({exc.strerror or exc}); search by meaning is partial")
            status = EXIT_NOT_UPDATED
        coverage = engine.coverage()
    progress.done()
    summary.seconds = round(time.perf_counter() - started, 3)
    stored = _stored(engine.index_folder)  # where it went and how big: a new user's next questions
    if args.json:
        tiers = ({"semantic_coverage": None, "semantic_tiers": None} if coverage is None  # --no-semantic: not read
                 else {"semantic_coverage": coverage.any, "semantic_tiers": dict(coverage.tiers())})
        # path (as given) and root name the repository, as an error's line does: index A B --json, one line each
        _emit({"path": args.path, "root": str(engine.root), **summary.to_dict(), **tiers,
               "index_folder": None if stored is None else str(stored[0]),
               "index_bytes": None if stored is None else stored[1],
               "notices": [*([args.scope_notice] if getattr(args, "scope_notice", None) else []),
                           *engine.notices_for_search()]})
        return status
    print(_summary_text(engine.root, summary, coverage, stored))
    return status


def _stored(folder: Path | None) -> tuple[Path, int] | None:
    """The index folder and the bytes its files take (what ``rm -r`` of it frees), or None before
    any index is open."""
    if folder is None:
        return None
    total = 0
    for top, _, files in os.walk(folder):
        for name in files:
            try:
                total += os.lstat(os.path.join(top, name)).st_size
            except OSError:  # a generation pruned meanwhile
                pass
    return folder, total


def _command_line(pid: int | None) -> str:
    """A process's command line, its words joined by spaces (empty when it cannot be read: gone, not Linux)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode("utf-8", "replace").strip()
    except (OSError, TypeError):
        return ""


def _filler_text(pid: int | None, root: Path, index_dir: str | None) -> str:
    """What ``index --embed full`` says while another process fills the index: who, and how to stop it."""
    import shlex

    command = _command_line(pid)
    if "maguyva_tui.resident.filler" in command:
        stop = f"maguyva server stop --repo {shlex.quote(str(root))}"
        if index_dir:
            stop += f" --index-dir {shlex.quote(index_dir)}"
        return (f"a resident server's filler (pid {pid}) fills this index's transformer tier; waiting for it "
                f"(`{stop}` stops it, keeping what it embedded, and this fill goes on from there; Ctrl-C stops waiting)")
    who = f" (pid {pid})" if command else ""
    return (f"another process{who} fills this index's transformer tier (the explorer or an MCP server); waiting "
            "for it (quit it and this fill goes on from where it got; Ctrl-C stops waiting)")


def _embed(engine: Engine, summary: Any, progress: _Progress, full: bool, index_dir: str | None = None) -> None:
    """Embed every chunk with the static tier, and with the transformer tier when ``full``."""
    engine.fill_static(progress, summary)
    if full:
        def waiting() -> None:
            from maguyva_tui.terminal import printable

            print(f"maguyva: {printable(_filler_text(engine.fill_holder(), engine.root, index_dir))}", file=sys.stderr,
                  flush=True)

        report = engine.embed_pending(progress=lambda done, total: progress("transformer", done, total),
                                      waiting=waiting)
        summary.phases["transformer"] = round(report.seconds, 3)
        summary.embedded["transformer"] = {"new": report.embedded, "seconds": round(report.seconds, 3)}


def _summary_text(root: Path, s: Any, coverage: Coverage | None = None,
                  stored: tuple[Path, int] | None = None) -> str:
    examples = getattr(s, "skipped_examples", {})
    skipped = ", ".join(f"{n} {reason.replace('_', ' ')}{_skipped_example(reason, n, examples)}"
                        for reason, n in sorted(s.skipped.items())) or "none"
    noticed = ", ".join(f"{n} {reason.replace('_', ' ')}{_skipped_example(reason, n, getattr(s, 'noticed_examples', {}))}"
                        for reason, n in sorted(s.noticed.items()))
    if noticed and s.reused:  # "noticed 1 utf16" after an update, of an index holding 7: it counts what was read
        noticed += "; in the files this update read"
    unwritten = f", {s.unwritten} changed but not written" if s.unwritten else ""
    lines = [
        f"indexed {printable(str(root))}",
        *([f"  index    {printable(str(stored[0]))} ({stored[1] / 1e6:.1f} MB; delete the folder to remove the index)"]
          if stored is not None else []),
        f"  files    {s.files} ({s.parsed} parsed, {s.reused} unchanged, {s.removed} removed{unwritten})",
        f"  chunks   {s.chunks}",
        f"  symbols  {s.symbols}",
        f"  skipped  {skipped}",
    ]
    if noticed:
        lines.append(f"  noticed  {noticed}")
    if coverage is not None:
        lines.append(_semantic_line(s.embedded, coverage))
    if s.graph:
        lines.append("  graph    " + ", ".join(f"{k} {v}" for k, v in s.graph.items() if not isinstance(v, dict)))
        lines.extend(_unresolved_lines(s.graph.get("languages")))
    phases = ", ".join(f"{name} {seconds:.2f}" for name, seconds in s.phases.items())
    lines.append(f"  seconds  {s.seconds:.2f}" + (f" ({phases})" if phases else ""))
    return "\n".join(lines)


def _skipped_example(reason: str, count: int, examples: dict[str, str]) -> str:
    """The path a skip or notice reason names (`` (big.min.js)``, `` (secret.py and 1 more)``), empty for
    ignored paths (a person asked for those) and where no path was kept: "2 unreadable" had not said which."""
    path = examples.get(reason)
    if reason == "ignored" or not path:
        return ""
    return f" ({printable(path)}{f' and {count - 1:,} more' if count > 1 else ''})"


def _semantic_line(embedded: dict[str, Any], coverage: Coverage) -> str:
    """Each tier's coverage, and what this run embedded with it and how fast."""
    tiers = []
    for tier, fraction in coverage.tiers():
        done = embedded.get(tier)
        rate = ""
        if isinstance(done, dict) and done.get("new"):
            speed = f", {done['new'] / done['seconds']:,.0f} chunks/s" if done.get("seconds") else ""
            rate = f" ({done['new']:,} new{speed})"
        tiers.append(f"{tier} {share(fraction)}{rate}")
    line = "  semantic " + ", ".join(tiers)
    if coverage.transformer < 1.0:
        line += "; the transformer tier fills in from a resident server, the explorer, the MCP server or index --embed full"
    return line


def _unresolved_lines(languages: object) -> list[str]:
    """One line per language: the sites the graph could not resolve (never guessed), of those
    that are not provably outside the repository."""
    if not isinstance(languages, dict):
        return []
    out = []
    for language, c in sorted(languages.items()):
        if not language or not isinstance(c, dict):
            continue
        inside = c.get("resolved", 0) + c.get("ambiguous", 0) + c.get("unresolved", 0)
        if inside:
            missed = c.get("ambiguous", 0) + c.get("unresolved", 0)
            held = c.get("function_value", 0)  # Go's f(x) of a parameter f func(int) bool: no symbol, no unknown
            out.append(f"  {language:<8} {missed:,} of {inside:,} sites unresolved or ambiguous "
                       f"({missed / inside:.1%}), {c.get('external', 0):,} external"
                       + (f", {held:,} calls of function values" if held else ""))
    return out


def _graph(args: argparse.Namespace) -> int:
    from maguyva_tui.graph_command import graph_answer, print_graph

    if args.workspace:  # it had been "unrecognized arguments", as if a workspace were no idea of maguyva's
        raise UserError(f'maguyva graph answers over one repository, not a workspace; `maguyva search "who calls NAME" '
                        f'--workspace {printable(args.workspace)}` asks across its repositories')
    if len(args.repo) > 1:  # argparse kept the last one: the others were dropped without a word
        raise UserError(f"maguyva graph answers over one repository (--repo given {len(args.repo)} times); "
                        f'`maguyva search "who calls NAME" --repo A --repo B` asks across several')
    engine = _engine((args.repo or ["."])[0], args.index_dir, waiting=_tell_waiting)
    name, read = from_working_folder(args.name, typed_in(args))  # ../lib/x.py typed in repo/src
    result = graph_answer(engine, args.action, name, args.depth, args.limit)
    if read:
        result["notes"] = [read, *result.get("notes", [])]
    stale = [notice for notice in engine.notices if notice.startswith(STALE_INDEX)]  # a read-only or full disk:
    if stale:  # the graph is the index's as it was (a search says so; this had answered without a word)
        result["notes"] = [*result.get("notes", []), *stale]
    if args.scope and args.json:  # among the answer's notes, as search --json says it among its notices
        result["notes"] = [*result.get("notes", []), scope_notice(args.repo[0], args.scope)]
    elif args.scope:
        _tell(scope_notice(args.repo[0], args.scope))
    if args.json:
        _emit(result)
    else:
        print_graph(result)
    return 0


def _case(args: argparse.Namespace) -> str:
    if args.ignore_case:
        return "insensitive"
    return "smart" if args.smart_case else "sensitive"


STRAY_BYTES = re.compile("[\udc80-\udcff]+")
"""What Python makes of command-line bytes the locale cannot decode: one lone surrogate a byte."""


def typed_query(argument: str) -> str:
    """The query as the index reads a file: bytes typed that are not text in the locale (a Latin-1
    ``é`` in a UTF-8 one arrives as ``\\udce9``) become U+FFFD, as such bytes in an indexed file did,
    so that they are searched rather than refused. Any other lone surrogate stands for no byte and is
    left for the engine to refuse."""
    return STRAY_BYTES.sub(lambda run: bytes(ord(c) - 0xDC00 for c in run.group()).decode("utf-8", "replace"),
                           argument)


def _search(args: argparse.Namespace) -> int:
    if args.explain and (args.json or args.batch):
        raise UserError(f"--explain does not go with {'--json' if args.json else '--batch'}: the JSON already "
                        "carries every number the explanation prints (each engine's rank, weight and contribution, "
                        "the boost, the demotion)")
    if args.batch:
        return _batch(args)
    if args.query is None:
        raise UserError("search needs a QUERY (or --batch FILE)")
    engine = _engine(args.repo, args.index_dir, waiting=_tell_waiting)
    query, read = (typed_query(args.query), None) if args.regex else from_working_folder(typed_query(args.query), typed_in(args))
    result, cut = _searched(
        engine, query, limit=args.limit, modality=args.modality, regex=args.regex, case=_case(args),
        intent=args.intent, preset=args.preset, depth=args.depth,
    )
    if read:  # ../lib/x.py typed in repo/src: read from the top, as every path of the answer is written
        result = replace(result, notices=(read, *result.notices))
    if args.json:  # notices in the JSON alone, as --batch and graph --json: stderr says why a status is not 0
        _emit(_scoped(_with_cut(_described(result), cut), args))
        return _lookup_status(result, quiet=True)
    if args.scope:
        _tell(scope_notice(args.repo, args.scope))
    if args.explain:
        from maguyva_tui.core.explain import explain_text

        print(printable_lines(explain_text(result)))
    else:
        _print_human(result)
    if cut:
        _tell(cut)
    return _lookup_status(result)


def _warm_updated(result: SearchResult) -> SearchResult:
    """The answer carrying what the resident server's refresh before it did (:data:`WARM_UPDATE`)."""
    update = WARM_UPDATE.get()
    return result if update is None or result.index_update is not None else replace(result, index_update=update)


def _searched(engine: Engine, query: str, **options: Any) -> tuple[SearchResult, str | None]:
    """Search, and say when the limit cut a whole list (one more result asked: was there more?):
    the sentence for the JSON's ``truncated`` and the line on stderr, else ``None``."""
    limit = options["limit"]
    if not isinstance(limit, int) or limit < 1:  # refused by the engine, as given
        return _warm_updated(engine.search(query, **options)), None
    result = _warm_updated(engine.search(query, **{**options, "limit": limit + 1}))
    if len(result.results) <= limit:
        return result, None
    result = replace(result, results=result.results[:limit])
    if not result.lists_whole:
        return result, None
    asked: str | None = None
    if result.modalities_run == ("graph",):  # only the graph's own list is longer elsewhere (graph_question):
        from maguyva_tui.core.answers import graph_question  # a literal's cut page never loads the graph's modules

        asked = graph_question(result)
    if asked is not None and result.target:  # the graph command counts them: "showing 200 of 440"
        return result, (f"showing the first {limit}; more match: raise --limit "
                        f"(`maguyva graph {asked} {shlex.quote(result.target)}` says how many)")
    return result, f"showing the first {limit}; more match: raise --limit or narrow the query"


def _with_cut(answer: dict[str, Any], cut: str | None) -> dict[str, Any]:
    """A JSON answer with ``truncated`` (the MCP search's field) when the limit cut its list."""
    if cut:
        answer["truncated"] = cut
    return answer


def _lookup_status(result: SearchResult, quiet: bool = False) -> int:
    """Say on stderr when the question's symbol or string was not found as asked (the results are
    related code, or the string in another case); a symbol nothing defines is exit status 2.
    ``quiet`` (``--json``, whose ``notices`` carry the message) says it only with that status: a
    string found in another case had been the one notice of an exit status 0 said on stderr too."""
    failed = result.lookup_failed
    if failed is None:
        return 0
    status = EXIT_USAGE if failed.kind == "symbol" else 0
    if status or not quiet:
        print(f"maguyva: {printable(failed.message)}", file=sys.stderr)
    return status


BatchAnswer = Callable[[str, dict[str, Any]], dict[str, Any]]
"""Answers one batch question (its text, ``Engine.search``'s options) as the JSON of ``search --json``."""


def _scoped(answer: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    """A JSON answer with :func:`scope_notice` among its notices when the repository was found above."""
    if getattr(args, "scope", None):
        answer.setdefault("notices", []).append(scope_notice(args.repo, args.scope))
    return answer


def _batch(args: argparse.Namespace) -> int:
    if args.batch != "-":  # a batch file that cannot be read is said before the repository is indexed for it
        _open_batch(args.batch).close()
    engine = _engine(args.repo, args.index_dir, waiting=_tell_waiting)
    return run_batch(args, lambda text, options: _scoped(_with_cut(*_json_and_cut(engine, text, options)), args))


def _described(result: SearchResult) -> dict[str, Any]:
    """The result's JSON, a phrase's text votes said in words too (``described``: "whole words")."""
    from maguyva_tui.core.explain import described_json

    return described_json(result)


def _json_and_cut(engine: Engine, text: str, options: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    result, cut = _searched(engine, text, **options)
    return _described(result), cut


def run_batch(args: argparse.Namespace, answer: BatchAnswer) -> int:
    """Answer each line of ``--batch`` with one line of JSON, in order (over one repository or a
    workspace: ``answer`` searches): the Nth answer is the Nth line's, a blank line's included (its
    error object), so a script can pair what it sent with what came back."""
    stream = sys.stdin.buffer if args.batch == "-" else _open_batch(args.batch)
    status = 0
    for number, line in enumerate(bounded_lines(stream), 1):  # bytes: each line decoded alone, one bad line stays one
        out = _batch_one(answer, args, line, number) if line is not None else {
            "query": None, "error": f"line {number}: over {BATCH_LINE_BYTES // (1 << 20)} MiB, longer than any batch "
            f"line can be ({BATCH_LINE}; a query is at most 65,536 characters); skipped to its end", "results": []}
        if str(out.get("error", "")).startswith(f"line {number}: {BATCH_INTERNAL}"):
            status = 1  # as an internal error ends any command, once every line is answered
        _emit(out)
    return status


BATCH_INTERNAL = "internal error in maguyva"
"""How a line's error object names a bug it met; the other lines are answered, the exit status is 1."""


BATCH_LINE_BYTES = 1 << 20
"""The longest ``--batch`` line read: a query of 64 Ki characters, each escaped as ``\\uXXXX``, with
room for the other keys. A longer one is answered with its error and skipped without being held
(``--batch /dev/zero``, a binary file: one endless line had been read into memory, 870 MB in 15 s)."""


def bounded_lines(stream: BinaryIO, limit: int = BATCH_LINE_BYTES) -> Iterator[bytes | None]:
    """Each line of ``stream`` (its newline kept), ``None`` in place of one over ``limit`` bytes,
    which is read to its end a block at a time and dropped."""
    while line := stream.readline(limit + 1):
        if len(line) <= limit or line.endswith(b"\n"):
            yield line
            continue
        while (rest := stream.readline(1 << 16)) and not rest.endswith(b"\n"):
            pass
        yield None


JSON_LINE = json.JSONEncoder(ensure_ascii=False, check_circular=False)
"""``json.dumps(obj, ensure_ascii=False)``'s encoder, made once and without the check for cycles
(a result is a tree; the check's bookkeeping per object was a quarter of a literal page's encoding,
0.07 ms): the same text."""


def _emit(obj: dict[str, Any]) -> None:
    """Print one JSON object on a line that every strict parser reads: a file name that is not
    UTF-8 is written as ``maguyva_tui.json_out`` says (``\\xNN`` and a ``FIELD_bytes`` beside it,
    where a lone surrogate had gone out as ``\\udcff``); text stdout cannot encode is escaped."""
    text = JSON_LINE.encode(obj)
    try:
        text.encode(sys.stdout.encoding or "utf-8")  # fails for a lone surrogate: the one check on the common path
    except UnicodeEncodeError:
        if needs_care(text):  # rare: only then walk the object
            obj = wire_safe(obj)
            text = JSON_LINE.encode(obj)
        try:
            text.encode(sys.stdout.encoding or "utf-8")
        except UnicodeEncodeError:
            text = json.dumps(obj)
    print(terminal_safe(text), flush=True)


def _open_batch(path: str) -> BinaryIO:
    try:
        return open(path, "rb")
    except OSError as exc:
        raise UserError(f"{path}: cannot read the batch file ({exc.strerror})") from None  # as a workspace file's


def _batch_one(answer: BatchAnswer, args: argparse.Namespace, line: bytes, number: int) -> dict[str, Any]:
    """Answer one batch line; a bad line gets an error object in its place (with its query when it
    has one), the rest go on. A line's ``id`` comes back first in its answer, a refused line's too."""
    out = _batch_answer(answer, args, line, number)
    sent = _line_object(line) if b'"id"' in line or b"\\u" in line else None  # an escape may spell the key
    if sent is None or "id" not in sent:
        return out
    unsent = _unsendable(sent["id"])
    if unsent is not None:  # nested past ID_DEPTH, or a number echoed as Infinity or NaN, which strict parsers refuse
        return refused(out.get("query"), f"line {number}: {unsent}")
    return {"id": sent["id"], **out}


INFINITY = float("inf")
UNSENDABLE_ID = ('"id" holds a number no JSON answer can carry back (NaN, Infinity, or one past a double\'s '
                 'range, as 1e999): send it as a string')
"""A batch line's error when its ``id`` cannot be echoed as strict JSON."""
DEEP_ID = '"id" is nested too deeply to carry back: send it as a string or a number'
"""A batch line's error when its ``id`` is nested past :data:`ID_DEPTH`."""
ID_DEPTH = 100
"""Lists and objects an ``id`` may nest: a deeper one is refused. The answer is written with
Python's recursion, whose room depends on the stack the command runs on: an id of 900 nested lists
had been refused in a process and carried back under a test runner's worker (its limit had been
the interpreter's, met or not); no id a script sends comes near it."""


def _unsendable(value: Any) -> str | None:
    """Why a JSON value read by Python cannot be echoed in an answer (nested past :data:`ID_DEPTH`;
    holding a NaN or an infinity, at any depth), ``None`` when it can; read without recursion."""
    pending = [(value, 0)]
    finite = True
    while pending:
        item, depth = pending.pop()
        if isinstance(item, float):
            finite = finite and abs(item) < INFINITY  # False for NaN too
        elif isinstance(item, (list, dict)):
            if depth >= ID_DEPTH:
                return DEEP_ID
            pending.extend((inner, depth + 1) for inner in (item if isinstance(item, list) else item.values()))
    return None if finite else UNSENDABLE_ID


def _line_object(line: bytes) -> dict[str, Any] | None:
    """The object a batch line holds, its invalid UTF-8 read as U+FFFD (the line is refused, its id
    still read); ``None`` when it holds none."""
    try:
        item = json.loads(line.removeprefix(b"\xef\xbb\xbf").decode("utf-8", "replace"))
    except (ValueError, RecursionError):
        return None
    return item if isinstance(item, dict) else None


def _batch_answer(answer: BatchAnswer, args: argparse.Namespace, line: bytes, number: int) -> dict[str, Any]:
    """What :func:`_batch_one` answers, before the line's ``id`` is put first."""
    item: Any = None
    if number == 1:  # a file saved with a byte-order mark (Notepad, PowerShell's UTF8): the mark is no text
        line = line.removeprefix(b"\xef\xbb\xbf")
    try:
        if not line.strip():  # skipped, it had shifted every later answer onto the line before it
            raise UserError(f"a blank line: each line must be {BATCH_LINE} (each gets one answer, a blank one too)")
        try:
            item = json.loads(_utf8(line))
        except RecursionError:  # nested past Python's stack: it had been "internal error in maguyva: RecursionError"
            raise UserError(f"nested too deeply to read; each line must be {BATCH_LINE}") from None
        if not isinstance(item, dict) or not isinstance(item.get("query"), str):
            meant = _batch_keys_meant(item) if isinstance(item, dict) and "query" not in item else {}
            said = "; ".join(f"{json.dumps(key)} is no batch key: did you mean {json.dumps(to)}?" for key, to in meant.items())
            raise UserError(f"each line must be {BATCH_LINE}{f' ({said})' if said else ''}")
        given = {key: value for key, value in item.items() if value is not None}  # null: the command line's
        if not isinstance(given.get("regex", False), bool):
            raise UserError(f'"regex" must be true or false, not {json.dumps(given["regex"])}')
        for key in ("limit", "depth"):
            if key in given:
                given[key] = _whole(key, given[key])
        options = {
            "limit": int(given.get("limit", args.limit)),
            "modality": given.get("modality", args.modality),
            "regex": bool(given.get("regex", args.regex)),
            "case": _batch_case(given, args),
            "intent": given.get("intent", args.intent),
            "preset": given.get("preset", args.preset),
            "depth": given.get("depth", args.depth),
        }
        if options["regex"]:
            intent = options["intent"]
            _refuse_intent_with_regex(intent, f'"intent": {json.dumps(intent)}' if "intent" in given else f"--intent {intent}")
        out = answer(item["query"], options)
        unknown = [key for key in item if key not in BATCH_KEYS]
        if unknown:  # a misspelt option should not go unseen; a script's "id" comes back with the answer
            said = ", ".join(json.dumps(key) for key in unknown)
            out.setdefault("notices", []).append(
                f"line {number}: {said} {'is no batch key' if len(unknown) == 1 else 'are no batch keys'} "
                f"({', '.join(BATCH_KEYS)}); ignored"
                + "".join(f"; did you mean {json.dumps(to)} for {json.dumps(key)}?" if len(unknown) > 1
                          else f"; did you mean {json.dumps(to)}?" for key, to in _batch_keys_meant(item).items()))
        return out
    except json.JSONDecodeError as exc:  # "line 17: Expecting value: line 1 column 1 (char 0)": two lines named
        return refused(None, f"line {number}: not JSON ({exc.msg[:1].lower()}{exc.msg[1:]} at column {exc.colno}); "
                             f"each line must be {BATCH_LINE}")
    except (UserError, QueryError, ValueError, TypeError, OverflowError) as exc:
        return refused(item.get("query") if isinstance(item, dict) else None, f"line {number}: {exc}")
    except Exception as exc:  # a bug met by one line: it had ended the run, every later line unanswered
        if os.environ.get("MAGUYVA_DEBUG"):
            raise
        said = f"{BATCH_INTERNAL}: {type(exc).__name__}: {exc}"
        print(f"maguyva: line {number}: {printable(said)} (MAGUYVA_DEBUG=1 shows more)", file=sys.stderr)
        return refused(item.get("query") if isinstance(item, dict) else None, f"line {number}: {said}")


BATCH_ECHO_CHARS = 1024
"""A refused line's query is echoed in its error object up to this many characters, then cut with
"…", its length in ``query_chars``: a query refused for its length had been echoed whole."""
def _batch_keys_meant(item: dict[str, Any]) -> dict[str, str]:
    """The batch key each of a line's unknown keys may be a misspelling of (``"qeury"``: ``"query"``):
    a line without its query had been refused without naming the key it had instead."""
    return {key: close[0] for key in item if key not in BATCH_KEYS
            and (close := difflib.get_close_matches(str(key).lower(), BATCH_KEYS, 1, 0.75))}


BATCH_LINE = 'a JSON object with a "query" string'
"""What a ``--batch`` line must be, as its error object says."""
BATCH_KEYS = ("query", "limit", "modality", "regex", "case", "ignore_case", "intent", "preset", "depth", "id")
"""The keys a ``--batch`` line is read for (``id``, any JSON value, is echoed first in its answer: it
had been "no batch key; ignored" on every line of a script that tags its questions); any other is
named in its answer's notices."""


def _batch_case(given: dict[str, Any], args: argparse.Namespace) -> str:
    """A batch line's case: ``case`` (sensitive, insensitive, smart), or ``ignore_case`` (true or
    false: the MCP tool's spelling, the command line's ``--ignore-case``), both when they agree; the
    command line's without either. ``ignore_case`` had been "no batch key; ignored", the line
    searched case-sensitively."""
    flag, case = given.get("ignore_case"), given.get("case")
    if flag is None:
        return _case(args) if case is None else case
    if not isinstance(flag, bool):
        raise UserError(f'"ignore_case" must be true or false, not {json.dumps(flag)}')
    implied = "insensitive" if flag else "sensitive"
    if case is not None and case != implied:
        raise UserError(f'"case": {json.dumps(case)} and "ignore_case": {json.dumps(flag)} disagree: send one of them')
    return implied


def _whole(key: str, value: Any) -> int:
    """A batch line's ``limit`` or ``depth``: a whole number (``20``, ``20.0`` or ``"20"``, as the
    MCP server takes it); ``true``, ``2.7`` or ``1e400`` are that line's error, said in words
    (``2.7`` had been 2 without a word, ``1e400`` "cannot convert float infinity to integer"). No
    upper bound, as ``--limit`` has none: ``1e12`` lists every match, and so does ``"1000000000000000000000"``
    (it had been "must be a whole number", where the number ``1e21`` was read)."""
    whole: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        whole = value
    elif isinstance(value, float) and value.is_integer():
        whole = int(value)
    elif isinstance(value, str) and re.fullmatch(r"\s*[+-]?[0-9]{1,4000}\s*", value):  # any length 1e300 reads
        whole = int(value)
    if whole is None:
        raise UserError(f'"{key}" must be a whole number, not {json.dumps(value)}')
    if whole < 1:  # named as the line spells it: the command line's "--limit must be at least 1" named a flag
        raise UserError(f'"{key}" must be at least 1, not {whole}')
    return whole


def _utf8(line: bytes) -> str:
    """Decode one batch line; invalid UTF-8 is that line's error, said in words."""
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserError(f"not valid UTF-8 (byte {exc.start + 1} of the line)") from None


def _print_human(result: SearchResult) -> None:
    """Print the results for a person; names and lines from the repository are shown, never obeyed.
    The page's lines are written together (:data:`PAGE_LINES` at a time), not a ``print`` each: through a
    resident server every write is routed to the request's capture, and a page of 100 had made 600."""
    from maguyva_tui.core.engine import NO_STATIC_TIER, plain_qualname  # once a page, not once a result

    page: list[str] = []
    for i, r in enumerate(result.results, 1):
        symbol = f"  {r.symbol}" if r.symbol else ""
        page.append(printable(f"{i:3}. {r.path}:{r.start_line}{symbol}  ({r.score:.4f})"))
        # as _telling_line: a \r within a line is shown (splitlines cut it there)
        line = _line_naming(r.snippet.split("\n"), plain_qualname(r.symbol or "").rpartition(".")[2])
        if line:
            page.append(f"      {printable(line.strip()[:120])}")
        called = called_definition(r)
        if called:  # a name with several definitions: the one this line calls
            page.append(printable(f"      -> calls {called}"))
        if len(page) >= PAGE_LINES:
            _write_lines(page)
    count = len(result.results)
    stale = any(notice.startswith(STALE_INDEX) for notice in result.notices)
    page.append(f"{count} result{'' if count == 1 else 's'} in {result.elapsed_ms:.1f} ms"
                f"{_after_update(result.index_update, stale)}")
    _write_lines(page)
    if result.lookup_failed is not None:  # its one line says what the page is (:func:`_lookup_status`)
        for notice in result.notices:  # and whether the index lags the files ("no line holds" may be its lag)
            if notice.startswith(STALE_INDEX):
                print(f"maguyva: {printable(notice)}", file=sys.stderr)
        return
    for notice in result.notices:  # what the list leaves out ("5 more calls name ServeHTTP ..."), on stderr
        # the tier's coverage: the JSON and the explorer say it; an index with no tier to rank by meaning: said
        if not notice.startswith("semantic:") or NO_STATIC_TIER in notice:
            print(f"maguyva: {printable(notice)}", file=sys.stderr)


PAGE_LINES = 512
"""The most lines of a page held before they are written (``--limit 100000``: a page of megabytes
is not held whole)."""


def _write_lines(lines: list[str]) -> None:
    """Write lines to stdout as ``print`` would have, one by one, and empty the list."""
    if lines:
        sys.stdout.write("\n".join(lines) + "\n")
        lines.clear()


def _telling_line(lines: list[str], symbol: str | None) -> str | None:
    """Return the snippet line to show under a result: the one that names its symbol (a class's
    ``class Segment`` line rather than the decorator its span starts with; a Rust method named
    by its impl, ``ArrayVec.fmt (impl Binary)``, by its ``fn fmt`` line), else the first."""
    from maguyva_tui.core.engine import plain_qualname  # not answers: a question that reads no graph never loads it

    return _line_naming(lines, plain_qualname(symbol or "").rpartition(".")[2])


def _line_naming(lines: list[str], name: str) -> str | None:
    """The first line that names ``name`` as a whole word, else the first line (``None``: no line)."""
    if name:
        for line in lines:
            if name in line and _names_word(line, name):
                return line
    return lines[0] if lines else None


def _names_word(line: str, name: str) -> bool:
    """Whether ``name`` occurs in ``line`` as a whole word, as ``re.search(rf"\\b{re.escape(name)}\\b",
    line)`` finds it (a word character: alphanumeric in Unicode, or ``_``), without compiling a pattern
    per name: the telling line of each of a page's results had cost a compile or a cache look-up
    (a tenth of a literal's page through the resident server)."""
    at = line.find(name)
    while at >= 0:
        end = at + len(name)
        if _word_at(line, at - 1) != _word_at(line, at) and _word_at(line, end - 1) != _word_at(line, end):
            return True
        at = line.find(name, at + 1)
    return False


def _word_at(line: str, i: int) -> bool:
    """Whether ``line[i]`` is a word character of ``re``'s ``\\b`` (no character there: not one)."""
    if i < 0 or i >= len(line):
        return False
    c = line[i]
    return c.isalnum() or c == "_"


class _Progress(Protocol):
    """What ``index`` reports its phases to."""

    def __call__(self, phase: str, done: int, total: int) -> None: ...

    def done(self) -> None: ...


class _ProgressBar:
    """A one-line progress bar on stderr for terminal users."""

    def __call__(self, phase: str, done: int, total: int) -> None:
        if total:
            width = 30
            filled = int(width * done / total)
            bar = "#" * filled + "-" * (width - filled)
            sys.stderr.write(f"\r{phase:<12} [{bar}] {done}/{total}   ")
        else:
            sys.stderr.write(f"\r{phase:<12} ...{' ' * 40}")
        sys.stderr.flush()

    def done(self) -> None:
        sys.stderr.write("\r" + " " * 70 + "\r")
        sys.stderr.flush()


PROGRESS_QUIET_S = 1.0
"""A run that ends sooner prints no progress lines: only long work is worth narrating."""
PROGRESS_STEP = 5
"""Per cent of a phase between two progress lines when stderr is not a terminal."""


def _percent(done: int, total: int) -> int:
    """How far a phase is, in whole per cent (0 for a phase of unknown length)."""
    return 100 * done // total if total else 0


class _ProgressLines:
    """Progress on stderr as whole lines when it is not a terminal (a log, a pipe, CI): a line
    when a phase starts and one every few per cent, none in the first second. A phase begun in
    that second and still running after it is said from its start: its first line had been
    ``57% (32/56)`` where every later phase's was ``0%``."""

    def __init__(self, stream: TextIO | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self._stream = stream
        self._clock = clock
        self._started = clock()
        self._phase = ""
        self._next = 0
        self._begun = (0, 0)

    def __call__(self, phase: str, done: int, total: int) -> None:
        if phase != self._phase:
            self._phase, self._next, self._begun = phase, 0, (done, total)
        percent = _percent(done, total)
        if percent < self._next or self._clock() - self._started < PROGRESS_QUIET_S:
            return
        if self._next == 0 and _percent(*self._begun) < percent:  # its start fell in the quiet second
            self._write(phase, *self._begun)
        self._next = (percent // PROGRESS_STEP + 1) * PROGRESS_STEP if total else 101
        self._write(phase, done, total)

    def _write(self, phase: str, done: int, total: int) -> None:
        stream = self._stream or sys.stderr
        count = f"{_percent(done, total):3d}% ({done:,}/{total:,})" if total else "..."
        stream.write(f"maguyva: {phase:<12} {count}\n")
        stream.flush()

    def done(self) -> None:
        """Nothing to clear: every line is whole."""
