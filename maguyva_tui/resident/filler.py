"""The resident server's filler: a child process that fills the transformer tier while the server idles.

The server answers from the static tier and whatever transformer vectors are stored; a thread
embedding inside it had slowed literal answers 2-4x through the interpreter lock. The filler is a
process of its own (``python -m maguyva_tui.resident.filler ROOT SPEC``), started when the
server has been idle ``server.FILL_IDLE_S`` and the current generation's chunks lack transformer
vectors. It runs at the lowest CPU priority the system grants (``SCHED_IDLE`` on Linux, else nice
19), so a question's threads always get the cores first, and is paused (SIGSTOP) while the
server answers searches, resumed once none came for ``server.FILL_RESUME_S``; it embeds most central chunks first and
saves a segment every :data:`FILL_SAVE_EVERY` batches (each written under a temporary name and
renamed: a kill never leaves half a segment), then merges them into one. The server reads saved
segments back between questions (``Engine.pick_up_vectors``: a listing of the store's folder).

It never runs twice on one index (the index folder's fill lock, ``core/store/lock.py``, which the
explorer's and the MCP server's embedding take too), stops at its next batch when the server
stops (SIGTERM), and dies with it (``PR_SET_PDEATHSIG``, and a check of its parent between
batches; SIGKILL from the kernel should the server die). It fills nothing where the local model cannot run (a package missing), where Voyage is
configured (a background process never spends API calls unasked: the explorer, the MCP server or
``maguyva index --embed full`` fill that tier), or where ``MAGUYVA_SERVER_FILL=0``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

FILL_ENV = "MAGUYVA_SERVER_FILL"
"""Set to ``0`` to keep a resident server from filling the transformer tier."""
FILL_SAVE_EVERY = 8
"""Batches between the filler's saves (256 chunks, seconds of work): each save is a segment whose
rows alone the server reads back; a kill loses at most this much."""
STOP_WAIT_S = 2.0
"""How long the server waits for a filler told to stop before it kills it."""
NOT_FILLED = 3
"""The filler's exit status when it filled nothing and should not be started again for this
generation (no index, the model cannot run, Voyage configured)."""
BUSY = 4
"""The filler's exit status when another process (the explorer, an MCP server, ``index --embed
full``) held the fill lock: started again once that one is gone (it had been settled for good, and
a fill the other left half done stayed so until the index changed)."""


def fill_enabled(environ: dict[str, str] | os._Environ[str]) -> bool:
    """Tell whether the environment lets a resident server fill the transformer tier."""
    return environ.get(FILL_ENV, "") not in ("0", "false", "no", "off")


def fill_blocked() -> str | None:
    """Why no filler should run in this environment (cheap: no model loaded), ``None`` when one may."""
    from maguyva_tui.core.embed.provider import VOYAGE_KEY_ENV, missing_local_package

    if not fill_enabled(os.environ):
        return f"{FILL_ENV}=0"
    if os.environ.get(VOYAGE_KEY_ENV, "").strip():
        return f"{VOYAGE_KEY_ENV} is set (the server fills with the local model only)"
    missing = missing_local_package()
    return None if missing is None else str(missing)


class Filler:
    """The server's side: starts the child when asked, reaps it, stops it (one at a time)."""

    def __init__(self, root: str, spec: str, log: Callable[[str], None], stream: IO[str] | None = None) -> None:
        self.root, self.spec = root, spec
        self._log = log
        self._stream = stream
        self._child: subprocess.Popen[bytes] | None = None
        self._child_generation: str | None = None
        self._settled: str | None = None
        """The generation a filler finished (or failed) on: not started again until the index changes."""
        self._started = 0.0
        self.paused = False
        """The child is stopped (SIGSTOP) while the server answers searches."""

    @property
    def running(self) -> bool:
        """A filler child runs now."""
        self.reap()
        return self._child is not None

    def wanted(self, generation: str, transformer: Callable[[], float]) -> bool:
        """Tell whether a filler should start for ``generation``: none runs, none settled on it, and
        ``transformer()`` (the tier's coverage, read only when the rest says yes) is below 1."""
        if self.running or generation == self._settled:
            return False
        if transformer() >= 1.0:
            self._settled = generation
            return False
        return True

    def start(self, generation: str) -> bool:
        """Start a filler for the current generation; False when it could not be started (logged)."""
        argv = [sys.executable, "-m", "maguyva_tui.resident.filler", self.root, self.spec, str(os.getpid())]
        out: Any = subprocess.DEVNULL
        with contextlib.suppress(AttributeError, OSError, ValueError):
            if self._stream is not None:
                self._stream.flush()
                out = self._stream.fileno()
        try:
            self._child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=out, cwd="/",
                                           env={**os.environ, "PYTHONUNBUFFERED": "1"})
        except OSError as exc:
            self._log(f"could not start a filler: {exc}")
            self._settled = generation
            return False
        self._child_generation, self._started = generation, time.monotonic()
        self._log(f"filling the transformer tier in the background (filler pid {self._child.pid})")
        return True

    def reap(self) -> None:
        """Note a filler that exited: settled on its generation (it is not started again on it)."""
        child = self._child
        if child is None or child.poll() is None:
            return
        code = child.returncode
        self._child, self.paused = None, False
        took = time.monotonic() - self._started
        if code == 0:
            self._log(f"the filler ended after {took:.0f} s")
            self._settled = self._child_generation
        elif code == NOT_FILLED:
            self._settled = self._child_generation
        elif code == BUSY:
            pass  # started again once the other process has let go of the fill lock
        else:  # a crash, a kill: said once; not started again on this generation (no loop of failures)
            self._log(f"the filler exited with status {code} after {took:.0f} s")
            self._settled = self._child_generation

    def pause(self) -> None:
        """Stop the child where it is (SIGSTOP) while searches come: a thread at the lowest priority
        still shares the core's caches and its hyperthread with a search (the server's round trip
        had been 1.5-3x slower beside it on a 2-core machine). A few microseconds when it runs, a
        flag's test when it is paused or gone."""
        child = self._child
        if child is None or self.paused:
            return
        with contextlib.suppress(OSError):
            os.kill(child.pid, signal.SIGSTOP)
        self.paused = True

    def resume(self) -> None:
        """Let a paused child go on (SIGCONT)."""
        child = self._child
        if child is None or not self.paused:
            return
        with contextlib.suppress(OSError):
            os.kill(child.pid, signal.SIGCONT)
        self.paused = False

    def stop(self, wait: float = STOP_WAIT_S) -> None:
        """Tell a running filler to stop (it saves what it embedded), and kill it past ``wait``."""
        child = self._child
        if child is None:
            return
        with contextlib.suppress(OSError):
            child.terminate()
        self.resume()  # a paused child acts on SIGTERM once it runs again
        try:
            child.wait(wait)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(OSError):
                child.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                child.wait(wait)
        self._child, self.paused = None, False


# -- the child -------------------------------------------------------------------------------------


def lowest_priority() -> None:
    """Run this process (and the threads it starts later) only on cores nothing else wants:
    ``SCHED_IDLE`` where the system has it, else the highest niceness."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))  # type: ignore[attr-defined,unused-ignore]
        return
    except (AttributeError, OSError):
        pass
    with contextlib.suppress(OSError):
        os.nice(19)


def die_with_parent() -> None:
    """Have the kernel kill this process when the parent dies (Linux; elsewhere the batches' check
    of the parent). SIGKILL: a child the server paused would never act on a SIGTERM; what it saved
    is whole (segments are renamed into place), a batch being embedded is lost."""
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def _say(message: str) -> None:
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} maguyva filler {os.getpid()}: {message}\n")
        sys.stderr.flush()


def fill(root: str, spec: str, stop: threading.Event, parent: int) -> int:
    """Fill the transformer tier of ``root``'s index (the child's work); return the exit status."""
    from maguyva_tui.core.engine import Engine

    blocked = fill_blocked()
    if blocked:
        _say(f"not filling: {blocked}")
        return NOT_FILLED
    engine = Engine(Path(root), Path(spec) if spec else None)
    try:
        if not engine.open_existing():
            _say("not filling: no index")
            return NOT_FILLED
        report = engine.embed_pending(should_stop=lambda: stop.is_set() or os.getppid() != parent,
                                      save_every=FILL_SAVE_EVERY, wait=False, merge=True)
        if report.busy:
            _say("not filling: another process fills this index")
            return BUSY
        state = "stopped" if report.stopped else "done"
        _say(f"{state}: embedded {report.embedded} chunks in {report.seconds:.0f} s; "
             f"{report.done} of {report.total} have transformer vectors")
        return 0
    finally:
        engine.close()


def main(argv: list[str]) -> int:
    """``python -m maguyva_tui.resident.filler ROOT SPEC PARENT_PID``: the child the server starts."""
    try:
        root, spec, parent = argv[0], argv[1], int(argv[2])
    except (IndexError, ValueError):
        print("usage: python -m maguyva_tui.resident.filler ROOT INDEX_SPEC PARENT_PID", file=sys.stderr)
        return 2
    lowest_priority()
    die_with_parent()
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda *_: stop.set())
    if os.getppid() != parent:  # the server died before the kernel was told to say so
        return 0
    try:
        return fill(root, spec, stop, parent)
    except Exception as exc:  # noqa: BLE001 - one line in the server's log, never a traceback
        _say(f"failed: {type(exc).__name__}: {exc}")
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
