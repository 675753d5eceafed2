"""Folders no repository means: the filesystem's root, the home folder and the folders above it,
the system's own folders (``/etc``, ``/usr``, ``/usr/lib``), and for one repository the folder above
the git repository the command runs in (``--repo ..``).
A search with no path never looks at them (``roots.enclosing_root``); a workspace naming one is
refused (``workspace/listing.py``), and so is one repository (:class:`~maguyva_tui.core.engine.Engine`,
the resident client before it starts a server, ``maguyva server start``): ``maguyva search X
--repo /``, or ``maguyva search X`` from the home folder, had begun indexing the whole folder without
a word. Standard library alone: the lean client asks it before starting a server."""

from __future__ import annotations

import os


def home_folder() -> str:
    """The home folder's real path (``~`` as written where it cannot be found)."""
    try:
        return os.path.realpath(os.path.expanduser("~"))
    except (OSError, RuntimeError):
        return "~"


SYSTEM_FOLDERS = frozenset({"bin", "boot", "dev", "etc", "lib", "lib32", "lib64", "libx32", "proc", "run", "sbin",
                            "sys", "usr", "var", "System", "Library", "private"})
"""The filesystem root's folders that hold the operating system (the Filesystem Hierarchy
Standard's, and macOS's ``/System``, ``/Library``, ``/private``): no repository is one of them."""

SYSTEM_TREES = ("usr", "var", "private")
"""Root folders whose own folders are the system's too (``/usr/lib``, ``/usr/local``, ``/var/lib``,
macOS's ``/private/etc``): a folder below those (``/usr/lib/python3/dist-packages``) may be read."""


def too_wide(folder: str, home: str | None = None) -> str | None:
    """What ``folder`` (a real path) is when no repository means it: ``"the filesystem's root"``,
    ``"the home folder"``, ``"above the home folder"`` or ``"a system folder"``; ``None`` for any
    other folder. A workspace listing ``/etc`` had indexed it (363 files) without a word."""
    if os.path.dirname(folder) == folder:
        return "the filesystem's root"
    home = home_folder() if home is None else home
    if folder == home:
        return "the home folder"
    if home.startswith(folder.rstrip(os.sep) + os.sep):
        return "above the home folder"
    parts = [p for p in folder.split(os.sep) if p]
    if os.path.isabs(folder) and parts[0] in SYSTEM_FOLDERS:  # /etc, /usr; /usr/lib, /var/lib
        if len(parts) == 1 or (len(parts) == 2 and parts[0] in SYSTEM_TREES):
            return "a system folder"
    return None


def above_the_working_repository(folder: str, cwd: str | None = None) -> str | None:
    """What ``folder`` (a real path) is when it holds the git repository the working folder ``cwd``
    is in and is in no git repository itself (``--repo ..`` from a repository's top or ``../..`` from
    its ``src``): ``"the folder above NAME's git repository"``, as a workspace naming the folder
    above one of its repositories is refused; ``None`` otherwise (a folder of a monorepo, of no git
    repository, or beside the working folder). ``--repo ..`` had indexed every repository beside it."""
    try:
        cwd = os.path.realpath(os.getcwd() if cwd is None else cwd)
    except OSError:  # the working folder was deleted
        return None
    top = folder.rstrip(os.sep) + os.sep
    if not cwd.startswith(top):
        return None
    inner, here = None, cwd
    while here.startswith(top):  # the git repository holding the working folder, below ``folder``
        if os.path.lexists(os.path.join(here, ".git")):
            inner = here
            break
        here = os.path.dirname(here)
    if inner is None:
        return None
    here = folder
    while True:  # in a git repository itself: a folder of it (a monorepo's packages/, holding a submodule)
        if os.path.lexists(os.path.join(here, ".git")):
            return None
        if os.path.dirname(here) == here:
            return f"the folder above {os.path.basename(inner)}'s git repository"
        here = os.path.dirname(here)


def not_a_repository(folder: str, home: str | None = None, cwd: str | None = None) -> str | None:
    """The one-line refusal of ``folder`` as one repository, ``None`` when it may be one."""
    wide = too_wide(folder, home) or above_the_working_repository(folder, cwd)
    return None if wide is None else f"{folder} is {wide}, not a repository: name a repository in it"
