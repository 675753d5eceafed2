"""Where maguyva keeps its files: the index cache, the configuration and user themes."""

from __future__ import annotations

import os
import sys
from pathlib import Path

INDEX_DIR_ENV = "MAGUYVA_INDEX_DIR"
"""Environment variable that moves every index (the ``--index-dir`` flag wins over it)."""


def default_index_base() -> Path:
    """Return the folder under which each repository gets its own index folder."""
    override = os.environ.get(INDEX_DIR_ENV)
    if override:
        return Path(override).expanduser()
    return user_cache_dir() / "indexes"


def user_cache_dir() -> Path:
    """Return maguyva's folder in the user's cache, as ``platformdirs.user_cache_dir("maguyva")``
    says. On Linux, where ``$XDG_CACHE_HOME`` is absolute (else unset or empty, and ``$HOME``
    absolute), it is found without importing platformdirs (10-14 ms of a search that updates the
    index and loads the static tier): every platformdirs 4 reads those cases alike. Elsewhere, and
    for a relative variable (read differently by its versions), platformdirs answers."""
    cache = os.environ.get("XDG_CACHE_HOME", "")
    if sys.platform == "linux" and not hasattr(sys, "getandroidapilevel") and "ANDROID_DATA" not in os.environ:
        if os.path.isabs(cache):
            return Path(cache, "maguyva")
        if not cache and os.path.isabs(os.environ.get("HOME", "")):
            return Path(os.path.expanduser("~/.cache"), "maguyva")
    from platformdirs import user_cache_dir as platform_cache_dir

    return Path(platform_cache_dir("maguyva"))


def config_dir() -> Path:
    """Return the user's configuration folder (themes live in its ``themes/``)."""
    from platformdirs import user_config_dir

    return Path(user_config_dir("maguyva"))
