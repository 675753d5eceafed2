"""What a ``composer.json`` says about the folder each PHP namespace's classes live in.

Composer's PSR-4 autoloading maps a namespace prefix to folders (``"Ramsey\\\\Uuid\\\\": "src/"``)
and a class to the file its name's remaining parts spell below one of them: ``Ramsey\\Uuid\\Uuid``
is ``src/Uuid.php``, never ``src/Nonstandard/Uuid.php`` (``Ramsey\\Uuid\\Nonstandard\\Uuid``),
which a path's suffix alone cannot tell apart. Each mapping of ``autoload`` and ``autoload-dev``
is stored as import rows of the file of no language (as a ``package.json``'s exports are): the
prefix without its trailing ``\\`` in ``module``, one folder, relative to the repository's root,
in ``name``, for the graph's resolver (``graph/resolve/php.py``) to read. A manifest that is not
JSON, too long, or maps nothing says nothing.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from itertools import islice
from typing import Any

from maguyva_tui.core.parsing.facts.js_config import inside, read_json
from maguyva_tui.core.types import Import

COMPOSER_JSON = "composer.json"
PSR4_FOLDER = "#psr-4"
"""The bound name of a manifest's rows: a namespace prefix in ``module``, one of its folders in ``name``."""
MAX_MANIFEST_CHARS = 256 * 1024
"""A manifest longer is read as mapping nothing (Packagist's largest are tens of KB)."""
MAX_MAPPINGS = 1_000
"""The rows of a manifest kept, the first written: each class name's lookup may try them all."""


def composer_imports(path: str, text: str) -> tuple[Import, ...]:
    """Return the rows a ``composer.json`` is stored with: each PSR-4 prefix and folder."""
    if len(text) > MAX_MANIFEST_CHARS:
        return ()
    data = read_json(text)
    if not isinstance(data, dict):
        return ()
    pairs = islice(_pairs(posixpath.dirname(path), data), MAX_MAPPINGS)
    return tuple(Import(path, PSR4_FOLDER, prefix, folder, 1) for prefix, folder in pairs)


def _pairs(folder: str, data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """Yield the prefix and folder pairs of ``autoload`` and ``autoload-dev``, in the order written
    (a prefix's folder list read folder by folder; ``""`` is the manifest's own folder)."""
    for section in ("autoload", "autoload-dev"):
        autoload = data.get(section)
        psr4 = autoload.get("psr-4") if isinstance(autoload, dict) else None
        for prefix, folders in psr4.items() if isinstance(psr4, dict) else ():
            for written in folders if isinstance(folders, list) else [folders]:
                joined = inside(folder, written) if isinstance(written, str) else None
                if joined is not None:
                    yield prefix.strip("\\"), joined
