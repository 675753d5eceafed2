"""Where maguyva keeps its files: the index cache, the configuration and user themes."""

from __future__ import annotations

import os
from pathlib import Path

INDEX_DIR_ENV = "MAGUYVA_INDEX_DIR"
"""Environment variable that moves every index (the ``--index-dir`` flag wins over it)."""


def default_index_base() -> Path:
    """Return the folder under which each repository gets its own index folder."""
    override = os.environ.get(INDEX_DIR_ENV)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("maguyva")) / "indexes"


def config_dir() -> Path:
    """Return the user's configuration folder (themes live in its ``themes/``)."""
    from platformdirs import user_config_dir

    return Path(user_config_dir("maguyva"))
