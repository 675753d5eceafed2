"""``maguyva server start|stop|status|run``: manage a repository's resident search server."""

from __future__ import annotations

import argparse
import errno
import os
import sys
import time
from typing import Any

from maguyva_tui import roots
from maguyva_tui.core.wide_folders import not_a_repository
from maguyva_tui.io_failure import failed_file
from maguyva_tui.resident import client, place
from maguyva_tui.terminal import ArgumentParser, printable, printable_lines

START_READY_S = 600.0
"""How long ``start`` waits for a new server to open (or first build) the index and answer."""
STOP_WAIT_S = 10.0
"""How long ``server stop`` waits for the server to exit (its filler stopped, its socket and lock
file removed): a ``server start`` right after had found it still there and said it already runs."""
USAGE_ERROR = 2
NOT_RUNNING = 1


def build_parser() -> argparse.ArgumentParser:
    """``maguyva server ACTION [--repo PATH] [--index-dir DIR] [--idle SECONDS]``."""
    parser = ArgumentParser(
        prog="maguyva server",
        description="A resident search server keeps a repository's index open, so `maguyva search` answers "
                    "in milliseconds. A search typed at a terminal starts one in the background; it exits after "
                    "15 minutes without a search ($MAGUYVA_SERVER_IDLE_S). MAGUYVA_NO_SERVER=1 keeps searches from asking "
                    "or starting one (server start still starts one, for shells without it).")
    parser.add_argument("action", choices=("start", "stop", "status", "run"),
                        help="start one in the background, stop it, say whether one runs, or run one here")
    parser.add_argument("--repo", help="repository root (default: the one `maguyva search` answers from here: "
                                       "., or the indexed folder above it up to the git repository's top)")
    parser.add_argument("--index-dir", type=_folder_arg,
                        help="where indexes live (default: the user cache, ~/.cache/maguyva/indexes on Linux; or "
                             "$MAGUYVA_INDEX_DIR); maguyva index prints a repository's folder and size")
    parser.add_argument("--idle", type=_seconds_arg, metavar="SECONDS",
                        help="exit after this long without a request (start, run; default 900)")
    return parser


def _seconds_arg(value: str) -> float:
    """An ``--idle`` above 0 and finite: -5 had exited at once, nan never."""
    try:
        seconds = float(value)
    except ValueError:
        seconds = float("nan")
    if not 0 < seconds < float("inf"):
        raise argparse.ArgumentTypeError(f"a number of seconds above 0, not {value!r}")
    return seconds


def _folder_arg(value: str) -> str:
    """An ``--index-dir`` as given; an empty one is refused (as ``maguyva_tui.cli.folder_arg``)."""
    if not value.strip():
        raise argparse.ArgumentTypeError("an empty folder name (leave the option out for the default)")
    return value


OUTPUT_FAILED = 1
"""The exit status when stdout cannot be written, as ``maguyva_tui.cli``'s."""
OUTPUT_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})
"""Why stdout cannot be written (``maguyva_tui.cli.OUTPUT_ERRNOS``, not imported: this path stays lean)."""


def main(argv: list[str]) -> int:
    """Run one ``maguyva server`` action and return the exit status; output that cannot be written
    (``> /dev/full``) is one line, as ``maguyva search`` says it, where it had been a traceback."""
    try:
        status = _main(argv)
        sys.stdout.flush()  # here, where a failure is said: the exit's flush drops it without a word
    except BrokenPipeError:
        return 0
    except OSError as exc:
        failed = failed_file(exc)
        if failed is not None:  # a read or a write of a file, which names none: it had been "the output"
            sys.stderr.write(f"maguyva: error: {printable(failed.said(exc.strerror))}\n")
            return OUTPUT_FAILED
        if exc.filename is not None or exc.errno not in OUTPUT_ERRNOS:  # a file, a socket: not the output
            raise
        sys.stderr.write(f"maguyva: error: could not write the output: {exc.strerror}\n")
        return OUTPUT_FAILED
    return status


def _main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if not sys.platform.startswith("linux"):
        print("maguyva: error: the resident server needs Linux (it checks each peer's uid with SO_PEERCRED)",
              file=sys.stderr)
        return USAGE_ERROR
    try:
        cwd = os.getcwd()
    except FileNotFoundError:
        from maguyva_tui.cli import CWD_GONE

        print(f"maguyva: error: {CWD_GONE}", file=sys.stderr)
        return USAGE_ERROR
    if args.repo is not None and not args.repo.strip():  # --repo "$UNSET": it had been the current folder
        print("maguyva: error: an empty repository path (leave it out for the current folder)", file=sys.stderr)
        return USAGE_ERROR
    spec = place.index_spec(args.index_dir, cwd, os.environ)
    if args.repo is None:  # the repository a search from here answers from (maguyva_tui.cli.implied_repo)
        from maguyva_tui.locations import default_index_base

        root = roots.implied_root(cwd, spec or str(default_index_base()), os.path.realpath(os.path.expanduser("~")))
    else:
        root = os.path.realpath(os.path.join(cwd, os.path.expanduser(args.repo)))
    if not os.path.isdir(root):
        why = "not a directory" if os.path.exists(root) else "no such directory"  # as maguyva search says it
        print(f"maguyva: error: {printable(root)}: {why}", file=sys.stderr)
        return USAGE_ERROR
    refusal = not_a_repository(root) if args.action in ("start", "run") else None
    if refusal is not None:  # a server of / or the home folder had begun indexing it whole
        print(f"maguyva: error: {printable(refusal)}", file=sys.stderr)
        return USAGE_ERROR
    if args.action == "run":
        from maguyva_tui.resident.server import run

        return run(root, spec, args.idle)
    folder = place.runtime_dir(os.environ)
    path = place.socket_path(folder, place.identity(root, spec, place.relevant_env(os.environ)))
    if args.action == "start":
        return _start(folder, path, root, spec, args.idle)
    found = ask(folder, path, "stop" if args.action == "stop" else "status")
    if found is None:
        print(f"maguyva: no server for {printable(root)}")
        return NOT_RUNNING
    if args.action == "stop":
        if not exited(path[: -len(place.SOCKET_SUFFIX)] + place.LOCK_SUFFIX, STOP_WAIT_S):
            print(f"maguyva: error: the server for {printable(root)} (pid {found['pid']}) was asked to stop and "
                  f"has not exited after {STOP_WAIT_S:.0f} s", file=sys.stderr)
            return 1
        print(f"maguyva: stopped the server for {printable(root)} (pid {found['pid']})")
        return 0
    print(printable_lines(_status_text(found)))
    return 0


def exited(lock: str, wait: float) -> bool:
    """Wait up to ``wait`` seconds for the server holding ``lock`` to exit (the file removed, or
    held by none); True once it has."""
    import fcntl

    deadline = time.monotonic() + wait
    while True:
        try:
            fd = os.open(lock, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except FileNotFoundError:
            return True
        except OSError:
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            pass
        finally:
            os.close(fd)
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)


def ask(folder: str, path: str, op: str) -> dict[str, Any] | None:
    """The status a server replies to ``op``; ``None`` when none listens."""
    sock = client.connect(folder, path)
    if sock is None:
        return None
    reply = client.exchange(sock, {"v": client.PROTOCOL, "op": op})
    status = reply.get("status") if reply else None
    return status if isinstance(status, dict) else None


def _start(folder: str, path: str, root: str, spec: str, idle: float | None = None) -> int:
    running = ask(folder, path, "status")
    if running is not None:
        print(f"maguyva: a server for {printable(root)} already runs (pid {running['pid']})")
        _unused_here()
        return 0
    child = client.spawn(folder, path, root, spec, idle)
    if child is None:
        why = place.not_private(folder)
        print(f"maguyva: error: could not start a server in {printable(folder)}{': ' + why if why else ''}",
              file=sys.stderr)
        return 1
    deadline = time.monotonic() + START_READY_S
    while time.monotonic() < deadline:
        found = ask(folder, path, "status")
        if found is not None:
            print(f"maguyva: server for {printable(root)} ready (pid {found['pid']}; log {_log(path)})")
            _unused_here()
            return 0
        if child.poll() is not None:
            print(f"maguyva: error: the server exited before it was ready{_last_error(_log(path))}; see {_log(path)}",
                  file=sys.stderr)
            return 1
        time.sleep(0.05)
    print(f"maguyva: error: the server was not ready in {START_READY_S:.0f} s; see {_log(path)}", file=sys.stderr)
    return 1


def _unused_here() -> None:
    """Say that this shell's searches will not ask the server when ``MAGUYVA_NO_SERVER`` is set: it
    had said "ready" alone, and no search then used it. The server is started all the same: it was
    asked for by name, a shell without the variable uses it, and a set-up that turns servers off
    for every command (a test suite's) still starts the ones it means to."""
    if place.server_disabled(os.environ):
        print(f"maguyva: {place.NO_SERVER_ENV} is set here, so maguyva search and graph in this shell do not ask "
              f"this server (unset it to use the server; a shell without it does)", file=sys.stderr)


def _last_error(log: str) -> str:
    """The error the log's last line says (": cannot listen: ..."), ``""`` when it says none: a
    server that failed to start had left the user to open its log to learn why."""
    try:
        with open(log, "rb") as file:
            file.seek(max(0, os.fstat(file.fileno()).st_size - 4096))
            last = file.read().decode("utf-8", "replace").rstrip("\n").rpartition("\n")[2]
    except OSError:
        return ""
    head = "maguyva: error: "
    return f": {printable(last[len(head):])}" if last.startswith(head) else ""


def _log(path: str) -> str:
    return path[: -len(place.SOCKET_SUFFIX)] + place.LOG_SUFFIX


def _status_text(status: dict[str, Any]) -> str:
    left = max(0.0, float(status["idle_limit_s"]) - float(status["idle_s"]))
    return "\n".join([
        f"maguyva: server for {status['root']} (pid {status['pid']})",
        f"  socket   {status['socket']}",
        f"  index    {status.get('index_folder') or 'default'}",
        f"  up       {status['uptime_s']:.0f} s, {_questions(int(status['searches']))} answered",
        f"  idle     {status['idle_s']:.0f} s; exits after {left:.0f} s more without a search",
        *_semantic_lines(status),
        *_texts_line(status),
    ])


def _texts_line(status: dict[str, Any]) -> list[str]:
    """The stored texts decompressed in memory now, and where they are let go (an older server says nothing)."""
    held, kept = status.get("texts_held_mb"), status.get("texts_kept_mb")
    if not isinstance(held, (int, float)) or not isinstance(kept, (int, float)):
        return []
    return [f"  texts    {held:.1f} MB decompressed in memory, let go between searches past {kept:.0f} MB"]


def _questions(count: int) -> str:
    """``1 question``, ``2 questions``: what the server answered (searches and graph questions)."""
    return f"{count} question" if count == 1 else f"{count} questions"


def _semantic_lines(status: dict[str, Any]) -> list[str]:
    """Each semantic tier's coverage, and whether the transformer tier fills now (an older server
    says neither)."""
    tiers = status.get("semantic_tiers")
    if not isinstance(tiers, dict):
        return []
    from maguyva_tui.core.types import share  # here: the client's start-up imports no core module

    shares = ", ".join(f"{tier} {share(float(fraction))}" for tier, fraction in tiers.items())
    filling = "; filling the transformer tier in the background" if status.get("filling") else ""
    if not filling and isinstance(status.get("filled_by"), int):  # the explorer, an MCP server, index --embed full
        filling = f"; another process fills the transformer tier (pid {status['filled_by']})"
    return [f"  semantic {shares}{filling}"]
