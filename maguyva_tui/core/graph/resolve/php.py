"""PHP: a class is found where Composer's PSR-4 autoloading puts it, a namespace is a folder.

PSR-4, which nearly every PHP project follows, maps a namespace prefix to a folder and each class
to the file of its name below it (``Monolog\\Handler\\StreamHandler`` in
``src/Monolog/Handler/StreamHandler.php``). Without reading ``composer.json`` the prefix's folder
is unknown, but the class's path ends with its namespace's trailing parts and its name, so a file
is found by the longest such suffix of its path (``php:`` keys, :mod:`~maguyva_tui.core.graph.modules`);
two files ending alike are ambiguous. The prefix itself is often no folder (``League\\CommonMark\\``
maps to ``src/``, so ``League\\CommonMark\\Node\\Node`` is ``src/Node/Node.php``): the namespace's
leading parts are dropped one by one until a path ends with what is left. Where a ``composer.json``
maps the namespace's prefix (``Ramsey\\Uuid\\`` to ``src/``), the file its PSR-4 folder and the
name's remaining parts spell is the class first: ``Ramsey\\Uuid\\Uuid`` is ``src/Uuid.php``, where
``src/Nonstandard/Uuid.php`` ends alike and had made every ``Uuid::`` call ambiguous. A name used without
``use`` is a class of the same namespace, so of the same folder. A class no file is named after
is found by its name where one file defines it (``class Formatter`` in ``helpers.php``). A function called bare and
defined nowhere is PHP's own (``strlen``, ``array_map``): external; a class found nowhere stays unresolved (it may be a vendored package's).
"""

from __future__ import annotations

import posixpath

from maguyva_tui.core.graph import modules as mod
from maguyva_tui.core.graph.resolve.base import AMBIGUOUS, UNRESOLVED, Language, Lookup
from maguyva_tui.core.graph.tables import FileIndex, split_id
from maguyva_tui.core.parsing.facts.composer import PSR4_FOLDER

SEPARATOR = "\\"


class PHP(Language):
    """Resolution rules of PHP."""

    target_prefix = "phpns:"
    traits_borrow_members = True

    def package(self, r: Lookup, index: FileIndex, name: str, scope: str | None) -> str | None:
        """Resolve a class of the same namespace: a file of the same folder."""
        return r.in_directory(index, name)

    def find_module(self, r: Lookup, index: FileIndex, written: str) -> str:
        """A namespace as ``use`` writes it (``Monolog\\Handler``): a package target, its classes
        looked up by name (:meth:`package_member`)."""
        return self.target_prefix + written.strip(SEPARATOR)

    def package_member(self, r: Lookup, package: str, name: str) -> str:
        """Resolve a class of a namespace by the file its path ends in."""
        parts = [p for p in package.split(SEPARATOR) if p]
        paths = _class_files(r, [*parts, name])
        if len(paths) == 1:
            return r.member(paths[0], name)
        return AMBIGUOUS if paths else UNRESOLVED

    def qualified(self, r: Lookup, parts: list[str]) -> tuple[str, int] | None:
        """Resolve a fully qualified name (``\\Monolog\\Logger::API``): the longest leading run of
        parts that a file's path ends with names the class."""
        for used in range(len(parts), 0, -1):
            paths = _class_files(r, parts[:used])
            if len(paths) == 1:
                return r.member(paths[0], parts[used - 1]), used
            if paths:
                return AMBIGUOUS, used
        return None

    def presumed_external(self, r: Lookup, index: FileIndex, name: str, scope: str | None) -> bool:
        """A function (a lower-case bare name) defined nowhere in the repository is PHP's own."""
        return name[:1].islower()


def _class_files(r: Lookup, parts: list[str]) -> tuple[str, ...]:
    """Return the files a class's namespace parts and name may be: the one Composer's PSR-4
    autoloading loads it from, else those its path's longest suffix names, else those that define
    a type of its name in a file named otherwise (:func:`_defined_elsewhere`)."""
    return _autoloaded(r, parts) or _longest_suffix(r, parts) or _defined_elsewhere(r, parts)


def _defined_elsewhere(r: Lookup, parts: list[str]) -> tuple[str, ...]:
    r"""Return the files defining a top-level class, interface, trait or enum of a name's last part
    whose own name is another (``class Formatter`` in ``src/helpers.php``): no PSR-4 path names it,
    and ``use App\Formatter; Formatter::fmt()`` had been tied to nothing. Where a ``composer.json``
    maps PSR-4 prefixes, only below the folders of the longest one the name's namespace starts with,
    and none where no prefix is its (``use Vendor\Pkg\Widget``: another package's). A file named
    after the class is left to the rules above, which read it as another package's where its
    folder's prefix is not the name's (symfony/console's ``Exception/InvalidArgumentException.php``)."""
    name = parts[-1]
    r.deps.add("glob:php")  # a file that starts defining it changes the answer
    paths = tuple(dict.fromkeys(split_id(node)[0] for node in r.names().tops.get("php", {}).get(name, ())))
    paths = tuple(p for p in paths if posixpath.basename(p) != name + ".php")
    prefixes = r.memoized(("php-psr4",), _psr4_folders, r)
    if not paths or not prefixes:
        return paths
    for used in range(len(parts) - 1, 0, -1):
        folders = prefixes.get(tuple(parts[:used]))
        if folders:
            return paths if "" in folders else tuple(p for p in paths if _below(p, frozenset(folders)))
    return ()


def _autoloaded(r: Lookup, parts: list[str]) -> tuple[str, ...]:
    """Return the file a ``composer.json``'s longest matching PSR-4 prefix puts a class in (each
    of the prefix's folders tried, in the order written), none where no mapped file exists."""
    folders = r.memoized(("php-psr4",), _psr4_folders, r)
    for used in range(len(parts) - 1, -1, -1):
        order = folders.get(tuple(parts[:used]))
        if not order:
            continue
        rest = "/".join(parts[used:])
        found = [(order[folder], path) for path in r.touch("php:" + rest)
                 if (folder := _folder_of(path, rest)) is not None and folder in order]
        if found:
            return (min(found)[1],)
    return ()


def _folder_of(path: str, rest: str) -> str | None:
    """The folder that ``path`` is ``rest`` (with ``.php``) below, ``""`` for the root; ``None``
    where it is not."""
    if path == rest + ".php":
        return ""
    return path[: -len(rest) - 5] if path.endswith("/" + rest + ".php") else None


def _psr4_folders(r: Lookup) -> dict[tuple[str, ...], dict[str, int]]:
    """Map each PSR-4 prefix the repository's ``composer.json`` files declare (as its parts) to its
    folders and the order each is tried in, the shallowest manifest's first. A class's file is
    looked up by its name's path among the files so named, not in each folder in turn: a prefix
    of 4,000 folders (four crafted manifests) and 200 classes named under it had held an index
    build 22 s, twenty manifests over ten minutes."""
    folders: dict[tuple[str, ...], dict[str, int]] = {}
    for path in sorted(r.touch(mod.COMPOSER_MANIFESTS), key=lambda p: (p.count("/"), p)):
        manifest = r.file(path)
        for row in manifest.imports.get(PSR4_FOLDER, ()) if manifest is not None else ():
            if row.name is not None:
                order = folders.setdefault(tuple(p for p in row.module.split(SEPARATOR) if p), {})
                order.setdefault(row.name, len(order))
    return folders


def _longest_suffix(r: Lookup, parts: list[str]) -> tuple[str, ...]:
    r"""Return the files whose path ends with the longest trailing run of a class's namespace parts
    and name (the PSR-4 prefix, whatever folder it maps to, is the run left out), less those below
    a folder a ``composer.json`` maps: such a file's class is its prefix's, which
    :func:`_autoloaded` has already found the name not to be. symfony/console maps its root, and
    ``use Symfony\Component\DependencyInjection\Exception\InvalidArgumentException`` (another
    package's) had been read as its own ``Exception/InvalidArgumentException.php``."""
    mapped = r.memoized(("php-psr4-mapped",), _mapped_folders, r)
    for start in range(len(parts)):
        paths = tuple(p for p in r.touch("php:" + "/".join(parts[start:])) if not _below(p, mapped))
        if paths:
            return paths
    return ()


def _mapped_folders(r: Lookup) -> frozenset[str]:
    """Return every folder a ``composer.json`` maps a PSR-4 prefix to (``""``: the root)."""
    return frozenset(folder for order in r.memoized(("php-psr4",), _psr4_folders, r).values() for folder in order)


def _below(path: str, folders: frozenset[str]) -> bool:
    """Tell whether a path lies below one of the folders, by its own folders (a lookup each, however
    many manifests map)."""
    folder = path
    while folder:
        folder = folder.rpartition("/")[0]
        if folder in folders:
            return True
    return False
