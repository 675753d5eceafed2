"""Which repository a command given no path answers from: the working folder, or the indexed
folder above it. Standard library alone (``os``), cheap to import: the lean ``maguyva search``
client (:mod:`maguyva_tui.resident.client`) asks it before every search from a subfolder, and the
command line asks it in process; both must agree."""

import os

TYPE_CHECKING = False  # typing is not imported: the lean client imports this module
if TYPE_CHECKING:
    from collections.abc import Callable


def enclosing_root(cwd: str, base: str, home: str) -> str:
    """The repository a command given no path answers from: ``cwd`` itself when it is a git
    repository's top, else the nearest folder above it that has an index in ``base`` (its
    ``CURRENT`` written), looking no higher than the first folder holding ``.git`` and never at
    ``home`` or the filesystem's root or above them; ``cwd`` when none has one. ``cwd`` is a real
    path (``os.getcwd``'s): an index is named by its root's real path."""
    names: dict[str, list[str]] | None = None
    folder = cwd
    while True:
        top = os.path.lexists(os.path.join(folder, ".git"))
        if top and folder == cwd:  # a repository's top answers for itself: no index looked up
            return cwd
        if names is None:
            names = _index_names(base)
        if not names:
            return cwd
        if _has_index(folder, base, names):
            return folder
        if top or folder == home:
            return cwd
        folder = os.path.dirname(folder)
        if folder in (home, os.path.dirname(folder)):  # home, or the filesystem's root: never them or above
            return cwd


def holds(root: str, cwd: str) -> bool:
    """Tell whether the index of ``root``, found above ``cwd`` by :func:`enclosing_root`, holds
    ``cwd``'s files (no ignore rule or always-skipped folder keeps the walk out of it), so a search
    from ``cwd`` answers from it; else ``cwd`` is searched alone (an ignored ``build/``,
    ``node_modules/x``). Reads the ignore files on the way down: the lean client asks it only
    before starting a server, never on the way to a running one's answer."""
    if root == cwd:
        return True
    from pathlib import Path

    from maguyva_tui.core.walk import walked_into

    return walked_into(Path(root), os.path.relpath(cwd, root))


def implied_root(cwd: str, base: str, home: str, held: "Callable[[str, str], bool] | None" = None) -> str:
    """The repository a command given no path answers from: :func:`enclosing_root`, unless its
    index leaves ``cwd`` out (:func:`holds`, or ``held``: a caller that knows it sooner), then
    ``cwd``, as the search's command line decides."""
    root = enclosing_root(cwd, base, home)
    return root if (held or holds)(root, cwd) else cwd


def _index_names(base: str) -> dict[str, list[str]]:
    """The index folders under ``base`` by the hash that ends their name (``name-0123456789``)."""
    try:
        entries = os.listdir(base)
    except OSError:
        return {}
    names: dict[str, list[str]] = {}
    for name in entries:
        if len(name) > 11 and name[-11] == "-":
            names.setdefault(name[-10:], []).append(name)
    return names


def _has_index(folder: str, base: str, names: dict[str, list[str]]) -> bool:
    """Whether ``folder`` has a live index under ``base`` (``store.format.repo_dir``'s name)."""
    digest = sha1_hex(os.fsencode(folder))[:10]
    return any(os.path.isfile(os.path.join(base, name, "CURRENT")) for name in names.get(digest, ()))


def sha1_hex(data: bytes) -> str:
    """SHA-1 of ``data`` in hex (an index folder's name: ``store.format.repo_dir``), by the
    interpreter's own ``_sha1`` where it has one: ``hashlib`` loads OpenSSL, 3.3 ms of CPU of every
    search typed in a subfolder (the lean client's whole work is under 2); ``_sha1`` 0.3 ms. Only on
    the way up from a subfolder: a search at a repository's top pays nothing."""
    try:
        builtin = __import__("_sha1")
    except ImportError:  # an interpreter built without it
        import hashlib

        return hashlib.sha1(data).hexdigest()  # noqa: S324 - a folder's name, not security
    return str(builtin.sha1(data).hexdigest())
