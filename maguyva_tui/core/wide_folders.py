"""Folders no repository means: the filesystem's root, the home folder and the folders above it.
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


def too_wide(folder: str, home: str | None = None) -> str | None:
    """What ``folder`` (a real path) is when no repository means it: ``"the filesystem's root"``,
    ``"the home folder"`` or ``"above the home folder"``; ``None`` for any other folder."""
    if os.path.dirname(folder) == folder:
        return "the filesystem's root"
    home = home_folder() if home is None else home
    if folder == home:
        return "the home folder"
    return "above the home folder" if home.startswith(folder.rstrip(os.sep) + os.sep) else None


def not_a_repository(folder: str, home: str | None = None) -> str | None:
    """The one-line refusal of ``folder`` as one repository, ``None`` when it may be one."""
    wide = too_wide(folder, home)
    return None if wide is None else f"{folder} is {wide}, not a repository: name a repository in it"
