"""Say which file an input/output error came from, where the error itself does not.

An ``OSError`` raised by a read or a write of an open file names no file (``exc.filename`` is
``None``), as a failed write of the output does: every such error (EIO above all) had been said as
"could not write the output", a ``core.excludesFile = /proc/self/mem`` read too. The file is found
where the error was raised: the innermost frame of its traceback holds the file object it read or
wrote (a ``with open(...) as handle``), whose mode tells a read from a write. Standard library only:
the resident server's lean path imports it.
"""

from __future__ import annotations

import io
import os
import sys
from dataclasses import dataclass
from types import TracebackType


@dataclass(frozen=True, slots=True)
class FailedFile:
    """The file an error came from: whether it was being read, and its name (``None`` unknown)."""

    reading: bool
    name: str | None

    def said(self, strerror: str | None) -> str:
        """The one-line error, as ``main`` prints it after ``maguyva: error: ``."""
        doing = "read" if self.reading else "write"
        return f"could not {doing} {self.name or 'a file'}: {strerror or 'input/output error'}"


def failed_file(exc: BaseException) -> FailedFile | None:
    """The file (not a standard stream) a file-less ``OSError`` was raised reading or writing, or
    ``None`` when it came from none the raising frame holds (a write of the output)."""
    if type(exc) is not OSError or exc.filename is not None:  # a subclass (a socket's, a missing file) is no file's I/O
        return None
    frame = _innermost(exc.__traceback__)
    if frame is None:
        return None
    values = list(frame.tb_frame.f_locals.values())
    for value in values:
        if isinstance(value, io.IOBase) and not _standard(value):
            mode = str(getattr(value, "mode", "r"))
            return FailedFile("r" in mode and "+" not in mode, _name(value, values))
    return None


def _innermost(tb: TracebackType | None) -> TracebackType | None:
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb


def _standard(stream: io.IOBase) -> bool:
    """Whether ``stream`` is (or wraps) stdin, stdout or stderr."""
    streams = (sys.stdin, sys.stdout, sys.stderr, sys.__stdin__, sys.__stdout__, sys.__stderr__)
    if any(stream is s or stream is getattr(s, "buffer", None) for s in streams if s is not None):
        return True
    name = getattr(stream, "name", None)
    return isinstance(name, int) and name in (0, 1, 2)


def _name(stream: io.IOBase, values: list[object]) -> str | None:
    """The file's name: the stream's own, else (a stream opened from a descriptor) the path the
    frame holds."""
    name = getattr(stream, "name", None)
    if isinstance(name, (str, bytes)):
        return os.fsdecode(name)
    paths = [value for value in values if isinstance(value, os.PathLike)]
    return os.fsdecode(os.fspath(paths[0])) if paths else None
