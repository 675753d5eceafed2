"""The files the index left out for their size that hold a name: where a definition no indexed
file has may still be (``rg`` reads them; the walk skips every file over 1 MiB).

"no symbol named X" and the graph's "unknown symbol" had said nothing of them, over a repository
whose generated 2 MiB module defines X.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

from maguyva_tui.core.store.walk_stamp import read_stamp
from maguyva_tui.core.walk import MAX_FILE_BYTES

MAX_FILES: Final = 16
"""Big files read at most for one name (the first, by path)."""
MAX_READ_BYTES: Final = 128 * 1024 * 1024
"""Bytes read at most over them: a name's miss stays a fraction of a second over a folder of dumps."""
SHOWN: Final = 3
"""Files a message names at most."""


def big_files_holding(snapshot: Any, name: str) -> tuple[str, ...]:
    """The files the walk skipped for their size (as the generation's walk stamp lists them) whose
    text holds the last part of ``name`` as a whole word, by path; empty when none does, or the
    generation does not say (no stamp, a far shard's)."""
    word = re.split(r"::|\.|->|#", name)[-1]
    if not word:
        return ()
    each = getattr(snapshot, "big_files", None)  # a workspace's view: each repository's, written repo/path
    if each is not None:
        return tuple(each(name, None, "sensitive"))
    needle = word.encode()
    return _holding(snapshot, lambda data: _holds_word(data, needle))


def big_files_holding_text(snapshot: Any, text: str, case: str = "sensitive") -> tuple[str, ...]:
    """The files the walk skipped for their size whose bytes hold ``text`` anywhere, in the case asked
    (``smart``: any case when ``text`` is lower case), by path: where ``rg`` finds a string no indexed
    line holds ("no indexed line holds "g12345" (1 file over 1 MiB not indexed)" had not said which)."""
    if not text:
        return ()
    each = getattr(snapshot, "big_files", None)  # a workspace's view: each repository's, written repo/path
    if each is not None:
        return tuple(each(None, text, case))
    folded = case == "insensitive" or (case == "smart" and text == text.lower())
    needle = text.lower().encode() if folded else text.encode()
    return _holding(snapshot, (lambda data: needle in data.lower()) if folded else (lambda data: needle in data))


def _holding(snapshot: Any, holds: Callable[[bytes], bool]) -> tuple[str, ...]:
    """The files the generation's walk stamp lists as skipped for their size whose bytes ``holds``,
    by path, within :data:`MAX_FILES` and :data:`MAX_READ_BYTES`; empty when the generation does not
    say (no stamp, a far shard's)."""
    generation, root = getattr(snapshot, "generation", None), getattr(snapshot, "root", None)
    if not isinstance(generation, Path) or root is None:
        return ()
    stamp = read_stamp(generation)
    if stamp is None:
        return ()
    limit = stamp.get("max_bytes")
    rows = [row for row in stamp.get("watched", ()) if isinstance(limit, int) and isinstance(row, list)
            and len(row) > 1 and isinstance(row[0], str) and isinstance(row[1], int) and row[1] > limit]
    found, budget = [], MAX_READ_BYTES
    for rel, size, *_ in rows[:MAX_FILES]:
        if size > budget:
            break
        budget -= size
        data = _read_inside(os.fspath(root), rel, size)
        if data is not None and holds(data):
            found.append(rel)
    return tuple(found)


_WORD_BYTES: Final = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$")
"""Bytes that continue a name (``\\w`` of a bytes pattern, and ``$``): a hit between them is part of a longer name."""


def _holds_word(data: bytes, needle: bytes) -> bool:
    """Whether ``data`` holds ``needle`` as a whole word. ``bytes.find`` skips to each hit at memchr's
    speed; the regex ``(?<![\\w$])word(?![\\w$])`` it replaces tried its look-behind at every byte
    (2 s over a 50 MB minified one-line file, paid by every question naming no definition)."""
    at = data.find(needle)
    while at >= 0:
        end = at + len(needle)
        if (at == 0 or data[at - 1] not in _WORD_BYTES) and (end == len(data) or data[end] not in _WORD_BYTES):
            return True
        at = data.find(needle, at + 1)
    return False


def _read_inside(root: str, rel: str, size: int) -> bytes | None:
    """The first ``size`` bytes of a regular file under the root, ``None`` for anything else. The stamp
    says what the walk found; the path may have become since a link out of the root (whose reading had
    told an agent whether a file it named held a word) or a FIFO (whose opening had waited for a writer
    for good)."""
    path = os.path.join(root, rel)
    real_root = os.path.realpath(root)
    try:
        if os.path.commonpath((real_root, os.path.realpath(path))) != real_root:
            return None
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except (OSError, ValueError):
        return None
    with os.fdopen(fd, "rb") as handle:
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return None
            return handle.read(size)
        except OSError:
            return None


def said(files: tuple[str, ...]) -> str:
    """The clause naming them (``; big/gen.py holds it, not indexed (over 1 MiB)``), empty for none."""
    if not files:
        return ""
    shown = ", ".join(files[:SHOWN]) + (f" and {len(files) - SHOWN} more" if len(files) > SHOWN else "")
    verb = "holds" if len(files) == 1 else "hold"
    return f"; {shown} {verb} it, not indexed (over {MAX_FILE_BYTES // (1024 * 1024)} MiB)"


def unreadable_said(snapshot: Any) -> str:
    """`` (1 unreadable path not indexed)`` where the snapshot's walk could not read some path, else
    nothing: a file without read permission may define the name a question misses (``rg`` says it
    could not read one; "no symbol named cr_func" had said nothing of it). A workspace's view says
    the repositories whose walks could not (``, in lib``; :func:`skipped_by_repository`)."""
    by_repository = skipped_by_repository(snapshot)
    if by_repository is not None:
        return _unreadable_in({label: unreadable for label, (_, unreadable) in by_repository.items()})
    count = _unreadable_count(snapshot)
    return f" ({count:,} unreadable {'path' if count == 1 else 'paths'} not indexed)" if count > 0 else ""


def unreadable_in(snapshots: Mapping[str, Any]) -> str:
    """:func:`unreadable_said` of several repositories' snapshots, by label, naming those whose walk
    could not read some path (`` (1 unreadable path not indexed, in lib)``; the MCP server's
    workspace answer to an unknown name)."""
    return _unreadable_in({label: _unreadable_count(snapshot) for label, snapshot in snapshots.items()})


def _unreadable_in(counts: Mapping[str, int]) -> str:
    count = sum(n for n in counts.values() if n > 0)
    where = tuple(label for label, n in counts.items() if n > 0)
    return f" ({count:,} unreadable {'path' if count == 1 else 'paths'} not indexed{where_said(where)})" if count else ""


def _unreadable_count(snapshot: Any) -> int:
    """How many paths a snapshot's walk could not read, as its manifest says (0 where it does not)."""
    skipped = getattr(getattr(snapshot, "manifest", None), "skipped", None)
    found = skipped.get("unreadable", 0) if isinstance(skipped, dict) else 0
    return found if isinstance(found, int) and found > 0 else 0


def skipped_by_repository(snapshot: Any) -> dict[str, tuple[int, int]] | None:
    """A workspace view's snapshot's files left out for their size and paths its walk could not read,
    per repository with any (``{"lib": (0, 1)}``); ``None`` for one repository's snapshot (its
    manifest says them). The view holds no one manifest: a workspace's miss had said nothing of a
    repository's unreadable paths, where that repository alone said them."""
    told = getattr(snapshot, "skipped_by_repository", None)
    return dict(told()) if callable(told) else None


def where_said(labels: tuple[str, ...]) -> str:
    """``, in lib, web``: the repositories a workspace's count of unread paths is of; empty for none."""
    return f", in {', '.join(labels)}" if labels else ""
