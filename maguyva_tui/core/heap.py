"""The C heap's free memory handed back to the system (glibc's ``malloc_trim``), where there is one.

A build's steps free large temporaries (numpy arrays, decompressed tables, text); glibc keeps what
was freed amid its heap, so the process would stay at its largest step's size, and a step's
arrays grown by ``realloc`` leave their old room free behind them until the heap is trimmed.
"""

from __future__ import annotations

from collections.abc import Callable


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, where there is one."""
    try:
        import ctypes

        trim: Callable[[int], int] = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):  # not glibc
        return None
    return trim


_TRIM: list[Callable[[int], int] | None] = []
"""``malloc_trim`` once looked up (``ctypes`` is imported on the first release, not with the
engine: 7 ms of every command's start)."""


def release() -> None:
    """Hand the heap's free memory back to the system (nothing where the C library has no trim)."""
    if not _TRIM:
        _TRIM.append(_malloc_trim())
    trim = _TRIM[0]
    if trim is not None:
        trim(0)
