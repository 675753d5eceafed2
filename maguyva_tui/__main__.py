"""Entry point: ``maguyva`` and ``python -m maguyva_tui``.

Lean on purpose: ``maguyva search ...`` and ``maguyva graph ...`` first ask the repository's
resident server (:mod:`maguyva_tui.resident.client`, standard library only) and print its answer;
only when no server answers is the command line (and with it numpy and the engine) imported and run
here.
"""

import os
import sys

TYPE_CHECKING = False  # typing is not imported at run time (nor __future__): the lean path pays for every import
if TYPE_CHECKING:
    from typing import NoReturn


def main() -> int:
    """Run the command line; Ctrl-C at any point, the imports before the command's own handler
    included (a fifth of a second of numpy and the engine), ends it with one line and status 130."""
    try:
        return _main(sys.argv[1:])
    except KeyboardInterrupt:
        print("maguyva: interrupted", file=sys.stderr)
        return 130


def _main(argv: "list[str]") -> int:
    if argv[:1] in (["search"], ["graph"]):  # a graph question had always run here: 1-2 s, 0.2 s its answer
        from maguyva_tui.resident.client import answer

        status = answer(argv)
        if status is not None:
            _exit_now(status)
        _idle_blas_threads_sleep()
    elif argv[:1] == ["server"]:
        from maguyva_tui.resident.command import main as server_main

        return server_main(argv[1:])
    import gc  # here: a search the resident server answers never needs it

    collecting = gc.isenabled()
    if argv[:1] in NO_COLLECTOR and not any(arg.startswith("--b") for arg in argv):  # --batch, or a prefix of it
        gc.disable()
    try:
        from maguyva_tui.cli import main as cli_main

        status = cli_main(argv)
        if argv[:1] in (["search"], ["graph"]) and _nothing_left():
            _exit_now(status)  # the teardown of an opened index's objects: 0.1-0.15 s of a search at 100,000 files
        return status
    finally:
        if collecting:  # the command returned after all (threads left running, a test's call): as it was
            gc.enable()


NO_COLLECTOR = (["search"], ["graph"])
"""The commands run with Python's cyclic garbage collector off (but ``search --batch``): one
question, then :func:`_exit_now`. Its passes walked every object the imports and the opened
index had made, young ones again and again, to free almost nothing (1,300-1,700 objects of a
sympy search): 15-35 ms of a search's 0.3-0.45 s of CPU. What is not a cycle is still freed when
its last reference goes."""

BLAS_SPIN = "20"
"""``OPENBLAS_THREAD_TIMEOUT`` of a search or graph process: its BLAS threads, which numpy's wheels
start when imported, wait 2**20 cycles (under a millisecond) for work before they sleep, not
OpenBLAS's 2**28 (about 0.1 s): a question makes few BLAS calls, and the wait is a busy one, so a
search paid 20-25 ms of CPU on a second core for threads that had nothing to do (``bench.memory``'s
100,000-file literal, alternated at load 9: 0.535 -> 0.514 s the whole process)."""


def _idle_blas_threads_sleep() -> None:
    """Set :data:`BLAS_SPIN` before numpy is imported (OpenBLAS reads it as it loads), unless the
    user chose a value."""
    os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", BLAS_SPIN)


def _nothing_left() -> bool:
    """Whether ending the process now drops nothing: no child process started through
    ``multiprocessing`` is alive and no thread but the engine's idle pool (and daemons) runs."""
    import threading

    multiprocessing = sys.modules.get("multiprocessing")
    if multiprocessing is not None and multiprocessing.active_children():
        return False
    main = threading.main_thread()
    return all(t is main or t.daemon or t.name.startswith("maguyva-engine") for t in threading.enumerate())


def _exit_now(status: int) -> "NoReturn":
    """End the process once the server's answer is printed: nothing is left to clean up, and the
    interpreter's teardown is 10-15 % of a whole search (measured in ``bench.literal_speed``)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(status)


if __name__ == "__main__":
    sys.exit(main())
