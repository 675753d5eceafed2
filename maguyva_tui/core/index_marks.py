"""What marks a folder as a maguyva index (``store/format.py``'s layout): the names the store
writes at an index folder's top, read here by the walk too, which must never index an index
(``maguyva index . --index-dir ./.idx``, or an index folder left in a subfolder, had its
``content.bin`` and tables indexed as files of the repository, and searches showed them).
Standard library alone: the walk imports it, and the store imports the walk's stamp."""

from __future__ import annotations

import os
from collections.abc import Sequence

LIVE_FILE = "CURRENT"
"""The file naming the live generation, replaced atomically."""
INDEX_LOCK = "LOCK"
"""The index folder's build lock (``store/lock.py``): with a generation, an index whose first build runs."""
GENERATION_PREFIX = "g-"
"""How a generation folder's name begins: ``g-<time_ns>-<pid>``."""


def is_generation_name(name: str) -> bool:
    """Tell whether a folder's name is a generation's as the store makes them (``g-<time_ns>-<pid>``)."""
    if not name.startswith(GENERATION_PREFIX):
        return False
    time_ns, _, pid = name[len(GENERATION_PREFIX):].partition("-")
    return time_ns.isdigit() and pid.isdigit()


def is_index_folder(entries: Sequence[os.DirEntry[str]]) -> bool:
    """Tell whether a folder listed as ``entries`` is a maguyva index: a generation folder beside
    ``CURRENT`` (or beside ``LOCK``, while a first build writes it). A folder of neither name, as
    nearly every one is, costs one look at each name (the walk asks it of every folder)."""
    if not any(entry.name in _MARKS and entry.is_file(follow_symlinks=False) for entry in entries):
        return False
    return any(is_generation_name(entry.name) and entry.is_dir(follow_symlinks=False) for entry in entries)


_MARKS = frozenset({LIVE_FILE, INDEX_LOCK})
