"""What a ``Cargo.toml`` says about the name Rust code uses a crate by.

A crate's tests, examples, benches and fuzz targets, and a workspace's other crates, use it by
its own name (``use nom::bytes::complete::tag;``, ``rayon_core::current_num_threads()``), which
``crate::`` never is. The name code writes is the ``[lib] name``, else the ``[package] name``,
each ``-`` read as ``_``; the crate's root is its ``[lib] path``, else ``src/lib.rs``. Each
manifest is stored as one import row of the file of no language (as a ``go.mod``'s module path
is), the root made relative to the repository's root, for the graph's resolver
(``graph/resolve/rust.py``) to read. A workspace's members are crates with manifests of their
own, each read alike. A manifest that is too large, not TOML, or names no crate says nothing.
"""

from __future__ import annotations

import posixpath
import re
from typing import Any

from maguyva_tui.core.types import Import

CARGO_TOML = "Cargo.toml"
CRATE_NAME = "#crate"
"""The bound name of a manifest's row: the crate's name in ``module``, its root file in ``name``."""
MAX_MANIFEST_CHARS = 256 * 1024
"""A manifest longer is read as naming nothing: the largest of crates.io's are tens of KB, and
``tomllib`` holds a whole document in memory as it reads it."""
DEFAULT_ROOT = "src/lib.rs"
_CRATE = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")
"""A name code can write as a path's first segment (after ``-`` is read as ``_``)."""
STANDARD_CRATES = frozenset({"std", "core", "alloc", "proc_macro", "test"})
"""Names that paths take for Rust's own crates whatever a manifest says (Cargo warns against
them): a repository's ``core`` folder's crate so named must not make ``core::fmt`` its own."""
MAX_KEY_PARTS = 32
"""A dotted key (``target.'cfg(unix)'.dependencies.libc``) of more parts makes the manifest read as
naming nothing: ``tomllib`` takes time and memory quadratic in a key's parts (a 240 KB key of
120,000 parts had filled the memory of the indexing process); real manifests write five at most."""
_KEY_PART = r"""(?:[A-Za-z0-9_-]++|"[^"\n]*+"|'[^'\n]*+')"""
_LONG_KEY = re.compile(rf"(?<![A-Za-z0-9_-]){_KEY_PART}(?:[ \t]*+\.[ \t]*+{_KEY_PART}){{{MAX_KEY_PARTS}}}")
"""A dotted key of more than :data:`MAX_KEY_PARTS` parts, bare or quoted (possessive, each part read
once from where it starts: linear in the text); a string value spelling one is refused too."""


def cargo_imports(path: str, text: str) -> tuple[Import, ...]:
    """Return the row a ``Cargo.toml`` is stored with: its library crate's name and root file
    (none for a manifest without a library name, a workspace's alone, or one that is no TOML)."""
    found = library(posixpath.dirname(path), text)
    return () if found is None else (Import(path, CRATE_NAME, found[0], found[1], 1),)


def library(folder: str, text: str) -> tuple[str, str] | None:
    """The crate name a manifest in ``folder`` gives its library and the library's root file,
    relative to the repository's root; ``None`` when it names none."""
    data = _read(text)
    package, lib = data.get("package"), data.get("lib")
    lib = lib if isinstance(lib, dict) else {}
    name = lib.get("name")
    if not isinstance(name, str):
        name = package.get("name") if isinstance(package, dict) else None
    if not isinstance(name, str):
        return None
    name = name.replace("-", "_")
    if not _CRATE.fullmatch(name) or name in STANDARD_CRATES:
        return None
    root = lib.get("path", DEFAULT_ROOT)
    if not isinstance(root, str) or not root.endswith(".rs") or posixpath.isabs(root) or "\\" in root:
        return None
    joined = posixpath.normpath(posixpath.join(folder, root))
    if joined.startswith("../") or joined == "..":
        return None
    return name, joined


def _read(text: str) -> dict[str, Any]:
    """A manifest read as TOML, bounded; empty where it is too long, writes a key of too many
    parts, or is not TOML."""
    if len(text) > MAX_MANIFEST_CHARS or _LONG_KEY.search(text) is not None:
        return {}
    import tomllib  # here, where a manifest is read: 1.5-4.5 ms of every update of a repository of no Rust

    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return {}
